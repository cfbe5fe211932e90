package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/webhook/dispatch"
	"github.com/docextract/docextract/worker"
)

// metrics are the server's Prometheus metrics (README, Operations). The
// library packages know nothing of Prometheus: the worker pool and the
// dispatcher report through their OnExtracted and OnAttempt hooks, the
// HTTP layer through the middleware below, the queue on each scrape.
type metrics struct {
	reg         *prometheus.Registry
	requests    *prometheus.CounterVec
	latency     *prometheus.HistogramVec
	uploadBytes prometheus.Counter
	extraction  *prometheus.HistogramVec
	pages       *prometheus.CounterVec
	credits     *prometheus.CounterVec
	attempts    *prometheus.CounterVec
	attemptTime *prometheus.HistogramVec
	smtp        *prometheus.CounterVec
}

func newMetrics(db store.Store) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "docextract_http_requests_total",
		Help: "HTTP requests answered, by route pattern, method and status code."}, []string{"route", "method", "code"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "docextract_http_request_duration_seconds",
		Help: "Time to answer an HTTP request, by route pattern.", Buckets: prometheus.ExponentialBuckets(0.001, 4, 9)}, []string{"route"})
	m.uploadBytes = prometheus.NewCounter(prometheus.CounterOpts{Name: "docextract_upload_bytes_total",
		Help: "Request body bytes read by upload requests."})
	m.extraction = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "docextract_extraction_seconds",
		Help:    "Time to extract one upload, by requested document type and path (cii, ubl, text, ocr, none, error, password).",
		Buckets: prometheus.ExponentialBuckets(0.01, 3, 10)}, []string{"doc_type", "path"})
	m.pages = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "docextract_extracted_pages_total",
		Help: "Pages of extracted uploads, by requested document type and path."}, []string{"doc_type", "path"})
	m.credits = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "docextract_credits_captured_total",
		Help: "Credits captured by completed tasks, by document type."}, []string{"doc_type"})
	m.attempts = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "docextract_webhook_attempts_total",
		Help: "Webhook delivery attempts, by event type and outcome (acknowledged, retry, failed)."}, []string{"event_type", "outcome"})
	m.attemptTime = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "docextract_webhook_attempt_duration_seconds",
		Help:    "Time from sending a webhook request to its answer or failure, by outcome.",
		Buckets: prometheus.ExponentialBuckets(0.005, 3, 9)}, []string{"outcome"})
	m.smtp = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "docextract_smtp_replies_total",
		Help: "Answers of the e-mail intake to recipients (stage rcpt) and messages (stage data), by reply code: 250 accepted, 4xx try later, 5xx refused."},
		[]string{"stage", "code"})
	m.reg.MustRegister(m.requests, m.latency, m.uploadBytes, m.extraction, m.pages, m.credits, m.attempts, m.attemptTime, m.smtp,
		&storeCollector{db: db},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// observeExtraction is worker.Pool.OnExtracted.
func (m *metrics) observeExtraction(e worker.Extraction) {
	m.extraction.WithLabelValues(string(e.DocType), e.Path).Observe(e.Duration.Seconds())
	m.pages.WithLabelValues(string(e.DocType), e.Path).Add(float64(e.Pages))
	m.credits.WithLabelValues(string(e.DocType)).Add(float64(e.Credits))
}

// observeAttempt is dispatch.Dispatcher.OnAttempt.
func (m *metrics) observeAttempt(a dispatch.Attempt) {
	m.attempts.WithLabelValues(a.EventType, a.Outcome).Inc()
	m.attemptTime.WithLabelValues(a.Outcome).Observe(a.Duration.Seconds())
}

// observeSMTP is email.Server.OnReply.
func (m *metrics) observeSMTP(stage string, code int) {
	m.smtp.WithLabelValues(stage, strconv.Itoa(code)).Inc()
}

// handler serves the metrics in the Prometheus text format.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Timeout: 10 * time.Second})
}

// storeCollector reads the queue and the credits from the store at each
// scrape, so every server of a PostgreSQL fleet reports the shared queue.
type storeCollector struct{ db store.Store }

