package client

import (
	"context"
	"iter"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Task is an upload's task in any state (docs/api.md, A task).
type Task struct {
	ID           string     `json:"id"`
	Status       string     `json:"status"`
	DocType      string     `json:"doc_type"`
	Outcome      *string    `json:"outcome"`
	IngestSource string     `json:"ingest_source"`
	CreatedAt    time.Time  `json:"created_at"`
	UpdatedAt    time.Time  `json:"updated_at"`
	CompletedAt  *time.Time `json:"completed_at"`
	OriginalFile struct {
		Name        string `json:"name"`
		ContentType string `json:"content_type"`
		PageCount   *int   `json:"page_count"`
	} `json:"original_file"`
	CreditsHeld int64 `json:"credits_held"`
	// Error is set for a failed task: code processing_failed or
	// insufficient_credits, its message, and Detail when the file itself
	// is the reason (e.g. "PDF engine memory limit of 256 MiB per document
	// reached."), else "".
	Error *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Detail  string `json:"detail"`
	} `json:"error"`
	// Reprocessing is true while a reprocessing of the finished task is
	// queued or running (Reprocess).
	Reprocessing bool `json:"reprocessing"`
	// DetectedType is, while the task waits in needs_review, the type the
	// classifier found instead of DocType (Approve or Reject it).
	DetectedType *string `json:"detected_type"`
	Documents    []struct {
		ID        string `json:"id"`
		DocType   string `json:"doc_type"`
		Status    string `json:"status"`
		HasResult bool   `json:"has_result"`
		PageStart *int   `json:"page_start"`
		PageEnd   *int   `json:"page_end"`
	} `json:"documents"`
}

// Task fetches a task (its id is the document_id of the upload).
func (c *Client) Task(ctx context.Context, taskID string) (*Task, error) {
	var out Task
	_, err := c.doJSON(ctx, http.MethodGet, "/api/v1/tasks/"+url.PathEscape(taskID), nil, nil, &out, http.StatusOK)
	return valueOrErr(&out, err)
}

// Document is one document of the team's documents list.
type Document struct {
	ID               string    `json:"id"`
	TaskID           string    `json:"task_id"`
	DocType          string    `json:"doc_type"`
	Status           string    `json:"status"`
	FileName         string    `json:"file_name"`
	PageStart        *int      `json:"page_start"`
	PageEnd          *int      `json:"page_end"`
	TemplateID       *string   `json:"template_id"`
	PassedValidation bool      `json:"passed_validation"`
	CreditsUsed      int64     `json:"credits_used"`
	CreatedAt        time.Time `json:"created_at"`
}

// DocumentFilter narrows Documents. Zero values mean no filter.
type DocumentFilter struct {
	DocType       string    // invoice, receipt or bank_statement
	Status        string    // queued, processing, completed or failed
	CreatedAfter  time.Time // at or after
	CreatedBefore time.Time // before
}

// Documents iterates over the team's documents, newest first.
func (c *Client) Documents(ctx context.Context, f DocumentFilter) iter.Seq2[Document, error] {
	q := url.Values{}
	if f.DocType != "" {
		q.Set("doc_type", f.DocType)
	}
	if f.Status != "" {
		q.Set("status", f.Status)
	}
	if !f.CreatedAfter.IsZero() {
		q.Set("created_after", f.CreatedAfter.UTC().Format(time.RFC3339Nano))
	}
	if !f.CreatedBefore.IsZero() {
		q.Set("created_before", f.CreatedBefore.UTC().Format(time.RFC3339Nano))
	}
	q.Set("limit", strconv.Itoa(100))
	return pagesQ[Document](ctx, c, "/api/v1/documents", q)
}

// Balance is a team's credits.
type Balance struct {
	Available int64 `json:"available"`
	Held      int64 `json:"held"`
	Captured  int64 `json:"captured"`
	Granted   int64 `json:"granted"`
}

// Credits fetches the team's balance.
func (c *Client) Credits(ctx context.Context) (*Balance, error) {
	var out Balance
	_, err := c.doJSON(ctx, http.MethodGet, "/api/v1/credits", nil, nil, &out, http.StatusOK)
	return valueOrErr(&out, err)
}

// Inbox is the team's e-mail inbox (docs/api.md, E-mail inbox): mail to
// one of Addresses becomes one task per PDF, JPEG or PNG attachment, with
// ingest_source "email".
type Inbox struct {
	Token          string  `json:"token"`
	DefaultDocType string  `json:"default_doc_type"`
	Domain         *string `json:"domain"` // nil when the server takes no mail
	// Addresses keyed "default", "invoice", "receipt", "bank_statement";
	// nil when the server takes no mail.
	Addresses map[string]string `json:"addresses"`
}

// Inbox fetches the team's e-mail inbox.
func (c *Client) Inbox(ctx context.Context) (*Inbox, error) {
	var out Inbox
	_, err := c.doJSON(ctx, http.MethodGet, "/api/v1/inbox", nil, nil, &out, http.StatusOK)
	return valueOrErr(&out, err)
}

// RotateInboxToken gives the team a new inbox token, for one that leaked,
// and returns the inbox with its new addresses: mail to the old ones is
// refused from then on.
func (c *Client) RotateInboxToken(ctx context.Context) (*Inbox, error) {
	var out Inbox
	_, err := c.doJSON(ctx, http.MethodPost, "/api/v1/inbox/rotate_token", nil, nil, &out, http.StatusOK)
	return valueOrErr(&out, err)
}
