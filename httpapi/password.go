package httpapi

import (
	"net/http"

	"github.com/docextract/docextract"
)

const (
	msgNotWaitingForPassword = "Document is not waiting for a password."
	msgPasswordLength        = "password must be 1 to 1024 bytes long."
	msgWaitingForPassword    = "The PDF is password-protected. Send its password to POST /api/v1/documents/{document_id}/password."
	maxPasswordLen           = 1024
)

// handlePassword resumes a task whose PDF turned out to be encrypted:
// POST /api/v1/documents/{document_id}/password with {"password": "..."}.
// The task is queued again with the password on its job (the password is
// kept only as long as that job); a wrong password parks it again. 202
// {document_id, status: "queued"}; 409 when the document is not waiting
// for a password. No task event is recorded while a task waits (spec 3).
func (s *Server) handlePassword(w http.ResponseWriter, r *http.Request) {
	d, err := s.findDocument(r, msgForbiddenAccess)
	if err != nil {
		Error(w, r, err)
		return
	}
	var in struct {
		Password string `json:"password"`
	}
	if err := decodeStrict(r, &in); err != nil {
		Error(w, r, err)
		return
	}
	if in.Password == "" || len(in.Password) > maxPasswordLen {
		Error(w, r, errorf(docextract.EINVALID, msgPasswordLength))
		return
	}
	switch err := s.Store.ResumeTask(r.Context(), d.TaskID, in.Password); docextract.ErrorCode(err) {
	case "":
	case docextract.ECONFLICT:
		Error(w, r, errorf(docextract.ECONFLICT, msgNotWaitingForPassword))
		return
	case docextract.ENOTFOUND:
		Error(w, r, errorf(docextract.ENOTFOUND, msgNotFound))
		return
	default:
		Error(w, r, err)
		return
	}
	s.Logger.Info("password supplied; task queued again", "task_id", d.TaskID)
	s.taskQueued()
	writeJSON(w, http.StatusAccepted, map[string]string{"document_id": d.ID, "status": docextract.StatusQueued})
}
