package worker_test

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/sqlite"
	"github.com/docextract/docextract/worker"
)

// countingStore is the real SQLite store, counting the calls that read
// template content.
type countingStore struct {
	*sqlite.DB
	lists atomic.Int64
}

func (c *countingStore) ListTemplates(ctx context.Context, teamID, groupID string) ([]*store.Template, error) {
	c.lists.Add(1)
	return c.DB.ListTemplates(ctx, teamID, groupID)
}

func openDB(tb testing.TB) *countingStore {
	tb.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(tb.TempDir(), "db.sqlite"))
	require.NoError(tb, err)
	tb.Cleanup(func() { db.Close() })
	// A clock that stands still: every change happens in the same
	// millisecond, so only the version can tell them apart.
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { return now }
	return &countingStore{DB: db}
}

// yamlTemplate returns a template of issuer that parses, padded with
// comment lines to size bytes at most (less by up to a line).
func yamlTemplate(issuer string, size int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "issuer: %s\nkeywords:\n  - %s\nfields:\n  invoice_number: Invoice No:\\s*(\\S+)\n", issuer, issuer)
	line := "# " + strings.Repeat("x", 76) + "\n"
	for b.Len()+len(line) <= size {
		b.WriteString(line)
	}
	return []byte(b.String())
}

// teamWithTemplates creates a team with n templates of size bytes each.
func teamWithTemplates(tb testing.TB, db store.Store, name string, n, size int) (*store.Team, *store.TemplateGroup, []*store.Template) {
	tb.Helper()
	ctx := context.Background()
	team, err := db.CreateTeam(ctx, name)
	require.NoError(tb, err)
	g := &store.TemplateGroup{TeamID: team.ID, Name: "suppliers"}
	require.NoError(tb, db.CreateTemplateGroup(ctx, g))
	var ts []*store.Template
	for i := range n {
		t := &store.Template{TeamID: team.ID, GroupID: g.ID, Name: fmt.Sprintf("t%d.yml", i), Content: yamlTemplate(fmt.Sprintf("%s %d", name, i), size)}
		require.NoError(tb, db.CreateTemplate(ctx, t))
		ts = append(ts, t)
	}
	return team, g, ts
}

// TestStoredTemplatesReadsContentOnlyAfterAChange: repeated extractions of
// an unchanged team reuse the parsed set without reading template
// content; a replacement, an upload and a deletion each apply to the next
// call; a team that never had a template costs no listing at all.
func TestStoredTemplatesReadsContentOnlyAfterAChange(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	src := &worker.StoredTemplates{Store: db, Logger: slog.New(slog.DiscardHandler)}

	empty, err := db.CreateTeam(ctx, "Empty")
	require.NoError(t, err)
	set, err := src.TeamTemplates(ctx, empty.ID)
	require.NoError(t, err)
	require.Nil(t, set)
	require.Equal(t, int64(0), db.lists.Load())

	team, g, ts := teamWithTemplates(t, db, "Acme", 2, 100)
	first, err := src.TeamTemplates(ctx, team.ID)
	require.NoError(t, err)
	require.Len(t, first.Templates, 2)
	require.Equal(t, int64(1), db.lists.Load())
	for range 5 {
		again, err := src.TeamTemplates(ctx, team.ID)
		require.NoError(t, err)
		require.Same(t, first, again)
	}
	require.Equal(t, int64(1), db.lists.Load(), "unchanged templates were read again")

	// A replacement in the same millisecond (the clock stands still) is
	// still seen: the version does not depend on update times.
	rep := &store.Template{ID: ts[0].ID, TeamID: team.ID, GroupID: g.ID, Name: ts[0].Name, Content: yamlTemplate("Globex", 100)}
	require.NoError(t, db.ReplaceTemplate(ctx, rep))
	set, err = src.TeamTemplates(ctx, team.ID)
	require.NoError(t, err)
	require.Equal(t, int64(2), db.lists.Load())
	var issuers []string
	for _, tp := range set.Templates {
		issuers = append(issuers, tp.Issuer)
		require.Equal(t, g.ID, set.GroupOf(tp.ID))
	}
	require.ElementsMatch(t, []string{"Globex", "Acme 1"}, issuers)

	extra := &store.Template{TeamID: team.ID, GroupID: g.ID, Name: "bad.yml", Content: []byte("fields: [\n")}
	require.NoError(t, db.CreateTemplate(ctx, extra)) // stored unparsed: skipped and logged
	set, err = src.TeamTemplates(ctx, team.ID)
	require.NoError(t, err)
	require.Len(t, set.Templates, 2)

	require.NoError(t, db.DeleteTemplateGroup(ctx, team.ID, g.ID))
	set, err = src.TeamTemplates(ctx, team.ID)
	require.NoError(t, err)
	require.Nil(t, set)
	require.Equal(t, int64(4), db.lists.Load())
}

