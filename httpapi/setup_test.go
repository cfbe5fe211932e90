package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/httpapi"
	"github.com/docextract/docextract/ratelimit"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/sqlite"
	"github.com/docextract/docextract/webhook"
	"github.com/docextract/docextract/webhook/delivery"
	"github.com/docextract/docextract/webhook/dispatch"
	"github.com/docextract/docextract/worker"
)

// fakeExtractor stands in for *extract.Extractor in these tests only: it
// counts PDF pages from the page objects and answers what fn says.
type fakeExtractor struct {
	mu     sync.Mutex
	fn     func(ctx context.Context, in extract.Input, pages int) (*extract.Result, error)
	calls  int
	inspec int
}

var pageObject = regexp.MustCompile(`/Type\s*/Page[^s]`)

func countPages(data []byte) int { return len(pageObject.FindAllIndex(data, -1)) }

func (f *fakeExtractor) Inspect(_ context.Context, data []byte, _ string) (extract.Info, error) {
	f.mu.Lock()
	f.inspec++
	f.mu.Unlock()
	ct := extract.Sniff(data)
	if ct == "" {
		return extract.Info{}, extract.ErrUnsupportedType
	}
	n := 1
	if ct == extract.TypePDF {
		n = countPages(data)
		if n == 0 {
			return extract.Info{}, extract.ErrMalformed
		}
		if n > docextract.MaxPDFPages {
			return extract.Info{ContentType: ct, PageCount: n}, extract.ErrTooManyPages
		}
	}
	return extract.Info{ContentType: ct, PageCount: n}, nil
}

func (f *fakeExtractor) Extract(ctx context.Context, in extract.Input) (*extract.Result, error) {
	f.mu.Lock()
	f.calls++
	fn := f.fn
	f.mu.Unlock()
	info, err := f.Inspect(ctx, in.Data, in.Password)
	if err != nil {
		return nil, err
	}
	if fn != nil {
		return fn(ctx, in, info.PageCount)
	}
	return &extract.Result{ContentType: info.ContentType, PageCount: info.PageCount,
		Documents: []extract.Document{invoiceDoc(in.DocType, 1, info.PageCount)}}, nil
}

func invoiceDoc(t docextract.DocType, start, end int) extract.Document {
	num := fmt.Sprintf("INV-%d", start)
	cur := "EUR"
	return extract.Document{DocType: t, PageStart: start, PageEnd: end, TemplateID: extract.TemplateInvoiceText, Source: "text",
		Data: &docextract.InvoiceData{DocType: "invoice", General: docextract.InvoiceGeneral{InvoiceNumber: &num, Currency: &cur},
			LineItems: []docextract.LineItem{}, Taxes: []docextract.TaxBreakdown{}},
		Validation: docextract.Validation{Passed: true, Details: docextract.ValidationDetails{CalculationLogic: "test"}},
		Confidence: 0.9, FieldConfidence: map[string]float64{"InvoiceNumber": 0.9, "Currency": 0.75}}
}

type bundle struct {
	ctx    context.Context
	t      testing.TB
	db     *sqlite.DB
	x      *fakeExtractor
	srv    *httpapi.Server
	pool   *worker.Pool
	ts     *httptest.Server
	client *http.Client // keeps connections alive, as a real client would
	team   *store.Team
	key    string
	events chan *store.TaskEvent
	seen   map[string]*store.TaskEvent // events waitEvent read for other tasks
	wh     *dispatch.Dispatcher        // with options.webhooks
	rc     *whReceiver                 // with options.webhooks
}

type options struct {
	grant     int64
	rate      string
	noWorkers bool
	// extractor replaces the fake with a real one (benchmarks).
	extractor interface {
		httpapi.Inspector
		worker.Extractor
	}
	workers int
	// templates wires the team templates of the store into the workers
	// and the template-group filters, as the server does.
	templates bool
	// webhooks runs a webhook dispatcher on the store (loopback receivers
	// allowed, fast retries) and a receiver the test can point an endpoint
	// at (hookEndpoint).
	webhooks bool
}

