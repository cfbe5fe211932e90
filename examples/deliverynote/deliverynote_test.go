package deliverynote_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/client"
	"github.com/docextract/docextract/examples/deliverynote"
	"github.com/docextract/docextract/export"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/extract/withpdfium"
	"github.com/docextract/docextract/httpapi"
	"github.com/docextract/docextract/internal/testdocs"
	"github.com/docextract/docextract/store/sqlite"
	"github.com/docextract/docextract/worker"
)

// The one registration line a program adds for the fourth type.
func init() { deliverynote.Register() }

func notePDF(t *testing.T) []byte {
	t.Helper()
	f := fpdf.New("P", "pt", "A4", "")
	f.SetFont("Helvetica", "", 11)
	f.AddPage()
	y := 80.0
	for _, l := range []string{
		"DELIVERY NOTE",
		"Delivery note no: DN-4711",
		"Delivery date: 20.11.2026",
		"Order number: PO-2026-118",
		"From: Acme Parts GmbH",
		"Deliver to: Example Workshop Ltd",
		"",
		"Qty   Description",
		"12 pcs Hex bolt M8x40",
		"3 Bearing 6204-2RS",
		"1 box Cable ties 200mm",
		"",
		"Received by: ______________",
	} {
		f.Text(50, y, l)
		y += 16
	}
	var b bytes.Buffer
	require.NoError(t, f.Output(&b))
	return b.Bytes()
}

var (
	xOnce sync.Once
	xVal  *extract.Extractor
	xErr  error
)

func extractor(t *testing.T) *extract.Extractor {
	t.Helper()
	xOnce.Do(func() { xVal, xErr = withpdfium.New(extract.Config{NoOCR: true}, pdfium.Config{Workers: 2}) })
	require.NoError(t, xErr)
	return xVal
}

func TestRegistered(t *testing.T) {
	got, ok := docextract.ParseDocType("delivery_note")
	require.True(t, ok)
	require.Equal(t, deliverynote.Type, got)
	require.Contains(t, docextract.Types(), deliverynote.Type)
	d, err := docextract.NewExtractionData(deliverynote.Type)
	require.NoError(t, err)
	raw, err := json.Marshal(d)
	require.NoError(t, err)
	require.JSONEq(t, `{"docType":"delivery_note","general":{"DeliveryNoteNumber":null,"DeliveryDate":null,"OrderNumber":null,
		"SupplierName":null,"RecipientName":null},"items":[]}`, string(raw))
	require.True(t, export.Supports(export.CSV, deliverynote.Type))
	require.False(t, export.Supports(export.AccountingCSV, deliverynote.Type), "a delivery note is no bill")
	require.Panics(t, func() {
		docextract.RegisterType(docextract.TypeSpec{Type: deliverynote.Type, New: func() docextract.ExtractionData { return d }})
	}, "a type registers once")
}

func TestExtract(t *testing.T) {
	x := extractor(t)
	ctx := context.Background()
	res, err := x.Extract(ctx, extract.Input{Data: notePDF(t), FileName: "dn.pdf", DocType: deliverynote.Type})
	require.NoError(t, err)
	require.Len(t, res.Documents, 1)
	doc := res.Documents[0]
	require.Equal(t, deliverynote.Type, doc.DocType)
	require.False(t, doc.Mismatch)
	require.Equal(t, deliverynote.TemplateID, doc.TemplateID)
	d := doc.Data.(*deliverynote.DeliveryNoteData)
	require.Equal(t, "DN-4711", *d.General.DeliveryNoteNumber)
	require.Equal(t, "2026-11-20", *d.General.DeliveryDate)
	require.Equal(t, "PO-2026-118", *d.General.OrderNumber)
	require.Equal(t, "Acme Parts GmbH", *d.General.SupplierName)
	require.Equal(t, "Example Workshop Ltd", *d.General.RecipientName)
	require.Len(t, d.Items, 3)
	require.Equal(t, "Hex bolt M8x40", *d.Items[0].ProductName)
	require.Equal(t, "12", d.Items[0].Quantity.String())
	require.Equal(t, "pcs", *d.Items[0].Unit)
	require.Nil(t, d.Items[1].Unit)
	require.True(t, doc.Validation.Passed, "%+v", doc.Validation)

	// Asked for as an invoice, the classifier weighs the new type's
	// evidence with the others and recognises the delivery note.
	res, err = x.Extract(ctx, extract.Input{Data: notePDF(t), DocType: docextract.Invoice})
	require.NoError(t, err)
	require.Equal(t, deliverynote.Type, res.Documents[0].DocType)
	require.True(t, res.Documents[0].Mismatch)
}

