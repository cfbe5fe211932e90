package invoice

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/textparse"
)

// legalForm matches company legal-form suffixes of many countries.
var legalForm = regexp.MustCompile(`(?i)(^|[\s,])(gmbh|ag|kg|ohg|gbr|ug|e\.?\s?k\.?|e\.\s?u\.|se|mbh|ltd\.?|limited|llc|llp|inc\.?|corp\.?|corporation|plc|co\.|company|sarl|s\.?a\.?r\.?l\.?|sas|sasu|eurl|s\.a\.?|sa|b\.?v\.?|n\.?v\.?|vof|s\.?l\.?|s\.?r\.?l\.?|s\.?p\.?a\.?|oy|ab|as|aps|a/s|sp\.\s?z\s?o\.?o\.?|kft|s\.?c\.?)(\s|$|[,.])`)

// reCapital matches the statement of a company's share capital that
// follows its legal form in a register line.
var reCapital = regexp.MustCompile(`(?i)\b(au capital|capital social|capitale sociale|con capitale|stammkapital|grundkapital|share capital|capital de)\b`)

var reNoise = regexp.MustCompile(`[@]|www\.|https?:|\d{4,}`)

// nameLike reports whether s can be a party name.
func nameLike(s string) bool {
	s = strings.TrimSpace(s)
	if len([]rune(s)) < 3 || len(s) > 80 || reNoise.MatchString(s) {
		return false
	}
	letters := 0
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f {
			letters++
		}
	}
	if letters*2 < len([]rune(s)) || strings.HasSuffix(s, ":") || strings.Contains(s, "-Nr") {
		return false
	}
	// "W A R E N R E C H N U N G": letter-spaced headings are not names.
	single := 0
	fs := strings.Fields(s)
	for _, f := range fs {
		if len([]rune(f)) == 1 {
			single++
		}
	}
	return single*2 < len(fs)
}

// idTokens follow or precede a party word that names the party's number,
// not the party: "Client No.", "Customer ID", "Kunden-Nr.", "Cod. cliente",
// "Code client".
var idTokens = map[string]bool{"no": true, "nr": true, "n": true, "number": true, "nummer": true, "numero": true, "num": true, "id": true,
	"code": true, "cod": true, "codice": true, "codigo": true, "ref": true, "reference": true, "nummer:": true}

// nameLabelWords say "name" in the six languages: a cell ending in one
// ("Domain name", "Nom du projet" aside) is a label, not a party's name.
var nameLabelWords = map[string]bool{"name": true, "nom": true, "naam": true, "nombre": true, "nome": true}

// labelCell reports whether a cell of two words or more ends in a word
// that says "number", "ID" or "name" ("Billing ID", "Account No.",
// "Domain name"): a key's label, the value in the cell after it.
func labelCell(s string) bool {
	fs := strings.Fields(s)
	if len(fs) < 2 {
		return false
	}
	w := strings.Trim(textparse.Fold(fs[len(fs)-1]), ".:#")
	return idTokens[w] || nameLabelWords[w]
}

// partyIDLabel reports whether the party label m of l names the party's
// number or code rather than announcing the party.
func partyIDLabel(l *line, m textparse.LabelMatch) bool {
	return m.End < len(l.toks) && l.cellOf[l.wordOf[m.End]] == l.cellOf[l.wordOf[m.Start]] && idTokens[l.toks[m.End]] ||
		m.Start > 0 && l.cellOf[l.wordOf[m.Start-1]] == l.cellOf[l.wordOf[m.Start]] && idTokens[l.toks[m.Start-1]]
}

// cellText returns words [from, to) of l joined by spaces.
func cellText(l *line, from, to int) string {
	return strings.Join(l.words[from:to], " ")
}

