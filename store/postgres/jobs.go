package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
)

// LeaseJob implements store.Queue. FOR UPDATE SKIP LOCKED lets processes
// lease side by side: each takes the oldest visible job no one else is
// taking at that moment, and no job is leased twice.
func (db *DB) LeaseJob(ctx context.Context, d time.Duration) (*store.Job, error) {
	now := db.now()
	j := &store.Job{LeaseToken: db.NewID(), VisibleAt: now.Add(d).Truncate(time.Millisecond)}
	var created int64
	err := db.pool.QueryRow(ctx, `UPDATE jobs SET lease_token = $1, visible_at = $2, attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE visible_at <= $3 ORDER BY visible_at, created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, task_id, kind, attempts, created_at, password`,
		j.LeaseToken, ms(j.VisibleAt), ms(now)).Scan(&j.ID, &j.TaskID, &j.Kind, &j.Attempts, &created, &j.Password)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	j.CreatedAt = fromMS(created)
	return j, nil
}

// LeaseJobExcept implements store.Queue.
func (db *DB) LeaseJobExcept(ctx context.Context, d time.Duration, teams []string) (*store.Job, error) {
	if len(teams) == 0 {
		return db.LeaseJob(ctx, d)
	}
	now := db.now()
	j := &store.Job{LeaseToken: db.NewID(), VisibleAt: now.Add(d).Truncate(time.Millisecond)}
	var created int64
	err := db.pool.QueryRow(ctx, `UPDATE jobs SET lease_token = $1, visible_at = $2, attempts = attempts + 1
		WHERE id = (SELECT j.id FROM jobs j JOIN tasks t ON t.id = j.task_id
			WHERE j.visible_at <= $3 AND NOT (t.team_id = ANY($4::text[]))
			ORDER BY j.visible_at, j.created_at LIMIT 1 FOR UPDATE OF j SKIP LOCKED)
		RETURNING id, task_id, kind, attempts, created_at, password`,
		j.LeaseToken, ms(j.VisibleAt), ms(now), teams).Scan(&j.ID, &j.TaskID, &j.Kind, &j.Attempts, &created, &j.Password)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	j.CreatedAt = fromMS(created)
	return j, nil
}

// ExtendLease implements store.Queue.
func (db *DB) ExtendLease(ctx context.Context, j *store.Job, d time.Duration) error {
	until := db.now().Add(d).Truncate(time.Millisecond)
	tag, err := db.pool.Exec(ctx, `UPDATE jobs SET visible_at = $1 WHERE id = $2 AND lease_token = $3`, ms(until), j.ID, j.LeaseToken)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return docextract.Errorf(docextract.ECONFLICT, "Job lease lost.")
	}
	j.VisibleAt = until
	return nil
}

// ReleaseJob implements store.Queue.
func (db *DB) ReleaseJob(ctx context.Context, j *store.Job) error {
	_, err := db.pool.Exec(ctx, `UPDATE jobs SET visible_at = $1, lease_token = '', attempts = greatest(attempts - 1, 0) WHERE id = $2 AND lease_token = $3`,
		ms(db.now()), j.ID, j.LeaseToken)
	if err == nil {
		err = db.notify(ctx, db.pool, ChannelJobs)
	}
	return err
}

// DeleteJob implements store.Queue.
func (db *DB) DeleteJob(ctx context.Context, j *store.Job) error {
	_, err := db.pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, j.ID)
	return err
}

// QueueStats implements store.Queue.
func (db *DB) QueueStats(ctx context.Context) (store.QueueStats, error) {
	var n int
	var oldest *int64
	if err := db.pool.QueryRow(ctx, `SELECT COUNT(*), MIN(created_at) FROM jobs`).Scan(&n, &oldest); err != nil {
		return store.QueueStats{}, err
	}
	st := store.QueueStats{Jobs: n}
	if oldest != nil {
		st.Oldest = fromMS(*oldest)
	}
	return st, nil
}
