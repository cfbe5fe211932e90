// Package dispatch is durable webhook delivery: it turns recorded task
// events into signed deliveries (fan-out to the matching endpoints of the
// team), sends them with retries from a leased queue, records every
// attempt with group commit, and purges old deliveries and task events.
//
// A Dispatcher works on any storage that implements its Store interface
// (package store/sqlite does); it links no HTTP server code, no PDF engine
// and no spreadsheet writer, so a program with its own store and its own
// API can run delivery on its own. The wire format, the filters and the
// sending of one attempt are package webhook/delivery's; receivers need
// only package webhook.
package dispatch

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/webhook"
	"github.com/docextract/docextract/webhook/delivery"
)

// Store is what a Dispatcher needs of the storage: the task event log,
// endpoints, the delivery queue, and the documents of finished tasks.
// store.Store satisfies it.
type Store interface {
	ListWebhookEndpoints(ctx context.Context, teamID string) ([]*store.WebhookEndpoint, error)
	FindWebhookEndpoint(ctx context.Context, id string) (*store.WebhookEndpoint, error)

	TaskEventsAfter(ctx context.Context, seq int64, limit int) ([]store.SeqTaskEvent, error)
	WebhookFanoutCursor(ctx context.Context) (int64, error)
	FanOut(ctx context.Context, seq int64, ds []*store.WebhookDelivery) error
	// ListDocuments returns the task's documents, for the template-group
	// filters and the inline results of task.completed.
	ListDocuments(ctx context.Context, taskID string) ([]*store.Document, error)

	CreateWebhookDelivery(ctx context.Context, d *store.WebhookDelivery) error
	LeaseWebhookDeliveries(ctx context.Context, r store.LeaseRequest) (*store.LeaseBatch, error)
	RecordWebhookAttempts(ctx context.Context, rs []store.AttemptRecord) (results []error, err error)
	ReleaseWebhookDeliveries(ctx context.Context, ds []*store.WebhookDelivery) error

	PurgeWebhookDeliveries(ctx context.Context, t time.Time) (int, error)
	PurgeTaskEvents(ctx context.Context, t time.Time) (int, error)
}

// DefaultWorkers is the default of Dispatcher.Workers: attempts in flight
// at once.
const DefaultWorkers = 64

// Dispatcher turns recorded task events into signed deliveries and sends
// them: fan-out to matching endpoints, batch-leased deliveries sent
// concurrently with retries and group-commit recording, and the purge of
// deliveries and task events past Retention. Set the fields, then call
// Run. Zero values mean the documented defaults.
type Dispatcher struct {
	// Store holds endpoints, events and deliveries; required.
	Store Store
	// Sender sends attempts; nil means delivery.NewSender with
	// AllowPrivate and a 30 s timeout.
	Sender *delivery.Sender
	// AllowPrivate is the development switch: http and loopback/private
	// receivers are admitted.
	AllowPrivate bool
	// Policy is the retry policy (zero: 1m, 5m, 15m, 1h, 6h, 1d, 2d with
	// ±10% jitter, 8 attempts).
	Policy delivery.Policy
	// BaseURL is the public API address, used in results_url.
	BaseURL string
	// TemplateGroups returns the template groups of a template id, for
	// template-group filters; nil means templates belong to no group.
	TemplateGroups func(templateID string) []string
	// Workers is the most attempts in flight at once (default
	// DefaultWorkers). Deliveries are leased in batches, in one
	// transaction each, and their outcomes are recorded in groups, several
	// per transaction.
	Workers int
	// PerEndpoint is the most attempts in flight to one endpoint (default
	// half of Workers, at least 1, at most delivery.MaxIdleConnsPerHost),
	// so a slow receiver cannot hold every worker.
	PerEndpoint int
	// PollInterval is how often idle loops look for work they were not
	// woken for, such as deliveries queued by another process (default
	// 1s). Deliveries due later are picked up when they fall due.
	PollInterval time.Duration
	// Retention is how long finished deliveries, and task events no
	// delivery refers to, are kept (default 30 days).
	Retention time.Duration
	// ShutdownGrace is how long attempts in flight may run on once Run's
	// context ends before they are cancelled (default 10s). A cancelled
	// attempt is recorded as a retryable failure.
	ShutdownGrace time.Duration
	// Logger receives structured logs; nil means slog.Default(). Each
	// failed attempt is logged at Warn.
	Logger *slog.Logger
	// OnAttempt, when set, is called after each attempt (for metrics). It
	// must not block.
	OnAttempt func(Attempt)
	// Now is the clock; nil means time.Now.
	Now func() time.Time

	once   sync.Once
	wakeFO chan struct{}
	wakeTx chan struct{}
	first  chan string // deliveries to send before the queue (test sends)
	change chan endpointChange
}

