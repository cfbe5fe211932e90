package invoice

import (
	"fmt"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/docextract/docextract/internal/testdocs"
)

// A batch of invoices as open-source invoicing programs print them,
// written for issue 10: most invoices nobody on the project has seen come
// out of invoicing software, each program with its own fixed layout and
// its own translated labels. Each layout below was learnt from the
// program's public source (its report template and its translation files:
// which blocks come in which order, the label words in that language, how
// the locale writes numbers and dates) and is drawn here by our own code
// with our own made-up data, with testdocs.Produced (every word its own
// text object, out of reading order, jittered baselines). The comment of
// each layout says what was learnt. Layouts are split in a tune part (the
// rules may be written from them) and a report part (scored, never looked
// at for rules); both were first scored as they came.

// swPairs draws label/value rows: the label at xl, the value right-aligned
// at xr; bold(k) sets row k bold.
func swPairs(c *testdocs.Produced, xl, xr, y, dy float64, rows [][2]string, bold func(k int) bool) float64 {
	for k, r := range rows {
		c.Font(bold != nil && bold(k), 9)
		c.Text(xl, y+float64(k)*dy, r[0])
		c.Right(xr, y+float64(k)*dy, r[1])
	}
	c.Font(false, 9)
	return y + float64(len(rows))*dy
}

func lastBold(n int) func(int) bool { return func(k int) bool { return k == n-1 } }

func eurDE(v decimal.Decimal) string { return money(v, "de") + " €" }

