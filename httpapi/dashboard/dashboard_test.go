package dashboard_test

import (
	"context"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/httpapi"
	"github.com/docextract/docextract/httpapi/dashboard"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/sqlite"
	"github.com/docextract/docextract/webhook"
	"github.com/docextract/docextract/webhook/delivery"
	"github.com/docextract/docextract/webhook/dispatch"
)

// receiver is a webhook receiver answering status (200 unless set) and
// verifying every request's signature with secret.
type receiver struct {
	srv    *httptest.Server
	status atomic.Int32
	mu     sync.Mutex
	bodies []string
	header []http.Header
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	rc.mu.Lock()
	rc.bodies = append(rc.bodies, string(b))
	rc.header = append(rc.header, r.Header.Clone())
	rc.mu.Unlock()
	if st := rc.status.Load(); st != 0 {
		w.WriteHeader(int(st))
	}
}

func (rc *receiver) count() int {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return len(rc.bodies)
}

type bundle struct {
	t     *testing.T
	ctx   context.Context
	db    *sqlite.DB
	api   *httpapi.Server
	srv   *httptest.Server
	rc    *receiver
	teamA *store.Team
	keyA  string
	teamB *store.Team
	keyB  string
	// skew moves the server's clock (nanoseconds), atomically: the
	// server reads it on its own goroutines.
	skew atomic.Int64
}

func setup(t *testing.T) *bundle {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "dash.db"))
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	// The store keeps milliseconds: its clock here never reads the same
	// millisecond twice, so rows made one after another sort in that order.
	var last atomic.Int64
	db.Now = func() time.Time {
		for {
			n, l := time.Now().UnixMilli(), last.Load()
			if n <= l {
				n = l + 1
			}
			if last.CompareAndSwap(l, n) {
				return time.UnixMilli(n)
			}
		}
	}
	b := &bundle{t: t, ctx: ctx, db: db}
	b.teamA, b.keyA = newTeam(t, db, "Acme")
	b.teamB, b.keyB = newTeam(t, db, "Other")
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	wh := &dispatch.Dispatcher{Store: db, AllowPrivate: true, BaseURL: "http://127.0.0.1",
		Policy:       delivery.Policy{Schedule: []time.Duration{20 * time.Millisecond}, Jitter: -1},
		PollInterval: 20 * time.Millisecond, Logger: quiet}
	b.api = &httpapi.Server{Store: db, Webhooks: wh, Logger: quiet,
		Now: func() time.Time { return time.Now().Add(time.Duration(b.skew.Load())) }}
	b.srv = httptest.NewServer(dashboard.Mount(b.api))
	t.Cleanup(b.srv.Close)
	b.rc = &receiver{}
	b.rc.srv = httptest.NewServer(b.rc)
	t.Cleanup(b.rc.srv.Close)
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { _ = wh.Run(runCtx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return b
}

func newTeam(t *testing.T, db *sqlite.DB, name string) (*store.Team, string) {
	team, err := db.CreateTeam(context.Background(), name)
	require.NoError(t, err)
	require.NoError(t, db.Grant(context.Background(), team.ID, 100))
	key, rec := httpapi.GenerateAPIKey(team.ID)
	require.NoError(t, db.CreateAPIKey(context.Background(), rec))
	return team, key
}

// browser is a cookie-keeping client that remembers the CSRF token of the
// last page it read.
type browser struct {
	t    *testing.T
	base string
	c    *http.Client
	csrf string
}

type page struct {
	Status int
	Header http.Header
	Body   string
	URL    string
}

var csrfField = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

func (b *bundle) browser() *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: b.t, base: b.srv.URL, c: &http.Client{Jar: jar}}
}

