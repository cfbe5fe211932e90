package storetest

import (
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
)

// endpoint stores an enabled endpoint of the bundle's team.
func (b *bundle) endpoint(t *testing.T) *store.WebhookEndpoint {
	t.Helper()
	e := &store.WebhookEndpoint{TeamID: b.team.ID, URL: "https://hooks.example.com/a", Enabled: true,
		EventTypes: []string{"task.completed", "task.failed"}, IngestSources: []string{}, TemplateGroupIDs: []string{},
		Headers: map[string]string{"Authorization": "Bearer x"}, Secret: "whsec_x"}
	require.NoError(t, b.s.CreateWebhookEndpoint(b.ctx, e))
	return e
}

// pending stores a pending task.failed delivery of event to e.
func (b *bundle) pending(t *testing.T, e *store.WebhookEndpoint, event string, maxAttempts int) *store.WebhookDelivery {
	t.Helper()
	d := &store.WebhookDelivery{TeamID: b.team.ID, EndpointID: e.ID, EventID: event, EventType: "task.failed", MaxAttempts: maxAttempts, Body: []byte("{}")}
	require.NoError(t, b.s.CreateWebhookDelivery(b.ctx, d))
	return d
}

// failedTask uploads a task and fails it: one task.failed event.
func (b *bundle) failedTask(t *testing.T) *store.TaskEvent {
	t.Helper()
	require.NoError(t, b.s.Grant(b.ctx, b.team.ID, 10))
	task := &store.Task{ID: uuid.NewString(), TeamID: b.team.ID, DocType: docextract.Invoice, FileName: "a.pdf", PageCount: 1}
	require.NoError(t, b.s.CreateUpload(b.ctx, &store.Upload{Task: task, Credits: 1}))
	ev, err := b.s.FailTask(b.ctx, task.ID, docextract.FailProcessing, "")
	require.NoError(t, err)
	return ev
}

// lease1 leases at most one due delivery for a minute; nil when none is due.
func (b *bundle) lease1(t *testing.T) (*store.WebhookDelivery, *store.WebhookEndpoint) {
	t.Helper()
	l, err := b.s.LeaseWebhookDeliveries(b.ctx, store.LeaseRequest{Limit: 1, Lease: time.Minute})
	require.NoError(t, err)
	if len(l.Deliveries) == 0 {
		return nil, nil
	}
	return l.Deliveries[0].Delivery, l.Deliveries[0].Endpoint
}

// record records one attempt outcome and returns its own result.
func (b *bundle) record(t *testing.T, id, token string, o store.AttemptOutcome) error {
	t.Helper()
	res, err := b.s.RecordWebhookAttempts(b.ctx, []store.AttemptRecord{{DeliveryID: id, LeaseToken: token, Outcome: o}})
	require.NoError(t, err)
	require.Len(t, res, 1)
	return res[0]
}

func (b *bundle) findDelivery(t *testing.T, id string) *store.WebhookDelivery {
	t.Helper()
	d, err := b.s.FindWebhookDelivery(b.ctx, id)
	require.NoError(t, err)
	return d
}

