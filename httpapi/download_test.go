package httpapi_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/httpapi"
	"github.com/docextract/docextract/store"
	"github.com/stretchr/testify/require"
)

// downloadStore is the part of store.Store the download endpoint uses; the
// embedded nil Store makes any other call fail loudly.
type downloadStore struct {
	store.Store
	keys  map[string]*store.APIKey
	docs  map[string]*store.Document
	calls int
}

func (s *downloadStore) FindAPIKey(_ context.Context, hash []byte) (*store.APIKey, error) {
	if k, ok := s.keys[string(hash)]; ok {
		return k, nil
	}
	return nil, docextract.Errorf(docextract.ENOTFOUND, "no key")
}

func (s *downloadStore) FindDocument(_ context.Context, id string) (*store.Document, error) {
	s.calls++
	if d, ok := s.docs[id]; ok {
		return d, nil
	}
	return nil, docextract.Errorf(docextract.ENOTFOUND, "no document")
}

type downloadBundle struct {
	srv     *httptest.Server
	store   *downloadStore
	key     string
	otherID string // a completed invoice of another team
}

func (b *downloadBundle) add(t *testing.T, id, team string, typ docextract.DocType, status string, data any) {
	t.Helper()
	raw, err := json.Marshal(data)
	require.NoError(t, err)
	if data == nil {
		raw = nil
	}
	b.store.docs[id] = &store.Document{
		ID: id, TaskID: id, TeamID: team, DocType: typ, Status: status, FileName: "scan.pdf",
		PageStart: 1, PageEnd: 1, Data: raw, Passed: true, CreditsUsed: 1,
		Validation: json.RawMessage(`{"passed":true,"details":{"calculation_logic":"net + tax = gross","checks":[]}}`),
		CreatedAt:  time.Date(2024, 3, 16, 0, 0, 0, 0, time.UTC),
	}
}

func invoiceData(number string) *docextract.InvoiceData {
	return &docextract.InvoiceData{
		DocType: "invoice",
		General: docextract.InvoiceGeneral{
			InvoiceNumber: docextract.Str(number), InvoiceDate: docextract.Str("2024-03-15"),
			SellerName: docextract.Str("=Acme"), Currency: docextract.Str("EUR"), TotalGrossPrice: docextract.MustAmount("119.00"),
		},
		LineItems: []docextract.LineItem{{ProductName: docextract.Str("Widget"), ProductQuantity: docextract.MustAmount("2"), ProductUnitPrice: docextract.MustAmount("50")}},
		Taxes:     []docextract.TaxBreakdown{},
	}
}

const (
	inv1 = "11111111-1111-4111-8111-111111111111"
	inv2 = "22222222-2222-4222-8222-222222222222"
	bank = "33333333-3333-4333-8333-333333333333"
	proc = "44444444-4444-4444-8444-444444444444"
	othr = "55555555-5555-4555-8555-555555555555"
)

func setupDownload(t *testing.T) *downloadBundle {
	t.Helper()
	key, rec := httpapi.GenerateAPIKey("team-a")
	b := &downloadBundle{store: &downloadStore{keys: map[string]*store.APIKey{string(rec.Hash): rec}, docs: map[string]*store.Document{}}, key: key, otherID: othr}
	b.add(t, inv1, "team-a", docextract.Invoice, docextract.StatusCompleted, invoiceData("INV-1"))
	b.add(t, inv2, "team-a", docextract.Invoice, docextract.StatusCompleted, invoiceData("INV-2"))
	b.add(t, bank, "team-a", docextract.BankStatement, docextract.StatusCompleted, &docextract.BankStatementData{
		DocType: "bank_statement", Transactions: []docextract.Transaction{{Date: docextract.Str("2024-03-02"), Amount: docextract.MustAmount("-5.00")}},
	})
	b.add(t, proc, "team-a", docextract.Invoice, docextract.StatusProcessing, nil)
	b.add(t, othr, "team-b", docextract.Invoice, docextract.StatusCompleted, invoiceData("SECRET"))
	b.srv = httptest.NewServer(&httpapi.Server{Store: b.store})
	t.Cleanup(b.srv.Close)
	return b
}

