package bank

import (
	"regexp"
	"sort"
	"strings"

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
	out := &docextract.BankStatementData{DocType: string(docextract.BankStatement), Transactions: []docextract.Transaction{}}
	x := &extractor{out: out}
	for i := range pages {
		x.page(&pages[i], i == 0)
	}
	x.flush()
	if out.General.BankName == nil {
		out.General.BankName = docextract.Str(x.topName)
	}
	return out
}

type extractor struct {
	out   *docextract.BankStatementData
	tab   *table
	cur   *txn
	lastY float64
	// sawTop and topName hold the first text of the statement, the
	// bank's name when no label names it.
	sawTop  bool
	topName string
}

type txn struct {
	t    docextract.Transaction
	desc []string
	ref  []string
}

func (x *extractor) flush() {
	if x.cur == nil {
		return
	}
	x.cur.t.Description = docextract.Str(strings.Join(x.cur.desc, " "))
	x.cur.t.Reference = docextract.Str(strings.Join(x.cur.ref, " "))
	x.out.Transactions = append(x.out.Transactions, x.cur.t)
	x.cur = nil
}

func (x *extractor) page(p *layout.Page, first bool) {
	lines := buildLines(p)
	hdr := -1
	for i, l := range lines {
		if t := headerOf(l); t != nil {
			x.tab, hdr = t, i
			break
		}
	}
	for i, l := range lines {
		if i < hdr || (hdr < 0 && x.tab == nil) {
			x.general(l, first)
			x.balances(l)
			continue
		}
		if i == hdr {
			x.currencyFromHeader(l)
			continue
		}
		x.row(l)
	}
	// A transaction never continues across a page break by itself: the
	// next page repeats the header and a date starts each row. Keep the
	// current one open for continuation lines only within this page.
	x.flush()
}

