package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/httpapi"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/sqlite"
	"github.com/docextract/docextract/webhook"
	"github.com/docextract/docextract/webhook/delivery"
	"github.com/docextract/docextract/webhook/dispatch"
)

// whReceiver is a loopback receiver built on webhook.Handler that answers
// with the queued statuses first.
type whReceiver struct {
	srv     *httptest.Server
	mu      sync.Mutex
	secret  webhook.Secret
	others  []webhook.Secret // secrets of earlier endpoints
	answers []int            // consumed by requests to /hook only
	bodies  [][]byte
	headers []http.Header
	events  []webhook.Event
}

func (rc *whReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rc.mu.Lock()
	body, _ := io.ReadAll(r.Body)
	rc.bodies = append(rc.bodies, body)
	rc.headers = append(rc.headers, r.Header.Clone())
	if len(rc.answers) > 0 && r.URL.Path == "/hook" {
		code := rc.answers[0]
		rc.answers = rc.answers[1:]
		rc.mu.Unlock()
		w.WriteHeader(code)
		return
	}
	secrets := append([]webhook.Secret{rc.secret}, rc.others...)
	rc.mu.Unlock()
	r.Body = io.NopCloser(bytes.NewReader(body))
	(&webhook.Handler{Secrets: secrets, OnEvent: func(_ context.Context, e webhook.Event) error {
		rc.mu.Lock()
		defer rc.mu.Unlock()
		rc.events = append(rc.events, e)
		return nil
	}}).ServeHTTP(w, r)
}

type whBundle struct {
	t    *testing.T
	ctx  context.Context
	db   *sqlite.DB
	srv  *httptest.Server
	wh   *dispatch.Dispatcher
	team *store.Team
	key  string
	rc   *whReceiver
}

// hangingEndpoint creates an endpoint whose receiver reports each request's
// delivery id on arrived (room for n) and never answers: a request hangs
// until the sender gives up or the test ends.
func (b *whBundle) hangingEndpoint(n int) (*store.WebhookEndpoint, chan string) {
	b.t.Helper()
	hang := make(chan struct{})
	arrived := make(chan string, n)
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived <- r.Header.Get(webhook.HeaderDeliveryID)
		select {
		case <-hang:
		case <-r.Context().Done():
		}
	}))
	// Cleanups run last-in first-out: release the handlers, then Close,
	// which waits for them.
	b.t.Cleanup(slow.Close)
	b.t.Cleanup(func() { close(hang) })
	ep := &store.WebhookEndpoint{TeamID: b.team.ID, URL: slow.URL, Enabled: true, Secret: webhook.NewSecret().String()}
	require.NoError(b.t, b.db.CreateWebhookEndpoint(b.ctx, ep))
	return ep, arrived
}

func whSetup(t *testing.T) *whBundle {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "wh.db"))
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	team, err := db.CreateTeam(ctx, "Acme")
	require.NoError(t, err)
	require.NoError(t, db.Grant(ctx, team.ID, 1000))
	key, rec := httpapi.GenerateAPIKey(team.ID)
	require.NoError(t, db.CreateAPIKey(ctx, rec))
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	wh := &dispatch.Dispatcher{Store: db, AllowPrivate: true, BaseURL: "https://api.example.com",
		Policy:         delivery.Policy{Schedule: []time.Duration{20 * time.Millisecond}, Jitter: -1},
		PollInterval:   20 * time.Millisecond,
		TemplateGroups: func(id string) []string { return map[string][]string{"tpl-a": {"g1"}, "tpl-b": {"g2"}}[id] },
		Logger:         quiet,
	}
	s := &httpapi.Server{Store: db, Webhooks: wh, TemplateGroups: wh.TemplateGroups, Logger: quiet}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	rc := &whReceiver{}
	rc.srv = httptest.NewServer(rc)
	t.Cleanup(rc.srv.Close)
	return &whBundle{t: t, ctx: ctx, db: db, srv: srv, wh: wh, team: team, key: key, rc: rc}
}

// run starts fan-out and delivery workers until the test ends.
func (b *whBundle) run() {
	ctx, cancel := context.WithCancel(b.ctx)
	done := make(chan struct{})
	go func() { _ = b.wh.Run(ctx); close(done) }()
	b.t.Cleanup(func() { cancel(); <-done })
}

type whResp struct {
	Status int
	Header http.Header
	Body   map[string]any
	Raw    string
}

