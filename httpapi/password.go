package httpapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/store"
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
// for a password. No task event is recorded while a task waits (docs/api.md, Concepts).
func (s *Server) handlePassword(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	d, err := s.findDocument(r, key, msgForbiddenAccess)
	if err != nil {
		return err
	}
	var in struct {
		Password string `json:"password"`
	}
	if err := decodeStrict(r, &in); err != nil {
		return err
	}
	if in.Password == "" || len(in.Password) > maxPasswordLen {
		return errorf(docextract.EINVALID, msgPasswordLength)
	}
	if err := s.checkUnlockedPages(r.Context(), d.TaskID, in.Password); err != nil {
		return err
	}
	switch err := s.Store.ResumeTask(r.Context(), d.TaskID, in.Password); docextract.ErrorCode(err) {
	case "":
	case docextract.ECONFLICT:
		return errorf(docextract.ECONFLICT, msgNotWaitingForPassword)
	case docextract.ENOTFOUND:
		return errorf(docextract.ENOTFOUND, msgNotFound)
	default:
		return err
	}
	s.Logger.Info("password supplied; task queued again", "task_id", d.TaskID)
	s.taskQueued()
	writeJSON(w, http.StatusAccepted, map[string]string{"document_id": d.ID, "status": docextract.StatusQueued})
	return nil
}

// checkUnlockedPages counts the pages of a waiting task's PDF with the
// password, on the upload inspector (not the workers' engines), before the
// task is queued again: the upload could only hold one credit for a file
// it could not open, so a PDF over 200 pages, or with more pages than the
// team's credits cover, is refused here (400, 402) and stays waiting,
// instead of being extracted in full before its capture fails. A wrong
// password is not decided here: the task is queued and parked again, as
// before.
func (s *Server) checkUnlockedPages(ctx context.Context, taskID, password string) error {
	task, err := s.Store.FindTask(ctx, taskID)
	if err != nil {
		return ignoreNotFound(err)
	}
	if task.Status != docextract.TaskPasswordRequired {
		return nil // ResumeTask answers 409
	}
	data, err := s.Store.ReadFile(ctx, taskID)
	if err != nil {
		return ignoreNotFound(err)
	}
	info, err := s.Inspector.Inspect(ctx, data, password)
	switch {
	case errors.Is(err, extract.ErrPasswordRequired):
		return nil
	case errors.Is(err, extract.ErrTooManyPages):
		return errorf(docextract.EINVALID, msgTooManyPages)
	case errors.Is(err, extract.ErrTimeout):
		return errorf(codeBusy, msgBusy)
	case err != nil:
		return fmt.Errorf("inspect unlocked pdf: %w", err)
	}
	if info.PageCount > docextract.MaxPDFPages {
		return errorf(docextract.EINVALID, msgTooManyPages)
	}
	bal, err := s.Store.Balance(ctx, task.TeamID)
	if err != nil {
		return err
	}
	// The task's own hold is already counted as held.
	if more := credits.ForPages(info.PageCount) - credits.ForPages(task.PageCount); more > bal.Available() {
		return errorf(docextract.EPAYMENT, credits.InsufficientMessage)
	}
	return nil
}

// ignoreNotFound lets ResumeTask answer for a task deleted meanwhile.
func ignoreNotFound(err error) error {
	if docextract.ErrorCode(err) == docextract.ENOTFOUND {
		return nil
	}
	return err
}
