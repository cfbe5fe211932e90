package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
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

// DefaultWebhookWorkers is the default of Webhooks.Workers: attempts in
// flight at once.
const DefaultWebhookWorkers = 64

// Webhooks turns recorded task events into signed deliveries and sends
// them: fan-out to matching endpoints, batch-leased deliveries sent
// concurrently with retries and group-commit recording, and the 30-day
// purge of deliveries and task events. Set the fields, then call Run; the Server
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
	// Workers is the most attempts in flight at once (default
	// DefaultWebhookWorkers). Deliveries are leased in batches, in one
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
	// Logger receives structured logs; nil means slog.Default().
	Logger *slog.Logger
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

func (w *Webhooks) init() {
	w.once.Do(func() {
		if w.Sender == nil {
			w.Sender = delivery.NewSender(delivery.Config{AllowPrivate: w.AllowPrivate})
		}
		if w.Workers <= 0 {
			w.Workers = DefaultWebhookWorkers
		}
		if w.PerEndpoint <= 0 {
			w.PerEndpoint = min(max(1, w.Workers/2), delivery.MaxIdleConnsPerHost)
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
		w.first = make(chan string, 64)
		w.change = make(chan endpointChange, 256)
	})
}

// EndpointChanged tells the running sender that endpoint id was updated
// (URL, headers, enabled state, secret) or deleted at time at. Deliveries
// leased into its local queue with the endpoint as it was before are
// handed back, not sent: the store cancelled them, or they are leased
// again with the endpoint as it is now (a rotated secret applies to every
// request not yet started). Attempts already in flight finish. The
// management API calls it after every change; it never blocks.
func (w *Webhooks) EndpointChanged(id string, at time.Time) {
	w.init()
	select {
	case w.change <- endpointChange{id: id, at: at}:
	default: // the queue's lease bound still applies
	}
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

// leaseDuration covers a wait in the local queue, the attempt, and room to
// record it. A queued delivery with less than minLeaseLeft is handed back
// instead of started.
func (w *Webhooks) leaseDuration() time.Duration { return 2*delivery.DefaultTimeout + 30*time.Second }

// minLeaseLeft is the lease an attempt needs when it starts: the sender's
// timeout and room to record the outcome.
const minLeaseLeft = delivery.DefaultTimeout + 20*time.Second

// Run fans out, sends and purges until ctx ends, then lets attempts in
// flight finish (see ShutdownGrace) and records them.
func (w *Webhooks) Run(ctx context.Context) error {
	w.init()
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { defer wg.Done(); w.loop(ctx, w.wakeFO, w.fanOutAll) }()
	go func() { defer wg.Done(); w.purgeLoop(ctx) }()
	go func() { defer wg.Done(); w.dispatch(ctx) }()
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
		w.purge(ctx)
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
func (w *Webhooks) purge(ctx context.Context) {
	before := w.Now().Add(-w.Retention)
	if n, err := w.Store.PurgeWebhookDeliveries(ctx, before); err != nil {
		if ctx.Err() == nil {
			w.Logger.Error("webhooks: purge deliveries failed", "err", err)
		}
		return
	} else if n > 0 {
		w.Logger.Info("webhooks: purged deliveries", "count", n)
	}
	if n, err := w.Store.PurgeTaskEvents(ctx, before); err != nil {
		if ctx.Err() == nil {
			w.Logger.Error("webhooks: purge task events failed", "err", err)
		}
	} else if n > 0 {
		w.Logger.Info("webhooks: purged task events", "count", n)
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

// sendFirst asks the running dispatcher to lease the pending delivery id
// before the queue (a test send). When the hint cannot be taken the
// delivery still goes out in queue order.
func (w *Webhooks) sendFirst(id string) {
	select {
	case w.first <- id:
	default:
	}
	w.wakeSenders()
}

// leaseLinger spaces the leases made only because a slot freed while the
// due deliveries left belong to endpoints at their cap.
const leaseLinger = time.Millisecond

// recordLinger is how long an outcome may wait for others while attempts
// are still being sent: one transaction then records several.
const recordLinger = time.Millisecond

// dispatch keeps up to Workers attempts in flight, at most PerEndpoint per
// endpoint. Deliveries are leased in batches, one transaction each, into a
// local queue of up to 2*Workers deliveries (at most Workers of one
// endpoint beyond those in flight, so a slow endpoint cannot fill it), so a
// freed slot starts the next attempt at once and a lease is taken only
// when the queue is half empty. A queued delivery whose lease no longer
// covers an attempt is handed back. Attempts run on Workers long-lived
// goroutines; outcomes go to a group-commit recorder and each delivery
// stays leased until its outcome is committed. It sleeps until a slot
// frees, a delivery is queued, the next delivery falls due or PollInterval
// passes. When ctx ends it leases no more, hands back the queued
// deliveries and returns once every attempt started is recorded.
func (w *Webhooks) dispatch(ctx context.Context) {
	// Attempts are not cut short by ctx at once: they may run on for
	// ShutdownGrace (the sender's timeout bounds them anyway).
	actx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	stop := context.AfterFunc(ctx, func() { time.AfterFunc(w.ShutdownGrace, cancel) })
	defer stop()

	// recorded carries the number of outcomes of each commit; at most
	// 2*Workers outcomes are ever open (in flight or waiting to be
	// recorded), so the recorder never blocks on it.
	recorded := make(chan int, w.Workers*2)
	rec := newRecorder(w.Store, w.Logger, w.Workers, recorded)
	recDone := make(chan struct{})
	go func() { rec.run(); close(recDone) }()
	defer func() { rec.close(); <-recDone }()

	// Workers long-lived senders: an attempt is handed to a free one, which
	// passes its outcome to the recorder and reports the slot free.
	sent := make(chan string, w.Workers) // the endpoint of an attempt whose exchange ended
	work := make(chan store.LeasedDelivery)
	var senders sync.WaitGroup
	for range w.Workers {
		senders.Go(func() {
			for l := range work {
				r := w.attempt(actx, l)
				rec.sending.Add(-1)
				rec.submit(r)
				sent <- l.Delivery.EndpointID
			}
		})
	}
	defer func() { close(work); senders.Wait() }()
	var (
		queue     []store.LeasedDelivery // leased, waiting for a slot, in lease order
		sending   = map[string]int{}     // exchanges running per endpoint
		held      = map[string]int{}     // queued or sending, per endpoint
		inFlight  int                    // exchanges running
		open      int                    // attempts started and not yet recorded
		first     []string               // test sends to lease first
		nextDue   time.Time              // from the last lease; zero: nothing pending
		poke      = true                 // something may have been queued: look now
		dry       bool                   // the last lease found less than it could take
		freed     bool                   // a slot freed since the last lease
		lastLease time.Time
	)
	var releasing sync.WaitGroup
	defer releasing.Wait()
	changed := map[string]time.Time{} // endpoint id -> when it last changed
	start := func() {
		if ctx.Err() != nil {
			return
		}
		kept := queue[:0]
		var stale []store.LeasedDelivery
		now := w.Now()
		for _, l := range queue {
			ep := l.Delivery.EndpointID
			// Waited too long behind its endpoint's attempts (not enough
			// lease left for an attempt), or its endpoint changed since it
			// was leased: hand it back.
			if l.Delivery.NextAttemptAt.Sub(now) < minLeaseLeft || l.Endpoint.UpdatedAt.Before(changed[ep]) {
				stale = append(stale, l)
				if held[ep]--; held[ep] <= 0 {
					delete(held, ep)
				}
				continue
			}
			if inFlight >= w.Workers || sending[ep] >= w.PerEndpoint {
				kept = append(kept, l)
				continue
			}
			inFlight++
			open++
			sending[ep]++
			rec.sending.Add(1)
			work <- l
		}
		clear(queue[len(kept):])
		queue = kept
		if len(stale) > 0 {
			releasing.Go(func() { w.release(stale) })
		}
	}
	// One lease at a time runs on its own goroutine, so attempts keep
	// starting from the queue while it commits.
	type leased struct {
		batch *store.LeaseBatch
		err   error
		limit int
	}
	leases := make(chan leased, 1)
	leasing := false
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		for more := true; more; { // test sends asked for since the last look
			select {
			case id := <-w.first:
				first = append(first, id)
			default:
				more = false
			}
		}
		now := w.Now()
		due := !nextDue.IsZero() && !nextDue.After(now)
		low := len(queue) <= w.Workers
		lingered := time.Since(lastLease) >= leaseLinger
		if !leasing && ctx.Err() == nil && low && (poke || len(first) > 0 || due && (!dry || freed && lingered)) {
			limit := 2*w.Workers - len(queue)
			req := store.LeaseRequest{Limit: limit, PerEndpoint: w.PerEndpoint + w.Workers, Busy: maps.Clone(held),
				First: slices.Clone(first), Lease: w.leaseDuration()}
			leasing, first = true, first[:0]
			poke, freed, lastLease = false, false, time.Now()
			go func() {
				b, err := w.Store.LeaseWebhookDeliveries(ctx, req)
				leases <- leased{batch: b, err: err, limit: limit}
			}()
		}
		if ctx.Err() != nil && !leasing {
			if len(queue) > 0 {
				w.release(queue)
				for _, l := range queue {
					held[l.Delivery.EndpointID]--
				}
				queue = nil
			}
			if open == 0 {
				return
			}
		}
		// Sleep until something may be leasable or startable.
		wait := w.PollInterval
		if d := nextDue.Sub(now); !nextDue.IsZero() && d > 0 && d < wait {
			wait = d
		}
		if ctx.Err() == nil && !leasing && low && due && dry && freed {
			wait = min(wait, max(leaseLinger-time.Since(lastLease), 0))
		}
		timer.Reset(wait)
		stopping := ctx.Done()
		if ctx.Err() != nil {
			stopping = nil // seen: from now on wait for the attempts, not spin
		}
		select {
		case r := <-leases:
			leasing = false
			if r.err != nil {
				if ctx.Err() == nil {
					w.Logger.Error("webhooks: lease failed", "err", r.err)
				}
				nextDue, dry = now.Add(w.PollInterval), true
				break
			}
			if r.batch.Interrupted > 0 {
				w.Logger.Warn("webhooks: closed interrupted attempts", "count", r.batch.Interrupted)
			}
			for _, l := range r.batch.Deliveries {
				held[l.Delivery.EndpointID]++
			}
			queue = append(queue, r.batch.Deliveries...)
			nextDue, dry = r.batch.NextDue, len(r.batch.Deliveries) < r.limit
			start()
		case ep := <-sent:
			inFlight--
			if sending[ep]--; sending[ep] <= 0 {
				delete(sending, ep)
			}
			if held[ep]--; held[ep] <= 0 {
				delete(held, ep)
			}
			freed = true
			start()
		case n := <-recorded:
			open -= n
		case id := <-w.first:
			first = append(first, id)
		case c := <-w.change:
			if c.at.After(changed[c.id]) {
				changed[c.id] = c.at
			}
			// A queued delivery is leased for at most leaseDuration:
			// older changes can no longer concern one.
			for id, at := range changed {
				if now.Sub(at) > w.leaseDuration() {
					delete(changed, id)
				}
			}
			start()
		case <-w.wakeTx:
			poke = true
		case <-timer.C:
			// The poll interval passed, the next delivery fell due, or a
			// freed slot waited long enough: look.
			poke = true
		case <-stopping:
		}
		timer.Stop()
	}
}

// release hands queued, never started deliveries back to the store.
func (w *Webhooks) release(queue []store.LeasedDelivery) {
	ds := make([]*store.WebhookDelivery, len(queue))
	for i, l := range queue {
		ds[i] = l.Delivery
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := w.Store.ReleaseWebhookDeliveries(ctx, ds); err != nil {
		w.Logger.Error("webhooks: release queued deliveries", "count", len(ds), "err", err)
	}
}

// recorder records attempt outcomes with group commit: the outcomes that
// arrive while a transaction commits are stored together in the next one.
type recorder struct {
	store WebhookStore
	log   *slog.Logger
	max   int
	ch    chan store.AttemptRecord
	done  chan<- int // the number of outcomes of each commit
	// sending counts the attempts whose outcome is not handed in yet.
	sending atomic.Int64
}

func newRecorder(s WebhookStore, log *slog.Logger, max int, done chan<- int) *recorder {
	return &recorder{store: s, log: log, max: max, ch: make(chan store.AttemptRecord, max), done: done}
}

// submit queues rec for the next commit. A failed commit is logged: the
// lease then expires, and the attempt is closed as interrupted and
// retried.
func (r *recorder) submit(rec store.AttemptRecord) { r.ch <- rec }

// close ends run once the outcomes submitted so far are recorded; call it
// when no submit is running or will start.
func (r *recorder) close() { close(r.ch) }

func (r *recorder) run() {
	batch := make([]store.AttemptRecord, 0, r.max)
	linger := time.NewTimer(0)
	defer linger.Stop()
	for req := range r.ch {
		batch = append(batch[:0], req)
		// While attempts are still being sent, wait a moment for their
		// outcomes: one transaction then commits them all.
		linger.Reset(recordLinger)
	more:
		for len(batch) < r.max {
			select {
			case req, ok := <-r.ch:
				if !ok {
					break more
				}
				batch = append(batch, req)
				continue
			default:
			}
			if r.sending.Load() == 0 {
				break
			}
			select {
			case req, ok := <-r.ch:
				if !ok {
					break more
				}
				batch = append(batch, req)
			case <-linger.C:
				break more
			}
		}
		linger.Stop()
		r.commit(batch)
	}
}

func (r *recorder) commit(rs []store.AttemptRecord) {
	var results []error
	var err error
	for try := 0; try < 2; try++ { // one retry: a lost batch would be sent again
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		results, err = r.store.RecordWebhookAttempts(ctx, rs)
		cancel()
		if err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	for i, rec := range rs {
		e := err
		if e == nil {
			e = results[i]
		}
		if e != nil {
			r.log.Error("webhooks: record attempt", "delivery", rec.DeliveryID, "err", e)
		}
	}
	r.done <- len(rs)
}

// attempt sends the leased delivery once and returns its outcome to record.
func (w *Webhooks) attempt(ctx context.Context, l store.LeasedDelivery) store.AttemptRecord {
	d, ep := l.Delivery, l.Endpoint
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
	w.Logger.Debug("webhooks: attempt", "delivery", d.ID, "attempt", d.AttemptCount, "status", o.Status, "http", res.StatusCode, "err", res.Error)
	return store.AttemptRecord{DeliveryID: d.ID, LeaseToken: d.LeaseToken, Outcome: o}
}

// errWebhooksOff answers the management API when webhooks are not configured.
var errWebhooksOff = errors.New("webhooks are not configured")