func (b *whBundle) do(method, path, key string, body any) whResp {
	b.t.Helper()
	var rd io.Reader
	if s, ok := body.(string); ok {
		rd = strings.NewReader(s)
	} else if body != nil {
		j, _ := json.Marshal(body)
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, b.srv.URL+path, rd)
	require.NoError(b.t, err)
	if key != "" {
		req.Header.Set("X-API-Key", key)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(b.t, err)
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	out := whResp{Status: resp.StatusCode, Header: resp.Header, Raw: string(raw)}
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

func (b *whBundle) createEndpoint(extra map[string]any) (string, webhook.Secret) {
	b.t.Helper()
	body := map[string]any{"url": b.rc.srv.URL + "/hook"}
	for k, v := range extra {
		body[k] = v
	}
	r := b.do("POST", "/api/v1/webhook_endpoints", b.key, body)
	require.Equal(b.t, 201, r.Status, r.Raw)
	sec, err := webhook.ParseSecret(r.Body["secret"].(string))
	require.NoError(b.t, err)
	b.rc.mu.Lock()
	if !b.rc.secret.IsZero() {
		b.rc.others = append(b.rc.others, b.rc.secret)
	}
	b.rc.secret = sec
	b.rc.mu.Unlock()
	return r.Body["id"].(string), sec
}

// completeTask records a completed task whose documents use the given templates.
func (b *whBundle) completeTask(templates ...string) string {
	b.t.Helper()
	id := uuid.NewString()
	task := &store.Task{ID: id, TeamID: b.team.ID, DocType: docextract.Invoice, FileName: "in.pdf", ContentType: "application/pdf", PageCount: len(templates), IngestSource: "email"}
	require.NoError(b.t, b.db.CreateUpload(b.ctx, &store.Upload{Task: task, Credits: int64(len(templates))}))
	var docs []*store.Document
	for i, tpl := range templates {
		did := id
		if i > 0 {
			did = uuid.NewString()
		}
		docs = append(docs, &store.Document{ID: did, DocType: docextract.Invoice, PageStart: i + 1, PageEnd: i + 1, TemplateID: tpl,
			Data: json.RawMessage(`{"docType":"invoice","n":` + string(rune('0'+i)) + `}`), CreditsUsed: 1})
	}
	_, err := b.db.CompleteTask(b.ctx, &store.Completion{TaskID: id, Documents: docs})
	require.NoError(b.t, err)
	b.wh.Wake(nil)
	return id
}

func (b *whBundle) waitDelivery(endpointID string, n int, status string) []any {
	b.t.Helper()
	var data []any
	require.Eventually(b.t, func() bool {
		r := b.do("GET", "/api/v1/webhook_endpoints/"+endpointID+"/deliveries", b.key, nil)
		data, _ = r.Body["data"].([]any)
		if len(data) < n {
			return false
		}
		for _, d := range data[:n] {
			if d.(map[string]any)["status"] != status {
				return false
			}
		}
		return true
	}, 10*time.Second, 20*time.Millisecond)
	return data
}

func TestWebhookEndpointAPI(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	require.Equal(t, 401, b.do("GET", "/api/v1/webhook_endpoints", "", nil).Status)
	require.Equal(t, 401, b.do("POST", "/api/v1/webhook_endpoints", "dex_wrong", map[string]any{}).Status)

	id, _ := b.createEndpoint(map[string]any{"description": "erp", "headers": map[string]string{"Authorization": "Bearer s3cret", "X-Tenant": "t1"}})
	got := b.do("GET", "/api/v1/webhook_endpoints/"+id, b.key, nil)
	require.Equal(t, 200, got.Status)
	require.NotContains(t, got.Body, "secret", "secrets are shown on create and rotate only")
	require.Equal(t, map[string]any{"Authorization": "********", "X-Tenant": "********"}, got.Body["headers"])
	require.Equal(t, []any{"task.completed", "task.failed"}, got.Body["event_types"])
	require.Equal(t, []any{}, got.Body["ingest_sources"])
	require.Equal(t, true, got.Body["enabled"])
	require.NotContains(t, got.Raw, "s3cret")

	list := b.do("GET", "/api/v1/webhook_endpoints", b.key, nil)
	require.Len(t, list.Body["data"], 1)
	require.Nil(t, list.Body["next_cursor"])

	for _, bad := range []map[string]any{
		{"url": "ftp://x.example.com"},
		{"url": "https://user:pw@x.example.com"},
		{"url": b.rc.srv.URL, "headers": map[string]string{"Content-Type": "text/plain"}},
		{"url": b.rc.srv.URL, "headers": map[string]string{"User-Agent": "me"}},
		{"url": b.rc.srv.URL, "headers": map[string]string{"X-Service-Event": "x"}},
		{"url": b.rc.srv.URL, "headers": map[string]string{"A1": "", "A2": "", "A3": "", "A4": "", "A5": "", "A6": "", "A7": "", "A8": "", "A9": "", "A10": "", "A11": ""}},
		{"url": b.rc.srv.URL, "event_types": []string{"task.created"}},
		{"url": b.rc.srv.URL, "ingest_sources": []string{"fax"}},
		{"url": b.rc.srv.URL, "colour": "blue"},
		{"description": "no url"},
	} {
		r := b.do("POST", "/api/v1/webhook_endpoints", b.key, bad)
		require.Equal(t, 400, r.Status, "%v: %s", bad, r.Raw)
		require.NotEmpty(t, r.Body["detail"])
	}

	// Blank header value keeps, new values replace, omitted keys go.
	r := b.do("PATCH", "/api/v1/webhook_endpoints/"+id, b.key, map[string]any{"headers": map[string]string{"Authorization": "", "X-New": "v"}})
	require.Equal(t, 200, r.Status, r.Raw)
	ep, err := b.db.FindWebhookEndpoint(b.ctx, id)
	require.NoError(t, err)
	require.Equal(t, map[string]string{"Authorization": "Bearer s3cret", "X-New": "v"}, ep.Headers)
	r = b.do("PATCH", "/api/v1/webhook_endpoints/"+id, b.key, map[string]any{"headers": map[string]string{}})
	require.Equal(t, 200, r.Status)
	require.Equal(t, map[string]any{}, r.Body["headers"])
	require.Equal(t, "erp", r.Body["description"])

	// Rotation shows the new secret once.
	rot := b.do("POST", "/api/v1/webhook_endpoints/"+id+"/rotate_secret", b.key, nil)
	require.Equal(t, 200, rot.Status)
	require.True(t, strings.HasPrefix(rot.Body["secret"].(string), "whsec_"))
	ep2, _ := b.db.FindWebhookEndpoint(b.ctx, id)
	require.Equal(t, rot.Body["secret"], ep2.Secret)

	// Another team sees nothing.
	other, err := b.db.CreateTeam(b.ctx, "Other")
	require.NoError(t, err)
	okey, orec := httpapi.GenerateAPIKey(other.ID)
	require.NoError(t, b.db.CreateAPIKey(b.ctx, orec))
	require.Equal(t, 404, b.do("GET", "/api/v1/webhook_endpoints/"+id, okey, nil).Status)
	require.Equal(t, 404, b.do("DELETE", "/api/v1/webhook_endpoints/"+id, okey, nil).Status)
	require.Len(t, b.do("GET", "/api/v1/webhook_endpoints", okey, nil).Body["data"], 0)

	require.Equal(t, 204, b.do("DELETE", "/api/v1/webhook_endpoints/"+id, b.key, nil).Status)
	require.Equal(t, 404, b.do("GET", "/api/v1/webhook_endpoints/"+id, b.key, nil).Status)
}

// waitDeliveryDone polls a delivery until it is no longer pending.
func (b *whBundle) waitDeliveryDone(id string) whResp {
	b.t.Helper()
	var r whResp
	require.Eventually(b.t, func() bool {
		r = b.do("GET", "/api/v1/webhook_deliveries/"+id, b.key, nil)
		return r.Status == 200 && r.Body["status"] != "pending"
	}, 10*time.Second, 10*time.Millisecond)
	return r
}

// TestWebhookTestSend: the test action answers at once with the queued
// delivery (201, Location); the runner sends it once, signed like any
// other, ahead of the endpoint's queue, and never retries it.
func TestWebhookTestSend(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	id, sec := b.createEndpoint(map[string]any{"headers": map[string]string{"Authorization": "Bearer abc"}})

	// A backlog for the same endpoint, queued before the test.
	b.wh.Workers = 1
	for range 20 {
		ev := uuid.NewString()
		d := &store.WebhookDelivery{TeamID: b.team.ID, EndpointID: id, EventID: ev, EventType: "task.failed", MaxAttempts: 8,
			Body: []byte(`{"id":"` + ev + `","type":"task.failed"}`)}
		require.NoError(t, b.db.CreateWebhookDelivery(b.ctx, d))
	}
	r := b.do("POST", "/api/v1/webhook_endpoints/"+id+"/test", b.key, nil)
	require.Equal(t, 201, r.Status, r.Raw)
	require.Equal(t, "pending", r.Body["status"], "answered before the attempt")
	require.Equal(t, "endpoint.test", r.Body["event_type"])
	require.EqualValues(t, 0, r.Body["attempt_count"])
	require.Equal(t, []any{}, r.Body["attempts"])
	loc := "/api/v1/webhook_deliveries/" + r.Body["id"].(string)
	b.run()
	done := b.waitDeliveryDone(r.Body["id"].(string))
	require.Equal(t, "acknowledged", done.Body["status"])
	require.EqualValues(t, 1, done.Body["attempt_count"])
	require.Len(t, done.Body["attempts"], 1)
	require.EqualValues(t, 204, done.Body["last_status_code"])
	require.Equal(t, r.Body["request_body"], done.Body["request_body"])

	b.rc.mu.Lock()
	h, body := b.rc.headers[0], b.rc.bodies[0]
	b.rc.mu.Unlock()
	require.Equal(t, "endpoint.test", h.Get(webhook.HeaderEvent), "sent ahead of the 20 queued before it")
	require.NoError(t, webhook.Verify(body, h, sec))
	require.Equal(t, "Bearer abc", h.Get("Authorization"))
	require.Equal(t, "1", h.Get(webhook.HeaderAttempt))
	require.Equal(t, r.Body["id"], h.Get(webhook.HeaderDeliveryID))
	require.Equal(t, string(body), r.Body["request_body"])
	require.Equal(t, loc, r.Header.Get("Location"))

	// A failing test is not retried, and test events are never redelivered.
	b.waitDelivery(id, 20, "acknowledged") // the newest page: the backlog is done
	b.rc.mu.Lock()
	b.rc.answers = []int{500}
	b.rc.mu.Unlock()
	r = b.do("POST", "/api/v1/webhook_endpoints/"+id+"/test", b.key, nil)
	require.Equal(t, 201, r.Status)
	failed := b.waitDeliveryDone(r.Body["id"].(string))
	require.Equal(t, "failed", failed.Body["status"], "a test is sent once, not retried")
	require.EqualValues(t, 1, failed.Body["attempt_count"])
	require.EqualValues(t, 500, failed.Body["last_status_code"])
	re := b.do("POST", "/api/v1/webhook_deliveries/"+r.Body["id"].(string)+"/redeliver", b.key, nil)
	require.Equal(t, 400, re.Status)
}

func TestWebhookFanOutRetryRedeliver(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	id, sec := b.createEndpoint(nil)
	filtered, _ := b.createEndpoint(map[string]any{"url": b.rc.srv.URL + "/g2", "template_group_ids": []string{"g2"}})
	b.rc.mu.Lock()
	b.rc.answers = []int{503, 503} // the first two attempts fail
	b.rc.mu.Unlock()
	b.run()

	taskID := b.completeTask("tpl-a", "tpl-b")
	ds := b.waitDelivery(id, 1, "acknowledged")
	d := ds[0].(map[string]any)
	require.EqualValues(t, 3, d["attempt_count"])
	require.Nil(t, d["next_attempt_at"])
	detail := b.do("GET", "/api/v1/webhook_deliveries/"+d["id"].(string), b.key, nil)
	require.Equal(t, 200, detail.Status)
	atts := detail.Body["attempts"].([]any)
	require.Len(t, atts, 3)
	require.EqualValues(t, 503, atts[0].(map[string]any)["status_code"])
	require.EqualValues(t, 204, atts[2].(map[string]any)["status_code"])

	var ev webhook.Event
	require.NoError(t, json.Unmarshal([]byte(detail.Body["request_body"].(string)), &ev))
	require.Equal(t, webhook.EventTaskCompleted, ev.Type)
	require.Equal(t, d["event_id"], ev.ID)
	var data webhook.TaskCompletedData
	require.NoError(t, json.Unmarshal(ev.Data, &data))
	require.Equal(t, taskID, data.Task.ID)
	require.Equal(t, "extracted", data.Task.Outcome)
	require.Equal(t, "email", *data.Task.IngestSource)
	require.Len(t, data.Documents, 2)

	// The template-filtered endpoint got only the g2 document, same event id.
	fd := b.waitDelivery(filtered, 1, "acknowledged")[0].(map[string]any)
	require.Equal(t, d["event_id"], fd["event_id"])
	fdetail := b.do("GET", "/api/v1/webhook_deliveries/"+fd["id"].(string), b.key, nil)
	var fev webhook.Event
	require.NoError(t, json.Unmarshal([]byte(fdetail.Body["request_body"].(string)), &fev))
	var fdata webhook.TaskCompletedData
	require.NoError(t, json.Unmarshal(fev.Data, &fdata))
	require.Len(t, fdata.Documents, 1)
	require.Equal(t, "tpl-b", *fdata.Documents[0].TemplateID)

	// Every attempt of one delivery carries the same delivery id and the same bytes.
	b.rc.mu.Lock()
	var same [][]byte
	for i, h := range b.rc.headers {
		if h.Get(webhook.HeaderDeliveryID) == d["id"] {
			same = append(same, b.rc.bodies[i])
			require.NoError(t, (&webhook.Verifier{}).Verify(b.rc.bodies[i], h, sec))
		}
	}
	b.rc.mu.Unlock()
	require.Len(t, same, 3)
	require.Equal(t, same[0], same[2])

	// A terminal failure, then a manual redelivery: new id, same event and body.
	b.rc.mu.Lock()
	b.rc.answers = []int{410}
	b.rc.mu.Unlock()
	b.completeTask("tpl-a")
	failed := b.waitDelivery(id, 1, "failed")[0].(map[string]any)
	require.EqualValues(t, 1, failed["attempt_count"])
	require.Equal(t, 409, b.do("POST", "/api/v1/webhook_deliveries/"+d["id"].(string)+"/redeliver", b.key, nil).Status, "acknowledged is not redelivered")
	re := b.do("POST", "/api/v1/webhook_deliveries/"+failed["id"].(string)+"/redeliver", b.key, nil)
	require.Equal(t, 201, re.Status, re.Raw)
	require.NotEqual(t, failed["id"], re.Body["id"])
	require.Equal(t, failed["event_id"], re.Body["event_id"])
	again := b.waitDelivery(id, 1, "acknowledged")[0].(map[string]any)
	require.Equal(t, re.Body["id"], again["id"])
	orig := b.do("GET", "/api/v1/webhook_deliveries/"+failed["id"].(string), b.key, nil)
	redone := b.do("GET", "/api/v1/webhook_deliveries/"+again["id"].(string), b.key, nil)
	require.Equal(t, orig.Body["request_body"], redone.Body["request_body"])
}

func TestWebhookChangeCancelsPending(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	b.wh.Policy = delivery.Policy{Schedule: []time.Duration{time.Hour}, Jitter: -1}
	id, _ := b.createEndpoint(map[string]any{"event_types": []string{"task.failed"}})
	b.rc.mu.Lock()
	b.rc.answers = []int{500}
	b.rc.mu.Unlock()
	b.run()

	b.completeTask("tpl-a") // not subscribed
	task := &store.Task{ID: uuid.NewString(), TeamID: b.team.ID, DocType: docextract.Invoice, FileName: "x.pdf", PageCount: 1}
	require.NoError(t, b.db.CreateUpload(b.ctx, &store.Upload{Task: task, Credits: 1}))
	_, err := b.db.FailTask(b.ctx, task.ID, docextract.FailInsufficientCredits, "")
	require.NoError(t, err)
	b.wh.Wake(nil)
	d := b.waitDelivery(id, 1, "pending")
	require.Len(t, d, 1, "the completed event was filtered out")
	require.NotNil(t, d[0].(map[string]any)["next_attempt_at"])
	detail := b.do("GET", "/api/v1/webhook_deliveries/"+d[0].(map[string]any)["id"].(string), b.key, nil)
	require.Contains(t, detail.Body["request_body"], "Insufficient credits to process this task.")

	// Rotation and filter edits keep it pending; disabling cancels it.
	require.Equal(t, 200, b.do("POST", "/api/v1/webhook_endpoints/"+id+"/rotate_secret", b.key, nil).Status)
	require.Equal(t, 200, b.do("PATCH", "/api/v1/webhook_endpoints/"+id, b.key, map[string]any{"description": "x", "ingest_sources": []string{"upload"}}).Status)
	b.waitDelivery(id, 1, "pending")
	r := b.do("PATCH", "/api/v1/webhook_endpoints/"+id, b.key, map[string]any{"enabled": false})
	require.Equal(t, 200, r.Status)
	b.waitDelivery(id, 1, "cancelled")
	require.Equal(t, 409, b.do("POST", "/api/v1/webhook_deliveries/"+d[0].(map[string]any)["id"].(string)+"/redeliver", b.key, nil).Status, "disabled endpoint")
	require.Equal(t, 200, b.do("PATCH", "/api/v1/webhook_endpoints/"+id, b.key, map[string]any{"enabled": true}).Status)
	require.Equal(t, 201, b.do("POST", "/api/v1/webhook_deliveries/"+d[0].(map[string]any)["id"].(string)+"/redeliver", b.key, nil).Status, "cancelled is redeliverable")
}

func TestTaskResults(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	taskID := b.completeTask("tpl-a", "tpl-b", "tpl-a")
	path := "/api/v1/tasks/" + taskID + "/results"

	r := b.do("GET", path+"?limit=2", b.key, nil)
	require.Equal(t, 200, r.Status, r.Raw)
	require.Len(t, r.Body["documents"], 2)
	cur := r.Body["next_cursor"].(string)
	r2 := b.do("GET", path+"?limit=2&cursor="+cur, b.key, nil)
	require.Len(t, r2.Body["documents"], 1)
	require.Nil(t, r2.Body["next_cursor"])
	first := r.Body["documents"].([]any)[0].(map[string]any)
	require.Equal(t, taskID, first["id"])
	require.EqualValues(t, 1, first["page_start"])
	require.Equal(t, "tpl-a", first["template_id"])

	all := b.do("GET", path, b.key, nil)
	require.Len(t, all.Body["documents"], 3, "default limit 50")
	require.Nil(t, all.Body["next_cursor"])

	// Template-group filter, repeated or comma-separated; the cursor is bound to it.
	g := b.do("GET", path+"?template_group_ids=g1&limit=1", b.key, nil)
	require.Len(t, g.Body["documents"], 1)
	gcur := g.Body["next_cursor"].(string)
	require.Len(t, b.do("GET", path+"?template_group_ids=g1&limit=1&cursor="+gcur, b.key, nil).Body["documents"], 1)
	bad := b.do("GET", path+"?template_group_ids=g2&limit=1&cursor="+gcur, b.key, nil)
	require.Equal(t, 400, bad.Status)
	require.Equal(t, "Invalid cursor.", bad.Body["detail"])
	require.Equal(t, 400, b.do("GET", path+"?limit=1&cursor="+gcur, b.key, nil).Status, "dropped filter")
	require.Len(t, b.do("GET", path+"?template_group_ids=g1,g2", b.key, nil).Body["documents"], 3)
	require.Len(t, b.do("GET", path+"?template_group_ids=g2&template_group_ids=g1", b.key, nil).Body["documents"], 3)
	require.Equal(t, 400, b.do("GET", path+"?cursor=garbage", b.key, nil).Status)

	for _, l := range []string{"0", "101", "x", "-1"} {
		r := b.do("GET", path+"?limit="+l, b.key, nil)
		require.Equal(t, 400, r.Status)
		require.Equal(t, "limit must be between 1 and 100.", r.Body["detail"])
	}

	// Bearer token (a team API key) works too, the scheme in any case.
	for _, auth := range []string{"Bearer " + b.key, "bearer " + b.key, "BEARER  " + b.key, "Basic " + b.key, "Bearer"} {
		req, _ := http.NewRequest("GET", b.srv.URL+path, nil)
		req.Header.Set("Authorization", auth)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		want := 200
		if !strings.HasPrefix(strings.ToLower(auth), "bearer ") {
			want = 401
		}
		require.Equal(t, want, resp.StatusCode, auth)
	}

	require.Equal(t, 401, b.do("GET", path, "", nil).Status)
	nf := b.do("GET", "/api/v1/tasks/"+uuid.NewString()+"/results", b.key, nil)
	require.Equal(t, 404, nf.Status)
	require.Equal(t, "Task not found", nf.Body["detail"])
	other, _ := b.db.CreateTeam(b.ctx, "Other")
	okey, orec := httpapi.GenerateAPIKey(other.ID)
	require.NoError(t, b.db.CreateAPIKey(b.ctx, orec))
	fb := b.do("GET", path, okey, nil)
	require.Equal(t, 403, fb.Status)
	require.Equal(t, "Not authorized to access this task", fb.Body["detail"])
}

func TestWebhookReferenceMode(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	id, _ := b.createEndpoint(map[string]any{"template_group_ids": []string{"g1"}})
	b.run()
	taskID := uuid.NewString()
	task := &store.Task{ID: taskID, TeamID: b.team.ID, DocType: docextract.Invoice, FileName: "big.pdf", PageCount: 3}
	require.NoError(t, b.db.CreateUpload(b.ctx, &store.Upload{Task: task, Credits: 3}))
	big := json.RawMessage(`{"pad":"` + strings.Repeat("x", 600<<10) + `"}`)
	_, err := b.db.CompleteTask(b.ctx, &store.Completion{TaskID: taskID, Documents: []*store.Document{
		{ID: taskID, DocType: docextract.Invoice, PageStart: 1, PageEnd: 1, TemplateID: "tpl-a", Data: big, CreditsUsed: 1},
		{ID: uuid.NewString(), DocType: docextract.Invoice, PageStart: 2, PageEnd: 2, TemplateID: "tpl-a", Data: big, CreditsUsed: 1},
		{ID: uuid.NewString(), DocType: docextract.Invoice, PageStart: 3, PageEnd: 3, TemplateID: "tpl-b", Data: big, CreditsUsed: 1},
	}})
	require.NoError(t, err)
	b.wh.Wake(nil)
	d := b.waitDelivery(id, 1, "acknowledged")[0].(map[string]any)
	detail := b.do("GET", "/api/v1/webhook_deliveries/"+d["id"].(string), b.key, nil)
	var ev webhook.Event
	require.NoError(t, json.Unmarshal([]byte(detail.Body["request_body"].(string)), &ev))
	var data webhook.TaskCompletedData
	require.NoError(t, json.Unmarshal(ev.Data, &data))
	require.Equal(t, "reference", data.ResultMode)
	require.Equal(t, 2, *data.DocumentCount)
	require.Nil(t, data.Documents)
	require.Equal(t, "https://api.example.com/api/v1/tasks/"+taskID+"/results?template_group_ids=g1", data.ResultsURL)

	// results_url, used as supplied, pages through the matching documents.
	r := b.do("GET", strings.TrimPrefix(data.ResultsURL, "https://api.example.com")+"&limit=1", b.key, nil)
	require.Equal(t, 200, r.Status)
	require.Len(t, r.Body["documents"], 1)
	require.NotNil(t, r.Body["next_cursor"])
}

// TestWebhookShutdownGrace: at shutdown the attempt in flight runs on for
// the grace, is cut short and recorded as a retryable failure; a delivery
// leased into the local queue but not started is handed back uncounted.
func TestWebhookShutdownGrace(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	ep, arrived := b.hangingEndpoint(2)
	var ds []*store.WebhookDelivery
	for range 2 {
		d := &store.WebhookDelivery{TeamID: b.team.ID, EndpointID: ep.ID, EventID: uuid.NewString(), EventType: "task.failed", MaxAttempts: 8, Body: []byte("{}")}
		require.NoError(t, b.db.CreateWebhookDelivery(b.ctx, d))
		ds = append(ds, d)
	}
	b.wh.Workers = 1 // one attempt in flight, one delivery queued behind it
	b.wh.ShutdownGrace = 100 * time.Millisecond
	b.wh.Policy = delivery.Policy{Jitter: -1}
	ctx, cancel := context.WithCancel(b.ctx)
	done := make(chan struct{})
	go func() { _ = b.wh.Run(ctx); close(done) }()
	var inFlight string
	select {
	case inFlight = <-arrived:
	case <-time.After(5 * time.Second):
		t.Fatal("no attempt started")
	}
	require.Eventually(t, func() bool { // the other one is leased into the queue
		for _, d := range ds {
			if got, _ := b.db.FindWebhookDelivery(b.ctx, d.ID); d.ID != inFlight && got.AttemptCount == 1 {
				return true
			}
		}
		return false
	}, 5*time.Second, 5*time.Millisecond)
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not stop within the grace")
	}
	for _, d := range ds {
		got, err := b.db.FindWebhookDelivery(b.ctx, d.ID)
		require.NoError(t, err)
		require.Equal(t, store.DeliveryPending, got.Status)
		require.Empty(t, got.LeaseToken)
		if d.ID == inFlight {
			require.Equal(t, 1, got.AttemptCount, "cut short: retried later")
			require.Len(t, got.Attempts, 1)
			require.Contains(t, got.Attempts[0].Error, "context canceled")
			require.WithinDuration(t, time.Now().Add(time.Minute), got.NextAttemptAt, 10*time.Second)
		} else {
			require.Zero(t, got.AttemptCount, "never started: handed back")
			require.Empty(t, got.Attempts)
			require.WithinDuration(t, time.Now(), got.NextAttemptAt, 10*time.Second)
		}
	}
	require.Len(t, arrived, 0, "the queued delivery was never sent")
}

// TestWebhookAPIHostileInput: malformed bodies, refused URLs and headers,
// and forged delivery-list cursors answer 400 with a detail, never 500, and
// change nothing.
func TestWebhookAPIHostileInput(t *testing.T) {
	b := whSetup(t)
	id, _ := b.createEndpoint(nil)
	headers := map[string]any{}
	for i := 0; i < 11; i++ {
		headers[fmt.Sprintf("X-Custom-%d", i)] = "v"
	}
	for name, body := range map[string]any{
		"not json":          "{nope",
		"array":             "[]",
		"trailing data":     `{"url":"https://example.com/h"}{}`,
		"unknown field":     map[string]any{"url": "https://example.com/h", "colour": "red"},
		"url wrong type":    map[string]any{"url": 5},
		"missing url":       map[string]any{"description": "x"},
		"url not absolute":  map[string]any{"url": "/hook"},
		"url with userinfo": map[string]any{"url": "https://user:pw@example.com/h"},
		"url ftp":           map[string]any{"url": "ftp://example.com/h"},
		"bad event type":    map[string]any{"url": "https://example.com/h", "event_types": []string{"task.exploded"}},
		"bad source":        map[string]any{"url": "https://example.com/h", "ingest_sources": []string{"fax"}},
		"content-type":      map[string]any{"url": "https://example.com/h", "headers": map[string]string{"Content-Type": "text/plain"}},
		"x-service header":  map[string]any{"url": "https://example.com/h", "headers": map[string]string{"X-Service-Signature": "v1=0"}},
		"user-agent":        map[string]any{"url": "https://example.com/h", "headers": map[string]string{"user-agent": "me"}},
		"11 headers":        map[string]any{"url": "https://example.com/h", "headers": headers},
		"header not string": map[string]any{"url": "https://example.com/h", "headers": map[string]any{"X-A": 1}},
		"huge":              `{"url":"https://example.com/h","description":"` + strings.Repeat("a", 70<<10) + `"}`,
	} {
		r := b.do("POST", "/api/v1/webhook_endpoints", b.key, body)
		require.Equal(t, 400, r.Status, "%s: %s", name, r.Raw)
		require.NotEmpty(t, r.Body["detail"], name)
		r = b.do("PATCH", "/api/v1/webhook_endpoints/"+id, b.key, body)
		if name != "missing url" { // PATCH may omit the url
			require.Equal(t, 400, r.Status, "PATCH %s: %s", name, r.Raw)
		}
	}
	list := b.do("GET", "/api/v1/webhook_endpoints", b.key, nil)
	require.Len(t, list.Body["data"], 1, "nothing was created")

	path := "/api/v1/webhook_endpoints/" + id + "/deliveries"
	for _, q := range []string{"?cursor=garbage", "?cursor=ZDotMQ", "?cursor=ZDphYmM", "?cursor=eDox", "?limit=0", "?limit=101", "?limit=x"} {
		r := b.do("GET", path+q, b.key, nil)
		require.Equal(t, 400, r.Status, "%s: %s", q, r.Raw)
		require.NotEmpty(t, r.Body["detail"], q)
	}
	// Not a UUID, or another team's: not found.
	require.Equal(t, 404, b.do("GET", "/api/v1/webhook_endpoints/../../etc", b.key, nil).Status)
	require.Equal(t, 404, b.do("GET", "/api/v1/webhook_deliveries/nope", b.key, nil).Status)
}

// TestWebhookInterruptedAttemptRetried: another sender leased a delivery
// and stopped before an answer (kill -9). Once its lease expires the runner
// closes that attempt as interrupted and makes the next one: same delivery
// id, attempt number 2, and the history shows both attempts.
func TestWebhookInterruptedAttemptRetried(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	id, sec := b.createEndpoint(nil)
	ev := uuid.NewString()
	d := &store.WebhookDelivery{TeamID: b.team.ID, EndpointID: id, EventID: ev, EventType: "task.failed", MaxAttempts: 8,
		Body: []byte(`{"id":"` + ev + `","type":"task.failed"}`)}
	require.NoError(t, b.db.CreateWebhookDelivery(b.ctx, d))
	crashed, err := b.db.LeaseWebhookDeliveries(b.ctx, store.LeaseRequest{Limit: 1, Lease: 200 * time.Millisecond})
	require.NoError(t, err)
	require.Len(t, crashed.Deliveries, 1)

	b.run()
	done := b.waitDeliveryDone(d.ID)
	require.Equal(t, "acknowledged", done.Body["status"])
	require.EqualValues(t, 2, done.Body["attempt_count"])
	attempts := done.Body["attempts"].([]any)
	require.Len(t, attempts, 2)
	first, second := attempts[0].(map[string]any), attempts[1].(map[string]any)
	require.EqualValues(t, 1, first["number"])
	require.Equal(t, store.InterruptedAttempt, first["error"])
	require.Nil(t, first["status_code"])
	require.EqualValues(t, 2, second["number"])
	require.EqualValues(t, 204, second["status_code"])

	b.rc.mu.Lock()
	defer b.rc.mu.Unlock()
	require.Len(t, b.rc.headers, 1, "the interrupted attempt never reached the receiver")
	h := b.rc.headers[0]
	require.Equal(t, "2", h.Get(webhook.HeaderAttempt))
	require.Equal(t, d.ID, h.Get(webhook.HeaderDeliveryID))
	require.NoError(t, webhook.Verify(b.rc.bodies[0], h, sec))
}

// TestWebhookQueuedLeaseRunsLow: a delivery leased into the local queue
// behind its endpoint's slow attempts is handed back, not started, once
// its lease no longer covers an attempt; it is leased again at once.
func TestWebhookQueuedLeaseRunsLow(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	b.db.Now, b.wh.Now = clock, clock
	ep, arrived := b.hangingEndpoint(4)
	var ds []*store.WebhookDelivery
	for range 2 {
		d := &store.WebhookDelivery{TeamID: b.team.ID, EndpointID: ep.ID, EventID: uuid.NewString(), EventType: "task.failed", MaxAttempts: 8, Body: []byte("{}")}
		require.NoError(t, b.db.CreateWebhookDelivery(b.ctx, d))
		ds = append(ds, d)
	}
	b.wh.Workers = 1
	b.run()
	var inFlight string
	select {
	case inFlight = <-arrived:
	case <-time.After(5 * time.Second):
		t.Fatal("no attempt started")
	}
	queued := ds[0]
	if queued.ID == inFlight {
		queued = ds[1]
	}
	var token string
	require.Eventually(t, func() bool {
		got, _ := b.db.FindWebhookDelivery(b.ctx, queued.ID)
		token = got.LeaseToken
		return token != ""
	}, 5*time.Second, 5*time.Millisecond, "leased into the queue")

	// 45 s later the queued lease (90 s) has less left than an attempt
	// needs: handed back and leased again, never sent under the old lease.
	mu.Lock()
	now = now.Add(45 * time.Second)
	mu.Unlock()
	require.Eventually(t, func() bool {
		got, _ := b.db.FindWebhookDelivery(b.ctx, queued.ID)
		return got.LeaseToken != "" && got.LeaseToken != token
	}, 5*time.Second, 5*time.Millisecond)
	got, err := b.db.FindWebhookDelivery(b.ctx, queued.ID)
	require.NoError(t, err)
	require.Equal(t, 1, got.AttemptCount, "the handed-back lease was uncounted")
	require.Len(t, got.Attempts, 1)
	require.Len(t, arrived, 0, "still waiting for its slot")
	first, err := b.db.FindWebhookDelivery(b.ctx, inFlight)
	require.NoError(t, err)
	require.Equal(t, 1, first.AttemptCount, "the attempt in flight is untouched")
}

// heldReceiver holds every request until release is closed, then answers
// 204; it keeps what it was sent.
type heldReceiver struct {
	srv     *httptest.Server
	release chan struct{}
	arrived chan struct{}
	mu      sync.Mutex
	headers []http.Header
	bodies  [][]byte
}

func newHeldReceiver(t *testing.T) *heldReceiver {
	h := &heldReceiver{release: make(chan struct{}), arrived: make(chan struct{}, 64)}
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		h.mu.Lock()
		h.headers, h.bodies = append(h.headers, r.Header.Clone()), append(h.bodies, body)
		h.mu.Unlock()
		h.arrived <- struct{}{}
		select {
		case <-h.release:
			w.WriteHeader(http.StatusNoContent)
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(h.srv.Close)
	return h
}

func (h *heldReceiver) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.headers)
}

