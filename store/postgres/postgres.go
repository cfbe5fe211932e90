package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// DB is the PostgreSQL store. Create it with Open.
type DB struct {
	// Now is the clock; set before use to control time in tests.
	Now func() time.Time
	// NewID returns new record ids.
	NewID func() string

	pool   *pgxpool.Pool
	schema string // where the tables are: names the notification channels
}

var _ store.Store = (*DB)(nil)

// IsURL reports whether dsn names a PostgreSQL database (a postgres:// or
// postgresql:// URL) rather than a SQLite file.
func IsURL(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Open connects to the database at url (postgres://user@host:port/db?...),
// and applies the migrations it lacks. A search_path parameter in the URL
// selects the schema the tables live in. pool_max_conns (a pgxpool
// parameter) bounds the connections this process opens; the default is
// max(4, CPUs).
func Open(ctx context.Context, url string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return OpenConfig(ctx, cfg)
}

// OpenConfig is Open with a parsed pool configuration.
func OpenConfig(ctx context.Context, cfg *pgxpool.Config) (*DB, error) {
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	db := &DB{Now: time.Now, NewID: func() string { return uuid.NewString() }, pool: pool}
	if err := db.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: migrate: %w", err)
	}
	if err := pool.QueryRow(ctx, `SELECT current_schema()`).Scan(&db.schema); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return db, nil
}

// Pool returns the connection pool (for LISTEN and for tests).
func (db *DB) Pool() *pgxpool.Pool { return db.pool }

// Close closes the pool.
func (db *DB) Close() error {
	db.pool.Close()
	return nil
}

// migrationLock is the advisory lock key that serializes migrations of
// processes starting at once on one database.
const migrationLock = 0x646f6365787472 // "docextr"

func (db *DB) migrate(ctx context.Context) error {
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	return db.tx(ctx, false, func(tx pgx.Tx) error {
		// Held until this transaction ends: a second process waits here,
		// then finds every migration recorded.
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrationLock)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)`); err != nil {
			return err
		}
		for _, name := range names {
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM migrations WHERE name = $1`, name).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				continue
			}
			buf, err := fs.ReadFile(migrationFS, name)
			if err != nil {
				return err
			}
			// A script of several statements: the simple protocol runs it
			// as one.
			if _, err := tx.Exec(ctx, string(buf), pgx.QueryExecModeSimpleProtocol); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO migrations (name, applied_at) VALUES ($1, $2)`, name, ms(db.now())); err != nil {
				return err
			}
		}
		return nil
	})
}

func (db *DB) now() time.Time { return db.Now().UTC() }

// maxRetries bounds the reruns of a transaction that lost a serialization
// conflict or a deadlock.
const maxRetries = 5

// tx runs fn in a READ COMMITTED transaction and commits when fn returns
// nil. Row locks (SELECT ... FOR UPDATE) taken in fn serialize what must
// not interleave across processes. When retry is set, fn is run again on a
// deadlock or serialization failure, so it must not consume input it
// cannot read twice.
func (db *DB) tx(ctx context.Context, retry bool, fn func(tx pgx.Tx) error) error {
	for attempt := 0; ; attempt++ {
		err := db.tx1(ctx, fn)
		if retry && attempt < maxRetries && retryable(err) {
			time.Sleep(time.Duration(attempt+1) * 5 * time.Millisecond)
			continue
		}
		return err
	}
}

func (db *DB) tx1(ctx context.Context, fn func(tx pgx.Tx) error) error {
	tx, err := db.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// readTx runs fn in a read-only REPEATABLE READ transaction: one snapshot.
func (db *DB) readTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	tx, err := db.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func retryable(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "40001" || pe.Code == "40P01" // serialization_failure, deadlock_detected
	}
	return false
}

// ms encodes t as Unix milliseconds; the zero time is 0.
func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// fromMS decodes Unix milliseconds; 0 is the zero time.
func fromMS(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v).UTC()
}

func notFound(what string) error {
	return docextract.Errorf(docextract.ENOTFOUND, "%s not found.", what)
}

// rowErr translates pgx.ErrNoRows to ENOTFOUND.
func rowErr(err error, what string) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return notFound(what)
	}
	return err
}

// querier is a pool or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

type scanner interface{ Scan(dest ...any) error }

// Exclusive runs fn while holding the database-wide advisory lock named
// key, so processes starting at once do a one-time step (such as creating
// the first team) one after the other.
func (db *DB) Exclusive(ctx context.Context, key string, fn func() error) error {
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(hashtextextended($1, 0))`, key); err != nil {
		return err
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock(hashtextextended($1, 0))`, key)
	return fn()
}
