// Package pgtest gives tests a PostgreSQL schema of their own.
//
// Tests reach the server at $DOCEXTRACT_TEST_POSTGRES_URL (default
// postgres://postgres@127.0.0.1:5432/test?sslmode=disable). Each call to
// Schema creates a schema dxtest_<random> and drops it when the test ends,
// so parallel runs and reruns never see each other's rows. When the server
// cannot be reached the test is skipped, unless DOCEXTRACT_TEST_POSTGRES is
// set (CI sets it), in which case it fails.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// DefaultURL is the server tests use when DOCEXTRACT_TEST_POSTGRES_URL is
// not set: the local PostgreSQL with trust authentication.
const DefaultURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// BaseURL returns the server URL tests use.
func BaseURL() string {
	if u := os.Getenv("DOCEXTRACT_TEST_POSTGRES_URL"); u != "" {
		return u
	}
	return DefaultURL
}

// Required reports whether tests must fail, not skip, without PostgreSQL.
func Required() bool { return os.Getenv("DOCEXTRACT_TEST_POSTGRES") != "" }

// Schema creates a fresh schema, drops it (with everything in it) when t
// ends, and returns the server URL with search_path set to it and at most
// maxConns pooled connections per process (0: the pool's default).
func Schema(t testing.TB, maxConns int) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	base := BaseURL()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		if Required() {
			t.Fatalf("PostgreSQL required (DOCEXTRACT_TEST_POSTGRES is set) but unreachable at %s: %v", base, err)
		}
		t.Skipf("PostgreSQL unreachable at %s (set DOCEXTRACT_TEST_POSTGRES=1 to fail instead): %v", base, err)
	}
	defer conn.Close(context.Background())
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "dxtest_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, `CREATE SCHEMA `+pgx.Identifier{name}.Sanitize()); err != nil {
		t.Fatalf("create schema %s: %v", name, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		c, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("drop schema %s: %v", name, err)
			return
		}
		defer c.Close(context.Background())
		if _, err := c.Exec(ctx, `DROP SCHEMA `+pgx.Identifier{name}.Sanitize()+` CASCADE`); err != nil {
			t.Errorf("drop schema %s: %v", name, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("DOCEXTRACT_TEST_POSTGRES_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", name)
	if maxConns > 0 {
		q.Set("pool_max_conns", itoa(maxConns))
	}
	u.RawQuery = q.Encode()
	return u.String()
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}
