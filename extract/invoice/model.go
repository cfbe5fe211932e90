package invoice

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/textparse"
	"github.com/shopspring/decimal"
)

// line is a layout.Line with everything the extractor needs precomputed.
type line struct {
	layout.Line
	idx    int // index in doc.lines
	pg     int // zero-based page index
	cells  []layout.Cell
	cellOf []int    // word index -> cell index
	words  []string // word texts
	toks   []string
	wordOf []int // token index -> word index
	labels []textparse.LabelMatch
	h      float64
	text   string
	// inDate marks the words that spell a date (computed on first use by
	// dateWords): no amount is read from them.
	inDate    []bool
	datesDone bool
	// vat0 and vat1 delimit the words of a VAT identifier printed in
	// groups (computed on first use by vatWords): no amount is read from
	// them.
	vat0, vat1 int
	vatDone    bool
}

// mayHoldDate is a cheap test that spares FindDates most lines: a date
// needs a month name, a word with two date separators ("03.08.2014",
// "2014/08/03") or an eight-digit word ("20140803").
func mayHoldDate(l *line) bool {
	for _, w := range l.words {
		seps, digits := 0, 0
		for i := 0; i < len(w); i++ {
			switch c := w[i]; {
			case c >= '0' && c <= '9':
				digits++
			case c == '.' || c == '/' || c == '-':
				seps++
			}
		}
		if digits > 0 && seps >= 2 || digits == 8 {
			return true
		}
	}
	for _, t := range l.toks {
		if len(t) >= 3 && textparse.MonthNumber(t) > 0 {
			return true
		}
	}
	return false
}

// dateWords returns, per word of l, whether it is part of a printed date
// ("August 3 , 2014", "3. Aug. 2014", "03/08/2014").
func (d *doc) dateWords(l *line) []bool {
	if !l.datesDone {
		l.datesDone = true
		if !mayHoldDate(l) {
			return nil
		}
		for _, m := range textparse.FindDates(l.words, d.order) {
			if l.inDate == nil {
				l.inDate = make([]bool, len(l.words))
			}
			for k := m.Start; k < m.End; k++ {
				l.inDate[k] = true
			}
		}
	}
	return l.inDate
}

type doc struct {
	pages []layout.Page
	lines []line
	// taxParts are the tax-labelled amount candidates before they are
	// deduplicated by value (set by amountCands).
	taxParts []cand
	sep      byte
	order    textparse.DateOrder
	// itemLine marks the lines read as line items (set by lineItems).
	itemLine map[int]bool
	// sectionSum marks the totals rows inside an item table that more
	// items follow ("Sous-total Matériel", "Total Accessoires"): a
	// section's sum, not the document's (set by lineItems).
	sectionSum map[int]bool
	// restated marks the item-table rows read as items and then dropped
	// as no item: a subtotal of the items above, a charge computed as a
	// percentage of it (set by lineItems).
	restated map[int]bool
	// cur is the country evidence that reads "$" or "kr" (built on first use
	// by resolve).
	cur     textparse.CurrencyContext
	curDone bool
	// headLine marks the lines of item-table headers: "Stückpreis (ohne
	// USt.)" over a column is no net total.
	headLine map[int]bool
	// lower holds each line's text in lower case, once a rule needs it.
	lower []string
	// medH is the median line height, once a rule needs it (medianH).
	medH float64
}

// medianH returns the document's median line height (the body text's),
// measured once.
func (d *doc) medianH() float64 {
	if d.medH == 0 && len(d.lines) > 0 {
		hs := make([]float64, len(d.lines))
		for i := range d.lines {
			hs[i] = d.lines[i].h
		}
		sort.Float64s(hs)
		d.medH = hs[len(hs)/2]
	}
	return d.medH
}

// resolve returns the ISO code of a printed currency in the document's
// context: "$" is a dollar only where the document says whose.
func (d *doc) resolve(printed string) string {
	if !textparse.AmbiguousSymbol(printed) {
		return textparse.NormalizeCurrency(printed)
	}
	return d.context().Resolve(printed)
}

// context is what the document says about its country.
func (d *doc) context() *textparse.CurrencyContext {
	if !d.curDone {
		d.curDone = true
		texts := make([]string, len(d.lines))
		for i := range d.lines {
			texts[i] = d.lines[i].text
		}
		d.cur = textparse.NewCurrencyContext(texts)
	}
	return &d.cur
}