// partyName finds the name of the party announced by labels of field f: a
// "Name:" label in the following lines of the same section, or the text right
// of the label, or the first line below it.
func (d *doc) partyName(f textparse.Field) []cand {
	var out []cand
	d.eachLabel(func(li int, m textparse.LabelMatch) {
		if m.Field != f {
			return
		}
		l := &d.lines[li]
		if partyIDLabel(l, m) {
			return
		}
		// the label must be alone in its cell or followed by a value
		ws := l.labelWordStart(m)
		x0 := l.Words[ws].X0
		// 1. "Name:" label in the section below.
		for j := li + 1; j < len(d.lines) && j <= li+4; j++ {
			b := &d.lines[j]
			if b.pg != l.pg {
				break
			}
			for _, m2 := range b.labels {
				if m2.Field == textparse.FieldName && b.isLabel(m2) && b.Words[b.labelWordStart(m2)].X0 >= x0-2*l.h {
					e := b.labelWordEnd(m2)
					// value: rest of the line after the label
					if e < len(b.words) {
						// the value's cell only: the other party's
						// block may stand beside it on the line
						to := e + 1
						for to < len(b.words) && b.cellOf[to] == b.cellOf[e] {
							to++
						}
						s := strings.TrimSpace(strings.TrimPrefix(cellText(b, e, to), ":"))
						if nameLike(s) {
							out = append(out, cand{score: 1.2, line: j, s: s})
							return
						}
					}
				}
			}
		}
		// 2. text right of the label.
		for _, sp := range d.valueSpans(li, m, true) {
			to := sp.to
			if sp.pos != posBelow {
				// one cell only
				c := sp.l.cellOf[sp.from]
				to = sp.from
				for to < sp.to && sp.l.cellOf[to] == c {
					to++
				}
			}
			s := strings.TrimSpace(strings.TrimLeft(cellText(sp.l, sp.from, to), ": "))
			if sp.pos == posBelow {
				c := sp.l.cellOf[sp.from]
				to = sp.from
				for to < sp.to && sp.l.cellOf[to] == c {
					to++
				}
				s = cellText(sp.l, sp.from, to)
				// a label in the cell under the heading is another field's
				// ("Invoice Date" beside the name is not in its cell)
				labelled := false
				for _, m2 := range sp.l.labels {
					ws := sp.l.labelWordStart(m2)
					labelled = labelled || sp.l.isLabel(m2) && ws >= sp.from && ws < to && (ws == 0 || sp.l.cellOf[ws-1] != sp.l.cellOf[ws])
				}
				if labelled {
					continue
				}
			}
			if nameLike(s) && !startsWithLabel(s) {
				sc := 1.0
				if sp.pos == posBelow {
					sc = 0.9
				}
				out = append(out, cand{score: sc, line: sp.l.idx, s: s})
				return
			}
		}
	})
	return out
}

// buyerLines returns the lines that belong to the buyer's address block.
func (d *doc) buyerLines() map[int]bool {
	out := map[int]bool{}
	for li := range d.buyerBlock() {
		out[li] = true
	}
	return out
}

// buyerBlock returns the lines of the buyer's address block, each with the
// left edge of its buyer label: text wholly left of it ("Cloudnote Inc."
// beside "Bill to") is not the buyer's.
func (d *doc) buyerBlock() map[int]float64 {
	out := map[int]float64{}
	d.eachLabel(func(li int, m textparse.LabelMatch) {
		if m.Field != textparse.FieldBuyer {
			return
		}
		l := &d.lines[li]
		if partyIDLabel(l, m) {
			return
		}
		x0 := l.Words[l.labelWordStart(m)].X0 - l.h
		for j := li; j < len(d.lines) && j <= li+5; j++ {
			if x, ok := out[j]; !ok || x0 < x {
				out[j] = x0
			}
		}
	})
	return out
}

// rePostTown matches the last line of a postal address: a postcode and
// its town ("50968 Köln", "D-50968 Köln", "3511 AB Utrecht", "75011
// Paris", "40123 Bologna (BO)"), a town and a US state with its ZIP code
// ("Bend, OR 97701") or a British postcode at the end ("Bristol BS1 4DJ").
var rePostTown = regexp.MustCompile(`^(?:[A-Z]{1,2}-)?(?:\d{4,5}|\d{4} ?[A-Z]{2})\s+\p{Lu}|^\p{Lu}[\p{L} .'-]+,?\s+[A-Z]{2}\s+\d{5}(?:-\d{4})?$|\s[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}$`)

