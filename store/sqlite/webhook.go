package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"maps"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
)

var _ store.Webhooks = (*DB)(nil)

const whEndpointColumns = `id, team_id, url, description, enabled, event_types, ingest_sources, template_group_ids, headers, secret, created_at, updated_at`

func whScanEndpoint(s scanner) (*store.WebhookEndpoint, error) {
	var e store.WebhookEndpoint
	var types, sources, groups, headers string
	var created, updated sql.NullInt64
	if err := s.Scan(&e.ID, &e.TeamID, &e.URL, &e.Description, &e.Enabled, &types, &sources, &groups, &headers, &e.Secret, &created, &updated); err != nil {
		return nil, err
	}
	if err := errors.Join(json.Unmarshal([]byte(types), &e.EventTypes), json.Unmarshal([]byte(sources), &e.IngestSources),
		json.Unmarshal([]byte(groups), &e.TemplateGroupIDs), json.Unmarshal([]byte(headers), &e.Headers)); err != nil {
		return nil, err
	}
	if e.Headers == nil {
		e.Headers = map[string]string{}
	}
	e.CreatedAt, e.UpdatedAt = fromMS(created), fromMS(updated)
	return &e, nil
}

func whJSONList(l []string) string {
	if l == nil {
		l = []string{}
	}
	b, _ := json.Marshal(l)
	return string(b)
}

