package store

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/webhook/event"
)

// Settlement is how a task ends. Complete and Fail decide it from what the
// store read inside its transaction (the task, its credit hold, the team's
// balance); the store then writes all of it in that same transaction:
//
//   - Task replaces the stored task (status, outcome or error code,
//     content type, page count, times);
//   - when the task completed, Documents replace its documents; with none,
//     the task's first document (id = task id) is completed without data;
//     when it failed, every document of the task is failed;
//   - Entries are appended to the ledger (ID and CreatedAt set by the
//     store), and Hold and Balance replace the stored ones;
//   - the task's job is removed and Event is recorded (ID set by the store).
//
// Deciding here, not in each adapter, keeps the rules in one place: which
// outcome a task gets, what is charged, and when a capture that cannot be
// covered fails the task instead.
type Settlement struct {
	Task      Task
	Documents []*Document
	Balance   credits.Balance
	Hold      credits.Hold
	Entries   []credits.Entry
	Event     *TaskEvent
}

// Complete settles a completion of task t, given its hold h and the
// team's balance b (a task without a hold gets an empty one with the
// task's id): the documents are stored completed, in order, and each one's
// CreditsUsed is captured; the rest of the hold is voided; the outcome is
// extracted, or no_matching_documents when c has no documents. When the
// captures cannot be covered by the hold and the available balance, the
// task fails with insufficient_credits instead (Fail). The first document
// must carry the task's id (EINVALID otherwise).
func Complete(t Task, c *Completion, b credits.Balance, h credits.Hold, now time.Time) (*Settlement, error) {
	if len(c.Documents) > 0 && c.Documents[0].ID != t.ID {
		return nil, docextract.Errorf(docextract.EINVALID, "The first document must keep the task id.")
	}
	charges := make([]credits.Charge, len(c.Documents))
	for i, d := range c.Documents {
		charges[i] = credits.Charge{Ref: d.ID, Amount: d.CreditsUsed}
	}
	nb, nh, entries, err := credits.Settle(b, h, charges)
	switch docextract.ErrorCode(err) {
	case "":
	case docextract.EPAYMENT, docextract.ECONFLICT:
		// Not covered (or nothing left to capture from): the task fails,
		// charged nothing.
		return Fail(t, docextract.FailInsufficientCredits, "", b, h, now)
	default:
		return nil, err
	}
	now = now.Truncate(time.Millisecond)
	if c.ContentType != "" {
		t.ContentType = c.ContentType
	}
	if c.PageCount > 0 {
		t.PageCount = c.PageCount
	}
	t.Status, t.ErrorCode, t.ErrorDetail = docextract.TaskCompleted, "", ""
	t.Outcome = docextract.OutcomeExtracted
	if len(c.Documents) == 0 {
		t.Outcome = docextract.OutcomeNoMatchingDocuments
	}
	t.UpdatedAt, t.CompletedAt = now, now
	docs := make([]*Document, len(c.Documents))
	for i, d := range c.Documents {
		doc := *d
		doc.TaskID, doc.TeamID, doc.Position = t.ID, t.TeamID, i
		doc.Status, doc.FileName = docextract.StatusCompleted, t.FileName
		doc.CreatedAt, doc.UpdatedAt = now, now
		docs[i] = &doc
	}
	s := &Settlement{Task: t, Documents: docs, Balance: nb, Hold: nh, Entries: entries}
	s.Event = eventOf(&s.Task, event.TaskCompleted)
	return s, nil
}

// Fail settles a failure of task t with code (a docextract.Fail* code,
// EINVALID otherwise) and detail (Task.ErrorDetail, cut to
// MaxErrorDetail bytes): nothing is charged and the hold h is voided.
func Fail(t Task, code, detail string, b credits.Balance, h credits.Hold, now time.Time) (*Settlement, error) {
	if err := CheckFailCode(code); err != nil {
		return nil, err
	}
	nb, nh, entries, err := credits.Settle(b, h, nil)
	if err != nil {
		return nil, err
	}
	now = now.Truncate(time.Millisecond)
	t.Status, t.Outcome, t.ErrorCode, t.ErrorDetail = docextract.TaskFailed, "", code, cutDetail(detail)
	t.UpdatedAt, t.CompletedAt = now, now
	s := &Settlement{Task: t, Balance: nb, Hold: nh, Entries: entries}
	s.Event = eventOf(&s.Task, event.TaskFailed)
	return s, nil
}

// eventOf snapshots the ended task t as its task event.
func eventOf(t *Task, typ string) *TaskEvent {
	return &TaskEvent{TeamID: t.TeamID, TaskID: t.ID, Type: typ, Outcome: t.Outcome, ErrorCode: t.ErrorCode,
		IngestSource: t.IngestSource, FileName: t.FileName, ContentType: t.ContentType, PageCount: t.PageCount,
		TaskCreatedAt: t.CreatedAt, CreatedAt: t.CompletedAt}
}

// CheckFailCode returns EINVALID unless code is a failure code a task can
// end with (docextract.FailProcessing, docextract.FailInsufficientCredits).
// A store may call it before its transaction, so a bad code is refused
// whatever state the task is in.
func CheckFailCode(code string) error {
	if _, ok := docextract.FailureMessages[code]; !ok {
		return docextract.Errorf(docextract.EINVALID, "Unknown failure code.")
	}
	return nil
}

