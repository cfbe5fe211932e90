package dashboard_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
)

// TestDocumentReviewAndReprocess: a task waiting for a classification
// review shows what was detected, with Approve and Reject; a finished one
// offers Reprocess. Each posts through the API's rules.
func TestDocumentReviewAndReprocess(t *testing.T) {
	b := setup(t)
	br := b.browser()
	br.signIn(b.keyA)

	review := func(name string) string {
		t.Helper()
		task := b.upload(b.teamA.ID, name)
		_, err := b.db.StartTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.NoError(t, b.db.ReviewTask(b.ctx, task.ID, docextract.Receipt))
		return task.ID
	}
	approved := review("approve-me.pdf")
	p := br.get("/dashboard/documents/" + approved)
	require.Equal(t, http.StatusOK, p.Status)
	require.Contains(t, p.Body, `id="review"`)
	require.Contains(t, p.Body, "uploaded as <strong>invoice</strong> but looks like <strong>receipt</strong>")
	require.Contains(t, p.Body, `<option value="receipt" selected>receipt</option>`)
	require.NotContains(t, p.Body, `id="reprocess"`, "a waiting task is not finished")
	p = br.post("/dashboard/documents/"+approved+"/approve", url.Values{"doc_type": {"receipt"}})
	require.Equal(t, http.StatusOK, p.Status)
	require.Contains(t, p.Body, "Approved: the file is being read as the chosen type.")
	task, err := b.db.FindTask(b.ctx, approved)
	require.NoError(t, err)
	require.Equal(t, docextract.TaskQueued, task.Status)
	require.Equal(t, docextract.Receipt, task.DocType)
	p = br.post("/dashboard/documents/"+approved+"/reject", nil)
	require.Equal(t, http.StatusConflict, p.Status)
	require.Contains(t, p.Body, "Task is not waiting for review.")

	rejected := review("reject-me.pdf")
	br.get("/dashboard/documents/" + rejected)
	p = br.post("/dashboard/documents/"+rejected+"/reject", nil)
	require.Equal(t, http.StatusOK, p.Status)
	require.Contains(t, p.Body, "Rejected: the task completed with nothing extracted.")
	ev, err := b.db.FindTaskEvent(b.ctx, rejected)
	require.NoError(t, err)
	require.Equal(t, docextract.OutcomeNoMatchingDocuments, ev.Outcome)

	done := b.invoice(b.teamA.ID, "done.pdf", "INV-9")
	p = br.get("/dashboard/documents/" + done)
	require.Contains(t, p.Body, `id="reprocess"`)
	require.NotContains(t, p.Body, `id="review"`)
	p = br.post("/dashboard/documents/"+done+"/reprocess", nil)
	require.Equal(t, http.StatusOK, p.Status)
	require.Contains(t, p.Body, "Reprocessing queued")
	require.Contains(t, p.Body, `id="reprocessing"`)
	p = br.post("/dashboard/documents/"+done+"/reprocess", nil)
	require.Equal(t, http.StatusConflict, p.Status)
	require.Contains(t, p.Body, "Task is already being reprocessed.")

	// Another team's documents are not found.
	other := b.browser()
	other.signIn(b.keyB)
	other.get("/dashboard/documents")
	require.Equal(t, http.StatusNotFound, other.post("/dashboard/documents/"+done+"/reprocess", nil).Status)
	require.Equal(t, http.StatusNotFound, other.post("/dashboard/documents/"+rejected+"/approve", url.Values{"doc_type": {"invoice"}}).Status)
}