func whJSONMap(m map[string]string) string {
	if m == nil {
		m = map[string]string{}
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// CreateWebhookEndpoint implements store.Webhooks.
func (db *DB) CreateWebhookEndpoint(ctx context.Context, e *store.WebhookEndpoint) error {
	if e.ID == "" {
		e.ID = db.NewID()
	}
	now := db.now().Truncate(time.Millisecond)
	e.CreatedAt, e.UpdatedAt = now, now
	return db.writeTx(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO webhook_endpoints (`+whEndpointColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			e.ID, e.TeamID, e.URL, e.Description, e.Enabled, whJSONList(e.EventTypes), whJSONList(e.IngestSources),
			whJSONList(e.TemplateGroupIDs), whJSONMap(e.Headers), e.Secret, ms(now), ms(now))
		return err
	})
}

// FindWebhookEndpoint implements store.Webhooks.
func (db *DB) FindWebhookEndpoint(ctx context.Context, id string) (*store.WebhookEndpoint, error) {
	e, err := whScanEndpoint(db.rd.QueryRowContext(ctx, `SELECT `+whEndpointColumns+` FROM webhook_endpoints WHERE id = ?`, id))
	return e, rowErr(err, "Webhook endpoint")
}

// ListWebhookEndpoints implements store.Webhooks.
func (db *DB) ListWebhookEndpoints(ctx context.Context, teamID string) ([]*store.WebhookEndpoint, error) {
	return db.whListEndpoints(ctx, db.rd, `SELECT `+whEndpointColumns+` FROM webhook_endpoints WHERE team_id = ? ORDER BY created_at, id`, teamID)
}

type whQuerier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func (db *DB) whListEndpoints(ctx context.Context, q whQuerier, query string, args ...any) ([]*store.WebhookEndpoint, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*store.WebhookEndpoint
	for rows.Next() {
		e, err := whScanEndpoint(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// UpdateWebhookEndpoint implements store.Webhooks.
func (db *DB) UpdateWebhookEndpoint(ctx context.Context, e *store.WebhookEndpoint) (int, error) {
	var cancelled int
	now := db.now().Truncate(time.Millisecond)
	err := db.writeTx(ctx, func(tx *txn) error {
		old, err := whScanEndpoint(tx.QueryRowContext(ctx, `SELECT `+whEndpointColumns+` FROM webhook_endpoints WHERE id = ?`, e.ID))
		if err != nil {
			return rowErr(err, "Webhook endpoint")
		}
		if _, err := tx.ExecContext(ctx, `UPDATE webhook_endpoints SET url = ?, description = ?, enabled = ?, event_types = ?, ingest_sources = ?,
			template_group_ids = ?, headers = ?, secret = ?, updated_at = ? WHERE id = ?`,
			e.URL, e.Description, e.Enabled, whJSONList(e.EventTypes), whJSONList(e.IngestSources), whJSONList(e.TemplateGroupIDs),
			whJSONMap(e.Headers), e.Secret, ms(now), e.ID); err != nil {
			return err
		}
		e.TeamID, e.CreatedAt, e.UpdatedAt = old.TeamID, old.CreatedAt, now
		// A rotated secret does not cancel: later attempts sign with the new
		// one (spec §3, §5.7).
		if old.URL == e.URL && old.Enabled == e.Enabled && maps.Equal(old.Headers, whNonNil(e.Headers)) {
			return nil
		}
		res, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET status = 'cancelled', lease_token = '', finished_at = ?,
			last_error = CASE WHEN last_error = '' THEN 'cancelled: endpoint changed' ELSE last_error END
			WHERE endpoint_id = ? AND status = 'pending'`, ms(now), e.ID)
		if err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		cancelled = int(n)
		return nil
	})
	return cancelled, err
}

func whNonNil(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

// DeleteWebhookEndpoint implements store.Webhooks.
func (db *DB) DeleteWebhookEndpoint(ctx context.Context, id string) error {
	return db.writeTx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM webhook_endpoints WHERE id = ?`, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return notFound("Webhook endpoint")
		}
		return nil
	})
}

// TaskEventsAfter implements store.Webhooks.
func (db *DB) TaskEventsAfter(ctx context.Context, seq int64, limit int) ([]store.SeqTaskEvent, error) {
	rows, err := db.rd.QueryContext(ctx, `SELECT seq, id, team_id, task_id, type, outcome, error_code, ingest_source, file_name, content_type, page_count, task_created_at, created_at
		FROM task_events WHERE seq > ? ORDER BY seq LIMIT ?`, seq, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.SeqTaskEvent
	for rows.Next() {
		ev := store.SeqTaskEvent{TaskEvent: &store.TaskEvent{}}
		var tc, c sql.NullInt64
		if err := rows.Scan(&ev.Seq, &ev.ID, &ev.TeamID, &ev.TaskID, &ev.Type, &ev.Outcome, &ev.ErrorCode,
			&ev.IngestSource, &ev.FileName, &ev.ContentType, &ev.PageCount, &tc, &c); err != nil {
			return nil, err
		}
		ev.TaskCreatedAt, ev.CreatedAt = fromMS(tc), fromMS(c)
		out = append(out, ev)
	}
	return out, rows.Err()
}

// WebhookFanoutCursor implements store.Webhooks.
func (db *DB) WebhookFanoutCursor(ctx context.Context) (int64, error) {
	var seq int64
	err := db.rd.QueryRowContext(ctx, `SELECT last_seq FROM webhook_fanout_cursor WHERE id = 1`).Scan(&seq)
	return seq, err
}

// FanOut implements store.Webhooks.
func (db *DB) FanOut(ctx context.Context, seq int64, ds []*store.WebhookDelivery) error {
	now := db.now().Truncate(time.Millisecond)
	return db.writeTx(ctx, func(tx *txn) error {
		var last int64
		if err := tx.QueryRowContext(ctx, `SELECT last_seq FROM webhook_fanout_cursor WHERE id = 1`).Scan(&last); err != nil {
			return err
		}
		if last >= seq {
			return docextract.Errorf(docextract.ECONFLICT, "Task event already fanned out.")
		}
		for _, d := range ds {
			d.RedeliveryOf = ""
			if err := db.whInsertDelivery(ctx, tx, d, now, true); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `UPDATE webhook_fanout_cursor SET last_seq = ? WHERE id = 1`, seq)
		return err
	})
}

func (db *DB) whInsertDelivery(ctx context.Context, tx *txn, d *store.WebhookDelivery, now time.Time, orIgnore bool) error {
	if d.ID == "" {
		d.ID = db.NewID()
	}
	if d.Status == "" {
		d.Status = store.DeliveryPending
	}
	if d.NextAttemptAt.IsZero() {
		d.NextAttemptAt = now
	}
	d.CreatedAt = now
	conflict := ""
	if orIgnore {
		conflict = ` ON CONFLICT DO NOTHING`
	}
	var seq sql.NullInt64
	err := tx.QueryRowContext(ctx, `INSERT INTO webhook_deliveries (id, team_id, endpoint_id, event_id, event_type, redelivery_of, status, attempt_count,
		max_attempts, last_status_code, last_error, body, next_attempt_at, lease_token, created_at, finished_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`+conflict+` RETURNING seq`,
		d.ID, d.TeamID, d.EndpointID, d.EventID, d.EventType, d.RedeliveryOf, d.Status, d.AttemptCount, d.MaxAttempts,
		d.LastStatusCode, d.LastError, whBytes(d.Body), ms(d.NextAttemptAt), d.LeaseToken, ms(now), ms(d.FinishedAt)).Scan(&seq)
	if orIgnore && errors.Is(err, sql.ErrNoRows) {
		return nil // an automatic delivery of this event to this endpoint exists
	}
	d.Seq = seq.Int64
	return err
}

func whBytes(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// CreateWebhookDelivery implements store.Webhooks.
func (db *DB) CreateWebhookDelivery(ctx context.Context, d *store.WebhookDelivery) error {
	now := db.now().Truncate(time.Millisecond)
	return db.writeTx(ctx, func(tx *txn) error {
		return db.whInsertDelivery(ctx, tx, d, now, false)
	})
}

const whDeliveryColumns = `seq, id, team_id, endpoint_id, event_id, event_type, redelivery_of, status, attempt_count, max_attempts,
	last_status_code, last_error, next_attempt_at, lease_token, created_at, finished_at`

func whScanDelivery(s scanner, extra ...any) (*store.WebhookDelivery, error) {
	var d store.WebhookDelivery
	var next, created, finished sql.NullInt64
	dest := append([]any{&d.Seq, &d.ID, &d.TeamID, &d.EndpointID, &d.EventID, &d.EventType, &d.RedeliveryOf, &d.Status, &d.AttemptCount,
		&d.MaxAttempts, &d.LastStatusCode, &d.LastError, &next, &d.LeaseToken, &created, &finished}, extra...)
	if err := s.Scan(dest...); err != nil {
		return nil, err
	}
	d.NextAttemptAt, d.CreatedAt, d.FinishedAt = fromMS(next), fromMS(created), fromMS(finished)
	if d.Status != store.DeliveryPending {
		d.NextAttemptAt = time.Time{}
	}
	return &d, nil
}

// LeaseWebhookDelivery implements store.Webhooks.
func (db *DB) LeaseWebhookDelivery(ctx context.Context, lease time.Duration) (*store.WebhookDelivery, *store.WebhookEndpoint, error) {
	now := db.now()
	token := db.NewID()
	until := now.Add(lease)
	var d *store.WebhookDelivery
	var e *store.WebhookEndpoint
	err := db.writeTx(ctx, func(tx *txn) error {
		var id string
		err := tx.QueryRowContext(ctx, `UPDATE webhook_deliveries SET lease_token = ?, next_attempt_at = ?, attempt_count = attempt_count + 1
			WHERE seq = (SELECT seq FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, seq LIMIT 1)
			RETURNING id`, token, ms(until), ms(now)).Scan(&id)
		if err != nil {
			return err
		}
		var body []byte
		if d, err = whScanDelivery(tx.QueryRowContext(ctx, `SELECT `+whDeliveryColumns+`, body FROM webhook_deliveries WHERE id = ?`, id), &body); err != nil {
			return err
		}
		d.Body = body
		e, err = whScanEndpoint(tx.QueryRowContext(ctx, `SELECT `+whEndpointColumns+` FROM webhook_endpoints WHERE id = ?`, d.EndpointID))
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	return d, e, nil
}

// RecordWebhookAttempt implements store.Webhooks.
func (db *DB) RecordWebhookAttempt(ctx context.Context, deliveryID, leaseToken string, o store.AttemptOutcome) error {
	now := db.now().Truncate(time.Millisecond)
	a := o.Attempt
	return db.writeTx(ctx, func(tx *txn) error {
		var status, token string
		if err := tx.QueryRowContext(ctx, `SELECT status, lease_token FROM webhook_deliveries WHERE id = ?`, deliveryID).Scan(&status, &token); err != nil {
			return rowErr(err, "Webhook delivery")
		}
		if status == store.DeliveryPending && token != leaseToken {
			return docextract.Errorf(docextract.ECONFLICT, "Delivery lease lost.")
		}
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO webhook_attempts (delivery_id, number, started_at, status_code, error, duration_ms, response_body)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, deliveryID, a.Number, ms(a.StartedAt), a.StatusCode, a.Error, a.Duration.Milliseconds(), a.ResponseBody); err != nil {
			return err
		}
		newStatus, next, finished := o.Status, ms(o.NextAttemptAt), int64(0)
		if status != store.DeliveryPending && o.Status != store.DeliveryAcknowledged {
			newStatus = status // cancelled meanwhile: the attempt is history only
		}
		if newStatus != store.DeliveryPending {
			next, finished = 0, ms(now)
		}
		_, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET status = ?, last_status_code = ?, last_error = ?, next_attempt_at = ?,
			lease_token = '', finished_at = CASE WHEN ? = 0 THEN 0 WHEN finished_at > 0 AND status <> 'pending' THEN finished_at ELSE ? END
			WHERE id = ?`, newStatus, a.StatusCode, a.Error, next, finished, finished, deliveryID)
		return err
	})
}