// headerOf recognises the table header line.
func headerOf(l *line) *table {
	cells := cellsOf(l.words, l.size)
	t := &table{y: l.y1}
	seen := map[colKind]bool{}
	for _, c := range cells {
		k := classifyHeader(c.text)
		if k == 0 || seen[k] {
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

type cell struct {
	text   string
	x0, x1 float64
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

var reAmount = regexp.MustCompile(`^[+\-−]?\(?[+\-−]?(\d{1,3}(?:[.,' ]\d{3})+|\d+)[.,]\d{2}\)?[+\-−]?$`)

// money is an amount found on a line.
type money struct {
	v    decimal.Decimal
	x1   float64
	used []int // word indexes
}

// amountAt parses the amount starting at word i, with a following
// Soll/Haben or DR/CR marker.
func amountAt(ws []layout.Word, i int) (money, bool) {
	s := ws[i].Text
	for _, cur := range []string{"€", "£", "$"} {
		s = strings.TrimPrefix(strings.TrimSuffix(s, cur), cur)
	}
	if !reAmount.MatchString(s) {
		return money{}, false
	}
	core := strings.Trim(s, "+-−()")
	sep := core[len(core)-3]
	m, err := textparse.ParseAmountSep(s, sep)
	if err != nil {
		return money{}, false
	}
	r := money{v: m.Value, x1: ws[i].X1, used: []int{i}}
	if i+1 < len(ws) && ws[i+1].X0-ws[i].X1 < 1.5*ws[i].H() {
		switch strings.ToUpper(ws[i+1].Text) {
		case "S", "DR", "D", "DB", "-":
			r.v = r.v.Abs().Neg()
			r.used = append(r.used, i+1)
			r.x1 = ws[i+1].X1
		case "H", "CR", "C", "+":
			r.v = r.v.Abs()
			r.used = append(r.used, i+1)
			r.x1 = ws[i+1].X1
		}
	}
	return r, true
}

// lineAmounts finds the amounts of a table line at or right of minX and
// assigns each to the nearest amount column by right edge.
func (t *table) lineAmounts(ws []layout.Word) (map[colKind]decimal.Decimal, map[int]bool) {
	got := map[colKind]decimal.Decimal{}
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
		v := m.v
		switch best {
		case colDebit:
			v = v.Abs().Neg()
		case colCredit:
			v = v.Abs()
		}
		got[best] = v
		for _, u := range m.used {
			used[u] = true
		}
		i = m.used[len(m.used)-1]
	}
	return got, used
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
	return rowOther
}

// balances handles an opening or closing balance outside the table (a
// summary box).
func (x *extractor) balances(l *line) {
	fw := foldWords(l.tokens())
	k := kindOf(fw)
	if k != rowOpening && k != rowClosing {
		return
	}
	var v *decimal.Decimal
	for i := range l.words {
		if m, ok := amountAt(l.words, i); ok {
			v = &m.v
		}
	}
	if v == nil {
		return
	}
	x.setBalance(k, *v)
}

func (x *extractor) setBalance(k rowKind, v decimal.Decimal) {
	g := &x.out.General
	switch k {
	case rowOpening:
		if g.OpeningBalance == nil {
			g.OpeningBalance = docextract.NewAmount(v)
		}
	case rowClosing:
		g.ClosingBalance = docextract.NewAmount(v)
	}
}

// row handles one line below the table header.
func (x *extractor) row(l *line) {
	t := x.tab
	ws := l.words
	fw := foldWords(l.tokens())
	amounts, used := t.lineAmounts(ws)
	switch k := kindOf(fw); k {
	case rowCarry, rowTotal:
		x.flush()
		return
	case rowOpening, rowClosing:
		x.flush()
		if v, ok := balanceValue(amounts); ok {
			x.setBalance(k, v)
		}
		return
	}
	// Dates in the date and value-date columns.
	var rest []int
	for i := range ws {
		if !used[i] {
			rest = append(rest, i)
		}
	}
	toks := make([]string, len(rest))
	for j, i := range rest {
		toks[j] = ws[i].Text
	}
	var date, value string
	dateCol, valueCol := t.col(colDate), t.col(colValue)
	for _, m := range textparse.FindDates(toks, textparse.DMY) {
		w := ws[rest[m.Start]]
		switch {
		case date == "" && dateCol != nil && w.X0 >= dateCol.lo && w.X0 < dateCol.hi:
			date = m.ISO
		case value == "" && valueCol != nil && w.X0 >= valueCol.lo && w.X0 < valueCol.hi:
			value = m.ISO
		default:
			continue
		}
		for j := m.Start; j < m.End; j++ {
			used[rest[j]] = true
		}
	}
	amount, hasAmount := signedAmount(amounts)
	if date != "" && hasAmount {
		x.flush()
		x.cur = &txn{t: docextract.Transaction{Date: docextract.Str(date), ValueDate: docextract.Str(value), Amount: docextract.NewAmount(amount)}}
		if b, ok := amounts[colBalance]; ok {
			x.cur.t.Balance = docextract.NewAmount(b)
		}
		x.words(ws, used)
		x.lastY = l.y1
		return
	}
	// A continuation line: no date, no amount, close below the row, words
	// in the description or reference columns only.
	if x.cur == nil || date != "" || len(amounts) > 0 || l.y0-x.lastY > 1.2*l.size {
		x.flush()
		return
	}
	if desc := t.col(colDesc); desc != nil && len(ws) > 0 && ws[0].X0 < desc.lo {
		x.flush()
		return
	}
	x.words(ws, used)
	x.lastY = l.y1
}

// words adds the unused words of a row line to the description or
// reference of the current transaction.
func (x *extractor) words(ws []layout.Word, used map[int]bool) {
	ref := x.tab.col(colRef)
	var desc []string
	for i, w := range ws {
		if used[i] {
			continue
		}
		if ref != nil && w.X0 >= ref.lo && w.X0 < ref.hi {
			x.cur.ref = append(x.cur.ref, w.Text)
			continue
		}
		desc = append(desc, w.Text)
	}
	if len(desc) == 0 {
		return
	}
	if n, ok := labelValue(foldWords(desc), refLabels); ok && n < len(desc) {
		x.cur.ref = append(x.cur.ref, strings.Join(desc[n:], " "))
		return
	}
	x.cur.desc = append(x.cur.desc, strings.Join(desc, " "))
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
	if g.IBAN == nil {
		if ib := textparse.FindIBAN(toks); ib != "" {
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
		if ds := textparse.FindDates(toks, textparse.DMY); isPeriod && len(ds) >= 2 {
			g.PeriodStart, g.PeriodEnd = docextract.Str(ds[0].ISO), docextract.Str(ds[1].ISO)
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

func isTitle(s string) bool {
	f := normLabel(s)
	for _, w := range titleWords {
		if strings.Contains(f, w) {
			return true
		}
	}
	return false
}
