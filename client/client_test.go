package client_test

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/client"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/extract/withpdfium"
	"github.com/docextract/docextract/httpapi"
	"github.com/docextract/docextract/internal/testdocs"
	"github.com/docextract/docextract/ratelimit"
	"github.com/docextract/docextract/store/sqlite"
	"github.com/docextract/docextract/webhook/delivery"
	"github.com/docextract/docextract/webhook/dispatch"
	"github.com/docextract/docextract/worker"
)

// The tests run the real server in-process: SQLite, the PDF engine, the
// worker pool and the webhook dispatcher, wired as `docextract serve` does.
var (
	engineOnce sync.Once
	engine     *extract.Extractor
	engineErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if engine != nil {
		engine.Close()
	}
	os.Exit(code)
}

func extractor(t *testing.T) *extract.Extractor {
	engineOnce.Do(func() {
		engine, engineErr = withpdfium.New(extract.Config{Timeout: time.Minute}, pdfium.Config{Workers: 2})
	})
	require.NoError(t, engineErr)
	return engine
}

type server struct {
	url string
	db  *sqlite.DB
	key string // a key of a team with 1000 credits
}

type serverOptions struct {
	rate        string
	inboxDomain string
}

func newServer(t *testing.T, o serverOptions) *server {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	dir := t.TempDir()
	db, err := sqlite.Open(ctx, filepath.Join(dir, "client.db"))
	require.NoError(t, err)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	x := extractor(t)
	hooks := &dispatch.Dispatcher{Store: db, AllowPrivate: true, BaseURL: "http://docextract.test",
		Policy:       delivery.Policy{Schedule: []time.Duration{50 * time.Millisecond}, Jitter: -1},
		PollInterval: 20 * time.Millisecond, Logger: quiet}
	pool := &worker.Pool{Store: db, Extractor: x, Templates: &worker.StoredTemplates{Store: db, Logger: quiet}, Workers: 2, JobLease: 5 * time.Second,
		PollInterval: 20 * time.Millisecond, OnTaskEvent: hooks.Wake, Logger: quiet}
	srv := &httpapi.Server{Store: db, SpoolDir: dir, Inspector: x, OnTaskQueued: pool.Notify,
		Webhooks: hooks, Logger: quiet, InboxDomain: o.inboxDomain}
	if o.rate != "" {
		r, err := ratelimit.ParseRate(o.rate)
		require.NoError(t, err)
		srv.RateLimiter = ratelimit.New(r, nil)
	}
	ts := httptest.NewServer(srv)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); _ = pool.Run(ctx) }()
	go func() { defer wg.Done(); _ = hooks.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		wg.Wait()
		ts.Close()
		require.NoError(t, db.Close())
	})
	s := &server{url: ts.URL, db: db}
	s.key = s.team(t, 1000)
	return s
}

// team creates a team with credits and returns its API key.
func (s *server) team(t *testing.T, credits int64) string {
	t.Helper()
	ctx := context.Background()
	team, err := s.db.CreateTeam(ctx, "team")
	require.NoError(t, err)
	if credits > 0 {
		require.NoError(t, s.db.Grant(ctx, team.ID, credits))
	}
	key, rec := httpapi.GenerateAPIKey(team.ID)
	require.NoError(t, s.db.CreateAPIKey(ctx, rec))
	return key
}

func (s *server) client(t *testing.T, key string) *client.Client {
	t.Helper()
	c, err := client.New(s.url+"/", key)
	require.NoError(t, err)
	return c
}

func invoice(t *testing.T, seed uint64) *testdocs.Invoice {
	t.Helper()
	inv, err := testdocs.NewInvoice(testdocs.InvoiceOptions{Seed: seed, Lines: 3, Seller: 0})
	require.NoError(t, err)
	return inv
}

