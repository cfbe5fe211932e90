package extract_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/extract/withpdfium"
	"github.com/docextract/docextract/internal/testdocs"
)

var (
	xOnce   sync.Once
	xShared *extract.Extractor
	xErr    error
)

var (
	pdfOnce sync.Once
	pdfEng  *pdfium.Engine
	pdfErr  error
)

// pdfEngine returns one PDFium pool for tests that render pages.
func pdfEngine(t testing.TB) *pdfium.Engine {
	pdfOnce.Do(func() { pdfEng, pdfErr = pdfium.New(pdfium.Config{Workers: 1}) })
	require.NoError(t, pdfErr)
	return pdfEng
}

// extractor returns one Extractor for the package's tests (PDFium start-up is
// the expensive part). OCR stays off here: OCR has its own tests.
func extractor(t testing.TB) *extract.Extractor {
	xOnce.Do(func() {
		xShared, xErr = withpdfium.New(extract.Config{NoOCR: true, Timeout: 20 * time.Second}, pdfium.Config{Workers: 2})
	})
	require.NoError(t, xErr)
	return xShared
}

func pdfOf(t testing.TB, pages int, lines ...string) []byte {
	f := fpdf.New("P", "pt", "A4", "")
	f.SetFont("Helvetica", "", 11)
	for p := 0; p < pages; p++ {
		f.AddPage()
		for i, l := range lines {
			f.Text(50, 80+float64(i)*16, l)
		}
	}
	var b bytes.Buffer
	require.NoError(t, f.Output(&b))
	return b.Bytes()
}

func TestSniff(t *testing.T) {
	t.Parallel()
	var png_, jpg bytes.Buffer
	img := image.NewGray(image.Rect(0, 0, 4, 4))
	require.NoError(t, png.Encode(&png_, img))
	require.NoError(t, jpeg.Encode(&jpg, img, nil))
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"pdf", []byte("%PDF-1.7\n..."), extract.TypePDF},
		{"pdf after junk", append(bytes.Repeat([]byte{' '}, 100), "%PDF-1.4"...), extract.TypePDF},
		{"png", png_.Bytes(), extract.TypePNG},
		{"jpeg", jpg.Bytes(), extract.TypeJPEG},
		{"gif", []byte("GIF89a"), ""},
		{"text named .pdf", []byte("hello, not a pdf"), ""},
		{"empty", nil, ""},
		{"pdf marker too late", append(bytes.Repeat([]byte{' '}, 5000), "%PDF-1.4"...), ""},
	} {
		require.Equal(t, tc.want, extract.Sniff(tc.data), tc.name)
	}
}

func TestInspect(t *testing.T) {
	t.Parallel()
	x := extractor(t)
	ctx := context.Background()

	info, err := x.Inspect(ctx, pdfOf(t, 3, "Invoice 1"), "")
	require.NoError(t, err)
	require.Equal(t, extract.Info{ContentType: extract.TypePDF, PageCount: 3}, info)

	_, err = x.Inspect(ctx, pdfOf(t, 201, "x"), "")
	require.ErrorIs(t, err, extract.ErrTooManyPages)
	info, err = x.Inspect(ctx, pdfOf(t, 200, "x"), "")
	require.NoError(t, err)
	require.Equal(t, 200, info.PageCount)

	_, err = x.Inspect(ctx, []byte("plain text"), "")
	require.ErrorIs(t, err, extract.ErrUnsupportedType)
	_, err = x.Inspect(ctx, []byte("%PDF-1.7 garbage"), "")
	require.ErrorIs(t, err, extract.ErrMalformed)

	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, image.NewGray(image.Rect(0, 0, 10, 10))))
	info, err = x.Inspect(ctx, b.Bytes(), "")
	require.NoError(t, err)
	require.Equal(t, extract.Info{ContentType: extract.TypePNG, PageCount: 1}, info)
	// A truncated PNG header is malformed, not a crash.
	_, err = x.Inspect(ctx, b.Bytes()[:20], "")
	require.ErrorIs(t, err, extract.ErrMalformed)
}

func encryptedPDF(t testing.TB) []byte {
	b, err := testdocs.EncryptedInvoice("s3cret")
	require.NoError(t, err)
	return b
}