// FindWebhookDelivery implements store.Webhooks.
func (db *DB) FindWebhookDelivery(ctx context.Context, id string) (*store.WebhookDelivery, error) {
	var d *store.WebhookDelivery
	err := db.readTx(ctx, func(tx *txn) error {
		var body []byte
		var err error
		if d, err = whScanDelivery(tx.QueryRowContext(ctx, `SELECT `+whDeliveryColumns+`, body FROM webhook_deliveries WHERE id = ?`, id), &body); err != nil {
			return rowErr(err, "Webhook delivery")
		}
		d.Body = body
		rows, err := tx.QueryContext(ctx, `SELECT number, started_at, status_code, error, duration_ms, response_body FROM webhook_attempts
			WHERE delivery_id = ? ORDER BY number`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		d.Attempts = []store.WebhookAttempt{}
		for rows.Next() {
			var a store.WebhookAttempt
			var started sql.NullInt64
			var dur int64
			if err := rows.Scan(&a.Number, &started, &a.StatusCode, &a.Error, &dur, &a.ResponseBody); err != nil {
				return err
			}
			a.StartedAt, a.Duration = fromMS(started), time.Duration(dur)*time.Millisecond
			d.Attempts = append(d.Attempts, a)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// ListWebhookDeliveries implements store.Webhooks.
func (db *DB) ListWebhookDeliveries(ctx context.Context, endpointID string, before int64, limit int) ([]*store.WebhookDelivery, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	rows, err := db.rd.QueryContext(ctx, `SELECT `+whDeliveryColumns+` FROM webhook_deliveries WHERE endpoint_id = ? AND seq < ?
		ORDER BY seq DESC LIMIT ?`, endpointID, before, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*store.WebhookDelivery{}
	for rows.Next() {
		d, err := whScanDelivery(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// PurgeWebhookDeliveries implements store.Webhooks.
func (db *DB) PurgeWebhookDeliveries(ctx context.Context, t time.Time) (int, error) {
	var n int64
	err := db.writeTx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM webhook_deliveries WHERE event_id IN (
			SELECT event_id FROM webhook_deliveries GROUP BY event_id
			HAVING sum(status = 'pending') = 0 AND max(finished_at) < ?)`, ms(t))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}
