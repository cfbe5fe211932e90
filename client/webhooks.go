package client

import (
	"context"
	"iter"
	"maps"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Endpoint is a webhook endpoint (docs/api.md, Managing endpoints). Secret
// is set only in the answers of CreateEndpoint and RotateSecret: keep it,
// the server never shows it again. Header values read back masked.
type Endpoint struct {
	ID               string            `json:"id"`
	URL              string            `json:"url"`
	Description      string            `json:"description"`
	Enabled          bool              `json:"enabled"`
	EventTypes       []string          `json:"event_types"`
	IngestSources    []string          `json:"ingest_sources"`
	TemplateGroupIDs []string          `json:"template_group_ids"`
	Headers          map[string]string `json:"headers"`
	Secret           string            `json:"secret,omitempty"`
	CreatedAt        time.Time         `json:"created_at"`
	UpdatedAt        time.Time         `json:"updated_at"`
}

// NewEndpoint is what CreateEndpoint sends. Empty filter lists mean no
// filter (every event type, every ingest source, every template group).
// Enabled nil means enabled.
type NewEndpoint struct {
	URL              string            `json:"url"`
	Description      string            `json:"description,omitempty"`
	Enabled          *bool             `json:"enabled,omitempty"`
	EventTypes       []string          `json:"event_types,omitempty"`
	IngestSources    []string          `json:"ingest_sources,omitempty"`
	TemplateGroupIDs []string          `json:"template_group_ids,omitempty"`
	Headers          map[string]string `json:"headers,omitempty"`
}

// EndpointUpdate is what UpdateEndpoint sends: nil fields are left as
// they are. A header with an empty value keeps its stored value; an empty
// non-nil map clears the headers.
type EndpointUpdate struct {
	URL              *string            `json:"url,omitempty"`
	Description      *string            `json:"description,omitempty"`
	Enabled          *bool              `json:"enabled,omitempty"`
	EventTypes       *[]string          `json:"event_types,omitempty"`
	IngestSources    *[]string          `json:"ingest_sources,omitempty"`
	TemplateGroupIDs *[]string          `json:"template_group_ids,omitempty"`
	Headers          *map[string]string `json:"headers,omitempty"`
}

// Delivery is one delivery of an event to an endpoint. Status is pending,
// acknowledged, failed or cancelled. Attempts and RequestBody are set by
// Delivery (the detail), not in lists.
type Delivery struct {
	ID             string     `json:"id"`
	EventID        string     `json:"event_id"`
	EventType      string     `json:"event_type"`
	EndpointID     string     `json:"endpoint_id"`
	Status         string     `json:"status"`
	AttemptCount   int        `json:"attempt_count"`
	LastStatusCode *int       `json:"last_status_code"`
	LastError      *string    `json:"last_error"`
	CreatedAt      time.Time  `json:"created_at"`
	NextAttemptAt  *time.Time `json:"next_attempt_at"`
	RedeliveryOf   *string    `json:"redelivery_of,omitempty"`
	Attempts       []Attempt  `json:"attempts,omitempty"`
	RequestBody    string     `json:"request_body,omitempty"`
}

// Attempt is one HTTP request of a delivery.
type Attempt struct {
	Number     int       `json:"number"`
	StartedAt  time.Time `json:"started_at"`
	StatusCode *int      `json:"status_code"`
	Error      *string   `json:"error"`
	DurationMS int64     `json:"duration_ms"`
}

func endpointPath(id string) string { return "/api/v1/webhook_endpoints/" + url.PathEscape(id) }

// CreateEndpoint creates an endpoint; the answer carries its secret, once.
func (c *Client) CreateEndpoint(ctx context.Context, e NewEndpoint) (*Endpoint, error) {
	var out Endpoint
	_, err := c.doJSON(ctx, http.MethodPost, "/api/v1/webhook_endpoints", nil, e, &out, http.StatusCreated)
	return valueOrErr(&out, err)
}

// Endpoint fetches one endpoint.
func (c *Client) Endpoint(ctx context.Context, id string) (*Endpoint, error) {
	var out Endpoint
	_, err := c.doJSON(ctx, http.MethodGet, endpointPath(id), nil, nil, &out, http.StatusOK)
	return valueOrErr(&out, err)
}

// UpdateEndpoint changes the fields of u that are set. Changing the URL,
// headers or enabled state cancels the endpoint's pending deliveries.
func (c *Client) UpdateEndpoint(ctx context.Context, id string, u EndpointUpdate) (*Endpoint, error) {
	var out Endpoint
	_, err := c.doJSON(ctx, http.MethodPatch, endpointPath(id), nil, u, &out, http.StatusOK)
	return valueOrErr(&out, err)
}

// DeleteEndpoint deletes an endpoint; its pending deliveries are not sent.
func (c *Client) DeleteEndpoint(ctx context.Context, id string) error {
	_, err := c.doJSON(ctx, http.MethodDelete, endpointPath(id), nil, nil, nil, http.StatusNoContent)
	return err
}

// RotateSecret gives the endpoint a new secret, returned once.
func (c *Client) RotateSecret(ctx context.Context, id string) (*Endpoint, error) {
	var out Endpoint
	_, err := c.doJSON(ctx, http.MethodPost, endpointPath(id)+"/rotate_secret", nil, nil, &out, http.StatusOK)
	return valueOrErr(&out, err)
}

// SendTest queues an endpoint.test event to the endpoint and returns its
// delivery, pending; poll Delivery until it is acknowledged or failed.
func (c *Client) SendTest(ctx context.Context, id string) (*Delivery, error) {
	var out Delivery
	_, err := c.doJSON(ctx, http.MethodPost, endpointPath(id)+"/test", nil, nil, &out, http.StatusCreated)
	return valueOrErr(&out, err)
}

// Delivery fetches a delivery with its attempts and the exact body sent.
func (c *Client) Delivery(ctx context.Context, id string) (*Delivery, error) {
	var out Delivery
	_, err := c.doJSON(ctx, http.MethodGet, "/api/v1/webhook_deliveries/"+url.PathEscape(id), nil, nil, &out, http.StatusOK)
	return valueOrErr(&out, err)
}

// Redeliver sends a failed or cancelled delivery again, as a new delivery
// of the same event with the endpoint's current URL, headers and secret.
func (c *Client) Redeliver(ctx context.Context, id string) (*Delivery, error) {
	var out Delivery
	_, err := c.doJSON(ctx, http.MethodPost, "/api/v1/webhook_deliveries/"+url.PathEscape(id)+"/redeliver", nil, nil, &out, http.StatusCreated)
	return valueOrErr(&out, err)
}

// Endpoints iterates over the team's endpoints.
func (c *Client) Endpoints(ctx context.Context) iter.Seq2[Endpoint, error] {
	return pages[Endpoint](ctx, c, "/api/v1/webhook_endpoints", 0)
}

// Deliveries iterates over an endpoint's deliveries, newest first.
func (c *Client) Deliveries(ctx context.Context, endpointID string) iter.Seq2[Delivery, error] {
	return pages[Delivery](ctx, c, endpointPath(endpointID)+"/deliveries", 100)
}

// pages iterates over a {"data":[...],"next_cursor":...} listing.
func pages[T any](ctx context.Context, c *Client, path string, limit int) iter.Seq2[T, error] {
	q := url.Values{}
	if limit > 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	return pagesQ[T](ctx, c, path, q)
}

// pagesQ is pages with a query of filters.
func pagesQ[T any](ctx context.Context, c *Client, path string, q url.Values) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		q := maps.Clone(q)
		for {
			var page struct {
				Data       []T     `json:"data"`
				NextCursor *string `json:"next_cursor"`
			}
			if _, err := c.doJSON(ctx, http.MethodGet, path, q, nil, &page, http.StatusOK); err != nil {
				var zero T
				yield(zero, err)
				return
			}
			for _, v := range page.Data {
				if !yield(v, nil) {
					return
				}
			}
			if page.NextCursor == nil || *page.NextCursor == "" {
				return
			}
			q.Set("cursor", *page.NextCursor)
		}
	}
}

// valueOrErr returns v, or nil with err: never a half-filled value beside
// an error.
func valueOrErr[T any](v *T, err error) (*T, error) {
	if err != nil {
		return nil, err
	}
	return v, nil
}
