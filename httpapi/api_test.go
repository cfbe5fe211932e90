package httpapi_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/webhook/event"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

func TestUploadResultDelete(t *testing.T) {
	t.Parallel()
	b := setup(t, options{})

	up := b.upload(b.key, "invoice", "scan.pdf", makePDF(t, 2))
	require.Equal(t, http.StatusOK, up.Status, "%s", up.Raw)
	id := up.Body["document_id"].(string)
	require.Equal(t, "queued", up.Body["status"])
	_, err := uuid.Parse(id)
	require.NoError(t, err)

	ev := b.waitEvent(id)
	require.Equal(t, event.TaskCompleted, ev.Type)
	require.Equal(t, docextract.OutcomeExtracted, ev.Outcome)

	res := b.waitResult(b.key, id)
	require.Equal(t, http.StatusOK, res.Status, "%s", res.Raw)
	require.Equal(t, id, res.Body["document_id"])
	require.Equal(t, id, res.Body["task_id"])
	require.Equal(t, "invoice", res.Body["doc_type"])
	require.Equal(t, "completed", res.Body["status"])
	require.Equal(t, "scan.pdf", res.Body["file_name"])
	require.Equal(t, extract.TemplateInvoiceText, res.Body["template_id"])
	require.EqualValues(t, 1, res.Body["page_start"])
	require.EqualValues(t, 2, res.Body["page_end"])
	require.EqualValues(t, 2, res.Body["credits_used"])
	require.Equal(t, true, res.Body["passed_validation"])
	v := res.Body["validation"].(map[string]any)
	require.Equal(t, true, v["passed"])
	require.Equal(t, "test", v["details"].(map[string]any)["calculation_logic"])
	data := res.Body["extraction_data"].(map[string]any)
	require.Equal(t, "invoice", data["docType"])
	require.Equal(t, "INV-1", data["general"].(map[string]any)["InvoiceNumber"])
	// The readers' confidence per field travels beside extraction_data.
	require.Equal(t, map[string]any{"InvoiceNumber": 0.9, "Currency": 0.75}, res.Body["confidence"])
	tr := b.do(http.MethodGet, "/api/v1/tasks/"+id+"/results", b.key, nil, "")
	require.Equal(t, http.StatusOK, tr.Status, "%s", tr.Raw)
	require.Equal(t, map[string]any{"InvoiceNumber": 0.9, "Currency": 0.75},
		tr.Body["documents"].([]any)[0].(map[string]any)["confidence"])

	bal, err := b.db.Balance(b.ctx, b.team.ID)
	require.NoError(t, err)
	require.Equal(t, credits.Balance{Granted: 1000, Captured: 2}, bal)

	del := b.do(http.MethodDelete, "/api/v1/documents/"+id, b.key, nil, "")
	require.Equal(t, http.StatusNoContent, del.Status)
	require.Empty(t, del.Raw)
	_, err = b.db.ReadFile(b.ctx, id)
	require.Equal(t, docextract.ENOTFOUND, docextract.ErrorCode(err), "the stored file is gone")

	gone := b.result(b.key, id)
	require.Equal(t, http.StatusNotFound, gone.Status)
	require.Equal(t, map[string]any{"detail": "Document not found"}, gone.Body)
	again := b.do(http.MethodDelete, "/api/v1/documents/"+id, b.key, nil, "")
	require.Equal(t, http.StatusNotFound, again.Status)
	require.Equal(t, "Document not found", again.Body["detail"])
}

func TestUploadImages(t *testing.T) {
	t.Parallel()
	b := setup(t, options{})
	for _, format := range []string{"png", "jpeg"} {
		// The name says PDF; the content decides.
		up := b.upload(b.key, "receipt", "photo.pdf", makeImage(t, format))
		require.Equal(t, http.StatusOK, up.Status, "%s", up.Raw)
		id := up.Body["document_id"].(string)
		task, err := b.db.FindTask(b.ctx, id)
		require.NoError(t, err)
		require.Equal(t, "image/"+format, task.ContentType)
		require.Equal(t, int64(1), task.CreditsHeld)
	}
}

