package bank

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/shopspring/decimal"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/textparse"
)

// column is one column of the transaction table, from its header cell.
type column struct {
	kind   colKind
	x0, x1 float64
	// lo, hi bound the words that belong to a text column.
	lo, hi float64
}

type table struct {
	cols []column
	y    float64 // bottom of the header line
	// leadDate: the header has no date title, the description column
	// comes first, and a row's date is a date starting its line there
	// (headerNoDate).
	leadDate bool
	// order: the statement's order of day and month in numeric dates
	// (docDateOrder), set when the table is taken.
	order textparse.DateOrder
}

func (t *table) col(k colKind) *column {
	for i := range t.cols {
		if t.cols[i].kind == k {
			return &t.cols[i]
		}
	}
	return nil
}

// firstNumericX is the left edge of the leftmost amount column header.
func (t *table) firstNumericX() float64 {
	x := 1e9
	for _, c := range t.cols {
		if c.kind.numeric() {
			x = min(x, c.x0)
		}
	}
	return x
}

// Extract reads a bank statement from its pages. Fields that cannot be read
// are nil; Transactions is never nil.
func Extract(pages []layout.Page) *docextract.BankStatementData {
	out, _ := ExtractScored(pages)
	return out
}

// ExtractScored is Extract that also returns a confidence in 0..1 for each
// field it read, keyed by the field's JSON name in "general" ("IBAN",
// "OpeningBalance", ...) plus "transactions". The balances and the
// transactions are trusted when opening balance + transactions = closing
// balance, an IBAN when its check digits hold, the bank's name when a label
// gave it rather than the top line. A field that was not read has no entry.
// Amount signs the balances decide are mended first (mendSigns).
func ExtractScored(pages []layout.Page) (*docextract.BankStatementData, map[string]float64) {
	out := &docextract.BankStatementData{DocType: string(docextract.BankStatement), Transactions: []docextract.Transaction{}}
	x := &extractor{out: out}
	// a scan's lines run level; a text layer's kerned words are rejoined
	// with the word space measured over the whole statement
	ps := make([]layout.Page, len(pages))
	ls := make([][]layout.Line, len(pages))
	for i := range pages {
		ps[i] = layout.Straighten(pages[i])
		ls[i] = layout.Lines(&ps[i])
	}
	layout.JoinKerned(ps, ls)
	x.order = docDateOrder(ls)
	for i := range ps {
		x.page(&ps[i], ls[i], i == 0)
	}
	x.flush()
	if out.General.PeriodStart == nil && x.rangeFrom != "" {
		out.General.PeriodStart, out.General.PeriodEnd = docextract.Str(x.rangeFrom), docextract.Str(x.rangeTo)
	}
	x.completeDates()
	x.cardFrame()
	x.newestFirst()
	g := &out.General
	if g.ClosingBalance == nil && x.carried != nil && !x.carriedAfter {
		g.ClosingBalance = docextract.NewAmount(*x.carried)
	}
	if n := len(out.Transactions); g.ClosingBalance == nil && n > 0 && out.Transactions[n-1].Balance != nil {
		// No closing balance printed as such: the running balance after
		// the last transaction is the closing balance (the last printed,
		// before orphan rows are weighed against it).
		g.ClosingBalance = docextract.NewAmount(out.Transactions[n-1].Balance.Decimal)
	}
	orphans := x.resolveOrphans()
	x.signByColumn()
	mended := mendSigns(out) || orphans
	if slices.ContainsFunc(pages, func(p layout.Page) bool { return p.OCR }) {
		mended = mendDigits(out) || mended
	}
	if g.IBAN == nil && x.footIBAN != "" {
		g.IBAN = docextract.Str(x.footIBAN)
	}
	fromIBAN := false
	if g.Currency == nil && g.IBAN != nil {
		// No currency printed: the account's country's (docs/confidence.md).
		if c := textparse.IBANCurrency(*g.IBAN); c != "" {
			g.Currency, fromIBAN = docextract.Str(c), true
		}
	}
	if g.Currency == nil {
		// amounts in "$" with the document saying whose dollar (an
		// account's IBAN, read first, outranks it)
		if c := dollarCurrency(ls); c != "" {
			g.Currency = docextract.Str(c)
		}
	}
	fromAddress := false
	if g.Currency == nil && g.IBAN == nil {
		// Nothing printed names it: the bank's own address's country's.
		if c := headerCurrency(ls); c != "" {
			g.Currency, fromAddress = docextract.Str(c), true
		}
	}
	conf := map[string]float64{}
	if g.BankName != nil {
		conf["BankName"] = 0.9
	} else if x.topName != "" {
		g.BankName = docextract.Str(x.topName)
		conf["BankName"] = 0.5
	}
	for name, v := range map[string]*string{"AccountHolder": g.AccountHolder, "AccountNumber": g.AccountNumber, "Currency": g.Currency,
		"PeriodStart": g.PeriodStart, "PeriodEnd": g.PeriodEnd} {
		if v != nil {
			conf[name] = 0.9
		}
	}
	if fromIBAN {
		conf["Currency"] = 0.6
	}
	if fromAddress {
		conf["Currency"] = 0.5
	}
	if g.IBAN != nil {
		conf["IBAN"] = 0.7
		if textparse.ValidIBAN(*g.IBAN) {
			conf["IBAN"] = 0.99
		}
	}
	balanced := reconciles(out)
	for name, a := range map[string]*docextract.Amount{"OpeningBalance": g.OpeningBalance, "ClosingBalance": g.ClosingBalance} {
		if a != nil {
			conf[name] = 0.7
			if balanced {
				conf[name] = 0.97
			}
		}
	}
	if len(out.Transactions) > 0 {
		conf["transactions"] = 0.5
		if balanced {
			conf["transactions"] = 0.95
			if mended {
				conf["transactions"] = 0.8 // signs or dateless rows taken from the balances
			}
		}
		for _, t := range out.Transactions {
			if t.Date == nil {
				conf["transactions"] = min(conf["transactions"], 0.6)
			}
		}
	}
	return out, conf
}

type extractor struct {
	out *docextract.BankStatementData
	// order: the order of day and month in the statement's numeric
	// dates, decided once from the whole document (docDateOrder).
	order textparse.DateOrder
	tab   *table
	cur   *txn
	lastY float64
	// minDate and maxDate bound the full dates printed outside the rows
	// (period, balance dates): they give the year of rows printed as
	// "03.07." without one.
	minDate, maxDate string
	// pending holds the transactions whose dates still need a year.
	pending []pendingDate
	// curLines counts the lines of the current transaction.
	curLines int
	// carried is the balance of the last carry row ("Übertrag", "balance
	// carried forward") and whether a transaction followed it.
	carried      *decimal.Decimal
	carriedAfter bool
	// footIBAN is an IBAN labelled as such in a page's footer below the
	// table ("Votre IBAN : FR76 ..."), the account's when none is read
	// above the table.
	footIBAN string
	// sawTop and topName hold the first text of the statement, the
	// bank's name when no label names it.
	sawTop  bool
	topName string
	// ocr: the page being read came from OCR.
	ocr bool
	// day is the booking date of a heading over the rows booked that day
	// ("Buchungsdatum: 01.04.2024"), "" when none is in force.
	day string
	// section is the direction a heading over the current table names
	// ("ELECTRONIC WITHDRAWALS" -1, "DEPOSITS AND ADDITIONS" +1), 0 for
	// none: an unsigned amount in the table's one amount column takes
	// its sign (sectionSign).
	section int
	// dayNamed: the last day heading named its weekday ("jeudi 3 août
	// 2023"): the rows under it print no date of their own.
	dayNamed bool
	// grid: an opening or closing balance label on a line of labels
	// without any amount, whose value may stand under it (gridValue).
	grid []gridLabel
	// inBlock: the line read belongs to a mid-row block (midRowBlocks),
	// which, not the gap to the line before, ends the transaction.
	inBlock bool
	// orphans are the indexes in out.Transactions of orphan rows.
	orphans []int
	// rangeFrom and rangeTo are the first range of two dates printed
	// above a table with no label ("01.03.2024 - 31.03.2024"): the
	// period when no labelled one is found.
	rangeFrom, rangeTo string
	// lines and li are the page's lines and the index of the one row
	// reads, for the rules that look below it.
	lines []*line
	li    int
	// numberYear is the year of the statement's number ("Auszug
	// 12/2023"), 0 when none was printed.
	numberYear int
	// monthYear is the first month named with its year outside the rows
	// ("MESE DI GIUGNO 2023", "März 2024"), "2023-06".
	monthYear string
	// descAbove: the table prints each transaction's description above
	// its line of date and amount (descAboveRows); pendAbove holds the
	// text lines read since the last transaction, the next one's.
	descAbove bool
	pendAbove []string
	// amountLast: on this page most dated rows print their amount on a
	// line below the date line, closing the transaction (amountsClose).
	amountLast bool
	// rowDay is the last date read in the date column of a table line
	// (a transaction's or a balance row's): the date of the rows below
	// printed without one (a day's date printed on its first row only).
	rowDay   string
	rowDayDM [2]int
	// dateUnder: the table prints each row's date under its first line,
	// which holds the amount (dateUnderRows).
	dateUnder bool
	// marks: how each transaction's amount was printed (txn.mark), in
	// the order of out.Transactions.
	marks []int8
	// balMark is the mark of the balance setBalance is given; openMark
	// and closeMark those of the balances it set (cardFrame).
	balMark, openMark, closeMark int8
	// balByColumn: the balance setBalance is given took its sign from the
	// debit column it stands in, printed unsigned; closeByColumn: so did
	// the closing balance it set (signByColumn).
	balByColumn, closeByColumn bool
	// card: the statement names a card account's minimum payment, or
	// its credit limit and the credit available (cardWords).
	card     bool
	cardSeen map[string]bool
	// bareOpening: the opening balance came from a balance label that
	// says neither opening nor closing and has no date, printed before
	// the table ("Kontostand 1.234,56 EUR"; newestFirst).
	bareOpening bool
}

// gridLabel is a balance label set over its value: its kind, the cell
// it stands in and the bottom of its line.
type gridLabel struct {
	k      rowKind
	x0, x1 float64
	y1     float64
}

// gridValue reads balances printed under their labels, as a grid of
// labels over values ("Auszug Seite von IBAN Alter Saldo per 31.03.2024"
// over "3 1 2 DE12 ... EUR + 1.234,56", "Filialnummer Kontonummer Neuer
// Saldo" over its values, "Alter Kontostand  Neuer Kontostand" over both
// balances): a line that holds opening or closing labels and no amount
// leaves each label's cell; on the line right below (less than one and a
// half of its height down) the amount whose box overlaps a cell is that
// label's balance. A label that does not say which balance ("Kontostand
// am 31.03.2024") counts only with its date: the first of two such labels
// is the opening balance, the second the closing one. Any other line
// drops the labels.
func (x *extractor) gridValue(l *line) {
	if gs := x.grid; gs != nil {
		x.grid = nil
		took := false
		if l.y0-gs[0].y1 < 1.5*l.size {
			for _, g := range gs {
				for i := 0; i < len(l.words); i++ {
					m, ok := amountAt(l.words, i)
					if !ok {
						continue
					}
					x0 := l.words[m.used[0]].X0
					if x0 < g.x1 && m.x1 > g.x0 {
						x.lineCurrency(l.words)
						x.balMark = m.mark()
						x.setBalance(g.k, m.v)
						took = true
						break
					}
					i = m.used[len(m.used)-1]
				}
			}
		}
		if took {
			return
		}
	}
	fw := l.folded()
	if k := kindOf(fw); k != rowOpening && k != rowClosing && k != rowBalance {
		return
	}
	for i := range l.words {
		if _, ok := amountAt(l.words, i); ok {
			return
		}
	}
	// Every label of the line, longest first at each word.
	var gs []gridLabel
	generic := 0
	for i := 0; i < len(fw); i++ {
		k, n := rowOther, 0
		for _, set := range []struct {
			k      rowKind
			labels []string
		}{{rowOpening, openingLabels}, {rowClosing, closingLabels}, {rowBalance, balanceLabels}} {
			for _, lb := range set.labels {
				lw := strings.Fields(lb)
				if len(lw) > n && i+len(lw) <= len(fw) && strings.Join(fw[i:i+len(lw)], " ") == lb {
					k, n = set.k, len(lw)
				}
			}
		}
		if n == 0 {
			continue
		}
		// The label's cell: its words and those set close after it.
		end := i + n
		x0, x1 := l.words[i].X0, l.words[end-1].X1
		for end < len(l.words) && l.words[end].X0-x1 < 0.9*l.size {
			x1 = l.words[end].X1
			end++
		}
		if k == rowBalance {
			// only with a date in its cell
			toks := l.tokens()
			if len(textparse.FindDates(toks[i+n:end], x.order)) == 0 {
				i = end - 1
				continue
			}
			generic++
		}
		gs = append(gs, gridLabel{k: k, x0: x0, x1: x1, y1: l.y1})
		i = end - 1
	}
	if generic == 2 && len(gs) == 2 {
		gs[0].k, gs[1].k = rowOpening, rowClosing
	}
	if len(gs) > 0 {
		x.grid = gs
	}
}

