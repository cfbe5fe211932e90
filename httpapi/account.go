package httpapi

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
)

// accountRoutes registers the team's own view of its work and account
// (docs/api.md, Tasks, Documents list, Credits, API keys): a task's status,
// the team's documents, its credit balance and its API keys.
func (s *Server) accountRoutes() {
	s.handle("GET /api/v1/tasks/{task_id}", apiKeyOrBearer, s.handleGetTask)
	s.handle("GET /api/v1/documents", apiKeyOrBearer, s.handleListDocuments)
	s.handle("GET /api/v1/credits", apiKeyOrBearer, s.handleCredits)
	s.handle("GET /api/v1/api_keys", apiKeyOrBearer, s.handleListAPIKeys)
	s.handle("POST /api/v1/api_keys", apiKeyOrBearer, s.handleCreateAPIKey)
	s.handle("DELETE /api/v1/api_keys/{id}", apiKeyOrBearer, s.handleRevokeAPIKey)
}

// taskJSON is the task of GET /api/v1/tasks/{task_id}: the summary a
// webhook's data.task carries, plus its documents and its failure.
type taskJSON struct {
	ID           string         `json:"id"`
	Status       string         `json:"status"`
	DocType      string         `json:"doc_type"`
	Outcome      *string        `json:"outcome"`
	IngestSource string         `json:"ingest_source"`
	CreatedAt    time.Time      `json:"created_at"`
	UpdatedAt    time.Time      `json:"updated_at"`
	CompletedAt  *time.Time     `json:"completed_at"`
	OriginalFile originalFile   `json:"original_file"`
	CreditsHeld  int64          `json:"credits_held"`
	Error        *taskErrorJSON `json:"error"`
	// Reprocessing is true while a reprocessing of the finished task is
	// queued or running (POST /api/v1/tasks/{task_id}/reprocess).
	Reprocessing bool `json:"reprocessing"`
	// DetectedType is, while the task waits in needs_review, the type the
	// classifier found instead of doc_type; null otherwise.
	DetectedType *string         `json:"detected_type"`
	Documents    []taskDocStatus `json:"documents"`
}

type originalFile struct {
	Name        string `json:"name"`
	ContentType string `json:"content_type"`
	PageCount   *int   `json:"page_count"`
}

type taskErrorJSON struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Detail says why, when the file itself is the reason (a limit it
	// hit, naming the limit); absent otherwise.
	Detail string `json:"detail,omitempty"`
}

type taskDocStatus struct {
	ID        string `json:"id"`
	DocType   string `json:"doc_type"`
	Status    string `json:"status"`
	HasResult bool   `json:"has_result"`
	PageStart *int   `json:"page_start"`
	PageEnd   *int   `json:"page_end"`
}

func intOrNil(n int) *int {
	if n <= 0 {
		return nil
	}
	return &n
}

