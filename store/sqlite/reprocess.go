package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/store"
)

// ReprocessTask implements store.Tasks.
func (db *DB) ReprocessTask(ctx context.Context, taskID string) error {
	now := db.now()
	return db.writeTx(ctx, func(tx *txn) error {
		t, err := scanTask(tx.QueryRowContext(ctx, `SELECT `+taskColumns+` FROM tasks WHERE id = ?`, taskID))
		if err != nil {
			return rowErr(err, "Task")
		}
		switch {
		case !t.Finished():
			return docextract.Errorf(docextract.ECONFLICT, "Task is not finished.")
		case t.Reprocessing:
			return docextract.Errorf(docextract.ECONFLICT, "Task is already being reprocessed.")
		}
		jobID := db.NewID()
		if err := db.hold(ctx, tx, t.TeamID, jobID, store.ReprocessHold(t)); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO jobs (id, task_id, kind, visible_at, created_at) VALUES (?, ?, ?, ?, ?)`,
			jobID, taskID, store.JobReprocess, ms(now), ms(now))
		return err
	})
}

// reprocessJob loads the reprocessing job jobID's task inside tx.
func reprocessJob(ctx context.Context, tx *txn, jobID string) (*store.Task, error) {
	var taskID string
	err := tx.QueryRowContext(ctx, `SELECT task_id FROM jobs WHERE id = ? AND kind = ?`, jobID, store.JobReprocess).Scan(&taskID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("Job")
	} else if err != nil {
		return nil, err
	}
	t, err := scanTask(tx.QueryRowContext(ctx, `SELECT `+taskColumns+` FROM tasks WHERE id = ?`, taskID))
	return t, rowErr(err, "Task")
}

// CompleteReprocess implements store.Tasks: store.Reprocess decides, this
// writes.
func (db *DB) CompleteReprocess(ctx context.Context, jobID string, c *store.Completion) (bool, error) {
	var replaced bool
	err := db.writeTx(ctx, func(tx *txn) error {
		t, err := reprocessJob(ctx, tx, jobID)
		if err != nil {
			return err
		}
		var existing []string
		rows, err := tx.QueryContext(ctx, `SELECT id FROM documents WHERE task_id = ? ORDER BY position, id`, t.ID)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			existing = append(existing, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		h, ok, err := loadHold(ctx, tx, jobID)
		if err != nil {
			return err
		}
		if !ok {
			h = credits.Hold{ID: jobID, TeamID: t.TeamID}
		}
		b, err := loadBalance(ctx, tx, t.TeamID)
		if err != nil {
			return err
		}
		r, err := store.Reprocess(*t, existing, db.NewID, c, b, h, db.now())
		if err != nil {
			return err
		}
		if r.Replaced {
			for _, id := range r.Delete {
				if _, err := tx.ExecContext(ctx, `DELETE FROM documents WHERE id = ?`, id); err != nil {
					return err
				}
			}
			if err := upsertDocuments(ctx, tx, r.Documents); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE tasks SET outcome = ?, content_type = ?, page_count = ?, updated_at = ? WHERE id = ?`,
				r.Task.Outcome, r.Task.ContentType, r.Task.PageCount, ms(r.Task.UpdatedAt), t.ID); err != nil {
				return err
			}
		}
		if err := db.writeCredits(ctx, tx, r.Balance, r.Hold, r.Entries); err != nil {
			return err
		}
		replaced = r.Replaced
		_, err = tx.ExecContext(ctx, `DELETE FROM jobs WHERE id = ?`, jobID)
		return err
	})
	return replaced, err
}

// AbandonReprocess implements store.Tasks.
func (db *DB) AbandonReprocess(ctx context.Context, jobID string) error {
	return db.writeTx(ctx, func(tx *txn) error {
		if _, err := reprocessJob(ctx, tx, jobID); err != nil {
			return err
		}
		if err := db.void(ctx, tx, jobID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE id = ?`, jobID)
		return err
	})
}

// voidReprocessHolds releases the holds of the task's reprocessing jobs,
// before the task (and with it the jobs) is deleted.
func (db *DB) voidReprocessHolds(ctx context.Context, tx *txn, taskID string) error {
	rows, err := tx.QueryContext(ctx, `SELECT id FROM jobs WHERE task_id = ? AND kind = ?`, taskID, store.JobReprocess)
	if err != nil {
		return err
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range ids {
		if err := db.void(ctx, tx, id); err != nil {
			return err
		}
	}
	return nil
}
