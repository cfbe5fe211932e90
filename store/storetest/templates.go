package storetest

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
)

func testTemplates(t *testing.T, open Open) {
	t.Run("GroupsAndTemplates", func(t *testing.T) {
		b := setupClock(t, open, 0)
		other, err := b.s.CreateTeam(b.ctx, "Other")
		require.NoError(t, err)

		g := &store.TemplateGroup{TeamID: b.team.ID, Name: "suppliers"}
		require.NoError(t, b.s.CreateTemplateGroup(b.ctx, g))
		require.NotEmpty(t, g.ID)
		require.Equal(t, epoch, g.CreatedAt)
		requireCode(t, docextract.ECONFLICT, b.s.CreateTemplateGroup(b.ctx, &store.TemplateGroup{TeamID: b.team.ID, Name: "suppliers"}))
		requireCode(t, docextract.EINVALID, b.s.CreateTemplateGroup(b.ctx, &store.TemplateGroup{TeamID: b.team.ID, Name: " "}))
		requireCode(t, docextract.EINVALID, b.s.CreateTemplateGroup(b.ctx, &store.TemplateGroup{TeamID: b.team.ID, Name: "a\nb"}))
		// Another team may use the same name.
		og := &store.TemplateGroup{TeamID: other.ID, Name: "suppliers"}
		require.NoError(t, b.s.CreateTemplateGroup(b.ctx, og))
		g2 := &store.TemplateGroup{TeamID: b.team.ID, Name: "archive"}
		require.NoError(t, b.s.CreateTemplateGroup(b.ctx, g2))

		groups, err := b.s.ListTemplateGroups(b.ctx, b.team.ID)
		require.NoError(t, err)
		require.Len(t, groups, 2)
		require.Equal(t, "archive", groups[0].Name)
		require.Equal(t, g.ID, groups[1].ID)
		got, err := b.s.FindTemplateGroup(b.ctx, g.ID)
		require.NoError(t, err)
		require.Equal(t, g, got)
		_, err = b.s.FindTemplateGroup(b.ctx, "00000000-0000-0000-0000-000000000000")
		requireCode(t, docextract.ENOTFOUND, err)

		tpl := &store.Template{TeamID: b.team.ID, GroupID: g.ID, Name: "acme.yml", Content: []byte("issuer: Acme\nkeywords: [Acme]\n"),
			Issuer: "Acme", Priority: 7}
		require.NoError(t, b.s.CreateTemplate(b.ctx, tpl))
		require.NotEmpty(t, tpl.ID)
		requireCode(t, docextract.ECONFLICT, b.s.CreateTemplate(b.ctx, &store.Template{TeamID: b.team.ID, GroupID: g.ID, Name: "acme.yml", Content: []byte("x")}))
		// Same name in another group is fine; another team's group is not found.
		require.NoError(t, b.s.CreateTemplate(b.ctx, &store.Template{TeamID: b.team.ID, GroupID: g2.ID, Name: "acme.yml", Content: []byte("y")}))
		requireCode(t, docextract.ENOTFOUND, b.s.CreateTemplate(b.ctx, &store.Template{TeamID: b.team.ID, GroupID: og.ID, Name: "z.yml", Content: []byte("z")}))
		requireCode(t, docextract.EINVALID, b.s.CreateTemplate(b.ctx, &store.Template{TeamID: b.team.ID, GroupID: g.ID, Name: "empty.yml"}))
		requireCode(t, docextract.EINVALID, b.s.CreateTemplate(b.ctx, &store.Template{TeamID: b.team.ID, GroupID: g.ID, Name: "big.yml",
			Content: []byte(strings.Repeat("a", store.MaxTemplateSize+1))}))

		got2, err := b.s.FindTemplate(b.ctx, tpl.ID)
		require.NoError(t, err)
		require.Equal(t, tpl, got2)

		all, err := b.s.ListTemplates(b.ctx, b.team.ID, "")
		require.NoError(t, err)
		require.Len(t, all, 2)
		inG, err := b.s.ListTemplates(b.ctx, b.team.ID, g.ID)
		require.NoError(t, err)
		require.Len(t, inG, 1)
		require.Equal(t, tpl.Content, inG[0].Content)
		none, err := b.s.ListTemplates(b.ctx, other.ID, "")
		require.NoError(t, err)
		require.Empty(t, none)
		// The listing without content: everything else as stored.
		infos, err := b.s.ListTemplateInfo(b.ctx, b.team.ID, g.ID)
		require.NoError(t, err)
		require.Len(t, infos, 1)
		require.Empty(t, infos[0].Content)
		info := *infos[0]
		info.Content = tpl.Content
		require.Equal(t, *tpl, info)
		infos, err = b.s.ListTemplateInfo(b.ctx, b.team.ID, "")
		require.NoError(t, err)
		require.Len(t, infos, 2)
		infos, err = b.s.ListTemplateInfo(b.ctx, other.ID, "")
		require.NoError(t, err)
		require.Empty(t, infos)

		// Replace keeps the id and the creation time.
		b.clock.add(time.Minute)
		rep := &store.Template{ID: tpl.ID, TeamID: b.team.ID, GroupID: g2.ID, Name: "acme2.yml", Content: []byte("issuer: Acme 2\nkeywords: [Acme]\n"),
			Issuer: "Acme 2", Priority: 3}
		require.NoError(t, b.s.ReplaceTemplate(b.ctx, rep))
		require.Equal(t, epoch, rep.CreatedAt)
		require.Equal(t, epoch.Add(time.Minute), rep.UpdatedAt)
		gid, err := b.s.TemplateGroupID(b.ctx, tpl.ID)
		require.NoError(t, err)
		require.Equal(t, g2.ID, gid) // the replacement's group
		got3, err := b.s.FindTemplate(b.ctx, tpl.ID)
		require.NoError(t, err)
		require.Equal(t, rep, got3)
		// Moving onto a taken name conflicts; another team's id is not found.
		requireCode(t, docextract.ECONFLICT, b.s.ReplaceTemplate(b.ctx, &store.Template{ID: tpl.ID, TeamID: b.team.ID, GroupID: g2.ID, Name: "acme.yml", Content: []byte("q")}))
		requireCode(t, docextract.ENOTFOUND, b.s.ReplaceTemplate(b.ctx, &store.Template{ID: tpl.ID, TeamID: other.ID, GroupID: og.ID, Name: "n.yml", Content: []byte("q")}))
		requireCode(t, docextract.ENOTFOUND, b.s.ReplaceTemplate(b.ctx, &store.Template{ID: tpl.ID, TeamID: b.team.ID, GroupID: og.ID, Name: "n.yml", Content: []byte("q")}))

		requireCode(t, docextract.ENOTFOUND, b.s.DeleteTemplate(b.ctx, other.ID, tpl.ID))
		require.NoError(t, b.s.DeleteTemplate(b.ctx, b.team.ID, tpl.ID))
		_, err = b.s.FindTemplate(b.ctx, tpl.ID)
		requireCode(t, docextract.ENOTFOUND, err)
		requireCode(t, docextract.ENOTFOUND, b.s.DeleteTemplate(b.ctx, b.team.ID, tpl.ID))
		_, err = b.s.TemplateGroupID(b.ctx, tpl.ID)
		requireCode(t, docextract.ENOTFOUND, err)

		// Deleting a group deletes its templates.
		requireCode(t, docextract.ENOTFOUND, b.s.DeleteTemplateGroup(b.ctx, other.ID, g2.ID))
		require.NoError(t, b.s.DeleteTemplateGroup(b.ctx, b.team.ID, g2.ID))
		all, err = b.s.ListTemplates(b.ctx, b.team.ID, "")
		require.NoError(t, err)
		require.Empty(t, all)
		_, err = b.s.FindTemplateGroup(b.ctx, g2.ID)
		requireCode(t, docextract.ENOTFOUND, err)
	})

	t.Run("Version", func(t *testing.T) {
		b := setupClock(t, open, 0)
		other, err := b.s.CreateTeam(b.ctx, "Other")
		require.NoError(t, err)
		version := func(team string) int64 {
			t.Helper()
			v, err := b.s.TemplateVersion(b.ctx, team)
			require.NoError(t, err)
			return v
		}
		// changed runs fn and requires it to raise the team's version
		// (and no other team's) when wantChange, else to leave it.
		changed := func(wantChange bool, fn func() error, code string) {
			t.Helper()
			before, otherBefore := version(b.team.ID), version(other.ID)
			err := fn()
			if code == "" {
				require.NoError(t, err)
			} else {
				requireCode(t, code, err)
			}
			if wantChange {
				require.Greater(t, version(b.team.ID), before)
			} else {
				require.Equal(t, before, version(b.team.ID))
			}
			require.Equal(t, otherBefore, version(other.ID))
		}
		require.Equal(t, int64(0), version(b.team.ID))
		require.Equal(t, int64(0), version("00000000-0000-0000-0000-000000000000"))

		g := &store.TemplateGroup{TeamID: b.team.ID, Name: "suppliers"}
		require.NoError(t, b.s.CreateTemplateGroup(b.ctx, g))
		og := &store.TemplateGroup{TeamID: other.ID, Name: "theirs"}
		require.NoError(t, b.s.CreateTemplateGroup(b.ctx, og))
		tpl := &store.Template{TeamID: b.team.ID, GroupID: g.ID, Name: "a.yml", Content: []byte("issuer: A\nkeywords: [A]\n")}
		changed(true, func() error { return b.s.CreateTemplate(b.ctx, tpl) }, "")
		// A replacement within the same millisecond still changes it: the
		// version does not depend on the clock.
		changed(true, func() error {
			return b.s.ReplaceTemplate(b.ctx, &store.Template{ID: tpl.ID, TeamID: b.team.ID, GroupID: g.ID, Name: "a.yml", Content: []byte("issuer: B\nkeywords: [B]\n")})
		}, "")
		// Refused changes leave it (their transaction is undone).
		changed(false, func() error {
			return b.s.CreateTemplate(b.ctx, &store.Template{TeamID: b.team.ID, GroupID: g.ID, Name: "a.yml", Content: []byte("x")})
		}, docextract.ECONFLICT)
		changed(false, func() error {
			return b.s.CreateTemplate(b.ctx, &store.Template{TeamID: b.team.ID, GroupID: og.ID, Name: "b.yml", Content: []byte("x")})
		}, docextract.ENOTFOUND)
		changed(false, func() error {
			return b.s.ReplaceTemplate(b.ctx, &store.Template{ID: "00000000-0000-0000-0000-000000000000", TeamID: b.team.ID, GroupID: g.ID, Name: "a.yml", Content: []byte("x")})
		}, docextract.ENOTFOUND)
		changed(false, func() error { return b.s.DeleteTemplate(b.ctx, b.team.ID, "00000000-0000-0000-0000-000000000000") }, docextract.ENOTFOUND)
		changed(false, func() error { return b.s.DeleteTemplateGroup(b.ctx, b.team.ID, og.ID) }, docextract.ENOTFOUND)
		// Another team's change leaves this team's version.
		before := version(b.team.ID)
		require.NoError(t, b.s.CreateTemplate(b.ctx, &store.Template{TeamID: other.ID, GroupID: og.ID, Name: "o.yml", Content: []byte("x")}))
		require.Equal(t, before, version(b.team.ID))
		require.Greater(t, version(other.ID), int64(0))

		tpl2 := &store.Template{TeamID: b.team.ID, GroupID: g.ID, Name: "b.yml", Content: []byte("y")}
		require.NoError(t, b.s.CreateTemplate(b.ctx, tpl2))
		changed(true, func() error { return b.s.DeleteTemplate(b.ctx, b.team.ID, tpl2.ID) }, "")
		changed(true, func() error { return b.s.DeleteTemplateGroup(b.ctx, b.team.ID, g.ID) }, "")
	})

	t.Run("TeamBytes", func(t *testing.T) {
		b := setup(t, open, 0)
		other, err := b.s.CreateTeam(b.ctx, "Other")
		require.NoError(t, err)
		g := &store.TemplateGroup{TeamID: b.team.ID, Name: "big"}
		require.NoError(t, b.s.CreateTemplateGroup(b.ctx, g))
		og := &store.TemplateGroup{TeamID: other.ID, Name: "big"}
		require.NoError(t, b.s.CreateTemplateGroup(b.ctx, og))
		full := bytes.Repeat([]byte("a"), store.MaxTemplateSize)
		n := store.MaxTemplateBytesPerTeam / store.MaxTemplateSize
		var last *store.Template
		for i := range n {
			last = &store.Template{TeamID: b.team.ID, GroupID: g.ID, Name: fmt.Sprintf("t%d.yml", i), Content: full}
			require.NoError(t, b.s.CreateTemplate(b.ctx, last))
		}
		// The team is at the limit: one byte more is refused, whether as a
		// new template or as a replacement that grows one.
		err = b.s.CreateTemplate(b.ctx, &store.Template{TeamID: b.team.ID, GroupID: g.ID, Name: "one.yml", Content: []byte("x")})
		requireCode(t, docextract.ETOOLARGE, err)
		require.Equal(t, docextract.ErrorMessage(store.TemplateBytesError()), docextract.ErrorMessage(err))
		require.Equal(t, "A team has at most 8 MiB of templates.", docextract.ErrorMessage(err))
		all, err := b.s.ListTemplates(b.ctx, b.team.ID, "")
		require.NoError(t, err)
		require.Len(t, all, n)
		// A replacement counts its new content instead of the old: same
		// size passes, one byte less frees one byte, which a one-byte
		// template then takes, and growing back is refused.
		replace := func(content []byte) error {
			return b.s.ReplaceTemplate(b.ctx, &store.Template{ID: last.ID, TeamID: b.team.ID, GroupID: g.ID, Name: last.Name, Content: content})
		}
		require.NoError(t, replace(full))
		require.NoError(t, replace(full[1:]))
		require.NoError(t, b.s.CreateTemplate(b.ctx, &store.Template{TeamID: b.team.ID, GroupID: g.ID, Name: "one.yml", Content: []byte("x")}))
		requireCode(t, docextract.ETOOLARGE, replace(full))
		// Another team's limit is its own.
		require.NoError(t, b.s.CreateTemplate(b.ctx, &store.Template{TeamID: other.ID, GroupID: og.ID, Name: "t.yml", Content: full}))
		// Concurrent uploads, each to a group of its own, cannot together
		// pass the limit: the team's bytes are checked and changed under
		// one lock of the team.
		require.NoError(t, b.s.DeleteTemplate(b.ctx, b.team.ID, last.ID))
		var raceGroups []string
		for i := range 4 {
			rg := &store.TemplateGroup{TeamID: b.team.ID, Name: fmt.Sprintf("race%d", i)}
			require.NoError(t, b.s.CreateTemplateGroup(b.ctx, rg))
			raceGroups = append(raceGroups, rg.ID)
		}
		// Several rounds: the first ones also open the connections the
		// later ones race on. Each round's winner is deleted for the next.
		for round := range 5 {
			if round > 0 {
				require.NoError(t, b.s.DeleteTemplate(b.ctx, b.team.ID, last.ID))
			}
			var wg sync.WaitGroup
			var created atomic.Int32
			for i, rg := range raceGroups {
				wg.Go(func() {
					err := b.s.CreateTemplate(b.ctx, &store.Template{TeamID: b.team.ID, GroupID: rg, Name: fmt.Sprintf("race%d-%d.yml", round, i), Content: full[1:]})
					if err == nil {
						created.Add(1)
					} else if docextract.ErrorCode(err) != docextract.ETOOLARGE {
						t.Errorf("concurrent create: %v", err)
					}
				})
			}
			wg.Wait()
			require.Equal(t, int32(1), created.Load(), "round %d", round)
			all, err = b.s.ListTemplates(b.ctx, b.team.ID, "")
			require.NoError(t, err)
			var total int
			for _, tp := range all {
				total += len(tp.Content)
				if strings.HasPrefix(tp.Name, fmt.Sprintf("race%d-", round)) {
					last = tp
				}
			}
			require.Equal(t, store.MaxTemplateBytesPerTeam, total)
		}

		// A deletion frees its bytes (last holds full[1:]).
		require.NoError(t, b.s.DeleteTemplate(b.ctx, b.team.ID, last.ID))
		require.NoError(t, b.s.CreateTemplate(b.ctx, &store.Template{TeamID: b.team.ID, GroupID: g.ID, Name: "again.yml", Content: full[1:]}))
	})
}
