package httpapi

import (
	"net/http"

	"github.com/google/uuid"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/store"
)

// lifecycleRoutes registers the task actions of docs/api.md, A task:
// reprocessing a finished task.
func (s *Server) lifecycleRoutes() {
	s.handle("POST /api/v1/tasks/{task_id}/reprocess", apiKey, s.handleReprocess)
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
	switch err := s.Store.ReprocessTask(r.Context(), t.ID); docextract.ErrorCode(err) {
	case "":
	case docextract.ENOTFOUND:
		return errorf(docextract.ENOTFOUND, msgTaskNotFound)
	case docextract.EPAYMENT:
		return errorf(docextract.EPAYMENT, credits.InsufficientMessage)
	default:
		return err // ECONFLICT carries the store's reason
	}
	s.taskQueued()
	writeJSON(w, http.StatusAccepted, map[string]any{"task_id": t.ID, "status": string(t.Status), "reprocessing": true})
	return nil
}
