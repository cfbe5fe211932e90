package split

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/docextract/docextract/extract/classify"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/textparse"
)

// Range is one document's pages, one-based and inclusive.
type Range struct {
	Start int
	End   int
}

// Split returns the documents found in pages, in order, covering every page
// exactly once. An empty input gives no ranges.
func Split(pages []layout.Page) []Range { return SplitWith(pages, nil) }

// SplitWith is Split where own(i), when own is not nil, reports that page i
// (zero-based) is a document of its own whatever it looks like, never an
// enclosure of the document beside it: the caller reads a type such a page
// is (a delivery note, when a reader for delivery notes is registered).
func SplitWith(pages []layout.Page, own func(i int) bool) []Range {
	switch len(pages) {
	case 0:
		return nil
	case 1:
		return []Range{{1, 1}} // nothing to decide: skip the page analysis
	}
	infos := make([]pageInfo, len(pages))
	docPages := 0
	for i := range pages {
		infos[i] = inspect(&pages[i])
		if infos[i].enclosure && own != nil && own(i) {
			infos[i].enclosure, infos[i].letter = false, false
		}
		if !infos[i].enclosure {
			docPages++
		}
	}
	if docPages == 0 {
		// Only pages of running text: no document to attach them to, so
		// they are judged like any other page.
		for i := range infos {
			infos[i].enclosure = false
		}
	}
	prints := make([]print, len(pages))
	for i := range pages {
		prints[i] = fingerprint(&pages[i])
	}
	starts := make([]bool, len(infos))
	starts[0] = true
	first := 0 // the current document's first page
	// prev is the last page that is a document's own (not an enclosure);
	// letter is set while a cover letter waits for its document.
	prev, letter := -1, false
	docIBAN := "" // the account the current document's header names
	docAcct := "" // the account named over the current document's opening balance
	for i, info := range infos {
		switch {
		case info.enclosure && info.letter:
			// A cover letter opens the document that follows it.
			starts[i] = true
			letter = true
			continue
		case info.enclosure:
			// Terms or notices belong to the document before them (or,
			// first in the file, to the one after).
			continue
		case letter:
			letter = false // the letter's document: no new start
		case prev >= 0 && copyOfAny(prints, first, i):
			// A copy of a page of this document ("Copy", "Duplikat",
			// "Duplicate for transporter") stays with it.
		case prev >= 0:
			starts[i] = boundary(infos[prev], info, docIBAN, docAcct) > 0
		}
		if starts[i] {
			first = i
			docIBAN, docAcct = "", ""
		}
		if docIBAN == "" {
			docIBAN = info.iban
		}
		if docAcct == "" {
			docAcct = info.acct
		}
		prev = i
	}
	if letter {
		// A letter with no document after it (a payment note closing
		// the file) belongs to the one before it.
		for i := len(infos) - 1; i > 0 && infos[i].enclosure; i-- {
			starts[i] = false
		}
	}
	var out []Range
	for i := range infos {
		if starts[i] || len(out) == 0 {
			out = append(out, Range{i + 1, i + 1})
		} else {
			out[len(out)-1].End = i + 1
		}
	}
	return out
}

// Originals returns the pages of one document without those that repeat an
// earlier page of it: files often hold an invoice twice, marked "Original"
// and "Copy" ("Kopie", "Duplikat", "Duplicate for transporter"), which Split
// keeps in one document; read with both, the document would have every
// item twice. A page is a copy of an earlier one when their amounts, dates,
// numbers and every other word holding a digit are the same, at least three
// of them, and their other words differ by at most six (counted both ways:
// "Original for recipient" against "Duplicate for transporter" is four) or
// a tenth of them. With one page, or no copy, it returns pages itself.
//
// Enclosures are read with their document: a cover letter may be the page
// that names the invoice's number, date and parties, a page of terms the
// one that names the account to pay to.
func Originals(pages []layout.Page) []layout.Page {
	if len(pages) < 2 {
		return pages
	}
	prints := make([]print, len(pages))
	for i := range pages {
		prints[i] = fingerprint(&pages[i])
	}
	var out []layout.Page
	for i := range pages {
		if copyOfAny(prints, 0, i) {
			if out == nil {
				out = append(make([]layout.Page, 0, len(pages)), pages[:i]...)
			}
			continue
		}
		if out != nil {
			out = append(out, pages[i])
		}
	}
	if out == nil {
		return pages
	}
	return out
}

