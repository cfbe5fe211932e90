package extract_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/internal/testdocs"
)

// A batch file of an invoice, a bank statement and another invoice comes out
// as three documents with their page ranges, each read with the schema of
// its detected type; the statement reconciles.
func TestMixedBatchSplitAndClassified(t *testing.T) {
	t.Parallel()
	inv1, err := testdocs.NewInvoice(testdocs.InvoiceOptions{Lang: "en", Seed: 1, Lines: 30, LinesPerPage: 18})
	require.NoError(t, err)
	st, err := testdocs.NewStatement(testdocs.StatementOptions{Layout: testdocs.StatementDE, Seed: 2})
	require.NoError(t, err)
	inv2, err := testdocs.NewInvoice(testdocs.InvoiceOptions{Lang: "de", Seed: 3})
	require.NoError(t, err)
	batch, err := testdocs.Concat(inv1.Doc, st.Doc, inv2.Doc)
	require.NoError(t, err)

	res, err := extractor(t).Extract(context.Background(), extract.Input{Data: batch.PDF, DocType: docextract.Invoice})
	require.NoError(t, err)
	require.Len(t, res.Documents, len(batch.Parts))
	for i, part := range batch.Parts {
		d := res.Documents[i]
		require.Equal(t, part.Start, d.PageStart, "document %d", i)
		require.Equal(t, part.End, d.PageEnd, "document %d", i)
	}
	require.Equal(t, docextract.Invoice, res.Documents[0].DocType)
	require.Equal(t, docextract.BankStatement, res.Documents[1].DocType)
	require.True(t, res.Documents[1].Mismatch, "a statement in an invoice upload is flagged")
	require.Equal(t, docextract.Invoice, res.Documents[2].DocType)

	got := res.Documents[1].Data.(*docextract.BankStatementData)
	require.Len(t, got.Transactions, len(st.Truth.Transactions))
	require.Equal(t, st.Truth.General.ClosingBalance.String(), got.General.ClosingBalance.String())
	require.True(t, res.Documents[1].Validation.Passed, res.Documents[1].Validation.Details.CalculationLogic)

	first := res.Documents[0].Data.(*docextract.InvoiceData)
	require.Equal(t, *inv1.Truth.General.InvoiceNumber, *first.General.InvoiceNumber)
	require.Equal(t, inv1.Truth.General.TotalGrossPrice.String(), first.General.TotalGrossPrice.String())
}
