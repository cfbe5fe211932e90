package httpapi

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/store"
)

// lifecycleRoutes registers the task actions of docs/api.md, A task:
// reprocessing a finished task, resolving a classification review, and
// the team's classification setting.
func (s *Server) lifecycleRoutes() {
	s.handle("POST /api/v1/tasks/{task_id}/reprocess", apiKey, s.handleReprocess)
	s.handle("POST /api/v1/tasks/{task_id}/approve", apiKey, s.handleApprove)
	s.handle("POST /api/v1/tasks/{task_id}/reject", apiKey, s.handleReject)
	s.handle("GET /api/v1/team", apiKeyOrBearer, s.handleGetTeam)
	s.handle("PATCH /api/v1/team", apiKey, s.handleUpdateTeam)
}

const (
	msgWaitingForReview  = "The content does not look like the requested type. Approve the type to use with POST /api/v1/tasks/{task_id}/approve, or reject with POST /api/v1/tasks/{task_id}/reject."
	msgNotInReview       = "Task is not waiting for review."
	msgBadClassification = "classification must be auto or review."
)

// handleApprove resolves a task waiting in needs_review (docs/api.md,
// Classification review): POST {"doc_type": "receipt"} queues it again, to
// be read as that type whatever the classifier says; 202 {task_id,
// status: "queued", doc_type}. Its task event follows the extraction, as
// for any upload. 409 when the task is not waiting for review.
func (s *Server) handleApprove(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	t, err := s.ownTask(r, key)
	if err != nil {
		return err
	}
	var in struct {
		DocType string `json:"doc_type"`
	}
	if err := decodeStrict(r, &in); err != nil {
		return err
	}
	typ, ok := docextract.ParseDocType(in.DocType)
	if !ok {
		return errorf(docextract.EINVALID, "doc_type must be "+docextract.TypeNames()+".")
	}
	if err := s.ApproveTask(r.Context(), t, typ); err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"task_id": t.ID, "status": docextract.StatusQueued, "doc_type": string(typ)})
	return nil
}

// handleReject resolves a task waiting in needs_review by completing it
// with nothing extracted: outcome no_matching_documents, its credits
// released, its task.completed event recorded. 200 {task_id, status,
// outcome}; 409 when the task is not waiting for review.
func (s *Server) handleReject(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	t, err := s.ownTask(r, key)
	if err != nil {
		return err
	}
	ev, err := s.RejectTask(r.Context(), t)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"task_id": t.ID, "status": string(docextract.TaskCompleted), "outcome": ev.Outcome})
	return nil
}

// ReprocessTask queues the finished task t (of the caller's team) to be
// extracted again (docs/api.md, Reprocess a task), for the JSON API and the
// dashboard alike. ENOTFOUND "Task not found", EPAYMENT with the upload's
// text, ECONFLICT "Task is not finished." or "Task is already being
// reprocessed.".
func (s *Server) ReprocessTask(ctx context.Context, t *store.Task) error {
	s.init()
	switch err := s.Store.ReprocessTask(ctx, t.ID); docextract.ErrorCode(err) {
	case "":
	case docextract.ENOTFOUND:
		return errorf(docextract.ENOTFOUND, msgTaskNotFound)
	case docextract.EPAYMENT:
		return errorf(docextract.EPAYMENT, credits.InsufficientMessage)
	default:
		return err // ECONFLICT carries the store's reason
	}
	s.Logger.InfoContext(ctx, "task queued for reprocessing", "task_id", t.ID)
	s.taskQueued()
	return nil
}

// ApproveTask resolves the classification review of task t (of the
// caller's team): it is queued again, to be read as typ (docs/api.md,
// Classification review). ECONFLICT "Task is not waiting for review.".
func (s *Server) ApproveTask(ctx context.Context, t *store.Task, typ docextract.DocType) error {
	s.init()
	if err := reviewErr(s.Store.ApproveTask(ctx, t.ID, typ)); err != nil {
		return err
	}
	s.Logger.InfoContext(ctx, "review approved; task queued again", "task_id", t.ID, "doc_type", typ)
	s.taskQueued()
	return nil
}

