package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"maps"
	"slices"
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
		// one (docs/api.md, Concepts and Webhooks).
		if old.URL == e.URL && old.Enabled == e.Enabled && maps.Equal(old.Headers, whNonNil(e.Headers)) {
			return nil
		}
		// The lease stays: an attempt in flight may still finish and be
		// recorded by its holder (docs/api.md, Concepts), or is closed as interrupted.
		res, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET status = 'cancelled', finished_at = ?,
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
	d.AttemptCount, d.LeaseToken = 0, "" // attempts start leased, by LeaseWebhookDeliveries
	conflict := ""
	if orIgnore {
		conflict = ` ON CONFLICT DO NOTHING`
	}
	var seq sql.NullInt64
	err := tx.QueryRowContext(ctx, `INSERT INTO webhook_deliveries (id, team_id, endpoint_id, event_id, event_type, redelivery_of, status, attempt_count,
		max_attempts, last_status_code, last_error, next_attempt_at, lease_token, created_at, finished_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`+conflict+` RETURNING seq`,
		d.ID, d.TeamID, d.EndpointID, d.EventID, d.EventType, d.RedeliveryOf, d.Status, d.AttemptCount, d.MaxAttempts,
		d.LastStatusCode, d.LastError, ms(d.NextAttemptAt), d.LeaseToken, ms(now), ms(d.FinishedAt)).Scan(&seq)
	if orIgnore && errors.Is(err, sql.ErrNoRows) {
		return nil // an automatic delivery of this event to this endpoint exists
	}
	if err != nil {
		return err
	}
	d.Seq = seq.Int64
	_, err = tx.ExecContext(ctx, `INSERT INTO webhook_delivery_bodies (seq, body) VALUES (?, ?)`, d.Seq, whBytes(d.Body))
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

// LeaseWebhookDeliveries implements store.Webhooks.
func (db *DB) LeaseWebhookDeliveries(ctx context.Context, r store.LeaseRequest) (*store.LeaseBatch, error) {
	if r.Limit <= 0 {
		r.Limit = 1
	}
	if r.Lease <= 0 {
		r.Lease = time.Minute
	}
	now := db.now().Truncate(time.Millisecond)
	until := now.Add(r.Lease)
	token := db.NewID()
	var out *store.LeaseBatch
	var held []whHeld
	err := db.writeTx(ctx, func(tx *txn) error {
		out, held = &store.LeaseBatch{}, nil
		var err error
		if out.Interrupted, err = whCloseExpired(ctx, tx, now); err != nil {
			return err
		}
		seqs, err := whPick(ctx, tx, r, now)
		if err != nil {
			return err
		}
		if len(seqs) > 0 {
			if held, err = whLease(ctx, tx, seqs, token, now, until); err != nil {
				return err
			}
			// In the order picked: test sends first, then due order.
			rank := make(map[int64]int, len(seqs))
			for i, seq := range seqs {
				rank[seq] = i
			}
			slices.SortFunc(held, func(a, b whHeld) int { return cmp.Compare(rank[a.seq], rank[b.seq]) })
		}
		// The next delivery due, or the next lease to expire.
		var due, expiry sql.NullInt64
		if err := tx.QueryRowContext(ctx, `SELECT
				(SELECT min(next_attempt_at) FROM webhook_deliveries WHERE status = 'pending' AND lease_token = ''),
				(SELECT min(next_attempt_at) FROM webhook_deliveries WHERE lease_token <> '')`).Scan(&due, &expiry); err != nil {
			return err
		}
		switch {
		case !due.Valid:
			out.NextDue = fromMS(expiry)
		case !expiry.Valid:
			out.NextDue = fromMS(due)
		default:
			out.NextDue = fromMS(sql.NullInt64{Int64: min(due.Int64, expiry.Int64), Valid: true})
		}
		return nil
	})
	if err != nil || len(held) == 0 {
		return out, err
	}
	// What does not change under a lease (event, body, endpoint ids) is
	// read after the commit, from the read pool: the single writer is held
	// only for the state changes.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	var gone []whHeld
	if out.Deliveries, gone, err = db.whLoadLeased(rctx, held, token, until); err != nil {
		// Hand the batch back rather than let it wait for its expiry.
		if rerr := db.whRelease(rctx, whHeldJSON(held, token)); rerr != nil {
			err = errors.Join(err, rerr)
		}
		return nil, err
	}
	if len(gone) > 0 {
		if err := db.whRelease(rctx, whHeldJSON(gone, token)); err != nil {
			return nil, err // the batch stays leased until its expiry
		}
	}
	return out, nil
}

