package invoice

import (
	"testing"

	"github.com/shopspring/decimal"
)

// Four more kinds, written after the batch's rules had landed and scored
// as they came (TestLayoutSuiteKinds, "later"): a French deposit invoice
// on a quote, a German hosted-accounting invoice, a hosted invoicing
// service's UK invoice with a "Balance Due" box, a SaaS suite's Irish
// invoice under reverse charge.

// kAcompteFR: "FACTURE D'ACOMPTE N° FA-2024-0312", "Date de facture :
// 18/03/2024", the quote it is paid on with its own date ("Acompte de 30 %
// sur devis n° D-2024-088 du 01/03/2024"), one line, "Total HT", "TVA 20
// %", "Total TTC", "Net à payer", "Date d'échéance : 25/03/2024", the
// seller's IBAN under "Coordonnées bancaires".
func kAcompteFR(t testing.TB) invLayout {
	c := newProduced(221)
	c.AddPage()
	iban := ibanOf("FR", "17569"+"00001"+"12345678901"+"85")
	eur := func(v decimal.Decimal) string { return money(v, "fr") + " €" }
	its := []p5Item{{desc: []string{"Acompte 30 % sur devis D-2024-088", "Rénovation salle de bains, 2e étage"}, qty: d("1"), price: d("2745.00")}}
	net := p5Sum(its)
	tax := net.Mul(d("0.20")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 13)
	c.Text(50, 40, "Carrelages Morin & Fils")
	c.Font(false, 8.5)
	c.Text(50, 56, "SAS au capital de 15 000 €")
	c.Text(50, 67, "8 avenue Jean Jaurès, 44000 Nantes")
	c.Text(50, 78, "SIRET 901 234 567 00014 · TVA FR58901234567")
	c.Font(false, 9.5)
	for k, s := range []string{"Mme Hélène Garnier", "22 rue Crébillon", "44000 Nantes"} {
		c.Text(340, 110+float64(k)*11.5, s)
	}
	c.Font(true, 14)
	c.Text(50, 170, "FACTURE D'ACOMPTE N° FA-2024-0312")
	c.Font(false, 9)
	c.Text(50, 192, "Date de facture : 18/03/2024")
	c.Text(50, 204, "Date d'échéance : 25/03/2024")
	c.Text(50, 216, "Acompte de 30 % sur devis n° D-2024-088 du 01/03/2024 (montant total du devis : 9 150,00 € HT)")
	cols := []p5Col{
		{"Désignation", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Qté", 380, true, func(it p5Item) string { return "1" }, false},
		{"Prix unitaire HT", 470, true, func(it p5Item) string { return eur(it.price) }, false},
		{"Total HT", 545, true, func(it p5Item) string { return eur(it.amount()) }, false},
	}
	y := 250.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 18
	}
	c.Line(50, 545, y)
	y += 10
	y = swPairs(c, 360, 545, y, 15, [][2]string{{"Total HT", eur(net)}, {"TVA 20 %", eur(tax)}, {"Total TTC", eur(gross)}, {"Net à payer", eur(gross)}}, func(k int) bool { return k == 3 })
	c.Font(true, 9)
	c.Text(50, y+20, "Coordonnées bancaires")
	c.Font(false, 8.5)
	c.Text(50, y+33, "IBAN : "+grouped(iban))
	c.Text(50, y+44, "BIC : CMCIFR2A")
	c.Text(50, y+62, "Cet acompte sera déduit de la facture de solde. Pas d'escompte pour paiement anticipé.")
	return invLayout{"fr-facture-acompte", invTruth{number: "FA-2024-0312", date: "2024-03-18", due: "2024-03-25", seller: "Carrelages Morin & Fils", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// kHostedAccountingDE: a German hosted-accounting service's invoice: the
// sender line over the address window, a block right of it with
// "Rechnungsnr.", "Rechnungsdatum", "Lieferdatum", "Ihre Kundennummer",
// "Ihr Ansprechpartner"; "Rechnung Nr. RE1042" as the title, a greeting;
// "Pos. Beschreibung Menge Einheit Einzelpreis Gesamtpreis"; "Gesamtbetrag
// netto", "zzgl. Umsatzsteuer 19 %", "Gesamtbetrag"; the payment term;
// a footer of four columns (address, contact, bank, register).
func kHostedAccountingDE(t testing.TB) invLayout {
	c := newProduced(222)
	c.AddPage()
	iban := ibanOf("DE", "66050101"+"0108123456")
	its := []p5Item{
		{desc: []string{"Wartung Heizungsanlage", "Brennwerttherme inkl. Abgasmessung"}, qty: d("1"), unitName: "Pauschal", price: d("189")},
		{desc: []string{"Arbeitszeit Monteur"}, qty: d("2.5"), unitName: "Std.", price: d("72")},
		{desc: []string{"Dichtungssatz"}, qty: d("2"), unitName: "Stk.", price: d("14.80")},
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.19")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 13)
	c.Right(545, 36, "Haustechnik Wendt")
	c.Font(false, 7)
	c.Text(50, 92, "Haustechnik Wendt · Durlacher Allee 61 · 76131 Karlsruhe")
	c.Font(false, 10)
	for k, s := range []string{"Hausverwaltung Kurz GmbH", "Frau Sabine Kurz", "Kaiserstraße 140", "76133 Karlsruhe"} {
		c.Text(50, 106+float64(k)*12, s)
	}
	c.Font(false, 8.5)
	for k, m := range [][2]string{{"Rechnungsnr.", "RE1042"}, {"Rechnungsdatum", "18.03.2024"}, {"Lieferdatum", "14.03.2024"}, {"Ihre Kundennummer", "10023"}, {"Ihr Ansprechpartner", "Tobias Wendt"}} {
		c.Text(370, 100+float64(k)*12, m[0])
		c.Right(545, 100+float64(k)*12, m[1])
	}
	c.Font(true, 14)
	c.Text(50, 200, "Rechnung Nr. RE1042")
	c.Font(false, 9.5)
	c.Text(50, 222, "Sehr geehrte Frau Kurz,")
	c.Text(50, 234, "vielen Dank für Ihren Auftrag. Vereinbarungsgemäß berechnen wir Ihnen folgende Leistungen:")
	n := 0
	cols := []p5Col{
		{"Pos.", 50, false, func(it p5Item) string { n++; return string(rune('0' + n)) }, false},
		{"Beschreibung", 80, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Menge", 330, true, func(it p5Item) string { return money(it.qty, "de") }, false},
		{"Einheit", 340, false, func(it p5Item) string { return it.unitName }, false},
		{"Einzelpreis", 460, true, func(it p5Item) string { return eurDE(it.price) }, false},
		{"Gesamtpreis", 545, true, func(it p5Item) string { return eurDE(it.amount()) }, false},
	}
	y := 262.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 17
	}
	c.Line(50, 545, y)
	y += 8
	y = swPairs(c, 330, 545, y, 14, [][2]string{{"Gesamtbetrag netto", eurDE(net)}, {"zzgl. Umsatzsteuer 19 %", eurDE(tax)}, {"Gesamtbetrag", eurDE(gross)}}, lastBold(3))
	c.Font(false, 9)
	c.Text(50, y+16, "Zahlungsbedingungen: Zahlung innerhalb von 14 Tagen ab Rechnungseingang ohne Abzüge.")
	c.Text(50, y+40, "Mit freundlichen Grüßen")
	c.Text(50, y+52, "Tobias Wendt")
	c.Font(false, 6.5)
	foot := [][]string{
		{"Haustechnik Wendt", "Inh. Tobias Wendt", "Durlacher Allee 61", "76131 Karlsruhe"},
		{"Tel. 0721 555 4410", "info@wendt-haustechnik.example", "www.wendt-haustechnik.example"},
		{"Sparkasse Karlsruhe", "IBAN " + grouped(iban), "BIC KARSDE66XXX"},
		{"USt-IdNr. DE287765432", "Steuernr. 34005/12345"},
	}
	for i, col := range foot {
		for k, s := range col {
			c.Text(50+float64(i)*128, 780+float64(k)*8, s)
		}
	}
	return invLayout{"de-hosted-accounting", invTruth{number: "RE1042", date: "2024-03-18", seller: "Haustechnik Wendt", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// kHostedInvoiceUK: a hosted invoicing service's standard template for a
// UK business: the company's name and address top left, "TAX INVOICE" and
// "# INV-000318" top right with a "Balance Due" box; "Bill To" left;
// "Invoice Date :", "Terms :", "Due Date :" right with the values after
// the colons; "# Item & Description Qty Rate Amount"; "Sub Total", "VAT
// (20%)", "Total", "Payment Made", "Balance Due"; dates "18 Mar 2024",
// money "£1,234.56".
func kHostedInvoiceUK(t testing.TB) invLayout {
	c := newProduced(223)
	c.AddPage()
	gbp := func(v decimal.Decimal) string { return "£" + money(v, "en") }
	its := []p5Item{
		{desc: []string{"Bookkeeping - March 2024", "Bank reconciliation, VAT return preparation"}, qty: d("1"), price: d("420")},
		{desc: []string{"Payroll run", "Up to 10 employees"}, qty: d("2"), price: d("85")},
		{desc: []string{"Companies House filing"}, qty: d("1"), price: d("60")},
	}
	for i := range its {
		its[i].code = string(rune('1' + i))
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.20")).Round(2)
	gross := net.Add(tax)
	paid := d("150")
	c.Font(true, 12)
	c.Text(50, 40, "Ledgerwise Accounting Ltd")
	c.Font(false, 8.5)
	c.Text(50, 55, "Unit 5, Canal Wharf")
	c.Text(50, 66, "Leeds LS11 5PS")
	c.Text(50, 77, "VAT Registration No: GB 294 1177 06")
	c.Font(true, 18)
	c.Right(545, 38, "TAX INVOICE")
	c.Font(false, 9)
	c.Right(545, 60, "# INV-000318")
	c.Font(false, 8)
	c.Right(545, 80, "Balance Due")
	c.Font(true, 12)
	c.Right(545, 91, gbp(gross.Sub(paid)))
	c.Font(false, 8.5)
	c.Text(50, 130, "Bill To")
	c.Font(true, 9)
	c.Text(50, 142, "Aire Valley Joinery Ltd")
	c.Font(false, 9)
	c.Text(50, 153, "31 Mill Lane, Shipley BD18 3LD")
	for k, m := range [][2]string{{"Invoice Date :", "18 Mar 2024"}, {"Terms :", "Due on Receipt"}, {"Due Date :", "18 Mar 2024"}} {
		c.Right(470, 135+float64(k)*13, m[0])
		c.Right(545, 135+float64(k)*13, m[1])
	}
	cols := []p5Col{
		{"#", 58, true, func(it p5Item) string { return it.code }, false},
		{"Item & Description", 70, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Qty", 380, true, func(it p5Item) string { return it.qty.StringFixed(2) }, false},
		{"Rate", 460, true, func(it p5Item) string { return money(it.price, "en") }, false},
		{"Amount", 545, true, func(it p5Item) string { return money(it.amount(), "en") }, false},
	}
	y := 200.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 18
	}
	c.Line(50, 545, y)
	y += 10
	swPairs(c, 360, 545, y, 15, [][2]string{{"Sub Total", money(net, "en")}, {"VAT (20%)", money(tax, "en")}, {"Total", gbp(gross)}, {"Payment Made", "(-) " + money(paid, "en")}, {"Balance Due", gbp(gross.Sub(paid))}}, func(k int) bool { return k == 2 || k == 4 })
	c.Font(false, 8.5)
	c.Text(50, y, "Notes")
	c.Text(50, y+12, "Thanks for your business.")
	c.Text(50, y+36, "Bank transfer: Ledgerwise Accounting Ltd, sort code 40-12-76, account 51882034")
	return invLayout{"uk-hosted-balance-due", invTruth{number: "INV-000318", date: "2024-03-18", due: "2024-03-18", seller: "Ledgerwise Accounting Ltd", cur: "GBP",
		iban: noIBAN, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// kSaaSSuiteIE: a SaaS suite's monthly invoice from its Irish entity to a
// German customer: "Invoice" with "Invoice number", "Invoice date",
// "Billing ID" (a grouped number, not the invoice's), "Domain name" in a
// box at the right; "Bill to" with the customer's VAT number; "Summary for
// 1 Mar 2024 - 31 Mar 2024"; lines "Description Interval Quantity Amount
// (€)" with user counts; "Subtotal in EUR", "VAT (0%)", "Total in EUR";
// the reverse-charge note; the company's registration in the footer.
func kSaaSSuiteIE(t testing.TB) invLayout {
	c := newProduced(224)
	c.AddPage()
	its := []p5Item{
		{desc: []string{"Cirrus Workplace Business Standard", "Commitment, monthly billing"}, qtyText: "12", qty: d("12"), price: d("11.50")},
		{desc: []string{"Cirrus Workplace Business Standard", "Users added on 14 Mar 2024, prorated"}, qtyText: "2", qty: d("1"), price: d("13.35")},
		{desc: []string{"Extra storage 100 GB"}, qtyText: "1", qty: d("1"), price: d("1.99")},
	}
	net := p5Sum(its)
	c.Font(true, 16)
	c.Text(50, 40, "Invoice")
	c.Font(false, 8.5)
	for k, m := range [][2]string{{"Invoice number", "5187623401"}, {"Invoice date", "31 Mar 2024"}, {"Billing ID", "4412-7730-1186"}, {"Domain name", "lindqvist-design.example"}} {
		c.Text(330, 40+float64(k)*12, m[0])
		c.Right(545, 40+float64(k)*12, m[1])
	}
	c.Font(true, 9)
	c.Text(50, 110, "Bill to")
	c.Font(false, 9)
	for k, s := range []string{"Lindqvist Design GmbH", "Schanzenstraße 37", "20357 Hamburg", "Germany", "VAT number: DE309876543"} {
		c.Text(50, 123+float64(k)*11, s)
	}
	c.Font(true, 9)
	c.Text(330, 110, "Details")
	c.Font(false, 9)
	c.Text(330, 123, "Cirrus Suite Ireland Ltd")
	c.Text(330, 134, "Grand Canal Quay 7")
	c.Text(330, 145, "Dublin 2, Ireland")
	c.Text(330, 156, "VAT number: IE3668997OH")
	c.Font(true, 11)
	c.Text(50, 200, "Summary for 1 Mar 2024 - 31 Mar 2024")
	cols := []p5Col{
		{"Description", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Interval", 290, false, func(it p5Item) string { return "1 Mar - 31 Mar" }, false},
		{"Quantity", 440, true, func(it p5Item) string { return it.qtyText }, false},
		{"Amount (€)", 545, true, func(it p5Item) string { return money(it.amount(), "en") }, false},
	}
	y := 228.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 18
	}
	c.Line(330, 545, y)
	y += 8
	y = swPairs(c, 330, 545, y, 15, [][2]string{{"Subtotal in EUR", money(net, "en")}, {"VAT (0%)", "0.00"}, {"Total in EUR", "€" + money(net, "en")}}, lastBold(3))
	c.Font(false, 8)
	c.Text(50, y+16, "Services subject to the reverse charge - VAT to be accounted for by the recipient as per Article 196 of Council Directive 2006/112/EC.")
	c.Text(50, y+28, "You will be automatically charged for any amount due.")
	c.Font(false, 6.5)
	c.Text(50, 800, "Cirrus Suite Ireland Ltd · Registered in Ireland No. 368047 · Grand Canal Quay 7, Dublin 2")
	return invLayout{"ie-saas-reverse-charge", invTruth{number: "5187623401", date: "2024-03-31", seller: "Cirrus Suite Ireland Ltd", cur: "EUR",
		iban: noIBAN, net: net.String(), tax: "0", gross: net.String(), items: truthOf(its)}, producedBytes(t, c)}
}

var invKindsLaterLayouts = []func(testing.TB) invLayout{kAcompteFR, kHostedAccountingDE, kHostedInvoiceUK, kSaaSSuiteIE}

// layoutKindsLaterBar: first scored as it came, after the batch's rules
// had landed: 44 of 50 (88.0%), no invoice all right. fr-facture-acompte
// 11/13 (no number from "FACTURE D'ACOMPTE N° FA-2024-0312": the title's
// second word stands between the title and "N°"; a prepaid amount of 1.00
// read, so validation failed); de-hosted-accounting 11/12 (the customer
// in the address window taken for the seller, whose name stands only top
// right, in the sender line and the footer); uk-hosted-balance-due 11/13
// (no number from "# INV-000318" alone under "TAX INVOICE"; "Payment Made
// (-) 150.00" not read as a payment, so validation failed);
// ie-saas-reverse-charge 11/12 (the label "Billing ID" taken for the
// seller). No rule was written from them before that score.
//
// Then studied as a tune part (the figure above stays the honest one for
// unseen documents): 50 of 50 after general rules: "facture d'acompte n°"
// an invoice-number label; "Payment Made" a payment label; a payment word
// opening a line read as an item names the item, not a payment; a title
// of two words ("TAX INVOICE") over "# <id>" reads as one word does; a
// cell ending in "ID", "No." or "name" is a label, and the cell after it
// its value, neither the seller's name; no seller is guessed from the
// item table's header down; an address block beside a header block
// counts only its own lines, so its top name is found as the addressee.
// New layouts written after these rules: layouts_kinds_report2_test.go.
const layoutKindsLaterBar = 50.0 / 50
