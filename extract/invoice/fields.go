package invoice

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/textparse"
)

// cand is a scored candidate value for one field.
type cand struct {
	score float64
	line  int
	s     string // ids, dates, names, codes
	a     amt    // amounts
	// label identifies the label an amount was read for (1 + its line ×
	// 1000 + its first word; 0 when none): two tax titles side by side
	// over their amounts are two parts even on one line of values.
	label int
}

// where a value was found relative to its label.
const (
	posSame  = 0 // same cell, after the label
	posRight = 1 // a later cell of the same line
	posBelow = 2 // a line below, horizontally overlapping the label
)

// valueSpan is a run of words of one line holding a label's value.
type valueSpan struct {
	l        *line
	from, to int // word range
	pos      int
}

// valueSpans returns where the value of label m in line li may be: the
// rest of its cell, the following cells of the line, and the words below the
// label (within three line heights).
func (d *doc) valueSpans(li int, m textparse.LabelMatch, below bool) []valueSpan {
	l := &d.lines[li]
	end := l.labelWordEnd(m)
	var out []valueSpan
	c := l.cellOf[l.labelWordStart(m)]
	cellEnd := end
	for cellEnd < len(l.words) && l.cellOf[cellEnd] == c {
		cellEnd++
	}
	if end < cellEnd {
		out = append(out, valueSpan{l, end, cellEnd, posSame})
	}
	if cellEnd < len(l.words) {
		out = append(out, valueSpan{l, cellEnd, len(l.words), posRight})
	}
	if below {
		ws := l.labelWordStart(m)
		x0, x1 := l.Words[ws].X0, l.Words[end-1].X1
		// extend to the whole label cell ("zzgl. 19 % MwSt." over its
		// amount), plus a margin for right-aligned values
		for k := ws - 1; k >= 0 && l.cellOf[k] == l.cellOf[ws]; k-- {
			x0 = l.Words[k].X0
		}
		x0 -= l.h
		x1 += 2 * l.h
		lastY := l.Y1
		for j := li + 1; j < len(d.lines) && j <= li+6; j++ {
			b := &d.lines[j]
			if b.pg != l.pg || b.Y0-lastY > 4*l.h {
				break
			}
			from, to := -1, -1
			for k, w := range b.Words {
				if layout.OverlapX(w.X0, w.X1, x0, x1) > 0 {
					if from < 0 {
						from = k
					}
					to = k + 1
				}
			}
			if from >= 0 {
				// widen to whole cells
				for from > 0 && b.cellOf[from-1] == b.cellOf[from] {
					from--
				}
				for to < len(b.words) && b.cellOf[to] == b.cellOf[to-1] {
					to++
				}
				out = append(out, valueSpan{b, from, to, posBelow})
				lastY = b.Y1
				if len(out) > 4 {
					break
				}
			}
		}
	}
	return out
}

// labels calls fn for every label match standing as a label.
func (d *doc) eachLabel(fn func(li int, m textparse.LabelMatch)) {
	for li := range d.lines {
		l := &d.lines[li]
		for _, m := range l.labels {
			if l.isLabel(m) {
				fn(li, m)
			}
		}
	}
}

// relY returns the vertical position of line li on its page in 0..1.
func (d *doc) relY(li int) float64 {
	l := &d.lines[li]
	h := d.pages[l.pg].Height
	if h <= 0 {
		return 0.5
	}
	return l.Y0 / h
}

func (d *doc) relX(l *line, x float64) float64 {
	w := d.pages[l.pg].Width
	if w <= 0 {
		return 0.5
	}
	return x / w
}

// tableHeader reports whether line l reads as a table header row.
func tableHeader(l *line) bool {
	kinds := map[textparse.Column]bool{}
	for _, m := range textparse.MatchColumns(l.toks) {
		kinds[m.Column] = true
	}
	return len(kinds) >= 3 && (kinds[textparse.ColDescription] || kinds[textparse.ColQuantity])
}

