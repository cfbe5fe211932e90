package sqlite

import (
	"context"
	"crypto/rand"
	"database/sql"
)

// SigningKey returns the 32-byte server key called name, creating it from
// crypto/rand on first use. Every process on the database sees the same
// key, so what one signs (task-results cursors) another verifies, also
// after a restart.
func (db *DB) SigningKey(ctx context.Context, name string) ([]byte, error) {
	var key []byte
	err := db.rd.QueryRowContext(ctx, `SELECT key FROM signing_keys WHERE name = ?`, name).Scan(&key)
	if err == nil {
		return key, nil
	}
	if err != sql.ErrNoRows {
		return nil, err
	}
	fresh := make([]byte, 32)
	_, _ = rand.Read(fresh)
	err = db.writeTx(ctx, func(tx *txn) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO signing_keys (name, key, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING`,
			name, fresh, ms(db.now())); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT key FROM signing_keys WHERE name = ?`, name).Scan(&key)
	})
	return key, err
}
