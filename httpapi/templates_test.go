package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/extract/withpdfium"
	"github.com/docextract/docextract/internal/testdocs"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/webhook/event"
)

func (b *bundle) doJSON(method, path, key string, body any) *response {
	b.t.Helper()
	raw, err := json.Marshal(body)
	require.NoError(b.t, err)
	return b.do(method, path, key, bytes.NewReader(raw), "application/json")
}

// TestTemplateAPIChangesNextExtraction: a template uploaded through the API
// is used by the team's next extraction (its id becomes template_id, its
// group is what template_group_ids matches), without a restart; deleting
// it brings the built-in reader back.
func TestTemplateAPIChangesNextExtraction(t *testing.T) {
	x, err := withpdfium.New(extract.Config{NoOCR: true}, pdfium.Config{Workers: 1})
	require.NoError(t, err)
	t.Cleanup(func() { x.Close() })
	b := setup(t, options{extractor: x, templates: true, webhooks: true})
	inv, err := testdocs.NewInvoice(testdocs.InvoiceOptions{Seller: 0, Lines: 3, Seed: 7})
	require.NoError(t, err)
	yml, err := os.ReadFile("../extract/template/testdata/templates/acme/acme-supplies-en.yml")
	require.NoError(t, err)

	extractOnce := func() (string, map[string]any) {
		t.Helper()
		up := b.upload(b.key, "invoice", "acme.pdf", inv.PDF)
		require.Equal(t, http.StatusOK, up.Status, "%s", up.Raw)
		id := up.Body["document_id"].(string)
		r := b.waitResult(b.key, id)
		require.Equal(t, http.StatusOK, r.Status, "%s", r.Raw)
		return id, r.Body
	}
	before, res := extractOnce()
	require.Equal(t, extract.TemplateInvoiceText, res["template_id"])

	g := b.doJSON(http.MethodPost, "/api/v1/template_groups", b.key, map[string]string{"name": "suppliers"})
	require.Equal(t, http.StatusCreated, g.Status, "%s", g.Raw)
	groupID := g.Body["id"].(string)
	// Webhooks for this group only.
	b.hookEndpoint(map[string]any{"template_group_ids": []string{groupID}})
	dup := b.doJSON(http.MethodPost, "/api/v1/template_groups", b.key, map[string]string{"name": "suppliers"})
	require.Equal(t, http.StatusConflict, dup.Status)

	// Invalid YAML and invalid RE2 are refused with the line.
	bad := b.doJSON(http.MethodPost, "/api/v1/templates", b.key, map[string]string{"group_id": groupID, "name": "bad.yml",
		"content": "issuer: Acme\nkeywords:\n  - Acme\n  - '(?<=x)y'\n"})
	require.Equal(t, http.StatusBadRequest, bad.Status)
	require.True(t, strings.HasPrefix(bad.Body["detail"].(string), "Invalid template: line 4: keywords: regular expression"), "%s", bad.Raw)
	noGroup := b.doJSON(http.MethodPost, "/api/v1/templates", b.key, map[string]string{"group_id": "00000000-0000-0000-0000-000000000000", "name": "a.yml", "content": string(yml)})
	require.Equal(t, http.StatusNotFound, noGroup.Status)
	require.Equal(t, "Template group not found.", noGroup.Body["detail"])

	c := b.doJSON(http.MethodPost, "/api/v1/templates", b.key, map[string]string{"group_id": groupID, "name": "acme-en.yml", "content": string(yml)})
	require.Equal(t, http.StatusCreated, c.Status, "%s", c.Raw)
	tplID := c.Body["id"].(string)
	require.Equal(t, "Acme Supplies GmbH", c.Body["issuer"])
	require.EqualValues(t, 10, c.Body["priority"])
	require.Equal(t, string(yml), c.Body["content"])
	again := b.doJSON(http.MethodPost, "/api/v1/templates", b.key, map[string]string{"group_id": groupID, "name": "acme-en.yml", "content": string(yml)})
	require.Equal(t, http.StatusConflict, again.Status)

	list := b.do(http.MethodGet, "/api/v1/templates?group_id="+groupID, b.key, nil, "")
	require.Equal(t, http.StatusOK, list.Status)
	items := list.Body["data"].([]any)
	require.Len(t, items, 1)
	require.NotContains(t, items[0].(map[string]any), "content")
	require.Equal(t, "Acme Supplies GmbH", items[0].(map[string]any)["issuer"], "stored at upload: the list reads no content")
	require.EqualValues(t, 10, items[0].(map[string]any)["priority"])
	got := b.do(http.MethodGet, "/api/v1/templates/"+tplID, b.key, nil, "")
	require.Equal(t, http.StatusOK, got.Status)
	require.Equal(t, string(yml), got.Body["content"])

	// Another team sees none of it.
	_, otherKey := b.newTeam(10)
	require.Equal(t, http.StatusNotFound, b.do(http.MethodGet, "/api/v1/templates/"+tplID, otherKey, nil, "").Status)
	require.Equal(t, http.StatusNotFound, b.do(http.MethodGet, "/api/v1/template_groups/"+groupID, otherKey, nil, "").Status)
	require.Equal(t, http.StatusNotFound, b.do(http.MethodDelete, "/api/v1/templates/"+tplID, otherKey, nil, "").Status)
	require.Empty(t, b.do(http.MethodGet, "/api/v1/templates", otherKey, nil, "").Body["data"])

	// The next extraction uses it: template_id and the fields it reads.
	after, res := extractOnce()
	require.Equal(t, tplID, res["template_id"], "%v", res)
	general := res["extraction_data"].(map[string]any)["general"].(map[string]any)
	require.Equal(t, *inv.Truth.General.InvoiceNumber, general["InvoiceNumber"])

	// Its group is what template_group_ids matches.
	filtered := b.do(http.MethodGet, "/api/v1/tasks/"+after+"/results?template_group_ids="+groupID, b.key, nil, "")
	require.Equal(t, http.StatusOK, filtered.Status, "%s", filtered.Raw)
	require.Len(t, filtered.Body["documents"], 1)
	old := b.do(http.MethodGet, "/api/v1/tasks/"+before+"/results?template_group_ids="+groupID, b.key, nil, "")
	require.Equal(t, http.StatusOK, old.Status)
	require.Empty(t, old.Body["documents"])
	// The endpoint filtered on the group gets the task read with its
	// template, and not the ones read by the built-in reader.
	require.Equal(t, []string{event.TaskCompleted}, b.waitReceived(after, 1))
	require.Empty(t, b.received()[before])

	// Replacing it with a template that excludes this seller, then deleting
	// it: each applies to the next extraction.
	rep := b.doJSON(http.MethodPut, "/api/v1/templates/"+tplID, b.key, map[string]string{
		"content": strings.Replace(string(yml), "  - RECHNUNG", "  - RECHNUNG\n  - Acme Supplies", 1)})
	require.Equal(t, http.StatusOK, rep.Status, "%s", rep.Raw)
	require.Equal(t, tplID, rep.Body["id"])
	require.Equal(t, "acme-en.yml", rep.Body["name"])
	builtin, res := extractOnce()
	require.Equal(t, extract.TemplateInvoiceText, res["template_id"])
	// Recorded, but not for an endpoint filtered on the group.
	require.Equal(t, event.TaskCompleted, b.waitEvent(builtin).Type)
	time.Sleep(300 * time.Millisecond)
	require.Empty(t, b.received()[builtin])
	badRep := b.doJSON(http.MethodPut, "/api/v1/templates/"+tplID, b.key, map[string]string{"content": "keywords: [a\n"})
	require.Equal(t, http.StatusBadRequest, badRep.Status)
	require.Contains(t, badRep.Body["detail"], "Invalid template: line ")

	rep = b.doJSON(http.MethodPut, "/api/v1/templates/"+tplID, b.key, map[string]string{"content": string(yml)})
	require.Equal(t, http.StatusOK, rep.Status)
	_, res = extractOnce()
	require.Equal(t, tplID, res["template_id"])

	require.Equal(t, http.StatusNoContent, b.do(http.MethodDelete, "/api/v1/template_groups/"+groupID, b.key, nil, "").Status)
	require.Equal(t, http.StatusNotFound, b.do(http.MethodGet, "/api/v1/templates/"+tplID, b.key, nil, "").Status)
	_, res = extractOnce()
	require.Equal(t, extract.TemplateInvoiceText, res["template_id"])
}