// print is what tells a page from its copy: its words holding a digit, in
// order of appearance sorted, and its other words counted.
type print struct {
	digits []string
	words  map[string]int
	n      int // number of other words
}

func fingerprint(p *layout.Page) print {
	f := print{words: map[string]int{}}
	for _, w := range p.Words {
		t := strings.ToLower(w.Text)
		if strings.ContainsFunc(t, unicode.IsDigit) {
			f.digits = append(f.digits, t)
			continue
		}
		f.words[t]++
		f.n++
	}
	slices.Sort(f.digits)
	return f
}

// copyOfAny reports whether page i is a copy of one of the pages from..i-1.
func copyOfAny(prints []print, from, i int) bool {
	for j := from; j < i; j++ {
		if isCopy(prints[j], prints[i]) {
			return true
		}
	}
	return false
}

func isCopy(a, b print) bool {
	if len(a.digits) < 3 || !slices.Equal(a.digits, b.digits) {
		return false
	}
	diff := 0
	for w, n := range a.words {
		diff += max(0, n-b.words[w])
	}
	for w, n := range b.words {
		diff += max(0, n-a.words[w])
	}
	return diff <= max(6, max(a.n, b.n)/10)
}

// pageInfo is what Split learns from one page.
type pageInfo struct {
	markerI, markerN int    // "Page i of n", 0 when absent
	kind             string // "invoice", "statement" or ""
	number           string // document number, folded, or ""
	closing          bool   // a grand total or closing balance
	carryOut         bool   // "carried forward", "continued on next page"
	carryIn          bool   // "brought forward", "Übertrag" at the top
	firstPage        bool   // addressee block, invoice date, opening balance
	header           map[string]bool
	// enclosure marks a page of running text that is no document of its
	// own (terms, a bank's notices, a cover letter): see isEnclosure.
	enclosure bool
	letter    bool // the enclosure opens with a salutation: a cover letter
	// iban: the first IBAN printed in the page's top quarter (a
	// statement's header names its account there), "" when none.
	iban string
	// opens: an opening balance is the first balance the page names
	// (see accountSections); acct is the account number printed closest
	// above it, "" when none. ends: the last balance the page names is a
	// closing one, and nothing is carried on to the next page.
	opens, ends bool
	acct        string
	// openVal and closeVal: the figures of the first opening and the
	// last closing balance, "" when none is read.
	openVal, closeVal string
}

