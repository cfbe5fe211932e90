package store

import (
	"context"
	"time"
)

// Webhook delivery statuses (spec §3).
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

// AttemptOutcome is what RecordWebhookAttempt stores: the attempt, the
// delivery's new status and, when still pending, when to try again.
type AttemptOutcome struct {
	Attempt       WebhookAttempt
	Status        string
	NextAttemptAt time.Time
}

// Webhooks stores webhook endpoints, deliveries and their attempts. It is
// a separate interface from Store so that stores without webhooks remain
// valid; package store/sqlite implements both.
type Webhooks interface {
	// CreateWebhookEndpoint stores e; ID and times are set when empty.
	CreateWebhookEndpoint(ctx context.Context, e *WebhookEndpoint) error
	// FindWebhookEndpoint returns the endpoint or ENOTFOUND.
	FindWebhookEndpoint(ctx context.Context, id string) (*WebhookEndpoint, error)
	// ListWebhookEndpoints returns the team's endpoints, oldest first.
	ListWebhookEndpoints(ctx context.Context, teamID string) ([]*WebhookEndpoint, error)
	// UpdateWebhookEndpoint stores e over the endpoint e.ID. When its URL,
	// custom headers or enabled state change, the endpoint's pending
	// deliveries are cancelled in the same transaction (spec §3); it returns
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

	// CreateWebhookDelivery stores d (a test send or a manual redelivery);
	// ID, Seq and CreatedAt are set when empty. When d.LeaseToken is set,
	// d is created leased until d.NextAttemptAt, so the caller sends it.
	CreateWebhookDelivery(ctx context.Context, d *WebhookDelivery) error
	// LeaseWebhookDelivery leases the pending delivery due first for d,
	// counts the attempt and returns it with its endpoint, or nil, nil. A
	// lease that expires (a crashed worker) makes the delivery due again.
	LeaseWebhookDelivery(ctx context.Context, d time.Duration) (*WebhookDelivery, *WebhookEndpoint, error)
	// RecordWebhookAttempt stores the attempt of the leased delivery and its
	// outcome. When the delivery is no longer pending (it was cancelled
	// meanwhile) the attempt is stored and the status kept, unless the
	// attempt acknowledged it. ECONFLICT when the lease was lost.
	RecordWebhookAttempt(ctx context.Context, deliveryID, leaseToken string, o AttemptOutcome) error
	// FindWebhookDelivery returns the delivery with its attempts, or ENOTFOUND.
	FindWebhookDelivery(ctx context.Context, id string) (*WebhookDelivery, error)
	// ListWebhookDeliveries returns up to limit deliveries of the endpoint
	// with Seq < before (0: from the newest), newest first, without bodies
	// and attempts.
	ListWebhookDeliveries(ctx context.Context, endpointID string, before int64, limit int) ([]*WebhookDelivery, error)
	// PurgeWebhookDeliveries removes the deliveries of every event whose
	// deliveries all finished before t; it returns how many it removed.
	PurgeWebhookDeliveries(ctx context.Context, t time.Time) (int, error)
}

// SigningKeys keeps server-side signing keys, such as the key of the
// task-results cursor, shared by every process on the store.
type SigningKeys interface {
	// SigningKey returns the 32-byte key called name, creating it once.
	SigningKey(ctx context.Context, name string) ([]byte, error)
}
