package dashboard_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/httpapi"
	"github.com/docextract/docextract/httpapi/dashboard"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/sqlite"
	"github.com/docextract/docextract/webhook"
	"github.com/docextract/docextract/webhook/dispatch"
)

// BenchmarkPages measures the server time of the busiest pages with
// 10,000 documents and 10,000 deliveries in the database (the dashboard
// pages them: 50 documents, 25 deliveries a page):
//
//	go test -run '^$' -bench Pages -benchtime 200x ./httpapi/dashboard/
func BenchmarkPages(b *testing.B) {
	const n = 10000
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	team, err := db.CreateTeam(ctx, "Acme")
	if err != nil {
		b.Fatal(err)
	}
	if err := db.Grant(ctx, team.ID, 2*n); err != nil {
		b.Fatal(err)
	}
	key, rec := httpapi.GenerateAPIKey(team.ID)
	if err := db.CreateAPIKey(ctx, rec); err != nil {
		b.Fatal(err)
	}
	var lastDoc string
	for i := range n {
		task := &store.Task{ID: uuid.NewString(), TeamID: team.ID, DocType: docextract.Invoice, FileName: "invoice-" + uuid.NewString()[:8] + ".pdf",
			ContentType: "application/pdf", PageCount: 1, FileSize: 1, IngestSource: docextract.SourceUpload}
		if err := db.CreateUpload(ctx, &store.Upload{Task: task, Credits: 1}); err != nil {
			b.Fatal(i, err)
		}
		lastDoc = task.ID
	}
	ep := &store.WebhookEndpoint{TeamID: team.ID, URL: "https://example.com/hook", Enabled: true, Secret: webhook.NewSecret().String()}
	if err := db.CreateWebhookEndpoint(ctx, ep); err != nil {
		b.Fatal(err)
	}
	var lastDelivery string
	later := time.Now().Add(24 * time.Hour)
	body := []byte(strings.Repeat(`{"type":"task.completed","data":{"x":1}}`, 20))
	for range n {
		d := &store.WebhookDelivery{TeamID: team.ID, EndpointID: ep.ID, EventID: webhook.NewID(), EventType: webhook.EventTaskCompleted,
			MaxAttempts: 8, Body: body, NextAttemptAt: later}
		if err := db.CreateWebhookDelivery(ctx, d); err != nil {
			b.Fatal(err)
		}
		lastDelivery = d.ID
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	api := &httpapi.Server{Store: db, Webhooks: &dispatch.Dispatcher{Store: db, Logger: quiet}, Logger: quiet}
	h := dashboard.Mount(api)

	// Sign in once, through the handler.
	rr := httptest.NewRecorder()
	h.ServeHTTP(rr, httptest.NewRequest("GET", "/dashboard/signin", nil))
	tok := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindStringSubmatch(rr.Body.String())[1]
	req := httptest.NewRequest("POST", "/dashboard/signin", strings.NewReader(url.Values{"api_key": {key}, "csrf": {tok}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for _, c := range rr.Result().Cookies() {
		req.AddCookie(c)
	}
	rr = httptest.NewRecorder()
	h.ServeHTTP(rr, req)
	var cookies []*http.Cookie
	for _, c := range rr.Result().Cookies() {
		if c.Name == "dex_session" {
			cookies = append(cookies, c)
		}
	}
	if len(cookies) != 1 {
		b.Fatal("no session")
	}

	for _, page := range []struct{ name, path string }{
		{"documents", "/dashboard/documents"},
		{"document", "/dashboard/documents/" + lastDoc},
		{"endpoints", "/dashboard/webhooks"},
		{"endpoint-deliveries", "/dashboard/webhooks/" + ep.ID},
		{"team-deliveries", "/dashboard/deliveries"},
		{"team-deliveries-failed", "/dashboard/deliveries?status=failed&event_type=task.completed"},
		{"delivery", "/dashboard/deliveries/" + lastDelivery},
		{"credits", "/dashboard/credits"},
	} {
		b.Run(page.name, func(b *testing.B) {
			var worst time.Duration
			for b.Loop() {
				req := httptest.NewRequest("GET", page.path, nil)
				req.AddCookie(cookies[0])
				rr := httptest.NewRecorder()
				start := time.Now()
				h.ServeHTTP(rr, req)
				worst = max(worst, time.Since(start))
				if rr.Code != http.StatusOK {
					b.Fatalf("%s: %d", page.path, rr.Code)
				}
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
		})
	}
}