// handleGetTask answers a task's status, outcome, failure and documents.
func (s *Server) handleGetTask(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	ctx := r.Context()
	t, err := s.ownTask(r, key)
	if err != nil {
		return err
	}
	docs, err := s.Store.ListDocuments(ctx, t.ID)
	if err != nil {
		return err
	}
	out := taskJSON{ID: t.ID, Status: string(t.Status), DocType: string(t.DocType), IngestSource: t.IngestSource,
		CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt, CreditsHeld: t.CreditsHeld, Reprocessing: t.Reprocessing,
		OriginalFile: originalFile{Name: t.FileName, ContentType: t.ContentType, PageCount: intOrNil(t.PageCount)},
		Documents:    make([]taskDocStatus, 0, len(docs))}
	if t.Outcome != "" {
		out.Outcome = &t.Outcome
	}
	if !t.CompletedAt.IsZero() {
		out.CompletedAt = &t.CompletedAt
	}
	if t.Status == docextract.TaskNeedsReview && t.DetectedType != "" {
		dt := string(t.DetectedType)
		out.DetectedType = &dt
	}
	if t.ErrorCode != "" {
		out.Error = &taskErrorJSON{Code: t.ErrorCode, Message: docextract.FailureMessages[t.ErrorCode], Detail: t.ErrorDetail}
	}
	for _, d := range docs {
		out.Documents = append(out.Documents, taskDocStatus{ID: d.ID, DocType: string(d.DocType), Status: d.Status,
			HasResult: d.HasResult(), PageStart: intOrNil(d.PageStart), PageEnd: intOrNil(d.PageEnd)})
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// Documents list (GET /api/v1/documents).
const (
	defaultDocumentsLimit = 50
	// documentsScan bounds the documents one request reads while
	// filtering: a page may come back short, with a cursor to go on.
	documentsScan        = 1000
	documentsCursorKey   = "documents_cursor"
	msgInvalidFilter     = "Invalid filter: "
	documentsCursorLabel = "documents-v1\x00"
)

// documentFilter is the filter of the documents list.
type documentFilter struct {
	docType docextract.DocType
	status  string
	after   time.Time // created at or after; zero = none
	before  time.Time // created before; zero = none
}

func (f documentFilter) String() string {
	var b strings.Builder
	b.WriteString(string(f.docType) + "\x1f" + f.status + "\x1f")
	if !f.after.IsZero() {
		b.WriteString(f.after.UTC().Format(time.RFC3339Nano))
	}
	b.WriteString("\x1f")
	if !f.before.IsZero() {
		b.WriteString(f.before.UTC().Format(time.RFC3339Nano))
	}
	return b.String()
}

func (f documentFilter) match(d *store.Document) bool {
	switch {
	case f.docType != "" && d.DocType != f.docType:
		return false
	case f.status != "" && d.Status != f.status:
		return false
	case !f.after.IsZero() && d.CreatedAt.Before(f.after):
		return false
	case !f.before.IsZero() && !d.CreatedAt.Before(f.before):
		return false
	}
	return true
}

// parseDocumentFilter reads doc_type, status, created_after and
// created_before (RFC 3339 or YYYY-MM-DD, UTC).
func parseDocumentFilter(q map[string][]string) (documentFilter, error) {
	var f documentFilter
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return strings.TrimSpace(v[0])
		}
		return ""
	}
	if v := get("doc_type"); v != "" {
		t, ok := docextract.ParseDocType(v)
		if !ok {
			return f, errorf(docextract.EINVALID, msgInvalidFilter+"doc_type must be "+docextract.TypeNames()+".")
		}
		f.docType = t
	}
	switch v := get("status"); v {
	case "", docextract.StatusQueued, docextract.StatusProcessing, docextract.StatusCompleted, docextract.StatusFailed:
		f.status = v
	default:
		return f, errorf(docextract.EINVALID, msgInvalidFilter+"status must be queued, processing, completed or failed.")
	}
	for _, p := range []struct {
		name string
		dst  *time.Time
	}{{"created_after", &f.after}, {"created_before", &f.before}} {
		v := get(p.name)
		if v == "" {
			continue
		}
		t, err := time.Parse(time.RFC3339Nano, v)
		if err != nil {
			if t, err = time.Parse(time.DateOnly, v); err != nil {
				return f, errorf(docextract.EINVALID, msgInvalidFilter+p.name+" must be a date (2026-11-23) or an RFC 3339 time.")
			}
		}
		*p.dst = t
	}
	return f, nil
}

// documentsCursor encodes the place after key, bound by a MAC to the team
// and the filter so a cursor cannot be replayed with other filters or by
// another team.
func documentsCursor(secret []byte, teamID string, f documentFilter, k store.DocumentKey) string {
	payload := strconv.FormatInt(k.CreatedAt.UnixNano(), 10) + "." + k.ID
	return base64.RawURLEncoding.EncodeToString([]byte(payload)) + "." +
		base64.RawURLEncoding.EncodeToString(documentsMAC(secret, teamID, f, payload))
}

func documentsMAC(secret []byte, teamID string, f documentFilter, payload string) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(documentsCursorLabel + teamID + "\x00" + f.String() + "\x00" + payload))
	return m.Sum(nil)[:16]
}

func decodeDocumentsCursor(secret []byte, teamID string, f documentFilter, c string) (store.DocumentKey, bool) {
	p, m, ok := strings.Cut(c, ".")
	if !ok || len(c) > 200 {
		return store.DocumentKey{}, false
	}
	raw, err1 := base64.RawURLEncoding.DecodeString(p)
	mac, err2 := base64.RawURLEncoding.DecodeString(m)
	if err1 != nil || err2 != nil || !hmac.Equal(mac, documentsMAC(secret, teamID, f, string(raw))) {
		return store.DocumentKey{}, false
	}
	ns, id, ok := strings.Cut(string(raw), ".")
	n, err := strconv.ParseInt(ns, 10, 64)
	if !ok || err != nil {
		return store.DocumentKey{}, false
	}
	return store.DocumentKey{CreatedAt: time.Unix(0, n).UTC(), ID: id}, true
}