// testWebhooks covers store.Webhooks: endpoints, the task event log and
// fan-out, the delivery queue with its leases and attempts, and purges.
func testWebhooks(t *testing.T, open Open) {
	t.Run("Endpoints", func(t *testing.T) {
		t.Parallel()
		b := setupClock(t, open, 0)
		e := b.endpoint(t)
		require.NotEmpty(t, e.ID)
		require.Equal(t, epoch, e.CreatedAt)
		require.Equal(t, epoch, e.UpdatedAt)
		got, err := b.s.FindWebhookEndpoint(b.ctx, e.ID)
		require.NoError(t, err)
		require.Equal(t, e, got)
		_, err = b.s.FindWebhookEndpoint(b.ctx, uuid.NewString())
		requireCode(t, docextract.ENOTFOUND, err)

		b.clock.add(time.Second)
		second := b.endpoint(t)
		other, err := b.s.CreateTeam(b.ctx, "Other")
		require.NoError(t, err)
		require.NoError(t, b.s.CreateWebhookEndpoint(b.ctx, &store.WebhookEndpoint{TeamID: other.ID, URL: "https://other.example.com", Secret: "whsec_y"}))
		list, err := b.s.ListWebhookEndpoints(b.ctx, b.team.ID)
		require.NoError(t, err)
		require.Equal(t, []*store.WebhookEndpoint{e, second}, list, "the team's own, oldest first")

		// Every field is stored, and the update time moves.
		b.clock.add(time.Second)
		e.Description, e.Enabled, e.Secret = "changed", false, "whsec_rotated"
		e.EventTypes, e.IngestSources, e.TemplateGroupIDs = []string{"task.failed"}, []string{"email"}, []string{"g1", "g2"}
		e.Headers = map[string]string{"X-Team": "acme"}
		_, err = b.s.UpdateWebhookEndpoint(b.ctx, e)
		require.NoError(t, err)
		require.Equal(t, epoch.Add(2*time.Second), e.UpdatedAt)
		got, err = b.s.FindWebhookEndpoint(b.ctx, e.ID)
		require.NoError(t, err)
		require.Equal(t, e, got)
		_, err = b.s.UpdateWebhookEndpoint(b.ctx, &store.WebhookEndpoint{ID: uuid.NewString(), TeamID: b.team.ID, URL: "https://x.example.com"})
		requireCode(t, docextract.ENOTFOUND, err)

		require.NoError(t, b.s.DeleteWebhookEndpoint(b.ctx, e.ID))
		requireCode(t, docextract.ENOTFOUND, b.s.DeleteWebhookEndpoint(b.ctx, e.ID))
		_, err = b.s.FindWebhookEndpoint(b.ctx, e.ID)
		requireCode(t, docextract.ENOTFOUND, err)
	})

	t.Run("EndpointChangeCancelsPending", func(t *testing.T) {
		t.Parallel()
		b := setupClock(t, open, 0)
		e := b.endpoint(t)
		d := b.pending(t, e, "ev1", 8)
		// Description, filters and secret do not cancel.
		e.Description, e.Secret, e.EventTypes = "changed", "whsec_rotated", []string{"task.failed"}
		n, err := b.s.UpdateWebhookEndpoint(b.ctx, e)
		require.NoError(t, err)
		require.Zero(t, n)
		require.Equal(t, store.DeliveryPending, b.findDelivery(t, d.ID).Status)

		// The URL does.
		e.URL = "https://hooks.example.com/b"
		n, err = b.s.UpdateWebhookEndpoint(b.ctx, e)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		require.Equal(t, store.DeliveryCancelled, b.findDelivery(t, d.ID).Status)

		// So do the headers and the enabled state.
		d2 := b.pending(t, e, "ev2", 8)
		e.Headers = map[string]string{"Authorization": "Bearer y"}
		n, err = b.s.UpdateWebhookEndpoint(b.ctx, e)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		require.Equal(t, store.DeliveryCancelled, b.findDelivery(t, d2.ID).Status)
		d3 := b.pending(t, e, "ev3", 8)
		e.Enabled = false
		n, err = b.s.UpdateWebhookEndpoint(b.ctx, e)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		require.Equal(t, store.DeliveryCancelled, b.findDelivery(t, d3.ID).Status)

		// Deleting the endpoint deletes its deliveries.
		require.NoError(t, b.s.DeleteWebhookEndpoint(b.ctx, e.ID))
		_, err = b.s.FindWebhookDelivery(b.ctx, d.ID)
		requireCode(t, docextract.ENOTFOUND, err)
	})

	t.Run("FanOutLeaseRecord", func(t *testing.T) {
		t.Parallel()
		b := setupClock(t, open, 0)
		e := b.endpoint(t)
		ev := b.failedTask(t)

		cur, err := b.s.WebhookFanoutCursor(b.ctx)
		require.NoError(t, err)
		evs, err := b.s.TaskEventsAfter(b.ctx, cur, 10)
		require.NoError(t, err)
		require.Len(t, evs, 1)
		require.Equal(t, ev.ID, evs[0].ID)
		require.Equal(t, ev.TaskID, evs[0].TaskID)
		mk := func() []*store.WebhookDelivery {
			return []*store.WebhookDelivery{{TeamID: b.team.ID, EndpointID: e.ID, EventID: ev.ID, EventType: ev.Type, MaxAttempts: 8, Body: []byte(`{"a":1}`)}}
		}
		ds := mk()
		require.NoError(t, b.s.FanOut(b.ctx, evs[0].Seq, ds))
		require.NotEmpty(t, ds[0].ID)
		requireCode(t, docextract.ECONFLICT, b.s.FanOut(b.ctx, evs[0].Seq, mk()))
		cur, err = b.s.WebhookFanoutCursor(b.ctx)
		require.NoError(t, err)
		require.Equal(t, evs[0].Seq, cur)
		after, err := b.s.TaskEventsAfter(b.ctx, cur, 10)
		require.NoError(t, err)
		require.Empty(t, after)

		// Lease, fail retryably, lease again after the wait.
		d, ep := b.lease1(t)
		require.NotNil(t, d)
		require.Equal(t, ds[0].ID, d.ID)
		require.Equal(t, e.URL, ep.URL)
		require.Equal(t, e.Secret, ep.Secret)
		require.Equal(t, e.Headers, ep.Headers)
		require.Equal(t, `{"a":1}`, string(d.Body))
		require.Equal(t, 1, d.AttemptCount)
		require.NotEmpty(t, d.LeaseToken)
		none, _ := b.lease1(t)
		require.Nil(t, none, "leased deliveries are invisible")
		inFlight := b.findDelivery(t, d.ID)
		require.Equal(t, []store.WebhookAttempt{{Number: 1, StartedAt: epoch}}, inFlight.Attempts, "the attempt is history from its lease on")

		require.NoError(t, b.record(t, d.ID, d.LeaseToken, store.AttemptOutcome{
			Attempt: store.WebhookAttempt{Number: 1, StartedAt: epoch, StatusCode: 503, Error: "HTTP 503", Duration: 20 * time.Millisecond, ResponseBody: []byte("busy")},
			Status:  store.DeliveryPending, NextAttemptAt: epoch.Add(5 * time.Minute),
		}))
		requireCode(t, docextract.ECONFLICT, b.record(t, d.ID, d.LeaseToken, store.AttemptOutcome{Status: store.DeliveryPending}))
		got := b.findDelivery(t, d.ID)
		require.Equal(t, 503, got.LastStatusCode)
		require.Equal(t, "HTTP 503", got.LastError)
		require.Equal(t, epoch.Add(5*time.Minute), got.NextAttemptAt)
		require.Empty(t, got.LeaseToken)
		none, _ = b.lease1(t)
		require.Nil(t, none, "not due yet")
		b.clock.add(5 * time.Minute)
		d2, _ := b.lease1(t)
		require.Equal(t, d.ID, d2.ID)
		require.Equal(t, 2, d2.AttemptCount)

		// A crashed sender: the lease expires, attempt 2 is closed as
		// interrupted and the delivery is due again with attempt 3.
		b.clock.add(2 * time.Minute)
		d3, _ := b.lease1(t)
		require.Equal(t, d.ID, d3.ID)
		require.Equal(t, 3, d3.AttemptCount)
		requireCode(t, docextract.ECONFLICT, b.record(t, d.ID, d2.LeaseToken, store.AttemptOutcome{Status: store.DeliveryAcknowledged}))
		now := b.clock.now()
		require.NoError(t, b.record(t, d.ID, d3.LeaseToken, store.AttemptOutcome{
			Attempt: store.WebhookAttempt{Number: 3, StartedAt: now, StatusCode: 204, Duration: time.Millisecond},
			Status:  store.DeliveryAcknowledged,
		}))
		full := b.findDelivery(t, d.ID)
		require.Equal(t, store.DeliveryAcknowledged, full.Status)
		require.Equal(t, 204, full.LastStatusCode)
		require.Equal(t, 3, full.AttemptCount)
		require.Len(t, full.Attempts, 3)
		require.Equal(t, "busy", string(full.Attempts[0].ResponseBody))
		require.Equal(t, 20*time.Millisecond, full.Attempts[0].Duration)
		require.Equal(t, store.WebhookAttempt{Number: 2, StartedAt: now.Add(-2 * time.Minute), Error: store.InterruptedAttempt}, full.Attempts[1])
		require.Equal(t, 3, full.Attempts[2].Number)
		require.True(t, full.NextAttemptAt.IsZero())
		require.Equal(t, now, full.FinishedAt)
		require.Equal(t, `{"a":1}`, string(full.Body))

		// Redelivery: same event, new row; the fan-out idempotency does not
		// stop it.
		re := &store.WebhookDelivery{TeamID: b.team.ID, EndpointID: e.ID, EventID: ev.ID, EventType: ev.Type, RedeliveryOf: d.ID, MaxAttempts: 8, Body: full.Body}
		require.NoError(t, b.s.CreateWebhookDelivery(b.ctx, re))
		require.NotEmpty(t, re.ID)
		require.Equal(t, d.ID, b.findDelivery(t, re.ID).RedeliveryOf)
		list, err := b.s.ListWebhookDeliveries(b.ctx, e.ID, 0, 10)
		require.NoError(t, err)
		require.Len(t, list, 2)
		require.Equal(t, re.ID, list[0].ID, "newest first")
		require.Nil(t, list[0].Body, "lists carry no bodies")
		page, err := b.s.ListWebhookDeliveries(b.ctx, e.ID, list[0].Seq, 10)
		require.NoError(t, err)
		require.Len(t, page, 1)
		require.Equal(t, d.ID, page[0].ID)
		page, err = b.s.ListWebhookDeliveries(b.ctx, e.ID, 0, 1)
		require.NoError(t, err)
		require.Len(t, page, 1, "limit")

		// Across the team's endpoints, with filters.
		teamList := func(f store.DeliveryFilter, before int64) []string {
			t.Helper()
			ds, err := b.s.ListTeamWebhookDeliveries(b.ctx, b.team.ID, f, before, 10)
			require.NoError(t, err)
			var ids []string
			for _, d := range ds {
				require.Nil(t, d.Body, "lists carry no bodies")
				ids = append(ids, d.ID)
			}
			return ids
		}
		require.Equal(t, []string{re.ID, d.ID}, teamList(store.DeliveryFilter{}, 0))
		require.Equal(t, []string{re.ID}, teamList(store.DeliveryFilter{Status: store.DeliveryPending}, 0))
		require.Equal(t, []string{d.ID}, teamList(store.DeliveryFilter{Status: full.Status}, 0))
		require.Equal(t, []string{re.ID, d.ID}, teamList(store.DeliveryFilter{EventType: ev.Type}, 0))
		require.Empty(t, teamList(store.DeliveryFilter{EventType: "endpoint.test"}, 0))
		require.Equal(t, []string{d.ID}, teamList(store.DeliveryFilter{}, list[0].Seq))
		other, err := b.s.CreateTeam(b.ctx, "Other")
		require.NoError(t, err)
		theirs, err := b.s.ListTeamWebhookDeliveries(b.ctx, other.ID, store.DeliveryFilter{}, 0, 10)
		require.NoError(t, err)
		require.Empty(t, theirs, "another team sees none")

		// Purge waits for every delivery of the event to finish, then the
		// retention.
		n, err := b.s.PurgeWebhookDeliveries(b.ctx, now.Add(time.Hour))
		require.NoError(t, err)
		require.Zero(t, n, "the redelivery is pending")
		r, _ := b.lease1(t)
		require.NoError(t, b.record(t, r.ID, r.LeaseToken, store.AttemptOutcome{Attempt: store.WebhookAttempt{Number: 1, StartedAt: now, StatusCode: 410}, Status: store.DeliveryFailed}))
		n, err = b.s.PurgeWebhookDeliveries(b.ctx, now)
		require.NoError(t, err)
		require.Zero(t, n)
		n, err = b.s.PurgeWebhookDeliveries(b.ctx, now.Add(time.Millisecond))
		require.NoError(t, err)
		require.Equal(t, 2, n)
		_, err = b.s.FindWebhookDelivery(b.ctx, d.ID)
		requireCode(t, docextract.ENOTFOUND, err)
	})

	t.Run("FanOutIsIdempotentPerEndpoint", func(t *testing.T) {
		t.Parallel()
		b := setupClock(t, open, 0)
		e := b.endpoint(t)
		first, second := b.failedTask(t), b.failedTask(t)
		evs, err := b.s.TaskEventsAfter(b.ctx, 0, 10)
		require.NoError(t, err)
		require.Len(t, evs, 2)
		require.Less(t, evs[0].Seq, evs[1].Seq)
		require.Equal(t, first.ID, evs[0].ID)
		one, err := b.s.TaskEventsAfter(b.ctx, 0, 1)
		require.NoError(t, err)
		require.Len(t, one, 1, "limit")
		// A delivery of (event, endpoint) that already has an automatic
		// one is skipped: a second fan-out of the same event (by another
		// process) adds nothing.
		require.NoError(t, b.s.FanOut(b.ctx, evs[0].Seq, []*store.WebhookDelivery{
			{TeamID: b.team.ID, EndpointID: e.ID, EventID: first.ID, EventType: first.Type, MaxAttempts: 8, Body: []byte(`{}`)}}))
		require.NoError(t, b.s.FanOut(b.ctx, evs[1].Seq, []*store.WebhookDelivery{
			{TeamID: b.team.ID, EndpointID: e.ID, EventID: first.ID, EventType: first.Type, MaxAttempts: 8, Body: []byte(`{}`)},
			{TeamID: b.team.ID, EndpointID: e.ID, EventID: second.ID, EventType: second.Type, MaxAttempts: 8, Body: []byte(`{}`)}}))
		list, err := b.s.ListWebhookDeliveries(b.ctx, e.ID, 0, 10)
		require.NoError(t, err)
		require.Len(t, list, 2)
		requireCode(t, docextract.ECONFLICT, b.s.FanOut(b.ctx, evs[0].Seq, nil))
	})

	t.Run("CancelledWhileInFlight", func(t *testing.T) {
		t.Parallel()
		b := setupClock(t, open, 0)
		e := b.endpoint(t)
		d := b.pending(t, e, "ev", 8)
		l, _ := b.lease1(t)
		e.Enabled = false
		n, err := b.s.UpdateWebhookEndpoint(b.ctx, e)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		// The request in progress finishes; its retryable outcome does not
		// revive the delivery.
		require.NoError(t, b.record(t, l.ID, l.LeaseToken, store.AttemptOutcome{
			Attempt: store.WebhookAttempt{Number: 1, StartedAt: epoch, StatusCode: 500}, Status: store.DeliveryPending, NextAttemptAt: epoch.Add(time.Minute)}))
		got := b.findDelivery(t, d.ID)
		require.Equal(t, store.DeliveryCancelled, got.Status)
		require.Len(t, got.Attempts, 1)
		// An acknowledgement does count.
		e.Enabled = true
		_, err = b.s.UpdateWebhookEndpoint(b.ctx, e)
		require.NoError(t, err)
		d2 := b.pending(t, e, "ev2", 8)
		l2, _ := b.lease1(t)
		require.Equal(t, d2.ID, l2.ID, "the cancelled one is not leased")
		e.Enabled = false
		_, err = b.s.UpdateWebhookEndpoint(b.ctx, e)
		require.NoError(t, err)
		require.NoError(t, b.record(t, l2.ID, l2.LeaseToken, store.AttemptOutcome{
			Attempt: store.WebhookAttempt{Number: 1, StartedAt: epoch, StatusCode: 204}, Status: store.DeliveryAcknowledged}))
		require.Equal(t, store.DeliveryAcknowledged, b.findDelivery(t, d2.ID).Status)
	})

	t.Run("RecordResults", func(t *testing.T) {
		t.Parallel()
		b := setupClock(t, open, 0)
		e := b.endpoint(t)
		b.pending(t, e, "ev1", 8)
		b.pending(t, e, "ev2", 8)
		l, err := b.s.LeaseWebhookDeliveries(b.ctx, store.LeaseRequest{Limit: 5, Lease: time.Minute})
		require.NoError(t, err)
		require.Len(t, l.Deliveries, 2)
		require.Equal(t, l.Deliveries[0].Delivery.LeaseToken, l.Deliveries[1].Delivery.LeaseToken, "one lease token per batch")
		ok := store.AttemptOutcome{Attempt: store.WebhookAttempt{Number: 1, StartedAt: epoch, StatusCode: 204}, Status: store.DeliveryAcknowledged}
		res, err := b.s.RecordWebhookAttempts(b.ctx, []store.AttemptRecord{
			{DeliveryID: l.Deliveries[0].Delivery.ID, LeaseToken: l.Deliveries[0].Delivery.LeaseToken, Outcome: ok},
			{DeliveryID: l.Deliveries[1].Delivery.ID, LeaseToken: "not the lease", Outcome: ok},
			{DeliveryID: uuid.NewString(), LeaseToken: "x", Outcome: ok},
		})
		require.NoError(t, err)
		require.Len(t, res, 3)
		require.NoError(t, res[0])
		requireCode(t, docextract.ECONFLICT, res[1])
		require.Error(t, res[2])
		require.Contains(t, []string{docextract.ENOTFOUND, docextract.ECONFLICT}, docextract.ErrorCode(res[2]))
		require.Equal(t, store.DeliveryAcknowledged, b.findDelivery(t, l.Deliveries[0].Delivery.ID).Status)
		require.Equal(t, store.DeliveryPending, b.findDelivery(t, l.Deliveries[1].Delivery.ID).Status)
		_, err = b.s.FindWebhookDelivery(b.ctx, uuid.NewString())
		requireCode(t, docextract.ENOTFOUND, err)
	})

	t.Run("CreateDeliveryDueLater", func(t *testing.T) {
		t.Parallel()
		b := setupClock(t, open, 0)
		e := b.endpoint(t)
		d := &store.WebhookDelivery{TeamID: b.team.ID, EndpointID: e.ID, EventID: "ev", EventType: "endpoint.test",
			MaxAttempts: 1, Body: []byte(`{"t":1}`), NextAttemptAt: epoch.Add(time.Minute)}
		require.NoError(t, b.s.CreateWebhookDelivery(b.ctx, d))
		got := b.findDelivery(t, d.ID)
		require.Equal(t, store.DeliveryPending, got.Status)
		require.Equal(t, 0, got.AttemptCount)
		require.Equal(t, 1, got.MaxAttempts)
		require.Equal(t, "endpoint.test", got.EventType)
		require.Equal(t, epoch, got.CreatedAt)
		require.Empty(t, got.Attempts)
		l, err := b.s.LeaseWebhookDeliveries(b.ctx, store.LeaseRequest{Limit: 5, Lease: time.Minute})
		require.NoError(t, err)
		require.Empty(t, l.Deliveries)
		require.Equal(t, epoch.Add(time.Minute), l.NextDue)
		b.clock.add(time.Minute)
		got2, _ := b.lease1(t)
		require.Equal(t, d.ID, got2.ID)
		// Its only attempt ends retryably: failed, not pending.
		require.NoError(t, b.record(t, got2.ID, got2.LeaseToken, store.AttemptOutcome{
			Attempt: store.WebhookAttempt{Number: 1, StartedAt: b.clock.now(), StatusCode: 503}, Status: store.DeliveryFailed}))
		require.Equal(t, store.DeliveryFailed, b.findDelivery(t, d.ID).Status)
	})

	t.Run("LeaseExpiresWithoutResult", func(t *testing.T) {
		// A sender leases and stops (a crash) before recording. The expired
		// lease closes the attempt as interrupted; attempt_count always
		// equals the number of attempts, the numbers stay consecutive, and
		// the retry keeps the delivery id. On the last attempt the
		// interruption fails the delivery.
		t.Parallel()
		b := setupClock(t, open, 0)
		e := b.endpoint(t)
		d := b.pending(t, e, "ev", 2)
		started := epoch

		l1, _ := b.lease1(t)
		require.Equal(t, 1, l1.AttemptCount)
		got := b.findDelivery(t, d.ID)
		require.Equal(t, 1, got.AttemptCount)
		require.Equal(t, []store.WebhookAttempt{{Number: 1, StartedAt: started}}, got.Attempts, "in flight: no status, no error")

		// Not yet expired: nothing to lease, nothing closed.
		b.clock.add(59 * time.Second)
		l, err := b.s.LeaseWebhookDeliveries(b.ctx, store.LeaseRequest{Limit: 5, Lease: time.Minute})
		require.NoError(t, err)
		require.Empty(t, l.Deliveries)
		require.Zero(t, l.Interrupted)
		require.Equal(t, started.Add(time.Minute), l.NextDue, "the lease's expiry is the next thing due")

		// Expired: closed as interrupted and leased again as attempt 2.
		b.clock.add(time.Second)
		l, err = b.s.LeaseWebhookDeliveries(b.ctx, store.LeaseRequest{Limit: 5, Lease: time.Minute})
		require.NoError(t, err)
		require.Equal(t, 1, l.Interrupted)
		require.Len(t, l.Deliveries, 1)
		l2 := l.Deliveries[0].Delivery
		require.Equal(t, d.ID, l2.ID, "same delivery id")
		require.Equal(t, 2, l2.AttemptCount)
		require.NotEqual(t, l1.LeaseToken, l2.LeaseToken)
		requireCode(t, docextract.ECONFLICT, b.record(t, d.ID, l1.LeaseToken, store.AttemptOutcome{
			Attempt: store.WebhookAttempt{StatusCode: 204}, Status: store.DeliveryAcknowledged}))
		got = b.findDelivery(t, d.ID)
		require.Equal(t, store.DeliveryPending, got.Status)
		require.Equal(t, store.InterruptedAttempt, got.LastError)
		require.Equal(t, []store.WebhookAttempt{
			{Number: 1, StartedAt: started, Error: store.InterruptedAttempt},
			{Number: 2, StartedAt: b.clock.now()},
		}, got.Attempts)

		// The second (last) attempt is interrupted too: failed, not leased
		// again.
		b.clock.add(time.Minute)
		l, err = b.s.LeaseWebhookDeliveries(b.ctx, store.LeaseRequest{Limit: 5, Lease: time.Minute})
		require.NoError(t, err)
		require.Equal(t, 1, l.Interrupted)
		require.Empty(t, l.Deliveries)
		require.True(t, l.NextDue.IsZero(), "nothing pending")
		got = b.findDelivery(t, d.ID)
		require.Equal(t, store.DeliveryFailed, got.Status)
		require.Equal(t, 2, got.AttemptCount)
		require.Len(t, got.Attempts, 2)
		require.Equal(t, store.InterruptedAttempt, got.Attempts[1].Error)
		require.Equal(t, b.clock.now(), got.FinishedAt)
		require.Empty(t, got.LeaseToken)
	})

	t.Run("ReleaseUnstarted", func(t *testing.T) {
		// A lease handed back before its attempt started leaves no trace:
		// attempt uncounted, no attempt, due at once.
		t.Parallel()
		b := setupClock(t, open, 0)
		e := b.endpoint(t)
		d := b.pending(t, e, "ev", 8)
		l, _ := b.lease1(t)
		require.NoError(t, b.record(t, l.ID, l.LeaseToken, store.AttemptOutcome{
			Attempt: store.WebhookAttempt{StartedAt: epoch, StatusCode: 503}, Status: store.DeliveryPending, NextAttemptAt: epoch}))
		l, _ = b.lease1(t)
		require.Equal(t, 2, l.AttemptCount)
		stale := *l
		stale.LeaseToken = "someone else's"
		require.NoError(t, b.s.ReleaseWebhookDeliveries(b.ctx, []*store.WebhookDelivery{&stale}))
		require.Equal(t, 2, b.findDelivery(t, d.ID).AttemptCount, "not held under that lease: untouched")

		b.clock.add(time.Second)
		require.NoError(t, b.s.ReleaseWebhookDeliveries(b.ctx, []*store.WebhookDelivery{l}))
		got := b.findDelivery(t, d.ID)
		require.Equal(t, 1, got.AttemptCount)
		require.Len(t, got.Attempts, 1)
		require.Equal(t, 503, got.Attempts[0].StatusCode)
		require.Empty(t, got.LeaseToken)
		require.Equal(t, b.clock.now(), got.NextAttemptAt)
		again, _ := b.lease1(t)
		require.Equal(t, 2, again.AttemptCount)
	})

	t.Run("LeaseFairness", func(t *testing.T) {
		// At most PerEndpoint attempts of one endpoint are held, Busy
		// included, and an endpoint at its cap does not keep another
		// endpoint's due deliveries waiting, however long its backlog.
		// First deliveries go ahead of the due order.
		t.Parallel()
		b := setupClock(t, open, 0)
		busyEP, other := b.endpoint(t), b.endpoint(t)
		mk := func(ep *store.WebhookEndpoint) *store.WebhookDelivery {
			d := &store.WebhookDelivery{TeamID: b.team.ID, EndpointID: ep.ID, EventID: uuid.NewString(), EventType: "task.failed", MaxAttempts: 8, Body: []byte("{}")}
			require.NoError(t, b.s.CreateWebhookDelivery(b.ctx, d))
			return d
		}
		for range 50 {
			mk(busyEP)
			b.clock.add(time.Millisecond)
		}
		late := mk(other)
		lease := func(r store.LeaseRequest) map[string]int {
			r.Lease = time.Minute
			l, err := b.s.LeaseWebhookDeliveries(b.ctx, r)
			require.NoError(t, err)
			n := map[string]int{}
			for _, x := range l.Deliveries {
				n[x.Delivery.EndpointID]++
				require.Equal(t, x.Delivery.EndpointID, x.Endpoint.ID)
			}
			return n
		}
		require.Equal(t, map[string]int{busyEP.ID: 3}, lease(store.LeaseRequest{Limit: 3}), "due order, no cap")
		// busyEP has 3 held and a cap of 4: one more of it, then the other
		// endpoint's delivery behind the 46 still queued.
		got := lease(store.LeaseRequest{Limit: 10, PerEndpoint: 4, Busy: map[string]int{busyEP.ID: 3}})
		require.Equal(t, map[string]int{busyEP.ID: 1, other.ID: 1}, got)
		got = lease(store.LeaseRequest{Limit: 10, PerEndpoint: 4, Busy: map[string]int{busyEP.ID: 4}})
		require.Empty(t, got, "at its cap, and the other one is leased")

		test := mk(busyEP)
		l, err := b.s.LeaseWebhookDeliveries(b.ctx, store.LeaseRequest{Limit: 1, PerEndpoint: 4, Busy: map[string]int{busyEP.ID: 4},
			First: []string{test.ID, late.ID}, Lease: time.Minute})
		require.NoError(t, err)
		require.Len(t, l.Deliveries, 1)
		require.Equal(t, test.ID, l.Deliveries[0].Delivery.ID, "first, past the queue and the cap; a leased one is skipped")
	})

	t.Run("PurgeTaskEvents", func(t *testing.T) {
		// Task events go once fanned out, older than the retention and
		// referred to by no delivery; redelivery needs only the delivery's
		// stored body.
		t.Parallel()
		b := setupClock(t, open, 0)
		e := b.endpoint(t)
		delivered := b.failedTask(t) // fanned out to e
		quiet := b.failedTask(t)     // fanned out to nobody
		evs, err := b.s.TaskEventsAfter(b.ctx, 0, 10)
		require.NoError(t, err)
		require.Len(t, evs, 2)
		d := &store.WebhookDelivery{TeamID: b.team.ID, EndpointID: e.ID, EventID: delivered.ID, EventType: delivered.Type, MaxAttempts: 1, Body: []byte(`{"kept":true}`)}
		require.NoError(t, b.s.FanOut(b.ctx, evs[0].Seq, []*store.WebhookDelivery{d}))
		require.NoError(t, b.s.FanOut(b.ctx, evs[1].Seq, nil))
		b.clock.add(time.Hour)
		late := b.failedTask(t) // not fanned out yet

		n, err := b.s.PurgeTaskEvents(b.ctx, b.clock.now().Add(-2*time.Hour))
		require.NoError(t, err)
		require.Zero(t, n, "younger than the retention")

		b.clock.add(40 * 24 * time.Hour)
		now := b.clock.now()
		n, err = b.s.PurgeTaskEvents(b.ctx, now.Add(-30*24*time.Hour))
		require.NoError(t, err)
		require.Equal(t, 1, n, "only the event no delivery refers to")
		_, err = b.s.FindTaskEvent(b.ctx, quiet.TaskID)
		requireCode(t, docextract.ENOTFOUND, err)
		_, err = b.s.FindTaskEvent(b.ctx, delivered.TaskID)
		require.NoError(t, err, "its delivery is pending")
		_, err = b.s.FindTaskEvent(b.ctx, late.TaskID)
		require.NoError(t, err, "past the fan-out cursor")

		// The delivery finishes; redelivering it reads its own body, not
		// the event.
		l, _ := b.lease1(t)
		require.NoError(t, b.record(t, l.ID, l.LeaseToken, store.AttemptOutcome{Attempt: store.WebhookAttempt{StartedAt: now, StatusCode: 410}, Status: store.DeliveryFailed}))
		n, err = b.s.PurgeTaskEvents(b.ctx, now.Add(time.Hour))
		require.NoError(t, err)
		require.Zero(t, n, "a finished delivery still refers to it")
		n, err = b.s.PurgeWebhookDeliveries(b.ctx, now.Add(time.Millisecond))
		require.NoError(t, err)
		require.Equal(t, 1, n)
		n, err = b.s.PurgeTaskEvents(b.ctx, now.Add(time.Millisecond))
		require.NoError(t, err)
		require.Equal(t, 1, n, "no delivery left: the event goes too")
		_, err = b.s.FindTaskEvent(b.ctx, delivered.TaskID)
		requireCode(t, docextract.ENOTFOUND, err)

		// Purged events are not fanned out again and the cursor keeps its
		// place.
		cur, err := b.s.WebhookFanoutCursor(b.ctx)
		require.NoError(t, err)
		left, err := b.s.TaskEventsAfter(b.ctx, cur, 10)
		require.NoError(t, err)
		require.Len(t, left, 1)
		require.Equal(t, late.ID, left[0].ID)
	})
}

