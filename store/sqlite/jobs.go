package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
)

// LeaseJob implements store.Queue.
func (db *DB) LeaseJob(ctx context.Context, d time.Duration) (*store.Job, error) {
	now := db.now()
	// Idle workers poll: look on a reader first, take the write lock only
	// when there is something to lease.
	var one int
	err := db.rd.QueryRowContext(ctx, `SELECT 1 FROM jobs WHERE visible_at <= ? LIMIT 1`, ms(now)).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	j := &store.Job{LeaseToken: db.NewID(), VisibleAt: now.Add(d).Truncate(time.Millisecond)}
	var created sql.NullInt64
	err = db.writeTx(ctx, func(tx *txn) error {
		return tx.QueryRowContext(ctx, `UPDATE jobs SET lease_token = ?, visible_at = ?, attempts = attempts + 1
			WHERE id = (SELECT id FROM jobs WHERE visible_at <= ? ORDER BY visible_at, created_at LIMIT 1)
			RETURNING id, task_id, kind, attempts, created_at, password`,
			j.LeaseToken, ms(j.VisibleAt), ms(now)).Scan(&j.ID, &j.TaskID, &j.Kind, &j.Attempts, &created, &j.Password)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	j.CreatedAt = fromMS(created)
	return j, nil
}

// LeaseJobExcept implements store.Queue. It is the path of the spare
// worker only, which polls: the scan of the visible jobs it makes (joined
// with their tasks) is not on the hot path of LeaseJob.
func (db *DB) LeaseJobExcept(ctx context.Context, d time.Duration, teams []string) (*store.Job, error) {
	if len(teams) == 0 {
		return db.LeaseJob(ctx, d)
	}
	skip, err := json.Marshal(teams)
	if err != nil {
		return nil, err
	}
	now := db.now()
	j := &store.Job{LeaseToken: db.NewID(), VisibleAt: now.Add(d).Truncate(time.Millisecond)}
	var created sql.NullInt64
	err = db.writeTx(ctx, func(tx *txn) error {
		return tx.QueryRowContext(ctx, `UPDATE jobs SET lease_token = ?, visible_at = ?, attempts = attempts + 1
			WHERE id = (SELECT j.id FROM jobs j JOIN tasks t ON t.id = j.task_id
				WHERE j.visible_at <= ? AND t.team_id NOT IN (SELECT value FROM json_each(?))
				ORDER BY j.visible_at, j.created_at LIMIT 1)
			RETURNING id, task_id, kind, attempts, created_at, password`,
			j.LeaseToken, ms(j.VisibleAt), ms(now), string(skip)).Scan(&j.ID, &j.TaskID, &j.Kind, &j.Attempts, &created, &j.Password)
	})
	if errors.Is(err, sql.ErrNoRows) {
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
	return db.writeTx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE jobs SET visible_at = ? WHERE id = ? AND lease_token = ?`, ms(until), j.ID, j.LeaseToken)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return docextract.Errorf(docextract.ECONFLICT, "Job lease lost.")
		}
		j.VisibleAt = until
		return nil
	})
}

// ReleaseJob implements store.Queue.
func (db *DB) ReleaseJob(ctx context.Context, j *store.Job) error {
	return db.writeTx(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `UPDATE jobs SET visible_at = ?, lease_token = '', attempts = max(attempts - 1, 0) WHERE id = ? AND lease_token = ?`,
			ms(db.now()), j.ID, j.LeaseToken)
		return err
	})
}

// DeleteJob implements store.Queue.
func (db *DB) DeleteJob(ctx context.Context, j *store.Job) error {
	return db.writeTx(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE id = ?`, j.ID)
		return err
	})
}

// QueueStats implements store.Queue.
func (db *DB) QueueStats(ctx context.Context) (store.QueueStats, error) {
	var n int
	var oldest sql.NullInt64
	if err := db.rd.QueryRowContext(ctx, `SELECT COUNT(*), MIN(created_at) FROM jobs`).Scan(&n, &oldest); err != nil {
		return store.QueueStats{}, err
	}
	st := store.QueueStats{Jobs: n}
	if oldest.Valid {
		st.Oldest = fromMS(oldest)
	}
	return st, nil
}
