package layout

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/docextract/docextract/extract/textparse"
)

// JoinTouching joins the words of one line (left to right) whose boxes
// touch, less than 5% of size apart or overlapping by less than 15% of
// size: a PDF written glyph by glyph can come back from its reader as "30"
// ".11." or as single glyphs, one word on the page. Meant for text layers,
// whose boxes span each glyph's advance, except where a glyph's outline
// reaches past it (PDFium's box of a bold "/" overlaps its neighbours by
// about 5% of the line height, so "//" came back as "/ /"); OCR boxes hold
// the ink only.
func JoinTouching(ws []Word, size float64) []Word {
	out := ws[:0:0]
	for _, w := range ws {
		if n := len(out); n > 0 {
			p := out[n-1]
			if g := w.X0 - p.X1; g < 0.05*size && g > -0.15*size {
				p.Text += w.Text
				p.X1 = w.X1
				p.Y0, p.Y1 = min(p.Y0, w.Y0), max(p.Y1, w.Y1)
				p.Size = max(p.Size, w.Size)
				out[n-1] = p
				continue
			}
		}
		out = append(out, w)
	}
	return out
}

// A print system that sets every glyph on its own metrics leaves some
// glyphs of a word a little further apart than their advance, and the PDF
// reader then breaks the word there ("1 7.02.2025", "Hausverw altung",
// "1.2 34,56", "BL-2014 -0088"). A word space is a quarter em or more in
// the fonts documents are set in (Helvetica and Arial 0.28, Times 0.25,
// Courier 0.6), and the spaces of one page cluster at their font's width.
//
// JoinKerned rejoins such words in the lines of a document's text layer
// pages (lines[i] from Lines(&pages[i])), in place: first the words whose
// boxes touch (JoinTouching), then the words closer than 0.85 of their
// font's word space in the document (spaceEm over all its text layer
// pages: a page of totals alone has too few spaces to tell), at most 0.25
// em, unless
//   - one is a whole date or amount and the other a word of letters beside
//     it ("30.04.2023" "Gutschrift": two columns' cells set close), or
//   - the first ends a label, an abbreviation or a sentence with "." or
//     ":" and the second opens with a letter ("11." "Juli", "Nr.:"
//     "Fax"): real spaces that a narrow font sets close, or
//   - the first ends in a lower-case letter and the second, a code, opens
//     with a capital or a digit and holds a digit ("Avoir" "AV-2017-0005",
//     "Kundennummer" "K12345"): a label before its value.
//
// An OCR page is left as it is: OCR words are never kerned glyphs, and
// their boxes hold the ink only.
func JoinKerned(pages []Page, lines [][]Line) {
	var text []Line
	for pi := range pages {
		if pages[pi].OCR {
			continue
		}
		for i := range lines[pi] {
			l := &lines[pi][i]
			l.Words = JoinTouching(l.Words, l.H())
		}
		text = append(text, lines[pi]...)
	}
	space := spaceEm(text)
	for pi := range pages {
		if pages[pi].OCR {
			continue
		}
		for i := range lines[pi] {
			lines[pi][i].Words = joinKerned(lines[pi][i].Words, space)
		}
	}
}

// fontKey names a font on a page by its size (to half a point) and
// weight: the words whose spaces are measured together.
type fontKey struct {
	halfPt int
	bold   bool
}

func fontOf(w Word) fontKey { return fontKey{int(w.Size*2 + 0.5), w.Bold} }

// spaceEm measures the word space of each font (size and weight) of a
// document's lines, in ems: commonGap of the gaps between 0.1 and 0.6 em
// between neighbouring words of that font on a line. The spaces of one
// font cluster tightly at its space's width, while kerning breaks spread
// evenly below it and double spaces and column gaps lie above it; real
// documents set their spaces anywhere from 0.15 em (narrow fonts) to 0.45
// em (justified text) apart. A font with fewer than 20 such gaps (a title,
// a name in large type) or with no cluster (a small font whose only gaps
// under 0.6 em are kerning breaks) takes the figure over all the fonts
// (key halfPt -1): 0 when that has no cluster either, a quarter em when
// the document has fewer than 20 gaps in all.
func spaceEm(lines []Line) map[fontKey]float64 {
	byFont := map[fontKey][]float64{}
	var all []float64
	for _, l := range lines {
		for i := 1; i < len(l.Words); i++ {
			p, w := l.Words[i-1], l.Words[i]
			em := max(p.Size, w.Size)
			if em <= 0 {
				continue
			}
			if g := (w.X0 - p.X1) / em; g >= 0.1 && g <= 0.6 {
				all = append(all, g)
				if fontOf(p) == fontOf(w) {
					byFont[fontOf(w)] = append(byFont[fontOf(w)], g)
				}
			}
		}
	}
	out := map[fontKey]float64{}
	page := 0.25
	if len(all) >= 20 {
		page = commonGap(all)
	}
	out[fontKey{halfPt: -1}] = page
	for k, gaps := range byFont {
		if len(gaps) >= 20 {
			if g := commonGap(gaps); g > 0 {
				out[k] = g
			}
		}
	}
	return out
}

