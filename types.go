package docextract

import "time"

// DocType is the kind of document a user asks to extract.
type DocType string

const (
	Invoice       DocType = "invoice"
	Receipt       DocType = "receipt"
	BankStatement DocType = "bank_statement"
	// Other is what classification answers for content that is none of the above.
	Other DocType = "other"
)

// Document statuses (docs/api.md, Concepts).
const (
	StatusQueued     = "queued"
	StatusProcessing = "processing"
	StatusCompleted  = "completed"
	StatusFailed     = "failed"
)

// TaskStatus is where a task (an upload) stands (docs/api.md, Concepts):
// queued, processing, then completed or failed; an encrypted PDF waits in
// password_required, and a file whose content disagrees with the requested
// type waits in needs_review when its team reviews classifications. Its
// documents share the values of the first four.
type TaskStatus string

// Task statuses.
const (
	TaskQueued           TaskStatus = StatusQueued
	TaskProcessing       TaskStatus = StatusProcessing
	TaskCompleted        TaskStatus = StatusCompleted
	TaskFailed           TaskStatus = StatusFailed
	TaskPasswordRequired TaskStatus = "password_required"
	TaskNeedsReview      TaskStatus = "needs_review"
)

// Finished reports whether s is final: completed or failed.
func (s TaskStatus) Finished() bool { return s == TaskCompleted || s == TaskFailed }

// Classification is a team's setting for a document whose content clearly
// disagrees with the type requested at upload (the classifier is confident
// it is another type, or none of the three).
type Classification string

const (
	// ClassificationAuto (the default) extracts only what matches the
	// requested type: the rest has no result and no charge, and a task with
	// nothing of that type completes with outcome no_matching_documents.
	ClassificationAuto Classification = "auto"
	// ClassificationReview parks such a task in needs_review, holding its
	// credits and emitting no event, until it is approved (with the type to
	// use) or rejected.
	ClassificationReview Classification = "review"
)

// ParseClassification returns the Classification named s, or false.
func ParseClassification(s string) (Classification, bool) {
	switch c := Classification(s); c {
	case ClassificationAuto, ClassificationReview:
		return c, true
	}
	return "", false
}

// Task outcomes of completed tasks.
const (
	OutcomeExtracted           = "extracted"
	OutcomeNoMatchingDocuments = "no_matching_documents"
)

// Task failure codes and their messages (docs/api.md, Webhooks).
const (
	FailProcessing          = "processing_failed"
	FailInsufficientCredits = "insufficient_credits"
)

// FailureMessages maps each task failure code to the text of docs/api.md, Webhooks.
var FailureMessages = map[string]string{
	FailProcessing:          "Document processing failed.",
	FailInsufficientCredits: "Insufficient credits to process this task.",
}

// Ingest sources of a task.
const (
	SourceUpload = "upload"
	SourceEmail  = "email"
)

// Limits of the API (docs/api.md, Limits).
const (
	MaxFileSize          = 20 << 20 // 20MB
	MaxPDFPages          = 200
	MaxDocumentsDownload = 300
)

// Clock returns the current time; injected wherever time matters.
type Clock func() time.Time
