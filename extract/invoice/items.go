package invoice

import (
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/textparse"
)

// The line-item reader works without knowing the layout:
//
//  1. A header band is one to five consecutive lines that name table
//     columns (in any of the six languages, German compounds included) and
//     print no money. Titles stacked over two lines ("Unit Price Excl." over
//     "VAT") become one column; words the vocabulary does not know become
//     columns of their own, so their values do not leak into known ones.
//  2. Every body line below the header is read against those columns: its
//     numbers are assigned to numeric columns by position, and when the
//     quantity, unit price and line total multiply out, that assignment is
//     preferred. Its words go to the description by position.
//  3. Lines are classified: an item line has a value in the amount column;
//     a totals line (a total label left of the numbers) is never an item and,
//     when only text follows, ends the table; section titles ("--- Food ---",
//     "Services:"), notes and "incl. VAT" lines are not items; other text
//     lines continue the description of the nearest item, above or below.
//  4. Rows that restate what came before (a subtotal equal to the items
//     since the last subtotal), header rows repeated on a later page, and
//     document-level allowances or charges printed in the table are not
//     items. Sub-positions ("1.1" under "1") belong to their parent.

// slot is one column of an item table.
type slot struct {
	kind   textparse.Column
	x0, x1 float64
	known  bool // named by the column vocabulary
	rebate bool // a discount column ("Rabatt %", "Disc."): its numbers are percentages off
	// named: a description title left of another one ("Item" of "Item |
	// Description"): its cells hold an article code, or the item's name
	// (see readRow).
	named bool
	// withTax: a money column "Inclusief BTW", "incl. MwSt.", "TTC" set
	// beside one excluding it: the line's price with VAT.
	withTax bool
}

// band is a table header: lines first..last and the columns they name.
type band struct {
	first, last int
	slots       []slot
	h           float64
}

func (b *band) has(k textparse.Column) bool { return b.slotOf(k) >= 0 }

func (b *band) slotOf(k textparse.Column) int {
	for i, s := range b.slots {
		if s.kind == k {
			return i
		}
	}
	return -1
}

// compound column words: German (and Dutch) compounds that the phrase
// dictionary cannot list one by one ("Artikelbeschreibung", "Stückpreis").
var compoundCols = []struct {
	suffix string
	kind   textparse.Column
}{
	{"beschreibung", textparse.ColDescription}, {"bezeichnung", textparse.ColDescription},
	{"omschrijving", textparse.ColDescription}, {"designation", textparse.ColDescription},
	{"gesamtpreis", textparse.ColAmount}, {"gesamtbetrag", textparse.ColAmount}, {"nettobetrag", textparse.ColAmount},
	{"betrag", textparse.ColAmount}, {"bedrag", textparse.ColAmount}, {"summe", textparse.ColAmount},
	{"preis", textparse.ColUnitPrice}, {"prijs", textparse.ColUnitPrice},
	{"menge", textparse.ColQuantity}, {"anzahl", textparse.ColQuantity}, {"aantal", textparse.ColQuantity},
}

// qualifiers are words after a column title that qualify it ("Amount excl.
// VAT", "Prix HT", "Total HTVA", "Betrag netto", "Price inc GST"): a VAT
// word after them is not a column.
var qualifiers = map[string]bool{"excl": true, "exkl": true, "incl": true, "inkl": true, "zzgl": true, "ohne": true, "mit": true,
	"hors": true, "ht": true, "ttc": true, "htva": true, "tvac": true, "tvai": true, "inc": true, "net": true, "netto": true, "brutto": true, "gross": true, "excluding": true,
	"including": true, "exclusief": true, "inclusief": true, "sin": true, "con": true, "senza": true, "in": true, "eur": true,
	"usd": true, "gbp": true, "chf": true}

// exclWords and withWords qualify a VAT word as "without" or "with" it.
var exclWords = map[string]bool{"excl": true, "exkl": true, "exclusief": true, "excluding": true, "exclusive": true, "ohne": true,
	"hors": true, "sin": true, "senza": true, "zonder": true}
var withWords = map[string]bool{"incl": true, "inkl": true, "inclusief": true, "including": true, "inclusive": true, "mit": true,
	"con": true, "met": true}

// phrases returns the column titles of line l, left to right, and the
// words no title covers (as ColOther slots). ok is false when l prints
// money, which a header never does.
func (d *doc) phrases(l *line) (out []slot, ok bool) {
	if d.hasMoney(l) || len(l.words) == 0 || strings.ContainsAny(l.words[0], "•·*") {
		return nil, false
	}
	// "Beschreibung: Toner" is a label with its value, not a column title.
	for _, w := range l.words[:len(l.words)-1] {
		if strings.HasSuffix(w, ":") {
			return nil, false
		}
	}
	covered := make([]bool, len(l.words))
	ms := textparse.MatchColumns(l.toks)
	for i, m := range ms {
		if m.Column == textparse.ColVATRate && m.Start > 0 && qualifiers[l.toks[m.Start-1]] && i > 0 && ms[i-1].End >= m.Start-1 &&
			l.Words[l.wordOf[m.Start]].X0-l.Words[l.wordOf[m.Start-1]].X1 < l.h &&
			l.Words[l.wordOf[m.Start-1]].X0-out[len(out)-1].x1 < l.h {
			// "Amount excl. VAT": extend the previous title instead (a
			// VAT title set a column apart, "Montant HT    TVA", is one
			// of its own, and so is "Prijs    Exclusief BTW").
			w1 := l.wordOf[m.End-1]
			out[len(out)-1].x1 = math.Max(out[len(out)-1].x1, l.Words[w1].X1)
			for w := l.wordOf[m.Start-1]; w <= w1; w++ {
				covered[w] = true
			}
			continue
		}
		w0, w1 := l.wordOf[m.Start], l.wordOf[m.End-1]
		if m.Column == textparse.ColVATRate && m.Start > 0 && (exclWords[l.toks[m.Start-1]] || withWords[l.toks[m.Start-1]]) &&
			(i == 0 || ms[i-1].End < m.Start) && l.Words[w0].X0-l.Words[l.wordOf[m.Start-1]].X1 < l.h {
			// "Exclusief BTW | Inclusief BTW", "excl. MwSt. | inkl.
			// MwSt.": a VAT word qualified by a word of its own, with no
			// title before it, heads the line's amount without or with
			// VAT, not a rate.
			q := l.wordOf[m.Start-1]
			for w := q; w <= w1; w++ {
				covered[w] = true
			}
			out = append(out, slot{kind: textparse.ColAmount, x0: l.Words[q].X0, x1: l.Words[w1].X1, known: true, withTax: withWords[l.toks[m.Start-1]]})
			continue
		}
		for w := w0; w <= w1; w++ {
			covered[w] = true
		}
		out = append(out, slot{kind: m.Column, x0: l.Words[w0].X0, x1: l.Words[w1].X1, known: true, rebate: allowWords[l.toks[m.Start]]})
	}
	joinNext := false // after "Leistung /": the next word is part of the title
	for wi, w := range l.words {
		if covered[wi] {
			joinNext = false
			continue
		}
		f := textparse.Fold(strings.Trim(w, ".:()[]"))
		if n := len(out); n > 0 && l.Words[wi].X0-out[n-1].x1 < 0.8*l.h && (f == "/" || f == "&" || f == "+" || joinNext) {
			// "Leistung / Material", "Description & Notes": one title.
			out[n-1].x1 = math.Max(out[n-1].x1, l.Words[wi].X1)
			joinNext = !joinNext && (f == "/" || f == "&" || f == "+")
			continue
		}
		joinNext = false
		if f == "" || qualifiers[f] || f == "%" || textparse.NormalizeCurrency(f) != "" {
			// A qualifier or unit word widens the title before it.
			if n := len(out); n > 0 && l.Words[wi].X0-out[n-1].x1 < 1.5*l.h {
				out[n-1].x1 = math.Max(out[n-1].x1, l.Words[wi].X1)
			}
			continue
		}
		kind, known := textparse.ColOther, false
		if amountAbbr[strings.Trim(f, ".")] {
			kind, known = textparse.ColAmount, true
		}
		// On a page read by OCR a title one letter off ("até" for "Qté")
		// is that title, among two read exactly.
		if !known && len(ms) >= 2 && d.pages[l.pg].OCR {
			if c, ok := textparse.FuzzyColumn(f); ok {
				kind, known = c, true
			}
		}
		if len(f) >= 6 && !known {
			for _, c := range compoundCols {
				if strings.HasSuffix(f, c.suffix) {
					kind, known = c.kind, true
					break
				}
			}
		}
		// Unknown words next to each other form one title.
		if n := len(out); n > 0 && !known && !out[n-1].known && l.Words[wi].X0-out[n-1].x1 < 0.8*l.h {
			out[n-1].x1 = l.Words[wi].X1
			continue
		}
		out = append(out, slot{kind: kind, x0: l.Words[wi].X0, x1: l.Words[wi].X1, known: known, rebate: rebateAbbr[strings.Trim(f, ".%")]})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].x0 < out[j].x0 })
	return out, true
}