func TestExport(t *testing.T) {
	res, err := extractor(t).Extract(context.Background(), extract.Input{Data: notePDF(t), DocType: deliverynote.Type})
	require.NoError(t, err)
	doc := export.Document{ID: "0b6b2a49-5d1e-4d3a-9f57-1f1c2b3d4e5f", FileName: "dn.pdf",
		Data: res.Documents[0].Data, Validation: res.Documents[0].Validation}

	var b bytes.Buffer
	f, err := export.Write(context.Background(), &b, export.CSV, []export.Document{doc}, export.Options{OmitBOM: true})
	require.NoError(t, err)
	require.Equal(t, "delivery_note_DN-4711_0b6b2a49.csv", f.Name)
	rows, err := csv.NewReader(&b).ReadAll()
	require.NoError(t, err)
	require.Equal(t, []string{"document_id", "file_name", "DeliveryNoteNumber", "DeliveryDate", "OrderNumber", "SupplierName",
		"RecipientName", "passed_validation", "LineNumber", "ProductName", "Quantity", "Unit"}, rows[0])
	require.Len(t, rows, 4, "one row per item")
	require.Equal(t, []string{doc.ID, "dn.pdf", "DN-4711", "2026-11-20", "PO-2026-118", "Acme Parts GmbH", "Example Workshop Ltd",
		"true", "1", "Hex bolt M8x40", "12", "pcs"}, rows[1])

	b.Reset()
	_, err = export.Write(context.Background(), &b, export.XLSX, []export.Document{doc}, export.Options{})
	require.NoError(t, err)
	xf, err := excelize.OpenReader(&b)
	require.NoError(t, err)
	defer xf.Close()
	items, err := xf.GetRows("Items")
	require.NoError(t, err)
	require.Equal(t, []string{"LineNumber", "ProductName", "Quantity", "Unit"}, items[0])
	require.Len(t, items, 4)
	label, err := xf.GetCellValue("Document", "A5")
	require.NoError(t, err)
	require.Equal(t, "DeliveryDate", label)
	date, err := xf.GetCellValue("Document", "B5")
	require.NoError(t, err)
	require.NotEmpty(t, date)
}

// TestServed runs the real server in-process (SQLite, PDFium, workers):
// the new type is uploaded, read and exported through the HTTP API with no
// change to the server.
func TestServed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	dir := t.TempDir()
	db, err := sqlite.Open(ctx, filepath.Join(dir, "dn.db"))
	require.NoError(t, err)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	x := extractor(t)
	pool := &worker.Pool{Store: db, Extractor: x, Workers: 1, PollInterval: 20 * time.Millisecond, Logger: quiet}
	srv := &httpapi.Server{Store: db, SpoolDir: dir, Inspector: x, OnTaskQueued: pool.Notify, Logger: quiet}
	ts := httptest.NewServer(srv)
	done := make(chan struct{})
	go func() { defer close(done); _ = pool.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done; ts.Close(); require.NoError(t, db.Close()) })

	team, err := db.CreateTeam(ctx, "warehouse")
	require.NoError(t, err)
	require.NoError(t, db.Grant(ctx, team.ID, 10))
	key, rec := httpapi.GenerateAPIKey(team.ID)
	require.NoError(t, db.CreateAPIKey(ctx, rec))
	c, err := client.New(ts.URL+"/", key)
	require.NoError(t, err)

	up, err := c.Upload(ctx, deliverynote.Type, "dn.pdf", bytes.NewReader(notePDF(t)))
	require.NoError(t, err)
	wctx, wcancel := context.WithTimeout(ctx, time.Minute)
	defer wcancel()
	res, err := c.Wait(wctx, up.DocumentID, client.WaitOptions{Initial: 50 * time.Millisecond})
	require.NoError(t, err)
	require.Equal(t, "delivery_note", res.DocType)
	var d deliverynote.DeliveryNoteData
	require.NoError(t, json.Unmarshal(res.ExtractionData, &d))
	require.Equal(t, "DN-4711", *d.General.DeliveryNoteNumber)
	require.Len(t, d.Items, 3)

	var b bytes.Buffer
	name, err := c.Export(ctx, &b, []string{up.DocumentID}, client.ExportOptions{Format: "csv"})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(name, "delivery_note_DN-4711_"), name)
	require.Contains(t, b.String(), "Hex bolt M8x40")
}

// TestBesideInvoice: a delivery note printed after its invoice in one file
// is an enclosure of the invoice for a program without this type; with the
// type registered it is a document of its own and read as a delivery note.
func TestBesideInvoice(t *testing.T) {
	inv, err := testdocs.NewInvoice(testdocs.InvoiceOptions{Lang: "en", Seed: 5, Lines: 3, NoPageMarkers: true})
	require.NoError(t, err)
	var items [][2]string
	for _, it := range inv.Truth.LineItems {
		items = append(items, [2]string{*it.ProductName, it.ProductQuantity.String()})
	}
	note, err := testdocs.NewEnclosure(testdocs.EnclosureOptions{Kind: testdocs.EnclosureDelivery, Lang: "en",
		Sender: *inv.Truth.General.SellerName, Number: *inv.Truth.General.InvoiceNumber, Items: items})
	require.NoError(t, err)
	file, err := testdocs.Concat(inv.Doc, note)
	require.NoError(t, err)
	res, err := extractor(t).Extract(context.Background(), extract.Input{Data: file.PDF, DocType: deliverynote.Type})
	require.NoError(t, err)
	require.Len(t, res.Documents, 2)
	require.Equal(t, docextract.Invoice, res.Documents[0].DocType)
	require.True(t, res.Documents[0].Mismatch)
	d := res.Documents[1]
	require.Equal(t, deliverynote.Type, d.DocType)
	require.False(t, d.Mismatch)
	require.Equal(t, 2, d.PageStart)
	require.Equal(t, 2, d.PageEnd)
	n := d.Data.(*deliverynote.DeliveryNoteData).General.DeliveryNoteNumber
	require.NotNil(t, n)
	require.True(t, strings.HasPrefix(*n, "DN-"), *n)
}
