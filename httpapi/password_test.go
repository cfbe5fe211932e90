package httpapi_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/extract/withpdfium"
	"github.com/docextract/docextract/internal/testdocs"
	"github.com/docextract/docextract/webhook/event"
)

// TestPasswordResumesEncryptedUpload: an encrypted PDF parks its task in
// password_required (no event, the result says why); a wrong password parks
// it again; the right one completes it with one task.completed event.
func TestPasswordResumesEncryptedUpload(t *testing.T) {
	t.Parallel()
	x, err := withpdfium.New(extract.Config{NoOCR: true}, pdfium.Config{Workers: 1})
	require.NoError(t, err)
	t.Cleanup(func() { x.Close() })
	b := setup(t, options{extractor: x})
	locked, err := testdocs.EncryptedInvoice("s3cret")
	require.NoError(t, err)
	up := b.upload(b.key, "invoice", "locked.pdf", locked)
	require.Equal(t, http.StatusOK, up.Status, "%s", up.Raw)
	id := up.Body["document_id"].(string)
	path := "/api/v1/documents/" + id + "/password"

	waitParked := func() {
		t.Helper()
		require.Eventually(t, func() bool {
			r := b.result(b.key, id)
			return r.Status == http.StatusAccepted && r.Body["task_status"] == "password_required"
		}, 20*time.Second, 20*time.Millisecond)
		r := b.result(b.key, id)
		require.Equal(t, "processing", r.Body["status"], "docs/api.md, Get a result's body")
		require.Contains(t, r.Body["message"], "password-protected")
	}
	waitParked()

	// Refusals change nothing.
	for _, c := range []struct {
		path, key, body string
		status          int
		detail          string
	}{
		{path, b.key, `{"password":""}`, 400, "password must be 1 to 1024 bytes long."},
		{path, b.key, `{"password":"` + strings.Repeat("p", 1025) + `"}`, 400, "password must be 1 to 1024 bytes long."},
		{path, b.key, `{"password":5}`, 400, "Invalid request body."},
		{path, b.key, `{"password":"x"}{}`, 400, "Invalid request body."},
		{path, b.key, `{"pass":"x"}`, 400, "Invalid request body."},
		{path, b.key, `not json`, 400, "Invalid request body."},
		{path, "", `{"password":"x"}`, 401, "Invalid API key."},
		{"/api/v1/documents/not-a-uuid/password", b.key, `{"password":"x"}`, 400, "Invalid document ID format."},
		{"/api/v1/documents/0b6f2d1e-0000-4000-8000-000000000001/password", b.key, `{"password":"x"}`, 404, "Document not found"},
	} {
		r := b.do(http.MethodPost, c.path, c.key, strings.NewReader(c.body), "application/json")
		require.Equal(t, c.status, r.Status, "%s %s: %s", c.path, c.body, r.Raw)
		require.Equal(t, c.detail, r.Body["detail"])
	}
	_, otherKey := b.newTeam(10)
	r := b.do(http.MethodPost, path, otherKey, strings.NewReader(`{"password":"s3cret"}`), "application/json")
	require.Equal(t, http.StatusForbidden, r.Status)

	r = b.do(http.MethodPost, path, b.key, strings.NewReader(`{"password":"wrong"}`), "application/json")
	require.Equal(t, http.StatusAccepted, r.Status, "%s", r.Raw)
	require.Equal(t, map[string]any{"document_id": id, "status": "queued"}, r.Body)
	waitParked()

	r = b.do(http.MethodPost, path, b.key, strings.NewReader(`{"password":"s3cret"}`), "application/json")
	require.Equal(t, http.StatusAccepted, r.Status, "%s", r.Raw)
	ev := b.waitEvent(id)
	require.Equal(t, event.TaskCompleted, ev.Type)
	res := b.waitResult(b.key, id)
	require.Equal(t, http.StatusOK, res.Status, "%s", res.Raw)
	require.Equal(t, "INV-4711", res.Body["extraction_data"].(map[string]any)["general"].(map[string]any)["InvoiceNumber"])
	select {
	case ev := <-b.events:
		t.Fatalf("a second event: %+v", ev)
	default:
	}

	r = b.do(http.MethodPost, path, b.key, strings.NewReader(`{"password":"s3cret"}`), "application/json")
	require.Equal(t, http.StatusConflict, r.Status)
	require.Equal(t, "Document is not waiting for a password.", r.Body["detail"])
}

