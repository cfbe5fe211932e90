package client

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/docextract/docextract"
)

// Result is a document's result (docs/api.md, Get a result). While the
// document is queued or processing, Done is false and only DocumentID,
// Status, Message and TaskStatus are set.
type Result struct {
	DocumentID string `json:"document_id"`
	TaskID     string `json:"task_id"`
	DocType    string `json:"doc_type"`
	// Status is queued or processing (not done) or completed.
	Status   string  `json:"status"`
	FileName string  `json:"file_name"`
	Template *string `json:"template_id"`
	// PageStart, PageEnd and PageCount are the pages of the upload the
	// document covers (nil for images).
	PageStart *int `json:"page_start"`
	PageEnd   *int `json:"page_end"`
	PageCount *int `json:"page_count"`
	// ExtractionData is the extraction_data object; decode it with
	// Invoice, Receipt or BankStatement.
	ExtractionData   json.RawMessage       `json:"extraction_data"`
	Validation       docextract.Validation `json:"validation"`
	CreditsUsed      int64                 `json:"credits_used"`
	PassedValidation bool                  `json:"passed_validation"`
	// Confidence is 0..1 per field read, by field name.
	Confidence map[string]float64 `json:"confidence,omitempty"`

	// Message and TaskStatus are set while the document is not done;
	// TaskStatus "password_required" means the PDF waits for SendPassword,
	// "needs_review" that the task waits for Approve or Reject.
	Message    string `json:"message,omitempty"`
	TaskStatus string `json:"task_status,omitempty"`

	// RetryAfter is the server's hint how long to wait before asking again.
	RetryAfter time.Duration `json:"-"`
}

// Done reports whether the result is final (completed).
func (r *Result) Done() bool { return r.Status == docextract.StatusCompleted }

// Invoice decodes the extraction data of an invoice.
func (r *Result) Invoice() (*docextract.InvoiceData, error) {
	var d docextract.InvoiceData
	return &d, r.decode(docextract.Invoice, &d)
}

// Receipt decodes the extraction data of a receipt.
func (r *Result) Receipt() (*docextract.ReceiptData, error) {
	var d docextract.ReceiptData
	return &d, r.decode(docextract.Receipt, &d)
}

// BankStatement decodes the extraction data of a bank statement.
func (r *Result) BankStatement() (*docextract.BankStatementData, error) {
	var d docextract.BankStatementData
	return &d, r.decode(docextract.BankStatement, &d)
}

func (r *Result) decode(want docextract.DocType, v any) error {
	if !r.Done() {
		return fmt.Errorf("docextract: document %s is %s, not completed", r.DocumentID, r.Status)
	}
	if r.DocType != "" && r.DocType != string(want) {
		return fmt.Errorf("docextract: document %s is a %s, not a %s", r.DocumentID, r.DocType, want)
	}
	return json.Unmarshal(r.ExtractionData, v)
}

// Result asks once for a document's result. A document still queued or
// processing is not an error: the Result is not Done. A failed, deleted or
// empty document is ErrNotFound, as the server answers.
func (c *Client) Result(ctx context.Context, documentID string) (*Result, error) {
	var res Result
	resp, err := c.doJSON(ctx, http.MethodGet, "/api/v1/documents/"+url.PathEscape(documentID)+"/result", nil, nil, &res,
		http.StatusOK, http.StatusAccepted)
	if err != nil {
		return nil, err
	}
	res.RetryAfter = retryAfter(resp.Header)
	return &res, nil
}

// WaitOptions tune Wait. Zero values mean the defaults.
type WaitOptions struct {
	// Initial is the first pause (default 500ms); each pause after is
	// Factor (default 1.6) times longer, up to Max (default 10s), with
	// ±20% jitter. A Retry-After from the server replaces a shorter pause.
	Initial, Max time.Duration
	Factor       float64
}