// windowBuyer finds the addressee when no label names the buyer: the
// first line of an address block in the top half of the first page (lines
// set flush above a postcode-and-town line, at most a line height apart),
// skipping a small sender line and a heading above it. A block whose name
// is the seller's, or whose name comes back elsewhere in the document
// (the seller's letterhead, sender line and footer repeat it; an
// addressee seldom comes back), is the seller's.
func (d *doc) windowBuyer(seller string) *cand {
	fold := strings.ToLower(strings.TrimSpace(seller))
	for _, c := range d.addressees() {
		f := strings.ToLower(c.s)
		if fold != "" && (strings.Contains(f, fold) || strings.Contains(fold, f)) {
			continue
		}
		return &c
	}
	return nil
}

// addressees returns the first lines of the address blocks in the top half
// of the first page whose name does not come back elsewhere in the
// document (see windowBuyer), top to bottom; cand.line is the name's line.
func (d *doc) addressees() []cand {
	var out []cand
	for li := range d.lines {
		l := &d.lines[li]
		if l.pg > 0 || d.relY(li) > 0.5 {
			break
		}
		for _, c := range l.cells {
			if !rePostTown.MatchString(c.Text()) {
				continue
			}
			h := l.h
			// the block's cells above, bottom-up
			var block []layout.Cell
			var blockLine []int
			top := c.Y0
			// five lines of the block at most; the lines of another
			// column passed over between them do not count (a header
			// block beside the window sets a line between each of its)
			for j := li - 1; j >= 0 && j >= li-12 && len(block) < 5; j-- {
				u := &d.lines[j]
				if top-u.Y1 > 1.2*h {
					break
				}
				found, blocked := false, false
				for _, uc := range u.cells {
					if math.Abs(uc.X0-c.X0) < h || math.Abs(uc.X1-c.X1) < h && uc.X0 > c.X0-4*h {
						block = append(block, uc)
						blockLine = append(blockLine, j)
						top = uc.Y0
						found = true
						break
					}
					blocked = blocked || uc.X1 > c.X0 && uc.X0 < c.X1
				}
				if !found && blocked {
					break
				}
				// a line of another column (the header block beside the
				// window, set on other baselines) is passed over
			}
			// block is bottom-up: the street, then the name (and a second
			// name line, a heading or a sender line above it); take the top
			// line that is a name, never the street right above the town
			name, nameLine := "", -1
			for k := len(block) - 1; k >= 1; k-- {
				s := block[k].Text()
				small := len(block[k].Words) > 0 && block[k].Words[0].Size < 0.85*c.Words[0].Size
				if small || strings.Contains(s, " · ") || strings.Contains(s, " | ") || strings.HasSuffix(s, ":") {
					continue
				}
				if ms := textparse.MatchLabels(textparse.Tokens(s)); len(ms) > 0 && ms[0].Start == 0 {
					continue // a heading ("Rechnungsadresse", "An")
				}
				if s = withoutSalutation(s); s == "" {
					continue // "Frau" / "Herrn" on a line of its own
				}
				name, nameLine = s, blockLine[k]
				break
			}
			if name == "" || !nameLike(name) {
				continue
			}
			if d.repeats(nameLine, name) > 0 {
				continue
			}
			out = append(out, cand{score: 1, line: nameLine, s: name})
		}
	}
	return out
}

