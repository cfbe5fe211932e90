package invoice

import (
	"fmt"
	"strings"
	"testing"
)

// A second produced batch, written after the first one's rules and scored
// as it came (TestLayoutSuiteProduced2): the seller's name only in the
// sender line and the footer (the letterhead is a logo), "Beleg-Nr.",
// two-digit years, a per-line discount column, totals as a grid of titles
// over values; amounts with no currency printed at all (the IBAN's
// country is the only evidence); descriptions that wrap above the amount
// line; a table continued on a second page without its header; "Aug 3rd,
// 2014"; a Swiss invoice with a QR-bill receipt at the bottom.

// prod2DELogo: the name only in the sender line and the footer, "Beleg-Nr."
// and "Datum 03.08.14", a "Rabatt %" column, the totals grid.
func prod2DELogo(t testing.TB) invLayout {
	c := newProduced(21)
	c.AddPage()
	iban := ibanOf("DE", "60050101"+"0004451234")
	type row struct {
		desc        string
		qty, list   string
		rebate      string // percent
		unitName    string
		articleCode string
	}
	rows := []row{
		{"Druckerpapier A4 80 g, 500 Blatt", "20", "4.90", "10", "Pck", "100-2201"},
		{"Toner schwarz HL-L2350", "3", "39.90", "0", "Stk", "300-1187"},
		{"Ordner breit, blau", "25", "2.49", "5", "Stk", "120-0045"},
		{"Kugelschreiber, 50er Box", "2", "18.50", "0", "Box", "140-0310"},
	}
	var items []lItem
	for _, r := range rows {
		list := d(r.list)
		unit := list.Mul(d("100").Sub(d(r.rebate))).Div(d("100"))
		items = append(items, lItem{desc: []string{r.desc}, qty: d(r.qty), unit: unit})
	}
	net := sum(items)
	tax := net.Mul(d("0.19")).Round(2)
	gross := net.Add(tax)
	c.Font(false, 7)
	c.Text(50, 92, "Büro Krämer GmbH · Hafenstraße 8 · 70173 Stuttgart")
	c.Font(false, 10)
	c.Text(50, 108, "Steuerkanzlei Weber & Partner")
	c.Text(50, 120, "Königstraße 22")
	c.Text(50, 132, "70173 Stuttgart")
	c.Font(false, 9)
	for i, m := range [][2]string{{"Beleg-Nr.", "VR-148823"}, {"Kunden-Nr.", "20455"}, {"Datum", "03.08.14"}, {"Seite", "1"}} {
		c.Text(380, 108+float64(i)*12, m[0])
		c.Text(450, 108+float64(i)*12, m[1])
	}
	c.Font(true, 12)
	c.Text(50, 180, "Rechnung")
	y := 210.0
	c.Font(true, 8)
	c.Text(50, y, "Art.-Nr.")
	c.Text(100, y, "Bezeichnung")
	c.Right(330, y, "Menge")
	c.Text(336, y, "ME")
	c.Right(420, y, "Einzelpreis")
	c.Right(465, y, "Rabatt %")
	c.Right(545, y, "Gesamt")
	c.Font(false, 9)
	y += 16
	for i, r := range rows {
		c.Text(50, y, r.articleCode)
		c.Text(100, y, r.desc)
		c.Right(330, y, r.qty)
		c.Text(336, y, r.unitName)
		c.Right(420, y, money(d(r.list), "de"))
		if r.rebate != "0" {
			c.Right(465, y, r.rebate+",00")
		}
		c.Right(545, y, money(items[i].total(), "de"))
		y += 14
	}
	y += 20
	c.Font(true, 8)
	for k, s := range []string{"Warenwert netto", "USt 19 %", "Gesamtbetrag EUR"} {
		c.Right(365+float64(k)*90, y, s)
	}
	c.Font(false, 9)
	for k, v := range []string{money(net, "de"), money(tax, "de"), money(gross, "de")} {
		c.Right(365+float64(k)*90, y+12, v)
	}
	c.Text(50, y+50, "Zahlbar innerhalb von 14 Tagen ohne Abzug.")
	c.Font(false, 6.5)
	cols := [][]string{{"Büro Krämer GmbH", "Hafenstraße 8", "70173 Stuttgart"}, {"Geschäftsführerin: Petra Krämer", "HRB 712345 Amtsgericht Stuttgart", "USt-IdNr. DE287654321"},
		{"Postbank Stuttgart", "IBAN " + grouped(iban), "BIC PBNKDEFF"}}
	for k, col := range cols {
		for j, s := range col {
			c.Text(50+float64(k)*170, 795+float64(j)*8, s)
		}
	}
	return invLayout{"de-logo-rebate", invTruth{number: "VR-148823", date: "2014-08-03", seller: "Büro Krämer GmbH", cur: "EUR", iban: iban,
		net: net.String(), tax: tax.String(), gross: gross.String(), items: items}, producedBytes(t, c)}
}

