package bank

import (
	"regexp"
	"sort"
	"strings"

	"github.com/docextract/docextract/extract/layout"
)

// line is one visual line of words, left to right.
type line struct {
	words  []layout.Word
	y0, y1 float64
	size   float64
}

func (l *line) tokens() []string {
	t := make([]string, len(l.words))
	for i, w := range l.words {
		t[i] = w.Text
	}
	return t
}

func (l *line) text() string { return strings.Join(l.tokens(), " ") }

// buildLines groups the words of p into lines by vertical overlap.
// TODO: switch to layout.Lines once it lands.
func buildLines(p *layout.Page) []*line {
	ws := append([]layout.Word(nil), p.Words...)
	sort.SliceStable(ws, func(i, j int) bool { return ws[i].CY() < ws[j].CY() })
	var out []*line
	for _, w := range ws {
		h := w.H()
		if h <= 0 {
			h = w.Size
		}
		if n := len(out); n > 0 {
			l := out[n-1]
			cy := (l.y0 + l.y1) / 2
			if abs(w.CY()-cy) < 0.5*min(h, l.y1-l.y0) {
				l.words = append(l.words, w)
				l.y0, l.y1 = min(l.y0, w.Y0), max(l.y1, w.Y1)
				l.size = max(l.size, h)
				continue
			}
		}
		out = append(out, &line{words: []layout.Word{w}, y0: w.Y0, y1: w.Y1, size: h})
	}
	for _, l := range out {
		sort.SliceStable(l.words, func(i, j int) bool { return l.words[i].X0 < l.words[j].X0 })
		l.words = mergeGroupedNumbers(l.words, l.size)
	}
	return out
}

var (
	reGroupHead = regexp.MustCompile(`^[+-]?\d{1,3}$`)
	reGroupTail = regexp.MustCompile(`^\d{3}([.,]\d{1,2})?[-+]?$|^\d{3}[ ]`)
)

// mergeGroupedNumbers joins "1" "234,56" into "1 234,56" when a thousands
// separator was printed as a space.
func mergeGroupedNumbers(ws []layout.Word, size float64) []layout.Word {
	out := ws[:0:0]
	for _, w := range ws {
		if n := len(out); n > 0 {
			p := out[n-1]
			if w.X0-p.X1 < 0.45*size && reGroupHead.MatchString(lastGroup(p.Text)) && reGroupTail.MatchString(w.Text) &&
				(reGroupHead.MatchString(p.Text) || strings.Contains(p.Text, " ")) {
				p.Text += " " + w.Text
				p.X1 = w.X1
				out[n-1] = p
				continue
			}
		}
		out = append(out, w)
	}
	return out
}

func lastGroup(s string) string {
	if i := strings.LastIndexByte(s, ' '); i >= 0 {
		return s[i+1:]
	}
	return s
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}
