package httpapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/ratelimit"
	"github.com/docextract/docextract/store"
)

// Server is the HTTP API. Set the fields, then use it as an http.Handler.
// Zero values mean the documented defaults. It does no background work:
// queued tasks are extracted by a worker.Pool and webhooks are sent by a
// dispatch.Dispatcher, both run beside it on the same store.
type Server struct {
	// Store holds everything; required.
	Store store.Store
	// SpoolDir is where uploads are streamed before they are checked and
	// stored; "" means os.TempDir(). Spool files are unlinked at creation
	// and reused.
	SpoolDir string
	// Inspector counts pages at upload, usually the *extract.Extractor the
	// workers use; required.
	Inspector Inspector
	// OnTaskQueued, when set, is called after an upload or a password
	// queued a task (worker.Pool.Notify wakes an idle worker); without it
	// workers find the job on their next poll.
	OnTaskQueued func()
	// OnTaskEvent, when set, is called after a request recorded a task's
	// completed or failed event (rejecting a review), e.g. to wake webhook
	// delivery; the dispatcher also polls.
	OnTaskEvent func(ev *store.TaskEvent)
	// RateLimiter limits uploads per API key; nil means no limit.
	RateLimiter *ratelimit.Limiter
	// BaseURL is the public address of the API, e.g. for links in webhooks.
	BaseURL string
	// TemplateGroups returns the template groups of a template id, for the
	// template_group_ids filter of task results; nil means templates
	// belong to no group.
	TemplateGroups func(templateID string) []string
	// Webhooks, when set, serves the webhook management API with it as the
	// delivery side (*dispatch.Dispatcher); nil answers that API with 501.
	Webhooks Webhooks
	// InboxDomain is the mail domain of the teams' e-mail inboxes
	// (package ingest/email), shown by GET /api/v1/inbox; "" when the
	// server takes no mail (the inbox then shows its token only).
	InboxDomain string
	// Logger receives structured logs; nil means slog.Default().
	Logger *slog.Logger
	// Limits bound how long a request may hold its connection (body read
	// rate, response write time); zero values mean the defaults.
	Limits Limits

	// Now and NewID are the clock and id source; nil means time.Now and
	// random UUIDs.
	Now   func() time.Time
	NewID func() string

	once         sync.Once
	mux          *routeMux
	routeSchemes []routeScheme
	handler      http.Handler
	spools       *spools
}

// Inspector learns a file's page count cheaply, at upload. *extract.Extractor
// satisfies it.
type Inspector interface {
	Inspect(ctx context.Context, data []byte, password string) (extract.Info, error)
}

// Webhooks is what the webhook management API needs of delivery, beyond
// the store's endpoints and deliveries. *dispatch.Dispatcher satisfies it.
type Webhooks interface {
	// ValidateURL checks a receiver URL before it is stored.
	ValidateURL(rawURL string) error
	// EndpointChanged reports an update or delete of an endpoint, so
	// deliveries leased with its old settings are not sent.
	EndpointChanged(endpointID string, at time.Time)
	// SendTest queues an endpoint.test delivery and returns it pending.
	SendTest(ctx context.Context, ep *store.WebhookEndpoint) (*store.WebhookDelivery, error)
	// Redeliver queues a new delivery of a failed or cancelled one.
	Redeliver(ctx context.Context, of *store.WebhookDelivery) (*store.WebhookDelivery, error)
}

// taskQueued tells the workers that a task was queued.
func (s *Server) taskQueued() {
	if s.OnTaskQueued != nil {
		s.OnTaskQueued()
	}
}

func (s *Server) init() {
	s.once.Do(func() {
		if s.Logger == nil {
			s.Logger = slog.Default()
		}
		if s.Now == nil {
			s.Now = time.Now
		}
		if s.NewID == nil {
			s.NewID = uuid.NewString
		}
		s.spools = &spools{dir: s.SpoolDir, maxIdle: 32}
		s.mux = &routeMux{ServeMux: http.NewServeMux()}
		s.routes()
		s.handler = s.guard(s.recoverPanics(s.jsonFallbacks(s.mux.ServeMux)))
	})
}

// routes registers every endpoint. Files that add endpoints add their lines
// here.
func (s *Server) routes() {
	s.handle("GET /healthz", public, s.handleHealth)
	s.handle("GET /openapi.json", public, s.handleOpenAPI) // openapi.go
	s.handle("POST /api/v1/documents/{doc_type}", apiKey, s.handleUpload)
	s.handle("POST /api/v1/documents/download_selected", apiKey, s.handleDownload)
	s.handle("GET /api/v1/documents/{document_id}/result", apiKey, s.handleResult)
	s.handle("DELETE /api/v1/documents/{document_id}", apiKey, s.handleDelete)
	s.handle("POST /api/v1/documents/{document_id}/password", apiKey, s.handlePassword)
	// In their own files: password.go above; these below.
	s.webhookRoutes()     // webhook_api.go
	s.taskResultsRoutes() // taskresults.go
	s.accountRoutes()     // account.go
	s.inboxRoutes()       // inbox.go
	s.templateRoutes()    // templates.go
	s.lifecycleRoutes()   // lifecycle.go
}

// Route returns the pattern of the API route that serves r, such as
// "GET /api/v1/documents/{document_id}/result", or "" when none does (for
// metrics and access logs: a label per route, not per URL).
func (s *Server) Route(r *http.Request) string {
	s.init()
	_, pattern := s.mux.Handler(r)
	return pattern
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.init()
	s.handler.ServeHTTP(w, r)
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request, _ *store.APIKey) error {
	if _, err := s.Store.CountTeams(r.Context()); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	return nil
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