// whCloseExpired closes the leases that expired before now: the attempt in
// flight is stored as interrupted, and a pending delivery is due again or,
// when that was its last attempt, failed. A delivery cancelled meanwhile
// keeps its status.
func whCloseExpired(ctx context.Context, tx *txn, now time.Time) (int, error) {
	rows, err := tx.QueryContext(ctx, `UPDATE webhook_deliveries SET lease_token = '',
			status = CASE WHEN status = 'pending' AND attempt_count >= max_attempts THEN 'failed' ELSE status END,
			finished_at = CASE WHEN status = 'pending' AND attempt_count >= max_attempts THEN ? ELSE finished_at END,
			last_status_code = CASE WHEN status = 'pending' THEN 0 ELSE last_status_code END,
			last_error = CASE WHEN status = 'pending' THEN ? ELSE last_error END
		WHERE lease_token <> '' AND next_attempt_at <= ?
		RETURNING seq, attempt_count`, ms(now), store.InterruptedAttempt, ms(now))
	if err != nil {
		return 0, err
	}
	type attempt struct {
		seq int64
		n   int
	}
	var closed []attempt
	for rows.Next() {
		var a attempt
		if err := rows.Scan(&a.seq, &a.n); err != nil {
			rows.Close()
			return 0, err
		}
		closed = append(closed, a)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return 0, err
	}
	for _, a := range closed {
		if _, err := tx.ExecContext(ctx, `UPDATE webhook_attempts SET error = ?
			WHERE delivery_seq = ? AND number = ? AND status_code = 0 AND error = ''`, store.InterruptedAttempt, a.seq, a.n); err != nil {
			return 0, err
		}
	}
	return len(closed), nil
}

// whPick chooses the deliveries to lease: r.First when due, then the
// pending deliveries due first, at most r.PerEndpoint in flight per
// endpoint.
func whPick(ctx context.Context, tx *txn, r store.LeaseRequest, now time.Time) ([]int64, error) {
	p := whPicker{r: r, busy: make(map[string]int, len(r.Busy)), chosen: map[int64]bool{}}
	for ep, n := range r.Busy {
		p.busy[ep] = n
	}
	if len(r.First) > 0 {
		rows, err := tx.QueryContext(ctx, `SELECT seq, endpoint_id FROM webhook_deliveries
			WHERE id IN (SELECT value FROM json_each(?)) AND status = 'pending' AND lease_token = '' AND next_attempt_at <= ?
			ORDER BY seq`, whJSONList(r.First), ms(now))
		if err != nil {
			return nil, err
		}
		if err := p.take(rows, false); err != nil {
			return nil, err
		}
	}
	need := r.Limit - len(p.seqs)
	if need <= 0 {
		return p.seqs, nil
	}
	// The common case: the deliveries due first, read from the due index.
	rows, err := tx.QueryContext(ctx, `SELECT seq, endpoint_id FROM webhook_deliveries
		WHERE status = 'pending' AND lease_token = '' AND next_attempt_at <= ?
		ORDER BY next_attempt_at, endpoint_id, seq LIMIT ?`, ms(now), need+len(p.seqs))
	if err != nil {
		return nil, err
	}
	if err := p.take(rows, true); err != nil {
		return nil, err
	}
	if len(p.seqs) == r.Limit || !p.capped {
		return p.seqs, nil
	}
	// Some endpoints are at their cap and may hold the head of the queue:
	// visit the endpoints with pending deliveries one by one (a seek each
	// on the pending-by-endpoint index) and take the due deliveries of
	// those with room, earliest due first.
	return p.seqs, p.perEndpoint(ctx, tx, now)
}

// whPicker collects the deliveries whPick leases.
type whPicker struct {
	r      store.LeaseRequest
	busy   map[string]int
	chosen map[int64]bool
	seqs   []int64
	capped bool // a due delivery was left because its endpoint was full
}

func (p *whPicker) full(ep string) bool {
	return p.r.PerEndpoint > 0 && p.busy[ep] >= p.r.PerEndpoint
}