func TestEncrypted(t *testing.T) {
	t.Parallel()
	x := extractor(t)
	ctx := context.Background()
	data := encryptedPDF(t)

	info, err := x.Inspect(ctx, data, "")
	require.NoError(t, err)
	require.True(t, info.Encrypted)

	_, err = x.Extract(ctx, extract.Input{Data: data, DocType: docextract.Invoice})
	require.ErrorIs(t, err, extract.ErrPasswordRequired)
	_, err = x.Extract(ctx, extract.Input{Data: data, DocType: docextract.Invoice, Password: "wrong"})
	require.ErrorIs(t, err, extract.ErrPasswordRequired)
	res, err := x.Extract(ctx, extract.Input{Data: data, DocType: docextract.Invoice, Password: "s3cret"})
	require.NoError(t, err)
	require.Equal(t, 1, res.PageCount)
	require.Len(t, res.Documents, 1)
}

// ciiXML is a minimal EN 16931 invoice.
const ciiXML = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument><ram:ID>RE-2024-0815</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20240315</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction>
<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument><ram:SpecifiedTradeProduct><ram:Name>Beratung</ram:Name></ram:SpecifiedTradeProduct><ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>100.00</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement><ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="HUR">10</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery><ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>1000.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>
<ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>Muster GmbH</ram:Name></ram:SellerTradeParty><ram:BuyerTradeParty><ram:Name>Kunde AG</ram:Name></ram:BuyerTradeParty></ram:ApplicableHeaderTradeAgreement>
<ram:ApplicableHeaderTradeDelivery/>
<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
<ram:ApplicableTradeTax><ram:CalculatedAmount>190.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>1000.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>1000.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount>1000.00</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">190.00</ram:TaxTotalAmount><ram:GrandTotalAmount>1190.00</ram:GrandTotalAmount><ram:DuePayableAmount>1190.00</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`

// hybridPDF makes a Factur-X-style PDF: printed text plus factur-x.xml.
func hybridPDF(t testing.TB, printed ...string) []byte {
	dir := t.TempDir()
	in, out, xml := filepath.Join(dir, "in.pdf"), filepath.Join(dir, "out.pdf"), filepath.Join(dir, "factur-x.xml")
	require.NoError(t, os.WriteFile(in, pdfOf(t, 1, printed...), 0o600))
	require.NoError(t, os.WriteFile(xml, []byte(ciiXML), 0o600))
	require.NoError(t, api.AddAttachmentsFile(in, out, []string{xml}, false, nil))
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	return b
}

func TestEmbeddedInvoiceWinsOverText(t *testing.T) {
	t.Parallel()
	data := hybridPDF(t, "Rechnung RE-2024-0815", "Gesamtbetrag 1.190,00 EUR")
	res, err := extractor(t).Extract(context.Background(), extract.Input{Data: data, DocType: docextract.Invoice})
	require.NoError(t, err)
	require.Len(t, res.Documents, 1)
	d := res.Documents[0]
	require.Equal(t, extract.TemplateCII, d.TemplateID)
	require.Equal(t, "cii", d.Source)
	require.False(t, d.Mismatch)
	inv := d.Data.(*docextract.InvoiceData)
	require.Equal(t, "RE-2024-0815", *inv.General.InvoiceNumber)
	require.Equal(t, "2024-03-15", *inv.General.InvoiceDate)
	require.Equal(t, "1190", inv.General.TotalGrossPrice.String())
	require.Len(t, inv.LineItems, 1)
	require.True(t, d.Validation.Passed, d.Validation.Details.CalculationLogic)
	// The seller's XML: every field read is certain, null fields have none.
	require.Equal(t, 1.0, d.FieldConfidence["InvoiceNumber"])
	require.Equal(t, 1.0, d.FieldConfidence["TotalGrossPrice"])
	require.Equal(t, 1.0, d.FieldConfidence["lineItems"])
	if inv.General.PaymentReference == nil {
		require.NotContains(t, d.FieldConfidence, "PaymentReference")
	}
}

