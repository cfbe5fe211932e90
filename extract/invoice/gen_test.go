package invoice

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/go-pdf/fpdf"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
)

// genItem is one line of a generated invoice.
type genItem struct{ desc, qty, price, vat, total string }

// genInvoice describes a generated invoice: what is printed and what must be
// read back.
type genInvoice struct {
	name                                  string
	layout                                string // "right": label then value on the same line; "below": value under the label; "grid": totals as a header row with values below
	seller, sellerAddr, buyer, buyerLabel string
	title                                 string
	numLabel, number                      string
	dateLabel, date                       string
	dueLabel, due                         string
	cols                                  [5]string
	items                                 []genItem
	netLabel, net                         string
	taxLabel, tax                         string
	grossLabel, gross                     string
	iban                                  string
	// truth
	wantNumber, wantDate, wantDue, wantNet, wantTax, wantGross, wantCur string
}

var genInvoices = []genInvoice{
	{
		name: "en-right", layout: "right", seller: "Northwind Traders Ltd", sellerAddr: "12 Harbour Road, Bristol BS1 4RN",
		buyer: "Contoso Pharmacy Inc", buyerLabel: "Bill to:", title: "INVOICE",
		numLabel: "Invoice No:", number: "INV-2024-0042", dateLabel: "Invoice Date:", date: "Jan 2, 2024", dueLabel: "Due Date:", due: "Feb 1, 2024",
		cols:     [5]string{"Description", "Qty", "Unit Price", "VAT", "Amount"},
		items:    []genItem{{"Consulting services", "10", "£120.00", "20%", "£1,200.00"}, {"Travel expenses", "1", "£345.50", "20%", "£345.50"}},
		netLabel: "Subtotal", net: "£1,545.50", taxLabel: "VAT 20%", tax: "£309.10", grossLabel: "Total", gross: "£1,854.60",
		iban:       "GB29 NWBK 6016 1331 9268 19",
		wantNumber: "INV-2024-0042", wantDate: "2024-01-02", wantDue: "2024-02-01", wantNet: "1545.5", wantTax: "309.1", wantGross: "1854.6", wantCur: "GBP",
	},
	{
		name: "de-below", layout: "below", seller: "Bäckerei Müller GmbH", sellerAddr: "Hauptstraße 5 · 80331 München",
		buyer: "Café Sonnenschein KG", buyerLabel: "Rechnungsempfänger", title: "RECHNUNG",
		numLabel: "Rechnungsnummer", number: "2024/0815", dateLabel: "Rechnungsdatum", date: "2. März 2024", dueLabel: "Fällig am", due: "16.03.2024",
		cols:     [5]string{"Bezeichnung", "Menge", "Einzelpreis", "MwSt.", "Gesamtpreis"},
		items:    []genItem{{"Roggenbrot 1 kg", "40", "3,20 €", "7%", "128,00 €"}, {"Brezeln", "1.200", "0,45 €", "7%", "540,00 €"}, {"Lieferpauschale", "1", "1.250,00 €", "19%", "1.250,00 €"}},
		netLabel: "Nettobetrag", net: "1.918,00 €", taxLabel: "MwSt.", tax: "284,26 €", grossLabel: "Gesamtbetrag", gross: "2.202,26 €",
		iban:       "DE89 3704 0044 0532 0130 00",
		wantNumber: "2024/0815", wantDate: "2024-03-02", wantDue: "2024-03-16", wantNet: "1918", wantTax: "284.26", wantGross: "2202.26", wantCur: "EUR",
	},
	{
		name: "fr-grid", layout: "grid", seller: "Atelier Dupont SARL", sellerAddr: "3 rue des Lilas, 69001 Lyon",
		buyer: "Boulangerie Martin", buyerLabel: "Adresse du client", title: "FACTURE",
		numLabel: "Facture N° :", number: "F-2024-117", dateLabel: "Date :", date: "15/03/2024", dueLabel: "Date d'échéance :", due: "14/04/2024",
		cols:     [5]string{"Désignation", "Qté", "Prix unitaire", "TVA", "Montant HT"},
		items:    []genItem{{"Réparation four", "1", "850,00", "20%", "850,00"}, {"Pièces détachées", "3", "42,50", "20%", "127,50"}},
		netLabel: "Total HT", net: "977,50 EUR", taxLabel: "Total TVA", tax: "195,50 EUR", grossLabel: "Total TTC", gross: "1 173,00 EUR",
		iban:       "FR14 2004 1010 0505 0001 3M02 606",
		wantNumber: "F-2024-117", wantDate: "2024-03-15", wantDue: "2024-04-14", wantNet: "977.5", wantTax: "195.5", wantGross: "1173", wantCur: "EUR",
	},
	{
		name: "nl-right", layout: "right", seller: "De Vries Installatie B.V.", sellerAddr: "Keizersgracht 100, 1015 AA Amsterdam",
		buyer: "Bakker Holding", buyerLabel: "Factuur aan:", title: "FACTUUR",
		numLabel: "Factuurnummer:", number: "2024-3312", dateLabel: "Factuurdatum:", date: "2 januari 2024", dueLabel: "Vervaldatum:", due: "1 februari 2024",
		cols:     [5]string{"Omschrijving", "Aantal", "Prijs", "BTW", "Bedrag"},
		items:    []genItem{{"Cv-ketel onderhoud", "2", "95,00", "21%", "190,00"}},
		netLabel: "Subtotaal", net: "€ 190,00", taxLabel: "BTW 21%", tax: "€ 39,90", grossLabel: "Totaal", gross: "€ 229,90",
		iban:       "NL91 ABNA 0417 1643 00",
		wantNumber: "2024-3312", wantDate: "2024-01-02", wantDue: "2024-02-01", wantNet: "190", wantTax: "39.9", wantGross: "229.9", wantCur: "EUR",
	},
	{
		name: "es-right", layout: "right", seller: "Suministros Ibéricos S.L.", sellerAddr: "Calle Mayor 7, 28013 Madrid",
		buyer: "Hotel Sol y Mar", buyerLabel: "Cliente:", title: "FACTURA",
		numLabel: "Número de factura:", number: "A-00981", dateLabel: "Fecha de factura:", date: "2 de enero de 2024", dueLabel: "Vencimiento:", due: "2 de febrero de 2024",
		cols:     [5]string{"Descripción", "Cantidad", "Precio unitario", "IVA", "Importe"},
		items:    []genItem{{"Toallas de baño", "50", "8,40", "21%", "420,00"}, {"Sábanas", "20", "25,00", "21%", "500,00"}},
		netLabel: "Base imponible", net: "920,00 €", taxLabel: "IVA 21%", tax: "193,20 €", grossLabel: "Total factura", gross: "1.113,20 €",
		wantNumber: "A-00981", wantDate: "2024-01-02", wantDue: "2024-02-02", wantNet: "920", wantTax: "193.2", wantGross: "1113.2", wantCur: "EUR",
	},
	{
		name: "it-below", layout: "below", seller: "Ferramenta Rossi S.r.l.", sellerAddr: "Via Roma 10, 20121 Milano",
		buyer: "Pizzeria Da Luigi", buyerLabel: "Spett.le", title: "FATTURA",
		numLabel: "Fattura n.", number: "118/2024", dateLabel: "Data fattura", date: "2 gennaio 2024", dueLabel: "Scadenza", due: "31/01/2024",
		cols:     [5]string{"Descrizione", "Quantità", "Prezzo", "IVA", "Importo"},
		items:    []genItem{{"Viti inox", "500", "0,12", "22%", "60,00"}, {"Trapano", "1", "189,00", "22%", "189,00"}},
		netLabel: "Imponibile", net: "249,00", taxLabel: "IVA 22%", tax: "54,78", grossLabel: "Totale documento", gross: "EUR 303,78",
		wantNumber: "118/2024", wantDate: "2024-01-02", wantDue: "2024-01-31", wantNet: "249", wantTax: "54.78", wantGross: "303.78", wantCur: "EUR",
	},
}

