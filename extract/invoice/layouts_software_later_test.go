package invoice

import (
	"testing"

	"github.com/shopspring/decimal"
)

// Two more invoicing programs, written after the batch's rules and the
// label table's additions, scored as they came (TestLayoutSuiteSoftware,
// "later").

// swAkauntingDE: Akaunting's default document template
// (resources/views/components/documents/template/default.blade.php) in
// German (resources/lang/de-DE/invoices.php): the logo alone top left, the
// company's name in bold with its address, tax number, phone and email in
// the right column; below, the customer's block left and on the right
// "Rechnungsnummer:", "Bestellnummer:", "Rechnungsdatum:",
// "Fälligkeitsdatum:", each title bold with its value floated right; the
// table "Artikel Menge Preis Betrag" (the item's name, its description on
// the line below); the totals right, "Zwischensumme:", the tax by its
// name "MwSt. (19%):", then, once a payment was recorded, "Bezahlt: -
// 200,00 €" and "Gesamt:" with the total less what was paid; notes left.
func swAkauntingDE(t testing.TB) invLayout {
	c := newProduced(121)
	c.AddPage()
	iban := ibanOf("DE", "50010517"+"5407324391")
	its := []p5Item{
		{desc: []string{"Fotobuch Hardcover A4", "60 Seiten, matt laminiert"}, qty: d("12"), price: d("38.50")},
		{desc: []string{"Leinwanddruck 60 x 40 cm"}, qty: d("4"), price: d("54.90")},
		{desc: []string{"Retusche Porträt", "je Bild"}, qty: d("15"), price: d("12")},
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.19")).Round(2)
	gross := net.Add(tax)
	paid := d("200")
	c.Font(true, 18)
	c.Text(50, 40, "LICHTWERK")
	c.Font(true, 9)
	c.Text(330, 36, "Lichtwerk Fotostudio GmbH")
	c.Font(false, 8.5)
	c.Text(330, 48, "Schillerstraße 17")
	c.Text(330, 59, "04109 Leipzig")
	c.Text(330, 70, "Steuernummer: 231/118/04417")
	c.Text(330, 81, "0341 555 0123")
	c.Text(330, 92, "hallo@lichtwerk.example")
	c.Line(50, 545, 106)
	c.Font(true, 9)
	c.Text(50, 122, "Kita Sonnenschein e.V.")
	c.Font(false, 8.5)
	c.Text(50, 134, "Auenweg 3")
	c.Text(50, 145, "04229 Leipzig")
	for k, m := range [][2]string{{"Rechnungsnummer:", "INV-00057"}, {"Bestellnummer:", "B-2024-11"}, {"Rechnungsdatum:", "15.03.2024"}, {"Fälligkeitsdatum:", "14.04.2024"}} {
		c.Font(true, 9)
		c.Text(330, 122+float64(k)*18, m[0])
		c.Font(false, 9)
		c.Right(545, 122+float64(k)*18, m[1])
	}
	cols := []p5Col{
		{"Artikel", 55, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Menge", 360, true, func(it p5Item) string { return it.qty.String() }, false},
		{"Preis", 450, true, func(it p5Item) string { return eurDE(it.price) }, false},
		{"Betrag", 540, true, func(it p5Item) string { return eurDE(it.amount()) }, false},
	}
	y := 215.0
	p5Head(c, cols, y)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 18
	}
	y += 20
	rows := [][2]string{{"Zwischensumme:", eurDE(net)}, {"MwSt. (19%):", eurDE(tax)}, {"Bezahlt:", "- " + eurDE(paid)}, {"Gesamt:", eurDE(gross.Sub(paid))}}
	for k, r := range rows {
		c.Font(true, 9)
		c.Text(330, y+float64(k)*20, r[0])
		c.Font(false, 9)
		c.Right(545, y+float64(k)*20, r[1])
	}
	c.Font(true, 9)
	c.Text(50, y, "Notizen")
	c.Font(false, 8.5)
	c.Text(50, y+14, "Restbetrag bitte auf IBAN "+grouped(iban)+" überweisen.")
	return invLayout{"akaunting-de-paid", invTruth{number: "INV-00057", date: "2024-03-15", due: "2024-04-14", seller: "Lichtwerk Fotostudio GmbH", cur: "EUR",
		iban: iban, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// swCraterEN: Crater's invoice1 template (resources/views/app/pdf/invoice/
// invoice1.blade.php and partials/table.blade.php): the company's name and
// address top left; "Invoice Number", "Invoice Date", "Due date" as a
// small table at the right; "Bill to," and "Ship to," blocks side by side;
// the items "# Items Quantity Price Amount" (the item's name, its
// description in grey under it); under a rule the totals "Subtotal", each
// tax as "VAT (20%)", a "Discount" row, "Total"; the notes last. Money as
// the user's currency prints it, "£1,234.56"; dates as set, 15/03/2024.
func swCraterEN(t testing.TB) invLayout {
	c := newProduced(122)
	c.AddPage()
	gbp := func(v decimal.Decimal) string { return "£" + money(v, "en") }
	its := []p5Item{
		{desc: []string{"Website maintenance", "March 2024, up to 10 hours"}, qty: d("1"), price: d("450")},
		{desc: []string{"Content updates", "Blog posts, 4 x 800 words"}, qty: d("4"), price: d("95")},
		{desc: []string{"Stock photography licence"}, qty: d("6"), price: d("18")},
	}
	for i := range its {
		its[i].code = string(rune('1' + i))
	}
	net := p5Sum(its)
	tax := net.Mul(d("0.20")).Round(2)
	gross := net.Add(tax)
	c.Font(true, 14)
	c.Text(50, 40, "Northgate Digital Ltd")
	c.Font(false, 8.5)
	c.Text(50, 58, "4 Quayside, Newcastle upon Tyne")
	c.Text(50, 69, "NE1 3DX, United Kingdom")
	c.Text(50, 80, "VAT GB 318 2297 41")
	for k, m := range [][2]string{{"Invoice Number", "INV-000214"}, {"Invoice Date", "15/03/2024"}, {"Due date", "14/04/2024"}} {
		c.Font(false, 9)
		c.Text(380, 40+float64(k)*14, m[0])
		c.Font(true, 9)
		c.Right(545, 40+float64(k)*14, m[1])
	}
	c.Font(true, 9)
	c.Text(50, 120, "Bill to,")
	c.Text(300, 120, "Ship to,")
	c.Font(false, 9)
	for k, s := range []string{"Tyneside Rowing Club", "Water Street", "Newcastle NE4 7AX"} {
		c.Text(50, 133+float64(k)*11, s)
		c.Text(300, 133+float64(k)*11, s)
	}
	cols := []p5Col{
		{"#", 62, true, func(it p5Item) string { return it.code }, false},
		{"Items", 75, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Quantity", 355, true, func(it p5Item) string { return it.qty.String() }, false},
		{"Price", 450, true, func(it p5Item) string { return gbp(it.price) }, false},
		{"Amount", 545, true, func(it p5Item) string { return gbp(it.amount()) }, false},
	}
	y := 200.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+12)
	y += 20
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 18
	}
	c.Line(50, 545, y)
	y += 12
	y = swPairs(c, 380, 545, y, 16, [][2]string{{"Subtotal", gbp(net)}, {"VAT (20%)", gbp(tax)}, {"Discount", gbp(decimal.Zero)}}, nil)
	swPairs(c, 380, 545, y+10, 16, [][2]string{{"Total", gbp(gross)}}, lastBold(1))
	c.Font(true, 9)
	c.Text(50, y+50, "Notes")
	c.Font(false, 8.5)
	c.Text(50, y+64, "Thank you for your business. Payment by BACS to sort code 30-99-50, account 80418839.")
	return invLayout{"crater-en-invoice1", invTruth{number: "INV-000214", date: "2024-03-15", due: "2024-04-14", seller: "Northgate Digital Ltd", cur: "GBP",
		iban: noIBAN, net: net.String(), tax: tax.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

var invSoftwareLaterLayouts = []func(testing.TB) invLayout{swAkauntingDE, swCraterEN}

// layoutSoftwareLaterBar: first scored as it came, after the batch's
// rules: 26 of 26, both invoices all right (Akaunting's "Gesamt:" printed
// as the total less the payment is not taken for the gross: net + tax
// decides).
const layoutSoftwareLaterBar = 1.0
