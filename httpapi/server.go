package httpapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/docextract/docextract/ratelimit"
	"github.com/docextract/docextract/store"
	"github.com/google/uuid"
)

// Server is the HTTP API and its worker pool. Set the fields, then use it as
// an http.Handler and call RunWorkers. Zero values mean the documented
// defaults.
type Server struct {
	// Store holds everything; required.
	Store store.Store
	// SpoolDir is where uploads are streamed before they are checked and
	// stored; "" means os.TempDir(). Spool files are unlinked at creation
	// and reused.
	SpoolDir string
	// Inspector counts pages at upload; Extractor extracts in the workers.
	// Both are usually one *extract.Extractor; required.
	Inspector Inspector
	Extractor Extractor
	// RateLimiter limits uploads per API key; nil means no limit.
	RateLimiter *ratelimit.Limiter
	// BaseURL is the public address of the API, e.g. for links in webhooks.
	BaseURL string
	// Logger receives structured logs; nil means slog.Default().
	Logger *slog.Logger

	// Workers is the number of concurrent extraction workers (default 2).
	Workers int
	// JobLease is the visibility timeout of a leased job; a running job's
	// lease is renewed every JobLease/3, so a crashed worker's job is leased
	// again about JobLease after the crash (default 30s).
	JobLease time.Duration
	// PollInterval is how often idle workers look for jobs they were not
	// woken for (default 500ms).
	PollInterval time.Duration
	// MaxAttempts fails a task with processing_failed when its job has been
	// leased more often (a poison file that crashes the process; default 5).
	MaxAttempts int
	// ShutdownGrace is how long in-flight jobs may run on after RunWorkers'
	// context ends before they are cancelled and released (default 20s).
	ShutdownGrace time.Duration
	// OnTaskEvent, when set, is called after a task's completed or failed
	// decision was committed (e.g. to wake webhook delivery).
	OnTaskEvent func(ev *store.TaskEvent)
	// Webhooks, when set, serves the webhook management API; run its Run
	// and pass its Wake as OnTaskEvent (see webhook.go).
	Webhooks *Webhooks

	// Now and NewID are the clock and id source; nil means time.Now and
	// random UUIDs.
	Now   func() time.Time
	NewID func() string

	once    sync.Once
	mux     *http.ServeMux
	handler http.Handler
	wake    chan struct{}
	spools  *spools
}

func (s *Server) init() {
	s.once.Do(func() {
		if s.Logger == nil {
			s.Logger = slog.Default()
		}
		if s.Workers <= 0 {
			s.Workers = 2
		}
		if s.JobLease <= 0 {
			s.JobLease = 30 * time.Second
		}
		if s.PollInterval <= 0 {
			s.PollInterval = 500 * time.Millisecond
		}
		if s.MaxAttempts <= 0 {
			s.MaxAttempts = 5
		}
		if s.ShutdownGrace <= 0 {
			s.ShutdownGrace = 20 * time.Second
		}
		if s.Now == nil {
			s.Now = time.Now
		}
		if s.NewID == nil {
			s.NewID = uuid.NewString
		}
		s.wake = make(chan struct{}, 1)
		s.spools = &spools{dir: s.SpoolDir, maxIdle: 32}
		s.mux = http.NewServeMux()
		s.routes()
		s.handler = s.recoverPanics(s.jsonFallbacks(s.mux))
	})
}

// routes registers every endpoint. Files that add endpoints add their lines
// here.
func (s *Server) routes() {
	s.mux.HandleFunc("GET /healthz", s.handleHealth)
	s.mux.HandleFunc("POST /api/v1/documents/{doc_type}", s.handleUpload)
	s.mux.HandleFunc("POST /api/v1/documents/download_selected", s.handleDownload)
	s.mux.HandleFunc("GET /api/v1/documents/{document_id}/result", s.handleResult)
	s.mux.HandleFunc("DELETE /api/v1/documents/{document_id}", s.handleDelete)
	s.mux.HandleFunc("POST /api/v1/documents/{document_id}/password", s.handlePassword)
	// In their own files: password.go above; these below.
	s.webhookRoutes()     // webhook_api.go
	s.taskResultsRoutes() // taskresults.go
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.init()
	s.handler.ServeHTTP(w, r)
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	if _, err := s.Store.CountTeams(r.Context()); err != nil {
		Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// recoverPanics turns a handler's panic into a logged 500, and puts the
// server's logger in the request context for Error.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = r.WithContext(context.WithValue(r.Context(), loggerKey{}, s.Logger))
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.Logger.Error("http: panic", "method", r.Method, "path", r.URL.Path, "panic", v)
				writeJSON(w, http.StatusInternalServerError, map[string]string{"detail": "Internal error."})
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// jsonFallbacks answers requests that match no route as every other error
// is answered, in JSON: {"detail": "Not Found"} (404) and
// {"detail": "Method Not Allowed"} (405, with its Allow header), instead of
// the mux's plain text. Redirects the mux makes (path cleaning) pass through.
func (s *Server) jsonFallbacks(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, pattern := mux.Handler(r); pattern == "" {
			w = &fallbackWriter{ResponseWriter: w}
		}
		mux.ServeHTTP(w, r)
	})
}

type fallbackWriter struct {
	http.ResponseWriter
	replaced bool
}

func (f *fallbackWriter) WriteHeader(code int) {
	if code != http.StatusNotFound && code != http.StatusMethodNotAllowed {
		f.ResponseWriter.WriteHeader(code)
		return
	}
	f.replaced = true
	f.Header().Set("Content-Type", "application/json")
	f.ResponseWriter.WriteHeader(code)
	_ = json.NewEncoder(f.ResponseWriter).Encode(map[string]string{"detail": http.StatusText(code)})
}

func (f *fallbackWriter) Write(b []byte) (int, error) {
	if f.replaced {
		return len(b), nil // the mux's plain-text body, replaced
	}
	return f.ResponseWriter.Write(b)
}