// testSigningKeys covers store.SigningKeys.
func testSigningKeys(t *testing.T, open Open) {
	t.Run("RevokedSessions", func(t *testing.T) {
		t.Parallel()
		b := setupClock(t, open, 0)
		revoked, err := b.s.SessionRevoked(b.ctx, "s1")
		require.NoError(t, err)
		require.False(t, revoked)
		require.NoError(t, b.s.RevokeSession(b.ctx, "s1", epoch.Add(time.Hour)))
		require.NoError(t, b.s.RevokeSession(b.ctx, "s1", epoch.Add(time.Hour)), "twice is once")
		revoked, err = b.s.SessionRevoked(b.ctx, "s1")
		require.NoError(t, err)
		require.True(t, revoked)
		revoked, err = b.s.SessionRevoked(b.ctx, "s2")
		require.NoError(t, err)
		require.False(t, revoked)
		// Past its expiry the record goes with the next revocation: the
		// cookie itself has expired by then.
		b.clock.add(2 * time.Hour)
		require.NoError(t, b.s.RevokeSession(b.ctx, "s2", epoch.Add(3*time.Hour)))
		revoked, err = b.s.SessionRevoked(b.ctx, "s1")
		require.NoError(t, err)
		require.False(t, revoked, "purged after its expiry")
		revoked, err = b.s.SessionRevoked(b.ctx, "s2")
		require.NoError(t, err)
		require.True(t, revoked)
	})

	t.Run("CreatedOnceAndKept", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 0)
		k1, err := b.s.SigningKey(b.ctx, "cursor")
		require.NoError(t, err)
		require.Len(t, k1, 32)
		require.NotEqual(t, make([]byte, 32), k1, "random, not zero")
		k2, err := b.s.SigningKey(b.ctx, "cursor")
		require.NoError(t, err)
		require.Equal(t, k1, k2)
		k3, err := b.s.SigningKey(b.ctx, "other")
		require.NoError(t, err)
		require.NotEqual(t, k1, k3)
	})

	t.Run("ConcurrentFirstUseAgrees", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 0)
		keys := make([][]byte, 8)
		errs := make([]error, 8)
		var wg sync.WaitGroup
		for i := range keys {
			wg.Go(func() { keys[i], errs[i] = b.s.SigningKey(b.ctx, "shared") })
		}
		wg.Wait()
		for i := range keys {
			require.NoError(t, errs[i])
			require.Equal(t, keys[0], keys[i], "every caller gets the one key")
		}
	})
}
