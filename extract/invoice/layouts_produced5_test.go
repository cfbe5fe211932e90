package invoice

import (
	"context"
	"fmt"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/validate"
	"github.com/docextract/docextract/internal/testdocs"
)

// A fifth produced batch, about the item table above all, written for
// issue 10 after real invoices nobody on the project had seen had their
// line counts right on only 56%. It imitates how real item tables are
// printed (learnt from descriptions of real invoice tables and from
// invoice parsers' notes on the text their suppliers' PDFs give; every
// name, number and address here is made up): column orders with the
// quantity first or last, an article-number column, a unit column
// ("Kasten", "Std.", "pcs", "U.M."), unit prices with three decimals, a
// VAT column of rates or of letter codes (A/B) explained under the totals,
// per-line discount percentages, deposit ("Pfand") and returned-empties
// lines, shipping as an item, items at no charge, returned items with a
// minus, quantities "2,5" and "1.000"; items grouped under delivery-note
// references, section titles and "--- Paper Goods ---", subtotals per
// section, notes and a site address between items, "dont éco-participation"
// and "incl." rows, descriptions over two or three lines (serial numbers,
// date ranges), a header "ITEM/DESC. QTY U.PRICE AMOUNT", and a table
// continued on a second page after "Zwischensumme Seite 1" with the
// header repeated and "Übertrag von Seite 1".
//
// Line totals are the printed ones (after a line's discount); a line's
// code line ("Art.-Nr. ...", "S/N ...") is not part of its name; a
// wrapped or added descriptive line is.

// p5Item is an item as the fifth batch prints it.
type p5Item struct {
	code     string
	desc     []string // printed lines: first with the amounts, then the rest
	name     []string // the expected name when it differs from desc
	qty      decimal.Decimal
	qtyText  string // the quantity as printed when not qtyStr's
	unitName string
	price    decimal.Decimal
	priceTxt string // the unit price as printed when not money's
	rebate   string // discount percentage printed, "" for none
	vat      string // VAT column text
	total    *decimal.Decimal
}

// amount is the printed line total.
func (it p5Item) amount() decimal.Decimal {
	if it.total != nil {
		return *it.total
	}
	return it.qty.Mul(it.price).Round(2)
}

// truthOf gives the scored items: the name and the printed total.
func truthOf(its []p5Item) []lItem {
	out := make([]lItem, len(its))
	for i, it := range its {
		name := it.desc
		if it.name != nil {
			name = it.name
		}
		out[i] = lItem{desc: name, qty: d("1"), unit: it.amount()}
	}
	return out
}

func p5Sum(its []p5Item) decimal.Decimal {
	var s decimal.Decimal
	for _, it := range its {
		s = s.Add(it.amount())
	}
	return s
}

// p5Col is one column of a drawn table: its title, where it is set (the
// left edge, or the right edge when right) and what a row prints in it.
type p5Col struct {
	title string
	x     float64
	right bool
	cell  func(it p5Item) string
	desc  bool // the description column: further lines go under it
}

func p5Head(c *testdocs.Produced, cols []p5Col, y float64) {
	c.Font(true, 8)
	for _, col := range cols {
		if col.right {
			c.Right(col.x, y, col.title)
		} else {
			c.Text(col.x, y, col.title)
		}
	}
	c.Font(false, 9)
}

// p5Row draws it at y and returns the y of its last line.
func p5Row(c *testdocs.Produced, cols []p5Col, y float64, it p5Item) float64 {
	last := y
	for _, col := range cols {
		s := col.cell(it)
		if s != "" {
			if col.right {
				c.Right(col.x, y, s)
			} else {
				c.Text(col.x, y, s)
			}
		}
		if col.desc {
			for k, more := range it.desc[1:] {
				c.Text(col.x, y+float64(k+1)*10.5, more)
				last = y + float64(k+1)*10.5
			}
		}
	}
	return last
}

func dptr(v decimal.Decimal) *decimal.Decimal { return &v }

