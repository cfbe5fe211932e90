package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/store"
)

func TestGetTask(t *testing.T) {
	t.Parallel()
	b := setup(t, options{})
	up := b.upload(b.key, "invoice", "two.pdf", makePDF(t, 2))
	require.Equal(t, http.StatusOK, up.Status, "%s", up.Raw)
	id := up.Body["document_id"].(string)
	b.waitEvent(id)

	r := b.do(http.MethodGet, "/api/v1/tasks/"+id, b.key, nil, "")
	require.Equal(t, http.StatusOK, r.Status, "%s", r.Raw)
	require.Equal(t, id, r.Body["id"])
	require.Equal(t, "completed", r.Body["status"])
	require.Equal(t, "invoice", r.Body["doc_type"])
	require.Equal(t, docextract.OutcomeExtracted, r.Body["outcome"])
	require.Equal(t, "upload", r.Body["ingest_source"])
	require.Nil(t, r.Body["error"])
	require.NotNil(t, r.Body["completed_at"])
	require.Equal(t, map[string]any{"name": "two.pdf", "content_type": "application/pdf", "page_count": 2.0}, r.Body["original_file"])
	docs := r.Body["documents"].([]any)
	require.Len(t, docs, 1)
	require.Equal(t, id, docs[0].(map[string]any)["id"])
	require.Equal(t, true, docs[0].(map[string]any)["has_result"])

	// A failed task names its failure.
	b.x.mu.Lock()
	b.x.fn = func(context.Context, extract.Input, int) (*extract.Result, error) { return nil, extract.ErrMalformed }
	b.x.mu.Unlock()
	bad := b.upload(b.key, "invoice", "bad.pdf", makePDF(t, 1))
	badID := bad.Body["document_id"].(string)
	b.waitEvent(badID)
	r = b.do(http.MethodGet, "/api/v1/tasks/"+badID, b.key, nil, "")
	require.Equal(t, "failed", r.Body["status"])
	require.Nil(t, r.Body["outcome"])
	require.Equal(t, map[string]any{"code": "processing_failed", "message": "Document processing failed.",
		"detail": "The file is damaged or not readable."}, r.Body["error"], "the file is the reason: detail says so")

	// A failure that is not the file's (here the OCR engine is missing)
	// carries no detail: the operator reads the log.
	b.x.mu.Lock()
	b.x.fn = func(context.Context, extract.Input, int) (*extract.Result, error) { return nil, extract.ErrNoOCR }
	b.x.mu.Unlock()
	noOCR := b.upload(b.key, "invoice", "scan.pdf", makePDF(t, 1))
	noOCRID := noOCR.Body["document_id"].(string)
	b.waitEvent(noOCRID)
	r = b.do(http.MethodGet, "/api/v1/tasks/"+noOCRID, b.key, nil, "")
	require.Equal(t, map[string]any{"code": "processing_failed", "message": "Document processing failed."}, r.Body["error"])

	_, otherKey := b.newTeam(10)
	require.Equal(t, http.StatusForbidden, b.do(http.MethodGet, "/api/v1/tasks/"+id, otherKey, nil, "").Status)
	for _, path := range []string{"/api/v1/tasks/not-a-uuid", "/api/v1/tasks/9b2f3c1e-0000-4000-8000-000000000000"} {
		r := b.do(http.MethodGet, path, b.key, nil, "")
		require.Equal(t, http.StatusNotFound, r.Status)
		require.Equal(t, "Task not found", r.Body["detail"])
	}
	require.Equal(t, http.StatusUnauthorized, b.do(http.MethodGet, "/api/v1/tasks/"+id, "", nil, "").Status)

	// A bearer token works as on task results.
	req, _ := http.NewRequest(http.MethodGet, b.ts.URL+"/api/v1/tasks/"+id, nil)
	req.Header.Set("Authorization", "bearer "+b.key)
	resp, err := b.client.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
}

