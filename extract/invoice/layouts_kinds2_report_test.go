package invoice

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// The report part of the second batch of new invoice kinds
// (TestLayoutSuiteKinds2): written with the tune part, before any was
// scored, scored once at the end and never used for rules.

// k2KostennoteDE: a German law firm's fee note under the RVG: the firm's
// letterhead with its lawyers listed in a column on the right, the client
// in the window, "Unser Zeichen", "Datum" right; "Vergütungsrechnung Nr.
// 2024/0388" as the title, "In Sachen ... ./. ...", "Gegenstandswert:
// 12.000,00 €"; a table "Nr. VV RVG | Gebührentatbestand | Betrag" with the
// business fee at a rate of 1,3, the flat rate for post and telecoms
// ("Auslagenpauschale") and a copying charge; "Zwischensumme netto", "19 %
// Umsatzsteuer Nr. 7008 VV RVG", "Gesamtbetrag"; the transfer request with
// the firm's IBAN and the file reference; the tax number in the footer.
func k2KostennoteDE(t testing.TB) invLayout {
	c := newProduced(251)
	c.AddPage()
	iban := ibanOf("DE", "70150000"+"0904455661")
	type pos struct{ nr, text, rate, amt string }
	ps := []pos{
		{"2300", "Geschäftsgebühr §§ 13, 14 RVG", "1,3", "1068.60"},
		{"7002", "Auslagenpauschale (Post- und Telekommunikation)", "", "20.00"},
		{"7000", "Dokumentenpauschale, 38 Kopien", "", "19.00"},
	}
	var its []p5Item
	for _, p := range ps {
		its = append(its, p5Item{desc: []string{p.text}, qty: d("1"), price: d(p.amt)})
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.19")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 13)
	c.Text(50, 38, "Brenner Haas Rechtsanwälte PartG mbB")
	c.Font(false, 8)
	c.Text(50, 54, "Maximilianstraße 31 · 80539 München · Tel. 089 555 71 00")
	c.Font(false, 7.5)
	for k, s := range []string{"Dr. Katharina Brenner", "Fachanwältin für Mietrecht", "Thomas Haas", "Fachanwalt für Arbeitsrecht", "Julia Ostermann"} {
		c.Text(440, 80+float64(k)*10, s)
	}
	c.Font(false, 7)
	c.Text(50, 92, "Brenner Haas Rechtsanwälte · Maximilianstraße 31 · 80539 München")
	c.Font(false, 10)
	for k, s := range []string{"Herrn", "Stefan Aigner", "Tegernseer Landstraße 102", "81539 München"} {
		c.Text(50, 106+float64(k)*12, s)
	}
	c.Font(false, 8.5)
	c.Text(300, 150, "Unser Zeichen: 0412/24 KB/sr")
	c.Text(300, 162, "München, 15.04.2024")
	c.Font(true, 12)
	c.Text(50, 200, "Vergütungsrechnung Nr. 2024/0388")
	c.Font(false, 9)
	c.Text(50, 218, "In Sachen Aigner ./. Isar Wohnen GmbH wegen Rückzahlung der Mietkaution")
	c.Text(50, 230, "Gegenstandswert: 12.000,00 €")
	c.Font(true, 8.5)
	c.Text(50, 256, "Nr. VV RVG")
	c.Text(110, 256, "Gebührentatbestand")
	c.Text(380, 256, "Satz")
	c.Right(545, 256, "Betrag")
	c.Line(50, 545, 268)
	y := 276.0
	c.Font(false, 9)
	for _, p := range ps {
		c.Text(50, y, p.nr)
		c.Text(110, y, p.text)
		c.Text(380, y, p.rate)
		c.Right(545, y, eurDE(d(p.amt)))
		y += 15
	}
	c.Line(50, 545, y)
	y += 8
	y = swPairs(c, 300, 545, y, 14, [][2]string{{"Zwischensumme netto", eurDE(net)}, {"19 % Umsatzsteuer Nr. 7008 VV RVG", eurDE(tax)}, {"Gesamtbetrag", eurDE(gross)}}, lastBold(3))
	c.Font(false, 9)
	c.Text(50, y+18, "Wir bitten um Überweisung des Gesamtbetrages innerhalb von 14 Tagen auf das unten genannte Konto")
	c.Text(50, y+30, "unter Angabe unseres Zeichens 0412/24.")
	c.Text(50, y+54, "Mit freundlichen Grüßen")
	c.Text(50, y+66, "Dr. Katharina Brenner, Rechtsanwältin")
	c.Font(false, 6.5)
	c.Text(50, 790, "Brenner Haas Rechtsanwälte PartG mbB · Partnerschaftsregister AG München PR 1871 · Steuernummer 143/250/71003")
	c.Text(50, 799, "Stadtsparkasse München · IBAN "+grouped(iban)+" · BIC SSKMDEMMXXX")
	return invLayout{"de-rvg-kostennote", invTruth{number: "2024/0388", date: "2024-04-15", seller: "Brenner Haas Rechtsanwälte PartG mbB", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// k2USDFromNL: a Dutch software company's invoice in US dollars to a US
// customer: the company top left with its KvK and VAT numbers; "Invoice"
// with "Invoice number", "Invoice date", "Due date" right; "Bill to";
// "Description Qty Unit price (USD) Amount (USD)"; "Subtotal USD",
// "VAT 0% (export of services, outside the scope of Dutch VAT)", "Total
// USD"; a line with the EUR equivalent at the ECB rate of the invoice
// date; payment to a USD account by IBAN. Dates "16 April 2024".
func k2USDFromNL(t testing.TB) invLayout {
	c := newProduced(252)
	c.AddPage()
	iban := ibanOf("NL", "ABNA"+"0417788990")
	usd := func(v decimal.Decimal) string { return "USD " + money(v, "en") }
	its := []p5Item{
		{desc: []string{"Fleetplanner Enterprise licence, 12 months", "Period 01 May 2024 - 30 April 2025"}, qty: d("1"), price: d("18000")},
		{desc: []string{"Additional dispatcher seats"}, qty: d("15"), price: d("240")},
		{desc: []string{"Onboarding workshop (remote), per day"}, qty: d("2"), price: d("1450")},
	}
	net := p5Sum(its)
	rate := d("1.0657")
	eurEq := net.Div(rate).Round(2)
	c.Font(true, 14)
	c.Text(50, 38, "Routewise Software B.V.")
	c.Font(false, 8.5)
	for k, s := range []string{"Stationsplein 45", "3013 AK Rotterdam", "The Netherlands", "KvK 74123987 · VAT NL859912345B01"} {
		c.Text(50, 55+float64(k)*11, s)
	}
	c.Font(true, 18)
	c.Right(545, 38, "Invoice")
	c.Font(false, 9)
	for k, m := range [][2]string{{"Invoice number", "RW-2024-0131"}, {"Invoice date", "16 April 2024"}, {"Due date", "16 May 2024"}, {"Customer", "C-0077"}} {
		c.Text(370, 64+float64(k)*12, m[0])
		c.Right(545, 64+float64(k)*12, m[1])
	}
	c.Font(true, 9)
	c.Text(50, 130, "Bill to")
	c.Font(false, 9)
	for k, s := range []string{"Blue Ridge Logistics, Inc.", "Attn: Finance Department", "700 W Peachtree St NW, Suite 1400", "Atlanta, GA 30308", "United States"} {
		c.Text(50, 143+float64(k)*11, s)
	}
	cols := []p5Col{
		{"Description", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Qty", 350, true, func(it p5Item) string { return it.qty.String() }, false},
		{"Unit price (USD)", 450, true, func(it p5Item) string { return money(it.price, "en") }, false},
		{"Amount (USD)", 545, true, func(it p5Item) string { return money(it.amount(), "en") }, false},
	}
	y := 220.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 16
	}
	c.Line(50, 545, y)
	y += 8
	y = swPairs(c, 330, 545, y, 14, [][2]string{{"Subtotal", usd(net)}, {"VAT 0%", usd(decimal.Zero)}, {"Total", usd(net)}}, lastBold(3))
	c.Font(false, 8.5)
	c.Text(50, y+14, "VAT: service outside the scope of Dutch VAT (place of supply outside the EU, art. 44 Directive 2006/112/EC).")
	c.Text(50, y+26, "For information: EUR equivalent EUR "+money(eurEq, "en")+" at the ECB reference rate of 16 April 2024 (1 EUR = "+rate.String()+" USD).")
	c.Text(50, y+46, "Please pay in USD to our USD account: ABN AMRO Bank N.V., IBAN "+grouped(iban)+", BIC ABNANL2A,")
	c.Text(50, y+58, "quoting the invoice number RW-2024-0131. Bank charges of the sending bank are for the payer.")
	c.Font(false, 6.5)
	c.Text(50, 799, "Routewise Software B.V. · Stationsplein 45, 3013 AK Rotterdam · KvK 74123987 · VAT NL859912345B01")
	return invLayout{"nl-usd-eur-equivalent", invTruth{number: "RW-2024-0131", date: "2024-04-16", due: "2024-05-16", seller: "Routewise Software B.V.", cur: "USD",
		iban: iban, net: net.String(), tax: "0", gross: net.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// k2SpeditionDE: a Hamburg freight forwarder's invoice for an import
// container: letterhead, the customer in the window, a block "Rechnung
// Nr.", "Datum", "Kunden-Nr.", "Unsere Ref."; "Rechnung" as the title; the
// shipment (container, vessel, bill of lading, ports) in lines of titles and
// values; "Leistung | Währung | Betrag | Kurs | EUR | USt." with the ocean
// freight and a bunker surcharge in USD converted at a rate, handling and
// delivery in EUR, the import clearance at 19 %; "Summe steuerfrei",
// "Summe steuerpflichtig", "19 % USt.", "Rechnungsbetrag EUR"; the
// exemption's legal ground (§ 4 Nr. 3 UStG); the bank and the German
// freight forwarders' terms (ADSp) in the footer.
func k2SpeditionDE(t testing.TB) invLayout {
	c := newProduced(253)
	c.AddPage()
	iban := ibanOf("DE", "20050550"+"1277334455")
	rate := d("1.0725")
	type chg struct {
		text, cur, orig string
		vat             bool
	}
	cs := []chg{
		{"Seefracht Shanghai - Hamburg, 1 x 40' HC", "USD", "1850.00", false},
		{"Bunkerzuschlag (BAF)", "USD", "320.00", false},
		{"Terminal Handling Charge Hamburg", "EUR", "245.00", false},
		{"Zollabfertigung Import, 3 Positionen", "EUR", "85.00", true},
		{"Zustellung per LKW nach Lüneburg", "EUR", "390.00", false},
	}
	var its []p5Item
	var free, taxable decimal.Decimal
	for _, x := range cs {
		e := d(x.orig)
		if x.cur == "USD" {
			e = e.Div(rate).Round(2)
		}
		its = append(its, p5Item{desc: []string{x.text}, qty: d("1"), price: e})
		if x.vat {
			taxable = taxable.Add(e)
		} else {
			free = free.Add(e)
		}
	}
	net := p5Sum(its)
	tax := taxable.Mul(d("0.19")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 14)
	c.Text(50, 38, "Elbkontor Spedition GmbH")
	c.Font(false, 8)
	c.Text(50, 54, "Internationale Spedition · Seefracht · Zoll · Am Sandtorkai 50 · 20457 Hamburg")
	c.Font(false, 7)
	c.Text(50, 92, "Elbkontor Spedition GmbH · Am Sandtorkai 50 · 20457 Hamburg")
	c.Font(false, 10)
	for k, s := range []string{"Heidegarten Import GmbH", "Wareneingang / Buchhaltung", "Bei der Ratsmühle 3", "21335 Lüneburg"} {
		c.Text(50, 106+float64(k)*12, s)
	}
	c.Font(false, 8.5)
	for k, m := range [][2]string{{"Rechnung Nr.:", "HH-24-07731"}, {"Datum:", "19.04.2024"}, {"Kunden-Nr.:", "D-20881"}, {"Unsere Ref.:", "SEA-IMP-24-1187"}} {
		c.Text(370, 104+float64(k)*12, m[0])
		c.Right(545, 104+float64(k)*12, m[1])
	}
	c.Font(true, 13)
	c.Text(50, 180, "Rechnung")
	c.Font(false, 8.5)
	for k, m := range [][2]string{{"Container:", "TGHU 884120-3 (40' HC)"}, {"Schiff / Reise:", "MSC Aurora / 416W"}, {"B/L:", "SHHAM2403117"}, {"Route:", "Shanghai (CNSHA) - Hamburg (DEHAM)"}, {"Ankunft:", "15.04.2024"}} {
		c.Text(50, 200+float64(k)*11, m[0])
		c.Text(130, 200+float64(k)*11, m[1])
	}
	c.Font(true, 8.5)
	y := 270.0
	c.Text(50, y, "Leistung")
	c.Text(280, y, "Währung")
	c.Right(380, y, "Betrag")
	c.Right(430, y, "Kurs")
	c.Right(505, y, "EUR")
	c.Right(545, y, "USt.")
	c.Line(50, 545, y+12)
	y += 20
	c.Font(false, 9)
	for i, x := range cs {
		c.Text(50, y, x.text)
		c.Text(280, y, x.cur)
		c.Right(380, y, money(d(x.orig), "de"))
		if x.cur == "USD" {
			c.Right(430, y, strings.Replace(rate.String(), ".", ",", 1))
		}
		c.Right(505, y, money(its[i].amount(), "de"))
		if x.vat {
			c.Right(545, y, "19 %")
		} else {
			c.Right(545, y, "0 %")
		}
		y += 15
	}
	c.Line(50, 545, y)
	y += 8
	y = swPairs(c, 330, 545, y, 14, [][2]string{{"Summe steuerfrei", money(free, "de")}, {"Summe steuerpflichtig", money(taxable, "de")}, {"19 % USt.", money(tax, "de")}, {"Rechnungsbetrag EUR", money(gross, "de")}}, lastBold(4))
	c.Font(false, 8.5)
	c.Text(50, y+16, "Steuerfreie Leistungen gemäß § 4 Nr. 3 UStG (grenzüberschreitende Güterbeförderung). Umrechnung USD zum Kurs")
	c.Text(50, y+28, "vom Tag der Ankunft. Zahlbar sofort ohne Abzug.")
	c.Text(50, y+46, "Wir arbeiten ausschließlich auf Grundlage der Allgemeinen Deutschen Spediteurbedingungen 2017 (ADSp 2017).")
	c.Font(false, 6.5)
	c.Text(50, 790, "Elbkontor Spedition GmbH · Sitz Hamburg · Amtsgericht Hamburg HRB 144771 · Geschäftsführer: Jens Ohlsen · USt-IdNr. DE118877341")
	c.Text(50, 799, "Hamburger Sparkasse · IBAN "+grouped(iban)+" · BIC HASPDEHHXXX")
	return invLayout{"de-spedition-usd", invTruth{number: "HH-24-07731", date: "2024-04-19", seller: "Elbkontor Spedition GmbH", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

var invKinds2ReportLayouts = []func(testing.TB) invLayout{k2KostennoteDE, k2USDFromNL, k2SpeditionDE}

// layoutKinds2ReportBar: first scored as it came, with the tune part,
// before any rule: 29 of 37 fields (78.4%), 1 of 3 invoices all right
// (de-rvg-kostennote 8/12: the "In Sachen ..." line taken for the seller, no
// item read from the fee table; de-spedition-usd 8/12: the USD amounts
// read as line totals, not the EUR column, and one line lost). Scored once
// more at the end, after the tune part's rules and the README leftovers'
// rules, as it came: the same 29 of 37, its misses left as they are.
const layoutKinds2ReportBar = 29.0 / 37