// prod5DEGetraenke: a drinks wholesaler's invoice to a café: "Pos. Art.-Nr.
// Bezeichnung Menge Einh. Einzelpreis MwSt Gesamt", items grouped under
// "Lieferschein ... vom ..." lines, deposit lines as items, returned
// empties with a minus, "1.000 Stk" at "0,012", an item at no charge, the
// VAT column holding letters explained under the totals (A = 19 %, B = 7 %).
func prod5DEGetraenke(t testing.TB) invLayout {
	c := newProduced(51)
	c.AddPage()
	iban := ibanOf("DE", "66050000"+"0012345678")
	ls1 := []p5Item{
		{code: "10231", desc: []string{"Mineralwasser classic 12 x 0,75 l Glas"}, qty: d("10"), unitName: "Kasten", price: d("6.49"), vat: "A"},
		{code: "90012", desc: []string{"Pfand Kasten 12 x 0,75 l"}, qty: d("10"), unitName: "Kasten", price: d("3.30"), vat: "A"},
		{code: "10877", desc: []string{"Apfelsaftschorle 24 x 0,33 l"}, qty: d("4"), unitName: "Kasten", price: d("11.90"), vat: "A"},
		{code: "90016", desc: []string{"Pfand Kasten 24 x 0,33 l"}, qty: d("4"), unitName: "Kasten", price: d("3.42"), vat: "A"},
		{code: "40310", desc: []string{"Kaffee Crema ganze Bohne"}, qty: d("2.5"), unitName: "kg", price: d("18.90"), vat: "B"},
	}
	ls2 := []p5Item{
		{code: "10231", desc: []string{"Mineralwasser classic 12 x 0,75 l Glas"}, qty: d("6"), unitName: "Kasten", price: d("6.49"), vat: "A"},
		{code: "90012", desc: []string{"Pfand Kasten 12 x 0,75 l"}, qty: d("6"), unitName: "Kasten", price: d("3.30"), vat: "A"},
		{code: "90099", desc: []string{"Leergut-Rücknahme Kasten 12 x 0,75 l"}, qty: d("-8"), unitName: "Kasten", price: d("3.30"), vat: "A"},
		{code: "55120", desc: []string{"Trinkhalme Papier, weiß"}, qty: d("1000"), qtyText: "1.000", unitName: "Stk", price: d("0.012"), priceTxt: "0,012", vat: "A"},
		{code: "40410", desc: []string{"H-Milch 3,5 % 12 x 1 l"}, qty: d("3"), unitName: "Karton", price: d("13.56"), vat: "B"},
		{code: "99001", desc: []string{"Thekenaufsteller Sommeraktion"}, qty: d("1"), unitName: "Stk", price: d("0"), vat: "A"},
	}
	all := append(append([]p5Item{}, ls1...), ls2...)
	var netA, netB decimal.Decimal
	for _, it := range all {
		if it.vat == "A" {
			netA = netA.Add(it.amount())
		} else {
			netB = netB.Add(it.amount())
		}
	}
	taxA, taxB := netA.Mul(d("0.19")).Round(2), netB.Mul(d("0.07")).Round(2)
	net := netA.Add(netB)
	tax := taxA.Add(taxB)
	gross := net.Add(tax)
	c.Font(true, 15)
	c.Text(50, 36, "Getränke Brandl GmbH")
	c.Font(false, 8)
	c.Text(50, 52, "Getränkefachgroßhandel · Industriestraße 17 · 93055 Regensburg")
	c.Text(50, 88, "Getränke Brandl GmbH · Industriestraße 17 · 93055 Regensburg")
	c.Font(false, 10)
	c.Text(50, 104, "Café Kranzl")
	c.Text(50, 116, "Inh. Monika Weidinger")
	c.Text(50, 128, "Goldene-Bären-Straße 4")
	c.Text(50, 140, "93047 Regensburg")
	c.Font(false, 9)
	for i, m := range [][2]string{{"Rechnung Nr.", "2024-031877"}, {"Datum", "15.03.2024"}, {"Kunden-Nr.", "40117"}, {"Tour", "3 / Di+Fr"}} {
		c.Text(380, 104+float64(i)*12, m[0])
		c.Right(545, 104+float64(i)*12, m[1])
	}
	c.Font(true, 12)
	c.Text(50, 180, "Rechnung")
	pos := 0
	cols := []p5Col{
		{"Pos.", 50, false, func(p5Item) string { return fmt.Sprint(pos) }, false},
		{"Art.-Nr.", 72, false, func(it p5Item) string { return it.code }, false},
		{"Bezeichnung", 112, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Menge", 350, true, func(it p5Item) string {
			if it.qtyText != "" {
				return it.qtyText
			}
			if it.qty.Sign() < 0 {
				return "-" + qtyStr(it.qty.Neg(), "de")
			}
			return qtyStr(it.qty, "de")
		}, false},
		{"Einh.", 356, false, func(it p5Item) string { return it.unitName }, false},
		{"Einzelpreis", 452, true, func(it p5Item) string {
			if it.priceTxt != "" {
				return it.priceTxt
			}
			return money(it.price, "de")
		}, false},
		{"MwSt", 462, false, func(it p5Item) string { return it.vat }, false},
		{"Gesamt", 545, true, func(it p5Item) string { return money(it.amount(), "de") }, false},
	}
	y := 204.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+11)
	y += 20
	for _, g := range []struct {
		title string
		its   []p5Item
	}{{"Lieferschein 80012 vom 05.03.2024", ls1}, {"Lieferschein 80031 vom 12.03.2024", ls2}} {
		c.Font(true, 8.5)
		c.Text(112, y, g.title)
		c.Font(false, 9)
		y += 14
		for _, it := range g.its {
			pos++
			y = p5Row(c, cols, y, it) + 14
		}
		y += 4
	}
	c.Line(330, 545, y)
	y += 8
	for k, row := range [][2]string{{"Summe netto", money(net, "de")}, {"MwSt A 19 % von " + money(netA, "de"), money(taxA, "de")},
		{"MwSt B 7 % von " + money(netB, "de"), money(taxB, "de")}, {"Rechnungsbetrag EUR", money(gross, "de")}} {
		c.Font(k == 3, 9)
		c.Text(330, y+float64(k)*13, row[0])
		c.Right(545, y+float64(k)*13, row[1])
	}
	c.Font(false, 7.5)
	c.Text(50, y+64, "MwSt-Kennzeichen: A = 19 % MwSt, B = 7 % MwSt. Pfandbeträge sind im Nettobetrag enthalten.")
	c.Text(50, y+74, "Zahlbar innerhalb von 10 Tagen ohne Abzug per Lastschrift oder Überweisung.")
	c.Font(false, 6.5)
	for k, s := range []string{"Getränke Brandl GmbH · Sitz Regensburg · HRB 9988 · USt-IdNr. DE298765432",
		"Sparkasse Regensburg · IBAN " + grouped(iban) + " · BIC BYLADEM1RBG"} {
		c.Text(50, 800+float64(k)*9, s)
	}
	return invLayout{"de-getraenke-pfand", invTruth{number: "2024-031877", date: "2024-03-15", seller: "Getränke Brandl GmbH", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(all)}, producedBytes(t, c)}
}