// salutations open an addressee's name line in the six languages ("Herrn
// Max Mustermann", "Frau", "Firma", "Mr", "Mme", "Dhr.", "Sra.", "Spett.le").
var salutations = map[string]bool{"herrn": true, "herr": true, "frau": true, "firma": true, "familie": true,
	"mr": true, "mrs": true, "ms": true, "miss": true, "dr": true, "m": true, "mme": true, "mlle": true, "monsieur": true, "madame": true,
	"dhr": true, "mevr": true, "mevrouw": true, "heer": true, "de heer": true, "sr": true, "sra": true, "senor": true, "senora": true,
	"sig": true, "sigra": true, "spett le": true, "spettle": true, "egr": true, "gentile": true}

// withoutSalutation drops a leading salutation from a name line ("Herrn
// Max Mustermann" is Max Mustermann): "" when the line is only that.
func withoutSalutation(s string) string {
	fs := strings.Fields(s)
	for len(fs) > 0 && salutations[strings.Trim(textparse.Fold(fs[0]), ".")] {
		fs = fs[1:]
	}
	return strings.Join(fs, " ")
}

// footerSellers scores the company names of the first page's footer (its
// bottom quarter) as the seller's: a letterhead whose name is a logo
// image leaves the name only there ("Holzbau Meier GmbH · Sägewerkstr. 4",
// "Holzbau Meier GmbH | Sparkasse Freiburg | Geschäftsführer: ..."). Only
// a cell with a legal form counts, and none naming a bank, a court or a
// contact.
func (d *doc) footerSellers() []cand {
	var out []cand
	for li := range d.lines {
		l := &d.lines[li]
		if l.pg > 0 {
			break
		}
		if d.relY(li) < 0.75 || d.itemLine[li] {
			continue
		}
		for _, c := range l.cells {
			s := c.Text()
			for _, sep := range []string{" · ", " • ", " | ", ", "} {
				if i := strings.Index(s, sep); i > 0 && !(sep == ", " && reFormAfterComma.MatchString(s[i:])) {
					s = s[:i]
				}
			}
			s = strings.TrimSpace(s)
			if !nameLike(s) || !legalForm.MatchString(s) || footerNotSeller.MatchString(s) {
				continue
			}
			if ms := textparse.MatchLabels(textparse.Tokens(s)); len(ms) > 0 && ms[0].Start == 0 {
				continue
			}
			out = append(out, cand{score: 0.35 + 0.15*float64(min(2, d.repeats(li, s))), line: li, s: s})
		}
	}
	return out
}

// footerNotSeller matches footer cells that name someone else than the
// seller: its bank, its court and register, its managers, its contacts.
var footerNotSeller = regexp.MustCompile(`(?i)bank|sparkasse|spaarbank|banque|banca|banco|caixa|caisse|kasse|paypal|stripe|iban|bic|swift|gericht|hrb|hra|handelsregister|geschäftsführ|geschaftsfuhr|vorstand|director|ceo|kvk|siret|rcs|tel|fax|mail|www|@`)

