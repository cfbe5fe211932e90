package httpapi_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/httpapi"
)

// Every route is authenticated once, by the scheme it is registered with:
// without a key every route but /healthz answers 401 before it looks at
// the request, and a bearer token (scheme in lower case) is taken exactly
// by the routes that accept one.
func TestEveryRouteAuthenticatesByItsScheme(t *testing.T) {
	b := setup(t, options{noWorkers: true})
	b.srv.Webhooks = nil // 401 must come before the 501 of unconfigured webhooks
	routes := httpapi.RouteSchemes(b.srv)
	require.Greater(t, len(routes), 20)
	param := regexp.MustCompile(`\{[a-z_]+\}`)
	send := func(method, path string, header ...string) int {
		req, err := http.NewRequest(method, b.ts.URL+path, strings.NewReader("{}"))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := b.client.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	for pattern, scheme := range routes {
		method, path, _ := strings.Cut(pattern, " ")
		path = param.ReplaceAllStringFunc(path, func(p string) string {
			if p == "{doc_type}" {
				return "invoice"
			}
			return "0b6f1c1e-7d3a-4a8e-9b1a-2f3e4d5c6b7a"
		})
		if scheme == "public" {
			require.NotEqual(t, http.StatusUnauthorized, send(method, path), pattern)
			continue
		}
		require.Equal(t, http.StatusUnauthorized, send(method, path), pattern)
		require.Equal(t, http.StatusUnauthorized, send(method, path, "X-API-Key", "dex_not_a_key"), pattern)
		bearer := send(method, path, "Authorization", "bearer "+b.key)
		if scheme == "api_key_or_bearer" {
			require.NotEqual(t, http.StatusUnauthorized, bearer, pattern)
		} else {
			require.Equal(t, http.StatusUnauthorized, bearer, pattern)
		}
		require.NotEqual(t, http.StatusUnauthorized, send(method, path, "X-API-Key", b.key), pattern)
	}
}
