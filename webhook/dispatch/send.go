package dispatch

import (
	"context"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/webhook"
	"github.com/docextract/docextract/webhook/delivery"
)

// leaseDuration covers a wait in the local queue, the attempt, and room to
// record it. A queued delivery with less than minLeaseLeft is handed back
// instead of started.
func (d *Dispatcher) leaseDuration() time.Duration { return 2*delivery.DefaultTimeout + 30*time.Second }

// minLeaseLeft is the lease an attempt needs when it starts: the sender's
// timeout and room to record the outcome.
const minLeaseLeft = delivery.DefaultTimeout + 20*time.Second

// leaseLinger spaces the leases made only because a slot freed while the
// due deliveries left belong to endpoints at their cap.
const leaseLinger = time.Millisecond

// recordLinger is how long an outcome may wait for others while attempts
// are still being sent: one transaction then records several.
const recordLinger = time.Millisecond

// sender is the state of the sending side of one Run. It keeps up to
// Workers attempts in flight, at most PerEndpoint per endpoint.
// Deliveries are leased in batches, one transaction each, into a local
// queue of up to 2*Workers deliveries (at most Workers of one endpoint
// beyond those in flight, so a slow endpoint cannot fill it), so a freed
// slot starts the next attempt at once and a lease is taken only when the
// queue is half empty. A queued delivery whose lease no longer covers an
// attempt is handed back. Attempts run on Workers long-lived goroutines;
// outcomes go to a group-commit recorder and each delivery stays leased
// until its outcome is committed.
//
// Only the goroutine running send touches its fields, except releasing.
type sender struct {
	d    *Dispatcher
	ctx  context.Context // Run's: when it ends, lease no more
	rec  *recorder
	work chan<- store.LeasedDelivery // to the attempt goroutines

	queue    []store.LeasedDelivery // leased, waiting for a slot, in lease order
	sending  map[string]int         // exchanges running per endpoint
	held     map[string]int         // queued or sending, per endpoint
	inFlight int                    // exchanges running
	open     int                    // attempts started and not yet recorded
	first    []string               // test sends to lease first
	changed  map[string]time.Time   // endpoint id -> when it last changed

	leasing   bool      // a lease is running
	nextDue   time.Time // from the last lease; zero: nothing pending
	poke      bool      // something may have been queued: look now
	dry       bool      // the last lease found less than it could take
	freed     bool      // a slot freed since the last lease
	lastLease time.Time

	releasing sync.WaitGroup // hand-backs of stale queued deliveries
}

// leased is the answer of one lease.
type leased struct {
	batch *store.LeaseBatch
	err   error
	limit int
}

// send runs the sending side until ctx ends; then it leases no more, hands
// back the queued deliveries and returns once every attempt started is
// recorded. It sleeps until a slot frees, a delivery is queued, the next
// delivery falls due or PollInterval passes.
func (d *Dispatcher) send(ctx context.Context) {
	// Attempts are not cut short by ctx at once: they may run on for
	// ShutdownGrace (the sender's timeout bounds them anyway).
	actx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	stop := context.AfterFunc(ctx, func() { time.AfterFunc(d.ShutdownGrace, cancel) })
	defer stop()

	// recorded carries the number of outcomes of each commit; at most
	// 2*Workers outcomes are ever open (in flight or waiting to be
	// recorded), so the recorder never blocks on it.
	recorded := make(chan int, d.Workers*2)
	rec := newRecorder(d.Store, d.Logger, d.Workers, recorded)
	recDone := make(chan struct{})
	go func() { rec.run(); close(recDone) }()
	defer func() { rec.close(); <-recDone }()

	// Workers long-lived senders: an attempt is handed to a free one, which
	// passes its outcome to the recorder and reports the slot free.
	sent := make(chan string, d.Workers) // the endpoint of an attempt whose exchange ended
	work := make(chan store.LeasedDelivery)
	var senders sync.WaitGroup
	for range d.Workers {
		senders.Go(func() {
			for l := range work {
				r := d.attempt(actx, l)
				rec.sending.Add(-1)
				rec.submit(r)
				sent <- l.Delivery.EndpointID
			}
		})
	}
	defer func() { close(work); senders.Wait() }()

	s := &sender{d: d, ctx: ctx, rec: rec, work: work, sending: map[string]int{}, held: map[string]int{},
		changed: map[string]time.Time{}, poke: true}
	defer s.releasing.Wait()
	// One lease at a time runs on its own goroutine, so attempts keep
	// starting from the queue while it commits.
	leases := make(chan leased, 1)
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		s.takeFirst()
		now := d.Now()
		if s.shouldLease(now) {
			s.lease(leases)
		}
		if ctx.Err() != nil && !s.leasing {
			s.releaseQueue()
			if s.open == 0 {
				return
			}
		}
		timer.Reset(s.sleep(now))
		stopping := ctx.Done()
		if ctx.Err() != nil {
			stopping = nil // seen: from now on wait for the attempts, not spin
		}
		select {
		case r := <-leases:
			s.leased(r, now)
		case ep := <-sent:
			s.sent(ep)
		case n := <-recorded:
			s.open -= n
		case id := <-d.first:
			s.first = append(s.first, id)
		case c := <-d.change:
			s.endpointChanged(c, now)
		case <-d.wakeTx:
			s.poke = true
		case <-timer.C:
			// The poll interval passed, the next delivery fell due, or a
			// freed slot waited long enough: look.
			s.poke = true
		case <-stopping:
		}
		timer.Stop()
	}
}

