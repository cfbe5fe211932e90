package httpapi

import (
	"net/http"
	"strings"

	"github.com/docextract/docextract/store"
)

// handler serves one route once its caller is authenticated: it writes its
// response, or returns an error without having written anything, and Error
// answers it (docs/api.md, Errors). key is nil on a public route.
type handler func(w http.ResponseWriter, r *http.Request, key *store.APIKey) error

// scheme is how a route's caller proves who it is (docs/api.md,
// Authentication).
type scheme int

const (
	// public routes take no key (/healthz).
	public scheme = iota
	// apiKey: the team API key in the X-API-Key header.
	apiKey
	// apiKeyOrBearer: X-API-Key, or the same key as a bearer token,
	// "Authorization: Bearer <key>", the scheme name in any case (RFC 9110
	// §11.1).
	apiKeyOrBearer
)

// handle registers h for pattern behind the authentication of sc: the one
// place where a request's caller is decided, before the handler runs and
// before its body is read, so a refused request is answered at once.
func (s *Server) handle(pattern string, sc scheme, h handler) {
	s.routeSchemes = append(s.routeSchemes, routeScheme{pattern, sc})
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		var key *store.APIKey
		var err error
		if sc != public {
			key, err = s.AuthenticateKey(r.Context(), credential(r, sc))
		}
		if err == nil {
			err = h(w, r, key)
		}
		if err != nil {
			Error(w, r, err)
		}
	})
}

// credential returns the API key a request presents under sc, "" if none.
func credential(r *http.Request, sc scheme) string {
	if k := r.Header.Get("X-API-Key"); k != "" || sc != apiKeyOrBearer {
		return k
	}
	tok, _ := bearerToken(r.Header.Get("Authorization"))
	return tok
}

// bearerToken returns the token of an "Authorization: Bearer <token>"
// header, the scheme in any case.
func bearerToken(h string) (string, bool) {
	scheme, tok, ok := strings.Cut(strings.TrimSpace(h), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	tok = strings.TrimSpace(tok)
	return tok, tok != ""
}

// routeScheme records a route's scheme, for the test that every route is
// authenticated as it says.
type routeScheme struct {
	pattern string
	scheme  scheme
}
