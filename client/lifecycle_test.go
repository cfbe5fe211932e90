package client_test

import (
	"bytes"
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/client"
	"github.com/docextract/docextract/extract"
)

// TestTemplatesReprocessReview: a template uploaded with the client reads
// the next upload and, reprocessed, an earlier one; a team set to review
// gets a mismatched upload parked until Approve.
func TestTemplatesReprocessReview(t *testing.T) {
	s := newServer(t, serverOptions{})
	c := s.client(t, s.key)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	inv := invoice(t, 5)
	upload := func(typ docextract.DocType) string {
		t.Helper()
		up, err := c.Upload(ctx, typ, "inv.pdf", bytes.NewReader(inv.PDF))
		require.NoError(t, err)
		return up.DocumentID
	}

	first := upload(docextract.Invoice)
	res, err := c.Wait(ctx, first, client.WaitOptions{Initial: 50 * time.Millisecond})
	require.NoError(t, err)
	require.Equal(t, extract.TemplateInvoiceText, *res.Template)

	yml, err := os.ReadFile("../extract/template/testdata/templates/acme/acme-supplies-en.yml")
	require.NoError(t, err)
	g, err := c.CreateTemplateGroup(ctx, "suppliers")
	require.NoError(t, err)
	_, err = c.CreateTemplate(ctx, g.ID, "bad.yml", "keywords: ['(?=x)']\n")
	require.ErrorIs(t, err, client.ErrBadRequest)
	require.ErrorContains(t, err, "Invalid template: line 1: keywords:")
	tpl, err := c.CreateTemplate(ctx, g.ID, "acme.yml", string(yml))
	require.NoError(t, err)
	require.Equal(t, "Acme Supplies GmbH", tpl.Issuer)
	var listed []client.Template
	for tt, err := range c.Templates(ctx, g.ID) {
		require.NoError(t, err)
		listed = append(listed, tt)
	}
	require.Len(t, listed, 1)
	got, err := c.Template(ctx, tpl.ID)
	require.NoError(t, err)
	require.Equal(t, string(yml), got.Content)

	// Reprocessing the first upload reads it with the template.
	require.NoError(t, c.Reprocess(ctx, first))
	require.Eventually(t, func() bool {
		task, err := c.Task(ctx, first)
		return err == nil && !task.Reprocessing
	}, time.Minute, 20*time.Millisecond)
	res, err = c.Wait(ctx, first, client.WaitOptions{})
	require.NoError(t, err)
	require.Equal(t, tpl.ID, *res.Template)

	// Review: an invoice uploaded as a bank statement waits for a person.
	team, err := c.SetClassification(ctx, docextract.ClassificationReview)
	require.NoError(t, err)
	require.Equal(t, docextract.ClassificationReview, team.Classification)
	parked := upload(docextract.BankStatement)
	_, err = c.Wait(ctx, parked, client.WaitOptions{Initial: 50 * time.Millisecond})
	require.ErrorIs(t, err, client.ErrNeedsReview)
	task, err := c.Task(ctx, parked)
	require.NoError(t, err)
	require.Equal(t, "needs_review", task.Status)
	require.Equal(t, "invoice", *task.DetectedType)
	require.NoError(t, c.Approve(ctx, parked, docextract.Invoice))
	res, err = c.Wait(ctx, parked, client.WaitOptions{Initial: 50 * time.Millisecond})
	require.NoError(t, err)
	require.Equal(t, tpl.ID, *res.Template)
	require.ErrorIs(t, c.Reject(ctx, parked), client.ErrConflict)

	tm, err := c.Team(ctx)
	require.NoError(t, err)
	require.Equal(t, docextract.ClassificationReview, tm.Classification)
	rep, err := c.ReplaceTemplate(ctx, tpl.ID, string(yml)+"\n# v2\n")
	require.NoError(t, err)
	require.Equal(t, tpl.ID, rep.ID)
	require.Contains(t, rep.Content, "# v2")
	require.NoError(t, c.DeleteTemplate(ctx, tpl.ID))
	require.ErrorIs(t, c.DeleteTemplate(ctx, tpl.ID), client.ErrNotFound)
	require.NoError(t, c.DeleteTemplateGroup(ctx, g.ID))
	groups, err := c.TemplateGroups(ctx)
	require.NoError(t, err)
	require.Empty(t, groups)
	_, err = c.Template(ctx, tpl.ID)
	require.ErrorIs(t, err, client.ErrNotFound)
}
