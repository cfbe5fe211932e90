package invoice

import (
	"fmt"
	"testing"

	"github.com/shopspring/decimal"
)

// Three more item tables, written after the fifth batch's rules and scored
// as they came (TestLayoutSuiteProduced, "5 later"): a UK trade counter
// with the quantity first, "S"/"Z" VAT codes, a two-line header and the
// table continued on a second page under "Continued..."; a German
// craftsman with positions 10, 20, 30, lump sums printed without quantity
// or price and a discount row under an item; an Austrian shop with "Menge
// ME Bezeichnung E-Preis G-Preis", "*** Küche ***" sections and a second
// page without a header.

// prod5bUKTrade: "Qty Code Description Unit / Price Disc % VAT Net" over two
// pages, VAT codes S (20%) and Z (0%), a delivery charge as an item.
func prod5bUKTrade(t testing.TB) invLayout {
	c := newProduced(58)
	iban := ibanOf("GB", "BARC20000055779911")
	var its []p5Item
	names := []string{"Copper pipe 15 mm x 3 m", "Compression elbow 15 mm", "PTFE tape 12 m", "Radiator valve set, chrome", "Flux paste 100 g",
		"Solder wire lead-free 500 g", "Pipe clips 15 mm (pack 10)", "Isolating valve 15 mm", "Basin mixer tap", "Flexible tap connector 300 mm",
		"Kids' safety gloves", "Pipe insulation 15 mm x 1 m"}
	for i, n := range names {
		vat := "S"
		if i == 10 {
			vat = "Z"
		}
		its = append(its, p5Item{code: fmt.Sprintf("PL%05d", 30110+i*37), desc: []string{n}, qty: decimal.NewFromInt(int64(1 + (i*7)%9)),
			price: decimal.New(int64(245+i*611), -2), vat: vat})
	}
	its[3].rebate, its[3].total = "10.0", dptr(its[3].qty.Mul(its[3].price).Mul(d("0.9")).Round(2))
	its = append(its, p5Item{code: "DEL", desc: []string{"Delivery to site"}, qty: d("1"), price: d("12.50"), vat: "S"})
	var nS, nZ decimal.Decimal
	for _, it := range its {
		if it.vat == "S" {
			nS = nS.Add(it.amount())
		} else {
			nZ = nZ.Add(it.amount())
		}
	}
	net := nS.Add(nZ)
	tax := nS.Mul(d("0.20")).Round(2)
	gross := net.Add(tax)
	cols := []p5Col{
		{"Qty", 68, true, func(it p5Item) string { return it.qty.String() }, false},
		{"Code", 80, false, func(it p5Item) string { return it.code }, false},
		{"Description", 135, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Unit", 405, true, func(it p5Item) string { return money(it.price, "en") }, false},
		{"Disc %", 445, true, func(it p5Item) string { return it.rebate }, false},
		{"VAT", 470, true, func(it p5Item) string { return it.vat }, false},
		{"Net", 545, true, func(it p5Item) string { return money(it.amount(), "en") }, false},
	}
	head := func() {
		c.AddPage()
		c.Font(true, 14)
		c.Text(50, 36, "Brookfield Plumbing Supplies Ltd")
		c.Font(false, 8)
		c.Text(50, 52, "Unit 7, Canal Side Works, Sheffield S3 8RQ · 0114 555 0177")
		c.Font(true, 12)
		c.Right(545, 36, "SALES INVOICE")
		c.Font(false, 6.5)
		c.Text(50, 800, "Brookfield Plumbing Supplies Ltd · Registered in England 06543210 · VAT No. GB 287 6543 21")
		c.Text(50, 808, "Barclays Bank · Sort code 20-00-00 · Account 55779911 · IBAN "+grouped(iban))
		c.Right(545, 770, fmt.Sprintf("Page %d of 2", c.Page()))
	}
	tableHead := func(y float64) {
		p5Head(c, cols, y)
		c.Font(true, 8)
		c.Right(405, y+9, "Price")
		c.Font(false, 9)
		c.Line(50, 545, y+20)
	}
	head()
	c.Font(false, 9)
	for i, m := range [][2]string{{"Invoice No:", "SI-118204"}, {"Tax Point:", "07/03/2024"}, {"Account:", "HAR014"}, {"Your Order:", "Job 2231 / Hartley"}} {
		c.Text(370, 70+float64(i)*12, m[0])
		c.Right(545, 70+float64(i)*12, m[1])
	}
	c.Text(50, 74, "Invoice Address:")
	c.Text(50, 86, "Hartley Heating & Plumbing")
	c.Text(50, 98, "14 Moss Way")
	c.Text(50, 110, "Rotherham S60 2BT")
	y := 150.0
	tableHead(y)
	y += 28
	for i, it := range its {
		if i == 9 {
			c.Font(false, 8)
			c.Text(135, y+4, "Continued...")
			head()
			y = 80
			tableHead(y)
			y += 28
			c.Font(false, 9)
		}
		y = p5Row(c, cols, y, it) + 14
	}
	y += 10
	for k, row := range [][2]string{{"Goods Net", money(net, "en")}, {"VAT S 20% on " + money(nS, "en"), money(tax, "en")}, {"VAT Z 0% on " + money(nZ, "en"), "0.00"}, {"Invoice Total GBP", money(gross, "en")}} {
		c.Font(k == 3, 9)
		c.Text(320, y+float64(k)*13, row[0])
		c.Right(545, y+float64(k)*13, row[1])
	}
	c.Font(false, 8)
	c.Text(50, y+62, "Payment due 30 days end of month. Goods remain our property until paid in full.")
	return invLayout{"uk-trade-qty-first", invTruth{number: "SI-118204", date: "2024-03-07", seller: "Brookfield Plumbing Supplies Ltd", cur: "GBP",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// prod5bDEHandwerk: a carpenter: "Pos. Menge Einh. Leistung EP GP" with
// positions 10, 20, 30, lump sums ("psch") printed with the amount only, a
// discount row under an item ("abzgl. 10 % Nachlass auf Pos. 30") that the
// totals restate.
func prod5bDEHandwerk(t testing.TB) invLayout {
	c := newProduced(59)
	c.AddPage()
	iban := ibanOf("DE", "60050101"+"0002468135")
	its := []p5Item{
		{code: "10", desc: []string{"Einbauschrank Flur nach Aufmaß,", "Korpus Eiche furniert, 4 Türen"}, qty: d("1"), unitName: "Stk", price: d("2480")},
		{code: "20", desc: []string{"Montage und Anpassung vor Ort"}, qty: d("7.5"), unitName: "h", price: d("58")},
		{code: "30", desc: []string{"Innentüren Weißlack inkl. Zarge"}, qty: d("3"), unitName: "Stk", price: d("415")},
		{code: "40", desc: []string{"Entsorgung Altmaterial"}, qty: d("1"), unitName: "psch", price: d("65")},
		{code: "50", desc: []string{"Anfahrt"}, qty: d("2"), unitName: "x", price: d("28")},
	}
	disc := its[2].amount().Mul(d("0.10")).Round(2)
	net := p5Sum(its).Sub(disc)
	tax := net.Mul(d("0.19")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 15)
	c.Text(50, 36, "Schreinerei Holzwerk Baur")
	c.Font(false, 8)
	c.Text(50, 52, "Inh. Andreas Baur · Mühlweg 9 · 88212 Ravensburg")
	c.Text(50, 88, "Schreinerei Holzwerk Baur · Mühlweg 9 · 88212 Ravensburg")
	c.Font(false, 10)
	c.Text(50, 104, "Familie")
	c.Text(50, 116, "Dr. Jana und Paul Lindner")
	c.Text(50, 128, "Am Sonnenhang 21")
	c.Text(50, 140, "88214 Ravensburg")
	c.Font(false, 9)
	for i, m := range [][2]string{{"Rechnung Nr.", "R-24-057"}, {"Datum", "22.03.2024"}, {"Ihr Auftrag vom", "05.02.2024"}} {
		c.Text(370, 104+float64(i)*12, m[0])
		c.Right(545, 104+float64(i)*12, m[1])
	}
	c.Font(true, 12)
	c.Text(50, 178, "Schlussrechnung")
	c.Font(false, 9)
	c.Text(50, 194, "Bauvorhaben: Umbau Einfamilienhaus, Am Sonnenhang 21, 88214 Ravensburg")
	cols := []p5Col{
		{"Pos.", 50, false, func(it p5Item) string { return it.code }, false},
		{"Menge", 105, true, func(it p5Item) string { return qtyStr(it.qty, "de") }, false},
		{"Einh.", 110, false, func(it p5Item) string { return it.unitName }, false},
		{"Leistung", 145, false, func(it p5Item) string { return it.desc[0] }, true},
		{"EP €", 470, true, func(it p5Item) string { return money(it.price, "de") }, false},
		{"GP €", 545, true, func(it p5Item) string { return money(it.amount(), "de") }, false},
	}
	y := 220.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+11)
	y += 20
	for i, it := range its {
		y = p5Row(c, cols, y, it) + 15
		if i == 2 {
			c.Text(145, y, "abzgl. 10 % Nachlass auf Pos. 30")
			c.Right(545, y, money(disc.Neg(), "de"))
			y += 15
		}
	}
	y += 8
	for k, row := range [][2]string{{"Summe netto", money(net, "de") + " €"}, {"MwSt. 19 %", money(tax, "de") + " €"}, {"Rechnungsbetrag", money(gross, "de") + " €"}} {
		c.Font(k == 2, 9)
		c.Text(330, y+float64(k)*14, row[0])
		c.Right(545, y+float64(k)*14, row[1])
	}
	c.Font(false, 8.5)
	c.Text(50, y+58, "Zahlbar innerhalb 14 Tagen ohne Abzug auf das Konto IBAN "+grouped(iban)+" (Kreissparkasse Ravensburg).")
	return invLayout{"de-handwerk-nachlass", invTruth{number: "R-24-057", date: "2024-03-22", seller: "Schreinerei Holzwerk Baur", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// prod5bATShop: an Austrian kitchen shop: "Menge ME Bezeichnung E-Preis
// G-Preis USt", "*** Küche ***" sections, 20 % and 10 %, two pages, the
// second without the table header.
func prod5bATShop(t testing.TB) invLayout {
	c := newProduced(60)
	iban := ibanOf("AT", "20111"+"82838485868")
	kitchen := []p5Item{
		{desc: []string{"Gusseisenpfanne 28 cm"}, qty: d("1"), unitName: "Stk", price: d("89.90"), vat: "20"},
		{desc: []string{"Messerblock Eiche mit 6 Messern"}, qty: d("1"), unitName: "Set", price: d("149"), vat: "20"},
		{desc: []string{"Schneidebrett Nuss 40 x 25 cm"}, qty: d("2"), unitName: "Stk", price: d("39.50"), vat: "20"},
		{desc: []string{"Küchentücher Leinen, 3er Pack"}, qty: d("3"), unitName: "Pkg", price: d("14.90"), vat: "20"},
	}
	food := []p5Item{
		{desc: []string{"Olivenöl nativ extra 0,5 l"}, qty: d("6"), unitName: "Fl", price: d("12.40"), vat: "10"},
		{desc: []string{"Bergkäse 12 Monate, 500 g"}, qty: d("2"), unitName: "Stk", price: d("16.80"), vat: "10"},
		{desc: []string{"Kürbiskernöl g.g.A. 0,25 l"}, qty: d("4"), unitName: "Fl", price: d("9.90"), vat: "10"},
	}
	all := append(append([]p5Item{}, kitchen...), food...)
	n20, n10 := p5Sum(kitchen), p5Sum(food)
	t20, t10 := n20.Mul(d("0.20")).Round(2), n10.Mul(d("0.10")).Round(2)
	net := n20.Add(n10)
	tax := t20.Add(t10)
	gross := net.Add(tax)
	cols := []p5Col{
		{"Menge", 80, true, func(it p5Item) string { return qtyStr(it.qty, "de") }, false},
		{"ME", 88, false, func(it p5Item) string { return it.unitName }, false},
		{"Bezeichnung", 120, false, func(it p5Item) string { return it.desc[0] }, true},
		{"E-Preis", 410, true, func(it p5Item) string { return money(it.price, "de") }, false},
		{"G-Preis", 480, true, func(it p5Item) string { return money(it.amount(), "de") }, false},
		{"USt", 510, false, func(it p5Item) string { return it.vat + " %" }, false},
	}
	page := func() {
		c.AddPage()
		c.Font(true, 14)
		c.Text(50, 36, "Kochwerk Handels GmbH")
		c.Font(false, 8)
		c.Text(50, 52, "Mariahilfer Straße 88 · 1070 Wien · FN 412345 s · UID ATU68765432")
		c.Font(false, 6.5)
		c.Text(50, 805, "Erste Bank · IBAN "+grouped(iban)+" · BIC GIBAATWWXXX")
	}
	page()
	c.Font(false, 10)
	c.Text(50, 100, "Herrn Mag. Florian Huber")
	c.Text(50, 112, "Schönbrunner Straße 12/4")
	c.Text(50, 124, "1050 Wien")
	c.Font(false, 9)
	for i, m := range [][2]string{{"Rechnungsnummer", "2024-00931"}, {"Rechnungsdatum", "14.03.2024"}, {"Lieferdatum", "12.03.2024"}} {
		c.Text(370, 100+float64(i)*12, m[0])
		c.Right(545, 100+float64(i)*12, m[1])
	}
	y := 170.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+11)
	y += 20
	c.Text(120, y, "*** Küche ***")
	y += 15
	for _, it := range kitchen {
		y = p5Row(c, cols, y, it) + 15
	}
	y = 700
	c.Font(false, 8)
	c.Right(545, y, "Fortsetzung nächste Seite")
	page()
	y = 90
	c.Font(false, 9)
	c.Text(120, y, "*** Feinkost ***")
	y += 15
	for _, it := range food {
		y = p5Row(c, cols, y, it) + 15
	}
	y += 10
	for k, row := range [][2]string{{"Summe netto", money(net, "de")}, {"20 % USt von " + money(n20, "de"), money(t20, "de")}, {"10 % USt von " + money(n10, "de"), money(t10, "de")},
		{"Gesamtbetrag EUR", money(gross, "de")}} {
		c.Font(k == 3, 9)
		c.Text(330, y+float64(k)*13, row[0])
		c.Right(545, y+float64(k)*13, row[1])
	}
	return invLayout{"at-shop-sections-2pages", invTruth{number: "2024-00931", date: "2024-03-14", seller: "Kochwerk Handels GmbH", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(all)}, producedBytes(t, c)}
}

var invProduced5bLayouts = []func(testing.TB) invLayout{prod5bUKTrade, prod5bDEHandwerk, prod5bATShop}

// layoutProduced5bBar is the share of their fields that must be read.
// First scored as they came, after the fifth batch's rules: 29 of 36
// (80.6%): uk-trade-qty-first 12/12; de-handwerk-nachlass 9/12 ("EP €" and
// "GP €" gave no amount column, so no line totals; the discount row joined
// the item above); at-shop-sections-2pages 8/12 ("E-Preis"/"G-Preis" gave
// no amount column either; the items of page 2, under no header after
// "Fortsetzung nächste Seite" and a gap, lost). All 36 after general rules:
// of two unit-price titles with no amount title the right one is the line
// amount, "GP" is an amount title; an allowance word among the first four
// words of a row without a quantity makes it a document allowance; a table
// that stops before its page's end with no totals after it may go on at
// the top of the next page. Drawn glyph by glyph with the fifth batch
// (first scored after these rules): 126 of 126.
const layoutProduced5bBar = 0.97
