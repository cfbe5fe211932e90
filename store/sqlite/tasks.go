package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/store"
)

const taskColumns = `id, team_id, doc_type, status, outcome, error_code, error_detail, ingest_source, file_name, content_type, page_count, file_size, credits_held, created_at, updated_at, completed_at,
	EXISTS (SELECT 1 FROM jobs WHERE jobs.task_id = tasks.id AND jobs.kind = 'reprocess'), detected_type, review_approved`

func scanTask(s scanner) (*store.Task, error) {
	var t store.Task
	var detected string
	var created, updated, completed sql.NullInt64
	if err := s.Scan(&t.ID, &t.TeamID, &t.DocType, &t.Status, &t.Outcome, &t.ErrorCode, &t.ErrorDetail, &t.IngestSource, &t.FileName, &t.ContentType,
		&t.PageCount, &t.FileSize, &t.CreditsHeld, &created, &updated, &completed, &t.Reprocessing, &detected, &t.ReviewApproved); err != nil {
		return nil, err
	}
	t.CreatedAt, t.UpdatedAt, t.CompletedAt = fromMS(created), fromMS(updated), fromMS(completed)
	t.DetectedType = docextract.DocType(detected)
	return &t, nil
}

const documentColumns = `id, task_id, team_id, position, doc_type, status, file_name, page_start, page_end, template_id, source, data, validation, passed, confidence, field_confidence, credits_used, created_at, updated_at`

func scanDocument(s scanner) (*store.Document, error) {
	var d store.Document
	var created, updated sql.NullInt64
	var data, validation, fieldConf []byte
	if err := s.Scan(&d.ID, &d.TaskID, &d.TeamID, &d.Position, &d.DocType, &d.Status, &d.FileName, &d.PageStart, &d.PageEnd,
		&d.TemplateID, &d.Source, &data, &validation, &d.Passed, &d.Confidence, &fieldConf, &d.CreditsUsed, &created, &updated); err != nil {
		return nil, err
	}
	if len(data) > 0 {
		d.Data = data
	}
	if len(validation) > 0 {
		d.Validation = validation
	}
	if len(fieldConf) > 0 {
		d.FieldConfidence = fieldConf
	}
	d.CreatedAt, d.UpdatedAt = fromMS(created), fromMS(updated)
	return &d, nil
}

// CreateUpload implements store.Tasks.
func (db *DB) CreateUpload(ctx context.Context, u *store.Upload) error {
	return db.CreateUploads(ctx, []*store.Upload{u})
}

// CreateUploads implements store.Tasks.
func (db *DB) CreateUploads(ctx context.Context, us []*store.Upload) error {
	for _, u := range us {
		if t := u.Task; t == nil || t.ID == "" || t.TeamID == "" {
			return docextract.Errorf(docextract.EINVALID, "Task id and team required.")
		}
	}
	now := db.now()
	for _, u := range us {
		t := u.Task
		t.Status = docextract.TaskQueued
		if t.IngestSource == "" {
			t.IngestSource = docextract.SourceUpload
		}
		t.CreditsHeld = u.Credits
		t.CreatedAt, t.UpdatedAt = now.Truncate(1e6), now.Truncate(1e6)
	}
	return db.writeTx(ctx, func(tx *txn) error {
		for _, u := range us {
			if err := db.createUpload(ctx, tx, u, now); err != nil {
				return err
			}
		}
		return nil
	})
}

// createUpload writes u inside tx.
func (db *DB) createUpload(ctx context.Context, tx *txn, u *store.Upload, now time.Time) error {
	t := u.Task
	if u.IdempotencyKey != "" {
		if err := db.recordIdempotencyKey(ctx, tx, u, now); err != nil {
			return err
		}
	}
	if err := db.hold(ctx, tx, t.TeamID, t.ID, u.Credits); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO tasks (id, team_id, doc_type, status, ingest_source, file_name, content_type, page_count, file_size, credits_held, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		t.ID, t.TeamID, string(t.DocType), t.Status, t.IngestSource, t.FileName, t.ContentType, t.PageCount, t.FileSize, t.CreditsHeld, ms(now), ms(now)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO documents (id, task_id, team_id, position, doc_type, status, file_name, page_start, page_end, created_at, updated_at)
		VALUES (?, ?, ?, 0, ?, ?, ?, 0, 0, ?, ?)`,
		t.ID, t.ID, t.TeamID, string(t.DocType), docextract.StatusQueued, t.FileName, ms(now), ms(now)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO jobs (id, task_id, kind, visible_at, created_at) VALUES (?, ?, 'extract', ?, ?)`,
		db.NewID(), t.ID, ms(now), ms(now)); err != nil {
		return err
	}
	if u.File == nil {
		return nil
	}
	if err := writeFile(ctx, tx, t.ID, u.File, t.FileSize); err != nil {
		return fmt.Errorf("store upload file: %w", err)
	}
	return nil
}

