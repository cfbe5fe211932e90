package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/template"
	"github.com/docextract/docextract/internal/testdocs"
)

// TestServeTemplatesByAPI runs the real serve with a --templates directory
// and checks both sources of templates: the directory's template reads its
// seller's invoices (its group is its directory name), and a template
// uploaded through the API is used by the team's next extraction without a
// restart, its group id matching template_group_ids of task results.
func TestServeTemplatesByAPI(t *testing.T) {
	dir := t.TempDir()
	yml, err := os.ReadFile("../../extract/template/testdata/templates/acme/acme-supplies-en.yml")
	require.NoError(t, err)
	// The directory's template reads Globex invoices; the API's will read Acme's.
	globex := strings.NewReplacer("Acme Supplies GmbH", "Globex Office Ltd").Replace(string(yml))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "office"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "office", "globex.yml"), []byte(globex), 0o644))

	stdout, stderr, stop := startServe(t, filepath.Join(t.TempDir(), "tpl.db"), "--workers", "1", "--templates", dir)
	defer stop()
	c := &client{t: t, base: waitFor(t, stdout, listeningRE, stderr), key: waitFor(t, stdout, apiKeyRE, stderr)}
	extractInvoice := func(seller int) (string, map[string]any) {
		t.Helper()
		inv, err := testdocs.NewInvoice(testdocs.InvoiceOptions{Seller: seller, Lines: 2, Seed: uint64(seller) + 1})
		require.NoError(t, err)
		st, up := c.upload("invoice", "inv.pdf", inv.PDF)
		require.Equal(t, http.StatusOK, st, "%v", up)
		id := up["document_id"].(string)
		st, res := c.waitDone(id, 60*time.Second)
		require.Equal(t, http.StatusOK, st, "%v\nstderr:\n%s", res, stderr)
		return id, res
	}
	postJSON := func(path string, v any) (int, map[string]any) {
		raw, err := json.Marshal(v)
		require.NoError(t, err)
		return c.do(http.MethodPost, path, bytes.NewReader(raw), "application/json")
	}

	_, res := extractInvoice(1)
	require.Equal(t, template.ID("office", "globex.yml"), res["template_id"])
	_, res = extractInvoice(0)
	require.Equal(t, extract.TemplateInvoiceText, res["template_id"])

	st, g := postJSON("/api/v1/template_groups", map[string]string{"name": "suppliers"})
	require.Equal(t, http.StatusCreated, st, "%v", g)
	st, tpl := postJSON("/api/v1/templates", map[string]string{"group_id": g["id"].(string), "name": "acme.yml", "content": string(yml)})
	require.Equal(t, http.StatusCreated, st, "%v", tpl)

	id, res := extractInvoice(0)
	require.Equal(t, tpl["id"], res["template_id"])
	st, page := c.do(http.MethodGet, "/api/v1/tasks/"+id+"/results?template_group_ids="+g["id"].(string), nil, "")
	require.Equal(t, http.StatusOK, st)
	require.Len(t, page["documents"], 1)
	st, page = c.do(http.MethodGet, "/api/v1/tasks/"+id+"/results?template_group_ids=office", nil, "")
	require.Equal(t, http.StatusOK, st)
	require.Empty(t, page["documents"])
}
