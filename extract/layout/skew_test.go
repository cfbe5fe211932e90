package layout

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// skewedPage lays out rows of a table (date, text, amount far right) on a
// page turned by slope, as OCR reads a crooked scan.
func skewedPage(slope float64, ocr bool) Page {
	p := Page{Number: 1, Width: 1600, Height: 2200, OCR: ocr}
	for r := range 10 {
		y := 300 + 40*float64(r)
		for _, c := range []struct {
			x, w float64
			s    string
		}{{100, 90, fmt.Sprintf("0%d.02", r)}, {220, 260, "Basislastschrift"}, {500, 120, "AMAZON"}, {1300, 90, "01.02"}, {1420, 110, "520,33-"}} {
			dy := slope * (c.x + c.w/2 - 800)
			p.Words = append(p.Words, Word{Text: c.s, X0: c.x, X1: c.x + c.w, Y0: y + dy, Y1: y + 22 + dy, Conf: 90})
		}
	}
	return p
}

func TestSkew(t *testing.T) {
	for _, slope := range []float64{-0.015, -0.006, 0, 0.008} {
		s, ok := Skew(new(skewedPage(slope, true)))
		require.True(t, ok)
		require.InDelta(t, slope, s, 0.0005)
	}
	_, ok := Skew(&Page{Words: []Word{{Text: "a", X0: 0, X1: 10, Y0: 0, Y1: 10}}})
	require.False(t, ok, "too few words to measure")
}

// TestStraightenKeepsRows: on a page turned by 0.7 degrees the amount at
// the far right of a row falls off its row; straightened, every row is one
// line again. A text layer is left alone.
func TestStraightenKeepsRows(t *testing.T) {
	p := skewedPage(0.012, true)
	require.Greater(t, len(Lines(&p)), 10, "crooked rows split")
	s := Straighten(p)
	lines := Lines(&s)
	require.Len(t, lines, 10)
	for _, l := range lines {
		require.Len(t, l.Words, 5, l.Text())
	}
	require.Equal(t, p.Words[0].Y0, skewedPage(0.012, true).Words[0].Y0, "p unchanged")
	text := skewedPage(0.012, false)
	require.Equal(t, text, Straighten(text))
}