func setup(t testing.TB, o options) *bundle {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	dir := t.TempDir()
	db, err := sqlite.Open(ctx, filepath.Join(dir, "test.db"))
	require.NoError(t, err)
	b := &bundle{ctx: ctx, t: t, db: db, x: &fakeExtractor{}, events: make(chan *store.TaskEvent, 1000), seen: map[string]*store.TaskEvent{}}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	b.pool = &worker.Pool{Store: db, Extractor: b.x, Workers: max(2, o.workers), Logger: quiet,
		PollInterval: 20 * time.Millisecond, JobLease: 3 * time.Second,
		OnTaskEvent: func(ev *store.TaskEvent) { b.events <- ev }}
	b.srv = &httpapi.Server{Store: db, SpoolDir: dir, Inspector: b.x, OnTaskQueued: b.pool.Notify, Logger: quiet}
	if o.extractor != nil {
		b.srv.Inspector, b.pool.Extractor = o.extractor, o.extractor
	}
	if o.templates {
		stored := &worker.StoredTemplates{Store: db, Logger: quiet}
		b.pool.Templates = stored
		b.srv.TemplateGroups = func(id string) []string {
			if g := stored.GroupOf(ctx, id); g != "" {
				return []string{g}
			}
			return nil
		}
	}
	if o.rate != "" {
		r, err := ratelimit.ParseRate(o.rate)
		require.NoError(t, err)
		b.srv.RateLimiter = ratelimit.New(r, nil)
	}
	if o.webhooks {
		b.wh = &dispatch.Dispatcher{Store: db, AllowPrivate: true, BaseURL: "https://api.example.com",
			Policy:       delivery.Policy{Schedule: []time.Duration{20 * time.Millisecond}, Jitter: -1},
			PollInterval: 20 * time.Millisecond, TemplateGroups: b.srv.TemplateGroups, Logger: quiet}
		b.srv.Webhooks, b.srv.OnTaskEvent = b.wh, b.wh.Wake
		b.pool.OnTaskEvent = func(ev *store.TaskEvent) { b.events <- ev; b.wh.Wake(ev) }
		b.rc = &whReceiver{}
		b.rc.srv = httptest.NewServer(b.rc)
		t.Cleanup(b.rc.srv.Close)
		whDone := make(chan struct{})
		go func() { defer close(whDone); _ = b.wh.Run(ctx) }()
		t.Cleanup(func() { cancel(); <-whDone })
	}
	b.ts = httptest.NewServer(b.srv)
	b.client = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	done := make(chan struct{})
	if !o.noWorkers {
		go func() { defer close(done); _ = b.pool.Run(ctx) }()
	} else {
		close(done)
	}
	t.Cleanup(func() {
		cancel()
		<-done
		b.client.CloseIdleConnections()
		b.ts.Close()
		require.NoError(t, db.Close())
	})
	if o.grant == 0 {
		o.grant = 1000
	}
	b.team, b.key = b.newTeam(o.grant)
	return b
}

func (b *bundle) newTeam(grant int64) (*store.Team, string) {
	team, err := b.db.CreateTeam(b.ctx, "team")
	require.NoError(b.t, err)
	if grant > 0 {
		require.NoError(b.t, b.db.Grant(b.ctx, team.ID, grant))
	}
	key, rec := httpapi.GenerateAPIKey(team.ID)
	require.NoError(b.t, b.db.CreateAPIKey(b.ctx, rec))
	return team, key
}

// response is a decoded answer.
type response struct {
	Status int
	Header http.Header
	Body   map[string]any
	Raw    []byte
}

