package dashboard

import (
	"bytes"
	"embed"
	"errors"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/httpapi"
	"github.com/docextract/docextract/ingest"
)

// prefix is where the dashboard is served.
const prefix = "/dashboard/"

// DefaultSessionTTL is how long a sign-in lasts.
const DefaultSessionTTL = 12 * time.Hour

// maxForm bounds a form body.
const maxForm = 64 << 10

// contentSecurityPolicy admits only the dashboard's own stylesheet and
// script, no inline code, no framing, and forms posting to itself.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; " +
	"connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

//go:embed templates/*.html static/*
var files embed.FS

// Handler serves the dashboard under /dashboard/. Set API, then use it as
// an http.Handler (Mount serves it beside the API).
type Handler struct {
	// API is the server whose store, webhook dispatcher, base URL and
	// operations the dashboard uses; required. A base URL starting with
	// https:// makes the cookies Secure.
	API *httpapi.Server
	// SessionTTL is how long a sign-in lasts; 0 means DefaultSessionTTL.
	SessionTTL time.Duration
	// Now is the clock; nil means the API's clock, else time.Now.
	Now func() time.Time
	// Previewer draws the first page of a document beside its fields
	// (*extract.Extractor does); nil shows no preview.
	Previewer Previewer

	once  sync.Once
	mux   *http.ServeMux
	pages map[string]*template.Template

	keyMu sync.Mutex
	key   []byte
}

// Mount returns a handler that serves the dashboard under /dashboard/ and
// everything else with api.
func Mount(api *httpapi.Server) http.Handler { return MountHandler(&Handler{API: api}) }

// MountHandler is Mount with a configured dashboard (h.API set).
func MountHandler(h *Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/", h.API)
	mux.Handle(prefix, h)
	return mux
}

func (h *Handler) now() time.Time {
	switch {
	case h.Now != nil:
		return h.Now()
	case h.API.Now != nil:
		return h.API.Now()
	}
	return time.Now()
}

func (h *Handler) sessionTTL() time.Duration {
	if h.SessionTTL > 0 {
		return h.SessionTTL
	}
	return DefaultSessionTTL
}

func (h *Handler) logger() *slog.Logger {
	if h.API.Logger != nil {
		return h.API.Logger
	}
	return slog.Default()
}

var funcs = template.FuncMap{
	"time": func(t time.Time) string {
		if t.IsZero() {
			return "—"
		}
		return t.UTC().Format("2006-01-02 15:04:05 UTC")
	},
	"join": strings.Join,
	"has": func(l []string, v string) bool {
		for _, x := range l {
			if x == v {
				return true
			}
		}
		return false
	},
}

func (h *Handler) init() {
	h.once.Do(func() {
		h.pages = map[string]*template.Template{}
		names, _ := fs.Glob(files, "templates/*.html")
		for _, n := range names {
			name := strings.TrimSuffix(strings.TrimPrefix(n, "templates/"), ".html")
			if name == "layout" {
				continue
			}
			h.pages[name] = template.Must(template.New(name).Funcs(funcs).ParseFS(files, "templates/layout.html", n))
		}
		h.mux = http.NewServeMux()
		h.routes()
	})
}

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.init()
	hd := w.Header()
	hd.Set("Content-Security-Policy", contentSecurityPolicy)
	hd.Set("X-Frame-Options", "DENY")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "same-origin")
	hd.Set("Cross-Origin-Opener-Policy", "same-origin")
	if r.Method == http.MethodPost {
		r.Body = http.MaxBytesReader(w, r.Body, maxForm)
	}
	h.mux.ServeHTTP(w, r)
}

// view is what every page template gets.
type view struct {
	Title  string
	Nav    string
	CSRF   string
	TeamID string
	KeyPfx string
	Error  string
	Notice string
	// Refresh, when set, reloads the page after that many seconds.
	Refresh int
	Data    any
}

// render writes page name with status.
func (h *Handler) render(w http.ResponseWriter, r *http.Request, status int, name string, v *view) {
	var buf bytes.Buffer
	if err := h.pages[name].ExecuteTemplate(&buf, "layout", v); err != nil {
		h.logger().ErrorContext(r.Context(), "dashboard: render", "page", name, "err", err)
		http.Error(w, "Internal error.", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// fail renders err as an error page: its client-facing message and the
// status the API would answer, internal errors logged and shown as
// "Internal error.".
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, s *session, err error) {
	v := h.baseView(r, s, "Error", "")
	v.Error = h.message(r, err)
	h.render(w, r, httpapi.ErrorStatus(err), "error", v)
}

// message is err's client-facing text.
func (h *Handler) message(r *http.Request, err error) string {
	if docextract.ErrorCode(err) == docextract.EINTERNAL {
		h.logger().ErrorContext(r.Context(), "dashboard: internal error", "method", r.Method, "path", r.URL.Path, "err", err)
		return "Internal error."
	}
	return docextract.ErrorMessage(err)
}

func (h *Handler) baseView(r *http.Request, s *session, title, nav string) *view {
	v := &view{Title: title, Nav: nav}
	if s != nil {
		v.TeamID, v.KeyPfx = s.key.TeamID, s.key.Prefix
		v.CSRF, _ = h.csrfToken(r.Context(), s)
	}
	return v
}

// authed wraps a page that needs a session: GETs without one go to the
// sign-in page, POSTs without one or without the session's CSRF token are
// refused with 403.
func (h *Handler) authed(fn func(http.ResponseWriter, *http.Request, *session)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s, err := h.session(r)
		if err != nil && !errors.Is(err, errBadSession) {
			h.fail(w, r, nil, err)
			return
		}
		if r.Method == http.MethodPost {
			if err := r.ParseForm(); err != nil {
				h.fail(w, r, s, &docextract.Error{Code: docextract.EINVALID, Message: "Invalid form."})
				return
			}
			if s == nil || !h.checkCSRF(r, s) {
				v := h.baseView(r, nil, "Refused", "")
				v.Error = "The form has expired or did not come from this dashboard. Reload the page and try again."
				h.render(w, r, http.StatusForbidden, "error", v)
				return
			}
		} else if s == nil {
			http.Redirect(w, r, prefix+"signin", http.StatusSeeOther)
			return
		}
		fn(w, r, s)
	}
}

func (h *Handler) routes() {
	static, _ := fs.Sub(files, "static")
	fileServer := http.StripPrefix(prefix+"static/", http.FileServer(http.FS(static)))
	h.mux.Handle("GET "+prefix+"static/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		fileServer.ServeHTTP(w, r)
	}))
	h.mux.HandleFunc("GET "+prefix+"{$}", h.authed(func(w http.ResponseWriter, r *http.Request, _ *session) {
		http.Redirect(w, r, prefix+"webhooks", http.StatusSeeOther)
	}))
	h.mux.HandleFunc("GET "+prefix+"signin", h.handleSigninPage)
	h.mux.HandleFunc("POST "+prefix+"signin", h.handleSignin)
	h.mux.HandleFunc("POST "+prefix+"signout", h.authed(h.handleSignout))
	h.webhookRoutes()
	h.documentRoutes()
	h.keyRoutes()
	h.mux.HandleFunc("GET "+prefix+"credits", h.authed(h.handleCredits))
	h.mux.HandleFunc(prefix, func(w http.ResponseWriter, r *http.Request) {
		s, _ := h.session(r)
		v := h.baseView(r, s, "Not found", "")
		v.Error = "There is no such page."
		h.render(w, r, http.StatusNotFound, "error", v)
	})
}