// queueBehindHeld creates an endpoint on h through the API, queues n
// deliveries for it and runs one worker: the first attempt is held, the
// others wait leased in the local queue. It returns the endpoint id, its
// secret and the deliveries.
func (b *whBundle) queueBehindHeld(h *heldReceiver, n int) (string, webhook.Secret, []*store.WebhookDelivery) {
	t := b.t
	r := b.do("POST", "/api/v1/webhook_endpoints", b.key, map[string]any{"url": h.srv.URL})
	require.Equal(t, 201, r.Status, r.Raw)
	id := r.Body["id"].(string)
	sec, err := webhook.ParseSecret(r.Body["secret"].(string))
	require.NoError(t, err)
	var ds []*store.WebhookDelivery
	for range n {
		d := &store.WebhookDelivery{TeamID: b.team.ID, EndpointID: id, EventID: uuid.NewString(), EventType: "task.failed", MaxAttempts: 8, Body: []byte("{}")}
		require.NoError(t, b.db.CreateWebhookDelivery(b.ctx, d))
		ds = append(ds, d)
	}
	// One attempt in flight; room to lease the others behind it.
	b.wh.Workers, b.wh.PerEndpoint = 1, n-1
	b.run()
	select {
	case <-h.arrived:
	case <-time.After(5 * time.Second):
		t.Fatal("no attempt started")
	}
	require.Eventually(t, func() bool { // the others are leased into the queue
		for _, d := range ds {
			got, _ := b.db.FindWebhookDelivery(b.ctx, d.ID)
			if got.LeaseToken == "" {
				return false
			}
		}
		return true
	}, 5*time.Second, 5*time.Millisecond)
	return id, sec, ds
}