// MaxErrorDetail bounds Task.ErrorDetail in bytes: it is a sentence for
// people, never a log.
const MaxErrorDetail = 500

// cutDetail trims detail to MaxErrorDetail bytes on a rune boundary.
func cutDetail(detail string) string {
	detail = strings.TrimSpace(detail)
	if len(detail) <= MaxErrorDetail {
		return detail
	}
	detail = detail[:MaxErrorDetail]
	for !utf8.ValidString(detail) {
		detail = detail[:len(detail)-1]
	}
	return detail
}

// JobReprocess is the kind of the job ReprocessTask queues (the upload's
// job is "extract").
const JobReprocess = "reprocess"

// Reprocessing is how a reprocessing of a finished task ends, decided by
// Reprocess and written by the store in one transaction:
//
//   - when Replaced, the task's documents Delete are deleted and Documents
//     are stored (inserted or updated by id); Task replaces the stored
//     task's outcome (completed tasks only), content type, page count and
//     update time, never its status, error code, completion time or task
//     event;
//   - Entries are appended to the ledger, and Hold and Balance replace the
//     stored ones (the hold is the reprocessing job's);
//   - the job is removed. No task event is recorded.
type Reprocessing struct {
	Task      Task
	Documents []*Document
	Delete    []string
	Balance   credits.Balance
	Hold      credits.Hold
	Entries   []credits.Entry
	// Replaced is false when the captures could not be covered: the task
	// keeps its documents and nothing is charged.
	Replaced bool
}

// ReprocessHold is what reprocessing a task holds: one credit per page of
// its file, as the upload did.
func ReprocessHold(t *Task) int64 { return credits.ForPages(t.PageCount) }

// Reprocess decides how the reprocessing of the finished task t ends, given
// the ids of its documents now (existing, in position order; at least
// one), the new extraction c, the reprocessing job's hold h and the
// team's balance b. The new documents take the existing ids in order (the
// first document keeps the task's id when it still exists; a document
// deleted since is not brought back under its id), then new ids from
// newID; existing documents beyond them are deleted. With no new
// documents, the first existing one is kept, completed without data.
// Each new document's CreditsUsed is captured from h and the rest voided;
// when that cannot be covered nothing changes but the void (Replaced
// false).
func Reprocess(t Task, existing []string, newID func() string, c *Completion, b credits.Balance, h credits.Hold, now time.Time) (*Reprocessing, error) {
	if !t.Finished() {
		return nil, docextract.Errorf(docextract.ECONFLICT, "Task is not finished.")
	}
	if len(existing) == 0 {
		return nil, docextract.Errorf(docextract.ENOTFOUND, "Task not found.")
	}
	now = now.Truncate(time.Millisecond)
	docs := make([]*Document, 0, max(1, len(c.Documents)))
	charges := make([]credits.Charge, 0, len(c.Documents))
	for i, d := range c.Documents {
		doc := *d
		if i < len(existing) {
			doc.ID = existing[i]
		} else {
			doc.ID = newID()
		}
		doc.TaskID, doc.TeamID, doc.Position = t.ID, t.TeamID, i
		doc.Status, doc.FileName = docextract.StatusCompleted, t.FileName
		doc.CreatedAt, doc.UpdatedAt = now, now
		docs = append(docs, &doc)
		charges = append(charges, credits.Charge{Ref: doc.ID, Amount: doc.CreditsUsed})
	}
	outcome := docextract.OutcomeExtracted
	if len(docs) == 0 {
		outcome = docextract.OutcomeNoMatchingDocuments
		docs = append(docs, &Document{ID: existing[0], TaskID: t.ID, TeamID: t.TeamID, DocType: t.DocType,
			Status: docextract.StatusCompleted, FileName: t.FileName, CreatedAt: now, UpdatedAt: now})
	}
	nb, nh, entries, err := credits.Settle(b, h, charges)
	switch docextract.ErrorCode(err) {
	case "":
	case docextract.EPAYMENT, docextract.ECONFLICT:
		nb, nh, entries, err = credits.Settle(b, h, nil)
		if err != nil {
			return nil, err
		}
		return &Reprocessing{Task: t, Balance: nb, Hold: nh, Entries: entries}, nil
	default:
		return nil, err
	}
	if t.Status == docextract.TaskCompleted {
		t.Outcome = outcome
	}
	if c.ContentType != "" {
		t.ContentType = c.ContentType
	}
	if c.PageCount > 0 {
		t.PageCount = c.PageCount
	}
	t.UpdatedAt = now
	var del []string
	if len(existing) > len(docs) {
		del = existing[len(docs):]
	}
	return &Reprocessing{Task: t, Documents: docs, Delete: del, Balance: nb, Hold: nh, Entries: entries, Replaced: true}, nil
}

// Review errors, shared by the stores.
var (
	errNotInReview = docextract.Errorf(docextract.ECONFLICT, "Task is not waiting for review.")
)

// CheckReview returns ECONFLICT unless t waits in needs_review.
func CheckReview(t *Task) error {
	if t.Status != docextract.TaskNeedsReview {
		return errNotInReview
	}
	return nil
}

// CheckApprovedType returns EINVALID unless typ is a type an upload may
// request.
func CheckApprovedType(typ docextract.DocType) error {
	if _, ok := docextract.ParseDocType(string(typ)); !ok {
		return docextract.Errorf(docextract.EINVALID, "doc_type must be %s.", docextract.TypeNames())
	}
	return nil
}
