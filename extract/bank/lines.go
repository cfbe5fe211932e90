package bank

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/textparse"
)

// line is one visual line of words, left to right.
type line struct {
	words  []layout.Word
	y0, y1 float64
	size   float64
	// fw holds the folded words once folded() read them; a line's words
	// do not change after buildLines.
	fw []string
}

// folded returns the line's words folded for label matching (foldWords),
// computed once: the readers ask for them several times a line.
func (l *line) folded() []string {
	if l.fw == nil {
		l.fw = foldWords(l.tokens())
	}
	return l.fw
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
		ws := l.Words
		if p.OCR {
			ws = splitGluedDates(trimQuotedAmounts(ws), true)
		} else {
			ws = splitGluedDates(ws, false)
		}
		if n := len(out); p.OCR && n > 0 && sameRow(out[n-1], ws, l.Y0, l.Y1) {
			// OCR set part of a row apart as a line of its own ("***
			// Kontostand zum 31.03.2023 ***" over its "7.442,83" a few
			// pixels lower): the row's words, left to right.
			prev := out[n-1]
			all := append(append([]layout.Word{}, prev.words...), ws...)
			sort.SliceStable(all, func(i, j int) bool { return all[i].X0 < all[j].X0 })
			prev.words = mergeGroupedNumbers(all, max(prev.size, size), gap)
			prev.y0, prev.y1 = min(prev.y0, l.Y0), max(prev.y1, l.Y1)
			prev.size = prev.y1 - prev.y0
			continue
		}
		out = append(out, &line{words: mergeGroupedNumbers(ws, size, gap), y0: l.Y0, y1: l.Y1, size: size})
	}
	return out
}

// sameRow reports whether the words ws (from y0 to y1) stand on the row of
// l: their middle within l's height, no word of one over a word of the
// other.
func sameRow(l *line, ws []layout.Word, y0, y1 float64) bool {
	if mid := (y0 + y1) / 2; mid <= l.y0 || mid >= l.y1 {
		return false
	}
	for _, w := range ws {
		for _, v := range l.words {
			if w.X0 < v.X1 && v.X0 < w.X1 {
				return false
			}
		}
	}
	return true
}

// reQuotedAmount is an amount OCR read with a quote mark before it
// ("558,36 for -558,36: a minus printed close to the digits).
var reQuotedAmount = regexp.MustCompile(`^["'“”„‘’]+(\d[\d.,]*[.,]\d\d[-+]?)$`)

// trimQuotedAmounts drops the quote marks OCR put before an amount in
// place of a sign it could not read; the sign is then left to the
// balances (mendSigns).
func trimQuotedAmounts(ws []layout.Word) []layout.Word {
	for i, w := range ws {
		if m := reQuotedAmount.FindStringSubmatch(w.Text); m != nil {
			ws[i].Text = m[1]
		}
	}
	return ws
}

// reGluedDate is a date OCR read without its spaces: a month name glued
// to its year, the day glued before it or not ("Oct23", "040ct23" for
// "04 Oct 23", an O read as a zero), the month in capitals or not
// ("03MAR23").
var reGluedDate = regexp.MustCompile(`^(\d{1,2})?([A-Za-z0][a-z]{2,8}|[A-Z0][A-Z]{2,8})\.?(\d{2}|\d{4})$`)

// rePrintedGlued is a date printed glued: day, month name in any case and
// year ("03MAR23", "3Mar2023").
var rePrintedGlued = regexp.MustCompile(`^(\d{1,2})([A-Za-z]{3,9})\.?(\d{2}|\d{4})$`)

// splitGluedDates splits a date OCR glued together into its day, month
// and year words: the month a month name (a leading zero read as O), the
// day glued before it or the word before it a day number. The word's box
// is shared among its parts by their lengths. On a text layer (ocr false)
// only a date printed glued, day, month name and year in one word
// ("03MAR23", as UK building societies print it), is split.
func splitGluedDates(ws []layout.Word, ocr bool) []layout.Word {
	var out []layout.Word
	for i, w := range ws {
		re := reGluedDate
		if !ocr {
			re = rePrintedGlued
		}
		m := re.FindStringSubmatch(w.Text)
		month := ""
		if m != nil {
			month = m[2]
			if ocr && month[0] == '0' {
				month = "O" + month[1:]
			}
		}
		if m == nil || textparse.MonthNumber(month) == 0 || m[1] == "" && (i == 0 || !isDayWord(ws[i-1].Text)) {
			if out != nil {
				out = append(out, w)
			}
			continue
		}
		if out == nil {
			out = append([]layout.Word{}, ws[:i]...)
		}
		n := float64(len(w.Text))
		x := w.X0
		for _, t := range []string{m[1], month, m[3]} {
			if t == "" {
				continue
			}
			v := w
			v.Text, v.X0, v.X1 = t, x, x+(w.X1-w.X0)*float64(len(t))/n
			x = v.X1 + (w.X1-w.X0)/n
			out = append(out, v)
		}
	}
	if out == nil {
		return ws
	}
	return out
}

// isDayWord reports whether s is a day of the month alone ("4", "04").
func isDayWord(s string) bool {
	d, err := strconv.Atoi(strings.TrimSuffix(s, "."))
	return err == nil && d >= 1 && d <= 31 && len(s) <= 3
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
