package httpapi

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"sync"

	"gopkg.in/yaml.v3"
)

// openapiYAML is the OpenAPI 3.1 document of the API, kept beside the
// handlers it describes; a test checks that it names every route the
// server registers and no other.
//
//go:embed openapi.yaml
var openapiYAML []byte

var openapiJSON = sync.OnceValues(func() ([]byte, error) {
	var doc any
	if err := yaml.Unmarshal(openapiYAML, &doc); err != nil {
		return nil, fmt.Errorf("openapi.yaml: %w", err)
	}
	return json.Marshal(doc)
})

// OpenAPI returns the OpenAPI 3.1 document of the API as JSON, as served at
// /openapi.json.
func OpenAPI() ([]byte, error) { return openapiJSON() }

func (s *Server) handleOpenAPI(w http.ResponseWriter, r *http.Request) {
	b, err := OpenAPI()
	if err != nil {
		Error(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "public, max-age=300")
	_, _ = w.Write(b)
}

// routeMux is the server's ServeMux, remembering the patterns registered.
type routeMux struct {
	*http.ServeMux
	patterns []string
}

func (m *routeMux) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	m.patterns = append(m.patterns, pattern)
	m.ServeMux.HandleFunc(pattern, h)
}

// Routes returns the patterns of every route the server serves ("GET
// /api/v1/credits", ...), sorted.
func (s *Server) Routes() []string {
	s.init()
	out := append([]string(nil), s.mux.patterns...)
	sort.Strings(out)
	return out
}