var (
	queueJobs = prometheus.NewDesc("docextract_queue_jobs", "Extraction jobs queued or running.", nil, nil)
	queueAge  = prometheus.NewDesc("docextract_queue_oldest_age_seconds", "Age of the oldest queued or running extraction job; 0 when none.", nil, nil)
	scrapeErr = prometheus.NewDesc("docextract_store_scrape_error", "1 when the store could not be read for this scrape.", nil, nil)
)

func (c *storeCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- queueJobs
	ch <- queueAge
	ch <- scrapeErr
}

func (c *storeCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	st, err := c.db.QueueStats(ctx)
	if err != nil {
		ch <- prometheus.MustNewConstMetric(scrapeErr, prometheus.GaugeValue, 1)
		return
	}
	ch <- prometheus.MustNewConstMetric(scrapeErr, prometheus.GaugeValue, 0)
	ch <- prometheus.MustNewConstMetric(queueJobs, prometheus.GaugeValue, float64(st.Jobs))
	age := 0.0
	if !st.Oldest.IsZero() {
		age = max(0, time.Since(st.Oldest).Seconds())
	}
	ch <- prometheus.MustNewConstMetric(queueAge, prometheus.GaugeValue, age)
}

// observe wraps the server's handler: it gives each request an id (the
// caller's X-Request-Id when it is a short token, else a new one, echoed
// in the answer), counts and times it by route, counts upload bytes, and
// writes one access-log line when log is not nil.
func (m *metrics) observe(next http.Handler, route func(*http.Request) string, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := requestID(r.Header.Get("X-Request-Id"))
		w.Header().Set("X-Request-Id", id)
		rt := route(r)
		label := rt
		switch {
		case rt != "":
		case strings.HasPrefix(r.URL.Path, "/dashboard/") || r.URL.Path == "/dashboard":
			label = "/dashboard/"
		default:
			label = "unmatched"
		}
		var body *countingBody
		if r.Body != nil && r.Body != http.NoBody {
			body = &countingBody{ReadCloser: r.Body}
			r.Body = body
		}
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		code := rec.status
		if code == 0 {
			code = http.StatusOK
		}
		d := time.Since(start)
		m.requests.WithLabelValues(label, r.Method, strconv.Itoa(code)).Inc()
		m.latency.WithLabelValues(label).Observe(d.Seconds())
		var read int64
		if body != nil {
			read = body.n.Load()
		}
		if r.Method == http.MethodPost && strings.HasPrefix(label, "POST /api/v1/documents/{doc_type}") {
			m.uploadBytes.Add(float64(read))
		}
		if log != nil {
			ip, _, _ := net.SplitHostPort(r.RemoteAddr)
			log.LogAttrs(r.Context(), slog.LevelInfo, "http",
				slog.String("request_id", id), slog.String("method", r.Method), slog.String("route", label),
				slog.String("path", r.URL.Path), slog.Int("status", code), slog.Int64("bytes_in", read),
				slog.Int64("bytes_out", rec.written), slog.Duration("duration", d), slog.String("client", ip))
		}
	})
}

// requestID returns the caller's id when it is 1 to 64 letters, digits,
// '-', '_' or '.', else a new random one: a log line never carries what a
// client injected.
func requestID(given string) string {
	if n := len(given); n > 0 && n <= 64 {
		ok := true
		for i := 0; i < n && ok; i++ {
			c := given[i]
			ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
		}
		if ok {
			return given
		}
	}
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// countingBody counts the bytes read from a request body.
type countingBody struct {
	io.ReadCloser
	n atomic.Int64
}

func (c *countingBody) Read(p []byte) (int, error) {
	n, err := c.ReadCloser.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// statusRecorder remembers the status code and counts the bytes written.
// It passes Flush and Unwrap through, so http.ResponseController works.
type statusRecorder struct {
	http.ResponseWriter
	status  int
	written int64
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(p []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(p)
	s.written += int64(n)
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func (s *statusRecorder) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
