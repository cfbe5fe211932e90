package invoice

import (
	"testing"

	"github.com/shopspring/decimal"
)

// A fifth batch of invoice kinds no earlier suite imitated: invoices from
// countries whose taxes and habits the earlier batches left out, and the
// item tables and payment blocks unseen vendor invoices were read wrong
// on, written from how each country prints them, with our own made-up
// data and names. Tune part (this file): an Australian electrician's "TAX
// INVOICE" with prices including GST, a GST-free line, "Includes GST 10%",
// "AMOUNT DUE AUD", the ABN and a BSB instead of an IBAN; a Quebec
// renovator's "facture" in French with "TPS (5 %)" and "TVQ (9,975 %)"
// rows and their registration numbers, "1 234,56 $", a deposit and "Solde
// dû"; a US print shop's invoice with "ITEM/DESC. QTY U.PRICE AMOUNT", a
// SKU line and a backorder note among the items, "Sales Tax", shipping
// after the tax and "Balance Due"; a Belgian appliance dealer's invoice in
// French with "HTVA"/"TVAC", "dont Recupel" rows under items, a structured
// communication and "IBAN :" with "BIC :" in a footer column; a Dutch
// caterer's invoice with sections, 9 % and 21 % lines, "Totaal exclusief
// BTW", one "BTW 9% over ..." row per rate, "Totaal inclusief BTW" and the
// IBAN split over two footer lines. Report part
// (layouts_kinds5_report_test.go): a British Columbia landscaper's invoice
// with GST and PST; a Swiss IT consultant's "Rechnung" with "MWST 8.1 %",
// "CHF" and a date "3. Sept. 2024"; a US internet provider's bill with a
// previous balance paid and "TOTAL AMOUNT DUE ON <date>". The batch was
// split into these two parts before any of it was scored
// (TestLayoutSuiteKinds5).

// usd prints "$1,234.56", a minus before the symbol.
func usd(v decimal.Decimal) string {
	if v.IsNegative() {
		return "-$" + money(v.Abs(), "en")
	}
	return "$" + money(v, "en")
}

