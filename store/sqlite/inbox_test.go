package sqlite_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store/sqlite"
)

// Teams created before migration 0210 get an inbox token each (20 hex
// characters, all different) and invoice as their default inbox type.
func TestMigrateTeamInbox(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := sql.Open("sqlite", sqlite.DSN(path, false))
	require.NoError(t, err)
	_, err = old.Exec(`CREATE TABLE migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)`)
	require.NoError(t, err)
	script, err := os.ReadFile(filepath.Join("migrations", "0001_init.sql"))
	require.NoError(t, err)
	_, err = old.Exec(string(script))
	require.NoError(t, err)
	_, err = old.Exec(`INSERT INTO migrations (name, applied_at) VALUES ('migrations/0001_init.sql', 0)`)
	require.NoError(t, err)
	for _, id := range []string{"a", "b"} {
		_, err = old.Exec(`INSERT INTO teams (id, name, created_at) VALUES (?, 'Team', 0)`, id)
		require.NoError(t, err)
	}
	require.NoError(t, old.Close())

	db, err := sqlite.Open(ctx, path)
	require.NoError(t, err)
	defer db.Close()
	tokens := map[string]bool{}
	for _, id := range []string{"a", "b"} {
		team, err := db.FindTeam(ctx, id)
		require.NoError(t, err)
		require.Regexp(t, `^[0-9a-f]{20}$`, team.InboxToken)
		require.Equal(t, docextract.Invoice, team.InboxDocType)
		tokens[team.InboxToken] = true
		found, err := db.FindTeamByInboxToken(ctx, team.InboxToken)
		require.NoError(t, err)
		require.Equal(t, id, found.ID)
	}
	require.Len(t, tokens, 2)
}