// amt is an amount found in a line.
type amt struct {
	v        decimal.Decimal
	cur      string
	w0, w1   int // word range, w1 exclusive
	x0, x1   float64
	decimals int
}

func newDoc(pages []layout.Page) *doc {
	// a scan's lines run level before they are rebuilt
	pages = slices.Clone(pages)
	for i := range pages {
		pages[i] = layout.Straighten(pages[i])
	}
	d := &doc{pages: pages, itemLine: map[int]bool{}, headLine: map[int]bool{}, sectionSum: map[int]bool{}, restated: map[int]bool{}}
	var samples []string
	pageLines := make([][]layout.Line, len(pages))
	for pi := range pages {
		pageLines[pi] = layout.Lines(&pages[pi])
	}
	layout.JoinKerned(pages, pageLines)
	for pi := range pages {
		for _, l := range pageLines[pi] {
			ln := line{Line: l, idx: len(d.lines), pg: pi}
			ln.h = l.H()
			ln.cells = l.Cells(0)
			ln.cellOf = make([]int, len(l.Words))
			wi := 0
			for ci, c := range ln.cells {
				for range c.Words {
					ln.cellOf[wi] = ci
					wi++
				}
			}
			ln.words = make([]string, len(l.Words))
			for i, w := range l.Words {
				ln.words[i] = w.Text
				if hasDigit(w.Text) {
					samples = append(samples, w.Text)
				}
			}
			ln.text = strings.Join(ln.words, " ")
			ln.toks, ln.wordOf = textparse.WordTokens(ln.words)
			ln.labels = cellLabels(&ln)
			d.lines = append(d.lines, ln)
		}
	}
	d.sep = textparse.DetectDecimalSep(samples)
	d.order = textparse.DMY
	if d.sep == '.' {
		var decided bool
		d.order, decided = detectOrder(samples)
		// No date decides it: a document from the United States writes
		// 08/03/2014 for August 3.
		if !decided && d.context().Has("US") {
			d.order = textparse.MDY
		}
	}
	return d
}

// detectOrder looks for an unambiguous slash date: 12/31/2024 means MDY.
// decided is false when no date tells.
func detectOrder(samples []string) (order textparse.DateOrder, decided bool) {
	mdy, dmy := 0, 0
	for _, s := range samples {
		parts := strings.Split(s, "/")
		if len(parts) != 3 {
			continue
		}
		a, b := atoi(parts[0]), atoi(parts[1])
		switch {
		case a > 12 && b <= 12:
			dmy++
		case b > 12 && a <= 12:
			mdy++
		}
	}
	if mdy > dmy {
		return textparse.MDY, true
	}
	return textparse.DMY, dmy > mdy
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return -1
		}
		n = n*10 + int(r-'0')
		if n > 10000 {
			return -1
		}
	}
	return n
}

func hasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			return true
		}
	}
	return false
}

// labelWordEnd returns the index of the first word after label m.
func (l *line) labelWordEnd(m textparse.LabelMatch) int {
	return l.wordOf[m.End-1] + 1
}

// labelWordStart returns the index of the first word of label m.
func (l *line) labelWordStart(m textparse.LabelMatch) int { return l.wordOf[m.Start] }

// isLabel reports whether match m stands as a label: it starts its cell (or
// is preceded in its cell only by numbers, percentages or bullets).
func (l *line) isLabel(m textparse.LabelMatch) bool {
	ws := l.labelWordStart(m)
	c := l.cellOf[ws]
	// capitalised names before a tax phrase: "Ohio Sales Tax 6.25%",
	// "State & Local Sales Tax" (a phrase ending in "tax" needs no rate)
	named, marks := 0, 0
	for i := ws - 1; i >= 0 && l.cellOf[i] == c; i-- {
		if clauseBreak[l.words[i]] {
			break // "... 30 gg d.f. - Scadenza 02/09/2014": a new clause
		}
		if l.words[i] == "&" {
			marks++
			continue
		}
		pw := textparse.Fold(strings.Trim(l.words[i], ".:,()"))
		if m.Field == textparse.FieldWithheld && withheldPrefix[strings.ToLower(pw)] {
			continue // "abzgl. 5 % Sicherheitseinbehalt", "Af: 5% retentie"
		}
		if hasLetters(l.words[i]) && !isCurrencyWord(l.words[i]) && !prefixWords[pw] {
			if m.Field == textparse.FieldTax && m.End-m.Start >= 2 && named < 2 && i == ws-1-named-marks && capitalName(l.words[i]) &&
				(pctIn(l) || l.toks[m.End-1] == "tax") {
				named++
				continue
			}
			if netGrossAfterNoun(l, m, i) {
				continue
			}
			return false
		}
	}
	// A label word that continues with letters beyond the phrase ("Totalbetrag"
	// matched as "total") is not this label: tokens are whole words, so fine.
	return true
}

