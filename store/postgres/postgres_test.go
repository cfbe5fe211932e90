package postgres_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/ratelimit"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/postgres"
	"github.com/docextract/docextract/store/postgres/pgtest"
	"github.com/docextract/docextract/store/storetest"
)

func openDB(t *testing.T, url string) *postgres.DB {
	t.Helper()
	db, err := postgres.Open(context.Background(), url)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close()) })
	return db
}

func TestConformance(t *testing.T) {
	t.Parallel()
	storetest.Test(t, func(t *testing.T, now func() time.Time) store.Store {
		db := openDB(t, pgtest.Schema(t, 8))
		db.Now = now
		return db
	})
}

func TestMigrationsAreRecordedAndIdempotent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := pgtest.Schema(t, 2)
	db, err := postgres.Open(ctx, url)
	require.NoError(t, err)
	_, err = db.CreateTeam(ctx, "x")
	require.NoError(t, err)
	require.NoError(t, db.Close())

	// Two processes starting at once on the migrated schema: both open,
	// nothing applied twice.
	errs := make(chan error, 2)
	for range 2 {
		go func() {
			db, err := postgres.Open(ctx, url)
			if err == nil {
				db.Close()
			}
			errs <- err
		}()
	}
	require.NoError(t, <-errs)
	require.NoError(t, <-errs)
	db = openDB(t, url)
	n, err := db.CountTeams(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, n)
}

func TestOpenRejectsBadURL(t *testing.T) {
	t.Parallel()
	_, err := postgres.Open(context.Background(), "postgres://%zz")
	require.Error(t, err)
}

// TestSharedRateLimit: three processes (three pools on one schema) share
// one limit of 60 per minute; 100 requests with one key spread over them
// at once are allowed exactly 60 times, and a refusal says when to retry.
func TestSharedRateLimit(t *testing.T) {
	t.Parallel()
	url := pgtest.Schema(t, 4)
	rate, err := ratelimit.ParseRate("60/1m")
	require.NoError(t, err)
	var limiters []*ratelimit.Limiter
	for range 3 {
		db := openDB(t, url)
		limiters = append(limiters, ratelimit.NewShared(rate, db, nil, func(err error) { t.Errorf("shared limiter: %v", err) }))
	}
	var allowed atomic.Int64
	var wg sync.WaitGroup
	for i := range 100 {
		wg.Go(func() {
			d := limiters[i%3].Allow("key-1")
			if d.Allowed {
				allowed.Add(1)
				return
			}
			if d.RetryAfter <= 0 || d.RetryAfter > 10*time.Second {
				t.Errorf("refused with RetryAfter %v, want about the 1 s emission interval", d.RetryAfter)
			}
		})
	}
	wg.Wait()
	require.Equal(t, int64(60), allowed.Load())
	// Another key has its own quota.
	require.True(t, limiters[0].Allow("key-2").Allowed)
}

// TestSharedRateLimitRefill: the quota comes back at the emission rate.
func TestSharedRateLimitRefill(t *testing.T) {
	t.Parallel()
	db := openDB(t, pgtest.Schema(t, 2))
	rate, err := ratelimit.ParseRate("2/1s")
	require.NoError(t, err)
	now := time.Unix(1_800_000_000, 0)
	l := ratelimit.NewShared(rate, db, func() time.Time { return now }, func(err error) { t.Error(err) })
	d := l.Allow("k")
	require.True(t, d.Allowed)
	require.Equal(t, 1, d.Remaining)
	require.True(t, l.Allow("k").Allowed)
	d = l.Allow("k")
	require.False(t, d.Allowed)
	require.Equal(t, 500*time.Millisecond, d.RetryAfter)
	now = now.Add(500 * time.Millisecond)
	require.True(t, l.Allow("k").Allowed)
	require.False(t, l.Allow("k").Allowed)
	require.NoError(t, db.SweepGCRA(context.Background(), now.Add(2*time.Second)))
	require.True(t, l.Allow("k").Allowed, "swept: a full quota again")
}

func TestUploadForUnknownTeam(t *testing.T) {
	t.Parallel()
	db := openDB(t, pgtest.Schema(t, 2))
	task := &store.Task{ID: "t1", TeamID: "nobody", DocType: docextract.Invoice, FileName: "a.pdf"}
	err := db.CreateUpload(context.Background(), &store.Upload{Task: task, Credits: 1})
	require.Equal(t, docextract.ENOTFOUND, docextract.ErrorCode(err), "%v", err)
}

// TestListenWakesOtherProcesses: an upload on one process wakes the
// workers of another listening on the same schema, and not those of a
// process on another schema.
func TestListenWakesOtherProcesses(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url := pgtest.Schema(t, 2)
	listener, uploader, elsewhere := openDB(t, url), openDB(t, url), openDB(t, pgtest.Schema(t, 2))
	jobs, others := make(chan struct{}, 16), make(chan struct{}, 16)
	done := make(chan struct{}, 2)
	go func() { _ = listener.Listen(ctx, func() { jobs <- struct{}{} }, nil); done <- struct{}{} }()
	go func() { _ = elsewhere.Listen(ctx, func() { others <- struct{}{} }, nil); done <- struct{}{} }()
	// Each wakes once when it starts listening.
	for _, ch := range []chan struct{}{jobs, others} {
		select {
		case <-ch:
		case <-time.After(10 * time.Second):
			t.Fatal("Listen did not start")
		}
	}
	team, err := uploader.CreateTeam(ctx, "Acme")
	require.NoError(t, err)
	require.NoError(t, uploader.Grant(ctx, team.ID, 1))
	task := &store.Task{ID: "t1", TeamID: team.ID, DocType: docextract.Invoice, FileName: "a.pdf", PageCount: 1}
	require.NoError(t, uploader.CreateUpload(ctx, &store.Upload{Task: task, Credits: 1}))
	select {
	case <-jobs:
	case <-time.After(10 * time.Second):
		t.Fatal("the upload did not wake the listener")
	}
	select {
	case <-others:
		t.Fatal("a process on another schema was woken")
	case <-time.After(300 * time.Millisecond):
	}
	cancel()
	<-done
	<-done
}