var (
	reMarker = regexp.MustCompile(`(?:^|\s)(?:page|seite|pagina|pag\.|blatt|feuille|hoja|p\.)\s*(\d{1,3})\s*(?:of|von|/|de|van|di|sur|z)\s*(\d{1,3})(?:\s|$)`)
	// reBare is a page number printed without the count of pages
	// ("Finanzreport Nr. 4 per 30.04.2023 - Seite 2", "Page 2").
	reBare   = regexp.MustCompile(`(?:^|\s)(?:page|seite|pagina|blatt|feuille|hoja)\s*(\d{1,3})$`)
	reNumber = regexp.MustCompile(`(invoice|rechnung|facture|factuur|factura|fattura|credit note|gutschrift|statement|kontoauszug|releve de compte|releve|rekeningafschrift|afschrift|extracto|estratto conto)` +
		`(?:s?nummer|s?-?nr\.?|\s+(?:no\.?|nr\.?|number|n°|nº|no°|#|num\.?|numero|nummer))\s*[:.]?\s*([a-z0-9][a-z0-9\-/.]*[0-9][a-z0-9\-/]*)`)
	closingLabels = []string{"grand total", "total due", "amount due", "total amount", "total eur", "total usd", "total gbp",
		"total chf", "total", "invoice total", "gesamtbetrag", "rechnungsbetrag", "endbetrag", "zu zahlen", "total ttc",
		"montant total", "net a payer", "totaal", "te betalen", "totale", "totale fattura", "importe total", "total factura",
		"closing balance", "new balance", "neuer kontostand", "endsaldo", "nouveau solde", "solde final", "eindsaldo",
		"saldo final", "saldo finale"}
	carryOutLabels = []string{"carried forward", "continued on next page", "continued overleaf", "continued", "ubertrag",
		"fortsetzung", "a reporter", "suite au verso", "transport naar", "naar volgende pagina", "suma y sigue", "a riportare"}
	carryInLabels = []string{"brought forward", "ubertrag", "report", "transport van", "van vorige pagina", "suma y sigue",
		"suma anterior", "riporto"}
	firstLabels = []string{"bill to", "invoice to", "invoice date", "date of issue", "rechnungsempfanger", "rechnungsdatum",
		"factureer aan", "factuurdatum", "date de facture", "facture a", "fecha de factura", "data fattura",
		"opening balance", "alter kontostand", "solde precedent", "beginsaldo", "saldo inicial", "saldo iniziale", "anfangssaldo"}
	statementWords = []string{"statement", "kontoauszug", "releve", "rekeningafschrift", "extracto", "estratto"}
	invoiceWords   = []string{"invoice", "rechnung", "facture", "factuur", "factura", "fattura"}
)

func hasPrefixWord(s, label string) bool {
	return s == label || strings.HasPrefix(s, label+" ") || strings.HasPrefix(s, label+":")
}

func inspect(p *layout.Page) pageInfo {
	lines := layout.Lines(p)
	info := pageInfo{header: map[string]bool{}}
	folded := make([]string, len(lines))
	for i, l := range lines {
		folded[i] = textparse.Fold(l.Text())
	}
	bare := 0
	for i, f := range folded {
		if m := reMarker.FindStringSubmatch(f); m != nil && info.markerI == 0 {
			a, _ := strconv.Atoi(m[1])
			b, _ := strconv.Atoi(m[2])
			if a >= 1 && a <= b {
				info.markerI, info.markerN = a, b
			}
		} else if m := reBare.FindStringSubmatch(f); m != nil && bare == 0 {
			bare, _ = strconv.Atoi(m[1])
		}
		if m := reNumber.FindStringSubmatch(f); m != nil && info.number == "" {
			info.number = strings.TrimRight(m[2], ".")
			info.kind = kindOf(m[1])
		}
		if info.kind == "" && i < 8 {
			for _, w := range strings.Fields(f) {
				if k := kindOf(strings.Trim(w, ":.")); k != "" {
					info.kind = k
					break
				}
			}
		}
		if info.iban == "" && p.Height > 0 && lines[i].Y0 < p.Height/4 {
			info.iban = textparse.FindIBAN(strings.Fields(lines[i].Text()))
		}
		hasDigits := strings.ContainsAny(f, "0123456789")
		for _, l := range closingLabels {
			if hasPrefixWord(f, l) && hasDigits {
				info.closing = true
			}
		}
		for _, l := range carryOutLabels {
			if strings.Contains(f, l) && i >= len(folded)/2 {
				info.carryOut = true
			}
		}
		for _, l := range carryInLabels {
			if hasPrefixWord(f, l) && i < len(folded)/2 || (l == "brought forward" && strings.Contains(f, l)) {
				info.carryIn = true
			}
		}
		for _, l := range firstLabels {
			if strings.Contains(f, l) {
				info.firstPage = true
			}
		}
		if i < 3 {
			for _, w := range strings.Fields(f) {
				if !strings.ContainsAny(w, "0123456789") {
					info.header[w] = true
				}
			}
		}
	}
	info.opens, info.ends, info.acct, info.openVal, info.closeVal = accountSections(folded)
	if info.carryOut {
		info.ends = false
	}
	info.enclosure, info.letter = isEnclosure(lines, folded, info)
	if info.markerI == 0 && bare > 1 {
		// A bare page number above one continues the pages before it (a
		// cover letter, then "Seite 2" over the statement); the count of
		// pages stays unknown (0).
		info.markerI = bare
	}
	return info
}

