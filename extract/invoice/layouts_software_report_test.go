package invoice

import (
	"testing"

	"github.com/shopspring/decimal"
)

// The report part of the invoicing-software batch
// (layouts_software_test.go): written with the tune part, scored as they
// came and never looked at for rules.

// swOdooNL: Odoo's invoice report in Dutch (addons/account/i18n/nl.po),
// under the "striped" external layout: h2 "Factuur INV/2024/00112";
// "Factuurdatum:", "Vervaldatum:", "Bron:" as titles over values; the
// table "Omschrijving Aantal Prijs per eenheid Belastingen Bedrag"
// ("2,00 Stuks", "21% btw"); a note row between items; the totals
// "Subtotaal", "Btw 21%", "Totaal"; "Betalingsreferentie: INV/2024/00112";
// the bank account and KvK in the footer. nl_NL writes 15-03-2024 and
// "€ 1.234,56" (symbol before).
func swOdooNL(t testing.TB) invLayout {
	c := newProduced(111)
	c.AddPage()
	iban := ibanOf("NL", "RABO"+"0312456789")
	eur := func(v decimal.Decimal) string { return "€ " + money(v, "de") }
	its := []p5Item{
		{desc: []string{"[FT-ZW] Fietstas waterdicht, zwart"}, qty: d("14"), unitName: "Stuks", price: d("42.95")},
		{desc: []string{"[SL-08] Kettingslot 8 mm, 90 cm"}, qty: d("20"), unitName: "Stuks", price: d("27.50")},
		{desc: []string{"[VL-LED] Verlichtingsset LED", "voor- en achterlicht, USB oplaadbaar"}, qty: d("25"), unitName: "Stuks", price: d("18.75")},
		{desc: []string{"Verzendkosten pallet"}, qty: d("1"), unitName: "Stuks", price: d("65")},
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.21")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 15)
	c.Text(50, 34, "Trapkracht Groothandel B.V.")
	c.Font(false, 8)
	c.Right(545, 34, "Industrieweg 31")
	c.Right(545, 44, "3542 AD Utrecht")
	c.Right(545, 54, "Nederland")
	c.Font(false, 9)
	c.Text(320, 100, "Fietsenmakerij De Spaak")
	c.Text(320, 111, "Oudegracht 214")
	c.Text(320, 122, "3511 NT Utrecht")
	c.Text(320, 133, "Nederland")
	c.Font(true, 16)
	c.Text(50, 170, "Factuur INV/2024/00112")
	for k, m := range [][2]string{{"Factuurdatum:", "15-03-2024"}, {"Vervaldatum:", "14-04-2024"}, {"Bron:", "S00988"}} {
		c.Font(true, 9)
		c.Text(50+float64(k)*125, 200, m[0])
		c.Font(false, 9)
		c.Text(50+float64(k)*125, 212, m[1])
	}
	cols := []p5Col{
		{"Omschrijving", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Aantal", 320, true, func(it p5Item) string { return money(it.qty, "de") + " " + it.unitName }, false},
		{"Prijs per eenheid", 410, true, func(it p5Item) string { return money(it.price, "de") }, false},
		{"Belastingen", 420, false, func(it p5Item) string { return "21% btw" }, false},
		{"Bedrag", 545, true, func(it p5Item) string { return eur(it.amount()) }, false},
	}
	y := 245.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for i, it := range its {
		y = p5Row(c, cols, y, it) + 15
		if i == 2 {
			c.Font(false, 8.5)
			c.Text(50, y, "Levering in twee zendingen, restant volgt in week 14.")
			c.Font(false, 9)
			y += 15
		}
	}
	y += 10
	y = swPairs(c, 350, 545, y, 15, [][2]string{{"Subtotaal", eur(net)}, {"Btw 21%", eur(tax)}, {"Totaal", eur(gross)}}, func(k int) bool { return k != 1 })
	c.Text(50, y+10, "Betalingstermijn: 30 dagen")
	c.Text(50, y+24, "Betalingsreferentie: INV/2024/00112")
	c.Font(false, 7)
	c.Text(50, 800, "Trapkracht Groothandel B.V. · KvK 81234567 · btw NL862345678B01 · IBAN "+grouped(iban)+" · BIC RABONL2U")
	c.Right(545, 812, "Pagina: 1 / 1")
	return invLayout{"odoo-nl-striped", invTruth{number: "INV/2024/00112", date: "2024-03-15", due: "2024-04-14", seller: "Trapkracht Groothandel B.V.", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// swDolibarrDE: Dolibarr's older invoice model "crabe"
// (pdf_crabe.modules.php) in German (langs/de_DE bills.lang: "Rechnung",
// "Rechnungsdatum", "Zahlungsziel", "Von"/"An" for the address frames,
// "Bereits bezahlt", "Offener Zahlbetrag"): title and reference top right,
// "Rechnungsdatum : 15.03.2024", "Zahlungsziel : 29.03.2024",
// "Kundennummer : CU2401-00003"; the frames "Von" and "An"; "Beträge in
// Euro" over the table "Beschreibung USt. Preis netto Menge Rabatt Netto
// gesamt" (a line discount "10%"); under it the payment terms and the
// bank account on the left, the totals on the right: "Summe (netto)",
// "USt. 19%", "Summe (brutto)", "Bereits bezahlt", "Offener Zahlbetrag".
func swDolibarrDE(t testing.TB) invLayout {
	c := newProduced(112)
	c.AddPage()
	iban := ibanOf("DE", "70020270"+"0015063217")
	its := []p5Item{
		{desc: []string{"SRV-WART - Wartungsvertrag Server", "Zeitraum 01.03.2024 - 31.03.2024"}, qty: d("1"), price: d("390")},
		{desc: []string{"NB-14 - Notebook 14 Zoll, 16 GB RAM"}, qty: d("3"), price: d("1049"), rebate: "10%"},
		{desc: []string{"DOCK-U - USB-C Dockingstation"}, qty: d("3"), price: d("189")},
		{desc: []string{"Einrichtung Arbeitsplätze"}, qty: d("4"), price: d("75")},
	}
	its[1].total = dptr(its[1].qty.Mul(its[1].price).Mul(d("0.9")).Round(2))
	net := p5Sum(its)
	tax := net.Mul(d("0.19")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 13)
	c.Text(50, 36, "Netzwerkstatt Müller IT e.K.")
	c.Right(545, 36, "Rechnung")
	c.Font(false, 9)
	c.Right(545, 52, "Nr. : FA2403-0015")
	c.Right(545, 63, "Rechnungsdatum : 15.03.2024")
	c.Right(545, 74, "Zahlungsziel : 29.03.2024")
	c.Right(545, 85, "Kundennummer : CU2401-00003")
	c.Font(false, 8)
	c.Text(50, 110, "Von")
	c.Text(300, 110, "An")
	c.Font(true, 9)
	c.Text(54, 124, "Netzwerkstatt Müller IT e.K.")
	c.Font(false, 9)
	c.Text(54, 136, "Leopoldstraße 55")
	c.Text(54, 147, "80802 München")
	c.Text(54, 158, "Tel.: 089 555 01 77")
	c.Font(true, 9)
	c.Text(304, 124, "Kanzlei Berger Steuerberatung")
	c.Font(false, 9)
	c.Text(304, 136, "Nymphenburger Straße 4")
	c.Text(304, 147, "80335 München")
	c.Font(false, 8)
	c.Right(545, 190, "Beträge in Euro")
	cols := []p5Col{
		{"Beschreibung", 52, false, func(it p5Item) string { return it.desc[0] }, true},
		{"USt.", 320, true, func(it p5Item) string { return "19%" }, false},
		{"Preis netto", 385, true, func(it p5Item) string { return money(it.price, "de") }, false},
		{"Menge", 420, true, func(it p5Item) string { return it.qty.String() }, false},
		{"Rabatt", 460, true, func(it p5Item) string { return it.rebate }, false},
		{"Netto gesamt", 543, true, func(it p5Item) string { return money(it.amount(), "de") }, false},
	}
	y := 204.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 16
	}
	c.Line(50, 545, 540)
	y = 555.0
	c.Font(false, 8.5)
	for k, s := range []string{"Zahlungsbedingungen : 14 Tage", "Zahlungsart : Überweisung", "Zahlung per Überweisung auf folgendes Bankkonto:",
		"Bank : HypoVereinsbank", "IBAN : " + grouped(iban), "BIC/SWIFT : HYVEDEMMXXX"} {
		c.Text(52, y+float64(k)*11, s)
	}
	swPairs(c, 370, 543, y, 14, [][2]string{{"Summe (netto)", money(net, "de")}, {"USt. 19%", money(tax, "de")}, {"Summe (brutto)", money(gross, "de")},
		{"Bereits bezahlt", money(decimal.Zero, "de")}, {"Offener Zahlbetrag", money(gross, "de")}}, func(k int) bool { return k == 2 || k == 4 })
	c.Font(false, 7)
	c.Text(90, 805, "Netzwerkstatt Müller IT e.K. - Inh. Tobias Müller - Amtsgericht München HRA 112233 - USt-IdNr.: DE276543219")
	c.Right(545, 816, "1/1")
	return invLayout{"dolibarr-de-crabe", invTruth{number: "FA2403-0015", date: "2024-03-15", due: "2024-03-29", seller: "Netzwerkstatt Müller IT e.K.", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// swNinjaES: Invoice Ninja's default design in Spanish (lang/es_ES
// texts.php): the company's name and details top left, its address in a
// second column; the entity details as a grid of labels left and values
// right: "Número de Factura", "Fecha de Factura", "Fecha de Vencimiento",
// "Saldo pendiente"; the client's block ("Facturar a"); the product table
// "Concepto Descripción Coste unitario Cantidad Total" (item and
// description in their own columns); the totals "Subtotal", "IVA 21%",
// "Total", "Pagado a la fecha", "Saldo pendiente"; the terms and the
// footer under it. Date format as set (d/m/Y), money "1.234,56 €".
func swNinjaES(t testing.TB) invLayout {
	c := newProduced(113)
	c.AddPage()
	iban := ibanOf("ES", "0049"+"1500"+"05"+"1234567892")
	its := []p5Item{
		{desc: []string{"Mantenimiento web Marzo 2024"}, qty: d("1"), price: d("180")},
		{desc: []string{"Campaña SEM Gestión mensual"}, qty: d("1"), price: d("350")},
		{desc: []string{"Fotografía Producto, sesión de 4 horas"}, qty: d("4"), price: d("60")},
	}
	names := [][2]string{{"Mantenimiento web", "Marzo 2024"}, {"Campaña SEM", "Gestión mensual"}, {"Fotografía", "Producto, sesión de 4 horas"}}
	net := p5Sum(its)
	tax := net.Mul(d("0.21")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 13)
	c.Text(50, 36, "Estudio Brisa Digital S.L.")
	c.Font(false, 8.5)
	c.Text(50, 52, "CIF B66123456")
	c.Text(50, 62, "hola@brisadigital.example")
	c.Text(230, 52, "Carrer de Balmes 150")
	c.Text(230, 62, "08008 Barcelona")
	c.Font(false, 9)
	swPairs(c, 340, 545, 100, 13, [][2]string{{"Número de Factura", "0042"}, {"Fecha de Factura", "15/03/2024"}, {"Fecha de Vencimiento", "30/03/2024"}, {"Saldo pendiente", eurDE(gross)}}, lastBold(4))
	c.Font(true, 9)
	c.Text(50, 100, "Facturar a")
	c.Font(false, 9)
	c.Text(50, 113, "Librería Montseny")
	c.Text(50, 124, "Carrer de Verdi 21")
	c.Text(50, 135, "08012 Barcelona")
	y := 190.0
	c.Font(true, 8)
	for _, h := range []struct {
		s     string
		x     float64
		right bool
	}{{"Concepto", 50, false}, {"Descripción", 150, false}, {"Coste unitario", 405, true}, {"Cantidad", 460, true}, {"Total", 545, true}} {
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
		c.Text(150, y, names[i][1])
		c.Right(405, y, eurDE(it.price))
		c.Right(460, y, it.qty.String())
		c.Right(545, y, eurDE(it.amount()))
		y += 20
	}
	y += 10
	y = swPairs(c, 360, 545, y, 14, [][2]string{{"Subtotal", eurDE(net)}, {"IVA 21%", eurDE(tax)}, {"Total", eurDE(gross)}, {"Pagado a la fecha", eurDE(decimal.Zero)}, {"Saldo pendiente", eurDE(gross)}},
		func(k int) bool { return k == 4 })
	c.Font(true, 9)
	c.Text(50, y+20, "Términos")
	c.Font(false, 8.5)
	c.Text(50, y+33, "Pago por transferencia bancaria a la cuenta "+grouped(iban)+".")
	c.Font(false, 7.5)
	c.Text(50, 805, "Estudio Brisa Digital S.L. · Inscrita en el Registro Mercantil de Barcelona, tomo 45123, folio 88")
	truth := truthOf(its)
	for i := range truth {
		truth[i].desc = []string{names[i][0] + " " + names[i][1]}
	}
	return invLayout{"invoiceninja-es", invTruth{number: "0042", date: "2024-03-15", due: "2024-03-30", seller: "Estudio Brisa Digital S.L.", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truth}, producedBytes(t, c)}
}

// swWooIT: WooCommerce PDF Invoices & Packing Slips, "Simple" template
// (templates/Simple/invoice.php) in Italian (its languages/*-it_IT.po and
// WooCommerce's): the shop's logo or name and address at the top right;
// "Fattura" as the document title; the billing address on the left with
// email and phone; on the right "Numero fattura:", "Data fattura:",
// "Numero ordine:", "Data ordine:", "Metodo di pagamento:"; the table
// "Prodotto Quantità Prezzo" (the price is the line's total, the SKU on a
// line under the product, "SKU: ..."); the order totals "Subtotale",
// "Spedizione" (its amount and "tramite" the method), "IVA", "Totale";
// the shop's footer text, where shops put the bank details. it_IT writes
// "15 marzo 2024" and "1.234,56 €".
func swWooIT(t testing.TB) invLayout {
	c := newProduced(114)
	c.AddPage()
	iban := ibanOf("IT", "X"+"03069"+"09606"+"100000063728")
	type w struct {
		name, sku string
		qty, unit decimal.Decimal
	}
	ws := []w{{"Olio extravergine di oliva 750 ml", "OLIO-750", d("6"), d("12.90")}, {"Pecorino stagionato 500 g", "PEC-500", d("2"), d("14.50")},
		{"Pasta di Gragnano, paccheri 1 kg", "PAC-1000", d("5"), d("4.60")}}
	var its []p5Item
	for _, x := range ws {
		its = append(its, p5Item{desc: []string{x.name}, qty: x.qty, price: x.unit})
	}
	sub := p5Sum(its)
	ship := d("9.90")
	net := sub.Add(ship)
	tax := net.Mul(d("0.22")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 14)
	c.Right(545, 36, "Dispensa del Borgo")
	c.Font(false, 8.5)
	c.Right(545, 52, "Via dei Mille 14")
	c.Right(545, 62, "80121 Napoli (NA)")
	c.Right(545, 72, "P. IVA 07654321218")
	c.Font(true, 16)
	c.Text(50, 110, "Fattura")
	c.Font(false, 9)
	c.Text(50, 140, "Giulia Ferraro")
	c.Text(50, 151, "Corso Vittorio Emanuele 80")
	c.Text(50, 162, "10121 Torino TO")
	c.Text(50, 173, "giulia.ferraro@example.org")
	c.Text(50, 184, "+39 333 123 4567")
	for k, m := range [][2]string{{"Numero fattura:", "1042"}, {"Data fattura:", "15 marzo 2024"}, {"Numero ordine:", "5831"}, {"Data ordine:", "14 marzo 2024"},
		{"Metodo di pagamento:", "Bonifico bancario"}} {
		c.Text(330, 140+float64(k)*11, m[0])
		c.Text(430, 140+float64(k)*11, m[1])
	}
	y := 230.0
	c.Font(true, 9)
	c.Text(50, y, "Prodotto")
	c.Text(380, y, "Quantità")
	c.Text(470, y, "Prezzo")
	c.Line(50, 545, y+13)
	c.Font(false, 9)
	y += 20
	for i, it := range its {
		c.Text(50, y, it.desc[0])
		c.Text(380, y, it.qty.String())
		c.Text(470, y, eurDE(it.amount()))
		c.Font(false, 7.5)
		c.Text(50, y+11, "SKU: "+ws[i].sku)
		c.Font(false, 9)
		y += 28
	}
	c.Line(50, 545, y)
	y += 8
	for k, r := range [][2]string{{"Subtotale", eurDE(sub)}, {"Spedizione", eurDE(ship) + " tramite Corriere espresso"}, {"IVA", eurDE(tax)}, {"Totale", eurDE(gross)}} {
		c.Font(k == 3, 9)
		c.Text(330, y+float64(k)*14, r[0])
		c.Text(410, y+float64(k)*14, r[1])
	}
	c.Font(false, 7.5)
	c.Text(50, 790, "Dispensa del Borgo di Anna Esposito · P. IVA 07654321218 · Bonifico: IBAN "+grouped(iban))
	return invLayout{"woocommerce-it-simple", invTruth{number: "1042", date: "2024-03-15", seller: "Dispensa del Borgo", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// swKimaiDE: Kimai's invoice templates (the timesheet-based default
// invoice, translated by its invoice translations, de): the invoice lists
// time records: "Datum Beschreibung Stundensatz Dauer Summe", the
// duration printed as hours and minutes ("2:30"), the total of each line
// the rate × the hours; the header "Rechnung", "Rechnungsnummer",
// "Datum", "Fällig am" in a box at the right, the customer on the left;
// the totals "Zwischensumme", "zzgl. 19% MwSt.", "Gesamtbetrag"; the
// payment details ("Zahlungsziel", "Bankverbindung") and the company in
// the footer.
func swKimaiDE(t testing.TB) invLayout {
	c := newProduced(115)
	c.AddPage()
	iban := ibanOf("DE", "20041111"+"0123456700")
	type rec struct {
		date, desc, dur string
		hours           decimal.Decimal
	}
	recs := []rec{{"04.03.2024", "Workshop Anforderungen", "3:00", d("3")}, {"05.03.2024", "Entwicklung Schnittstelle Warenwirtschaft", "6:30", d("6.5")},
		{"07.03.2024", "Abstimmung mit Fachabteilung", "1:15", d("1.25")}, {"11.03.2024", "Tests und Fehlerbehebung", "4:45", d("4.75")},
		{"12.03.2024", "Dokumentation", "2:00", d("2")}}
	rate := d("92")
	var its []p5Item
	for _, r := range recs {
		its = append(its, p5Item{desc: []string{r.desc}, qty: r.hours, price: rate})
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.19")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 14)
	c.Text(50, 36, "Code & Kaffee Softwareentwicklung")
	c.Font(false, 7.5)
	c.Text(50, 90, "Code & Kaffee Softwareentwicklung · Jakob Hartmann · Grindelallee 41 · 20146 Hamburg")
	c.Font(false, 9.5)
	c.Text(50, 104, "Elbkontor Logistik GmbH")
	c.Text(50, 116, "z. Hd. Frau Reimers")
	c.Text(50, 128, "Am Sandtorkai 5")
	c.Text(50, 140, "20457 Hamburg")
	swPairs(c, 370, 545, 104, 12, [][2]string{{"Rechnungsnummer", "2024-031"}, {"Datum", "15.03.2024"}, {"Fällig am", "29.03.2024"}, {"Kunde", "Elbkontor Logistik"}}, nil)
	c.Font(true, 13)
	c.Text(50, 185, "Rechnung")
	c.Font(false, 9)
	c.Text(50, 202, "Leistungszeitraum 01.03.2024 - 15.03.2024, Projekt Lagerverwaltung")
	y := 230.0
	c.Font(true, 8)
	c.Text(50, y, "Datum")
	c.Text(110, y, "Beschreibung")
	c.Right(410, y, "Stundensatz")
	c.Right(460, y, "Dauer")
	c.Right(545, y, "Summe")
	c.Line(50, 545, y+12)
	c.Font(false, 9)
	y += 20
	for i, it := range its {
		c.Text(50, y, recs[i].date)
		c.Text(110, y, it.desc[0])
		c.Right(410, y, eurDE(rate))
		c.Right(460, y, recs[i].dur)
		c.Right(545, y, eurDE(it.amount()))
		y += 16
	}
	c.Line(50, 545, y)
	y += 10
	y = swPairs(c, 360, 545, y, 14, [][2]string{{"Zwischensumme", eurDE(net)}, {"zzgl. 19% MwSt.", eurDE(tax)}, {"Gesamtbetrag", eurDE(gross)}}, lastBold(3))
	c.Text(50, y+20, "Zahlungsziel: 14 Tage nach Rechnungsdatum ohne Abzug.")
	c.Font(false, 7)
	c.Text(50, 795, "Code & Kaffee Softwareentwicklung · Grindelallee 41 · 20146 Hamburg · Steuernummer 41/123/45678")
	c.Text(50, 804, "Bankverbindung: comdirect · IBAN "+grouped(iban)+" · BIC COBADEHD001")
	return invLayout{"kimai-de-timesheet", invTruth{number: "2024-031", date: "2024-03-15", due: "2024-03-29", seller: "Code & Kaffee Softwareentwicklung", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

var invSoftwareReportLayouts = []func(testing.TB) invLayout{swOdooNL, swDolibarrDE, swNinjaES, swWooIT, swKimaiDE}
