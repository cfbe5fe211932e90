package dashboard

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/export"
	"github.com/docextract/docextract/store"
)

// documentsPerPage is the length of a page of the document list.
const documentsPerPage = 50

func (h *Handler) documentRoutes() {
	h.mux.HandleFunc("GET "+prefix+"documents", h.authed(h.handleDocuments))
	h.mux.HandleFunc("POST "+prefix+"documents/download", h.authed(h.handleDownload))
	h.mux.HandleFunc("GET "+prefix+"documents/{id}", h.authed(h.withDocument(h.handleDocument)))
	h.mux.HandleFunc("GET "+prefix+"documents/{id}/preview.png", h.authed(h.withDocument(h.handlePreview)))
	h.mux.HandleFunc("GET "+prefix+"documents/{id}/delete", h.authed(h.withDocument(h.handleDocumentDeletePage)))
	h.mux.HandleFunc("POST "+prefix+"documents/{id}/delete", h.authed(h.withDocument(h.handleDocumentDelete)))
	h.mux.HandleFunc("POST "+prefix+"documents/{id}/reprocess", h.authed(h.withTask(h.handleReprocess)))
	h.mux.HandleFunc("POST "+prefix+"documents/{id}/approve", h.authed(h.withTask(h.handleApprove)))
	h.mux.HandleFunc("POST "+prefix+"documents/{id}/reject", h.authed(h.withTask(h.handleReject)))
}

// withTask loads the task of the document {id} of the session's team.
func (h *Handler) withTask(fn func(http.ResponseWriter, *http.Request, *session, *store.Document, *store.Task)) func(http.ResponseWriter, *http.Request, *session) {
	return h.withDocument(func(w http.ResponseWriter, r *http.Request, s *session, d *store.Document) {
		t, err := h.API.Store.FindTask(r.Context(), d.TaskID)
		if err != nil {
			h.fail(w, r, s, err)
			return
		}
		fn(w, r, s, d, t)
	})
}

// afterTaskAction shows the document again with notice, or its page with
// the error of a refused action.
func (h *Handler) afterTaskAction(w http.ResponseWriter, r *http.Request, s *session, d *store.Document, err error, notice string) {
	switch docextract.ErrorCode(err) {
	case "":
		http.Redirect(w, r, prefix+"documents/"+d.ID+"?notice="+notice, http.StatusSeeOther)
	case docextract.ECONFLICT, docextract.EINVALID, docextract.EPAYMENT:
		h.documentPage(w, r, s, d, http.StatusConflict, h.message(r, err))
	default:
		h.fail(w, r, s, err)
	}
}

// handleReprocess extracts the finished task again (docs/api.md, Reprocess
// a task): its documents are replaced, no webhook event is sent.
func (h *Handler) handleReprocess(w http.ResponseWriter, r *http.Request, s *session, d *store.Document, t *store.Task) {
	h.afterTaskAction(w, r, s, d, h.API.ReprocessTask(r.Context(), t), "reprocessing")
}

// handleApprove reads a task waiting for a classification review as the
// chosen type (docs/api.md, Classification review).
func (h *Handler) handleApprove(w http.ResponseWriter, r *http.Request, s *session, d *store.Document, t *store.Task) {
	typ, ok := docextract.ParseDocType(r.PostFormValue("doc_type"))
	if !ok {
		h.afterTaskAction(w, r, s, d, &docextract.Error{Code: docextract.EINVALID, Message: "Choose a document type."}, "")
		return
	}
	h.afterTaskAction(w, r, s, d, h.API.ApproveTask(r.Context(), t, typ), "approved")
}

// handleReject completes a task waiting for a classification review with
// nothing extracted.
func (h *Handler) handleReject(w http.ResponseWriter, r *http.Request, s *session, d *store.Document, t *store.Task) {
	_, err := h.API.RejectTask(r.Context(), t)
	h.afterTaskAction(w, r, s, d, err, "rejected")
}

// withDocument loads the document {id} of the session's team through the
// API's TeamDocument: another team's document is not found.
func (h *Handler) withDocument(fn func(http.ResponseWriter, *http.Request, *session, *store.Document)) func(http.ResponseWriter, *http.Request, *session) {
	return func(w http.ResponseWriter, r *http.Request, s *session) {
		d, err := h.API.TeamDocument(r.Context(), s.key.TeamID, r.PathValue("id"))
		if err != nil {
			h.fail(w, r, s, err)
			return
		}
		fn(w, r, s, d)
	}
}

type documentsData struct {
	Documents []*store.Document
	Formats   []export.Format
	Next      string // the "after" of the next page, or ""
}

