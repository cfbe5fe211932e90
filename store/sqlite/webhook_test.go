package sqlite_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/sqlite"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

type whBundle struct {
	ctx  context.Context
	db   *sqlite.DB
	now  time.Time
	team *store.Team
}

func whSetup(t *testing.T) *whBundle {
	t.Helper()
	b := &whBundle{ctx: context.Background(), db: openDB(t), now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	b.db.Now = func() time.Time { return b.now }
	var err error
	b.team, err = b.db.CreateTeam(b.ctx, "Acme")
	require.NoError(t, err)
	return b
}

func (b *whBundle) endpoint(t *testing.T) *store.WebhookEndpoint {
	t.Helper()
	e := &store.WebhookEndpoint{TeamID: b.team.ID, URL: "https://hooks.example.com/a", Enabled: true,
		EventTypes: []string{"task.completed", "task.failed"}, IngestSources: []string{}, TemplateGroupIDs: []string{}, Headers: map[string]string{"Authorization": "Bearer x"}, Secret: "whsec_x"}
	require.NoError(t, b.db.CreateWebhookEndpoint(b.ctx, e))
	return e
}

// pending stores a pending task.failed delivery of event to e.
func (b *whBundle) pending(t *testing.T, e *store.WebhookEndpoint, event string, maxAttempts int) *store.WebhookDelivery {
	t.Helper()
	d := &store.WebhookDelivery{TeamID: b.team.ID, EndpointID: e.ID, EventID: event, EventType: "task.failed", MaxAttempts: maxAttempts, Body: []byte("{}")}
	require.NoError(t, b.db.CreateWebhookDelivery(b.ctx, d))
	return d
}

func (b *whBundle) failedTask(t *testing.T) *store.TaskEvent {
	t.Helper()
	require.NoError(t, b.db.Grant(b.ctx, b.team.ID, 10))
	task := &store.Task{ID: uuid.NewString(), TeamID: b.team.ID, DocType: docextract.Invoice, FileName: "a.pdf", PageCount: 1}
	require.NoError(t, b.db.CreateUpload(b.ctx, &store.Upload{Task: task, Credits: 1}))
	ev, err := b.db.FailTask(b.ctx, task.ID, docextract.FailProcessing)
	require.NoError(t, err)
	return ev
}

// lease1 leases at most one due delivery for a minute; nil when none is due.
func (b *whBundle) lease1(t *testing.T) (*store.WebhookDelivery, *store.WebhookEndpoint) {
	t.Helper()
	l, err := b.db.LeaseWebhookDeliveries(b.ctx, store.LeaseRequest{Limit: 1, Lease: time.Minute})
	require.NoError(t, err)
	if len(l.Deliveries) == 0 {
		return nil, nil
	}
	return l.Deliveries[0].Delivery, l.Deliveries[0].Endpoint
}

// record records one attempt outcome and returns its own result.
func (b *whBundle) record(t *testing.T, id, token string, o store.AttemptOutcome) error {
	t.Helper()
	res, err := b.db.RecordWebhookAttempts(b.ctx, []store.AttemptRecord{{DeliveryID: id, LeaseToken: token, Outcome: o}})
	require.NoError(t, err)
	require.Len(t, res, 1)
	return res[0]
}

func TestWebhookEndpoints(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	e := b.endpoint(t)
	got, err := b.db.FindWebhookEndpoint(b.ctx, e.ID)
	require.NoError(t, err)
	require.Equal(t, e, got)
	list, err := b.db.ListWebhookEndpoints(b.ctx, b.team.ID)
	require.NoError(t, err)
	require.Len(t, list, 1)
	_, err = b.db.FindWebhookEndpoint(b.ctx, "nope")
	require.Equal(t, docextract.ENOTFOUND, docextract.ErrorCode(err))

	// A pending delivery is cancelled by a URL change, not by a description change.
	d := b.pending(t, e, "ev1", 8)
	e.Description = "changed"
	e.Secret = "whsec_rotated"
	e.EventTypes = []string{"task.failed"}
	n, err := b.db.UpdateWebhookEndpoint(b.ctx, e)
	require.NoError(t, err)
	require.Zero(t, n, "description, filters and secret do not cancel")
	e.URL = "https://hooks.example.com/b"
	n, err = b.db.UpdateWebhookEndpoint(b.ctx, e)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	got2, err := b.db.FindWebhookDelivery(b.ctx, d.ID)
	require.NoError(t, err)
	require.Equal(t, store.DeliveryCancelled, got2.Status)

	require.NoError(t, b.db.DeleteWebhookEndpoint(b.ctx, e.ID))
	require.Equal(t, docextract.ENOTFOUND, docextract.ErrorCode(b.db.DeleteWebhookEndpoint(b.ctx, e.ID)))
	_, err = b.db.FindWebhookDelivery(b.ctx, d.ID)
	require.Equal(t, docextract.ENOTFOUND, docextract.ErrorCode(err))
	require.Zero(t, b.rows(t, "webhook_delivery_bodies"), "bodies go with the endpoint's deliveries")
}

func TestWebhookFanOutLeaseRecord(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	e := b.endpoint(t)
	ev := b.failedTask(t)

	cur, err := b.db.WebhookFanoutCursor(b.ctx)
	require.NoError(t, err)
	evs, err := b.db.TaskEventsAfter(b.ctx, cur, 10)
	require.NoError(t, err)
	require.Len(t, evs, 1)
	require.Equal(t, ev.ID, evs[0].ID)
	mk := func() []*store.WebhookDelivery {
		return []*store.WebhookDelivery{{TeamID: b.team.ID, EndpointID: e.ID, EventID: ev.ID, EventType: ev.Type, MaxAttempts: 8, Body: []byte(`{"a":1}`)}}
	}
	ds := mk()
	require.NoError(t, b.db.FanOut(b.ctx, evs[0].Seq, ds))
	require.Equal(t, docextract.ECONFLICT, docextract.ErrorCode(b.db.FanOut(b.ctx, evs[0].Seq, mk())), "cursor moved")
	cur, _ = b.db.WebhookFanoutCursor(b.ctx)
	require.Equal(t, evs[0].Seq, cur)

	// Lease, fail retryably, lease again after the wait.
	d, ep := b.lease1(t)
	require.NotNil(t, d)
	require.Equal(t, e.URL, ep.URL)
	require.Equal(t, `{"a":1}`, string(d.Body))
	require.Equal(t, 1, d.AttemptCount)
	none, _ := b.lease1(t)
	require.Nil(t, none, "leased deliveries are invisible")
	inFlight, err := b.db.FindWebhookDelivery(b.ctx, d.ID)
	require.NoError(t, err)
	require.Equal(t, []store.WebhookAttempt{{Number: 1, StartedAt: b.now}}, inFlight.Attempts, "the attempt is history from its lease on")

	require.NoError(t, b.record(t, d.ID, d.LeaseToken, store.AttemptOutcome{
		Attempt: store.WebhookAttempt{Number: 1, StartedAt: b.now, StatusCode: 503, Error: "HTTP 503", Duration: 20 * time.Millisecond, ResponseBody: []byte("busy")},
		Status:  store.DeliveryPending, NextAttemptAt: b.now.Add(5 * time.Minute),
	}))
	require.Equal(t, docextract.ECONFLICT, docextract.ErrorCode(b.record(t, d.ID, d.LeaseToken, store.AttemptOutcome{Status: store.DeliveryPending})), "lease consumed")
	none, _ = b.lease1(t)
	require.Nil(t, none)
	b.now = b.now.Add(5 * time.Minute)
	d2, _ := b.lease1(t)
	require.Equal(t, d.ID, d2.ID)
	require.Equal(t, 2, d2.AttemptCount)

	// A crashed worker: the lease expires, attempt 2 is closed as
	// interrupted and the delivery is due again with attempt 3.
	b.now = b.now.Add(2 * time.Minute)
	d3, _ := b.lease1(t)
	require.Equal(t, d.ID, d3.ID)
	require.Equal(t, 3, d3.AttemptCount)
	require.Equal(t, docextract.ECONFLICT, docextract.ErrorCode(b.record(t, d.ID, d2.LeaseToken, store.AttemptOutcome{Status: store.DeliveryAcknowledged})), "the crashed worker's lease")
	require.NoError(t, b.record(t, d.ID, d3.LeaseToken, store.AttemptOutcome{
		Attempt: store.WebhookAttempt{Number: 3, StartedAt: b.now, StatusCode: 204, Duration: time.Millisecond},
		Status:  store.DeliveryAcknowledged,
	}))
	full, err := b.db.FindWebhookDelivery(b.ctx, d.ID)
	require.NoError(t, err)
	require.Equal(t, store.DeliveryAcknowledged, full.Status)
	require.Equal(t, 204, full.LastStatusCode)
	require.Equal(t, 3, full.AttemptCount)
	require.Len(t, full.Attempts, 3)
	require.Equal(t, "busy", string(full.Attempts[0].ResponseBody))
	require.Equal(t, 20*time.Millisecond, full.Attempts[0].Duration)
	require.Equal(t, store.WebhookAttempt{Number: 2, StartedAt: b.now.Add(-2 * time.Minute), Error: store.InterruptedAttempt}, full.Attempts[1])
	require.Equal(t, 3, full.Attempts[2].Number)
	require.True(t, full.NextAttemptAt.IsZero())
	require.Equal(t, b.now, full.FinishedAt)

	// Redelivery: same event, new row; the fan-out index does not stop it.
	re := &store.WebhookDelivery{TeamID: b.team.ID, EndpointID: e.ID, EventID: ev.ID, EventType: ev.Type, RedeliveryOf: d.ID, MaxAttempts: 8, Body: full.Body}
	require.NoError(t, b.db.CreateWebhookDelivery(b.ctx, re))
	list, err := b.db.ListWebhookDeliveries(b.ctx, e.ID, 0, 10)
	require.NoError(t, err)
	require.Len(t, list, 2)
	require.Equal(t, re.ID, list[0].ID, "newest first")
	page, err := b.db.ListWebhookDeliveries(b.ctx, e.ID, list[0].Seq, 10)
	require.NoError(t, err)
	require.Len(t, page, 1)

	// Purge waits for every delivery of the event to finish, then 30 days.
	n, err := b.db.PurgeWebhookDeliveries(b.ctx, b.now.Add(time.Hour))
	require.NoError(t, err)
	require.Zero(t, n, "the redelivery is pending")
	r, _ := b.lease1(t)
	require.NoError(t, b.record(t, r.ID, r.LeaseToken, store.AttemptOutcome{Attempt: store.WebhookAttempt{Number: 1, StartedAt: b.now, StatusCode: 410}, Status: store.DeliveryFailed}))
	n, err = b.db.PurgeWebhookDeliveries(b.ctx, b.now)
	require.NoError(t, err)
	require.Zero(t, n)
	n, err = b.db.PurgeWebhookDeliveries(b.ctx, b.now.Add(time.Millisecond))
	require.NoError(t, err)
	require.Equal(t, 2, n)
	require.Zero(t, b.rows(t, "webhook_delivery_bodies"), "bodies go with their deliveries")
	require.Zero(t, b.rows(t, "webhook_attempts"), "attempts go with their deliveries")
}

// rows counts the rows of table, read from the database file.
func (b *whBundle) rows(t *testing.T, table string) int {
	t.Helper()
	c, err := sql.Open("sqlite", sqlite.DSN(b.db.Path(), true))
	require.NoError(t, err)
	defer c.Close()
	var n int
	require.NoError(t, c.QueryRow(`SELECT count(*) FROM `+table).Scan(&n))
	return n
}

func TestWebhookCancelledWhileInFlight(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	e := b.endpoint(t)
	d := b.pending(t, e, "ev", 8)
	l, _ := b.lease1(t)
	e.Enabled = false
	n, err := b.db.UpdateWebhookEndpoint(b.ctx, e)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	// The request in progress finishes; its retryable outcome does not revive the delivery.
	require.NoError(t, b.record(t, l.ID, l.LeaseToken, store.AttemptOutcome{
		Attempt: store.WebhookAttempt{Number: 1, StartedAt: b.now, StatusCode: 500}, Status: store.DeliveryPending, NextAttemptAt: b.now.Add(time.Minute)}))
	got, err := b.db.FindWebhookDelivery(b.ctx, d.ID)
	require.NoError(t, err)
	require.Equal(t, store.DeliveryCancelled, got.Status)
	require.Len(t, got.Attempts, 1)
}

func TestSigningKey(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	k1, err := b.db.SigningKey(b.ctx, "cursor")
	require.NoError(t, err)
	require.Len(t, k1, 32)
	k2, err := b.db.SigningKey(b.ctx, "cursor")
	require.NoError(t, err)
	require.Equal(t, k1, k2)
	k3, err := b.db.SigningKey(b.ctx, "other")
	require.NoError(t, err)
	require.NotEqual(t, k1, k3)
}

// TestWebhookLeaseExpiresWithoutResult: a worker leases and stops (a crash)
// before recording. The expired lease closes the attempt as interrupted;
// attempt_count always equals the number of attempt rows, the numbers stay
// consecutive, and the retry keeps the delivery id. On the last attempt
// the interruption fails the delivery.
func TestWebhookLeaseExpiresWithoutResult(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	e := b.endpoint(t)
	d := b.pending(t, e, "ev", 2)
	started := b.now

	l1, _ := b.lease1(t)
	require.Equal(t, 1, l1.AttemptCount)
	got, err := b.db.FindWebhookDelivery(b.ctx, d.ID)
	require.NoError(t, err)
	require.Equal(t, 1, got.AttemptCount)
	require.Equal(t, []store.WebhookAttempt{{Number: 1, StartedAt: started}}, got.Attempts, "in flight: no status, no error")

	// Not yet expired: nothing to lease, nothing closed.
	b.now = b.now.Add(59 * time.Second)
	l, err := b.db.LeaseWebhookDeliveries(b.ctx, store.LeaseRequest{Limit: 5, Lease: time.Minute})
	require.NoError(t, err)
	require.Empty(t, l.Deliveries)
	require.Zero(t, l.Interrupted)
	require.Equal(t, started.Add(time.Minute), l.NextDue, "the lease's expiry is the next thing due")

	// Expired: closed as interrupted and leased again as attempt 2.
	b.now = b.now.Add(time.Second)
	l, err = b.db.LeaseWebhookDeliveries(b.ctx, store.LeaseRequest{Limit: 5, Lease: time.Minute})
	require.NoError(t, err)
	require.Equal(t, 1, l.Interrupted)
	require.Len(t, l.Deliveries, 1)
	l2 := l.Deliveries[0].Delivery
	require.Equal(t, d.ID, l2.ID, "same delivery id")
	require.Equal(t, 2, l2.AttemptCount)
	require.NotEqual(t, l1.LeaseToken, l2.LeaseToken)
	require.Equal(t, docextract.ECONFLICT, docextract.ErrorCode(b.record(t, d.ID, l1.LeaseToken, store.AttemptOutcome{
		Attempt: store.WebhookAttempt{StatusCode: 204}, Status: store.DeliveryAcknowledged})), "the stopped worker's late answer is not recorded")
	got, err = b.db.FindWebhookDelivery(b.ctx, d.ID)
	require.NoError(t, err)
	require.Equal(t, store.DeliveryPending, got.Status)
	require.Equal(t, store.InterruptedAttempt, got.LastError)
	require.Equal(t, []store.WebhookAttempt{
		{Number: 1, StartedAt: started, Error: store.InterruptedAttempt},
		{Number: 2, StartedAt: b.now},
	}, got.Attempts)

	// The second (last) attempt is interrupted too: failed, not leased again.
	b.now = b.now.Add(time.Minute)
	l, err = b.db.LeaseWebhookDeliveries(b.ctx, store.LeaseRequest{Limit: 5, Lease: time.Minute})
	require.NoError(t, err)
	require.Equal(t, 1, l.Interrupted)
	require.Empty(t, l.Deliveries)
	require.True(t, l.NextDue.IsZero(), "nothing pending")
	got, err = b.db.FindWebhookDelivery(b.ctx, d.ID)
	require.NoError(t, err)
	require.Equal(t, store.DeliveryFailed, got.Status)
	require.Equal(t, 2, got.AttemptCount)
	require.Len(t, got.Attempts, 2)
	require.Equal(t, store.InterruptedAttempt, got.Attempts[1].Error)
	require.Equal(t, b.now, got.FinishedAt)
	require.Empty(t, got.LeaseToken)
}

// TestWebhookReleaseUnstarted: a lease handed back before its attempt
// started leaves no trace: attempt uncounted, no row, due at once.
func TestWebhookReleaseUnstarted(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	e := b.endpoint(t)
	d := b.pending(t, e, "ev", 8)
	l, _ := b.lease1(t)
	require.NoError(t, b.record(t, l.ID, l.LeaseToken, store.AttemptOutcome{
		Attempt: store.WebhookAttempt{StartedAt: b.now, StatusCode: 503}, Status: store.DeliveryPending, NextAttemptAt: b.now}))
	l, _ = b.lease1(t)
	require.Equal(t, 2, l.AttemptCount)
	stale := *l
	stale.LeaseToken = "someone else's"
	require.NoError(t, b.db.ReleaseWebhookDeliveries(b.ctx, []*store.WebhookDelivery{&stale}))
	got, _ := b.db.FindWebhookDelivery(b.ctx, d.ID)
	require.Equal(t, 2, got.AttemptCount, "not held under that lease: untouched")

	b.now = b.now.Add(time.Second)
	require.NoError(t, b.db.ReleaseWebhookDeliveries(b.ctx, []*store.WebhookDelivery{l}))
	got, _ = b.db.FindWebhookDelivery(b.ctx, d.ID)
	require.Equal(t, 1, got.AttemptCount)
	require.Len(t, got.Attempts, 1)
	require.Equal(t, 503, got.Attempts[0].StatusCode)
	require.Empty(t, got.LeaseToken)
	require.Equal(t, b.now, got.NextAttemptAt)
	again, _ := b.lease1(t)
	require.Equal(t, 2, again.AttemptCount)
}

// TestWebhookLeaseFairness: at most PerEndpoint attempts of one endpoint
// are in flight, Busy included, and an endpoint at its cap does not keep
// another endpoint's due deliveries waiting, however long its backlog.
// First deliveries go ahead of the due order.
func TestWebhookLeaseFairness(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	busyEP, other := b.endpoint(t), b.endpoint(t)
	mk := func(ep *store.WebhookEndpoint) *store.WebhookDelivery {
		d := &store.WebhookDelivery{TeamID: b.team.ID, EndpointID: ep.ID, EventID: uuid.NewString(), EventType: "task.failed", MaxAttempts: 8, Body: []byte("{}")}
		require.NoError(t, b.db.CreateWebhookDelivery(b.ctx, d))
		return d
	}
	for range 50 {
		mk(busyEP)
		b.now = b.now.Add(time.Millisecond)
	}
	late := mk(other)
	lease := func(r store.LeaseRequest) map[string]int {
		r.Lease = time.Minute
		l, err := b.db.LeaseWebhookDeliveries(b.ctx, r)
		require.NoError(t, err)
		n := map[string]int{}
		for _, x := range l.Deliveries {
			n[x.Delivery.EndpointID]++
			require.Equal(t, x.Delivery.EndpointID, x.Endpoint.ID)
		}
		return n
	}
	require.Equal(t, map[string]int{busyEP.ID: 3}, lease(store.LeaseRequest{Limit: 3}), "due order, no cap")
	// busyEP has 3 in flight and a cap of 4: one more of it, then the
	// other endpoint's delivery behind the 47 still queued.
	got := lease(store.LeaseRequest{Limit: 10, PerEndpoint: 4, Busy: map[string]int{busyEP.ID: 3}})
	require.Equal(t, map[string]int{busyEP.ID: 1, other.ID: 1}, got)
	got = lease(store.LeaseRequest{Limit: 10, PerEndpoint: 4, Busy: map[string]int{busyEP.ID: 4}})
	require.Empty(t, got, "at its cap, and the other one is leased")

	test := mk(busyEP)
	l, err := b.db.LeaseWebhookDeliveries(b.ctx, store.LeaseRequest{Limit: 1, PerEndpoint: 4, Busy: map[string]int{busyEP.ID: 4}, First: []string{test.ID, late.ID}, Lease: time.Minute})
	require.NoError(t, err)
	require.Len(t, l.Deliveries, 1)
	require.Equal(t, test.ID, l.Deliveries[0].Delivery.ID, "first, past the queue and the cap; a leased one is skipped")
}

// TestPurgeTaskEvents: task events go once fanned out, older than the
// retention and referred to by no delivery; redelivery needs only the
// delivery's stored body.
func TestPurgeTaskEvents(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	e := b.endpoint(t)
	delivered := b.failedTask(t) // fanned out to e
	quiet := b.failedTask(t)     // fanned out to nobody
	evs, err := b.db.TaskEventsAfter(b.ctx, 0, 10)
	require.NoError(t, err)
	require.Len(t, evs, 2)
	d := &store.WebhookDelivery{TeamID: b.team.ID, EndpointID: e.ID, EventID: delivered.ID, EventType: delivered.Type, MaxAttempts: 1, Body: []byte(`{"kept":true}`)}
	require.NoError(t, b.db.FanOut(b.ctx, evs[0].Seq, []*store.WebhookDelivery{d}))
	require.NoError(t, b.db.FanOut(b.ctx, evs[1].Seq, nil))
	b.now = b.now.Add(time.Hour)
	late := b.failedTask(t) // not fanned out yet

	n, err := b.db.PurgeTaskEvents(b.ctx, b.now.Add(-2*time.Hour))
	require.NoError(t, err)
	require.Zero(t, n, "younger than the retention")

	b.now = b.now.Add(40 * 24 * time.Hour)
	n, err = b.db.PurgeTaskEvents(b.ctx, b.now.Add(-30*24*time.Hour))
	require.NoError(t, err)
	require.Equal(t, 1, n, "only the event no delivery refers to")
	_, err = b.db.FindTaskEvent(b.ctx, quiet.TaskID)
	require.Equal(t, docextract.ENOTFOUND, docextract.ErrorCode(err))
	_, err = b.db.FindTaskEvent(b.ctx, delivered.TaskID)
	require.NoError(t, err, "its delivery is pending")
	_, err = b.db.FindTaskEvent(b.ctx, late.TaskID)
	require.NoError(t, err, "past the fan-out cursor")

	// The delivery finishes; redelivering it reads its own body, not the event.
	l, _ := b.lease1(t)
	require.NoError(t, b.record(t, l.ID, l.LeaseToken, store.AttemptOutcome{Attempt: store.WebhookAttempt{StartedAt: b.now, StatusCode: 410}, Status: store.DeliveryFailed}))
	n, err = b.db.PurgeTaskEvents(b.ctx, b.now.Add(time.Hour))
	require.NoError(t, err)
	require.Zero(t, n, "a finished delivery still refers to it")
	n, err = b.db.PurgeWebhookDeliveries(b.ctx, b.now.Add(time.Millisecond))
	require.NoError(t, err)
	require.Equal(t, 1, n)
	n, err = b.db.PurgeTaskEvents(b.ctx, b.now.Add(time.Millisecond))
	require.NoError(t, err)
	require.Equal(t, 1, n, "no delivery left: the event goes too")
	_, err = b.db.FindTaskEvent(b.ctx, delivered.TaskID)
	require.Equal(t, docextract.ENOTFOUND, docextract.ErrorCode(err))

	// Purged events are not fanned out again and the cursor keeps its place.
	cur, err := b.db.WebhookFanoutCursor(b.ctx)
	require.NoError(t, err)
	left, err := b.db.TaskEventsAfter(b.ctx, cur, 10)
	require.NoError(t, err)
	require.Len(t, left, 1)
	require.Equal(t, late.ID, left[0].ID)
}

// TestMigrateWebhookLeases: a database of the previous version, with a
// delivery in flight, an acknowledged one and their bodies, migrates to
// 0102: bodies and attempts are kept, the attempt in flight gets its row
// (started 60 s before its lease's expiry), and an expired lease is then
// closed as interrupted.
func TestMigrateWebhookLeases(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := sql.Open("sqlite", sqlite.DSN(path, false))
	require.NoError(t, err)
	_, err = old.Exec(`CREATE TABLE migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)`)
	require.NoError(t, err)
	for _, name := range []string{"0001_init.sql", "0100_webhooks.sql", "0101_webhook_keys.sql"} {
		script, err := os.ReadFile(filepath.Join("migrations", name))
		require.NoError(t, err)
		_, err = old.Exec(string(script))
		require.NoError(t, err, name)
		_, err = old.Exec(`INSERT INTO migrations (name, applied_at) VALUES (?, 0)`, "migrations/"+name)
		require.NoError(t, err)
	}
	for _, q := range []string{
		`INSERT INTO teams (id, name, created_at) VALUES ('t', 'Acme', 0)`,
		`INSERT INTO webhook_endpoints (id, team_id, url, secret, created_at, updated_at) VALUES ('e', 't', 'https://h.example.com', 'whsec_x', 0, 0)`,
		`INSERT INTO webhook_deliveries (id, team_id, endpoint_id, event_id, event_type, status, attempt_count, max_attempts, body, next_attempt_at, lease_token, created_at)
			VALUES ('flight', 't', 'e', 'ev1', 'task.failed', 'pending', 2, 8, X'7B7D', 1000000, 'tok', 0)`,
		`INSERT INTO webhook_deliveries (id, team_id, endpoint_id, event_id, event_type, status, attempt_count, max_attempts, body, next_attempt_at, lease_token, created_at, finished_at, last_status_code)
			VALUES ('done', 't', 'e', 'ev2', 'task.failed', 'acknowledged', 1, 8, X'5B5D', 0, '', 0, 5, 204)`,
		`INSERT INTO webhook_attempts (delivery_id, number, started_at, status_code, error) VALUES ('flight', 1, 100, 503, 'HTTP 503')`,
		`INSERT INTO webhook_attempts (delivery_id, number, started_at, status_code) VALUES ('done', 1, 200, 204)`,
	} {
		_, err := old.Exec(q)
		require.NoError(t, err, q)
	}
	require.NoError(t, old.Close())

	db, err := sqlite.Open(ctx, path)
	require.NoError(t, err)
	defer db.Close()
	done, err := db.FindWebhookDelivery(ctx, "done")
	require.NoError(t, err)
	require.Equal(t, "[]", string(done.Body))
	require.Equal(t, []store.WebhookAttempt{{Number: 1, StartedAt: time.UnixMilli(200).UTC(), StatusCode: 204}}, done.Attempts)
	flight, err := db.FindWebhookDelivery(ctx, "flight")
	require.NoError(t, err)
	require.Equal(t, "{}", string(flight.Body))
	require.Equal(t, []store.WebhookAttempt{
		{Number: 1, StartedAt: time.UnixMilli(100).UTC(), StatusCode: 503, Error: "HTTP 503"},
		{Number: 2, StartedAt: time.UnixMilli(1000000 - 60000).UTC()},
	}, flight.Attempts)

	l, err := db.LeaseWebhookDeliveries(ctx, store.LeaseRequest{Limit: 5, Lease: time.Minute})
	require.NoError(t, err)
	require.Equal(t, 1, l.Interrupted)
	require.Len(t, l.Deliveries, 1)
	require.Equal(t, 3, l.Deliveries[0].Delivery.AttemptCount)
	require.Equal(t, "{}", string(l.Deliveries[0].Delivery.Body))
	flight, err = db.FindWebhookDelivery(ctx, "flight")
	require.NoError(t, err)
	require.Len(t, flight.Attempts, 3)
	require.Equal(t, store.InterruptedAttempt, flight.Attempts[1].Error)
}
