package ocr

import (
	"context"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/docextract/docextract/extract/layout"
)

// recheckValues reads the value lines of p again (see checkLines) when
// t.check finds a field weak: bands around them, stacked into one image
// scaled so that their text is about recheckHeight pixels high (by at
// least a quarter, so that tesseract sees other pixels than in the value
// bands of the first pass, see rereadValues), read in page segmentation
// mode RereadPSM with the value languages. Its words holding a digit make
// four candidate readings of the page: merged the surer word winning, as
// the other readings are; and replacing every word of p they cover
// whatever its confidence (a digit read confidently wrong, the usual slip
// on a total or a date, loses to a less sure reading only here), with the
// words of the lines holding no date, with those of the date lines, and
// with all (a band may read a date right and garble an amount the first
// reading had right). None is trusted for the recogniser's confidence:
// the candidate check scores highest is returned, the first of equals,
// and only when it scores higher than score, p's rating; ok is false
// otherwise.
func (t *Tesseract) recheckValues(ctx context.Context, p pass, score int) (layout.Page, bool, error) {
	ls := checkLines(p.words)
	if len(ls) == 0 || t.cfg.RereadPSM <= 0 {
		return layout.Page{}, false, nil
	}
	hs := make([]float64, 0, len(ls))
	bs := make([]band, 0, len(ls))
	ink := rowInk(p.img)
	for _, l := range ls {
		hs = append(hs, l.H())
		bs = append(bs, lineBand(ink, l.Y0, l.Y1, l.H()))
	}
	slices.Sort(hs)
	words, err := t.readBands(ctx, p.img, mergeBands(bs), recheckScale(hs[len(hs)/2]), t.cfg.RereadPSM, t.valueLangs())
	if err != nil {
		return layout.Page{}, false, err
	}
	words = slices.DeleteFunc(words, func(w TSVWord) bool { return !strings.ContainsAny(w.Text, "0123456789") })
	if len(words) == 0 {
		return layout.Page{}, false, nil
	}
	for i := range words {
		words[i].Block += recheckBlock
	}
	// The words on date lines and the others: a band may read a date
	// right and an amount wrong, so each group is tried on its own too.
	var dateLs []layout.Line
	for _, l := range ls {
		if dateLike(l.Text()) {
			dateLs = append(dateLs, l)
		}
	}
	var dates, values []TSVWord
	for _, w := range words {
		cy := w.CY()
		if slices.ContainsFunc(dateLs, func(l layout.Line) bool { return math.Abs(cy-(l.Y0+l.Y1)/2) < l.H()/2 }) {
			dates = append(dates, w)
		} else {
			values = append(values, w)
		}
	}
	// In this order, so that a later candidate wins only by scoring higher.
	var best layout.Page
	for _, ws := range [][]TSVWord{mergeWords(p.words, words), replaceWords(p.words, values), replaceWords(p.words, dates), replaceWords(p.words, words)} {
		c := p
		c.words = ws
		page := toPage(c)
		if s, _, _ := t.check(page); s > score {
			best, score = page, s
		}
	}
	return best, best.Words != nil, nil
}

// recheckBlock is added to the block numbers of the words of
// recheckValues' reading, apart from every other reading's blocks.
const recheckBlock = 800000

// recheckHeight is the line height, in pixels, the value lines are scaled
// to for recheckValues: tesseract's models read text best at about 30 to
// 40 pixels.
const recheckHeight = 36

// recheckScale returns the factor for lines of median height h: to
// recheckHeight, but always by a quarter at least, up or down, and never
// beyond 3 times or under half.
func recheckScale(h float64) float64 {
	if h <= 0 {
		return 2
	}
	f := recheckHeight / h
	switch {
	case f >= 1 && f < 1.25:
		f = 1.25
	case f < 1 && f > 0.8:
		f = 0.8
	}
	return math.Max(0.5, math.Min(3, f))
}

// checkLines returns the lines of a reading that decide a document's
// values: those with a value label ("TOTAL 42.50", "CASH", "GST 6%
// 2.40", "CHANGE DUE 7.50"), those of a date or time (see dateLine) and
// those holding one garbled as OCR garbles them: a date with every
// separator lost ("25122018"), a time with a space after its colon
// ("01: 34").
func checkLines(words []TSVWord) []layout.Line {
	return linesWhere(words, func(text string) bool { return dateLike(text) || hasValueLabel(text) })
}

// lostSepDateRE matches a date of day, month and year 19xx or 20xx whose
// separators OCR lost, and splitTimeRE a time of day with a space after
// its colon.
var (
	lostSepDateRE = regexp.MustCompile(`\b(?:0[1-9]|[12][0-9]|3[01])(?:0[1-9]|1[0-2])(?:19|20)[0-9]{2}\b`)
	splitTimeRE   = regexp.MustCompile(`\b[0-2]?[0-9][:.] [0-5][0-9]`)
)

// dateLike reports whether a line holds a date or time, whole (see
// dateLine) or garbled as OCR garbles them (see checkLines).
func dateLike(text string) bool {
	return dateLine(text) || lostSepDateRE.MatchString(text) || splitTimeRE.MatchString(text)
}

// hasValueLabel reports whether a word of text is a value label (see
// valueLabels), with its punctuation and a parenthesised part trimmed
// ("Total:", "GST(6%)", "SUB-TOTAL").
func hasValueLabel(text string) bool {
	for _, w := range strings.Fields(strings.ToLower(text)) {
		if i := strings.IndexAny(w, "(["); i > 0 {
			w = w[:i]
		}
		w = strings.Trim(w, ":;.,-=|()[]#*")
		if valueLabels[w] || valueLabels[strings.ReplaceAll(w, "-", "")] {
			return true
		}
	}
	return false
}
