package httpapi

import (
	"bytes"
	"encoding/base64"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/webhook"
	"github.com/docextract/docextract/webhook/delivery"
)

// webhookRoutes registers the webhook management API (docs/api.md, Webhooks).
func (s *Server) webhookRoutes() {
	s.handle("POST /api/v1/webhook_endpoints", apiKey, s.webhooksOnly(s.handleCreateEndpoint))
	s.handle("GET /api/v1/webhook_endpoints", apiKey, s.webhooksOnly(s.handleListEndpoints))
	s.handle("GET /api/v1/webhook_endpoints/{id}", apiKey, s.webhooksOnly(s.withEndpoint(s.handleGetEndpoint)))
	s.handle("PATCH /api/v1/webhook_endpoints/{id}", apiKey, s.webhooksOnly(s.withEndpoint(s.handleUpdateEndpoint)))
	s.handle("DELETE /api/v1/webhook_endpoints/{id}", apiKey, s.webhooksOnly(s.withEndpoint(s.handleDeleteEndpoint)))
	s.handle("POST /api/v1/webhook_endpoints/{id}/rotate_secret", apiKey, s.webhooksOnly(s.withEndpoint(s.handleRotateSecret)))
	s.handle("POST /api/v1/webhook_endpoints/{id}/test", apiKey, s.webhooksOnly(s.withEndpoint(s.handleTestEndpoint)))
	s.handle("GET /api/v1/webhook_endpoints/{id}/deliveries", apiKey, s.webhooksOnly(s.withEndpoint(s.handleListDeliveries)))
	s.handle("GET /api/v1/webhook_deliveries/{id}", apiKey, s.webhooksOnly(s.withDelivery(s.handleGetDelivery)))
	s.handle("POST /api/v1/webhook_deliveries/{id}/redeliver", apiKey, s.webhooksOnly(s.withDelivery(s.handleRedeliver)))
}

// webhooksOnly runs h when webhooks are configured (Server.Webhooks), and
// answers 501 otherwise.
func (s *Server) webhooksOnly(h handler) handler {
	return func(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
		if err := s.webhooksOn(); err != nil {
			return err
		}
		return h(w, r, key)
	}
}

// withEndpoint runs h with the endpoint {id} of the caller's team.
func (s *Server) withEndpoint(h func(http.ResponseWriter, *http.Request, *store.APIKey, *store.WebhookEndpoint) error) handler {
	return func(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
		e, err := s.ownEndpoint(r, key)
		if err != nil {
			return err
		}
		return h(w, r, key, e)
	}
}

// withDelivery runs h with the delivery {id} of the caller's team.
func (s *Server) withDelivery(h func(http.ResponseWriter, *http.Request, *store.APIKey, *store.WebhookDelivery) error) handler {
	return func(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
		d, err := s.ownDelivery(r, key)
		if err != nil {
			return err
		}
		return h(w, r, key, d)
	}
}

const (
	msgEndpointNotFound = "Webhook endpoint not found."
	msgDeliveryNotFound = "Webhook delivery not found."
	maskedValue         = "********"
	maxEndpointBody     = 64 << 10
	maxTemplateGroups   = 100
)

