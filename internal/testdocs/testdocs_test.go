package testdocs

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
)

func TestNewStatement(t *testing.T) {
	t.Parallel()
	for _, l := range StatementLayouts() {
		t.Run(string(l), func(t *testing.T) {
			t.Parallel()
			s, err := NewStatement(StatementOptions{Layout: l, Seed: 7, Transactions: 30, LinesPerPage: 25})
			require.NoError(t, err)
			require.True(t, bytes.HasPrefix(s.PDF, []byte("%PDF-")))
			require.Greater(t, len(s.Pages), 1)
			require.Len(t, s.Truth.Transactions, 30)
			require.Equal(t, []Part{{docextract.BankStatement, 1, len(s.Pages)}}, s.Parts)
			// The truth reconciles.
			sum := s.Truth.General.OpeningBalance.Dec()
			for _, tx := range s.Truth.Transactions {
				sum = sum.Add(tx.Amount.Dec())
			}
			require.True(t, sum.Equal(s.Truth.General.ClosingBalance.Dec()))
			require.Equal(t, 1, mod97(iban2check(*s.Truth.General.IBAN)))

			again, err := NewStatement(StatementOptions{Layout: l, Seed: 7, Transactions: 30, LinesPerPage: 25})
			require.NoError(t, err)
			require.Equal(t, s.PDF, again.PDF, "deterministic")
		})
	}
	_, err := NewStatement(StatementOptions{Layout: "xx"})
	require.Error(t, err)
}

func iban2check(s string) string { return s[4:] + s[:4] }

func TestNewInvoiceAndConcat(t *testing.T) {
	t.Parallel()
	inv, err := NewInvoice(InvoiceOptions{Seed: 1, Lines: 40, LinesPerPage: 18, Lang: "de"})
	require.NoError(t, err)
	require.Len(t, inv.Pages, 3)
	require.Len(t, inv.Truth.LineItems, 40)
	net := inv.Truth.General.TotalNetPrice.Dec()
	require.True(t, net.Add(inv.Truth.General.TotalTaxAmount.Dec()).Equal(inv.Truth.General.TotalGrossPrice.Dec()))

	st, err := NewStatement(StatementOptions{Layout: StatementFR, Seed: 2})
	require.NoError(t, err)
	all, err := Concat(inv.Doc, st.Doc, inv.Doc)
	require.NoError(t, err)
	n := len(st.Pages)
	require.Equal(t, []Part{
		{docextract.Invoice, 1, 3},
		{docextract.BankStatement, 4, 3 + n},
		{docextract.Invoice, 4 + n, 6 + n},
	}, all.Parts)
	require.Len(t, all.Pages, 6+n)
	for i, p := range all.Pages {
		require.Equal(t, i+1, p.Number)
	}
}

func ExampleNewStatement() {
	s, err := NewStatement(StatementOptions{Layout: StatementDE, Seed: 1, Transactions: 3})
	if err != nil {
		panic(err)
	}
	fmt.Println(*s.Truth.General.BankName, len(s.Truth.Transactions), len(s.Pages))
	// Output: Sparkasse Musterstadt 3 1
}
