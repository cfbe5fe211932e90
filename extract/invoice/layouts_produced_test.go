package invoice

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/internal/testdocs"
)

// A third report batch, written for issue 10 after the other two, imitates
// how real invoice PDFs are produced and not only how they look: drawn
// with testdocs.Produced, every word is its own text object written out of
// reading order, the cells of one row sit on baselines up to 2 pt apart
// and right-aligned amounts end at edges that wander. The letterhead and a
// footer of three or four columns (the IBAN printed in groups of four) are
// repeated on every page; tables run over two pages with carried-forward
// rows; descriptions wrap under the amount line; items sit under section
// headers with notes between them; quantities carry units ("2 Stk",
// "3.5 h"); there are discount, subtotal and "incl." rows; dates are
// written "August 3 , 2014", "3. Aug. 2014", "18 april 2014" and
// "2014/08/03"; amounts carry symbols and codes on either side, or the
// currency is named only in a column title. It was scored as it came: the
// first figure is the bar of TestLayoutSuiteProduced.

// ibanOf returns country+check digits+bban.
func ibanOf(country, bban string) string {
	var digits strings.Builder
	for _, ch := range bban + country + "00" {
		if ch >= '0' && ch <= '9' {
			digits.WriteRune(ch)
		} else {
			fmt.Fprint(&digits, int(ch-'A')+10)
		}
	}
	n, _ := new(big.Int).SetString(digits.String(), 10)
	rem := new(big.Int).Mod(n, big.NewInt(97)).Int64()
	return fmt.Sprintf("%s%02d%s", country, 98-rem, bban)
}

