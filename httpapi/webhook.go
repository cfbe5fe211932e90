package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/webhook"
	"github.com/docextract/docextract/webhook/delivery"
)

// WebhookStore is what webhooks need of the store: the webhook tables and
// the documents of finished tasks.
type WebhookStore interface {
	store.Webhooks
	ListDocuments(ctx context.Context, taskID string) ([]*store.Document, error)
}

// Webhooks turns recorded task events into signed deliveries and sends
// them: fan-out to matching endpoints, leased delivery workers with
// retries, and the 30-day purge. Set the fields, then call Run; the Server
// serves its management API when Server.Webhooks is set. Zero values mean
// the documented defaults.
type Webhooks struct {
	// Store holds endpoints and deliveries; required.
	Store WebhookStore
	// Sender sends attempts; nil means delivery.NewSender with
	// AllowPrivate and a 30 s timeout.
	Sender *delivery.Sender
	// AllowPrivate is the development switch (--webhook-allow-private):
	// http and loopback/private receivers are admitted.
	AllowPrivate bool
	// Policy is the retry policy; its Schedule comes from
	// --webhook-retry-schedule.
	Policy delivery.Policy
	// BaseURL is the public API address, used in results_url.
	BaseURL string
	// TemplateGroups returns the template groups of a template id, for
	// template-group filters; nil means templates belong to no group.
	TemplateGroups func(templateID string) []string
	// Workers is the number of concurrent senders (default 4).
	Workers int
	// PollInterval is how often idle loops look for work they were not
	// woken for (default 1s).
	PollInterval time.Duration
	// Retention is how long finished deliveries are kept (default 30 days).
	Retention time.Duration
	// ShutdownGrace is how long attempts in flight may run on once Run's
	// context ends before they are cancelled (default 10s). A cancelled
	// attempt is recorded as a retryable failure.
	ShutdownGrace time.Duration
	// Logger receives structured logs; nil means slog.Default().
	Logger *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time

	once   sync.Once
	wakeFO chan struct{}
	wakeTx chan struct{}
}

func (w *Webhooks) init() {
	w.once.Do(func() {
		if w.Sender == nil {
			w.Sender = delivery.NewSender(delivery.Config{AllowPrivate: w.AllowPrivate})
		}
		if w.Workers <= 0 {
			w.Workers = 4
		}
		if w.PollInterval <= 0 {
			w.PollInterval = time.Second
		}
		if w.ShutdownGrace <= 0 {
			w.ShutdownGrace = 10 * time.Second
		}
		if w.Retention <= 0 {
			w.Retention = 30 * 24 * time.Hour
		}
		if w.Logger == nil {
			w.Logger = slog.Default()
		}
		if w.Now == nil {
			w.Now = time.Now
		}
		w.wakeFO = make(chan struct{}, 1)
		w.wakeTx = make(chan struct{}, 1)
	})
}

// Wake tells the fan-out loop that a task event was recorded; use it as
// Server.OnTaskEvent. It never blocks.
func (w *Webhooks) Wake(*store.TaskEvent) {
	w.init()
	select {
	case w.wakeFO <- struct{}{}:
	default:
	}
}

func (w *Webhooks) wakeSenders() {
	select {
	case w.wakeTx <- struct{}{}:
	default:
	}
}

// leaseDuration covers one attempt with room to record it.
func (w *Webhooks) leaseDuration() time.Duration { return delivery.DefaultTimeout + 30*time.Second }

// Run fans out, sends and purges until ctx ends, then lets attempts in
// flight finish (each is bounded by the sender's timeout).
func (w *Webhooks) Run(ctx context.Context) error {
	w.init()
	var wg sync.WaitGroup
	wg.Add(2 + w.Workers)
	go func() { defer wg.Done(); w.loop(ctx, w.wakeFO, w.fanOutAll) }()
	go func() { defer wg.Done(); w.purgeLoop(ctx) }()
	for range w.Workers {
		go func() { defer wg.Done(); w.loop(ctx, w.wakeTx, w.sendDue) }()
	}
	wg.Wait()
	return nil
}