// TestStoredTemplatesCacheBounds: the parsed sets kept stay within
// MaxTeams and MaxBytes, the least recently used team going first, and a
// dropped team is read again on its next extraction.
func TestStoredTemplatesCacheBounds(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	src := &worker.StoredTemplates{Store: db, MaxTeams: 2, MaxBytes: 10 << 10}
	a, _, _ := teamWithTemplates(t, db, "A", 1, 1<<10)
	b, _, _ := teamWithTemplates(t, db, "B", 1, 1<<10)
	c, _, _ := teamWithTemplates(t, db, "C", 1, 1<<10)
	big, _, _ := teamWithTemplates(t, db, "Big", 2, 6<<10)

	get := func(team *store.Team) {
		t.Helper()
		set, err := src.TeamTemplates(ctx, team.ID)
		require.NoError(t, err)
		require.NotNil(t, set)
	}
	get(a)
	get(b)
	get(a) // a is now the most recently used
	get(c) // drops b
	n, bytes := src.CachedTeams()
	require.Equal(t, 2, n)
	require.Less(t, bytes, int64(10<<10))
	lists := db.lists.Load()
	get(a)
	get(c)
	require.Equal(t, lists, db.lists.Load(), "a and c were kept")
	get(b)
	require.Equal(t, lists+1, db.lists.Load(), "b was dropped")

	// Big's 12 KiB exceed MaxBytes alone: read on every call, never kept,
	// and it does not push the others out.
	get(big)
	get(big)
	require.Equal(t, lists+3, db.lists.Load())
	n, bytes = src.CachedTeams()
	require.Equal(t, 2, n)
	require.LessOrEqual(t, bytes, int64(10<<10))

	// Many teams: the count stays at MaxTeams.
	for i := range 10 {
		team, _, _ := teamWithTemplates(t, db, fmt.Sprintf("T%d", i), 1, 100)
		get(team)
	}
	n, _ = src.CachedTeams()
	require.Equal(t, 2, n)
}

// BenchmarkTeamTemplatesUnchanged measures an extraction's template lookup
// for a team whose templates did not change since the last one, for a
// small team and one at store.MaxTemplateBytesPerTeam: the "cached" cost
// does not grow with the team's bytes. "list" is what each lookup cost
// when it listed the team's templates with their content.
func BenchmarkTeamTemplatesUnchanged(b *testing.B) {
	ctx := context.Background()
	for _, size := range []struct {
		name   string
		n, per int
	}{
		{"1x1KiB", 1, 1 << 10},
		{"32x256KiB", store.MaxTemplateBytesPerTeam / store.MaxTemplateSize, store.MaxTemplateSize},
	} {
		db := openDB(b)
		team, _, _ := teamWithTemplates(b, db, "Acme", size.n, size.per)
		src := &worker.StoredTemplates{Store: db}
		_, err := src.TeamTemplates(ctx, team.ID)
		require.NoError(b, err)
		b.Run("cached/"+size.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := src.TeamTemplates(ctx, team.ID); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("list/"+size.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := db.ListTemplates(ctx, team.ID, ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestStoredTemplatesGroupOf: a stored template's id answers its group's
// id, following a replacement into another group; an unknown or deleted
// id answers "".
func TestStoredTemplatesGroupOf(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	src := &worker.StoredTemplates{Store: db}
	team, g, ts := teamWithTemplates(t, db, "Acme", 1, 100)
	require.Equal(t, g.ID, src.GroupOf(ctx, ts[0].ID))
	g2 := &store.TemplateGroup{TeamID: team.ID, Name: "archive"}
	require.NoError(t, db.CreateTemplateGroup(ctx, g2))
	ts[0].GroupID = g2.ID
	require.NoError(t, db.ReplaceTemplate(ctx, ts[0]))
	require.Equal(t, g2.ID, src.GroupOf(ctx, ts[0].ID))
	require.NoError(t, db.DeleteTemplate(ctx, team.ID, ts[0].ID))
	require.Equal(t, "", src.GroupOf(ctx, ts[0].ID))
	require.Equal(t, "", src.GroupOf(ctx, "invoice_text"))
	require.Equal(t, int64(0), db.lists.Load())
}