// render draws g as a one-page A4 PDF.
func (g genInvoice) render(t testing.TB) []byte {
	p := fpdf.New("P", "pt", "A4", "")
	tr := p.UnicodeTranslatorFromDescriptor("")
	p.AddPage()
	txt := func(x, y float64, size float64, bold bool, s string) {
		style := ""
		if bold {
			style = "B"
		}
		p.SetFont("Helvetica", style, size)
		p.Text(x, y, tr(s))
	}
	right := func(xr, y float64, size float64, bold bool, s string) {
		style := ""
		if bold {
			style = "B"
		}
		p.SetFont("Helvetica", style, size)
		p.Text(xr-p.GetStringWidth(tr(s)), y, tr(s))
	}
	// seller block (left), large name
	txt(50, 60, 16, true, g.seller)
	txt(50, 78, 9, false, g.sellerAddr)
	txt(50, 90, 9, false, "VAT ID / USt-IdNr.: DE123456789")
	// title and meta block (right column)
	txt(350, 60, 20, true, g.title)
	meta := [][2]string{{g.numLabel, g.number}, {g.dateLabel, g.date}, {g.dueLabel, g.due}}
	for i, m := range meta {
		switch g.layout {
		case "below":
			txt(350+float64(i%2)*110, 90+float64(i/2)*34, 8, true, m[0])
			txt(350+float64(i%2)*110, 101+float64(i/2)*34, 10, false, m[1])
		default:
			txt(350, 90+float64(i)*14, 10, true, m[0])
			txt(460, 90+float64(i)*14, 10, false, m[1])
		}
	}
	// buyer block
	txt(50, 150, 8, true, g.buyerLabel)
	txt(50, 164, 11, false, g.buyer)
	txt(50, 177, 10, false, "Musterweg 1, 12345 Example City")
	// items table
	y := 240.0
	xs := []float64{50, 300, 380, 450, 545} // description left, others right edges
	txt(xs[0], y, 9, true, g.cols[0])
	for k := 1; k < 5; k++ {
		right(xs[k], y, 9, true, g.cols[k])
	}
	y += 18
	for _, it := range g.items {
		txt(xs[0], y, 10, false, it.desc)
		right(xs[1], y, 10, false, it.qty)
		right(xs[2], y, 10, false, it.price)
		right(xs[3], y, 10, false, it.vat)
		right(xs[4], y, 10, false, it.total)
		y += 15
	}
	y += 25
	// totals
	switch g.layout {
	case "grid":
		for k, s := range [][2]string{{g.netLabel, g.net}, {g.taxLabel, g.tax}, {g.grossLabel, g.gross}} {
			right(365+float64(k)*90, y, 9, true, s[0])
			right(365+float64(k)*90, y+14, 10, false, s[1])
		}
	default:
		for k, s := range [][2]string{{g.netLabel, g.net}, {g.taxLabel, g.tax}, {g.grossLabel, g.gross}} {
			txt(350, y+float64(k)*15, 10, k == 2, s[0])
			right(545, y+float64(k)*15, 10, k == 2, s[1])
		}
	}
	if g.iban != "" {
		txt(50, 780, 8, false, "IBAN: "+g.iban+"   BIC: TESTDEFFXXX")
	}
	var buf bytes.Buffer
	require.NoError(t, p.Output(&buf))
	return buf.Bytes()
}

