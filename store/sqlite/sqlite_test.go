package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/sqlite"
	"github.com/docextract/docextract/store/storetest"
)

func openDB(t *testing.T) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close()) })
	return db
}

func TestConformance(t *testing.T) {
	t.Parallel()
	storetest.Test(t, func(t *testing.T, now func() time.Time) store.Store {
		db := openDB(t)
		db.Now = now
		return db
	})
}

func TestMigrationsAreRecordedAndIdempotent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "m.db")
	db, err := sqlite.Open(ctx, path)
	require.NoError(t, err)
	_, err = db.CreateTeam(ctx, "x")
	require.NoError(t, err)
	require.NoError(t, db.Close())

	db, err = sqlite.Open(ctx, path) // reopening applies nothing twice
	require.NoError(t, err)
	defer db.Close()
	n, err := db.CountTeams(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, n)
}

func TestOpenRejectsMemory(t *testing.T) {
	t.Parallel()
	_, err := sqlite.Open(context.Background(), ":memory:")
	require.Error(t, err)
}
