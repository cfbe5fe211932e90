package webhook

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/docextract/docextract/webhook/event"
)

// Version is the payload contract version this package understands; it is
// the envelope's webhook_version. Alert on events of any other version.
const Version = "1"

// Event types (docs/api.md, Webhooks), defined once in package event.
const (
	EventTaskCompleted = event.TaskCompleted
	EventTaskFailed    = event.TaskFailed
	EventEndpointTest  = event.EndpointTest
)

// Result modes of task.completed and endpoint.test events (docs/api.md, Webhooks).
const (
	ResultModeInline    = "inline"
	ResultModeReference = "reference"
)

// MaxInlineBody is the largest request body sent in inline result mode; a
// task.completed event whose body would exceed it is sent in reference mode
// (docs/api.md, Webhooks and Limits). Receivers must accept bodies at least this large.
const MaxInlineBody = 1 << 20

// Event is the envelope of every webhook delivery (docs/api.md, Webhooks). Data holds
// the event-specific object; decode it into TaskCompletedData,
// TaskFailedData or TestData according to Type.
type Event struct {
	WebhookVersion string          `json:"webhook_version"`
	ID             string          `json:"id"`
	Type           string          `json:"type"`
	CreatedAt      time.Time       `json:"created_at"`
	TeamID         string          `json:"team_id"`
	Data           json.RawMessage `json:"data"`
}

// ErrInvalidEvent is returned by ParseEvent for a body that is not a JSON
// object with non-empty string "id" and "type" members.
var ErrInvalidEvent = errors.New("webhook: invalid event: want a JSON object with string id and type")

// ParseEvent decodes a verified body into an Event. Unknown fields are
// ignored. It fails with ErrInvalidEvent when the body is not JSON or lacks
// a non-empty string id or type; the receiver answers 400 then.
func ParseEvent(body []byte) (Event, error) {
	var e Event
	if err := json.Unmarshal(body, &e); err != nil {
		return Event{}, errors.Join(ErrInvalidEvent, err)
	}
	if e.ID == "" || e.Type == "" {
		return Event{}, ErrInvalidEvent
	}
	return e, nil
}

// Task is the task summary of data.task (docs/api.md, Webhooks). Pointer fields are
// JSON null when unknown. Abbreviated forms (endpoint.test) carry only ID
// and Status.
type Task struct {
	ID           string        `json:"id"`
	Status       string        `json:"status"`
	Outcome      string        `json:"outcome,omitempty"`
	IngestSource *string       `json:"ingest_source"`
	CreatedAt    *time.Time    `json:"created_at,omitempty"`
	CompletedAt  *time.Time    `json:"completed_at,omitempty"`
	OriginalFile *OriginalFile `json:"original_file,omitempty"`
}

// OriginalFile describes the uploaded file of a task.
type OriginalFile struct {
	Name        string  `json:"name"`
	ContentType *string `json:"content_type"`
	PageCount   *int    `json:"page_count"`
}

// ResultDocument is one extracted document (docs/api.md, Task results), as sent inline in
// data.documents and returned by the task-results endpoint.
type ResultDocument struct {
	ID             string          `json:"id"`
	FileName       string          `json:"file_name"`
	PageStart      *int            `json:"page_start"`
	PageEnd        *int            `json:"page_end"`
	PageCount      *int            `json:"page_count"`
	TemplateID     *string         `json:"template_id"`
	ExtractionData json.RawMessage `json:"extraction_data"`
	// Confidence (an extension) maps each field of extraction_data's
	// general object that was read to a confidence in 0..1, and
	// lineItems/transactions to one figure for the rows. Absent when the
	// reader gave none. Route low figures to a person.
	Confidence json.RawMessage `json:"confidence,omitempty"`
}

// TaskCompletedData is the data of a task.completed event (docs/api.md, Webhooks). In
// inline mode Documents is present (possibly empty); in reference mode
// DocumentCount and ResultsURL are set and Documents is absent: fetch
// ResultsURL page by page as supplied.
type TaskCompletedData struct {
	Task          Task             `json:"task"`
	ResultMode    string           `json:"result_mode"`
	Documents     []ResultDocument `json:"documents"`
	DocumentCount *int             `json:"document_count,omitempty"`
	ResultsURL    string           `json:"results_url,omitempty"`
}

// TaskFailedData is the data of a task.failed event (docs/api.md, Webhooks).
type TaskFailedData struct {
	Task  Task       `json:"task"`
	Error EventError `json:"error"`
}

// EventError is the error of a task.failed event.
type EventError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// TestData is the data of an endpoint.test event (docs/api.md, Webhooks). It does not
// represent a real task.
type TestData struct {
	Test       bool             `json:"test"`
	Task       Task             `json:"task"`
	ResultMode string           `json:"result_mode"`
	Documents  []ResultDocument `json:"documents"`
}
