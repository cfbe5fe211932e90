package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
	"github.com/google/uuid"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// DB is the SQLite store. Create it with Open.
type DB struct {
	// Now is the clock; set before use to control time in tests.
	Now func() time.Time
	// NewID returns new record ids.
	NewID func() string

	path  string
	write *sql.DB // one connection, BEGIN IMMEDIATE
	read  *sql.DB // read-only pool
	wr    *stmtCache
	rd    *stmtCache
}

var _ store.Store = (*DB)(nil)

// DSN returns the data source name Open uses for path: WAL, a busy timeout,
// foreign keys, synchronous=NORMAL (durable across process crashes; a power
// loss may lose the last transactions), set per connection.
func DSN(path string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "temp_store(MEMORY)")
	// Uploads pass through the WAL: after a checkpoint, give back what a
	// burst of large files made it grow to.
	q.Add("_pragma", "journal_size_limit(67108864)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Set("_txlock", "immediate")
	}
	return "file:" + path + "?" + q.Encode()
}

// Open opens (creating if needed) the database file at path and migrates it.
func Open(ctx context.Context, path string) (*DB, error) {
	if path == "" || path == ":memory:" || strings.HasPrefix(path, "file:") {
		return nil, fmt.Errorf("sqlite: need a file path, got %q", path)
	}
	db := &DB{Now: time.Now, NewID: func() string { return uuid.NewString() }, path: path}
	var err error
	if db.write, err = sql.Open("sqlite", DSN(path, false)); err != nil {
		return nil, err
	}
	db.write.SetMaxOpenConns(1)
	db.write.SetConnMaxIdleTime(0)
	db.wr = newStmtCache(db.write)
	if err := db.migrate(ctx); err != nil {
		db.write.Close()
		return nil, fmt.Errorf("sqlite: migrate %s: %w", path, err)
	}
	if db.read, err = sql.Open("sqlite", DSN(path, true)); err != nil {
		db.write.Close()
		return nil, err
	}
	db.read.SetMaxOpenConns(max(4, runtime.NumCPU()))
	db.rd = newStmtCache(db.read)
	return db, nil
}

// Path returns the database file path.
func (db *DB) Path() string { return db.path }

// Close closes both pools.
func (db *DB) Close() error {
	db.rd.close()
	db.wr.close()
	return errors.Join(db.read.Close(), db.write.Close())
}

func (db *DB) migrate(ctx context.Context) error {
	if _, err := db.write.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)`); err != nil {
		return err
	}
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		if err := db.writeTx(ctx, func(tx *txn) error {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM migrations WHERE name = ?`, name).Scan(&n); err != nil || n > 0 {
				return err
			}
			buf, err := fs.ReadFile(migrationFS, name)
			if err != nil {
				return err
			}
			if _, err := tx.tx.ExecContext(ctx, string(buf)); err != nil { // a script: never cached
				return fmt.Errorf("%s: %w", name, err)
			}
			_, err = tx.ExecContext(ctx, `INSERT INTO migrations (name, applied_at) VALUES (?, ?)`, name, ms(db.now()))
			return err
		}); err != nil {
			return err
		}
	}
	return nil
}

func (db *DB) now() time.Time { return db.Now().UTC() }

// writeTx runs fn in an IMMEDIATE transaction on the writer connection and
// commits when fn returns nil.
func (db *DB) writeTx(ctx context.Context, fn func(tx *txn) error) error {
	defer db.wr.flush(ctx)
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(&txn{tx: tx, cache: db.wr}); err != nil {
		return err
	}
	return tx.Commit()
}

// readTx runs fn in a read-only transaction (one consistent snapshot).
func (db *DB) readTx(ctx context.Context, fn func(tx *txn) error) error {
	defer db.rd.flush(ctx)
	tx, err := db.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return fn(&txn{tx: tx, cache: db.rd})
}

// ms encodes t as Unix milliseconds.
func ms(t time.Time) int64 { return t.UnixMilli() }

// fromMS decodes Unix milliseconds; 0 or NULL is the zero time.
func fromMS(v sql.NullInt64) time.Time {
	if !v.Valid || v.Int64 == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v.Int64).UTC()
}

func notFound(what string) error {
	return docextract.Errorf(docextract.ENOTFOUND, "%s not found.", what)
}

// rowErr translates sql.ErrNoRows to ENOTFOUND.
func rowErr(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return notFound(what)
	}
	return err
}

type scanner interface{ Scan(dest ...any) error }