// TestWebhookRotationReachesQueued: a rotated secret applies to every
// request not yet started, queued ones included; the one in flight keeps
// the old secret (docs/api.md, Webhooks).
func TestWebhookRotationReachesQueued(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	h := newHeldReceiver(t)
	id, old, ds := b.queueBehindHeld(h, 3)
	rot := b.do("POST", "/api/v1/webhook_endpoints/"+id+"/rotate_secret", b.key, nil)
	require.Equal(t, 200, rot.Status)
	sec, err := webhook.ParseSecret(rot.Body["secret"].(string))
	require.NoError(t, err)
	close(h.release)
	for _, d := range ds {
		require.Equal(t, "acknowledged", b.waitDeliveryDone(d.ID).Body["status"])
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	require.Len(t, h.headers, 3, "one request per delivery")
	require.NoError(t, webhook.Verify(h.bodies[0], h.headers[0], old), "in flight at the rotation")
	for i := 1; i < 3; i++ {
		require.NoError(t, webhook.Verify(h.bodies[i], h.headers[i], sec), "queued at the rotation: the new secret")
		require.Equal(t, "1", h.headers[i].Get(webhook.HeaderAttempt))
	}
}

// TestWebhookURLChangeDropsQueued: changing the URL cancels the pending
// deliveries; those already leased into the local queue are not sent to
// the old URL (nor to the new one); the attempt in flight finishes.
func TestWebhookURLChangeDropsQueued(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	h := newHeldReceiver(t)
	id, _, ds := b.queueBehindHeld(h, 3)
	r := b.do("PATCH", "/api/v1/webhook_endpoints/"+id, b.key, map[string]any{"url": b.rc.srv.URL + "/hook"})
	require.Equal(t, 200, r.Status, r.Raw)
	require.Eventually(t, func() bool { // handed back: no lease, attempt uncounted
		n := 0
		for _, d := range ds {
			got, _ := b.db.FindWebhookDelivery(b.ctx, d.ID)
			if got.Status == store.DeliveryCancelled && got.LeaseToken == "" && got.AttemptCount == 0 && len(got.Attempts) == 0 {
				n++
			}
		}
		return n == 2
	}, 5*time.Second, 5*time.Millisecond)
	close(h.release)
	require.Eventually(t, func() bool {
		for _, d := range ds {
			if got, _ := b.db.FindWebhookDelivery(b.ctx, d.ID); got.LeaseToken != "" {
				return false
			}
		}
		return true
	}, 5*time.Second, 5*time.Millisecond)
	require.Equal(t, 1, h.count(), "only the attempt in flight reached the old URL")
	b.rc.mu.Lock()
	require.Empty(t, b.rc.headers, "cancelled deliveries do not follow to the new URL")
	b.rc.mu.Unlock()
}

// An empty event_types is no filter: it reads back as every event, on
// create and on update.
func TestWebhookEmptyEventTypesMeansAll(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	id, _ := b.createEndpoint(map[string]any{"event_types": []string{}})
	all := []any{"task.completed", "task.failed"}
	require.Equal(t, all, b.do("GET", "/api/v1/webhook_endpoints/"+id, b.key, nil).Body["event_types"])
	require.Equal(t, 200, b.do("PATCH", "/api/v1/webhook_endpoints/"+id, b.key, map[string]any{"event_types": []string{"task.failed"}}).Status)
	require.Equal(t, []any{"task.failed"}, b.do("GET", "/api/v1/webhook_endpoints/"+id, b.key, nil).Body["event_types"])
	require.Equal(t, 200, b.do("PATCH", "/api/v1/webhook_endpoints/"+id, b.key, map[string]any{"event_types": []string{}}).Status)
	require.Equal(t, all, b.do("GET", "/api/v1/webhook_endpoints/"+id, b.key, nil).Body["event_types"])
}

// TestAttemptReported checks what the dispatcher tells an operator about
// each attempt: OnAttempt (the metrics) for every one, and a WARN log line
// for a failed one.
func TestAttemptReported(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	var logs syncBuffer
	b.wh.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	var mu sync.Mutex
	var seen []dispatch.Attempt
	b.wh.OnAttempt = func(a dispatch.Attempt) { mu.Lock(); seen = append(seen, a); mu.Unlock() }
	b.run()
	id, _ := b.createEndpoint(nil)
	b.rc.mu.Lock()
	b.rc.answers = []int{500}
	b.rc.mu.Unlock()
	r := b.do("POST", "/api/v1/webhook_endpoints/"+id+"/test", b.key, nil)
	require.Equal(t, 201, r.Status)
	require.Equal(t, "failed", b.waitDeliveryDone(r.Body["id"].(string)).Body["status"])
	r = b.do("POST", "/api/v1/webhook_endpoints/"+id+"/test", b.key, nil)
	require.Equal(t, "acknowledged", b.waitDeliveryDone(r.Body["id"].(string)).Body["status"])

	mu.Lock()
	defer mu.Unlock()
	require.Len(t, seen, 2)
	require.Equal(t, dispatch.Attempt{EventType: "endpoint.test", Outcome: "failed", StatusCode: 500, Duration: seen[0].Duration}, seen[0])
	require.Equal(t, "acknowledged", seen[1].Outcome)
	require.Contains(t, logs.String(), "webhooks: attempt failed")
	require.Contains(t, logs.String(), "http=500")
	require.Equal(t, 1, strings.Count(logs.String(), "attempt failed"), "an acknowledged attempt is not a warning")
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }
