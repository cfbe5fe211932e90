package invoice

import (
	"testing"

	"github.com/shopspring/decimal"
)

// The report part of the batch of new invoice kinds (TestLayoutSuiteKinds):
// written with the tune part, before any was scored, and never looked at
// for rules.

// kFacturaSimplificadaES: a Spanish simplified invoice from a shop's till
// software on a narrow page: the shop's name, "NIF", address; "FACTURA
// SIMPLIFICADA", "Nº: T24-004512", "Fecha: 15/03/2024 13:42"; "Uds.
// Descripción Precio Importe" with prices including VAT; "TOTAL (IVA
// incluido)", a VAT breakdown "Base imponible", "IVA 21%", "Cuota";
// "Entregado" and "Cambio".
func kFacturaSimplificadaES(t testing.TB) invLayout {
	c := newProduced(211)
	c.AddPage()
	its := []p5Item{
		{desc: []string{"Taladro percutor 750W"}, qty: d("1"), price: d("48.40")},
		{desc: []string{"Juego brocas HSS 19 pzs"}, qty: d("2"), price: d("9.68")},
		{desc: []string{"Tacos nylon 8 mm (100)"}, qty: d("3"), price: d("3.63")},
		{desc: []string{"Cinta americana gris"}, qty: d("2"), price: d("2.42")},
	}
	gross := p5Sum(its)
	net := gross.Div(d("1.21")).Round(2)
	tax := gross.Sub(net)
	x0, x1 := 180.0, 415.0
	c.Font(true, 12)
	c.Text(x0+40, 40, "FERRETERÍA CAMPOS S.L.")
	c.Font(false, 8.5)
	c.Text(x0+55, 56, "NIF: B46123457")
	c.Text(x0+30, 67, "Avda. del Puerto 118, 46023 Valencia")
	c.Text(x0+60, 78, "Tel. 963 55 01 22")
	c.Font(true, 10)
	c.Text(x0+50, 100, "FACTURA SIMPLIFICADA")
	c.Font(false, 8.5)
	c.Text(x0, 118, "Nº: T24-004512")
	c.Right(x1, 118, "Fecha: 15/03/2024 13:42")
	c.Text(x0, 129, "Caja: 2")
	c.Right(x1, 129, "Atendido por: Marta")
	c.Line(x0, x1, 143)
	cols := []p5Col{
		{"Uds.", x0, false, func(it p5Item) string { return it.qty.String() }, false},
		{"Descripción", x0 + 25, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Precio", x0 + 185, true, func(it p5Item) string { return money(it.price, "de") }, false},
		{"Importe", x1, true, func(it p5Item) string { return money(it.amount(), "de") }, false},
	}
	y := 148.0
	p5Head(c, cols, y)
	c.Line(x0, x1, y+11)
	y += 16
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 12
	}
	c.Line(x0, x1, y+2)
	y += 8
	c.Font(true, 10)
	c.Text(x0, y, "TOTAL (IVA incluido)")
	c.Right(x1, y, money(gross, "de")+" €")
	y += 20
	c.Font(false, 8)
	c.Text(x0, y, "Base imponible")
	c.Text(x0+90, y, "IVA 21%")
	c.Right(x1, y, "Cuota")
	c.Right(x0+80, y+11, money(net, "de"))
	c.Text(x0+90, y+11, "21,00")
	c.Right(x1, y+11, money(tax, "de"))
	y += 30
	c.Font(false, 8.5)
	c.Text(x0, y, "Entregado")
	c.Right(x1, y, "100,00")
	c.Text(x0, y+11, "Cambio")
	c.Right(x1, y+11, money(d("100").Sub(gross), "de"))
	c.Text(x0+40, y+32, "Gracias por su visita - Conserve este ticket")
	return invLayout{"es-factura-simplificada", invTruth{number: "T24-004512", date: "2024-03-15", seller: "FERRETERÍA CAMPOS S.L.", cur: "EUR",
		iban: noIBAN, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// kCreditnotaNL: a Dutch credit note from a hosted bookkeeping service's
// default template: the company's logo text and address top right, the
// customer's block left; "Creditnota" as the title; "Creditnotanummer",
// "Creditnotadatum", "Betreft factuur" titles left, values right of them;
// "Omschrijving Aantal Prijs Btw Totaal" with negative amounts "€ -45,00";
// "Subtotaal", "21% btw", "Totaal"; "Het bedrag wordt binnen 14 dagen
// teruggestort"; the company's KvK, btw-nummer and IBAN in the footer.
func kCreditnotaNL(t testing.TB) invLayout {
	c := newProduced(212)
	c.AddPage()
	iban := ibanOf("NL", "RABO"+"0312456789")
	eur := func(v decimal.Decimal) string { return "€ " + money(v, "de") }
	its := []p5Item{
		{desc: []string{"Creditering workshop 'Klantreis in kaart'", "Geannuleerd op 4 maart 2024"}, name: []string{"Creditering workshop 'Klantreis in kaart' Geannuleerd op 4 maart 2024"}, qty: d("1"), price: d("-650")},
		{desc: []string{"Creditering reiskosten"}, qty: d("1"), price: d("-45")},
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.21")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 16)
	c.Right(545, 38, "Koers & Kompas")
	c.Font(false, 8.5)
	for k, s := range []string{"Koers & Kompas Advies", "Oudegracht 131", "3511 AJ Utrecht", "info@koersenkompas.example"} {
		c.Right(545, 58+float64(k)*11, s)
	}
	c.Font(false, 9.5)
	for k, s := range []string{"Gemeente Zeist", "t.a.v. afdeling Inkoop", "Postbus 513", "3700 AM Zeist"} {
		c.Text(50, 120+float64(k)*11.5, s)
	}
	c.Font(true, 18)
	c.Text(50, 200, "Creditnota")
	c.Font(false, 9)
	for k, m := range [][2]string{{"Creditnotanummer", "2024-C004"}, {"Creditnotadatum", "15-03-2024"}, {"Betreft factuur", "2024-0087"}} {
		c.Text(50, 228+float64(k)*12, m[0])
		c.Text(160, 228+float64(k)*12, m[1])
	}
	cols := []p5Col{
		{"Omschrijving", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Aantal", 340, true, func(it p5Item) string { return it.qty.String() }, false},
		{"Prijs", 410, true, func(it p5Item) string { return eur(it.price) }, false},
		{"Btw", 460, true, func(it p5Item) string { return "21%" }, false},
		{"Totaal", 545, true, func(it p5Item) string { return eur(it.amount()) }, false},
	}
	y := 290.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 18
	}
	c.Line(340, 545, y)
	y += 8
	y = swPairs(c, 360, 545, y, 15, [][2]string{{"Subtotaal", eur(net)}, {"21% btw", eur(tax)}, {"Totaal", eur(gross)}}, lastBold(3))
	c.Font(false, 9)
	c.Text(50, y+20, "Het bedrag van "+eur(gross.Neg())+" wordt binnen 14 dagen teruggestort op uw rekening.")
	c.Font(false, 7)
	c.Text(50, 800, "Koers & Kompas Advies · KvK 71234567 · Btw-nummer NL001234567B01 · IBAN "+grouped(iban))
	return invLayout{"nl-creditnota", invTruth{number: "2024-C004", date: "2024-03-15", seller: "Koers & Kompas Advies", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// kSaaSSubscriptionUS: a SaaS vendor's subscription invoice: the vendor's
// name top left, "Invoice" right with "Invoice number", "Invoice date",
// "Billing period" and "Amount due" pairs; "Bill to" and "Sold to"
// blocks; a table "Description Qty Unit price Amount" with a plan line
// (users), a usage line with a five-decimal unit price, a proration
// credit; "Subtotal", "Sales tax (8.875%)", "Total", "Amount paid" (card)
// and "Amount due USD 0.00". Dates "Mar 15, 2024".
func kSaaSSubscriptionUS(t testing.TB) invLayout {
	c := newProduced(213)
	c.AddPage()
	usd := func(v decimal.Decimal) string { return "$" + money(v, "en") }
	its := []p5Item{
		{desc: []string{"Teamboard Cloud Premium (monthly)", "Mar 15, 2024 - Apr 14, 2024"}, qtyText: "23", qty: d("23"), price: d("12.50"), priceTxt: "$12.50"},
		{desc: []string{"Automation runs (usage)", "Feb 15, 2024 - Mar 14, 2024"}, qtyText: "184,250", qty: d("184250"), price: d("0.00012"), priceTxt: "$0.00012"},
		{desc: []string{"Unused time on 2 users after Mar 3, 2024"}, qtyText: "1", qty: d("1"), price: d("-9.27"), priceTxt: "-$9.27"},
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.08875")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 14)
	c.Text(50, 40, "Teamboard Software, Inc.")
	c.Font(false, 8.5)
	c.Text(50, 56, "350 Fifth Avenue, Suite 4100")
	c.Text(50, 67, "New York, NY 10118")
	c.Text(50, 78, "billing@teamboard.example")
	c.Font(true, 18)
	c.Right(545, 38, "Invoice")
	c.Font(false, 9)
	for k, m := range [][2]string{{"Invoice number", "TB-7F3A21-0007"}, {"Invoice date", "Mar 15, 2024"}, {"Billing period", "Mar 15 - Apr 14, 2024"}, {"Amount due", "USD 0.00"}} {
		c.Text(340, 64+float64(k)*12, m[0])
		c.Right(545, 64+float64(k)*12, m[1])
	}
	c.Font(true, 9)
	c.Text(50, 130, "Bill to")
	c.Text(300, 130, "Sold to")
	c.Font(false, 9)
	for k, s := range []string{"Harbor Lane Logistics LLC", "accounts@harborlane.example", "12 Water Street", "Brooklyn, NY 11201"} {
		c.Text(50, 143+float64(k)*11, s)
		c.Text(300, 143+float64(k)*11, s)
	}
	cols := []p5Col{
		{"Description", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Qty", 360, true, func(it p5Item) string { return it.qtyText }, false},
		{"Unit price", 450, true, func(it p5Item) string { return it.priceTxt }, false},
		{"Amount", 545, true, func(it p5Item) string {
			if it.amount().Sign() < 0 {
				return "-" + usd(it.amount().Neg())
			}
			return usd(it.amount())
		}, false},
	}
	y := 215.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 18
	}
	c.Line(340, 545, y)
	y += 8
	swPairs(c, 340, 545, y, 15, [][2]string{{"Subtotal", usd(net)}, {"Sales tax (8.875%)", usd(tax)}, {"Total", usd(gross)}, {"Amount paid", "-" + usd(gross)}, {"Amount due", "USD 0.00"}}, func(k int) bool { return k == 2 || k == 4 })
	c.Font(false, 8)
	c.Text(50, y, "Paid with Mastercard ending 0921 on Mar 15, 2024.")
	c.Text(50, y+12, "Questions? Visit teamboard.example/billing")
	return invLayout{"us-saas-subscription", invTruth{number: "TB-7F3A21-0007", date: "2024-03-15", seller: "Teamboard Software, Inc.", cur: "USD",
		iban: noIBAN, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// kMobilfunkDE: a German mobile operator's bill: page 1 with the
// operator's name, a box "Kundennummer", "Rechnungsnummer",
// "Rechnungsdatum", "Buchungskonto"; "Ihre Rechnung vom ..."; a
// "Zusammenfassung" box per contract ("Mobilfunk 0172 5550123",
// "Monatliche Beträge", "Einmalige Beträge", "Verbindungen"), then
// "Rechnungsbetrag netto", "zzgl. 19 % MwSt.", "Rechnungsbetrag brutto";
// "Abbuchung am 20.03.2024 von Ihrem Konto IBAN DE** **** **** **** **12
// 34"; page 2 the detail lines with periods and amounts.
func kMobilfunkDE(t testing.TB) invLayout {
	c := newProduced(214)
	c.AddPage()
	its := []p5Item{
		{desc: []string{"Tarif Smart Talk L Grundpreis 01.03.-31.03.2024"}, qty: d("1"), price: d("33.60")},
		{desc: []string{"Datenoption Extra 10 GB 01.03.-31.03.2024"}, qty: d("1"), price: d("8.39")},
		{desc: []string{"Gerätezuzahlung Rate 7 von 24"}, qty: d("1"), price: d("12.56")},
		{desc: []string{"Verbindungen ins EU-Ausland"}, qty: d("1"), price: d("1.97")},
		{desc: []string{"Premium-SMS Dienste Dritter"}, qty: d("1"), price: d("2.52")},
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.19")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 16)
	c.Text(50, 36, "Funkwelle Mobil GmbH")
	c.Font(false, 7)
	c.Text(50, 80, "Funkwelle Mobil GmbH · 40543 Düsseldorf")
	c.Font(false, 10)
	for k, s := range []string{"Frau", "Miriam Scholten", "Goethestraße 22", "45128 Essen"} {
		c.Text(50, 94+float64(k)*12, s)
	}
	c.Font(false, 8.5)
	for k, m := range [][2]string{{"Kundennummer", "108 774 3310"}, {"Buchungskonto", "5 0123 4455"}, {"Rechnungsnummer", "4471 2290 0318"}, {"Rechnungsdatum", "08.03.2024"}, {"Seite", "1 von 2"}} {
		c.Text(360, 94+float64(k)*12, m[0])
		c.Right(545, 94+float64(k)*12, m[1])
	}
	c.Font(true, 13)
	c.Text(50, 175, "Ihre Rechnung vom 08.03.2024")
	c.Font(false, 9)
	c.Text(50, 192, "Guten Tag Frau Scholten, hier ist Ihre Rechnung für März 2024.")
	y := 220.0
	c.Line(50, 545, y)
	c.Font(true, 10)
	c.Text(55, y+6, "Zusammenfassung")
	c.Font(false, 9)
	c.Text(55, y+24, "Mobilfunk-Vertrag 0172 5550123")
	y += 40
	for k, r := range [][2]string{
		{"Monatliche Beträge", eurDE(its[0].amount().Add(its[1].amount()).Add(its[2].amount()))},
		{"Verbindungen", eurDE(its[3].amount())},
		{"Beträge anderer Anbieter", eurDE(its[4].amount())},
	} {
		c.Text(65, y+float64(k)*13, r[0])
		c.Right(540, y+float64(k)*13, r[1])
	}
	y += 46
	for k, r := range [][2]string{{"Rechnungsbetrag netto", eurDE(net)}, {"zzgl. 19 % MwSt.", eurDE(tax)}, {"Rechnungsbetrag brutto", eurDE(gross)}} {
		c.Font(k == 2, 9.5)
		c.Text(55, y+float64(k)*14, r[0])
		c.Right(540, y+float64(k)*14, r[1])
	}
	c.Line(50, 545, y+48)
	c.Font(false, 9)
	c.Text(50, y+62, "Abbuchung am 20.03.2024 von Ihrem Konto IBAN DE** **** **** **** **12 34")
	c.Text(50, y+74, "Mandatsreferenz FWM1087743310, Gläubiger-ID DE12ZZZ00000098765")
	c.Font(false, 6.5)
	c.Text(50, 795, "Funkwelle Mobil GmbH · Am Seestern 9 · 40547 Düsseldorf · Amtsgericht Düsseldorf HRB 99881 · USt-IdNr. DE813579246")
	c.AddPage()
	c.Font(false, 8)
	c.Text(50, 36, "Kundennummer 108 774 3310 · Rechnungsnummer 4471 2290 0318 · Seite 2 von 2")
	c.Font(true, 12)
	c.Text(50, 60, "Einzelheiten Ihrer Rechnung")
	c.Font(false, 9)
	c.Text(50, 78, "Mobilfunk-Vertrag 0172 5550123")
	y = 100
	c.Font(true, 8)
	c.Text(50, y, "Leistung")
	c.Right(545, y, "Betrag netto in €")
	c.Font(false, 9)
	y += 16
	for _, it := range its {
		c.Text(50, y, it.desc[0])
		c.Right(545, y, money(it.amount(), "de"))
		y += 14
	}
	c.Font(true, 9)
	c.Text(50, y+6, "Summe netto")
	c.Right(545, y+6, money(net, "de"))
	return invLayout{"de-mobilfunk-summary", invTruth{number: "4471 2290 0318", date: "2024-03-08", seller: "Funkwelle Mobil GmbH", cur: "EUR",
		iban: noIBAN, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

var invKindsReportLayouts = []func(testing.TB) invLayout{kFacturaSimplificadaES, kCreditnotaNL, kSaaSSubscriptionUS, kMobilfunkDE}
