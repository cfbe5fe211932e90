package extract_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/go-pdf/fpdf"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/extract/withpdfium"
	"github.com/docextract/docextract/internal/benchutil"
)

// invoicePDF renders a realistic one-page invoice: header block, parties,
// a 15-line table and a totals block (about 1,500 characters).
func invoicePDF(b testing.TB) []byte {
	f := fpdf.New("P", "pt", "A4", "")
	f.AddPage()
	f.SetFont("Helvetica", "B", 16)
	f.Text(50, 60, "Nordlicht Software GmbH")
	f.SetFont("Helvetica", "", 9)
	f.Text(50, 75, "Hafenstrasse 12, 20457 Hamburg - USt-IdNr. DE811234567")
	f.Text(50, 120, "Kunde AG")
	f.Text(50, 132, "Musterweg 1, 80331 Muenchen")
	f.Text(380, 120, "Rechnungsnummer: RE-2024-0815")
	f.Text(380, 132, "Rechnungsdatum: 15.03.2024")
	f.Text(380, 144, "Faellig am: 14.04.2024")
	f.SetFont("Helvetica", "B", 9)
	y := 200.0
	f.Text(50, y, "Pos")
	f.Text(80, y, "Beschreibung")
	f.Text(330, y, "Menge")
	f.Text(390, y, "Einzelpreis")
	f.Text(480, y, "Betrag")
	f.SetFont("Helvetica", "", 9)
	for i := 1; i <= 15; i++ {
		y += 16
		f.Text(50, y, fmt.Sprint(i))
		f.Text(80, y, fmt.Sprintf("Wartung Modul %d (Maerz 2024)", i))
		f.Text(330, y, "2")
		f.Text(390, y, "50,00 EUR")
		f.Text(480, y, "100,00 EUR")
	}
	y += 30
	f.Text(380, y, "Nettobetrag")
	f.Text(480, y, "1.500,00 EUR")
	f.Text(380, y+14, "USt. 19 %")
	f.Text(480, y+14, "285,00 EUR")
	f.Text(380, y+28, "Gesamtbetrag")
	f.Text(480, y+28, "1.785,00 EUR")
	f.Text(50, y+70, "IBAN DE89 3704 0044 0532 0130 00 - Verwendungszweck RE-2024-0815")
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkExtractTextPage measures one warm process reading text-layer
// invoice pages end to end (open, positioned text, layout, fields,
// validation) on one core: go test -bench ExtractTextPage -cpu 1 ./extract
func BenchmarkExtractTextPage(b *testing.B) {
	x, err := withpdfium.New(extract.Config{NoOCR: true}, pdfium.Config{Workers: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer x.Close()
	data := invoicePDF(b)
	in := extract.Input{Data: data, DocType: docextract.Invoice}
	if _, err := x.Extract(context.Background(), in); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	m := benchutil.Start()
	for i := 0; i < b.N; i++ {
		if _, err := x.Extract(context.Background(), in); err != nil {
			b.Fatal(err)
		}
	}
	m.Report(b, "pages")
}