type txn struct {
	t    docextract.Transaction
	desc []string
	ref  []string
	// dm and vdm are a date and value date printed without a year.
	dm, vdm [2]int
	// open: a date line without an amount whose amount is still to come
	// on a line below (printed on the transaction's last line).
	open bool
	// above counts the description lines read from above the date line
	// (a mid-row block), kept before the date line's text.
	above int
	// cells are the description's text cells with their left edges, and
	// sideBySide is set when a line held two of them apart by a wide gap
	// (payee and purpose printed side by side, each over several lines):
	// the description is then read column by column (columnText).
	cells      []descCell
	sideBySide bool
	// orphan: an amount row without a date (OCR dropped it, or it was
	// never printed), kept only when the balances need it (resolveOrphans).
	orphan bool
	// day, dayDM: for an orphan, the last date printed above it in the
	// date column (extractor.rowDay when it was read).
	day   string
	dayDM [2]int
	// mark: how the amount was printed (markNone, ...), markUnknown when
	// a debit or credit column signed it.
	mark int8
}

// descCell is one cell of description text on a transaction line.
type descCell struct {
	x0, h float64
	text  string
}

// columnText joins the description cells column by column: each cell
// goes to the column whose first cell starts within one and a half line
// heights of it, columns are read left to right, each top to bottom. A
// payee that wraps in its column beside a purpose that wraps in the next
// stays in one piece ("AMAZON EU S.A R.L., NIEDERLASSUNG" over
// "DEUTSCHLAND" beside "EREF: 302-...").
func columnText(cells []descCell) string {
	type col struct {
		x0    float64
		parts []string
	}
	var cols []*col
	for _, c := range cells {
		var to *col
		for _, k := range cols {
			if abs(k.x0-c.x0) < 1.5*c.h {
				to = k
				break
			}
		}
		if to == nil {
			to = &col{x0: c.x0}
			cols = append(cols, to)
		}
		to.parts = append(to.parts, c.text)
	}
	sort.SliceStable(cols, func(i, j int) bool { return cols[i].x0 < cols[j].x0 })
	var out []string
	for _, k := range cols {
		out = append(out, strings.Join(k.parts, " "))
	}
	return strings.Join(out, " ")
}

// pendingDate is a transaction date printed without its year: month, day
// and where to write the completed date.
type pendingDate struct {
	txn, month, day int
	value           bool
}

// noteDates records the full dates of a line outside the transaction rows.
func (x *extractor) noteDates(toks []string) {
	for _, m := range textparse.FindDates(toks, x.order) {
		if x.minDate == "" || m.ISO < x.minDate {
			x.minDate = m.ISO
		}
		if m.ISO > x.maxDate {
			x.maxDate = m.ISO
		}
	}
}

// completeDates gives the rows printed without a year the year that puts
// them inside the statement period (or the span of the dates printed
// around the table). Without any full date they stay null.
func (x *extractor) completeDates() {
	g := &x.out.General
	lo, hi := x.minDate, x.maxDate
	if g.PeriodStart != nil && g.PeriodEnd != nil {
		lo, hi = *g.PeriodStart, *g.PeriodEnd
	}
	if lo == "" && x.monthYear != "" {
		// No full date printed anywhere but a month named with its year
		// in the heading ("MESE DI GIUGNO 2023", "Month of March 2024"):
		// the rows are of that month, or nearest it.
		if t, err := time.Parse("2006-01", x.monthYear); err == nil {
			lo, hi = t.Format(time.DateOnly), t.AddDate(0, 1, -1).Format(time.DateOnly)
		}
	}
	if lo == "" && x.numberYear > 0 {
		// No full date printed anywhere but the statement's number
		// ("Kontoauszug Nr. 12/2023"): the rows are of its year.
		lo, hi = strconv.Itoa(x.numberYear)+"-01-01", strconv.Itoa(x.numberYear)+"-12-31"
	}
	for _, p := range x.pending {
		t := &x.out.Transactions[p.txn]
		l, h := lo, hi
		if p.value && t.Date != nil && len(*t.Date) == len(time.DateOnly) {
			// a value date is the one nearest its booking date
			l, h = *t.Date, *t.Date
		}
		iso, ok := textparse.DateInPeriod(p.month, p.day, l, h)
		if !ok {
			continue
		}
		if p.value {
			t.ValueDate = docextract.Str(iso)
		} else {
			t.Date = docextract.Str(iso)
		}
	}
}

func (x *extractor) flush() {
	if x.cur == nil {
		return
	}
	if x.cur.open {
		x.cur = nil // a date and text, but no amount came: no transaction
		return
	}
	x.cur.t.Description = docextract.Str(strings.Join(x.cur.desc, " "))
	if x.cur.sideBySide && x.cur.above == 0 {
		x.cur.t.Description = docextract.Str(columnText(x.cur.cells))
	}
	x.cur.t.Reference = docextract.Str(strings.Join(x.cur.ref, " "))
	n := len(x.out.Transactions)
	x.carriedAfter = true
	if x.cur.dm[0] > 0 {
		x.pending = append(x.pending, pendingDate{txn: n, month: x.cur.dm[0], day: x.cur.dm[1]})
	}
	if x.cur.vdm[0] > 0 {
		x.pending = append(x.pending, pendingDate{txn: n, month: x.cur.vdm[0], day: x.cur.vdm[1], value: true})
	}
	if x.cur.orphan {
		x.orphans = append(x.orphans, n)
		// Kept, an orphan row is of the last date printed above it in
		// the date column (a day's date printed on its first row only).
		if x.cur.day != "" {
			x.cur.t.Date = docextract.Str(x.cur.day)
		} else if x.cur.dayDM[0] > 0 {
			x.pending = append(x.pending, pendingDate{txn: n, month: x.cur.dayDM[0], day: x.cur.dayDM[1]})
		}
	}
	x.out.Transactions = append(x.out.Transactions, x.cur.t)
	x.marks = append(x.marks, x.cur.mark)
	x.cur = nil
}

// resolveOrphans keeps the orphan rows (amount rows without a date) only
// when the statement's balances need them: opening balance + the
// transactions reaches the closing balance with them (after mendSigns) and
// not without them. Kept, they are transactions without a date; else they
// are dropped, as a row without a date always was. It reports whether any
// was kept.
func (x *extractor) resolveOrphans() bool {
	if len(x.orphans) == 0 {
		return false
	}
	all := x.out.Transactions
	isOrphan := map[int]bool{}
	for _, i := range x.orphans {
		isOrphan[i] = true
	}
	var without []docextract.Transaction
	var marks []int8
	for i, t := range all {
		if !isOrphan[i] {
			without = append(without, t)
			marks = append(marks, x.marks[i])
		}
	}
	reaches := func(txns []docextract.Transaction) bool {
		st := *x.out
		st.Transactions = append([]docextract.Transaction(nil), txns...)
		mendSigns(&st)
		return reconciles(&st)
	}
	if x.out.General.OpeningBalance != nil && x.out.General.ClosingBalance != nil && !reaches(without) && reaches(all) {
		return true
	}
	if without == nil {
		without = []docextract.Transaction{}
	}
	x.out.Transactions, x.marks = without, marks
	return false
}

// reconciles reports whether opening balance + the transactions' amounts
// is the closing balance.
func reconciles(st *docextract.BankStatementData) bool {
	g := &st.General
	if g.OpeningBalance == nil || g.ClosingBalance == nil {
		return false
	}
	sum := g.OpeningBalance.Decimal
	for _, t := range st.Transactions {
		if t.Amount == nil {
			return false
		}
		sum = sum.Add(t.Amount.Decimal)
	}
	return sum.Equal(g.ClosingBalance.Decimal)
}

func (x *extractor) page(p *layout.Page, pageLines []layout.Line, first bool) {
	x.ocr = p.OCR
	x.lines = nil
	lines := buildLines(p, pageLines)
	hdr := -1
	for i, l := range lines {
		t := headerOf(l)
		if t == nil && i > 0 {
			t = headerOf(stackedHeader(lines[i-1], l))
		}
		if t != nil {
			x.tab, hdr = t, i
			break
		}
	}
	if hdr < 0 {
		for i, l := range lines {
			if t := headerNoDate(l, 2); t != nil {
				x.tab, hdr = t, i
				break
			}
		}
	}
	if hdr < 0 {
		// One amount column under a header with no date title: read when
		// the rows below are grouped under day headings ("jeudi 3 août
		// 2023" alone on its line), which give their dates.
		for i, l := range lines {
			if t := headerNoDate(l, 1); t != nil && slices.ContainsFunc(lines[i+1:], func(l *line) bool {
				_, ok := dayHeading(l, x.order)
				return ok
			}) {
				x.tab, hdr = t, i
				break
			}
		}
	}
	start, titled := hdr+1, hdr >= 0
	if hdr < 0 && x.tab == nil {
		// No column titles this bank's way: find the table by its rows.
		if t, at := inferTable(lines, p.Width, x.order); t != nil {
			x.tab, hdr, start = t, at-1, at
		}
	}
	var blocks [][]int
	if x.tab != nil {
		x.tab.order = x.order
		blocks, start = midRowBlocks(lines, start, hdr, titled, x.tab, x.ocr)
	}
	x.pendAbove = nil
	if x.tab == nil || blocks != nil {
		x.amountLast = false
	} else if on, below := amountsClose(lines, start, x.tab); on+below >= 2 {
		// (A page with fewer dated rows keeps the last page's finding:
		// a day's rows may fill a page under one date.)
		x.amountLast = below >= 2 && 2*below >= on
	}
	if x.tab == nil || blocks != nil {
		x.dateUnder = false
	} else if under, ok := dateUnderRows(lines, start, x.tab); ok {
		x.dateUnder = under
	}
	if x.tab != nil && blocks == nil {
		if above, ok := x.descAboveRows(lines, start); ok {
			x.descAbove = above
		}
	}
	for i, l := range lines {
		x.gridValue(l)
		if i == hdr && titled {
			x.currencyFromHeader(l)
			x.sectionAbove(lines, i)
			continue
		}
		if i > start && titled && blocks == nil {
			// Another table under its own header on the page (a US
			// statement's sections: "CHECK NO. DESCRIPTION DATE PAID
			// AMOUNT" under "DATE DESCRIPTION AMOUNT"): its columns
			// replace the table's, from this line down.
			if t := headerOf(l); t != nil {
				x.flush()
				t.order = x.order
				x.tab = t
				x.currencyFromHeader(l)
				x.sectionAbove(lines, i)
				continue
			}
		}
		if i < start || x.tab == nil {
			// A table found by its rows starts at its first row: a day
			// heading right above it dates that row.
			if d, ok := dayHeading(l, x.order); ok && i == hdr && !titled {
				x.day = d
				x.dayNamed = weekdays[strings.Trim(textparse.Fold(l.words[0].Text), ",.")]
				continue
			}
			x.general(l, first)
			x.balances(l)
			continue
		}
		x.footerIBAN(p, l)
		if blocks != nil {
			break
		}
		x.lines, x.li = lines, i
		x.row(l)
	}
	for _, b := range blocks {
		x.block(lines, b)
	}
	// A transaction never continues across a page break by itself: the
	// next page repeats the header and a date starts each row. Keep the
	// current one open for continuation lines only within this page.
	x.flush()
}

// midRowBlocks splits the table lines from start into row blocks when a
// page sets each row's date and amount in the middle of its text block
// (a browser print of an online-banking list: the booking text above the
// date line, the purpose below). It engages only on clear evidence: the
// gaps between lines fall in two groups, lines of a block apart by under
// a quarter of a line height (or overlapping), blocks by over 0.3 of it,
// with no gap in between; and in at least three blocks, and most of those holding a
// date line, text lines stand above the date line. Otherwise it returns
// nil and start unchanged. A text line right above the first row (before
// start, after the header) joins that row's block.
func midRowBlocks(lines []*line, start, hdr int, titled bool, t *table, ocr bool) ([][]int, int) {
	if start < 0 || start >= len(lines) {
		return nil, start
	}
	dateAt := func(l *line) bool {
		ws := l.words
		if len(ws) == 0 {
			return false
		}
		dc := t.col(colDate)
		if dc != nil && (ws[0].X0 < dc.lo || ws[0].X0 >= dc.hi) {
			return false
		}
		rest := make([]int, len(ws))
		for i := range rest {
			rest[i] = i
		}
		return len(rowDates(ws, rest, 0, t.order)) > 0
	}
	textOnly := func(l *line) bool {
		if dateAt(l) || kindOf(l.folded()) != rowOther {
			return false
		}
		a, _ := t.lineAmounts(l.words)
		if len(a) > 0 {
			return false
		}
		if d := t.col(colDesc); d != nil && len(l.words) > 0 && l.words[0].X0 < d.lo-0.5*l.size {
			return false
		}
		return true
	}
	within := ocrBlockGap(lines[start:], ocr)
	small := func(a, b *line) int { // 1: within a block, 2: between, 0: unclear
		g := b.y0 - a.y1
		if within > 0 {
			if g < within {
				return 1
			}
			return 2
		}
		switch {
		case g < 0.25*a.size:
			return 1
		case g > 0.3*a.size:
			return 2
		}
		return 0
	}
	split := func(from int) [][]int {
		var blocks [][]int
		cur := []int{from}
		for i := from + 1; i < len(lines); i++ {
			switch small(lines[i-1], lines[i]) {
			case 0:
				return nil
			case 2:
				blocks = append(blocks, cur)
				cur = nil
			}
			cur = append(cur, i)
		}
		return append(blocks, cur)
	}
	blocks := split(start)
	dated, mid := 0, 0
	for _, b := range blocks {
		for k, i := range b {
			if dateAt(lines[i]) {
				dated++
				if k > 0 && textOnly(lines[b[0]]) {
					mid++
				}
				break
			}
		}
	}
	if mid < 3 || mid*2 <= dated {
		return nil, start
	}
	// The rows above the first one found: the text lines of its block,
	// and whole blocks above that hold a date line and no balance or
	// header row (a row whose amount is not on its date line).
	floor := 0
	if titled {
		floor = hdr + 1
	}
	lo := start
	for lo > floor && textOnly(lines[lo-1]) && small(lines[lo-1], lines[lo]) == 1 {
		lo--
	}
	for lo > floor && small(lines[lo-1], lines[lo]) == 2 {
		k := lo - 1
		for k > floor && small(lines[k-1], lines[k]) == 1 {
			k--
		}
		ok := false
		for i := k; i < lo; i++ {
			if kindOf(lines[i].folded()) != rowOther || headerOf(lines[i]) != nil {
				ok = false
				break
			}
			ok = ok || dateAt(lines[i])
		}
		if !ok {
			break
		}
		lo = k
	}
	if lo < start {
		if b := split(lo); b != nil {
			return b, lo
		}
	}
	return blocks, start
}