// isEnclosure reports whether a page travels with a document without
// being one (general terms on the back of an invoice, a bank's notices
// after a statement, a cover letter before an invoice, an empty back
// side), and whether it is a letter (a line opens with a salutation). Such
// a page has no total or balance line and no first-page label (invoice
// date, opening balance) outside its sentences ("payable within 14 days of
// the invoice date" is no label), and either next to nothing on it (no
// amount, no document number, at most 15 words: an empty back side with
// its header), or at most one amount outside its sentences and lines of
// prose (six words or more, most of them words of letters): at least
// two, making up at least 40% of its lines of two words or more. (A page
// of a document's parties and labels with its items on the next page is
// no enclosure: it opens its document.) A letter
// (with two lines of prose or more) joins the document after it, other
// enclosures the one before: read on their own they would be documents of
// nothing, charged, or sent to a person to review a type they do not have.
// A payment slip on a page of its own (see paymentSlip) is an enclosure too.
func isEnclosure(lines []layout.Line, folded []string, info pageInfo) (enclosure, letter bool) {
	if info.closing {
		return false, false
	}
	if paymentSlip(folded) || deliveryNote(folded) {
		return true, false
	}
	prose, textLines, data, words := 0, 0, 0, 0
	for i, l := range lines {
		fs := strings.Fields(folded[i])
		words += len(fs)
		if len(fs) >= 2 {
			textLines++
		}
		lettered := 0
		for _, f := range fs {
			if letters(f) {
				lettered++
			}
		}
		if len(fs) >= 6 && 10*lettered >= 7*len(fs) {
			prose++
			continue
		}
		for _, w := range l.Words {
			if t := strings.TrimRight(w.Text, ".;:"); strings.ContainsAny(t, "0123456789") && strings.ContainsAny(t, ".,") {
				if m, err := textparse.ParseAmount(t); err == nil && m.Decimals == 2 {
					data++
					break
				}
			}
		}
		for _, lb := range firstLabels {
			if strings.Contains(folded[i], lb) {
				return false, false
			}
		}
		if classify.IsSalutation(folded[i]) {
			letter = true
		}
	}
	switch {
	case data > 1:
		return false, false
	case letter && prose >= 2:
		return true, true
	case prose >= 2 && 10*prose >= 4*textLines:
		return true, false
	}
	return data == 0 && info.number == "" && words <= 15, false
}

// slipTitles are the titles of a payment slip's two parts, as the Swiss
// QR-bill prints them in its four languages (German, French, Italian,
// English): the receipt kept by the payer and the payment part.
var slipTitles = [][2]string{{"empfangsschein", "zahlteil"}, {"recepisse", "section paiement"},
	{"ricevuta", "sezione pagamento"}, {"receipt", "payment part"}}

// paymentSlip reports whether a page is a payment slip: the titles of both
// its parts stand alone on their lines (or side by side on one). A slip on a
// page of its own pays the document before it; with the amount printed
// twice it would otherwise pass for a document of its own.
func paymentSlip(folded []string) bool {
	for _, t := range slipTitles {
		a, b := false, false
		for _, f := range folded {
			if f == t[0]+" "+t[1] {
				return true
			}
			a, b = a || f == t[0], b || f == t[1]
		}
		if a && b {
			return true
		}
	}
	return false
}

