package bank

import (
	"regexp"
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

// buildLines takes the lines of p in reading order (layout.Lines, kerned
// words rejoined by layout.JoinKerned) and joins numbers whose thousands
// separator was printed as a space.
func buildLines(p *layout.Page, lines []layout.Line) []*line {
	var out []*line
	gap := groupGap
	if p.OCR {
		gap = groupGapOCR
	}
	for _, l := range lines {
		size := l.H()
		out = append(out, &line{words: mergeGroupedNumbers(l.Words, size, gap), y0: l.Y0, y1: l.Y1, size: size})
	}
	return out
}

var (
	reGroupHead = regexp.MustCompile(`^[+-]?\d{1,3}$`)
	reGroupTail = regexp.MustCompile(`^\d{3}([.,]\d{1,2})?[-+]?$|^\d{3}[ ]`)
)

// groupGap is the widest gap, in line heights, between the groups of a
// number whose thousands separator is a space, between the words of a
// PDF text layer (whose boxes span each glyph's advance).
const groupGap = 0.45

// groupGapOCR is groupGap between words read by OCR, whose boxes hold the
// ink only: the gap of "1 355,52" then spans the space and the side
// bearings of the narrow "1" (0.65 line heights at 200 dpi), while the
// columns of a table stay several heights apart.
const groupGapOCR = 0.8

// mergeGroupedNumbers joins "1" "234,56" into "1 234,56" when a thousands
// separator was printed as a space (the words at most gap line heights
// apart).
func mergeGroupedNumbers(ws []layout.Word, size, gap float64) []layout.Word {
	out := ws[:0:0]
	for _, w := range ws {
		if n := len(out); n > 0 {
			p := out[n-1]
			if w.X0-p.X1 < gap*size && reGroupHead.MatchString(lastGroup(p.Text)) && reGroupTail.MatchString(w.Text) &&
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