// prod2NLNoSymbol: no currency printed anywhere, the IBAN in the footer,
// "03-08-2014", descriptions that wrap above their amount line.
func prod2NLNoSymbol(t testing.TB) invLayout {
	c := newProduced(22)
	c.AddPage()
	iban := ibanOf("NL", "INGB0006543210")
	items := []lItem{
		{desc: []string{"Ontwerp en opmaak jaarverslag 2013,", "inclusief twee correctierondes"}, qty: d("1"), unit: d("1450")},
		{desc: []string{"Fotografie directie"}, qty: d("4"), unit: d("95")},
		{desc: []string{"Drukwerk jaarverslag, 250 exemplaren,", "full colour op 150 grams mat mc"}, qty: d("250"), unit: d("3.20")},
	}
	net := sum(items)
	tax := net.Mul(d("0.21")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 15)
	c.Text(50, 40, "Studio Vermeulen")
	c.Font(false, 8)
	c.Text(50, 56, "Oudegracht 112, 3511 AX Utrecht")
	c.Font(false, 10)
	c.Text(50, 100, "Stichting Groen Wonen")
	c.Text(50, 112, "t.a.v. de heer M. Dekker")
	c.Text(50, 124, "Postbus 4410, 3502 HK Utrecht")
	c.Font(false, 9)
	for i, m := range [][2]string{{"Factuurnummer", "2014.0067"}, {"Factuurdatum", "03-08-2014"}, {"Vervaldatum", "02-09-2014"}} {
		c.Text(360, 100+float64(i)*12, m[0])
		c.Right(545, 100+float64(i)*12, m[1])
	}
	c.Font(true, 14)
	c.Text(50, 170, "Factuur")
	y := 200.0
	c.Font(true, 8)
	c.Text(50, y, "Omschrijving")
	c.Right(380, y, "Aantal")
	c.Right(460, y, "Prijs")
	c.Right(545, y, "Bedrag")
	c.Font(false, 9)
	y += 16
	for _, it := range items {
		for _, first := range it.desc[:len(it.desc)-1] {
			c.Text(50, y, first)
			y += 11
		}
		c.Text(50, y, it.desc[len(it.desc)-1])
		c.Right(380, y, qtyStr(it.qty, "de"))
		c.Right(460, y, money(it.unit, "de"))
		c.Right(545, y, money(it.total(), "de"))
		y += 16
	}
	y += 10
	for k, r := range [][2]string{{"Subtotaal", money(net, "de")}, {"BTW 21%", money(tax, "de")}, {"Totaal", money(gross, "de")}} {
		c.Font(k == 2, 9)
		c.Text(360, y+float64(k)*14, r[0])
		c.Right(545, y+float64(k)*14, r[1])
	}
	c.Font(false, 7)
	cols := [][]string{{"Studio Vermeulen", "Oudegracht 112", "3511 AX Utrecht"}, {"KvK 61234567", "BTW NL001234567B22", "info@studiovermeulen.example"}, {"ING Bank", grouped(iban), "BIC INGBNL2A"}}
	for k, col := range cols {
		for j, s := range col {
			c.Text(50+float64(k)*170, 795+float64(j)*9, s)
		}
	}
	return invLayout{"nl-no-symbol", invTruth{number: "2014.0067", date: "2014-08-03", due: "2014-09-02", seller: "Studio Vermeulen", cur: "EUR", iban: iban,
		net: net.String(), tax: tax.String(), gross: gross.String(), items: items}, producedBytes(t, c)}
}

