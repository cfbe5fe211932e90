package httpapi_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/extract/withpdfium"
	"github.com/docextract/docextract/internal/testdocs"
	"github.com/docextract/docextract/webhook/event"
)

// TestClassificationReview drives the state-table row "waiting for
// classification approval | until resolved | unchanged | no task event"
// and its resolutions through HTTP with the real extractor: an invoice
// uploaded as a bank statement completes as no_matching_documents under
// the default "auto"; under "review" it waits in needs_review holding its
// credits and sending nothing, and the event follows the approval (the
// extraction as the approved type) or the rejection.
func TestClassificationReview(t *testing.T) {
	x, err := withpdfium.New(extract.Config{NoOCR: true}, pdfium.Config{Workers: 1})
	require.NoError(t, err)
	t.Cleanup(func() { x.Close() })
	b := setup(t, options{extractor: x, webhooks: true})
	b.hookEndpoint(nil)
	inv, err := testdocs.NewInvoice(testdocs.InvoiceOptions{Seller: 1, Lines: 3, Seed: 3})
	require.NoError(t, err)
	upload := func(docType string) string {
		t.Helper()
		up := b.upload(b.key, docType, "invoice.pdf", inv.PDF)
		require.Equal(t, http.StatusOK, up.Status, "%s", up.Raw)
		return up.Body["document_id"].(string)
	}

	// auto (the default): today's behaviour, at once.
	team := b.do(http.MethodGet, "/api/v1/team", b.key, nil, "")
	require.Equal(t, http.StatusOK, team.Status)
	require.Equal(t, "auto", team.Body["classification"])
	auto := upload("bank_statement")
	ev := b.waitEvent(auto)
	require.Equal(t, event.TaskCompleted, ev.Type)
	require.Equal(t, "no_matching_documents", ev.Outcome)
	require.Equal(t, []string{event.TaskCompleted}, b.waitReceived(auto, 1))

	// review: the task waits, holding its credit, sending nothing.
	r := b.doJSON(http.MethodPatch, "/api/v1/team", b.key, map[string]string{"classification": "sometimes"})
	require.Equal(t, http.StatusBadRequest, r.Status)
	require.Equal(t, "classification must be auto or review.", r.Body["detail"])
	r = b.doJSON(http.MethodPatch, "/api/v1/team", b.key, map[string]string{"classification": "review"})
	require.Equal(t, http.StatusOK, r.Status, "%s", r.Raw)
	require.Equal(t, "review", r.Body["classification"])

	parked := func() string {
		t.Helper()
		id := upload("bank_statement")
		task := b.waitTask(id, func(m map[string]any) bool { return m["status"] == "needs_review" })
		require.Equal(t, "invoice", task["detected_type"])
		require.EqualValues(t, 1, task["credits_held"])
		res := b.result(b.key, id)
		require.Equal(t, http.StatusAccepted, res.Status)
		require.Equal(t, "needs_review", res.Body["task_status"])
		b.requireNoEvent(id, 0)
		return id
	}
	approved := parked()
	require.EqualValues(t, 1, b.credits()["held"])

	// Approve as an invoice: extracted as one, and the event follows.
	r = b.doJSON(http.MethodPost, "/api/v1/tasks/"+approved+"/approve", b.key, map[string]string{"doc_type": "statement"})
	require.Equal(t, http.StatusBadRequest, r.Status)
	require.Equal(t, "doc_type must be invoice, receipt or bank_statement.", r.Body["detail"])
	_, otherKey := b.newTeam(1)
	r = b.doJSON(http.MethodPost, "/api/v1/tasks/"+approved+"/approve", otherKey, map[string]string{"doc_type": "invoice"})
	require.Equal(t, http.StatusForbidden, r.Status)
	r = b.doJSON(http.MethodPost, "/api/v1/tasks/"+approved+"/approve", b.key, map[string]string{"doc_type": "invoice"})
	require.Equal(t, http.StatusAccepted, r.Status, "%s", r.Raw)
	require.Equal(t, map[string]any{"task_id": approved, "status": "queued", "doc_type": "invoice"}, r.Body)
	ev = b.waitEvent(approved)
	require.Equal(t, event.TaskCompleted, ev.Type)
	require.Equal(t, "extracted", ev.Outcome)
	require.Equal(t, []string{event.TaskCompleted}, b.waitReceived(approved, 1))
	res := b.result(b.key, approved)
	require.Equal(t, http.StatusOK, res.Status, "%s", res.Raw)
	require.Equal(t, "invoice", res.Body["doc_type"])
	general := res.Body["extraction_data"].(map[string]any)["general"].(map[string]any)
	require.Equal(t, *inv.Truth.General.InvoiceNumber, general["InvoiceNumber"])
	r = b.doJSON(http.MethodPost, "/api/v1/tasks/"+approved+"/approve", b.key, map[string]string{"doc_type": "invoice"})
	require.Equal(t, http.StatusConflict, r.Status)
	require.Equal(t, "Task is not waiting for review.", r.Body["detail"])
	r = b.do(http.MethodPost, "/api/v1/tasks/"+approved+"/reject", b.key, nil, "")
	require.Equal(t, http.StatusConflict, r.Status)
	b.requireNoEvent(approved, 1)

	// Approve the requested type against the classifier: read as a bank
	// statement anyway.
	forced := parked()
	r = b.doJSON(http.MethodPost, "/api/v1/tasks/"+forced+"/approve", b.key, map[string]string{"doc_type": "bank_statement"})
	require.Equal(t, http.StatusAccepted, r.Status, "%s", r.Raw)
	ev = b.waitEvent(forced)
	require.Equal(t, event.TaskCompleted, ev.Type)
	require.Equal(t, "extracted", ev.Outcome)
	res = b.result(b.key, forced)
	require.Equal(t, http.StatusOK, res.Status, "%s", res.Raw)
	require.Equal(t, "bank_statement", res.Body["doc_type"])
	// Reprocessing it keeps the approved reading, and sends nothing.
	r = b.do(http.MethodPost, "/api/v1/tasks/"+forced+"/reprocess", b.key, nil, "")
	require.Equal(t, http.StatusAccepted, r.Status, "%s", r.Raw)
	b.waitTask(forced, notReprocessing)
	res = b.result(b.key, forced)
	require.Equal(t, http.StatusOK, res.Status, "%s", res.Raw)
	require.Equal(t, "bank_statement", res.Body["doc_type"])
	b.requireNoEvent(forced, 1)

	// Reject: completed with nothing extracted, the credit released, the
	// event sent.
	rejected := parked()
	before := b.credits()
	r = b.do(http.MethodPost, "/api/v1/tasks/"+rejected+"/reject", b.key, nil, "")
	require.Equal(t, http.StatusOK, r.Status, "%s", r.Raw)
	require.Equal(t, map[string]any{"task_id": rejected, "status": "completed", "outcome": "no_matching_documents"}, r.Body)
	require.Equal(t, []string{event.TaskCompleted}, b.waitReceived(rejected, 1))
	after := b.credits()
	require.Equal(t, before["held"].(float64)-1, after["held"])
	require.Equal(t, before["captured"], after["captured"])
	require.Equal(t, http.StatusNotFound, b.result(b.key, rejected).Status)
	b.requireNoEvent(rejected, 1)

	// Content that matches never waits, whatever the setting.
	plain := upload("invoice")
	ev = b.waitEvent(plain)
	require.Equal(t, "extracted", ev.Outcome)
	require.Equal(t, []string{event.TaskCompleted}, b.waitReceived(plain, 1))
}
