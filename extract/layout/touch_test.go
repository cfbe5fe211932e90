package layout

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestJoinTouching(t *testing.T) {
	ws := []Word{{Text: "30", X0: 50, X1: 60, Y0: 0, Y1: 10}, {Text: ".11.", X0: 60.01, X1: 75, Y0: 0, Y1: 10}, {Text: "Miete", X0: 78, X1: 100, Y0: 0, Y1: 10}}
	got := JoinTouching(ws, 10)
	require.Len(t, got, 2)
	require.Equal(t, "30.11.", got[0].Text)
	require.Equal(t, 75.0, got[0].X1)
	require.Equal(t, "Miete", got[1].Text)

	// A glyph whose box reaches 0.55 into the next (a bold "/") still
	// touches; words 2 apart do not.
	ws = []Word{{Text: "H/", X0: 120, X1: 131.04}, {Text: "/", X0: 130.49, X1: 133.4}, {Text: "Koeln", X0: 133.12, X1: 150}, {Text: "DE", X0: 152, X1: 160}}
	got = JoinTouching(ws, 10.11)
	require.Len(t, got, 2)
	require.Equal(t, "H//Koeln", got[0].Text)
}

// kernLine sets texts on one line at size 10, each gap given in ems
// (gaps[i] before texts[i+1]), glyphs 5 pt wide.
func kernLine(texts []string, gaps []float64) Line {
	var ws []Word
	x := 50.0
	for i, s := range texts {
		w := Word{Text: s, X0: x, X1: x + 5*float64(len([]rune(s))), Y0: 0, Y1: 10, Size: 10}
		ws = append(ws, w)
		if i < len(gaps) {
			x = w.X1 + gaps[i]*10
		}
	}
	return Line{Words: ws, X0: ws[0].X0, X1: ws[len(ws)-1].X1, Y1: 10}
}

// spaced is a line of n words set space ems apart: the page's spaces.
func spaced(n int, space float64) Line {
	texts := make([]string, n)
	gaps := make([]float64, n-1)
	for i := range texts {
		texts[i] = "word"
	}
	for i := range gaps {
		gaps[i] = space
	}
	return kernLine(texts, gaps)
}

func TestJoinKerned(t *testing.T) {
	text := func(ls []Line) []string {
		var out []string
		for _, l := range ls {
			out = append(out, l.Text())
		}
		return out
	}
	// Helvetica's space (0.278 em) over the page; a date broken 0.15 em
	// after its first glyph and a payee 0.21 em inside are rejoined, the
	// spaces kept; a whole date beside a word of letters stays apart, as
	// does a day ending in a full stop before its month.
	pages := []Page{{}}
	lines := [][]Line{{
		spaced(30, 0.278),
		kernLine([]string{"1", "7.02.2025", "Hausverw", "altung", "34,56"}, []float64{0.15, 0.278, 0.21, 0.278}),
		kernLine([]string{"30.04.2023", "Gutschrift"}, []float64{0.2}),
		kernLine([]string{"11.", "Juli", "2014"}, []float64{0.2, 0.278}),
	}}
	JoinKerned(pages, lines)
	require.Equal(t, []string{"17.02.2025 Hausverwaltung 34,56", "30.04.2023 Gutschrift", "11. Juli 2014"}, text(lines[0][1:]))

	// An OCR page is never changed: its words are never kerned glyphs.
	pages = []Page{{OCR: true}}
	lines = [][]Line{{spaced(30, 0.278), kernLine([]string{"1", "7.02.2025"}, []float64{0.15})}}
	JoinKerned(pages, lines)
	require.Equal(t, "1 7.02.2025", lines[0][1].Text())

	// A narrow font whose spaces are 0.17 em throughout keeps them, on a
	// page of its own too: the spaces are measured over the document.
	pages = []Page{{}, {}}
	lines = [][]Line{{spaced(30, 0.17)}, {kernLine([]string{"Erhaltene", "Anzahlungen"}, []float64{0.17})}}
	JoinKerned(pages, lines)
	require.Equal(t, "Erhaltene Anzahlungen", lines[1][0].Text())

	// Spaces too irregular to tell a break from a narrow space (0.13 to
	// 0.25 em): no word is joined.
	irregular := kernLine([]string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y"},
		[]float64{0.13, 0.19, 0.25, 0.16, 0.22, 0.13, 0.19, 0.25, 0.16, 0.22, 0.13, 0.19, 0.25, 0.16, 0.22, 0.13, 0.19, 0.25, 0.16, 0.22, 0.13, 0.19, 0.25, 0.16})
	pages = []Page{{}}
	lines = [][]Line{{irregular, kernLine([]string{"TRADE", "NAME"}, []float64{0.19})}}
	JoinKerned(pages, lines)
	require.Equal(t, "TRADE NAME", lines[0][1].Text())
	require.Len(t, lines[0][0].Words, 25)

	// A word space between two words whose sizes read differ (one read
	// 17 pt, a size set elsewhere on the page) is measured against the
	// smaller: "TECHNIEK BV" stays two words.
	pages = []Page{{}}
	misread := kernLine([]string{"TECHNIEK", "BV"}, []float64{0.278})
	misread.Words[1].Size = 17
	lines = [][]Line{{spaced(30, 0.278), misread}}
	JoinKerned(pages, lines)
	require.Equal(t, "TECHNIEK BV", lines[0][1].Text())
}
