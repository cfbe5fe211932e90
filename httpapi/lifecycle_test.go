package httpapi_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/webhook/event"
)

// setExtract makes the fake extractor answer fn from now on.
func (b *bundle) setExtract(fn func(ctx context.Context, in extract.Input, pages int) (*extract.Result, error)) {
	b.x.mu.Lock()
	b.x.fn = fn
	b.x.mu.Unlock()
}

// task reads GET /api/v1/tasks/{id}.
func (b *bundle) task(key, id string) *response {
	b.t.Helper()
	return b.do(http.MethodGet, "/api/v1/tasks/"+id, key, nil, "")
}

// waitTask polls the task until cond holds.
func (b *bundle) waitTask(id string, cond func(map[string]any) bool) map[string]any {
	b.t.Helper()
	var body map[string]any
	require.Eventually(b.t, func() bool {
		r := b.task(b.key, id)
		body = r.Body
		return r.Status == http.StatusOK && cond(body)
	}, 20*time.Second, 10*time.Millisecond, "task %s: %v", id, body)
	return body
}

func (b *bundle) credits() map[string]any {
	b.t.Helper()
	r := b.do(http.MethodGet, "/api/v1/credits", b.key, nil, "")
	require.Equal(b.t, http.StatusOK, r.Status)
	return r.Body
}

func notReprocessing(t map[string]any) bool { return t["reprocessing"] == false }