// swOdooEN: Odoo's account.report_invoice_document (views/report_invoice.xml)
// in English under web.external_layout (standard): the company block top
// left, the customer's address in the right half column (offset-col-6);
// an h2 "Invoice INV/2024/00087" (move name with slashes); an
// "informations" row of titles over values, side by side: "Invoice Date:",
// "Due Date:", "Source:", "Reference:"; the table "Description Quantity
// Unit Price Taxes Amount" (quantity with its unit, "5.00 Units"; taxes as
// the tax's label "15%"; amount the untaxed subtotal); section rows in
// bold and, after a section, a right-aligned "Subtotal $ 1,234.00" row;
// note rows in italics; the totals table right: "Untaxed Amount", one row
// per tax group ("Tax 15%"), "Total"; below on the left the payment
// term's note and "Payment Communication: INV/2024/00087"; the footer with
// phone, email, website and the company's tax id, "Page: 1 / 1". en_US
// writes dates 03/15/2024 and money "$ 1,419.10" (symbol before, with a
// space). No bank account is printed by default.
func swOdooEN(t testing.TB) invLayout {
	c := newProduced(101)
	c.AddPage()
	usd := func(v decimal.Decimal) string { return "$ " + money(v, "en") }
	camp := []p5Item{
		{desc: []string{"[TNT-4P] Ridgeline 4-person tent", "Footprint and repair kit included"}, qty: d("4"), unitName: "Units", price: d("389")},
		{desc: []string{"[SLP-20] Summit sleeping bag -7°C"}, qty: d("10"), unitName: "Units", price: d("142.50")},
		{desc: []string{"[STV-2] Compact gas stove"}, qty: d("6"), unitName: "Units", price: d("54.90")},
	}
	svc := []p5Item{
		{desc: []string{"Fitting session for guides"}, qty: d("3"), unitName: "Hours", price: d("85")},
		{desc: []string{"Delivery to trailhead base"}, qty: d("1"), unitName: "Units", price: d("120")},
	}
	all := append(append([]p5Item{}, camp...), svc...)
	net := p5Sum(all)
	tax := net.Mul(d("0.15")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 14)
	c.Text(50, 36, "Larkspur Outdoor Supply Inc.")
	c.Font(false, 8)
	c.Right(545, 40, "Gear for people who go further")
	c.Line(50, 545, 54)
	c.Font(false, 9)
	c.Text(50, 62, "Larkspur Outdoor Supply Inc.")
	c.Text(50, 73, "1820 Foothill Road")
	c.Text(50, 84, "Boulder CO 80302")
	c.Text(50, 95, "United States")
	c.Text(320, 120, "Cascade Guiding Co.")
	c.Text(320, 131, "44 Alpine Way")
	c.Text(320, 142, "Estes Park CO 80517")
	c.Text(320, 153, "United States")
	c.Font(true, 16)
	c.Text(50, 190, "Invoice INV/2024/00087")
	for k, m := range [][2]string{{"Invoice Date:", "03/15/2024"}, {"Due Date:", "04/14/2024"}, {"Source:", "S00231"}, {"Reference:", "PO-7781"}} {
		c.Font(true, 9)
		c.Text(50+float64(k)*125, 220, m[0])
		c.Font(false, 9)
		c.Text(50+float64(k)*125, 232, m[1])
	}
	cols := []p5Col{
		{"Description", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Quantity", 330, true, func(it p5Item) string { return it.qty.StringFixed(2) + " " + it.unitName }, false},
		{"Unit Price", 400, true, func(it p5Item) string { return money(it.price, "en") }, false},
		{"Taxes", 415, false, func(it p5Item) string { return "15%" }, false},
		{"Amount", 545, true, func(it p5Item) string { return usd(it.amount()) }, false},
	}
	y := 265.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	section := func(title string, its []p5Item) {
		c.Font(true, 9)
		c.Text(50, y, title)
		c.Font(false, 9)
		y += 15
		for _, it := range its {
			y = p5Row(c, cols, y, it) + 15
		}
		c.Font(true, 9)
		c.Right(470, y, "Subtotal")
		c.Font(false, 9)
		c.Right(545, y, usd(p5Sum(its)))
		y += 18
	}
	section("Camping equipment", camp)
	section("Services", svc)
	c.Font(false, 8)
	c.Text(50, y, "Guides' fitting sessions are billed by the hour started.")
	y += 24
	y = swPairs(c, 340, 545, y, 15, [][2]string{{"Untaxed Amount", usd(net)}, {"Tax 15%", usd(tax)}, {"Total", usd(gross)}}, func(k int) bool { return k != 1 })
	c.Font(false, 9)
	c.Text(50, y+10, "Payment terms: 30 Days")
	c.Text(50, y+24, "Payment Communication: INV/2024/00087")
	c.Font(false, 7.5)
	c.Text(120, 800, "+1 303-555-0142   billing@larkspur-outdoor.example   www.larkspur-outdoor.example   Tax ID: 84-2719356")
	c.Right(545, 812, "Page: 1 / 1")
	return invLayout{"odoo-en-sections", invTruth{number: "INV/2024/00087", date: "2024-03-15", due: "2024-04-14", seller: "Larkspur Outdoor Supply Inc.", cur: "USD",
		iban: noIBAN, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(all)}, producedBytes(t, c)}
}

// swOdooDE: the same Odoo template in German (addons/account/i18n/de.po
// and the German localisation's tax groups), under the "boxed" external
// layout with the bank account in the footer: h2 "Rechnung RE/2024/00031",
// the informations row "Rechnungsdatum:", "Fälligkeitsdatum:", "Herkunft:",
// the table "Beschreibung Menge Einzelpreis Steuern Betrag" ("3,00 Stk",
// "19 %"), the totals "Nettobetrag", "MwSt. 19 %", "Gesamt" in a box on
// the right, "Zahlungsbedingungen: 14 Tage netto" and "Zahlungsreferenz:
// RE/2024/00031" below. de_DE writes 15.03.2024 and "1.234,56 €" (symbol
// after, with a space).
func swOdooDE(t testing.TB) invLayout {
	c := newProduced(102)
	c.AddPage()
	iban := ibanOf("DE", "43070000"+"0445566778")
	its := []p5Item{
		{desc: []string{"[BS-110] Bürostuhl ergonomisch, Netzrücken"}, qty: d("6"), unitName: "Stk", price: d("289")},
		{desc: []string{"[TS-160] Schreibtisch höhenverstellbar", "160 x 80 cm, Eiche hell"}, qty: d("3"), unitName: "Stk", price: d("649")},
		{desc: []string{"[KAB-01] Kabelkanal 1,5 m"}, qty: d("9"), unitName: "Stk", price: d("24.90")},
		{desc: []string{"Montage vor Ort"}, qty: d("4.5"), unitName: "Std", price: d("68")},
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.19")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 15)
	c.Text(50, 34, "Kontorwerk Büroeinrichtung GmbH")
	c.Font(false, 8)
	c.Right(545, 34, "Kontorwerk Büroeinrichtung GmbH")
	c.Right(545, 44, "Speicherstraße 12")
	c.Right(545, 54, "28217 Bremen")
	c.Line(50, 545, 66)
	c.Font(false, 9)
	c.Text(320, 100, "Praxis Dr. Ahrens & Kollegen")
	c.Text(320, 111, "Schwachhauser Heerstraße 190")
	c.Text(320, 122, "28211 Bremen")
	c.Text(320, 133, "Deutschland")
	c.Text(320, 146, "USt-IdNr.: DE287654321")
	c.Font(true, 16)
	c.Text(50, 180, "Rechnung RE/2024/00031")
	for k, m := range [][2]string{{"Rechnungsdatum:", "15.03.2024"}, {"Fälligkeitsdatum:", "29.03.2024"}, {"Herkunft:", "S00417"}} {
		c.Font(true, 9)
		c.Text(50+float64(k)*125, 210, m[0])
		c.Font(false, 9)
		c.Text(50+float64(k)*125, 222, m[1])
	}
	cols := []p5Col{
		{"Beschreibung", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Menge", 330, true, func(it p5Item) string { return money(it.qty, "de") + " " + it.unitName }, false},
		{"Einzelpreis", 405, true, func(it p5Item) string { return money(it.price, "de") }, false},
		{"Steuern", 420, false, func(it p5Item) string { return "19 %" }, false},
		{"Betrag", 545, true, func(it p5Item) string { return eurDE(it.amount()) }, false},
	}
	y := 255.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 15
	}
	y += 10
	y = swPairs(c, 350, 545, y, 15, [][2]string{{"Nettobetrag", eurDE(net)}, {"MwSt. 19 %", eurDE(tax)}, {"Gesamt", eurDE(gross)}}, func(k int) bool { return k != 1 })
	c.Text(50, y+10, "Zahlungsbedingungen: 14 Tage netto")
	c.Text(50, y+24, "Zahlungsreferenz: RE/2024/00031")
	c.Font(false, 7)
	c.Text(50, 796, "Tel. +49 421 555 0190 · info@kontorwerk.example · www.kontorwerk.example · USt-IdNr.: DE312345678")
	c.Text(50, 805, "Sparkasse Bremen · IBAN "+grouped(iban)+" · BIC SBREDE22XXX · Amtsgericht Bremen HRB 34567 HB")
	c.Right(545, 815, "Seite: 1 / 1")
	return invLayout{"odoo-de-boxed", invTruth{number: "RE/2024/00031", date: "2024-03-15", due: "2024-03-29", seller: "Kontorwerk Büroeinrichtung GmbH", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// swDolibarrFR: Dolibarr's customer invoice model "sponge"
// (htdocs/core/modules/facture/doc/pdf_sponge.modules.php) in French
// (langs/fr_FR bills.lang, main.lang): the logo or the company's name top
// left; top right the title "Facture" with the reference "FA2403-0042"
// under it, then "Date facturation : 15/03/2024", "Date échéance :
// 14/04/2024", "Code client : CU2401-00007"; two address frames, "Émetteur"
// (the seller, in a grey box) and "Adressé à" (the customer); "Montants
// exprimés en Euros" above the table's right edge; the table "Désignation
// TVA P.U. HT Qté Total HT" (the reference and label of a product, its
// description on the lines below; rates "20%"); under the table on the
// left "Conditions de règlement :", "Mode de règlement :", "Règlement par
// virement sur le compte bancaire suivant :" with the bank, "IBAN :" and
// "BIC/SWIFT :"; on the right the totals "Total HT", "Total TVA 20%",
// "Total TTC"; the footer: the legal form and capital, SIRET, NAF-APE and
// the VAT number, "1/1". fr_FR writes 15/03/2024 and "1 234,56" (a space
// between thousands), amounts without the symbol.
func swDolibarrFR(t testing.TB) invLayout {
	c := newProduced(103)
	c.AddPage()
	iban := ibanOf("FR", "42559"+"10000"+"08123456789"+"21")
	its := []p5Item{
		{desc: []string{"ECL-30 - Applique murale laiton", "Finition brossée, douille E27"}, qty: d("12"), price: d("68.50")},
		{desc: []string{"ECL-41 - Suspension verre soufflé"}, qty: d("4"), price: d("245")},
		{desc: []string{"ACC-07 - Variateur LED encastrable"}, qty: d("8"), price: d("39.90")},
		{desc: []string{"Pose et raccordement", "Intervention du 11/03/2024"}, qty: d("6"), price: d("55")},
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.20")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 13)
	c.Text(50, 36, "Lumières de l'Atelier SARL")
	c.Font(true, 13)
	c.Right(545, 36, "Facture")
	c.Font(false, 9)
	c.Right(545, 52, "Réf. : FA2403-0042")
	c.Right(545, 63, "Date facturation : 15/03/2024")
	c.Right(545, 74, "Date échéance : 14/04/2024")
	c.Right(545, 85, "Code client : CU2401-00007")
	c.Font(false, 8)
	c.Text(50, 110, "Émetteur")
	c.Text(300, 110, "Adressé à")
	c.Font(true, 9)
	c.Text(54, 124, "Lumières de l'Atelier SARL")
	c.Font(false, 9)
	c.Text(54, 136, "18 rue des Tanneurs")
	c.Text(54, 147, "69002 Lyon")
	c.Text(54, 158, "Tél. : 04 78 55 01 23")
	c.Text(54, 169, "Email : contact@lumieres-atelier.example")
	c.Font(true, 9)
	c.Text(304, 124, "Hôtel Les Terrasses")
	c.Font(false, 9)
	c.Text(304, 136, "5 quai Saint-Antoine")
	c.Text(304, 147, "69002 Lyon")
	c.Text(304, 158, "N° TVA : FR55 412345678")
	c.Font(false, 8)
	c.Right(545, 200, "Montants exprimés en Euros")
	cols := []p5Col{
		{"Désignation", 52, false, func(it p5Item) string { return it.desc[0] }, true},
		{"TVA", 350, true, func(it p5Item) string { return "20%" }, false},
		{"P.U. HT", 410, true, func(it p5Item) string { return money(it.price, "fr") }, false},
		{"Qté", 450, true, func(it p5Item) string { return it.qty.String() }, false},
		{"Total HT", 543, true, func(it p5Item) string { return money(it.amount(), "fr") }, false},
	}
	y := 214.0
	c.Line(50, 545, y-4)
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 16
	}
	c.Line(50, 545, 560)
	y = 575.0
	c.Font(false, 8.5)
	for k, s := range []string{"Conditions de règlement : 30 jours", "Mode de règlement : Virement bancaire", "Règlement par virement sur le compte bancaire suivant :",
		"Banque : Crédit Lyonnais", "IBAN : " + grouped(iban), "BIC/SWIFT : CRLYFRPPXXX"} {
		c.Text(52, y+float64(k)*11, s)
	}
	swPairs(c, 380, 543, y, 14, [][2]string{{"Total HT", money(net, "fr")}, {"Total TVA 20%", money(tax, "fr")}, {"Total TTC", money(gross, "fr")}}, lastBold(3))
	c.Font(false, 7)
	c.Text(70, 800, "Lumières de l'Atelier SARL au capital de 20 000 € - 18 rue des Tanneurs 69002 Lyon")
	c.Text(70, 809, "SIRET : 812 345 678 00021 - NAF-APE : 4759A - RCS : Lyon B 812 345 678 - Numéro TVA : FR23812345678")
	c.Right(545, 818, "1/1")
	return invLayout{"dolibarr-fr-sponge", invTruth{number: "FA2403-0042", date: "2024-03-15", due: "2024-04-14", seller: "Lumières de l'Atelier SARL", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// swERPNextEN: ERPNext's "Standard" print format of a Sales Invoice (the
// letter head, then the doctype's fields in two columns, labels left of
// values as the form defines them): "Sales Invoice" with its name
// "ACC-SINV-2024-00023" at the top right; "Customer Name:", "Date:"
// (posting date), "Payment Due Date:"; the items child table "Sr Item
// Quantity Rate Amount" (item code and name in one cell, the description
// under it); the totals "Total", the tax rows as their description with
// the rate ("VAT @ 20.0"), "Grand Total", "Rounded Total", "In Words";
// the terms and conditions text last, where the bank details are usually
// typed. The system's default date format dd-mm-yyyy, money "£ 1,234.56"
// (the currency's symbol before).
func swERPNextEN(t testing.TB) invLayout {
	c := newProduced(104)
	c.AddPage()
	iban := ibanOf("GB", "NWBK60161331926819")
	gbp := func(v decimal.Decimal) string { return "£ " + money(v, "en") }
	its := []p5Item{
		{desc: []string{"CER-MUG-12: Stoneware mug, 12 oz", "Reactive glaze, dishwasher safe"}, qty: d("48"), price: d("6.75")},
		{desc: []string{"CER-BWL-6: Serving bowl, 6 in"}, qty: d("24"), price: d("11.20")},
		{desc: []string{"CER-PLT-10: Dinner plate, 10 in"}, qty: d("36"), price: d("9.40")},
		{desc: []string{"PKG-CRATE: Returnable crate"}, qty: d("3"), price: d("15")},
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.20")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 15)
	c.Text(50, 34, "Holloway Ceramics Ltd")
	c.Font(false, 8)
	c.Text(50, 51, "Unit 3, Kiln Yard, Stoke-on-Trent ST4 2RN · VAT Reg. No. GB 219 4471 38")
	c.Font(true, 14)
	c.Right(545, 80, "Sales Invoice")
	c.Font(false, 9)
	c.Right(545, 96, "ACC-SINV-2024-00023")
	c.Line(50, 545, 110)
	for k, m := range [][2]string{{"Customer Name:", "Penrose Kitchen & Table"}, {"Address:", "12 Harbour Street, Falmouth TR11 2AF"}, {"Customer's Purchase Order:", "PKT-0318"}} {
		c.Font(true, 9)
		c.Text(50, 124+float64(k)*13, m[0])
		c.Font(false, 9)
		c.Text(165, 124+float64(k)*13, m[1])
	}
	for k, m := range [][2]string{{"Date:", "15-03-2024"}, {"Payment Due Date:", "14-04-2024"}} {
		c.Font(true, 9)
		c.Text(360, 124+float64(k)*13, m[0])
		c.Font(false, 9)
		c.Right(545, 124+float64(k)*13, m[1])
	}
	cols := []p5Col{
		{"Sr", 52, false, func(it p5Item) string { return it.code }, false},
		{"Item", 75, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Quantity", 375, true, func(it p5Item) string { return it.qty.String() }, false},
		{"Rate", 455, true, func(it p5Item) string { return gbp(it.price) }, false},
		{"Amount", 543, true, func(it p5Item) string { return gbp(it.amount()) }, false},
	}
	for i := range its {
		its[i].code = fmt.Sprint(i + 1)
	}
	y := 180.0
	c.Line(50, 545, y-4)
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 18
	}
	c.Line(50, 545, y-4)
	y += 8
	y = swPairs(c, 360, 543, y, 15, [][2]string{{"Total", gbp(net)}, {"VAT @ 20.0", gbp(tax)}, {"Grand Total", gbp(gross)}, {"Rounded Total", gbp(gross)}}, func(k int) bool { return k >= 2 })
	c.Font(false, 8.5)
	c.Text(50, y+6, "In Words: GBP "+"One Thousand One Hundred Seventy-One and Forty-Four Pence only.")
	c.Font(true, 9)
	c.Text(50, y+30, "Terms and Conditions")
	c.Font(false, 8.5)
	c.Text(50, y+44, "Payment within 30 days by bank transfer to Holloway Ceramics Ltd, NatWest,")
	c.Text(50, y+55, "IBAN "+grouped(iban)+", quoting the invoice number.")
	tr := invTruth{number: "ACC-SINV-2024-00023", date: "2024-03-15", due: "2024-04-14", seller: "Holloway Ceramics Ltd", cur: "GBP",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}
	if gross.String() != "1171.44" {
		t.Fatalf("the words line says 1171.44, gross is %s", gross)
	}
	return invLayout{"erpnext-en-standard", tr, producedBytes(t, c)}
}

// swInvoicePlaneDE: InvoicePlane's default PDF invoice template
// (application/views/invoice_templates/pdf/InvoicePlane.php) in German
// (application/language/german/ip_lang.php): the customer's block on the
// left, the user's company on the right; an h1 "Rechnung 2024-0012";
// the details table "Rechnungsdatum:", "Fälligkeitsdatum:", "Fälliger
// Betrag:"; the items "Artikel Beschreibung Menge Preis Rabatt Gesamt"
// (name and description in their own columns); the totals "Zwischensumme",
// the invoice tax "MwSt. (19,00%)", "Gesamt", "Bezahlt", "Saldo"; the
// terms ("Bedingungen") with the bank account typed in. Date format as
// set, here d.m.Y; amounts "1.234,56 €".
func swInvoicePlaneDE(t testing.TB) invLayout {
	c := newProduced(105)
	c.AddPage()
	iban := ibanOf("DE", "12500105"+"0170648489")
	its := []p5Item{
		{desc: []string{"Webdesign Startseite und Unterseiten"}, qty: d("1"), price: d("1450")},
		{desc: []string{"Texte Lektorat 8 Seiten"}, qty: d("8"), price: d("45")},
		{desc: []string{"Hosting Paket M 12 Monate"}, qty: d("12"), price: d("9.90")},
		{desc: []string{"Schulung Redaktionssystem"}, qty: d("2.5"), price: d("80")},
	}
	names := [][2]string{{"Webdesign", "Startseite und Unterseiten"}, {"Texte", "Lektorat 8 Seiten"}, {"Hosting", "Paket M 12 Monate"}, {"Schulung", "Redaktionssystem"}}
	net := p5Sum(its)
	tax := net.Mul(d("0.19")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 11)
	c.Text(50, 40, "Bäckerei Lindner OHG")
	c.Font(false, 9)
	c.Text(50, 54, "Bahnhofstraße 7")
	c.Text(50, 65, "91054 Erlangen")
	c.Font(true, 11)
	c.Right(545, 40, "Pixelgarten Studio")
	c.Font(false, 9)
	c.Right(545, 54, "Nina Vogt")
	c.Right(545, 65, "Hauptstraße 88")
	c.Right(545, 76, "90402 Nürnberg")
	c.Right(545, 87, "USt-IdNr.: DE298765432")
	c.Font(true, 16)
	c.Text(50, 130, "Rechnung 2024-0012")
	swPairs(c, 380, 545, 160, 13, [][2]string{{"Rechnungsdatum:", "15.03.2024"}, {"Fälligkeitsdatum:", "29.03.2024"}, {"Fälliger Betrag:", eurDE(gross)}}, nil)
	y := 220.0
	c.Font(true, 8)
	for _, h := range []struct {
		s     string
		x     float64
		right bool
	}{{"Artikel", 50, false}, {"Beschreibung", 140, false}, {"Menge", 375, true}, {"Preis", 435, true}, {"Rabatt", 480, true}, {"Gesamt", 545, true}} {
		if h.right {
			c.Right(h.x, y, h.s)
		} else {
			c.Text(h.x, y, h.s)
		}
	}
	c.Line(50, 545, y+12)
	c.Font(false, 9)
	y += 20
	for i, it := range its {
		c.Text(50, y, names[i][0])
		c.Text(140, y, names[i][1])
		c.Right(375, y, money(it.qty, "de"))
		c.Right(435, y, eurDE(it.price))
		c.Right(480, y, eurDE(decimal.Zero))
		c.Right(545, y, eurDE(it.amount()))
		y += 18
	}
	c.Line(50, 545, y)
	y += 10
	swPairs(c, 360, 545, y, 14, [][2]string{{"Zwischensumme", eurDE(net)}, {"MwSt. (19,00%)", eurDE(tax)}, {"Gesamt", eurDE(gross)}, {"Bezahlt", eurDE(decimal.Zero)}, {"Saldo", eurDE(gross)}}, func(k int) bool { return k == 2 || k == 4 })
	c.Font(true, 9)
	c.Text(50, y+90, "Bedingungen")
	c.Font(false, 8.5)
	c.Text(50, y+103, "Bitte überweisen Sie den Betrag innerhalb von 14 Tagen auf folgendes Konto:")
	c.Text(50, y+114, "Pixelgarten Studio, IBAN "+grouped(iban)+", BIC COLSDE33XXX")
	truth := truthOf(its)
	for i := range truth {
		truth[i].desc = []string{names[i][0] + " " + names[i][1]}
	}
	return invLayout{"invoiceplane-de", invTruth{number: "2024-0012", date: "2024-03-15", due: "2024-03-29", seller: "Pixelgarten Studio", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truth}, producedBytes(t, c)}
}

var invSoftwareTuneLayouts = []func(testing.TB) invLayout{swOdooEN, swOdooDE, swDolibarrFR, swERPNextEN, swInvoicePlaneDE}

// TestLayoutSuiteSoftware scores the invoices as invoicing programs print
// them: the tune part (rules may be written from it) and the report part
// (layouts_software_report_test.go, scored and never used for rules).
func TestLayoutSuiteSoftware(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	runLayoutParts(t, "software", []layoutPart{{"tune", invSoftwareTuneLayouts, layoutSoftwareTuneBar}, {"report", invSoftwareReportLayouts, layoutSoftwareReportBar},
		{"later", invSoftwareLaterLayouts, layoutSoftwareLaterBar}})
}

// layoutSoftwareTuneBar: first scored as it came, before any rule: 56 of
// 65 fields (86.2%), 1 of 5 invoices all right: odoo-en-sections 11/13 (the
// last section's "Subtotal" row taken for the net over "Untaxed Amount");
// dolibarr-fr-sponge 12/13 (no number from "Réf. : FA2403-0042" under the
// title "Facture"); erpnext-en-standard 9/13 (no number from the name under
// the title "Sales Invoice"; "VAT @ 20.0" read as a tax of 20, so the net
// was gross - 20); invoiceplane-de 11/13 (the customer, on the left, taken
// for the seller; the item-name column lost from the names).
//
// 65 of 65 after general rules: "untaxed amount" is a net label; under a
// title alone in its cell, "Réf. : <code>" or a code alone in its cell is
// the number (a little weaker than "N° <id>"); a figure with no currency
// right after "@" in a tax row is the rate; the name that stands right
// before "IBAN" in another line (the payee of a transfer) is the seller's;
// of two description columns, the left one's cells open the item's name
// when they are words in lower case without a digit (a code otherwise).
const layoutSoftwareTuneBar = 65.0 / 65

// layoutSoftwareReportBar: first scored as it came, before any rule: 60 of
// 64 fields (93.8%), 3 of 5 invoices all right (invoiceninja-es 12/13,
// woocommerce-it-simple 9/12). 61 of 64 after the tune part's rules
// (invoiceninja-es all right by the two-description-columns rule). 64 of
// 64 after the second kinds batch's rules (TestLayoutSuiteKinds2):
// woocommerce-it-simple's one price column ("Prezzo") read as the lines'
// totals, since the prices add up to "Subtotale" and quantity × price
// does not; "Spedizione" between the subtotal and the tax, which takes
// them to the total, a charge, the net the subtotal and the shipping.
const layoutSoftwareReportBar = 64.0 / 64