// hasMoney reports whether l prints an amount with decimals or a currency.
func (d *doc) hasMoney(l *line) bool {
	for _, a := range d.amounts(l, 0, len(l.words)) {
		if a.decimals > 0 || a.cur != "" {
			return true
		}
	}
	return false
}

// headerAt reads the header band starting at line li, if it is one.
func (d *doc) headerAt(li int) (band, bool) {
	l := &d.lines[li]
	if d.totalTitles(l) {
		return band{}, false // "Total items | Total net | Tax 7 % | Total incl. VAT": a grid of totals
	}
	ps, ok := d.phrases(l)
	if !ok || !anyKnown(ps) {
		return band{}, false
	}
	if li+1 < len(d.lines) {
		// "Charges by service" set in a larger type right over "Service |
		// Usage | Unit price | Amount": a caption over the table, whose
		// words name columns by chance; the table's header starts under
		// it.
		n := &d.lines[li+1]
		if n.pg == l.pg && n.Y0-l.Y1 <= 0.9*l.h && n.h*1.15 < l.h {
			if _, ok := d.headerAt(li + 1); ok {
				return band{}, false
			}
		}
	}
	b := band{first: li, last: li, h: l.h}
	all := append([]slot(nil), ps...)
	y1 := l.Y1
	for j := li + 1; j < len(d.lines) && j <= li+4; j++ {
		n := &d.lines[j]
		if n.pg != l.pg || n.Y0-y1 > 0.9*l.h {
			break
		}
		if ruleLine(n) {
			break // a rule under the titles that OCR read as letters
		}
		if reDecor.MatchString(strings.TrimSpace(n.text)) {
			break // "--- Food Products ---" under the header is a section
		}
		nps, ok := d.phrases(n)
		if !ok {
			break
		}
		if !anyKnown(nps) && (len(n.words) > 8 || longCell(n)) {
			// Words under the titles qualify them ("(ohne USt.)",
			// "EUR"); a cell of four words or more is the first line
			// of the body set close under the header.
			break
		}
		all = append(all, nps...)
		b.last = j
		y1 = math.Max(y1, n.Y1)
	}
	b.slots = mergeSlots(all)
	// "Artikel | Omschrijving", "Item | Description": of two description
	// titles standing apart the right one describes, the left one holds
	// the article code ("Article / Description" is one title).
	for i := len(b.slots) - 1; i > 0; i-- {
		if b.slots[i].kind != textparse.ColDescription {
			continue
		}
		for k := i - 1; k >= 0; k-- {
			if b.slots[k].kind == textparse.ColDescription && b.slots[i].x0-b.slots[k].x1 > 2*b.h {
				b.slots[k].kind = textparse.ColOther
				b.slots[k].named = true
			}
		}
		break
	}
	kinds := map[textparse.Column]bool{}
	for _, s := range b.slots {
		if s.known {
			kinds[s.kind] = true
		}
	}
	// "VAT £ | Amount £" over the right half alone, lines of text under
	// it reaching the left margin: the titles name the money columns
	// only, the untitled column left of them is the description.
	if !kinds[textparse.ColDescription] && !kinds[textparse.ColQuantity] && kinds[textparse.ColAmount] && len(b.slots) > 0 &&
		d.relX(l, b.slots[0].x0) > 0.5 && b.last+1 < len(d.lines) {
		n := &d.lines[b.last+1]
		if n.pg == l.pg && len(n.Words) > 2 && d.hasMoney(n) && n.Words[0].X0 < b.slots[0].x0-10*b.h && hasLetters(n.words[0]) {
			desc := slot{kind: textparse.ColDescription, x0: n.Words[0].X0, x1: n.Words[0].X1, known: true}
			b.slots = append([]slot{desc}, b.slots...)
			kinds[textparse.ColDescription] = true
		}
	}
	// The header must name what an item is (description or quantity) and
	// what it costs (line amount or unit price).
	if !(kinds[textparse.ColDescription] || kinds[textparse.ColQuantity] && kinds[textparse.ColUnitPrice]) ||
		!(kinds[textparse.ColAmount] || kinds[textparse.ColUnitPrice]) {
		return band{}, false
	}
	if len(kinds) < 3 {
		// Two-column tables ("Description | Amount") need the description
		// left of the money.
		di, ai := b.slotOf(textparse.ColDescription), b.slotOf(textparse.ColAmount)
		if ai < 0 {
			ai = b.slotOf(textparse.ColUnitPrice)
		}
		if di < 0 || di > ai {
			return band{}, false
		}
	}
	return b, true
}

// longCell reports whether a cell of l holds four words or more.
func longCell(l *line) bool {
	for _, c := range l.cells {
		if len(c.Words) >= 4 {
			return true
		}
	}
	return false
}

func anyKnown(ss []slot) bool {
	for _, s := range ss {
		if s.known {
			return true
		}
	}
	return false
}

// slotRank orders the kinds when stacked titles name one column: the more
// specific money columns win over a VAT word or an unknown title above them.
func slotRank(k textparse.Column) int {
	switch k {
	case textparse.ColAmount:
		return 8
	case textparse.ColUnitPrice:
		return 7
	case textparse.ColQuantity:
		return 6
	case textparse.ColDescription:
		return 5
	case textparse.ColVATRate:
		return 4
	case textparse.ColUnit:
		return 3
	case textparse.ColPosition:
		return 2
	case textparse.ColOther:
		return 1
	}
	return 0
}

// mergeSlots joins titles that overlap horizontally (stacked header lines)
// and sorts them left to right.
func mergeSlots(in []slot) []slot {
	sort.SliceStable(in, func(i, j int) bool { return in[i].x0 < in[j].x0 })
	var out []slot
	for _, s := range in {
		merged := false
		for i := range out {
			o := &out[i]
			ov := math.Min(o.x1, s.x1) - math.Max(o.x0, s.x0)
			if ov <= 0 {
				continue
			}
			// Two known titles side by side that barely touch stay apart.
			if o.known && s.known && ov < 0.3*math.Min(o.x1-o.x0, s.x1-s.x0) {
				continue
			}
			if s.known && (!o.known || slotRank(s.kind) > slotRank(o.kind)) {
				o.kind, o.known = s.kind, true
			}
			o.x0, o.x1 = math.Min(o.x0, s.x0), math.Max(o.x1, s.x1)
			o.rebate = o.rebate || s.rebate
			merged = true
			break
		}
		if !merged {
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].x0 < out[j].x0 })
	// "E-Preis | G-Preis", "Price | Price": of two unit-price titles with
	// no amount title, the right one is the line amount.
	var prices []int
	hasAmount := false
	for i, s := range out {
		hasAmount = hasAmount || s.kind == textparse.ColAmount
		if s.kind == textparse.ColUnitPrice {
			prices = append(prices, i)
		}
	}
	if !hasAmount && len(prices) >= 2 {
		out[prices[len(prices)-1]].kind = textparse.ColAmount
	}
	// "Exclusief BTW | Inclusief BTW": beside an amount column without
	// VAT, the one with VAT repeats it taxed; the lines' amounts are the
	// ones that add up to the net.
	plain := false
	for _, s := range out {
		plain = plain || s.kind == textparse.ColAmount && !s.withTax
	}
	for i := range out {
		if plain && out[i].kind == textparse.ColAmount && out[i].withTax {
			out[i].kind, out[i].known = textparse.ColOther, false
		}
	}
	// One column per money kind: a second "Amount" title is an unknown one.
	seen := map[textparse.Column]bool{}
	for i := len(out) - 1; i >= 0; i-- {
		k := out[i].kind
		if k == textparse.ColAmount || k == textparse.ColUnitPrice || k == textparse.ColQuantity {
			if seen[k] {
				out[i].kind = textparse.ColOther
				out[i].known = false
			}
			seen[k] = true
		}
	}
	return out
}

// numTok is a number printed on a body line.
type numTok struct {
	v        decimal.Decimal
	x0, x1   float64
	w0, w1   int
	decimals int
	pct      bool
	cur      string
}

// rowKind classifies a body line.
type rowKind int

const (
	rowText    rowKind = iota // words only: description, section title, note
	rowItem                   // a value in the amount column
	rowTotals                 // a totals line
	rowSection                // a section title or note: ends the item above
	rowSkip                   // numbers but no item (subtotal, tax note, allowance)
)

// row is one body line read against the columns.
type row struct {
	li      int
	kind    rowKind
	vals    map[textparse.Column]numTok
	desc    string
	pos     string
	unit    string
	other   string // text in unknown columns
	y0, y1  float64
	allow   *decimal.Decimal // allowance (negative) or charge printed as a table row
	ownDesc bool
	colon   bool             // text ending in ":": a section title when an item follows
	descX0  float64          // left edge of the description's first word (0: none)
	rebate  *decimal.Decimal // percentage in a discount column
	decor   bool             // "--- Food Products ---"
}