// endpointChange is an endpoint updated or deleted at a time.
type endpointChange struct {
	id string
	at time.Time
}

func (d *Dispatcher) init() {
	d.once.Do(func() {
		if d.Sender == nil {
			d.Sender = delivery.NewSender(delivery.Config{AllowPrivate: d.AllowPrivate})
		}
		if d.Workers <= 0 {
			d.Workers = DefaultWorkers
		}
		if d.PerEndpoint <= 0 {
			d.PerEndpoint = min(max(1, d.Workers/2), delivery.MaxIdleConnsPerHost)
		}
		if d.PollInterval <= 0 {
			d.PollInterval = time.Second
		}
		if d.ShutdownGrace <= 0 {
			d.ShutdownGrace = 10 * time.Second
		}
		if d.Retention <= 0 {
			d.Retention = 30 * 24 * time.Hour
		}
		if d.Logger == nil {
			d.Logger = slog.Default()
		}
		if d.Now == nil {
			d.Now = time.Now
		}
		d.wakeFO = make(chan struct{}, 1)
		d.wakeTx = make(chan struct{}, 1)
		d.first = make(chan string, 64)
		d.change = make(chan endpointChange, 256)
	})
}

// ValidateURL checks a receiver URL: https only and no loopback, private
// or link-local host, unless AllowPrivate.
func (d *Dispatcher) ValidateURL(rawURL string) error {
	return delivery.ValidateURL(rawURL, d.AllowPrivate)
}

// EndpointChanged tells the running sender that endpoint id was updated
// (URL, headers, enabled state, secret) or deleted at time at. Deliveries
// leased into its local queue with the endpoint as it was before are
// handed back, not sent: the store cancelled them, or they are leased
// again with the endpoint as it is now (a rotated secret applies to every
// request not yet started). Attempts already in flight finish. Call it
// after every change of an endpoint; it never blocks.
func (d *Dispatcher) EndpointChanged(id string, at time.Time) {
	d.init()
	select {
	case d.change <- endpointChange{id: id, at: at}:
	default: // the queue's lease bound still applies
	}
}

// Wake tells the fan-out loop that a task event was recorded; use it as
// the worker pool's OnTaskEvent. It never blocks. Without it, events are
// fanned out on the next poll.
func (d *Dispatcher) Wake(*store.TaskEvent) {
	d.init()
	select {
	case d.wakeFO <- struct{}{}:
	default:
	}
}

func (d *Dispatcher) wakeSenders() {
	select {
	case d.wakeTx <- struct{}{}:
	default:
	}
}

// sendFirst asks the running sender to lease the pending delivery id
// before the queue (a test send). When the hint cannot be taken the
// delivery still goes out in queue order.
func (d *Dispatcher) sendFirst(id string) {
	select {
	case d.first <- id:
	default:
	}
	d.wakeSenders()
}

// Run fans out, sends and purges until ctx ends, then lets attempts in
// flight finish (see ShutdownGrace) and records them.
func (d *Dispatcher) Run(ctx context.Context) error {
	d.init()
	var wg sync.WaitGroup
	wg.Go(func() { d.loop(ctx, d.wakeFO, d.fanOutAll) })
	wg.Go(func() { d.purgeLoop(ctx) })
	wg.Go(func() { d.send(ctx) })
	wg.Wait()
	return nil
}