// grouped prints an IBAN in groups of four.
func grouped(iban string) string {
	var b strings.Builder
	for i, r := range iban {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func producedBytes(t testing.TB, c *testdocs.Produced) []byte {
	b, err := c.Bytes()
	require.NoError(t, err)
	return b
}

// pItem is a produced line item with the unit printed with its quantity.
type pItem struct {
	lItem
	unitName string
}

func pItems(its []pItem) []lItem {
	out := make([]lItem, len(its))
	for i, it := range its {
		out[i] = it.lItem
	}
	return out
}

// prodUSAgency: an agency's invoice, "August 3 , 2014", hours as "12.5 h",
// section headers, a note, descriptions wrapped under the amount line, a
// discount row between the subtotal and the tax, "$" before amounts.
func prodUSAgency(t testing.TB) invLayout {
	c := newProduced(11)
	c.AddPage()
	design := []pItem{
		{lItem{desc: []string{"Logo redesign, three concepts and", "two rounds of revisions"}, qty: d("12.5"), unit: d("85")}, "h"},
		{lItem{desc: []string{"Brand guidelines (PDF, 24 pages)"}, qty: d("1"), unit: d("450")}, "ea"},
	}
	dev := []pItem{
		{lItem{desc: []string{"Landing page build, responsive,", "including contact form and analytics"}, qty: d("24"), unit: d("95")}, "h"},
		{lItem{desc: []string{"Hosting setup, first year"}, qty: d("1"), unit: d("240")}, "ea"},
	}
	items := pItems(append(append([]pItem{}, design...), dev...))
	sub := sum(items)
	disc := sub.Mul(d("0.05")).Round(2)
	net := sub.Sub(disc)
	tax := net.Mul(d("0.10")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 16)
	c.Text(50, 40, "Brightline Studio LLC")
	c.Font(false, 8)
	c.Text(50, 60, "410 Pine Street, Suite 200")
	c.Text(50, 70, "Seattle, WA 98101")
	c.Text(50, 80, "hello@brightline.example  ·  (206) 555-0188")
	c.Font(true, 22)
	c.Right(545, 40, "INVOICE")
	c.Font(false, 9)
	for i, m := range [][2]string{{"Invoice #", "BL-2014-0088"}, {"Date", "August 3 , 2014"}, {"Due Date", "September 2 , 2014"}} {
		c.Text(380, 75+float64(i)*12, m[0])
		c.Right(545, 75+float64(i)*12, m[1])
	}
	c.Font(true, 8)
	c.Text(50, 120, "BILL TO")
	c.Font(false, 9)
	c.Text(50, 132, "Harborview Dental Group")
	c.Text(50, 143, "77 Alaskan Way, Seattle, WA 98104")
	y := 180.0
	c.Font(true, 8)
	c.Text(50, y, "DESCRIPTION")
	c.Right(380, y, "QTY")
	c.Right(460, y, "RATE")
	c.Right(545, y, "AMOUNT")
	c.Line(50, 545, y+12)
	y += 20
	section := func(title string, its []pItem) {
		c.Font(true, 9)
		c.Text(50, y, title)
		y += 14
		c.Font(false, 9)
		for _, it := range its {
			c.Text(58, y, it.desc[0])
			c.Right(380, y, qtyStr(it.qty, "en")+" "+it.unitName)
			c.Right(460, y, "$"+money(it.unit, "en"))
			c.Right(545, y, "$"+money(it.total(), "en"))
			for _, more := range it.desc[1:] {
				y += 11
				c.Text(58, y, more)
			}
			y += 16
		}
	}
	section("Design", design)
	section("Development", dev)
	c.Font(false, 8)
	c.Text(50, y, "Note: hosting renews automatically each year unless cancelled in writing.")
	y += 26
	c.Font(false, 9)
	for k, row := range [][2]string{{"Subtotal", "$" + money(sub, "en")}, {"Discount (5%)", "-$" + money(disc, "en")}, {"Net amount", "$" + money(net, "en")},
		{"Sales tax (10%)", "$" + money(tax, "en")}, {"Total", "$" + money(gross, "en")}, {"Balance Due", "USD " + money(gross, "en")}} {
		c.Font(k >= 4, 9)
		c.Text(360, y+float64(k)*14, row[0])
		c.Right(545, y+float64(k)*14, row[1])
	}
	c.Font(false, 7)
	c.Text(50, 800, "Pay by ACH: Evergreen Bank, routing 125000024, account 0012 4477 9021")
	c.Text(50, 809, "Thank you for your business.")
	return invLayout{"us-agency", invTruth{number: "BL-2014-0088", date: "2014-08-03", due: "2014-09-02", seller: "Brightline Studio LLC", cur: "USD",
		net: net.String(), tax: tax.String(), gross: gross.String(), items: items}, producedBytes(t, c)}
}

// prodDEElektro: a German electrician over two pages, letterhead and a
// four-column footer with the IBAN on both, "Pos. Menge Bezeichnung
// Einzelpreis Gesamtpreis" with "2 Stk"/"3,5 Std" in the Menge column,
// descriptions wrapped under the amount, "Übertrag" rows at the page
// break, "Rechnungsdatum: 3. Aug. 2014".
func prodDEElektro(t testing.TB) invLayout {
	c := newProduced(12)
	iban := ibanOf("DE", "39050000"+"1071234567")
	items := []pItem{
		{lItem{desc: []string{"Arbeitszeit Elektromeister"}, qty: d("3.5"), unit: d("62")}, "Std"},
		{lItem{desc: []string{"Arbeitszeit Geselle"}, qty: d("7"), unit: d("48")}, "Std"},
		{lItem{desc: []string{"NYM-J 3x1,5 mm² Mantelleitung,", "Ring 50 m, grau"}, qty: d("2"), unit: d("38.90")}, "Stk"},
		{lItem{desc: []string{"Schalterprogramm reinweiß, Wechselschalter"}, qty: d("6"), unit: d("7.45")}, "Stk"},
		{lItem{desc: []string{"Steckdose mit Klappdeckel IP44"}, qty: d("4"), unit: d("11.20")}, "Stk"},
		{lItem{desc: []string{"Unterverteilung 2-reihig, 24 TE,", "inkl. Hutschienen und N/PE-Klemmen"}, qty: d("1"), unit: d("129")}, "Stk"},
		{lItem{desc: []string{"FI/LS-Schalter B16 30 mA"}, qty: d("5"), unit: d("42.80")}, "Stk"},
		{lItem{desc: []string{"Installationsrohr M20 flexibel"}, qty: d("25"), unit: d("0.95")}, "m"},
		{lItem{desc: []string{"Abzweigdosen AP, grau"}, qty: d("8"), unit: d("2.15")}, "Stk"},
		{lItem{desc: []string{"Kleinmaterial, Befestigung, Dübel"}, qty: d("1"), unit: d("24.50")}, "psch"},
		{lItem{desc: []string{"Prüfung nach DIN VDE 0100-600", "mit Prüfprotokoll"}, qty: d("1"), unit: d("95")}, "psch"},
		{lItem{desc: []string{"Entsorgung Altmaterial"}, qty: d("1"), unit: d("18")}, "psch"},
		{lItem{desc: []string{"Anfahrt Zone 2"}, qty: d("2"), unit: d("28")}, "Stk"},
	}
	li := pItems(items)
	net := sum(li)
	tax := net.Mul(d("0.19")).Round(2)
	gross := net.Add(tax)
	head := func() {
		c.AddPage()
		c.Font(true, 15)
		c.Text(50, 36, "Elektro Schmitt GmbH & Co. KG")
		c.Font(false, 8)
		c.Text(50, 54, "Meisterbetrieb der Elektroinnung · Kaiserstraße 41 · 52062 Aachen")
		c.Font(false, 6.5)
		cols := [][]string{
			{"Elektro Schmitt GmbH & Co. KG", "Kaiserstraße 41", "52062 Aachen"},
			{"Tel. 0241 123456", "info@elektro-schmitt.example", "www.elektro-schmitt.example"},
			{"Sparkasse Aachen", "IBAN " + grouped(iban), "BIC AACSDE33XXX"},
			{"Amtsgericht Aachen HRA 4711", "Geschäftsführer: J. Schmitt", "USt-IdNr. DE811234567"},
		}
		for k, col := range cols {
			for j, s := range col {
				c.Text(50+float64(k)*128, 790+float64(j)*8, s)
			}
		}
		c.Font(false, 8)
		c.Right(545, 770, fmt.Sprintf("Seite %d von 2", c.Page()))
	}
	head()
	c.Font(false, 8)
	c.Text(50, 90, "Elektro Schmitt GmbH & Co. KG · Kaiserstraße 41 · 52062 Aachen")
	c.Font(false, 10)
	c.Text(50, 108, "Herrn")
	c.Text(50, 120, "Thomas Becker")
	c.Text(50, 132, "Lindenweg 12")
	c.Text(50, 144, "52066 Aachen")
	c.Font(false, 9)
	for i, m := range [][2]string{{"Rechnungsnummer:", "RE-2014-1187"}, {"Kundennummer:", "K-20331"}, {"Rechnungsdatum:", "3. Aug. 2014"}, {"Leistungsdatum:", "28.07.2014"}} {
		c.Text(360, 108+float64(i)*12, m[0])
		c.Right(545, 108+float64(i)*12, m[1])
	}
	c.Font(true, 13)
	c.Text(50, 190, "Rechnung")
	c.Font(false, 9)
	c.Text(50, 208, "Für die Elektroinstallation im Kellergeschoss berechnen wir Ihnen wie vereinbart:")
	tableHead := func(y float64) {
		c.Font(true, 8)
		c.Text(50, y, "Pos.")
		c.Text(78, y, "Menge")
		c.Text(130, y, "Bezeichnung")
		c.Right(470, y, "Einzelpreis")
		c.Right(545, y, "Gesamtpreis")
		c.Line(50, 545, y+11)
		c.Font(false, 9)
	}
	y := 236.0
	tableHead(y)
	y += 18
	var carried decimal.Decimal
	for i, it := range items {
		if i == 8 {
			c.Font(false, 9)
			c.Text(300, y+4, "Übertrag")
			c.Right(545, y+4, money(carried, "de"))
			head()
			y = 90
			tableHead(y)
			y += 18
			c.Text(300, y, "Übertrag")
			c.Right(545, y, money(carried, "de"))
			y += 16
		}
		c.Text(50, y, fmt.Sprint(i+1))
		c.Text(78, y, qtyStr(it.qty, "de")+" "+it.unitName)
		c.Text(130, y, it.desc[0])
		c.Right(470, y, money(it.unit, "de"))
		c.Right(545, y, money(it.total(), "de"))
		for _, more := range it.desc[1:] {
			y += 11
			c.Text(130, y, more)
		}
		carried = carried.Add(it.total())
		y += 16
	}
	y += 8
	for k, row := range [][2]string{{"Nettobetrag", money(net, "de") + " €"}, {"zzgl. 19 % USt.", money(tax, "de") + " €"}, {"Rechnungsbetrag", money(gross, "de") + " €"}} {
		c.Font(k == 2, 9)
		c.Text(330, y+float64(k)*14, row[0])
		c.Right(545, y+float64(k)*14, row[1])
	}
	c.Font(false, 9)
	c.Text(50, y+60, "Zahlbar ohne Abzug bis zum 17.08.2014.")
	return invLayout{"de-elektro-2pages", invTruth{number: "RE-2014-1187", date: "2014-08-03", due: "2014-08-17", seller: "Elektro Schmitt GmbH & Co. KG", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: li}, producedBytes(t, c)}
}

// prodNLWebshop: a Dutch webshop, prices including VAT, "18 april 2014",
// "Inclusief 21% BTW" below the total, shipping as an item, "€ 12,95",
// the IBAN in a three-column footer.
func prodNLWebshop(t testing.TB) invLayout {
	c := newProduced(13)
	c.AddPage()
	iban := ibanOf("NL", "RABO0312345678")
	items := []pItem{
		{lItem{desc: []string{"Bamboe snijplank set (3 stuks)"}, qty: d("2"), unit: d("24.95")}, "st"},
		{lItem{desc: []string{"Koksmes 20 cm, RVS"}, qty: d("1"), unit: d("49.50")}, "st"},
		{lItem{desc: []string{"Verzendkosten PostNL"}, qty: d("1"), unit: d("4.95")}, ""},
	}
	li := pItems(items)
	gross := sum(li)
	tax := gross.Sub(gross.Div(d("1.21")).Round(2))
	c.Font(true, 16)
	c.Text(50, 40, "KookGerei.nl B.V.")
	c.Font(false, 8)
	c.Text(50, 58, "Kanaalweg 8, 3526 KL Utrecht")
	c.Font(false, 10)
	c.Text(50, 110, "Dhr. P. de Boer")
	c.Text(50, 122, "Schoolstraat 19")
	c.Text(50, 134, "2011 AB Haarlem")
	c.Font(true, 18)
	c.Text(340, 110, "Factuur")
	c.Font(false, 9)
	for i, m := range [][2]string{{"Factuurnummer", "KG-2014-004417"}, {"Factuurdatum", "18 april 2014"}, {"Bestelnummer", "1004417"}, {"Klantnummer", "88213"}} {
		c.Text(340, 132+float64(i)*12, m[0])
		c.Text(440, 132+float64(i)*12, m[1])
	}
	y := 220.0
	c.Font(true, 8)
	c.Text(50, y, "Artikel")
	c.Right(380, y, "Aantal")
	c.Right(460, y, "Prijs per stuk")
	c.Right(545, y, "Totaal")
	c.Font(false, 9)
	y += 18
	for _, it := range items {
		c.Text(50, y, it.desc[0])
		c.Right(380, y, qtyStr(it.qty, "de"))
		c.Right(460, y, "€ "+money(it.unit, "de"))
		c.Right(545, y, "€ "+money(it.total(), "de"))
		y += 15
	}
	y += 14
	c.Font(true, 10)
	c.Text(360, y, "Totaal")
	c.Right(545, y, "€ "+money(gross, "de"))
	c.Font(false, 8)
	c.Text(360, y+14, "Inclusief 21% BTW")
	c.Right(545, y+14, "€ "+money(tax, "de"))
	c.Text(50, y+50, "Betaald via iDEAL op 18 april 2014. U hoeft niets meer te doen.")
	c.Font(false, 7)
	cols := [][]string{{"KookGerei.nl B.V.", "Kanaalweg 8", "3526 KL Utrecht"}, {"KvK 30281234", "BTW NL812345678B01", "klantenservice@kookgerei.example"}, {"Rabobank", "IBAN " + grouped(iban), "BIC RABONL2U"}}
	for k, col := range cols {
		for j, s := range col {
			c.Text(50+float64(k)*170, 795+float64(j)*9, s)
		}
	}
	return invLayout{"nl-webshop-incl", invTruth{number: "KG-2014-004417", date: "2014-04-18", seller: "KookGerei.nl B.V.", cur: "EUR",
		iban: iban, tax: tax.String(), gross: gross.String(), items: li}, producedBytes(t, c)}
}

// prodSGTrading: a Singapore trading company, "2014/08/03", the currency
// only in the column title "Amount (SGD)", "10 ctn" quantities, a note
// row, GST.
func prodSGTrading(t testing.TB) invLayout {
	c := newProduced(14)
	c.AddPage()
	items := []pItem{
		{lItem{desc: []string{"Jasmine rice 10 kg"}, qty: d("10"), unit: d("18.60")}, "ctn"},
		{lItem{desc: []string{"Cooking oil 2 L x 6"}, qty: d("4"), unit: d("31.20")}, "ctn"},
		{lItem{desc: []string{"Soy sauce 640 ml x 12, dark,", "Kwong Cheong Thye"}, qty: d("3"), unit: d("27.50")}, "ctn"},
		{lItem{desc: []string{"Paper towels 2-ply"}, qty: d("12"), unit: d("3.85")}, "pkt"},
	}
	li := pItems(items)
	net := sum(li)
	tax := net.Mul(d("0.07")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 14)
	c.Text(50, 40, "Lion City Provisions Pte. Ltd.")
	c.Font(false, 8)
	c.Text(50, 56, "21 Woodlands Close #05-12, Singapore 737854")
	c.Text(50, 66, "GST Reg No: M2-0098765-4   Tel: 6368 1234")
	c.Font(true, 13)
	c.Text(400, 40, "TAX INVOICE")
	c.Font(false, 9)
	for i, m := range [][2]string{{"Invoice No", ": LCP/14/08/0231"}, {"Date", ": 2014/08/03"}, {"Terms", ": 30 Days"}, {"D/O No", ": DO-77120"}} {
		c.Text(400, 60+float64(i)*12, m[0])
		c.Text(455, 60+float64(i)*12, m[1])
	}
	c.Text(50, 100, "Bill To:")
	c.Text(50, 112, "Golden Bowl Restaurant")
	c.Text(50, 124, "3 Jalan Besar #01-01, Singapore 208787")
	y := 170.0
	c.Font(true, 8)
	c.Text(50, y, "S/No")
	c.Text(80, y, "Description")
	c.Right(370, y, "Qty")
	c.Right(450, y, "Unit Price")
	c.Right(545, y, "Amount (SGD)")
	c.Font(false, 9)
	y += 18
	for i, it := range items {
		c.Text(50, y, fmt.Sprint(i+1))
		c.Text(80, y, it.desc[0])
		c.Right(370, y, qtyStr(it.qty, "en")+" "+it.unitName)
		c.Right(450, y, money(it.unit, "en"))
		c.Right(545, y, money(it.total(), "en"))
		for _, more := range it.desc[1:] {
			y += 11
			c.Text(80, y, more)
		}
		y += 15
	}
	c.Font(false, 8)
	c.Text(80, y, "** Goods delivered to back door, loading bay 3 **")
	y += 24
	c.Font(false, 9)
	for k, row := range [][2]string{{"Sub-Total", money(net, "en")}, {"Add: GST 7%", money(tax, "en")}, {"Total Amount Payable", money(gross, "en")}} {
		c.Font(k == 2, 9)
		c.Text(330, y+float64(k)*14, row[0])
		c.Right(545, y+float64(k)*14, row[1])
	}
	c.Font(false, 7)
	c.Text(50, 790, "Cheques should be crossed and made payable to Lion City Provisions Pte. Ltd.")
	c.Text(50, 799, "Goods sold are not returnable. This is a computer generated invoice, no signature required.")
	return invLayout{"sg-trading", invTruth{number: "LCP/14/08/0231", date: "2014-08-03", seller: "Lion City Provisions Pte. Ltd.", cur: "SGD",
		net: net.String(), tax: tax.String(), gross: gross.String(), items: li}, producedBytes(t, c)}
}

// prodFRConseil: a French consultant, days and hours as units, section
// headers "Phase 1 – ...", a "Remise" row, "EUR" after the totals, the
// IBAN grouped in the footer, "Date : 18 avril 2014".
func prodFRConseil(t testing.TB) invLayout {
	c := newProduced(15)
	c.AddPage()
	iban := ibanOf("FR", "3000300420"+"00050123456"+"78")
	p1 := []pItem{
		{lItem{desc: []string{"Entretiens avec la direction"}, qty: d("1.5"), unit: d("800")}, "j"},
		{lItem{desc: []string{"Analyse des processus comptables", "et rapport de synthèse"}, qty: d("3"), unit: d("800")}, "j"},
	}
	p2 := []pItem{
		{lItem{desc: []string{"Atelier de formation"}, qty: d("6"), unit: d("120")}, "h"},
	}
	li := pItems(append(append([]pItem{}, p1...), p2...))
	sub := sum(li)
	disc := sub.Mul(d("0.10")).Round(2)
	net := sub.Sub(disc)
	tax := net.Mul(d("0.20")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 15)
	c.Text(50, 40, "Cabinet Lefèvre Conseil")
	c.Font(false, 8)
	c.Text(50, 56, "12 boulevard Haussmann, 75009 Paris")
	c.Text(50, 66, "SIRET 812 345 678 00021 · TVA FR45812345678")
	c.Font(true, 18)
	c.Right(545, 40, "FACTURE")
	c.Font(false, 9)
	c.Right(545, 62, "N° 2014-042")
	c.Right(545, 74, "Date : 18 avril 2014")
	c.Right(545, 86, "Échéance : 18 mai 2014")
	c.Text(330, 120, "Société Durand & Fils")
	c.Text(330, 132, "4 rue de la République, 69002 Lyon")
	y := 180.0
	c.Font(true, 8)
	c.Text(50, y, "Désignation")
	c.Right(380, y, "Qté")
	c.Right(460, y, "P.U. HT")
	c.Right(545, y, "Montant HT")
	c.Font(false, 9)
	y += 18
	section := func(title string, its []pItem) {
		c.Font(true, 9)
		c.Text(50, y, title)
		c.Font(false, 9)
		y += 14
		for _, it := range its {
			c.Text(58, y, it.desc[0])
			c.Right(380, y, qtyStr(it.qty, "fr")+" "+it.unitName)
			c.Right(460, y, money(it.unit, "fr")+" €")
			c.Right(545, y, money(it.total(), "fr")+" €")
			for _, more := range it.desc[1:] {
				y += 11
				c.Text(58, y, more)
			}
			y += 15
		}
	}
	section("Phase 1 – Diagnostic", p1)
	section("Phase 2 – Formation", p2)
	y += 14
	for k, row := range [][2]string{{"Total HT avant remise", money(sub, "fr") + " EUR"}, {"Remise 10 %", "-" + money(disc, "fr") + " EUR"}, {"Total HT", money(net, "fr") + " EUR"},
		{"TVA 20 %", money(tax, "fr") + " EUR"}, {"Total TTC", money(gross, "fr") + " EUR"}} {
		c.Font(k == 4, 9)
		c.Text(330, y+float64(k)*14, row[0])
		c.Right(545, y+float64(k)*14, row[1])
	}
	c.Font(false, 7)
	cols := [][]string{{"Cabinet Lefèvre Conseil SAS", "12 boulevard Haussmann", "75009 Paris"}, {"Banque : Société Générale", "IBAN " + grouped(iban), "BIC SOGEFRPP"},
		{"Pénalités de retard : 3 fois le taux légal", "Indemnité forfaitaire : 40 €", "Pas d'escompte pour paiement anticipé"}}
	for k, col := range cols {
		for j, s := range col {
			c.Text(50+float64(k)*170, 792+float64(j)*9, s)
		}
	}
	return invLayout{"fr-conseil-remise", invTruth{number: "2014-042", date: "2014-04-18", due: "2014-05-18", seller: "Cabinet Lefèvre Conseil", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: li}, producedBytes(t, c)}
}

// prodUKTwoPages: a UK wholesaler over two pages with the letterhead and a
// four-column footer (IBAN grouped) on both, "Carried forward"/"Brought
// forward" rows, "3 Aug 2014", "£" before amounts and "GBP" after totals.
func prodUKTwoPages(t testing.TB) invLayout {
	c := newProduced(16)
	iban := ibanOf("GB", "LOYD30963612345678")
	var items []pItem
	names := []string{"Oak dining chair, natural finish", "Walnut side table", "Linen cushion cover 45 cm", "Wool throw, charcoal", "Ceramic table lamp with", "Jute rug 160 x 230 cm",
		"Pine bookshelf, 5 shelves", "Brass coat hooks (set of 4)", "Cotton napkins (set of 6)", "Stoneware dinner plate", "Glass carafe 1 L", "Teak serving board",
		"Enamel mug, white", "Rattan storage basket", "Bamboo bath mat", "Copper plant pot, large", "Wall clock 30 cm", "Mirror, round, 60 cm"}
	for i, n := range names {
		desc := []string{n}
		if i == 4 {
			desc = append(desc, "fabric shade, bulb not included")
		}
		items = append(items, pItem{lItem{desc: desc, qty: decimal.NewFromInt(int64(1 + i%4)), unit: decimal.New(int64(1250+i*735), -2)}, ""})
	}
	li := pItems(items)
	net := sum(li)
	tax := net.Mul(d("0.20")).Round(2)
	gross := net.Add(tax)
	head := func() {
		c.AddPage()
		c.Font(true, 15)
		c.Text(50, 36, "Hawthorn & Finch Interiors Ltd")
		c.Font(false, 8)
		c.Text(50, 52, "Unit 4, Riverside Trading Estate, Leeds LS11 5QT")
		c.Font(true, 12)
		c.Right(545, 36, "INVOICE")
		c.Font(false, 6.5)
		cols := [][]string{{"Hawthorn & Finch Interiors Ltd", "Registered in England No. 08123456", "VAT Reg. GB 123 4567 89"},
			{"Lloyds Bank plc", "Sort code 30-96-36  Account 12345678", "IBAN " + grouped(iban)}, {"BIC LOYDGB21", "Terms: 30 days net", "accounts@hawthornfinch.example"}, {fmt.Sprintf("Page %d of 2", c.Page())}}
		for k, col := range cols {
			for j, s := range col {
				c.Text(50+float64(k)*135, 792+float64(j)*8, s)
			}
		}
	}
	tableHead := func(y float64) {
		c.Font(true, 8)
		c.Text(50, y, "Code")
		c.Text(95, y, "Description")
		c.Right(390, y, "Qty")
		c.Right(465, y, "Unit price")
		c.Right(545, y, "Net")
		c.Font(false, 9)
	}
	head()
	c.Font(false, 9)
	for i, m := range [][2]string{{"Invoice no.", "HF-30771"}, {"Invoice date", "3 Aug 2014"}, {"Due date", "2 Sep 2014"}, {"Customer ref.", "PO 5521"}} {
		c.Text(370, 70+float64(i)*12, m[0])
		c.Right(545, 70+float64(i)*12, m[1])
	}
	c.Text(50, 80, "Invoice to:")
	c.Text(50, 92, "The Old Mill Boutique Hotel")
	c.Text(50, 104, "Mill Lane, Harrogate HG1 2AB")
	y := 150.0
	tableHead(y)
	y += 18
	var carried decimal.Decimal
	for i, it := range items {
		if i == 12 {
			c.Font(true, 9)
			c.Text(300, y+4, "Carried forward")
			c.Right(545, y+4, "£"+money(carried, "en"))
			head()
			y = 80
			tableHead(y)
			y += 18
			c.Font(true, 9)
			c.Text(300, y, "Brought forward")
			c.Right(545, y, "£"+money(carried, "en"))
			c.Font(false, 9)
			y += 16
		}
		c.Text(50, y, fmt.Sprintf("HF%04d", 1200+i*7))
		c.Text(95, y, it.desc[0])
		c.Right(390, y, qtyStr(it.qty, "en"))
		c.Right(465, y, "£"+money(it.unit, "en"))
		c.Right(545, y, "£"+money(it.total(), "en"))
		for _, more := range it.desc[1:] {
			y += 11
			c.Text(95, y, more)
		}
		carried = carried.Add(it.total())
		y += 22
	}
	y += 6
	for k, row := range [][2]string{{"Total net", money(net, "en") + " GBP"}, {"VAT @ 20%", money(tax, "en") + " GBP"}, {"Total due", money(gross, "en") + " GBP"}} {
		c.Font(k == 2, 9)
		c.Text(330, y+float64(k)*14, row[0])
		c.Right(545, y+float64(k)*14, row[1])
	}
	return invLayout{"uk-two-pages", invTruth{number: "HF-30771", date: "2014-08-03", due: "2014-09-02", seller: "Hawthorn & Finch Interiors Ltd", cur: "GBP",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: li}, producedBytes(t, c)}
}

var invProducedLayouts = []func(testing.TB) invLayout{prodUSAgency, prodDEElektro, prodNLWebshop, prodSGTrading, prodFRConseil, prodUKTwoPages}

// layoutProducedBar is the share of fields of the produced batch that
// must be read. First scored as it came: 64 of 73 (87.7%); then all 73
// after general rules ("Net" as an amount column title; a section title is
// told from a wrapped description line by its indent; a discount among the
// totals is the allowance when the line sum minus it is the net;
// "Inclusief 21% BTW" is a tax label; a due date after "Zahlbar ohne Abzug
// bis zum"; a sentence's full stop after a date's year; "N° 2014-042" on
// the line under the title).
const layoutProducedBar = 0.97

// perCharProduced makes newProduced draw character by character, and
// glyphOrderProduced with the glyphs shuffled too (set only by the PerChar
// tests, which do not run in parallel).
var perCharProduced, glyphOrderProduced bool

// kernProduced is testdocs.Produced.Kern for the layouts drawn next.
var kernProduced float64

func newProduced(seed uint64) *testdocs.Produced {
	c := testdocs.NewProduced(seed)
	c.PerChar = perCharProduced
	c.GlyphOrder = glyphOrderProduced
	c.Kern = kernProduced
	return c
}

// layoutPerCharBar: every field was read when this variant was first
// scored, before any rule for it.
const layoutPerCharBar = 0.97

// TestLayoutSuiteProduced scores every produced batch, each against its own
// bar (the constants say how it first scored): drawn word by word, and the
// earlier batches character by character (a word's characters in order,
// the words shuffled) or glyph by glyph in shuffled order, so that no two
// glyphs of a word follow each other in the content stream (first scored as
// it came, the first two batches: 4 of 122 fields, 3.3%, the PDF reader's
// words being single glyphs; all 122 once the touching words of a text
// layer were joined, layout.JoinTouching; the third and fourth batches,
// first scored after the fourth batch's rules, 95 of 96 both ways, the same
// as drawn word by word). The tables are logged (-v); one batch: -run
// 'TestLayoutSuiteProduced/^5$'.
func TestLayoutSuiteProduced(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	defer func() { perCharProduced, glyphOrderProduced, kernProduced = false, false, 0 }()
	cat := func(ls ...[]func(testing.TB) invLayout) []func(testing.TB) invLayout {
		var out []func(testing.TB) invLayout
		for _, l := range ls {
			out = append(out, l...)
		}
		return out
	}
	first2 := cat(invProducedLayouts, invProduced2Layouts)
	later := cat(invProduced3Layouts, invProduced4Layouts)
	for _, b := range []struct {
		name                string
		layouts             []func(testing.TB) invLayout
		perChar, glyphOrder bool
		bar                 float64
		// kern: the chance of a glyph set apart from the one before
		// (testdocs.Produced.Kern).
		kern float64
	}{
		{"1", invProducedLayouts, false, false, layoutProducedBar, 0},
		{"2", invProduced2Layouts, false, false, layoutProduced2Bar, 0},
		{"3", invProduced3Layouts, false, false, layoutProduced3Bar, 0},
		{"4", invProduced4Layouts, false, false, layoutProduced4Bar, 0},
		{"5", invProduced5Layouts, false, false, layoutProduced5Bar, 0},
		{"1+2 per char", first2, true, false, layoutPerCharBar, 0},
		{"1+2 glyph order", first2, true, true, layoutPerCharBar, 0},
		{"3+4 per char", later, true, false, layoutProduced4Bar, 0},
		{"3+4 glyph order", later, true, true, layoutProduced4Bar, 0},
		{"5 glyph order", cat(invProduced5Layouts, invProduced5bLayouts), true, true, layoutProduced5Bar, 0},
		{"5 later", invProduced5bLayouts, false, false, layoutProduced5bBar, 0},
		{"1-5 kerned", cat(first2, later, invProduced5Layouts, invProduced5bLayouts), false, false, layoutKernedBar, 0.04},
	} {
		t.Run(b.name, func(t *testing.T) {
			perCharProduced, glyphOrderProduced, kernProduced = b.perChar, b.glyphOrder, b.kern
			share, report := scoreLayouts(t, b.layouts)
			t.Logf("produced batch %s\n%s", b.name, report)
			require.GreaterOrEqual(t, share, b.bar, "share of fields read, produced batch %s", b.name)
		})
	}
}

// layoutKernedBar: batches 1-5 with 4% of glyphs set 0.12-0.22 em apart
// from the one before (testdocs.Produced.Kern), as the text layers of real
// documents show ("1 7.02.2025", "G  irokonto"). First scored as it came,
// before any rule for it (our estimate for invoices nobody has seen): 232
// of 344 fields (67.4%), no invoice all right, much like the figure from
// real invoices nobody on the project has seen (~70%): line names split
// ("Bri ghtline", "Schalte rprogramm") with their kerned numbers dropped,
// invoice numbers cut at the break ("BL-2014" of "BL-2014-0088"), amounts
// read from their tail ("2.6" of "2.630,00"), dates not found.
//
// 343 of 344 (99.7%, 27 of 28 invoices all right) once the statements'
// rule moved to layout.JoinKerned and both readers use it: words of a text
// layer closer than 0.85 of their font's word space in the document, at
// most 0.25 em, are one word. The word space is the tight cluster of a
// font's gaps (per size and weight, over all the document's pages, the
// figure over all fonts for a font with too few gaps or none clustered);
// two words stay apart when one is a whole date or amount beside a word of
// letters, when the first ends in "." or ":" before a letter ("11."
// "Juli"), and when a word ending in a lower-case letter stands before a
// code with a digit ("Avoir" "AV-2017-0005"). Written first with the
// bank reader's page-wide upper quartile, the rule read 343 here too but
// joined the 0.17 em spaces of a narrow font in real e-invoices of the
// corpus (TestCorpus lost an invoice number and a date: their spaces
// cluster at 0.17 em, their double spaces at 0.34 em); the corpus figures
// are now unchanged. Left: the IRPF validation, missed unkerned too.
const layoutKernedBar = 343.0 / 344