var reDecor = regexp.MustCompile(`^[\s\-=*_#~•·.]{2,}.*[^\s\-=*_#~•·.].*[\s\-=*_#~•·.]{2,}$|^[-=*_#~]{2,}\s`)

var noteWords = map[string]bool{"note": true, "notes": true, "hinweis": true, "hinweise": true, "anmerkung": true, "remarque": true,
	"remarques": true, "opmerking": true, "opmerkingen": true, "nota": true, "notas": true, "observaciones": true, "bemerkung": true, "bemerkungen": true}

// refWords open a line that names the delivery note or order the items
// below belong to, when a number and a date follow.
var refWords = map[string]bool{"lieferschein": true, "lieferscheinnr": true, "lsnr": true, "ddt": true, "rif": true, "pakbon": true,
	"afleverbon": true, "albaran": true, "bl": true, "auftrag": true, "auftragsnr": true, "bestellung": true, "order": true, "commande": true,
	"pedido": true, "ordine": true, "delivery": true, "packing": true, "bon": true}

func refLine(l *line) bool {
	if len(l.toks) < 3 || !refWords[l.toks[0]] || len(l.words) > 10 || !reDateLike.MatchString(l.text) {
		return false
	}
	return true
}

// inclWords open a line that restates a part of the item above.
var inclWords = map[string]bool{"dont": true, "davon": true, "incl": true, "inkl": true, "including": true, "inclusief": true, "incluido": true,
	"incluye": true, "compris": true, "inclus": true, "includes": true}

// noteSentence reports whether l is a note set among the items: a sentence
// of eight words or more, starting with a capital and ending with a full
// stop (the caller checks it prints no money).
func noteSentence(l *line) bool {
	t := strings.TrimSpace(l.text)
	if len(l.words) < 8 || !strings.HasSuffix(t, ".") || strings.HasSuffix(t, "..") {
		return false
	}
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsUpper(r)
}

// contWords open the line that says a table goes on over the page.
var contWords = map[string]bool{"continued": true, "continues": true, "fortsetzung": true, "suite": true, "vervolg": true,
	"continua": true, "continuacion": true, "weiter": true, "page": true, "seite": true, "pagina": true, "blatt": true}

// amountAbbr are short titles of the line amount column ("GP" beside "EP",
// "Ges.-Preis").
var amountAbbr = map[string]bool{"gp": true, "g-preis": true, "gpreis": true, "ges.-preis": true, "gesamtpr": true, "gespreis": true}

// rebateAbbr are the short titles of a discount column ("Dto. %", "Sc.%",
// "Rem. %", "Rab.", "Disc."): the numbers under them are percentages off.
var rebateAbbr = map[string]bool{"dto": true, "dcto": true, "desc": true, "sc": true, "rem": true, "rab": true, "disc": true, "kort": true,
	"nachl": true, "scont": true, "rabatt": true, "remise": true, "korting": true, "descuento": true, "sconto": true, "discount": true}

var allowWords = map[string]bool{"remise": true, "rabatt": true, "nachlass": true, "discount": true, "korting": true, "descuento": true,
	"sconto": true, "skonto": true, "abschlag": true, "allowance": true}
var chargeWords = map[string]bool{"charge": true, "frais": true, "zuschlag": true, "surcharge": true, "toeslag": true, "recargo": true,
	"supplemento": true}

// subtotalWords mark rows that restate amounts rather than sell something.
var subtotalWords = map[string]bool{"subtotal": true, "zwischensumme": true, "soustotal": true, "subtotaal": true, "subtotale": true,
	"incl": true, "inkl": true, "excl": true, "exkl": true, "zzgl": true, "ubertrag": true, "uebertrag": true, "transport": true,
	"report": true, "total": true, "totaal": true, "totale": true, "summe": true, "gesamt": true, "sum": true, "carried": true, "brought": true}

// lineItems reads every item table of the document.
func (d *doc) lineItems() ([]docextract.LineItem, lineExtras) {
	var items []posItem
	var ex lineExtras
	var open *band // a table cut by a page break, continued on the next page
	for li := 0; li < len(d.lines); li++ {
		b, ok := d.headerAt(li)
		start := b.last + 1
		if ok {
			for j := b.first; j <= b.last; j++ {
				d.headLine[j] = true
			}
		}
		if !ok {
			if open == nil || d.lines[li].pg == d.lines[li-1].pg {
				continue
			}
			// First line of a new page after an open table: continue it
			// when an item row comes before any other header.
			b, start = *open, li
		}
		open = nil
		got, end, cut := d.readTable(&b, start)
		items = append(items, got.items...)
		ex.add(got.extras)
		if cut {
			open = &b
		}
		if end > li {
			li = end - 1
		}
	}
	return dropSubPositions(items), ex
}

// lineExtras are the document-level amounts printed inside item tables.
type lineExtras struct {
	allowance, charge *decimal.Decimal
}

func (e *lineExtras) add(o lineExtras) {
	addp := func(a, b *decimal.Decimal) *decimal.Decimal {
		switch {
		case a == nil:
			return b
		case b == nil:
			return a
		}
		v := a.Add(*b)
		return &v
	}
	e.allowance = addp(e.allowance, o.allowance)
	e.charge = addp(e.charge, o.charge)
}

type tableResult struct {
	items  []posItem
	extras lineExtras
}

// readTable reads the body of the table with header b from line start. It
// returns the items, the index of the first line after the table and
// whether the table ran into a page break (it may continue on the next
// page).
func (d *doc) readTable(b *band, start int) (tableResult, int, bool) {
	var rows []row
	pg := d.lines[start].pg
	prevY := d.lines[start].Y0
	if start > 0 && d.lines[start-1].pg == pg {
		prevY = d.lines[start-1].Y1
	}
	continuing := start != b.last+1
	afterTotals := false
	// carried: the last totals row carries the sum to the next page
	// ("Übertrag", "Carried forward", "Subtotal page 1"): the table goes on
	// there, as after no totals at all.
	carried := false
	var pendingSums []int // totals rows no item has followed yet
	end := start
	cut := false
	maxGap := 6 * b.h
	j := start
	for ; j < len(d.lines); j++ {
		l := &d.lines[j]
		if l.pg != pg {
			cut = !afterTotals || carried
			break
		}
		if j > start && l.Y0-prevY > maxGap {
			// A table that stops before the page's end with no totals
			// after it ("Fortsetzung nächste Seite", then the footer)
			// may go on at the top of the next page.
			cut = (!afterTotals || carried) && len(rows) > 0 && d.noTotalsAfter(b, j)
			break
		}
		if _, ok := d.headerAt(j); ok {
			break // the next table (or the header repeated on this page)
		}
		r := d.readRow(b, j)
		if continuing && len(rows) == 0 && r.kind != rowItem {
			// Page header lines before the continued table.
			if l.Y0 > d.pages[l.pg].Height*0.5 {
				break
			}
			prevY = l.Y1
			continue
		}
		if afterTotals && deductionLine(l) {
			break // "abzüglich Abschlagsrechnungen" under the totals: what follows is taken off, not billed
		}
		if afterTotals && !(r.kind == rowItem && r.ownDesc && (hasVal(r.vals, textparse.ColQuantity) || hasVal(r.vals, textparse.ColUnitPrice))) &&
			r.kind != rowTotals && !(r.kind == rowSection && r.decor) &&
			!d.itemFollows(b, j, maxGap) {
			break
		}
		if r.kind == rowTotals {
			afterTotals = true
			carried = carryLine(l)
			pendingSums = append(pendingSums, j)
		} else if r.kind == rowItem {
			afterTotals = false
			for _, k := range pendingSums {
				d.sectionSum[k] = true
			}
			pendingSums = pendingSums[:0]
		}
		rows = append(rows, r)
		prevY = l.Y1
	}
	end = j
	// A row opened by a word of allowance or charge ("Abschlag gem.
	// Bautenstand", "Rabatt", "Fracht") takes something off or adds it to
	// the items; in a table with no item it has nothing to act on and is
	// the table's one billed line ("2. Abschlagsrechnung": "Leistung |
	// Betrag" over the instalment by construction progress).
	itemless := true
	for _, r := range rows {
		itemless = itemless && r.kind != rowItem
	}
	if itemless {
		k := -1
		for i, r := range rows {
			if r.kind == rowSkip && r.allow != nil && r.ownDesc && hasVal(r.vals, textparse.ColAmount) {
				if k >= 0 {
					k = -2
					break
				}
				k = i
			}
		}
		if k >= 0 {
			rows[k].kind, rows[k].allow = rowItem, nil
		}
	}
	for _, r := range rows {
		if r.kind == rowItem {
			d.itemLine[r.li] = true
		}
	}
	if continuing && len(rows) == 0 {
		return tableResult{}, start + 1, false
	}
	return d.assemble(b, rows), end, cut
}