// ocrBlockGap is the gap below which two lines of an OCR page belong to
// one row block, or 0 when the page is no OCR page or its gaps do not
// fall in two clear groups. OCR boxes hug the ink, so a line of lower
// case letters stands further from its neighbours than one with capitals
// and descenders, and fixed shares of a line's height do not separate the
// gaps inside a block from those between blocks. The gaps, each at least
// 0.15 of the median line height, are sorted; the widest ratio between
// neighbours splits them, when the larger is 1.5 times the smaller or
// more and both groups hold three gaps or more.
func ocrBlockGap(lines []*line, ocr bool) float64 {
	if !ocr || len(lines) < 7 {
		return 0
	}
	sizes := make([]float64, len(lines))
	for i, l := range lines {
		sizes[i] = l.size
	}
	sort.Float64s(sizes)
	floor := 0.15 * sizes[len(sizes)/2]
	var gaps []float64
	for i := 1; i < len(lines); i++ {
		gaps = append(gaps, max(lines[i].y0-lines[i-1].y1, floor))
	}
	sort.Float64s(gaps)
	best, at := 0.0, -1
	for k := 2; k+3 < len(gaps); k++ {
		if r := gaps[k+1] / gaps[k]; r > best {
			best, at = r, k
		}
	}
	if at < 0 || best < 1.5 {
		return 0
	}
	return (gaps[at] + gaps[at+1]) / 2
}

// block reads one row block of a mid-row page: the date line first, then
// the lines above it (their text put before the date line's), then those
// below; the block's end ends the transaction.
func (x *extractor) block(lines []*line, b []int) {
	x.flush()
	d := -1
	for k, i := range b {
		ws := lines[i].words
		rest := make([]int, len(ws))
		for j := range rest {
			rest[j] = j
		}
		if len(ws) > 0 && len(rowDates(ws, rest, 0, x.order)) > 0 {
			d = k
			break
		}
	}
	if d <= 0 {
		x.inBlock = true
		for _, i := range b {
			x.row(lines[i])
		}
		x.inBlock = false
		x.flush()
		return
	}
	x.inBlock = true
	x.row(lines[b[d]])
	for k, i := range b {
		if k == d {
			continue
		}
		if k < d && x.cur != nil {
			n := len(x.cur.desc)
			x.row(lines[i])
			if x.cur != nil && len(x.cur.desc) == n+1 && x.cur.above < n {
				last := x.cur.desc[n]
				copy(x.cur.desc[x.cur.above+1:], x.cur.desc[x.cur.above:n])
				x.cur.desc[x.cur.above] = last
				x.cur.above++
			} else if x.cur != nil && len(x.cur.desc) == n+1 {
				x.cur.above++
			}
			continue
		}
		x.row(lines[i])
	}
	x.inBlock = false
	x.flush()
}

// inferTable finds a transaction table that has no recognisable column
// titles, from its rows: lines that start (in the left quarter of the page)
// with a date and end with an amount in the right half. At least two such
// rows are needed. The date column starts at their dates, a second date
// in most rows makes a value-date column, the words after the dates a
// description column, and the amounts' right edges give the amount
// columns: one edge is a signed amount column; two are debit and credit
// when a row fills one of them, amount and balance when rows fill both;
// three are debit, credit and balance. It returns the table and the index
// of its first row.
func inferTable(lines []*line, pageW float64, order textparse.DateOrder) (*table, int) {
	if pageW <= 0 {
		pageW = 595
	}
	type cand struct {
		li                int
		dateX, valX, txtX float64
		hasVal            bool
		edges             []float64
		sizes             []float64
		dirX              float64 // an "Af"/"Bij" word before the amount, or -1
	}
	// rowCand reads line l as a row whose date is its word at: a date, an
	// optional value date (beside it, or right of the text before the
	// amounts: "Valuta" columns), text, amounts in the right half.
	rowCand := func(li int, l *line, at int) (cand, bool) {
		ws := l.words
		rest := make([]int, len(ws))
		for i := range rest {
			rest[i] = i
		}
		ds := rowDates(ws, rest, at, order)
		if len(ds) == 0 {
			return cand{}, false
		}
		c := cand{li: li, dateX: ws[at].X0, valX: -1, txtX: -1, dirX: -1}
		next := at + ds[0].n
		if len(ds) == 2 {
			c.hasVal = true
			c.valX = ws[at].X0
		} else if next < len(ws) {
			if d2 := rowDates(ws, rest, next, order); len(d2) == 1 {
				c.hasVal, c.valX = true, ws[next].X0
				next += d2[0].n
			}
		}
		switch {
		case at > 0:
			c.txtX = ws[0].X0 // the text before the date (N26)
		case next < len(ws):
			c.txtX = ws[next].X0
		}
		shortDate := ds[0].iso == "" // "03.07": a value date may look like an amount
		var amts []int
		for i := next; i < len(ws); i++ {
			if m, ok := amountAt(ws, i); ok && m.x1 > pageW/2 {
				amts = append(amts, i)
				i = m.used[len(m.used)-1]
			}
		}
		for k, i := range amts {
			m, _ := amountAt(ws, i)
			if shortDate && !c.hasVal && k+1 < len(amts) && len(m.used) == 1 {
				if _, _, ok := textparse.ParseDayMonth(ws[i].Text, order); ok && !strings.ContainsAny(ws[i].Text, "+"+textparse.Minuses) {
					c.hasVal, c.valX = true, ws[i].X0
					continue
				}
			}
			c.edges = append(c.edges, m.x1)
			c.sizes = append(c.sizes, m.x1-ws[m.used[0]].X0)
			if k == 0 && m.used[0] > next {
				if w := ws[m.used[0]-1]; dirWord(w.Text) != 0 && m.used[0]-1 > next {
					c.dirX = w.X0
				}
			}
		}
		if len(c.edges) == 0 || c.txtX < 0 {
			return cand{}, false
		}
		return c, true
	}
	var cs []cand
	for li, l := range lines {
		ws := l.words
		if len(ws) < 3 || ws[0].X0 > pageW/4 || kindOf(l.folded()) != rowOther {
			continue
		}
		if c, ok := rowCand(li, l, 0); ok {
			cs = append(cs, c)
		}
	}
	if len(cs) < 2 {
		// The date not first: "Description  Booking date  Amount" (N26).
		// Rows whose date stands at one x, after text, before amounts.
		cs = cs[:0]
		for li, l := range lines {
			ws := l.words
			if len(ws) < 3 || ws[0].X0 > pageW/4 || kindOf(l.folded()) != rowOther {
				continue
			}
			for at := 1; at < len(ws) && at <= 8; at++ {
				if ws[at].X0-ws[at-1].X1 < 2*l.size || !hasDigitStr(ws[at].Text) {
					continue
				}
				if c, ok := rowCand(li, l, at); ok {
					cs = append(cs, c)
					break
				}
			}
		}
		if len(cs) >= 2 {
			xs := make([]float64, len(cs))
			for i, c := range cs {
				xs[i] = c.dateX
			}
			sort.Float64s(xs)
			med := xs[len(xs)/2]
			keep := cs[:0]
			for _, c := range cs {
				if abs(c.dateX-med) < 2*lines[c.li].size {
					keep = append(keep, c)
				}
			}
			cs = keep
		}
	}
	if len(cs) < 2 {
		return nil, 0
	}
	size := lines[cs[0].li].size
	// Cluster the amounts' right edges.
	type cluster struct {
		x1, x0 float64
		n      int
	}
	var cl []cluster
	filled := 0 // rows with amounts in two or more clusters
	for _, c := range cs {
		hit := map[int]bool{}
		for k, e := range c.edges {
			found := -1
			for j := range cl {
				if abs(cl[j].x1-e) < 1.5*size {
					found = j
					break
				}
			}
			if found < 0 {
				cl = append(cl, cluster{x1: e, x0: e - c.sizes[k]})
				found = len(cl) - 1
			}
			cl[found].n++
			cl[found].x0 = min(cl[found].x0, e-c.sizes[k])
			hit[found] = true
		}
		if len(hit) >= 2 {
			filled++
		}
	}
	// Clusters of a single stray amount are noise.
	var keep []cluster
	for _, c := range cl {
		if c.n >= 2 || len(cs) == 2 {
			keep = append(keep, c)
		}
	}
	if len(keep) == 0 || len(keep) > 3 {
		return nil, 0
	}
	sort.Slice(keep, func(i, j int) bool { return keep[i].x1 < keep[j].x1 })
	var kinds []colKind
	switch len(keep) {
	case 1:
		kinds = []colKind{colAmount}
	case 2:
		kinds = []colKind{colDebit, colCredit}
		if filled*2 > len(cs) {
			kinds = []colKind{colAmount, colBalance}
		}
	case 3:
		kinds = []colKind{colDebit, colCredit, colBalance}
	}
	med := func(get func(cand) float64) float64 {
		var v []float64
		for _, c := range cs {
			if x := get(c); x >= 0 {
				v = append(v, x)
			}
		}
		sort.Float64s(v)
		return v[len(v)/2]
	}
	t := &table{y: lines[cs[0].li].y0}
	minDate := cs[0].dateX
	vals := 0
	for _, c := range cs {
		minDate = min(minDate, c.dateX)
		if c.hasVal && c.valX > c.dateX {
			vals++
		}
	}
	t.cols = append(t.cols, column{kind: colDate, x0: minDate, x1: minDate})
	if vals*2 > len(cs) {
		vx := med(func(c cand) float64 {
			if c.hasVal && c.valX > c.dateX {
				return c.valX
			}
			return -1
		})
		t.cols = append(t.cols, column{kind: colValue, x0: vx, x1: vx})
	}
	tx := med(func(c cand) float64 { return c.txtX })
	if tx >= keep[0].x0 {
		return nil, 0
	}
	t.cols = append(t.cols, column{kind: colDesc, x0: tx, x1: tx})
	dirs := 0
	for _, c := range cs {
		if c.dirX >= 0 {
			dirs++
		}
	}
	if dirs*2 > len(cs) {
		dx := med(func(c cand) float64 { return c.dirX })
		t.cols = append(t.cols, column{kind: colDir, x0: dx, x1: dx})
	}
	for i, c := range keep {
		t.cols = append(t.cols, column{kind: kinds[i], x0: c.x0, x1: c.x1})
	}
	sort.Slice(t.cols, func(i, j int) bool { return t.cols[i].x0 < t.cols[j].x0 })
	for i := range t.cols {
		c := &t.cols[i]
		c.lo = c.x0 - 3
		if i == 0 {
			c.lo = -1e9
		}
		c.hi = 1e9
		if i+1 < len(t.cols) {
			c.hi = t.cols[i+1].x0 - 3
		}
	}
	return t, cs[0].li
}

// headerOf recognises the table header line.
func headerOf(l *line) *table {
	var cells []cell
	for _, c := range titleCells(l.words, l.size) {
		cells = append(cells, splitGlued(c)...)
	}
	t := &table{y: l.y1}
	seen := map[colKind]bool{}
	for _, c := range cells {
		k := classifyHeader(c.text)
		if k == 0 || seen[k] && k != colAside {
			// Two date-like columns: the second is the value date.
			if k == colDate && seen[colDate] && !seen[colValue] {
				k = colValue
			} else {
				continue
			}
		}
		seen[k] = true
		t.cols = append(t.cols, column{kind: k, x0: c.x0, x1: c.x1})
	}
	hasNum := false
	for k := range seen {
		hasNum = hasNum || k.numeric()
	}
	if len(t.cols) < 3 || !seen[colDate] || !hasNum || (!seen[colDesc] && len(t.cols) < 4) {
		return nil
	}
	sort.Slice(t.cols, func(i, j int) bool { return t.cols[i].x0 < t.cols[j].x0 })
	for i := range t.cols {
		c := &t.cols[i]
		c.lo = c.x0 - 3
		if i == 0 {
			c.lo = -1e9
		}
		c.hi = 1e9
		if i+1 < len(t.cols) {
			c.hi = t.cols[i+1].x0 - 3
		}
	}
	return t
}

// headerNoDate recognises a header line with no date title whose first
// title is the description's, over minNums amount columns or more
// ("Description Incoming Outgoing Balance"): the rows then print their
// date at the start of a line of the description column (under the
// description's first line, or before it), or under day headings. Only a
// page with no header that has a date title reads one.
func headerNoDate(l *line, minNums int) *table {
	cells := cellsOf(l.words, l.size)
	t := &table{y: l.y1, leadDate: true}
	seen := map[colKind]bool{}
	nums := 0
	for i, c := range cells {
		k := classifyHeader(c.text)
		if k == 0 || seen[k] || k == colDate || k == colValue || (i == 0) != (k == colDesc) {
			return nil
		}
		seen[k] = true
		if k.numeric() {
			nums++
		}
		t.cols = append(t.cols, column{kind: k, x0: c.x0, x1: c.x1})
	}
	if nums < minNums {
		return nil
	}
	for i := range t.cols {
		c := &t.cols[i]
		c.lo, c.hi = c.x0-3, 1e9
		if i == 0 {
			c.lo = -1e9
		}
		if i+1 < len(t.cols) {
			c.hi = t.cols[i+1].x0 - 3
		}
	}
	return t
}