// netGrossAfterNoun reports whether word i is the one noun that opens a
// German totals row ending in "netto" or "brutto" ("Gesamtleistung netto
// 20.261,00 €", "Auftragssumme brutto"): a capitalised word alone before
// the label in its cell, and the amount in the next cell of the line.
func netGrossAfterNoun(l *line, m textparse.LabelMatch, i int) bool {
	if m.End-m.Start != 1 || (l.toks[m.Start] != "netto" && l.toks[m.Start] != "brutto") {
		return false
	}
	ws, we := l.labelWordStart(m), l.labelWordEnd(m)
	if i != ws-1 || (i > 0 && l.cellOf[i-1] == l.cellOf[i]) || !capitalName(l.words[i]) {
		return false
	}
	for k := we; k < len(l.words) && k <= we+1; k++ {
		if l.cellOf[k] == l.cellOf[ws] {
			return false
		}
		if hasDigit(l.words[k]) {
			return true
		}
		if !isCurrencyWord(l.words[k]) {
			return false
		}
	}
	return false
}

// clauseBreak are words that separate clauses within a cell.
var clauseBreak = map[string]bool{"-": true, "–": true, "—": true, "·": true, "|": true, "•": true}

// capitalName reports whether s is a capitalised word of letters: "Ohio".
func capitalName(s string) bool {
	rs := []rune(s)
	if len(rs) < 2 || !unicode.IsUpper(rs[0]) {
		return false
	}
	for _, r := range rs {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

func hasLetters(s string) bool {
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f && r != '€' && r != '£' && r != '%' {
			return true
		}
	}
	return false
}

func isCurrencyWord(s string) bool { return textparse.NormalizeCurrency(s) != "" }

// amountGap is the widest gap, in line heights, between the words of one
// amount ("1 234,56", "EUR 12,00") in a PDF text layer, whose word boxes
// span each glyph's advance.
const amountGap = 0.6

// amountGapOCR is amountGap between words read by OCR, whose boxes hold
// the ink only: "1 100,80" is then 0.75 line heights apart at 200 dpi (the
// space and the side bearings of the narrow "1").
const amountGapOCR = 0.85

// amounts finds the amounts among words [from, to) of l, joining up to three
// adjacent words separated by narrow gaps ("1 234,56", "EUR 12,00",
// "12,00 €"). Percentages, dates and words glued to letters are skipped.
func (d *doc) amounts(l *line, from, to int) []amt {
	var out []amt
	inDate := d.dateWords(l)
	vat0, vat1 := vatWords(l)
	gap := amountGap
	if d.pages[l.pg].OCR {
		gap = amountGapOCR
	}
	for i := from; i < to; i++ {
		if !hasDigit(l.words[i]) && !isCurrencyWord(l.words[i]) && !isMinusWord(l.words[i]) {
			continue
		}
		if inDate != nil && inDate[i] || i >= vat0 && i < vat1 {
			continue
		}
		// "TVA non applicable, art. 293 B du CGI", "gemäß § 19 UStG",
		// "esente IVA art. 10": the number of a law's article is no money.
		if i > 0 && legalRef[textparse.Fold(strings.Trim(l.words[i-1], ".:,("))] {
			continue
		}
		found := false
		for n := 3; n >= 1 && !found; n-- {
			if i+n > to {
				continue
			}
			// narrow gaps only
			ok := true
			for k := i + 1; k < i+n; k++ {
				a, b := l.Words[k-1], l.Words[k]
				if b.X0-a.X1 > gap*l.h || inDate != nil && inDate[k] {
					ok = false
				}
			}
			if !ok {
				continue
			}
			s := strings.Join(l.words[i:i+n], " ")
			s = strings.TrimSuffix(strings.TrimPrefix(s, ":"), ":")
			// "(20.00%):", "21%)": a rate in brackets is no amount; nor is
			// a footnote mark "(1)"
			if strings.HasSuffix(strings.TrimRight(s, "):;,"), "%") || strings.Count(s, "/") > 0 || reFootnote.MatchString(s) {
				continue
			}
			m, err := textparse.ParseAmountSep(s, d.sep)
			if err != nil {
				continue
			}
			if i+n < len(l.words) && strings.HasPrefix(l.words[i+n], "%") && m.Currency == "" {
				continue // "TVA 20 %": a rate printed apart from its sign
			}
			if !hasDigit(l.words[i+n-1]) && !isCurrencyWord(l.words[i+n-1]) && !isMinusWord(l.words[i+n-1]) {
				continue
			}
			// "TOTAL TTC - EUR 1 080,00": a join that opens with a sign or
			// a code must not end inside a number printed in groups ("- EUR
			// 1" before "080,00"); the number is read from its own start.
			if n >= 2 && !hasDigit(l.words[i]) && i+n < to && l.Words[i+n].X0-l.Words[i+n-1].X1 <= gap*l.h &&
				reGroupHead.MatchString(l.words[i+n-1]) && reGroupTail.MatchString(l.words[i+n]) {
				continue
			}
			// "12.2024" style periods and bare years are not amounts.
			if m.Decimals == 0 && !m.Grouped && m.Currency == "" && len(strings.TrimLeft(s, "-")) >= 5 {
				continue
			}
			if m.Symbol != "" {
				m.Currency = d.resolve(m.Symbol)
			}
			out = append(out, amt{v: m.Value, cur: m.Currency, w0: i, w1: i + n, x0: l.Words[i].X0, x1: l.Words[i+n-1].X1, decimals: m.Decimals})
			i += n - 1
			found = true
		}
	}
	return out
}

// legalRef are the words before the number of a law's article or
// paragraph.
var legalRef = map[string]bool{"art": true, "article": true, "artikel": true, "articolo": true, "articulo": true, "arts": true,
	"§": true, "§§": true, "para": true, "paragraph": true, "paragraaf": true, "abs": true}

// vatWords returns the span of l's words that spell a VAT identifier with
// its country prefix apart ("TVA FR 40 123 456 789", "USt-IdNr. DE 129 273
// 380"), or an empty span: after a tax label its groups read as an amount
// ("40 123 456"), and they are no money. Computed once per line; a quick
// scan for a word of two capitals keeps lines without one cheap.
func vatWords(l *line) (start, end int) {
	if !l.vatDone {
		l.vatDone = true
		for _, w := range l.words {
			if len(w) >= 2 && w[0] >= 'A' && w[0] <= 'Z' && w[1] >= 'A' && w[1] <= 'Z' {
				if _, s, e := textparse.FindVATIDSpan(l.words); e-s > 1 {
					l.vat0, l.vat1 = s, e
				}
				break
			}
		}
	}
	return l.vat0, l.vat1
}

var (
	reGroupHead = regexp.MustCompile(`^\d{1,3}$`)
	reGroupTail = regexp.MustCompile(`^\d{3}([.,]\d{1,2})?$`)
	reFootnote  = regexp.MustCompile(`^\(\d{1,2}\)$`)
)

func isMinusWord(s string) bool { return s == "-" || s == "−" }

// cellLabels matches labels cell by cell (a label never spans two cells)
// and applies the net/gross modifiers: "Rechnungssumme netto", "Total
// brutto", "Summe exkl. MwSt.", "Totaal exclusief BTW", "Totale IVA
// inclusa", "Total amount due", and the bare qualified tax labels "Excl.
// BTW" (net) and "Incl. BTW" (gross) when no rate is printed with them
// ("inkl. 19 % MwSt." stays the tax).
func cellLabels(l *line) []textparse.LabelMatch {
	var out []textparse.LabelMatch
	start := 0
	for start < len(l.toks) {
		c := l.cellOf[l.wordOf[start]]
		end := start
		for end < len(l.toks) && l.cellOf[l.wordOf[end]] == c {
			end++
		}
		for _, m := range textparse.MatchLabels(l.toks[start:end]) {
			m.Start += start
			m.End += start
			switch m.Field {
			case textparse.FieldGross, textparse.FieldNet, textparse.FieldAmountDue, textparse.FieldTax:
				if f, n := modifier(l.toks[m.End:end], m.Field); f != textparse.FieldNone {
					m.Field = f
					m.End += n
					m.Strength = 1
				} else if m.Field == textparse.FieldTax && m.Start > start && !pctIn(l) {
					// "Excl. BTW", "inkl. MwSt.": the qualifier opens the cell.
					switch qualifier(l.toks[m.Start-1]) {
					case textparse.FieldNet:
						if m.Start-1 == start {
							m.Field, m.Strength = textparse.FieldNet, 0.9
							m.Start--
						}
					case textparse.FieldGross:
						if m.Start-1 == start {
							m.Field, m.Strength = textparse.FieldGross, 0.8
							m.Start--
						}
					}
				}
			}
			out = append(out, m)
		}
		start = end
	}
	return out
}

// qualifier reads one word that says whether an amount includes tax:
// FieldNet for "excl", "zzgl", "hors", FieldGross for "incl", "ttc",
// "inclusa", FieldNone otherwise.
func qualifier(tok string) textparse.Field {
	switch tok {
	case "netto", "net", "ht", "excl", "exkl", "exclusief", "exclusive", "excluding", "excluded", "exklusive", "zzgl", "zuzuglich",
		"ohne", "hors", "sans", "sin", "senza", "zonder", "esclusa", "escluso", "excluida", "excluido", "before", "pretax":
		return textparse.FieldNet
	case "brutto", "gross", "ttc", "incl", "inkl", "inklusive", "including", "inclusive", "included", "inclusief", "con",
		"inclusa", "incluso", "incluida", "incluido", "inbegrepen", "compris", "comprise", "mit":
		return textparse.FieldGross
	}
	return textparse.FieldNone
}

// modifier reads a qualifier after a total label f: net/gross ("Total excl.
// VAT", "Totale IVA inclusa") or due ("Total amount due"). A tax label is
// changed only by a qualifier ("Totale IVA esclusa"), never by "due".
func modifier(toks []string, f textparse.Field) (textparse.Field, int) {
	for i := 0; i < len(toks) && i < 3; i++ {
		if q := qualifier(toks[i]); q != textparse.FieldNone {
			return q, i + 1
		}
		switch toks[i] {
		case "due", "payable":
			if f == textparse.FieldGross {
				return textparse.FieldAmountDue, i + 1
			}
			return textparse.FieldNone, 0
		case "eur", "usd", "gbp", "chf", "in", "der", "des", "de", "the", "of", "la", "tax", "vat", "mwst", "ust", "btw", "tva", "iva", "gst":
			continue
		}
		return textparse.FieldNone, 0
	}
	return textparse.FieldNone, 0
}

// prefixWords may precede a label in its cell: "zzgl. 19 % USt.", "plus
// VAT", "dont TVA", "davon MwSt.".
var prefixWords = map[string]bool{"votre": true, "your": true, "uw": true, "ihre": true, "ihr": true, "zzgl": true, "zuzuglich": true, "plus": true, "davon": true, "inkl": true, "incl": true, "including": true,
	"inclusief": true, "inklusive": true, "inclusive": true, "waarvan": true, "einschl": true,
	"dont": true, "includes": true, "y": true, "e": true, "add": true, "and": true, "und": true, "et": true, "en": true, "total": false, "sum": false}

// withheldPrefix are the words of deduction, or of a sum, that may open a
// withheld amount's label in the six languages ("Less CIS", "abzgl. 5 %
// Sicherheitseinbehalt", "Af: retentie", "Moins retenue", "Menos
// retención", "Meno ritenuta", "Total retenciones").
var withheldPrefix = map[string]bool{"less": true, "minus": true, "deduct": true, "abzgl": true, "abzugl": true, "abzuglich": true, "af": true,
	"minder": true, "moins": true, "menos": true, "meno": true, "dedotta": true, "detratta": true,
	"total": true, "totale": true, "totaal": true, "summe": true, "gesamt": true}

func init() {
	// A letter's subject label before the title: "Objet : Facture n°
	// FA-2024-117", "Betreff: Rechnung Nr. 4711", "Subject: Invoice
	// INV-1042". (Dutch "Betreft" names another document; see refBefore.)
	for _, w := range textparse.SubjectLabels {
		if w != "betreft" {
			prefixWords[w] = true
		}
	}
}
