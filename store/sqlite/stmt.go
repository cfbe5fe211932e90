package sqlite

import (
	"context"
	"database/sql"
	"sync"
)

// stmtCache keeps one prepared statement per query text for a pool, so the
// hot paths (upload, lease, completion, delivery) parse their SQL once per
// connection instead of on every execution.
//
// Statements are prepared outside transactions only: the writer pool has a
// single connection, and preparing on the pool while a transaction holds
// that connection would wait forever. A query first seen inside a
// transaction runs unprepared there and is prepared when the transaction
// has ended (see flush).
type stmtCache struct {
	pool *sql.DB

	mu    sync.Mutex
	stmts map[string]*sql.Stmt
	want  map[string]struct{} // seen in a transaction, not yet prepared
}

func newStmtCache(pool *sql.DB) *stmtCache {
	return &stmtCache{pool: pool, stmts: map[string]*sql.Stmt{}, want: map[string]struct{}{}}
}

// lookup returns the prepared statement for q, or nil (and remembers q to
// prepare later).
func (c *stmtCache) lookup(q string) *sql.Stmt {
	c.mu.Lock()
	defer c.mu.Unlock()
	if st, ok := c.stmts[q]; ok {
		return st
	}
	c.want[q] = struct{}{}
	return nil
}

// get returns the prepared statement for q, preparing it now. Call it only
// when the caller holds no connection of the pool.
func (c *stmtCache) get(ctx context.Context, q string) (*sql.Stmt, error) {
	c.mu.Lock()
	st, ok := c.stmts[q]
	c.mu.Unlock()
	if ok {
		return st, nil
	}
	st, err := c.pool.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.stmts[q]; ok { // prepared meanwhile by another caller
		st.Close()
		return old, nil
	}
	c.stmts[q] = st
	delete(c.want, q)
	return st, nil
}

// flush prepares the queries first seen inside transactions. Call it when
// the caller holds no connection of the pool. A query that does not prepare
// is dropped: it keeps running unprepared and reports its own error there.
func (c *stmtCache) flush(ctx context.Context) {
	c.mu.Lock()
	if len(c.want) == 0 {
		c.mu.Unlock()
		return
	}
	qs := make([]string, 0, len(c.want))
	for q := range c.want {
		qs = append(qs, q)
	}
	clear(c.want)
	c.mu.Unlock()
	for _, q := range qs {
		_, _ = c.get(context.WithoutCancel(ctx), q)
	}
}

func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, st := range c.stmts {
		st.Close()
	}
	clear(c.stmts)
}

// ExecContext runs q on the pool with its prepared statement.
func (c *stmtCache) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	st, err := c.get(ctx, q)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, args...)
}

// QueryContext runs q on the pool with its prepared statement.
func (c *stmtCache) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	st, err := c.get(ctx, q)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// QueryRowContext runs q on the pool with its prepared statement.
func (c *stmtCache) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	st, err := c.get(ctx, q)
	if err != nil {
		// A *sql.Row carrying err: run the query unprepared, which fails
		// the same way.
		return c.pool.QueryRowContext(ctx, q, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

// txn is a transaction whose statements come from a stmtCache.
type txn struct {
	tx    *sql.Tx
	cache *stmtCache
}

func (t *txn) stmt(ctx context.Context, q string) *sql.Stmt {
	if st := t.cache.lookup(q); st != nil {
		return t.tx.StmtContext(ctx, st)
	}
	return nil
}

// ExecContext runs q in the transaction.
func (t *txn) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if st := t.stmt(ctx, q); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return t.tx.ExecContext(ctx, q, args...)
}

// QueryContext runs q in the transaction.
func (t *txn) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if st := t.stmt(ctx, q); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return t.tx.QueryContext(ctx, q, args...)
}

// QueryRowContext runs q in the transaction.
func (t *txn) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	if st := t.stmt(ctx, q); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return t.tx.QueryRowContext(ctx, q, args...)
}