// stackedHeader joins a header printed over two lines ("Date" over
// "opé.", "Data" over "valuta", the other titles on the lower line) into
// one line of titles, the upper word put before the lower one it stands
// over. It does so only when the upper line is set close above the lower
// one (within 0.6 of a line height), holds at most 12 words and every
// upper word stands over a lower word; otherwise it returns lo unchanged.
func stackedHeader(up, lo *line) *line {
	if len(up.words) == 0 || len(up.words) > min(len(lo.words), 12) || lo.y0-up.y1 > 0.6*lo.size || lo.y0 < up.y1-0.5*lo.size {
		return lo
	}
	ws := append([]layout.Word(nil), lo.words...)
	for _, u := range up.words {
		hit := -1
		for i, w := range ws {
			if u.X0 < w.X1 && w.X0 < u.X1 {
				if hit >= 0 {
					return lo
				}
				hit = i
			}
		}
		if hit < 0 || lo.words[hit].Text != ws[hit].Text {
			return lo
		}
		ws[hit].Text = u.Text + " " + ws[hit].Text
		ws[hit].X0, ws[hit].X1 = min(ws[hit].X0, u.X0), max(ws[hit].X1, u.X1)
	}
	return &line{words: ws, y0: up.y0, y1: lo.y1, size: lo.size}
}

type cell struct {
	text   string
	x0, x1 float64
}

// splitGlued splits a header cell that is no column title into titles
// printed without a gap between them, which a PDF reader returns as one
// word ("BuchungstagWertstellung"): at each lower-to-upper case change,
// when every part is a title. The parts' edges are shared out by length.
func splitGlued(c cell) []cell {
	if classifyHeader(c.text) != 0 {
		return []cell{c}
	}
	rs := []rune(c.text)
	var parts []string
	start := 0
	for i := 1; i < len(rs); i++ {
		if unicode.IsLower(rs[i-1]) && unicode.IsUpper(rs[i]) {
			parts = append(parts, string(rs[start:i]))
			start = i
		}
	}
	if len(parts) == 0 {
		return []cell{c}
	}
	parts = append(parts, string(rs[start:]))
	for _, p := range parts {
		if classifyHeader(p) == 0 {
			return []cell{c}
		}
	}
	out := make([]cell, 0, len(parts))
	per := (c.x1 - c.x0) / float64(len(rs))
	x := c.x0
	for _, p := range parts {
		w := per * float64(len([]rune(p)))
		out = append(out, cell{text: p, x0: x, x1: x + w})
		x += w
	}
	return out
}

// titleCells is cellsOf for a header line, except that a cell which is
// no column title but whose every word is one on its own is split into
// its words: titles set closer than a wide gap ("Belegdatum
// Buchungsdatum Umsatzbeschreibung" in a narrow card statement's
// header) are still columns of their own.
func titleCells(ws []layout.Word, size float64) []cell {
	var out []cell
	var run []layout.Word
	end := func() {
		if len(run) == 0 {
			return
		}
		c := cellsOf(run, size)[0]
		split := len(run) > 1 && classifyHeader(c.text) == 0
		for _, w := range run {
			split = split && classifyHeader(w.Text) != 0
		}
		if split {
			for _, w := range run {
				out = append(out, cell{w.Text, w.X0, w.X1})
			}
		} else {
			out = append(out, c)
		}
		run = run[:0]
	}
	for _, w := range ws {
		if n := len(run); n > 0 && w.X0-run[n-1].X1 >= 0.9*size {
			end()
		}
		run = append(run, w)
	}
	end()
	return out
}

// cellsOf joins words separated by less than a wide gap.
func cellsOf(ws []layout.Word, size float64) []cell {
	var out []cell
	for _, w := range ws {
		if n := len(out); n > 0 && w.X0-out[n-1].x1 < 0.9*size {
			out[n-1].text += " " + w.Text
			out[n-1].x1 = w.X1
			continue
		}
		out = append(out, cell{w.Text, w.X0, w.X1})
	}
	return out
}

// reAmount matches an amount word: a sign before or after (the hyphen, the
// minus sign, the dashes OCR reads a minus as: "—1.269,35"), parentheses,
// grouped or plain digits and two decimals.
var reAmount = regexp.MustCompile(`^[+` + signClass + `]?\(?[+` + signClass + `]?(\d{1,3}(?:[.,' ]\d{3})+|\d+)[.,]\d{2}\)?[+` + signClass + `]?$`)

// signClass is textparse.Minuses inside a regexp character class.
var signClass = strings.ReplaceAll(textparse.Minuses, "-", `\-`)

// money is an amount found on a line.
type money struct {
	v    decimal.Decimal
	x1   float64
	used []int // word indexes
	// negative: printed with a minus or a debit marker.
	negative bool
	// positive: printed with a plus or a credit marker ("+1.247,74",
	// "+ 2.853,82", "12,00 H").
	positive bool
	// word: -1 a debit word marks it ("S", "DR", "D"), +1 a credit word
	// ("H", "CR", "C"), 0 none.
	word int
}

// Marks: how an amount was printed, for the card frame (cardFrame).
const (
	markUnknown int8 = iota // not read from a single amount column
	markNone                // no sign, no marker
	markMinus               // a minus sign
	markPlus                // a plus sign
	markDebit               // a debit word after it ("DR", "S")
	markCredit              // a credit word after it ("CR", "H")
)

// mark is how m was printed.
func (m money) mark() int8 {
	switch {
	case m.word < 0:
		return markDebit
	case m.word > 0:
		return markCredit
	case m.negative:
		return markMinus
	case m.positive:
		return markPlus
	}
	return markNone
}

// amountAt parses the amount starting at word i, with a following
// Soll/Haben, DR/CR or Af/Bij marker ("7.255,98 Af" under a Dutch
// statement's "Bedrag | Af/Bij" columns).
func amountAt(ws []layout.Word, i int) (money, bool) {
	s := ws[i].Text
	if _, rest, ok := gluedCurrency(s); ok {
		s = rest // "US$119.57", "EUR12,34"
	}
	for _, cur := range []string{"€", "£", "$"} {
		s = strings.TrimPrefix(strings.TrimSuffix(s, cur), cur)
		// "-£7,764.61", "+1.234,56€": the sign before the symbol.
		for _, sign := range "+" + textparse.Minuses {
			if rest, ok := strings.CutPrefix(s, string(sign)+cur); ok {
				s = string(sign) + rest
			}
		}
	}
	// "45,99S", "1.234,56H": the Soll/Haben marker glued to the number.
	glued := 0
	if n := len(s); n > 4 && (s[n-1] == 'S' || s[n-1] == 'H') && reAmount.MatchString(s[:n-1]) {
		glued = 1
		if s[n-1] == 'S' {
			glued = -1
		}
		s = s[:n-1]
	}
	if !reAmount.MatchString(s) {
		return money{}, false
	}
	core := strings.Trim(s, "+()"+textparse.Minuses)
	sep := core[len(core)-3]
	m, err := textparse.ParseAmountSep(s, sep)
	if err != nil {
		return money{}, false
	}
	r := money{v: m.Value, x1: ws[i].X1, used: []int{i}, positive: strings.HasPrefix(s, "+")}
	// "+ 2.853,82", "- 45,99": a sign printed apart from the number.
	if i > 0 && ws[i].X0-ws[i-1].X1 < 0.8*ws[i].H() && !strings.ContainsAny(s, "+"+textparse.Minuses) {
		switch t := ws[i-1].Text; {
		case textparse.IsMinusWord(t):
			r.v = r.v.Abs().Neg()
			r.used = []int{i - 1, i}
		case t == "+":
			r.v = r.v.Abs()
			r.used = []int{i - 1, i}
			r.positive = true
		}
	}
	r.negative = r.v.Sign() < 0
	r.word = glued
	switch glued {
	case -1:
		r.v = r.v.Abs().Neg()
		r.negative = true
		return r, true
	case 1:
		r.v = r.v.Abs()
		r.positive = true
		return r, true
	}
	if i+1 < len(ws) && ws[i+1].X0-ws[i].X1 < 1.5*ws[i].H() {
		switch t := strings.ToUpper(ws[i+1].Text); {
		case t == "S" || t == "DR" || t == "D" || t == "DB" || t == "OD" || t == "AF" || textparse.IsMinusWord(t):
			r.v = r.v.Abs().Neg()
			r.negative = true
			if !textparse.IsMinusWord(t) {
				r.word = -1
			}
			r.used = append(r.used, i+1)
			r.x1 = ws[i+1].X1
		case t == "H" || t == "CR" || t == "C" || t == "BIJ" || t == "+":
			r.v = r.v.Abs()
			r.negative = false
			r.positive = true
			if t != "+" {
				r.word = 1
			}
			r.used = append(r.used, i+1)
			r.x1 = ws[i+1].X1
		}
	}
	return r, true
}

// lineAmounts finds the amounts of a table line at or right of minX and
// assigns each to the nearest amount column by right edge.
func (t *table) lineAmounts(ws []layout.Word) (map[colKind]decimal.Decimal, map[int]bool) {
	got, used, _ := t.lineAmountsMarked(ws)
	return got, used
}

// lineAmountsMarked is lineAmounts with the mark of each amount found.
func (t *table) lineAmountsMarked(ws []layout.Word) (map[colKind]decimal.Decimal, map[int]bool, map[colKind]int8) {
	got := map[colKind]decimal.Decimal{}
	marks := map[colKind]int8{}
	used := map[int]bool{}
	minX := t.firstNumericX()
	for i := 0; i < len(ws); i++ {
		if ws[i].X1 < minX-2 {
			continue
		}
		m, ok := amountAt(ws, i)
		if !ok {
			continue
		}
		best, bd := colKind(0), 1e9
		for _, c := range t.cols {
			if !c.kind.numeric() {
				continue
			}
			d := min(abs(ws[i].X1-c.x1), abs(m.x1-c.x1), abs((ws[i].X0+ws[i].X1)/2-(c.x0+c.x1)/2))
			if d < bd {
				best, bd = c.kind, d
			}
		}
		if best == 0 {
			continue
		}
		if best == colAside {
			// not the row's amount (an original amount, a fee): used, dropped
			for _, u := range m.used {
				used[u] = true
			}
			i = m.used[len(m.used)-1]
			continue
		}
		v := m.v
		switch best {
		case colDebit:
			// An amount printed with a plus is money in even under a
			// title for money out (one signed column titled "Ausgang"
			// over "Eingang", a balance "+40.526,63").
			if !m.positive {
				v = v.Abs().Neg()
			}
		case colCredit:
			// A balance printed with its minus in the credit column
			// ("Kontostand am 31.07. -7.764,61") keeps its sign.
			if !m.negative {
				v = v.Abs()
			}
		}
		got[best] = v
		marks[best] = m.mark()
		for _, u := range m.used {
			used[u] = true
		}
		i = m.used[len(m.used)-1]
	}
	return got, used, marks
}

// amountMark is the mark of a row's amount when it was read from one
// signed amount column (markUnknown for debit and credit columns).
func amountMark(a map[colKind]decimal.Decimal, marks map[colKind]int8) int8 {
	if _, ok := a[colAmount]; ok {
		return marks[colAmount]
	}
	return markUnknown
}

// balanceMark is the mark of the balance balanceValue reads.
func balanceMark(a map[colKind]decimal.Decimal, marks map[colKind]int8) int8 {
	if _, ok := a[colBalance]; ok {
		return marks[colBalance]
	}
	return amountMark(a, marks)
}

// signedAmount is the transaction amount of a row.
func signedAmount(a map[colKind]decimal.Decimal) (decimal.Decimal, bool) {
	if v, ok := a[colAmount]; ok {
		return v, true
	}
	d, dok := a[colDebit]
	c, cok := a[colCredit]
	switch {
	case dok && cok:
		return c.Add(d), true
	case dok:
		return d, true
	case cok:
		return c, true
	}
	return decimal.Zero, false
}

// balanceValue is the balance printed on an opening/closing/carry row.
func balanceValue(a map[colKind]decimal.Decimal) (decimal.Decimal, bool) {
	if v, ok := a[colBalance]; ok {
		return v, true
	}
	return signedAmount(a)
}

type rowKind int

const (
	rowOther rowKind = iota
	rowCarry
	rowOpening
	rowClosing
	rowTotal
	// rowBalance is a balance whose label does not say opening or closing.
	rowBalance
)

func kindOf(fw []string) rowKind {
	for _, l := range carryLabels {
		if hasLabel(fw, l, l == "report" || l == "transport" || l == "continued") {
			return rowCarry
		}
	}
	for _, l := range openingLabels {
		if hasLabel(fw, l, false) {
			return rowOpening
		}
	}
	for _, l := range closingLabels {
		if hasLabel(fw, l, false) {
			return rowClosing
		}
	}
	for _, l := range totalLabels {
		if hasLabel(fw, l, true) {
			return rowTotal
		}
	}
	for _, l := range balanceLabels {
		if hasLabel(fw, l, !strings.Contains(l, " ")) {
			// A balance named available ("SALDO DISPONIBILE AL
			// 31.08.2023" under the booked "SALDO CONTABILE AL ...",
			// "solde disponible", "available balance") is the booked
			// balance less sums held or plus a credit line: never the
			// opening or closing balance. It is read like a total. (Only
			// words before the line's first number name it: "Kontostand
			// 1.234,56 Verfügbarer Betrag 2.234,56" is the booked one.)
			for _, w := range fw {
				if strings.ContainsAny(w, "0123456789") {
					break
				}
				if availableWords[strings.Trim(w, ":.")] {
					return rowTotal
				}
			}
			return rowBalance
		}
	}
	return rowOther
}