func (b *downloadBundle) post(t *testing.T, query, body string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, b.srv.URL+"/api/v1/documents/download_selected"+query, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-API-Key", b.key)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, out
}

func idsBody(ids ...string) string {
	b, _ := json.Marshal(map[string][]string{"document_ids": ids})
	return string(b)
}

func TestDownloadErrors(t *testing.T) {
	t.Parallel()
	b := setupDownload(t)
	many := make([]string, docextract.MaxDocumentsDownload+1)
	for i := range many {
		many[i] = inv1
	}
	tests := []struct {
		name, query, body string
		status            int
		detail            string
	}{
		{"unsupported format", "?format=pdf", idsBody(inv1), 400, "Unsupported format: pdf"},
		{"too many", "", idsBody(many...), 400, "Too many documents. Maximum is 300."},
		{"body over 64 KiB", "", `{"document_ids":["` + inv1 + `"]` + strings.Repeat(" ", 64<<10) + `}`, 413, "Request body too large. Maximum is 64 KiB."},
		{"not json", "", "document_ids=1", 400, "Invalid request body."},
		{"no ids key", "", `{"ids":["x"]}`, 400, "Invalid request body."},
		{"ids not strings", "", `{"document_ids":[1,2]}`, 400, "Invalid request body."},
		{"ids null", "", `{"document_ids":null}`, 400, "Invalid request body."},
		{"trailing data", "", idsBody(inv1) + "{}", 400, "Invalid request body."},
		{"bad profile", "?format=accounting_csv&profile=sage", idsBody(inv1), 400, "Unsupported accounting profile: sage"},
		{"empty list", "", `{"document_ids":[]}`, 404, "No accessible documents found for the specified IDs."},
		{"missing and malformed", "", idsBody("66666666-6666-4666-8666-666666666666", "nope"), 404, "No accessible documents found for the specified IDs."},
		{"other team only", "", idsBody(othr), 404, "No accessible documents found for the specified IDs."},
		{"still processing", "?format=csv", idsBody(proc), 404, "No accessible documents found for the specified IDs."},
		{"format unsupported", "?format=accounting_csv", idsBody(bank), 422, "Failed to generate any valid ACCOUNTING_CSV files."},
	}
	for _, tt := range tests {
		resp, body := b.post(t, tt.query, tt.body)
		require.Equal(t, tt.status, resp.StatusCode, "%s: %s", tt.name, body)
		var got map[string]string
		require.NoError(t, json.Unmarshal(body, &got), tt.name)
		require.Equal(t, map[string]string{"detail": tt.detail}, got, tt.name)
	}

	// Authentication comes first.
	req, err := http.NewRequest(http.MethodPost, b.srv.URL+"/api/v1/documents/download_selected?format=pdf", strings.NewReader("junk"))
	require.NoError(t, err)
	req.Header.Set("X-API-Key", "dex_wrong")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	require.JSONEq(t, `{"detail":"Invalid API key."}`, string(body))
}

func TestDownloadSingleJSON(t *testing.T) {
	t.Parallel()
	b := setupDownload(t)
	b.store.docs[inv1].FieldConfidence = json.RawMessage(`{"InvoiceNumber":0.95}`)
	// Duplicates, another team's id and an unknown id: one document remains.
	resp, body := b.post(t, "", idsBody(inv1, inv1, othr, "66666666-6666-4666-8666-666666666666"))
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s", body)
	require.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	require.Equal(t, `attachment; filename="invoice_INV-1_11111111.json"; filename*=UTF-8''invoice_INV-1_11111111.json`, resp.Header.Get("Content-Disposition"))
	require.Equal(t, fmt.Sprint(len(body)), resp.Header.Get("Content-Length"))
	var got map[string]any
	require.NoError(t, json.Unmarshal(body, &got))
	require.Equal(t, inv1, got["document_id"])
	require.Equal(t, true, got["passed_validation"])
	require.Equal(t, float64(1), got["credits_used"])
	require.Equal(t, map[string]any{"InvoiceNumber": 0.95}, got["confidence"], "the reader's confidence per field is exported")
	require.NotContains(t, string(body), "SECRET")
}