// RejectTask resolves the classification review of task t (of the
// caller's team) by completing it with nothing extracted, and returns its
// recorded task.completed event (OnTaskEvent is told). ECONFLICT "Task is
// not waiting for review.".
func (s *Server) RejectTask(ctx context.Context, t *store.Task) (*store.TaskEvent, error) {
	s.init()
	ev, err := s.Store.RejectTask(ctx, t.ID)
	if err := reviewErr(err); err != nil {
		return nil, err
	}
	s.Logger.InfoContext(ctx, "review rejected; task completed", "task_id", t.ID)
	if s.OnTaskEvent != nil {
		s.OnTaskEvent(ev)
	}
	return ev, nil
}

// reviewErr maps the store's answers to a review resolution.
func reviewErr(err error) error {
	switch docextract.ErrorCode(err) {
	case "":
		return nil
	case docextract.ECONFLICT:
		return errorf(docextract.ECONFLICT, msgNotInReview)
	case docextract.ENOTFOUND:
		return errorf(docextract.ENOTFOUND, msgTaskNotFound)
	}
	return err
}

type teamJSON struct {
	ID             string `json:"id"`
	Name           string `json:"name"`
	Classification string `json:"classification"`
}

func (s *Server) writeTeam(w http.ResponseWriter, r *http.Request, teamID string) error {
	t, err := s.Store.FindTeam(r.Context(), teamID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, teamJSON{ID: t.ID, Name: t.Name, Classification: string(t.Classification)})
	return nil
}

// handleGetTeam answers the key's team and its settings.
func (s *Server) handleGetTeam(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	return s.writeTeam(w, r, key.TeamID)
}

// handleUpdateTeam changes the team's settings: PATCH {"classification":
// "auto" | "review"}; it applies to extractions that end after it.
func (s *Server) handleUpdateTeam(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	var in struct {
		Classification *string `json:"classification"`
	}
	if err := decodeStrict(r, &in); err != nil {
		return err
	}
	if in.Classification != nil {
		c, ok := docextract.ParseClassification(*in.Classification)
		if !ok {
			return errorf(docextract.EINVALID, msgBadClassification)
		}
		if err := s.Store.SetClassification(r.Context(), key.TeamID, c); err != nil {
			return err
		}
	}
	return s.writeTeam(w, r, key.TeamID)
}

// ownTask loads the task {task_id} of the key's team: 404 "Task not found"
// when unknown, deleted or not a UUID, 403 for another team's.
func (s *Server) ownTask(r *http.Request, key *store.APIKey) (*store.Task, error) {
	raw := r.PathValue("task_id")
	id, err := uuid.Parse(raw)
	if err != nil || len(raw) != 36 {
		return nil, errorf(docextract.ENOTFOUND, msgTaskNotFound)
	}
	t, err := s.Store.FindTask(r.Context(), id.String())
	if docextract.ErrorCode(err) == docextract.ENOTFOUND {
		return nil, errorf(docextract.ENOTFOUND, msgTaskNotFound)
	} else if err != nil {
		return nil, err
	}
	if t.TeamID != key.TeamID {
		return nil, errorf(docextract.EFORBIDDEN, msgTaskForbidden)
	}
	return t, nil
}

// handleReprocess queues a completed or failed task to be extracted again
// from its stored file (say, after a template was added): 202
// {task_id, status, reprocessing: true}. The task keeps its status and its
// webhook event; no new event is sent. The store holds one credit per page
// now (402 when short); the new documents' credits are captured when they
// replace the old ones, atomically; a failed extraction keeps the old ones
// and charges nothing. 409 while the task is not finished or already being
// reprocessed.
func (s *Server) handleReprocess(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	t, err := s.ownTask(r, key)
	if err != nil {
		return err
	}
	if err := s.ReprocessTask(r.Context(), t); err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, map[string]any{"task_id": t.ID, "status": string(t.Status), "reprocessing": true})
	return nil
}
