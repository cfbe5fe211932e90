package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

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