func TestUploadWaitExportDelete(t *testing.T) {
	s := newServer(t, serverOptions{})
	c := s.client(t, s.key)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	inv1, inv2 := invoice(t, 1), invoice(t, 2)
	path := filepath.Join(t.TempDir(), "first invoice.pdf")
	require.NoError(t, os.WriteFile(path, inv1.PDF, 0o600))
	up1, err := c.UploadFile(ctx, client.Invoice, path)
	require.NoError(t, err)
	require.Equal(t, "queued", up1.Status)
	up2, err := c.Upload(ctx, client.Invoice, "second.pdf", bytes.NewReader(inv2.PDF), client.IdempotencyKey("second"))
	require.NoError(t, err)
	require.False(t, up2.Replayed)
	again, err := c.Upload(ctx, client.Invoice, "second.pdf", bytes.NewReader(inv2.PDF), client.IdempotencyKey("second"))
	require.NoError(t, err)
	require.True(t, again.Replayed, "a retry with the same key is the first upload")
	require.Equal(t, up2.DocumentID, again.DocumentID)

	res, err := c.Wait(ctx, up1.DocumentID, client.WaitOptions{Initial: 50 * time.Millisecond})
	require.NoError(t, err)
	require.True(t, res.Done())
	require.Equal(t, "first invoice.pdf", res.FileName)
	require.Equal(t, "invoice", res.DocType)
	got, err := res.Invoice()
	require.NoError(t, err)
	require.NotNil(t, got.General.InvoiceNumber)
	require.Equal(t, *inv1.Truth.General.InvoiceNumber, *got.General.InvoiceNumber)
	require.Equal(t, res.PassedValidation, res.Validation.Passed)
	require.NotEmpty(t, res.Confidence)
	_, err = res.Receipt()
	require.ErrorContains(t, err, "is a invoice, not a receipt")
	_, err = c.Wait(ctx, up2.DocumentID, client.WaitOptions{Initial: 50 * time.Millisecond})
	require.NoError(t, err)

	// The task's results: the upload's one document.
	var docs []client.TaskDocument
	for d, err := range c.TaskResults(ctx, res.TaskID, client.TaskResultsOptions{Limit: 1}) {
		require.NoError(t, err)
		docs = append(docs, d)
	}
	require.Len(t, docs, 1)
	require.Equal(t, up1.DocumentID, docs[0].ID)

	// Two documents: a ZIP of two CSV files.
	var zipped bytes.Buffer
	name, err := c.Export(ctx, &zipped, []string{up1.DocumentID, up2.DocumentID}, client.ExportOptions{Format: client.FormatCSV})
	require.NoError(t, err)
	require.Equal(t, "documents_csv.zip", name)
	zr, err := zip.NewReader(bytes.NewReader(zipped.Bytes()), int64(zipped.Len()))
	require.NoError(t, err)
	require.Len(t, zr.File, 2)
	// One document: the file itself.
	var one bytes.Buffer
	name, err = c.Export(ctx, &one, []string{up1.DocumentID}, client.ExportOptions{})
	require.NoError(t, err)
	require.True(t, strings.HasSuffix(name, ".json"), name)
	require.Contains(t, one.String(), *inv1.Truth.General.InvoiceNumber)

	task, err := c.Task(ctx, up1.DocumentID)
	require.NoError(t, err)
	require.Equal(t, "completed", task.Status)
	require.Equal(t, "extracted", *task.Outcome)
	require.Equal(t, "first invoice.pdf", task.OriginalFile.Name)
	require.Len(t, task.Documents, 1)
	var listed []string
	for d, err := range c.Documents(ctx, client.DocumentFilter{DocType: "invoice", Status: "completed"}) {
		require.NoError(t, err)
		listed = append(listed, d.ID)
	}
	require.ElementsMatch(t, []string{up1.DocumentID, up2.DocumentID}, listed)
	bal, err := c.Credits(ctx)
	require.NoError(t, err)
	require.Equal(t, int64(1000), bal.Granted)
	require.Equal(t, bal.Granted-bal.Captured-bal.Held, bal.Available)
	require.Positive(t, bal.Captured)

	require.NoError(t, c.Delete(ctx, up1.DocumentID))
	_, err = c.Result(ctx, up1.DocumentID)
	require.ErrorIs(t, err, client.ErrNotFound)
	var apiErr *client.Error
	require.ErrorAs(t, err, &apiErr)
	require.Equal(t, "Document not found", apiErr.Detail)
	require.Equal(t, http.StatusNotFound, apiErr.StatusCode)
	_, err = c.Export(ctx, io.Discard, []string{up1.DocumentID}, client.ExportOptions{})
	require.ErrorIs(t, err, client.ErrNotFound)
}

