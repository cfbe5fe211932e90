package sqlite

import (
	"context"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/store"
)

// ReviewTask implements store.Tasks.
func (db *DB) ReviewTask(ctx context.Context, taskID string, detected docextract.DocType) error {
	return db.writeTx(ctx, func(tx *txn) error {
		if _, err := lockTask(ctx, tx, taskID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tasks SET status = ?, detected_type = ?, updated_at = ? WHERE id = ?`,
			docextract.TaskNeedsReview, string(detected), ms(db.now()), taskID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE task_id = ?`, taskID)
		return err
	})
}

// ApproveTask implements store.Tasks.
func (db *DB) ApproveTask(ctx context.Context, taskID string, docType docextract.DocType) error {
	if err := store.CheckApprovedType(docType); err != nil {
		return err
	}
	now := db.now()
	return db.writeTx(ctx, func(tx *txn) error {
		t, err := lockTask(ctx, tx, taskID)
		if err != nil {
			return err
		}
		if err := store.CheckReview(t); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tasks SET doc_type = ?, review_approved = 1 WHERE id = ?`, string(docType), taskID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE documents SET doc_type = ? WHERE task_id = ?`, string(docType), taskID); err != nil {
			return err
		}
		if err := moveOpenTask(ctx, tx, taskID, docextract.StatusQueued, now); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO jobs (id, task_id, kind, visible_at, created_at) VALUES (?, ?, 'extract', ?, ?)`,
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
