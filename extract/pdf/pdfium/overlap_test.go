package pdfium

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract/layout"
)

func word(s string, x0, y0, x1, y1 float64) layout.Word {
	return layout.Word{Text: s, X0: x0, Y0: y0, X1: x1, Y1: y1}
}

// TestDropOverdrawn: of two words of one height drawn over each other the
// later stays; a taller stamp over a word drops nothing; words side by side
// are no overlap.
func TestDropOverdrawn(t *testing.T) {
	t.Parallel()
	ws := []layout.Word{
		word("00000000", 100, 100, 160, 110), // placeholder
		word("RE-4711", 101, 100, 158, 110),  // the value drawn over it
		word("PAID", 90, 90, 200, 130),       // a stamp over both
		word("Total", 40, 200, 70, 210), word("12.00", 72, 200, 100, 210),
	}
	require.True(t, overlapping(ws))
	var got []string
	for _, w := range dropOverdrawn(ws) {
		got = append(got, w.Text)
	}
	require.Equal(t, []string{"RE-4711", "PAID", "Total", "12.00"}, got)
	require.False(t, overlapping(ws[3:]))
}

// TestOverlapsBounded: a hostile page of 100,000 words on one baseline
// would have every pair compared; the sweep stops at maxOverlapPairs.
func TestOverlapsBounded(t *testing.T) {
	t.Parallel()
	ws := make([]layout.Word, 100_000)
	for i := range ws {
		x := float64(i) * 10
		ws[i] = word("w", x, 100, x+8, 110)
	}
	n := overlaps(ws, func(i, j int) bool { return true })
	require.Equal(t, maxOverlapPairs, n)
	require.False(t, overlapping(ws))
	require.Len(t, dropOverdrawn(ws), len(ws))
}
