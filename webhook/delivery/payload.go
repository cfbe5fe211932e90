package delivery

import (
	"encoding/json"
	"net/url"
	"strings"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/webhook"
)

// Meta is what every envelope carries besides its data.
type Meta struct {
	ID        string    // stable event id (UUID), the receivers' idempotency key
	CreatedAt time.Time // sent in UTC, RFC 3339
	TeamID    string    // team owning the task
}

// Envelope returns the JSON body of an event of the given type and data.
func Envelope(m Meta, eventType string, data any) ([]byte, error) {
	d, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	return json.Marshal(webhook.Event{
		WebhookVersion: webhook.Version,
		ID:             m.ID,
		Type:           eventType,
		CreatedAt:      m.CreatedAt.UTC(),
		TeamID:         m.TeamID,
		Data:           d,
	})
}

// referenceData is task.completed data in reference mode: no documents.
type referenceData struct {
	Task          webhook.Task `json:"task"`
	ResultMode    string       `json:"result_mode"`
	DocumentCount int          `json:"document_count"`
	ResultsURL    string       `json:"results_url"`
}

// TaskCompleted returns the body of a task.completed event (docs/api.md, Webhooks) with
// docs inline. When that body would exceed webhook.MaxInlineBody it returns
// the reference form instead: document_count and resultsURL, no documents.
// resultsURL should come from ResultsURL with the endpoint's template-group
// filter. A nil docs is sent as an empty array.
func TaskCompleted(m Meta, task webhook.Task, docs []webhook.ResultDocument, resultsURL string) ([]byte, error) {
	return taskCompleted(m, task, docs, resultsURL, webhook.MaxInlineBody)
}

func taskCompleted(m Meta, task webhook.Task, docs []webhook.ResultDocument, resultsURL string, limit int) ([]byte, error) {
	if docs == nil {
		docs = []webhook.ResultDocument{}
	}
	for i := range docs {
		if len(docs[i].ExtractionData) == 0 {
			docs[i].ExtractionData = json.RawMessage("{}")
		}
	}
	body, err := Envelope(m, webhook.EventTaskCompleted, webhook.TaskCompletedData{
		Task: task, ResultMode: webhook.ResultModeInline, Documents: docs,
	})
	if err != nil || len(body) <= limit {
		return body, err
	}
	return Envelope(m, webhook.EventTaskCompleted, referenceData{
		Task: task, ResultMode: webhook.ResultModeReference,
		DocumentCount: len(docs), ResultsURL: resultsURL,
	})
}

// TaskFailed returns the body of a task.failed event (docs/api.md, Webhooks) for a
// failure code (docextract.FailProcessing or FailInsufficientCredits); the
// message is the spec's text for the code.
func TaskFailed(m Meta, task webhook.Task, code string) ([]byte, error) {
	msg, ok := docextract.FailureMessages[code]
	if !ok {
		code, msg = docextract.FailProcessing, docextract.FailureMessages[docextract.FailProcessing]
	}
	return Envelope(m, webhook.EventTaskFailed, webhook.TaskFailedData{
		Task: task, Error: webhook.EventError{Code: code, Message: msg},
	})
}

// EndpointTest returns the body of an endpoint.test event (docs/api.md, Webhooks): a
// synthetic task and one synthetic result document. It represents no real
// task.
func EndpointTest(m Meta) ([]byte, error) {
	one, start := 1, 1
	return Envelope(m, webhook.EventEndpointTest, webhook.TestData{
		Test:       true,
		Task:       webhook.Task{ID: webhook.NewID(), Status: docextract.StatusCompleted},
		ResultMode: webhook.ResultModeInline,
		Documents: []webhook.ResultDocument{{
			ID:        webhook.NewID(),
			FileName:  "test-invoice.pdf",
			PageStart: &start, PageEnd: &start, PageCount: &one,
			ExtractionData: json.RawMessage(`{"docType":"invoice","general":{"InvoiceNumber":"TEST-0001","TotalGrossPrice":119.0,"Currency":"EUR"},"lineItems":[{"ProductName":"Test item","ProductQuantity":1,"ProductUnitPrice":100.0}]}`),
		}},
	})
}

// ResultsURL returns the task-results URL (docs/api.md, Task results) for a reference-mode
// event: baseURL + /api/v1/tasks/{taskID}/results, with the endpoint's
// template-group filter as one comma-separated template_group_ids parameter.
func ResultsURL(baseURL, taskID string, templateGroupIDs []string) string {
	u := strings.TrimRight(baseURL, "/") + "/api/v1/tasks/" + url.PathEscape(taskID) + "/results"
	if len(templateGroupIDs) > 0 {
		u += "?template_group_ids=" + url.QueryEscape(strings.Join(templateGroupIDs, ","))
	}
	return u
}
