package template

import (
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/docextract/docextract/extract/layout"
)

// Text renders pages as layout-preserving plain text, like pdftotext
// -layout: one text line per visual line, words placed at the column their
// horizontal position corresponds to (at least one space apart), pages
// separated by a newline. invoice2data templates assume this shape (labels
// and values on one line, columns separated by runs of spaces).
func Text(pages []layout.Page) string {
	var b strings.Builder
	for i := range pages {
		p := &pages[i]
		cw := charWidth(p)
		for _, l := range layout.Lines(p) {
			col := 0
			for j, w := range l.Words {
				want := int(math.Round(w.X0 / cw))
				if j > 0 {
					// Words of one phrase keep a single space whatever
					// their font size; columns go where their position says.
					prev := l.Words[j-1]
					if want <= col || w.X0-prev.X1 < 0.6*math.Max(w.H(), prev.H()) {
						want = col + 1
					}
				}
				if want > col {
					b.WriteString(strings.Repeat(" ", want-col))
					col = want
				}
				b.WriteString(w.Text)
				col += utf8.RuneCountInString(w.Text)
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// charWidth estimates the width of one character column on p: the median
// width per character of its words, widened a little so that words of
// proportional fonts rarely collide.
func charWidth(p *layout.Page) float64 {
	var ws []float64
	for _, w := range p.Words {
		n := utf8.RuneCountInString(w.Text)
		if n >= 2 && w.X1 > w.X0 {
			ws = append(ws, (w.X1-w.X0)/float64(n))
		}
	}
	if len(ws) == 0 {
		return 5
	}
	sort.Float64s(ws)
	return ws[len(ws)/2] * 1.1
}