var reID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9\-/._#]*[A-Za-z0-9]$|^[0-9]$`)

// idToken reports whether a word can be an invoice number.
func (d *doc) idToken(s string) (string, bool) {
	s = strings.Trim(s, ":;,()[]\"'")
	s = strings.TrimPrefix(s, "#")
	s = strings.TrimPrefix(s, "N°")
	s = strings.TrimPrefix(s, "Nº")
	if len(s) == 0 || len(s) > 32 || !hasDigit(s) || !reID.MatchString(s) {
		return "", false
	}
	if _, ok := textparse.ParseDate(s, d.order); ok {
		return "", false
	}
	if m, err := textparse.ParseAmountSep(s, d.sep); err == nil && (m.Decimals == 2 || m.Grouped) {
		return "", false
	}
	return s, true
}

// dateShapedID reports whether w, which idToken refused, is an identifier
// that happens to spell a date: eight digits ("20140512") or a numeric date
// with slashes or dashes ("12/03/2024"). Dates written with a month name
// are not.
func (d *doc) dateShapedID(w string) bool {
	w = strings.Trim(w, ":;,()[]\"'")
	if len(w) == 8 && strings.Trim(w, "0123456789") == "" {
		return true
	}
	if !reID.MatchString(w) || strings.Trim(w, "0123456789/-.") != "" || !strings.ContainsAny(w, "/-") {
		return false
	}
	_, isDate := textparse.ParseDate(w, d.order)
	return isDate
}

// connector words between a label and its value.
var connectors = map[string]bool{"nr": true, "no": true, "n": true, "number": true, "nummer": true, "numero": true, "num": true,
	"vom": true, "du": true, "del": true, "van": true, "of": true, "dated": true, "date": true, "datum": true, "am": true, "le": true, "on": true, "from": true}