// sellerGuess scores the lines of the top of the first page as the seller's
// name: legal-form suffixes, large or bold type, position near the top, the
// sender line of a window envelope ("ACME GmbH · Street 1 · City").
func (d *doc) sellerGuess(exclude map[int]float64) []cand {
	var out []cand
	maxSize := 0.0
	for li := range d.lines {
		if d.lines[li].pg == 0 && d.lines[li].h > maxSize {
			maxSize = d.lines[li].h
		}
	}
	addressees := d.addressees()
	for li := range d.lines {
		l := &d.lines[li]
		if l.pg > 0 || d.relY(li) > 0.4 {
			break
		}
		if d.headLine[li] {
			break // the seller's name stands above the item table, not in it
		}
		if tableHeader(l) || d.itemLine[li] {
			continue
		}
		bx, inBuyer := exclude[li]
		for ci, c := range l.cells {
			if inBuyer && c.X1 > bx {
				continue
			}
			if ci > 0 && labelCell(l.cells[ci-1].Text()) {
				continue // the value of "Domain name", "Billing ID": not a name
			}
			s := c.Text()
			// window-envelope sender line: first segment
			for _, sep := range []string{" · ", " • ", " ● ", " | ", " - ", ", "} {
				if i := strings.Index(s, sep); i > 0 {
					if sep == ", " && reFormAfterComma.MatchString(s[i:]) {
						// "Sunrise Food Distributors, Inc.": the form is the name's.
						if j := strings.Index(s[i+2:], sep); j > 0 {
							s = s[:i+2+j]
						}
						continue
					}
					s = s[:i]
				}
			}
			s = strings.TrimSpace(s)
			if !nameLike(s) {
				continue
			}
			toks := textparse.Tokens(s)
			ms := textparse.MatchLabels(toks)
			if len(ms) > 0 && ms[0].Start == 0 {
				continue // a label, not a name
			}
			if _, ok := textparse.ParseDate(s, d.order); ok {
				continue
			}
			if labelCell(s) {
				continue // "Billing ID", "Account No.", "Domain name": a label, not a name
			}
			if reCapital.MatchString(s) {
				continue // "SAS au capital de 50 000 €": the register line, not the name
			}
			sc := 0.2 * (1 - d.relY(li))
			if legalForm.MatchString(s) {
				sc += 0.5
			}
			if l.h >= maxSize*0.95 && maxSize > 0 {
				sc += 0.2
			}
			if len(c.Words) > 0 && c.Words[0].Bold {
				sc += 0.1
			}
			// The seller's name comes back (sender line, footer, account
			// holder, signature, "payable to"); the addressee's seldom does.
			sc += 0.15 * float64(min(2, d.repeats(li, s)))
			// The payee named before the IBAN ("Pixelgarten Studio, IBAN
			// DE..." in the terms) is the seller, wherever its address
			// block stands (some programs print the customer's block top
			// left and the company's top right).
			if d.namedBeforeIBAN(li, s) {
				sc += 0.5
			}
			// The name heading an address block below the letterhead whose
			// name never comes back is the addressee's, legal form or not.
			for _, a := range addressees {
				if a.line == li && a.s == s && d.relY(li) > 0.1 {
					sc -= 0.3
				}
			}
			out = append(out, cand{score: sc, line: li, s: s})
		}
	}
	// A letterhead prints the business's full name and, right above or
	// below it, a part of it: the owner's name under a trading name ("Mara
	// Lindholm Fotografie" over "Mara Lindholm"), or a short name set large
	// over the full one. The part comes back wherever the full name does,
	// so it gathers the same repeats; the full name is the seller's.
	for i := range out {
		for j := range out {
			a, b := &out[i], &out[j]
			if i == j || b.score >= a.score+0.05 || !wordsWithin(a.s, b.s) {
				continue
			}
			la, lb := &d.lines[a.line], &d.lines[b.line]
			if la.pg == lb.pg && math.Abs(la.Y0-lb.Y0) <= 3*max(la.h, lb.h) {
				b.score = a.score + 0.05
			}
		}
	}
	return out
}

// wordsWithin reports whether the words of a stand, in order and whole,
// among more words of b ("Mara Lindholm" in "Mara Lindholm Fotografie").
func wordsWithin(a, b string) bool {
	aw, bw := strings.Fields(strings.ToLower(a)), strings.Fields(strings.ToLower(b))
	if len(aw) < 2 || len(bw) <= len(aw) {
		return false
	}
	for k := 0; k+len(aw) <= len(bw); k++ {
		if slices.Equal(aw, bw[k:k+len(aw)]) {
			return true
		}
	}
	return false
}

// namedBeforeIBAN reports whether name s (two words at least, no digit)
// stands in another line before the word "IBAN" with nothing but a separator
// between ("Pixelgarten Studio, IBAN DE12 ...", "Kto.-Inh. Max Moser ·
// IBAN ..."): the account holder of a transfer.
func (d *doc) namedBeforeIBAN(li int, s string) bool {
	f := strings.ToLower(s)
	if len(strings.Fields(f)) < 2 || hasDigit(f) {
		return false // a street with its number is no holder
	}
	for j := range d.lines {
		if j == li {
			continue
		}
		t := strings.ToLower(d.lines[j].text)
		i := strings.Index(t, f)
		if i < 0 {
			continue
		}
		rest := strings.TrimLeft(t[i+len(f):], " ,;:·|-–")
		if strings.HasPrefix(rest, "iban") {
			return true
		}
	}
	return false
}