// TestTemplateAPITeamBytesLimit: an upload or a replacement that would
// take the team's templates over store.MaxTemplateBytesPerTeam is refused
// with 413 and the limit; within it, both pass.
func TestTemplateAPITeamBytesLimit(t *testing.T) {
	b := setup(t, options{noWorkers: true})
	g := b.doJSON(http.MethodPost, "/api/v1/template_groups", b.key, map[string]string{"name": "suppliers"})
	require.Equal(t, http.StatusCreated, g.Status, "%s", g.Raw)
	groupID := g.Body["id"].(string)

	// valid returns a template of n bytes that parses.
	valid := func(n int) string {
		head := "issuer: Acme\nkeywords: [Acme]\n"
		return head + "#" + strings.Repeat("x", n-len(head)-2) + "\n"
	}
	// The team fills all but 1 KiB of its bytes with full-size templates
	// (stored directly: their parsing is not what is tested here).
	full := []byte(valid(store.MaxTemplateSize))
	for i := range store.MaxTemplateBytesPerTeam/store.MaxTemplateSize - 1 {
		require.NoError(t, b.db.CreateTemplate(b.ctx, &store.Template{TeamID: b.team.ID, GroupID: groupID, Name: fmt.Sprintf("t%d.yml", i), Content: full}))
	}
	last := &store.Template{TeamID: b.team.ID, GroupID: groupID, Name: "last.yml", Content: []byte(valid(store.MaxTemplateSize - 1<<10))}
	require.NoError(t, b.db.CreateTemplate(b.ctx, last))

	over := b.doJSON(http.MethodPost, "/api/v1/templates", b.key, map[string]string{"group_id": groupID, "name": "new.yml", "content": valid(2 << 10)})
	require.Equal(t, http.StatusRequestEntityTooLarge, over.Status, "%s", over.Raw)
	require.Equal(t, "A team has at most 8 MiB of templates.", over.Body["detail"])
	fits := b.doJSON(http.MethodPost, "/api/v1/templates", b.key, map[string]string{"group_id": groupID, "name": "new.yml", "content": valid(1 << 10)})
	require.Equal(t, http.StatusCreated, fits.Status, "%s", fits.Raw)

	// The team is now at its limit: replacing last with content of its
	// own size passes, one byte more is refused.
	same := b.doJSON(http.MethodPut, "/api/v1/templates/"+last.ID, b.key, map[string]string{"content": valid(len(last.Content))})
	require.Equal(t, http.StatusOK, same.Status, "%s", same.Raw)
	grow := b.doJSON(http.MethodPut, "/api/v1/templates/"+last.ID, b.key, map[string]string{"content": valid(len(last.Content) + 1)})
	require.Equal(t, http.StatusRequestEntityTooLarge, grow.Status, "%s", grow.Raw)
	require.Equal(t, "A team has at most 8 MiB of templates.", grow.Body["detail"])
	got, err := b.db.FindTemplate(b.ctx, last.ID)
	require.NoError(t, err)
	require.Len(t, got.Content, len(last.Content))
}
