package postgres

import (
	"context"
	"crypto/rand"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// SigningKey returns the 32-byte server key called name, creating it from
// crypto/rand on first use. Every process on the database sees the same
// key, so what one signs (task-results cursors) another verifies.
func (db *DB) SigningKey(ctx context.Context, name string) ([]byte, error) {
	var key []byte
	err := db.pool.QueryRow(ctx, `SELECT key FROM signing_keys WHERE name = $1`, name).Scan(&key)
	if err == nil {
		return key, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return nil, err
	}
	fresh := make([]byte, 32)
	_, _ = rand.Read(fresh)
	// A racing first use waits on the unique index for the other insert's
	// commit and then inserts nothing; the SELECT, a new statement, sees
	// the one key.
	if _, err := db.pool.Exec(ctx, `INSERT INTO signing_keys (name, key, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`,
		name, fresh, ms(db.now())); err != nil {
		return nil, err
	}
	err = db.pool.QueryRow(ctx, `SELECT key FROM signing_keys WHERE name = $1`, name).Scan(&key)
	return key, err
}

// RevokeSession implements store.SigningKeys.
func (db *DB) RevokeSession(ctx context.Context, id string, expires time.Time) error {
	if _, err := db.pool.Exec(ctx, `DELETE FROM revoked_sessions WHERE expires_at < $1`, ms(db.now())); err != nil {
		return err
	}
	_, err := db.pool.Exec(ctx, `INSERT INTO revoked_sessions (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, id, ms(expires))
	return err
}

// SessionRevoked implements store.SigningKeys.
func (db *DB) SessionRevoked(ctx context.Context, id string) (bool, error) {
	var n int
	err := db.pool.QueryRow(ctx, `SELECT COUNT(*) FROM revoked_sessions WHERE id = $1`, id).Scan(&n)
	return n > 0, err
}
