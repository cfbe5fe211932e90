package invoice

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/validate"
	"github.com/docextract/docextract/internal/testdocs"
)

// The layouts below imitate how real invoices are printed, in the ways
// the text path has failed on invoices it had never seen: meta fields in a
// grid of titles over values (Xero, webshops), the quantity column before
// the description (craftsmen), section headers and subtotal rows between
// items (wholesalers), descriptions over two lines, "Exclusief/Inclusief
// BTW" totals, an amount-due line that names its date, the IBAN in running
// text, in a footer column or split over two lines, letters dated "Köln,
// 3. August 2014", two VAT rates, a table continued on a second page.
// Nothing in the readers knows these layouts; the suite scores every field
// of every layout and fails below the bar set in TestLayoutSuite.

// pdfDoc draws text with fpdf.
type pdfDoc struct {
	pdf *fpdf.Fpdf
	tr  func(string) string
}

func newPDFDoc() *pdfDoc {
	p := fpdf.New("P", "pt", "A4", "")
	p.SetCreationDate(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	p.SetAutoPageBreak(false, 0)
	p.AddPage()
	return &pdfDoc{pdf: p, tr: p.UnicodeTranslatorFromDescriptor("")}
}

func (c *pdfDoc) font(size float64, bold bool) {
	style := ""
	if bold {
		style = "B"
	}
	c.pdf.SetFont("Helvetica", style, size)
}

// t draws s with its baseline at y; r right-aligns it at xr.
func (c *pdfDoc) t(x, y, size float64, bold bool, s string) {
	c.font(size, bold)
	c.pdf.Text(x, y, c.tr(s))
}

func (c *pdfDoc) r(xr, y, size float64, bold bool, s string) {
	c.font(size, bold)
	c.pdf.Text(xr-c.pdf.GetStringWidth(c.tr(s)), y, c.tr(s))
}

func (c *pdfDoc) line(x0, y, x1 float64) { c.pdf.Line(x0, y, x1, y) }

func (c *pdfDoc) bytes(t testing.TB) []byte {
	var b bytes.Buffer
	require.NoError(t, c.pdf.Output(&b))
	return b.Bytes()
}

// money formats v the way a locale prints amounts: "de" 1.089,00, "en"
// 1,089.00, "fr" 1 089,00, "ch" 1'089.00.
func money(v decimal.Decimal, style string) string {
	s := v.Abs().StringFixed(2)
	ip, frac, _ := strings.Cut(s, ".")
	group, dec := ",", "."
	switch style {
	case "de":
		group, dec = ".", ","
	case "fr":
		group, dec = " ", ","
	case "ch":
		group = "'"
	}
	var b strings.Builder
	if v.Sign() < 0 {
		b.WriteByte('-')
	}
	for i, r := range ip {
		if i > 0 && (len(ip)-i)%3 == 0 {
			b.WriteString(group)
		}
		b.WriteRune(r)
	}
	return b.String() + dec + frac
}

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// lItem is a printed line item.
type lItem struct {
	desc      []string // first line, then continuation lines
	qty, unit decimal.Decimal
	code      string
}

func (it lItem) total() decimal.Decimal { return it.qty.Mul(it.unit).Round(2) }

// invTruth is what must be read from a layout; "" is not scored.
type invTruth struct {
	number, date, due, seller, cur, iban string
	net, tax, gross                      string
	// amountDue and withheld (its size) are scored only where set: the
	// batch of invoices with an amount withheld (TestLayoutSuiteKinds4).
	amountDue, withheld string
	items               []lItem
}

type invLayout struct {
	name  string
	truth invTruth
	pdf   []byte
}

func sum(items []lItem) decimal.Decimal {
	var s decimal.Decimal
	for _, it := range items {
		s = s.Add(it.total())
	}
	return s
}

func qtyStr(q decimal.Decimal, style string) string {
	if q.Equal(q.Truncate(0)) {
		return q.String()
	}
	s := q.String()
	if style == "de" || style == "fr" {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// layoutNL is a Dutch freelancer: "Totaal Exclusief BTW", the IBAN in the
// payment sentence after "rekeningnummer", dates "18 april 2014".
func layoutNL(t testing.TB) invLayout {
	c := newPDFDoc()
	items := []lItem{{desc: []string{"Schilderwerk voorgevel"}, qty: d("16"), unit: d("45")}, {desc: []string{"Verf en materiaal"}, qty: d("1"), unit: d("180")}}
	net := sum(items)
	tax := net.Mul(d("0.21")).Round(2)
	c.t(50, 60, 16, true, "Schildersbedrijf Jansen")
	c.t(50, 76, 9, false, "Dorpsstraat 4")
	c.t(50, 87, 9, false, "3511 AB Utrecht")
	c.t(50, 98, 9, false, "KvK 30123456  ·  BTW NL001234567B01")
	c.t(400, 60, 22, true, "FACTUUR")
	c.t(50, 150, 9, false, "Aan:")
	c.t(50, 162, 10, false, "Bakkerij De Gouden Korf")
	c.t(50, 174, 10, false, "Marktplein 12")
	c.t(50, 186, 10, false, "1011 AB Amsterdam")
	c.t(350, 150, 10, false, "Factuurnummer:")
	c.t(450, 150, 10, false, "2014-031")
	c.t(350, 164, 10, false, "Factuurdatum:")
	c.t(450, 164, 10, false, "18 april 2014")
	c.t(350, 178, 10, false, "Vervaldatum:")
	c.t(450, 178, 10, false, "2 mei 2014")
	y := 240.0
	c.t(50, y, 10, true, "Omschrijving")
	c.r(360, y, 10, true, "Aantal")
	c.r(450, y, 10, true, "Tarief")
	c.r(545, y, 10, true, "Bedrag")
	c.line(50, y+4, 545)
	y += 20
	for _, it := range items {
		c.t(50, y, 10, false, it.desc[0])
		c.r(360, y, 10, false, qtyStr(it.qty, "de"))
		c.r(450, y, 10, false, "€ "+money(it.unit, "de"))
		c.r(545, y, 10, false, "€ "+money(it.total(), "de"))
		y += 16
	}
	c.line(330, y, 545)
	y += 18
	c.t(330, y, 10, false, "Totaal Exclusief BTW")
	c.r(545, y, 10, false, "€ "+money(net, "de"))
	c.t(330, y+16, 10, false, "BTW 21%")
	c.r(545, y+16, 10, false, "€ "+money(tax, "de"))
	c.t(330, y+32, 10, true, "Totaal Inclusief BTW")
	c.r(545, y+32, 10, true, "€ "+money(net.Add(tax), "de"))
	c.t(50, 520, 9, false, "Gelieve het totaalbedrag binnen 14 dagen over te maken op rekeningnummer")
	c.t(50, 532, 9, false, "NL91 ABNA 0417 1643 00 t.n.v. Schildersbedrijf Jansen o.v.v. het factuurnummer.")
	return invLayout{"nl-freelancer", invTruth{number: "2014-031", date: "2014-04-18", due: "2014-05-02", seller: "Schildersbedrijf Jansen", cur: "EUR",
		iban: "NL91ABNA0417164300", net: net.String(), tax: tax.String(), gross: net.Add(tax).String(), items: items}, c.bytes(t)}
}

// layoutUSUtility is a US utility bill: the amount due names its date.
func layoutUSUtility(t testing.TB) invLayout {
	c := newPDFDoc()
	items := []lItem{{desc: []string{"Water service charge"}, qty: d("1"), unit: d("2.75")}, {desc: []string{"Sewer service charge"}, qty: d("1"), unit: d("1.36")}}
	gross := sum(items)
	c.t(50, 50, 15, true, "Springfield Water Department")
	c.t(50, 64, 9, false, "PO Box 100, Springfield, IL 62701")
	c.t(380, 50, 12, true, "UTILITY INVOICE")
	c.t(380, 70, 9, false, "Invoice Number: 884123")
	c.t(380, 82, 9, false, "Invoice Date: July 15 , 2014")
	c.t(380, 94, 9, false, "Account No: 104-2231-07")
	c.t(50, 130, 10, false, "JOHN SMITH")
	c.t(50, 142, 10, false, "742 EVERGREEN TERRACE")
	c.t(50, 154, 10, false, "SPRINGFIELD IL 62704")
	y := 210.0
	c.t(50, y, 9, true, "Description")
	c.r(420, y, 9, true, "Quantity")
	c.r(480, y, 9, true, "Rate")
	c.r(545, y, 9, true, "Charge")
	y += 16
	for _, it := range items {
		c.t(50, y, 10, false, it.desc[0])
		c.r(420, y, 10, false, qtyStr(it.qty, "en"))
		c.r(480, y, 10, false, money(it.unit, "en"))
		c.r(545, y, 10, false, money(it.total(), "en"))
		y += 14
	}
	y += 20
	c.t(50, y, 11, true, "TOTAL AMOUNT DUE ON August 3 , 2014")
	c.r(545, y, 11, true, "$"+money(gross, "en"))
	c.t(50, y+30, 8, false, "A late fee of 1.5% per month will be added to balances not paid by the due date.")
	return invLayout{"us-utility", invTruth{number: "884123", date: "2014-07-15", due: "2014-08-03", seller: "Springfield Water Department", cur: "USD",
		gross: gross.String(), items: items}, c.bytes(t)}
}

// layoutUSFood is a wholesaler: "ITEM/DESC. QTY U.PRICE AMOUNT", section
// headers, a subtotal row per section, a note, sales tax.
func layoutUSFood(t testing.TB) invLayout {
	c := newPDFDoc()
	food := []lItem{{desc: []string{"Mozzarella 5 lb"}, qty: d("4"), unit: d("18.50")}, {desc: []string{"Tomato sauce #10 can"}, qty: d("6"), unit: d("7.25")},
		{desc: []string{"Flour 50 lb bag"}, qty: d("2"), unit: d("24.90")}}
	bev := []lItem{{desc: []string{"Spring water 24 pk"}, qty: d("10"), unit: d("4.99")}, {desc: []string{"Orange juice 1 gal"}, qty: d("3"), unit: d("6.45")}}
	items := append(append([]lItem{}, food...), bev...)
	net := sum(items)
	tax := net.Mul(d("0.0725")).Round(2)
	c.t(50, 50, 15, true, "Sunrise Food Distributors, Inc.")
	c.t(50, 64, 9, false, "2200 Commerce Blvd, Fresno, CA 93721")
	c.t(50, 75, 9, false, "Tel (559) 555-0142")
	c.t(420, 50, 18, true, "INVOICE")
	c.t(420, 70, 9, false, "Invoice #: 58812")
	c.t(420, 82, 9, false, "Date: 08/03/2014")
	c.t(420, 94, 9, false, "Terms: Net 30")
	c.t(50, 120, 8, true, "SOLD TO")
	c.t(50, 132, 10, false, "Tony's Pizzeria")
	c.t(50, 144, 10, false, "815 Olive Ave, Fresno, CA 93728")
	y := 190.0
	c.t(50, y, 9, true, "ITEM/DESC.")
	c.r(400, y, 9, true, "QTY")
	c.r(470, y, 9, true, "U.PRICE")
	c.r(545, y, 9, true, "AMOUNT")
	c.line(50, y+4, 545)
	y += 18
	section := func(title string, its []lItem) {
		c.t(50, y, 9, true, "--- "+title+" ---")
		y += 14
		for _, it := range its {
			c.t(60, y, 10, false, it.desc[0])
			c.r(400, y, 10, false, qtyStr(it.qty, "en"))
			c.r(470, y, 10, false, money(it.unit, "en"))
			c.r(545, y, 10, false, money(it.total(), "en"))
			y += 14
		}
		c.t(300, y, 9, false, "Subtotal "+title)
		c.r(545, y, 9, false, money(sum(its), "en"))
		y += 20
	}
	section("Food Products", food)
	section("Beverages", bev)
	c.t(50, y, 8, false, "Note: perishable goods, keep refrigerated. Returns within 48 hours only.")
	y += 30
	c.t(380, y, 10, false, "Subtotal")
	c.r(545, y, 10, false, money(net, "en"))
	c.t(380, y+14, 10, false, "Sales Tax 7.25%")
	c.r(545, y+14, 10, false, money(tax, "en"))
	c.t(380, y+30, 11, true, "TOTAL")
	c.r(545, y+30, 11, true, "$"+money(net.Add(tax), "en"))
	return invLayout{"us-wholesale-sections", invTruth{number: "58812", date: "2014-08-03", seller: "Sunrise Food Distributors, Inc.", cur: "USD",
		net: net.String(), tax: tax.String(), gross: net.Add(tax).String(), items: items}, c.bytes(t)}
}

// layoutDECraft is a German craftsman: "Pos. Menge Einheit Bezeichnung
// Einzelpreis Gesamtpreis", descriptions over two lines, "3. Aug. 2014",
// a footer in three columns with the IBAN split over two lines.
func layoutDECraft(t testing.TB) invLayout {
	c := newPDFDoc()
	items := []lItem{
		{desc: []string{"Wandflächen streichen, Dispersion weiß", "inkl. Abdeckarbeiten"}, qty: d("86.5"), unit: d("8.40")},
		{desc: []string{"Lackierarbeiten Heizkörper", "zweifacher Anstrich"}, qty: d("4"), unit: d("65")},
		{desc: []string{"Anfahrtspauschale"}, qty: d("1"), unit: d("35")},
	}
	net := sum(items)
	tax := net.Mul(d("0.19")).Round(2)
	c.t(50, 50, 16, true, "Malerbetrieb Huber GmbH")
	c.t(50, 64, 8, false, "Malerbetrieb Huber GmbH · Lindenallee 7 · 50968 Köln")
	c.t(50, 100, 10, false, "Frau")
	c.t(50, 112, 10, false, "Anna Schneider")
	c.t(50, 124, 10, false, "Rosenweg 3")
	c.t(50, 136, 10, false, "50667 Köln")
	c.t(380, 100, 9, false, "Kundennummer:")
	c.t(460, 100, 9, false, "10233")
	c.t(380, 112, 9, false, "Datum:")
	c.t(460, 112, 9, false, "3. Aug. 2014")
	c.t(380, 124, 9, false, "Bearbeiter:")
	c.t(460, 124, 9, false, "M. Huber")
	c.t(50, 180, 13, true, "Rechnung Nr. R-2014-0815")
	c.t(50, 198, 10, false, "Sehr geehrte Frau Schneider, für die ausgeführten Arbeiten berechnen wir Ihnen:")
	y := 230.0
	c.t(50, y, 9, true, "Pos.")
	c.r(120, y, 9, true, "Menge")
	c.t(128, y, 9, true, "Einheit")
	c.t(175, y, 9, true, "Bezeichnung")
	c.r(470, y, 9, true, "Einzelpreis")
	c.r(545, y, 9, true, "Gesamtpreis")
	c.line(50, y+4, 545)
	y += 18
	units := []string{"m²", "Stk", "psch"}
	for i, it := range items {
		c.t(50, y, 10, false, fmt.Sprint(i+1))
		c.r(120, y, 10, false, qtyStr(it.qty, "de"))
		c.t(128, y, 10, false, units[i])
		c.t(175, y, 10, false, it.desc[0])
		c.r(470, y, 10, false, money(it.unit, "de"))
		c.r(545, y, 10, false, money(it.total(), "de"))
		for _, more := range it.desc[1:] {
			y += 12
			c.t(175, y, 9, false, more)
		}
		y += 18
	}
	c.line(330, y, 545)
	y += 16
	c.t(330, y, 10, false, "Summe netto")
	c.r(545, y, 10, false, money(net, "de")+" €")
	c.t(330, y+14, 10, false, "zzgl. 19 % MwSt.")
	c.r(545, y+14, 10, false, money(tax, "de")+" €")
	c.t(330, y+30, 10, true, "Rechnungsbetrag")
	c.r(545, y+30, 10, true, money(net.Add(tax), "de")+" €")
	c.t(50, y+70, 10, false, "Bitte überweisen Sie den Rechnungsbetrag innerhalb von 14 Tagen ohne Abzug.")
	c.line(50, 770, 545)
	for i, col := range [][]string{
		{"Malerbetrieb Huber GmbH", "Lindenallee 7", "50968 Köln"},
		{"Bankverbindung", "Sparkasse KölnBonn", "IBAN DE89 3704 0044", "0532 0130 00", "BIC COLSDE33XXX"},
		{"Geschäftsführer: Martin Huber", "Amtsgericht Köln HRB 12345", "USt-IdNr. DE123456789"},
	} {
		for k, s := range col {
			c.t(50+float64(i)*170, 782+float64(k)*9, 7, false, s)
		}
	}
	return invLayout{"de-craftsman", invTruth{number: "R-2014-0815", date: "2014-08-03", seller: "Malerbetrieb Huber GmbH", cur: "EUR",
		iban: "DE89370400440532013000", net: net.String(), tax: tax.String(), gross: net.Add(tax).String(), items: items}, c.bytes(t)}
}

// layoutFR is a French artisan: "FACTURE N°", "3 août 2014", HT/TTC,
// "Net à payer", the IBAN in the footer with the BIC.
func layoutFR(t testing.TB) invLayout {
	c := newPDFDoc()
	items := []lItem{{desc: []string{"Remplacement chauffe-eau 200 L"}, qty: d("1"), unit: d("890")}, {desc: []string{"Main d'oeuvre"}, qty: d("3.5"), unit: d("52")},
		{desc: []string{"Raccords et joints"}, qty: d("6"), unit: d("4.80")}}
	net := sum(items)
	tax := net.Mul(d("0.20")).Round(2)
	c.t(50, 50, 15, true, "Plomberie Martin SARL")
	c.t(50, 64, 9, false, "12 rue des Tanneurs")
	c.t(50, 75, 9, false, "69003 Lyon")
	c.t(50, 86, 9, false, "SIRET 123 456 789 00012 - TVA FR40123456789")
	c.t(330, 130, 10, true, "M. Pierre Durand")
	c.t(330, 142, 10, false, "8 avenue Foch")
	c.t(330, 154, 10, false, "69006 Lyon")
	c.t(50, 200, 16, true, "FACTURE N° FA-2014-087")
	c.t(50, 218, 10, false, "Date : 3 août 2014")
	c.t(50, 230, 10, false, "Échéance : 2 septembre 2014")
	y := 270.0
	c.t(50, y, 9, true, "Désignation")
	c.r(380, y, 9, true, "Qté")
	c.r(460, y, 9, true, "P.U. HT")
	c.r(545, y, 9, true, "Total HT")
	y += 16
	for _, it := range items {
		c.t(50, y, 10, false, it.desc[0])
		c.r(380, y, 10, false, qtyStr(it.qty, "fr"))
		c.r(460, y, 10, false, money(it.unit, "fr"))
		c.r(545, y, 10, false, money(it.total(), "fr"))
		y += 15
	}
	y += 20
	for k, row := range [][2]string{{"Total HT", money(net, "fr") + " €"}, {"TVA 20 %", money(tax, "fr") + " €"}, {"Total TTC", money(net.Add(tax), "fr") + " €"},
		{"Net à payer", money(net.Add(tax), "fr") + " €"}} {
		c.t(360, y+float64(k)*15, 10, k >= 2, row[0])
		c.r(545, y+float64(k)*15, 10, k >= 2, row[1])
	}
	c.t(50, y+90, 8, false, "Conditions de paiement : 30 jours. Pénalités de retard : 3 fois le taux d'intérêt légal.")
	c.t(50, 790, 8, false, "Règlement par virement - IBAN : FR76 3000 6000 0112 3456 7890 189 - BIC : AGRIFRPP")
	return invLayout{"fr-artisan", invTruth{number: "FA-2014-087", date: "2014-08-03", due: "2014-09-02", seller: "Plomberie Martin SARL", cur: "EUR",
		iban: "FR7630006000011234567890189", net: net.String(), tax: tax.String(), gross: net.Add(tax).String(), items: items}, c.bytes(t)}
}

// layoutES is a Spanish service invoice: "Nº factura", "Base imponible",
// the account in the payment sentence.
func layoutES(t testing.TB) invLayout {
	c := newPDFDoc()
	items := []lItem{{desc: []string{"Mantenimiento informático mensual"}, qty: d("1"), unit: d("350")}, {desc: []string{"Horas de soporte adicional"}, qty: d("5"), unit: d("40")}}
	net := sum(items)
	tax := net.Mul(d("0.21")).Round(2)
	c.t(350, 50, 20, true, "FACTURA")
	c.t(50, 50, 14, true, "Soluciones Digitales Levante S.L.")
	c.t(50, 64, 9, false, "Calle Colón 22, 46004 Valencia")
	c.t(50, 75, 9, false, "CIF: B12345678")
	c.t(350, 80, 10, false, "Nº factura: 2014/117")
	c.t(350, 94, 10, false, "Fecha: 18/04/2014")
	c.t(350, 108, 10, false, "Vencimiento: 18/05/2014")
	c.t(50, 130, 9, true, "Cliente")
	c.t(50, 142, 10, false, "Clínica Dental Sonrisa S.L.")
	c.t(50, 154, 10, false, "Avenida del Puerto 5, 46023 Valencia")
	y := 210.0
	c.t(50, y, 9, true, "Concepto")
	c.r(380, y, 9, true, "Cantidad")
	c.r(460, y, 9, true, "Precio")
	c.r(545, y, 9, true, "Importe")
	y += 16
	for _, it := range items {
		c.t(50, y, 10, false, it.desc[0])
		c.r(380, y, 10, false, qtyStr(it.qty, "de"))
		c.r(460, y, 10, false, money(it.unit, "de")+" €")
		c.r(545, y, 10, false, money(it.total(), "de")+" €")
		y += 15
	}
	y += 20
	for k, row := range [][2]string{{"Base imponible", money(net, "de") + " €"}, {"IVA (21%)", money(tax, "de") + " €"}, {"TOTAL", money(net.Add(tax), "de") + " €"}} {
		c.t(360, y+float64(k)*15, 10, k == 2, row[0])
		c.r(545, y+float64(k)*15, 10, k == 2, row[1])
	}
	c.t(50, y+80, 9, false, "Forma de pago: transferencia bancaria a la cuenta ES91 2100 0418 4502 0005 1332")
	return invLayout{"es-services", invTruth{number: "2014/117", date: "2014-04-18", due: "2014-05-18", seller: "Soluciones Digitales Levante S.L.", cur: "EUR",
		iban: "ES9121000418450200051332", net: net.String(), tax: tax.String(), gross: net.Add(tax).String(), items: items}, c.bytes(t)}
}

// layoutXero is the accounting-software layout: "TAX INVOICE", meta as
// titles over values, "Amount GBP", the due date under the table, a
// payment advice with the IBAN.
func layoutXero(t testing.TB) invLayout {
	c := newPDFDoc()
	items := []lItem{{desc: []string{"Website design - phase 2"}, qty: d("1"), unit: d("1450")}, {desc: []string{"Hosting (12 months)"}, qty: d("12"), unit: d("15")},
		{desc: []string{"Copywriting"}, qty: d("6.5"), unit: d("55")}}
	net := sum(items)
	tax := net.Mul(d("0.2")).Round(2)
	c.t(50, 60, 22, false, "TAX INVOICE")
	c.t(50, 90, 10, false, "Greenleaf Bakery Ltd")
	c.t(50, 102, 10, false, "4 Mill Lane")
	c.t(50, 114, 10, false, "Leeds LS1 5AB")
	c.t(290, 60, 8, true, "Invoice Date")
	c.t(290, 72, 9, false, "3 Aug 2014")
	c.t(290, 90, 8, true, "Invoice Number")
	c.t(290, 102, 9, false, "INV-0042")
	c.t(290, 120, 8, true, "Reference")
	c.t(290, 132, 9, false, "PO 7781")
	c.t(290, 150, 8, true, "VAT Number")
	c.t(290, 162, 9, false, "GB 123 4567 89")
	c.t(420, 60, 10, false, "Brightside Digital Ltd")
	c.t(420, 72, 9, false, "Unit 9, The Works")
	c.t(420, 84, 9, false, "Manchester M4 6JT")
	c.t(420, 96, 9, false, "United Kingdom")
	y := 210.0
	c.t(50, y, 9, true, "Description")
	c.r(330, y, 9, true, "Quantity")
	c.r(400, y, 9, true, "Unit Price")
	c.r(460, y, 9, true, "VAT")
	c.r(545, y, 9, true, "Amount GBP")
	c.line(50, y+4, 545)
	y += 18
	for _, it := range items {
		c.t(50, y, 9, false, it.desc[0])
		c.r(330, y, 9, false, qtyStr(it.qty, "en"))
		c.r(400, y, 9, false, money(it.unit, "en"))
		c.r(460, y, 9, false, "20%")
		c.r(545, y, 9, false, money(it.total(), "en"))
		c.line(50, y+5, 545)
		y += 18
	}
	y += 6
	c.r(460, y, 9, false, "Subtotal")
	c.r(545, y, 9, false, money(net, "en"))
	c.r(460, y+14, 9, false, "TOTAL VAT 20%")
	c.r(545, y+14, 9, false, money(tax, "en"))
	c.r(460, y+32, 9, true, "TOTAL GBP")
	c.r(545, y+32, 9, true, money(net.Add(tax), "en"))
	c.t(50, y+70, 10, true, "Due Date: 17 August 2014")
	c.t(50, y+84, 9, false, "Bank: Barclays  Account Number: 31926819  Sort Code: 60-16-13")
	c.t(50, y+96, 9, false, "IBAN: GB29 NWBK 6016 1331 9268 19  SWIFT: NWBKGB2L")
	c.t(50, 640, 14, true, "PAYMENT ADVICE")
	c.t(50, 660, 9, false, "To: Brightside Digital Ltd")
	c.t(300, 660, 9, true, "Customer")
	c.t(380, 660, 9, false, "Greenleaf Bakery Ltd")
	c.t(300, 674, 9, true, "Invoice Number")
	c.t(380, 674, 9, false, "INV-0042")
	c.t(300, 688, 9, true, "Amount Due")
	c.t(380, 688, 9, false, money(net.Add(tax), "en"))
	c.t(300, 702, 9, true, "Due Date")
	c.t(380, 702, 9, false, "17 Aug 2014")
	return invLayout{"gb-xero", invTruth{number: "INV-0042", date: "2014-08-03", due: "2014-08-17", seller: "Brightside Digital Ltd", cur: "GBP",
		iban: "GB29NWBK60161331926819", net: net.String(), tax: tax.String(), gross: net.Add(tax).String(), items: items}, c.bytes(t)}
}

// layoutQB is a US small-business layout: a boxed date/number header with
// titles above values, the quantity first, "Item Code", no tax.
func layoutQB(t testing.TB) invLayout {
	c := newPDFDoc()
	items := []lItem{{code: "HW-100", desc: []string{"Hardwood flooring, oak"}, qty: d("120"), unit: d("6.25")},
		{code: "LAB", desc: []string{"Installation labor"}, qty: d("16"), unit: d("45")},
		{code: "TRIM-8", desc: []string{"Baseboard trim 8 ft"}, qty: d("14"), unit: d("9.80")}}
	gross := sum(items)
	c.t(50, 50, 14, true, "Oakridge Flooring LLC")
	c.t(50, 63, 9, false, "88 Timber Rd")
	c.t(50, 74, 9, false, "Asheville, NC 28801")
	c.t(460, 50, 18, true, "Invoice")
	c.t(400, 80, 8, true, "Date")
	c.t(480, 80, 8, true, "Invoice #")
	c.t(400, 93, 9, false, "August 3 , 2014")
	c.t(480, 93, 9, false, "1047")
	c.t(50, 120, 8, true, "Bill To")
	c.t(50, 132, 9, false, "Lisa Carter")
	c.t(50, 143, 9, false, "15 Pine St, Asheville, NC 28803")
	c.t(330, 120, 8, true, "Ship To")
	c.t(330, 132, 9, false, "15 Pine St, Asheville, NC 28803")
	c.t(300, 180, 8, true, "P.O. No.")
	c.t(380, 180, 8, true, "Terms")
	c.t(460, 180, 8, true, "Project")
	c.t(300, 192, 9, false, "LC-2014")
	c.t(380, 192, 9, false, "Due on receipt")
	c.t(460, 192, 9, false, "Kitchen")
	y := 225.0
	c.t(50, y, 8, true, "Quantity")
	c.t(100, y, 8, true, "Item Code")
	c.t(170, y, 8, true, "Description")
	c.r(470, y, 8, true, "Price Each")
	c.r(545, y, 8, true, "Amount")
	y += 16
	for _, it := range items {
		c.r(85, y, 9, false, qtyStr(it.qty, "en"))
		c.t(100, y, 9, false, it.code)
		c.t(170, y, 9, false, it.desc[0])
		c.r(470, y, 9, false, money(it.unit, "en"))
		c.r(545, y, 9, false, money(it.total(), "en"))
		y += 14
	}
	y += 30
	c.t(400, y, 11, true, "Total")
	c.r(545, y, 11, true, "$"+money(gross, "en"))
	c.t(50, y+30, 8, false, "Thank you for your business. Make checks payable to Oakridge Flooring LLC.")
	return invLayout{"us-quantity-first", invTruth{number: "1047", date: "2014-08-03", seller: "Oakridge Flooring LLC", cur: "USD",
		gross: gross.String(), items: items}, c.bytes(t)}
}

// layoutDEShop is a German web shop: prices including VAT, a "Versand"
// line item, "enthaltene MwSt." under the total, meta as titles over
// values.
func layoutDEShop(t testing.TB) invLayout {
	c := newPDFDoc()
	items := []lItem{{code: "A-1021", desc: []string{"Espressomaschine Barista Pro"}, qty: d("1"), unit: d("349")},
		{code: "A-2210", desc: []string{"Milchkännchen Edelstahl 600 ml"}, qty: d("2"), unit: d("14.95")},
		{code: "VERSAND", desc: []string{"Versandkosten DHL"}, qty: d("1"), unit: d("4.90")}}
	gross := sum(items)
	net := gross.Div(d("1.19")).Round(2)
	tax := gross.Sub(net)
	c.t(50, 50, 16, true, "Kaffeewelt Online GmbH")
	c.t(50, 64, 8, false, "Kaffeewelt Online GmbH · Hafenstr. 12 · 20457 Hamburg")
	c.t(50, 90, 10, false, "Herr Jonas Weber")
	c.t(50, 102, 10, false, "Bahnhofstraße 8")
	c.t(50, 114, 10, false, "80335 München")
	c.t(50, 160, 14, true, "Rechnung")
	for i, kv := range [][2]string{{"Rechnungsnummer", "RE-884512"}, {"Rechnungsdatum", "03.08.2014"}, {"Bestellnummer", "B-2014-55812"}, {"Kundennummer", "K-10087"}} {
		c.t(50+float64(i)*125, 185, 8, true, kv[0])
		c.t(50+float64(i)*125, 197, 9, false, kv[1])
	}
	y := 235.0
	c.t(50, y, 8, true, "Art.-Nr.")
	c.t(110, y, 8, true, "Artikel")
	c.r(380, y, 8, true, "Anzahl")
	c.r(460, y, 8, true, "Einzelpreis")
	c.r(545, y, 8, true, "Gesamt")
	c.line(50, y+4, 545)
	y += 16
	for _, it := range items {
		c.t(50, y, 9, false, it.code)
		c.t(110, y, 9, false, it.desc[0])
		c.r(380, y, 9, false, qtyStr(it.qty, "de"))
		c.r(460, y, 9, false, money(it.unit, "de")+" €")
		c.r(545, y, 9, false, money(it.total(), "de")+" €")
		y += 14
	}
	c.line(330, y, 545)
	y += 16
	c.t(330, y, 10, true, "Gesamtsumme")
	c.r(545, y, 10, true, money(gross, "de")+" €")
	c.t(330, y+14, 9, false, "Summe netto")
	c.r(545, y+14, 9, false, money(net, "de")+" €")
	c.t(330, y+26, 9, false, "enthaltene MwSt. 19 %")
	c.r(545, y+26, 9, false, money(tax, "de")+" €")
	c.t(50, y+60, 9, false, "Der Rechnungsbetrag wurde per PayPal beglichen.")
	c.t(50, 790, 7, false, "Kaffeewelt Online GmbH · Geschäftsführerin: Petra Lange · HRB 98765 Hamburg · USt-IdNr. DE287654321")
	c.t(50, 799, 7, false, "Bankverbindung: Hamburger Sparkasse · IBAN: DE34 2005 0550 1234 5678 90 · BIC: HASPDEHHXXX")
	return invLayout{"de-webshop", invTruth{number: "RE-884512", date: "2014-08-03", seller: "Kaffeewelt Online GmbH", cur: "EUR",
		iban: "DE34200505501234567890", net: net.String(), tax: tax.String(), gross: gross.String(), items: items}, c.bytes(t)}
}

// layoutNLShop is a Dutch web shop: meta titles over values, an article
// code column, "Subtotaal excl. BTW", a footer of labelled columns with
// "Rekeningnummer" over the IBAN.
func layoutNLShop(t testing.TB) invLayout {
	c := newPDFDoc()
	items := []lItem{{code: "80231", desc: []string{"Fietsband 28 inch"}, qty: d("2"), unit: d("18.95")},
		{code: "80412", desc: []string{"Fietsverlichting LED set"}, qty: d("1"), unit: d("24.50")},
		{code: "91002", desc: []string{"Kettingolie 100 ml"}, qty: d("3"), unit: d("5.95")}}
	net := sum(items)
	tax := net.Mul(d("0.21")).Round(2)
	c.t(50, 50, 16, true, "Fietsonderdelen.nl B.V.")
	c.t(50, 64, 9, false, "Industrieweg 40, 3542 AD Utrecht")
	c.t(50, 100, 10, false, "Dhr. P. de Boer")
	c.t(50, 112, 10, false, "Lindelaan 9")
	c.t(50, 124, 10, false, "2012 KL Haarlem")
	c.t(400, 50, 20, true, "Factuur")
	for i, kv := range [][2]string{{"Factuurnummer", "F2014-20931"}, {"Factuurdatum", "03-08-2014"}, {"Klantnummer", "558120"}, {"Vervaldatum", "17-08-2014"}} {
		c.t(50+float64(i)*125, 170, 8, true, kv[0])
		c.t(50+float64(i)*125, 182, 9, false, kv[1])
	}
	y := 220.0
	c.t(50, y, 8, true, "Artikel")
	c.t(110, y, 8, true, "Omschrijving")
	c.r(380, y, 8, true, "Aantal")
	c.r(460, y, 8, true, "Prijs")
	c.r(545, y, 8, true, "Totaal")
	y += 16
	for _, it := range items {
		c.t(50, y, 9, false, it.code)
		c.t(110, y, 9, false, it.desc[0])
		c.r(380, y, 9, false, qtyStr(it.qty, "de"))
		c.r(460, y, 9, false, money(it.unit, "de"))
		c.r(545, y, 9, false, money(it.total(), "de"))
		y += 14
	}
	y += 16
	for k, row := range [][2]string{{"Subtotaal excl. BTW", "€ " + money(net, "de")}, {"BTW 21%", "€ " + money(tax, "de")}, {"Totaal incl. BTW", "€ " + money(net.Add(tax), "de")}} {
		c.t(330, y+float64(k)*14, 10, k == 2, row[0])
		c.r(545, y+float64(k)*14, 10, k == 2, row[1])
	}
	c.line(50, 765, 545)
	for i, col := range [][2]string{{"Adres", "Industrieweg 40, Utrecht"}, {"Rekeningnummer", "NL20 INGB 0001 2345 67"}, {"KvK", "30234567"}, {"BTW-nummer", "NL812345678B01"}} {
		c.t(50+float64(i)*125, 778, 7, true, col[0])
		c.t(50+float64(i)*125, 788, 7, false, col[1])
	}
	return invLayout{"nl-webshop", invTruth{number: "F2014-20931", date: "2014-08-03", due: "2014-08-17", seller: "Fietsonderdelen.nl B.V.", cur: "EUR",
		iban: "NL20INGB0001234567", net: net.String(), tax: tax.String(), gross: net.Add(tax).String(), items: items}, c.bytes(t)}
}

// layoutSG is an English invoice from Singapore: "2014/08/03", "S$",
// "GST 7%", "Grand Total".
func layoutSG(t testing.TB) invLayout {
	c := newPDFDoc()
	items := []lItem{{desc: []string{"Office chair ergonomic"}, qty: d("4"), unit: d("189")}, {desc: []string{"Standing desk frame"}, qty: d("2"), unit: d("420")}}
	net := sum(items)
	tax := net.Mul(d("0.07")).Round(2)
	c.t(50, 50, 15, true, "Lion City Office Supplies Pte Ltd")
	c.t(50, 64, 9, false, "10 Ubi Crescent #05-12, Singapore 408564")
	c.t(50, 75, 9, false, "GST Reg No: 201412345K")
	c.t(400, 100, 16, true, "TAX INVOICE")
	c.t(400, 120, 9, false, "Invoice No.: SI-14080")
	c.t(400, 132, 9, false, "Date: 2014/08/03")
	c.t(400, 144, 9, false, "Terms: 30 days")
	c.t(50, 110, 9, true, "Bill To:")
	c.t(50, 122, 9, false, "Marina Bay Consulting Pte Ltd")
	y := 200.0
	c.t(50, y, 9, true, "No.")
	c.t(80, y, 9, true, "Description")
	c.r(380, y, 9, true, "Qty")
	c.r(460, y, 9, true, "Unit Price")
	c.r(545, y, 9, true, "Amount (S$)")
	y += 16
	for i, it := range items {
		c.t(80-20, y, 9, false, fmt.Sprint(i+1))
		c.t(80, y, 9, false, it.desc[0])
		c.r(380, y, 9, false, qtyStr(it.qty, "en"))
		c.r(460, y, 9, false, money(it.unit, "en"))
		c.r(545, y, 9, false, money(it.total(), "en"))
		y += 14
	}
	y += 20
	for k, row := range [][2]string{{"Sub Total", money(net, "en")}, {"GST 7%", money(tax, "en")}, {"Grand Total", "S$ " + money(net.Add(tax), "en")}} {
		c.t(380, y+float64(k)*14, 10, k == 2, row[0])
		c.r(545, y+float64(k)*14, 10, k == 2, row[1])
	}
	return invLayout{"sg-gst", invTruth{number: "SI-14080", date: "2014-08-03", seller: "Lion City Office Supplies Pte Ltd", cur: "SGD",
		net: net.String(), tax: tax.String(), gross: net.Add(tax).String(), items: items}, c.bytes(t)}
}

// layoutDELetter is a German freelancer's letter: "Köln, 3. August 2014"
// as the date, hours and rate, "Umsatzsteuer 19 %", the bank block with
// "Kontoinhaber".
func layoutDELetter(t testing.TB) invLayout {
	c := newPDFDoc()
	items := []lItem{{desc: []string{"Konzeption Relaunch Webseite"}, qty: d("12"), unit: d("85")}, {desc: []string{"Umsetzung Templates"}, qty: d("20.5"), unit: d("85")}}
	net := sum(items)
	tax := net.Mul(d("0.19")).Round(2)
	c.t(50, 50, 14, true, "Lena Fischer")
	c.t(50, 63, 9, false, "Webdesign & Entwicklung")
	c.t(50, 74, 9, false, "Ehrenfeldgürtel 120, 50823 Köln")
	c.t(50, 85, 9, false, "Steuernummer 217/5123/4567")
	c.t(50, 120, 10, false, "Bäckerei Krause OHG")
	c.t(50, 132, 10, false, "Venloer Str. 300")
	c.t(50, 144, 10, false, "50823 Köln")
	c.r(545, 170, 10, false, "Köln, 3. August 2014")
	c.t(50, 200, 12, true, "Rechnung Nr. 2014-17")
	c.t(50, 220, 10, false, "Leistungszeitraum: Juli 2014")
	y := 250.0
	c.t(50, y, 9, true, "Leistung")
	c.r(380, y, 9, true, "Stunden")
	c.r(460, y, 9, true, "Satz")
	c.r(545, y, 9, true, "Betrag")
	y += 16
	for _, it := range items {
		c.t(50, y, 10, false, it.desc[0])
		c.r(380, y, 10, false, qtyStr(it.qty, "de"))
		c.r(460, y, 10, false, money(it.unit, "de")+" €")
		c.r(545, y, 10, false, money(it.total(), "de")+" €")
		y += 15
	}
	y += 15
	for k, row := range [][2]string{{"Nettobetrag", money(net, "de") + " €"}, {"Umsatzsteuer 19 %", money(tax, "de") + " €"}, {"Gesamtbetrag", money(net.Add(tax), "de") + " €"}} {
		c.t(330, y+float64(k)*15, 10, k == 2, row[0])
		c.r(545, y+float64(k)*15, 10, k == 2, row[1])
	}
	c.t(50, y+70, 10, false, "Bitte überweisen Sie den Betrag bis zum 17.08.2014 auf das unten genannte Konto.")
	c.t(50, y+90, 10, false, "Mit freundlichen Grüßen")
	c.t(50, y+104, 10, false, "Lena Fischer")
	c.t(50, 770, 8, true, "Bankverbindung")
	c.t(50, 780, 8, false, "Kontoinhaber: Lena Fischer")
	c.t(50, 790, 8, false, "IBAN: DE12 5001 0517 0648 4898 90")
	c.t(50, 800, 8, false, "BIC: INGDDEFFXXX")
	return invLayout{"de-letter", invTruth{number: "2014-17", date: "2014-08-03", seller: "Lena Fischer", cur: "EUR",
		iban: "DE12500105170648489890", net: net.String(), tax: tax.String(), gross: net.Add(tax).String(), items: items}, c.bytes(t)}
}

// layoutFRTwoRates has two VAT rates and their breakdown table.
func layoutFRTwoRates(t testing.TB) invLayout {
	c := newPDFDoc()
	items := []lItem{{desc: []string{"Livres scolaires"}, qty: d("10"), unit: d("12.50")}, {desc: []string{"Cartouches d'encre"}, qty: d("4"), unit: d("22")}}
	b1, b2 := items[0].total(), items[1].total()
	t1, t2 := b1.Mul(d("0.055")).Round(2), b2.Mul(d("0.2")).Round(2)
	net, tax := b1.Add(b2), t1.Add(t2)
	c.t(50, 50, 15, true, "Librairie du Centre SAS")
	c.t(50, 64, 9, false, "5 place Bellecour, 69002 Lyon")
	c.t(50, 75, 9, false, "N° TVA : FR83404833048")
	c.t(380, 50, 18, true, "FACTURE")
	c.t(380, 70, 9, false, "Numéro : 2014-0456")
	c.t(380, 82, 9, false, "Date : 18/04/2014")
	c.t(50, 120, 10, false, "École Saint-Exupéry")
	y := 180.0
	c.t(50, y, 9, true, "Article")
	c.r(330, y, 9, true, "Quantité")
	c.r(400, y, 9, true, "Prix unitaire")
	c.r(460, y, 9, true, "TVA")
	c.r(545, y, 9, true, "Montant HT")
	y += 16
	for i, it := range items {
		c.t(50, y, 10, false, it.desc[0])
		c.r(330, y, 10, false, qtyStr(it.qty, "fr"))
		c.r(400, y, 10, false, money(it.unit, "fr"))
		c.r(460, y, 10, false, []string{"5,5 %", "20 %"}[i])
		c.r(545, y, 10, false, money(it.total(), "fr"))
		y += 15
	}
	y += 25
	c.t(50, y, 9, true, "Taux")
	c.r(170, y, 9, true, "Base HT")
	c.r(240, y, 9, true, "TVA")
	c.t(50, y+13, 9, false, "5,5 %")
	c.r(170, y+13, 9, false, money(b1, "fr"))
	c.r(240, y+13, 9, false, money(t1, "fr"))
	c.t(50, y+26, 9, false, "20 %")
	c.r(170, y+26, 9, false, money(b2, "fr"))
	c.r(240, y+26, 9, false, money(t2, "fr"))
	for k, row := range [][2]string{{"Total HT", money(net, "fr") + " €"}, {"Total TVA", money(tax, "fr") + " €"}, {"Total TTC", money(net.Add(tax), "fr") + " €"}} {
		c.t(360, y+float64(k)*14, 10, k == 2, row[0])
		c.r(545, y+float64(k)*14, 10, k == 2, row[1])
	}
	c.t(50, 790, 8, false, "Coordonnées bancaires : IBAN FR14 2004 1010 0505 0001 3M02 606 - BIC PSSTFRPPLYO")
	return invLayout{"fr-two-rates", invTruth{number: "2014-0456", date: "2014-04-18", seller: "Librairie du Centre SAS", cur: "EUR",
		iban: "FR1420041010050500013M02606", net: net.String(), tax: tax.String(), gross: net.Add(tax).String(), items: items}, c.bytes(t)}
}

// layoutENTwoPages continues its table on a second page, with a repeated
// header and "Continued" rows, totals on the second page.
func layoutENTwoPages(t testing.TB) invLayout {
	c := newPDFDoc()
	var items []lItem
	names := []string{"Copy paper A4 80g", "Ballpoint pens blue", "Stapler heavy duty", "Sticky notes 76x76", "Archive boxes", "Whiteboard markers",
		"Desk organiser", "Envelopes C4", "Printer toner black", "Laminating pouches", "Scissors 21 cm", "Highlighters assorted",
		"Ring binders A4", "Cable ties 200 mm", "Monitor stand", "USB sticks 32 GB", "Label tape 12 mm", "Paper clips",
		"Notebooks A5", "Calculator desktop", "Waste bin 30 l", "Hole punch", "Tape dispenser", "Index dividers",
		"Document wallets", "Correction tape", "Pencils HB", "Rubber bands", "Glue sticks", "Rulers 30 cm",
		"Chair mat", "Desk lamp LED", "Mouse pads", "Keyboard wrist rest", "Headset USB", "Webcam HD"}
	for i, n := range names {
		items = append(items, lItem{code: fmt.Sprintf("OS-%03d", 101+i), desc: []string{n}, qty: decimal.NewFromInt(int64(1 + i%5)), unit: decimal.New(int64(199+i*137%2000), -2)})
	}
	net := sum(items)
	tax := net.Mul(d("0.2")).Round(2)
	header := func(y float64) float64 {
		c.t(50, y, 9, true, "Code")
		c.t(110, y, 9, true, "Description")
		c.r(380, y, 9, true, "Qty")
		c.r(460, y, 9, true, "Unit price")
		c.r(545, y, 9, true, "Total")
		c.line(50, y+4, 545)
		return y + 16
	}
	c.t(50, 50, 15, true, "Paperclip Office Supplies Ltd")
	c.t(50, 64, 9, false, "21 Castle Street, Edinburgh EH2 3DN, United Kingdom")
	c.t(400, 50, 18, true, "INVOICE")
	c.t(400, 70, 9, false, "Invoice no: 20140803-7")
	c.t(400, 82, 9, false, "Invoice date: 3rd August 2014")
	c.t(400, 94, 9, false, "Payment due: 2nd September 2014")
	c.t(50, 110, 10, false, "Highland Accountants LLP")
	y := header(160)
	for i, it := range items {
		if i == 28 {
			c.t(50, 780, 8, false, "Continued on page 2")
			c.r(545, 800, 8, false, "Page 1 of 2")
			c.pdf.AddPage()
			c.t(50, 50, 10, true, "Paperclip Office Supplies Ltd - Invoice 20140803-7 (continued)")
			y = header(80)
		}
		c.t(50, y, 9, false, it.code)
		c.t(110, y, 9, false, it.desc[0])
		c.r(380, y, 9, false, qtyStr(it.qty, "en"))
		c.r(460, y, 9, false, "£"+money(it.unit, "en"))
		c.r(545, y, 9, false, "£"+money(it.total(), "en"))
		y += 20
	}
	y += 16
	for k, row := range [][2]string{{"Net total", "£" + money(net, "en")}, {"VAT @ 20%", "£" + money(tax, "en")}, {"Total due", "£" + money(net.Add(tax), "en")}} {
		c.t(360, y+float64(k)*14, 10, k == 2, row[0])
		c.r(545, y+float64(k)*14, 10, k == 2, row[1])
	}
	c.t(50, y+60, 8, false, "Payment by bank transfer to Paperclip Office Supplies Ltd, IBAN GB33 BUKB 2020 1555 5555 55")
	c.r(545, 800, 8, false, "Page 2 of 2")
	return invLayout{"gb-two-pages", invTruth{number: "20140803-7", date: "2014-08-03", due: "2014-09-02", seller: "Paperclip Office Supplies Ltd", cur: "GBP",
		iban: "GB33BUKB20201555555555", net: net.String(), tax: tax.String(), gross: net.Add(tax).String(), items: items}, c.bytes(t)}
}

// layoutCH is a Swiss invoice: "1'234.50", "CHF" in the column title,
// "MWST 7.7%", "Rechnungsdatum" in a title/value grid.
func layoutCH(t testing.TB) invLayout {
	c := newPDFDoc()
	items := []lItem{{desc: []string{"Beratung Steuerplanung"}, qty: d("6"), unit: d("180")}, {desc: []string{"Spesen pauschal"}, qty: d("1"), unit: d("95")}}
	net := sum(items)
	tax := net.Mul(d("0.077")).Round(2)
	c.t(50, 50, 15, true, "Treuhand Meier AG")
	c.t(50, 64, 9, false, "Bahnhofstrasse 10, 8001 Zürich")
	c.t(50, 75, 9, false, "MWST-Nr. CHE-123.456.789 MWST")
	c.t(330, 110, 10, false, "Herr Beat Keller")
	c.t(330, 122, 10, false, "Seestrasse 4, 8700 Küsnacht")
	c.t(50, 170, 14, true, "Rechnung")
	c.t(50, 190, 8, true, "Rechnungsnummer")
	c.t(160, 190, 8, true, "Rechnungsdatum")
	c.t(270, 190, 8, true, "Zahlbar bis")
	c.t(50, 202, 9, false, "2014-318")
	c.t(160, 202, 9, false, "03.08.2014")
	c.t(270, 202, 9, false, "02.09.2014")
	y := 240.0
	c.t(50, y, 9, true, "Beschreibung")
	c.r(380, y, 9, true, "Menge")
	c.r(460, y, 9, true, "Ansatz")
	c.r(545, y, 9, true, "Betrag CHF")
	y += 16
	for _, it := range items {
		c.t(50, y, 10, false, it.desc[0])
		c.r(380, y, 10, false, qtyStr(it.qty, "en"))
		c.r(460, y, 10, false, money(it.unit, "ch"))
		c.r(545, y, 10, false, money(it.total(), "ch"))
		y += 15
	}
	y += 15
	for k, row := range [][2]string{{"Total exkl. MWST", money(net, "ch")}, {"MWST 7.7%", money(tax, "ch")}, {"Total inkl. MWST", money(net.Add(tax), "ch")}} {
		c.t(330, y+float64(k)*15, 10, k == 2, row[0])
		c.r(545, y+float64(k)*15, 10, k == 2, row[1])
	}
	c.t(50, 780, 8, false, "Zahlbar an: Treuhand Meier AG, Zürcher Kantonalbank")
	c.t(50, 790, 8, false, "IBAN CH93 0076 2011 6238 5295 7")
	return invLayout{"ch-treuhand", invTruth{number: "2014-318", date: "2014-08-03", due: "2014-09-02", seller: "Treuhand Meier AG", cur: "CHF",
		iban: "CH9300762011623852957", net: net.String(), tax: tax.String(), gross: net.Add(tax).String(), items: items}, c.bytes(t)}
}

// layoutIT is an Italian invoice: "Fattura n. 118/2014 del 3 agosto 2014",
// "Imponibile", "Totale documento".
func layoutIT(t testing.TB) invLayout {
	c := newPDFDoc()
	items := []lItem{{desc: []string{"Consulenza fiscale"}, qty: d("1"), unit: d("600")}, {desc: []string{"Elaborazione buste paga"}, qty: d("8"), unit: d("25")}}
	net := sum(items)
	tax := net.Mul(d("0.22")).Round(2)
	c.t(50, 50, 15, true, "Studio Bianchi S.r.l.")
	c.t(50, 64, 9, false, "Via Garibaldi 15, 10122 Torino")
	c.t(50, 75, 9, false, "P.IVA IT01234567890")
	c.t(330, 110, 9, true, "Spett.le")
	c.t(330, 122, 10, false, "Panificio Rossi S.n.c.")
	c.t(330, 134, 10, false, "Corso Francia 8, 10138 Torino")
	c.t(50, 180, 13, true, "Fattura n. 118/2014 del 3 agosto 2014")
	y := 220.0
	c.t(50, y, 9, true, "Descrizione")
	c.r(380, y, 9, true, "Quantità")
	c.r(460, y, 9, true, "Prezzo")
	c.r(545, y, 9, true, "Importo")
	y += 16
	for _, it := range items {
		c.t(50, y, 10, false, it.desc[0])
		c.r(380, y, 10, false, qtyStr(it.qty, "de"))
		c.r(460, y, 10, false, money(it.unit, "de"))
		c.r(545, y, 10, false, money(it.total(), "de"))
		y += 15
	}
	y += 15
	for k, row := range [][2]string{{"Imponibile", "€ " + money(net, "de")}, {"IVA 22%", "€ " + money(tax, "de")}, {"Totale documento", "€ " + money(net.Add(tax), "de")}} {
		c.t(330, y+float64(k)*15, 10, k == 2, row[0])
		c.r(545, y+float64(k)*15, 10, k == 2, row[1])
	}
	c.t(50, y+70, 9, false, "Pagamento: bonifico bancario entro il 2 settembre 2014")
	c.t(50, y+82, 9, false, "IBAN: IT60 X054 2811 1010 0000 0123 456")
	return invLayout{"it-studio", invTruth{number: "118/2014", date: "2014-08-03", seller: "Studio Bianchi S.r.l.", cur: "EUR",
		iban: "IT60X0542811101000000123456", net: net.String(), tax: tax.String(), gross: net.Add(tax).String(), items: items}, c.bytes(t)}
}

var invLayouts = []func(testing.TB) invLayout{layoutNL, layoutUSUtility, layoutUSFood, layoutDECraft, layoutFR, layoutES, layoutXero, layoutQB,
	layoutDEShop, layoutNLShop, layoutSG, layoutDELetter, layoutFRTwoRates, layoutENTwoPages, layoutCH, layoutIT}

// layoutFields scores one extraction against its truth: field -> ok, and
// the misses as "field: got X, want Y".
func layoutFields(tr invTruth, got *docextract.InvoiceData) (map[string]bool, []string) {
	g := got.General
	var f testdocs.Fields
	check := f.CheckSet
	check("InvoiceNumber", tr.number, str(g.InvoiceNumber))
	check("InvoiceDate", tr.date, str(g.InvoiceDate))
	check("DueDate", tr.due, str(g.DueDate))
	check("SellerName", tr.seller, str(g.SellerName))
	check("Currency", tr.cur, str(g.Currency))
	ibanHave := str(g.IBAN)
	if ibanHave == "" {
		ibanHave = noIBAN
	}
	check("IBAN", tr.iban, ibanHave)
	check("TotalNetPrice", tr.net, amt2(g.TotalNetPrice))
	check("TotalTaxAmount", tr.tax, amt2(g.TotalTaxAmount))
	check("TotalGrossPrice", tr.gross, amt2(g.TotalGrossPrice))
	check("AmountDue", tr.amountDue, amt2(g.AmountDue))
	if tr.withheld != "" {
		var w *docextract.Amount
		if got.Extra != nil {
			w = got.Extra.WithheldAmount
		}
		check("WithheldAmount", tr.withheld, amt2(w))
	}
	check("LineCount", fmt.Sprint(len(tr.items)), fmt.Sprint(len(got.LineItems)))
	var want, have []string
	for _, it := range tr.items {
		want = append(want, it.total().String())
	}
	for _, it := range got.LineItems {
		have = append(have, amt2(it.ProductTotalPrice))
	}
	check("LineTotals", strings.Join(want, " "), strings.Join(have, " "))
	var wn, hn []string
	for _, it := range tr.items {
		wn = append(wn, strings.Join(it.desc, " "))
	}
	for _, it := range got.LineItems {
		hn = append(hn, str(it.ProductName))
	}
	check("LineNames", strings.Join(wn, " | "), strings.Join(hn, " | "))
	v := validate.Invoice(got)
	f.Set("Validation", v.Passed, "Validation: "+v.Details.CalculationLogic)
	return f.Res, f.Misses
}

// TestLayoutSuite reads every generated layout through PDFium and scores
// each field, for the layouts the rules were written against (tune) and
// those written afterwards (report, layouts_report_test.go). It logs a
// table (go test -run TestLayoutSuite -v) and fails when the share of
// fields read falls below the bar of either part.
func TestLayoutSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	runLayoutParts(t, "layouts", []layoutPart{{"tune", invLayouts, layoutBar}, {"report", invReportLayouts, layoutReportBar}, {"report2", invReport2Layouts, layoutReport2Bar}})
}

// layoutPart is one part of a layout suite (tune, report, ...): its
// layouts and the share of their fields that must be read.
type layoutPart struct {
	name    string
	layouts []func(testing.TB) invLayout
	bar     float64
}

// runLayoutParts scores each part of suite in a subtest of its own, logs
// its table (-v) and fails it below its bar.
func runLayoutParts(t *testing.T, suite string, parts []layoutPart) {
	for _, part := range parts {
		t.Run(part.name, func(t *testing.T) {
			share, report := scoreLayouts(t, part.layouts)
			t.Logf("%s %s\n%s", suite, part.name, report)
			require.GreaterOrEqual(t, share, part.bar, "share of fields read, %s %s", suite, part.name)
		})
	}
}

// scoreLayouts reads and scores layouts; it returns the share of fields
// read and a table.
func scoreLayouts(t *testing.T, layouts []func(testing.TB) invLayout) (float64, string) {
	e := engine(t)
	var tally testdocs.Tally
	for _, mk := range layouts {
		l := mk(t)
		pages, err := testdocs.ReadPages(context.Background(), e, l.pdf)
		require.NoError(t, err)
		res, misses := layoutFields(l.truth, Extract(pages))
		tally.Add(fmt.Sprintf("%-24s", l.name), res, misses)
	}
	return tally.Share(), tally.Report("layouts")
}

// layoutBar is the share of fields of the tune layouts that must be read:
// every field was read when it was set.
const layoutBar = 0.97

// layoutReport2Bar is the share of fields of the second report batch
// that must be read: every field was read when it was set.
const layoutReport2Bar = 0.97

// layoutReportBar is the share of fields of the report layouts that must
// be read: every field was read when it was set.
const layoutReportBar = 0.97

// TestLayoutMissedItemFailsValidation: an extraction that lost a line item
// (the last one, as unseen layouts used to) or read a subtotal row as an
// item does not pass validation.
func TestLayoutMissedItemFailsValidation(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	l := layoutUSFood(t)
	pages, err := testdocs.ReadPages(context.Background(), engine(t), l.pdf)
	require.NoError(t, err)
	got := Extract(pages)
	require.True(t, validate.Invoice(got).Passed)
	missed := *got
	missed.LineItems = got.LineItems[:len(got.LineItems)-1]
	v := validate.Invoice(&missed)
	require.False(t, v.Passed, "one item missing")
	require.Contains(t, v.Details.CalculationLogic, "line totals")
	extra := *got
	sub := docextract.LineItem{ProductName: docextract.Str("Subtotal Beverages"), ProductTotalPrice: got.LineItems[3].ProductTotalPrice}
	extra.LineItems = append(append([]docextract.LineItem{}, got.LineItems...), sub)
	require.False(t, validate.Invoice(&extra).Passed, "a subtotal row counted as an item")
}