// fileChunk is the largest piece of a file stored in one row: big enough
// that a 20 MB upload is 80 rows, small enough that a chunk in flight costs
// little memory.
const fileChunk = 256 << 10

// writeFile stores the size bytes of r under taskID in chunks. A reader
// shorter or longer than size is an error (the transaction rolls back).
func writeFile(ctx context.Context, tx *txn, taskID string, r io.Reader, size int64) error {
	buf := make([]byte, min(max(size, 1), fileChunk))
	var done int64
	for seq := 0; done < size; seq++ {
		n := min(int64(len(buf)), size-done)
		if _, err := io.ReadFull(r, buf[:n]); err != nil {
			return fmt.Errorf("read %d of %d bytes: %w", done, size, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO task_files (task_id, seq, data) VALUES (?, ?, ?)`, taskID, seq, buf[:n]); err != nil {
			return err
		}
		done += n
	}
	if n, _ := r.Read(buf[:1]); n > 0 {
		return fmt.Errorf("more than the %d bytes announced", size)
	}
	return nil
}

// ReadFile implements store.Tasks.
func (db *DB) ReadFile(ctx context.Context, taskID string) ([]byte, error) {
	var out []byte
	err := db.readTx(ctx, func(tx *txn) error {
		var size int64
		if err := tx.QueryRowContext(ctx, `SELECT file_size FROM tasks WHERE id = ?`, taskID).Scan(&size); err != nil {
			return rowErr(err, "File")
		}
		rows, err := tx.QueryContext(ctx, `SELECT data FROM task_files WHERE task_id = ? ORDER BY seq`, taskID)
		if err != nil {
			return err
		}
		defer rows.Close()
		out = make([]byte, 0, size)
		found := false
		for rows.Next() {
			var chunk sql.RawBytes
			if err := rows.Scan(&chunk); err != nil {
				return err
			}
			out, found = append(out, chunk...), true
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if !found {
			return notFound("File")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// FindTask implements store.Tasks.
func (db *DB) FindTask(ctx context.Context, id string) (*store.Task, error) {
	t, err := scanTask(db.rd.QueryRowContext(ctx, `SELECT `+taskColumns+` FROM tasks WHERE id = ?`, id))
	return t, rowErr(err, "Task")
}

// FindDocument implements store.Tasks.
func (db *DB) FindDocument(ctx context.Context, id string) (*store.Document, error) {
	d, err := scanDocument(db.rd.QueryRowContext(ctx, `SELECT `+documentColumns+` FROM documents WHERE id = ?`, id))
	return d, rowErr(err, "Document")
}

// ListDocuments implements store.Tasks.
func (db *DB) ListDocuments(ctx context.Context, taskID string) ([]*store.Document, error) {
	return listDocuments(ctx, db.rd, taskID)
}

// listColumns are documentColumns without the data and validation blobs.
const listColumns = `id, task_id, team_id, position, doc_type, status, file_name, page_start, page_end, template_id, source, NULL, NULL, passed, confidence, NULL, credits_used, created_at, updated_at`

// ListTeamDocuments implements store.Tasks, on the index
// documents_team_created.
func (db *DB) ListTeamDocuments(ctx context.Context, teamID string, after store.DocumentKey, limit int) ([]*store.Document, error) {
	q := `SELECT ` + listColumns + ` FROM documents WHERE team_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`
	args := []any{teamID, limit}
	if after.ID != "" {
		q = `SELECT ` + listColumns + ` FROM documents WHERE team_id = ? AND (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?`
		args = []any{teamID, ms(after.CreatedAt), after.ID, limit}
	}
	rows, err := db.rd.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*store.Document
	for rows.Next() {
		d, err := scanDocument(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func listDocuments(ctx context.Context, q querier, taskID string) ([]*store.Document, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+documentColumns+` FROM documents WHERE task_id = ? ORDER BY position, id`, taskID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*store.Document
	for rows.Next() {
		d, err := scanDocument(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// lockTask loads the task inside a write transaction and refuses finished
// tasks with ECONFLICT.
func lockTask(ctx context.Context, tx *txn, id string) (*store.Task, error) {
	t, err := scanTask(tx.QueryRowContext(ctx, `SELECT `+taskColumns+` FROM tasks WHERE id = ?`, id))
	if err != nil {
		return nil, rowErr(err, "Task")
	}
	if t.Finished() {
		return t, docextract.Errorf(docextract.ECONFLICT, "Task is already %s.", t.Status)
	}
	return t, nil
}

// StartTask implements store.Tasks.
func (db *DB) StartTask(ctx context.Context, taskID string) (*store.Task, error) {
	now := db.now()
	var t *store.Task
	err := db.writeTx(ctx, func(tx *txn) error {
		var err error
		if t, err = lockTask(ctx, tx, taskID); err != nil {
			return err
		}
		return moveOpenTask(ctx, tx, taskID, docextract.StatusProcessing, now)
	})
	if err != nil {
		return nil, err
	}
	t.Status, t.UpdatedAt = docextract.TaskProcessing, now.Truncate(time.Millisecond)
	return t, nil
}

// moveOpenTask sets an unfinished task and its unfinished documents to
// status (queued or processing).
func moveOpenTask(ctx context.Context, tx *txn, taskID, status string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `UPDATE tasks SET status = ?, updated_at = ? WHERE id = ?`, status, ms(now), taskID); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `UPDATE documents SET status = ?, updated_at = ? WHERE task_id = ? AND status IN (?, ?)`,
		status, ms(now), taskID, docextract.StatusQueued, docextract.StatusProcessing)
	return err
}

// WaitTask implements store.Tasks.
func (db *DB) WaitTask(ctx context.Context, taskID string, status docextract.TaskStatus) error {
	if status != docextract.TaskPasswordRequired && status != docextract.TaskNeedsReview {
		return docextract.Errorf(docextract.EINVALID, "Invalid waiting status.")
	}
	return db.writeTx(ctx, func(tx *txn) error {
		if _, err := lockTask(ctx, tx, taskID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tasks SET status = ?, updated_at = ? WHERE id = ?`, status, ms(db.now()), taskID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE task_id = ?`, taskID)
		return err
	})
}

// ResumeTask implements store.Tasks.
func (db *DB) ResumeTask(ctx context.Context, taskID, password string) error {
	now := db.now()
	return db.writeTx(ctx, func(tx *txn) error {
		t, err := lockTask(ctx, tx, taskID)
		if err != nil {
			return err
		}
		if t.Status != docextract.TaskPasswordRequired {
			return docextract.Errorf(docextract.ECONFLICT, "Task is not waiting for a password.")
		}
		if err := moveOpenTask(ctx, tx, taskID, docextract.StatusQueued, now); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO jobs (id, task_id, kind, visible_at, created_at, password) VALUES (?, ?, 'extract', ?, ?, ?)`,
			db.NewID(), taskID, ms(now), ms(now), password)
		return err
	})
}

// CompleteTask implements store.Tasks: store.Complete decides, this
// writes.
func (db *DB) CompleteTask(ctx context.Context, c *store.Completion) (*store.TaskEvent, error) {
	return db.settleTask(ctx, c.TaskID, func(t *store.Task, b credits.Balance, h credits.Hold) (*store.Settlement, error) {
		return store.Complete(*t, c, b, h, db.now())
	})
}

// FailTask implements store.Tasks: store.Fail decides, this writes.
func (db *DB) FailTask(ctx context.Context, taskID, code, detail string) (*store.TaskEvent, error) {
	if err := store.CheckFailCode(code); err != nil {
		return nil, err
	}
	return db.settleTask(ctx, taskID, func(t *store.Task, b credits.Balance, h credits.Hold) (*store.Settlement, error) {
		return store.Fail(*t, code, detail, b, h, db.now())
	})
}

// settleTask ends the task in one transaction: it loads the task (refusing
// a finished one), its hold and the team's balance, lets decide settle
// them, and writes the settlement.
func (db *DB) settleTask(ctx context.Context, taskID string, decide func(*store.Task, credits.Balance, credits.Hold) (*store.Settlement, error)) (*store.TaskEvent, error) {
	var ev *store.TaskEvent
	err := db.writeTx(ctx, func(tx *txn) error {
		t, err := lockTask(ctx, tx, taskID)
		if err != nil {
			return err
		}
		h, ok, err := loadHold(ctx, tx, t.ID)
		if err != nil {
			return err
		}
		if !ok {
			h = credits.Hold{ID: t.ID, TeamID: t.TeamID}
		}
		b, err := loadBalance(ctx, tx, t.TeamID)
		if err != nil {
			return err
		}
		s, err := decide(t, b, h)
		if err != nil {
			return err
		}
		if err := db.writeSettlement(ctx, tx, s); err != nil {
			return err
		}
		ev = s.Event
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ev, nil
}

// writeSettlement writes s as store.Settlement says.
func (db *DB) writeSettlement(ctx context.Context, tx *txn, s *store.Settlement) error {
	t := &s.Task
	upd := ms(t.UpdatedAt)
	if err := upsertDocuments(ctx, tx, s.Documents); err != nil {
		return err
	}
	switch {
	case t.Status == docextract.TaskFailed:
		if _, err := tx.ExecContext(ctx, `UPDATE documents SET status = ?, updated_at = ? WHERE task_id = ?`, t.Status, upd, t.ID); err != nil {
			return err
		}
	case len(s.Documents) == 0:
		// Nothing of the requested type: the upload's document stays,
		// completed without data, and answers not-found.
		if _, err := tx.ExecContext(ctx, `UPDATE documents SET status = ?, updated_at = ? WHERE id = ?`, t.Status, upd, t.ID); err != nil {
			return err
		}
	}
	if err := db.writeCredits(ctx, tx, s.Balance, s.Hold, s.Entries); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tasks SET status = ?, outcome = ?, error_code = ?, error_detail = ?, content_type = ?, page_count = ?, updated_at = ?, completed_at = ? WHERE id = ?`,
		t.Status, t.Outcome, t.ErrorCode, t.ErrorDetail, t.ContentType, t.PageCount, upd, ms(t.CompletedAt), t.ID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE task_id = ?`, t.ID); err != nil {
		return err
	}
	return db.recordEvent(ctx, tx, s.Event)
}

func (db *DB) recordEvent(ctx context.Context, tx *txn, ev *store.TaskEvent) error {
	ev.ID = db.NewID()
	_, err := tx.ExecContext(ctx, `INSERT INTO task_events (id, team_id, task_id, type, outcome, error_code, ingest_source, file_name, content_type, page_count, task_created_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		ev.ID, ev.TeamID, ev.TaskID, ev.Type, ev.Outcome, ev.ErrorCode, ev.IngestSource, ev.FileName, ev.ContentType, ev.PageCount, ms(ev.TaskCreatedAt), ms(ev.CreatedAt))
	return err
}

// FindTaskEvent implements store.Tasks.
func (db *DB) FindTaskEvent(ctx context.Context, taskID string) (*store.TaskEvent, error) {
	var ev store.TaskEvent
	var tc, c sql.NullInt64
	err := db.rd.QueryRowContext(ctx, `SELECT id, team_id, task_id, type, outcome, error_code, ingest_source, file_name, content_type, page_count, task_created_at, created_at
		FROM task_events WHERE task_id = ?`, taskID).Scan(&ev.ID, &ev.TeamID, &ev.TaskID, &ev.Type, &ev.Outcome, &ev.ErrorCode,
		&ev.IngestSource, &ev.FileName, &ev.ContentType, &ev.PageCount, &tc, &c)
	if err != nil {
		return nil, rowErr(err, "Task event")
	}
	ev.TaskCreatedAt, ev.CreatedAt = fromMS(tc), fromMS(c)
	return &ev, nil
}

// DeleteDocument implements store.Tasks.
func (db *DB) DeleteDocument(ctx context.Context, id string) (*store.DeleteResult, error) {
	res := &store.DeleteResult{}
	err := db.writeTx(ctx, func(tx *txn) error {
		var taskID string
		if err := tx.QueryRowContext(ctx, `SELECT task_id FROM documents WHERE id = ?`, id).Scan(&taskID); err != nil {
			return rowErr(err, "Document")
		}
		res.TaskID = taskID
		if _, err := tx.ExecContext(ctx, `DELETE FROM documents WHERE id = ?`, id); err != nil {
			return err
		}
		var left int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM documents WHERE task_id = ?`, taskID).Scan(&left); err != nil {
			return err
		}
		if left > 0 {
			return nil
		}
		// The last document: the task goes, with its job and what its hold
		// still reserves. The task event (if any) stays for webhook history.
		if err := db.void(ctx, tx, taskID); err != nil {
			return err
		}
		if err := db.voidReprocessHolds(ctx, tx, taskID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM tasks WHERE id = ?`, taskID); err != nil {
			return err
		}
		res.TaskDeleted = true
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

func nullBytes(b []byte) any {
	if len(b) == 0 {
		return nil
	}
	return []byte(b)
}

// recordIdempotencyKey purges the team's expired keys and records u's key,
// or returns ECONFLICT when the key is still in use.
func (db *DB) recordIdempotencyKey(ctx context.Context, tx *txn, u *store.Upload, now time.Time) error {
	expired := ms(now.Add(-store.IdempotencyWindow))
	// This key's expired record, then up to 100 expired ones of any team:
	// the table holds about a window's worth of keys, each upload pays a
	// bounded share of the purge, and a team that stopped uploading does
	// not leave its keys behind.
	if _, err := tx.ExecContext(ctx, `DELETE FROM idempotency_keys WHERE team_id = ? AND key = ? AND created_at < ?`,
		u.Task.TeamID, u.IdempotencyKey, expired); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM idempotency_keys WHERE rowid IN (
		SELECT rowid FROM idempotency_keys WHERE created_at < ? LIMIT 100)`, expired); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO idempotency_keys (team_id, key, task_id, doc_type, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (team_id, key) DO NOTHING`, u.Task.TeamID, u.IdempotencyKey, u.Task.ID, string(u.Task.DocType), ms(now))
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return docextract.Errorf(docextract.ECONFLICT, "Idempotency key in use.")
	}
	return nil
}

// FindIdempotentUpload implements store.Tasks.
func (db *DB) FindIdempotentUpload(ctx context.Context, teamID, key string, since time.Time) (string, docextract.DocType, error) {
	var taskID, docType string
	err := db.rd.QueryRowContext(ctx, `SELECT task_id, doc_type FROM idempotency_keys WHERE team_id = ? AND key = ? AND created_at >= ?`,
		teamID, key, ms(since)).Scan(&taskID, &docType)
	if err != nil {
		return "", "", rowErr(err, "Idempotency key")
	}
	return taskID, docextract.DocType(docType), nil
}

// upsertDocuments inserts docs, or updates those whose id exists.
func upsertDocuments(ctx context.Context, tx *txn, docs []*store.Document) error {
	for _, d := range docs {
		if _, err := tx.ExecContext(ctx, `INSERT INTO documents (id, task_id, team_id, position, doc_type, status, file_name, page_start, page_end, template_id, source, data, validation, passed, confidence, field_confidence, credits_used, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET position = excluded.position, doc_type = excluded.doc_type, status = excluded.status,
				page_start = excluded.page_start, page_end = excluded.page_end, template_id = excluded.template_id, source = excluded.source,
				data = excluded.data, validation = excluded.validation, passed = excluded.passed, confidence = excluded.confidence, field_confidence = excluded.field_confidence,
				credits_used = excluded.credits_used, updated_at = excluded.updated_at`,
			d.ID, d.TaskID, d.TeamID, d.Position, string(d.DocType), d.Status, d.FileName, d.PageStart, d.PageEnd, d.TemplateID, d.Source,
			nullBytes(d.Data), nullBytes(d.Validation), d.Passed, d.Confidence, nullBytes(d.FieldConfidence), d.CreditsUsed, ms(d.CreatedAt), ms(d.UpdatedAt)); err != nil {
			return err
		}
	}
	return nil
}
