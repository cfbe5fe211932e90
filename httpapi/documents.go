package httpapi

import (
	"encoding/json"
	"net/http"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
	"github.com/google/uuid"
)

// documentResult is the body of a completed result (docs/api.md, Get a result, plus the
// extra fields of docs/api.md, Concepts).
type documentResult struct {
	DocumentID     string          `json:"document_id"`
	TaskID         string          `json:"task_id"`
	DocType        string          `json:"doc_type"`
	Status         string          `json:"status"`
	FileName       string          `json:"file_name"`
	TemplateID     *string         `json:"template_id"`
	PageStart      *int            `json:"page_start"`
	PageEnd        *int            `json:"page_end"`
	PageCount      *int            `json:"page_count"`
	ExtractionData json.RawMessage `json:"extraction_data"`
	// Confidence per field read, 0..1 (an extension; absent when none).
	Confidence       json.RawMessage `json:"confidence,omitempty"`
	Validation       json.RawMessage `json:"validation"`
	CreditsUsed      int64           `json:"credits_used"`
	PassedValidation bool            `json:"passed_validation"`
}

// processingBody is docs/api.md, Get a result, plus task_status when the task waits for
// something from the client (password_required, needs_review).
type processingBody struct {
	DocumentID string `json:"document_id"`
	Status     string `json:"status"`
	Message    string `json:"message"`
	TaskStatus string `json:"task_status,omitempty"`
}

// findDocument parses the document id and loads the document the key's
// team may see; forbidden is the 403 text.
func (s *Server) findDocument(r *http.Request, key *store.APIKey, forbidden string) (*store.Document, error) {
	ctx := r.Context()
	id, err := uuid.Parse(r.PathValue("document_id"))
	if err != nil || len(r.PathValue("document_id")) != 36 {
		return nil, errorf(docextract.EINVALID, msgInvalidDocumentID)
	}
	d, err := s.Store.FindDocument(ctx, id.String())
	if docextract.ErrorCode(err) == docextract.ENOTFOUND {
		return nil, errorf(docextract.ENOTFOUND, msgNotFound)
	} else if err != nil {
		return nil, err
	}
	if d.TeamID != key.TeamID {
		return nil, errorf(docextract.EFORBIDDEN, forbidden)
	}
	return d, nil
}

// handleResult serves docs/api.md, Get a result.
func (s *Server) handleResult(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	d, err := s.findDocument(r, key, msgForbiddenAccess)
	if err != nil {
		return err
	}
	switch {
	case d.Status == docextract.StatusQueued || d.Status == docextract.StatusProcessing:
		body := processingBody{DocumentID: d.ID, Status: docextract.StatusProcessing, Message: msgProcessing}
		// A task parked for a password says so (docs/api.md, Get a result's body, with
		// task_status added), or a client would poll forever.
		if t, err := s.Store.FindTask(r.Context(), d.TaskID); err == nil {
			switch t.Status {
			case docextract.TaskPasswordRequired:
				body.TaskStatus, body.Message = string(t.Status), msgWaitingForPassword
			case docextract.TaskNeedsReview:
				body.TaskStatus, body.Message = string(t.Status), msgWaitingForReview
			}
		}
		writeJSON(w, http.StatusAccepted, body)
		return nil
	case !d.HasResult():
		return errorf(docextract.ENOTFOUND, msgNotFound)
	}
	res := documentResult{
		DocumentID: d.ID, TaskID: d.TaskID, DocType: string(d.DocType), Status: d.Status, FileName: d.FileName,
		ExtractionData: d.Data, Confidence: d.FieldConfidence, Validation: d.Validation, CreditsUsed: d.CreditsUsed, PassedValidation: d.Passed,
	}
	if d.TemplateID != "" {
		res.TemplateID = &d.TemplateID
	}
	if n := d.PageCount(); n > 0 {
		res.PageStart, res.PageEnd, res.PageCount = &d.PageStart, &d.PageEnd, &n
	}
	if len(res.Validation) == 0 {
		res.Validation = json.RawMessage(`{"passed":false,"details":{}}`)
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

// handleDelete serves docs/api.md, Delete: rows, data and, with the task's last
// document, the stored file are gone.
func (s *Server) handleDelete(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	d, err := s.findDocument(r, key, msgForbiddenDelete)
	if err != nil {
		return err
	}
	if err := s.DeleteDocument(r.Context(), d); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
