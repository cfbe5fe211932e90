package sqlite_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/sqlite"
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

// TestWebhookRowsGoWithDeliveries: bodies and attempts live in tables of
// their own here; they go with their deliveries, whether an endpoint is
// deleted or a purge removes them. (The behaviour itself is in storetest.)
func TestWebhookRowsGoWithDeliveries(t *testing.T) {
	t.Parallel()
	b := whSetup(t)
	e := b.endpoint(t)
	b.pending(t, e, "ev1", 8)
	require.NoError(t, b.db.DeleteWebhookEndpoint(b.ctx, e.ID))
	require.Zero(t, b.rows(t, "webhook_delivery_bodies"), "bodies go with the endpoint's deliveries")

	e = b.endpoint(t)
	d := b.pending(t, e, "ev2", 8)
	l, _ := b.lease1(t)
	require.Equal(t, d.ID, l.ID)
	require.NoError(t, b.record(t, l.ID, l.LeaseToken, store.AttemptOutcome{
		Attempt: store.WebhookAttempt{Number: 1, StartedAt: b.now, StatusCode: 410}, Status: store.DeliveryFailed}))
	require.Equal(t, 1, b.rows(t, "webhook_attempts"))
	n, err := b.db.PurgeWebhookDeliveries(b.ctx, b.now.Add(time.Millisecond))
	require.NoError(t, err)
	require.Equal(t, 1, n)
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
