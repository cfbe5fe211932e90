package extract_test

import (
	"bytes"
	"context"
	"image/png"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/ocr"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/extract/withpdfium"
	"github.com/docextract/docextract/internal/testdocs"
)

func ocrExtractor(t *testing.T) *extract.Extractor {
	t.Helper()
	eng, err := ocr.NewTesseract(ocr.Config{Languages: []string{"eng"}})
	if err != nil {
		t.Skipf("tesseract not available (%v); CI installs tesseract-ocr", err)
	}
	x, err := withpdfium.New(extract.Config{OCR: eng, Timeout: time.Minute}, pdfium.Config{Workers: 1})
	require.NoError(t, err)
	t.Cleanup(func() { x.Close() })
	return x
}

// receiptPDF draws a narrow shop receipt.
func receiptPDF(t *testing.T) []byte {
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: 230, Ht: 420}})
	f.SetMargins(10, 10, 10)
	f.AddPage()
	f.SetFont("Courier", "B", 12)
	f.Text(40, 30, "CORNER BAKERY")
	f.SetFont("Courier", "", 9)
	for i, l := range []string{
		"12 High Street, Springfield",
		"Receipt No: 004512",
		"Date: 14/03/2024  Time: 09:41",
		"",
		"Croissant      2 x 2.50    5.00",
		"Latte          1 x 3.80    3.80",
		"",
		"TOTAL                  EUR 8.80",
		"VAT 10% incl.              0.80",
		"Paid by VISA",
		"Thank you for your visit!",
	} {
		f.Text(12, 55+float64(i)*16, l)
	}
	var b bytes.Buffer
	require.NoError(t, f.Output(&b))
	return b.Bytes()
}

// TestOCRImageReceipt renders a receipt to a PNG, as a phone scan would
// arrive, and reads it through tesseract.
func TestOCRImageReceipt(t *testing.T) {
	x := ocrExtractor(t)
	ctx := context.Background()
	img := renderPNG(t, receiptPDF(t))
	res, err := x.Extract(ctx, extract.Input{Data: img, DocType: docextract.Receipt})
	require.NoError(t, err)
	require.Equal(t, extract.TypePNG, res.ContentType)
	require.Len(t, res.Documents, 1)
	d := res.Documents[0]
	require.Equal(t, "ocr", d.Source)
	r := d.Data.(*docextract.ReceiptData)
	require.NotNil(t, r.General.TotalGrossPrice, "total read")
	require.Equal(t, "8.8", r.General.TotalGrossPrice.String())
	require.NotNil(t, r.General.ReceiptDate)
	require.Equal(t, "2024-03-14", *r.General.ReceiptDate)
}

// TestOCRScannedPDF: a PDF page that is only an image goes through OCR.
func TestOCRScannedPDF(t *testing.T) {
	x := ocrExtractor(t)
	img := renderPNG(t, receiptPDF(t))
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: 230, Ht: 420}})
	f.AddPage()
	f.RegisterImageOptionsReader("scan", fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(img))
	f.ImageOptions("scan", 0, 0, 230, 420, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	var b bytes.Buffer
	require.NoError(t, f.Output(&b))

	res, err := x.Extract(context.Background(), extract.Input{Data: b.Bytes(), DocType: docextract.Receipt})
	require.NoError(t, err)
	require.Len(t, res.Documents, 1)
	require.Equal(t, "ocr", res.Documents[0].Source)
	r := res.Documents[0].Data.(*docextract.ReceiptData)
	require.NotNil(t, r.General.TotalGrossPrice)
	require.Equal(t, "8.8", r.General.TotalGrossPrice.String())
}

func renderPNG(t *testing.T, pdfData []byte) []byte {
	t.Helper()
	doc, err := pdfEngine(t).Open(context.Background(), pdfData, "")
	require.NoError(t, err)
	defer doc.Close()
	img, err := doc.Render(context.Background(), 0, 200)
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, img))
	return b.Bytes()
}

// garbledInvoice is a short invoice whose text layer is glyph ids (a font
// with neither ToUnicode nor cmap): readable on the rendered page only.
var garbledInvoice = []string{
	"Nordlicht Software GmbH",
	"Hafenstrasse 12, 20457 Hamburg",
	"",
	"INVOICE",
	"Invoice No: RE-2024-1815", // (Go Regular's 0 after "-" is OCR'd as "@")
	"Invoice Date: 15.03.2024",
	"",
	"Net amount          1,000.00 EUR",
	"VAT 19%               190.00 EUR",
	"Total               1,190.00 EUR",
}