// carryWords are the words of a row that carries a table's running sum to
// the next page or brings it from the last; carryOpeners do so only as the
// row's first word ("Transport", "Report", "À reporter", "Suma y sigue",
// "Viene de página 1"), being words of descriptions too ("Market research
// report").
var carryWords = map[string]bool{"ubertrag": true, "uebertrag": true, "carried": true, "brought": true, "vortrag": true,
	"overgebracht": true, "riportare": true, "riporto": true}
var carryOpeners = map[string]bool{"transport": true, "report": true, "reporter": true, "viene": true, "suma": true}

// pageWords name a page, as in "Zwischensumme Seite 1".
var pageWords = map[string]bool{"page": true, "seite": true, "pagina": true, "blatt": true, "pag": true}

// carryLine reports whether l carries a running sum across a page break:
// a carry word ("Übertrag", "Carried forward", "À reporter", "Suma y
// sigue") or a subtotal of a page ("Zwischensumme Seite 1").
func carryLine(l *line) bool {
	sub, page := false, false
	for i, t := range l.toks {
		if carryWords[t] || carryOpeners[t] && (i == 0 || i == 1 && l.toks[0] == "a") {
			return true
		}
		sub = sub || subtotalWords[t]
		page = page || pageWords[t]
	}
	return sub && page
}

// noTotalsAfter reports whether the lines from li to the end of its page
// hold no totals line and no table header, and a later page exists.
func (d *doc) noTotalsAfter(b *band, li int) bool {
	pg := d.lines[li].pg
	if pg+1 >= len(d.pages) {
		return false
	}
	for k := li; k < len(d.lines) && d.lines[k].pg == pg; k++ {
		if _, ok := d.headerAt(k); ok {
			return false
		}
		if r := d.readRow(b, k); r.kind == rowTotals {
			return false
		}
	}
	return true
}

// itemFollows reports whether, after the totals row of a section
// ("Subtotal Food Products", "Summe Titel 1"), the text line li (a section
// title, a note) is followed on its page, within two more lines, by an
// item with its own description and a quantity or unit price before any
// other totals line: then the table goes on.
func (d *doc) itemFollows(b *band, li int, maxGap float64) bool {
	prevY := d.lines[li].Y1
	for k := li + 1; k < len(d.lines) && k <= li+3; k++ {
		l := &d.lines[k]
		if l.pg != d.lines[li].pg || l.Y0-prevY > maxGap {
			return false
		}
		if _, ok := d.headerAt(k); ok {
			return false
		}
		if deductionLine(l) {
			return false // "abzüglich Abschlagsrechnungen": what follows is taken off, not billed
		}
		r := d.readRow(b, k)
		switch r.kind {
		case rowItem:
			return r.ownDesc && (hasVal(r.vals, textparse.ColQuantity) || hasVal(r.vals, textparse.ColUnitPrice))
		case rowTotals, rowSkip:
			return false
		}
		prevY = l.Y1
	}
	return false
}

// amountWord reports whether w reads as a money amount (two decimals or a
// currency).
func amountWord(w string, sep byte) bool {
	m, err := textparse.ParseAmountSep(w, sep)
	return err == nil && (m.Decimals == 2 || m.Currency != "")
}

// openBracket reports whether the words ws leave a "(" open.
func openBracket(ws []string) bool {
	n := 0
	for _, w := range ws {
		n += strings.Count(w, "(") - strings.Count(w, ")")
	}
	return n > 0
}

// closesBracket reports whether w is ")" or a currency closing a bracket
// ("€)", "EUR)").
func closesBracket(w string) bool {
	c, ok := strings.CutSuffix(w, ")")
	return ok && (c == "" || isCurrencyWord(c))
}

// nameWords reports whether ws read as a name, not a code: no digit and a
// lower-case letter.
func nameWords(ws []string) bool {
	lower := false
	for _, w := range ws {
		if hasDigit(w) {
			return false
		}
		lower = lower || strings.IndexFunc(w, unicode.IsLower) >= 0
	}
	return lower
}

// readRow reads line li against the columns of b.
func (d *doc) readRow(b *band, li int) row {
	l := &d.lines[li]
	r := row{li: li, vals: map[textparse.Column]numTok{}, y0: l.Y0, y1: l.Y1}
	toks := d.numTokens(l)
	used := make([]bool, len(l.words))
	assign := d.assignNumbers(b, toks)
	for ti, si := range assign {
		if si < 0 {
			continue
		}
		k := b.slots[si].kind
		t := toks[ti]
		switch k {
		case textparse.ColQuantity, textparse.ColUnitPrice, textparse.ColAmount, textparse.ColVATRate, textparse.ColVATAmount:
			r.vals[k] = t
		case textparse.ColPosition:
			r.pos = strings.Join(l.words[t.w0:t.w1], "")
		default:
			if b.slots[si].rebate && t.v.Sign() > 0 && t.v.LessThan(decimal.NewFromInt(100)) {
				r.rebate = ptr(t.v)
			}
			continue // a number in an unknown column stays text of that column
		}
		for w := t.w0; w < t.w1; w++ {
			used[w] = true
		}
	}
	var desc, other, unit, named []string
	lastDesc := -1 // the last word that went to the description
	for wi, w := range l.words {
		if used[wi] {
			continue
		}
		si := textSlot(b, l.Words[wi].X0, l.Words[wi].X1, l.h)
		k := textparse.ColOther
		if si >= 0 {
			k = b.slots[si].kind
		}
		// A number set inside the description's words ("12 x 0,75 l
		// Glas"), close to a description word before it and to a word of
		// text after it, is part of the description, not an amount.
		inText := lastDesc == wi-1 && lastDesc >= 0 && amountWord(w, d.sep) && wi+1 < len(l.words) && !used[wi+1] &&
			hasLetters(l.words[wi+1]) && !amountWord(l.words[wi+1], d.sep) && !isCurrencyWord(l.words[wi+1]) &&
			l.Words[wi].X0-l.Words[wi-1].X1 < 0.6*l.h && l.Words[wi+1].X0-l.Words[wi].X1 < 0.6*l.h
		// So is an amount inside brackets the description opened, the
		// bracket closed by it or by the currency after it ("Fahrtkosten
		// (86 km à 0,30 €)", "(je 2,50)"): a rate quoted in the text.
		inText = inText || lastDesc == wi-1 && lastDesc >= 0 && amountWord(w, d.sep) && openBracket(desc) &&
			l.Words[wi].X0-l.Words[wi-1].X1 < 0.6*l.h && (strings.HasSuffix(w, ")") ||
			wi+1 < len(l.words) && !used[wi+1] && closesBracket(l.words[wi+1]) && l.Words[wi+1].X0-l.Words[wi].X1 < 0.6*l.h)
		if lastDesc == wi-1 && lastDesc >= 0 && (!amountWord(w, d.sep) || inText) && (k != textparse.ColDescription || inText) &&
			l.Words[wi].X0-l.Words[wi-1].X1 < 0.6*l.h {
			// A long description runs on under the next title:
			// "Dispersion weiß" past the middle of the gap, "Art.-Nr.
			// 44812" (a number no column took, not an amount).
			desc = append(desc, w)
			lastDesc = wi
			continue
		}
		if k == textparse.ColDescription {
			lastDesc = wi
		}
		if m, err := textparse.ParseAmountSep(w, d.sep); err == nil && (m.Decimals == 2 || m.Currency != "") && k != textparse.ColPosition {
			other = append(other, w) // an amount no column took is not description
			continue
		}
		switch k {
		case textparse.ColDescription:
			desc = append(desc, w)
		case textparse.ColPosition:
			if r.pos == "" && len(w) <= 8 && hasDigit(w) {
				r.pos = w
			} else {
				desc = append(desc, w)
			}
		case textparse.ColUnit, textparse.ColQuantity:
			if !hasDigit(w) {
				unit = append(unit, w)
			}
		default:
			if b.slotOf(textparse.ColDescription) < 0 && !hasDigit(w) {
				desc = append(desc, w)
			} else if si >= 0 && b.slots[si].named {
				named = append(named, w)
			} else {
				other = append(other, w)
			}
		}
	}
	// The left of two description columns ("Artikel | Beschreibung",
	// "Concepto | Descripción") holds a code ("PL00123", "DEL") or, as
	// invoicing programs print an item's name and description side by
	// side, the name: words in lower case and no digit, which open the
	// item's name.
	if len(named) > 0 && len(desc) > 0 && nameWords(named) {
		desc = append(named, desc...)
	} else {
		other = append(other, named...)
	}
	r.desc = strings.TrimSpace(strings.Join(desc, " "))
	if len(desc) > 0 {
		for wi, w := range l.words {
			if w == desc[0] && !used[wi] {
				r.descX0 = l.Words[wi].X0
				break
			}
		}
	}
	r.other = strings.Join(other, " ")
	r.unit = strings.Join(unit, " ")
	anchor := textparse.ColAmount
	if !b.has(anchor) {
		anchor = textparse.ColUnitPrice
	}
	text := strings.TrimSpace(l.text)
	switch {
	case d.totalsLine(l, b, &r):
		r.kind = rowTotals
	case hasVal(r.vals, anchor) && moneyLike(r.vals, anchor):
		r.kind = rowItem
		if !descLine(r.desc) {
			r.other, r.desc = strings.TrimSpace(r.other+" "+r.desc), ""
		}
		// currency codes alone ("CHF CHF" of a row of amounts) describe
		// nothing
		r.ownDesc = false
		for _, w := range strings.Fields(r.desc) {
			r.ownDesc = r.ownDesc || hasLetters(w) && !isCurrencyWord(w)
		}
		if d.restates(l, &r) {
			r.kind = rowSkip
		}
	case len(l.toks) > 0 && inclWords[l.toks[0]] && d.hasMoney(l):
		// "dont éco-participation : 0,50 € HT", "davon Pfand 3,30 €": a
		// part of the item above, restated.
		r.kind = rowSkip
	case refLine(l):
		// "Lieferschein 80031 vom 12.03.2024", "Rif. DDT n. 437 del
		// 18/03/2024": the delivery or order the items below came with.
		r.kind = rowSection
	case noteSentence(l) && !d.hasMoney(l):
		r.kind = rowSection // "Livraison partielle – le solde suivra sous 8 jours."
	case len(r.vals) == 0 && d.moneyRightOf(l, b, anchor):
		// Money only in a column of its own right of the amount column
		// ("Charges | Credits": a card payment in the credits column) is
		// a row of another kind, not a line of the item above.
		r.kind = rowSkip
	case len(r.vals) > 0:
		// Numbers, but none in the amount column: a quantity or price line
		// continuing an item, or a tax note. Its text continues an item.
		r.kind = rowText
		if d.restates(l, &r) {
			r.kind = rowSkip
		}
	case reDecor.MatchString(text):
		r.kind, r.decor = rowSection, true
	case strings.HasSuffix(text, ":") && !hasDigit(text) && len(l.words) <= 6:
		r.kind, r.colon = rowText, true // a section title if items follow
	case len(l.toks) > 0 && (noteWords[l.toks[0]] || contWords[l.toks[0]]):
		r.kind = rowSection // a note, or "Continued on page 2"
	case len(l.labels) > 0 && l.labels[0].Start == 0 && l.labels[0].Field == textparse.FieldOther && len(l.words) <= 6:
		r.kind = rowSection // "Page 2 of 3", "Tel. ..."
	default:
		r.kind = rowText
	}
	return r
}