// TestReprocess drives the state-table row "completed or failed |
// reprocessing the same task | unchanged | no new event" through HTTP:
// the documents are replaced and charged, the task keeps its status, and
// no event is recorded or delivered; a failed extraction keeps the old
// documents and charges nothing.
func TestReprocess(t *testing.T) {
	b := setup(t, options{webhooks: true})
	b.hookEndpoint(nil)
	up := b.upload(b.key, "invoice", "two.pdf", makePDF(t, 2))
	require.Equal(t, http.StatusOK, up.Status)
	id := up.Body["document_id"].(string)
	ev := b.waitEvent(id)
	require.Equal(t, event.TaskCompleted, ev.Type)
	require.Equal(t, []string{event.TaskCompleted}, b.waitReceived(id, 1))
	require.EqualValues(t, 2, b.credits()["captured"])

	// The file turns out to hold two invoices (say, a template now splits it).
	b.setExtract(func(_ context.Context, in extract.Input, pages int) (*extract.Result, error) {
		d1, d2 := invoiceDoc(in.DocType, 1, 1), invoiceDoc(in.DocType, 2, 2)
		d2.TemplateID = extract.TemplateCII
		return &extract.Result{ContentType: extract.TypePDF, PageCount: pages, Documents: []extract.Document{d1, d2}}, nil
	})
	r := b.do(http.MethodPost, "/api/v1/tasks/"+id+"/reprocess", b.key, nil, "")
	require.Equal(t, http.StatusAccepted, r.Status, "%s", r.Raw)
	require.Equal(t, map[string]any{"task_id": id, "status": "completed", "reprocessing": true}, r.Body)
	task := b.waitTask(id, notReprocessing)
	require.Equal(t, "completed", task["status"])
	require.Equal(t, "extracted", task["outcome"])
	require.Len(t, task["documents"], 2)
	res := b.do(http.MethodGet, "/api/v1/tasks/"+id+"/results", b.key, nil, "")
	docs := res.Body["documents"].([]any)
	require.Len(t, docs, 2)
	require.Equal(t, id, docs[0].(map[string]any)["id"])
	require.Equal(t, extract.TemplateCII, docs[1].(map[string]any)["template_id"])
	c := b.credits()
	require.EqualValues(t, 4, c["captured"]) // 2 for the upload, 1+1 for the reprocessing
	require.EqualValues(t, 0, c["held"])
	b.requireNoEvent(id, 1)
	stored, err := b.db.FindTaskEvent(b.ctx, id)
	require.NoError(t, err)
	require.Equal(t, ev.ID, stored.ID)

	// A failed extraction keeps the documents and charges nothing.
	b.setExtract(func(context.Context, extract.Input, int) (*extract.Result, error) {
		return nil, errors.New("reader broke")
	})
	r = b.do(http.MethodPost, "/api/v1/tasks/"+id+"/reprocess", b.key, nil, "")
	require.Equal(t, http.StatusAccepted, r.Status, "%s", r.Raw)
	task = b.waitTask(id, notReprocessing)
	require.Equal(t, "completed", task["status"])
	require.Len(t, task["documents"], 2)
	c = b.credits()
	require.EqualValues(t, 4, c["captured"])
	require.EqualValues(t, 0, c["held"])
	b.requireNoEvent(id, 1)

	// A failed task is reprocessed too, and stays failed: no event.
	b.setExtract(func(context.Context, extract.Input, int) (*extract.Result, error) {
		return nil, errors.New("reader broke")
	})
	up = b.upload(b.key, "invoice", "bad.pdf", makePDF(t, 1))
	failed := up.Body["document_id"].(string)
	require.Equal(t, event.TaskFailed, b.waitEvent(failed).Type)
	require.Equal(t, []string{event.TaskFailed}, b.waitReceived(failed, 1))
	b.setExtract(nil)
	r = b.do(http.MethodPost, "/api/v1/tasks/"+failed+"/reprocess", b.key, nil, "")
	require.Equal(t, http.StatusAccepted, r.Status, "%s", r.Raw)
	require.Equal(t, "failed", r.Body["status"])
	task = b.waitTask(failed, notReprocessing)
	require.Equal(t, "failed", task["status"])
	require.Equal(t, http.StatusOK, b.result(b.key, failed).Status) // its document has a result now
	b.requireNoEvent(failed, 1)

	// Refusals: another team's task, unknown ids, too few credits.
	_, otherKey := b.newTeam(1)
	r = b.do(http.MethodPost, "/api/v1/tasks/"+id+"/reprocess", otherKey, nil, "")
	require.Equal(t, http.StatusForbidden, r.Status)
	require.Equal(t, "Not authorized to access this task", r.Body["detail"])
	r = b.do(http.MethodPost, "/api/v1/tasks/00000000-0000-0000-0000-000000000000/reprocess", b.key, nil, "")
	require.Equal(t, http.StatusNotFound, r.Status)
	require.Equal(t, "Task not found", r.Body["detail"])
	require.Equal(t, http.StatusNotFound, b.do(http.MethodPost, "/api/v1/tasks/nope/reprocess", b.key, nil, "").Status)
	up = b.upload(otherKey, "invoice", "one.pdf", makePDF(t, 1)) // its one credit is used up
	spent := up.Body["document_id"].(string)
	require.Equal(t, event.TaskCompleted, b.waitEvent(spent).Type)
	r = b.do(http.MethodPost, "/api/v1/tasks/"+spent+"/reprocess", otherKey, nil, "")
	require.Equal(t, http.StatusPaymentRequired, r.Status, "%s", r.Raw)
	require.Equal(t, "Insufficient credits to process new documents. Please review your account balance.", r.Body["detail"])
}

// TestReprocessUnfinished: a task still queued cannot be reprocessed.
func TestReprocessUnfinished(t *testing.T) {
	b := setup(t, options{noWorkers: true})
	up := b.upload(b.key, "invoice", "a.pdf", makePDF(t, 1))
	id := up.Body["document_id"].(string)
	r := b.do(http.MethodPost, "/api/v1/tasks/"+id+"/reprocess", b.key, nil, "")
	require.Equal(t, http.StatusConflict, r.Status)
	require.Equal(t, "Task is not finished.", r.Body["detail"])
	task := b.task(b.key, id)
	require.Equal(t, string(docextract.TaskQueued), task.Body["status"])
}