// documentListJSON is one document of the documents list.
type documentListJSON struct {
	ID          string    `json:"id"`
	TaskID      string    `json:"task_id"`
	DocType     string    `json:"doc_type"`
	Status      string    `json:"status"`
	FileName    string    `json:"file_name"`
	PageStart   *int      `json:"page_start"`
	PageEnd     *int      `json:"page_end"`
	TemplateID  *string   `json:"template_id"`
	Passed      bool      `json:"passed_validation"`
	CreditsUsed int64     `json:"credits_used"`
	CreatedAt   time.Time `json:"created_at"`
}

// handleListDocuments pages through the team's documents, newest first,
// with optional filters. Filtering reads at most documentsScan documents
// per request, so a page may hold fewer than limit documents while
// next_cursor is not null.
func (s *Server) handleListDocuments(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	ctx := r.Context()
	q := r.URL.Query()
	limit := defaultDocumentsLimit
	if v, ok := q["limit"]; ok {
		var err error
		if limit, err = strconv.Atoi(v[0]); err != nil || limit < 1 || limit > 100 {
			return errorf(docextract.EINVALID, msgLimitRange)
		}
	}
	f, err := parseDocumentFilter(q)
	if err != nil {
		return err
	}
	secret, err := s.Store.SigningKey(ctx, documentsCursorKey)
	if err != nil {
		return err
	}
	var after store.DocumentKey
	if c := q.Get("cursor"); c != "" {
		var ok bool
		if after, ok = decodeDocumentsCursor(secret, key.TeamID, f, c); !ok {
			return errorf(docextract.EINVALID, msgInvalidCursor)
		}
	}
	page := []documentListJSON{}
	scanned, exhausted := 0, false
	for len(page) < limit && scanned < documentsScan && !exhausted {
		n := min(100, documentsScan-scanned)
		batch, err := s.Store.ListTeamDocuments(ctx, key.TeamID, after, n)
		if err != nil {
			return err
		}
		exhausted = len(batch) < n
		for i, d := range batch {
			if !f.after.IsZero() && d.CreatedAt.Before(f.after) {
				exhausted = true // newest first: nothing older can match
				break
			}
			scanned++
			after = d.Key()
			if f.match(d) {
				page = append(page, documentListJSON{ID: d.ID, TaskID: d.TaskID, DocType: string(d.DocType), Status: d.Status,
					FileName: d.FileName, PageStart: intOrNil(d.PageStart), PageEnd: intOrNil(d.PageEnd),
					TemplateID: strOrNil(d.TemplateID), Passed: d.Passed, CreditsUsed: d.CreditsUsed, CreatedAt: d.CreatedAt})
				if len(page) == limit {
					// Documents after this one in the batch: not the end.
					exhausted = exhausted && i == len(batch)-1
					break
				}
			}
		}
	}
	var next any
	if !exhausted {
		next = documentsCursor(secret, key.TeamID, f, after)
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": page, "next_cursor": next})
	return nil
}

func strOrNil(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// handleCredits answers the team's balance.
func (s *Server) handleCredits(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	b, err := s.Store.Balance(r.Context(), key.TeamID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]int64{"available": b.Available(), "held": b.Held, "captured": b.Captured, "granted": b.Granted})
	return nil
}

// apiKeyJSON is an API key as listed: never the key, its prefix only.
type apiKeyJSON struct {
	ID        string    `json:"id"`
	Prefix    string    `json:"prefix"`
	CreatedAt time.Time `json:"created_at"`
	Current   bool      `json:"current"`
	Key       string    `json:"key,omitempty"`
}

func (s *Server) handleListAPIKeys(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	keys, err := s.Store.ListAPIKeys(r.Context(), key.TeamID)
	if err != nil {
		return err
	}
	out := make([]apiKeyJSON, 0, len(keys))
	for _, k := range keys {
		out = append(out, apiKeyJSON{ID: k.ID, Prefix: k.Prefix, CreatedAt: k.CreatedAt, Current: k.ID == key.ID})
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": out})
	return nil
}

func (s *Server) handleCreateAPIKey(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	secret, rec, err := s.CreateTeamAPIKey(r.Context(), key.TeamID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, apiKeyJSON{ID: rec.ID, Prefix: rec.Prefix, CreatedAt: rec.CreatedAt, Key: secret})
	return nil
}

func (s *Server) handleRevokeAPIKey(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	if err := s.RevokeTeamAPIKey(r.Context(), key.TeamID, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
