package ocr

import (
	"context"
	"image"
	"image/draw"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/docextract/docextract/extract/layout"
)

// band is a horizontal strip of an image, rows y0 (inclusive) to y1
// (exclusive), around text lines to read again.
type band struct{ y0, y1 int }

// rowInk returns the number of ink pixels of each row of g (pixels darker
// than halfway between the mean and the darkest tenth, as in textHeight).
func rowInk(g *image.Gray) []int {
	w, h := g.Bounds().Dx(), g.Bounds().Dy()
	thr := inkThreshold(g)
	ink := make([]int, h)
	for y := 0; y < h; y++ {
		n := 0
		for _, v := range g.Pix[y*g.Stride : y*g.Stride+w] {
			if v < thr {
				n++
			}
		}
		ink[y] = n
	}
	return ink
}

// lineBand returns the band around a text line from y0 to y1 of height h:
// cut at the emptiest row within about one line height above and below, so
// that a value printed a little higher or lower than its label (a separate
// column) is inside and a neighbouring line is cut between the lines.
func lineBand(ink []int, y0, y1, h float64) band {
	n := len(ink)
	clamp := func(v float64) int { return max(0, min(n, int(math.Round(v)))) }
	cut := func(from, to int) int { // emptiest row in [from, to), nearest to from on ties
		best, bestInk := from, math.MaxInt
		step := 1
		if to < from {
			step = -1
		}
		for y := from; y != to; y += step {
			if y < 0 || y >= n {
				break
			}
			if ink[y] < bestInk {
				best, bestInk = y, ink[y]
			}
		}
		return best
	}
	top := cut(clamp(y0-0.15*h), clamp(y0-1.1*h))
	bot := cut(clamp(y1+0.15*h), clamp(y1+1.1*h))
	return band{y0: top, y1: min(n, bot+1)}
}

// mergeBands sorts bands and joins those that overlap or touch.
func mergeBands(bs []band) []band {
	slices.SortFunc(bs, func(a, b band) int { return a.y0 - b.y0 })
	var out []band
	for _, b := range bs {
		if n := len(out); n > 0 && b.y0 <= out[n-1].y1 {
			out[n-1].y1 = max(out[n-1].y1, b.y1)
			continue
		}
		out = append(out, b)
	}
	return out
}

// readBands reads the bands of g again, each scaled by f, stacked into one
// image with white gaps so that a single tesseract run reads them all, in
// page segmentation mode psm; the words come back in g's pixel space.
func (t *Tesseract) readBands(ctx context.Context, g *image.Gray, bands []band, f float64, psm int, langs []string) ([]TSVWord, error) {
	w := g.Bounds().Dx()
	pad := 12
	type placed struct {
		b   band
		off int // top of the band in the stack, in stack pixels
		h   int
	}
	var ps []placed
	y := pad
	for _, b := range bands {
		h := int(math.Round(float64(b.y1-b.y0) * f))
		ps = append(ps, placed{b: b, off: y, h: h})
		y += h + max(pad, h/2)
	}
	sw := int(math.Round(float64(w)*f)) + 2*pad
	stack := image.NewGray(image.Rect(0, 0, sw, y))
	for i := range stack.Pix {
		stack.Pix[i] = 255
	}
	for _, p := range ps {
		src := g.SubImage(image.Rect(0, p.b.y0, w, p.b.y1)).(*image.Gray)
		dst := image.Rect(pad, p.off, sw-pad, p.off+p.h)
		if f == 1 {
			draw.Draw(stack, dst, src, src.Bounds().Min, draw.Src)
		} else {
			scaleInto(stack, dst, src)
		}
	}
	words, err := t.tsvLangs(ctx, encodePGM(stack), psm, langs)
	if err != nil {
		return nil, err
	}
	out := words[:0]
	for _, wd := range words {
		cy := wd.CY()
		i := slices.IndexFunc(ps, func(p placed) bool { return cy >= float64(p.off) && cy < float64(p.off+p.h) })
		if i < 0 {
			continue
		}
		p := ps[i]
		wd.X0 = (wd.X0 - float64(pad)) / f
		wd.X1 = (wd.X1 - float64(pad)) / f
		wd.Y0 = (wd.Y0-float64(p.off))/f + float64(p.b.y0)
		wd.Y1 = (wd.Y1-float64(p.off))/f + float64(p.b.y0)
		wd.Size /= f
		wd.Block += 1000 * (i + 1)
		out = append(out, wd)
	}
	return out, nil
}