// take chooses from rows of (seq, endpoint_id), respecting the caps when
// capped is set.
func (p *whPicker) take(rows *sql.Rows, capped bool) error {
	defer rows.Close()
	for len(p.seqs) < p.r.Limit && rows.Next() {
		var seq int64
		var ep string
		if err := rows.Scan(&seq, &ep); err != nil {
			return err
		}
		if p.chosen[seq] {
			continue
		}
		if capped && p.full(ep) {
			p.capped = true
			continue
		}
		p.chosen[seq] = true
		p.seqs = append(p.seqs, seq)
		p.busy[ep]++
	}
	return rows.Err()
}

// maxVisitedEndpoints bounds the endpoints one lease visits in
// whPicker.perEndpoint.
const maxVisitedEndpoints = 256

func (p *whPicker) perEndpoint(ctx context.Context, tx *txn, now time.Time) error {
	type cand struct {
		seq int64
		due int64
		ep  string
	}
	var cands []cand
	last := ""
	for range maxVisitedEndpoints {
		var ep string
		var first int64
		err := tx.QueryRowContext(ctx, `SELECT endpoint_id, next_attempt_at FROM webhook_deliveries
			WHERE status = 'pending' AND lease_token = '' AND endpoint_id > ? ORDER BY endpoint_id, next_attempt_at LIMIT 1`, last).Scan(&ep, &first)
		if errors.Is(err, sql.ErrNoRows) {
			break
		} else if err != nil {
			return err
		}
		last = ep
		if first > ms(now) || p.full(ep) {
			continue
		}
		room := p.r.Limit - len(p.seqs)
		if p.r.PerEndpoint > 0 {
			room = min(room, p.r.PerEndpoint-p.busy[ep])
		}
		rows, err := tx.QueryContext(ctx, `SELECT seq, next_attempt_at FROM webhook_deliveries
			WHERE status = 'pending' AND lease_token = '' AND endpoint_id = ? AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?`, ep, ms(now), room+len(p.seqs))
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() && n < room {
			c := cand{ep: ep}
			if err := rows.Scan(&c.seq, &c.due); err != nil {
				rows.Close()
				return err
			}
			if !p.chosen[c.seq] {
				cands = append(cands, c)
				n++
			}
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return err
		}
	}
	slices.SortFunc(cands, func(a, b cand) int { return cmp.Or(cmp.Compare(a.due, b.due), cmp.Compare(a.seq, b.seq)) })
	for _, c := range cands {
		if len(p.seqs) == p.r.Limit {
			break
		}
		if p.full(c.ep) {
			continue
		}
		p.chosen[c.seq] = true
		p.seqs = append(p.seqs, c.seq)
		p.busy[c.ep]++
	}
	return nil
}

// whHeld is a delivery leased by whLease and its attempt number.
type whHeld struct {
	seq     int64
	attempt int
}

func whHeldJSON(held []whHeld, token string) string {
	pairs := make([][2]any, len(held))
	for i, h := range held {
		pairs[i] = [2]any{h.seq, token}
	}
	b, _ := json.Marshal(pairs)
	return string(b)
}

// whLease leases the deliveries seqs under token until until and stores
// their new attempts as started.
func whLease(ctx context.Context, tx *txn, seqs []int64, token string, now, until time.Time) ([]whHeld, error) {
	list, _ := json.Marshal(seqs)
	rows, err := tx.QueryContext(ctx, `UPDATE webhook_deliveries SET lease_token = ?, next_attempt_at = ?, attempt_count = attempt_count + 1
		WHERE seq IN (SELECT value FROM json_each(?)) RETURNING seq, attempt_count`, token, ms(until), string(list))
	if err != nil {
		return nil, err
	}
	held := make([]whHeld, 0, len(seqs))
	attempts := make([][2]int64, 0, len(seqs))
	for rows.Next() {
		var h whHeld
		if err := rows.Scan(&h.seq, &h.attempt); err != nil {
			rows.Close()
			return nil, err
		}
		held = append(held, h)
		attempts = append(attempts, [2]int64{h.seq, int64(h.attempt)})
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, err
	}
	// The attempt is history from now on: were this process to stop before
	// recording it, the expired lease closes it as interrupted.
	pairs, _ := json.Marshal(attempts)
	if _, err := tx.ExecContext(ctx, `INSERT INTO webhook_attempts (delivery_seq, number, started_at)
		SELECT value ->> 0, value ->> 1, ? FROM json_each(?) WHERE true
		ON CONFLICT (delivery_seq, number) DO UPDATE SET started_at = excluded.started_at, status_code = 0, error = '',
			duration_ms = 0, response_body = NULL`, ms(now), string(pairs)); err != nil {
		return nil, err
	}
	return held, nil
}