// invoiceNumbers returns the candidates for the invoice number.
func (d *doc) invoiceNumbers() []cand {
	var out []cand
	d.eachLabel(func(li int, m textparse.LabelMatch) {
		l := &d.lines[li]
		strength := m.Strength
		below := m.Field == textparse.FieldInvoiceNumber
		hash := 0 // the word after "Invoice #", when the title took it
		switch m.Field {
		case textparse.FieldInvoiceNumber:
			if m.Strength < 1 {
				// A bare "No." or "Numéro" counts after a title word
				// (below), or opening a cell at the top of the first page,
				// with its value beside it: "Numéro : 2014-0456".
				if ws := l.labelWordStart(m); ws > 0 && l.cellOf[ws-1] == l.cellOf[ws] || l.pg != 0 || d.relY(li) > 0.35 {
					return
				}
				strength, below = 0.5, false
			}
		case textparse.FieldTitle:
			if refTitle(l, m) {
				return
			}
			strength = 0.75
			// A title word alone in its cell, no taller than the text
			// around it, over a number: "Rechnung" over "AR-40217833" in
			// a grid of titles over values.
			below = d.titleOverValue(li, m)
			// "Rechnung (380) Nr. 4711": absorb a following generic number label.
			for _, m2 := range l.labels {
				if m2.Start >= m.End && m2.Field == textparse.FieldInvoiceNumber && m2.Start-m.End <= 2 &&
					l.cellOf[l.wordOf[m2.Start]] == l.cellOf[l.wordOf[m.Start]] {
					m.End = m2.End
					strength = 0.95
					below = true
					break
				}
			}
			// "Invoice #": the sign has no token, the word after the title is it.
			if e := l.labelWordEnd(m); strength < 0.95 && e < len(l.words) && strings.HasPrefix(l.words[e], "#") &&
				strings.Trim(l.words[e], "#:") == "" && l.cellOf[e] == l.cellOf[l.labelWordStart(m)] {
				strength, below, hash = 0.95, true, e+1
			}
		default:
			return
		}
	spans:
		for _, sp := range d.valueSpans(li, m, below) {
			if hash > 0 && sp.l == l && sp.from < hash {
				sp.from = hash
				if sp.from >= sp.to {
					continue
				}
			}
			gfrom := sp.from
			for gfrom < sp.to && isConnector(sp.l.words[gfrom]) {
				gfrom++ // "Factuurnummer : 40 227 18 339 05"
			}
			if id, ok := groupedID(sp.l.words[gfrom:sp.to]); ok {
				sc := strength + 0.1*(1-d.relY(li))
				if l.pg == 0 {
					sc += 0.1
				}
				out = append(out, cand{score: sc, line: sp.l.idx, s: id})
				break spans
			}
			if id, ok := d.seriesID(sp.l.words[gfrom:sp.to]); ok {
				// "FPR 158/24": a series in capitals before the number
				sc := strength + 0.1*(1-d.relY(li))
				if sp.pos == posBelow {
					sc -= 0.15
				}
				if l.pg == 0 {
					sc += 0.1
				}
				out = append(out, cand{score: sc, line: sp.l.idx, s: id})
				break spans
			}
			first := true
			for k := sp.from; k < sp.to && k < sp.from+3; k++ {
				w := sp.l.words[k]
				if strings.HasPrefix(w, "(") && strings.HasSuffix(w, ")") {
					continue
				}
				if isConnector(w) {
					continue
				}
				id, ok := d.idToken(w)
				if !ok && first && m.Field == textparse.FieldInvoiceNumber && m.Strength >= 1 && d.dateShapedID(w) {
					// "Numéro de facture 20140512", "Faktura nr
					// 12/03/2024" (number / month / year, as Polish
					// invoices count): the first word after an invoice
					// number label is the number even when it could
					// spell a date.
					id, ok = strings.Trim(w, ":;,()[]\"'"), true
				}
				first = false
				if !ok {
					if sp.pos == posSame && m.Field == textparse.FieldTitle {
						break spans
					}
					continue spans
				}
				sc := strength
				if sp.pos == posBelow {
					sc -= 0.15
				}
				if sp.pos == posRight {
					sc -= 0.05
				}
				if l.pg == 0 {
					sc += 0.1
				}
				sc += 0.1 * (1 - d.relY(li))
				out = append(out, cand{score: sc, line: sp.l.idx, s: id})
				break spans
			}
			if sp.to-sp.from > 3 {
				break
			}
		}
	})
	return out
}

// refBefore open a reference to another document before a title word
// ("zu Rechnung", "Betreft factuur", "Réf. facture"); a title word
// followed by a word of origin names the document a credit note corrects
// ("Facture d'origine"); "ursprüngliche Rechnung" before it.
var refBefore = map[string]bool{"zu": true, "zur": true, "betreft": true, "betrifft": true, "ref": true, "réf": true,
	"ursprüngliche": true, "ursprungliche": true, "oorspronkelijke": true}

// refTitle reports whether title label m of l names another document than
// the one read: the invoice a credit note or a reminder refers to.
func refTitle(l *line, m textparse.LabelMatch) bool {
	ws, we := l.labelWordStart(m), l.labelWordEnd(m)
	if ws > 0 && l.cellOf[ws-1] == l.cellOf[ws] && refBefore[strings.ToLower(strings.Trim(l.words[ws-1], ".:"))] {
		return true
	}
	if we < len(l.words) && l.cellOf[we] == l.cellOf[ws] {
		w := strings.ToLower(l.words[we])
		return strings.Contains(w, "origin") || strings.Contains(w, "ursprüng")
	}
	return false
}

// titleOverValue reports whether title label m of line li may have its
// value below it: the title word (with a colon or "#") is alone in its
// cell and its line is no taller than the document's usual line, so not
// the big document title over the letterhead's next lines.
func (d *doc) titleOverValue(li int, m textparse.LabelMatch) bool {
	l := &d.lines[li]
	c := l.cellOf[l.labelWordStart(m)]
	for k := range l.words {
		if l.cellOf[k] == c && (k < l.labelWordStart(m) || k >= l.labelWordEnd(m)) && strings.Trim(l.words[k], ":#") != "" {
			return false
		}
	}
	return l.h <= 1.25*d.medianH()
}