func TestTaskResultsPages(t *testing.T) {
	s := newServer(t, serverOptions{})
	c := s.client(t, s.key)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	both, err := testdocs.Concat(invoice(t, 3).Doc, invoice(t, 4).Doc)
	require.NoError(t, err)
	up, err := c.Upload(ctx, client.Invoice, "two.pdf", bytes.NewReader(both.PDF))
	require.NoError(t, err)
	res, err := c.Wait(ctx, up.DocumentID, client.WaitOptions{Initial: 50 * time.Millisecond})
	require.NoError(t, err)

	first, err := c.TaskResultsPage(ctx, res.TaskID, client.TaskResultsOptions{Limit: 1}, "")
	require.NoError(t, err)
	require.Len(t, first.Documents, 1)
	require.NotEmpty(t, first.NextCursor, "two documents, pages of one")
	var ids []string
	for d, err := range c.TaskResults(ctx, res.TaskID, client.TaskResultsOptions{Limit: 1}) {
		require.NoError(t, err)
		ids = append(ids, d.ID)
	}
	require.Len(t, ids, 2)
	require.NotEqual(t, ids[0], ids[1])

	// Stopping early stops fetching.
	n := 0
	for range c.TaskResults(ctx, res.TaskID, client.TaskResultsOptions{Limit: 1}) {
		n++
		break
	}
	require.Equal(t, 1, n)

	_, err = c.TaskResultsPage(ctx, res.TaskID, client.TaskResultsOptions{}, "forged")
	require.ErrorIs(t, err, client.ErrBadRequest)
	require.ErrorContains(t, err, "Invalid cursor.")
}

func TestServerErrors(t *testing.T) {
	s := newServer(t, serverOptions{rate: "2/1h"})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pdf := invoice(t, 5).PDF

	bad := s.client(t, "dex_not-a-key")
	_, err := bad.Upload(ctx, client.Invoice, "a.pdf", bytes.NewReader(pdf))
	require.ErrorIs(t, err, client.ErrUnauthorized)
	require.ErrorContains(t, err, "Invalid API key.")

	_, err = s.client(t, s.key).Upload(ctx, "letter", "a.pdf", bytes.NewReader(pdf))
	require.ErrorContains(t, err, `document type "letter"`)

	poor := s.client(t, s.team(t, 0))
	_, err = poor.Upload(ctx, client.Invoice, "a.pdf", bytes.NewReader(pdf))
	require.ErrorIs(t, err, client.ErrInsufficientCredits)
	require.ErrorContains(t, err, "Insufficient credits to process new documents. Please review your account balance.")

	c := s.client(t, s.key)
	_, err = c.Upload(ctx, client.Receipt, "notes.txt", strings.NewReader("plain text is no document"))
	require.ErrorIs(t, err, client.ErrBadRequest)
	require.ErrorContains(t, err, "Invalid file type")

	// The rate limit (2 per hour; the refused upload above counted): the
	// rate-limit body is {"error": ...} and carries Retry-After.
	for {
		_, err = c.Upload(ctx, client.Invoice, "a.pdf", bytes.NewReader(pdf))
		if err != nil {
			break
		}
	}
	require.ErrorIs(t, err, client.ErrRateLimited)
	var apiErr *client.Error
	require.ErrorAs(t, err, &apiErr)
	require.Equal(t, "Rate limit exceeded: 2 per 1 hour", apiErr.Detail)
	require.Greater(t, apiErr.RetryAfter, time.Minute)

	_, err = c.Result(ctx, "not-a-uuid")
	require.ErrorIs(t, err, client.ErrBadRequest)
	require.ErrorContains(t, err, "Invalid document ID format.")
}

