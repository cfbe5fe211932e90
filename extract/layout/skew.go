package layout

import (
	"math"
	"sort"
)

// Skew estimates the slope (dy/dx, positive when text runs down to the
// right) of the text lines of p from its words: the median of the slopes
// between each word and its nearest neighbour to the right on the same
// line. ok is false when fewer than 12 such pairs were found. A page read
// by OCR from a sheet put down a little crooked has its lines drift by
// several pixels across the page; a PDF text layer has none.
func Skew(p *Page) (slope float64, ok bool) {
	ws := make([]Word, 0, len(p.Words))
	for _, w := range p.Words {
		if w.Y1 > w.Y0 && w.X1 > w.X0 && len(w.Text) > 0 {
			ws = append(ws, w)
		}
	}
	sort.Slice(ws, func(i, j int) bool { return ws[i].X0 < ws[j].X0 })
	var slopes []float64
	for i, a := range ws {
		h := a.H()
		var best *Word
		for j := i + 1; j < len(ws); j++ {
			b := &ws[j]
			if b.X0 > a.X1+3*h {
				break
			}
			if b.X0 < a.X1-0.2*h || b.X1-b.X0 < h || a.X1-a.X0 < h {
				continue
			}
			// similar height, on the same line
			if math.Abs(b.H()-h) > 0.25*h || math.Abs(b.CY()-a.CY()) > 0.5*h {
				continue
			}
			if best == nil || b.X0 < best.X0 {
				best = b
			}
		}
		if best == nil {
			continue
		}
		// the bottoms of the two words, far enough apart to measure
		dx := best.CX() - a.CX()
		if dx < 2*h {
			continue
		}
		slopes = append(slopes, (best.Y1+best.Y0-a.Y1-a.Y0)/2/dx)
	}
	if len(slopes) < 12 {
		return 0, false
	}
	sort.Float64s(slopes)
	return slopes[len(slopes)/2], true
}

// minSkew is the slope from which Straighten corrects a page: about 0.1
// degree, a drift of two pixels across a 200 dpi A4 page.
const minSkew = 0.0015

// maxSkew is the slope above which Straighten leaves a page alone: a page
// turned more than about 3 degrees is the recogniser's to straighten.
const maxSkew = 0.055

// Straighten returns p with its words turned about the page's centre so
// that its text lines run level (by the slope Skew measures), when p was
// read by OCR and the slope is between minSkew and maxSkew; else p as it
// is. Each box keeps its size and moves with its centre. Lines of a
// slightly turned scan then keep the words at the far right of a row (an
// amount, a date column) on the row they belong to, and the columns of a
// table stay straight down the page.
func Straighten(p Page) Page {
	if !p.OCR {
		return p
	}
	s, ok := Skew(&p)
	if !ok || math.Abs(s) < minSkew || math.Abs(s) > maxSkew {
		return p
	}
	a := math.Atan(s)
	sin, cos := math.Sin(a), math.Cos(a)
	cx, cy := p.Width/2, p.Height/2
	ws := make([]Word, len(p.Words))
	for i, w := range p.Words {
		dx, dy := w.CX()-cx, w.CY()-cy
		mx := cx + dx*cos + dy*sin - w.CX()
		my := cy - dx*sin + dy*cos - w.CY()
		w.X0, w.X1, w.Y0, w.Y1 = w.X0+mx, w.X1+mx, w.Y0+my, w.Y1+my
		ws[i] = w
	}
	p.Words = ws
	return p
}