func TestDownloadZipCSV(t *testing.T) {
	t.Parallel()
	b := setupDownload(t)
	resp, body := b.post(t, "?format=csv&european=true", idsBody(inv1, bank, inv2, othr, inv2))
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s", body)
	require.Equal(t, "application/zip", resp.Header.Get("Content-Type"))
	_, params, err := mime.ParseMediaType(resp.Header.Get("Content-Disposition"))
	require.NoError(t, err)
	require.Equal(t, "documents_csv.zip", params["filename"])
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	require.NoError(t, err)
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	require.Equal(t, []string{"invoice_INV-1_11111111.csv", "bank_statement_33333333.csv", "invoice_INV-2_22222222.csv"}, names)
	rc, err := zr.File[1].Open()
	require.NoError(t, err)
	raw, err := io.ReadAll(rc)
	require.NoError(t, err)
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(raw, []byte("\uFEFF"))))
	r.Comma = ';'
	rows, err := r.ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 2)
	require.Contains(t, rows[1], "-5,00")
}

func TestDownloadAccountingSkipsBankStatements(t *testing.T) {
	t.Parallel()
	b := setupDownload(t)
	resp, body := b.post(t, "?format=accounting_csv&account_code=310&date_format=YYYY-MM-DD", idsBody(bank, inv1))
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s", body)
	require.Equal(t, "text/csv; charset=utf-8", resp.Header.Get("Content-Type"))
	rows, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	require.NoError(t, err)
	require.Equal(t, "*ContactName", rows[0][0])
	require.Equal(t, "'=Acme", rows[1][0], "formula neutralised")
	require.Contains(t, rows[1], "2024-03-15")
	require.Contains(t, rows[1], "310")
}

func TestDownloadXLSX(t *testing.T) {
	t.Parallel()
	b := setupDownload(t)
	resp, body := b.post(t, "?format=xlsx", idsBody(inv1))
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s", body)
	require.Equal(t, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", resp.Header.Get("Content-Type"))
	_, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	require.NoError(t, err, "an XLSX is a ZIP package")
}

// TestDownloadEndToEnd uploads through the real server on SQLite, waits for
// the workers and downloads the results.
func TestDownloadEndToEnd(t *testing.T) {
	t.Parallel()
	b := setup(t, options{})
	_, otherKey := b.newTeam(100)
	var ids []string
	for i := 0; i < 2; i++ {
		r := b.upload(b.key, "invoice", fmt.Sprintf("scan%d.pdf", i), makePDF(t, 1))
		require.Equal(t, http.StatusOK, r.Status, "%s", r.Raw)
		ids = append(ids, r.Body["document_id"].(string))
	}
	r := b.upload(otherKey, "invoice", "theirs.pdf", makePDF(t, 1))
	require.Equal(t, http.StatusOK, r.Status, "%s", r.Raw)
	theirs := r.Body["document_id"].(string)
	for _, id := range ids {
		require.Equal(t, http.StatusOK, b.waitResult(b.key, id).Status)
	}
	require.Equal(t, http.StatusOK, b.waitResult(otherKey, theirs).Status)

	body := strings.NewReader(idsBody(ids[0], theirs, ids[1], ids[0]))
	req, err := http.NewRequest(http.MethodPost, b.ts.URL+"/api/v1/documents/download_selected?format=xlsx", body)
	require.NoError(t, err)
	req.Header.Set("X-API-Key", b.key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	raw, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s", raw)
	require.Equal(t, "application/zip", resp.Header.Get("Content-Type"))
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	require.NoError(t, err)
	require.Len(t, zr.File, 2, "another team's id is skipped, duplicates exported once")
	for _, f := range zr.File {
		require.True(t, strings.HasPrefix(f.Name, "invoice_INV-1_"), f.Name)
		require.True(t, strings.HasSuffix(f.Name, ".xlsx"), f.Name)
	}

	// The other team sees only its own document.
	req, err = http.NewRequest(http.MethodPost, b.ts.URL+"/api/v1/documents/download_selected", strings.NewReader(idsBody(ids...)))
	require.NoError(t, err)
	req.Header.Set("X-API-Key", otherKey)
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
}