func hasVal(m map[textparse.Column]numTok, k textparse.Column) bool { _, ok := m[k]; return ok }

// moneyRightOf reports whether l prints an amount with decimals in a
// column the vocabulary does not name that stands right of the anchor
// column.
func (d *doc) moneyRightOf(l *line, b *band, anchor textparse.Column) bool {
	ai := b.slotOf(anchor)
	if ai < 0 {
		return false
	}
	for _, a := range d.amounts(l, 0, len(l.words)) {
		if a.decimals != 2 {
			continue
		}
		si := textSlot(b, a.x0, a.x1, l.h)
		if si >= 0 && !b.slots[si].known && b.slots[si].x0 > b.slots[ai].x1 {
			return true
		}
	}
	return false
}

// moneyLike reports whether the anchor value of a row reads as money: with
// decimals or a currency, or a whole number beside a quantity or price.
func moneyLike(vals map[textparse.Column]numTok, anchor textparse.Column) bool {
	a := vals[anchor]
	if a.decimals > 0 || a.cur != "" {
		return true
	}
	return len(vals) >= 2
}

// reCode matches text that is a code, not a description: "4123456000014
// (GTIN)", "S/N 5CG4081KQZ", "(EAN)".
var reCode = regexp.MustCompile(`^[\d\s\-./()A-Z]*\d[\d\s\-./()A-Z]*$|^\(?[A-Z]{2,6}\)?$`)

// reLabelled splits "label: value" (a label of up to 30 characters).
var reLabelled = regexp.MustCompile(`^[\p{L}\p{N}\-./ ]{0,30}:\s*(.*)$`)

// reCodeValue matches a value that is an identifier: one word with a digit
// ("ZS997", "12-44") or digits and capitals only ("MNT 12").
var reCodeValue = regexp.MustCompile(`^\S*\d\S*$|^[\p{N}\p{Lu}\-./()#\s]*$`)

var reDateLike = regexp.MustCompile(`\d{1,2}[./-]\d{1,2}[./-]\d{2,4}`)

// descLine reports whether a line adds to a description. Codes do not; a
// labelled line does unless its value is an identifier ("SKU: 12-44",
// "Art-Nr-Lieferant: ZS997"): "Credit: damaged case", "Pack: 4 x 10 lb"
// and a period "Periodo: 01/03/2024 - 31/03/2024" say what was sold.
func descLine(s string) bool {
	s = strings.TrimSpace(strings.TrimLeft(s, "•·-* "))
	if s == "" {
		return false
	}
	if m := reLabelled.FindStringSubmatch(s); m != nil {
		v := strings.TrimSpace(m[1])
		return v != "" && (reDateLike.MatchString(v) || !reCodeValue.MatchString(v))
	}
	return !reCode.MatchString(s)
}

// textSlot returns the column a word at [x0,x1] belongs to: each column
// reaches halfway to its neighbours (the first and last without limit), so
// text under a centred title and text wider than its title stay in their
// column; the word goes to the column it overlaps most.
func textSlot(b *band, x0, x1, h float64) int {
	best, bi := math.Inf(-1), -1
	for i, s := range b.slots {
		lo, hi := math.Inf(-1), math.Inf(1)
		if i > 0 {
			lo = (b.slots[i-1].x1 + s.x0) / 2
		}
		if i+1 < len(b.slots) {
			hi = (s.x1 + b.slots[i+1].x0) / 2
		}
		if ov := math.Min(x1, hi) - math.Max(x0, lo); ov > best {
			best, bi = ov, i
		}
	}
	return bi
}

// numTokens returns the numbers of l: amounts (currency, grouping and
// sign included) and percentages.
func (d *doc) numTokens(l *line) []numTok {
	var out []numTok
	for wi := 0; wi < len(l.words); wi++ {
		w := l.words[wi]
		if r, ok := textparse.ParsePercent(w); ok {
			out = append(out, numTok{v: r, x0: l.Words[wi].X0, x1: l.Words[wi].X1, w0: wi, w1: wi + 1, pct: true, decimals: -1})
			continue
		}
		if wi+1 < len(l.words) && l.words[wi+1] == "%" {
			if m, err := textparse.ParseAmountSep(w, d.sep); err == nil && m.Currency == "" {
				out = append(out, numTok{v: m.Value, x0: l.Words[wi].X0, x1: l.Words[wi+1].X1, w0: wi, w1: wi + 2, pct: true, decimals: -1})
				wi++
				continue
			}
		}
		for _, a := range d.amounts(l, wi, min(wi+3, len(l.words))) {
			if a.w0 != wi {
				break
			}
			out = append(out, numTok{v: a.v, x0: a.x0, x1: a.x1, w0: a.w0, w1: a.w1, decimals: a.decimals, cur: a.cur})
			wi = a.w1 - 1
			break
		}
	}
	return out
}

// assignNumbers assigns the numbers of a row to columns, left to right in
// order, maximising positional fit plus a bonus when quantity × unit price
// = line total. It returns the slot index of each number, or -1.
func (d *doc) assignNumbers(b *band, toks []numTok) []int {
	n := len(toks)
	out := make([]int, n)
	for i := range out {
		out[i] = -1
	}
	if n == 0 {
		return out
	}
	if n > 8 {
		toks = toks[n-8:] // the rightmost numbers are the money
	}
	fit := make([][]float64, len(toks))
	for i, t := range toks {
		fit[i] = make([]float64, len(b.slots))
		for si, s := range b.slots {
			fit[i][si] = slotFit(t, s, b.h)
		}
	}
	cur := make([]int, len(toks))
	best := make([]int, len(toks))
	bestScore := math.Inf(-1)
	qi, pi, ai := b.slotOf(textparse.ColQuantity), b.slotOf(textparse.ColUnitPrice), b.slotOf(textparse.ColAmount)
	var rec func(i, minSlot int, score float64)
	rec = func(i, minSlot int, score float64) {
		if i == len(toks) {
			s := score
			var q, p, a *numTok
			for k, si := range cur {
				switch {
				case si < 0:
				case si == qi:
					q = &toks[k]
				case si == pi:
					p = &toks[k]
				case si == ai:
					a = &toks[k]
				}
			}
			if q != nil && p != nil && a != nil && !q.v.IsZero() {
				if q.v.Mul(p.v).Sub(a.v).Abs().LessThanOrEqual(q.v.Abs().Mul(decimal.New(5, -3)).Add(decimal.New(1, -2))) {
					s += 2
				}
			}
			if s > bestScore {
				bestScore = s
				copy(best, cur)
			}
			return
		}
		cur[i] = -1
		rec(i+1, minSlot, score-0.4)
		for si := minSlot; si < len(b.slots); si++ {
			if f := fit[i][si]; f > -2 {
				cur[i] = si
				rec(i+1, si+1, score+f)
			}
		}
		cur[i] = -1
	}
	rec(0, 0, 0)
	off := n - len(toks)
	for i, si := range best {
		out[off+i] = si
	}
	return out
}

