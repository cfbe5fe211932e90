package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/store"
)

// ReviewTask implements store.Tasks.
func (db *DB) ReviewTask(ctx context.Context, taskID string, detected docextract.DocType) error {
	return db.tx(ctx, true, func(tx pgx.Tx) error {
		if _, err := lockTask(ctx, tx, taskID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE tasks SET status = $1, detected_type = $2, updated_at = $3 WHERE id = $4`,
			string(docextract.TaskNeedsReview), string(detected), ms(db.now()), taskID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM jobs WHERE task_id = $1`, taskID)
		return err
	})
}

// ApproveTask implements store.Tasks.
func (db *DB) ApproveTask(ctx context.Context, taskID string, docType docextract.DocType) error {
	if err := store.CheckApprovedType(docType); err != nil {
		return err
	}
	now := db.now()
	return db.tx(ctx, true, func(tx pgx.Tx) error {
		t, err := lockTask(ctx, tx, taskID)
		if err != nil {
			return err
		}
		if err := store.CheckReview(t); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE tasks SET doc_type = $1, review_approved = true WHERE id = $2`, string(docType), taskID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE documents SET doc_type = $1 WHERE task_id = $2`, string(docType), taskID); err != nil {
			return err
		}
		if err := moveOpenTask(ctx, tx, taskID, docextract.StatusQueued, now); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO jobs (id, task_id, kind, visible_at, created_at) VALUES ($1, $2, 'extract', $3, $4)`,
			db.NewID(), taskID, ms(now), ms(now))
		return err
	})
}

// RejectTask implements store.Tasks: store.Complete decides, with no
// documents.
func (db *DB) RejectTask(ctx context.Context, taskID string) (*store.TaskEvent, error) {
	return db.settleTask(ctx, taskID, func(t *store.Task, b credits.Balance, h credits.Hold) (*store.Settlement, error) {
		if err := store.CheckReview(t); err != nil {
			return nil, err
		}
		return store.Complete(*t, &store.Completion{TaskID: t.ID}, b, h, db.now())
	})
}
