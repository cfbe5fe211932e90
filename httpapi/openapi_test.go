package httpapi_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/httpapi"
)

// TestOpenAPIMatchesRoutes keeps the OpenAPI document and the server in
// step: every route the server registers is an operation of the document,
// and every operation is a route (path parameters compared by position,
// since the document must name one path's parameters alike).
func TestOpenAPIMatchesRoutes(t *testing.T) {
	raw, err := httpapi.OpenAPI()
	require.NoError(t, err)
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	require.NoError(t, json.Unmarshal(raw, &doc))
	require.Equal(t, "3.1.0", doc.OpenAPI)

	param := regexp.MustCompile(`\{[^}]+\}`)
	norm := func(method, path string) string {
		return strings.ToUpper(method) + " " + param.ReplaceAllString(path, "{}")
	}
	var documented []string
	for path, item := range doc.Paths {
		for method := range item {
			switch method {
			case "get", "post", "put", "patch", "delete":
				documented = append(documented, norm(method, path))
			}
		}
	}
	var served []string
	for _, r := range (&httpapi.Server{}).Routes() {
		method, path, ok := strings.Cut(r, " ")
		require.True(t, ok, "route %q has a method", r)
		served = append(served, norm(method, path))
	}
	sort.Strings(documented)
	sort.Strings(served)
	require.Equal(t, served, documented, "openapi.yaml and the server's routes differ")
}

func TestOpenAPIServed(t *testing.T) {
	b := setup(t, options{})
	r := b.do(http.MethodGet, "/openapi.json", "", nil, "")
	require.Equal(t, http.StatusOK, r.Status)
	require.Equal(t, "application/json", r.Header.Get("Content-Type"))
	require.Equal(t, "3.1.0", r.Body["openapi"])
	require.Contains(t, r.Body["webhooks"], "task.completed")
}