// takeFirst collects the test sends asked for since the last look.
func (s *sender) takeFirst() {
	for {
		select {
		case id := <-s.d.first:
			s.first = append(s.first, id)
		default:
			return
		}
	}
}

// shouldLease reports whether to lease now: no lease running, room in the
// queue, and something may be leasable (a wake-up, a test send, or a due
// delivery that the last lease left for lack of room or a slot that freed
// since).
func (s *sender) shouldLease(now time.Time) bool {
	due := !s.nextDue.IsZero() && !s.nextDue.After(now)
	lingered := time.Since(s.lastLease) >= leaseLinger
	return !s.leasing && s.ctx.Err() == nil && s.low() &&
		(s.poke || len(s.first) > 0 || due && (!s.dry || s.freed && lingered))
}

// low reports whether the queue is at most half full.
func (s *sender) low() bool { return len(s.queue) <= s.d.Workers }

// lease starts one lease on its own goroutine; its answer arrives on out.
func (s *sender) lease(out chan<- leased) {
	limit := 2*s.d.Workers - len(s.queue)
	req := store.LeaseRequest{Limit: limit, PerEndpoint: s.d.PerEndpoint + s.d.Workers, Busy: maps.Clone(s.held),
		First: slices.Clone(s.first), Lease: s.d.leaseDuration()}
	s.leasing, s.first = true, s.first[:0]
	s.poke, s.freed, s.lastLease = false, false, time.Now()
	go func() {
		b, err := s.d.Store.LeaseWebhookDeliveries(s.ctx, req)
		out <- leased{batch: b, err: err, limit: limit}
	}()
}

// sleep returns how long to wait for an event before looking again.
func (s *sender) sleep(now time.Time) time.Duration {
	wait := s.d.PollInterval
	if d := s.nextDue.Sub(now); !s.nextDue.IsZero() && d > 0 && d < wait {
		wait = d
	}
	due := !s.nextDue.IsZero() && !s.nextDue.After(now)
	if s.ctx.Err() == nil && !s.leasing && s.low() && due && s.dry && s.freed {
		wait = min(wait, max(leaseLinger-time.Since(s.lastLease), 0))
	}
	return wait
}

// leased takes in the answer of a lease and starts what it can.
func (s *sender) leased(r leased, now time.Time) {
	s.leasing = false
	if r.err != nil {
		if s.ctx.Err() == nil {
			s.d.Logger.Error("webhooks: lease failed", "err", r.err)
		}
		s.nextDue, s.dry = now.Add(s.d.PollInterval), true
		return
	}
	if r.batch.Interrupted > 0 {
		s.d.Logger.Warn("webhooks: closed interrupted attempts", "count", r.batch.Interrupted)
	}
	for _, l := range r.batch.Deliveries {
		s.held[l.Delivery.EndpointID]++
	}
	s.queue = append(s.queue, r.batch.Deliveries...)
	s.nextDue, s.dry = r.batch.NextDue, len(r.batch.Deliveries) < r.limit
	s.start()
}

// sent frees the slot of an attempt whose exchange ended.
func (s *sender) sent(ep string) {
	s.inFlight--
	if s.sending[ep]--; s.sending[ep] <= 0 {
		delete(s.sending, ep)
	}
	s.release1(ep)
	s.freed = true
	s.start()
}

// release1 forgets one delivery held for endpoint ep.
func (s *sender) release1(ep string) {
	if s.held[ep]--; s.held[ep] <= 0 {
		delete(s.held, ep)
	}
}

// endpointChanged records that an endpoint changed, so its queued
// deliveries leased before are handed back.
func (s *sender) endpointChanged(c endpointChange, now time.Time) {
	if c.at.After(s.changed[c.id]) {
		s.changed[c.id] = c.at
	}
	// A queued delivery is leased for at most leaseDuration: older
	// changes can no longer concern one.
	for id, at := range s.changed {
		if now.Sub(at) > s.d.leaseDuration() {
			delete(s.changed, id)
		}
	}
	s.start()
}