// endpointJSON is the endpoint body of docs/api.md, Webhooks.
type endpointJSON struct {
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

func endpointBody(e *store.WebhookEndpoint, withSecret bool) endpointJSON {
	h := make(map[string]string, len(e.Headers))
	for k := range e.Headers {
		h[k] = maskedValue
	}
	j := endpointJSON{ID: e.ID, URL: e.URL, Description: e.Description, Enabled: e.Enabled,
		EventTypes: nonNilList(e.EventTypes), IngestSources: nonNilList(e.IngestSources), TemplateGroupIDs: nonNilList(e.TemplateGroupIDs),
		Headers: h, CreatedAt: e.CreatedAt.UTC(), UpdatedAt: e.UpdatedAt.UTC()}
	if withSecret {
		j.Secret = e.Secret
	}
	return j
}

func nonNilList(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}

// EndpointInput is a webhook endpoint's create or update, the JSON body
// of the management API and the dashboard's form alike; nil members are
// left as they are. On update a blank header value keeps the stored value
// and an empty map clears the headers.
type EndpointInput struct {
	URL              *string            `json:"url"`
	Description      *string            `json:"description"`
	Enabled          *bool              `json:"enabled"`
	EventTypes       *[]string          `json:"event_types"`
	IngestSources    *[]string          `json:"ingest_sources"`
	TemplateGroupIDs *[]string          `json:"template_group_ids"`
	Headers          *map[string]string `json:"headers"`
}

// decodeStrict decodes a JSON body of at most maxEndpointBody bytes with
// no unknown fields and nothing after it.
func decodeStrict(r *http.Request, v any) error { return decodeLimited(r, v, maxEndpointBody) }

// applyEndpointInput validates in and applies it to e; on update, blank
// header values keep the stored value and an empty object clears the
// headers.
func (s *Server) applyEndpointInput(e *store.WebhookEndpoint, in *EndpointInput) error {
	if in.URL != nil {
		if err := s.Webhooks.ValidateURL(*in.URL); err != nil {
			return err
		}
		e.URL = *in.URL
	}
	if in.Description != nil {
		if len(*in.Description) > 500 {
			return errorf(docextract.EINVALID, "description is longer than 500 characters.")
		}
		e.Description = *in.Description
	}
	if in.Enabled != nil {
		e.Enabled = *in.Enabled
	}
	if in.EventTypes != nil {
		all := []string{webhook.EventTaskCompleted, webhook.EventTaskFailed}
		l, err := checkList(*in.EventTypes, "event_types", all)
		if err != nil {
			return err
		}
		if len(l) == 0 {
			l = all // an empty filter is no filter: every event, and it reads back so
		}
		e.EventTypes = l
	}
	if in.IngestSources != nil {
		l, err := checkList(*in.IngestSources, "ingest_sources", []string{docextract.SourceUpload, docextract.SourceEmail})
		if err != nil {
			return err
		}
		e.IngestSources = l
	}
	if in.TemplateGroupIDs != nil {
		l, err := checkList(*in.TemplateGroupIDs, "template_group_ids", nil)
		if err != nil {
			return err
		}
		e.TemplateGroupIDs = l
	}
	if in.Headers != nil {
		h := make(map[string]string, len(*in.Headers))
		for k, v := range *in.Headers {
			if v == "" {
				if old, ok := lookupHeader(e.Headers, k); ok {
					v = old // blank on edit keeps the stored value
				}
			}
			h[k] = v
		}
		if err := delivery.ValidateHeaders(h); err != nil {
			return err
		}
		e.Headers = h
	}
	return nil
}

func lookupHeader(h map[string]string, name string) (string, bool) {
	c := http.CanonicalHeaderKey(name)
	for k, v := range h {
		if http.CanonicalHeaderKey(k) == c {
			return v, true
		}
	}
	return "", false
}

// checkList dedupes l and checks its members against allowed (nil: any
// non-empty string of at most 100 bytes).
func checkList(l []string, name string, allowed []string) ([]string, error) {
	if len(l) > maxTemplateGroups {
		return nil, errorf(docextract.EINVALID, name+" has too many entries.")
	}
	out := []string{}
	for _, v := range l {
		if allowed != nil && !slices.Contains(allowed, v) || v == "" || len(v) > 100 {
			return nil, errorf(docextract.EINVALID, "Invalid value in "+name+": "+strconv.Quote(v)+".")
		}
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out, nil
}

// ownEndpoint loads the endpoint {id} of the key's team.
func (s *Server) ownEndpoint(r *http.Request, key *store.APIKey) (*store.WebhookEndpoint, error) {
	return s.TeamEndpoint(r.Context(), key.TeamID, r.PathValue("id"))
}

func (s *Server) handleCreateEndpoint(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	var in EndpointInput
	if err := decodeStrict(r, &in); err != nil {
		return err
	}
	e, err := s.CreateEndpoint(r.Context(), key.TeamID, &in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, endpointBody(e, true))
	return nil
}

func (s *Server) handleListEndpoints(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	eps, err := s.Store.ListWebhookEndpoints(r.Context(), key.TeamID)
	if err != nil {
		return err
	}
	data := make([]endpointJSON, 0, len(eps))
	for _, e := range eps {
		data = append(data, endpointBody(e, false))
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": data, "next_cursor": nil})
	return nil
}

func (s *Server) handleGetEndpoint(w http.ResponseWriter, r *http.Request, _ *store.APIKey, e *store.WebhookEndpoint) error {
	writeJSON(w, http.StatusOK, endpointBody(e, false))
	return nil
}

func (s *Server) handleUpdateEndpoint(w http.ResponseWriter, r *http.Request, _ *store.APIKey, e *store.WebhookEndpoint) error {
	var in EndpointInput
	if err := decodeStrict(r, &in); err != nil {
		return err
	}
	if err := s.UpdateEndpoint(r.Context(), e, &in); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, endpointBody(e, false))
	return nil
}

func (s *Server) handleDeleteEndpoint(w http.ResponseWriter, r *http.Request, _ *store.APIKey, e *store.WebhookEndpoint) error {
	if err := s.DeleteEndpoint(r.Context(), e); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) handleRotateSecret(w http.ResponseWriter, r *http.Request, _ *store.APIKey, e *store.WebhookEndpoint) error {
	if err := s.RotateEndpointSecret(r.Context(), e); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, endpointBody(e, true))
	return nil
}

// handleTestEndpoint queues one endpoint.test event (docs/api.md, Webhooks): sent once,
// not retried, not redeliverable. It does not hold the request for the
// attempt (a receiver may take 30 s): it stores the delivery, asks the
// sender to send it ahead of the queue, and answers 201 at once with the
// pending delivery and its Location, which the client reads until the
// status is acknowledged or failed. Being a stored delivery, the test
// survives a restart like any other.
func (s *Server) handleTestEndpoint(w http.ResponseWriter, r *http.Request, _ *store.APIKey, e *store.WebhookEndpoint) error {
	d, err := s.Webhooks.SendTest(r.Context(), e)
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/api/v1/webhook_deliveries/"+d.ID)
	writeJSON(w, http.StatusCreated, deliveryDetail(d))
	return nil
}

// deliveryJSON is a delivery of docs/api.md, Webhooks.
type deliveryJSON struct {
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
}

type attemptJSON struct {
	Number     int       `json:"number"`
	StartedAt  time.Time `json:"started_at"`
	StatusCode *int      `json:"status_code"`
	Error      *string   `json:"error"`
	DurationMS int64     `json:"duration_ms"`
}

type deliveryDetailJSON struct {
	deliveryJSON
	Attempts    []attemptJSON `json:"attempts"`
	RequestBody string        `json:"request_body"`
}

func optInt(n int) *int {
	if n == 0 {
		return nil
	}
	return &n
}

func optString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func deliveryBody(d *store.WebhookDelivery) deliveryJSON {
	j := deliveryJSON{ID: d.ID, EventID: d.EventID, EventType: d.EventType, EndpointID: d.EndpointID, Status: d.Status,
		AttemptCount: d.AttemptCount, LastStatusCode: optInt(d.LastStatusCode), LastError: optString(d.LastError),
		CreatedAt: d.CreatedAt.UTC(), RedeliveryOf: optString(d.RedeliveryOf)}
	if d.Status == store.DeliveryPending && !d.NextAttemptAt.IsZero() {
		t := d.NextAttemptAt.UTC()
		j.NextAttemptAt = &t
	}
	return j
}

func deliveryDetail(d *store.WebhookDelivery) deliveryDetailJSON {
	j := deliveryDetailJSON{deliveryJSON: deliveryBody(d), Attempts: []attemptJSON{}, RequestBody: string(d.Body)}
	for _, a := range d.Attempts {
		j.Attempts = append(j.Attempts, attemptJSON{Number: a.Number, StartedAt: a.StartedAt.UTC(), StatusCode: optInt(a.StatusCode),
			Error: optString(a.Error), DurationMS: a.Duration.Milliseconds()})
	}
	return j
}

func (s *Server) handleListDeliveries(w http.ResponseWriter, r *http.Request, _ *store.APIKey, e *store.WebhookEndpoint) error {
	q := r.URL.Query()
	limit := 20
	if v := q.Get("limit"); v != "" {
		var err error
		if limit, err = strconv.Atoi(v); err != nil || limit < 1 || limit > 100 {
			return errorf(docextract.EINVALID, msgLimitRange)
		}
	}
	var before int64
	if c := q.Get("cursor"); c != "" {
		raw, err := base64.RawURLEncoding.DecodeString(c)
		if err == nil && bytes.HasPrefix(raw, []byte("d:")) {
			before, err = strconv.ParseInt(string(raw[2:]), 10, 64)
		}
		if err != nil || before <= 0 {
			return errorf(docextract.EINVALID, msgInvalidCursor)
		}
	}
	ds, err := s.Store.ListWebhookDeliveries(r.Context(), e.ID, before, limit+1)
	if err != nil {
		return err
	}
	var next any
	if len(ds) > limit {
		ds = ds[:limit]
		next = base64.RawURLEncoding.EncodeToString([]byte("d:" + strconv.FormatInt(ds[limit-1].Seq, 10)))
	}
	data := make([]deliveryJSON, 0, len(ds))
	for _, d := range ds {
		data = append(data, deliveryBody(d))
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": data, "next_cursor": next})
	return nil
}

// ownDelivery loads the delivery {id} of the key's team.
func (s *Server) ownDelivery(r *http.Request, key *store.APIKey) (*store.WebhookDelivery, error) {
	return s.TeamDelivery(r.Context(), key.TeamID, r.PathValue("id"))
}

func (s *Server) handleGetDelivery(w http.ResponseWriter, r *http.Request, _ *store.APIKey, d *store.WebhookDelivery) error {
	writeJSON(w, http.StatusOK, deliveryDetail(d))
	return nil
}

// handleRedeliver queues a new delivery of a failed or cancelled one
// (docs/api.md, Webhooks): new delivery id, same event id and body, the endpoint's current URL,
// headers and secret. Test events cannot be redelivered.
func (s *Server) handleRedeliver(w http.ResponseWriter, r *http.Request, _ *store.APIKey, d *store.WebhookDelivery) error {
	nd, err := s.Webhooks.Redeliver(r.Context(), d)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, deliveryDetail(nd))
	return nil
}
