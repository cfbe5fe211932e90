package sqlite

import (
	"context"
	"crypto/rand"
	"database/sql"
	"time"
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

// RevokeSession implements store.SigningKeys.
func (db *DB) RevokeSession(ctx context.Context, id string, expires time.Time) error {
	return db.writeTx(ctx, func(tx *txn) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM revoked_sessions WHERE expires_at < ?`, ms(db.now())); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO revoked_sessions (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`, id, ms(expires))
		return err
	})
}

// SessionRevoked implements store.SigningKeys.
func (db *DB) SessionRevoked(ctx context.Context, id string) (bool, error) {
	var n int
	err := db.rd.QueryRowContext(ctx, `SELECT COUNT(*) FROM revoked_sessions WHERE id = ?`, id).Scan(&n)
	return n > 0, err
}