// rereadValues reads the value lines of a reading (see valueLines) again:
// bands of the image around them, cut between text lines, stacked into one
// image and read in one tesseract run in page segmentation mode RereadPSM,
// which reads a line across its whole width (automatic layout analysis
// drops a receipt's right-hand amount column or splits it off, leaving
// "TOTAL AMT." without its amount) and often reads digits more surely. The
// bands are read with English alone when it is installed (its model loads
// in a fifth of the time of six languages, and the reading is kept only
// for its digits): only words holding a digit are returned, the labels
// stay those of the first reading in all its languages. Text lines the
// first reading dropped altogether (see unreadLines) are read the same
// way in a second small stack, and all their words are kept. Measured on
// the SROIE receipts against a second reading of the whole image: see the
// README, "Receipts are scored the same way".
func (t *Tesseract) rereadValues(ctx context.Context, p pass) ([]TSVWord, error) {
	ls := valueLines(p.words)
	unread := unreadLines(p.img, p.words)
	if len(ls) == 0 && len(unread) == 0 {
		return nil, nil
	}
	ink := rowInk(p.img)
	var words []TSVWord
	if len(ls) > 0 {
		bs := make([]band, 0, len(ls))
		for _, l := range ls {
			bs = append(bs, lineBand(ink, l.Y0, l.Y1, l.H()))
		}
		ws, err := t.readBands(ctx, p.img, mergeBands(bs), 1, t.cfg.RereadPSM, t.valueLangs())
		if err != nil {
			return nil, err
		}
		words = slices.DeleteFunc(ws, func(w TSVWord) bool { return !strings.ContainsAny(w.Text, "0123456789") })
	}
	if len(unread) == 0 {
		return words, nil
	}
	// Lines the first reading dropped altogether ("TOTAL 7.00" in a large
	// dot-matrix print) are read in a stack of their own: added to the
	// value bands' stack they changed how tesseract read the others (SROIE
	// tune part: one total lost). Nothing of the first reading is there,
	// so their words are kept whole, labels too (a total without its label
	// is not taken): those holding a digit, and the others tesseract is
	// fairly sure of (confidence 50 or more; noise between the lines reads
	// as short unsure words).
	bs := make([]band, 0, len(unread))
	for _, u := range unread {
		bs = append(bs, lineBand(ink, float64(u.y0), float64(u.y1), float64(u.y1-u.y0)))
	}
	uw, err := t.readBands(ctx, p.img, mergeBands(bs), 1, t.cfg.RereadPSM, t.valueLangs())
	if err != nil {
		return nil, err
	}
	in := func(w TSVWord) bool {
		cy := w.CY()
		return slices.ContainsFunc(unread, func(u band) bool { return cy >= float64(u.y0) && cy < float64(u.y1) })
	}
	for _, w := range uw {
		if strings.ContainsAny(w.Text, "0123456789") || in(w) && hasAlnum(w.Text) && w.Conf >= 50 {
			w.Block += unreadBlock // apart from the value bands' blocks
			words = append(words, w)
		}
	}
	return words, nil
}

// unreadBlock is added to the block numbers of words read in the stack of
// unread lines, so that they never share a block with the value bands'.
const unreadBlock = 500000

// unreadLines returns the runs of rows of g that look like a text line the
// reading dropped: ink rows (at least 1% of the width darker than Otsu's
// threshold of the image; gaps of up to 2 rows, between the dots of a
// dot-matrix print, bridged) forming a run 0.6 to 2.5 times the median
// height of the reading's sure words, on no row of which the reading has a
// word with a letter or digit. None when the reading has fewer than five
// sure words (nothing to measure line height by).
func unreadLines(g *image.Gray, words []TSVWord) []band {
	var hs []float64
	for _, w := range words {
		if hasAlnum(w.Text) && w.Conf > 50 {
			hs = append(hs, w.H())
		}
	}
	if len(hs) < 5 {
		return nil
	}
	slices.Sort(hs)
	med := hs[len(hs)/2]
	w, h := g.Bounds().Dx(), g.Bounds().Dy()
	var hist [256]int
	for y := 0; y < h; y++ {
		for _, v := range g.Pix[y*g.Stride : y*g.Stride+w] {
			hist[v]++
		}
	}
	thr := otsu(hist[:], w*h)
	minInk := max(3, w/100)
	covered := make([]bool, h)
	for _, wd := range words {
		if !hasAlnum(wd.Text) {
			continue
		}
		for y := max(0, int(wd.Y0)); y < min(h, int(wd.Y1)); y++ {
			covered[y] = true
		}
	}
	var out []band
	start, gap := -1, 0
	flush := func(end int) {
		if start < 0 {
			return
		}
		if rh := float64(end - start); rh >= 0.6*med && rh <= 2.5*med && !slices.Contains(covered[start:end], true) {
			out = append(out, band{y0: start, y1: end})
		}
		start = -1
	}
	for y := 0; y < h; y++ {
		n := 0
		for _, v := range g.Pix[y*g.Stride : y*g.Stride+w] {
			if v <= thr {
				n++
			}
		}
		if n >= minInk {
			if start < 0 {
				start = y
			}
			gap = 0
			continue
		}
		if start >= 0 {
			if gap++; gap > 2 {
				flush(y - gap + 1)
				gap = 0
			}
		}
	}
	flush(h)
	return out
}

