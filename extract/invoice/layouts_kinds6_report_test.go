package invoice

import (
	"testing"

	"github.com/shopspring/decimal"
)

// k6CloudUsageUS: a US cloud provider's monthly bill: the provider top
// left; "Invoice" with "Account number", "Invoice number", "Invoice date"
// and "Billing period August 1 - August 31, 2024" right; a summary
// ("Charges", "Credits", "Tax") over "TOTAL AMOUNT DUE ON September 3 ,
// 2024" with the amount set apart at the right edge in a larger type;
// "Service Usage Unit price Amount" with usage counts ("1,488 hrs",
// "4,250,000 req") and unit prices of four to seven decimals; a free-tier
// credit with a minus; "Sales Tax (10.25%)"; payment by card on file.
func k6CloudUsageUS(t testing.TB) invLayout {
	c := newProduced(611)
	c.AddPage()
	type row struct {
		desc, usage, price string
		amount             decimal.Decimal
	}
	rows := []row{
		{"Compute Instances - std-4vcpu-16gb (us-west)", "1,488 hrs", "$0.1942", d("288.97")},
		{"Block Storage SSD (GB-month)", "500 GB-mo", "$0.170", d("85.00")},
		{"Object Storage Requests (per 1,000)", "2,385.6", "$0.0004", d("0.95")},
		{"Data Transfer Out to Internet", "312.45 GB", "$0.087", d("27.18")},
		{"Serverless Function Invocations", "4,250,000 req", "$0.0000002", d("0.85")},
		{"Free Tier Credit", "", "", d("-5.00")},
	}
	var its []p5Item
	for _, r := range rows {
		its = append(its, p5Item{desc: []string{r.desc}, qty: d("1"), price: r.amount})
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.1025")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 16)
	c.Text(50, 40, "Nimbus Compute, Inc.")
	c.Font(false, 8)
	c.Text(50, 56, "410 Terry Ave N, Seattle, WA 98109 · billing@nimbuscompute.example")
	c.Font(true, 14)
	c.Text(340, 40, "Invoice")
	c.Font(false, 8.5)
	for k, m := range [][2]string{{"Account number", "4417-2290-8815"}, {"Invoice number", "NC-2024-08-0093371"}, {"Invoice date", "September 1 , 2024"},
		{"Billing period", "August 1 - August 31, 2024"}} {
		c.Text(340, 58+float64(k)*11, m[0])
		c.Right(545, 58+float64(k)*11, m[1])
	}
	c.Font(false, 9)
	for k, s := range []string{"Attn: Finance", "Brightline Analytics LLC", "2200 Westlake Ave, Suite 300", "Seattle, WA 98121"} {
		c.Text(50, 110+float64(k)*11, s)
	}
	c.Font(true, 10)
	c.Text(50, 175, "Summary")
	var charges, credits decimal.Decimal
	for _, it := range its {
		if it.amount().IsNegative() {
			credits = credits.Add(it.amount())
		} else {
			charges = charges.Add(it.amount())
		}
	}
	y := swPairs(c, 50, 300, 190, 13, [][2]string{{"Charges", usd(charges)}, {"Credits", usd(credits)}, {"Tax", usd(tax)}}, nil)
	c.Line(50, 545, y+2)
	c.Font(true, 10)
	c.Text(50, y+18, "TOTAL AMOUNT DUE ON September 3 , 2024")
	c.Font(true, 16)
	c.Right(545, y+20, usd(gross))
	c.Font(false, 8)
	c.Text(50, y+31, "The card on file ending in 4471 will be charged on the due date.")
	y += 62
	c.Font(true, 10)
	c.Text(50, y, "Charges by service")
	c.Font(true, 8)
	y += 16
	c.Text(50, y, "Service")
	c.Right(360, y, "Usage")
	c.Right(450, y, "Unit price")
	c.Right(545, y, "Amount")
	c.Line(50, 545, y+5)
	y += 17
	c.Font(false, 8.5)
	for _, r := range rows {
		c.Text(50, y, r.desc)
		if r.usage != "" {
			c.Right(360, y, r.usage)
			c.Right(450, y, r.price)
		}
		c.Right(545, y, usd(r.amount))
		y += 14
	}
	c.Line(330, 545, y-6)
	swPairs(c, 340, 545, y+6, 14, [][2]string{{"Subtotal", usd(net)}, {"Sales Tax (10.25%)", usd(tax)}, {"Total", usd(gross)}}, lastBold(3))
	items := truthOf(its)
	return invLayout{"us-cloud-usage-due-on", invTruth{number: "NC-2024-08-0093371", date: "2024-09-01", due: "2024-09-03", seller: "Nimbus Compute, Inc.", cur: "USD",
		iban: noIBAN, net: net.String(), tax: tax.String(), gross: gross.String(), amountDue: gross.String(), items: items}, producedBytes(t, c)}
}

// k6Handwerker35aDE: a German painter's invoice to a private customer:
// the firm's sender line over the window, the customer, a block right
// with "Rechnungsnummer", "Rechnungsdatum", "Kundennummer" and
// "Leistungszeitraum"; "Pos. Leistung Menge Einheit EP € GP €"; "Summe
// netto", "zzgl. 19 % MwSt.", "Rechnungsbetrag"; the labour share under §
// 35a EStG with its net, VAT and gross; "Zahlbar bis ... ohne Abzug, bei
// Zahlung bis ... 2 % Skonto (= ...)"; the IBAN in the footer.
func k6Handwerker35aDE(t testing.TB) invLayout {
	c := newProduced(612)
	c.AddPage()
	iban := ibanOf("DE", "66050101"+"0018274456")
	its := []p5Item{
		{code: "1", desc: []string{"Wände und Decken spachteln und schleifen, Q3"}, qty: d("64"), unitName: "m²", price: d("8.90")},
		{code: "2", desc: []string{"Dispersionsfarbe weiß, zweimaliger Anstrich"}, qty: d("64"), unitName: "m²", price: d("7.40")},
		{code: "3", desc: []string{"Heizkörper lackieren"}, qty: d("3"), unitName: "Stk", price: d("48")},
		{code: "4", desc: []string{"Material: Farbe, Spachtelmasse, Abdeckmaterial"}, qty: d("1"), unitName: "psch", price: d("186.50")},
		{code: "5", desc: []string{"Anfahrtspauschale"}, qty: d("2"), unitName: "Stk", price: d("35")},
	}
	net := p5Sum(its)
	mwst := net.Mul(d("0.19")).Round(2)
	gross := net.Add(mwst)
	lohn := d("1044.80")
	lohnV := lohn.Mul(d("0.19")).Round(2)
	skonto := gross.Mul(d("0.02")).Round(2)
	c.Font(false, 7)
	c.Text(50, 118, "Malerbetrieb Kowalski GmbH · Durlacher Allee 88 · 76131 Karlsruhe")
	c.Font(true, 14)
	c.Text(50, 40, "Malerbetrieb Kowalski GmbH")
	c.Font(false, 8.5)
	c.Text(50, 56, "Meisterbetrieb seit 1994 · Maler- und Lackierarbeiten")
	c.Font(false, 9.5)
	for k, s := range []string{"Herrn", "Matthias Vogel", "Weinbrennerstraße 17", "76135 Karlsruhe"} {
		c.Text(50, 132+float64(k)*12, s)
	}
	c.Font(false, 8.5)
	for k, m := range [][2]string{{"Rechnungsnummer", "2024-311"}, {"Rechnungsdatum", "12.09.2024"}, {"Kundennummer", "10582"}, {"Leistungszeitraum", "26.08.-30.08.2024"}} {
		c.Text(360, 132+float64(k)*12, m[0])
		c.Right(545, 132+float64(k)*12, m[1])
	}
	c.Font(true, 12)
	c.Text(50, 215, "Rechnung")
	c.Font(false, 9)
	c.Text(50, 232, "Bauvorhaben: Renovierung Wohnzimmer und Flur, Weinbrennerstraße 17")
	cols := []p5Col{
		{"Pos.", 50, false, func(it p5Item) string { return it.code }, false},
		{"Leistung", 78, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Menge", 350, true, func(it p5Item) string { return qtyStr(it.qty, "de") }, false},
		{"Einheit", 360, false, func(it p5Item) string { return it.unitName }, false},
		{"EP €", 465, true, func(it p5Item) string { return money(it.price, "de") }, false},
		{"GP €", 545, true, func(it p5Item) string { return money(it.amount(), "de") }, false},
	}
	y := 258.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+5)
	y += 18
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 15
	}
	c.Line(50, 545, y-5)
	y = swPairs(c, 340, 545, y+8, 14, [][2]string{{"Summe netto", money(net, "de") + " €"}, {"zzgl. 19 % MwSt.", money(mwst, "de") + " €"},
		{"Rechnungsbetrag", money(gross, "de") + " €"}}, lastBold(3))
	c.Font(false, 8.5)
	c.Text(50, y+16, "Im Rechnungsbetrag enthaltene Lohnkosten gem. § 35a EStG: "+money(lohn, "de")+" € netto zzgl. "+money(lohnV, "de")+" € MwSt. = "+
		money(lohn.Add(lohnV), "de")+" €.")
	c.Text(50, y+28, "Zahlbar bis 26.09.2024 ohne Abzug, bei Zahlung bis 19.09.2024 mit 2 % Skonto (= "+money(skonto, "de")+" €).")
	c.Text(50, y+40, "Die Leistung wurde im angegebenen Leistungszeitraum erbracht.")
	c.Font(false, 7)
	for k, s := range []string{"Malerbetrieb Kowalski GmbH", "Durlacher Allee 88, 76131 Karlsruhe", "GF: Piotr Kowalski, AG Mannheim HRB 712099"} {
		c.Text(50, 775+float64(k)*9, s)
	}
	for k, s := range []string{"Sparkasse Karlsruhe", "IBAN " + grouped(iban), "BIC KARSDE66XXX"} {
		c.Text(250, 775+float64(k)*9, s)
	}
	for k, s := range []string{"Steuer-Nr. 35010/12345", "USt-IdNr. DE318274650"} {
		c.Text(430, 775+float64(k)*9, s)
	}
	items := truthOf(its)
	return invLayout{"de-maler-35a-skonto", invTruth{number: "2024-311", date: "2024-09-12", due: "2024-09-26", seller: "Malerbetrieb Kowalski GmbH", cur: "EUR",
		iban: iban, net: net.String(), tax: mwst.String(), gross: gross.String(), items: items}, producedBytes(t, c)}
}

