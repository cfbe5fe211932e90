package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
)

// Team owns API keys, credits, tasks and documents.
type Team struct {
	ID   string
	Name string
	// InboxToken is the secret part of the team's e-mail inbox addresses,
	// <type>+<token>@<domain> (package ingest/email): 20 lowercase hex
	// characters, made by CreateTeam. It is not an API key: it only lets
	// a sender add documents, which hold the team's credits.
	InboxToken string
	// InboxDocType is the document type of mail sent to <token>@<domain>,
	// the address without a type; invoice unless set by SetInboxDocType.
	InboxDocType docextract.DocType
	// Classification is the team's setting for content that disagrees
	// with the requested type; ClassificationAuto for a new team.
	Classification docextract.Classification
	CreatedAt      time.Time
}

// NewInboxToken returns a new random inbox token: 10 bytes from
// crypto/rand as 20 lowercase hex characters.
func NewInboxToken() string {
	var b [10]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b[:])
}

// APIKey is a team credential. Only Hash (SHA-256 of the key) is stored; the
// key itself is shown once, when created.
type APIKey struct {
	ID        string
	TeamID    string
	Prefix    string // first characters of the key, to recognise it in lists
	Hash      []byte
	CreatedAt time.Time
}

// Task is one upload. Its ID is the document_id the upload answers.
type Task struct {
	ID        string
	TeamID    string
	DocType   docextract.DocType
	Status    docextract.TaskStatus
	Outcome   string // completed tasks: extracted or no_matching_documents
	ErrorCode string // failed tasks: processing_failed or insufficient_credits
	// ErrorDetail says, for the task's owner, why a failed task failed
	// when the reason is the file itself (e.g. the PDF engine's memory
	// limit it hit); "" when there is nothing to add to the code.
	ErrorDetail  string
	IngestSource string // upload or email
	FileName     string
	ContentType  string
	PageCount    int
	FileSize     int64
	CreditsHeld  int64 // held at upload
	CreatedAt    time.Time
	UpdatedAt    time.Time
	CompletedAt  time.Time // zero until completed or failed
	// Reprocessing is true while a reprocessing of the finished task is
	// queued or running (ReprocessTask); read-only.
	Reprocessing bool
	// DetectedType is the type the classifier found when it parked the task
	// in needs_review (ReviewTask); "" otherwise.
	DetectedType docextract.DocType
	// ReviewApproved is true once a person approved the task's DocType
	// (ApproveTask): its file is read as that type, whatever the
	// classifier says, also when reprocessed.
	ReviewApproved bool
}

// Finished reports whether the task has reached completed or failed.
func (t *Task) Finished() bool {
	return t.Status.Finished()
}