func str(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func amt2(a *docextract.Amount) string {
	if a == nil {
		return ""
	}
	return a.Decimal.String()
}

// TestGeneratedInvoices renders invoices in six languages and three layouts
// with fpdf, reads them back through pdfium and checks every field.
func TestGeneratedInvoices(t *testing.T) {
	for _, g := range genInvoices {
		t.Run(g.name, func(t *testing.T) {
			pages, _ := readPDF(t, g.render(t))
			got := Extract(pages)
			gen := got.General
			require.Equal(t, g.wantNumber, str(gen.InvoiceNumber), "number")
			require.Equal(t, g.wantDate, str(gen.InvoiceDate), "date")
			require.Equal(t, g.wantDue, str(gen.DueDate), "due")
			require.Equal(t, g.wantNet, amt2(gen.TotalNetPrice), "net")
			require.Equal(t, g.wantTax, amt2(gen.TotalTaxAmount), "tax")
			require.Equal(t, g.wantGross, amt2(gen.TotalGrossPrice), "gross")
			require.Equal(t, g.wantCur, str(gen.Currency), "currency")
			require.Equal(t, g.seller, str(gen.SellerName), "seller")
			require.Equal(t, g.buyer, str(gen.BuyerName), "buyer")
			require.Equal(t, "DE123456789", str(gen.SellerVATId), "vat id")
			if g.iban != "" {
				require.Equal(t, layoutless(g.iban), str(gen.IBAN), "iban")
			}
			require.Len(t, got.LineItems, len(g.items), "line items")
			for i, it := range g.items {
				require.Equal(t, it.desc, str(got.LineItems[i].ProductName), fmt.Sprint("item ", i))
			}
		})
	}
}

func layoutless(s string) string {
	out := []byte{}
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' {
			out = append(out, s[i])
		}
	}
	return string(out)
}

// BenchmarkTextPath measures the whole text path of a one-page invoice:
// PDF text extraction with pdfium plus Extract.
func BenchmarkTextPath(b *testing.B) {
	data := genInvoices[1].render(b)
	b.ResetTimer()
	for b.Loop() {
		pages, _ := readPDFOpt(b, data, false)
		_ = Extract(pages)
	}
}

// BenchmarkExtract measures Extract alone on the pages of a generated
// invoice.
func BenchmarkExtract(b *testing.B) {
	pages, _ := readPDF(b, genInvoices[1].render(b))
	b.ResetTimer()
	for b.Loop() {
		_ = Extract(pages)
	}
}

// TestPixelScale checks that the tolerances are relative: the same pages in
// 300 dpi pixels (as OCR would give) read the same.
func TestPixelScale(t *testing.T) {
	for _, g := range genInvoices[:3] {
		pages, _ := readPDF(t, g.render(t))
		want := Extract(pages)
		const k = 300.0 / 72
		scaled := make([]layout.Page, len(pages))
		for i, p := range pages {
			sp := p
			sp.Width, sp.Height, sp.OCR = p.Width*k, p.Height*k, true
			sp.Words = make([]layout.Word, len(p.Words))
			for j, w := range p.Words {
				w.X0, w.Y0, w.X1, w.Y1, w.Size = w.X0*k, w.Y0*k, w.X1*k, w.Y1*k, w.Size*k
				sp.Words[j] = w
			}
			scaled[i] = sp
		}
		require.Equal(t, want, Extract(scaled), g.name)
	}
}
