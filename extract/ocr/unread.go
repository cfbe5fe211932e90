package ocr

import (
	"image"
	"slices"
)

// unreadText counts the pieces of text on g that a reading left without a
// word: connected runs of ink (pixels darker than Otsu's threshold of the
// image, the letters of one word or one amount joined across gaps of up
// to half a line height) that lie outside every word's box, are about as
// tall as the reading's sure words (0.5 to 2.5 times their median height),
// at least one line height wide, and as dense as print (8% to 75% of their
// box inked, which a rule, a frame, a shaded box or a logo is not), and do
// not touch the image's edge (a scan's border). A page segmentation that
// dropped a totals block's amounts or a column of a table leaves such
// pieces; a page every piece of text of which was read leaves none, or
// only a few specks. Pages with fewer than five sure words return -1:
// there is no line height to measure by, and such a reading is poor
// anyway.
func unreadText(g *image.Gray, words []TSVWord) int {
	var hs []float64
	for _, w := range words {
		if hasAlnum(w.Text) && w.Conf > 50 {
			hs = append(hs, w.H())
		}
	}
	if len(hs) < 5 {
		return -1
	}
	slices.Sort(hs)
	med := hs[len(hs)/2]
	if med < 4 {
		med = 4
	}
	b := g.Bounds()
	w, h := b.Dx(), b.Dy()
	var hist [256]int
	for y := 0; y < h; y++ {
		for _, v := range g.Pix[y*g.Stride : y*g.Stride+w] {
			hist[v]++
		}
	}
	thr := otsu(hist[:], w*h)

	// Every word's box, widened by a quarter line height, covers its ink;
	// a word of punctuation only covers too (a dash is not text dropped).
	pad := int(med / 4)
	cover := make([][]span, h)
	for _, wd := range words {
		if wd.Text == "" {
			continue
		}
		x0, x1 := max(0, int(wd.X0)-b.Min.X-pad), min(w, int(wd.X1)-b.Min.X+pad)
		y0, y1 := max(0, int(wd.Y0)-b.Min.Y-pad), min(h, int(wd.Y1)-b.Min.Y+pad)
		for y := y0; y < y1; y++ {
			cover[y] = append(cover[y], span{x0, x1})
		}
	}

	gapX := int(med / 2)
	var (
		runs    []inkRun // every run of every row, row by row
		rowFrom []int    // index in runs of each row's first run
		parent  []int
	)
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	mask := make([]bool, w) // the current row's covered columns
	for y := 0; y < h; y++ {
		rowFrom = append(rowFrom, len(runs))
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for _, c := range cover[y] {
			for x := c.x0; x < c.x1; x++ {
				mask[x] = true
			}
		}
		start, last, n := -1, -1, 0
		for x, v := range row {
			if v > thr || mask[x] {
				continue
			}
			if start >= 0 && x-last > gapX {
				runs = append(runs, inkRun{x0: start, x1: last + 1, y: y, n: n})
				parent = append(parent, len(parent))
				start, n = -1, 0
			}
			if start < 0 {
				start = x
			}
			last = x
			n++
		}
		if start >= 0 {
			runs = append(runs, inkRun{x0: start, x1: last + 1, y: y, n: n})
			parent = append(parent, len(parent))
		}
		for _, c := range cover[y] {
			clear(mask[c.x0:c.x1])
		}
		// Join with the runs of the row above that overlap this row's
		// (a gap of one row, between the dots of a dot-matrix print, is
		// bridged by looking two rows up).
		for up := 1; up <= 2 && y-up >= 0; up++ {
			a, aEnd := rowFrom[y-up], rowFrom[y-up+1]
			for i := rowFrom[y]; i < len(runs); i++ {
				for j := a; j < aEnd; j++ {
					if runs[j].x0 <= runs[i].x1 && runs[i].x0 <= runs[j].x1 {
						if ri, rj := find(i), find(j); ri != rj {
							parent[ri] = rj
						}
					}
				}
			}
		}
	}

	type comp struct {
		x0, x1, y0, y1, n int
	}
	comps := map[int]*comp{}
	for i, r := range runs {
		root := find(i)
		c := comps[root]
		if c == nil {
			comps[root] = &comp{r.x0, r.x1, r.y, r.y + 1, r.n}
			continue
		}
		c.x0, c.x1 = min(c.x0, r.x0), max(c.x1, r.x1)
		c.y0, c.y1 = min(c.y0, r.y), max(c.y1, r.y+1)
		c.n += r.n
	}
	count := 0
	for _, c := range comps {
		cw, ch := float64(c.x1-c.x0), float64(c.y1-c.y0)
		if ch < 0.5*med || ch > 2.5*med || cw < med {
			continue
		}
		if c.x0 == 0 || c.y0 == 0 || c.x1 == w || c.y1 == h {
			continue
		}
		if d := float64(c.n) / (cw * ch); d < 0.08 || d > 0.75 {
			continue
		}
		count++
	}
	return count
}

// span is a range of columns x0 (inclusive) to x1.
type span struct{ x0, x1 int }

// inkRun is a run of ink pixels on row y from x0 to x1 (gaps bridged), n
// of them inked.
type inkRun struct {
	x0, x1, y, n int
}