// prod5DEITService: an IT service company over two pages: "Pos. Menge
// Einheit Bezeichnung Einzelpreis Gesamtpreis" (the quantity first), titles
// "1 Hardware" with "1.1", "1.2" positions and "Summe Titel 1" rows, a
// serial number and an "inkl." line under an item, a maintenance period
// under another, hours "2,5 Std.", a call-out at 0,00; at the page break
// "Zwischensumme Seite 1" and "Fortsetzung auf Seite 2", then the header
// again and "Übertrag von Seite 1".
func prod5DEITService(t testing.TB) invLayout {
	c := newProduced(52)
	iban := ibanOf("DE", "76050101"+"0009876543")
	hw := []p5Item{
		{code: "1.1", desc: []string{"Notebook ProLine 14, i5, 16 GB RAM, 512 GB SSD", "S/N 5CG4081KQZ", "inkl. Einrichtung und Datenübernahme"},
			name: []string{"Notebook ProLine 14, i5, 16 GB RAM, 512 GB SSD", "inkl. Einrichtung und Datenübernahme"}, qty: d("2"), unitName: "Stk.", price: d("1189")},
		{code: "1.2", desc: []string{"Dockingstation USB-C, 100 W"}, qty: d("2"), unitName: "Stk.", price: d("179.90")},
		{code: "1.3", desc: []string{"Monitor 27\" QHD, höhenverstellbar"}, qty: d("4"), unitName: "Stk.", price: d("289")},
		{code: "1.4", desc: []string{"Netzwerkkabel Cat. 6a, 3 m"}, qty: d("10"), unitName: "Stk.", price: d("6.80")},
	}
	sv := []p5Item{
		{code: "2.1", desc: []string{"Installation und Konfiguration Arbeitsplätze"}, qty: d("6.5"), unitName: "Std.", price: d("92")},
		{code: "2.2", desc: []string{"Anfahrt (im Wartungsvertrag enthalten)"}, qty: d("1"), unitName: "pausch.", price: d("0")},
		{code: "2.3", desc: []string{"Wartungsvertrag Server, monatlich", "Zeitraum 01.03.2024 – 31.03.2024"}, qty: d("1"), unitName: "Monat", price: d("145")},
		{code: "2.4", desc: []string{"Fernwartung Firewall"}, qty: d("2.5"), unitName: "Std.", price: d("92")},
		{code: "2.5", desc: []string{"Entsorgung Altgeräte nach ElektroG"}, qty: d("3"), unitName: "Stk.", price: d("15")},
	}
	all := append(append([]p5Item{}, hw...), sv...)
	net := p5Sum(all)
	tax := net.Mul(d("0.19")).Round(2)
	gross := net.Add(tax)
	head := func() {
		c.AddPage()
		c.Font(true, 14)
		c.Text(50, 36, "Nordlicht IT-Systemhaus GmbH")
		c.Font(false, 8)
		c.Text(50, 52, "Speicherstadt 12 · 20457 Hamburg · Tel. 040 555 0190")
		c.Right(545, 770, fmt.Sprintf("Seite %d von 2", c.Page()))
		c.Font(false, 6.5)
		for k, col := range [][]string{{"Nordlicht IT-Systemhaus GmbH", "Speicherstadt 12, 20457 Hamburg"}, {"Hamburger Volksbank", "IBAN " + grouped(iban)},
			{"Amtsgericht Hamburg HRB 170123", "USt-IdNr. DE318765400"}} {
			for j, s := range col {
				c.Text(50+float64(k)*170, 795+float64(j)*8, s)
			}
		}
	}
	cols := []p5Col{
		{"Pos.", 50, false, func(it p5Item) string { return it.code }, false},
		{"Menge", 102, true, func(it p5Item) string { return qtyStr(it.qty, "de") }, false},
		{"Einheit", 108, false, func(it p5Item) string { return it.unitName }, false},
		{"Bezeichnung", 150, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Einzelpreis €", 470, true, func(it p5Item) string { return money(it.price, "de") }, false},
		{"Gesamtpreis €", 545, true, func(it p5Item) string { return money(it.amount(), "de") }, false},
	}
	head()
	c.Font(false, 10)
	c.Text(50, 100, "Kanzlei Petersen & Rahn")
	c.Text(50, 112, "Rechtsanwälte PartG mbB")
	c.Text(50, 124, "Ballindamm 40")
	c.Text(50, 136, "20095 Hamburg")
	c.Font(false, 9)
	for i, m := range [][2]string{{"Rechnungs-Nr.:", "NL-24-0412"}, {"Rechnungsdatum:", "28.03.2024"}, {"Kunden-Nr.:", "10288"}, {"Fällig am:", "11.04.2024"}} {
		c.Text(370, 100+float64(i)*12, m[0])
		c.Right(545, 100+float64(i)*12, m[1])
	}
	c.Font(true, 12)
	c.Text(50, 176, "Rechnung NL-24-0412")
	c.Font(false, 9)
	c.Text(50, 194, "Sehr geehrte Damen und Herren, für die Ausstattung Ihrer neuen Arbeitsplätze berechnen wir:")
	y := 220.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+11)
	y += 20
	var carried decimal.Decimal
	title := func(no, s string) {
		c.Font(true, 9)
		c.Text(50, y, no)
		c.Text(150, y, s)
		c.Font(false, 9)
		y += 15
	}
	subtotal := func(s string, v decimal.Decimal) {
		c.Line(470, 545, y-3)
		c.Font(true, 9)
		c.Text(150, y, s)
		c.Right(545, y, money(v, "de"))
		c.Font(false, 9)
		y += 20
	}
	title("1", "Hardware")
	for _, it := range hw {
		y = p5Row(c, cols, y, it) + 15
		carried = carried.Add(it.amount())
	}
	subtotal("Summe Titel 1 Hardware", p5Sum(hw))
	title("2", "Dienstleistungen")
	for i, it := range sv {
		if i == 2 {
			c.Line(50, 545, y)
			c.Font(true, 9)
			c.Text(150, y+6, "Zwischensumme Seite 1")
			c.Right(545, y+6, money(carried, "de"))
			c.Font(false, 8)
			c.Text(150, y+20, "Fortsetzung auf Seite 2")
			head()
			y = 90
			p5Head(c, cols, y)
			c.Line(50, 545, y+11)
			y += 20
			c.Text(150, y, "Übertrag von Seite 1")
			c.Right(545, y, money(carried, "de"))
			y += 18
		}
		y = p5Row(c, cols, y, it) + 15
		carried = carried.Add(it.amount())
	}
	subtotal("Summe Titel 2 Dienstleistungen", p5Sum(sv))
	y += 6
	for k, row := range [][2]string{{"Nettobetrag", money(net, "de") + " €"}, {"zzgl. 19 % USt.", money(tax, "de") + " €"}, {"Gesamtbetrag", money(gross, "de") + " €"}} {
		c.Font(k == 2, 9)
		c.Text(330, y+float64(k)*14, row[0])
		c.Right(545, y+float64(k)*14, row[1])
	}
	c.Font(false, 9)
	c.Text(50, y+58, "Bitte überweisen Sie den Betrag bis zum 11.04.2024 ohne Abzug.")
	return invLayout{"de-it-service-2pages", invTruth{number: "NL-24-0412", date: "2024-03-28", due: "2024-04-11", seller: "Nordlicht IT-Systemhaus GmbH", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(all)}, producedBytes(t, c)}
}