// prod2USTwoPages: a US parts supplier, "Aug 3rd, 2014", a table continued
// on page 2 without its header, "TOTAL DUE (USD)".
func prod2USTwoPages(t testing.TB) invLayout {
	c := newProduced(23)
	var items []lItem
	for i := range 22 {
		items = append(items, lItem{desc: []string{fmt.Sprintf("Hex bolt M%d x %d zinc plated, box of 50", 6+i%5*2, 20+i*5)}, qty: d(fmt.Sprint(1 + i%3)), unit: d(fmt.Sprintf("%d.%02d", 7+i, (i*37)%100))})
	}
	net := sum(items)
	tax := net.Mul(d("0.0625")).Round(2)
	gross := net.Add(tax)
	head := func() {
		c.AddPage()
		c.Font(true, 14)
		c.Text(50, 36, "Midwest Fastener Supply, Inc.")
		c.Font(false, 8)
		c.Text(50, 52, "4410 Industrial Pkwy, Columbus, OH 43228 · (614) 555-0130")
		c.Right(545, 36, fmt.Sprintf("Page %d of 2", c.Page()))
	}
	head()
	c.Font(false, 9)
	for i, m := range [][2]string{{"Invoice No.", "MFS-55120"}, {"Invoice Date", "Aug 3rd, 2014"}, {"Due Date", "Sep 2nd, 2014"}, {"Terms", "Net 30"}} {
		c.Text(380, 70+float64(i)*12, m[0])
		c.Right(545, 70+float64(i)*12, m[1])
	}
	c.Text(50, 80, "Ship To / Bill To:")
	c.Text(50, 92, "Riverside Machine Works LLC")
	c.Text(50, 104, "18 Canal St, Dayton, OH 45402")
	y := 150.0
	c.Font(true, 8)
	c.Text(50, y, "Description")
	c.Right(400, y, "Qty")
	c.Right(470, y, "Each")
	c.Right(545, y, "Extended")
	c.Font(false, 9)
	y += 16
	for i, it := range items {
		if i == 17 {
			c.Font(false, 8)
			c.Text(50, y+6, "Continued on next page")
			head()
			c.Font(false, 9)
			y = 80
		}
		c.Text(50, y, it.desc[0])
		c.Right(400, y, qtyStr(it.qty, "en"))
		c.Right(470, y, money(it.unit, "en"))
		c.Right(545, y, money(it.total(), "en"))
		y += 20
	}
	y += 10
	for k, r := range [][2]string{{"Merchandise", "$" + money(net, "en")}, {"Ohio Sales Tax 6.25%", "$" + money(tax, "en")}, {"TOTAL DUE (USD)", "$" + money(gross, "en")}} {
		c.Font(k == 2, 9)
		c.Text(330, y+float64(k)*14, r[0])
		c.Right(545, y+float64(k)*14, r[1])
	}
	return invLayout{"us-two-pages-noheader", invTruth{number: "MFS-55120", date: "2014-08-03", due: "2014-09-02", seller: "Midwest Fastener Supply, Inc.", cur: "USD",
		net: net.String(), tax: tax.String(), gross: gross.String(), items: items}, producedBytes(t, c)}
}

