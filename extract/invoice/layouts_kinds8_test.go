package invoice

import (
	"testing"

	"github.com/shopspring/decimal"
)

// An eighth batch of invoice kinds no earlier suite imitated, written from
// how each kind is printed, with our own made-up data and names, and
// scored once as it came before any rule was written for it: all of it is
// a report part, an estimate of how invoices nobody here has seen are
// read (TestLayoutSuiteKinds8). A German joiner's invoice written in a
// word processor: the letterhead as plain lines, the table set on tab
// stops with no rules at all, numbers left-aligned on their stops as a
// word processor's left tabs put them ("Pos. Menge Einheit Bezeichnung
// Einzelpreis Gesamtpreis"), "Summe netto", "zzgl. 19 % MwSt.",
// "Rechnungsbetrag", the bank in a footer; a Dutch wholesaler's
// "Creditfactuur" for goods sent back, negative quantities and amounts,
// "Creditfactuur op factuur 24-00318 d.d. 02-09-2024" naming the original
// invoice, and the customer's IBAN the money is paid back to printed in
// the text, the seller's own only in the footer; a Spanish painter's
// "factura" whose series and number are printed apart as two labelled
// cells ("Serie: A", "Número: 1523"), the truth joining them as
// "A-1523", "Base imponible", "IVA 21%", "Total factura" and
// "Vencimiento".