// pageKey is a document's place in the list as a link parameter:
// "<created_at in ms>_<id>".
func pageKey(d *store.Document) string {
	return strconv.FormatInt(d.CreatedAt.UnixMilli(), 10) + "_" + d.ID
}

func parsePageKey(s string) (store.DocumentKey, bool) {
	msText, id, ok := strings.Cut(s, "_")
	n, err := strconv.ParseInt(msText, 10, 64)
	if !ok || err != nil || len(id) != 36 {
		return store.DocumentKey{}, false
	}
	return store.DocumentKey{CreatedAt: time.UnixMilli(n), ID: id}, true
}

func (h *Handler) handleDocuments(w http.ResponseWriter, r *http.Request, s *session) {
	h.documentsPage(w, r, s, http.StatusOK, "")
}

func (h *Handler) documentsPage(w http.ResponseWriter, r *http.Request, s *session, status int, msg string) {
	var after store.DocumentKey
	if a := r.URL.Query().Get("after"); a != "" {
		k, ok := parsePageKey(a)
		if !ok {
			h.fail(w, r, s, &docextract.Error{Code: docextract.EINVALID, Message: "Invalid page."})
			return
		}
		after = k
	}
	docs, err := h.API.Store.ListTeamDocuments(r.Context(), s.key.TeamID, after, documentsPerPage+1)
	if err != nil {
		h.fail(w, r, s, err)
		return
	}
	d := documentsData{Documents: docs, Formats: export.Formats}
	if len(docs) > documentsPerPage {
		d.Documents = docs[:documentsPerPage]
		d.Next = pageKey(docs[documentsPerPage-1])
	}
	v := h.baseView(r, s, "Documents", "documents")
	v.Data, v.Error = d, msg
	if r.URL.Query().Get("notice") == "deleted" {
		v.Notice = "Document deleted."
	}
	h.render(w, r, status, "documents", v)
}

// handleDownload exports the selected documents in the chosen format
// through the API's ExportDocuments: the same rules, limits and files as
// POST /api/v1/documents/download_selected.
func (h *Handler) handleDownload(w http.ResponseWriter, r *http.Request, s *session) {
	ctx := r.Context()
	format, err := export.ParseFormat(r.PostFormValue("format"))
	if err == nil && len(r.PostForm["ids"]) == 0 {
		err = &docextract.Error{Code: docextract.EINVALID, Message: "Select at least one document."}
	}
	if err != nil {
		h.documentsPage(w, r, s, http.StatusBadRequest, h.message(r, err))
		return
	}
	e, err := h.API.ExportDocuments(ctx, s.key.TeamID, r.PostForm["ids"], format, export.Options{})
	if err != nil {
		if c := docextract.ErrorCode(err); c == docextract.EINVALID || c == docextract.ENOTFOUND || c == docextract.EUNPROCESSABLE {
			h.documentsPage(w, r, s, http.StatusBadRequest, h.message(r, err))
			return
		}
		h.fail(w, r, s, err)
		return
	}
	defer e.Close()
	hd := w.Header()
	hd.Set("Content-Type", e.ContentType)
	hd.Set("Content-Disposition", e.ContentDisposition())
	hd.Set("Content-Length", strconv.FormatInt(e.Size, 10))
	hd.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	if _, err := e.WriteTo(w); err != nil {
		h.logger().WarnContext(ctx, "dashboard: download: write", "err", err, "file", e.Name)
	}
}

// kv is one field of an object, in the order the object has it.
type kv struct {
	Key   string
	Value string
}

// table is an array of objects shown as a table: the union of their keys
// as columns, in order of appearance.
type table struct {
	Name    string
	Columns []string
	Rows    [][]string
}

type check struct {
	Name     string
	Passed   bool
	Expected string
	Actual   string
	Message  string
}

type documentData struct {
	Document  *store.Document
	General   []kv
	Tables    []table
	Passed    bool
	Logic     string
	Checks    []check
	Formats   []export.Format
	RawData   string // when the data is not an object of the usual shape
	HasResult bool
	// Preview is true when a first-page image can be asked for.
	Preview bool
	// Task is the document's task (nil if it could not be read), for its
	// review and reprocessing actions; DocTypes are the types to approve.
	Task     *store.Task
	DocTypes []docextract.DocType
	// Failure is why a failed task failed: the message of its code and,
	// when the file itself is the reason, the detail naming the limit it
	// hit (GET /api/v1/tasks/{id} shows the same).
	Failure string
}

// taskNotices are the notices of the task actions, by the redirect's
// notice parameter.
var taskNotices = map[string]string{
	"reprocessing": "Reprocessing queued: the documents are replaced when it ends; no webhook event is sent.",
	"approved":     "Approved: the file is being read as the chosen type.",
	"rejected":     "Rejected: the task completed with nothing extracted.",
}

