package sqlite

import (
	"context"
	"database/sql"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
)

// Grant implements credits.Ledger.
func (db *DB) Grant(ctx context.Context, teamID string, amount int64) error {
	return db.writeTx(ctx, func(tx *txn) error {
		b, err := loadBalance(ctx, tx, teamID)
		if err != nil {
			return err
		}
		if b, err = credits.ApplyGrant(b, amount); err != nil {
			return err
		}
		id := db.NewID()
		if err := db.appendEntry(ctx, tx, teamID, id, credits.ActionGrant, "", amount); err != nil {
			return err
		}
		return saveBalance(ctx, tx, teamID, b)
	})
}

// Balance implements credits.Ledger.
func (db *DB) Balance(ctx context.Context, teamID string) (credits.Balance, error) {
	var b credits.Balance
	err := db.rd.QueryRowContext(ctx, `SELECT granted, held, captured FROM credit_balances WHERE team_id = ?`, teamID).
		Scan(&b.Granted, &b.Held, &b.Captured)
	return b, rowErr(err, "Team")
}

// LedgerEntries implements store.Ledger.
func (db *DB) LedgerEntries(ctx context.Context, teamID string) ([]credits.Entry, error) {
	rows, err := db.rd.QueryContext(ctx, `SELECT id, team_id, hold_id, action, ref, amount, created_at FROM credit_ledger WHERE team_id = ? ORDER BY seq`, teamID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []credits.Entry
	for rows.Next() {
		var e credits.Entry
		var created sql.NullInt64
		if err := rows.Scan(&e.ID, &e.TeamID, &e.HoldID, &e.Action, &e.Ref, &e.Amount, &created); err != nil {
			return nil, err
		}
		e.CreatedAt = fromMS(created)
		out = append(out, e)
	}
	return out, rows.Err()
}

// RecentLedgerEntries implements store.Ledger.
func (db *DB) RecentLedgerEntries(ctx context.Context, teamID string, limit int) ([]credits.Entry, error) {
	rows, err := db.rd.QueryContext(ctx, `SELECT id, team_id, hold_id, action, ref, amount, created_at FROM credit_ledger WHERE team_id = ? ORDER BY seq DESC LIMIT ?`, teamID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []credits.Entry
	for rows.Next() {
		var e credits.Entry
		var created sql.NullInt64
		if err := rows.Scan(&e.ID, &e.TeamID, &e.HoldID, &e.Action, &e.Ref, &e.Amount, &created); err != nil {
			return nil, err
		}
		e.CreatedAt = fromMS(created)
		out = append(out, e)
	}
	return out, rows.Err()
}

func loadBalance(ctx context.Context, tx *txn, teamID string) (credits.Balance, error) {
	var b credits.Balance
	err := tx.QueryRowContext(ctx, `SELECT granted, held, captured FROM credit_balances WHERE team_id = ?`, teamID).
		Scan(&b.Granted, &b.Held, &b.Captured)
	return b, rowErr(err, "Team")
}

func saveBalance(ctx context.Context, tx *txn, teamID string, b credits.Balance) error {
	_, err := tx.ExecContext(ctx, `UPDATE credit_balances SET granted = ?, held = ?, captured = ? WHERE team_id = ?`, b.Granted, b.Held, b.Captured, teamID)
	return err
}

// loadHold returns the hold, and false when there is none.
func loadHold(ctx context.Context, tx *txn, id string) (credits.Hold, bool, error) {
	h := credits.Hold{ID: id}
	err := tx.QueryRowContext(ctx, `SELECT team_id, amount, remaining, captured, closed FROM credit_holds WHERE id = ?`, id).
		Scan(&h.TeamID, &h.Amount, &h.Remaining, &h.Captured, &h.Closed)
	if err == sql.ErrNoRows {
		return h, false, nil
	}
	return h, err == nil, err
}

func saveHold(ctx context.Context, tx *txn, h credits.Hold) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO credit_holds (id, team_id, amount, remaining, captured, closed) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET remaining = excluded.remaining, captured = excluded.captured, closed = excluded.closed`,
		h.ID, h.TeamID, h.Amount, h.Remaining, h.Captured, h.Closed)
	return err
}

// appendEntry appends a ledger row; it reports false when (hold, action,
// ref) was applied before, in which case the caller must change nothing.
func (db *DB) appendEntryOnce(ctx context.Context, tx *txn, teamID, holdID string, a credits.Action, ref string, amount int64) (bool, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO credit_ledger (id, team_id, hold_id, action, ref, amount, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (hold_id, action, ref) DO NOTHING`, db.NewID(), teamID, holdID, string(a), ref, amount, ms(db.now()))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (db *DB) appendEntry(ctx context.Context, tx *txn, teamID, holdID string, a credits.Action, ref string, amount int64) error {
	_, err := db.appendEntryOnce(ctx, tx, teamID, holdID, a, ref, amount)
	return err
}

// hold reserves amount under holdID inside tx (idempotent).
func (db *DB) hold(ctx context.Context, tx *txn, teamID, holdID string, amount int64) error {
	// The ledger row is the idempotency check: a hold made before leaves
	// appendEntryOnce false and everything unchanged.
	b, err := loadBalance(ctx, tx, teamID)
	if err != nil {
		return err
	}
	b, h, err := credits.ApplyHold(b, holdID, teamID, amount)
	if err != nil {
		return err
	}
	if ok, err := db.appendEntryOnce(ctx, tx, teamID, holdID, credits.ActionHold, "", amount); err != nil || !ok {
		return err
	}
	if err := saveHold(ctx, tx, h); err != nil {
		return err
	}
	return saveBalance(ctx, tx, teamID, b)
}

// void releases what holdID still reserves, inside tx (idempotent).
func (db *DB) void(ctx context.Context, tx *txn, holdID string) error {
	h, ok, err := loadHold(ctx, tx, holdID)
	if err != nil || !ok || h.Closed {
		return err
	}
	b, err := loadBalance(ctx, tx, h.TeamID)
	if err != nil {
		return err
	}
	b, h, entries, err := credits.Settle(b, h, nil)
	if err != nil {
		return err
	}
	return db.writeCredits(ctx, tx, b, h, entries)
}

// writeCredits appends entries to the ledger and stores the hold and the
// balance they led to, inside tx. A movement recorded before (the same
// hold, action and ref) is a conflict: the transaction rolls back.
func (db *DB) writeCredits(ctx context.Context, tx *txn, b credits.Balance, h credits.Hold, entries []credits.Entry) error {
	if len(entries) == 0 {
		return nil
	}
	for _, e := range entries {
		ok, err := db.appendEntryOnce(ctx, tx, e.TeamID, e.HoldID, e.Action, e.Ref, e.Amount)
		if err != nil {
			return err
		}
		if !ok {
			return docextract.Errorf(docextract.ECONFLICT, "Credit movement %s of hold %s recorded already.", e.Action, e.HoldID)
		}
	}
	if err := saveHold(ctx, tx, h); err != nil {
		return err
	}
	return saveBalance(ctx, tx, h.TeamID, b)
}