// otsu returns the threshold of a histogram of n grey values that best
// separates them into two classes (Otsu's method): values up to it are
// the dark class.
func otsu(hist []int, n int) uint8 {
	var sum float64
	for v, c := range hist {
		sum += float64(v * c)
	}
	var sumB float64
	wB := 0
	best, bestVar := 0, -1.0
	for v, c := range hist {
		wB += c
		if wB == 0 {
			continue
		}
		wF := n - wB
		if wF == 0 {
			break
		}
		sumB += float64(v * c)
		mB, mF := sumB/float64(wB), (sum-sumB)/float64(wF)
		if bv := float64(wB) * float64(wF) * (mB - mF) * (mB - mF); bv > bestVar {
			best, bestVar = v, bv
		}
	}
	return uint8(best)
}

// valueLangs are the languages of the second reading of value lines:
// English when installed, else those of the first reading.
func (t *Tesseract) valueLangs() []string {
	if slices.Contains(t.inst, "eng") {
		return []string{"eng"}
	}
	return t.langs
}

// valueLines returns the lines of a reading whose values deserve a second
// look: a value label without a digit (see labelLineWithoutValue), a date
// label, a date-shaped token or part of one, a time of day (printed beside
// the date).
func valueLines(words []TSVWord) []layout.Line {
	return linesWhere(words, func(text string) bool { return labelLineWithoutValue(text) || dateLine(text) })
}

// linesWhere returns the text lines of a reading whose text keep says to.
func linesWhere(words []TSVWord, keep func(text string) bool) []layout.Line {
	p := layout.Page{Words: make([]layout.Word, len(words))}
	for i, w := range words {
		p.Words[i] = w.Word
	}
	var out []layout.Line
	for _, l := range layout.Lines(&p) {
		if keep(l.Text()) {
			out = append(out, l)
		}
	}
	return out
}

// dateShapeRE matches a token shaped like a numeric date, digits possibly
// misread as look-alike letters ("2O/O3/2018", "11-09-18").
var dateShapeRE = regexp.MustCompile(`[0-9OoDIlSB|]{1,4}[/.-][0-9OoDIlSB|A-Za-z]{1,4}[/.-][0-9OoDIlSB|]{2,4}`)

// dateLabels are the date labels of the six languages of DefaultLanguages.
var dateLabels = map[string]bool{"date": true, "dated": true, "datum": true, "fecha": true, "data": true, "dt": true}

// partDateRE matches two parts of a numeric date ("-03-18" with the day
// misread) and timeRE a time of day, which receipts print beside the date.
var (
	partDateRE = regexp.MustCompile(`\d{2}[/.-]\d{2}[/.-]|[/.-]\d{2}[/.-]\d{2}\b`)
	timeRE     = regexp.MustCompile(`\b[0-2]?\d:[0-5]\d\b`)
)

// dateLine reports whether a line carries a date label, a date-shaped token
// or part of one, or a time of day.
func dateLine(text string) bool {
	if dateShapeRE.MatchString(text) || partDateRE.MatchString(text) || timeRE.MatchString(text) {
		return true
	}
	for _, f := range strings.Fields(strings.ToLower(text)) {
		if dateLabels[strings.Trim(f, ":;.,-=|()#*")] {
			return true
		}
	}
	return false
}

// labelLineWithoutValue reports whether a line's text ends in a value label
// ("Total Amount:", "Date", "CHANGE :") and holds no digit.
func labelLineWithoutValue(text string) bool {
	if strings.ContainsAny(text, "0123456789") {
		return false
	}
	f := strings.Fields(strings.ToLower(text))
	// Drop trailing punctuation and a currency after the label: "Total
	// (RM) :", "TOTAL RM", "Summe EUR".
	for len(f) > 0 {
		w := strings.Trim(f[len(f)-1], ":;.,-=|()[]#*")
		if w != "" && !labelCurrencies[w] {
			break
		}
		f = f[:len(f)-1]
	}
	if len(f) == 0 || len(f) > 4 {
		return false
	}
	w := strings.Trim(f[len(f)-1], ":;.,-=|()[]#*")
	if i := strings.IndexAny(w, "(["); i > 0 {
		w = strings.Trim(w[:i], ":;.,-=|")
	}
	return valueLabels[w] || valueLabels[strings.ReplaceAll(w, "-", "")]
}

// labelCurrencies are currencies printed between a value label and its
// value.
var labelCurrencies = map[string]bool{"rm": true, "myr": true, "eur": true, "€": true, "$": true, "usd": true, "sgd": true, "gbp": true, "£": true, "chf": true, "fr": true}