// TestWaitBackoff checks Wait's pacing against a scripted server: it
// waits out a 429's Retry-After, keeps asking on 202, and stops on a
// password-protected PDF, on an error, and with its context.
func TestWaitBackoff(t *testing.T) {
	var script []func(w http.ResponseWriter)
	var calls atomic.Int32
	var mu sync.Mutex
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		require.Equal(t, "k", r.Header.Get("X-API-Key"))
		require.Equal(t, "/api/v1/documents/d1/result", r.URL.Path)
		n := int(calls.Add(1)) - 1
		mu.Lock()
		step := script[min(n, len(script)-1)]
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		step(w)
	}))
	defer ts.Close()
	answer := func(status int, body string, header ...string) func(w http.ResponseWriter) {
		return func(w http.ResponseWriter) {
			for i := 0; i+1 < len(header); i += 2 {
				w.Header().Set(header[i], header[i+1])
			}
			w.WriteHeader(status)
			io.WriteString(w, body)
		}
	}
	processing := answer(202, `{"document_id":"d1","status":"processing","message":"Document is still being processed. Please try again later."}`)
	done := answer(200, `{"document_id":"d1","status":"completed","doc_type":"receipt","extraction_data":{"docType":"receipt","general":{"Total":12.5}}}`)
	c, err := client.New(ts.URL, "k")
	require.NoError(t, err)
	fast := client.WaitOptions{Initial: time.Millisecond, Max: 5 * time.Millisecond}
	run := func(steps ...func(w http.ResponseWriter)) (*client.Result, int, time.Duration, error) {
		mu.Lock()
		script = steps
		mu.Unlock()
		calls.Store(0)
		start := time.Now()
		res, err := c.Wait(context.Background(), "d1", fast)
		return res, int(calls.Load()), time.Since(start), err
	}

	res, n, _, err := run(processing, processing, processing, done)
	require.NoError(t, err)
	require.Equal(t, 4, n)
	_, err = res.Receipt()
	require.NoError(t, err)

	_, n, took, err := run(processing, answer(429, `{"error":"Rate limit exceeded: 5 per 1 second"}`, "Retry-After", "1"), done)
	require.NoError(t, err)
	require.Equal(t, 3, n)
	require.GreaterOrEqual(t, took, time.Second, "the 429's Retry-After was waited out")

	_, n, _, err = run(processing, answer(202, `{"document_id":"d1","status":"processing","task_status":"password_required","message":"waiting"}`))
	require.ErrorIs(t, err, client.ErrPasswordRequired)
	require.Equal(t, 2, n)

	_, n, _, err = run(answer(404, `{"detail":"Document not found"}`))
	require.ErrorIs(t, err, client.ErrNotFound)
	require.Equal(t, 1, n)

	mu.Lock()
	script = []func(http.ResponseWriter){processing}
	mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err = c.Wait(ctx, "d1", fast)
	require.ErrorIs(t, err, context.DeadlineExceeded)
}