// availableWords name an available balance, folded.
var availableWords = map[string]bool{"available": true, "verfugbar": true, "verfugbarer": true, "verfugbares": true,
	"disponible": true, "disponibile": true, "beschikbaar": true, "beschikbare": true}

// carry handles a carried balance: before any transaction and any opening
// balance it is the opening balance ("Balance brought forward" opens UK
// statements); the last one, when no transaction follows it, is the
// closing balance unless a closing label gives it.
func (x *extractor) carry(v decimal.Decimal) {
	if len(x.out.Transactions) == 0 && x.cur == nil && x.out.General.OpeningBalance == nil {
		x.out.General.OpeningBalance = docextract.NewAmount(v)
		return
	}
	x.carried, x.carriedAfter = &v, false
}

// balances handles an opening or closing balance outside the table (a
// summary box).
func (x *extractor) balances(l *line) {
	fw := l.folded()
	k := kindOf(fw)
	if k != rowOpening && k != rowClosing && k != rowBalance {
		return
	}
	var v *decimal.Decimal
	var mark int8
	for i := 0; i < len(l.words); i++ {
		if m, ok := amountAt(l.words, i); ok {
			v, mark = &m.v, m.mark()
			i = m.used[len(m.used)-1]
			continue
		}
		// A second label with its own value set beside the balance
		// ("Previous balance £617.82   Minimum payment £31.71", two
		// columns of a summary box on one line): the balance is the
		// amount after its own label, not the line's last.
		if v != nil && otherLabelWord(l.words[i].Text) {
			break
		}
	}
	if v == nil {
		return
	}
	toks := l.tokens()
	x.noteDates(toks)
	x.lineCurrency(l.words)
	kd := x.kindByDate(k, toks)
	bare := kd == rowBalance && x.out.General.OpeningBalance == nil && len(x.out.Transactions) == 0 && x.cur == nil &&
		len(textparse.FindDates(toks, x.order)) == 0
	x.balMark = mark
	x.setBalance(kd, *v)
	if bare && x.out.General.OpeningBalance != nil {
		x.bareOpening = true
	}
}

// otherLabelWord reports whether s, after a balance's amount on its line,
// is a word of letters that begins another label: not a currency's code
// or symbol, a sign or a debit/credit marker.
func otherLabelWord(s string) bool {
	u := strings.ToUpper(strings.Trim(s, ".:()"))
	if len([]rune(u)) < 2 || textparse.IsISOCurrency(u) || textparse.NormalizeCurrency(s) != "" {
		return false
	}
	switch u {
	case "CR", "DR", "DB", "OD", "SOLL", "HABEN", "CREDIT", "DEBIT", "AF", "BIJ":
		return false
	}
	return strings.IndexFunc(s, unicode.IsLetter) >= 0
}

// kindByDate decides a balance whose label does not say which by the date
// printed with it ("Kontostand am 31.07.2024" under the table, over
// "Kontostand am 31.08.2024"): before the statement period, or before
// every transaction read so far when no period is known, it is the
// opening balance, while none was read. Otherwise the order decides
// (setBalance).
func (x *extractor) kindByDate(k rowKind, toks []string) rowKind {
	g := &x.out.General
	if k != rowBalance || g.OpeningBalance != nil {
		return k
	}
	ds := textparse.FindDates(toks, x.order)
	if len(ds) != 1 {
		return k
	}
	d := ds[0].ISO
	if g.PeriodStart != nil {
		if d < *g.PeriodStart {
			return rowOpening
		}
		return k
	}
	if x.rangeFrom != "" {
		if d < x.rangeFrom {
			return rowOpening
		}
		return k
	}
	first := ""
	for _, t := range x.out.Transactions {
		if t.Date != nil && *t.Date != "" && (first == "" || *t.Date < first) {
			first = *t.Date
		}
	}
	if first != "" && d < first {
		return rowOpening
	}
	return k
}

func (x *extractor) setBalance(k rowKind, v decimal.Decimal) {
	g := &x.out.General
	if k == rowBalance {
		k = rowClosing
		if len(x.out.Transactions) == 0 && x.cur == nil && g.OpeningBalance == nil {
			k = rowOpening
		}
	}
	mark, byCol := x.balMark, x.balByColumn
	x.balMark, x.balByColumn = markUnknown, false
	switch k {
	case rowOpening:
		if g.OpeningBalance == nil {
			g.OpeningBalance = docextract.NewAmount(v)
			x.openMark = mark
		}
	case rowClosing:
		g.ClosingBalance = docextract.NewAmount(v)
		x.closeMark, x.closeByColumn = mark, byCol
	}
}

// row handles one line below the table header.
// open makes t, read from amount line l, the current transaction: the
// line's currency, its running balance, its words as t's text.
func (x *extractor) open(t *txn, l *line, amounts map[colKind]decimal.Decimal, used map[int]bool) {
	x.cur = t
	x.rowCurrency(l.words, used)
	if b, ok := amounts[colBalance]; ok {
		t.t.Balance = docextract.NewAmount(b)
	}
	x.words(l.words, used)
	if len(x.pendAbove) > 0 && !t.orphan {
		t.desc = append(x.pendAbove, t.desc...)
		x.pendAbove = nil
	}
	x.lastY = l.y1
	x.curLines = 1
}

func (x *extractor) row(l *line) {
	t := x.tab
	ws := l.words
	if balanceList(ws, x.order) {
		// "05/01 1,213.84 05/03 2,280.01 05/05 2,533.03": a table of
		// daily balances, no transaction.
		x.flush()
		return
	}
	amounts, used, marks := t.lineAmountsMarked(ws)
	kind := t.kindOfRow(l)
	if kind != rowOther {
		x.pendAbove = nil
		if iso, dm, ok := t.dateInCol(ws); ok {
			x.rowDay, x.rowDayDM = iso, dm
		}
	}
	switch k := kind; k {
	case rowCarry:
		if len(amounts) == 0 && x.cur != nil && !x.inBlock && l.y0-x.lastY < 0.8*l.size && !t.rowHasDate(ws) {
			// A carry word in a line of text set close under an open
			// transaction, with no amount, is the transaction's text
			// ("Umbuchung" over "Übertrag vom Girokonto"), not a carried
			// balance.
			break
		}
		x.flush()
		x.noteDates(l.tokens())
		if v, ok := balanceValue(amounts); ok {
			x.carry(v)
		}
		return
	case rowTotal:
		x.flush()
		x.noteDates(l.tokens())
		return
	case rowOpening, rowClosing, rowBalance:
		if v, ok := balanceValue(amounts); ok {
			x.flush()
			x.noteDates(l.tokens())
			x.rowCurrency(ws, used)
			x.balMark = balanceMark(amounts, marks)
			_, bal := amounts[colBalance]
			_, cr := amounts[colCredit]
			_, db := amounts[colDebit]
			x.balByColumn = db && !bal && !cr && marks[colDebit] == markNone
			x.setBalance(x.kindByDate(k, l.tokens()), v)
			return
		}
		if k != rowBalance {
			x.flush()
			return
		}
	}
	if d, ok := dayHeading(l, x.order); ok && len(amounts) == 0 {
		x.flush()
		x.day = d
		x.dayNamed = weekdays[strings.Trim(textparse.Fold(ws[0].Text), ",.")]
		return
	}
	// Dates in the date and value-date columns.
	var rest []int
	for i := range ws {
		if !used[i] {
			rest = append(rest, i)
		}
	}
	var date, value string
	var dm, vdm [2]int
	dateCol, valueCol := t.col(colDate), t.col(colValue)
	inCol := func(c *column, w layout.Word) bool { return c != nil && w.X0 >= c.lo && w.X0 < c.hi }
	for j := 0; j < len(rest); j++ {
		w := ws[rest[j]]
		if t.leadDate && rest[j] == 0 {
			dateCol = &column{lo: w.X0, hi: w.X1 + 1}
		} else if t.leadDate {
			dateCol = nil
		}
		if !inCol(dateCol, w) && !inCol(valueCol, w) {
			continue
		}
		ds := rowDates(ws, rest, j, x.order)
		if len(ds) == 0 {
			continue
		}
		for _, d := range ds {
			switch {
			case date == "" && dm[0] == 0 && (inCol(dateCol, w) || valueCol == nil):
				date, dm = d.iso, d.dm
			case value == "" && vdm[0] == 0 && (inCol(valueCol, w) || len(ds) == 2):
				value, vdm = d.iso, d.dm
			}
		}
		for k := j; k < j+ds[0].n; k++ {
			used[rest[k]] = true
		}
		j += ds[0].n - 1
	}
	if date != "" || dm[0] > 0 {
		x.rowDay, x.rowDayDM = date, dm
	}
	amount, hasAmount := signedAmount(amounts)
	if b, ok := amounts[colBalance]; ok && !hasAmount && x.ocr {
		if v, ok := x.amountFromBalances(ws, used, b); ok {
			amounts[colAmount], marks[colAmount] = v, markUnknown
			amount, hasAmount = v, true
		}
	}
	if dir := t.col(colDir); dir != nil && hasAmount {
		// "Af"/"Bij", "D"/"C", "S"/"H" in a column of its own.
		for i, w := range ws {
			if used[i] || !inCol(dir, w) {
				continue
			}
			switch dirWord(w.Text) {
			case -1:
				amount = amount.Abs().Neg()
				used[i] = true
			case 1:
				amount = amount.Abs()
				used[i] = true
			}
		}
	}
	if (date != "" || dm[0] > 0) && hasAmount {
		x.flush()
		if x.section < 0 && amountMark(amounts, marks) == markNone {
			amount = amount.Abs().Neg()
		}
		if x.day != "" && value == "" && vdm[0] == 0 {
			// Under a day heading the row's own date is its value date.
			date, value, dm, vdm = x.day, date, [2]int{}, dm
		}
		x.open(&txn{t: docextract.Transaction{Date: docextract.Str(date), ValueDate: docextract.Str(value), Amount: docextract.NewAmount(amount)}, dm: dm, vdm: vdm,
			mark: amountMark(amounts, marks)}, l, amounts, used)
		return
	}
	// A row opened by an amount line without a date, whose next line,
	// close below, starts with a date and has no amount: the row's date
	// printed under its first line.
	if x.cur != nil && x.cur.orphan && !x.cur.open && x.cur.t.Date == nil && x.curLines == 1 && len(amounts) == 0 &&
		(date != "" || dm[0] > 0) && l.y0-x.lastY <= 1.2*l.size && (x.dateUnder || !x.amountBelow()) {
		x.cur.orphan = false
		x.cur.t.Date, x.cur.dm = docextract.Str(date), dm
		if value != "" || vdm[0] > 0 {
			x.cur.t.ValueDate, x.cur.vdm = docextract.Str(value), vdm
		}
		x.words(ws, used)
		x.lastY = l.y1
		x.curLines++
		return
	}
	// "Buchung" over "Valuta": the value date under the booking date, on the
	// line right below the amount line, starting that line.
	// Not when an amount line without a date follows it close below: that
	// line's date opens a transaction whose amount closes its block.
	if x.cur != nil && x.curLines == 1 && len(amounts) == 0 && (date != "" || dm[0] > 0) && value == "" && vdm[0] == 0 &&
		x.cur.t.ValueDate == nil && x.cur.vdm[0] == 0 && l.y0-x.lastY <= 1.2*l.size && !x.amountBelow() {
		x.cur.t.ValueDate, x.cur.vdm = docextract.Str(date), dm
		x.words(ws, used)
		x.lastY = l.y1
		x.curLines++
		return
	}
	// The amount on the last line of a transaction opened by a date line
	// without one.
	if x.cur != nil && x.cur.open && date == "" && dm[0] == 0 && hasAmount && l.y0-x.lastY <= 1.2*l.size {
		x.cur.open = false
		x.cur.t.Amount = docextract.NewAmount(amount)
		x.cur.mark = amountMark(amounts, marks)
		if b, ok := amounts[colBalance]; ok {
			x.cur.t.Balance = docextract.NewAmount(b)
		}
		x.rowCurrency(ws, used)
		x.words(ws, used)
		// The transaction stays open to lines close below (a payee and
		// purpose printed under an amount that has a line of its own);
		// the next date line or a gap ends it. (More than one line: a
		// date line below is no value date under this one's.)
		x.lastY = max(x.lastY, l.y1)
		x.curLines += 2
		return
	}
	// A date line without an amount, the amount column empty: the
	// transaction's amount may close its block.
	if (date != "" || dm[0] > 0) && len(amounts) == 0 {
		x.flush()
		x.cur = &txn{t: docextract.Transaction{Date: docextract.Str(date), ValueDate: docextract.Str(value)}, dm: dm, vdm: vdm, open: true}
		x.words(ws, used)
		x.lastY = l.y1
		x.curLines = 1
		return
	}
	// Descriptions above their date line: a text line is the next
	// transaction's.
	if x.descAbove && !x.inBlock && date == "" && dm[0] == 0 && len(amounts) == 0 && hasLetters(ws, used) {
		x.flush()
		var text []string
		for i, w := range ws {
			if !used[i] {
				text = append(text, w.Text)
			}
		}
		x.pendAbove = append(x.pendAbove, strings.Join(text, " "))
		return
	}
	// Under a day heading that names its weekday, an amount row with
	// words and no date of its own is a transaction of the heading's day
	// (rows grouped under "jeudi 3 août 2023"). A labelled heading
	// ("Buchungstag: 30.04.2023") dates rows that print their own date;
	// amount lines under it without one (a closing's itemised fees) are
	// no rows.
	if x.day != "" && x.dayNamed && hasAmount && date == "" && dm[0] == 0 && !x.inBlock && (x.cur == nil || !x.cur.open) && hasLetters(ws, used) {
		x.flush()
		x.open(&txn{t: docextract.Transaction{Date: docextract.Str(x.day), Amount: docextract.NewAmount(amount)},
			mark: amountMark(amounts, marks)}, l, amounts, used)
		return
	}
	// An amount row without a date and with words beside the amount: an
	// orphan, kept only if the balances need it (resolveOrphans).
	if hasAmount && date == "" && dm[0] == 0 && !x.inBlock && (x.cur == nil || !x.cur.open) && hasLetters(ws, used) {
		x.flush()
		x.open(&txn{t: docextract.Transaction{Amount: docextract.NewAmount(amount)}, orphan: true, day: x.rowDay, dayDM: x.rowDayDM,
			mark: amountMark(amounts, marks)}, l, amounts, used)
		return
	}
	// In a table whose rows close on their amount (amountLast), a text
	// line after a finished transaction begins the next one when an
	// amount line without a date follows close below it before any
	// dated line: that row's date was printed once for its day, above.
	if x.amountLast && !x.inBlock && (x.cur == nil || !x.cur.open) && date == "" && dm[0] == 0 && len(amounts) == 0 &&
		hasLetters(ws, used) && x.amountBelow() {
		x.flush()
		x.cur = &txn{open: true, orphan: true, day: x.rowDay, dayDM: x.rowDayDM}
		x.words(ws, used)
		x.lastY = l.y1
		x.curLines = 1
		return
	}
	// A transaction's running balance on its last line: a line close
	// below an open row with no date and no amount but one in the balance
	// column, the row having none yet (banks that print the balance once
	// a day set it on the day's last line, under a two-line row's first).
	if _, onlyBal := amounts[colBalance]; onlyBal && len(amounts) == 1 && x.cur != nil && !x.cur.open && x.cur.t.Balance == nil &&
		date == "" && dm[0] == 0 && l.y0-x.lastY <= 1.2*l.size && !x.inBlock {
		x.cur.t.Balance = docextract.NewAmount(amounts[colBalance])
		x.words(ws, used)
		x.lastY = l.y1
		x.curLines++
		return
	}
	// A continuation line: no date, no amount, close below the row, words
	// in the description or reference columns only.
	if x.cur == nil || date != "" || dm[0] > 0 || len(amounts) > 0 || l.y0-x.lastY > 1.2*l.size {
		x.flush()
		return
	}
	// (A scan's columns wander by a few pixels: half a line height.)
	if desc := t.col(colDesc); desc != nil && len(ws) > 0 && ws[0].X0 < desc.lo-0.5*l.size {
		// "02.03." over "2024": the year of the dates above printed under
		// them, in the date columns of the line below. Those words are
		// the years; the rest of the line continues the description.
		if !x.yearsUnder(ws, used, desc.lo-0.5*l.size) {
			x.flush()
			return
		}
	}
	x.words(ws, used)
	x.lastY = l.y1
	if x.inBlock {
		x.lastY = max(x.lastY, l.y1)
	}
	x.curLines++
}

