package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/store"
)

// ReprocessTask implements store.Tasks.
func (db *DB) ReprocessTask(ctx context.Context, taskID string) error {
	now := db.now()
	err := db.tx(ctx, true, func(tx pgx.Tx) error {
		t, err := scanTask(tx.QueryRow(ctx, `SELECT `+taskColumns+` FROM tasks WHERE id = $1 FOR UPDATE`, taskID))
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
		_, err = tx.Exec(ctx, `INSERT INTO jobs (id, task_id, kind, visible_at, created_at) VALUES ($1, $2, $3, $4, $5)`,
			jobID, taskID, store.JobReprocess, ms(now), ms(now))
		return err
	})
	return uniqueErr(err, "Task is already being reprocessed.")
}

// reprocessJob locks the task of the reprocessing job jobID inside tx.
func reprocessJob(ctx context.Context, tx pgx.Tx, jobID string) (*store.Task, error) {
	var taskID string
	if err := tx.QueryRow(ctx, `SELECT task_id FROM jobs WHERE id = $1 AND kind = $2`, jobID, store.JobReprocess).Scan(&taskID); err != nil {
		return nil, rowErr(err, "Job")
	}
	t, err := scanTask(tx.QueryRow(ctx, `SELECT `+taskColumns+` FROM tasks WHERE id = $1 FOR UPDATE`, taskID))
	if err != nil {
		return nil, rowErr(err, "Task")
	}
	// The job again, under the task's lock: a delete of the task may have
	// removed it meanwhile.
	var one int
	if err := tx.QueryRow(ctx, `SELECT 1 FROM jobs WHERE id = $1`, jobID).Scan(&one); err != nil {
		return nil, rowErr(err, "Job")
	}
	return t, nil
}

// CompleteReprocess implements store.Tasks: store.Reprocess decides, this
// writes.
func (db *DB) CompleteReprocess(ctx context.Context, jobID string, c *store.Completion) (bool, error) {
	var replaced bool
	err := db.tx(ctx, true, func(tx pgx.Tx) error {
		t, err := reprocessJob(ctx, tx, jobID)
		if err != nil {
			return err
		}
		b, err := lockBalance(ctx, tx, t.TeamID)
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT id FROM documents WHERE task_id = $1 ORDER BY position, id`, t.ID)
		if err != nil {
			return err
		}
		existing, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		h, ok, err := loadHold(ctx, tx, jobID)
		if err != nil {
			return err
		}
		if !ok {
			h = credits.Hold{ID: jobID, TeamID: t.TeamID}
		}
		r, err := store.Reprocess(*t, existing, db.NewID, c, b, h, db.now())
		if err != nil {
			return err
		}
		if r.Replaced {
			if len(r.Delete) > 0 {
				if _, err := tx.Exec(ctx, `DELETE FROM documents WHERE id = ANY($1)`, r.Delete); err != nil {
					return err
				}
			}
			if err := upsertDocuments(ctx, tx, r.Documents); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE tasks SET outcome = $1, content_type = $2, page_count = $3, updated_at = $4 WHERE id = $5`,
				r.Task.Outcome, r.Task.ContentType, r.Task.PageCount, ms(r.Task.UpdatedAt), t.ID); err != nil {
				return err
			}
		}
		if err := db.writeCredits(ctx, tx, r.Balance, r.Hold, r.Entries); err != nil {
			return err
		}
		replaced = r.Replaced
		_, err = tx.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, jobID)
		return err
	})
	return replaced, err
}

// AbandonReprocess implements store.Tasks.
func (db *DB) AbandonReprocess(ctx context.Context, jobID string) error {
	return db.tx(ctx, true, func(tx pgx.Tx) error {
		t, err := reprocessJob(ctx, tx, jobID)
		if err != nil {
			return err
		}
		if err := db.void(ctx, tx, t.TeamID, jobID); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, jobID)
		return err
	})
}

// voidReprocessHolds releases the holds of the task's reprocessing jobs,
// before the task (and with it the jobs) is deleted.
func (db *DB) voidReprocessHolds(ctx context.Context, tx pgx.Tx, teamID, taskID string) error {
	rows, err := tx.Query(ctx, `SELECT id FROM jobs WHERE task_id = $1 AND kind = $2`, taskID, store.JobReprocess)
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := db.void(ctx, tx, teamID, id); err != nil {
			return err
		}
	}
	return nil
}