func (b *bundle) do(method, path, key string, body io.Reader, contentType string) *response {
	b.t.Helper()
	req, err := http.NewRequest(method, b.ts.URL+path, body)
	require.NoError(b.t, err)
	if key != "" {
		req.Header.Set("X-API-Key", key)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := b.client.Do(req)
	require.NoError(b.t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(b.t, err)
	r := &response{Status: resp.StatusCode, Header: resp.Header, Raw: raw}
	if len(raw) > 0 {
		require.NoError(b.t, json.Unmarshal(raw, &r.Body), "%s", raw)
	}
	return r
}

func (b *bundle) upload(key, docType, fileName string, content []byte) *response {
	b.t.Helper()
	body, ct := multipartBody(b.t, "file", fileName, content)
	return b.do(http.MethodPost, "/api/v1/documents/"+docType, key, body, ct)
}

func (b *bundle) result(key, id string) *response {
	b.t.Helper()
	return b.do(http.MethodGet, "/api/v1/documents/"+id+"/result", key, nil, "")
}

// waitResult polls until the document is no longer processing.
func (b *bundle) waitResult(key, id string) *response {
	b.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		r := b.result(key, id)
		if r.Status != http.StatusAccepted || time.Now().After(deadline) {
			return r
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (b *bundle) waitEvent(taskID string) *store.TaskEvent {
	b.t.Helper()
	if ev, ok := b.seen[taskID]; ok {
		delete(b.seen, taskID)
		return ev
	}
	for {
		select {
		case ev := <-b.events:
			if ev.TaskID == taskID {
				return ev
			}
			b.seen[ev.TaskID] = ev // another task's: kept for its own wait
		case <-time.After(20 * time.Second):
			b.t.Fatalf("no event for task %s", taskID)
		}
	}
}

func multipartBody(t testing.TB, field, fileName string, content []byte) (io.Reader, string) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	w, err := mw.CreateFormFile(field, fileName)
	require.NoError(t, err)
	_, err = w.Write(content)
	require.NoError(t, err)
	require.NoError(t, mw.Close())
	return &buf, mw.FormDataContentType()
}

func makePDF(t testing.TB, pages int) []byte {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(false)
	pdf.SetFont("Helvetica", "", 12)
	for i := range pages {
		pdf.AddPage()
		pdf.Cell(40, 10, fmt.Sprintf("Invoice INV-%d page %d", i+1, i+1))
	}
	var buf bytes.Buffer
	require.NoError(t, pdf.Output(&buf))
	return buf.Bytes()
}

func makeImage(t testing.TB, format string) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 32, 32))
	for x := range 32 {
		img.Set(x, x, color.Black)
	}
	var buf bytes.Buffer
	if format == "png" {
		require.NoError(t, png.Encode(&buf, img))
	} else {
		require.NoError(t, jpeg.Encode(&buf, img, nil))
	}
	return buf.Bytes()
}

// hookEndpoint creates, through the API, a webhook endpoint of the team at
// the bundle's receiver (options.webhooks) for both task events, with the
// fields of extra (filters) added.
func (b *bundle) hookEndpoint(extra map[string]any) {
	b.t.Helper()
	body := map[string]any{"url": b.rc.srv.URL + "/hook"}
	for k, v := range extra {
		body[k] = v
	}
	raw, err := json.Marshal(body)
	require.NoError(b.t, err)
	r := b.do(http.MethodPost, "/api/v1/webhook_endpoints", b.key, bytes.NewReader(raw), "application/json")
	require.Equal(b.t, http.StatusCreated, r.Status, "%s", r.Raw)
	sec, err := webhook.ParseSecret(r.Body["secret"].(string))
	require.NoError(b.t, err)
	b.rc.mu.Lock()
	b.rc.secret = sec
	b.rc.mu.Unlock()
}

// received returns the types of the events the receiver verified so far,
// by task id.
func (b *bundle) received() map[string][]string {
	b.rc.mu.Lock()
	defer b.rc.mu.Unlock()
	out := map[string][]string{}
	for _, e := range b.rc.events {
		var data struct {
			Task struct {
				ID string `json:"id"`
			} `json:"task"`
		}
		_ = json.Unmarshal(e.Data, &data)
		out[data.Task.ID] = append(out[data.Task.ID], e.Type)
	}
	return out
}

// waitReceived waits until the receiver verified n events of task, and
// returns their types.
func (b *bundle) waitReceived(taskID string, n int) []string {
	b.t.Helper()
	var got []string
	require.Eventually(b.t, func() bool { got = b.received()[taskID]; return len(got) >= n }, 20*time.Second, 10*time.Millisecond,
		"task %s: %d events, want %d", taskID, len(got), n)
	return got
}

// requireNoEvent fails when the task records or sends an event within a
// moment: none on the workers' channel, no further delivery.
func (b *bundle) requireNoEvent(taskID string, delivered int) {
	b.t.Helper()
	deadline := time.After(500 * time.Millisecond)
	for {
		select {
		case ev := <-b.events:
			require.NotEqual(b.t, taskID, ev.TaskID, "unexpected %s event", ev.Type)
			b.seen[ev.TaskID] = ev
		case <-deadline:
			if b.rc != nil {
				require.Len(b.t, b.received()[taskID], delivered, "deliveries of task %s", taskID)
			}
			return
		}
	}
}
