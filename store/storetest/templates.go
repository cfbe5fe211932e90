package storetest

import (
	"strings"
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

		tpl := &store.Template{TeamID: b.team.ID, GroupID: g.ID, Name: "acme.yml", Content: []byte("issuer: Acme\nkeywords: [Acme]\n")}
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

		// Replace keeps the id and the creation time.
		b.clock.add(time.Minute)
		rep := &store.Template{ID: tpl.ID, TeamID: b.team.ID, GroupID: g2.ID, Name: "acme2.yml", Content: []byte("issuer: Acme 2\nkeywords: [Acme]\n")}
		require.NoError(t, b.s.ReplaceTemplate(b.ctx, rep))
		require.Equal(t, epoch, rep.CreatedAt)
		require.Equal(t, epoch.Add(time.Minute), rep.UpdatedAt)
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

		// Deleting a group deletes its templates.
		requireCode(t, docextract.ENOTFOUND, b.s.DeleteTemplateGroup(b.ctx, other.ID, g2.ID))
		require.NoError(t, b.s.DeleteTemplateGroup(b.ctx, b.team.ID, g2.ID))
		all, err = b.s.ListTemplates(b.ctx, b.team.ID, "")
		require.NoError(t, err)
		require.Empty(t, all)
		_, err = b.s.FindTemplateGroup(b.ctx, g2.ID)
		requireCode(t, docextract.ENOTFOUND, err)
	})
}