// prod5NLKantoor: a Dutch office-supplies dealer: "Art.nr. Omschrijving
// Aantal Eenheid Prijs Korting BTW Bedrag", categories in bold set where
// the descriptions start, a "Subtotaal ..." row after each, a discount
// percentage on some lines (the amount after it), 21% and 9% per line,
// shipping as the last item.
func prod5NLKantoor(t testing.TB) invLayout {
	c := newProduced(53)
	c.AddPage()
	iban := ibanOf("NL", "INGB0006543210")
	disc := func(q, p, pct string) *decimal.Decimal {
		v := d(q).Mul(d(p)).Mul(d("100").Sub(d(pct))).Div(d("100")).Round(2)
		return &v
	}
	paper := []p5Item{
		{code: "PA-1100", desc: []string{"Kopieerpapier A4 80 g/m², doos 5 pakken"}, qty: d("6"), unitName: "doos", price: d("24.95"), rebate: "10%", vat: "21%", total: disc("6", "24.95", "10")},
		{code: "EN-2210", desc: []string{"Envelop C4 met venster, zelfklevend"}, qty: d("2"), unitName: "pak", price: d("18.40"), vat: "21%"},
	}
	cafe := []p5Item{
		{code: "KO-0300", desc: []string{"Koffiebonen espresso, 1 kg"}, qty: d("4"), unitName: "zak", price: d("16.75"), vat: "9%"},
		{code: "KO-0410", desc: []string{"Melkcups 200 x 7,5 g"}, qty: d("2"), unitName: "doos", price: d("9.95"), rebate: "5%", vat: "9%", total: disc("2", "9.95", "5")},
		{code: "KO-0520", desc: []string{"Suikersticks 1000 stuks"}, qty: d("1"), unitName: "doos", price: d("12.50"), vat: "9%"},
	}
	ship := p5Item{code: "VZ-0001", desc: []string{"Verzendkosten"}, qty: d("1"), unitName: "", price: d("8.95"), vat: "21%"}
	all := append(append(append([]p5Item{}, paper...), cafe...), ship)
	var n21, n9 decimal.Decimal
	for _, it := range all {
		if it.vat == "21%" {
			n21 = n21.Add(it.amount())
		} else {
			n9 = n9.Add(it.amount())
		}
	}
	t21, t9 := n21.Mul(d("0.21")).Round(2), n9.Mul(d("0.09")).Round(2)
	net := n21.Add(n9)
	tax := t21.Add(t9)
	gross := net.Add(tax)
	c.Font(true, 16)
	c.Text(50, 40, "Bureauwinkel Van Dijk B.V.")
	c.Font(false, 8)
	c.Text(50, 58, "Industrieweg 22 · 3542 AD Utrecht · 030 123 45 67")
	c.Font(false, 10)
	c.Text(50, 100, "Architectenbureau Smit & Zn.")
	c.Text(50, 112, "t.a.v. crediteurenadministratie")
	c.Text(50, 124, "Oudegracht 118")
	c.Text(50, 136, "3511 AX Utrecht")
	c.Font(true, 16)
	c.Text(360, 100, "FACTUUR")
	c.Font(false, 9)
	for i, m := range [][2]string{{"Factuurnummer:", "F240318"}, {"Factuurdatum:", "18-03-2024"}, {"Vervaldatum:", "17-04-2024"}, {"Klantnummer:", "D-5521"}} {
		c.Text(360, 122+float64(i)*12, m[0])
		c.Right(545, 122+float64(i)*12, m[1])
	}
	cols := []p5Col{
		{"Art.nr.", 50, false, func(it p5Item) string { return it.code }, false},
		{"Omschrijving", 100, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Aantal", 318, true, func(it p5Item) string { return qtyStr(it.qty, "de") }, false},
		{"Eenheid", 324, false, func(it p5Item) string { return it.unitName }, false},
		{"Prijs", 412, true, func(it p5Item) string { return money(it.price, "de") }, false},
		{"Korting", 450, true, func(it p5Item) string { return it.rebate }, false},
		{"BTW", 480, true, func(it p5Item) string { return it.vat }, false},
		{"Bedrag", 545, true, func(it p5Item) string { return money(it.amount(), "de") }, false},
	}
	y := 200.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+11)
	y += 20
	for _, g := range []struct {
		title string
		its   []p5Item
	}{{"Papier en enveloppen", paper}, {"Koffie en thee", cafe}} {
		c.Font(true, 9)
		c.Text(100, y, g.title)
		c.Font(false, 9)
		y += 14
		for _, it := range g.its {
			y = p5Row(c, cols, y, it) + 14
		}
		c.Font(false, 8.5)
		c.Text(100, y, "Subtotaal "+lower(g.title))
		c.Right(545, y, money(p5Sum(g.its), "de"))
		c.Font(false, 9)
		y += 20
	}
	y = p5Row(c, cols, y, ship) + 20
	c.Line(330, 545, y-6)
	for k, row := range [][2]string{{"Totaal excl. BTW", "€ " + money(net, "de")}, {"BTW 9% over € " + money(n9, "de"), "€ " + money(t9, "de")},
		{"BTW 21% over € " + money(n21, "de"), "€ " + money(t21, "de")}, {"Totaal incl. BTW", "€ " + money(gross, "de")}} {
		c.Font(k == 3, 9)
		c.Text(330, y+float64(k)*13, row[0])
		c.Right(545, y+float64(k)*13, row[1])
	}
	c.Font(false, 8)
	c.Text(50, y+70, "Wij verzoeken u het totaalbedrag binnen 30 dagen over te maken onder vermelding van het factuurnummer.")
	c.Font(false, 7)
	for k, col := range [][]string{{"Bureauwinkel Van Dijk B.V.", "KvK 30123456"}, {"BTW NL801234567B01", "IBAN " + grouped(iban)}, {"BIC INGBNL2A", "www.bureauwinkel-vandijk.example"}} {
		for j, s := range col {
			c.Text(50+float64(k)*170, 800+float64(j)*9, s)
		}
	}
	return invLayout{"nl-kantoor-korting", invTruth{number: "F240318", date: "2024-03-18", due: "2024-04-17", seller: "Bureauwinkel Van Dijk B.V.", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(all)}, producedBytes(t, c)}
}

func lower(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]+'a'-'A') + s[1:]
}