func TestUploadErrors(t *testing.T) {
	t.Parallel()
	b := setup(t, options{grant: 3, noWorkers: true})
	pdf := makePDF(t, 1)

	invalid := map[string]any{"detail": "Invalid file type"}
	for name, tt := range map[string]struct {
		key, docType string
		body         func() (string, []byte)
		status       int
		want         map[string]any
	}{
		"NoKey":        {"", "invoice", nil, 401, map[string]any{"detail": "Invalid API key."}},
		"WrongKey":     {"dex_nope", "invoice", nil, 401, map[string]any{"detail": "Invalid API key."}},
		"AuthFirst":    {"dex_nope", "letter", nil, 401, map[string]any{"detail": "Invalid API key."}},
		"BadDocType":   {b.key, "letter", nil, 400, invalid},
		"OtherType":    {b.key, "Invoice", nil, 400, invalid},
		"TextFile":     {b.key, "invoice", func() (string, []byte) { return "a.pdf", []byte("hello, not a pdf") }, 400, invalid},
		"EmptyFile":    {b.key, "invoice", func() (string, []byte) { return "a.pdf", nil }, 400, invalid},
		"TooManyPages": {b.key, "invoice", func() (string, []byte) { return "big.pdf", makePDF(t, 201) }, 400, map[string]any{"detail": "PDF exceeds the maximum of 200 pages."}},
		"NoCredits":    {b.key, "invoice", func() (string, []byte) { return "four.pdf", makePDF(t, 4) }, 402, map[string]any{"detail": credits.InsufficientMessage}},
	} {
		t.Run(name, func(t *testing.T) {
			fileName, content := "a.pdf", pdf
			if tt.body != nil {
				fileName, content = tt.body()
			}
			r := b.upload(tt.key, tt.docType, fileName, content)
			require.Equal(t, tt.status, r.Status, "%s", r.Raw)
			require.Equal(t, tt.want, r.Body)
		})
	}

	t.Run("NoFileField", func(t *testing.T) {
		body, ct := multipartBody(t, "document", "a.pdf", pdf)
		r := b.do(http.MethodPost, "/api/v1/documents/invoice", b.key, body, ct)
		require.Equal(t, 400, r.Status)
		require.Equal(t, invalid, r.Body)
	})
	t.Run("NotMultipart", func(t *testing.T) {
		r := b.do(http.MethodPost, "/api/v1/documents/invoice", b.key, bytes.NewReader(pdf), "application/pdf")
		require.Equal(t, 400, r.Status)
		require.Equal(t, invalid, r.Body)
	})
	t.Run("TooLarge", func(t *testing.T) {
		big := append(append([]byte{}, pdf...), bytes.Repeat([]byte{' '}, docextract.MaxFileSize)...)
		r := b.upload(b.key, "invoice", "big.pdf", big)
		require.Equal(t, http.StatusRequestEntityTooLarge, r.Status)
		require.Equal(t, map[string]any{"detail": "File too large. Maximum size is 20MB."}, r.Body)
	})
	t.Run("ExactlyTwentyMB", func(t *testing.T) {
		exact := append(append([]byte{}, pdf...), bytes.Repeat([]byte{' '}, docextract.MaxFileSize-len(pdf))...)
		r := b.upload(b.key, "invoice", "exact.pdf", exact)
		require.Equal(t, http.StatusOK, r.Status, "%s", r.Raw)
	})

	// Nothing refused left a file or a task behind.
	require.Equal(t, 1, countRows(t, b, `SELECT count(*) FROM tasks`))
	require.Equal(t, 1, countRows(t, b, `SELECT count(DISTINCT task_id) FROM task_files`))
}

