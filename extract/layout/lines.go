package layout

import (
	"math"
	"sort"
	"strings"
)

// Line is a run of words sharing a baseline, in reading order (left to
// right), with its bounding box.
type Line struct {
	Words          []Word
	X0, Y0, X1, Y1 float64
	// Page is the one-based page number the line is on (0 when unknown).
	Page int
}

// Text returns the words of l joined by single spaces.
func (l Line) Text() string { return joinWords(l.Words) }

// H returns the median word height of l: the line's own scale, used for
// every tolerance so that points and pixels behave alike.
func (l Line) H() float64 { return medianHeight(l.Words) }

// Cell is a group of words of one line separated from its neighbours by a
// wide gap: a table cell, a label, or a value printed apart from its label.
type Cell struct {
	Words          []Word
	X0, Y0, X1, Y1 float64
}

// Text returns the words of c joined by single spaces.
func (c Cell) Text() string { return joinWords(c.Words) }

// CX returns the horizontal centre of c.
func (c Cell) CX() float64 { return (c.X0 + c.X1) / 2 }

func joinWords(ws []Word) string {
	switch len(ws) {
	case 0:
		return ""
	case 1:
		return ws[0].Text
	}
	var b strings.Builder
	for i, w := range ws {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w.Text)
	}
	return b.String()
}

func medianHeight(ws []Word) float64 {
	if len(ws) == 0 {
		return 0
	}
	if len(ws) == 1 {
		return ws[0].H()
	}
	hs := make([]float64, len(ws))
	for i, w := range ws {
		hs[i] = w.H()
	}
	sort.Float64s(hs)
	return hs[len(hs)/2]
}

// Lines rebuilds the text lines of p in reading order (top to bottom, then
// left to right). Words are put on one line when their vertical extents
// overlap by at least half of the smaller height, measured against the
// horizontally nearest word already on the line; this tolerates slight skew
// (the line may drift across its width) and mixed font sizes (a large title
// word and small words on one baseline). Words whose boxes are empty are
// dropped.
func Lines(p *Page) []Line {
	ws := make([]Word, 0, len(p.Words))
	for _, w := range p.Words {
		if strings.TrimSpace(w.Text) == "" || w.Y1 <= w.Y0 {
			continue
		}
		ws = append(ws, w)
	}
	sort.SliceStable(ws, func(i, j int) bool {
		if ws[i].CY() != ws[j].CY() {
			return ws[i].CY() < ws[j].CY()
		}
		return ws[i].X0 < ws[j].X0
	})
	type build struct {
		words []Word
		maxY1 float64
	}
	var open []*build
	var all []*build
	for _, w := range ws {
		h := w.H()
		var best *build
		bestScore := 0.0
		for _, b := range open {
			if b.maxY1 < w.Y0-2*h {
				continue
			}
			n := nearestX(b.words, w)
			ov := math.Min(n.Y1, w.Y1) - math.Max(n.Y0, w.Y0)
			mh := math.Min(n.H(), h)
			if mh <= 0 {
				continue
			}
			r := ov / mh
			// Do not stack two words at the same x onto one line.
			if hOverlap(n, w) > 0.5*math.Min(n.X1-n.X0, w.X1-w.X0) {
				continue
			}
			// Words far to the side need a tighter vertical fit.
			dx := math.Max(0, math.Max(n.X0-w.X1, w.X0-n.X1))
			if dx > 8*h {
				r -= 0.2
			}
			if r >= 0.5 && r > bestScore {
				best, bestScore = b, r
			}
		}
		if best == nil {
			best = &build{}
			all = append(all, best)
			open = append(open, best)
		}
		best.words = append(best.words, w)
		if w.Y1 > best.maxY1 {
			best.maxY1 = w.Y1
		}
		// Retire lines that are far above the current word.
		if len(open) > 16 {
			k := 0
			for _, b := range open {
				if b.maxY1 >= w.Y0-3*h {
					open[k] = b
					k++
				}
			}
			open = open[:k]
		}
	}
	lines := make([]Line, 0, len(all))
	for _, b := range all {
		sort.SliceStable(b.words, func(i, j int) bool { return b.words[i].X0 < b.words[j].X0 })
		l := Line{Words: b.words, Page: p.Number}
		l.X0, l.Y0, l.X1, l.Y1 = bbox(b.words)
		lines = append(lines, l)
	}
	sort.SliceStable(lines, func(i, j int) bool {
		a, b := lines[i], lines[j]
		ca, cb := (a.Y0+a.Y1)/2, (b.Y0+b.Y1)/2
		if math.Abs(ca-cb) > 0.3*math.Min(a.H(), b.H()) {
			return ca < cb
		}
		return a.X0 < b.X0
	})
	return lines
}

func nearestX(ws []Word, w Word) Word {
	best := ws[len(ws)-1]
	bd := math.Inf(1)
	for _, x := range ws {
		d := math.Abs(x.CX() - w.CX())
		if d < bd {
			bd, best = d, x
		}
	}
	return best
}

func hOverlap(a, b Word) float64 {
	return math.Min(a.X1, b.X1) - math.Max(a.X0, b.X0)
}

func bbox(ws []Word) (x0, y0, x1, y1 float64) {
	x0, y0 = math.Inf(1), math.Inf(1)
	x1, y1 = math.Inf(-1), math.Inf(-1)
	for _, w := range ws {
		x0 = math.Min(x0, w.X0)
		y0 = math.Min(y0, w.Y0)
		x1 = math.Max(x1, w.X1)
		y1 = math.Max(y1, w.Y1)
	}
	return
}

// GapFactor is the default gap, in word heights, that separates two cells
// of a line; ordinary word spacing is about a third of the height.
const GapFactor = 1.0

// Cells splits l where the horizontal gap between consecutive words exceeds
// gap times the height of the taller of the two words (GapFactor when gap
// is 0).
func (l Line) Cells(gap float64) []Cell {
	if gap <= 0 {
		gap = GapFactor
	}
	var out []Cell
	start := 0
	for i := 1; i <= len(l.Words); i++ {
		if i < len(l.Words) {
			a, b := l.Words[i-1], l.Words[i]
			if b.X0-a.X1 <= gap*math.Max(a.H(), b.H()) {
				continue
			}
		}
		c := Cell{Words: l.Words[start:i]}
		c.X0, c.Y0, c.X1, c.Y1 = bbox(c.Words)
		out = append(out, c)
		start = i
	}
	return out
}

// RightOf returns the words of l that start at or right of x.
func (l Line) RightOf(x float64) []Word {
	for i, w := range l.Words {
		if w.X0 >= x-0.01 {
			return l.Words[i:]
		}
	}
	return nil
}

// OverlapX returns the horizontal overlap of [a0,a1] and [b0,b1] (negative
// when they are apart).
func OverlapX(a0, a1, b0, b1 float64) float64 { return math.Min(a1, b1) - math.Max(a0, b0) }

// Below returns the index of the first line after lines[i] (within maxDist
// line heights below it) that has a word horizontally overlapping [x0,x1],
// and those words; -1 when there is none.
func Below(lines []Line, i int, x0, x1 float64, maxDist float64) (int, []Word) {
	h := lines[i].H()
	for j := i + 1; j < len(lines); j++ {
		l := lines[j]
		if l.Page != lines[i].Page || l.Y0-lines[i].Y1 > maxDist*h {
			break
		}
		var ws []Word
		for _, w := range l.Words {
			if OverlapX(w.X0, w.X1, x0, x1) > 0 {
				ws = append(ws, w)
			}
		}
		if len(ws) > 0 {
			return j, ws
		}
	}
	return -1, nil
}
