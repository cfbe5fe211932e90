package receipt

import (
	"testing"

	"github.com/docextract/docextract/extract/layout"
	"github.com/stretchr/testify/require"
)

// TestSettled: a reading's total is checked when the receipt's own figures
// give it a second way, read from its label alone otherwise; a date counts
// only when valid.
func TestSettled(t *testing.T) {
	for name, tc := range map[string]struct {
		text        string
		total, date int
	}{
		"subtotal and tax add up": {
			"SHOP\nDate: 12/03/2018\nSUBTOTAL 10.00\nGST 0.60\nTOTAL 10.60\n", TotalChecked, DateRead},
		"cash less change": {
			"SHOP\nDate: 12/03/2018\nTOTAL 10.60\nCASH 20.00\nCHANGE 9.40\n", TotalChecked, DateRead},
		"the items add up": {
			"SHOP\nDate: 12/03/2018\nTEA 2 X 1.50 3.00\nCAKE 4.50\nTOTAL 7.50\n", TotalChecked, DateRead},
		"printed twice": {
			"SHOP\nDate: 12/03/2018\nTOTAL 7.50\nVISA 7.50\n", TotalChecked, DateRead},
		"label alone": {
			"SHOP\nDate: 12/03/2018\nCAKE 4.50\nTOTAL 7.50\n", TotalLabel, DateRead},
		"cash less change disagrees": {
			"SHOP\nTOTAL 7.50\nCASH 20.00\nCHANGE 9.40\n", TotalLabel, DateNone},
		"no total, an impossible date": {
			"SHOP\nDate: 32/13/2018\nTOTAL\nTHANK YOU\n", TotalNone, DateNone},
	} {
		t.Run(name, func(t *testing.T) {
			tl, dl := Settled([]layout.Page{page(tc.text)})
			require.Equal(t, tc.total, tl, "total")
			require.Equal(t, tc.date, dl, "date")
		})
	}
	// OCRCheck: the levels' sum, lacking when either is missing, weak
	// as well when the total rests on its label alone.
	s, lacking, weak := OCRCheck(page("SHOP\nDate: 12/03/2018\nSUBTOTAL 10.00\nGST 0.60\nTOTAL 10.60\n"))
	require.Equal(t, TotalChecked+DateRead, s)
	require.False(t, lacking)
	require.False(t, weak)
	s, lacking, weak = OCRCheck(page("SHOP\nDate: 12/03/2018\nCAKE 4.50\nTOTAL 7.50\n"))
	require.Equal(t, TotalLabel+DateRead, s)
	require.False(t, lacking)
	require.True(t, weak, "a total from its label alone")
	s, lacking, weak = OCRCheck(page("SHOP\nSUBTOTAL 10.00\nGST 0.60\nTOTAL 10.60\n"))
	require.Equal(t, TotalChecked, s)
	require.True(t, lacking)
	require.True(t, weak)
	_, lacking, _ = OCRCheck(page("SHOP\nDate: 12/03/2018\nTHANK YOU\n"))
	require.True(t, lacking)
	s, lacking, _ = OCRCheck(layout.Page{})
	require.Equal(t, 0, s)
	require.True(t, lacking)
}