// k5TaxInvoiceAU: an Australian electrician's tax invoice: the firm and
// its "ABN" top left; "TAX INVOICE" right with "Invoice Number", "Invoice
// Date", "Due Date" and "Reference"; "Bill To"; "Description Quantity Unit
// Price GST Amount AUD" with prices including GST, a description over two
// lines and a council permit marked "GST Free"; "Subtotal", "Includes GST
// 10%", "TOTAL AUD", "Less Amount Paid", "AMOUNT DUE AUD"; payment by
// direct deposit to a BSB and account number.
func k5TaxInvoiceAU(t testing.TB) invLayout {
	c := newProduced(501)
	c.AddPage()
	its := []p5Item{
		{desc: []string{"Switchboard upgrade to 3-phase, 12 RCBOs", "incl. removal of old ceramic fuses"}, qty: d("1"), price: d("1980"), vat: "GST"},
		{desc: []string{"LED downlights supplied and installed"}, qty: d("14"), price: d("88"), vat: "GST"},
		{desc: []string{"Electrician labour (hours)"}, qty: d("3.5"), price: d("121"), vat: "GST"},
		{desc: []string{"Council electrical permit lodgement"}, qty: d("1"), price: d("64.30"), vat: "GST Free"},
	}
	gross := p5Sum(its)
	taxable := gross.Sub(its[3].amount())
	gst := taxable.Div(d("11")).Round(2)
	net := gross.Sub(gst)
	c.Font(true, 15)
	c.Text(50, 40, "Brightwire Electrical Pty Ltd")
	c.Font(false, 8.5)
	for k, s := range []string{"Unit 4, 18 Enterprise Drive", "Rowville VIC 3178", "ABN 61 128 447 093", "Lic. REC 27745"} {
		c.Text(50, 57+float64(k)*11, s)
	}
	c.Font(true, 18)
	c.Right(545, 40, "TAX INVOICE")
	c.Font(false, 9)
	for k, m := range [][2]string{{"Invoice Number", "INV-2087"}, {"Invoice Date", "14 Aug 2024"}, {"Due Date", "28 Aug 2024"}, {"Reference", "Job 5521 Ferntree"}} {
		c.Text(370, 64+float64(k)*12, m[0])
		c.Right(545, 64+float64(k)*12, m[1])
	}
	c.Font(true, 9)
	c.Text(50, 130, "Bill To")
	c.Font(false, 9.5)
	for k, s := range []string{"Mr Daniel Okafor", "27 Ferntree Gully Road", "Knoxfield VIC 3180"} {
		c.Text(50, 143+float64(k)*12, s)
	}
	cols := []p5Col{
		{"Description", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Quantity", 330, true, func(it p5Item) string { return qtyStr(it.qty, "en") }, false},
		{"Unit Price", 410, true, func(it p5Item) string { return money(it.price, "en") }, false},
		{"GST", 425, false, func(it p5Item) string { return it.vat }, false},
		{"Amount AUD", 545, true, func(it p5Item) string { return money(it.amount(), "en") }, false},
	}
	y := 210.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 15
	}
	c.Line(330, 545, y)
	y += 10
	y = swPairs(c, 360, 545, y, 14, [][2]string{{"Subtotal", money(gross, "en")}, {"Includes GST 10%", money(gst, "en")}, {"TOTAL AUD", money(gross, "en")},
		{"Less Amount Paid", "0.00"}, {"AMOUNT DUE AUD", money(gross, "en")}}, func(k int) bool { return k == 2 || k == 4 })
	c.Font(true, 9)
	c.Text(50, y+20, "How to pay")
	c.Font(false, 8.5)
	c.Text(50, y+33, "Direct deposit: Brightwire Electrical Pty Ltd, BSB 063-182, Account 1048 2291")
	c.Text(50, y+44, "Please use INV-2087 as the reference. Due within 14 days.")
	return invLayout{"au-tax-invoice", invTruth{number: "INV-2087", date: "2024-08-14", due: "2024-08-28", seller: "Brightwire Electrical Pty Ltd", cur: "AUD",
		iban: noIBAN, net: net.String(), tax: gst.String(), gross: gross.String(), amountDue: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// k5TPSTVQQC: a Quebec renovator's invoice in French: the firm with its
// "RBQ" licence top left; "FACTURE" right with "No de facture", "Date" (a
// date written out, "14 juin 2024") and "Échéance"; "Facturer à";
// "Description Qté Prix unitaire Montant" with amounts "1 234,56 $"; the
// totals "Sous-total", "TPS (5 %) no 812345678 RT0001", "TVQ (9,975 %) no
// 1219876543 TQ0001", "Total", "Acompte reçu" and "Solde dû"; payment by
// cheque or Interac transfer, no IBAN.
func k5TPSTVQQC(t testing.TB) invLayout {
	c := newProduced(502)
	c.AddPage()
	its := []p5Item{
		{desc: []string{"Démolition et préparation salle de bain"}, qty: d("1"), price: d("1450")},
		{desc: []string{"Pose de céramique murale et plancher (pi²)"}, qty: d("96"), price: d("14.50")},
		{desc: []string{"Installation vanité et robinetterie"}, qty: d("1"), price: d("685")},
		{desc: []string{"Main-d'oeuvre plomberie (heures)"}, qty: d("6"), price: d("95")},
	}
	net := p5Sum(its)
	tps := net.Mul(d("0.05")).Round(2)
	tvq := net.Mul(d("0.09975")).Round(2)
	tax := tps.Add(tvq)
	gross := net.Add(tax)
	dep := d("1500")
	due := gross.Sub(dep)
	cad := func(v decimal.Decimal) string { return money(v, "fr") + " $" }
	c.Font(true, 14)
	c.Text(50, 40, "Rénovations Tremblay inc.")
	c.Font(false, 8.5)
	for k, s := range []string{"2150, rue Saint-Hubert", "Montréal (Québec) H2K 2S5", "Licence RBQ 5712-3344-01", "514 555-0187"} {
		c.Text(50, 57+float64(k)*11, s)
	}
	c.Font(true, 18)
	c.Right(545, 40, "FACTURE")
	c.Font(false, 9)
	for k, m := range [][2]string{{"No de facture :", "2024-118"}, {"Date :", "14 juin 2024"}, {"Échéance :", "28 juin 2024"}} {
		c.Text(370, 64+float64(k)*12, m[0])
		c.Right(545, 64+float64(k)*12, m[1])
	}
	c.Font(true, 9)
	c.Text(50, 130, "Facturer à")
	c.Font(false, 9.5)
	for k, s := range []string{"Mme Isabelle Gagnon", "4410, avenue De Lorimier", "Montréal (Québec) H2H 2B1"} {
		c.Text(50, 143+float64(k)*12, s)
	}
	cols := []p5Col{
		{"Description", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Qté", 350, true, func(it p5Item) string { return qtyStr(it.qty, "fr") }, false},
		{"Prix unitaire", 450, true, func(it p5Item) string { return cad(it.price) }, false},
		{"Montant", 545, true, func(it p5Item) string { return cad(it.amount()) }, false},
	}
	y := 210.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 15
	}
	c.Line(50, 545, y)
	y += 12
	y = swPairs(c, 290, 545, y, 14, [][2]string{{"Sous-total", cad(net)}, {"TPS (5 %) no 812345678 RT0001", cad(tps)},
		{"TVQ (9,975 %) no 1219876543 TQ0001", cad(tvq)}, {"Total", cad(gross)}, {"Acompte reçu le 22 mai 2024", "-" + cad(dep)}, {"Solde dû", cad(due)}},
		func(k int) bool { return k == 3 || k == 5 })
	c.Font(false, 8.5)
	c.Text(50, y+18, "Paiement par chèque à l'ordre de Rénovations Tremblay inc. ou par virement Interac à")
	c.Text(50, y+29, "paiement@renovationstremblay.ca. Merci de votre confiance!")
	return invLayout{"ca-qc-tps-tvq", invTruth{number: "2024-118", date: "2024-06-14", due: "2024-06-28", seller: "Rénovations Tremblay inc.", cur: "CAD",
		iban: noIBAN, net: net.String(), tax: tax.String(), gross: gross.String(), amountDue: due.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// k5SalesTaxShipUS: a US print shop's invoice: the shop's name and address
// top left; "INVOICE" with "Invoice #", "Invoice Date" written out
// ("August 3, 2024"), "PO #" and "Terms"; "Bill To" and "Ship To" side by
// side; "ITEM/DESC. QTY U.PRICE AMOUNT" with a SKU line under each item
// and a note that an item ships separately between two items;
// "Subtotal", "Sales Tax (7.25%)", "Shipping & Handling" after the tax,
// "Total", "Deposit Received" and "Balance Due"; "Make checks payable to".
func k5SalesTaxShipUS(t testing.TB) invLayout {
	c := newProduced(503)
	c.AddPage()
	its := []p5Item{
		{code: "SKU BC-16PT-500", desc: []string{"Business cards, 16pt matte, 2 names x 500"}, qty: d("2"), price: d("42.50")},
		{code: "SKU BRO-TRI-1K", desc: []string{"Tri-fold brochures, 100lb gloss, full color"}, qty: d("1000"), price: d("0.385")},
		{code: "SKU BAN-3X8-VIN", desc: []string{"Vinyl banner 3' x 8' with grommets"}, qty: d("2"), price: d("96")},
		{code: "SKU RU-22X28", desc: []string{"Retractable roll-up stand 33\" x 81\""}, qty: d("1"), price: d("189")},
	}
	sub := p5Sum(its)
	tax := sub.Mul(d("0.0725")).Round(2)
	ship := d("38.40")
	net := sub.Add(ship)
	gross := net.Add(tax)
	dep := d("300")
	due := gross.Sub(dep)
	c.Font(true, 15)
	c.Text(50, 40, "Redwood Print & Sign Co.")
	c.Font(false, 8.5)
	for k, s := range []string{"1840 Harbor Blvd, Suite B", "Ventura, CA 93001", "(805) 555-0134 · orders@redwoodprint.example"} {
		c.Text(50, 57+float64(k)*11, s)
	}
	c.Font(true, 20)
	c.Right(545, 40, "INVOICE")
	c.Font(false, 9)
	for k, m := range [][2]string{{"Invoice #", "RPS-10457"}, {"Invoice Date", "August 3, 2024"}, {"PO #", "MKT-2291"}, {"Terms", "Due on receipt"}} {
		c.Text(380, 64+float64(k)*12, m[0])
		c.Right(545, 64+float64(k)*12, m[1])
	}
	c.Font(true, 9)
	c.Text(50, 125, "Bill To")
	c.Text(250, 125, "Ship To")
	c.Font(false, 9)
	for k, s := range []string{"Oakview Dental Group", "Attn: Accounts Payable", "600 E Main St", "Ventura, CA 93001"} {
		c.Text(50, 138+float64(k)*11, s)
	}
	for k, s := range []string{"Oakview Dental Group", "Front Desk", "2250 Thompson Blvd", "Ventura, CA 93003"} {
		c.Text(250, 138+float64(k)*11, s)
	}
	cols := []p5Col{
		{"ITEM/DESC.", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"QTY", 380, true, func(it p5Item) string { return qtyStr(it.qty, "en") }, false},
		{"U.PRICE", 460, true, func(it p5Item) string { return money(it.price, "en") }, false},
		{"AMOUNT", 545, true, func(it p5Item) string { return money(it.amount(), "en") }, false},
	}
	its[1].priceTxt = "0.385"
	cols[2].cell = func(it p5Item) string {
		if it.priceTxt != "" {
			return it.priceTxt
		}
		return money(it.price, "en")
	}
	y := 200.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for k, it := range its {
		y = p5Row(c, cols, y, it)
		c.Font(false, 7.5)
		c.Text(50, y+10, it.code)
		c.Font(false, 9)
		y += 25
		if k == 2 {
			c.Font(false, 8)
			c.Text(50, y, "Note: banners ship separately from our Oxnard shop (est. 3-5 business days).")
			c.Font(false, 9)
			y += 18
		}
	}
	c.Line(50, 545, y)
	y += 12
	y = swPairs(c, 360, 545, y, 14, [][2]string{{"Subtotal", usd(sub)}, {"Sales Tax (7.25%)", usd(tax)}, {"Shipping & Handling", usd(ship)},
		{"Total", usd(gross)}, {"Deposit Received", usd(dep.Neg())}, {"Balance Due", usd(due)}}, func(k int) bool { return k == 3 || k == 5 })
	c.Font(false, 8.5)
	c.Text(50, y+18, "Make checks payable to Redwood Print & Sign Co. Thank you for your business!")
	return invLayout{"us-sales-tax-shipping", invTruth{number: "RPS-10457", date: "2024-08-03", seller: "Redwood Print & Sign Co.", cur: "USD",
		iban: noIBAN, net: net.String(), tax: tax.String(), gross: gross.String(), amountDue: due.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// k5FactureBE: a Belgian appliance dealer's invoice in French: the shop
// top left with "TVA BE 0..."; the client right; "FACTURE" with "N° de
// facture", "Date de facture" and "Échéance" (dd-mm-yyyy); "Réf.
// Description Qté Prix unit. HTVA Total HTVA" with a "dont Recupel" row
// and its amount under each appliance; "Total HTVA", "TVA 21 %", "Total
// TVAC", "À payer"; the structured communication; a footer of three
// columns, the middle one "IBAN : BE.. .... .... ...." over "BIC :".
func k5FactureBE(t testing.TB) invLayout {
	c := newProduced(504)
	c.AddPage()
	acct := "0632149875"
	iban := ibanOf("BE", acct+beMod97(acct))
	ogm := "0240417011"
	comm := ogm + beMod97(ogm)
	sc := "+++" + comm[:3] + "/" + comm[3:7] + "/" + comm[7:] + "+++"
	its := []p5Item{
		{code: "LV-8142", desc: []string{"Lave-vaisselle encastrable 60 cm A+++"}, qty: d("1"), price: d("614.05"), vat: "dont Recupel : 10,00 €"},
		{code: "FR-2290", desc: []string{"Réfrigérateur combiné 340 l No Frost"}, qty: d("1"), price: d("742.98"), vat: "dont Recupel : 20,00 €"},
		{code: "INST-01", desc: []string{"Installation et raccordement"}, qty: d("2"), price: d("49.59")},
		{code: "ENL-01", desc: []string{"Enlèvement anciens appareils"}, qty: d("2"), price: d("0")},
	}
	net := p5Sum(its)
	tva := net.Mul(d("0.21")).Round(2)
	gross := net.Add(tva)
	c.Font(true, 14)
	c.Text(50, 40, "Électro Dumont SRL")
	c.Font(false, 8.5)
	for k, s := range []string{"Rue Saint-Gilles 118", "4000 Liège", "TVA BE 0456.218.774", "Tél. 04 223 18 40"} {
		c.Text(50, 57+float64(k)*11, s)
	}
	c.Font(false, 9.5)
	for k, s := range []string{"Monsieur Julien Lambert", "Avenue de l'Observatoire 27", "4000 Liège"} {
		c.Text(330, 110+float64(k)*12, s)
	}
	c.Font(true, 14)
	c.Text(50, 175, "FACTURE")
	c.Font(false, 9)
	for k, m := range [][2]string{{"N° de facture", "2024/0417"}, {"Date de facture", "18-07-2024"}, {"Échéance", "17-08-2024"}} {
		c.Text(50+float64(k)*130, 195, m[0])
		c.Text(50+float64(k)*130, 207, m[1])
	}
	cols := []p5Col{
		{"Réf.", 50, false, func(it p5Item) string { return it.code }, false},
		{"Description", 105, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Qté", 370, true, func(it p5Item) string { return qtyStr(it.qty, "fr") }, false},
		{"Prix unit. HTVA", 460, true, func(it p5Item) string { return money(it.price, "fr") }, false},
		{"Total HTVA", 545, true, func(it p5Item) string { return money(it.amount(), "fr") }, false},
	}
	y := 240.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it)
		if it.vat != "" {
			c.Font(false, 8)
			c.Text(105, y+11, it.vat)
			c.Font(false, 9)
			y += 11
		}
		y += 15
	}
	c.Line(50, 545, y)
	y += 12
	y = swPairs(c, 350, 545, y, 14, [][2]string{{"Total HTVA", money(net, "fr") + " €"}, {"TVA 21 %", money(tva, "fr") + " €"},
		{"Total TVAC", money(gross, "fr") + " €"}, {"À payer", money(gross, "fr") + " €"}}, lastBold(4))
	c.Font(false, 8.5)
	c.Text(50, y+18, "Paiement à 30 jours avec la communication structurée "+sc)
	c.Text(50, y+29, "Recupel : cotisation environnementale incluse dans le prix des appareils.")
	c.Font(false, 7.5)
	for k, s := range []string{"Électro Dumont SRL", "Rue Saint-Gilles 118, 4000 Liège", "RPM Liège, division Liège"} {
		c.Text(50, 770+float64(k)*9, s)
	}
	for k, s := range []string{"IBAN : " + grouped(iban), "BIC : GKCCBEBB"} {
		c.Text(240, 770+float64(k)*9, s)
	}
	for k, s := range []string{"info@electrodumont.example", "www.electrodumont.example"} {
		c.Text(420, 770+float64(k)*9, s)
	}
	return invLayout{"be-facture-recupel", invTruth{number: "2024/0417", date: "2024-07-18", due: "2024-08-17", seller: "Électro Dumont SRL", cur: "EUR",
		iban: iban, net: net.String(), tax: tva.String(), gross: gross.String(), amountDue: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// k5CateringNL: a Dutch caterer's invoice: the caterer top left with KvK
// and BTW numbers; the customer; "Factuur" with "Factuurnummer",
// "Factuurdatum" written out ("18 april 2024"), "Vervaldatum" and
// "Evenement"; "Omschrijving Aantal Prijs BTW Bedrag" with the items under
// the section titles "Buffet", "Dranken" and "Personeel", food at 9 % and
// drinks and staff at 21 %; "Totaal exclusief BTW", "BTW 9% over € ...",
// "BTW 21% over € ...", "Totaal inclusief BTW"; the IBAN in a footer
// column split over two lines.
func k5CateringNL(t testing.TB) invLayout {
	c := newProduced(505)
	c.AddPage()
	iban := ibanOf("NL", "RABO"+"0318244571")
	type sec struct {
		title string
		its   []p5Item
	}
	secs := []sec{
		{"Buffet", []p5Item{
			{desc: []string{"Lunchbuffet Hollands, per persoon"}, qty: d("45"), price: d("18.50"), vat: "9%"},
			{desc: []string{"Soep van het seizoen"}, qty: d("45"), price: d("3.75"), vat: "9%"},
		}},
		{"Dranken", []p5Item{
			{desc: []string{"Koffie, thee en frisdrank arrangement"}, qty: d("45"), price: d("4.95"), vat: "9%"},
			{desc: []string{"Huiswijn wit en rood (fles)"}, qty: d("12"), price: d("16.50"), vat: "21%"},
		}},
		{"Personeel", []p5Item{
			{desc: []string{"Bediening (uur)"}, qty: d("10"), price: d("32.50"), vat: "21%"},
		}},
	}
	var its []p5Item
	var b9, b21 decimal.Decimal
	for _, s := range secs {
		for _, it := range s.its {
			its = append(its, it)
			if it.vat == "9%" {
				b9 = b9.Add(it.amount())
			} else {
				b21 = b21.Add(it.amount())
			}
		}
	}
	net := p5Sum(its)
	t9 := b9.Mul(d("0.09")).Round(2)
	t21 := b21.Mul(d("0.21")).Round(2)
	tax := t9.Add(t21)
	gross := net.Add(tax)
	eur := func(v decimal.Decimal) string { return "€ " + money(v, "de") }
	c.Font(true, 15)
	c.Text(50, 40, "Smaakvol Catering B.V.")
	c.Font(false, 8.5)
	for k, s := range []string{"Oudegracht 212", "3511 NR Utrecht", "KvK 71844520 · BTW NL858912346B01"} {
		c.Text(50, 57+float64(k)*11, s)
	}
	c.Font(false, 9.5)
	for k, s := range []string{"Stichting Wijkhuis De Linde", "t.a.v. mevrouw A. Bakker", "Lindelaan 4", "3581 BJ Utrecht"} {
		c.Text(330, 100+float64(k)*12, s)
	}
	c.Font(true, 14)
	c.Text(50, 170, "Factuur")
	c.Font(false, 9)
	for k, m := range [][2]string{{"Factuurnummer:", "24-0388"}, {"Factuurdatum:", "18 april 2024"}, {"Vervaldatum:", "2 mei 2024"}, {"Evenement:", "Jubileumlunch 12 april 2024"}} {
		c.Text(50, 190+float64(k)*12, m[0])
		c.Text(140, 190+float64(k)*12, m[1])
	}
	cols := []p5Col{
		{"Omschrijving", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Aantal", 340, true, func(it p5Item) string { return qtyStr(it.qty, "de") }, false},
		{"Prijs", 410, true, func(it p5Item) string { return eur(it.price) }, false},
		{"BTW", 450, true, func(it p5Item) string { return it.vat }, false},
		{"Bedrag", 545, true, func(it p5Item) string { return eur(it.amount()) }, false},
	}
	y := 260.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, s := range secs {
		c.Font(true, 9)
		c.Text(50, y, s.title)
		c.Font(false, 9)
		y += 14
		for _, it := range s.its {
			y = p5Row(c, cols, y, it) + 14
		}
		y += 4
	}
	c.Line(50, 545, y)
	y += 12
	y = swPairs(c, 330, 545, y, 14, [][2]string{{"Totaal exclusief BTW", eur(net)}, {"BTW 9% over " + eur(b9), eur(t9)},
		{"BTW 21% over " + eur(b21), eur(t21)}, {"Totaal inclusief BTW", eur(gross)}}, lastBold(4))
	c.Font(false, 8.5)
	c.Text(50, y+18, "Wij verzoeken u het bedrag binnen 14 dagen over te maken onder vermelding van het factuurnummer.")
	c.Font(false, 7.5)
	g := grouped(iban)
	for k, s := range []string{"Smaakvol Catering B.V.", "Oudegracht 212, 3511 NR Utrecht"} {
		c.Text(50, 770+float64(k)*9, s)
	}
	for k, s := range []string{"Rabobank", "IBAN: " + g[:9], g[10:]} {
		c.Text(240, 770+float64(k)*9, s)
	}
	for k, s := range []string{"KvK 71844520", "BTW NL858912346B01"} {
		c.Text(420, 770+float64(k)*9, s)
	}
	return invLayout{"nl-catering-excl-incl", invTruth{number: "24-0388", date: "2024-04-18", due: "2024-05-02", seller: "Smaakvol Catering B.V.", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

var invKinds5TuneLayouts = []func(testing.TB) invLayout{k5TaxInvoiceAU, k5TPSTVQQC, k5SalesTaxShipUS, k5FactureBE, k5CateringNL}

// TestLayoutSuiteKinds5 scores the fifth batch of invoice kinds: the tune
// part (rules may be written from it) and the report part
// (layouts_kinds5_report_test.go, scored once at the end, never used for
// rules).
func TestLayoutSuiteKinds5(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	runLayoutParts(t, "kinds5", []layoutPart{{"tune", invKinds5TuneLayouts, layoutKinds5TuneBar}, {"report", invKinds5ReportLayouts, layoutKinds5ReportBar}})
}

// layoutKinds5TuneBar: first scored as it came, before any rule: 59 of 68
// fields (86.8%), 1 of 5 invoices all right (the whole batch 91/108,
// 84.3%): us-sales-tax-shipping 13/13; au-tax-invoice 11/14 (the
// "Subtotal" equal to the total taken as the net, a GST-free line's
// amount as the tax; "Includes GST 10%" no tax label); ca-qc-tps-tvq
// 12/14 ("TPS"/"TVQ" no tax words, "$" not read as CAD with the province
// written out, "Montréal (Québec) H2K 2S5"); be-facture-recupel 11/14 (an
// item at no charge, "2 0,00 0,00", read as a line of the item above: the
// titles "Prix unit. HTVA" and "Total HTVA" were split, "HTVA" a column
// of its own); nl-catering-excl-incl 12/13 (the section title "Dranken"
// read as a line of the item above).
//
// 68 of 68 after general rules: a subtotal equal to the total over a tax
// row that says the tax is included ("Includes GST", "enthaltene MwSt.",
// "dont TVA", "waarvan btw", "IVA incluida", "di cui IVA") is the gross,
// and the net is gross - tax; Canada's taxes ("HST", "PST", "QST", "TPS",
// "TVQ") are tax words; a Canadian postal code alone, a business number
// ("812345678 RT0001") or a QST number, a province written out, "HST" or
// "TVQ" place a document in Canada; "HTVA", "TVAC", "TVAI" and "inc"
// qualify a column title, "Prix unit." is a unit price; a line between two
// items that print their own descriptions goes with the next one when it
// is nearer to it and set from the item above farther than items stand
// from each other.
const layoutKinds5TuneBar = 0.98