// deliveryNote reports whether a page is a delivery note: one of its first
// twelve lines is a delivery-note title alone, or the title before its
// number ("Lieferschein Nr. 4711", "Delivery note no.: DN-12"). A
// delivery note printed with its invoice lists the goods and their
// quantities; read as a document of its own it would be an invoice of
// nothing, charged. Its title must stand alone: invoices often name their
// delivery note in a label ("Lieferschein-Nr.: 4711" among the meta
// fields), and a page with a total or closing line is never an enclosure
// (isEnclosure asks first), so a combined "Lieferschein und Rechnung" with
// its totals stays a document.
func deliveryNote(folded []string) bool {
	for i, f := range folded {
		if i >= 12 {
			break
		}
		for _, t := range classify.DeliveryTitles {
			if f == t {
				return true
			}
			rest, ok := strings.CutPrefix(f, t+" ")
			if !ok {
				continue
			}
			for _, nl := range classify.TitleNumberLabels {
				if r, ok := strings.CutPrefix(rest, nl); ok && (r == "" || strings.ContainsAny(r[:1], ".: ")) {
					return true
				}
			}
		}
	}
	return false
}

// letters reports whether w is a word of letters, with punctuation around
// or inside it ("Geschäftsbedingungen", "l'intérêt", "(Stand:").
func letters(w string) bool {
	n := 0
	for _, r := range w {
		switch {
		case unicode.IsLetter(r):
			n++
		case unicode.IsDigit(r):
			return false
		}
	}
	return n >= 2
}

func kindOf(w string) string {
	for _, s := range statementWords {
		if strings.HasPrefix(w, s) {
			return "statement"
		}
	}
	for _, s := range invoiceWords {
		if strings.HasPrefix(w, s) {
			return "invoice"
		}
	}
	return ""
}

// boundary scores the evidence that cur starts a new document after prev:
// positive means a boundary.
func boundary(prev, cur pageInfo, docIBAN, docAcct string) int {
	score := 0
	if prev.ends && cur.opens && cur.acct != "" && docAcct != "" && cur.acct != docAcct &&
		(cur.openVal == "" || cur.openVal != prev.closeVal) {
		// One account's section closed on the page before ("Ending
		// Balance") and this page opens another account's ("Beginning
		// Balance" under another account number): a credit union's
		// member statement prints each account's month in turn, page
		// numbers and header running through the file, no IBAN to tell
		// them apart. One statement is of one account. An opening balance
		// that is the closing one of the page before is that balance
		// carried on (a page's own "previous/new balance"), no new account.
		score += 20
	}
	if cur.firstPage && cur.iban != "" && docIBAN != "" && cur.iban != docIBAN {
		// A first page (an opening balance) whose header names another
		// account than the document's (docIBAN, the first its pages
		// name) begins that account's statement, even where the page
		// numbers run on through the file (an e-money account's section
		// per currency, each its own IBAN): one statement is of one
		// account.
		score += 20
	}
	switch {
	case cur.markerI == 1:
		score += 10
	case cur.markerI > 1 && prev.markerI == cur.markerI-1 && prev.markerN == cur.markerN:
		score -= 12
	case cur.markerI > 1:
		score -= 6
	}
	if prev.markerI > 0 && prev.markerI < prev.markerN && cur.markerI == 0 {
		score -= 4
	}
	if prev.markerI > 0 && prev.markerI == prev.markerN {
		score += 3
	}
	if prev.number != "" && cur.number != "" {
		if prev.number != cur.number {
			score += 8
		} else {
			score -= 8
		}
	}
	if prev.kind != "" && cur.kind != "" && prev.kind != cur.kind {
		score += 6
	}
	if prev.closing {
		score += 4
	}
	if prev.carryOut {
		score -= 4
	}
	if cur.carryIn {
		score -= 4
	}
	if cur.firstPage {
		score += 2
	}
	if jaccard(prev.header, cur.header) >= 0.6 {
		score--
	} else {
		score++
	}
	return score
}