func TestRateLimit(t *testing.T) {
	t.Parallel()
	b := setup(t, options{rate: "2/1m", noWorkers: true})
	img := makeImage(t, "png")
	for i := range 2 {
		r := b.upload(b.key, "receipt", "r.png", img)
		require.Equal(t, http.StatusOK, r.Status)
		require.Equal(t, `"upload";q=2;w=60`, r.Header.Get("RateLimit-Policy"))
		require.True(t, strings.HasPrefix(r.Header.Get("RateLimit"), `"upload";r=`+[]string{"1", "0"}[i]+";t="), r.Header.Get("RateLimit"))
	}
	// Rate limit is checked before the request shape.
	r := b.upload(b.key, "letter", "r.png", img)
	require.Equal(t, http.StatusTooManyRequests, r.Status)
	require.Equal(t, map[string]any{"error": "Rate limit exceeded: 2 per 1 minute"}, r.Body)
	require.Equal(t, "30", r.Header.Get("Retry-After"))
	require.Equal(t, `"upload";q=2;w=60`, r.Header.Get("RateLimit-Policy"))

	// But after authentication; and per key.
	r = b.upload("dex_wrong", "receipt", "r.png", img)
	require.Equal(t, http.StatusUnauthorized, r.Status)
	_, other := b.newTeam(10)
	require.Equal(t, http.StatusOK, b.upload(other, "receipt", "r.png", img).Status)

	// Results are not rate limited.
	require.Equal(t, http.StatusNotFound, b.result(b.key, uuid.NewString()).Status)
}

func TestResultAndDeleteErrors(t *testing.T) {
	t.Parallel()
	b := setup(t, options{noWorkers: true})
	up := b.upload(b.key, "invoice", "a.pdf", makePDF(t, 1))
	require.Equal(t, http.StatusOK, up.Status)
	id := up.Body["document_id"].(string)

	// Queued: 202 processing body.
	r := b.result(b.key, id)
	require.Equal(t, http.StatusAccepted, r.Status)
	require.Equal(t, id, r.Body["document_id"])
	require.Equal(t, "processing", r.Body["status"])
	require.NotEmpty(t, r.Body["message"])

	_, otherKey := b.newTeam(10)
	for _, tt := range []struct {
		method, path, key string
		status            int
		detail            string
	}{
		{"GET", "/api/v1/documents/" + id + "/result", "", 401, "Invalid API key."},
		{"GET", "/api/v1/documents/" + id + "/result", "dex_x", 401, "Invalid API key."},
		{"GET", "/api/v1/documents/not-a-uuid/result", "", 401, "Invalid API key."},
		{"GET", "/api/v1/documents/not-a-uuid/result", b.key, 400, "Invalid document ID format."},
		{"GET", "/api/v1/documents/" + strings.ReplaceAll(id, "-", "") + "/result", b.key, 400, "Invalid document ID format."},
		{"GET", "/api/v1/documents/" + uuid.NewString() + "/result", b.key, 404, "Document not found"},
		{"GET", "/api/v1/documents/" + id + "/result", otherKey, 403, "Not authorized to access this document"},
		{"DELETE", "/api/v1/documents/" + id, "", 401, "Invalid API key."},
		{"DELETE", "/api/v1/documents/xyz", b.key, 400, "Invalid document ID format."},
		{"DELETE", "/api/v1/documents/" + uuid.NewString(), b.key, 404, "Document not found"},
		{"DELETE", "/api/v1/documents/" + id, otherKey, 403, "Not authorized to delete this document"},
	} {
		r := b.do(tt.method, tt.path, tt.key, nil, "")
		require.Equal(t, tt.status, r.Status, "%s %s", tt.method, tt.path)
		require.Equal(t, map[string]any{"detail": tt.detail}, r.Body, "%s %s", tt.method, tt.path)
	}

	// Deleting a queued document releases its hold and leaves nothing.
	require.Equal(t, http.StatusNoContent, b.do("DELETE", "/api/v1/documents/"+id, b.key, nil, "").Status)
	bal, err := b.db.Balance(b.ctx, b.team.ID)
	require.NoError(t, err)
	require.Equal(t, credits.Balance{Granted: 1000}, bal)
	_, err = b.db.FindTask(b.ctx, id)
	require.Equal(t, docextract.ENOTFOUND, docextract.ErrorCode(err))
}