// descAboveRows tells whether a table prints each transaction's
// description above its line of date and amount (the date line closing
// each block): the first line below the header that is no balance, carry
// or day heading line holds text without a date or an amount, and the
// lines keep closer to the dated line below them than to the one above
// (the gaps from a text line down to a dated line, by their median, at
// least 0.15 of a line height smaller than those from a dated line down to
// a text line, two of each at least). ok is false when the page has no
// row to tell by.
func (x *extractor) descAboveRows(lines []*line, start int) (above, ok bool) {
	first := true
	var down, up []float64 // text -> dated, dated -> text
	var prev *line
	prevDated := false
	for i := max(start, 0); i < len(lines); i++ {
		l := lines[i]
		if kindOf(l.folded()) != rowOther {
			prev = nil
			continue
		}
		if _, day := dayHeading(l, x.order); day {
			return false, true
		}
		a, _ := x.tab.lineAmounts(l.words)
		dated := x.tab.rowHasDate(l.words)
		text := !dated && len(a) == 0
		if first {
			if !text {
				return false, true
			}
			first = false
		}
		if prev != nil && l.y0-prev.y1 < 1.5*l.size {
			switch {
			case dated && !prevDated:
				down = append(down, l.y0-prev.y1)
			case text && prevDated:
				up = append(up, l.y0-prev.y1)
			}
		}
		prev, prevDated = l, dated
	}
	if first {
		return false, false
	}
	if len(down) < 2 || len(up) < 2 {
		return false, true
	}
	sort.Float64s(down)
	sort.Float64s(up)
	return down[len(down)/2]+0.15*lines[start].size < up[len(up)/2], true
}

// amountBelow reports whether, below the line being read, the lines set
// close one after the other hold an amount on a line without a date
// before any line with one (or a balance, carry or total label).
func (x *extractor) amountBelow() bool {
	if x.inBlock || x.lines == nil {
		return false // a mid-row block is read out of line order
	}
	prev := x.lines[x.li]
	for _, l := range x.lines[x.li+1:] {
		if l.y0-prev.y1 > 1.2*l.size {
			return false
		}
		if x.tab.rowHasDate(l.words) || kindOf(l.folded()) != rowOther {
			return false // a new row, a balance or total row
		}
		if a, _ := x.tab.lineAmounts(l.words); len(a) > 0 {
			return true
		}
		prev = l
	}
	return false
}

// dateInCol is the date starting at a word in the date column of ws:
// its ISO form, or its day and month when printed without a year.
func (t *table) dateInCol(ws []layout.Word) (string, [2]int, bool) {
	c := t.col(colDate)
	rest := make([]int, len(ws))
	for i := range ws {
		rest[i] = i
	}
	if c == nil && t.leadDate && len(ws) > 0 {
		c = &column{lo: ws[0].X0, hi: ws[0].X1 + 1}
	}
	if c == nil {
		return "", [2]int{}, false
	}
	for j, w := range ws {
		if w.X0 >= c.lo && w.X0 < c.hi {
			if ds := rowDates(ws, rest, j, t.order); len(ds) > 0 {
				return ds[0].iso, ds[0].dm, true
			}
		}
	}
	return "", [2]int{}, false
}

// kindOfRow is kindOf for a table line, which also knows a balance row
// that prints its date before a one-word label in the date column
// ("01.10.23 Kontostand 8'352.21"): dates first, then a balance label
// of at most four words, then nothing but amounts, currency codes and
// decoration.
func (t *table) kindOfRow(l *line) rowKind {
	fw := l.folded()
	if k := kindOf(fw); k != rowOther {
		return k
	}
	ws := l.words
	rest := make([]int, len(ws))
	for i := range rest {
		rest[i] = i
	}
	i := 0
	for i < len(ws) {
		ds := rowDates(ws, rest, i, t.order)
		if len(ds) == 0 {
			break
		}
		i += ds[0].n
	}
	j := i
	for j < len(ws) {
		if _, ok := amountAt(ws, j); ok {
			break
		}
		j++
	}
	if i == 0 || j == i || j-i > 4 || j == len(ws) {
		return rowOther
	}
	k := kindOf(fw[i:j])
	if k != rowOpening && k != rowClosing && k != rowBalance {
		return rowOther
	}
	for m := j; m < len(ws); {
		if a, ok := amountAt(ws, m); ok {
			m = a.used[len(a.used)-1] + 1
			continue
		}
		if !decoration(fw[m]) && !textparse.IsISOCurrency(strings.ToUpper(ws[m].Text)) && textparse.NormalizeCurrency(ws[m].Text) == "" {
			return rowOther
		}
		m++
	}
	return k
}

// dateUnderRows tells whether a table prints each row's date under its
// first line: the first table line that is no balance, carry or total
// line and holds a date or an amount has an amount and no date, the
// line right below it a date and no amount, and the line after that an
// amount and no date again (the next row; a first line with an amount
// alone, a carried balance under a label not known, is no such row).
// ok is false when the page has no such lines to tell by.
func dateUnderRows(lines []*line, start int, t *table) (under, ok bool) {
	for i := max(start, 0); i < len(lines); i++ {
		l := lines[i]
		if kindOf(l.folded()) != rowOther {
			continue
		}
		a, _ := t.lineAmounts(l.words)
		dated := t.rowHasDate(l.words)
		switch {
		case dated:
			return false, true
		case len(a) == 0:
			continue
		case i+1 == len(lines):
			return false, false
		}
		if i+2 >= len(lines) {
			return false, false
		}
		n, m := lines[i+1], lines[i+2]
		b, _ := t.lineAmounts(n.words)
		c, _ := t.lineAmounts(m.words)
		return len(b) == 0 && t.rowHasDate(n.words) && n.y0-l.y1 <= 1.2*n.size &&
			len(c) > 0 && !t.rowHasDate(m.words) && kindOf(m.folded()) == rowOther, true
	}
	return false, false
}

// amountsClose counts the table lines from start with a date in the
// date columns (no balance or total rows) that hold an amount (on) and
// those that have none and an amount line close below before the next
// dated line (below). A table that sets the amount on a transaction's
// last line has many of the latter (at least two, at least half as many
// as the former: one-line transactions have it on their date line).
func amountsClose(lines []*line, start int, t *table) (on, below int) {
	for i := max(start, 0); i < len(lines); i++ {
		l := lines[i]
		if kindOf(l.folded()) != rowOther || !t.rowHasDate(l.words) {
			continue
		}
		if a, _ := t.lineAmounts(l.words); len(a) > 0 {
			on++
			continue
		}
		prev := l
		for _, m := range lines[i+1 : min(i+13, len(lines))] { // a row of at most 12 more lines
			if m.y0-prev.y1 > 1.2*m.size || t.rowHasDate(m.words) || kindOf(m.folded()) != rowOther {
				break
			}
			if a, _ := t.lineAmounts(m.words); len(a) > 0 {
				below++
				break
			}
			prev = m
		}
	}
	return on, below
}

// rowHasDate reports whether a word in the date columns starts a date.
func (t *table) rowHasDate(ws []layout.Word) bool {
	rest := make([]int, len(ws))
	for i := range ws {
		rest[i] = i
	}
	if t.leadDate && len(ws) > 0 && len(rowDates(ws, rest, 0, t.order)) > 0 {
		return true
	}
	for j, w := range ws {
		for _, c := range []*column{t.col(colDate), t.col(colValue)} {
			if c != nil && w.X0 >= c.lo && w.X0 < c.hi && len(rowDates(ws, rest, j, t.order)) > 0 {
				return true
			}
		}
	}
	return false
}

// yearsUnder reads the words left of lo on a continuation line as the
// years of the current transaction's dates printed without one ("02.03."
// over "2024"): every such word a year (1990-2100), one or two of them
// (booking and value date), under a transaction with a date printed
// without its year. It reports whether it took them.
func (x *extractor) yearsUnder(ws []layout.Word, used map[int]bool, lo float64) bool {
	var years []int
	var idx []int
	for i, w := range ws {
		if w.X0 >= lo {
			break
		}
		y, err := strconv.Atoi(w.Text)
		if err != nil || len(w.Text) != 4 || y < 1990 || y > 2100 {
			return false
		}
		years = append(years, y)
		idx = append(idx, i)
	}
	c := x.cur
	if len(years) == 0 || len(years) > 2 || c.dm[0] == 0 && c.vdm[0] == 0 {
		return false
	}
	iso := func(y int, dm [2]int) (string, bool) {
		d := time.Date(y, time.Month(dm[0]), dm[1], 0, 0, 0, 0, time.UTC)
		if d.Month() != time.Month(dm[0]) {
			return "", false
		}
		return d.Format(time.DateOnly), true
	}
	k := 0
	if c.dm[0] > 0 {
		if s, ok := iso(years[k], c.dm); ok {
			c.t.Date, c.dm = docextract.Str(s), [2]int{}
		}
		k++
	}
	if c.vdm[0] > 0 && k < len(years) {
		if s, ok := iso(years[k], c.vdm); ok {
			c.t.ValueDate, c.vdm = docextract.Str(s), [2]int{}
		}
	}
	for _, i := range idx {
		used[i] = true
	}
	return true
}

// dayHeading reads "Buchungsdatum: 01.04.2024" alone on its line: the
// booking date of the rows below it, whose own date is then their value
// date.
func dayHeading(l *line, order textparse.DateOrder) (string, bool) {
	toks := l.tokens()
	fw := foldWords(toks)
	n, ok := labelValue(fw, dayLabels)
	if !ok && len(fw) > 1 && weekdays[strings.Trim(fw[0], ",.")] {
		// A weekday before the date ("vendredi 3 mars 2023", "Friday, 3
		// March 2023") heads the rows of that day too.
		n, ok = 1, true
	}
	if !ok {
		return "", false
	}
	ds := textparse.FindDates(toks[n:], order)
	if len(ds) != 1 || ds[0].Start != 0 || n+ds[0].End != len(toks) {
		return "", false
	}
	return ds[0].ISO, true
}

// rowDate is a date read from the date columns of a row: a full date, or
// month and day (dm) when the row prints no year.
type rowDate struct {
	iso string
	dm  [2]int
	n   int // words it took
}

var reDayMonthPair = regexp.MustCompile(`^(\d{1,2}\.\d{1,2}\.(?:\d{2}|\d{4})?)/(\d{1,2}\.\d{1,2}\.(?:\d{2}|\d{4})?)$`)

