package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store/sqlite"
)

// TestTeamSetClassification: `team set --classification` changes the
// setting the workers read; a bad value is a usage error.
func TestTeamSetClassification(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "cli.db")
	code, out, errOut := runMain(t, "team", "create", "--db", dbPath, "--name", "Ops", "--json")
	require.Equal(t, 0, code, errOut)
	var team map[string]string
	require.NoError(t, json.Unmarshal([]byte(out), &team))

	code, out, errOut = runMain(t, "team", "set", "--db", dbPath, "--team", team["id"], "--classification", "review", "--json")
	require.Equal(t, 0, code, errOut)
	require.JSONEq(t, `{"id":"`+team["id"]+`","classification":"review"}`, out)
	code, _, errOut = runMain(t, "team", "set", "--db", dbPath, "--team", team["id"], "--classification", "maybe")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "--classification auto|review")
	code, _, _ = runMain(t, "team", "set", "--db", dbPath, "--team", "00000000-0000-0000-0000-000000000000", "--classification", "auto")
	require.NotEqual(t, 0, code, "unknown team")

	db, err := sqlite.Open(context.Background(), dbPath)
	require.NoError(t, err)
	defer db.Close()
	got, err := db.FindTeam(context.Background(), team["id"])
	require.NoError(t, err)
	require.Equal(t, docextract.ClassificationReview, got.Classification)
}