// k6OfficinaIT: an Italian car repair shop's "fattura": the shop top left
// with "P.IVA" and "C.F."; "Spett.le" and the customer right with its
// "C.F."; "FATTURA N. 187/2024 del 19/09/2024"; "Veicolo", "Targa" and
// "Km"; "Codice Descrizione Q.tà Prezzo Sconto % Importo IVA" with parts
// at a discount and labour hours; "Imponibile", "IVA 22%", "Totale
// fattura"; "Scadenza" and "Bonifico bancario" with the IBAN.
func k6OfficinaIT(t testing.TB) invLayout {
	c := newProduced(613)
	c.AddPage()
	iban := ibanOf("IT", "X"+"0306902887"+"100000004512")
	disc := func(price, qty decimal.Decimal, pct string) *decimal.Decimal {
		v := price.Mul(qty).Mul(d("1").Sub(d(pct).Div(d("100")))).Round(2)
		return &v
	}
	its := []p5Item{
		{code: "7736510", desc: []string{"Kit distribuzione con pompa acqua"}, qty: d("1"), price: d("214.60"), rebate: "10"},
		{code: "9467548", desc: []string{"Olio motore 5W-30 (lt)"}, qty: d("4"), price: d("12.80"), rebate: "10"},
		{code: "F026407", desc: []string{"Filtro olio"}, qty: d("1"), price: d("11.40"), rebate: "10"},
		{code: "MO", desc: []string{"Manodopera meccanica (ore)"}, qty: d("3.5"), price: d("42")},
		{code: "SMALT", desc: []string{"Smaltimento rifiuti speciali"}, qty: d("1"), price: d("6.50")},
	}
	for i := range its {
		if its[i].rebate != "" {
			its[i].total = disc(its[i].price, its[i].qty, its[i].rebate)
		}
	}
	net := p5Sum(its)
	iva := net.Mul(d("0.22")).Round(2)
	gross := net.Add(iva)
	c.Font(true, 13)
	c.Text(50, 40, "Autofficina Bellandi s.n.c.")
	c.Font(false, 8)
	for k, s := range []string{"di Bellandi Marco & C.", "Via Pistoiese 212 - 50145 Firenze (FI)", "P.IVA e C.F. 04518730482", "Tel. 055 555 3318"} {
		c.Text(50, 56+float64(k)*10, s)
	}
	c.Font(false, 9)
	c.Text(330, 100, "Spett.le")
	for k, s := range []string{"Chiara Lombardi", "Via dei Serragli 41", "50124 Firenze (FI)", "C.F. LMBCHR85M52D612X"} {
		c.Text(330, 112+float64(k)*11, s)
	}
	c.Font(true, 11)
	c.Text(50, 185, "FATTURA N. 187/2024 del 19/09/2024")
	c.Font(false, 8.5)
	c.Text(50, 201, "Veicolo: Fiat Panda 1.2    Targa: GF 418 TK    Km: 86.420")
	cols := []p5Col{
		{"Codice", 50, false, func(it p5Item) string { return it.code }, false},
		{"Descrizione", 105, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Q.tà", 320, true, func(it p5Item) string { return qtyStr(it.qty, "de") }, false},
		{"Prezzo", 380, true, func(it p5Item) string { return money(it.price, "de") }, false},
		{"Sconto %", 430, true, func(it p5Item) string { return it.rebate }, false},
		{"Importo", 495, true, func(it p5Item) string { return money(it.amount(), "de") }, false},
		{"IVA", 540, true, func(it p5Item) string { return "22" }, false},
	}
	y := 228.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+5)
	y += 18
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 14
	}
	c.Line(50, 545, y-4)
	y = swPairs(c, 340, 545, y+10, 14, [][2]string{{"Imponibile", "€ " + money(net, "de")}, {"IVA 22%", "€ " + money(iva, "de")},
		{"Totale fattura", "€ " + money(gross, "de")}}, lastBold(3))
	c.Font(false, 8.5)
	c.Text(50, y+16, "Pagamento: Bonifico bancario - Scadenza 19/10/2024")
	c.Text(50, y+27, "IBAN: "+iban+" - Banca Intesa Sanpaolo, filiale di Firenze")
	c.Text(50, y+38, "Garanzia ricambi 24 mesi. Copia di cortesia: la fattura elettronica è disponibile nel Suo cassetto fiscale.")
	items := truthOf(its)
	return invLayout{"it-officina-sconto", invTruth{number: "187/2024", date: "2024-09-19", due: "2024-10-19", seller: "Autofficina Bellandi s.n.c.", cur: "EUR",
		iban: iban, net: net.String(), tax: iva.String(), gross: gross.String(), items: items}, producedBytes(t, c)}
}

var invKinds6ReportLayouts = []func(testing.TB) invLayout{k6CloudUsageUS, k6Handwerker35aDE, k6OfficinaIT}

// layoutKinds6ReportBar: first scored with the tune part, before any
// rule: 36 of 40 fields (90.0%), 2 of 3 invoices all right:
// de-maler-35a-skonto 13/13; it-officina-sconto 13/13;
// us-cloud-usage-due-on 10/14 (the free-tier credit, a line with no usage
// and no unit price, not read as an item, and every name lost its first
// word: "Compute", "Block Storage", ... taken for another column). No rule
// was written from it. Scored at the end, after the tune part's rules, as
// it came: 36 of 40 (90.0%), 2 of 3 all right, the same misses:
// us-cloud-usage-due-on 10/14 (the free-tier credit row with no usage and
// no unit price left out, each name's first words lost).
//
// Studied after its blind score (the batch's figures above stay its
// estimate), 40 of 40 after a general rule: a line set in a larger type
// right over a line of column titles that is a table header on its own
// ("Charges by service" over "Service | Usage | Unit price | Amount") is
// a caption, not the header's first line; its "service" had made a
// description column right of the names' first words, and the credit row
// with no usage and no unit price was lost with it.
const layoutKinds6ReportBar = 0.97
