package extract

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract/layout"
)

func page(text string, unreadable int) layout.Page {
	p := layout.Page{Width: 595, Height: 842, Unreadable: unreadable}
	for i, w := range strings.Fields(text) {
		p.Words = append(p.Words, layout.Word{Text: w, X0: float64(10 * i), X1: float64(10*i + 8), Y0: 100, Y1: 110})
	}
	return p
}

// TestNeedsOCR: the thresholds of needsOCR on made-up pages.
func TestNeedsOCR(t *testing.T) {
	invoice := "Rechnung Nr. RE-2024-0815 vom 15.03.2024 Pos Menge Preis | 1 | 2 | 50,00 € - Summe 100,00 € % Total 119,00 €"
	for _, tt := range []struct {
		name string
		p    layout.Page
		want bool
	}{
		{"empty", page("", 0), true},
		{"page number only", page("Page 1 of 1", 0), true},
		{"clean invoice", page(invoice, 0), false},
		{"icons of a symbol font", page(invoice, 3), false},
		{"glyph ids: spaces and digits unreadable", page(",QYRLFH 1R ,19 7RWDO (85 ,QYRLFH 'DWH", 30), true},
		{"subset codes on punctuation", page("#$%& '() *+ ,-./ :;<= >?@ [\\] ^_` {|}", 0), true},
		{"dot leaders and rules", page("Total ........ 119,00 Net ........ 100,00 ------ VAT 19,00", 0), false},
	} {
		require.Equal(t, tt.want, needsOCR(tt.p), tt.name)
	}
}

func TestThinText(t *testing.T) {
	lines := func(n int) layout.Page {
		var p layout.Page
		for i := range n {
			y := 40 + 14*float64(i)
			// two words on each line, one a little lower (another font)
			p.Words = append(p.Words,
				layout.Word{Text: "Label", X0: 50, X1: 90, Y0: y, Y1: y + 10},
				layout.Word{Text: "12,00", X0: 300, X1: 340, Y0: y + 1, Y1: y + 12})
		}
		return p
	}
	require.True(t, thinText(layout.Page{}))
	require.True(t, thinText(lines(1)))
	require.True(t, thinText(lines(maxThinLines)))
	require.False(t, thinText(lines(maxThinLines+1)))
}
