package invoice

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/internal/testdocs"
)

// TestCurrencyNotFromTerms: an invoice in EUR ("Total EUR") whose terms,
// printed on the page after it, name amounts in another currency ("orders
// below 50.00 GBP carry a charge of 7.50 GBP"): the currency is the
// invoice's. Before the totals line and sentences were weighed, the three
// codes of the terms outvoted the one of the totals.
func TestCurrencyNotFromTerms(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "de"} {
		inv, err := testdocs.NewInvoice(testdocs.InvoiceOptions{Lang: lang, Seed: 3, Lines: 4, NoPageMarkers: true})
		require.NoError(t, err)
		terms, err := testdocs.NewEnclosure(testdocs.EnclosureOptions{Kind: testdocs.EnclosureTerms, Lang: lang,
			Sender: *inv.Truth.General.SellerName, Currency: "GBP"})
		require.NoError(t, err)
		got := Extract(append(inv.Pages[:len(inv.Pages):len(inv.Pages)], terms.Pages...))
		require.NotNil(t, got.General.Currency, lang)
		require.Equal(t, "EUR", *got.General.Currency, lang)
		require.True(t, got.General.TotalGrossPrice.Equal(inv.Truth.General.TotalGrossPrice.Decimal), lang)
	}
}