func (h *Handler) handleSigninPage(w http.ResponseWriter, r *http.Request) {
	if s, err := h.session(r); err == nil && s != nil {
		http.Redirect(w, r, prefix+"webhooks", http.StatusSeeOther)
		return
	}
	h.signinForm(w, r, http.StatusOK, "")
}

func (h *Handler) signinForm(w http.ResponseWriter, r *http.Request, status int, msg string) {
	tok, err := h.signinToken(w, r)
	if err != nil {
		h.fail(w, r, nil, err)
		return
	}
	v := &view{Title: "Sign in", CSRF: tok, Error: msg}
	h.render(w, r, status, "signin", v)
}

// handleSignin exchanges a team API key for a session cookie. The key
// itself is neither stored nor put in the cookie.
func (h *Handler) handleSignin(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil || !h.checkSigninCSRF(r) {
		h.signinForm(w, r, http.StatusForbidden, "The form has expired. Please try again.")
		return
	}
	key, err := h.API.AuthenticateKey(r.Context(), strings.TrimSpace(r.PostFormValue("api_key")))
	if err != nil {
		if docextract.ErrorCode(err) == docextract.EUNAUTHORIZED {
			h.signinForm(w, r, http.StatusUnauthorized, docextract.ErrorMessage(err))
			return
		}
		h.fail(w, r, nil, err)
		return
	}
	if err := h.newSession(r.Context(), w, key); err != nil {
		h.fail(w, r, nil, err)
		return
	}
	h.setCookie(w, signinCookie, "", -1)
	http.Redirect(w, r, prefix+"webhooks", http.StatusSeeOther)
}

func (h *Handler) handleSignout(w http.ResponseWriter, r *http.Request, s *session) {
	// Ended on the server too: a copy of the cookie stops working.
	if err := h.API.Store.RevokeSession(r.Context(), s.id, s.expires); err != nil {
		h.fail(w, r, s, err)
		return
	}
	h.setCookie(w, "dex_session", "", -1)
	http.Redirect(w, r, prefix+"signin", http.StatusSeeOther)
}

func (h *Handler) handleCredits(w http.ResponseWriter, r *http.Request, s *session) {
	ctx := r.Context()
	b, err := h.API.Store.Balance(ctx, s.key.TeamID)
	if err != nil {
		h.fail(w, r, s, err)
		return
	}
	// The last 50 entries, newest first.
	entries, err := h.API.Store.RecentLedgerEntries(ctx, s.key.TeamID, 50)
	if err != nil {
		h.fail(w, r, s, err)
		return
	}
	type row struct {
		At     time.Time
		Action string
		Amount int64
		Ref    string
	}
	rows := []row{}
	for _, e := range entries {
		rows = append(rows, row{At: e.CreatedAt, Action: string(e.Action), Amount: e.Amount, Ref: e.Ref})
	}
	// The team's e-mail inbox: mail to its addresses holds these credits
	// as uploads do (docs/api.md, E-mail inbox).
	team, err := h.API.Store.FindTeam(ctx, s.key.TeamID)
	if err != nil {
		h.fail(w, r, s, err)
		return
	}
	var addrs []string
	if d := h.API.InboxDomain; d != "" {
		addrs = []string{ingest.InboxAddress(team.InboxToken, docextract.Invoice, d), ingest.InboxAddress(team.InboxToken, docextract.Receipt, d),
			ingest.InboxAddress(team.InboxToken, docextract.BankStatement, d), ingest.InboxAddress(team.InboxToken, "", d)}
	}
	v := h.baseView(r, s, "Credits", "credits")
	v.Data = map[string]any{"Granted": b.Granted, "Held": b.Held, "Captured": b.Captured, "Available": b.Available(), "Entries": rows,
		"InboxToken": team.InboxToken, "InboxDocType": string(team.InboxDocType), "InboxAddresses": addrs}
	h.render(w, r, http.StatusOK, "credits", v)
}