// slotFit scores how well number t sits in column s: overlap with the
// title, aligned edges, and whether the kind of number suits the column.
func slotFit(t numTok, s slot, h float64) float64 {
	w := math.Max(t.x1-t.x0, 1)
	var f float64
	if ov := math.Min(t.x1, s.x1+0.5*h) - math.Max(t.x0, s.x0-0.5*h); ov > 0 {
		f = 0.5 + 0.5*math.Min(1, ov/w)
	} else {
		gap := math.Max(s.x0-t.x1, t.x0-s.x1)
		f = 0.5 - gap/(4*h)
	}
	if math.Abs(t.x1-s.x1) < 0.6*h || math.Abs(t.x0-s.x0) < 0.6*h {
		f += 0.3
	}
	switch s.kind {
	case textparse.ColVATRate:
		if t.pct {
			f += 0.8
		} else if t.decimals > 0 && t.v.GreaterThan(maxRate) || t.cur != "" {
			f -= 1.5
		}
	case textparse.ColAmount, textparse.ColUnitPrice, textparse.ColVATAmount:
		if t.pct {
			f -= 3
		} else if t.decimals == 0 && t.cur == "" {
			f -= 0.2
		}
	case textparse.ColQuantity:
		if t.pct || t.cur != "" {
			f -= 3
		}
	case textparse.ColPosition:
		if t.pct || t.decimals > 0 || t.cur != "" {
			f -= 3
		}
	default:
		if !s.known {
			f -= 0.1
		}
	}
	return f
}

// totalsLine reports whether l is a totals line: a total label opening the
// line's text (after a position number at most), or a line of total titles
// only (a totals grid with its values below). A line with both a quantity
// and a unit price is an item, whatever its description says.
func (d *doc) totalsLine(l *line, b *band, r *row) bool {
	if d.totalTitles(l) {
		return true
	}
	if hasVal(r.vals, textparse.ColQuantity) && hasVal(r.vals, textparse.ColUnitPrice) {
		return false
	}
	firstCell := -1
	for wi, w := range l.words {
		if hasLetters(w) && !isCurrencyWord(w) {
			firstCell = l.cellOf[wi]
			break
		}
	}
	covered := 0
	for _, m := range l.labels {
		if !l.isLabel(m) {
			continue
		}
		switch m.Field {
		case textparse.FieldNet, textparse.FieldGross, textparse.FieldAmountDue, textparse.FieldLineTotal, textparse.FieldPrepaid,
			textparse.FieldTax, textparse.FieldAllowanceTotal, textparse.FieldChargeTotal:
		default:
			continue
		}
		covered += m.End - m.Start
		if l.cellOf[l.labelWordStart(m)] == firstCell {
			return true
		}
		// A specific total label anywhere on a line without quantity or
		// price: "Taxe | Base | Montant | Total HT | -218,48 €".
		if m.Strength >= 1 && m.Field != textparse.FieldTax && !hasVal(r.vals, textparse.ColQuantity) &&
			(!hasVal(r.vals, textparse.ColUnitPrice) || !b.has(textparse.ColAmount)) {
			return true
		}
	}
	// A grid of total titles ("Total HT | Total TVA | Total TTC") with the
	// values on the line below.
	return covered > 0 && covered == len(l.toks) && !d.hasMoney(l)
}

// totalTitles reports whether every cell of l, two or more, opens with the
// title of a total ("Total excl. VAT | Tax (8,1%) | Total incl. VAT |
// Amount payable") and the line right under it holds more amounts than l:
// a grid of totals with their amounts below, whatever numbers (rates,
// bases) the titles hold.
func (d *doc) totalTitles(l *line) bool {
	if len(l.cells) < 2 || l.idx+1 >= len(d.lines) {
		return false
	}
	n := &d.lines[l.idx+1]
	if n.pg != l.pg || n.Y0-l.Y1 > 1.5*l.h {
		return false
	}
	money := func(l *line) int {
		k := 0
		for _, a := range d.amounts(l, 0, len(l.words)) {
			if a.decimals > 0 || a.cur != "" {
				k++
			}
		}
		return k
	}
	if below := money(n); below < 2 || money(l) >= below {
		return false
	}
	opens := make([]bool, len(l.cells))
	// "Less discount 3%", "Rabatt 5 %": an allowance or charge among
	// the totals
	for ti, t := range l.toks {
		wi := l.wordOf[ti]
		c := l.cellOf[wi]
		first := wi == 0 || l.cellOf[wi-1] != c
		second := ti > 0 && l.wordOf[ti-1] == wi-1 && (wi == 1 || l.cellOf[wi-2] != c) && l.cellOf[wi-1] == c
		if (allowWords[t] || chargeWords[t]) && (first || second) {
			opens[c] = true
		}
	}
	for _, m := range l.labels {
		switch m.Field {
		case textparse.FieldNet, textparse.FieldGross, textparse.FieldAmountDue, textparse.FieldLineTotal, textparse.FieldPrepaid,
			textparse.FieldTax, textparse.FieldAllowanceTotal, textparse.FieldChargeTotal:
		default:
			continue
		}
		ws := l.labelWordStart(m)
		if c := l.cellOf[ws]; ws == 0 || l.cellOf[ws-1] != c {
			opens[c] = true
		}
	}
	for _, o := range opens {
		if !o {
			return false
		}
	}
	return true
}

// restates reports whether an item-like row only restates amounts: a
// subtotal, a tax note ("incl. 21% BTW"), a carried total, or an allowance or
// charge for the whole document (recorded in r.allow).
func (d *doc) restates(l *line, r *row) bool {
	f := l.toks
	if len(f) == 0 {
		return true
	}
	// A quantity times a unit price that gives the row's amount is sold,
	// whatever its name ("Transport 1 10,42 10,42", "Total station 2 ...").
	if q, ok := r.vals[textparse.ColQuantity]; ok && !q.pct {
		if p, ok := r.vals[textparse.ColUnitPrice]; ok {
			if a, ok := r.vals[textparse.ColAmount]; ok && !q.v.IsZero() && q.v.Mul(p.v).Round(2).Equal(a.v) {
				return false
			}
		}
	}
	if subtotalWords[strings.Join(f[:min(2, len(f))], "")] || subtotalWords[f[0]] || carryLine(l) {
		return true
	}
	if dt := textparse.Tokens(r.desc); len(dt) > 0 && (subtotalWords[dt[0]] || len(dt) > 1 && subtotalWords[dt[0]+dt[1]]) {
		return true
	}
	// "incl. 21% BTW € 3,50": a tax note.
	for _, m := range l.labels {
		if m.Field == textparse.FieldTax && (hasVal(r.vals, textparse.ColVATRate) || pctIn(l)) && len(f) <= 8 {
			for _, t := range f[:min(3, len(f))] {
				if t == "incl" || t == "inkl" || t == "incl." || t == "inclusief" || t == "zzgl" || t == "dont" || t == "davon" || t == "including" {
					return true
				}
			}
		}
	}
	// "Remise 5% sur 100,00": an allowance or charge on the whole
	// document, printed among the items (after a code at most).
	if !hasVal(r.vals, textparse.ColQuantity) {
		a, ok := r.vals[textparse.ColAmount]
		if !ok {
			a, ok = r.vals[textparse.ColUnitPrice]
		}
		for i, t := range textparse.Tokens(l.text) {
			if i > 3 || !ok {
				break
			}
			if allowWords[t] || chargeWords[t] {
				v := a.v
				if allowWords[t] {
					v = v.Abs().Neg()
				}
				r.allow = &v
				return true
			}
		}
	}
	return false
}

func pctIn(l *line) bool {
	for _, w := range l.words {
		if strings.HasSuffix(w, "%") {
			return true
		}
	}
	return false
}

// acc is an item being assembled from its rows.
type acc struct {
	r      row
	desc   []string
	pos    string
	bottom float64
	closed bool
}