// reFormAfterComma matches ", Inc." and other legal forms printed after a
// comma, as the end of a name, the Spanish and Italian ones with their
// tails included (", S.A. de C.V.", ", S. de R.L. de C.V.", ", S.L.U.",
// ", S.p.A.", ", s.n.c.").
var reFormAfterComma = regexp.MustCompile(`(?i)^, (inc|ltd|llc|llp|corp|co|plc|limited|gmbh|ag|kg|s\.?a|b\.?v|n\.?v|s\.?l|s\.?r\.?l|sarl|sas|` +
	`s\.?a\.?u|s\.?l\.?u|s\.?a\.?p\.?i|s\.?p\.?a|s\.?n\.?c|s\.?a\.?s|s\. de r\.?\s?l)\.?( de c\.?\s?v\.?| de r\.?\s?l\.?( de c\.?\s?v\.?)?)?(,|$)`)

// repeats counts the other lines of the document that contain name s
// (case folded, at most once per line).
func (d *doc) repeats(li int, s string) int {
	f := strings.ToLower(s)
	if len(f) < 4 || len(strings.Fields(f)) < 2 {
		return 0 // one word ("Charge", "Total") repeats as a word, not a name
	}
	if d.lower == nil {
		d.lower = make([]string, len(d.lines))
		for j := range d.lines {
			d.lower[j] = strings.ToLower(d.lines[j].text)
		}
	}
	n := 0
	for j, t := range d.lower {
		if j != li && strings.Contains(t, f) {
			n++
		}
	}
	return n
}

// currency decides the invoice currency: a "Currency:" label, else the ISO
// codes and symbols printed with the amounts and in the text, by vote. The
// second result is its confidence.
func (d *doc) currency(t totals) (string, float64) {
	var found string
	d.eachLabel(func(li int, m textparse.LabelMatch) {
		if m.Field != textparse.FieldCurrency || found != "" {
			return
		}
		for _, sp := range d.valueSpans(li, m, true) {
			for k := sp.from; k < sp.to && k < sp.from+4; k++ {
				w := strings.Trim(sp.l.words[k], "():,.")
				if textparse.IsISOCurrency(w) {
					found = w
					return
				}
				if c := textparse.NormalizeCurrency(w); c != "" && len(w) <= 2 {
					found = c
					return
				}
			}
			if sp.pos != posBelow {
				break
			}
		}
	})
	if found != "" {
		return found, 0.97
	}
	if t.grossCur != "" {
		return t.grossCur, 0.93
	}
	// The code printed on the lines of the totals ("Total EUR",
	// "Gesamtbetrag EUR 5.983,17"), when they name one, is the invoice's:
	// the terms printed after an invoice may name amounts in another
	// currency ("orders below 50.00 GBP carry a charge of 7.50 GBP") as
	// often as they like. A totals label inside a sentence ("... 50,00 GBP
	// netto") makes no totals line.
	totalsCodes := map[string]bool{}
	d.eachLabel(func(li int, m textparse.LabelMatch) {
		switch m.Field {
		case textparse.FieldNet, textparse.FieldTax, textparse.FieldGross, textparse.FieldAmountDue:
		default:
			return
		}
		l := &d.lines[li]
		if sentence(l.words) {
			return
		}
		for wi, w := range l.words {
			if w2 := strings.Trim(w, "():,.;"); textparse.IsISOCurrency(w2) && d.codeStandsAsCurrency(l, wi) {
				totalsCodes[w2] = true
			}
		}
	})
	if len(totalsCodes) == 1 {
		for c := range totalsCodes {
			return c, 0.9
		}
	}
	votes := map[string]int{}
	for li := range d.lines {
		l := &d.lines[li]
		weight := 2
		if sentence(l.words) { // a code in running text counts half
			weight = 1
		}
		for wi, w := range l.words {
			w2 := strings.Trim(w, "():,.;")
			if textparse.IsISOCurrency(w2) {
				if d.codeStandsAsCurrency(l, wi) {
					votes[w2] += weight
				}
				continue
			}
			for _, sym := range []string{"€", "£", "$", "¥", "₹"} {
				if strings.Contains(w, sym) {
					if c := d.resolve(sym); c != "" {
						votes[c]++
					}
				}
			}
			if c := localSymbols[w2]; c != "" && besideNumber(l.words, wi) {
				votes[c]++
			}
		}
	}
	bestN, total := 0, 0
	for c, n := range votes {
		total += n
		if n > bestN || (n == bestN && c < found) {
			found, bestN = c, n
		}
	}
	if found == "" {
		// Nothing printed names the currency: the seller's account
		// (a valid IBAN) is kept in its country's.
		if c := textparse.IBANCurrency(d.iban()); c != "" {
			return c, 0.75
		}
		return "", 0
	}
	// A clear majority of printed codes and symbols.
	return found, 0.6 + 0.3*float64(bestN)/float64(total)
}