// Balance labels that open and close one account's period, in the six
// languages. Carried balances ("Balance carried forward", "Übertrag",
// "Report") are not among them: they continue the account on the next page.
var (
	openingBalanceLabels = []string{"beginning balance", "opening balance", "previous balance", "starting balance",
		"alter kontostand", "kontostand alt", "anfangssaldo", "saldo alt", "alter saldo",
		"solde precedent", "ancien solde", "solde initial", "solde d'ouverture", "solde de debut",
		"beginsaldo", "vorig saldo", "oud saldo", "openingssaldo", "aanvangssaldo",
		"saldo inicial", "saldo anterior", "saldo de apertura",
		"saldo iniziale", "saldo precedente", "saldo di apertura"}
	closingBalanceLabels = []string{"ending balance", "closing balance", "new balance", "final balance",
		"neuer kontostand", "kontostand neu", "endsaldo", "saldo neu", "neuer saldo", "schlusssaldo",
		"nouveau solde", "solde final", "solde de cloture",
		"eindsaldo", "nieuw saldo", "slotsaldo",
		"saldo final", "saldo de cierre", "nuevo saldo",
		"saldo finale", "saldo di chiusura", "nuovo saldo"}
	reAcctToken = regexp.MustCompile(`^[0-9][0-9-]*[0-9]$`)
)

// accountSections reads a page's balance labels, each on a line with a
// figure (a table's title "Previous Balance" over its column is none):
// opens when the first is an opening balance, ends when the last is a
// closing one. acct is the account number named closest above the first
// opening balance, within four lines (the section's heading, "SHARE DRAFT
// CHECKING - ID 0010", over the table's titles): the last line there
// holding a word of three digits or more that is no amount, date, year or
// page number.
func accountSections(folded []string) (opens, ends bool, acct, openVal, closeVal string) {
	first, last := 0, 0 // +1 opening, -1 closing
	for i, f := range folded {
		if !strings.ContainsAny(f, "0123456789") {
			continue
		}
		kind := 0
		if textparse.HasWord(f, openingBalanceLabels...) {
			kind = 1
		} else if textparse.HasWord(f, closingBalanceLabels...) {
			kind = -1
		}
		if kind == 0 {
			continue
		}
		if first == 0 {
			first = kind
			if kind == 1 {
				acct = accountAbove(folded, i)
				openVal = lastAmount(f)
			}
		}
		last = kind
		if kind == -1 {
			closeVal = lastAmount(f)
		}
	}
	return first == 1, last == -1, acct, openVal, closeVal
}

// lastAmount is the value of the last amount with two decimals on a line,
// "" when none.
func lastAmount(f string) string {
	ws := strings.Fields(f)
	for i := len(ws) - 1; i >= 0; i-- {
		if m, err := textparse.ParseAmount(ws[i]); err == nil && m.Decimals == 2 {
			return m.Value.String()
		}
	}
	return ""
}

func accountAbove(folded []string, i int) string {
	for j := i - 1; j >= 0 && j >= i-4; j-- {
		var ids []string
		for _, w := range strings.Fields(folded[j]) {
			w = strings.Trim(w, ".,:;()#")
			if !reAcctToken.MatchString(w) {
				continue
			}
			if n, err := strconv.Atoi(w); err == nil && len(w) == 4 && n >= 1900 && n <= 2099 {
				continue // a year
			}
			digits := 0
			for _, r := range w {
				if r >= '0' && r <= '9' {
					digits++
				}
			}
			if digits >= 3 {
				ids = append(ids, w)
			}
		}
		if len(ids) > 0 {
			return strings.Join(ids, " ")
		}
	}
	return ""
}

func jaccard(a, b map[string]bool) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	n := 0
	for w := range a {
		if b[w] {
			n++
		}
	}
	return float64(n) / float64(len(a)+len(b)-n)
}