func TestListDocuments(t *testing.T) {
	t.Parallel()
	b := setup(t, options{})
	var ids []string
	for i := range 5 {
		kind := "invoice"
		if i%2 == 1 {
			kind = "receipt"
		}
		up := b.upload(b.key, kind, fmt.Sprintf("f%d.pdf", i), makePDF(t, 1))
		require.Equal(t, http.StatusOK, up.Status, "%s", up.Raw)
		id := up.Body["document_id"].(string)
		b.waitEvent(id)
		ids = append(ids, id)
		time.Sleep(2 * time.Millisecond) // distinct created_at, newest first
	}
	list := func(key, query string) *response {
		t.Helper()
		r := b.do(http.MethodGet, "/api/v1/documents?"+query, key, nil, "")
		require.Equal(t, http.StatusOK, r.Status, "%s", r.Raw)
		return r
	}
	idsOf := func(r *response) []string {
		var out []string
		for _, d := range r.Body["data"].([]any) {
			out = append(out, d.(map[string]any)["id"].(string))
		}
		return out
	}

	all := list(b.key, "")
	require.Equal(t, []string{ids[4], ids[3], ids[2], ids[1], ids[0]}, idsOf(all))
	require.Nil(t, all.Body["next_cursor"])
	first := all.Body["data"].([]any)[0].(map[string]any)
	require.Equal(t, "f4.pdf", first["file_name"])
	require.Equal(t, "completed", first["status"])

	// Pages of two, following the cursor, give every document once.
	var paged []string
	q := "limit=2"
	for {
		r := list(b.key, q)
		paged = append(paged, idsOf(r)...)
		c, ok := r.Body["next_cursor"].(string)
		if !ok {
			break
		}
		q = "limit=2&cursor=" + url.QueryEscape(c)
	}
	require.Equal(t, idsOf(all), paged)

	invoices := list(b.key, "doc_type=invoice")
	require.Equal(t, []string{ids[4], ids[2], ids[0]}, idsOf(invoices))
	// A cursor is bound to its filter.
	one := list(b.key, "doc_type=invoice&limit=1")
	c := one.Body["next_cursor"].(string)
	r := b.do(http.MethodGet, "/api/v1/documents?doc_type=receipt&cursor="+url.QueryEscape(c), b.key, nil, "")
	require.Equal(t, http.StatusBadRequest, r.Status)
	require.Equal(t, "Invalid cursor.", r.Body["detail"])

	require.Empty(t, idsOf(list(b.key, "created_after=2999-01-01")))
	require.Len(t, idsOf(list(b.key, "created_before=2999-01-01T00:00:00Z&status=completed")), 5)

	// Another team sees none of them, and cannot use this team's cursor.
	_, otherKey := b.newTeam(10)
	require.Empty(t, idsOf(list(otherKey, "")))
	r = b.do(http.MethodGet, "/api/v1/documents?doc_type=invoice&limit=1&cursor="+url.QueryEscape(c), otherKey, nil, "")
	require.Equal(t, http.StatusBadRequest, r.Status)

	for q, detail := range map[string]string{
		"limit=0":               "limit must be between 1 and 100.",
		"doc_type=letter":       "Invalid filter: doc_type must be invoice, receipt or bank_statement.",
		"status=lost":           "Invalid filter: status must be queued, processing, completed or failed.",
		"created_after=monday":  "Invalid filter: created_after must be a date (2026-11-23) or an RFC 3339 time.",
		"cursor=forged.cursor0": "Invalid cursor.",
	} {
		r := b.do(http.MethodGet, "/api/v1/documents?"+q, b.key, nil, "")
		require.Equal(t, http.StatusBadRequest, r.Status, q)
		require.Equal(t, detail, r.Body["detail"], q)
	}
}

func TestCreditsAndAPIKeys(t *testing.T) {
	t.Parallel()
	b := setup(t, options{grant: 50})
	up := b.upload(b.key, "invoice", "a.pdf", makePDF(t, 3))
	b.waitEvent(up.Body["document_id"].(string))

	r := b.do(http.MethodGet, "/api/v1/credits", b.key, nil, "")
	require.Equal(t, http.StatusOK, r.Status, "%s", r.Raw)
	require.Equal(t, map[string]any{"available": 47.0, "held": 0.0, "captured": 3.0, "granted": 50.0}, r.Body)
	require.Equal(t, http.StatusUnauthorized, b.do(http.MethodGet, "/api/v1/credits", "dex_nope", nil, "").Status)

	created := b.do(http.MethodPost, "/api/v1/api_keys", b.key, nil, "")
	require.Equal(t, http.StatusCreated, created.Status, "%s", created.Raw)
	newKey := created.Body["key"].(string)
	require.Contains(t, newKey, created.Body["prefix"].(string))
	require.Equal(t, http.StatusOK, b.do(http.MethodGet, "/api/v1/credits", newKey, nil, "").Status, "the new key works at once")

	list := b.do(http.MethodGet, "/api/v1/api_keys", b.key, nil, "")
	require.Equal(t, http.StatusOK, list.Status)
	keys := list.Body["data"].([]any)
	require.Len(t, keys, 2)
	for _, k := range keys {
		require.NotContains(t, k.(map[string]any), "key", "a listed key never shows the key")
	}
	require.Equal(t, true, keys[0].(map[string]any)["current"])

	// Another team cannot revoke it; its owner can, and it stops working.
	_, otherKey := b.newTeam(10)
	id := created.Body["id"].(string)
	r = b.do(http.MethodDelete, "/api/v1/api_keys/"+id, otherKey, nil, "")
	require.Equal(t, http.StatusNotFound, r.Status)
	require.Equal(t, "API key not found.", r.Body["detail"])
	require.Equal(t, http.StatusNoContent, b.do(http.MethodDelete, "/api/v1/api_keys/"+id, b.key, nil, "").Status)
	require.Equal(t, http.StatusUnauthorized, b.do(http.MethodGet, "/api/v1/credits", newKey, nil, "").Status)
}