// assemble turns classified rows into items: text rows join the nearest
// item (the one above when it has its own description and is close, else
// the one below that has none), subtotals equal to the items since the last
// subtotal are dropped.
func (d *doc) assemble(b *band, rows []row) tableResult {
	var res tableResult
	var its []*acc
	var pending []string
	pendingY, pendingPos := 0.0, ""
	anchor := textparse.ColAmount
	if !b.has(anchor) {
		anchor = textparse.ColUnitPrice
	}
	nextItem := func(i int) *row {
		for k := i + 1; k < len(rows); k++ {
			switch rows[k].kind {
			case rowItem:
				return &rows[k]
			case rowSection, rowTotals, rowSkip:
				return nil
			}
		}
		return nil
	}
	pitch := rowPitch(rows)
	gap := itemGap(rows)
	tight := gap / 2
	if tight == 0 {
		tight = 0.2 * b.h
	}
	for i := range rows {
		r := &rows[i]
		switch r.kind {
		case rowItem:
			a := &acc{r: *r, pos: r.pos, bottom: r.y1}
			if a.pos == "" {
				a.pos = pendingPos
			}
			pendingPos = ""
			if r.desc != "" {
				a.desc = append(a.desc, r.desc)
			}
			if len(pending) > 0 && (!r.ownDesc || r.y0-pendingY < 1.5*pitch) {
				a.desc = append(append([]string{}, pending...), a.desc...)
			}
			pending = nil
			its = append(its, a)
		case rowSection, rowTotals:
			if len(its) > 0 {
				its[len(its)-1].closed = true
			}
			pending, pendingPos = nil, ""
		case rowSkip:
			if r.allow != nil {
				if r.allow.Sign() < 0 {
					res.extras.add(lineExtras{allowance: ptr(r.allow.Neg())})
				} else {
					res.extras.add(lineExtras{charge: ptr(*r.allow)})
				}
			}
			if len(its) > 0 {
				its[len(its)-1].closed = true
			}
			pending = nil
		case rowText:
			if r.colon && i+1 < len(rows) && rows[i+1].kind == rowItem && rows[i+1].ownDesc {
				// "Services:" over the items it introduces.
				if len(its) > 0 {
					its[len(its)-1].closed = true
				}
				pending, pendingPos = nil, ""
				continue
			}
			text := r.desc
			if text == "" {
				text = r.other
			}
			var prev *acc
			if len(its) > 0 && !its[len(its)-1].closed {
				prev = its[len(its)-1]
			}
			next := nextItem(i)
			if d.sectionTitle(r, prev, next, b.h) {
				// "Design" over the items it introduces, set apart
				// by its indent from the descriptions around it.
				if prev != nil {
					prev.closed = true
				}
				pending, pendingPos = nil, ""
				continue
			}
			dPrev, dNext := math.Inf(1), math.Inf(1)
			if prev != nil {
				dPrev = r.y0 - prev.bottom
			}
			if next != nil {
				dNext = next.y0 - r.y1
			}
			toNext := false
			switch {
			case prev == nil:
				toNext = next != nil
			case next == nil:
				toNext = false
			case !next.ownDesc && prev.r.ownDesc:
				toNext = dNext <= 1.2*dPrev
			case !next.ownDesc:
				toNext = dNext <= dPrev
			default:
				// Between two items that print their own descriptions, a
				// line goes with the next one when it is far nearer to
				// it, or nearer to it and set from the item above
				// farther than items stand from each other, where a
				// wrapped line never is (a section title, "Dranken").
				toNext = dNext < 0.5*dPrev || gap > 0 && dPrev > 1.5*gap && dNext < dPrev
			}
			if prev != nil && next == nil && !toNext && headingCaps(text) && !headingCaps(strings.Join(prev.desc, " ")) {
				// "RIEPILOGHI IVA E TOTALI DOCUMENTO" under the last
				// item: a line in capitals under descriptions that are
				// not heads the box below, it does not run on.
				prev.closed = true
				prev = nil
			}
			if prev != nil && !toNext && dPrev > 2.5*pitch+b.h {
				prev.closed = true
				prev = nil
				toNext = next != nil
			}
			if toNext && next != nil && next.ownDesc && !continues(text) && !startsLower(next.desc) && dNext >= tight {
				// A line over an item that prints its own description
				// on its amount line titles what follows ("Hardware",
				// "Lieferschein 80012 vom 05.03.2024", "Papier en
				// enveloppen") unless it runs on into the item: a
				// trailing comma, the item's text starting in lower
				// case, or set closer to it than half the gap between
				// items (a description wrapped above its amount line).
				if prev != nil {
					prev.closed = true
				}
				pending, pendingPos = nil, ""
				continue
			}
			if toNext {
				if r.pos != "" && pendingPos == "" {
					pendingPos = r.pos
				}
				if descLine(text) {
					pending = append(pending, text)
					pendingY = r.y1
				}
				continue
			}
			if prev != nil {
				if prev.pos == "" && r.pos != "" {
					prev.pos = r.pos
				}
				if descLine(text) && len(strings.Join(prev.desc, " ")) < 200 {
					prev.desc = append(prev.desc, text)
				}
				if r.vals != nil {
					for k, v := range r.vals {
						if _, ok := prev.r.vals[k]; !ok && k != anchor {
							prev.r.vals[k] = v
						}
					}
				}
				if r.unit != "" && prev.r.unit == "" {
					prev.r.unit = r.unit
				}
				prev.bottom = r.y1
			}
		}
	}
	// Subtotals: an item row whose amount equals the sum of at least two
	// items above it since the last subtotal, with no quantity or price.
	// A row after the subtotal of every item above it whose amount is a
	// percentage, printed in its own text, of that subtotal is a charge
	// computed on the items ("Onorari 4.350,00" then "Contributo
	// integrativo 4% 174,00", "Rivalsa INPS 4%"), not an item.
	var out []posItem
	sum, all := decimal.Zero, decimal.Zero
	n := 0
	var whole *decimal.Decimal // the subtotal of every item, once printed
	for _, a := range its {
		v := a.r.vals[anchor].v
		if n >= 2 && v.Equal(sum) && !hasVal(a.r.vals, textparse.ColQuantity) && !hasVal(a.r.vals, textparse.ColUnitPrice) {
			if whole == nil && v.Equal(all) {
				w := v
				whole = &w
			}
			sum, n = decimal.Zero, 0
			d.restated[a.r.li] = true
			continue
		}
		desc := strings.Join(a.desc, " ")
		if whole != nil && percentOf(desc, *whole, v) {
			d.restated[a.r.li] = true
			continue
		}
		all = all.Add(v)
		if desc == "" && !(hasVal(a.r.vals, textparse.ColQuantity) && hasVal(a.r.vals, textparse.ColUnitPrice)) {
			continue
		}
		sum = sum.Add(v)
		n++
		out = append(out, posItem{d.toItem(b, a.r, desc), a.pos})
	}
	res.items = out
	return res
}

// percentOf reports whether text prints a percentage p with base × p / 100
// = v to the cent ("Contributo integrativo 4% (Inarcassa)" for 174,00 of
// 4.350,00).
func percentOf(text string, base, v decimal.Decimal) bool {
	if !v.IsPositive() {
		return false
	}
	ws := strings.Fields(text)
	for i, w := range ws {
		p, ok := textparse.ParsePercent(strings.Trim(w, "()"))
		if !ok && i+1 < len(ws) && strings.Trim(ws[i+1], "()") == "%" {
			p, ok = textparse.ParsePercent(w + "%")
		}
		if ok && p.IsPositive() && base.Mul(p).Div(hundred).Round(2).Equal(v) {
			return true
		}
	}
	return false
}

// sectionTitle reports whether text row r is a section title over the
// item below rather than a line of the description above or below: a
// short line of words (no amount, no code) followed by an item with its
// own description, starting at least half a line height left or right of
// where that item's description starts, and of where the description of
// the item above starts, or one or two words with a capital between
// items that open with capitals. A wrapped description line starts where
// its description does.
func (d *doc) sectionTitle(r *row, prev *acc, next *row, h float64) bool {
	if next == nil || !next.ownDesc || r.descX0 == 0 || next.descX0 == 0 || r.other != "" || len(r.vals) > 0 {
		return false
	}
	if n := len(strings.Fields(r.desc)); n == 0 || n > 6 || !descLine(r.desc) {
		return false
	}
	// "Disbursements" at the items' indent between two items whose
	// descriptions open with a capital, the one above ending its
	// sentence: one or two words with a capital, no figure, are a title
	// too, not the next description's first line.
	if ws := strings.Fields(r.desc); prev != nil && len(ws) <= 2 && !startsLower(r.desc) && !startsLower(next.desc) &&
		hasLetters(next.desc) && len(prev.desc) > 0 && !continues(prev.desc[len(prev.desc)-1]) && !strings.ContainsAny(r.desc, "0123456789") &&
		unicode.IsUpper([]rune(r.desc)[0]) {
		return true
	}
	off := func(x float64) bool { return math.Abs(r.descX0-x) > 0.5*h }
	if !off(next.descX0) {
		return false
	}
	return prev == nil || prev.r.descX0 == 0 || off(prev.r.descX0)
}

// headingCaps reports whether text is words in capitals: at least three
// words of letters, none with a lower-case letter.
func headingCaps(text string) bool {
	n := 0
	for _, w := range strings.Fields(text) {
		if strings.ToUpper(w) != w {
			return false
		}
		if hasLetters(w) {
			n++
		}
	}
	return n >= 3
}

// continues reports whether text ends in a mark that runs on into the
// next line: a comma, a hyphen, a slash, an ampersand or an open bracket.
func continues(text string) bool {
	t := strings.TrimSpace(text)
	return t != "" && strings.ContainsAny(t[len(t)-1:], ",-/&(+;")
}

