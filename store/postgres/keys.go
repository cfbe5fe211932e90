package postgres

import (
	"context"
	"crypto/rand"
	"errors"

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