// rowDates reads the date starting at word rest[j]: a full date (up to
// five words: "3 Jul 2023"), a day and month ("03.07.", "3 Jul"), or a
// booking/value pair in one word ("03.07./04.07.").
func rowDates(ws []layout.Word, rest []int, j int, order textparse.DateOrder) []rowDate {
	toks := make([]string, 0, 5)
	for k := j; k < len(rest) && k < j+5; k++ {
		toks = append(toks, ws[rest[k]].Text)
	}
	if ds := textparse.FindDates(toks, order); len(ds) > 0 && ds[0].Start == 0 {
		// "9 Feb 10 Feb": the "10" is the next date's day, not a year.
		e := ds[0].End
		_, _, dm := textparse.ParseDayMonth(toks[e-1]+" "+toks[min(e, len(toks)-1)], order)
		if !(e < len(toks) && len(toks[e-1]) <= 2 && dm) {
			return []rowDate{{iso: ds[0].ISO, n: e}}
		}
	}
	one := func(s string) (rowDate, bool) {
		if iso, ok := textparse.ParseDate(s, order); ok {
			return rowDate{iso: iso, n: 1}, true
		}
		if m, d, ok := textparse.ParseDayMonth(s, order); ok {
			return rowDate{dm: [2]int{m, d}, n: 1}, true
		}
		return rowDate{}, false
	}
	if m := reDayMonthPair.FindStringSubmatch(toks[0]); m != nil {
		a, aok := one(m[1])
		b, bok := one(m[2])
		if aok && bok {
			return []rowDate{a, b}
		}
	}
	if d, ok := one(toks[0]); ok {
		return []rowDate{d}
	}
	if len(toks) >= 2 && !hasDigitStr(toks[1]) {
		// "3 Jul": day and month name in two words.
		if m, d, ok := textparse.ParseDayMonth(toks[0]+" "+toks[1], order); ok {
			return []rowDate{{dm: [2]int{m, d}, n: 2}}
		}
	}
	return nil
}

// dirWord reads a word that gives an amount's direction: -1 for money
// out ("Af", "D", "Debit", "S"), 1 for money in ("Bij", "C", "Credit",
// "H"), 0 otherwise.
func dirWord(s string) int {
	switch strings.ToLower(strings.Trim(s, ".:")) {
	case "af", "d", "dr", "debit", "debet", "s", "soll", "-":
		return -1
	case "bij", "c", "cr", "credit", "h", "haben", "+":
		return 1
	}
	return 0
}

// digitRun returns the length of the longest run of digits in s.
func digitRun(s string) int {
	best, n := 0, 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
			best = max(best, n)
		} else {
			n = 0
		}
	}
	return best
}

func hasDigitStr(s string) bool { return strings.ContainsAny(s, "0123456789") }

// rowCurrency is lineCurrency for a line of the table: only the words of
// its amount columns and those set right before an amount it read count.
// A code in the description ("Karte 4871 ... 82,63 USD Kurs 1,0655", a
// card payment in another currency) is not the account's.
func (x *extractor) rowCurrency(ws []layout.Word, used map[int]bool) {
	minX := x.tab.firstNumericX()
	var keep []layout.Word
	for i, w := range ws {
		if w.X1 >= minX-2 || used[i] || (i+1 < len(ws) && used[i+1] && ws[i+1].X0-w.X1 < 1.5*w.H()) {
			keep = append(keep, w)
		}
	}
	x.lineCurrency(keep)
}

// gluedCurrency splits a currency glued before a number: an ISO code or a
// dollar with its country's letters ("US$119.57", "EUR12,34", "-HK$5.00"),
// a sign before it kept with the number.
func gluedCurrency(s string) (code, rest string, ok bool) {
	sign := ""
	for _, m := range "+" + textparse.Minuses {
		if r, cut := strings.CutPrefix(s, string(m)); cut {
			sign, s = string(m), r
			break
		}
	}
	k := strings.IndexFunc(s, func(r rune) bool {
		return unicode.IsDigit(r) || r == '(' || r == '+' || strings.ContainsRune(textparse.Minuses, r)
	})
	if k < 2 {
		return "", "", false
	}
	p := s[:k]
	switch {
	case textparse.IsISOCurrency(p):
		return p, sign + s[k:], true
	case strings.HasSuffix(p, "$") && textparse.NormalizeCurrency(p) != "":
		return textparse.NormalizeCurrency(p), sign + s[k:], true
	}
	return "", "", false
}

// lineCurrency takes the currency from an ISO code or unambiguous symbol
// printed on a balance or transaction line ("1.234,56 EUR", "€ 12,00"),
// when no label or column title gave it.
func (x *extractor) lineCurrency(ws []layout.Word) {
	if x.out.General.Currency != nil {
		return
	}
	for i, w := range ws {
		t := strings.Trim(w.Text, "().:,")
		if textparse.IsISOCurrency(t) {
			x.out.General.Currency = docextract.Str(t)
			return
		}
		if c, _, ok := gluedCurrency(w.Text); ok {
			x.out.General.Currency = docextract.Str(c)
			return
		}
		// "1.250,00 Euro": a currency's name right after an amount.
		if c := textparse.NormalizeCurrency(t); c != "" && len(t) > 3 && i > 0 {
			if _, ok := amountAt(ws, i-1); ok {
				x.out.General.Currency = docextract.Str(c)
				return
			}
		}
		for _, sym := range []string{"€", "£"} {
			if strings.Contains(w.Text, sym) {
				x.out.General.Currency = docextract.Str(textparse.NormalizeCurrency(sym))
				return
			}
		}
	}
}

// words adds the unused words of a row line to the description or
// reference of the current transaction.
func (x *extractor) words(ws []layout.Word, used map[int]bool) {
	ref := x.tab.col(colRef)
	var desc []string
	var cells []descCell
	lastX1 := 0.0
	for i, w := range ws {
		if used[i] {
			continue
		}
		if ref != nil && w.X0 >= ref.lo && w.X0 < ref.hi {
			x.cur.ref = append(x.cur.ref, w.Text)
			continue
		}
		text := w.Text
		if x.ocr && text == "O" && len(desc) > 0 && digitRun(desc[len(desc)-1]) >= 3 {
			text = "0" // OCR's O for a zero after a code: "BLZ37050198 O"
		}
		desc = append(desc, text)
		// Cells are apart by a wide gap: 0.9 of a word's height on a text
		// layer, twice it on an OCR page, whose word boxes may stop short
		// of a word's last letters ("Hausverwaltung" boxed 16 px short).
		wide := 0.9 * w.H()
		if x.ocr {
			wide = 2 * w.H()
		}
		if n := len(cells); n > 0 && w.X0-lastX1 < wide {
			cells[n-1].text += " " + text
		} else {
			cells = append(cells, descCell{x0: w.X0, h: w.H(), text: text})
		}
		lastX1 = w.X1
	}
	if len(desc) == 0 {
		return
	}
	if n, ok := labelValue(foldWords(desc), refLabels); ok && n < len(desc) {
		x.cur.ref = append(x.cur.ref, strings.Join(desc[n:], " "))
		return
	}
	x.cur.desc = append(x.cur.desc, strings.Join(desc, " "))
	x.cur.cells = append(x.cur.cells, cells...)
	if len(cells) > 1 && !x.inBlock {
		x.cur.sideBySide = true
	}
}

// footerIBAN keeps the first IBAN printed after the word "IBAN" on a line
// in the bottom tenth of a page, below the table: a page footer names the
// account ("Votre IBAN : FR76 ..."). A transaction's counterparty IBAN
// stands in a row, above the footer; only a valid IBAN is kept.
func (x *extractor) footerIBAN(p *layout.Page, l *line) {
	if x.footIBAN != "" || x.out.General.IBAN != nil || p.Height <= 0 || l.y0 < 0.9*p.Height {
		return
	}
	fw := l.folded()
	for i, w := range fw {
		if strings.Trim(w, ":.") != "iban" {
			continue
		}
		if ib := textparse.FindIBAN(l.tokens()[i+1:]); ib != "" && textparse.ValidIBAN(ib) {
			x.footIBAN = ib
		}
		return
	}
}

// currencyFromHeader reads "Amount (EUR)" style column titles.
func (x *extractor) currencyFromHeader(l *line) {
	if x.out.General.Currency != nil {
		return
	}
	for _, w := range l.words {
		if c := textparse.NormalizeCurrency(w.Text); c != "" && len(strings.Trim(w.Text, "().:,")) <= 3 && w.Text != "in" {
			x.out.General.Currency = docextract.Str(c)
			return
		}
	}
}

// general reads statement-level fields from a line above the table.
func (x *extractor) general(l *line, first bool) {
	g := &x.out.General
	toks := l.tokens()
	fw := foldWords(toks)
	x.cardWords(fw)
	if g.IBAN == nil {
		find := textparse.FindIBAN
		if x.ocr {
			find = textparse.FindIBANOCR // a misread letter repaired
		}
		if ib := find(toks); ib != "" {
			g.IBAN = docextract.Str(ib)
		}
	}
	// value returns the words after a label at the start of the line, up
	// to a wide gap. Labels that are also common words ("Bank") need a
	// colon.
	value := func(labels []string, colon ...bool) string {
		n, ok := labelValue(fw, labels)
		if !ok || n >= len(toks) || (len(colon) > 0 && !strings.Contains(strings.Join(toks[:n], " "), ":")) {
			return ""
		}
		var vs []string
		for i := n; i < len(l.words); i++ {
			if i > n && l.words[i].X0-l.words[i-1].X1 > 2*l.size {
				break
			}
			vs = append(vs, l.words[i].Text)
		}
		return strings.TrimSpace(strings.Join(vs, " "))
	}
	if g.AccountHolder == nil {
		g.AccountHolder = docextract.Str(value(holderLabels))
	}
	if g.AccountNumber == nil {
		if v := value(accountLabels); v != "" && strings.ContainsAny(v, "0123456789") {
			g.AccountNumber = docextract.Str(strings.Fields(v)[0])
		}
	}
	if g.Currency == nil {
		if v := value(currencyLabels); v != "" {
			if c := textparse.NormalizeCurrency(strings.Fields(v)[0]); c != "" {
				g.Currency = docextract.Str(c)
			}
		}
	}
	if g.Currency == nil {
		// "EUR-Konto Kontonummer 4471203", "USD-Account": the account named
		// by its currency's code.
		for _, t := range toks {
			code, kind, ok := strings.Cut(strings.Trim(t, "().:,"), "-")
			f := textparse.Fold(kind)
			if ok && textparse.IsISOCurrency(code) && (strings.Contains(f, "konto") || strings.Contains(f, "account") ||
				strings.Contains(f, "compte") || strings.Contains(f, "rekening") || strings.Contains(f, "conto") || strings.Contains(f, "cuenta")) {
				g.Currency = docextract.Str(code)
				break
			}
		}
	}
	if g.Currency == nil {
		// "Alle Beträge in EUR", "Amounts in GBP", "Montants en EUR".
		// "Beträge in Euro", "Montants en euros": a currency's name.
		for i := 1; i < len(toks); i++ {
			c := strings.Trim(toks[i], "().:,")
			p := fw[i-1]
			if textparse.IsISOCurrency(c) {
				if p == "in" || p == "en" || p == "amounts" || p == "currency" || strings.HasPrefix(toks[i], "(") {
					g.Currency = docextract.Str(c)
					break
				}
			}
			if n := textparse.NormalizeCurrency(c); n != "" && len(c) > 3 && (p == "in" || p == "en") {
				g.Currency = docextract.Str(n)
				break
			}
		}
	}
	if g.BankName == nil {
		if v := value(bankLabels, true); v != "" {
			g.BankName = docextract.Str(v)
		}
	}
	if g.PeriodStart == nil {
		isPeriod := false
		for _, p := range periodLabels {
			if hasLabel(fw, p, false) {
				isPeriod = true
				break
			}
		}
		if ds := textparse.FindDates(toks, x.order); isPeriod && len(ds) >= 2 {
			g.PeriodStart, g.PeriodEnd = docextract.Str(ds[0].ISO), docextract.Str(ds[1].ISO)
		} else if x.rangeFrom == "" {
			x.rangeFrom, x.rangeTo = dateRange(toks, x.order)
		}
	}
	x.noteDates(toks)
	if x.monthYear == "" {
		x.monthYear = monthWithYear(toks)
	}
	if x.numberYear == 0 {
		if m := reNumberYear.FindStringSubmatch(strings.Join(toks, " ")); m != nil {
			x.numberYear, _ = strconv.Atoi(m[1])
		}
	}
	// The bank's name is the first text of the statement unless labelled.
	if first && !x.sawTop {
		x.sawTop = true
		cells := cellsOf(l.words, l.size)
		if len(cells) > 0 && g.BankName == nil && !isTitle(cells[0].text) {
			x.topName = cells[0].text
		}
	}
}

// monthWithYear is the first month name followed by a four-digit year
// among toks ("GIUGNO 2023", "mars 2024,"), as "2023-06"; "" if none.
func monthWithYear(toks []string) string {
	for i := 0; i+1 < len(toks); i++ {
		w := strings.Trim(toks[i], ".,:")
		if len(w) < 3 || !yearNum(toks[i+1]) {
			continue
		}
		if m := textparse.MonthNumber(w); m > 0 {
			return strings.TrimRight(toks[i+1], ".,") + "-" + strconv.Itoa(100 + m)[1:]
		}
	}
	return ""
}

