package sqlite_test

import (
	"context"
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

func (b *whBundle) failedTask(t *testing.T) *store.TaskEvent {
	t.Helper()
	require.NoError(t, b.db.Grant(b.ctx, b.team.ID, 10))
	task := &store.Task{ID: uuid.NewString(), TeamID: b.team.ID, DocType: docextract.Invoice, FileName: "a.pdf", PageCount: 1}
	require.NoError(t, b.db.CreateUpload(b.ctx, &store.Upload{Task: task, Credits: 1}))
	ev, err := b.db.FailTask(b.ctx, task.ID, docextract.FailProcessing)
	require.NoError(t, err)
	return ev
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
	d := &store.WebhookDelivery{TeamID: b.team.ID, EndpointID: e.ID, EventID: "ev1", EventType: "task.failed", MaxAttempts: 8, Body: []byte("{}")}
	require.NoError(t, b.db.CreateWebhookDelivery(b.ctx, d))
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
	d, ep, err := b.db.LeaseWebhookDelivery(b.ctx, time.Minute)
	require.NoError(t, err)
	require.NotNil(t, d)
	require.Equal(t, e.URL, ep.URL)
	require.Equal(t, `{"a":1}`, string(d.Body))
	require.Equal(t, 1, d.AttemptCount)
	none, _, err := b.db.LeaseWebhookDelivery(b.ctx, time.Minute)
	require.NoError(t, err)
	require.Nil(t, none, "leased deliveries are invisible")

	require.NoError(t, b.db.RecordWebhookAttempt(b.ctx, d.ID, d.LeaseToken, store.AttemptOutcome{
		Attempt: store.WebhookAttempt{Number: 1, StartedAt: b.now, StatusCode: 503, Error: "HTTP 503", Duration: 20 * time.Millisecond, ResponseBody: []byte("busy")},
		Status:  store.DeliveryPending, NextAttemptAt: b.now.Add(5 * time.Minute),
	}))
	require.Equal(t, docextract.ECONFLICT, docextract.ErrorCode(b.db.RecordWebhookAttempt(b.ctx, d.ID, d.LeaseToken, store.AttemptOutcome{Status: store.DeliveryPending})), "lease consumed")
	none, _, _ = b.db.LeaseWebhookDelivery(b.ctx, time.Minute)
	require.Nil(t, none)
	b.now = b.now.Add(5 * time.Minute)
	d2, _, err := b.db.LeaseWebhookDelivery(b.ctx, time.Minute)
	require.NoError(t, err)
	require.Equal(t, d.ID, d2.ID)
	require.Equal(t, 2, d2.AttemptCount)

	// A crashed worker: the lease expires and the delivery is due again.
	b.now = b.now.Add(2 * time.Minute)
	d3, _, err := b.db.LeaseWebhookDelivery(b.ctx, time.Minute)
	require.NoError(t, err)
	require.Equal(t, d.ID, d3.ID)
	require.Equal(t, docextract.ECONFLICT, docextract.ErrorCode(b.db.RecordWebhookAttempt(b.ctx, d.ID, d2.LeaseToken, store.AttemptOutcome{Status: store.DeliveryAcknowledged})))
	require.NoError(t, b.db.RecordWebhookAttempt(b.ctx, d.ID, d3.LeaseToken, store.AttemptOutcome{
		Attempt: store.WebhookAttempt{Number: 3, StartedAt: b.now, StatusCode: 204, Duration: time.Millisecond},
		Status:  store.DeliveryAcknowledged,
	}))
	full, err := b.db.FindWebhookDelivery(b.ctx, d.ID)
	require.NoError(t, err)
	require.Equal(t, store.DeliveryAcknowledged, full.Status)
	require.Equal(t, 204, full.LastStatusCode)
	require.Len(t, full.Attempts, 2)
	require.Equal(t, "busy", string(full.Attempts[0].ResponseBody))
	require.Equal(t, 20*time.Millisecond, full.Attempts[0].Duration)
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
	r, _, _ := b.db.LeaseWebhookDelivery(b.ctx, time.Minute)
	require.NoError(t, b.db.RecordWebhookAttempt(b.ctx, r.ID, r.LeaseToken, store.AttemptOutcome{Attempt: store.WebhookAttempt{Number: 1, StartedAt: b.now}, Status: store.DeliveryFailed}))
	n, err = b.db.PurgeWebhookDeliveries(b.ctx, b.now)
	require.NoError(t, err)
	require.Zero(t, n)
	n, err = b.db.PurgeWebhookDeliveries(b.ctx, b.now.Add(time.Millisecond))
	require.NoError(t, err)
	require.Equal(t, 2, n)
}

func TestWebhookCancelledWhileInFlight(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	e := b.endpoint(t)
	d := &store.WebhookDelivery{TeamID: b.team.ID, EndpointID: e.ID, EventID: "ev", EventType: "task.failed", MaxAttempts: 8, Body: []byte("{}")}
	require.NoError(t, b.db.CreateWebhookDelivery(b.ctx, d))
	l, _, err := b.db.LeaseWebhookDelivery(b.ctx, time.Minute)
	require.NoError(t, err)
	e.Enabled = false
	n, err := b.db.UpdateWebhookEndpoint(b.ctx, e)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	// The request in progress finishes; its retryable outcome does not revive the delivery.
	require.NoError(t, b.db.RecordWebhookAttempt(b.ctx, l.ID, l.LeaseToken, store.AttemptOutcome{
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