// sentence reports whether words read as running text: eight words or
// more, three in four of them words of letters.
func sentence(words []string) bool {
	if len(words) < 8 {
		return false
	}
	n := 0
	for _, w := range words {
		if !hasDigit(w) && strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			n++
		}
	}
	return 4*n >= 3*len(words)
}

// localSymbols are the abbreviations printed for one currency only, after
// or before its amounts: the złoty, the Czech koruna, the forint, the leu.
// ("kr" is the crown of four countries and "Fr." the franc of two: they
// decide nothing alone.)
var localSymbols = map[string]string{"zł": "PLN", "Zł": "PLN", "Kč": "CZK", "Ft": "HUF", "lei": "RON"}

// besideNumber reports whether the word before or after word wi of ws
// holds a digit: a symbol beside an amount, not a word of the text.
func besideNumber(ws []string, wi int) bool {
	return wi > 0 && hasDigit(ws[wi-1]) || wi+1 < len(ws) && hasDigit(ws[wi+1])
}

// codeStandsAsCurrency reports whether the ISO code at word wi of l is
// printed as a currency, not as a word of a name ("KEDAI MAJU SDN BHD"): in
// parentheses ("Amount (EUR)"), after "in", alone in its cell, in a cell
// with a number, or in a cell with a label or column title ("Netto EUR").
func (d *doc) codeStandsAsCurrency(l *line, wi int) bool {
	w := l.words[wi]
	if strings.HasPrefix(w, "(") || strings.HasSuffix(w, ")") {
		return true
	}
	if wi > 0 {
		switch strings.ToLower(l.words[wi-1]) {
		case "in", "en", "currency:", "währung:", "devise:", "valuta:", "moneda:", "divisa:":
			return true
		case "sdn", "sdn.":
			return false
		}
	}
	c := l.cellOf[wi]
	alone := true
	var toks []string
	for k := range l.words {
		if k == wi || l.cellOf[k] != c {
			continue
		}
		if hasDigit(l.words[k]) {
			return true
		}
		alone = false
		toks = append(toks, textparse.Tokens(l.words[k])...)
	}
	return alone || len(textparse.MatchLabels(toks)) > 0 || len(textparse.MatchColumns(toks)) > 0
}

// startsWithLabel reports whether s begins with a field label ("Käufer",
// "Name:"), which is then not a name.
func startsWithLabel(s string) bool {
	ms := textparse.MatchLabels(textparse.Tokens(s))
	return len(ms) > 0 && ms[0].Start == 0 && ms[0].Field != textparse.FieldTitle
}

// partyTrim drops the punctuation a name line ends with when the address
// follows on the next line ("Bright Retail Private Limited,").
func partyTrim(s string) string {
	return strings.TrimRight(strings.TrimSpace(s), ",;:·|-–")
}