// k8TischlerWord: a German joiner's invoice typed in a word processor.
func k8TischlerWord(t testing.TB) invLayout {
	c := newProduced(811)
	c.AddPage()
	iban := ibanOf("DE", "76450501"+"0000123456")
	its := []p5Item{
		{desc: []string{"Einbauschrank Flur, Eiche furniert, nach Aufmaß"}, qty: d("1"), unitName: "Stk.", price: d("2380.00")},
		{desc: []string{"Montage Einbauschrank"}, qty: d("6.5"), unitName: "Std.", price: d("58.00")},
		{desc: []string{"Innentür Buche, Zarge und Drücker, eingebaut"}, qty: d("2"), unitName: "Stk.", price: d("645.00")},
		{desc: []string{"Anfahrt"}, qty: d("1"), unitName: "pausch.", price: d("45.00")},
	}
	net := p5Sum(its)
	vat := net.Mul(d("0.19")).Round(2)
	gross := net.Add(vat)
	c.Font(true, 14)
	c.Text(50, 40, "Tischlerei Anton Brandstetter")
	c.Font(false, 9)
	c.Text(50, 57, "Meisterbetrieb · Möbel- und Innenausbau")
	c.Text(50, 68, "Lindenstraße 22 · 94469 Deggendorf · Tel. 0991 555 318")
	c.Font(false, 7)
	c.Text(50, 110, "Tischlerei Brandstetter · Lindenstraße 22 · 94469 Deggendorf")
	c.Font(false, 10)
	for k, s := range []string{"Herrn und Frau", "Klaus und Monika Reisinger", "Am Stadtpark 7", "94469 Deggendorf"} {
		c.Text(50, 124+float64(k)*12, s)
	}
	c.Text(400, 160, "Deggendorf, 21.10.2024")
	c.Font(true, 12)
	c.Text(50, 215, "Rechnung Nr. 2024-117")
	c.Font(false, 10)
	c.Text(50, 235, "Sehr geehrte Frau Reisinger, sehr geehrter Herr Reisinger,")
	c.Text(50, 248, "für die in Ihrem Haus ausgeführten Arbeiten erlaube ich mir zu berechnen:")
	tabs := []float64{50, 85, 130, 185, 420, 490}
	y := 275.0
	c.Font(true, 9.5)
	for k, h := range []string{"Pos.", "Menge", "Einheit", "Bezeichnung", "Einzelpreis", "Gesamtpreis"} {
		c.Text(tabs[k], y, h)
	}
	y += 16
	c.Font(false, 9.5)
	for k, it := range its {
		for j, s := range []string{itoa(k + 1), qtyStr(it.qty, "de"), it.unitName, it.desc[0], eurDE(it.price), eurDE(it.amount())} {
			c.Text(tabs[j], y, s)
		}
		y += 14
	}
	y += 10
	for _, r := range [][2]string{{"Summe netto", eurDE(net)}, {"zzgl. 19 % MwSt.", eurDE(vat)}, {"Rechnungsbetrag", eurDE(gross)}} {
		if r[0] == "Rechnungsbetrag" {
			c.Font(true, 9.5)
		}
		c.Text(185, y, r[0])
		c.Text(490, y, r[1])
		y += 14
	}
	c.Font(false, 10)
	c.Text(50, y+14, "Die Leistungen wurden im Oktober 2024 erbracht.")
	c.Text(50, y+27, "Bitte überweisen Sie den Betrag innerhalb von 14 Tagen ohne Abzug auf das unten genannte Konto.")
	c.Text(50, y+52, "Mit freundlichen Grüßen")
	c.Text(50, y+80, "Anton Brandstetter")
	c.Font(false, 7.5)
	c.Text(50, 780, "Bankverbindung: Sparkasse Deggendorf · IBAN "+grouped(iban)+" · BIC BYLADEM1DEG")
	c.Text(50, 790, "Steuernummer 161/234/56789 · Inhaber Anton Brandstetter, Tischlermeister")
	return invLayout{"de-tischler-textverarbeitung", invTruth{number: "2024-117", date: "2024-10-21", seller: "Tischlerei Anton Brandstetter", cur: "EUR",
		iban: iban, net: net.String(), tax: vat.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// itoa writes a small position number.
func itoa(n int) string { return decimal.NewFromInt(int64(n)).String() }

// k8CreditfactuurNL: a Dutch wholesaler's credit invoice for goods sent
// back: the firm top left, "CREDITFACTUUR" right with "Nummer", "Datum",
// "Klantnummer"; a line naming the original invoice; "Artikelnr.
// Omschrijving Aantal Prijs Bedrag" with negative quantities; "Totaal
// excl. btw", "Btw 21%", "Totaal incl. btw" negative; the customer's IBAN
// for the refund in the text, the firm's own in the footer.
func k8CreditfactuurNL(t testing.TB) invLayout {
	c := newProduced(812)
	c.AddPage()
	iban := ibanOf("NL", "INGB"+"0006543210")
	custIBAN := ibanOf("NL", "ABNA"+"0417283945")
	eur := func(v decimal.Decimal) string { return "€ " + money(v, "de") }
	its := []p5Item{
		{code: "VM-40211", desc: []string{"Tegellijm flex C2TE 25 kg"}, qty: d("-4"), price: d("18.75")},
		{code: "VM-17730", desc: []string{"Voegmiddel grijs 5 kg"}, qty: d("-6"), price: d("9.40")},
		{code: "VM-88012", desc: []string{"Tegelafstandhouders 3 mm (zak 500)"}, qty: d("-2"), price: d("6.15")},
	}
	net := p5Sum(its)
	vat := net.Mul(d("0.21")).Round(2)
	gross := net.Add(vat)
	c.Font(true, 15)
	c.Text(50, 40, "Bouwmaterialen Van Dalen B.V.")
	c.Font(false, 8.5)
	for k, s := range []string{"Industrieweg 48", "7451 PK Holten", "T 0548 555 210 · verkoop@vandalen.example"} {
		c.Text(50, 56+float64(k)*11, s)
	}
	c.Font(true, 14)
	c.Right(545, 40, "CREDITFACTUUR")
	c.Font(false, 9)
	for k, m := range [][2]string{{"Nummer", "C24-0019"}, {"Datum", "18-09-2024"}, {"Klantnummer", "10442"}} {
		c.Text(390, 62+float64(k)*12, m[0])
		c.Right(545, 62+float64(k)*12, m[1])
	}
	for k, s := range []string{"Tegelzetbedrijf Hendriks", "Kerkstraat 3", "7461 AB Rijssen"} {
		c.Text(50, 120+float64(k)*11.5, s)
	}
	c.Text(50, 175, "Creditfactuur op factuur 24-00318 d.d. 02-09-2024 (retour ontvangen 16-09-2024)")
	cols := []p5Col{
		{"Artikelnr.", 50, false, func(it p5Item) string { return it.code }, false},
		{"Omschrijving", 115, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Aantal", 370, true, func(it p5Item) string { return it.qty.String() }, false},
		{"Prijs", 440, true, func(it p5Item) string { return money(it.price, "de") }, false},
		{"Bedrag", 545, true, func(it p5Item) string { return money(it.amount(), "de") }, false},
	}
	y := 205.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+5)
	y += 18
	c.Font(false, 8.5)
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 14
	}
	c.Line(50, 545, y-4)
	y = swPairs(c, 380, 545, y+8, 14, [][2]string{{"Totaal excl. btw", eur(net)}, {"Btw 21%", eur(vat)}, {"Totaal incl. btw", eur(gross)}}, lastBold(3))
	c.Font(false, 8.5)
	c.Text(50, y+16, "Het bedrag van "+eur(gross.Neg())+" storten wij binnen 8 dagen terug op uw rekening "+grouped(custIBAN)+".")
	c.Text(50, y+27, "Deze creditfactuur kunt u niet verrekenen met andere openstaande facturen.")
	c.Font(false, 7)
	c.Text(50, 790, "Bouwmaterialen Van Dalen B.V. · KvK 06123456 · btw NL008765432B01 · IBAN "+grouped(iban)+" · BIC INGBNL2A")
	return invLayout{"nl-creditfactuur-retour", invTruth{number: "C24-0019", date: "2024-09-18", seller: "Bouwmaterialen Van Dalen B.V.", cur: "EUR",
		iban: iban, net: net.String(), tax: vat.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

// k8SerieNumeroES: a Spanish painting firm's invoice: the firm and its
// "CIF" top left; "FACTURA" with a row of labelled cells "Serie: A",
// "Número: 1523", "Fecha: 14/10/2024"; the client's "NIF"; "Concepto
// Cantidad Precio Importe"; "Base imponible", "IVA 21%", "Total factura";
// "Vencimiento" and the IBAN.
func k8SerieNumeroES(t testing.TB) invLayout {
	c := newProduced(813)
	c.AddPage()
	iban := ibanOf("ES", "2100"+"0418"+"45"+"0200051332")
	its := []p5Item{
		{desc: []string{"Pintura plástica interior, paredes y techos (m²)"}, qty: d("186"), price: d("8.50")},
		{desc: []string{"Tratamiento antihumedad baño y cocina"}, qty: d("1"), price: d("320.00")},
		{desc: []string{"Esmalte puertas y rodapiés (ud.)"}, qty: d("9"), price: d("42.00")},
	}
	net := p5Sum(its)
	iva := net.Mul(d("0.21")).Round(2)
	gross := net.Add(iva)
	c.Font(true, 14)
	c.Text(50, 40, "Pinturas Hermanos Lozano, S.L.")
	c.Font(false, 8.5)
	for k, s := range []string{"CIF: B47281934", "C/ Santa Lucía 15, 47005 Valladolid", "Tel. 983 555 410"} {
		c.Text(50, 56+float64(k)*11, s)
	}
	c.Font(true, 16)
	c.Text(50, 110, "FACTURA")
	c.Font(false, 9)
	for _, m := range []struct {
		x    float64
		l, v string
	}{{50, "Serie:", "A"}, {150, "Número:", "1523"}, {270, "Fecha:", "14/10/2024"}} {
		c.Font(true, 9)
		c.Text(m.x, 135, m.l)
		c.Font(false, 9)
		c.Text(m.x+c.Width(m.l)+4, 135, m.v)
	}
	c.Line(50, 545, 143)
	c.Font(true, 9)
	c.Text(330, 160, "Cliente")
	c.Font(false, 9)
	for k, s := range []string{"Comunidad de Propietarios Paseo Zorrilla 88", "NIF: H47092211", "Paseo de Zorrilla 88, 47006 Valladolid"} {
		c.Text(330, 173+float64(k)*11, s)
	}
	cols := []p5Col{
		{"Concepto", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Cantidad", 350, true, func(it p5Item) string { return qtyStr(it.qty, "de") }, false},
		{"Precio", 440, true, func(it p5Item) string { return money(it.price, "de") }, false},
		{"Importe", 545, true, func(it p5Item) string { return money(it.amount(), "de") }, false},
	}
	y := 230.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+5)
	y += 18
	c.Font(false, 9)
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 14
	}
	c.Line(50, 545, y-4)
	y = swPairs(c, 380, 545, y+8, 14, [][2]string{{"Base imponible", money(net, "de") + " €"}, {"IVA 21%", money(iva, "de") + " €"}, {"Total factura", money(gross, "de") + " €"}}, lastBold(3))
	c.Font(false, 9)
	c.Text(50, y+16, "Forma de pago: transferencia bancaria")
	c.Text(50, y+28, "Vencimiento: 13/11/2024")
	c.Text(50, y+40, "IBAN: "+grouped(iban))
	c.Font(false, 7)
	c.Text(50, 790, "Pinturas Hermanos Lozano, S.L. Inscrita en el Registro Mercantil de Valladolid, Tomo 1422, Folio 88, Hoja VA-23117.")
	return invLayout{"es-factura-serie-numero", invTruth{number: "A-1523", date: "2024-10-14", due: "2024-11-13", seller: "Pinturas Hermanos Lozano, S.L.", cur: "EUR",
		iban: iban, net: net.String(), tax: iva.String(), gross: gross.String(), items: truthOf(its)}, producedBytes(t, c)}
}

var invKinds8Layouts = []func(testing.TB) invLayout{k8TischlerWord, k8CreditfactuurNL, k8SerieNumeroES}

// TestLayoutSuiteKinds8 scores the eighth batch of invoice kinds, all of
// it a report part.
func TestLayoutSuiteKinds8(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	runLayoutParts(t, "kinds8", []layoutPart{{"report", invKinds8Layouts, layoutKinds8Bar}})
}

// layoutKinds8Bar: scored once as it came, before any rule was written
// for it: 36 of 37 fields (97.3%), 2 of 3 invoices all right:
// de-tischler-textverarbeitung 12/12; nl-creditfactuur-retour 12/12;
// es-factura-serie-numero 12/13 (no number read from "Serie: A" and
// "Número: 1523" printed apart). Studied after its blind score: 37 of 37
// (100%), 3 of 3 all right, by one rule: a series label opening a cell
// ("Serie", "Series", "Série", "Reeks", "Sezionale") with a short code,
// and a bare number label opening the next cell of the line ("Número",
// "Number", "Nummer", "Nr.", "No.", "Nº"), its value beside it or glued
// to it ("Número:1523"), are read joined as the number ("A-1523").
const layoutKinds8Bar = 0.97
