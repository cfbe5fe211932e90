package invoice

import (
	"testing"

	"github.com/shopspring/decimal"
)

// Three more kinds, written after the rules drawn from the "later" part
// and scored once as they came (TestLayoutSuiteKinds, "report2"): a Dutch
// webshop's invoice with a shipping line, a German instalment invoice
// ("Abschlagsrechnung") on a building contract, an Italian professional's
// invoice with "Imponibile" and "Totale fattura".

// kWebshopNL: a webshop's invoice: the shop's name and address top right,
// the customer's block left, "Factuur" with "Factuurnummer:",
// "Factuurdatum:", "Bestelnummer:" under it; "Artikel Aantal Prijs
// Totaal" with a shipping line ("Verzendkosten"); "Subtotaal", "BTW 21%",
// "Totaal"; "Betaald via iDEAL", the KvK and BTW numbers in the footer.
func kWebshopNL(t testing.TB) invLayout {
	c := newProduced(231)
	c.AddPage()
	eur := func(v decimal.Decimal) string { return "€ " + money(v, "nl") }
	its := []p5Item{
		{desc: []string{"Theepot gietijzer 0,8 l, zwart"}, qty: d("1"), price: d("34.95")},
		{desc: []string{"Losse thee Sencha, 100 g"}, qty: d("3"), price: d("6.50")},
		{desc: []string{"Verzendkosten"}, qty: d("1"), price: d("4.95")},
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.21")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 14)
	c.Right(545, 40, "Theehuis de Linde")
	c.Font(false, 8.5)
	c.Right(545, 56, "Lindenstraat 12")
	c.Right(545, 67, "3512 KL Utrecht")
	c.Right(545, 78, "info@theehuisdelinde.example")
	c.Font(false, 9.5)
	for k, s := range []string{"P. de Vries", "Kerkweg 3", "7411 BG Deventer"} {
		c.Text(50, 110+float64(k)*12, s)
	}
	c.Font(true, 16)
	c.Text(50, 180, "Factuur")
	c.Font(false, 9)
	for k, m := range [][2]string{{"Factuurnummer:", "2024-10582"}, {"Factuurdatum:", "05-04-2024"}, {"Bestelnummer:", "#48211"}} {
		c.Text(50, 202+float64(k)*12, m[0])
		c.Text(140, 202+float64(k)*12, m[1])
	}
	cols := []p5Col{
		{"Artikel", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Aantal", 380, true, func(it p5Item) string { return it.qty.String() }, false},
		{"Prijs", 460, true, func(it p5Item) string { return eur(it.price) }, false},
		{"Totaal", 545, true, func(it p5Item) string { return eur(it.amount()) }, false},
	}
	y := 260.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 16
	}
	c.Line(50, 545, y)
	y += 10
	y = swPairs(c, 360, 545, y, 15, [][2]string{{"Subtotaal", eur(net)}, {"BTW 21%", eur(tax)}, {"Totaal", eur(gross)}}, lastBold(3))
	c.Font(false, 8.5)
	c.Text(50, y+18, "Betaald via iDEAL op 05-04-2024. Bedankt voor je bestelling!")
	c.Font(false, 7)
	c.Text(50, 800, "Theehuis de Linde · KvK 81234567 · BTW NL862345678B01")
	return invLayout{"nl-webshop", invTruth{number: "2024-10582", date: "2024-04-05", seller: "Theehuis de Linde", cur: "EUR",
		iban: noIBAN, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// kAbschlagDE: a builder's instalment invoice on a contract: the letterhead
// left, the client in the window, "2. Abschlagsrechnung Nr. AR-2024-017"
// as the title, "Datum:" right; one line for the instalment by
// construction progress; "Nettobetrag", "USt. 19 %", "Bruttobetrag",
// "Zahlbar bis 30.04.2024"; the bank in the footer.
func kAbschlagDE(t testing.TB) invLayout {
	c := newProduced(232)
	c.AddPage()
	iban := ibanOf("DE", "60050101"+"0004455667")
	its := []p5Item{{desc: []string{"Abschlag gem. Bautenstand: Rohbau Erdgeschoss fertiggestellt"}, qty: d("1"), price: d("18500")}}
	net := p5Sum(its)
	tax := net.Mul(d("0.19")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 15)
	c.Text(50, 40, "Hoch- und Tiefbau Reinhardt GmbH")
	c.Font(false, 8)
	c.Text(50, 56, "Gewerbestraße 9 · 71034 Böblingen · Tel. 07031 22 11 0")
	c.Font(false, 7)
	c.Text(50, 90, "Reinhardt GmbH · Gewerbestraße 9 · 71034 Böblingen")
	c.Font(false, 10)
	for k, s := range []string{"Eheleute Anna und Marc Sommer", "Im Wiesengrund 5", "71032 Böblingen"} {
		c.Text(50, 104+float64(k)*12, s)
	}
	c.Font(false, 9)
	c.Text(400, 104, "Datum: 12.04.2024")
	c.Text(400, 116, "Bauvorhaben: EFH Sommer")
	c.Font(true, 13)
	c.Text(50, 180, "2. Abschlagsrechnung Nr. AR-2024-017")
	c.Font(false, 9)
	c.Text(50, 198, "zum Bauvertrag vom 15.01.2024")
	cols := []p5Col{
		{"Leistung", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Betrag", 545, true, func(it p5Item) string { return eurDE(it.amount()) }, false},
	}
	y := 230.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 16
	}
	c.Line(50, 545, y)
	y += 10
	y = swPairs(c, 330, 545, y, 15, [][2]string{{"Nettobetrag", eurDE(net)}, {"USt. 19 %", eurDE(tax)}, {"Bruttobetrag", eurDE(gross)}}, lastBold(3))
	c.Font(false, 9)
	c.Text(50, y+16, "Zahlbar bis 30.04.2024 ohne Abzug.")
	c.Font(false, 6.5)
	c.Text(50, 790, "Hoch- und Tiefbau Reinhardt GmbH · Geschäftsführer: Karl Reinhardt · HRB 245511 Amtsgericht Stuttgart")
	c.Text(50, 799, "Volksbank Böblingen · IBAN "+grouped(iban)+" · BIC GENODES1VBB · USt-IdNr. DE814455667")
	return invLayout{"de-abschlagsrechnung", invTruth{number: "AR-2024-017", date: "2024-04-12", due: "2024-04-30", seller: "Hoch- und Tiefbau Reinhardt GmbH", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

var invKindsReport2Layouts = []func(testing.TB) invLayout{kWebshopNL, kAbschlagDE}

// layoutKindsReport2Bar: first scored as it came, after the later part's
// rules (all but the address-block one, written next from the later part;
// the same score after it): 22 of 25 (88.0%), 1 of 2 invoices all right
// (de-abschlagsrechnung 10/13: its single line in a table of only
// "Leistung" and "Betrag" not read as an item: no line count, name or
// total). Not studied for rules before that score. 25 of 25 after the
// second kinds batch's rules (TestLayoutSuiteKinds2): a row opened by an
// allowance or charge word that is the only priced row of a table with no
// item is the table's item.
const layoutKindsReport2Bar = 25.0 / 25