// Wait asks for a document's result until it is done, pausing between
// attempts with exponential backoff, and returns the completed Result. It
// stops with ctx (give it a deadline), with ErrPasswordRequired when the
// PDF waits for its password, with ErrNeedsReview when the task waits for a
// classification review, and with any error of the server; a 429 or
// 503 answer is waited out (its Retry-After honoured) and asked again.
func (c *Client) Wait(ctx context.Context, documentID string, o WaitOptions) (*Result, error) {
	if o.Initial <= 0 {
		o.Initial = 500 * time.Millisecond
	}
	if o.Max <= 0 {
		o.Max = 10 * time.Second
	}
	if o.Factor < 1 {
		o.Factor = 1.6
	}
	pause := o.Initial
	for {
		res, err := c.Result(ctx, documentID)
		var hint time.Duration
		switch {
		case err == nil && res.Done():
			return res, nil
		case err == nil && res.TaskStatus == string(docextract.TaskPasswordRequired):
			return res, ErrPasswordRequired
		case err == nil && res.TaskStatus == string(docextract.TaskNeedsReview):
			return res, ErrNeedsReview
		case err == nil:
			hint = res.RetryAfter
		default:
			e, ok := err.(*Error)
			if !ok || (e.StatusCode != http.StatusTooManyRequests && e.StatusCode != http.StatusServiceUnavailable) {
				return nil, err
			}
			hint = e.RetryAfter
		}
		d := time.Duration(float64(pause) * (0.8 + 0.4*rand.Float64()))
		d = max(d, hint)
		t := time.NewTimer(d)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
		pause = min(o.Max, time.Duration(float64(pause)*o.Factor))
	}
}

// TaskDocument is one document of a task's results (docs/api.md, Task
// results).
type TaskDocument struct {
	ID             string             `json:"id"`
	FileName       string             `json:"file_name"`
	PageStart      *int               `json:"page_start"`
	PageEnd        *int               `json:"page_end"`
	PageCount      *int               `json:"page_count"`
	TemplateID     *string            `json:"template_id"`
	ExtractionData json.RawMessage    `json:"extraction_data"`
	Confidence     map[string]float64 `json:"confidence,omitempty"`
}

// TaskResultsOptions filter and size the pages of TaskResults.
type TaskResultsOptions struct {
	// Limit is the page size, 1..100; 0 means the server's default (50).
	Limit int
	// TemplateGroupIDs keeps only documents read by a template of these
	// groups ("builtin" for the built-in readers).
	TemplateGroupIDs []string
}

// TaskResultsPage is one page of a task's results. NextCursor is "" on the
// last page.
type TaskResultsPage struct {
	Documents  []TaskDocument `json:"documents"`
	NextCursor string         `json:"-"`
}

// TaskResultsPage fetches one page; cursor "" is the first page.
func (c *Client) TaskResultsPage(ctx context.Context, taskID string, o TaskResultsOptions, cursor string) (*TaskResultsPage, error) {
	q := url.Values{}
	if o.Limit > 0 {
		q.Set("limit", strconv.Itoa(o.Limit))
	}
	if len(o.TemplateGroupIDs) > 0 {
		q.Set("template_group_ids", strings.Join(o.TemplateGroupIDs, ","))
	}
	if cursor != "" {
		q.Set("cursor", cursor)
	}
	var body struct {
		Documents  []TaskDocument `json:"documents"`
		NextCursor *string        `json:"next_cursor"`
	}
	if _, err := c.doJSON(ctx, http.MethodGet, "/api/v1/tasks/"+url.PathEscape(taskID)+"/results", q, nil, &body, http.StatusOK); err != nil {
		return nil, err
	}
	p := &TaskResultsPage{Documents: body.Documents}
	if body.NextCursor != nil {
		p.NextCursor = *body.NextCursor
	}
	return p, nil
}

// TaskResults iterates over every document of a task, page by page:
//
//	for doc, err := range c.TaskResults(ctx, taskID, client.TaskResultsOptions{}) {
//		if err != nil { return err }
//		...
//	}
func (c *Client) TaskResults(ctx context.Context, taskID string, o TaskResultsOptions) iter.Seq2[TaskDocument, error] {
	return func(yield func(TaskDocument, error) bool) {
		cursor := ""
		for {
			p, err := c.TaskResultsPage(ctx, taskID, o, cursor)
			if err != nil {
				yield(TaskDocument{}, err)
				return
			}
			for _, d := range p.Documents {
				if !yield(d, nil) {
					return
				}
			}
			if p.NextCursor == "" {
				return
			}
			cursor = p.NextCursor
		}
	}
}
