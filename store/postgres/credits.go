package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
)

// Grant implements credits.Ledger.
func (db *DB) Grant(ctx context.Context, teamID string, amount int64) error {
	return db.tx(ctx, true, func(tx pgx.Tx) error {
		b, err := lockBalance(ctx, tx, teamID)
		if err != nil {
			return err
		}
		if b, err = credits.ApplyGrant(b, amount); err != nil {
			return err
		}
		if err := db.appendEntry(ctx, tx, teamID, db.NewID(), credits.ActionGrant, "", amount); err != nil {
			return err
		}
		return saveBalance(ctx, tx, teamID, b)
	})
}

// Balance implements credits.Ledger.
func (db *DB) Balance(ctx context.Context, teamID string) (credits.Balance, error) {
	var b credits.Balance
	err := db.pool.QueryRow(ctx, `SELECT granted, held, captured FROM credit_balances WHERE team_id = $1`, teamID).
		Scan(&b.Granted, &b.Held, &b.Captured)
	return b, rowErr(err, "Team")
}

// LedgerEntries implements store.Ledger.
func (db *DB) LedgerEntries(ctx context.Context, teamID string) ([]credits.Entry, error) {
	rows, err := db.pool.Query(ctx, `SELECT id, team_id, hold_id, action, ref, amount, created_at FROM credit_ledger WHERE team_id = $1 ORDER BY seq`, teamID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []credits.Entry
	for rows.Next() {
		var e credits.Entry
		var action string
		var created int64
		if err := rows.Scan(&e.ID, &e.TeamID, &e.HoldID, &action, &e.Ref, &e.Amount, &created); err != nil {
			return nil, err
		}
		e.Action, e.CreatedAt = credits.Action(action), fromMS(created)
		out = append(out, e)
	}
	return out, rows.Err()
}

// RecentLedgerEntries implements store.Ledger.
func (db *DB) RecentLedgerEntries(ctx context.Context, teamID string, limit int) ([]credits.Entry, error) {
	rows, err := db.pool.Query(ctx, `SELECT id, team_id, hold_id, action, ref, amount, created_at FROM credit_ledger WHERE team_id = $1 ORDER BY seq DESC LIMIT $2`, teamID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []credits.Entry
	for rows.Next() {
		var e credits.Entry
		var action string
		var created int64
		if err := rows.Scan(&e.ID, &e.TeamID, &e.HoldID, &action, &e.Ref, &e.Amount, &created); err != nil {
			return nil, err
		}
		e.Action, e.CreatedAt = credits.Action(action), fromMS(created)
		out = append(out, e)
	}
	return out, rows.Err()
}

// lockBalance reads the team's balance and locks its row until the
// transaction ends: every credit movement of a team goes through here, so
// two processes never decide on the same balance.
func lockBalance(ctx context.Context, tx pgx.Tx, teamID string) (credits.Balance, error) {
	var b credits.Balance
	err := tx.QueryRow(ctx, `SELECT granted, held, captured FROM credit_balances WHERE team_id = $1 FOR UPDATE`, teamID).
		Scan(&b.Granted, &b.Held, &b.Captured)
	return b, rowErr(err, "Team")
}

func saveBalance(ctx context.Context, tx pgx.Tx, teamID string, b credits.Balance) error {
	_, err := tx.Exec(ctx, `UPDATE credit_balances SET granted = $1, held = $2, captured = $3 WHERE team_id = $4`, b.Granted, b.Held, b.Captured, teamID)
	return err
}

// loadHold returns the hold, and false when there is none. The caller
// holds the lock of the hold's team balance.
func loadHold(ctx context.Context, tx pgx.Tx, id string) (credits.Hold, bool, error) {
	h := credits.Hold{ID: id}
	err := tx.QueryRow(ctx, `SELECT team_id, amount, remaining, captured, closed FROM credit_holds WHERE id = $1`, id).
		Scan(&h.TeamID, &h.Amount, &h.Remaining, &h.Captured, &h.Closed)
	if err == pgx.ErrNoRows {
		return h, false, nil
	}
	return h, err == nil, err
}

func saveHold(ctx context.Context, tx pgx.Tx, h credits.Hold) error {
	_, err := tx.Exec(ctx, `INSERT INTO credit_holds (id, team_id, amount, remaining, captured, closed) VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (id) DO UPDATE SET remaining = excluded.remaining, captured = excluded.captured, closed = excluded.closed`,
		h.ID, h.TeamID, h.Amount, h.Remaining, h.Captured, h.Closed)
	return err
}

// appendEntryOnce appends a ledger row; it reports false when (hold,
// action, ref) was applied before, in which case the caller must change
// nothing.
func (db *DB) appendEntryOnce(ctx context.Context, tx pgx.Tx, teamID, holdID string, a credits.Action, ref string, amount int64) (bool, error) {
	tag, err := tx.Exec(ctx, `INSERT INTO credit_ledger (id, team_id, hold_id, action, ref, amount, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (hold_id, action, ref) DO NOTHING`, db.NewID(), teamID, holdID, string(a), ref, amount, ms(db.now()))
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (db *DB) appendEntry(ctx context.Context, tx pgx.Tx, teamID, holdID string, a credits.Action, ref string, amount int64) error {
	_, err := db.appendEntryOnce(ctx, tx, teamID, holdID, a, ref, amount)
	return err
}

// hold reserves amount under holdID inside tx (idempotent).
func (db *DB) hold(ctx context.Context, tx pgx.Tx, teamID, holdID string, amount int64) error {
	b, err := lockBalance(ctx, tx, teamID)
	if err != nil {
		return err
	}
	b, h, err := credits.ApplyHold(b, holdID, teamID, amount)
	if err != nil {
		return err
	}
	// The ledger row is the idempotency check: a hold made before leaves
	// appendEntryOnce false and everything unchanged.
	if ok, err := db.appendEntryOnce(ctx, tx, teamID, holdID, credits.ActionHold, "", amount); err != nil || !ok {
		return err
	}
	if err := saveHold(ctx, tx, h); err != nil {
		return err
	}
	return saveBalance(ctx, tx, teamID, b)
}

// void releases what holdID (of team teamID) still reserves, inside tx
// (idempotent).
func (db *DB) void(ctx context.Context, tx pgx.Tx, teamID, holdID string) error {
	b, err := lockBalance(ctx, tx, teamID)
	if err != nil {
		return err
	}
	h, ok, err := loadHold(ctx, tx, holdID)
	if err != nil || !ok || h.Closed {
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
func (db *DB) writeCredits(ctx context.Context, tx pgx.Tx, b credits.Balance, h credits.Hold, entries []credits.Entry) error {
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