// whLoadLeased reads the leased deliveries, with their bodies and
// endpoints, from the read pool in one snapshot, in the order of held. A
// delivery that is no longer pending there (cancelled by an endpoint
// change since the lease) or no longer exists is left out and returned in
// gone, to be handed back: it must not be sent with the endpoint as it is
// now, nor as it was.
func (db *DB) whLoadLeased(ctx context.Context, held []whHeld, token string, until time.Time) (out []store.LeasedDelivery, gone []whHeld, err error) {
	seqs := make([]int64, len(held))
	attempt := make(map[int64]int, len(held))
	rank := make(map[int64]int, len(held))
	for i, h := range held {
		seqs[i], attempt[h.seq], rank[h.seq] = h.seq, h.attempt, i
	}
	list, _ := json.Marshal(seqs)
	err = db.readTx(ctx, func(tx *txn) error {
		out, gone = make([]store.LeasedDelivery, 0, len(held)), nil
		// Only what an attempt needs: the rest never changes once queued.
		rows, err := tx.QueryContext(ctx, `SELECT seq, id, team_id, endpoint_id, event_id, event_type, redelivery_of, max_attempts, created_at,
				status, lease_token, (SELECT body FROM webhook_delivery_bodies b WHERE b.seq = webhook_deliveries.seq)
			FROM webhook_deliveries WHERE seq IN (SELECT value FROM json_each(?))`, string(list))
		if err != nil {
			return err
		}
		var epIDs []string
		seen := map[string]bool{}
		found := make(map[int64]bool, len(held))
		for rows.Next() {
			d := &store.WebhookDelivery{}
			var created int64
			if err := rows.Scan(&d.Seq, &d.ID, &d.TeamID, &d.EndpointID, &d.EventID, &d.EventType, &d.RedeliveryOf, &d.MaxAttempts,
				&created, &d.Status, &d.LeaseToken, &d.Body); err != nil {
				rows.Close()
				return err
			}
			found[d.Seq] = true
			if d.Status != store.DeliveryPending || d.LeaseToken != token {
				gone = append(gone, whHeld{seq: d.Seq, attempt: attempt[d.Seq]})
				continue
			}
			d.CreatedAt = time.UnixMilli(created).UTC()
			d.AttemptCount, d.NextAttemptAt = attempt[d.Seq], until
			out = append(out, store.LeasedDelivery{Delivery: d})
			if !seen[d.EndpointID] {
				seen[d.EndpointID] = true
				epIDs = append(epIDs, d.EndpointID)
			}
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return err
		}
		for _, h := range held {
			if !found[h.seq] {
				gone = append(gone, h)
			}
		}
		eps, err := db.whListEndpoints(ctx, tx, `SELECT `+whEndpointColumns+` FROM webhook_endpoints WHERE id IN (SELECT value FROM json_each(?))`, whJSONList(epIDs))
		if err != nil {
			return err
		}
		var dropped []store.LeasedDelivery
		out, dropped = store.AttachEndpoints(out, eps)
		for _, l := range dropped {
			gone = append(gone, whHeld{seq: l.Delivery.Seq, attempt: l.Delivery.AttemptCount})
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	slices.SortFunc(out, func(a, b store.LeasedDelivery) int { return cmp.Compare(rank[a.Delivery.Seq], rank[b.Delivery.Seq]) })
	return out, gone, nil
}

// RecordWebhookAttempts implements store.Webhooks. The outcomes travel as
// one JSON array, so a batch costs two statements whatever its size: one
// UPDATE of the deliveries held under their lease, one upsert of their
// attempts.
func (db *DB) RecordWebhookAttempts(ctx context.Context, rs []store.AttemptRecord) ([]error, error) {
	now := db.now().Truncate(time.Millisecond)
	outcomes := make([][6]any, len(rs))
	for i, r := range rs {
		o, a := r.Outcome, r.Outcome.Attempt
		if a.StatusCode == 0 && a.Error == "" {
			a.Error = "no answer" // an empty attempt means "in flight"
		}
		outcomes[i] = [6]any{r.DeliveryID, r.LeaseToken, o.Status, ms(o.NextAttemptAt), a.StatusCode, a.Error}
	}
	outJSON, err := json.Marshal(outcomes)
	if err != nil {
		return nil, err
	}
	results := make([]error, len(rs))
	err = db.writeTx(ctx, func(tx *txn) error {
		// A delivery cancelled meanwhile keeps its status unless the
		// attempt acknowledged it; only the lease holder records.
		rows, err := tx.QueryContext(ctx, `UPDATE webhook_deliveries AS d SET
				status = CASE WHEN d.status = 'pending' OR o.status = 'acknowledged' THEN o.status ELSE d.status END,
				next_attempt_at = CASE WHEN d.status = 'pending' AND o.status = 'pending' THEN o.next ELSE 0 END,
				finished_at = CASE WHEN d.status = 'pending' AND o.status = 'pending' THEN 0
					WHEN d.status <> 'pending' AND d.finished_at > 0 THEN d.finished_at ELSE ? END,
				last_status_code = o.code, last_error = o.error, lease_token = ''
			FROM (SELECT value ->> 0 AS id, value ->> 1 AS token, value ->> 2 AS status, value ->> 3 AS next,
					value ->> 4 AS code, value ->> 5 AS error FROM json_each(?)) AS o
			WHERE d.id = o.id AND d.lease_token = o.token AND d.lease_token <> ''
			RETURNING id, seq, attempt_count`, ms(now), string(outJSON))
		if err != nil {
			return err
		}
		type held struct {
			seq int64
			n   int
		}
		got := make(map[string]held, len(rs))
		for rows.Next() {
			var id string
			var h held
			if err := rows.Scan(&id, &h.seq, &h.n); err != nil {
				rows.Close()
				return err
			}
			got[id] = h
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return err
		}
		attempts := make([][7]any, 0, len(got))
		for i, r := range rs {
			h, ok := got[r.DeliveryID]
			if !ok {
				var one int
				err := tx.QueryRowContext(ctx, `SELECT 1 FROM webhook_deliveries WHERE id = ?`, r.DeliveryID).Scan(&one)
				switch {
				case errors.Is(err, sql.ErrNoRows):
					results[i] = notFound("Webhook delivery")
				case err != nil:
					return err
				default:
					results[i] = docextract.Errorf(docextract.ECONFLICT, "Delivery lease lost.")
				}
				continue
			}
			results[i] = nil
			a := r.Outcome.Attempt
			var body any // NULL when empty
			if len(a.ResponseBody) > 0 {
				body = hex.EncodeToString(a.ResponseBody)
			}
			attempts = append(attempts, [7]any{h.seq, h.n, ms(a.StartedAt), a.StatusCode, outcomes[i][5], a.Duration.Milliseconds(), body})
		}
		if len(attempts) == 0 {
			return nil
		}
		attJSON, err := json.Marshal(attempts)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO webhook_attempts (delivery_seq, number, started_at, status_code, error, duration_ms, response_body)
			SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, unhex(value ->> 6) FROM json_each(?) WHERE true
			ON CONFLICT (delivery_seq, number) DO UPDATE SET started_at = excluded.started_at, status_code = excluded.status_code,
				error = excluded.error, duration_ms = excluded.duration_ms, response_body = excluded.response_body`, string(attJSON))
		return err
	})
	if err != nil {
		return nil, err
	}
	return results, nil
}

// ReleaseWebhookDeliveries implements store.Webhooks.
func (db *DB) ReleaseWebhookDeliveries(ctx context.Context, ds []*store.WebhookDelivery) error {
	if len(ds) == 0 {
		return nil
	}
	pairs := make([][2]any, len(ds))
	for i, d := range ds {
		pairs[i] = [2]any{d.Seq, d.LeaseToken}
	}
	list, err := json.Marshal(pairs)
	if err != nil {
		return err
	}
	return db.whRelease(ctx, string(list))
}

// whRelease hands back the deliveries of pairs, a JSON array of [seq,
// lease token], still held under that token.
func (db *DB) whRelease(ctx context.Context, pairs string) error {
	now := db.now().Truncate(time.Millisecond)
	return db.writeTx(ctx, func(tx *txn) error {
		rows, err := tx.QueryContext(ctx, `UPDATE webhook_deliveries AS d SET attempt_count = attempt_count - 1, lease_token = '',
				next_attempt_at = CASE WHEN d.status = 'pending' THEN ? ELSE d.next_attempt_at END
			FROM (SELECT value ->> 0 AS seq, value ->> 1 AS token FROM json_each(?)) AS h
			WHERE d.seq = h.seq AND d.lease_token = h.token AND d.lease_token <> ''
			RETURNING seq, attempt_count + 1`, ms(now), pairs)
		if err != nil {
			return err
		}
		var attempts [][2]int64
		for rows.Next() {
			var a [2]int64
			if err := rows.Scan(&a[0], &a[1]); err != nil {
				rows.Close()
				return err
			}
			attempts = append(attempts, a)
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return err
		}
		for _, a := range attempts {
			if _, err := tx.ExecContext(ctx, `DELETE FROM webhook_attempts WHERE delivery_seq = ? AND number = ? AND status_code = 0 AND error = ''`, a[0], a[1]); err != nil {
				return err
			}
		}
		return nil
	})
}

// FindWebhookDelivery implements store.Webhooks.
func (db *DB) FindWebhookDelivery(ctx context.Context, id string) (*store.WebhookDelivery, error) {
	var d *store.WebhookDelivery
	err := db.readTx(ctx, func(tx *txn) error {
		var body []byte
		var err error
		if d, err = whScanDelivery(tx.QueryRowContext(ctx, `SELECT `+whDeliveryColumns+`, (SELECT body FROM webhook_delivery_bodies b WHERE b.seq = webhook_deliveries.seq)
			FROM webhook_deliveries WHERE id = ?`, id), &body); err != nil {
			return rowErr(err, "Webhook delivery")
		}
		d.Body = body
		rows, err := tx.QueryContext(ctx, `SELECT number, started_at, status_code, error, duration_ms, response_body FROM webhook_attempts
			WHERE delivery_seq = ? ORDER BY number`, d.Seq)
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
	return db.listDeliveries(ctx, "endpoint_id", endpointID, store.DeliveryFilter{}, before, limit)
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

// PurgeTaskEvents implements store.Webhooks. It deletes in chunks, each in
// its own transaction, so the writer is never held long.
func (db *DB) PurgeTaskEvents(ctx context.Context, t time.Time) (int, error) {
	const chunk = 1000
	total := 0
	for {
		var n int64
		err := db.writeTx(ctx, func(tx *txn) error {
			res, err := tx.ExecContext(ctx, `DELETE FROM task_events WHERE seq IN (
				SELECT e.seq FROM task_events e
				WHERE e.seq <= (SELECT last_seq FROM webhook_fanout_cursor WHERE id = 1) AND e.created_at < ?
					AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
				ORDER BY e.seq LIMIT ?)`, ms(t), chunk)
			if err != nil {
				return err
			}
			n, err = res.RowsAffected()
			return err
		})
		total += int(n)
		if err != nil || n < chunk {
			return total, err
		}
	}
}

// ListTeamWebhookDeliveries implements store.Webhooks.
func (db *DB) ListTeamWebhookDeliveries(ctx context.Context, teamID string, f store.DeliveryFilter, before int64, limit int) ([]*store.WebhookDelivery, error) {
	return db.listDeliveries(ctx, "team_id", teamID, f, before, limit)
}

// listDeliveries lists the deliveries whose column (endpoint_id or team_id)
// is id, newest first, below seq before (0: from the newest). Only the
// filters that are set go into the statement, so SQLite walks the index
// that fits: (endpoint_id, seq), (team_id, seq) or (team_id, status, seq).
func (db *DB) listDeliveries(ctx context.Context, column, id string, f store.DeliveryFilter, before int64, limit int) ([]*store.WebhookDelivery, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	q, args := `SELECT `+whDeliveryColumns+` FROM webhook_deliveries WHERE `+column+` = ? AND seq < ?`, []any{id, before}
	if f.Status != "" {
		q, args = q+` AND status = ?`, append(args, f.Status)
	}
	if f.EventType != "" {
		q, args = q+` AND event_type = ?`, append(args, f.EventType)
	}
	rows, err := db.rd.QueryContext(ctx, q+` ORDER BY seq DESC LIMIT ?`, append(args, limit)...)
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
