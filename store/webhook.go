package store

import (
	"context"
	"time"
)

// Webhook delivery statuses (docs/api.md, Concepts).
const (
	DeliveryPending      = "pending"
	DeliveryAcknowledged = "acknowledged"
	DeliveryFailed       = "failed"
	DeliveryCancelled    = "cancelled"
)

// WebhookEndpoint is a team's receiver configuration. Empty filter lists
// mean no filter. Secret is the "whsec_" text; Headers are the custom
// request headers in clear (the API masks them).
type WebhookEndpoint struct {
	ID               string
	TeamID           string
	URL              string
	Description      string
	Enabled          bool
	EventTypes       []string
	IngestSources    []string
	TemplateGroupIDs []string
	Headers          map[string]string
	Secret           string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// WebhookDelivery is one delivery of one event to one endpoint. Automatic
// attempts share its ID; a manual redelivery is a new delivery with the same
// EventID and Body.
type WebhookDelivery struct {
	Seq            int64 // insertion order, for paging
	ID             string
	TeamID         string
	EndpointID     string
	EventID        string
	EventType      string
	RedeliveryOf   string // the delivery this one redelivers, or ""
	Status         string // DeliveryPending, ...
	AttemptCount   int
	MaxAttempts    int
	LastStatusCode int
	LastError      string
	Body           []byte // the exact request body, re-sent unchanged
	NextAttemptAt  time.Time
	LeaseToken     string // set while an attempt is leased
	CreatedAt      time.Time
	FinishedAt     time.Time        // zero while pending
	Attempts       []WebhookAttempt // filled by FindWebhookDelivery only
}

// WebhookAttempt is one HTTP attempt of a delivery.
type WebhookAttempt struct {
	Number       int
	StartedAt    time.Time
	StatusCode   int // 0 when no response arrived
	Error        string
	Duration     time.Duration
	ResponseBody []byte // capped by the sender
}

// SeqTaskEvent is a task event with its position in the event log.
type SeqTaskEvent struct {
	Seq int64
	*TaskEvent
}

// AttemptOutcome is what RecordWebhookAttempts stores: the attempt, the
// delivery's new status and, when still pending, when to try again.
type AttemptOutcome struct {
	Attempt       WebhookAttempt
	Status        string
	NextAttemptAt time.Time
}

// AttemptRecord is the outcome of one attempt of a leased delivery, with
// the lease it was made under.
type AttemptRecord struct {
	DeliveryID string
	LeaseToken string
	Outcome    AttemptOutcome
}

// InterruptedAttempt is the error stored for an attempt whose lease expired
// before its outcome was recorded (the sending process stopped or crashed).
const InterruptedAttempt = "interrupted: the sender stopped before an answer"

// LeaseRequest says which due deliveries LeaseWebhookDeliveries may lease.
type LeaseRequest struct {
	// Limit is the most deliveries leased at once (at least 1).
	Limit int
	// PerEndpoint caps the deliveries the caller holds leased for one
	// endpoint (in flight or queued), Busy included; 0 means no cap.
	PerEndpoint int
	// Busy is the number of deliveries the caller holds leased per
	// endpoint id.
	Busy map[string]int
	// First names deliveries to lease before the others when they are
	// pending and due (a test send); they count toward Limit but not
	// toward PerEndpoint.
	First []string
	// Lease is how long the leases last; an attempt not recorded by then
	// is interrupted and the delivery is due again.
	Lease time.Duration
}

// LeasedDelivery is a delivery leased for one attempt, with its endpoint
// as it is now (URL, headers and secret of this attempt).
type LeasedDelivery struct {
	// Delivery as leased: pending, AttemptCount this attempt's number,
	// NextAttemptAt the lease's expiry, Body set; its last status code and
	// error are not loaded.
	Delivery *WebhookDelivery
	Endpoint *WebhookEndpoint
}

// LeaseBatch is what LeaseWebhookDeliveries leased.
type LeaseBatch struct {
	Deliveries []LeasedDelivery // First ones first, then in due order
	// NextDue is the earliest next_attempt_at of the pending deliveries
	// after this lease (leased ones included: their lease expires then),
	// or zero when none is pending. It may be in the past when due
	// deliveries were left for lack of room.
	NextDue time.Time
	// Interrupted counts the expired leases this call found and closed:
	// their attempt is stored with the error InterruptedAttempt.
	Interrupted int
}

// Webhooks stores webhook endpoints, the task event log they are fanned
// out from, deliveries and their attempts.
type Webhooks interface {
	// CreateWebhookEndpoint stores e; ID and times are set when empty.
	CreateWebhookEndpoint(ctx context.Context, e *WebhookEndpoint) error
	// FindWebhookEndpoint returns the endpoint or ENOTFOUND.
	FindWebhookEndpoint(ctx context.Context, id string) (*WebhookEndpoint, error)
	// ListWebhookEndpoints returns the team's endpoints, oldest first.
	ListWebhookEndpoints(ctx context.Context, teamID string) ([]*WebhookEndpoint, error)
	// UpdateWebhookEndpoint stores e over the endpoint e.ID. When its URL,
	// custom headers or enabled state change, the endpoint's pending
	// deliveries are cancelled in the same transaction (docs/api.md, Concepts); it returns
	// how many. A new secret alone cancels nothing: later attempts of
	// pending deliveries are signed with it.
	UpdateWebhookEndpoint(ctx context.Context, e *WebhookEndpoint) (cancelled int, err error)
	// DeleteWebhookEndpoint removes the endpoint and its deliveries.
	DeleteWebhookEndpoint(ctx context.Context, id string) error

	// TaskEventsAfter returns up to limit task events with Seq > seq, in order.
	TaskEventsAfter(ctx context.Context, seq int64, limit int) ([]SeqTaskEvent, error)
	// WebhookFanoutCursor returns the Seq of the last task event fanned out.
	WebhookFanoutCursor(ctx context.Context) (int64, error)
	// FanOut inserts the deliveries of the task event at seq and moves the
	// cursor to seq, in one transaction. A delivery whose (EventID,
	// EndpointID) already has an automatic delivery is skipped, so fan-out
	// is idempotent. It returns ECONFLICT when the cursor is past seq.
	FanOut(ctx context.Context, seq int64, ds []*WebhookDelivery) error

	// CreateWebhookDelivery stores a pending delivery (a test send or a
	// manual redelivery), due at d.NextAttemptAt (zero: now); ID, Seq and
	// CreatedAt are set when empty.
	CreateWebhookDelivery(ctx context.Context, d *WebhookDelivery) error
	// LeaseWebhookDeliveries leases due pending deliveries, oldest due
	// first, in one transaction: each gets the same new lease token, its
	// attempt count goes up by one and that attempt is stored as started
	// (no status code, no error), so a delivery's attempt_count always
	// equals its number of attempt rows. It first closes expired leases:
	// the attempt in progress gets the error InterruptedAttempt, and the
	// delivery is due again, or failed when it has used its attempts.
	// Deliveries and endpoints are returned as one snapshot taken after the
	// lease; a delivery cancelled in between is handed back, not returned.
	LeaseWebhookDeliveries(ctx context.Context, r LeaseRequest) (*LeaseBatch, error)
	// RecordWebhookAttempts stores the outcomes of attempts of leased
	// deliveries in one transaction. Each attempt is stored under the
	// delivery's current attempt number. A delivery that is no longer
	// pending (cancelled meanwhile) keeps its status unless the attempt
	// acknowledged it. The result has one entry per record: nil, ECONFLICT
	// when the lease was lost (expired and closed, or leased again) or
	// ENOTFOUND; err is set when nothing could be stored.
	RecordWebhookAttempts(ctx context.Context, rs []AttemptRecord) (results []error, err error)
	// ReleaseWebhookDeliveries hands back leased deliveries (Seq and
	// LeaseToken as leased) whose attempt was never started (a sender
	// shutting down): the attempt is uncounted and its row removed, and the
	// delivery is due at once. Deliveries no longer held under their lease
	// are left alone.
	ReleaseWebhookDeliveries(ctx context.Context, ds []*WebhookDelivery) error
	// FindWebhookDelivery returns the delivery with its attempts, or ENOTFOUND.
	FindWebhookDelivery(ctx context.Context, id string) (*WebhookDelivery, error)
	// ListWebhookDeliveries returns up to limit deliveries of the endpoint
	// with Seq < before (0: from the newest), newest first, without bodies
	// and attempts.
	ListWebhookDeliveries(ctx context.Context, endpointID string, before int64, limit int) ([]*WebhookDelivery, error)
	// ListTeamWebhookDeliveries is ListWebhookDeliveries across every
	// endpoint of the team, keeping those that match f.
	ListTeamWebhookDeliveries(ctx context.Context, teamID string, f DeliveryFilter, before int64, limit int) ([]*WebhookDelivery, error)
	// PurgeWebhookDeliveries removes the deliveries of every event whose
	// deliveries all finished before t; it returns how many it removed.
	PurgeWebhookDeliveries(ctx context.Context, t time.Time) (int, error)
	// PurgeTaskEvents removes the task events created before t that were
	// fanned out and that no delivery refers to any more (deliveries keep
	// their own body: redelivery does not read the event); it returns how
	// many it removed.
	PurgeTaskEvents(ctx context.Context, t time.Time) (int, error)
}

// SigningKeys keeps server-side signing keys, such as the key of the
// task-results cursor, shared by every process on the store.
type SigningKeys interface {
	// SigningKey returns the 32-byte key called name, creating it once.
	SigningKey(ctx context.Context, name string) ([]byte, error)
	// RevokeSession records that the signed session id (a dashboard
	// sign-in) was ended before its expiry, so its cookie is refused on
	// every server; the record is kept until expires and then purged.
	RevokeSession(ctx context.Context, id string, expires time.Time) error
	// SessionRevoked reports whether RevokeSession recorded id.
	SessionRevoked(ctx context.Context, id string) (bool, error)
}

// AttachEndpoints sets each leased delivery's Endpoint from eps (the
// endpoints its adapter loaded in the lease transaction) and returns, in
// order, the deliveries whose endpoint exists and those whose endpoint is
// gone (deleted since the delivery was queued): an adapter hands out the
// first and releases the second, uncounted, in the same transaction.
func AttachEndpoints(leased []LeasedDelivery, eps []*WebhookEndpoint) (kept, gone []LeasedDelivery) {
	byID := make(map[string]*WebhookEndpoint, len(eps))
	for _, e := range eps {
		byID[e.ID] = e
	}
	kept = leased[:0]
	for _, l := range leased {
		if l.Endpoint = byID[l.Delivery.EndpointID]; l.Endpoint != nil {
			kept = append(kept, l)
		} else {
			gone = append(gone, l)
		}
	}
	return kept, gone
}

// DeliveryFilter narrows a delivery list; empty fields match everything.
type DeliveryFilter struct {
	Status    string // pending, acknowledged, failed or cancelled
	EventType string // task.completed, task.failed or endpoint.test
}