// reNumberYear reads the year of a statement's number printed as number
// and year after its title ("Kontoauszug Nr. 12/2023", "Auszug 3 / 2024",
// "Statement no. 4/2024", "Relevé n° 11/2023", "Afschrift 4-2025").
var reNumberYear = regexp.MustCompile(`(?i)(?:auszug|statement|relev[eé]|extrait|afschrift|afschriftnummer|extracto|estratto)\b[^0-9]{0,12}\d{1,3} ?[/-] ?((?:19|20)\d\d)\b`)

// rangeWords join the two dates of a period: "01.03.2024 - 31.03.2024",
// "01/03/2024 a 31/03/2024", "01-03-2024 t/m 31-03-2024", "1 Mar 2024 to
// 31 Mar 2024" (folded).
var rangeWords = map[string]bool{"-": true, "–": true, "—": true, "bis": true, "to": true, "till": true, "until": true,
	"through": true, "au": true, "a": true, "al": true, "t/m": true, "tm": true, "tot": true, "hasta": true, "tot en met": true}

// dateRange finds two full dates joined by a range word on a line, the
// first before the second and at most a year apart: a statement prints its
// period so even with no label before it. It returns "" when none is.
func dateRange(toks []string, order textparse.DateOrder) (string, string) {
	ds := textparse.FindDates(toks, order)
	for i := 0; i+1 < len(ds); i++ {
		a, b := ds[i], ds[i+1]
		if b.Start != a.End+1 || !rangeWords[textparse.Fold(toks[a.End])] {
			continue
		}
		from, err1 := time.Parse(time.DateOnly, a.ISO)
		to, err2 := time.Parse(time.DateOnly, b.ISO)
		if err1 == nil && err2 == nil && to.After(from) && to.Sub(from) <= 366*24*time.Hour {
			return a.ISO, b.ISO
		}
	}
	return "", ""
}

func isTitle(s string) bool {
	f := normLabel(s)
	for _, w := range titleWords {
		if strings.Contains(f, w) {
			return true
		}
	}
	return false
}

// hasLetters reports whether a word of ws not used yet holds a letter.
func hasLetters(ws []layout.Word, used map[int]bool) bool {
	for i, w := range ws {
		if used[i] {
			continue
		}
		for _, r := range w.Text {
			if unicode.IsLetter(r) {
				return true
			}
		}
	}
	return false
}

// Card statements. A credit card's statement names its minimum payment,
// or its credit limit and the credit still available; in every language
// these are what a card account prints and a current account does not.
var (
	minPaymentLabels = []string{"minimum payment", "minimum payment due", "minimum amount due", "minimum due",
		"minimum to pay", "mindestzahlung", "mindestbetrag", "mindestruckzahlung", "paiement minimum", "montant minimum",
		"remboursement minimum", "pago minimo", "importe minimo", "pagamento minimo", "importo minimo", "minimumbedrag",
		"minimale aflossing"}
	creditLimitLabels = []string{"credit limit", "kreditrahmen", "kreditlimit", "kartenlimit",
		"limite de credit", "limite de credito", "limite di credito", "kredietlimiet", "bestedingslimiet"}
	availableLabels = []string{"available credit", "available to spend", "verfugbarer betrag", "verfugungsrahmen",
		"credit disponible", "credito disponible", "credito disponibile", "beschikbaar krediet"}
)

// cardWords notes the card phrases of a line outside the table.
func (x *extractor) cardWords(fw []string) {
	if x.card {
		return
	}
	for _, set := range []struct {
		key    string
		labels []string
	}{{"min", minPaymentLabels}, {"limit", creditLimitLabels}, {"avail", availableLabels}} {
		for _, lb := range set.labels {
			if hasLabel(fw, lb, false) {
				if x.cardSeen == nil {
					x.cardSeen = map[string]bool{}
				}
				x.cardSeen[set.key] = true
			}
		}
	}
	x.card = x.cardSeen["min"] || x.cardSeen["limit"] && x.cardSeen["avail"]
}

// cardFrame reads a card statement printed in the issuer's frame in the
// account holder's. Issuers in English-speaking countries print what the
// holder owes: a purchase or fee and the balance owed with no sign, a
// payment or refund as a credit ("523.45 CR", "-1,234.56"). The schema's
// amounts are the holder's (money out negative), as German card
// statements print them ("45,90 -", "Neuer Saldo 612,30 -"), so that
// opening balance + transactions = closing balance holds as for a bank
// account. On a card statement (cardWords) whose rows in a single amount
// column are mostly printed without sign or marker, an amount or balance
// printed bare or with a debit word is a debit (negative), one with a
// minus, a plus or a credit word a credit (positive). A statement that
// prints its signs (most rows signed) is read as printed. It changes
// nothing unless both balances were read and opening balance +
// transactions = closing balance holds in the holder's frame: the
// statement's own arithmetic is the evidence (a current account that
// names a credit limit, read right, does not reconcile once turned).
func (x *extractor) cardFrame() {
	if !x.card || len(x.marks) != len(x.out.Transactions) {
		return
	}
	bare, signed := 0, 0
	for _, m := range x.marks {
		switch m {
		case markNone:
			bare++
		case markUnknown:
		default:
			signed++
		}
	}
	if bare <= signed {
		return
	}
	holder := func(v decimal.Decimal, m int8) (decimal.Decimal, bool) {
		switch m {
		case markNone, markDebit:
			return v.Abs().Neg(), true
		case markMinus, markPlus, markCredit:
			return v.Abs(), true
		}
		return v, false
	}
	st := *x.out
	st.Transactions = append([]docextract.Transaction(nil), x.out.Transactions...)
	g := &st.General
	for i, t := range st.Transactions {
		if t.Amount == nil {
			continue
		}
		if v, ok := holder(t.Amount.Decimal, x.marks[i]); ok {
			st.Transactions[i].Amount = docextract.NewAmount(v)
		}
	}
	if g.OpeningBalance != nil {
		if v, ok := holder(g.OpeningBalance.Decimal, x.openMark); ok {
			g.OpeningBalance = docextract.NewAmount(v)
		}
	}
	if g.ClosingBalance != nil {
		if v, ok := holder(g.ClosingBalance.Decimal, x.closeMark); ok {
			g.ClosingBalance = docextract.NewAmount(v)
		}
	}
	if !reconciles(&st) {
		return
	}
	*x.out = st
}

// newestFirst: an online banking turnover list prints its rows newest
// first and the account's current balance above them ("Kontostand
// 1.234,56 EUR"), with no opening balance. A balance whose label says
// neither opening nor closing, without a date, printed before the table
// (bareOpening) is the opening balance when the rows run oldest first;
// when they run newest first (each row's date on or before the one
// above it, the last before the first) it is the balance after the
// newest row: the closing balance, and no opening balance was printed.
func (x *extractor) newestFirst() {
	g := &x.out.General
	txns := x.out.Transactions
	if !x.bareOpening || g.ClosingBalance != nil || g.OpeningBalance == nil || len(txns) < 2 {
		return
	}
	prev := ""
	for _, t := range txns {
		if t.Date == nil || *t.Date == "" {
			return
		}
		if prev != "" && *t.Date > prev {
			return
		}
		prev = *t.Date
	}
	if *txns[0].Date == prev {
		return
	}
	g.ClosingBalance, g.OpeningBalance = g.OpeningBalance, nil
	x.closeMark, x.openMark = x.openMark, markUnknown
}

// amountFromBalances reads the amount of an OCR'd row whose running
// balance was read but whose amount was not: either OCR lost its
// separators or letters ("1,373.17" read as "191847") or the title of its
// column (a two-letter "IN" dropped, so the amount stands outside every
// column found). The printed balances then say the amount: the row's
// balance less the balance before it (the last row's, or the opening
// balance before the first row). It is taken only with evidence that an
// amount stands on the line: an amount outside the columns, left of the
// balance, of the difference's size; or a word of digits without letters
// under the title of an amount column, the difference's sign agreeing
// with a debit or credit column. Nothing else is ever filled in.
func (x *extractor) amountFromBalances(ws []layout.Word, used map[int]bool, bal decimal.Decimal) (decimal.Decimal, bool) {
	var prev *docextract.Amount
	switch {
	case x.cur != nil:
		if x.cur.open {
			return decimal.Zero, false
		}
		prev = x.cur.t.Balance
	case len(x.out.Transactions) > 0:
		prev = x.out.Transactions[len(x.out.Transactions)-1].Balance
	default:
		prev = x.out.General.OpeningBalance
	}
	if prev == nil {
		return decimal.Zero, false
	}
	diff := bal.Sub(prev.Decimal)
	if diff.IsZero() {
		return decimal.Zero, false
	}
	bc := x.tab.col(colBalance)
	if bc == nil {
		return decimal.Zero, false
	}
	for i := 0; i < len(ws); i++ {
		if used[i] || ws[i].X1 > bc.x0 {
			continue
		}
		if m, ok := amountAt(ws, i); ok {
			if m.v.Abs().Equal(diff.Abs()) {
				for _, u := range m.used {
					used[u] = true
				}
				return diff, true
			}
			i = m.used[len(m.used)-1]
			continue
		}
		w := strings.Trim(ws[i].Text, "£€$")
		if digitRun(w) < 4 || strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			continue
		}
		for _, c := range x.tab.cols {
			if c.kind != colDebit && c.kind != colCredit && c.kind != colAmount || ws[i].X1 < c.x0 || ws[i].X0 > c.x1 {
				continue
			}
			if c.kind == colDebit && diff.Sign() > 0 || c.kind == colCredit && diff.Sign() < 0 {
				return decimal.Zero, false
			}
			used[i] = true
			return diff, true
		}
	}
	return decimal.Zero, false
}

// signByColumn mends a closing balance printed unsigned that took a minus
// only from the debit column it stands under: when opening balance + the
// transactions is the same sum with the other sign, the balance was
// set at the page's right edge, not in the column (a "Nieuw saldo ...
// € 1.478,49" line under a table whose last column is "Af"). A balance
// that is in the column (Italian "Dare", printed there when negative)
// reconciles as read and is left alone.
func (x *extractor) signByColumn() {
	g := &x.out.General
	if !x.closeByColumn || g.OpeningBalance == nil || g.ClosingBalance == nil || len(x.out.Transactions) == 0 {
		return
	}
	sum := g.OpeningBalance.Decimal
	for _, t := range x.out.Transactions {
		if t.Amount == nil {
			return
		}
		sum = sum.Add(t.Amount.Decimal)
	}
	if c := g.ClosingBalance.Decimal; !c.IsZero() && sum.Equal(c.Neg()) {
		g.ClosingBalance = docextract.NewAmount(sum)
	}
}

// weekdays are the days' names in our six languages, folded.
var weekdays = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("monday tuesday wednesday thursday friday saturday sunday " +
		"montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag " +
		"lundi mardi mercredi jeudi vendredi samedi dimanche " +
		"maandag dinsdag woensdag donderdag vrijdag zaterdag zondag " +
		"lunes martes miercoles jueves viernes sabado domingo " +
		"lunedi martedi mercoledi giovedi venerdi sabato domenica") {
		m[w] = true
	}
	return m
}()

// sectionAbove sets the section's direction from the line right above
// the table header at i: a heading of a few words, no amount, that names
// money going out ("Checks paid", "Electronic withdrawals",
// "Abbuchungen", "Prélèvements", "Cargos", "Addebiti", "Afschrijvingen")
// or coming in ("Deposits and additions", "Gutschriften", "Versements",
// "Abonos", "Accrediti", "Bijschrijvingen") and not both. A line above
// that names neither keeps the direction in force (a section's table
// continued on the next page under the page's header).
func (x *extractor) sectionAbove(lines []*line, i int) {
	if i == 0 {
		return
	}
	l := lines[i-1]
	if len(l.words) > 6 || lines[i].y0-l.y1 > 3*l.size {
		return
	}
	out, in := false, false
	for _, w := range l.folded() {
		w = strings.Trim(w, "():-,.")
		if _, ok := amountAt([]layout.Word{{Text: w}}, 0); ok && w != "" {
			return
		}
		out = out || sectionOut[w]
		in = in || sectionIn[w]
	}
	switch {
	case out && !in:
		x.section = -1
	case in && !out:
		x.section = 1
	}
}

// sectionOut and sectionIn are the words, folded, of a section heading
// over a table of money going out or coming in.
var (
	sectionOut = wordSet("withdrawals|checks|cheques|debits|subtractions|" +
		"abbuchungen|belastungen|lastschriften|auszahlungen|ausgange|" +
		"debits|retraits|prelevements|depenses|cargos|reintegros|adeudos|" +
		"addebiti|uscite|prelievi|afschrijvingen|opnames|uitgaven")
	sectionIn = wordSet("deposits|additions|credits|" +
		"gutschriften|einzahlungen|eingange|credits|versements|depots|" +
		"abonos|ingresos|accrediti|entrate|versamenti|bijschrijvingen|stortingen|ontvangsten")
)

func wordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Split(words, "|") {
		m[w] = true
	}
	return m
}

// balanceList reports whether a line is nothing but two or more pairs of
// a date and an amount ("05/01 1,213.84 05/03 2,280.01"): a table of
// daily balances, which lists no transaction.
func balanceList(ws []layout.Word, order textparse.DateOrder) bool {
	rest := make([]int, len(ws))
	for i := range rest {
		rest[i] = i
	}
	pairs := 0
	for i := 0; i < len(ws); {
		ds := rowDates(ws, rest, i, order)
		if len(ds) != 1 {
			return false
		}
		i += ds[0].n
		if i >= len(ws) {
			return false
		}
		a, ok := amountAt(ws, i)
		if !ok {
			return false
		}
		i = a.used[len(a.used)-1] + 1
		pairs++
	}
	return pairs >= 2
}