// Document is one document of a task. The first keeps the task's id; the
// parts of a split file get new ids.
type Document struct {
	ID         string
	TaskID     string
	TeamID     string
	Position   int // 0 for the first part
	DocType    docextract.DocType
	Status     string // queued, processing, completed, failed
	FileName   string
	PageStart  int // 0 = unknown
	PageEnd    int
	TemplateID string
	Source     string
	Data       json.RawMessage // extraction_data; nil when nothing was extracted
	Validation json.RawMessage
	Passed     bool
	Confidence float64 // of the classification: is this the type it says
	// FieldConfidence is a JSON object mapping each extracted field read to
	// a confidence in 0..1 (docs/api.md, extraction_data); nil when none.
	FieldConfidence json.RawMessage
	CreditsUsed     int64
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// PageCount returns PageEnd-PageStart+1, or 0 when the pages are unknown.
func (d *Document) PageCount() int {
	if d.PageStart <= 0 || d.PageEnd < d.PageStart {
		return 0
	}
	return d.PageEnd - d.PageStart + 1
}

// DocumentKey is a document's place in ListTeamDocuments, for paging.
type DocumentKey struct {
	CreatedAt time.Time
	ID        string
}

// Key returns d's place in ListTeamDocuments.
func (d *Document) Key() DocumentKey { return DocumentKey{CreatedAt: d.CreatedAt, ID: d.ID} }

// HasResult reports whether the document answers the result endpoint with
// data (docs/api.md, Get a result): completed and something extracted.
func (d *Document) HasResult() bool {
	return d.Status == docextract.StatusCompleted && len(d.Data) > 0 && string(d.Data) != "null"
}

// Job is a leased unit of work on a task.
type Job struct {
	ID         string
	TaskID     string
	Kind       string
	Attempts   int // including the current lease
	LeaseToken string
	VisibleAt  time.Time // the lease expires then
	// Password opens the task's encrypted PDF; set by ResumeTask.
	Password  string
	CreatedAt time.Time
}

// TaskEvent is the one decision recorded when a task completes or fails, in
// the same transaction. It snapshots the task summary of docs/api.md, Webhooks and
// outlives the task, so webhook fan-out can read it later.
type TaskEvent struct {
	ID            string
	TeamID        string
	TaskID        string
	Type          string // event.TaskCompleted or event.TaskFailed (package webhook/event)
	Outcome       string
	ErrorCode     string
	IngestSource  string
	FileName      string
	ContentType   string
	PageCount     int
	TaskCreatedAt time.Time
	CreatedAt     time.Time // the task's completed_at
}

// Upload is what CreateUpload records: a task, its first document (id =
// task id, status queued), the uploaded file, a credit hold of Credits and
// a job, atomically.
type Upload struct {
	Task    *Task // ID, TeamID, DocType, FileName, ContentType, PageCount, FileSize, IngestSource
	Credits int64
	// File yields the uploaded bytes (Task.FileSize of them). The store
	// reads it in bounded chunks inside the transaction; nil stores no file.
	File io.Reader
	// IdempotencyKey, when set, is recorded for the team with the task in
	// the same transaction. While a record of the same team and key is
	// younger than IdempotencyWindow, CreateUpload fails with ECONFLICT and
	// stores nothing (no task, no hold); an older record is replaced.
	IdempotencyKey string
}

// IdempotencyWindow is how long an upload's Idempotency-Key answers with
// the first upload's task.
const IdempotencyWindow = 24 * time.Hour

// Completion is the outcome of extracting a task.
type Completion struct {
	TaskID      string
	ContentType string
	PageCount   int
	// Documents of the requested type, in page order. The first must carry
	// the task's id. Empty means outcome no_matching_documents. Each
	// document's CreditsUsed is captured once.
	Documents []*Document
}

// DeleteResult says what DeleteDocument removed.
type DeleteResult struct {
	// TaskDeleted is true when the document was the task's last: the task,
	// its job and its hold went with it and the stored file must go too.
	TaskDeleted bool
	TaskID      string
}

// Teams stores teams and their API keys.
type Teams interface {
	CreateTeam(ctx context.Context, name string) (*Team, error)
	FindTeam(ctx context.Context, id string) (*Team, error)
	CountTeams(ctx context.Context) (int, error)
	// FindTeamByInboxToken returns the team whose InboxToken is token, or
	// ENOTFOUND.
	FindTeamByInboxToken(ctx context.Context, token string) (*Team, error)
	// SetInboxDocType sets the team's InboxDocType; ENOTFOUND when there
	// is no such team.
	SetInboxDocType(ctx context.Context, teamID string, docType docextract.DocType) error
	// RotateInboxToken gives the team a new InboxToken (NewInboxToken) and
	// returns it: mail to the old addresses is refused from then on.
	// ENOTFOUND when there is no such team.
	RotateInboxToken(ctx context.Context, teamID string) (string, error)
	// CreateAPIKey stores k; k.ID and k.CreatedAt are set when empty.
	CreateAPIKey(ctx context.Context, k *APIKey) error
	// FindAPIKey returns the key with hash, or ENOTFOUND.
	FindAPIKey(ctx context.Context, hash []byte) (*APIKey, error)
	// ListAPIKeys returns the team's keys, oldest first.
	ListAPIKeys(ctx context.Context, teamID string) ([]*APIKey, error)
	// DeleteAPIKey revokes the team's key id at once; ENOTFOUND when the
	// team has no such key.
	DeleteAPIKey(ctx context.Context, teamID, id string) error
	// SetClassification sets the team's classification setting (EINVALID
	// for an unknown one; ENOTFOUND for an unknown team). It applies to
	// extractions that end after it.
	SetClassification(ctx context.Context, teamID string, c docextract.Classification) error
}

// Tasks stores tasks, their documents and their task events.
type Tasks interface {
	// CreateUpload records u in one transaction that checks and holds the
	// credits (EPAYMENT when short) and enqueues the task's job.
	CreateUpload(ctx context.Context, u *Upload) error
	// CreateUploads records every upload of us as CreateUpload does, all
	// in one transaction: all are stored or none (EPAYMENT when the
	// credits of any team fall short; the holds of one team add up). One
	// e-mail's attachments are stored this way before the mail is
	// acknowledged.
	CreateUploads(ctx context.Context, us []*Upload) error
	FindTask(ctx context.Context, id string) (*Task, error)
	// ReadFile returns the file uploaded with the task; ENOTFOUND when the
	// task (or its file) is gone.
	ReadFile(ctx context.Context, taskID string) ([]byte, error)
	FindDocument(ctx context.Context, id string) (*Document, error)
	// ListDocuments returns the task's documents in position order.
	ListDocuments(ctx context.Context, taskID string) ([]*Document, error)
	// ListTeamDocuments returns up to limit of the team's documents, newest
	// first (by CreatedAt, then ID, both descending), that come after the
	// document at after; a zero after starts from the newest. Data and
	// Validation are not loaded (nil); Passed is.
	ListTeamDocuments(ctx context.Context, teamID string, after DocumentKey, limit int) ([]*Document, error)
	// StartTask moves a queued (or waiting) task and its documents to
	// processing and returns the task as it now is. ENOTFOUND when deleted;
	// ECONFLICT when finished.
	StartTask(ctx context.Context, taskID string) (*Task, error)
	// WaitTask parks a task in password_required or needs_review and removes
	// its job; no event is recorded, the hold stays.
	WaitTask(ctx context.Context, taskID string, status docextract.TaskStatus) error
	// ResumeTask queues a task waiting in password_required again, with a
	// new job that carries password (kept only as long as the job).
	// ECONFLICT when the task is not waiting for a password; ENOTFOUND when
	// it was deleted.
	ResumeTask(ctx context.Context, taskID, password string) error
	// CompleteTask stores the documents, captures their credits, voids the
	// rest of the hold, completes the task, removes its job and records its
	// task.completed event, all in one transaction. When the captures cannot
	// be covered it fails the task with insufficient_credits instead. It
	// returns ECONFLICT (and changes nothing) when the task is finished
	// already, ENOTFOUND when it was deleted.
	CompleteTask(ctx context.Context, c *Completion) (*TaskEvent, error)
	// FailTask fails the task with code (processing_failed or
	// insufficient_credits) and detail (Task.ErrorDetail, may be ""), voids
	// its hold, removes its job and records its task.failed event.
	// ECONFLICT when finished, ENOTFOUND when deleted.
	FailTask(ctx context.Context, taskID, code, detail string) (*TaskEvent, error)
	// DeleteDocument removes the document irreversibly; see DeleteResult.
	DeleteDocument(ctx context.Context, id string) (*DeleteResult, error)
	// ReviewTask parks a processing task in needs_review because its
	// content looks like detected, not its type: the job is removed, the
	// hold stays and no event is recorded. ECONFLICT when finished;
	// ENOTFOUND when deleted.
	ReviewTask(ctx context.Context, taskID string, detected docextract.DocType) error
	// ApproveTask resolves a task waiting in needs_review: it is queued
	// again, to be read as docType (its and its documents' type, an upload
	// type, else EINVALID) whatever the classifier says; ReviewApproved is
	// set. ECONFLICT when it is not waiting for review; ENOTFOUND when
	// deleted.
	ApproveTask(ctx context.Context, taskID string, docType docextract.DocType) error
	// RejectTask resolves a task waiting in needs_review by completing it
	// with no documents (outcome no_matching_documents): the hold is
	// voided, the job (if any) removed and its task.completed event
	// recorded and returned, as CompleteTask does. ECONFLICT when it is not
	// waiting for review; ENOTFOUND when deleted.
	RejectTask(ctx context.Context, taskID string) (*TaskEvent, error)
	// ReprocessTask queues the finished (completed or failed) task to be
	// extracted again from its stored file: a job of kind JobReprocess and,
	// under the job's id, a hold of ReprocessHold credits (EPAYMENT when
	// the team's available balance is lower). ECONFLICT when the task is
	// not finished or already being reprocessed; ENOTFOUND when deleted.
	// The task keeps its status; Task.Reprocessing is true until the job
	// ends.
	ReprocessTask(ctx context.Context, taskID string) error
	// CompleteReprocess writes what Reprocess decides for the reprocessing
	// job jobID and extraction c (c.Documents without ids), removes the
	// job and records no event; it reports whether the documents were
	// replaced. ENOTFOUND when the job (or its task) is gone.
	CompleteReprocess(ctx context.Context, jobID string, c *Completion) (replaced bool, err error)
	// AbandonReprocess voids the hold of the reprocessing job jobID and
	// removes the job: the task keeps its documents. ENOTFOUND when the job
	// is gone.
	AbandonReprocess(ctx context.Context, jobID string) error
	// FindTaskEvent returns the event recorded for the task, or ENOTFOUND.
	FindTaskEvent(ctx context.Context, taskID string) (*TaskEvent, error)
	// FindIdempotentUpload returns the task id and requested type recorded
	// for the team's idempotency key no earlier than since, or ENOTFOUND.
	// The task itself may have been deleted since.
	FindIdempotentUpload(ctx context.Context, teamID, key string, since time.Time) (taskID string, docType docextract.DocType, err error)
}

// Queue leases jobs with a visibility timeout: a leased job is invisible
// until its lease expires, so the job of a crashed worker is leased again.
type Queue interface {
	// LeaseJob leases the oldest visible job for d, or returns nil, nil.
	LeaseJob(ctx context.Context, d time.Duration) (*Job, error)
	// LeaseJobExcept leases, like LeaseJob, the oldest visible job whose
	// task belongs to none of teams (team ids), or returns nil, nil: fair
	// scheduling, so a team with nothing running gets a worker while
	// another team's jobs hold the rest.
	LeaseJobExcept(ctx context.Context, d time.Duration, teams []string) (*Job, error)
	// ExtendLease pushes the lease of j (held with j.LeaseToken) to now+d;
	// ECONFLICT when the lease was lost or the job is gone.
	ExtendLease(ctx context.Context, j *Job, d time.Duration) error
	// ReleaseJob makes j visible again now, not counting the attempt.
	ReleaseJob(ctx context.Context, j *Job) error
	// DeleteJob removes j (e.g. its task is gone).
	DeleteJob(ctx context.Context, j *Job) error
	// QueueStats counts the jobs queued or running and finds the oldest.
	QueueStats(ctx context.Context) (QueueStats, error)
}

// QueueStats is the extraction queue at a moment: its depth and its age.
type QueueStats struct {
	Jobs   int       // queued or leased
	Oldest time.Time // when the oldest was enqueued; zero when empty
}

// Ledger is the credit ledger of credits.Ledger, plus what a store offers
// beyond it.
type Ledger interface {
	credits.Ledger
	// LedgerEntries returns the team's entries, oldest first.
	LedgerEntries(ctx context.Context, teamID string) ([]credits.Entry, error)
	// RecentLedgerEntries returns the team's last limit entries, newest
	// first, reading only those.
	RecentLedgerEntries(ctx context.Context, teamID string, limit int) ([]credits.Entry, error)
}

// Store is everything the reference server stores. A new backend proves
// itself by passing the conformance suite in package store/storetest.
type Store interface {
	Teams
	Tasks
	Queue
	Ledger
	Webhooks
	SigningKeys
	Templates
	Close() error
}