// loop runs step until it reports no more work, then waits for a wake-up
// or the poll interval.
func (w *Webhooks) loop(ctx context.Context, wake chan struct{}, step func(context.Context) (bool, error)) {
	t := time.NewTicker(w.PollInterval)
	defer t.Stop()
	for {
		for ctx.Err() == nil {
			more, err := step(ctx)
			if err != nil {
				if ctx.Err() == nil {
					w.Logger.Error("webhooks: step failed", "err", err)
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

func (w *Webhooks) purgeLoop(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if n, err := w.Store.PurgeWebhookDeliveries(ctx, w.Now().Add(-w.Retention)); err != nil && ctx.Err() == nil {
			w.Logger.Error("webhooks: purge failed", "err", err)
		} else if n > 0 {
			w.Logger.Info("webhooks: purged deliveries", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// fanOutAll turns a batch of recorded task events into deliveries.
func (w *Webhooks) fanOutAll(ctx context.Context) (bool, error) {
	cur, err := w.Store.WebhookFanoutCursor(ctx)
	if err != nil {
		return false, err
	}
	evs, err := w.Store.TaskEventsAfter(ctx, cur, 50)
	if err != nil {
		return false, err
	}
	for _, ev := range evs {
		ds, err := w.deliveriesFor(ctx, ev.TaskEvent)
		if err != nil {
			return false, err
		}
		if err := w.Store.FanOut(ctx, ev.Seq, ds); err != nil {
			if docextract.ErrorCode(err) == docextract.ECONFLICT {
				return true, nil // another process fanned it out; reread the cursor
			}
			return false, err
		}
		if len(ds) > 0 {
			w.wakeSenders()
		}
	}
	return len(evs) == 50, nil
}

// TaskSummary returns the task summary (spec 2.4) of a task event.
func TaskSummary(ev *store.TaskEvent) webhook.Task {
	t := webhook.Task{ID: ev.TaskID, Outcome: ev.Outcome, OriginalFile: &webhook.OriginalFile{Name: ev.FileName}}
	t.Status = docextract.StatusCompleted
	if ev.Type == store.EventTaskFailed {
		t.Status, t.Outcome = docextract.StatusFailed, ""
	}
	if ev.IngestSource != "" {
		src := ev.IngestSource
		t.IngestSource = &src
	}
	if !ev.TaskCreatedAt.IsZero() {
		c := ev.TaskCreatedAt.UTC()
		t.CreatedAt = &c
	}
	done := ev.CreatedAt.UTC()
	t.CompletedAt = &done
	if ev.ContentType != "" {
		ct := ev.ContentType
		t.OriginalFile.ContentType = &ct
	}
	if ev.PageCount > 0 {
		n := ev.PageCount
		t.OriginalFile.PageCount = &n
	}
	return t
}

// ResultDocument returns the spec 2.5 form of a stored document.
func ResultDocument(d *store.Document) webhook.ResultDocument {
	r := webhook.ResultDocument{ID: d.ID, FileName: d.FileName, ExtractionData: d.Data}
	if d.PageStart > 0 {
		ps, pe, pc := d.PageStart, d.PageEnd, d.PageCount()
		r.PageStart, r.PageEnd = &ps, &pe
		if pc > 0 {
			r.PageCount = &pc
		}
	}
	if d.TemplateID != "" {
		id := d.TemplateID
		r.TemplateID = &id
	}
	return r
}

func (w *Webhooks) groupsOf(templateID string) []string {
	if templateID == "" || w.TemplateGroups == nil {
		return nil
	}
	return w.TemplateGroups(templateID)
}

// candidates returns the task's documents as the filters see them: for a
// completed task its results, for a failed one every remaining document.
func (w *Webhooks) candidates(ctx context.Context, ev *store.TaskEvent) ([]delivery.Candidate, error) {
	docs, err := w.Store.ListDocuments(ctx, ev.TaskID)
	if docextract.ErrorCode(err) == docextract.ENOTFOUND {
		return nil, nil // deleted since: nothing accessible
	} else if err != nil {
		return nil, err
	}
	var out []delivery.Candidate
	for _, d := range docs {
		if ev.Type == store.EventTaskCompleted && !d.HasResult() {
			continue
		}
		out = append(out, delivery.Candidate{Document: ResultDocument(d), TemplateGroupIDs: w.groupsOf(d.TemplateID)})
	}
	return out, nil
}

// deliveriesFor builds one delivery per enabled endpoint of the team that
// matches ev. Endpoints created after the event do not get it (no backfill).
func (w *Webhooks) deliveriesFor(ctx context.Context, ev *store.TaskEvent) ([]*store.WebhookDelivery, error) {
	eps, err := w.Store.ListWebhookEndpoints(ctx, ev.TeamID)
	if err != nil || len(eps) == 0 {
		return nil, err
	}
	cands, err := w.candidates(ctx, ev)
	if err != nil {
		return nil, err
	}
	var src *string
	if ev.IngestSource != "" {
		src = &ev.IngestSource
	}
	te := delivery.TaskEvent{Type: ev.Type, TeamID: ev.TeamID, IngestSource: src, Documents: cands}
	meta := delivery.Meta{ID: ev.ID, CreatedAt: ev.CreatedAt, TeamID: ev.TeamID}
	task := TaskSummary(ev)
	var out []*store.WebhookDelivery
	for _, ep := range eps {
		if !ep.Enabled || ep.CreatedAt.After(ev.CreatedAt) {
			continue
		}
		docs, ok := delivery.Match(delivery.Subscription{TeamID: ep.TeamID, EventTypes: ep.EventTypes,
			IngestSources: ep.IngestSources, TemplateGroupIDs: ep.TemplateGroupIDs}, te)
		if !ok {
			continue
		}
		var body []byte
		if ev.Type == store.EventTaskFailed {
			body, err = delivery.TaskFailed(meta, task, ev.ErrorCode)
		} else {
			body, err = delivery.TaskCompleted(meta, task, docs, delivery.ResultsURL(w.BaseURL, ev.TaskID, ep.TemplateGroupIDs))
		}
		if err != nil {
			return nil, err
		}
		out = append(out, &store.WebhookDelivery{TeamID: ev.TeamID, EndpointID: ep.ID, EventID: ev.ID, EventType: ev.Type,
			MaxAttempts: w.maxAttempts(), Body: body})
	}
	return out, nil
}

func (w *Webhooks) maxAttempts() int {
	if w.Policy.MaxAttempts > 0 {
		return w.Policy.MaxAttempts
	}
	return delivery.DefaultMaxAttempts
}

// sendDue leases one due delivery and makes its attempt.
func (w *Webhooks) sendDue(ctx context.Context) (bool, error) {
	d, ep, err := w.Store.LeaseWebhookDelivery(ctx, w.leaseDuration())
	if err != nil || d == nil {
		return false, err
	}
	// Shutdown does not cut the attempt short at once: it may finish within
	// ShutdownGrace (the sender's timeout bounds it anyway).
	actx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	stop := context.AfterFunc(ctx, func() { time.AfterFunc(w.ShutdownGrace, cancel) })
	defer stop()
	w.attempt(actx, d, ep)
	return true, nil
}

// attempt sends the leased delivery d once and records the outcome.
func (w *Webhooks) attempt(ctx context.Context, d *store.WebhookDelivery, ep *store.WebhookEndpoint) *store.AttemptOutcome {
	var secrets []webhook.Secret
	if s, err := webhook.ParseSecret(ep.Secret); err == nil {
		secrets = append(secrets, s)
	}
	res := w.Sender.Send(ctx, delivery.Request{
		URL: ep.URL, Headers: ep.Headers, Secrets: secrets,
		EventID: d.EventID, EventType: d.EventType, DeliveryID: d.ID, Attempt: d.AttemptCount, Body: d.Body,
	})
	o := store.AttemptOutcome{Attempt: store.WebhookAttempt{
		Number: d.AttemptCount, StartedAt: res.StartedAt, StatusCode: res.StatusCode, Error: res.Error,
		Duration: res.Duration, ResponseBody: res.ResponseBody,
	}}
	switch res.Outcome {
	case delivery.Acknowledged:
		o.Status = store.DeliveryAcknowledged
	case delivery.Retryable:
		p := w.Policy
		p.MaxAttempts = d.MaxAttempts
		if wait, ok := p.Next(d.AttemptCount, res); ok {
			o.Status, o.NextAttemptAt = store.DeliveryPending, w.Now().Add(wait)
		} else {
			o.Status = store.DeliveryFailed
		}
	default:
		o.Status = store.DeliveryFailed
	}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := w.Store.RecordWebhookAttempt(rctx, d.ID, d.LeaseToken, o); err != nil {
		w.Logger.Error("webhooks: record attempt", "delivery", d.ID, "err", err)
	}
	w.Logger.Debug("webhooks: attempt", "delivery", d.ID, "attempt", d.AttemptCount, "status", o.Status, "http", res.StatusCode, "err", res.Error)
	return &o
}

// errWebhooksOff answers the management API when webhooks are not configured.
var errWebhooksOff = errors.New("webhooks are not configured")
