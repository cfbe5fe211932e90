package invoice

import (
	"testing"

	"github.com/shopspring/decimal"
)

// The report part of the third batch of new invoice kinds
// (TestLayoutSuiteKinds3): written with the tune part, before any was
// scored, scored once at the end and never used for rules.

// k3ArtisanFR: a French plumber-heating engineer's invoice for renovation
// work: the company with "SIRET", "RCS" and "TVA intracom." top left, the
// customer right; "FACTURE N° F-2024-0158" with "Date :" and "Devis n°
// D-2024-061 du 12/02/2024 accepté"; "Désignation Qté U. P.U. HT Total
// HT", items under "Lot 1 - Salle de bains" and "Lot 2 - Chauffage"
// section titles, descriptions over two or three lines; "Total HT", "TVA
// 10 %", "Total TTC", "Acompte versé le 15/02/2024", "Net à payer"; the
// reduced rate's mention (renovation of a dwelling over two years old),
// payment terms with the late-payment penalty, the IBAN.
func k3ArtisanFR(t testing.TB) invLayout {
	c := newProduced(271)
	c.AddPage()
	iban := ibanOf("FR", "30004"+"01327"+"00010442871"+"39")
	eur := func(v decimal.Decimal) string { return money(v, "fr") + " €" }
	type sec struct {
		title string
		its   []p5Item
	}
	secs := []sec{
		{"Lot 1 - Salle de bains", []p5Item{
			{desc: []string{"Dépose de la baignoire existante et évacuation", "en déchetterie, y compris raccords"}, unitName: "forf.", qtyText: "1", qty: d("1"), price: d("380")},
			{desc: []string{"Fourniture et pose receveur extra-plat 90 x 120 cm", "avec bonde et siphon, paroi fixe verre 8 mm", "finition chromée"}, unitName: "u", qtyText: "1", qty: d("1"), price: d("1245")},
			{desc: []string{"Mitigeur thermostatique de douche encastré"}, unitName: "u", qtyText: "1", qty: d("1"), price: d("412.50")},
		}},
		{"Lot 2 - Chauffage", []p5Item{
			{desc: []string{"Radiateur sèche-serviettes 750 W", "raccordement eau chaude et robinet thermostatique"}, unitName: "u", qtyText: "1", qty: d("1"), price: d("568")},
			{desc: []string{"Main d'œuvre plombier"}, unitName: "h", qtyText: "14", qty: d("14"), price: d("52")},
		}},
	}
	var its []p5Item
	for _, s := range secs {
		its = append(its, s.its...)
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.10")).Round(2)
	gross := net.Add(tax)
	deposit := d("1000")
	c.Font(true, 14)
	c.Text(50, 40, "Plomberie Chauffage Morel SARL")
	c.Font(false, 8)
	for k, s := range []string{"14 rue des Tanneurs, 69007 Lyon", "Tél. 04 78 55 12 30 · contact@morel-plomberie.example", "SIRET 512 884 309 00027 · RCS Lyon 512 884 309", "TVA intracom. FR47512884309"} {
		c.Text(50, 57+float64(k)*10, s)
	}
	c.Font(false, 10)
	for k, s := range []string{"Madame Claire Besson", "8 montée du Gourguillon", "69005 Lyon"} {
		c.Text(340, 120+float64(k)*12, s)
	}
	c.Font(true, 13)
	c.Text(50, 185, "FACTURE N° F-2024-0158")
	c.Font(false, 9)
	c.Text(50, 202, "Date : 02/04/2024")
	c.Text(50, 214, "Devis n° D-2024-061 du 12/02/2024 accepté · Chantier : 8 montée du Gourguillon, 69005 Lyon")
	cols := []p5Col{
		{"Désignation", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Qté", 340, true, func(it p5Item) string { return it.qtyText }, false},
		{"U.", 350, false, func(it p5Item) string { return it.unitName }, false},
		{"P.U. HT", 460, true, func(it p5Item) string { return money(it.price, "fr") }, false},
		{"Total HT", 545, true, func(it p5Item) string { return money(it.amount(), "fr") }, false},
	}
	y := 240.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, s := range secs {
		c.Font(true, 9)
		c.Text(50, y, s.title)
		c.Font(false, 9)
		y += 15
		for _, it := range s.its {
			y = p5Row(c, cols, y, it) + 15
		}
		y += 4
	}
	c.Line(50, 545, y)
	y += 8
	y = swPairs(c, 330, 545, y, 14, [][2]string{{"Total HT", eur(net)}, {"TVA 10 %", eur(tax)}, {"Total TTC", eur(gross)}, {"Acompte versé le 15/02/2024", "- " + eur(deposit)}, {"Net à payer", eur(gross.Sub(deposit))}}, lastBold(5))
	c.Font(false, 8)
	c.Text(50, y+16, "TVA au taux réduit de 10 % : travaux d'amélioration d'un logement achevé depuis plus de deux ans (art. 279-0 bis du CGI).")
	c.Text(50, y+27, "Paiement à réception de facture, par virement : IBAN "+grouped(iban)+" · BIC BNPAFRPPXXX.")
	c.Text(50, y+38, "En cas de retard, pénalités au taux de 3 fois le taux d'intérêt légal et indemnité forfaitaire de 40 € pour frais de recouvrement.")
	c.Font(false, 6.5)
	c.Text(50, 800, "Plomberie Chauffage Morel SARL au capital de 8 000 € · Assurance décennale MAAF n° 144 228 391 · Garantie sur toute la France métropolitaine")
	return invLayout{"fr-artisan-acompte", invTruth{number: "F-2024-0158", date: "2024-04-02", seller: "Plomberie Chauffage Morel SARL", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// k3TankkarteDE: a fuel-card issuer's collective invoice for a month: the
// issuer top left, the fleet customer in the window, "Sammelrechnung Nr.",
// "Rechnungsdatum", "Kundennummer", "Abrechnungszeitraum" right; per card a
// heading "Karte 7034 5521 0018 · Kennzeichen MS-FL 204" over rows "Datum
// Station Produkt Menge Preis/l netto Betrag netto" and a "Summe Karte"
// row; "Nettobetrag", "MwSt. 19 %", "Rechnungsbetrag"; the direct debit
// from the customer's IBAN on a date; the issuer's bank in the footer.
func k3TankkarteDE(t testing.TB) invLayout {
	c := newProduced(272)
	c.AddPage()
	iban := ibanOf("DE", "37010050"+"0123377441")
	custIBAN := ibanOf("DE", "40050150"+"0034412277")
	type tx struct{ date, station, product, litres, price string }
	cards := []struct {
		head string
		txs  []tx
	}{
		{"Karte 7034 5521 0018 · Kennzeichen MS-FL 204", []tx{
			{"02.05.2024", "Münster, Weseler Str. 410", "Diesel", "52.31", "1.4529"},
			{"13.05.2024", "Osnabrück, Pagenstecherstr. 92", "Diesel", "48.07", "1.4361"},
			{"27.05.2024", "Münster, Weseler Str. 410", "AdBlue", "10.00", "0.7479"},
		}},
		{"Karte 7034 5521 0026 · Kennzeichen MS-FL 311", []tx{
			{"06.05.2024", "Greven, Saerbecker Str. 8", "Super E10", "41.88", "1.5286"},
			{"21.05.2024", "Dortmund, Mallinckrodtstr. 190", "Super E10", "44.20", "1.5538"},
		}},
	}
	var its []p5Item
	for _, cd := range cards {
		for _, x := range cd.txs {
			its = append(its, p5Item{desc: []string{x.product}, qty: d(x.litres), price: d(x.price)})
		}
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.19")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 14)
	c.Text(50, 38, "FleetFuel Card Services GmbH")
	c.Font(false, 8)
	c.Text(50, 54, "Kasernenstraße 12 · 40213 Düsseldorf · Service-Hotline 0211 555 4400")
	c.Font(false, 7)
	c.Text(50, 92, "FleetFuel Card Services GmbH · Kasernenstraße 12 · 40213 Düsseldorf")
	c.Font(false, 10)
	for k, s := range []string{"Feldmann Logistik GmbH", "Fuhrparkverwaltung", "Hafenweg 24", "48155 Münster"} {
		c.Text(50, 106+float64(k)*12, s)
	}
	c.Font(false, 8.5)
	for k, m := range [][2]string{{"Sammelrechnung Nr.:", "SR 2405-118834"}, {"Rechnungsdatum:", "31.05.2024"}, {"Kundennummer:", "330-17702"}, {"Abrechnungszeitraum:", "01.05.2024 - 31.05.2024"}} {
		c.Text(340, 104+float64(k)*12, m[0])
		c.Right(545, 104+float64(k)*12, m[1])
	}
	c.Font(true, 13)
	c.Text(50, 190, "Sammelrechnung Kraftstoffe Mai 2024")
	cols := []p5Col{
		{"Datum", 50, false, nil, false},
		{"Station", 105, false, nil, false},
		{"Produkt", 265, false, nil, false},
		{"Menge l", 375, true, nil, false},
		{"Preis/l netto", 450, true, nil, false},
		{"Betrag netto", 545, true, nil, false},
	}
	y := 222.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, cd := range cards {
		c.Font(true, 8.5)
		c.Text(50, y, cd.head)
		c.Font(false, 8.5)
		y += 14
		var sum decimal.Decimal
		for _, x := range cd.txs {
			amt := d(x.litres).Mul(d(x.price)).Round(2)
			sum = sum.Add(amt)
			c.Text(50, y, x.date)
			c.Text(105, y, x.station)
			c.Text(265, y, x.product)
			c.Right(375, y, money(d(x.litres), "de"))
			c.Right(450, y, x.price[:1]+","+x.price[2:])
			c.Right(545, y, money(amt, "de"))
			y += 13
		}
		c.Font(true, 8.5)
		c.Text(265, y, "Summe Karte")
		c.Right(545, y, money(sum, "de"))
		c.Font(false, 8.5)
		y += 20
	}
	c.Line(50, 545, y)
	y += 8
	y = swPairs(c, 330, 545, y, 14, [][2]string{{"Nettobetrag", eurDE(net)}, {"MwSt. 19 %", eurDE(tax)}, {"Rechnungsbetrag", eurDE(gross)}}, lastBold(3))
	c.Font(false, 8.5)
	c.Text(50, y+18, "Der Rechnungsbetrag wird am 10.06.2024 per SEPA-Lastschrift von Ihrem Konto")
	c.Text(50, y+29, "IBAN "+grouped(custIBAN)+" eingezogen. Mandatsreferenz FF-330-17702, Gläubiger-ID DE98ZZZ00001234567.")
	c.Font(false, 6.5)
	c.Text(50, 790, "FleetFuel Card Services GmbH · Sitz Düsseldorf · Amtsgericht Düsseldorf HRB 80144 · USt-IdNr. DE301155872")
	c.Text(50, 799, "Commerzbank Düsseldorf · IBAN "+grouped(iban)+" · BIC COBADEFFXXX")
	return invLayout{"de-tankkarte-sammel", invTruth{number: "SR 2405-118834", date: "2024-05-31", seller: "FleetFuel Card Services GmbH", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// k3SplitPaymentIT: an Italian IT supplier's invoice to a municipality
// under split payment: the company with "P.IVA" and "REA" top left, the
// "Comune di ..." with its "Codice Univoco Ufficio" right; "Fattura n.
// 118/PA del 20/05/2024"; "CIG" and the "Determina" reference; "Cod.
// Descrizione Q.tà Prezzo IVA Importo"; "Imponibile", "IVA 22%", "Totale
// documento", "IVA in scissione dei pagamenti (art. 17-ter DPR 633/72)"
// and "Netto a pagare"; payment term and IBAN.
func k3SplitPaymentIT(t testing.TB) invLayout {
	c := newProduced(273)
	c.AddPage()
	iban := ibanOf("IT", "K"+"05034"+"11701"+"000000011822")
	its := []p5Item{
		{code: "NB-14", desc: []string{"Notebook 14\" i5 16 GB RAM 512 GB SSD"}, qty: d("6"), price: d("689")},
		{code: "DK-USB", desc: []string{"Docking station USB-C"}, qty: d("6"), price: d("118.50")},
		{code: "SRV-INST", desc: []string{"Configurazione e installazione presso sede comunale"}, qty: d("8"), price: d("45")},
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.22")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 14)
	c.Text(50, 40, "Informatica Adriatica S.r.l.")
	c.Font(false, 8)
	for k, s := range []string{"Viale della Repubblica 71, 47923 Rimini (RN)", "P.IVA e C.F. 04122870401 · REA RN-318822", "Cap. soc. € 50.000,00 i.v."} {
		c.Text(50, 57+float64(k)*10, s)
	}
	c.Font(false, 9.5)
	for k, s := range []string{"Spett.le", "Comune di Santarcangelo di Romagna", "Settore Servizi Informativi", "Piazza Ganganelli 1", "47822 Santarcangelo di Romagna (RN)", "Codice Univoco Ufficio: UF4K2Q"} {
		c.Text(320, 110+float64(k)*12, s)
	}
	c.Font(true, 12)
	c.Text(50, 200, "Fattura n. 118/PA del 20/05/2024")
	c.Font(false, 8.5)
	c.Text(50, 216, "CIG: Z4A3B1C2D9 · Determina dirigenziale n. 244 del 12/04/2024 · Ordine MEPA n. 7712045")
	cols := []p5Col{
		{"Cod.", 50, false, func(it p5Item) string { return it.code }, false},
		{"Descrizione", 105, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Q.tà", 360, true, func(it p5Item) string { return it.qty.String() }, false},
		{"Prezzo", 430, true, func(it p5Item) string { return money(it.price, "de") }, false},
		{"IVA", 465, true, func(it p5Item) string { return "22" }, false},
		{"Importo", 545, true, func(it p5Item) string { return money(it.amount(), "de") }, false},
	}
	y := 240.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 15
	}
	c.Line(50, 545, y)
	y += 8
	y = swPairs(c, 300, 545, y, 14, [][2]string{{"Imponibile", eurIT(net)}, {"IVA 22%", eurIT(tax)}, {"Totale documento", eurIT(gross)}, {"IVA in scissione dei pagamenti", "- " + eurIT(tax)}, {"Netto a pagare", eurIT(net)}}, lastBold(5))
	c.Font(false, 8)
	c.Text(50, y+16, "Operazione soggetta a scissione dei pagamenti ai sensi dell'art. 17-ter del DPR 633/1972:")
	c.Text(50, y+27, "l'IVA è versata direttamente dall'ente all'Erario.")
	c.Text(50, y+44, "Pagamento: bonifico a 30 gg d.f. - Scadenza 19/06/2024 - IBAN "+iban+" (Banco BPM)")
	return invLayout{"it-split-payment-pa", invTruth{number: "118/PA", date: "2024-05-20", due: "2024-06-19", seller: "Informatica Adriatica S.r.l.", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

var invKinds3ReportLayouts = []func(testing.TB) invLayout{k3ArtisanFR, k3TankkarteDE, k3SplitPaymentIT}

// layoutKinds3ReportBar: first scored with the tune part, before any rule:
// 33 of 37 fields (89.2%), no invoice all right. Scored once at the end,
// after the tune part's rules, as it came: 33 of 37 again, none all
// right: fr-artisan-acompte 11/12 (the section title "Lot 2 - Chauffage"
// run on into the name of the item above it); de-tankkarte-sammel 10/12
// ("Sammelrechnung Nr.: SR 2405-118834" not read; each fuel line's name
// opened by its station, whose house number is lost, "Super E10" cut to
// "Super"); it-split-payment-pa 12/13 (validation: the VAT the public
// body pays itself under "scissione dei pagamenti" is no payment; the
// schema has no withheld amount). 34/37 once the schema has one and the
// fourth kinds batch's rules read it (the split payment's VAT withheld).
const layoutKinds3ReportBar = 34.0 / 37