// loop runs step until it reports no more work, then waits for a wake-up
// or the poll interval.
func (d *Dispatcher) loop(ctx context.Context, wake chan struct{}, step func(context.Context) (bool, error)) {
	t := time.NewTicker(d.PollInterval)
	defer t.Stop()
	for {
		for ctx.Err() == nil {
			more, err := step(ctx)
			if err != nil {
				if ctx.Err() == nil {
					d.Logger.Error("webhooks: step failed", "err", err)
				}
				break
			}
			if !more {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-wake:
		case <-t.C:
		}
	}
}

func (d *Dispatcher) purgeLoop(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		d.purge(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// purge removes the deliveries finished more than Retention ago, then the
// task events that are older than that, fanned out and no longer referred
// to by a delivery.
func (d *Dispatcher) purge(ctx context.Context) {
	before := d.Now().Add(-d.Retention)
	if n, err := d.Store.PurgeWebhookDeliveries(ctx, before); err != nil {
		if ctx.Err() == nil {
			d.Logger.Error("webhooks: purge deliveries failed", "err", err)
		}
		return
	} else if n > 0 {
		d.Logger.Info("webhooks: purged deliveries", "count", n)
	}
	if n, err := d.Store.PurgeTaskEvents(ctx, before); err != nil {
		if ctx.Err() == nil {
			d.Logger.Error("webhooks: purge task events failed", "err", err)
		}
	} else if n > 0 {
		d.Logger.Info("webhooks: purged task events", "count", n)
	}
}

func (d *Dispatcher) maxAttempts() int {
	if d.Policy.MaxAttempts > 0 {
		return d.Policy.MaxAttempts
	}
	return delivery.DefaultMaxAttempts
}

// Messages of the errors SendTest and Redeliver return.
const (
	msgTestNotRedeliverable = "Test events cannot be redelivered."
	msgNotRedeliverable     = "Only failed or cancelled deliveries can be redelivered."
	msgEndpointDisabled     = "The endpoint is disabled; enable it to redeliver."
)

// SendTest queues one endpoint.test event to the endpoint: sent once, not
// retried, not redeliverable, and leased ahead of the queue. It returns
// the pending delivery at once (a receiver may take 30 s to answer); read
// it back from the store until its status is acknowledged or failed. Being
// a stored delivery, it survives a restart like any other.
func (d *Dispatcher) SendTest(ctx context.Context, ep *store.WebhookEndpoint) (*store.WebhookDelivery, error) {
	d.init()
	eventID := webhook.NewID()
	body, err := delivery.EndpointTest(delivery.Meta{ID: eventID, CreatedAt: d.Now(), TeamID: ep.TeamID})
	if err != nil {
		return nil, err
	}
	del := &store.WebhookDelivery{TeamID: ep.TeamID, EndpointID: ep.ID, EventID: eventID, EventType: webhook.EventEndpointTest,
		MaxAttempts: 1, Body: body}
	if err := d.Store.CreateWebhookDelivery(ctx, del); err != nil {
		return nil, err
	}
	d.sendFirst(del.ID)
	return del, nil
}

// Redeliver queues a new delivery of a failed or cancelled one: a new
// delivery id, the same event id and body, sent to the endpoint's current
// URL with its current headers and secret. Test events cannot be
// redelivered (EINVALID); another status or a disabled endpoint is
// ECONFLICT.
func (d *Dispatcher) Redeliver(ctx context.Context, of *store.WebhookDelivery) (*store.WebhookDelivery, error) {
	d.init()
	switch {
	case of.EventType == webhook.EventEndpointTest:
		return nil, &docextract.Error{Code: docextract.EINVALID, Message: msgTestNotRedeliverable}
	case of.Status != store.DeliveryFailed && of.Status != store.DeliveryCancelled:
		return nil, &docextract.Error{Code: docextract.ECONFLICT, Message: msgNotRedeliverable}
	}
	ep, err := d.Store.FindWebhookEndpoint(ctx, of.EndpointID)
	if err != nil {
		return nil, err
	}
	if !ep.Enabled {
		return nil, &docextract.Error{Code: docextract.ECONFLICT, Message: msgEndpointDisabled}
	}
	nd := &store.WebhookDelivery{TeamID: of.TeamID, EndpointID: of.EndpointID, EventID: of.EventID, EventType: of.EventType,
		RedeliveryOf: of.ID, MaxAttempts: d.maxAttempts(), Body: of.Body}
	if err := d.Store.CreateWebhookDelivery(ctx, nd); err != nil {
		return nil, err
	}
	d.wakeSenders()
	return nd, nil
}

// Attempt describes one finished attempt to OnAttempt.
type Attempt struct {
	EventType string
	// Outcome is acknowledged, retry (failed, another attempt is due) or
	// failed (no more attempts).
	Outcome    string
	StatusCode int // 0 when no response arrived
	Duration   time.Duration
}