func (br *browser) read(resp *http.Response, err error) *page {
	br.t.Helper()
	require.NoError(br.t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(br.t, err)
	if m := csrfField.FindStringSubmatch(string(body)); m != nil {
		br.csrf = m[1]
	}
	return &page{Status: resp.StatusCode, Header: resp.Header, Body: string(body), URL: resp.Request.URL.Path}
}

func (br *browser) get(path string) *page {
	br.t.Helper()
	return br.read(br.c.Get(br.base + path))
}

// post posts form with the remembered CSRF token (unless form has one).
func (br *browser) post(path string, form url.Values) *page {
	br.t.Helper()
	if form == nil {
		form = url.Values{}
	}
	if _, ok := form["csrf"]; !ok {
		form.Set("csrf", br.csrf)
	}
	return br.read(br.c.PostForm(br.base+path, form))
}

func (br *browser) signIn(key string) *page {
	br.t.Helper()
	br.get("/dashboard/signin")
	return br.post("/dashboard/signin", url.Values{"api_key": {key}})
}

var endpointLink = regexp.MustCompile(`href="/dashboard/webhooks/([0-9a-f-]{36})"`)
var deliveryLink = regexp.MustCompile(`/dashboard/deliveries/([0-9a-f-]{36})`)

// create creates an endpoint through the form and returns its id and the
// page that showed the secret.
func (br *browser) create(form url.Values) (string, *page) {
	br.t.Helper()
	br.get("/dashboard/webhooks")
	p := br.post("/dashboard/webhooks", form)
	require.Equal(br.t, http.StatusCreated, p.Status, p.Body)
	m := endpointLink.FindStringSubmatch(p.Body)
	require.NotNil(br.t, m)
	return m[1], p
}

func TestSignInAndOut(t *testing.T) {
	b := setup(t)
	br := b.browser()

	p := br.get("/dashboard/")
	require.Equal(t, "/dashboard/signin", p.URL, "no session: the sign-in page")
	require.Equal(t, "DENY", p.Header.Get("X-Frame-Options"))
	require.Contains(t, p.Header.Get("Content-Security-Policy"), "default-src 'none'")
	require.Contains(t, p.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'")
	require.NotContains(t, p.Header.Get("Content-Security-Policy"), "unsafe-inline")

	p = br.post("/dashboard/signin", url.Values{"api_key": {"dex_wrong"}})
	require.Equal(t, http.StatusUnauthorized, p.Status)
	require.Contains(t, p.Body, "Invalid API key.")

	resp, err := br.c.PostForm(br.base+"/dashboard/signin", url.Values{"api_key": {b.keyA}, "csrf": {br.csrf}})
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, "/dashboard/webhooks", resp.Request.URL.Path)
	var session *http.Cookie
	for _, c := range resp.Request.Response.Cookies() {
		if c.Name == "dex_session" {
			session = c
		}
	}
	require.NotNil(t, session, "the sign-in answer sets the session cookie")
	require.True(t, session.HttpOnly)
	require.Equal(t, http.SameSiteStrictMode, session.SameSite)
	require.False(t, session.Secure, "http base URL: not Secure")
	require.NotContains(t, session.Value, b.keyA, "the key is not in the cookie")

	p = br.get("/dashboard/webhooks")
	require.Equal(t, http.StatusOK, p.Status)
	require.Contains(t, p.Body, b.teamA.ID)

	// A copy of the session cookie, as a thief would keep it.
	u, err := url.Parse(br.base + "/dashboard/")
	require.NoError(t, err)
	stolen := br.c.Jar.Cookies(u)

	p = br.post("/dashboard/signout", nil)
	require.Equal(t, "/dashboard/signin", p.URL)
	p = br.get("/dashboard/webhooks")
	require.Equal(t, "/dashboard/signin", p.URL, "signed out: back to sign-in")

	// The copy is refused too: sign-out ends the session on the server.
	thief := b.browser()
	thief.c.Jar.SetCookies(u, stolen)
	p = thief.get("/dashboard/webhooks")
	require.Equal(t, "/dashboard/signin", p.URL, "a copied cookie of a signed-out session is refused")
	require.NotContains(t, p.Body, b.teamA.ID)
}

func TestSecureCookieOnHTTPS(t *testing.T) {
	b := setup(t)
	h := dashboard.Mount(&httpapi.Server{Store: b.db, Webhooks: b.api.Webhooks, BaseURL: "https://docs.example.com"})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/dashboard/signin", nil))
	require.Equal(t, http.StatusOK, rec.Code)
	cs := rec.Result().Cookies()
	require.Len(t, cs, 1)
	require.Equal(t, "__Host-dex_signin", cs[0].Name)
	require.True(t, cs[0].Secure)
	require.Equal(t, "/", cs[0].Path)
	tok := csrfField.FindStringSubmatch(rec.Body.String())[1]

	req := httptest.NewRequest("POST", "/dashboard/signin", strings.NewReader(url.Values{"api_key": {b.keyA}, "csrf": {tok}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.AddCookie(cs[0])
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	require.Equal(t, http.StatusSeeOther, rec.Code, rec.Body.String())
	var session *http.Cookie
	for _, c := range rec.Result().Cookies() {
		if c.Name == "__Host-dex_session" {
			session = c
		}
	}
	require.NotNil(t, session)
	require.True(t, session.Secure && session.HttpOnly)
	require.Equal(t, http.SameSiteStrictMode, session.SameSite)
}

func TestExpiredSession(t *testing.T) {
	b := setup(t)
	br := b.browser()
	br.signIn(b.keyA)
	b.skew.Store(int64(dashboard.DefaultSessionTTL - time.Minute))
	require.Equal(t, "/dashboard/webhooks", br.get("/dashboard/webhooks").URL)
	b.skew.Store(int64(dashboard.DefaultSessionTTL + time.Minute))
	require.Equal(t, "/dashboard/signin", br.get("/dashboard/webhooks").URL)
}

func TestEndpointLifecycle(t *testing.T) {
	b := setup(t)
	br := b.browser()
	br.signIn(b.keyA)

	id, p := br.create(url.Values{"url": {b.rc.srv.URL + "/hook"}, "description": {"books"},
		"event_types": {webhook.EventTaskCompleted}, "headers": {"X-Token: s3cr3t-value"}})
	e, err := b.db.FindWebhookEndpoint(b.ctx, id)
	require.NoError(t, err)
	require.Equal(t, b.teamA.ID, e.TeamID)
	require.Equal(t, []string{webhook.EventTaskCompleted}, e.EventTypes)
	require.Equal(t, map[string]string{"X-Token": "s3cr3t-value"}, e.Headers)
	require.Contains(t, p.Body, e.Secret, "the secret is shown on create")

	p = br.get("/dashboard/webhooks/" + id)
	require.Equal(t, http.StatusOK, p.Status)
	require.NotContains(t, p.Body, e.Secret, "and never again")
	require.NotContains(t, p.Body, "s3cr3t-value", "header values are masked")
	require.Contains(t, p.Body, "X-Token:")
	require.Contains(t, br.get("/dashboard/webhooks").Body, b.rc.srv.URL+"/hook")

	// Edit: a blank header value keeps the stored one.
	p = br.post("/dashboard/webhooks/"+id, url.Values{"url": {b.rc.srv.URL + "/v2"}, "description": {"ledger"},
		"event_types": {webhook.EventTaskCompleted, webhook.EventTaskFailed}, "ingest_sources": {docextract.SourceEmail},
		"template_group_ids": {"g1, g2"}, "headers": {"X-Token:\nX-Extra: 1"}})
	require.Equal(t, http.StatusOK, p.Status, p.Body)
	require.Contains(t, p.Body, "Saved.")
	e, err = b.db.FindWebhookEndpoint(b.ctx, id)
	require.NoError(t, err)
	require.Equal(t, b.rc.srv.URL+"/v2", e.URL)
	require.Equal(t, "ledger", e.Description)
	require.Equal(t, []string{docextract.SourceEmail}, e.IngestSources)
	require.Equal(t, []string{"g1", "g2"}, e.TemplateGroupIDs)
	require.Equal(t, map[string]string{"X-Token": "s3cr3t-value", "X-Extra": "1"}, e.Headers)

	// A refused value: the API's message, nothing stored.
	p = br.post("/dashboard/webhooks/"+id, url.Values{"url": {"ftp://example.com"}})
	require.Equal(t, http.StatusBadRequest, p.Status)
	require.Contains(t, p.Body, `class="error"`)
	require.Contains(t, p.Body, `value="ftp://example.com"`, "the form keeps the input")
	e2, err := b.db.FindWebhookEndpoint(b.ctx, id)
	require.NoError(t, err)
	require.Equal(t, e.URL, e2.URL)
	p = br.post("/dashboard/webhooks/"+id, url.Values{"url": {e.URL}, "headers": {"no colon"}})
	require.Equal(t, http.StatusBadRequest, p.Status)
	require.Contains(t, p.Body, "Each header line must be")

	// Disable, enable.
	p = br.post("/dashboard/webhooks/"+id+"/disable", nil)
	require.Contains(t, p.Body, "Endpoint disabled")
	e, _ = b.db.FindWebhookEndpoint(b.ctx, id)
	require.False(t, e.Enabled)
	br.post("/dashboard/webhooks/"+id+"/enable", nil)
	e, _ = b.db.FindWebhookEndpoint(b.ctx, id)
	require.True(t, e.Enabled)

	// Rotate: a new secret, shown once.
	old := e.Secret
	p = br.post("/dashboard/webhooks/"+id+"/rotate", nil)
	e, _ = b.db.FindWebhookEndpoint(b.ctx, id)
	require.NotEqual(t, old, e.Secret)
	require.Contains(t, p.Body, e.Secret)
	require.NotContains(t, br.get("/dashboard/webhooks/"+id).Body, e.Secret)

	// Send test: shown pending, then acknowledged; signed with the new secret.
	p = br.post("/dashboard/webhooks/"+id+"/test", nil)
	require.True(t, strings.Contains(p.Body, `http-equiv="refresh"`) || strings.Contains(p.Body, "status-acknowledged"),
		"a test send reloads until done")
	m := deliveryLink.FindStringSubmatch(p.URL)
	require.NotNil(t, m, p.URL)
	deliveryID := m[1]
	require.Eventually(t, func() bool {
		return strings.Contains(br.get("/dashboard/deliveries/"+deliveryID).Body, `id="delivery-status" class="status-acknowledged"`)
	}, 30*time.Second, 20*time.Millisecond)
	p = br.get("/dashboard/deliveries/" + deliveryID)
	require.Contains(t, p.Body, "endpoint.test")
	require.NotContains(t, p.Body, `http-equiv="refresh"`, "a finished delivery does not reload")
	require.Equal(t, 1, b.rc.count())
	b.rc.mu.Lock()
	body, hdr := b.rc.bodies[0], b.rc.header[0]
	b.rc.mu.Unlock()
	require.Equal(t, "s3cr3t-value", hdr.Get("X-Token"))
	sec, err := webhook.ParseSecret(e.Secret)
	require.NoError(t, err)
	require.NoError(t, webhook.Verify([]byte(body), hdr, sec))
	require.Contains(t, html.UnescapeString(p.Body), `"type": "endpoint.test"`, "the body, pretty-printed")
	require.Contains(t, br.get("/dashboard/webhooks/"+id).Body, deliveryID, "listed on the endpoint")

	// A test delivery cannot be redelivered: refused with the reason.
	p = br.post("/dashboard/deliveries/"+deliveryID+"/redeliver", nil)
	require.Equal(t, http.StatusBadRequest, p.Status)
	require.Contains(t, p.Body, "Test events cannot be redelivered.")

	// Delete after confirmation.
	p = br.get("/dashboard/webhooks/" + id + "/delete")
	require.Contains(t, p.Body, "Delete for good")
	p = br.post("/dashboard/webhooks/"+id+"/delete", nil)
	require.Equal(t, "/dashboard/webhooks", p.URL)
	_, err = b.db.FindWebhookEndpoint(b.ctx, id)
	require.Equal(t, docextract.ENOTFOUND, docextract.ErrorCode(err))
}

// failedDelivery stores a delivery of a task event to endpoint id that has
// used its attempts.
func (b *bundle) failedDelivery(teamID, endpointID string) *store.WebhookDelivery {
	b.t.Helper()
	d := &store.WebhookDelivery{TeamID: teamID, EndpointID: endpointID, EventID: webhook.NewID(), EventType: webhook.EventTaskCompleted,
		MaxAttempts: 1, Body: []byte(`{"type":"task.completed","data":{"n":1}}`)}
	require.NoError(b.t, b.db.CreateWebhookDelivery(b.ctx, d))
	require.Eventually(b.t, func() bool {
		got, err := b.db.FindWebhookDelivery(b.ctx, d.ID)
		return err == nil && got.Status == store.DeliveryFailed
	}, 30*time.Second, 20*time.Millisecond)
	return d
}

func TestRedeliver(t *testing.T) {
	b := setup(t)
	b.rc.status.Store(500)
	br := b.browser()
	br.signIn(b.keyA)
	id, _ := br.create(url.Values{"url": {b.rc.srv.URL}})
	d := b.failedDelivery(b.teamA.ID, id)

	p := br.get("/dashboard/deliveries/" + d.ID)
	require.Contains(t, p.Body, `class="status-failed"`)
	require.Contains(t, p.Body, "500")
	require.Contains(t, p.Body, `id="redeliver"`)

	// Disabled endpoint: refused with the reason.
	br.post("/dashboard/webhooks/"+id+"/disable", nil)
	p = br.post("/dashboard/deliveries/"+d.ID+"/redeliver", nil)
	require.Equal(t, http.StatusConflict, p.Status)
	require.Contains(t, p.Body, "The endpoint is disabled")

	br.post("/dashboard/webhooks/"+id+"/enable", nil)
	b.rc.status.Store(200)
	p = br.post("/dashboard/deliveries/"+d.ID+"/redeliver", nil)
	require.Contains(t, p.Body, "Redelivery queued")
	m := deliveryLink.FindStringSubmatch(p.URL)
	require.NotNil(t, m)
	require.NotEqual(t, d.ID, m[1])
	nd, err := b.db.FindWebhookDelivery(b.ctx, m[1])
	require.NoError(t, err)
	require.Equal(t, d.ID, nd.RedeliveryOf)
	require.Equal(t, d.Body, nd.Body)
}

func TestCSRFRefused(t *testing.T) {
	b := setup(t)
	br := b.browser()
	br.signIn(b.keyA)
	id, _ := br.create(url.Values{"url": {b.rc.srv.URL}})

	other := b.browser()
	other.signIn(b.keyA) // same team, another session: its token does not fit
	for _, tok := range []string{"", "x", other.csrf} {
		p := br.post("/dashboard/webhooks", url.Values{"url": {b.rc.srv.URL + "/csrf"}, "csrf": {tok}})
		require.Equal(t, http.StatusForbidden, p.Status, "token %q", tok)
		p = br.post("/dashboard/webhooks/"+id+"/delete", url.Values{"csrf": {tok}})
		require.Equal(t, http.StatusForbidden, p.Status)
	}
	eps, err := b.db.ListWebhookEndpoints(b.ctx, b.teamA.ID)
	require.NoError(t, err)
	require.Len(t, eps, 1, "nothing created, nothing deleted")

	// Sign-in without the sign-in cookie's token is refused too.
	fresh := b.browser()
	p := fresh.post("/dashboard/signin", url.Values{"api_key": {b.keyA}, "csrf": {"forged"}})
	require.Equal(t, http.StatusForbidden, p.Status)
	require.Equal(t, "/dashboard/signin", p.URL)

	// No session at all: a POST is refused, not redirected.
	p = fresh.post("/dashboard/webhooks", url.Values{"url": {b.rc.srv.URL}})
	require.Equal(t, http.StatusForbidden, p.Status)
}

func TestOtherTeamSeesNothing(t *testing.T) {
	b := setup(t)
	a := b.browser()
	a.signIn(b.keyA)
	id, _ := a.create(url.Values{"url": {b.rc.srv.URL + "/team-a"}, "description": {"team A's books"}})
	b.rc.status.Store(500)
	d := b.failedDelivery(b.teamA.ID, id)
	e, err := b.db.FindWebhookEndpoint(b.ctx, id)
	require.NoError(t, err)

	o := b.browser()
	o.signIn(b.keyB)
	p := o.get("/dashboard/webhooks")
	require.Equal(t, http.StatusOK, p.Status)
	require.NotContains(t, p.Body, "team-a")
	require.NotContains(t, p.Body, id)

	for _, path := range []string{"/dashboard/webhooks/" + id, "/dashboard/webhooks/" + id + "/delete", "/dashboard/deliveries/" + d.ID} {
		p = o.get(path)
		require.Equal(t, http.StatusNotFound, p.Status, path)
		require.NotContains(t, p.Body, "team-a", path)
	}
	for _, path := range []string{"", "/disable", "/rotate", "/test", "/delete"} {
		p = o.post("/dashboard/webhooks/"+id+path, url.Values{"url": {b.rc.srv.URL + "/stolen"}})
		require.Equal(t, http.StatusNotFound, p.Status, path)
	}
	p = o.post("/dashboard/deliveries/"+d.ID+"/redeliver", nil)
	require.Equal(t, http.StatusNotFound, p.Status)

	after, err := b.db.FindWebhookEndpoint(b.ctx, id)
	require.NoError(t, err)
	require.Equal(t, e, after, "unchanged")
	ds, err := b.db.ListWebhookDeliveries(b.ctx, id, 0, 10)
	require.NoError(t, err)
	require.Len(t, ds, 1, "no test, no redelivery")

	p = o.get("/dashboard/credits")
	require.Contains(t, p.Body, `id="available">100<`)
}

func TestValuesShownAsText(t *testing.T) {
	b := setup(t)
	br := b.browser()
	br.signIn(b.keyA)
	evil := `<script>alert("x")</script>`
	id, p := br.create(url.Values{"url": {b.rc.srv.URL + "/?q=<b>"}, "description": {evil}, "headers": {"X-A: <i>"}})
	for _, p := range []*page{p, br.get("/dashboard/webhooks"), br.get("/dashboard/webhooks/" + id), br.get("/dashboard/webhooks/" + id + "/delete")} {
		require.NotContains(t, p.Body, "<script>alert")
		require.NotContains(t, p.Body, "<b>")
	}
	require.Contains(t, br.get("/dashboard/webhooks").Body, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;")

	// A refused create shows the input back, escaped.
	p = br.post("/dashboard/webhooks", url.Values{"url": {`javascript:alert(1)"><script>x</script>`}, "description": {evil}})
	require.Equal(t, http.StatusBadRequest, p.Status)
	require.NotContains(t, p.Body, "<script>x")
	require.NotContains(t, p.Body, "<script>alert")
}

func TestStaticAndUnknownPages(t *testing.T) {
	b := setup(t)
	br := b.browser()
	p := br.get("/dashboard/static/dashboard.js")
	require.Equal(t, http.StatusOK, p.Status)
	require.Contains(t, p.Body, "clipboard")
	p = br.get("/dashboard/static/dashboard.css")
	require.Equal(t, http.StatusOK, p.Status)
	require.Equal(t, http.StatusNotFound, br.get("/dashboard/nope").Status)
	// The API is still served beside the dashboard.
	resp, err := http.Get(b.srv.URL + "/healthz")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
}

func TestEndpointDeliveriesPaged(t *testing.T) {
	b := setup(t)
	br := b.browser()
	br.signIn(b.keyA)
	id, _ := br.create(url.Values{"url": {b.rc.srv.URL}})
	br.post("/dashboard/webhooks/"+id+"/disable", nil) // nothing is sent
	for range 30 {
		require.NoError(t, b.db.CreateWebhookDelivery(b.ctx, &store.WebhookDelivery{TeamID: b.teamA.ID, EndpointID: id,
			EventID: webhook.NewID(), EventType: webhook.EventTaskCompleted, MaxAttempts: 1, Body: []byte(`{}`),
			NextAttemptAt: time.Now().Add(time.Hour)}))
	}
	p := br.get("/dashboard/webhooks/" + id)
	require.Equal(t, 25, len(deliveryLink.FindAllString(p.Body, -1)))
	next := regexp.MustCompile(`before=(\d+)`).FindStringSubmatch(p.Body)
	require.NotNil(t, next)
	p = br.get("/dashboard/webhooks/" + id + "?before=" + next[1])
	require.Equal(t, 5, len(deliveryLink.FindAllString(p.Body, -1)))
	require.Equal(t, http.StatusBadRequest, br.get("/dashboard/webhooks/"+id+"?before=x").Status)

	// A delivery waiting an hour for its attempt does not reload itself.
	d := deliveryLink.FindStringSubmatch(p.Body)[1]
	p = br.get("/dashboard/deliveries/" + d)
	require.Contains(t, p.Body, `class="status-pending"`)
	require.NotContains(t, p.Body, `http-equiv="refresh"`)
}

// The credits page shows the team's own e-mail inbox: its addresses when
// the server takes mail, else its token; never another team's.
func TestCreditsShowInbox(t *testing.T) {
	b := setup(t)
	br := b.browser()
	br.signIn(b.keyA)
	p := br.get("/dashboard/credits")
	require.Contains(t, p.Body, "This server takes no mail")
	require.Contains(t, p.Body, "<code>"+b.teamA.InboxToken+"</code>")

	b.api.InboxDomain = "docs.example.com" // read per request; no request is in flight
	p = br.get("/dashboard/credits")
	for _, addr := range []string{"invoice&#43;", "receipt&#43;", "bank_statement&#43;", ""} { // '+' as html/template writes it
		require.Contains(t, p.Body, "<code>"+addr+b.teamA.InboxToken+"@docs.example.com</code>")
	}
	require.NotContains(t, p.Body, b.teamB.InboxToken)
}