func TestWebhookEndpoints(t *testing.T) {
	s := newServer(t, serverOptions{})
	c := s.client(t, s.key)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var got atomic.Int32
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.Add(1)
		w.WriteHeader(http.StatusNoContent)
	}))
	defer receiver.Close()

	ep, err := c.CreateEndpoint(ctx, client.NewEndpoint{URL: receiver.URL, Description: "books",
		EventTypes: []string{"task.completed"}, Headers: map[string]string{"X-Tenant": "42"}})
	require.NoError(t, err)
	require.NotEmpty(t, ep.Secret)
	require.True(t, ep.Enabled)
	require.Equal(t, []string{"task.completed"}, ep.EventTypes)

	read, err := c.Endpoint(ctx, ep.ID)
	require.NoError(t, err)
	require.Empty(t, read.Secret, "the secret is shown once")
	require.NotEqual(t, "42", read.Headers["X-Tenant"], "header values read back masked")

	desc := "ledger"
	upd, err := c.UpdateEndpoint(ctx, ep.ID, client.EndpointUpdate{Description: &desc})
	require.NoError(t, err)
	require.Equal(t, "ledger", upd.Description)
	require.Equal(t, receiver.URL, upd.URL)

	var listed []string
	for e, err := range c.Endpoints(ctx) {
		require.NoError(t, err)
		listed = append(listed, e.ID)
	}
	require.Equal(t, []string{ep.ID}, listed)

	test, err := c.SendTest(ctx, ep.ID)
	require.NoError(t, err)
	require.Equal(t, "endpoint.test", test.EventType)
	require.Eventually(t, func() bool {
		d, err := c.Delivery(ctx, test.ID)
		return err == nil && d.Status == "acknowledged"
	}, 20*time.Second, 20*time.Millisecond)
	d, err := c.Delivery(ctx, test.ID)
	require.NoError(t, err)
	require.Len(t, d.Attempts, 1)
	require.Equal(t, 204, *d.Attempts[0].StatusCode)
	require.Contains(t, d.RequestBody, `"endpoint.test"`)
	require.Equal(t, int32(1), got.Load())

	var deliveries []client.Delivery
	for d, err := range c.Deliveries(ctx, ep.ID) {
		require.NoError(t, err)
		deliveries = append(deliveries, d)
	}
	require.Len(t, deliveries, 1)
	require.Equal(t, test.ID, deliveries[0].ID)

	_, err = c.Redeliver(ctx, test.ID)
	var apiErr *client.Error
	require.ErrorAs(t, err, &apiErr, "a test delivery is not redeliverable")
	require.GreaterOrEqual(t, apiErr.StatusCode, 400)

	rotated, err := c.RotateSecret(ctx, ep.ID)
	require.NoError(t, err)
	require.NotEmpty(t, rotated.Secret)
	require.NotEqual(t, ep.Secret, rotated.Secret)

	other := s.client(t, s.team(t, 10))
	_, err = other.Endpoint(ctx, ep.ID)
	require.ErrorIs(t, err, client.ErrNotFound, "another team does not see the endpoint")

	require.NoError(t, c.DeleteEndpoint(ctx, ep.ID))
	_, err = c.Endpoint(ctx, ep.ID)
	require.ErrorIs(t, err, client.ErrNotFound)
	require.ErrorContains(t, err, "Webhook endpoint not found.")
}

func TestNew(t *testing.T) {
	for _, bad := range []string{"", "ftp://x", "localhost:8080", "http://"} {
		_, err := client.New(bad, "k")
		require.Error(t, err, bad)
	}
	_, err := client.New("https://dx.example.com", "")
	require.Error(t, err)
	c, err := client.New("https://dx.example.com/base/", "k", client.WithUserAgent("books/2"), client.WithHTTPClient(&http.Client{Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
		require.Equal(t, "https://dx.example.com/base/api/v1/documents/a%2Fb", r.URL.String())
		require.Equal(t, "books/2", r.Header.Get("User-Agent"))
		return &http.Response{StatusCode: 204, Body: io.NopCloser(strings.NewReader("")), Header: http.Header{}}, nil
	})}))
	require.NoError(t, err)
	require.NoError(t, c.Delete(context.Background(), "a/b"))
}

type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestInbox(t *testing.T) {
	ctx := context.Background()
	s := newServer(t, serverOptions{inboxDomain: "docs.example.com"})
	in, err := s.client(t, s.key).Inbox(ctx)
	require.NoError(t, err)
	require.Regexp(t, `^[0-9a-f]{20}$`, in.Token)
	require.Equal(t, "invoice", in.DefaultDocType)
	require.NotNil(t, in.Domain)
	require.Equal(t, "docs.example.com", *in.Domain)
	require.Equal(t, "receipt+"+in.Token+"@docs.example.com", in.Addresses["receipt"])
	require.Equal(t, in.Token+"@docs.example.com", in.Addresses["default"])
	rotated, err := s.client(t, s.key).RotateInboxToken(ctx)
	require.NoError(t, err)
	require.NotEqual(t, in.Token, rotated.Token)
	require.Equal(t, "invoice+"+rotated.Token+"@docs.example.com", rotated.Addresses["invoice"])
	again, err := s.client(t, s.key).Inbox(ctx)
	require.NoError(t, err)
	require.Equal(t, rotated.Token, again.Token)

	// A server without mail shows the token only.
	plain := newServer(t, serverOptions{})
	in, err = plain.client(t, plain.key).Inbox(ctx)
	require.NoError(t, err)
	require.NotEmpty(t, in.Token)
	require.Nil(t, in.Domain)
	require.Nil(t, in.Addresses)
	_, err = plain.client(t, "dex_wrong").Inbox(ctx)
	require.ErrorIs(t, err, client.ErrUnauthorized)
}
