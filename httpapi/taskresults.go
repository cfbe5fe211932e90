package httpapi

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/webhook"
	"github.com/docextract/docextract/webhook/dispatch"
)

// Texts of the task-results endpoint (docs/api.md, Errors).
const (
	msgTaskForbidden = "Not authorized to access this task"
	msgTaskNotFound  = "Task not found"
	msgInvalidCursor = "Invalid cursor."
	msgLimitRange    = "limit must be between 1 and 100."

	defaultResultsLimit = 50
	cursorKeyName       = "task_results_cursor"
)

// taskResultsRoutes registers GET /api/v1/tasks/{task_id}/results.
func (s *Server) taskResultsRoutes() {
	s.handle("GET /api/v1/tasks/{task_id}/results", apiKeyOrBearer, s.handleTaskResults)
}

// parseGroupFilter reads template_group_ids, repeated or comma-separated,
// into a sorted set.
func parseGroupFilter(vals []string) []string {
	var out []string
	for _, v := range vals {
		for _, g := range strings.Split(v, ",") {
			if g = strings.TrimSpace(g); g != "" && !slices.Contains(out, g) {
				out = append(out, g)
			}
		}
	}
	slices.Sort(out)
	return out
}

// cursorMAC binds a position to the task and filters.
func cursorMAC(key []byte, taskID string, groups []string, pos int64) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("task-results-v1\x00" + taskID + "\x00" + strings.Join(groups, "\x1f") + "\x00"))
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(pos))
	m.Write(b[:])
	return m.Sum(nil)[:16]
}

// encodeCursor returns the opaque cursor after position pos.
func encodeCursor(key []byte, taskID string, groups []string, pos int64) string {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(pos))
	return base64.RawURLEncoding.EncodeToString(append(b[:], cursorMAC(key, taskID, groups, pos)...))
}

// decodeCursor returns the position of a cursor made for the same task and
// filters, or false.
func decodeCursor(key []byte, taskID string, groups []string, c string) (int64, bool) {
	// Only the exact form this server writes: the decoder would skip CR and
	// LF, so other spellings of a valid cursor would pass.
	if len(c) != base64.RawURLEncoding.EncodedLen(8+16) {
		return 0, false
	}
	raw, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil || len(raw) != 8+16 {
		return 0, false
	}
	pos := int64(binary.BigEndian.Uint64(raw[:8]))
	if pos < 0 || !hmac.Equal(raw[8:], cursorMAC(key, taskID, groups, pos)) {
		return 0, false
	}
	return pos, true
}

// handleTaskResults serves docs/api.md, Task results: the task's result
// documents, live, paged by an opaque cursor signed for the task and the
// template-group filter.
func (s *Server) handleTaskResults(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	ctx := r.Context()
	taskID := r.PathValue("task_id")
	if id, err := uuid.Parse(taskID); err != nil || len(taskID) != 36 {
		return errorf(docextract.ENOTFOUND, msgTaskNotFound)
	} else {
		taskID = id.String()
	}
	task, err := s.Store.FindTask(ctx, taskID)
	if docextract.ErrorCode(err) == docextract.ENOTFOUND {
		return errorf(docextract.ENOTFOUND, msgTaskNotFound)
	} else if err != nil {
		return err
	}
	if task.TeamID != key.TeamID {
		return errorf(docextract.EFORBIDDEN, msgTaskForbidden)
	}
	q := r.URL.Query()
	limit := defaultResultsLimit
	if v, ok := q["limit"]; ok {
		if limit, err = strconv.Atoi(v[0]); err != nil || limit < 1 || limit > 100 {
			return errorf(docextract.EINVALID, msgLimitRange)
		}
	}
	groups := parseGroupFilter(q["template_group_ids"])
	ckey, err := s.Store.SigningKey(ctx, cursorKeyName)
	if err != nil {
		return err
	}
	after := int64(-1)
	if c := q.Get("cursor"); c != "" {
		var ok bool
		if after, ok = decodeCursor(ckey, taskID, groups, c); !ok {
			return errorf(docextract.EINVALID, msgInvalidCursor)
		}
	}
	docs, err := s.Store.ListDocuments(ctx, taskID)
	if err != nil {
		return err
	}
	page := []webhook.ResultDocument{}
	var next any
	lastPos := int64(-1)
	for _, d := range docs {
		if int64(d.Position) <= after || !d.HasResult() {
			continue
		}
		if len(groups) > 0 && !slices.ContainsFunc(s.groupsOf(d.TemplateID), func(g string) bool { return slices.Contains(groups, g) }) {
			continue
		}
		if len(page) == limit {
			next = encodeCursor(ckey, taskID, groups, lastPos)
			break
		}
		page = append(page, dispatch.ResultDocument(d))
		lastPos = int64(d.Position)
	}
	writeJSON(w, http.StatusOK, map[string]any{"documents": page, "next_cursor": next})
	return nil
}

// groupsOf returns the template groups of a template id.
func (s *Server) groupsOf(templateID string) []string {
	if templateID == "" || s.TemplateGroups == nil {
		return nil
	}
	return s.TemplateGroups(templateID)
}