// startsLower reports whether text starts with a lower-case letter.
func startsLower(text string) bool {
	r, _ := utf8.DecodeRuneInString(text)
	return unicode.IsLower(r)
}

func ptr(v decimal.Decimal) *decimal.Decimal { return &v }

// itemGap is the median gap between consecutive item rows (0: none).
func itemGap(rows []row) float64 {
	var gs []float64
	for i := 1; i < len(rows); i++ {
		if rows[i].kind == rowItem && rows[i-1].kind == rowItem {
			gs = append(gs, math.Max(0, rows[i].y0-rows[i-1].y1))
		}
	}
	if len(gs) == 0 {
		return 0
	}
	sort.Float64s(gs)
	return gs[len(gs)/2]
}

// rowPitch is the typical distance between consecutive body lines.
func rowPitch(rows []row) float64 {
	var ds []float64
	for i := 1; i < len(rows); i++ {
		if d := rows[i].y0 - rows[i-1].y0; d > 0 {
			ds = append(ds, d)
		}
	}
	if len(ds) == 0 {
		return 12
	}
	sort.Float64s(ds)
	return ds[len(ds)/4]
}

// posItem carries an item and its printed position number.
type posItem struct {
	docextract.LineItem
	pos string
}

// toItem builds the line item of an item row.
func (d *doc) toItem(b *band, r row, desc string) docextract.LineItem {
	it := docextract.LineItem{ProductName: docextract.Str(desc)}
	get := func(k textparse.Column) *docextract.Amount {
		if t, ok := r.vals[k]; ok && !t.pct {
			return docextract.NewAmount(t.v)
		}
		return nil
	}
	if b.has(textparse.ColAmount) {
		it.ProductTotalPrice = get(textparse.ColAmount)
		it.ProductUnitPrice = get(textparse.ColUnitPrice)
	} else {
		it.ProductUnitPrice = get(textparse.ColUnitPrice)
	}
	it.ProductQuantity = get(textparse.ColQuantity)
	if t, ok := r.vals[textparse.ColVATRate]; ok && t.v.Sign() >= 0 && t.v.LessThanOrEqual(maxRate) && (t.pct || t.decimals <= 2) {
		it.TaxRate = docextract.NewAmount(t.v)
	}
	if u := strings.TrimSpace(r.unit); u != "" && len(u) <= 12 {
		it.Unit = docextract.Str(u)
	}
	// OCR loses the decimal point of a quantity ("12.5" read as "125"): a
	// whole quantity that a tenth or a hundredth of makes quantity × unit
	// price the printed total (to the cent), when it does not as read, is
	// that quantity.
	if d.pages[d.lines[r.li].pg].OCR {
		it.ProductQuantity = pointLost(it.ProductQuantity, it.ProductUnitPrice, it.ProductTotalPrice)
	}
	// A percentage in a discount column that takes quantity × unit price
	// to the printed total (to the cent) is the line's allowance.
	if r.rebate != nil && it.ProductQuantity != nil && it.ProductUnitPrice != nil && it.ProductTotalPrice != nil {
		base := it.ProductQuantity.Mul(it.ProductUnitPrice.Decimal)
		off := decimal.NewFromInt(100).Sub(*r.rebate).Div(decimal.NewFromInt(100))
		if base.Mul(off).Sub(it.ProductTotalPrice.Decimal).Abs().LessThanOrEqual(decimal.New(1, -2)) {
			it.ProductAllowanceCharge = docextract.NewAmount(it.ProductTotalPrice.Sub(base.Round(2)))
		}
	}
	return it
}

// pointLost returns qty divided by 10 or 100 when qty is a whole number of
// two digits or more and that, unlike qty itself, makes qty × unit the
// total to the cent; else qty.
func pointLost(qty, unit, total *docextract.Amount) *docextract.Amount {
	if qty == nil || unit == nil || total == nil || !qty.Equal(qty.Truncate(0)) || qty.Abs().LessThan(decimal.NewFromInt(10)) {
		return qty
	}
	cent := decimal.New(1, -2)
	fits := func(q decimal.Decimal) bool {
		return q.Mul(unit.Decimal).Sub(total.Decimal).Abs().LessThanOrEqual(cent)
	}
	if fits(qty.Decimal) {
		return qty
	}
	for _, e := range []int32{-1, -2} {
		if q := qty.Shift(e); fits(q) {
			return docextract.NewAmount(q)
		}
	}
	return qty
}

// dropSubPositions removes sub-positions ("1.1", "1.2") printed under a
// parent position ("1") that is itself an item: the parent carries them.
func dropSubPositions(in []posItem) []docextract.LineItem {
	parents := map[string]bool{}
	for _, it := range in {
		if p := strings.TrimRight(it.pos, "."); p != "" && !strings.Contains(p, ".") {
			parents[p] = true
		}
	}
	out := []docextract.LineItem{}
	for _, it := range in {
		p := strings.TrimRight(it.pos, ".")
		if i := strings.IndexByte(p, '.'); i > 0 && parents[p[:i]] {
			continue
		}
		out = append(out, it.LineItem)
	}
	return out
}

// ruleLine reports whether every word of l is far wider than its letters
// could be (more than three line heights a letter): a printed rule or a
// shaded bar that OCR read as a word or two ("rt" across the page).
func ruleLine(l *line) bool {
	if len(l.Words) == 0 {
		return false
	}
	for _, w := range l.Words {
		n := float64(utf8.RuneCountInString(w.Text))
		h := w.Y1 - w.Y0
		if h <= 0 || w.X1-w.X0 <= 3*(n+1)*h {
			return false
		}
	}
	return true
}

// untitledItems reads charge lines printed with no column titles, for a
// document where no item table was found: a run of two or more
// consecutive lines on one page, each its text and then one amount of
// money that ends the line (whole numbers in the text are part of it), the amounts right-aligned at one edge, none a totals row
// ("Current Charges | Fiber Internet 500 Mbps 08/05 - 09/04 $75.00 |
// Static IP Address $10.00 | Loyalty Promotion Credit -$15.00"). Only a
// run whose amounts add up to the net to the cent is taken.
// chargeTitle reports whether line li is a short title of words only:
// no figure, no label of an amount, at most five words.
func (d *doc) chargeTitle(li int) bool {
	l := &d.lines[li]
	if d.headLine[li] || d.itemLine[li] || len(l.words) == 0 || len(l.words) > 5 {
		return false
	}
	for _, m := range l.labels {
		if slices.Contains(amountFields, m.Field) {
			return false
		}
	}
	for _, w := range l.words {
		if hasDigit(w) {
			return false
		}
	}
	return hasLetters(strings.Join(l.words, " "))
}

func (d *doc) untitledItems(net decimal.Decimal) []docextract.LineItem {
	type charge struct {
		name string
		v    decimal.Decimal
		x1   float64
	}
	chargeOf := func(li int) (charge, bool) {
		l := &d.lines[li]
		if d.headLine[li] || d.itemLine[li] || len(l.words) < 2 {
			return charge{}, false
		}
		for _, m := range l.labels {
			if slices.Contains(amountFields, m.Field) {
				return charge{}, false
			}
		}
		// one amount of money, ending the line; whole numbers before it
		// are part of the name ("Fiber Internet 500 Mbps")
		as := d.amounts(l, 0, len(l.words))
		if len(as) == 0 {
			return charge{}, false
		}
		a := as[len(as)-1]
		if a.w1 != len(l.words) || a.decimals != 2 || a.w0 == 0 {
			return charge{}, false
		}
		for _, o := range as[:len(as)-1] {
			if o.decimals != 0 || o.cur != "" {
				return charge{}, false
			}
		}
		name := strings.TrimSpace(strings.Join(l.words[:a.w0], " "))
		if !hasLetters(name) {
			return charge{}, false
		}
		return charge{name: name, v: a.v, x1: a.x1}, true
	}
	for li := 0; li < len(d.lines); {
		first, ok := chargeOf(li)
		if !ok {
			li++
			continue
		}
		run := []charge{first}
		sum := first.v
		k := li + 1
		for ; k < len(d.lines) && d.lines[k].pg == d.lines[li].pg; k++ {
			c, ok := chargeOf(k)
			if !ok && k+1 < len(d.lines) && d.chargeTitle(k) {
				// "Consommations hors forfait", "Remises": a title over
				// the next charges, when one follows at the same edge
				if n, ok := chargeOf(k + 1); ok && math.Abs(n.x1-first.x1) <= 0.5*d.lines[k+1].h+1 {
					continue
				}
			}
			if !ok || math.Abs(c.x1-first.x1) > 0.5*d.lines[k].h+1 {
				break
			}
			run = append(run, c)
			sum = sum.Add(c.v)
		}
		if len(run) >= 2 && sum.Equal(net) {
			out := make([]docextract.LineItem, len(run))
			for i, c := range run {
				out[i] = docextract.LineItem{ProductName: docextract.Str(c.name), ProductTotalPrice: docextract.NewAmount(c.v)}
			}
			return out
		}
		li = k
	}
	return nil
}