// prod5FRFournitures: a French catering supplier: "Réf. Désignation Qté
// P.U. HT Rem. % Montant HT TVA", quantities "6,00", unit prices with three
// decimals, "dont éco-participation" under an item, a note "Livraison
// partielle" between items, a free sample at 0,00, "Frais de port" as an
// item, VAT codes as rates (20 / 5,5) and a "Base HT / Taux / TVA" box.
func prod5FRFournitures(t testing.TB) invLayout {
	c := newProduced(54)
	c.AddPage()
	iban := ibanOf("FR", "2004101005"+"0500013M026"+"06")
	its := []p5Item{
		{code: "CAF-210", desc: []string{"Café grains Brésil Santos, sac 1 kg"}, qty: d("6"), price: d("14.375"), priceTxt: "14,375", vat: "5,5"},
		{code: "THE-044", desc: []string{"Thé vert menthe, boîte 100 sachets"}, qty: d("3"), price: d("9.850"), priceTxt: "9,850", vat: "5,5"},
		{code: "MAC-900", desc: []string{"Moulin à café professionnel MK-2", "garantie 2 ans pièces et main-d'œuvre"}, qty: d("1"), price: d("389.000"), priceTxt: "389,000", rebate: "8,00", vat: "20",
			total: dptr(d("357.88"))},
		{code: "ECH-001", desc: []string{"Échantillon sirop noisette 25 cl (offert)"}, qty: d("1"), price: d("0"), priceTxt: "0,000", vat: "5,5"},
		{code: "GOB-120", desc: []string{"Gobelets carton 12 cl, carton de 1 000"}, qty: d("2"), price: d("27.600"), priceTxt: "27,600", vat: "20"},
		{code: "PORT", desc: []string{"Frais de port et d'emballage"}, qty: d("1"), price: d("12.500"), priceTxt: "12,500", vat: "20"},
	}
	var n20, n55 decimal.Decimal
	for _, it := range its {
		if it.vat == "20" {
			n20 = n20.Add(it.amount())
		} else {
			n55 = n55.Add(it.amount())
		}
	}
	t20, t55 := n20.Mul(d("0.20")).Round(2), n55.Mul(d("0.055")).Round(2)
	net := n20.Add(n55)
	tax := t20.Add(t55)
	gross := net.Add(tax)
	c.Font(true, 15)
	c.Text(50, 38, "Maison Garnier Distribution")
	c.Font(false, 8)
	c.Text(50, 54, "ZA des Trois Moulins · 14 rue des Artisans · 44300 Nantes")
	c.Text(50, 64, "SAS au capital de 50 000 € · SIRET 504 123 987 00035 · TVA FR23504123987")
	c.Font(true, 14)
	c.Text(360, 96, "FACTURE N° FA24-00871")
	c.Font(false, 9)
	c.Text(360, 114, "Date : 21/03/2024")
	c.Text(360, 126, "Échéance : 20/04/2024")
	c.Text(360, 138, "Code client : BRA017")
	c.Font(false, 10)
	c.Text(50, 100, "Brasserie du Quai")
	c.Text(50, 112, "M. Olivier Renaud")
	c.Text(50, 124, "3 quai de la Fosse")
	c.Text(50, 136, "44000 Nantes")
	cols := []p5Col{
		{"Réf.", 50, false, func(it p5Item) string { return it.code }, false},
		{"Désignation", 100, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Qté", 340, true, func(it p5Item) string {
			return it.qty.StringFixed(2)[:len(it.qty.StringFixed(2))-3] + "," + it.qty.StringFixed(2)[len(it.qty.StringFixed(2))-2:]
		}, false},
		{"P.U. HT", 395, true, func(it p5Item) string { return it.priceTxt }, false},
		{"Rem. %", 432, true, func(it p5Item) string { return it.rebate }, false},
		{"Montant HT", 500, true, func(it p5Item) string { return money(it.amount(), "fr") }, false},
		{"TVA", 540, true, func(it p5Item) string { return it.vat }, false},
	}
	y := 180.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+11)
	y += 20
	for i, it := range its {
		y = p5Row(c, cols, y, it) + 14
		if i == 2 {
			c.Font(false, 8)
			c.Text(100, y, "dont éco-participation : 0,50 € HT")
			c.Font(false, 9)
			y += 14
		}
		if i == 3 {
			c.Font(false, 8)
			c.Text(100, y, "Livraison partielle – le solde de la commande CDE-4471 suivra sous 8 jours.")
			c.Font(false, 9)
			y += 16
		}
	}
	y += 10
	c.Font(true, 8)
	c.Text(50, y, "Base HT")
	c.Text(120, y, "Taux")
	c.Text(170, y, "Montant TVA")
	c.Font(false, 8.5)
	for k, r := range [][3]string{{money(n55, "fr"), "5,5 %", money(t55, "fr")}, {money(n20, "fr"), "20,0 %", money(t20, "fr")}} {
		c.Text(50, y+12+float64(k)*11, r[0])
		c.Text(120, y+12+float64(k)*11, r[1])
		c.Text(170, y+12+float64(k)*11, r[2])
	}
	for k, row := range [][2]string{{"Total HT", money(net, "fr") + " €"}, {"Total TVA", money(tax, "fr") + " €"}, {"Net à payer TTC", money(gross, "fr") + " €"}} {
		c.Font(k == 2, 9)
		c.Text(360, y+float64(k)*14, row[0])
		c.Right(545, y+float64(k)*14, row[1])
	}
	c.Font(false, 7)
	for k, s := range []string{"Règlement par virement : Crédit Mutuel de Loire-Atlantique · IBAN " + grouped(iban) + " · BIC CMCIFR2A",
		"Pénalités de retard : 3 fois le taux d'intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 €."} {
		c.Text(50, 796+float64(k)*9, s)
	}
	return invLayout{"fr-fournitures-3dec", invTruth{number: "FA24-00871", date: "2024-03-21", due: "2024-04-20", seller: "Maison Garnier Distribution", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// prod5USFoodService: a US food-service distributor: "ITEM/DESC. QTY
// U.PRICE AMOUNT" in capitals, "--- Food Products ---" sections with a
// "Subtotal ..." row each, a note line, a credit for a damaged case with
// a minus, a no-charge item, the pack size on the line under the item and
// the fuel surcharge as the last item, close above the totals; sales tax
// on part of the goods.
func prod5USFoodService(t testing.TB) invLayout {
	c := newProduced(55)
	c.AddPage()
	food := []p5Item{
		{desc: []string{"Chicken breast, boneless, IQF", "Pack: 4 x 10 lb"}, qty: d("3"), unitName: "CS", price: d("112.40")},
		{desc: []string{"Mozzarella, low moisture, shredded"}, qty: d("4"), unitName: "CS", price: d("64.95")},
		{desc: []string{"Credit: damaged case, mozzarella"}, qty: d("-1"), unitName: "CS", price: d("64.95")},
		{desc: []string{"Marinara sauce #10 can"}, qty: d("6"), unitName: "EA", price: d("8.75")},
	}
	paper := []p5Item{
		{desc: []string{"Pizza box 14 in, kraft"}, qty: d("2"), unitName: "BDL", price: d("38.50")},
		{desc: []string{"Napkins, dinner, 2-ply"}, qty: d("3"), unitName: "CS", price: d("41.20")},
		{desc: []string{"Sample: compostable cutlery kit"}, qty: d("1"), unitName: "EA", price: d("0")},
	}
	fuel := p5Item{desc: []string{"Fuel surcharge"}, qty: d("1"), unitName: "EA", price: d("9.50")}
	all := append(append(append([]p5Item{}, food...), paper...), fuel)
	net := p5Sum(all)
	taxable := p5Sum(paper).Add(fuel.amount())
	tax := taxable.Mul(d("0.0825")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 16)
	c.Text(50, 38, "Lone Star Foodservice Co.")
	c.Font(false, 8)
	c.Text(50, 56, "8800 Commerce Park Dr, Houston, TX 77036  ·  (713) 555-0142")
	c.Font(true, 12)
	c.Right(545, 38, "INVOICE")
	c.Font(false, 9)
	for i, m := range [][2]string{{"INVOICE NO.", "LS-884120"}, {"INVOICE DATE", "03/14/2024"}, {"DUE DATE", "04/13/2024"}, {"ROUTE/STOP", "12/07"}} {
		c.Text(380, 60+float64(i)*12, m[0])
		c.Right(545, 60+float64(i)*12, m[1])
	}
	c.Font(true, 8)
	c.Text(50, 100, "SOLD TO")
	c.Text(250, 100, "SHIP TO")
	c.Font(false, 9)
	for k, s := range []string{"Tony's Brick Oven", "2210 Westheimer Rd", "Houston, TX 77098"} {
		c.Text(50, 112+float64(k)*11, s)
		c.Text(250, 112+float64(k)*11, s)
	}
	cols := []p5Col{
		{"ITEM/DESC.", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"QTY", 330, true, func(it p5Item) string {
			if it.qty.Sign() < 0 {
				return "(" + it.qty.Neg().String() + ")"
			}
			return it.qty.String()
		}, false},
		{"UOM", 345, false, func(it p5Item) string { return it.unitName }, false},
		{"U.PRICE", 460, true, func(it p5Item) string { return money(it.price, "en") }, false},
		{"AMOUNT", 545, true, func(it p5Item) string { return money(it.amount(), "en") }, false},
	}
	y := 170.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+11)
	y += 20
	for _, g := range []struct {
		title string
		its   []p5Item
	}{{"--- Food Products ---", food}, {"--- Paper Goods (taxable) ---", paper}} {
		c.Text(150, y, g.title)
		y += 14
		for _, it := range g.its {
			y = p5Row(c, cols, y, it) + 13
		}
		c.Text(250, y, "Subtotal "+g.title[4:len(g.title)-4])
		c.Right(545, y, money(p5Sum(g.its), "en"))
		y += 18
	}
	c.Font(false, 8)
	c.Text(50, y, "NOTE: Deliveries before 10 am only. Driver will collect empty totes.")
	c.Font(false, 9)
	y += 16
	y = p5Row(c, cols, y, fuel) + 13
	c.Line(330, 545, y)
	y += 5
	for k, row := range [][2]string{{"SUBTOTAL", money(net, "en")}, {"SALES TAX 8.25% ON " + money(taxable, "en"), money(tax, "en")}, {"TOTAL DUE", "$" + money(gross, "en")}} {
		c.Font(k == 2, 9)
		c.Text(300, y+float64(k)*13, row[0])
		c.Right(545, y+float64(k)*13, row[1])
	}
	c.Font(false, 7)
	c.Text(50, 800, "Terms: Net 30. Claims for shortages or damage must be made at time of delivery.")
	c.Text(50, 809, "Remit to: Lone Star Foodservice Co., PO Box 4410, Houston, TX 77210")
	return invLayout{"us-foodservice-sections", invTruth{number: "LS-884120", date: "2024-03-14", due: "2024-04-13", seller: "Lone Star Foodservice Co.", cur: "USD",
		iban: noIBAN, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(all)}, producedBytes(t, c)}
}

// prod5ESMantenimiento: a Spanish maintenance company: "Código Concepto
// Cant. Precio Dto. Importe", the work site's address printed between the
// header and the first item, billing periods on the line under items,
// "Dto. %" on one line, IVA 21 %.
func prod5ESMantenimiento(t testing.TB) invLayout {
	c := newProduced(56)
	c.AddPage()
	iban := ibanOf("ES", "2100"+"0418"+"45"+"0200051332")
	its := []p5Item{
		{code: "MC-01", desc: []string{"Mantenimiento preventivo climatización", "Periodo: 01/03/2024 - 31/03/2024"}, qty: d("1"), price: d("240")},
		{code: "MC-07", desc: []string{"Revisión grupo de presión y bombas"}, qty: d("1"), price: d("95")},
		{code: "MO-02", desc: []string{"Mano de obra oficial 1ª"}, qty: d("3.5"), price: d("32")},
		{code: "MT-15", desc: []string{"Filtro plisado G4 592 x 592 mm"}, qty: d("12"), price: d("11.80"), rebate: "15", total: dptr(d("120.36"))},
		{code: "DS-01", desc: []string{"Desplazamiento urgencia fin de semana"}, qty: d("1"), price: d("45")},
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.21")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 15)
	c.Text(50, 38, "Climatec Servicios Integrales S.L.")
	c.Font(false, 8)
	c.Text(50, 54, "C/ de la Industria 44, nave 3 · 46190 Riba-roja de Túria (Valencia)")
	c.Text(50, 64, "CIF B98765432 · Tel. 961 234 567")
	c.Font(true, 13)
	c.Text(370, 96, "FACTURA")
	c.Font(false, 9)
	for i, m := range [][2]string{{"Nº factura:", "2024/0316"}, {"Fecha:", "31/03/2024"}, {"Vencimiento:", "30/04/2024"}} {
		c.Text(370, 114+float64(i)*12, m[0])
		c.Right(545, 114+float64(i)*12, m[1])
	}
	c.Font(false, 10)
	c.Text(50, 100, "Comunidad de Propietarios Jardines del Turia")
	c.Text(50, 112, "CIF H46123456")
	c.Text(50, 124, "Av. del Puerto 215")
	c.Text(50, 136, "46023 Valencia")
	cols := []p5Col{
		{"Código", 50, false, func(it p5Item) string { return it.code }, false},
		{"Concepto", 100, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Cant.", 370, true, func(it p5Item) string { return qtyStr(it.qty, "de") }, false},
		{"Precio", 430, true, func(it p5Item) string { return money(it.price, "de") }, false},
		{"Dto. %", 470, true, func(it p5Item) string { return it.rebate }, false},
		{"Importe", 545, true, func(it p5Item) string { return money(it.amount(), "de") }, false},
	}
	y := 180.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+11)
	y += 20
	c.Font(false, 8.5)
	c.Text(100, y, "Dirección de la obra: C/ Poeta Querol 9, 46002 Valencia")
	c.Font(false, 9)
	y += 16
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 15
	}
	y += 10
	for k, row := range [][2]string{{"Base imponible", money(net, "de") + " €"}, {"IVA 21 %", money(tax, "de") + " €"}, {"Total factura", money(gross, "de") + " €"}} {
		c.Font(k == 2, 9)
		c.Text(340, y+float64(k)*14, row[0])
		c.Right(545, y+float64(k)*14, row[1])
	}
	c.Font(false, 8)
	c.Text(50, y+60, "Forma de pago: transferencia a 30 días a la cuenta "+grouped(iban)+" (CaixaBank).")
	c.Font(false, 6.5)
	c.Text(50, 805, "Climatec Servicios Integrales S.L. · Inscrita en el Registro Mercantil de Valencia, Tomo 9876, Folio 12, Hoja V-123456")
	return invLayout{"es-mantenimiento-obra", invTruth{number: "2024/0316", date: "2024-03-31", due: "2024-04-30", seller: "Climatec Servicios Integrales S.L.", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// prod5ITIngrosso: an Italian wholesaler: "Codice Descrizione U.M.
// Quantità Prezzo Sc.% Importo Iva", items under "Rif. DDT n. ... del ..."
// lines, quantities "12,000", transport as an item, VAT 22 and 10 per
// line and a "Riepilogo IVA" box.
func prod5ITIngrosso(t testing.TB) invLayout {
	c := newProduced(57)
	c.AddPage()
	iban := ibanOf("IT", "X"+"05428"+"11101"+"000000123456")
	ddt1 := []p5Item{
		{code: "OL-0051", desc: []string{"Olio extravergine di oliva 5 l"}, qty: d("4"), unitName: "PZ", price: d("42.90"), vat: "10"},
		{code: "PA-1200", desc: []string{"Pasta di semola trafilata al bronzo", "formato rigatoni, cartone 12 x 500 g"}, qty: d("12"), unitName: "CT", price: d("15.60"), vat: "10"},
		{code: "DT-0090", desc: []string{"Detergente stoviglie professionale 10 kg"}, qty: d("2"), unitName: "PZ", price: d("27.40"), vat: "22"},
	}
	ddt2 := []p5Item{
		{code: "PO-0033", desc: []string{"Pomodori pelati 2,5 kg"}, qty: d("6"), unitName: "PZ", price: d("4.15"), vat: "10"},
		{code: "TOV-015", desc: []string{"Tovaglioli 2 veli 40 x 40 cm"}, qty: d("5"), unitName: "CF", price: d("18.20"), rebate: "5", vat: "22", total: dptr(d("86.45"))},
		{code: "TR", desc: []string{"Trasporto"}, qty: d("1"), unitName: "", price: d("15"), vat: "22"},
	}
	all := append(append([]p5Item{}, ddt1...), ddt2...)
	var n22, n10 decimal.Decimal
	for _, it := range all {
		if it.vat == "22" {
			n22 = n22.Add(it.amount())
		} else {
			n10 = n10.Add(it.amount())
		}
	}
	t22, t10 := n22.Mul(d("0.22")).Round(2), n10.Mul(d("0.10")).Round(2)
	net := n22.Add(n10)
	tax := t22.Add(t10)
	gross := net.Add(tax)
	c.Font(true, 15)
	c.Text(50, 38, "Ferretti Forniture Alberghiere S.r.l.")
	c.Font(false, 8)
	c.Text(50, 54, "Via dell'Artigianato 31 · 40057 Granarolo dell'Emilia (BO)")
	c.Text(50, 64, "P.IVA 03456780372 · REA BO-512345")
	c.Font(true, 12)
	c.Text(360, 92, "FATTURA N. 1187/A")
	c.Font(false, 9)
	c.Text(360, 108, "Data documento: 20/03/2024")
	c.Text(360, 120, "Pagamento: bonifico 30 gg d.f.")
	c.Text(360, 132, "Scadenza: 19/04/2024")
	c.Font(false, 10)
	c.Text(50, 96, "Spett.le")
	c.Text(50, 108, "Trattoria Da Nino di Rossi Giovanni")
	c.Text(50, 120, "Via Saragozza 77")
	c.Text(50, 132, "40123 Bologna (BO)")
	cols := []p5Col{
		{"Codice", 50, false, func(it p5Item) string { return it.code }, false},
		{"Descrizione", 98, false, func(it p5Item) string { return it.desc[0] }, true},
		{"U.M.", 300, false, func(it p5Item) string { return it.unitName }, false},
		{"Quantità", 360, true, func(it p5Item) string {
			return it.qty.StringFixed(3)[:len(it.qty.StringFixed(3))-4] + "," + it.qty.StringFixed(3)[len(it.qty.StringFixed(3))-3:]
		}, false},
		{"Prezzo", 418, true, func(it p5Item) string { return money(it.price, "de") }, false},
		{"Sc.%", 448, true, func(it p5Item) string { return it.rebate }, false},
		{"Importo", 515, true, func(it p5Item) string { return money(it.amount(), "de") }, false},
		{"Iva", 545, true, func(it p5Item) string { return it.vat }, false},
	}
	y := 172.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+11)
	y += 20
	for _, g := range []struct {
		title string
		its   []p5Item
	}{{"Rif. DDT n. 412 del 12/03/2024", ddt1}, {"Rif. DDT n. 437 del 18/03/2024", ddt2}} {
		c.Font(false, 8.5)
		c.Text(98, y, g.title)
		c.Font(false, 9)
		y += 14
		for _, it := range g.its {
			y = p5Row(c, cols, y, it) + 14
		}
		y += 4
	}
	y += 8
	c.Font(true, 8)
	c.Text(50, y, "Riepilogo IVA")
	c.Font(false, 8.5)
	for k, r := range [][3]string{{"Aliquota 10%", "imponibile " + money(n10, "de"), "imposta " + money(t10, "de")}, {"Aliquota 22%", "imponibile " + money(n22, "de"), "imposta " + money(t22, "de")}} {
		c.Text(50, y+12+float64(k)*11, r[0])
		c.Text(110, y+12+float64(k)*11, r[1])
		c.Text(200, y+12+float64(k)*11, r[2])
	}
	for k, row := range [][2]string{{"Totale imponibile", money(net, "de")}, {"Totale IVA", money(tax, "de")}, {"Totale documento EUR", money(gross, "de")}} {
		c.Font(k == 2, 9)
		c.Text(340, y+float64(k)*14, row[0])
		c.Right(545, y+float64(k)*14, row[1])
	}
	c.Font(false, 7)
	c.Text(50, 796, "Coordinate bancarie: Banca Popolare di Bergamo · IBAN "+grouped(iban))
	c.Text(50, 805, "Contributo CONAI assolto ove dovuto. Merce viaggiante a rischio del committente.")
	return invLayout{"it-ingrosso-ddt", invTruth{number: "1187/A", date: "2024-03-20", due: "2024-04-19", seller: "Ferretti Forniture Alberghiere S.r.l.", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(all)}, producedBytes(t, c)}
}

var invProduced5Layouts = []func(testing.TB) invLayout{prod5DEGetraenke, prod5DEITService, prod5NLKantoor, prod5FRFournitures, prod5USFoodService,
	prod5ESMantenimiento, prod5ITIngrosso}

// layoutProduced5Bar is the share of fields of the fifth produced batch
// that must be read. First scored as it came: 62 of 90 (68.9%), no layout
// all right; 64 of 90 (71.1%) once a generator bug was fixed (a negative
// amount printed "--26,40"), before any rule: de-getraenke-pfand 11/12
// ("0,75 l" taken out of descriptions as a number, the delivery-note line
// joined to the item under it), de-it-service-2pages 9/13 (the two items
// between the section title and the page break lost, the section title
// joined to the first item), nl-kantoor-korting 8/13 (the table ended at
// the first "Subtotaal" row: 2 of 6 items), fr-fournitures-3dec 9/13 (a
// "Rem. %" percentage read as the line total, the note joined to an item,
// the seller), us-foodservice-sections 7/13 (the header "ITEM/DESC."; a
// credit line's name; the last item under a note lost; the tax),
// es-mantenimiento-obra 11/13 ("Dto. %" without a sign; "Periodo:" line
// dropped from the name), it-ingrosso-ddt 9/13 (the "Riepilogo IVA" row read
// as an item, "Rif. DDT" lines joined to items, "Sc.%" without a sign).
// 84 of 90 (93.3%), every line count right, after general rules in
// items.go (a number inside a description's words is text; a line over an
// item that prints its own description titles the items below unless it
// runs on into it; after a section's subtotal the table goes on when an
// item with a quantity or price follows; a labelled line is description
// unless its value is an identifier; short discount titles; a VAT title a
// column apart from "Montant HT"; "dont ... 0,50 €" rows; note sentences;
// delivery-note lines). Drawn glyph by glyph in shuffled order (first
// scored after those rules): the same 84. 89 of 90 once a VAT breakdown
// row's base was no longer taken for the tax ("SALES TAX 8.25% ON 210.10
// 17.33", "BTW 9% over € 98,41 € 8,86"; the rows' taxes summed are a
// candidate, and with no gross labelled net + tax = amount due counts);
// all 90 once a register line "SAS au capital de 50 000 €" was no longer a
// seller name.
//
//	go test -run 'TestLayoutSuiteProduced/^5$' -v ./extract/invoice/
const layoutProduced5Bar = 0.97

// TestItemTablesMissedItemFailsValidation: on the item tables of the fifth
// batch (sections, subtotals, deposits, returns, discounts, two VAT rates),
// an extraction that lost an item with a price, or counted a section's
// subtotal as an item, does not pass validation.
func TestItemTablesMissedItemFailsValidation(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	e := engine(t)
	for _, mk := range append(append([]func(testing.TB) invLayout{}, invProduced5Layouts...), invProduced5bLayouts...) {
		l := mk(t)
		pages, err := testdocs.ReadPages(context.Background(), e, l.pdf)
		require.NoError(t, err)
		got := Extract(pages)
		require.True(t, validate.Invoice(got).Passed, l.name)
		for i := len(got.LineItems) - 1; i >= 0; i-- {
			if it := got.LineItems[i]; it.ProductTotalPrice == nil || it.ProductTotalPrice.IsZero() {
				continue
			}
			missed := *got
			missed.LineItems = append(append([]docextract.LineItem{}, got.LineItems[:i]...), got.LineItems[i+1:]...)
			require.False(t, validate.Invoice(&missed).Passed, "%s: item %d missing", l.name, i)
			break
		}
		sub := got.LineItems[0].ProductTotalPrice.Add(got.LineItems[1].ProductTotalPrice.Decimal)
		extra := *got
		extra.LineItems = append(append([]docextract.LineItem{}, got.LineItems...),
			docextract.LineItem{ProductName: docextract.Str("Subtotal"), ProductTotalPrice: docextract.NewAmount(sub)})
		require.False(t, validate.Invoice(&extra).Passed, "%s: a subtotal counted as an item", l.name)
	}
}