// start hands queued deliveries to free attempt goroutines, within the
// Workers and PerEndpoint caps, and hands back those that waited too long
// or whose endpoint changed since they were leased.
func (s *sender) start() {
	if s.ctx.Err() != nil {
		return
	}
	kept := s.queue[:0]
	var stale []store.LeasedDelivery
	now := s.d.Now()
	for _, l := range s.queue {
		ep := l.Delivery.EndpointID
		// Waited too long behind its endpoint's attempts (not enough lease
		// left for an attempt), or its endpoint changed since it was
		// leased: hand it back.
		if l.Delivery.NextAttemptAt.Sub(now) < minLeaseLeft || l.Endpoint.UpdatedAt.Before(s.changed[ep]) {
			stale = append(stale, l)
			s.release1(ep)
			continue
		}
		if s.inFlight >= s.d.Workers || s.sending[ep] >= s.d.PerEndpoint {
			kept = append(kept, l)
			continue
		}
		s.inFlight++
		s.open++
		s.sending[ep]++
		s.rec.sending.Add(1)
		s.work <- l
	}
	clear(s.queue[len(kept):])
	s.queue = kept
	if len(stale) > 0 {
		s.releasing.Go(func() { s.d.release(stale) })
	}
}

// releaseQueue hands every queued delivery back (shutting down).
func (s *sender) releaseQueue() {
	if len(s.queue) == 0 {
		return
	}
	s.d.release(s.queue)
	for _, l := range s.queue {
		s.held[l.Delivery.EndpointID]--
	}
	s.queue = nil
}

// release hands queued, never started deliveries back to the store.
func (d *Dispatcher) release(queue []store.LeasedDelivery) {
	ds := make([]*store.WebhookDelivery, len(queue))
	for i, l := range queue {
		ds[i] = l.Delivery
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := d.Store.ReleaseWebhookDeliveries(ctx, ds); err != nil {
		d.Logger.Error("webhooks: release queued deliveries", "count", len(ds), "err", err)
	}
}

// attempt sends the leased delivery once and returns its outcome to record.
// An endpoint secret that cannot be parsed is not sent unsigned: the
// attempt is recorded as a retryable failure (a rotated secret applies to
// the next one).
func (d *Dispatcher) attempt(ctx context.Context, l store.LeasedDelivery) store.AttemptRecord {
	del, ep := l.Delivery, l.Endpoint
	var res delivery.Result
	if secret, err := webhook.ParseSecret(ep.Secret); err != nil {
		res = delivery.Result{Outcome: delivery.Retryable, StartedAt: d.Now(), Error: "not sent: the endpoint's signing secret is unreadable (rotate it)"}
	} else {
		res = d.Sender.Send(ctx, delivery.Request{
			URL: ep.URL, Headers: ep.Headers, Secrets: []webhook.Secret{secret},
			EventID: del.EventID, EventType: del.EventType, DeliveryID: del.ID, Attempt: del.AttemptCount, Body: del.Body,
		})
	}
	o := store.AttemptOutcome{Attempt: store.WebhookAttempt{
		Number: del.AttemptCount, StartedAt: res.StartedAt, StatusCode: res.StatusCode, Error: res.Error,
		Duration: res.Duration, ResponseBody: res.ResponseBody,
	}}
	switch res.Outcome {
	case delivery.Acknowledged:
		o.Status = store.DeliveryAcknowledged
	case delivery.Retryable:
		p := d.Policy
		p.MaxAttempts = del.MaxAttempts
		if wait, ok := p.Next(del.AttemptCount, res); ok {
			o.Status, o.NextAttemptAt = store.DeliveryPending, d.Now().Add(wait)
		} else {
			o.Status = store.DeliveryFailed
		}
	default:
		o.Status = store.DeliveryFailed
	}
	outcome := "acknowledged"
	switch {
	case res.Outcome == delivery.Acknowledged:
	case o.Status == store.DeliveryPending:
		outcome = "retry"
	default:
		outcome = "failed"
	}
	if outcome == "acknowledged" {
		d.Logger.Debug("webhooks: attempt", "delivery", del.ID, "attempt", del.AttemptCount, "status", o.Status, "http", res.StatusCode)
	} else {
		// Every failed attempt leaves a line an operator can grep for.
		d.Logger.Warn("webhooks: attempt failed", "delivery", del.ID, "endpoint", ep.ID, "team_id", ep.TeamID, "event", del.EventType,
			"attempt", del.AttemptCount, "status", o.Status, "http", res.StatusCode, "err", res.Error, "next_attempt_at", o.NextAttemptAt)
	}
	if d.OnAttempt != nil {
		d.OnAttempt(Attempt{EventType: del.EventType, Outcome: outcome, StatusCode: res.StatusCode, Duration: res.Duration})
	}
	return store.AttemptRecord{DeliveryID: del.ID, LeaseToken: del.LeaseToken, Outcome: o}
}
