package postgres

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
)

const whEndpointColumns = `id, team_id, url, description, enabled, event_types, ingest_sources, template_group_ids, headers, secret, created_at, updated_at`

func whScanEndpoint(s scanner) (*store.WebhookEndpoint, error) {
	var e store.WebhookEndpoint
	var types, sources, groups, headers string
	var created, updated int64
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
	b, _ := json.Marshal(whNonNil(m))
	return string(b)
}

func whNonNil(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

// CreateWebhookEndpoint implements store.Webhooks.
func (db *DB) CreateWebhookEndpoint(ctx context.Context, e *store.WebhookEndpoint) error {
	if e.ID == "" {
		e.ID = db.NewID()
	}
	now := db.now().Truncate(time.Millisecond)
	e.CreatedAt, e.UpdatedAt = now, now
	_, err := db.pool.Exec(ctx, `INSERT INTO webhook_endpoints (`+whEndpointColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
		e.ID, e.TeamID, e.URL, e.Description, e.Enabled, whJSONList(e.EventTypes), whJSONList(e.IngestSources),
		whJSONList(e.TemplateGroupIDs), whJSONMap(e.Headers), e.Secret, ms(now), ms(now))
	return err
}

// FindWebhookEndpoint implements store.Webhooks.
func (db *DB) FindWebhookEndpoint(ctx context.Context, id string) (*store.WebhookEndpoint, error) {
	e, err := whScanEndpoint(db.pool.QueryRow(ctx, `SELECT `+whEndpointColumns+` FROM webhook_endpoints WHERE id = $1`, id))
	return e, rowErr(err, "Webhook endpoint")
}

// ListWebhookEndpoints implements store.Webhooks.
func (db *DB) ListWebhookEndpoints(ctx context.Context, teamID string) ([]*store.WebhookEndpoint, error) {
	return whListEndpoints(ctx, db.pool, `SELECT `+whEndpointColumns+` FROM webhook_endpoints WHERE team_id = $1 ORDER BY created_at, id`, teamID)
}

func whListEndpoints(ctx context.Context, q querier, query string, args ...any) ([]*store.WebhookEndpoint, error) {
	rows, err := q.Query(ctx, query, args...)
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
	err := db.tx(ctx, true, func(tx pgx.Tx) error {
		cancelled = 0
		old, err := whScanEndpoint(tx.QueryRow(ctx, `SELECT `+whEndpointColumns+` FROM webhook_endpoints WHERE id = $1 FOR UPDATE`, e.ID))
		if err != nil {
			return rowErr(err, "Webhook endpoint")
		}
		if _, err := tx.Exec(ctx, `UPDATE webhook_endpoints SET url = $1, description = $2, enabled = $3, event_types = $4, ingest_sources = $5,
			template_group_ids = $6, headers = $7, secret = $8, updated_at = $9 WHERE id = $10`,
			e.URL, e.Description, e.Enabled, whJSONList(e.EventTypes), whJSONList(e.IngestSources), whJSONList(e.TemplateGroupIDs),
			whJSONMap(e.Headers), e.Secret, ms(now), e.ID); err != nil {
			return err
		}
		e.TeamID, e.CreatedAt, e.UpdatedAt = old.TeamID, old.CreatedAt, now
		// A rotated secret does not cancel: later attempts sign with the new
		// one.
		if old.URL == e.URL && old.Enabled == e.Enabled && maps.Equal(old.Headers, whNonNil(e.Headers)) {
			return nil
		}
		// The lease stays: an attempt in flight may still finish and be
		// recorded by its holder, or is closed as interrupted.
		tag, err := tx.Exec(ctx, `UPDATE webhook_deliveries SET status = 'cancelled', finished_at = $1,
			last_error = CASE WHEN last_error = '' THEN 'cancelled: endpoint changed' ELSE last_error END
			WHERE endpoint_id = $2 AND status = 'pending'`, ms(now), e.ID)
		if err != nil {
			return err
		}
		cancelled = int(tag.RowsAffected())
		return nil
	})
	return cancelled, err
}

// DeleteWebhookEndpoint implements store.Webhooks.
func (db *DB) DeleteWebhookEndpoint(ctx context.Context, id string) error {
	tag, err := db.pool.Exec(ctx, `DELETE FROM webhook_endpoints WHERE id = $1`, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return notFound("Webhook endpoint")
	}
	return nil
}

// TaskEventsAfter implements store.Webhooks.
func (db *DB) TaskEventsAfter(ctx context.Context, seq int64, limit int) ([]store.SeqTaskEvent, error) {
	rows, err := db.pool.Query(ctx, `SELECT seq, id, team_id, task_id, type, outcome, error_code, ingest_source, file_name, content_type, page_count, task_created_at, created_at
		FROM task_events WHERE seq > $1 ORDER BY seq LIMIT $2`, seq, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.SeqTaskEvent
	for rows.Next() {
		ev := store.SeqTaskEvent{TaskEvent: &store.TaskEvent{}}
		var tc, c int64
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
	err := db.pool.QueryRow(ctx, `SELECT last_seq FROM webhook_fanout_cursor WHERE id = 1`).Scan(&seq)
	return seq, err
}

// FanOut implements store.Webhooks. The cursor row is locked for the
// transaction, so processes fanning out at once take turns and each event
// is fanned out once.
func (db *DB) FanOut(ctx context.Context, seq int64, ds []*store.WebhookDelivery) error {
	now := db.now().Truncate(time.Millisecond)
	return db.tx(ctx, true, func(tx pgx.Tx) error {
		var last int64
		if err := tx.QueryRow(ctx, `SELECT last_seq FROM webhook_fanout_cursor WHERE id = 1 FOR UPDATE`).Scan(&last); err != nil {
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
		_, err := tx.Exec(ctx, `UPDATE webhook_fanout_cursor SET last_seq = $1 WHERE id = 1`, seq)
		return err
	})
}

func (db *DB) whInsertDelivery(ctx context.Context, tx pgx.Tx, d *store.WebhookDelivery, now time.Time, orIgnore bool) error {
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
	var seq int64
	err := tx.QueryRow(ctx, `INSERT INTO webhook_deliveries (id, team_id, endpoint_id, event_id, event_type, redelivery_of, status, attempt_count,
		max_attempts, last_status_code, last_error, next_attempt_at, lease_token, created_at, finished_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`+conflict+` RETURNING seq`,
		d.ID, d.TeamID, d.EndpointID, d.EventID, d.EventType, d.RedeliveryOf, d.Status, d.AttemptCount, d.MaxAttempts,
		d.LastStatusCode, d.LastError, ms(d.NextAttemptAt), d.LeaseToken, ms(now), ms(d.FinishedAt)).Scan(&seq)
	if orIgnore && errors.Is(err, pgx.ErrNoRows) {
		return nil // an automatic delivery of this event to this endpoint exists
	}
	if err != nil {
		return err
	}
	d.Seq = seq
	body := d.Body
	if body == nil {
		body = []byte{}
	}
	_, err = tx.Exec(ctx, `INSERT INTO webhook_delivery_bodies (seq, body) VALUES ($1, $2)`, d.Seq, body)
	return err
}

// CreateWebhookDelivery implements store.Webhooks.
func (db *DB) CreateWebhookDelivery(ctx context.Context, d *store.WebhookDelivery) error {
	now := db.now().Truncate(time.Millisecond)
	return db.tx(ctx, false, func(tx pgx.Tx) error {
		if err := db.whInsertDelivery(ctx, tx, d, now, false); err != nil {
			return err
		}
		return db.notify(ctx, tx, ChannelEvents)
	})
}

const whDeliveryColumns = `seq, id, team_id, endpoint_id, event_id, event_type, redelivery_of, status, attempt_count, max_attempts,
	last_status_code, last_error, next_attempt_at, lease_token, created_at, finished_at`

func whScanDelivery(s scanner, extra ...any) (*store.WebhookDelivery, error) {
	var d store.WebhookDelivery
	var next, created, finished int64
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

// LeaseWebhookDeliveries implements store.Webhooks. Deliveries are picked
// FOR UPDATE SKIP LOCKED: processes leasing at once each take deliveries
// the others are not taking, and none is leased twice.
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
	err := db.tx(ctx, true, func(tx pgx.Tx) error {
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
		var due, expiry *int64
		if err := tx.QueryRow(ctx, `SELECT
				(SELECT min(next_attempt_at) FROM webhook_deliveries WHERE status = 'pending' AND lease_token = ''),
				(SELECT min(next_attempt_at) FROM webhook_deliveries WHERE lease_token <> '')`).Scan(&due, &expiry); err != nil {
			return err
		}
		switch {
		case due == nil && expiry == nil:
		case due == nil:
			out.NextDue = fromMS(*expiry)
		case expiry == nil:
			out.NextDue = fromMS(*due)
		default:
			out.NextDue = fromMS(min(*due, *expiry))
		}
		return nil
	})
	if err != nil || len(held) == 0 {
		return out, err
	}
	// What does not change under a lease (event, body, endpoint ids) is
	// read after the commit, so the leased rows stay locked only for the
	// state changes.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	var gone []whHeld
	if out.Deliveries, gone, err = db.whLoadLeased(rctx, held, token, until); err != nil {
		// Hand the batch back rather than let it wait for its expiry.
		if rerr := db.whRelease(rctx, whHeldSeqs(held), token); rerr != nil {
			err = errors.Join(err, rerr)
		}
		return nil, err
	}
	if len(gone) > 0 {
		if err := db.whRelease(rctx, whHeldSeqs(gone), token); err != nil {
			return nil, err // the batch stays leased until its expiry
		}
	}
	return out, nil
}

// whCloseExpired closes the leases that expired before now: the attempt in
// flight is stored as interrupted, and a pending delivery is due again or,
// when that was its last attempt, failed. A delivery cancelled meanwhile
// keeps its status. Rows another process is closing are skipped.
func whCloseExpired(ctx context.Context, tx pgx.Tx, now time.Time) (int, error) {
	rows, err := tx.Query(ctx, `UPDATE webhook_deliveries SET lease_token = '',
			status = CASE WHEN status = 'pending' AND attempt_count >= max_attempts THEN 'failed' ELSE status END,
			finished_at = CASE WHEN status = 'pending' AND attempt_count >= max_attempts THEN $1 ELSE finished_at END,
			last_status_code = CASE WHEN status = 'pending' THEN 0 ELSE last_status_code END,
			last_error = CASE WHEN status = 'pending' THEN $2 ELSE last_error END
		WHERE seq IN (SELECT seq FROM webhook_deliveries WHERE lease_token <> '' AND next_attempt_at <= $1 FOR UPDATE SKIP LOCKED)
			AND lease_token <> '' AND next_attempt_at <= $1
		RETURNING seq, attempt_count`, ms(now), store.InterruptedAttempt)
	if err != nil {
		return 0, err
	}
	var seqs []int64
	var nums []int32
	for rows.Next() {
		var seq int64
		var n int32
		if err := rows.Scan(&seq, &n); err != nil {
			rows.Close()
			return 0, err
		}
		seqs, nums = append(seqs, seq), append(nums, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	if len(seqs) == 0 {
		return 0, nil
	}
	if _, err := tx.Exec(ctx, `UPDATE webhook_attempts a SET error = $1
		FROM unnest($2::bigint[], $3::int[]) AS c(seq, n)
		WHERE a.delivery_seq = c.seq AND a.number = c.n AND a.status_code = 0 AND a.error = ''`, store.InterruptedAttempt, seqs, nums); err != nil {
		return 0, err
	}
	return len(seqs), nil
}

// whPick chooses the deliveries to lease: r.First when due, then the
// pending deliveries due first, at most r.PerEndpoint in flight per
// endpoint. The rows it reads are locked (SKIP LOCKED) until the
// transaction ends.
func whPick(ctx context.Context, tx pgx.Tx, r store.LeaseRequest, now time.Time) ([]int64, error) {
	p := whPicker{r: r, busy: make(map[string]int, len(r.Busy)), chosen: map[int64]bool{}}
	maps.Copy(p.busy, r.Busy)
	if len(r.First) > 0 {
		rows, err := tx.Query(ctx, `SELECT seq, endpoint_id FROM webhook_deliveries
			WHERE id = ANY($1) AND status = 'pending' AND lease_token = '' AND next_attempt_at <= $2
			ORDER BY seq FOR UPDATE SKIP LOCKED`, r.First, ms(now))
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
	rows, err := tx.Query(ctx, `SELECT seq, endpoint_id FROM webhook_deliveries
		WHERE status = 'pending' AND lease_token = '' AND next_attempt_at <= $1
		ORDER BY next_attempt_at, endpoint_id, seq LIMIT $2 FOR UPDATE SKIP LOCKED`, ms(now), need+len(p.seqs))
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
func (p *whPicker) take(rows pgx.Rows, capped bool) error {
	defer rows.Close()
	for rows.Next() {
		var seq int64
		var ep string
		if err := rows.Scan(&seq, &ep); err != nil {
			return err
		}
		if len(p.seqs) == p.r.Limit || p.chosen[seq] {
			continue // read on: the rows must be consumed
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

func (p *whPicker) perEndpoint(ctx context.Context, tx pgx.Tx, now time.Time) error {
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
		err := tx.QueryRow(ctx, `SELECT endpoint_id, next_attempt_at FROM webhook_deliveries
			WHERE status = 'pending' AND lease_token = '' AND endpoint_id > $1 ORDER BY endpoint_id, next_attempt_at LIMIT 1`, last).Scan(&ep, &first)
		if errors.Is(err, pgx.ErrNoRows) {
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
		rows, err := tx.Query(ctx, `SELECT seq, next_attempt_at FROM webhook_deliveries
			WHERE status = 'pending' AND lease_token = '' AND endpoint_id = $1 AND next_attempt_at <= $2
			ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED`, ep, ms(now), room+len(p.seqs))
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			c := cand{ep: ep}
			if err := rows.Scan(&c.seq, &c.due); err != nil {
				rows.Close()
				return err
			}
			if n < room && !p.chosen[c.seq] {
				cands = append(cands, c)
				n++
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
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

func whHeldSeqs(held []whHeld) []int64 {
	seqs := make([]int64, len(held))
	for i, h := range held {
		seqs[i] = h.seq
	}
	return seqs
}

// whLease leases the deliveries seqs (locked by whPick) under token until
// until and stores their new attempts as started.
func whLease(ctx context.Context, tx pgx.Tx, seqs []int64, token string, now, until time.Time) ([]whHeld, error) {
	rows, err := tx.Query(ctx, `UPDATE webhook_deliveries SET lease_token = $1, next_attempt_at = $2, attempt_count = attempt_count + 1
		WHERE seq = ANY($3) AND status = 'pending' AND lease_token = '' RETURNING seq, attempt_count`, token, ms(until), seqs)
	if err != nil {
		return nil, err
	}
	held := make([]whHeld, 0, len(seqs))
	var hs []int64
	var ns []int32
	for rows.Next() {
		var h whHeld
		if err := rows.Scan(&h.seq, &h.attempt); err != nil {
			rows.Close()
			return nil, err
		}
		held = append(held, h)
		hs, ns = append(hs, h.seq), append(ns, int32(h.attempt))
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// The attempt is history from now on: were this process to stop before
	// recording it, the expired lease closes it as interrupted.
	if _, err := tx.Exec(ctx, `INSERT INTO webhook_attempts (delivery_seq, number, started_at)
		SELECT seq, n, $1 FROM unnest($2::bigint[], $3::int[]) AS a(seq, n)
		ON CONFLICT (delivery_seq, number) DO UPDATE SET started_at = excluded.started_at, status_code = 0, error = '',
			duration_ms = 0, response_body = NULL`, ms(now), hs, ns); err != nil {
		return nil, err
	}
	return held, nil
}

// whLoadLeased reads the leased deliveries, with their bodies and
// endpoints, in one snapshot, in the order of held. A delivery that is no
// longer pending there (cancelled by an endpoint change since the lease)
// or no longer exists is left out and returned in gone, to be handed back.
func (db *DB) whLoadLeased(ctx context.Context, held []whHeld, token string, until time.Time) (out []store.LeasedDelivery, gone []whHeld, err error) {
	seqs := make([]int64, len(held))
	attempt := make(map[int64]int, len(held))
	rank := make(map[int64]int, len(held))
	for i, h := range held {
		seqs[i], attempt[h.seq], rank[h.seq] = h.seq, h.attempt, i
	}
	err = db.readTx(ctx, func(tx pgx.Tx) error {
		out, gone = make([]store.LeasedDelivery, 0, len(held)), nil
		rows, err := tx.Query(ctx, `SELECT d.seq, d.id, d.team_id, d.endpoint_id, d.event_id, d.event_type, d.redelivery_of, d.max_attempts, d.created_at,
				d.status, d.lease_token, b.body
			FROM webhook_deliveries d LEFT JOIN webhook_delivery_bodies b ON b.seq = d.seq WHERE d.seq = ANY($1)`, seqs)
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
			d.CreatedAt = fromMS(created)
			d.AttemptCount, d.NextAttemptAt = attempt[d.Seq], until
			out = append(out, store.LeasedDelivery{Delivery: d})
			if !seen[d.EndpointID] {
				seen[d.EndpointID] = true
				epIDs = append(epIDs, d.EndpointID)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, h := range held {
			if !found[h.seq] {
				gone = append(gone, h)
			}
		}
		eps, err := whListEndpoints(ctx, tx, `SELECT `+whEndpointColumns+` FROM webhook_endpoints WHERE id = ANY($1)`, epIDs)
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
// arrays, so a batch costs two statements whatever its size: one UPDATE of
// the deliveries held under their lease, one upsert of their attempts.
func (db *DB) RecordWebhookAttempts(ctx context.Context, rs []store.AttemptRecord) ([]error, error) {
	now := db.now().Truncate(time.Millisecond)
	n := len(rs)
	ids, tokens, statuses, errs := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	nexts, codes := make([]int64, n), make([]int32, n)
	for i, r := range rs {
		o, a := r.Outcome, r.Outcome.Attempt
		if a.StatusCode == 0 && a.Error == "" {
			a.Error = "no answer" // an empty attempt means "in flight"
		}
		ids[i], tokens[i], statuses[i], nexts[i], codes[i], errs[i] = r.DeliveryID, r.LeaseToken, o.Status, ms(o.NextAttemptAt), int32(a.StatusCode), a.Error
	}
	results := make([]error, n)
	err := db.tx(ctx, true, func(tx pgx.Tx) error {
		// A delivery cancelled meanwhile keeps its status unless the
		// attempt acknowledged it; only the lease holder records.
		rows, err := tx.Query(ctx, `UPDATE webhook_deliveries AS d SET
				status = CASE WHEN d.status = 'pending' OR o.status = 'acknowledged' THEN o.status ELSE d.status END,
				next_attempt_at = CASE WHEN d.status = 'pending' AND o.status = 'pending' THEN o.next ELSE 0 END,
				finished_at = CASE WHEN d.status = 'pending' AND o.status = 'pending' THEN 0
					WHEN d.status <> 'pending' AND d.finished_at > 0 THEN d.finished_at ELSE $1 END,
				last_status_code = o.code, last_error = o.error, lease_token = ''
			FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[], $6::int[], $7::text[]) AS o(id, token, status, next, code, error)
			WHERE d.id = o.id AND d.lease_token = o.token AND d.lease_token <> ''
			RETURNING d.id, d.seq, d.attempt_count`, ms(now), ids, tokens, statuses, nexts, codes, errs)
		if err != nil {
			return err
		}
		type held struct {
			seq int64
			n   int32
		}
		got := make(map[string]held, n)
		for rows.Next() {
			var id string
			var h held
			if err := rows.Scan(&id, &h.seq, &h.n); err != nil {
				rows.Close()
				return err
			}
			got[id] = h
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		var aSeq, aDur, aStart []int64
		var aNum, aCode []int32
		var aErr []string
		var aBody [][]byte
		for i, r := range rs {
			h, ok := got[r.DeliveryID]
			if !ok {
				var one int
				err := tx.QueryRow(ctx, `SELECT 1 FROM webhook_deliveries WHERE id = $1`, r.DeliveryID).Scan(&one)
				switch {
				case errors.Is(err, pgx.ErrNoRows):
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
			var body []byte // NULL when empty
			if len(a.ResponseBody) > 0 {
				body = a.ResponseBody
			}
			aSeq, aNum, aStart, aCode = append(aSeq, h.seq), append(aNum, h.n), append(aStart, ms(a.StartedAt)), append(aCode, int32(a.StatusCode))
			aErr, aDur, aBody = append(aErr, errs[i]), append(aDur, a.Duration.Milliseconds()), append(aBody, body)
		}
		if len(aSeq) == 0 {
			return nil
		}
		_, err = tx.Exec(ctx, `INSERT INTO webhook_attempts (delivery_seq, number, started_at, status_code, error, duration_ms, response_body)
			SELECT * FROM unnest($1::bigint[], $2::int[], $3::bigint[], $4::int[], $5::text[], $6::bigint[], $7::bytea[])
			ON CONFLICT (delivery_seq, number) DO UPDATE SET started_at = excluded.started_at, status_code = excluded.status_code,
				error = excluded.error, duration_ms = excluded.duration_ms, response_body = excluded.response_body`,
			aSeq, aNum, aStart, aCode, aErr, aDur, aBody)
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
	seqs, tokens := make([]int64, len(ds)), make([]string, len(ds))
	for i, d := range ds {
		seqs[i], tokens[i] = d.Seq, d.LeaseToken
	}
	return db.whReleasePairs(ctx, seqs, tokens)
}

// whRelease hands back the deliveries seqs still held under token.
func (db *DB) whRelease(ctx context.Context, seqs []int64, token string) error {
	tokens := make([]string, len(seqs))
	for i := range tokens {
		tokens[i] = token
	}
	return db.whReleasePairs(ctx, seqs, tokens)
}

// whReleasePairs hands back each delivery seqs[i] still held under
// tokens[i]: the attempt is uncounted and its row removed.
func (db *DB) whReleasePairs(ctx context.Context, seqs []int64, tokens []string) error {
	now := db.now().Truncate(time.Millisecond)
	return db.tx(ctx, true, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `UPDATE webhook_deliveries AS d SET attempt_count = d.attempt_count - 1, lease_token = '',
				next_attempt_at = CASE WHEN d.status = 'pending' THEN $1 ELSE d.next_attempt_at END
			FROM unnest($2::bigint[], $3::text[]) AS h(seq, token)
			WHERE d.seq = h.seq AND d.lease_token = h.token AND d.lease_token <> ''
			RETURNING d.seq, d.attempt_count + 1`, ms(now), seqs, tokens)
		if err != nil {
			return err
		}
		var rs []int64
		var ns []int32
		for rows.Next() {
			var seq int64
			var n int32
			if err := rows.Scan(&seq, &n); err != nil {
				rows.Close()
				return err
			}
			rs, ns = append(rs, seq), append(ns, n)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(rs) == 0 {
			return nil
		}
		if _, err := tx.Exec(ctx, `DELETE FROM webhook_attempts a USING unnest($1::bigint[], $2::int[]) AS r(seq, n)
			WHERE a.delivery_seq = r.seq AND a.number = r.n AND a.status_code = 0 AND a.error = ''`, rs, ns); err != nil {
			return err
		}
		return db.notify(ctx, tx, ChannelEvents)
	})
}

// FindWebhookDelivery implements store.Webhooks.
func (db *DB) FindWebhookDelivery(ctx context.Context, id string) (*store.WebhookDelivery, error) {
	var d *store.WebhookDelivery
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		var body []byte
		var err error
		if d, err = whScanDelivery(tx.QueryRow(ctx, `SELECT `+whDeliveryColumns+`, (SELECT body FROM webhook_delivery_bodies b WHERE b.seq = webhook_deliveries.seq)
			FROM webhook_deliveries WHERE id = $1`, id), &body); err != nil {
			return rowErr(err, "Webhook delivery")
		}
		d.Body = body
		rows, err := tx.Query(ctx, `SELECT number, started_at, status_code, error, duration_ms, response_body FROM webhook_attempts
			WHERE delivery_seq = $1 ORDER BY number`, d.Seq)
		if err != nil {
			return err
		}
		defer rows.Close()
		d.Attempts = []store.WebhookAttempt{}
		for rows.Next() {
			var a store.WebhookAttempt
			var started, dur int64
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
	tag, err := db.pool.Exec(ctx, `DELETE FROM webhook_deliveries WHERE event_id IN (
		SELECT event_id FROM webhook_deliveries GROUP BY event_id
		HAVING count(*) FILTER (WHERE status = 'pending') = 0 AND max(finished_at) < $1)`, ms(t))
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), nil
}

// PurgeTaskEvents implements store.Webhooks. It deletes in chunks, each in
// its own statement, so no transaction runs long.
func (db *DB) PurgeTaskEvents(ctx context.Context, t time.Time) (int, error) {
	const chunk = 1000
	total := 0
	for {
		tag, err := db.pool.Exec(ctx, `DELETE FROM task_events WHERE seq IN (
			SELECT e.seq FROM task_events e
			WHERE e.seq <= (SELECT last_seq FROM webhook_fanout_cursor WHERE id = 1) AND e.created_at < $1
				AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
			ORDER BY e.seq LIMIT $2)`, ms(t), chunk)
		if err != nil {
			return total, err
		}
		n := int(tag.RowsAffected())
		total += n
		if n < chunk {
			return total, nil
		}
	}
}

// ListTeamWebhookDeliveries implements store.Webhooks.
func (db *DB) ListTeamWebhookDeliveries(ctx context.Context, teamID string, f store.DeliveryFilter, before int64, limit int) ([]*store.WebhookDelivery, error) {
	return db.listDeliveries(ctx, "team_id", teamID, f, before, limit)
}

// listDeliveries lists the deliveries whose column (endpoint_id or team_id)
// is id, newest first, below seq before (0: from the newest). Only the
// filters that are set go into the statement, so the planner walks the
// index that fits: (endpoint_id, seq), (team_id, seq) or (team_id, status, seq).
func (db *DB) listDeliveries(ctx context.Context, column, id string, f store.DeliveryFilter, before int64, limit int) ([]*store.WebhookDelivery, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	q, args := `SELECT `+whDeliveryColumns+` FROM webhook_deliveries WHERE `+column+` = $1 AND seq < $2`, []any{id, before}
	if f.Status != "" {
		args = append(args, f.Status)
		q += fmt.Sprintf(` AND status = $%d`, len(args))
	}
	if f.EventType != "" {
		args = append(args, f.EventType)
		q += fmt.Sprintf(` AND event_type = $%d`, len(args))
	}
	args = append(args, limit)
	rows, err := db.pool.Query(ctx, q+fmt.Sprintf(` ORDER BY seq DESC LIMIT $%d`, len(args)), args...)
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