// groupedID reads a number printed in groups, alone in its value span:
// "RG 6672 0311 4", "7004 1187 22". Every group is digits or up to three
// capital letters, at least two groups are digits, and the span holds
// nothing else; the groups are kept as printed, with their spaces.
func groupedID(ws []string) (string, bool) {
	if len(ws) < 2 || len(ws) > 5 {
		return "", false
	}
	digits := 0
	for i, w := range ws {
		switch {
		case w != "" && strings.Trim(w, "0123456789") == "":
			digits++
		case i == 0 && len(w) <= 3 && strings.Trim(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "":
		default:
			return "", false
		}
	}
	if digits < 2 {
		return "", false
	}
	return strings.Join(ws, " "), true
}

// seriesID reads a number printed after its series, alone in its value
// span: up to four capital letters (no currency code) and a number with a
// "/" or "-" ("FPR 158/24", "A 2024-0031"), kept as printed.
func (d *doc) seriesID(ws []string) (string, bool) {
	if len(ws) != 2 || len(ws[0]) > 4 || strings.Trim(ws[0], "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" || isCurrencyWord(ws[0]) {
		return "", false
	}
	id, ok := d.idToken(ws[1])
	if !ok || !strings.ContainsAny(id, "/-") || strings.Trim(id, "0123456789/-") != "" {
		return "", false
	}
	return ws[0] + " " + id, true
}

var titleStems = []string{"rechnung", "invoice", "factur", "fattur", "factuur", "gutschrift", "avoir", "credit", "nota"}

// titleNumbers finds "Teilrechnung Bau (875) Nr. 210111 vom 30.05.2025" and
// "Invoice information (751) Nr. 4711": a bare number label ("Nr.", "No.",
// "#") preceded in its cell by a word containing a title stem. A date after
// the number on the same line is an invoice-date candidate.
func (d *doc) titleNumbers() (nums, dates []cand) {
	for li := range d.lines {
		l := &d.lines[li]
		if c, ok := d.numberUnderTitle(li); ok {
			nums = append(nums, c)
		}
		for _, m := range l.labels {
			if m.Field != textparse.FieldInvoiceNumber || m.Strength >= 1 || l.isLabel(m) {
				continue
			}
			ws := l.labelWordStart(m)
			c := l.cellOf[ws]
			titled := false
			for k := ws - 1; k >= 0 && l.cellOf[k] == c && k >= ws-6; k-- {
				f := textparse.Fold(l.words[k])
				for _, st := range titleStems {
					if strings.Contains(f, st) {
						titled = true
					}
				}
			}
			if !titled || d.moneyAfter(l, l.labelWordEnd(m)) {
				continue
			}
			for k := l.labelWordEnd(m); k < len(l.words) && k < l.labelWordEnd(m)+3; k++ {
				if isConnector(l.words[k]) {
					continue
				}
				id, ok := d.idToken(l.words[k])
				if !ok {
					break
				}
				sc := 0.95 + 0.1*(1-d.relY(li))
				if l.pg == 0 {
					sc += 0.1
				}
				nums = append(nums, cand{score: sc, line: li, s: id})
				if ds := textparse.FindDates(l.words[k+1:], d.order); len(ds) > 0 && ds[0].Start <= 4 {
					dates = append(dates, cand{score: 1.05, line: li, s: ds[0].ISO})
				}
				break
			}
		}
	}
	return nums, dates
}

// moneyAfter reports whether line l prints a money amount (two decimals)
// after word from: "1. Abschlagsrechnung Nr. AR-24-0012 vom 16.02.2024
// 6.000,00 1.140,00 7.140,00" is a row of a table that names another
// document (an instalment invoice deducted, an invoice paid), not the
// title of the one read, whose title line carries no amount.
func (d *doc) moneyAfter(l *line, from int) bool {
	for _, a := range d.amounts(l, from, len(l.words)) {
		if a.decimals == 2 {
			return true
		}
	}
	return false
}

// numberMarks are the words that say "number" on their own.
var numberMarks = map[string]bool{"n°": true, "nº": true, "no": true, "no.": true, "nr": true, "nr.": true, "#": true, "num": true, "num.": true, "n.": true}

// numberUnderTitle reads "FACTURE" over "N° 2014-042": a title word alone
// in its cell, and on the next line, under it and close, a number mark
// and an id (the title's "N°" continued on a second line). Invoicing
// programs print the document's reference there too, after "Réf. :"
// ("Facture" over "Réf. : FA2403-0042"), or alone ("Sales Invoice" over
// "ACC-SINV-2024-00023"): a reference mark, or nothing but a code with a
// digit and a letter or separator, alone in its cell under the title,
// reads the same, a little weaker.
func (d *doc) numberUnderTitle(li int) (cand, bool) {
	l := &d.lines[li]
	for j := li + 1; j < len(d.lines) && d.lines[j].pg == l.pg && d.lines[j].Y0-l.Y1 <= 1.5*l.h; j++ {
		if c, ok := d.numberLineUnder(l, &d.lines[j]); ok {
			return c, true
		}
	}
	return cand{}, false
}

// refMarks say "reference" on their own before a document's code.
var refMarks = map[string]bool{"ref": true, "ref.": true, "réf": true, "réf.": true, "rif.": true}

func (d *doc) numberLineUnder(l, n *line) (cand, bool) {
	// the number mark may open a cell of its own line: "12 boulevard
	// Haussmann" left, "N° 2014-042" right
	k0, kID, weak := -1, -1, 0.0
	for k, w := range n.words {
		if k > 0 && n.cellOf[k] == n.cellOf[k-1] {
			continue
		}
		lw := strings.ToLower(w)
		if numberMarks[lw] && k+1 < len(n.words) {
			k0, kID = k, k+1
			break
		}
		if refMarks[lw] || refMarks[strings.TrimSuffix(lw, ":")] {
			j := k + 1
			for j < len(n.words) && n.words[j] == ":" {
				j++
			}
			if j < len(n.words) && n.cellOf[j] == n.cellOf[k] {
				k0, kID, weak = k, j, 0.05
				break
			}
		}
		// a code alone in its cell
		if (k+1 == len(n.words) || n.cellOf[k+1] != n.cellOf[k]) && isCode(w) {
			k0, kID, weak = k, k, 0.1
			break
		}
	}
	if k0 < 0 {
		return cand{}, false
	}
	for _, m := range l.labels {
		if m.Field != textparse.FieldTitle {
			continue
		}
		first, last := l.wordOf[m.Start], l.wordOf[m.End-1]
		// a title of two words ("TAX INVOICE", "Credit Note") over "#
		// INV-000318" reads as one word does
		if m.End-m.Start > 2 && weak == 0 {
			continue
		}
		c := l.cellOf[first]
		alone := true
		for k := range l.words {
			if l.cellOf[k] == c && (k < first || k > last) {
				alone = false
			}
		}
		if !alone || layout.OverlapX(l.Words[first].X0, l.Words[last].X1, n.Words[k0].X0, n.Words[kID].X1) <= 0 {
			continue
		}
		if id, ok := d.idToken(n.words[kID]); ok && hasDigit(id) {
			sc := 0.9 - weak + 0.1*(1-d.relY(l.idx))
			if l.pg == 0 {
				sc += 0.1
			}
			return cand{score: sc, line: n.idx, s: id}, true
		}
	}
	return cand{}, false
}

// isCode reports whether w looks like a document code: at least five
// characters, a digit and a letter or a separator ("ACC-SINV-2024-00023",
// "INV/2024/0087", "FA2403-0042"); a plain number is not one.
func isCode(w string) bool {
	if len(w) < 5 || !hasDigit(w) {
		return false
	}
	return strings.ContainsAny(w, "-/") || strings.IndexFunc(w, unicode.IsLetter) >= 0
}

// placeDates finds the date of a letter line "München, den 01.11.2024",
// "Paris, le 2 janvier 2024": a date right after "den", "le", "el", "il".
func (d *doc) placeDates() []cand {
	var out []cand
	for li := range d.lines {
		l := &d.lines[li]
		if len(l.words) > 10 {
			continue
		}
		for k := 1; k+1 < len(l.words); k++ {
			switch strings.ToLower(l.words[k]) {
			case "den", "le", "el", "il", "am":
			default:
				continue
			}
			if !strings.HasSuffix(l.words[k-1], ",") {
				continue
			}
			if ds := textparse.FindDates(l.words[k+1:], d.order); len(ds) > 0 && ds[0].Start == 0 {
				out = append(out, cand{score: 0.7 + 0.1*(1-d.relY(li)), line: li, s: ds[0].ISO})
			}
		}
	}
	return out
}

// dates returns candidates for a date field announced by labels of field f.
func (d *doc) dateCands(f textparse.Field) []cand {
	var out []cand
	d.eachLabel(func(li int, m textparse.LabelMatch) {
		if m.Field != f {
			return
		}
		for _, sp := range d.valueSpans(li, m, true) {
			ds := textparse.FindDates(sp.l.words[sp.from:sp.to], d.order)
			if len(ds) == 0 {
				if sp.pos == posSame && sp.to-sp.from > 0 && hasLetters(sp.l.words[sp.from]) && !connectors[strings.ToLower(sp.l.words[sp.from])] {
					return // "Date of delivery" style text follows: not a value
				}
				continue
			}
			// the date must come first in its span (allow connector words,
			// or "Zahlbar ohne Abzug bis zum 17.08.2014": a few words
			// without digits ending in a due connector)
			if ds[0].Start > 2 && !(f == textparse.FieldDueDate && dueClause(sp.l.words[sp.from:sp.from+ds[0].Start])) {
				continue
			}
			sc := m.Strength
			if sp.pos == posBelow {
				sc -= 0.15
			}
			sc += 0.1 * (1 - d.relY(li))
			if d.lines[li].pg == 0 {
				sc += 0.1
			}
			out = append(out, cand{score: sc, line: sp.l.idx, s: ds[0].ISO})
			return
		}
	})
	return out
}

// dueOnDates finds the due date in an amount-due label: "TOTAL AMOUNT DUE
// ON August 3, 2014 $4.11", "Amount due by 08/03/2014", "Zu zahlen bis
// 15.03.2024": a date after the label and a connector word, in its cell.
func (d *doc) dueOnDates() []cand {
	var out []cand
	d.eachLabel(func(li int, m textparse.LabelMatch) {
		if m.Field != textparse.FieldAmountDue {
			return
		}
		l := &d.lines[li]
		end := l.labelWordEnd(m)
		c := l.cellOf[l.labelWordStart(m)]
		k := end
		for k < len(l.words) && l.cellOf[k] == c && dueConnectors[strings.ToLower(strings.Trim(l.words[k], ":"))] {
			k++
		}
		if k == end || k >= len(l.words) {
			return // a date needs its connector: "Balance 12.03.2024" is not a due date
		}
		if ds := textparse.FindDates(l.words[k:], d.order); len(ds) > 0 && ds[0].Start == 0 {
			out = append(out, cand{score: 0.8 + 0.1*(1-d.relY(li)), line: li, s: ds[0].ISO})
		}
	})
	return out
}

// payWords mark a sentence about paying the invoice.
var payWords = map[string]bool{"pay": true, "payment": true, "paid": true, "settle": true, "remit": true, "due": true, "payable": true,
	"zahlbar": true, "zahlung": true, "uberweisen": true, "bezahlen": true, "fallig": true, "begleichen": true,
	"betalen": true, "betaling": true, "voldoen": true, "overmaken": true, "vervalt": true,
	"regler": true, "reglement": true, "paiement": true, "payer": true, "echeance": true,
	"pago": true, "pagar": true, "vencimiento": true, "abonar": true,
	"pagamento": true, "pagare": true, "scadenza": true, "saldare": true,
	// the amount itself: "Gelieve het bedrag voor 06-08-2023 over te maken"
	"amount": true, "betrag": true, "rechnungsbetrag": true, "bedrag": true, "factuurbedrag": true, "montant": true, "importe": true, "importo": true}

// cashDiscountWords mark a cash-discount term ("2 % Skonto bis ...").
var cashDiscountWords = map[string]bool{"skonto": true, "discount": true, "korting": true, "escompte": true, "descuento": true,
	"sconto": true, "rabatt": true, "remise": true}

// dueSentenceDates finds the due date in a payment sentence under the
// totals: "Please pay by 14 March 2024.", "Merci de régler avant le
// 14/03/2024.", "Gelieve het bedrag voor 14-03-2024 over te maken.": a
// line with a payment word and a date after a due connector. A sentence
// that grants a cash discount ("Bei Zahlung bis 08.03. 2 % Skonto, netto
// bis 21.03.2024") names the discount's date first: the due date is its
// latest date, and a discount sentence with one date gives none.
func (d *doc) dueSentenceDates() []cand {
	var out []cand
	for li := range d.lines {
		l := &d.lines[li]
		if len(l.words) < 4 || !mayHoldDate(l) {
			continue
		}
		pay, disc := false, false
		for _, t := range l.toks {
			pay = pay || payWords[t]
			disc = disc || cashDiscountWords[t]
		}
		if !pay {
			continue
		}
		var iso []string
		for _, m := range textparse.FindDates(l.words, d.order) {
			if m.Start == 0 {
				continue
			}
			prev := strings.ToLower(strings.Trim(l.words[m.Start-1], ",;"))
			if !dueConnectors[strings.TrimSuffix(prev, ":")] && !strings.HasSuffix(prev, ":") && !payWords[textparse.Fold(strings.TrimSuffix(prev, ":"))] &&
				prev != "uiterlijk" && prev != "hasta" && prev != "tard" && prev != "before" {
				continue
			}
			iso = append(iso, m.ISO)
		}
		switch {
		case len(iso) == 0, disc && len(iso) < 2:
			continue
		case disc:
			latest := iso[0]
			for _, s := range iso[1:] {
				if s > latest {
					latest = s
				}
			}
			out = append(out, cand{score: 0.6, line: li, s: latest})
		default:
			out = append(out, cand{score: 0.55, line: li, s: iso[0]})
		}
	}
	return out
}

// dueClause reports whether the words between a due label and its date
// are a short clause ending in a due connector: "ohne Abzug bis zum",
// "net within terms by".
func dueClause(ws []string) bool {
	if len(ws) == 0 || len(ws) > 5 || !dueConnectors[strings.ToLower(strings.Trim(ws[len(ws)-1], ":,"))] {
		return false
	}
	for _, w := range ws {
		if hasDigit(w) {
			return false
		}
	}
	return true
}

var dueConnectors = map[string]bool{"on": true, "by": true, "before": true, "bis": true, "am": true, "bis zum": true, "zum": true,
	"avant": true, "le": true, "voor": true, "op": true, "antes": true, "del": true, "el": true, "entro": true, "il": true}

// titleDates finds "Invoice 123 dated 2 Jan 2024": a date on the line of a
// title word.
func (d *doc) titleDates() []cand {
	var out []cand
	d.eachLabel(func(li int, m textparse.LabelMatch) {
		if m.Field != textparse.FieldTitle {
			return
		}
		l := &d.lines[li]
		if refTitle(l, m) {
			return
		}
		ds := textparse.FindDates(l.words[l.labelWordEnd(m):], d.order)
		if len(ds) > 0 {
			out = append(out, cand{score: 0.8, line: li, s: ds[0].ISO})
		}
	})
	return out
}

// firstDate is the fallback: the first date of the first page that no
// other label claims.
func (d *doc) firstDate() []cand {
	for li := range d.lines {
		l := &d.lines[li]
		if l.pg > 0 {
			break
		}
		ds := textparse.FindDates(l.words, d.order)
		if len(ds) == 0 {
			continue
		}
		claimed := false
		for _, m := range l.labels {
			switch m.Field {
			case textparse.FieldDueDate, textparse.FieldOtherDate, textparse.FieldOther:
				claimed = true
			}
		}
		if claimed {
			continue
		}
		// a date in running text is not an issue date
		if len(l.words) > 8 {
			continue
		}
		return []cand{{score: 0.3, line: li, s: ds[0].ISO}}
	}
	return nil
}

func best(cs []cand) *cand {
	var b *cand
	for i := range cs {
		if b == nil || cs[i].score > b.score {
			b = &cs[i]
		}
	}
	return b
}

func isConnector(w string) bool {
	if strings.Trim(w, ":#.") == "" {
		return true // "#:", ":", "."
	}
	if w == ":" || w == "#" || w == "-" || w == "N°" || w == "Nº" || w == "No." || w == "n°" || w == "nº" {
		return true
	}
	return connectors[strings.ToLower(strings.Trim(w, ".:°º#"))]
}

// seriesWords label an invoice's series printed apart from its number (EN
// DE FR NL ES IT): "Serie: A", "Series", "Série", "Reeks", "Sezionale".
var seriesWords = map[string]bool{"serie": true, "series": true, "reeks": true, "sezionale": true}

// numberWords label a bare number in the cell after the series: "Número:",
// "Number", "Nummer", "Numéro", "Numero", "Nr.", "No.", "Nº", "N°".
var numberWords = map[string]bool{"numero": true, "number": true, "nummer": true, "nr": true, "no": true, "n": true, "num": true}

// seriesNumbers finds a series and its number printed apart in two cells
// of one line, "Serie: A" then "Número: 1523" (the value may be glued to
// its label, "Número:1523"), and reads them joined as "A-1523", as the
// two make up the invoice's number.
func (d *doc) seriesNumbers() []cand {
	var out []cand
	for li := range d.lines {
		l := &d.lines[li]
		for k := 0; k+2 < len(l.words); k++ {
			if k > 0 && l.cellOf[k-1] == l.cellOf[k] {
				continue
			}
			lab, glued, _ := strings.Cut(l.words[k], ":")
			if !seriesWords[textparse.Fold(lab)] || glued != "" {
				continue
			}
			j := k + 1
			if j < len(l.words) && l.words[j] == ":" {
				j++
			}
			if j+1 >= len(l.words) || l.cellOf[j] != l.cellOf[k] || l.cellOf[j+1] == l.cellOf[j] {
				continue
			}
			series := strings.Trim(l.words[j], ":;,")
			if len(series) == 0 || len(series) > 4 || strings.Trim(series, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != "" {
				continue
			}
			nl, val, _ := strings.Cut(l.words[j+1], ":")
			nl = strings.TrimSuffix(strings.TrimSuffix(textparse.Fold(nl), "."), "º")
			if !numberWords[nl] && !strings.HasPrefix(l.words[j+1], "Nº") && !strings.HasPrefix(l.words[j+1], "N°") {
				continue
			}
			if val == "" {
				n := j + 2
				if n < len(l.words) && l.words[n] == ":" {
					n++
				}
				if n >= len(l.words) || l.cellOf[n] != l.cellOf[j+1] {
					continue
				}
				val = l.words[n]
			}
			id, ok := d.idToken(val)
			if !ok {
				continue
			}
			// above a bare "Factura nº" label's reading of the number alone
			sc := 1.2 + 0.1*(1-d.relY(li))
			out = append(out, cand{score: sc, line: li, s: series + "-" + id})
		}
	}
	return out
}