// commonGap is the mean of the gaps within 0.02 em of the middle of the
// most populated 0.02 em bin (the wider bin on a tie), or 0 when fewer
// than half of the gaps lie there: kerning breaks alone spread over 0.1 em
// and never cluster so, and spaces that irregular (a font whose boxes hug
// the ink, "CLIENT NOM" 0.15 em apart beside "NOM COMMERCIAL" 0.22 em)
// cannot tell a kerning break from a narrow space: no words are joined by
// such a figure.
func commonGap(gaps []float64) float64 {
	n := map[int]int{}
	best := -1
	for _, g := range gaps {
		b := int(g / 0.02)
		n[b]++
		if best < 0 || n[b] > n[best] || n[b] == n[best] && b > best {
			best = b
		}
	}
	mode := (float64(best) + 0.5) * 0.02
	near, sum := 0, 0.0
	for _, g := range gaps {
		if g > mode-0.02 && g < mode+0.02 {
			near++
			sum += g
		}
	}
	if 2*near < len(gaps) {
		return 0
	}
	return sum / float64(near)
}

// spaceOf is the word space between p and w: their font's when they share
// one it was measured for, else the page's.
func spaceOf(space map[fontKey]float64, p, w Word) float64 {
	if fontOf(p) == fontOf(w) {
		if s, ok := space[fontOf(w)]; ok {
			return s
		}
	}
	return space[fontKey{halfPt: -1}]
}

// joinKerned joins the words of one line that stand apart by less than
// 0.85 of their word space (at most 0.25 em), unless wholeBeside or
// endsBefore or labelBeforeCode tells two words.
func joinKerned(ws []Word, space map[fontKey]float64) []Word {
	out := ws[:0:0]
	for _, w := range ws {
		if n := len(out); n > 0 {
			p := out[n-1]
			// The glyphs of one word are set in one size: where the two
			// words' sizes read differ (a reader may take a word's size
			// from another font setting on the page), the smaller is the
			// measure, so a size misread larger never makes a word space
			// look like a kerning break.
			em := max(p.Size, w.Size)
			if p.Size > 0 && w.Size > 0 {
				em = min(p.Size, w.Size)
			}
			limit := min(0.85*spaceOf(space, p, w), 0.25)
			if g := w.X0 - p.X1; em > 0 && g >= 0 && g < limit*em && !wholeBeside(p.Text, w.Text) && !endsBefore(p.Text, w.Text) && !labelBeforeCode(p.Text, w.Text) {
				p.Text += w.Text
				p.X1 = w.X1
				p.Y0, p.Y1 = min(p.Y0, w.Y0), max(p.Y1, w.Y1)
				p.Size = em
				out[n-1] = p
				continue
			}
		}
		out = append(out, w)
	}
	return out
}

// reWholeAmount is an amount complete in itself: "1.234,56", "-12,00",
// "17,60-", "(8.00)".
var reWholeAmount = regexp.MustCompile(`^[+\-−–]?\(?[+\-−–]?(\d{1,3}(?:[.,' ]\d{3})+|\d+)[.,]\d{2}\)?[+\-−–]?$`)

// wholeBeside reports whether a and b are a date or amount complete in
// itself next to a word of letters ("30.04.2023" "Gutschrift", "Miete"
// "1.234,56"): neighbouring cells of two columns set close, never the
// pieces of one word.
func wholeBeside(a, b string) bool {
	whole := func(s string) bool {
		if _, ok := textparse.ParseDate(s, textparse.DMY); ok {
			return true
		}
		if _, _, ok := textparse.ParseDayMonth(s, textparse.DMY); ok {
			return true
		}
		return reWholeAmount.MatchString(s)
	}
	letter := func(s string, last bool) bool {
		r := []rune(s)
		if len(r) == 0 {
			return false
		}
		if last {
			return unicode.IsLetter(r[len(r)-1])
		}
		return unicode.IsLetter(r[0])
	}
	return whole(a) && letter(b, false) || letter(a, true) && whole(b)
}

// endsBefore reports whether a ends with "." or ":" and b opens with a
// letter: the end of a label, an abbreviation or a sentence before the
// next word ("11." "Juli", "Tel.:" "Fax"), not a break inside a word.
func endsBefore(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	if !unicode.IsLetter([]rune(b)[0]) {
		return false
	}
	stem, ok := strings.CutSuffix(a, ".")
	if !ok {
		stem, ok = strings.CutSuffix(a, ":")
	}
	if !ok || stem == "" {
		return false
	}
	// "11.", "Tel.", "Nr.:" end a word; "g.g." or "S.r." may stop inside one.
	digits, letters := true, true
	for _, r := range stem {
		digits = digits && unicode.IsDigit(r)
		letters = letters && (unicode.IsLetter(r) || r == '.')
	}
	return digits || letters && len([]rune(stem)) >= 2 && !strings.Contains(stem, ".") || strings.HasSuffix(a, ":")
}

// labelBeforeCode reports whether a ends in a lower-case letter and b
// opens with a capital or a digit and holds a digit: a label before the
// code it names, never the pieces of one word.
func labelBeforeCode(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) == 0 || len(rb) == 0 || !unicode.IsLower(ra[len(ra)-1]) {
		return false
	}
	if !unicode.IsUpper(rb[0]) && !unicode.IsDigit(rb[0]) {
		return false
	}
	return strings.IndexFunc(b, unicode.IsDigit) >= 0
}
