package invoice

import (
	"testing"

	"github.com/docextract/docextract"
	"github.com/stretchr/testify/require"
)

// TestWordsWithin: a name's words, whole and in order, among more words.
func TestWordsWithin(t *testing.T) {
	require.True(t, wordsWithin("Mara Lindholm", "Mara Lindholm Fotografie"))
	require.True(t, wordsWithin("Koers & Kompas", "Koers & Kompas Advies"))
	require.False(t, wordsWithin("Mara Lindholm", "Mara Lindholm"), "the same name is no longer one")
	require.False(t, wordsWithin("Lindholm", "Mara Lindholm Fotografie"), "one word is no name")
	require.False(t, wordsWithin("Mara Lind", "Mara Lindholm Fotografie"), "words are whole")
}

// TestPricesAreTotals: one price column is read as the lines' totals only
// when the prices, not quantity × price, add up to the lines' total.
func TestPricesAreTotals(t *testing.T) {
	mk := func(qp ...string) []docextract.LineItem {
		var its []docextract.LineItem
		for i := 0; i < len(qp); i += 2 {
			its = append(its, docextract.LineItem{ProductQuantity: docextract.NewAmount(d(qp[i])), ProductUnitPrice: docextract.NewAmount(d(qp[i+1]))})
		}
		return its
	}
	sub := d("129.40")
	its := mk("6", "77.40", "2", "29.00", "5", "23.00")
	pricesAreTotals(its, totals{lineTotal: &sub})
	for _, it := range its {
		require.NotNil(t, it.ProductTotalPrice)
		require.Nil(t, it.ProductUnitPrice)
	}
	require.Equal(t, "77.4", its[0].ProductTotalPrice.String())

	// quantity × price gives the net: unit prices, left as they are
	net := d("20.00")
	its = mk("2", "5.00", "1", "10.00")
	pricesAreTotals(its, totals{net: &net})
	require.Nil(t, its[0].ProductTotalPrice)

	// quantities of one: both sums agree, nothing to tell them apart
	net = d("15.00")
	its = mk("1", "5.00", "1", "10.00")
	pricesAreTotals(its, totals{net: &net})
	require.Nil(t, its[0].ProductTotalPrice)
}