// An encrypted PDF's pages are counted when its password arrives, before
// it is queued again: more pages than the team's credits cover answers 402
// and the task keeps waiting, unextracted.
func TestPasswordChecksPagesAgainstBalance(t *testing.T) {
	t.Parallel()
	x, err := withpdfium.New(extract.Config{NoOCR: true}, pdfium.Config{Workers: 1})
	require.NoError(t, err)
	t.Cleanup(func() { x.Close() })
	b := setup(t, options{extractor: x})
	team, key := b.newTeam(2)
	f := fpdf.New("P", "pt", "A4", "")
	f.SetProtection(fpdf.CnProtectPrint, "pw", "owner-pw")
	f.SetFont("Helvetica", "", 11)
	for i := range 5 {
		f.AddPage()
		f.Text(50, 80, fmt.Sprintf("Statement page %d", i+1))
	}
	var buf bytes.Buffer
	require.NoError(t, f.Output(&buf))
	up := b.upload(key, "invoice", "locked.pdf", buf.Bytes())
	require.Equal(t, http.StatusOK, up.Status, "%s", up.Raw)
	id := up.Body["document_id"].(string)
	require.Eventually(t, func() bool {
		return b.result(key, id).Body["task_status"] == "password_required"
	}, 20*time.Second, 20*time.Millisecond)

	r := b.do(http.MethodPost, "/api/v1/documents/"+id+"/password", key, strings.NewReader(`{"password":"pw"}`), "application/json")
	require.Equal(t, http.StatusPaymentRequired, r.Status, "%s", r.Raw)
	require.Equal(t, "Insufficient credits to process new documents. Please review your account balance.", r.Body["detail"])
	require.Equal(t, "password_required", b.result(key, id).Body["task_status"])

	// With credits granted, the same password queues it.
	require.NoError(t, b.db.Grant(b.ctx, team.ID, 10))
	r = b.do(http.MethodPost, "/api/v1/documents/"+id+"/password", key, strings.NewReader(`{"password":"pw"}`), "application/json")
	require.Equal(t, http.StatusAccepted, r.Status, "%s", r.Raw)
	require.Equal(t, event.TaskCompleted, b.waitEvent(id).Type)
}

// TestMemoryLimitNamedOnTask: a flate bomb read by the real engine under a
// small per-document memory limit fails its task with processing_failed,
// and the task says which limit the file hit; the next upload completes.
func TestMemoryLimitNamedOnTask(t *testing.T) {
	t.Parallel()
	x, err := withpdfium.New(extract.Config{NoOCR: true}, pdfium.Config{Workers: 1, MemoryLimit: 64 << 20})
	require.NoError(t, err)
	t.Cleanup(func() { x.Close() })
	b := setup(t, options{extractor: x})
	bomb, err := testdocs.FlateBomb(128 << 20)
	require.NoError(t, err)
	up := b.upload(b.key, "invoice", "bomb.pdf", bomb)
	require.Equal(t, http.StatusOK, up.Status, "%s", up.Raw)
	id := up.Body["document_id"].(string)
	require.Equal(t, event.TaskFailed, b.waitEvent(id).Type)

	r := b.do(http.MethodGet, "/api/v1/tasks/"+id, b.key, nil, "")
	require.Equal(t, http.StatusOK, r.Status, "%s", r.Raw)
	require.Equal(t, "failed", r.Body["status"])
	require.Equal(t, map[string]any{"code": "processing_failed", "message": "Document processing failed.",
		"detail": "PDF engine memory limit of 64 MiB per document reached."}, r.Body["error"])

	ok := b.upload(b.key, "invoice", "ok.pdf", makePDF(t, 1))
	require.Equal(t, event.TaskCompleted, b.waitEvent(ok.Body["document_id"].(string)).Type, "the engine goes on")
}