func TestSplitDocuments(t *testing.T) {
	t.Parallel()
	b := setup(t, options{})
	b.x.fn = func(ctx context.Context, in extract.Input, pages int) (*extract.Result, error) {
		other := invoiceDoc(docextract.Receipt, 6, 6)
		other.Mismatch = true
		return &extract.Result{ContentType: extract.TypePDF, PageCount: pages, Documents: []extract.Document{
			invoiceDoc(in.DocType, 1, 2), invoiceDoc(in.DocType, 3, 5), other}}, nil
	}
	up := b.upload(b.key, "invoice", "batch.pdf", makePDF(t, 6))
	require.Equal(t, http.StatusOK, up.Status)
	id := up.Body["document_id"].(string)
	ev := b.waitEvent(id)
	require.Equal(t, docextract.OutcomeExtracted, ev.Outcome)

	docs, err := b.db.ListDocuments(b.ctx, id)
	require.NoError(t, err)
	require.Len(t, docs, 2, "the mismatched receipt is not a result")
	require.Equal(t, id, docs[0].ID)

	first := b.result(b.key, id)
	require.Equal(t, http.StatusOK, first.Status)
	require.EqualValues(t, 2, first.Body["credits_used"])
	second := b.result(b.key, docs[1].ID)
	require.Equal(t, http.StatusOK, second.Status)
	require.Equal(t, id, second.Body["task_id"])
	require.EqualValues(t, 3, second.Body["page_start"])
	require.EqualValues(t, 5, second.Body["page_end"])
	require.EqualValues(t, 3, second.Body["credits_used"])
	require.Equal(t, "INV-3", second.Body["extraction_data"].(map[string]any)["general"].(map[string]any)["InvoiceNumber"])

	bal, err := b.db.Balance(b.ctx, b.team.ID)
	require.NoError(t, err)
	require.Equal(t, credits.Balance{Granted: 1000, Captured: 5}, bal)

	// Deleting one part leaves the other; deleting the last removes the file.
	require.Equal(t, http.StatusNoContent, b.do("DELETE", "/api/v1/documents/"+id, b.key, nil, "").Status)
	require.Equal(t, http.StatusOK, b.result(b.key, docs[1].ID).Status)
	_, err = b.db.ReadFile(b.ctx, id)
	require.NoError(t, err)
	require.Equal(t, http.StatusNoContent, b.do("DELETE", "/api/v1/documents/"+docs[1].ID, b.key, nil, "").Status)
	_, err = b.db.ReadFile(b.ctx, id)
	require.Equal(t, docextract.ENOTFOUND, docextract.ErrorCode(err))
}