// TestOCRGarbledTextLayer: a page whose text layer is mostly unreadable
// characters is OCR'd as a scan would be. First run, before needsOCR
// looked at Page.Unreadable: both fixtures were read from their garbage
// text layers (source "text", no invoice number, no total).
func TestOCRGarbledTextLayer(t *testing.T) {
	x := ocrExtractor(t)
	for _, subset := range []bool{false, true} {
		data, err := testdocs.GarbledPDF(garbledInvoice, subset)
		require.NoError(t, err)
		res, err := x.Extract(context.Background(), extract.Input{Data: data, DocType: docextract.Invoice})
		require.NoError(t, err)
		require.Len(t, res.Documents, 1)
		d := res.Documents[0]
		require.Equal(t, "ocr", d.Source, "subset %v", subset)
		inv := d.Data.(*docextract.InvoiceData)
		require.NotNil(t, inv.General.InvoiceNumber, "subset %v", subset)
		require.Equal(t, "RE-2024-1815", *inv.General.InvoiceNumber)
		require.NotNil(t, inv.General.TotalGrossPrice, "subset %v", subset)
		require.Equal(t, "1190", inv.General.TotalGrossPrice.String())
	}
}

// TestOCRPartialTextLayer: a scanned invoice with a little real text
// stamped over the page image (a footer of over 100 characters, an e-mail
// gateway's banner with a page number) is OCR'd: the image covers the
// page and the text layer is a few lines. A text invoice over a full-page
// background image stays text. First run, before needsOCR looked at the
// page's images: both stamped scans were read from their stamps alone
// (source "text", no invoice number, no total).
func TestOCRPartialTextLayer(t *testing.T) {
	x := ocrExtractor(t)
	ctx := context.Background()
	inv, err := testdocs.NewInvoice(testdocs.InvoiceOptions{Lang: "en", Seed: 7, Lines: 3, Seller: 1})
	require.NoError(t, err)
	scans, err := testdocs.Scan(ctx, pdfEngine(t), inv.PDF, testdocs.ScanOptions{DPI: 200, Quality: 85, Seed: 7})
	require.NoError(t, err)
	for _, tt := range []struct {
		name           string
		header, footer []string
	}{
		{"footer", nil, []string{"Scanned on MFP-4020 (Accounts Payable, 2nd floor) by j.smith at 2024-03-15 10:42 - original kept in binder 2024/03"}},
		{"banner", []string{
			"CAUTION: This email originated from outside of the organization. Do not click links or open attachments",
			"unless you recognize the sender and know the content is safe. Scanned for viruses by MailGuard.",
		}, []string{"Page 1 of 1"}},
	} {
		data, err := testdocs.StampedImagePDF(scans, tt.header, tt.footer)
		require.NoError(t, err)
		res, err := x.Extract(ctx, extract.Input{Data: data, DocType: docextract.Invoice})
		require.NoError(t, err)
		require.Len(t, res.Documents, 1)
		d := res.Documents[0]
		require.Equal(t, "ocr", d.Source, tt.name)
		got := d.Data.(*docextract.InvoiceData)
		require.NotNil(t, got.General.InvoiceNumber, tt.name)
		require.Equal(t, *inv.Truth.General.InvoiceNumber, *got.General.InvoiceNumber, tt.name)
		require.NotNil(t, got.General.TotalGrossPrice, tt.name)
		require.Equal(t, inv.Truth.General.TotalGrossPrice.String(), got.General.TotalGrossPrice.String(), tt.name)
	}

	// A text invoice printed over a full-page background (a letterhead as
	// an image) keeps its text layer.
	f := fpdf.New("P", "pt", "A4", "")
	f.SetAutoPageBreak(false, 0)
	f.AddPage()
	f.RegisterImageOptionsReader("bg", fpdf.ImageOptions{ImageType: "JPG"}, bytes.NewReader(scans[0]))
	f.ImageOptions("bg", 0, 0, 595, 842, false, fpdf.ImageOptions{ImageType: "JPG"}, 0, "")
	f.SetFillColor(255, 255, 255)
	f.Rect(30, 40, 400, 200, "F")
	f.SetFont("Helvetica", "", 11)
	for i, l := range garbledInvoice {
		f.Text(50, 60+float64(i)*16, l)
	}
	var b bytes.Buffer
	require.NoError(t, f.Output(&b))
	res, err := x.Extract(ctx, extract.Input{Data: b.Bytes(), DocType: docextract.Invoice})
	require.NoError(t, err)
	require.Equal(t, "text", res.Documents[0].Source)
	got := res.Documents[0].Data.(*docextract.InvoiceData)
	require.NotNil(t, got.General.InvoiceNumber)
	require.Equal(t, "RE-2024-1815", *got.General.InvoiceNumber)
}