// prod2CHQRBill: a Swiss invoice with "1'234.50", "Stunden" and a QR-bill
// receipt at the bottom ("Empfangsschein", "Konto / Zahlbar an", "Währung
// Betrag").
func prod2CHQRBill(t testing.TB) invLayout {
	c := newProduced(24)
	c.AddPage()
	iban := ibanOf("CH", "0070"+"0110000387896")
	items := []pItem{
		{lItem{desc: []string{"Buchhaltung 2. Quartal 2014"}, qty: d("6.5"), unit: d("140")}, "Std."},
		{lItem{desc: []string{"Mehrwertsteuerabrechnung Q2"}, qty: d("1.5"), unit: d("140")}, "Std."},
		{lItem{desc: []string{"Lohnabrechnungen Juni (4 Mitarbeitende)"}, qty: d("4"), unit: d("35")}, "Stk."},
	}
	li := pItems(items)
	net := sum(li)
	tax := net.Mul(d("0.08")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 14)
	c.Text(50, 40, "Treuhand Meier AG")
	c.Font(false, 8)
	c.Text(50, 55, "Bahnhofstrasse 17, 8001 Zürich · CHE-123.456.789 MWST")
	c.Font(false, 10)
	c.Text(330, 100, "Bäckerei Frei GmbH")
	c.Text(330, 112, "Dorfstrasse 3")
	c.Text(330, 124, "8400 Winterthur")
	c.Font(false, 9)
	c.Text(50, 150, "Zürich, 3. August 2014")
	c.Font(true, 12)
	c.Text(50, 175, "Rechnung Nr. 2014-0412")
	y := 205.0
	c.Font(true, 8)
	c.Text(50, y, "Leistung")
	c.Right(380, y, "Menge")
	c.Right(460, y, "Ansatz")
	c.Right(545, y, "Betrag CHF")
	c.Font(false, 9)
	y += 16
	for _, it := range items {
		c.Text(50, y, it.desc[0])
		c.Right(380, y, qtyStr(it.qty, "en")+" "+it.unitName)
		c.Right(460, y, money(it.unit, "ch"))
		c.Right(545, y, money(it.total(), "ch"))
		y += 15
	}
	y += 10
	for k, r := range [][2]string{{"Total exkl. MWST", money(net, "ch")}, {"MWST 8.0 %", money(tax, "ch")}, {"Total inkl. MWST", money(gross, "ch")}} {
		c.Font(k == 2, 9)
		c.Text(330, y+float64(k)*14, r[0])
		c.Right(545, y+float64(k)*14, r[1])
	}
	c.Text(50, y+60, "Zahlbar innert 30 Tagen netto.")
	c.Line(0, 595, 560)
	c.Font(true, 10)
	c.Text(20, 570, "Empfangsschein")
	c.Text(200, 570, "Zahlteil")
	c.Font(true, 6)
	c.Text(20, 590, "Konto / Zahlbar an")
	c.Text(380, 590, "Konto / Zahlbar an")
	c.Font(false, 8)
	c.Text(20, 600, grouped(iban))
	c.Text(380, 600, grouped(iban))
	c.Text(20, 610, "Treuhand Meier AG")
	c.Text(380, 610, "Treuhand Meier AG")
	c.Text(20, 620, "Bahnhofstrasse 17")
	c.Text(20, 630, "8001 Zürich")
	c.Font(true, 6)
	c.Text(20, 700, "Währung")
	c.Text(60, 700, "Betrag")
	c.Text(200, 760, "Währung")
	c.Text(250, 760, "Betrag")
	c.Font(false, 8)
	c.Text(20, 710, "CHF")
	c.Text(60, 710, strings.ReplaceAll(money(gross, "ch"), "'", " "))
	c.Text(200, 770, "CHF")
	c.Text(250, 770, strings.ReplaceAll(money(gross, "ch"), "'", " "))
	return invLayout{"ch-qr-bill", invTruth{number: "2014-0412", date: "2014-08-03", seller: "Treuhand Meier AG", cur: "CHF", iban: iban,
		net: net.String(), tax: tax.String(), gross: gross.String(), items: li}, producedBytes(t, c)}
}

var invProduced2Layouts = []func(testing.TB) invLayout{prod2DELogo, prod2NLNoSymbol, prod2USTwoPages, prod2CHQRBill}

// layoutProduced2Bar is the share of fields of the second produced batch
// that must be read. First scored as it came: 43 of 49 (87.8%); all 49
// after general rules (the IBAN's country when nothing printed names the
// currency; a long body line close under the header is not a header line;
// a discount column's percentage as the line allowance when it explains
// the total; "Merchandise" as a net label; a state's name before "Sales
// Tax").
const layoutProduced2Bar = 0.97