// TestFieldConfidenceTextPath: the template-free reader scores each field
// it read from its evidence.
func TestFieldConfidenceTextPath(t *testing.T) {
	t.Parallel()
	data := pdfOf(t, 1, "Rechnung RE-2024-0815", "Gesamtbetrag 1.190,00 EUR")
	res, err := extractor(t).Extract(context.Background(), extract.Input{Data: data, DocType: docextract.Invoice})
	require.NoError(t, err)
	require.Len(t, res.Documents, 1)
	d := res.Documents[0]
	require.Equal(t, "text", d.Source)
	inv := d.Data.(*docextract.InvoiceData)
	require.NotNil(t, inv.General.TotalGrossPrice)
	for k, v := range d.FieldConfidence {
		require.True(t, v > 0 && v <= 1, "%s: %v", k, v)
	}
	require.Contains(t, d.FieldConfidence, "TotalGrossPrice")
	require.Less(t, d.FieldConfidence["TotalGrossPrice"], 1.0, "a text reading is never as certain as the XML")
	require.NotContains(t, d.FieldConfidence, "DueDate", "no due date printed, no confidence")
}

func TestStandaloneXML(t *testing.T) {
	t.Parallel()
	d, err := extract.ExtractXML([]byte(ciiXML))
	require.NoError(t, err)
	require.Equal(t, "Muster GmbH", *d.Data.(*docextract.InvoiceData).General.SellerName)
	_, err = extract.ExtractXML([]byte("<order/>"))
	require.Error(t, err)
}

func TestUnsupportedAndMalformed(t *testing.T) {
	t.Parallel()
	x := extractor(t)
	ctx := context.Background()
	_, err := x.Extract(ctx, extract.Input{Data: []byte("GIF89a..."), DocType: docextract.Invoice})
	require.ErrorIs(t, err, extract.ErrUnsupportedType)
	_, err = x.Extract(ctx, extract.Input{Data: []byte("%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF"), DocType: docextract.Invoice})
	require.ErrorIs(t, err, extract.ErrMalformed)
	_, err = x.Extract(ctx, extract.Input{Data: pdfOf(t, 1, "x"), DocType: "passport"})
	require.Error(t, err)
}

func TestImageWithoutOCR(t *testing.T) {
	t.Parallel()
	img := image.NewRGBA(image.Rect(0, 0, 50, 50))
	img.Set(1, 1, color.Black)
	var b bytes.Buffer
	require.NoError(t, jpeg.Encode(&b, img, nil))
	_, err := extractor(t).Extract(context.Background(), extract.Input{Data: b.Bytes(), DocType: docextract.Receipt})
	require.ErrorIs(t, err, extract.ErrNoOCR)
}

func TestScannedPDFWithoutOCR(t *testing.T) {
	t.Parallel()
	f := fpdf.New("P", "pt", "A4", "")
	f.AddPage()
	f.Rect(50, 50, 100, 100, "F") // a page with no text at all
	var b bytes.Buffer
	require.NoError(t, f.Output(&b))
	_, err := extractor(t).Extract(context.Background(), extract.Input{Data: b.Bytes(), DocType: docextract.Invoice})
	require.ErrorIs(t, err, extract.ErrNoOCR)
}

func TestTimeout(t *testing.T) {
	t.Parallel()
	x, err := extract.New(extract.Config{PDF: pdfEngine(t), NoOCR: true, Timeout: time.Nanosecond})
	require.NoError(t, err)
	defer x.Close()
	_, err = x.Extract(context.Background(), extract.Input{Data: pdfOf(t, 5, "Invoice"), DocType: docextract.Invoice})
	require.True(t, errors.Is(err, extract.ErrTimeout), "got %v", err)
}

func FuzzExtract(f *testing.F) {
	seed := pdfOf(f, 1, "Invoice No. 1", "Total 10,00 EUR")
	f.Add(seed)
	f.Add(seed[:len(seed)/2])
	f.Add([]byte("%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF"))
	f.Add([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xff\xff\xff"))
	f.Add([]byte("\xff\xd8\xff\xe0"))
	x, err := extract.New(extract.Config{PDF: pdfEngine(f), NoOCR: true, Timeout: 5 * time.Second})
	require.NoError(f, err)
	f.Cleanup(func() { x.Close() })
	f.Fuzz(func(t *testing.T, data []byte) {
		// Never a panic, never past the deadline; errors are fine.
		res, err := x.Extract(context.Background(), extract.Input{Data: data, DocType: docextract.Invoice})
		if err == nil && res == nil {
			t.Fatal("nil result without error")
		}
		_, _ = x.Inspect(context.Background(), data, "")
	})
}