func TestIdempotencyKey(t *testing.T) {
	t.Parallel()
	b := setup(t, options{grant: 100, rate: "3/1h"})
	pdf := makePDF(t, 2)
	send := func(key, docType, idem string) *response {
		t.Helper()
		body, ct := multipartBody(t, "file", "a.pdf", pdf)
		req, err := http.NewRequest(http.MethodPost, b.ts.URL+"/api/v1/documents/"+docType, body)
		require.NoError(t, err)
		req.Header.Set("X-API-Key", key)
		req.Header.Set("Content-Type", ct)
		if idem != "" {
			req.Header.Set("Idempotency-Key", idem)
		}
		resp, err := b.client.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		r := &response{Status: resp.StatusCode, Header: resp.Header}
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&r.Body))
		return r
	}

	first := send(b.key, "invoice", "order-17")
	require.Equal(t, http.StatusOK, first.Status, "%v", first.Body)
	id := first.Body["document_id"].(string)
	require.Empty(t, first.Header.Get("Idempotent-Replayed"))

	// Repeats get the first answer: no second task, no second hold, and
	// the rate limit (3 per hour) does not count them.
	for range 3 {
		again := send(b.key, "invoice", "order-17")
		require.Equal(t, http.StatusOK, again.Status, "%v", again.Body)
		require.Equal(t, map[string]any{"document_id": id, "status": "queued"}, again.Body)
		require.Equal(t, "true", again.Header.Get("Idempotent-Replayed"))
	}
	b.waitEvent(id)
	bal, err := b.db.Balance(b.ctx, b.team.ID)
	require.NoError(t, err)
	require.EqualValues(t, 2, bal.Captured+bal.Held, "credits for one upload of two pages")
	docs, err := b.db.ListTeamDocuments(b.ctx, b.team.ID, store.DocumentKey{}, 10)
	require.NoError(t, err)
	require.Len(t, docs, 1)

	r := send(b.key, "receipt", "order-17")
	require.Equal(t, http.StatusConflict, r.Status)
	require.Equal(t, "Idempotency-Key was used for an upload of another document type.", r.Body["detail"])
	for _, bad := range []string{"has space", strings.Repeat("k", 256), "tab\tkey"} {
		r := send(b.key, "invoice", bad)
		require.Equal(t, http.StatusBadRequest, r.Status, bad)
		require.Equal(t, "Invalid Idempotency-Key: 1 to 255 visible ASCII characters.", r.Body["detail"])
	}

	// Another team's same key is its own.
	_, otherKey := b.newTeam(10)
	o := send(otherKey, "invoice", "order-17")
	require.Equal(t, http.StatusOK, o.Status)
	require.NotEqual(t, id, o.Body["document_id"])

	// Concurrent first uploads with one key: one task, every accepted
	// answer names it (some may be refused by the rate limit, 3 per hour,
	// when they arrive before the first committed).
	third, thirdKey := b.newTeam(10)
	otherKey = thirdKey
	var wg sync.WaitGroup
	ids := make([]string, 6)
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body, ct := multipartBody(t, "file", "a.pdf", pdf)
			req, _ := http.NewRequest(http.MethodPost, b.ts.URL+"/api/v1/documents/invoice", body)
			req.Header.Set("X-API-Key", otherKey)
			req.Header.Set("Content-Type", ct)
			req.Header.Set("Idempotency-Key", "batch-9")
			resp, err := b.client.Do(req)
			if err != nil {
				return
			}
			defer resp.Body.Close()
			var m map[string]any
			if json.NewDecoder(resp.Body).Decode(&m) == nil && resp.StatusCode == 200 {
				ids[i], _ = m["document_id"].(string)
			}
		}()
	}
	wg.Wait()
	accepted := map[string]bool{}
	for _, got := range ids {
		if got != "" {
			accepted[got] = true
		}
	}
	require.Len(t, accepted, 1, "%v", ids)
	docs, err = b.db.ListTeamDocuments(b.ctx, third.ID, store.DocumentKey{}, 10)
	require.NoError(t, err)
	require.Len(t, docs, 1)
}
