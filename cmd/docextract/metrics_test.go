package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/webhook/dispatch"
)

var metricsRE = regexp.MustCompile(`metrics on (http://\S+/metrics)`)

// TestServeMetricsAndAccessLog runs the real server with --metrics-addr and
// checks that an upload, its extraction and the requests show in the
// Prometheus metrics, and that each request has an access-log line with
// its request id.
func TestServeMetricsAndAccessLog(t *testing.T) {
	stdout, stderr, stop := startServe(t, filepath.Join(t.TempDir(), "metrics.db"), "--metrics-addr", "127.0.0.1:0", "--workers", "1", "--log-format", "json")
	defer stop()
	key := waitFor(t, stdout, apiKeyRE, stderr)
	base := waitFor(t, stdout, listeningRE, stderr)
	metricsURL := waitFor(t, stdout, metricsRE, stderr)
	c := &client{t: t, base: base, key: key}

	pdf := invoicePDF(t, 7, 1)
	st, up := c.upload("invoice", "invoice.pdf", pdf)
	require.Equal(t, http.StatusOK, st, "%v", up)
	id := up["document_id"].(string)
	st, _ = c.waitDone(id, 60*time.Second)
	require.Equal(t, http.StatusOK, st)
	st, _ = c.do(http.MethodGet, "/no/such/path", nil, "")
	require.Equal(t, http.StatusNotFound, st)

	// The request id: the caller's when it is a plain token, else new.
	req, _ := http.NewRequest(http.MethodGet, base+"/healthz", nil)
	req.Header.Set("X-Request-Id", "abc-123")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, "abc-123", resp.Header.Get("X-Request-Id"))
	req.Header.Set("X-Request-Id", "evil\"{}<script>")
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Regexp(t, `^[0-9a-f]{24}$`, resp.Header.Get("X-Request-Id"))

	scrape := func() string {
		resp, err := http.Get(metricsURL)
		require.NoError(t, err)
		defer resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return string(b)
	}
	value := func(text, series string) float64 {
		t.Helper()
		for _, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(line, series+" ") {
				v, err := strconv.ParseFloat(strings.TrimPrefix(line, series+" "), 64)
				require.NoError(t, err)
				return v
			}
		}
		t.Fatalf("no series %s in:\n%s", series, text)
		return 0
	}
	// The worker records an extraction's metrics just after committing its
	// result, so the result can be read a moment before they show.
	const extracted = `docextract_extraction_seconds_count{doc_type="invoice",path="text"} `
	text := scrape()
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(text, extracted) && time.Now().Before(deadline); text = scrape() {
		time.Sleep(20 * time.Millisecond)
	}
	require.Equal(t, 1.0, value(text, `docextract_http_requests_total{code="200",method="POST",route="POST /api/v1/documents/{doc_type}"}`))
	require.Equal(t, 1.0, value(text, `docextract_http_requests_total{code="404",method="GET",route="unmatched"}`))
	require.GreaterOrEqual(t, value(text, `docextract_upload_bytes_total`), float64(len(pdf)))
	require.Equal(t, 1.0, value(text, `docextract_extraction_seconds_count{doc_type="invoice",path="text"}`))
	require.Equal(t, 1.0, value(text, `docextract_extracted_pages_total{doc_type="invoice",path="text"}`))
	require.Equal(t, 1.0, value(text, `docextract_credits_captured_total{doc_type="invoice"}`))
	require.Equal(t, 0.0, value(text, `docextract_queue_jobs`))
	require.Equal(t, 0.0, value(text, `docextract_store_scrape_error`))
	require.Contains(t, text, "go_goroutines")

	// One access-log line per request, with the request id and the route.
	logs := stderr.String()
	require.Contains(t, logs, `"request_id":"abc-123"`)
	require.Regexp(t, `"msg":"http".*"route":"POST /api/v1/documents/\{doc_type\}".*"status":200`, logs)
	require.NotContains(t, logs, "evil")
}

// TestAttemptMetrics checks the webhook series the dispatcher's OnAttempt
// feeds.
func TestAttemptMetrics(t *testing.T) {
	db, err := openDB(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	require.NoError(t, err)
	defer db.Close()
	m := newMetrics(db)
	m.observeAttempt(dispatch.Attempt{EventType: "task.completed", Outcome: "acknowledged", StatusCode: 200, Duration: 30 * time.Millisecond})
	m.observeAttempt(dispatch.Attempt{EventType: "task.completed", Outcome: "retry", StatusCode: 503, Duration: time.Second})
	rec := httptest.NewRecorder()
	m.handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	body := rec.Body.String()
	require.Contains(t, body, `docextract_webhook_attempts_total{event_type="task.completed",outcome="acknowledged"} 1`)
	require.Contains(t, body, `docextract_webhook_attempts_total{event_type="task.completed",outcome="retry"} 1`)
	require.Contains(t, body, `docextract_webhook_attempt_duration_seconds_count{outcome="retry"} 1`)
}
