package postgres

import (
	"context"
	"time"

	"github.com/docextract/docextract/ratelimit"
)

var _ ratelimit.Shared = (*DB)(nil)

// GCRA implements ratelimit.Shared in one statement: the upsert locks the
// key's row, so decisions of processes racing on one key are taken one
// after the other, each on the tat the previous one left, and the limit is
// exact for the fleet. A refusal leaves tat as it was.
func (db *DB) GCRA(ctx context.Context, key string, now time.Time, interval, period time.Duration) (time.Time, bool, error) {
	var tat int64
	var allowed bool
	err := db.pool.QueryRow(ctx, `INSERT INTO rate_limits AS r (key, tat, allowed) VALUES ($1, $2::bigint + $3::bigint, true)
		ON CONFLICT (key) DO UPDATE SET
			allowed = greatest(r.tat, $2::bigint) + $3::bigint - $4::bigint <= $2::bigint,
			tat = CASE WHEN greatest(r.tat, $2::bigint) + $3::bigint - $4::bigint <= $2::bigint
				THEN greatest(r.tat, $2::bigint) + $3::bigint ELSE r.tat END
		RETURNING tat, allowed`,
		key, now.UnixMicro(), interval.Microseconds(), period.Microseconds()).Scan(&tat, &allowed)
	if err != nil {
		return time.Time{}, false, err
	}
	return time.UnixMicro(tat), allowed, nil
}

// SweepGCRA implements ratelimit.Shared.
func (db *DB) SweepGCRA(ctx context.Context, now time.Time) error {
	_, err := db.pool.Exec(ctx, `DELETE FROM rate_limits WHERE tat < $1`, now.UnixMicro())
	return err
}