func TestFailedAndEmptyResultsAreNotFound(t *testing.T) {
	t.Parallel()
	b := setup(t, options{})
	b.x.fn = func(ctx context.Context, in extract.Input, pages int) (*extract.Result, error) {
		switch in.FileName {
		case "broken.pdf":
			return nil, extract.ErrMalformed
		case "locked.pdf":
			return nil, extract.ErrPasswordRequired
		}
		return &extract.Result{ContentType: extract.TypePDF, PageCount: pages}, nil // nothing found
	}
	broken := b.upload(b.key, "invoice", "broken.pdf", makePDF(t, 1)).Body["document_id"].(string)
	empty := b.upload(b.key, "invoice", "empty.pdf", makePDF(t, 1)).Body["document_id"].(string)
	locked := b.upload(b.key, "invoice", "locked.pdf", makePDF(t, 1)).Body["document_id"].(string)

	ev := b.waitEvent(broken)
	require.Equal(t, event.TaskFailed, ev.Type)
	require.Equal(t, docextract.FailProcessing, ev.ErrorCode)
	ev = b.waitEvent(empty)
	require.Equal(t, event.TaskCompleted, ev.Type)
	require.Equal(t, docextract.OutcomeNoMatchingDocuments, ev.Outcome)
	for _, id := range []string{broken, empty} {
		r := b.result(b.key, id)
		require.Equal(t, http.StatusNotFound, r.Status)
		require.Equal(t, map[string]any{"detail": "Document not found"}, r.Body)
	}

	// A password-protected PDF waits: still "processing", no event, hold kept.
	require.Eventually(t, func() bool {
		task, err := b.db.FindTask(b.ctx, locked)
		return err == nil && task.Status == docextract.TaskPasswordRequired
	}, 10e9, 10e6)
	require.Equal(t, http.StatusAccepted, b.result(b.key, locked).Status)
	_, err := b.db.FindTaskEvent(b.ctx, locked)
	require.Equal(t, docextract.ENOTFOUND, docextract.ErrorCode(err))
	bal, err := b.db.Balance(b.ctx, b.team.ID)
	require.NoError(t, err)
	require.Equal(t, credits.Balance{Granted: 1000, Held: 1}, bal)
}

func TestConcurrentUploadsAcceptExactlyTheBalance(t *testing.T) {
	t.Parallel()
	b := setup(t, options{grant: 100, noWorkers: true})
	img := makeImage(t, "jpeg")
	var ok, refused atomic.Int64
	var wg sync.WaitGroup
	sem := make(chan struct{}, 50)
	for range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			r := b.upload(b.key, "receipt", "r.jpg", img)
			switch r.Status {
			case http.StatusOK:
				ok.Add(1)
			case http.StatusPaymentRequired:
				refused.Add(1)
			default:
				t.Errorf("status %d: %s", r.Status, r.Raw)
			}
		}()
	}
	wg.Wait()
	require.Equal(t, int64(100), ok.Load())
	require.Equal(t, int64(100), refused.Load())
	bal, err := b.db.Balance(b.ctx, b.team.ID)
	require.NoError(t, err)
	require.Equal(t, credits.Balance{Granted: 100, Held: 100}, bal)
}

func TestHealthz(t *testing.T) {
	t.Parallel()
	b := setup(t, options{noWorkers: true})
	r := b.do("GET", "/healthz", "", nil, "")
	require.Equal(t, http.StatusOK, r.Status)
	require.Equal(t, "ok", r.Body["status"])
}

// TestUnmatchedRoutesAnswerJSON: a path or method no route serves is
// answered in JSON like every other error, not in the mux's plain text.
func TestUnmatchedRoutesAnswerJSON(t *testing.T) {
	t.Parallel()
	b := setup(t, options{noWorkers: true})
	for _, c := range []struct {
		method, path string
		status       int
		detail       string
		allow        string
	}{
		{"GET", "/api/v1/nothing-here", http.StatusNotFound, "Not Found", ""},
		{"GET", "/", http.StatusNotFound, "Not Found", ""},
		{"PUT", "/api/v1/documents/invoice", http.StatusMethodNotAllowed, "Method Not Allowed", "DELETE, POST"},
		{"POST", "/api/v1/documents/" + "0b6f2d1e-0000-4000-8000-000000000001" + "/result", http.StatusMethodNotAllowed, "Method Not Allowed", "GET, HEAD"},
	} {
		r := b.do(c.method, c.path, b.key, nil, "")
		require.Equal(t, c.status, r.Status, "%s %s: %s", c.method, c.path, r.Raw)
		require.Equal(t, "application/json", r.Header.Get("Content-Type"))
		require.Equal(t, map[string]any{"detail": c.detail}, r.Body, "%s %s", c.method, c.path)
		if c.allow != "" {
			require.Equal(t, c.allow, r.Header.Get("Allow"))
		}
	}
}