func (h *Handler) handleDocument(w http.ResponseWriter, r *http.Request, s *session, d *store.Document) {
	h.documentPage(w, r, s, d, http.StatusOK, "")
}

func (h *Handler) documentPage(w http.ResponseWriter, r *http.Request, s *session, d *store.Document, status int, msg string) {
	dd := documentData{Document: d, Formats: export.Formats, HasResult: d.HasResult(), Passed: d.Passed, Preview: h.Previewer != nil,
		DocTypes: docextract.Types()}
	if t, err := h.API.Store.FindTask(r.Context(), d.TaskID); err == nil {
		dd.Task = t
		if t.Status == docextract.TaskFailed {
			dd.Failure = strings.TrimSpace(docextract.FailureMessages[t.ErrorCode] + " " + t.ErrorDetail)
		}
	}
	if dd.HasResult {
		top, err := orderedObject(d.Data)
		if err != nil {
			dd.RawData = indent(d.Data)
		}
		for _, f := range top {
			switch {
			case f.Key == "general":
				if g, err := orderedObject(f.Raw); err == nil {
					for _, x := range g {
						dd.General = append(dd.General, kv{x.Key, cell(x.Raw)})
					}
				}
			case len(f.Raw) > 0 && f.Raw[0] == '[':
				dd.Tables = append(dd.Tables, tableOf(f.Key, f.Raw))
			}
		}
	}
	if len(d.Validation) > 0 {
		var v struct {
			Details struct {
				Logic  string `json:"calculation_logic"`
				Checks []struct {
					Name     string          `json:"name"`
					Passed   bool            `json:"passed"`
					Expected json.RawMessage `json:"expected"`
					Actual   json.RawMessage `json:"actual"`
					Message  string          `json:"message"`
				} `json:"checks"`
			} `json:"details"`
		}
		if json.Unmarshal(d.Validation, &v) == nil {
			dd.Logic = v.Details.Logic
			for _, c := range v.Details.Checks {
				dd.Checks = append(dd.Checks, check{Name: c.Name, Passed: c.Passed, Expected: cell(c.Expected), Actual: cell(c.Actual), Message: c.Message})
			}
		}
	}
	v := h.baseView(r, s, "Document "+d.FileName, "documents")
	v.Data, v.Error, v.Notice = dd, msg, taskNotices[r.URL.Query().Get("notice")]
	h.render(w, r, status, "document", v)
}

func (h *Handler) handleDocumentDeletePage(w http.ResponseWriter, r *http.Request, s *session, d *store.Document) {
	v := h.baseView(r, s, "Delete document", "documents")
	v.Data = d
	h.render(w, r, http.StatusOK, "document_delete", v)
}

func (h *Handler) handleDocumentDelete(w http.ResponseWriter, r *http.Request, s *session, d *store.Document) {
	if err := h.API.DeleteDocument(r.Context(), d); err != nil {
		h.fail(w, r, s, err)
		return
	}
	http.Redirect(w, r, prefix+"documents?notice=deleted", http.StatusSeeOther)
}

// field is one member of a JSON object, in order.
type field struct {
	Key string
	Raw json.RawMessage
}

// orderedObject splits a JSON object into its members, in their order.
func orderedObject(raw json.RawMessage) ([]field, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, &docextract.Error{Code: docextract.EINVALID, Message: "not an object"}
	}
	var out []field
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		k, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, field{k, v})
	}
	return out, nil
}

// cell renders a JSON value as text: strings unquoted, null as "—",
// numbers exactly as stored, anything else as compact JSON.
func cell(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return "—"
	case raw[0] == '"':
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
	}
	return string(raw)
}

func tableOf(name string, raw json.RawMessage) table {
	t := table{Name: name}
	var rows []json.RawMessage
	if json.Unmarshal(raw, &rows) != nil {
		return t
	}
	index := map[string]int{}
	var objs [][]field
	for _, r := range rows {
		o, err := orderedObject(r)
		if err != nil {
			o = []field{{"value", r}}
		}
		for _, f := range o {
			if _, ok := index[f.Key]; !ok {
				index[f.Key] = len(t.Columns)
				t.Columns = append(t.Columns, f.Key)
			}
		}
		objs = append(objs, o)
	}
	for _, o := range objs {
		row := make([]string, len(t.Columns))
		for i := range row {
			row[i] = "—"
		}
		for _, f := range o {
			row[index[f.Key]] = cell(f.Raw)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

func indent(raw []byte) string {
	var b bytes.Buffer
	if json.Indent(&b, raw, "", "  ") != nil {
		return string(raw)
	}
	return b.String()
}
