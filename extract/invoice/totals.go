package invoice

import (
	"sort"
	"strings"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/textparse"
	"github.com/shopspring/decimal"
)

var amountFields = []textparse.Field{textparse.FieldNet, textparse.FieldTax, textparse.FieldGross, textparse.FieldAmountDue,
	textparse.FieldPrepaid, textparse.FieldLineTotal, textparse.FieldAllowanceTotal, textparse.FieldChargeTotal, textparse.FieldWithheld}

// amountCands returns, per amount field, the candidates found next to its
// labels.
func (d *doc) amountCands() map[textparse.Field][]cand {
	out := map[textparse.Field][]cand{}
	// The amounts of an item table's totals row under the column titles
	// naming them: only for a field no label of its own gives ("Total
	// Accessoires" under "Total HT" is a section's sum when "Total hors
	// taxes" follows).
	columnTotals := map[textparse.Field][]cand{}
	last := len(d.pages) - 1
	d.eachLabel(func(li int, m textparse.LabelMatch) {
		isAmt := false
		for _, f := range amountFields {
			if m.Field == f {
				isAmt = true
			}
		}
		if !isAmt || d.sectionSum[li] {
			return
		}
		// Column titles on a line opened by a word of deduction
		// ("abzüglich Abschlagsrechnungen | netto | USt. | brutto", "Less
		// payments on account | Net | VAT | Gross") head what is taken off
		// the total, the earlier instalments' amounts, not the document's
		// own net, tax and gross.
		if (m.Field == textparse.FieldNet || m.Field == textparse.FieldTax || m.Field == textparse.FieldGross) && deductionLine(&d.lines[li]) {
			return
		}
		// A prepaid word opening a line read as an item ("Acompte 30 %
		// sur devis ...", "Anzahlung laut Angebot") names what the item
		// bills, not a payment taken off the total.
		if m.Field == textparse.FieldPrepaid && d.itemLine[li] {
			return
		}
		if d.headLine[li] {
			if c, ok := d.headerColumnTotal(li, m); ok {
				columnTotals[m.Field] = append(columnTotals[m.Field], c)
			}
			return
		}
		l := &d.lines[li]
		grid := d.totalTitles(l) // titles side by side: each value is under its title
		below := !tableHeader(l) || grid
		belowRows := 0
		for _, sp := range d.valueSpans(li, m, below) {
			if grid && sp.pos != posBelow {
				continue
			}
			as := d.amounts(sp.l, sp.from, sp.to)
			if m.Field == textparse.FieldTax || m.Field == textparse.FieldWithheld {
				// "BTW 21% over € 100,00 € 21,00", "Less CIS deduction
				// (20% of £3,520.00) -£704.00", "Ritenuta d'acconto 20% su
				// € 4.350,00": the amount the rate is taken of is the
				// base, not the tax or the amount withheld.
				for len(as) > 0 && rateBase(sp.l, sp.from, as[0]) {
					sp.from = as[0].w1
					as = as[1:]
				}
				// "VAT @ 20.0 £ 195.24": a figure with no currency right
				// after "@" is the rate, printed without "%".
				for len(as) > 0 && as[0].cur == "" && as[0].w0 > 0 && sp.l.words[as[0].w0-1] == "@" {
					sp.from = as[0].w1
					as = as[1:]
				}
			}
			// "Total 870 kg Rs. 1,31,814.85": a figure with no currency
			// followed by a unit of measure is the quantity summed, no
			// amount.
			as = withoutQuantities(sp.l, as)
			if len(as) == 0 {
				// Text between label and value is allowed ("Steuerbetrag in EUR").
				if sp.pos == posBelow {
					break
				}
				continue
			}
			if sp.pos == posBelow {
				// below: only the amount under the label; in a grid of
				// several rows the last (the sum row) is preferred.
				as = as[:1]
				belowRows++
			} else if !d.closeTo(sp, as[0]) {
				break
			}
			for k, a := range as {
				sc := m.Strength
				switch sp.pos {
				case posBelow:
					sc -= 0.25 - 0.03*float64(belowRows-1)
				case posRight:
					sc -= 0.02
				}
				sc -= 0.25 * float64(k)
				if l.pg == last {
					sc += 0.1
				}
				sc += 0.15 * d.relY(li)
				if d.relX(sp.l, a.x1) > 0.5 {
					sc += 0.05
				}
				if l.Words[l.labelWordStart(m)].Bold {
					sc += 0.05
				}
				if a.decimals == 0 && a.cur == "" {
					sc -= 0.15
				}
				out[m.Field] = append(out[m.Field], cand{score: sc, line: sp.l.idx, a: a, label: 1 + li*1000 + l.labelWordStart(m)})
			}
			if sp.pos != posBelow {
				break
			}
		}
	})
	for f, cs := range columnTotals {
		if len(out[f]) == 0 {
			out[f] = cs
		}
	}
	d.taxParts = append([]cand(nil), out[textparse.FieldTax]...)
	for f := range out {
		cs := out[f]
		sort.SliceStable(cs, func(i, j int) bool { return cs[i].score > cs[j].score })
		out[f] = dedupe(cs)
	}
	return out
}

// measureUnits are units of measure printed after a quantity, folded.
var measureUnits = map[string]bool{"kg": true, "kgs": true, "g": true, "gr": true, "t": true, "pcs": true, "pc": true, "nos": true,
	"units": true, "hrs": true, "hours": true, "stk": true, "stuck": true, "st": true, "std": true, "pz": true, "pezzi": true, "uds": true,
	"unidades": true, "pces": true, "pieces": true, "stuks": true, "uur": true, "uren": true, "heures": true, "ore": true, "horas": true,
	"m2": true, "m3": true, "lt": true, "ltr": true, "litres": true, "liters": true, "mt": true, "mtr": true}

// withoutQuantities drops from as the figures with no currency that a
// unit of measure follows ("870 kg", "12 pcs").
func withoutQuantities(l *line, as []amt) []amt {
	var out []amt
	for _, a := range as {
		if a.cur == "" && a.w1 < len(l.words) && measureUnits[textparse.Fold(strings.Trim(l.words[a.w1], ".,:;()"))] {
			continue
		}
		out = append(out, a)
	}
	return out
}

// debitWords say the bill's amount is taken from the customer's account
// by direct debit, folded: "prélevé le", "prélèvement", "wird ...
// abgebucht", "Lastschrift", "will be debited", "Direct Debit", "wordt
// geïncasseerd", "automatische incasso", "domiciliación", "se cargará en
// su cuenta", "addebito", "addebitato".
var debitWords = map[string]bool{"preleve": true, "prelevee": true, "prelevement": true, "abgebucht": true, "lastschrift": true,
	"lastschriftverfahren": true, "sepa-lastschrift": true, "debited": true, "debit": true, "geincasseerd": true, "incasso": true,
	"afgeschreven": true, "domiciliacion": true, "domiciliado": true, "cargara": true, "cargo": true, "addebito": true, "addebitato": true,
	"addebitata": true}

// debitedDue sets the amount due of a bill paid by direct debit that
// prints none under a label of its own ("Montant total TTC 55,84 € |
// prélevé le 20/09/2024 sur le compte FR76 ****"): with nothing paid or
// withheld, what is debited is the gross.
func (d *doc) debitedDue(t *totals) {
	if t.due != nil || t.gross == nil || !t.gross.IsPositive() || t.prepaid != nil && !t.prepaid.IsZero() || t.withheld != nil {
		return
	}
	for i := range d.lines {
		ws := d.lines[i].words
		for k, w := range ws {
			f := textparse.Fold(strings.Trim(w, ".,:;()"))
			// "cargo" and "debit" only as "cargo en cuenta", "direct debit"
			if f == "cargo" && (k+2 >= len(ws) || textparse.Fold(ws[k+1]) != "en") ||
				f == "debit" && (k == 0 || textparse.Fold(ws[k-1]) != "direct") {
				continue
			}
			if debitWords[f] {
				v := *t.gross
				t.due = &v
				t.conf["AmountDue"] = 0.8
				return
			}
		}
	}
}

// scheduleAmountWords title the amount of a row of payment terms, folded:
// "Amount", "Betrag", "Montant", "Bedrag", "Importe", "Importo".
var scheduleAmountWords = map[string]bool{"amount": true, "betrag": true, "zahlbetrag": true, "montant": true, "bedrag": true,
	"importe": true, "importo": true}

// scheduledDue sets the amount due of an invoice that prints it only in a
// row of payment terms under titles ("Modalità pagamento | IBAN | Data
// scadenza | Importo", "Payment method | Due date | Amount"): a line of
// titles with a due date's label and an amount title right of it, the
// line under it holding the gross under that title. With nothing paid or
// withheld, the gross is what is due by that date.
func (d *doc) scheduledDue(t *totals) {
	if t.due != nil || t.gross == nil || !t.gross.IsPositive() || t.prepaid != nil && !t.prepaid.IsZero() || t.withheld != nil {
		return
	}
	for li := 0; li+1 < len(d.lines); li++ {
		l, n := &d.lines[li], &d.lines[li+1]
		if n.pg != l.pg || n.Y0-l.Y1 > 1.5*l.h || d.hasMoney(l) {
			continue
		}
		dueX := -1.0
		for _, m := range textparse.MatchLabels(l.toks) {
			if m.Field == textparse.FieldDueDate {
				dueX = l.Words[l.wordOf[m.End-1]].X1
			}
		}
		if dueX < 0 {
			continue
		}
		for wi, w := range l.words {
			if l.Words[wi].X0 <= dueX || !scheduleAmountWords[textparse.Fold(strings.Trim(w, ".:"))] {
				continue
			}
			x0, x1 := l.Words[wi].X0, l.Words[wi].X1
			for _, a := range d.amounts(n, 0, len(n.words)) {
				if a.v.Equal(*t.gross) && a.x1 > x0-l.h && a.x0 < x1+l.h {
					v := *t.gross
					t.due = &v
					t.conf["AmountDue"] = 0.8
					return
				}
			}
		}
	}
}

// deductionWords open a line that lists what is taken off the total.
var deductionWords = map[string]bool{"abzuglich": true, "abzgl": true, "abzugl": true, "less": true, "minus": true,
	"deduction": true, "deductions": true, "verminderd": true, "detratto": true, "dedotto": true, "menos": true, "deduccion": true}

// deductionLine reports whether l opens with a word of deduction and holds
// no amount of its own: a heading over the rows taken off ("abzüglich
// Abschlagsrechnungen"), not "abzgl. 2 % Skonto 12,00".
func deductionLine(l *line) bool {
	if len(l.toks) < 2 || !deductionWords[l.toks[0]] {
		return false
	}
	for _, w := range l.words {
		if hasDigit(w) {
			return false
		}
	}
	return true
}

// headerColumnTotal reads the amount of an item table's closing totals row
// ("Razem:", "Summe", "Total") that stands in the column whose title, in
// header line li, is amount label m ("Wartość netto", "Kwota VAT",
// "Wartość brutto", "Net amount", "VAT", "Gross"; not a bare "Gesamt" or
// "Total" that titles the line totals): the net, tax or gross of the
// invoice printed as the table's last row. The totals row is the first
// line after the header, on its page and within 80 lines, that opens
// with a generic total word ("Razem", "Summe", "Total", "Lines total") and
// is neither an item of the table nor a section's sum ("Total Accessoires"
// with more items after it); the amount must
// overlap the title's column (right-aligned numbers end near the title's
// right edge, left-aligned start near its left edge).
func (d *doc) headerColumnTotal(li int, m textparse.LabelMatch) (cand, bool) {
	switch m.Field {
	case textparse.FieldNet, textparse.FieldTax, textparse.FieldGross:
	default:
		return cand{}, false
	}
	if m.Strength < 1 {
		// "Gesamt €" over the line totals names no invoice total.
		return cand{}, false
	}
	l := &d.lines[li]
	ws, we := l.labelWordStart(m), l.labelWordEnd(m)
	x0, x1 := l.Words[ws].X0, l.Words[we-1].X1
	for lj := li + 1; lj < len(d.lines) && lj <= li+80; lj++ {
		r := &d.lines[lj]
		if r.pg != l.pg || d.headLine[lj] {
			break
		}
		if d.itemLine[lj] || d.sectionSum[lj] || len(r.labels) == 0 || r.labels[0].Start != 0 {
			continue
		}
		// A generic total word ("Razem", "Summe", "Total"): a row labelled
		// for one field ("Nettobetrag") says itself what it holds.
		if f := r.labels[0]; !(f.Field == textparse.FieldGross && f.Strength < 1 || f.Field == textparse.FieldLineTotal) {
			continue
		}
		for _, a := range d.amounts(r, r.labelWordEnd(r.labels[0]), len(r.words)) {
			if a.x1 >= x0-l.h && a.x0 <= x1+l.h {
				return cand{score: m.Strength - 0.05 + 0.15*d.relY(lj), line: lj, a: a}, true
			}
		}
		return cand{}, false
	}
	return cand{}, false
}

// baseWords introduce the amount a tax rate is taken of: "21% over €
// 100,00", "20 % sur 1 234,56", "7.7% on 1,000.00", "15% s/ 3.000,00"
// (Spanish "sobre").
var baseWords = map[string]bool{"over": true, "sur": true, "on": true, "auf": true, "von": true, "van": true, "sobre": true, "s/": true, "su": true, "de": true, "of": true}

// rateBase reports whether amount a of line l is preceded (after from,
// currency signs aside) by a base word.
func rateBase(l *line, from int, a amt) bool {
	k := a.w0 - 1
	for k >= from && isCurrencyWord(l.words[k]) {
		k--
	}
	return k >= from && baseWords[strings.ToLower(l.words[k])]
}

// taxSum reads a tax printed in parts ("CGST @ 9%", "SGST @ 9%"): the
// first amounts of distinct tax-labelled lines that add up to gross - net,
// two lines at least. Without that arithmetic there is no sum.
func (d *doc) taxSum(net, gross decimal.Decimal) *decimal.Decimal {
	return d.taxSumOf(net, gross, d.taxParts)
}

// taxSumBetween is taxSum over the parts printed on the lines strictly
// between the net's line from and the gross's line to, on one page: the
// rows of the totals block, without a figure of a note elsewhere that
// names a tax ("PST applies to plants only. Please pay within 30 days").
func (d *doc) taxSumBetween(net, gross decimal.Decimal, from, to int) *decimal.Decimal {
	if from < 0 || to <= from+2 || d.lines[from].pg != d.lines[to].pg {
		return nil
	}
	var in []cand
	for _, c := range d.taxParts {
		if c.line > from && c.line < to {
			in = append(in, c)
		}
	}
	return d.taxSumOf(net, gross, in)
}

func (d *doc) taxSumOf(net, gross decimal.Decimal, parts []cand) *decimal.Decimal {
	want := gross.Sub(net)
	// one part per line of values, or per tax title when titles stand
	// side by side over their amounts
	byLine := map[int]decimal.Decimal{}
	var lines []int
	for _, c := range parts {
		key := c.line
		if c.line != c.label/1000 {
			key = -c.label // read below its title
		}
		if _, ok := byLine[key]; !ok {
			byLine[key] = c.a.v
			lines = append(lines, key)
		}
	}
	if len(lines) < 2 || len(lines) > 4 {
		return nil
	}
	var s decimal.Decimal
	for _, li := range lines {
		s = s.Add(byLine[li])
	}
	if !s.Equal(want) {
		return nil
	}
	return &s
}

// taxByRate returns gross - net as the tax when its amount was not read
// (OCR garbles one figure of "304,04 57,77 361,81" under "Netto USt 19%
// Gesamt") but the document prints exactly one VAT rate on its tax-labelled
// lines and net × that rate, rounded to the cent, is gross - net: two
// pieces of evidence, the printed rate and the printed totals, agree.
func (d *doc) taxByRate(net, gross decimal.Decimal) *decimal.Decimal {
	want := gross.Sub(net)
	if want.Sign() <= 0 || net.Sign() <= 0 {
		return nil
	}
	var rate *decimal.Decimal
	for li := range d.lines {
		l := &d.lines[li]
		if d.itemLine[li] {
			continue
		}
		tax := false
		for _, t := range l.toks {
			if taxWords[t] {
				tax = true
				break
			}
		}
		if !tax {
			continue
		}
		for wi, w := range l.words {
			r, ok := textparse.ParsePercent(w)
			if !ok && wi+1 < len(l.words) && l.words[wi+1] == "%" {
				r, ok = textparse.ParsePercent(w + "%")
			}
			if !ok || r.Sign() <= 0 || r.GreaterThan(maxRate) {
				continue
			}
			if rate != nil && !rate.Equal(r) {
				return nil // several rates: the split of the tax is unknown
			}
			rate = &r
		}
	}
	if rate == nil || !net.Mul(*rate).Div(hundred).Round(2).Equal(want) {
		return nil
	}
	return &want
}

// dedupe keeps the best-scored candidate of each value.
func dedupe(cs []cand) []cand {
	var out []cand
	seen := map[string]bool{}
	for _, c := range cs {
		k := c.a.v.String()
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, c)
	}
	return out
}

// totals is the chosen set of document totals.
type totals struct {
	net, tax, gross, due, prepaid, lineTotal, allowance, charge *decimal.Decimal
	// withheld is the size of what the customer keeps back instead of
	// paying it to the seller (IRPF, ritenuta, CIS, a guarantee held).
	withheld         *decimal.Decimal
	netCur, grossCur string
	// conf is the confidence of net, tax, gross and due in 0..1, keyed by
	// field name: from the label's score, raised when net + tax = gross
	// holds between printed amounts, lower for an amount derived from others.
	conf map[string]float64
}

// labelConf maps a candidate score (label strength, position bonuses and
// penalties; about 0.4..1.3) to a confidence in 0..1.
func labelConf(score float64) float64 {
	return min(0.95, max(0.3, 0.35+0.55*score))
}

func top(cs []cand, n int) []*cand {
	out := []*cand{nil}
	for i := 0; i < len(cs) && i < n; i++ {
		out = append(out, &cs[i])
	}
	return out
}

func val(c *cand) *decimal.Decimal {
	if c == nil {
		return nil
	}
	v := c.a.v
	return &v
}

func sc(c *cand) float64 {
	if c == nil {
		return 0
	}
	return c.score
}

// chooseTotals picks net, tax and gross together: the best-scored triple,
// with a strong bonus when net + tax = gross. The VAT breakdown, when
// printed, also votes (sum of bases = net, sum of taxes = tax).
func (d *doc) chooseTotals(cs map[textparse.Field][]cand, taxes []taxRow) totals {
	var t totals
	var sumBase, sumTax decimal.Decimal
	baseSeen := map[int]bool{}
	for _, r := range taxes {
		// two rates on one row (VAT and a surcharge) share its base
		if !baseSeen[r.line] {
			sumBase = sumBase.Add(r.base)
		}
		baseSeen[r.line] = true
		sumTax = sumTax.Add(r.tax)
	}
	if len(taxes) > 1 {
		// The rows of a breakdown of several rates hold each rate's net,
		// tax and gross, never the document's.
		rowLine := map[int]bool{}
		for _, r := range taxes {
			rowLine[r.line] = true
		}
		for _, f := range []textparse.Field{textparse.FieldNet, textparse.FieldTax, textparse.FieldGross} {
			var keep []cand
			for _, c := range cs[f] {
				if !rowLine[c.line] {
					keep = append(keep, c)
				}
			}
			cs[f] = keep
		}
	}
	if len(taxes) > 0 {
		// A breakdown row's base is never the tax ("SALES TAX 8.25% ON
		// 210.10 17.33", "BTW 9% over € 98,41 € 8,86"), and the rows'
		// taxes summed are a candidate of their own.
		rowBase := map[int][]decimal.Decimal{}
		for _, r := range taxes {
			rowBase[r.line] = append(rowBase[r.line], r.base)
		}
		var keep []cand
		for _, c := range cs[textparse.FieldTax] {
			isBase := false
			for _, b := range rowBase[c.line] {
				isBase = isBase || b.Equal(c.a.v)
			}
			if !isBase {
				keep = append(keep, c)
			}
		}
		cs[textparse.FieldTax] = append(keep, cand{score: 0.9, line: -1, a: amt{v: sumTax, decimals: 2}})
		sort.SliceStable(cs[textparse.FieldTax], func(i, j int) bool { return cs[textparse.FieldTax][i].score > cs[textparse.FieldTax][j].score })
	}
	nets, vats, grosses := top(cs[textparse.FieldNet], 5), top(cs[textparse.FieldTax], 5), top(cs[textparse.FieldGross], 5)
	dues := top(cs[textparse.FieldAmountDue], 3)
	var bn, bt, bg, bd *cand
	bestScore := -1e9
	for _, n := range nets {
		for _, x := range vats {
			for _, g := range grosses {
				for _, du := range dues {
					s := sc(n) + sc(x) + sc(g) + 0.5*sc(du)
					if n != nil && x != nil && g != nil && n.a.v.Add(x.a.v).Equal(g.a.v) {
						s += 2
					}
					if n != nil && x != nil && g == nil && du != nil && n.a.v.Add(x.a.v).Equal(du.a.v) {
						s += 2 // no gross labelled: the amount due stands for it
					}
					if n != nil && g != nil && x == nil && n.a.v.Equal(g.a.v) && len(taxes) == 0 {
						s += 0.3
					}
					if g != nil && du != nil && g.a.v.Equal(du.a.v) {
						s += 0.3
					}
					// No net labelled and two totals, one the other plus
					// the tax ("1,11,707.50 | IGST 20,107.35 | Total Rs.
					// 1,31,814.85", and a tax summary's "Total 1,11,707.50
					// 20,107.35"): the larger is the gross, the other the
					// net.
					if n == nil && x != nil && g != nil && x.a.v.IsPositive() {
						for _, o := range grosses {
							if o != nil && o.line != g.line && o.a.v.Add(x.a.v).Equal(g.a.v) {
								s++
								break
							}
						}
					}
					if len(taxes) > 0 {
						if n != nil && n.a.v.Equal(sumBase) {
							s += 0.5
						}
						if x != nil && x.a.v.Equal(sumTax) {
							s += 0.5
						}
					}
					// one printed amount cannot be both net and tax
					if n != nil && x != nil && n.line == x.line && n.a.x0 == x.a.x0 {
						s -= 3
					}
					if x != nil && g != nil && x.line == g.line && x.a.x0 == g.a.x0 {
						s -= 3
					}
					if n != nil && g != nil && g.a.v.Abs().LessThan(n.a.v.Abs()) {
						s -= 1
					}
					if s > bestScore {
						bestScore, bn, bt, bg, bd = s, n, x, g, du
					}
				}
			}
		}
	}
	if bn != nil && bt != nil && bg != nil && bn.a.v.Equal(bg.a.v) && bt.a.v.IsPositive() && bt.a.v.LessThan(bg.a.v) && d.includedTax(bt.line) {
		// "Subtotal 3,699.80 | Includes GST 10% 330.50 | TOTAL AUD
		// 3,699.80": the prices include the tax, so the subtotal is the
		// gross too and the net is what the gross holds besides the tax
		// (derived below).
		bn = nil
	}
	t.net, t.tax, t.gross, t.due = val(bn), val(bt), val(bg), val(bd)
	t.conf = map[string]float64{}
	sums := bn != nil && bt != nil && bg != nil && bn.a.v.Add(bt.a.v).Equal(bg.a.v)
	if !sums && bn != nil && bt != nil && bg != nil && len(cs[textparse.FieldChargeTotal]) == 0 {
		// "Subtotale 129,40 | Spedizione 9,90 | IVA 30,65 | Totale
		// 169,95": a shipping row among the totals that takes the
		// subtotal, with the tax, to the gross is a charge on the whole
		// document; the subtotal is the lines' total and the net is both.
		if ship := d.shippingRow(bn.line, bg.line, bg.a.v.Sub(bn.a.v).Sub(bt.a.v)); ship != nil {
			lines, net := bn.a.v, bn.a.v.Add(*ship)
			t.lineTotal, t.charge, t.net = &lines, ship, &net
			sums = true
			cs[textparse.FieldLineTotal] = nil
		}
	}
	// with no gross labelled, the amount due (nothing paid before it)
	// stands for it: "Total HT | TVA 20 % | TVA 5,5 % | Net à payer"
	sumTo := bg
	if sumTo == nil && bd != nil && len(cs[textparse.FieldPrepaid]) == 0 && len(cs[textparse.FieldWithheld]) == 0 {
		sumTo = bd
	}
	if bn != nil && sumTo != nil && !sums {
		// With a breakdown read whose rows do not reach gross - net, the
		// printed parts still may: "GST 5% $97.36 | PST 7% $72.04" where
		// the provincial tax is charged on part of the lines only, so its
		// row is no rate of the net.
		bg := sumTo
		if v := d.taxSum(bn.a.v, bg.a.v); v != nil {
			t.tax = v
			t.conf["TotalTaxAmount"] = 0.85 // printed parts that add up to gross - net
		} else if v := d.taxSumBetween(bn.a.v, bg.a.v, bn.line, bg.line); v != nil {
			t.tax = v
			t.conf["TotalTaxAmount"] = 0.85
		} else if len(taxes) > 0 {
			// the breakdown stands
		} else if v := d.taxByRate(bn.a.v, bg.a.v); v != nil {
			t.tax = v
			t.conf["TotalTaxAmount"] = 0.8 // gross - net, and the one printed rate of net
		}
	}
	for name, c := range map[string]*cand{"TotalNetPrice": bn, "TotalTaxAmount": bt, "TotalGrossPrice": bg, "AmountDue": bd} {
		if c == nil {
			continue
		}
		t.conf[name] = labelConf(c.score)
		if sums && name != "AmountDue" {
			t.conf[name] = max(t.conf[name], 0.97)
		}
	}
	if bd != nil && bg != nil && bd.a.v.Equal(bg.a.v) {
		t.conf["AmountDue"] = max(t.conf["AmountDue"], 0.9)
	}
	if bn != nil {
		t.netCur = bn.a.cur
	}
	if bg != nil {
		t.grossCur = bg.a.cur
	}
	if len(cs[textparse.FieldPrepaid]) > 0 {
		t.prepaid = val(&cs[textparse.FieldPrepaid][0])
	}
	if len(cs[textparse.FieldLineTotal]) > 0 {
		t.lineTotal = val(&cs[textparse.FieldLineTotal][0])
	}
	if len(cs[textparse.FieldAllowanceTotal]) > 0 {
		// Allowances are often printed with a minus; the total is a size.
		a := cs[textparse.FieldAllowanceTotal][0].a.v.Abs()
		t.allowance = &a
	}
	if len(cs[textparse.FieldChargeTotal]) > 0 {
		t.charge = val(&cs[textparse.FieldChargeTotal][0])
	}
	// Derive what the document implies.
	if t.tax == nil && len(taxes) > 0 {
		v := sumTax
		t.tax = &v
		t.conf["TotalTaxAmount"] = 0.85 // the printed breakdown's rows agree to the cent
	}
	if t.gross == nil && t.net != nil && t.tax != nil {
		v := t.net.Add(*t.tax)
		t.gross = &v
		t.conf["TotalGrossPrice"] = 0.7 * min(t.conf["TotalNetPrice"], t.conf["TotalTaxAmount"]) / 0.95
	}
	if t.gross == nil && t.due != nil && (t.prepaid == nil || t.prepaid.IsZero()) && len(cs[textparse.FieldWithheld]) == 0 {
		v := *t.due
		t.gross = &v
		t.conf["TotalGrossPrice"] = 0.8 * t.conf["AmountDue"]
	}
	if t.net == nil && t.gross != nil && t.tax != nil {
		v := t.gross.Sub(*t.tax)
		t.net = &v
		t.conf["TotalNetPrice"] = 0.7 * min(t.conf["TotalGrossPrice"], t.conf["TotalTaxAmount"]) / 0.95
	}
	if t.net == nil && t.gross != nil && len(taxes) > 0 && sumBase.Add(sumTax).Equal(*t.gross) {
		v := sumBase
		t.net = &v
		t.conf["TotalNetPrice"] = 0.85
	}
	withheldTotals(&t, cs[textparse.FieldWithheld])
	// An amount due printed as zero ("Balance EUR 0.00", "Amount due USD
	// 0.00") under a positive gross says the invoice was settled (by card,
	// at the desk) even where the payment is printed with no prepaid
	// label: what was paid is the gross.
	if t.prepaid == nil && t.due != nil && t.due.IsZero() && t.gross != nil && t.gross.IsPositive() {
		v := *t.gross
		t.prepaid = &v
	}
	// A payment is printed with a minus ("Anzahlung -150,00",
	// "Payments/Credits -$500.00"); on an invoice that is not a credit note
	// the amount paid is its size.
	if t.prepaid != nil && t.prepaid.IsNegative() && (t.gross == nil || !t.gross.IsNegative()) {
		a := t.prepaid.Abs()
		t.prepaid = &a
	}
	// "Previous Balance $86.35 | Payment Received - Thank You -$86.35 |
	// Balance Forward $0.00 | ... Amount Due $87.13" on a bill whose
	// amount due is its gross: the payment settled an earlier bill, none
	// was made on this one.
	if t.prepaid != nil && !t.prepaid.IsZero() && t.withheld == nil && t.gross != nil && t.due != nil && t.due.Equal(*t.gross) {
		t.prepaid = nil
	}
	return t
}

// withheldTotals sets the amount withheld from its best candidate, as a
// size, and reconciles the totals with it. The gross is net + tax before
// anything is withheld; what the customer pays the seller is the amount
// due. So when the amount read as the gross is net + tax - prepaid -
// withheld (a Spanish "Total factura" or a grid's "Total" printed after
// "IRPF -15%") and no other amount due was read, that amount is the
// amount due and the gross is net + tax. A withheld amount is dropped
// when the amount due read is already the gross less what was paid: the
// label then stood in a note, not in the totals.
func withheldTotals(t *totals, ws []cand) {
	if len(ws) == 0 {
		return
	}
	w := ws[0].a.v.Abs()
	if !w.IsPositive() {
		return
	}
	pre := decimal.Zero
	if t.prepaid != nil {
		pre = t.prepaid.Abs()
	}
	if t.net != nil && t.tax != nil && t.gross != nil {
		full := t.net.Add(*t.tax)
		if !full.Equal(*t.gross) && full.Sub(pre).Sub(w).Equal(*t.gross) && (t.due == nil || t.due.Equal(*t.gross)) {
			due := *t.gross
			t.due, t.gross = &due, &full
			t.conf["AmountDue"] = t.conf["TotalGrossPrice"]
			t.conf["TotalGrossPrice"] = 0.9 // net + tax, and the printed total is it less the amount withheld
		}
	}
	if t.gross != nil && t.due != nil && t.gross.Sub(pre).Equal(*t.due) {
		return
	}
	t.withheld = &w
}

// closeTo reports whether amount a follows the start of span sp closely: at
// most three words between them, none holding digits ("Steuerbetrag in EUR
// 56,87" but not "TVA: FR11999999998 - SIRET ... capital de 120 000,00").
func (d *doc) closeTo(sp valueSpan, a amt) bool {
	n := 0
	inDate := d.dateWords(sp.l)
	for k := sp.from; k < a.w0; k++ {
		w := sp.l.words[k]
		if w == ":" || isCurrencyWord(w) {
			continue
		}
		if inDate != nil && inDate[k] {
			// "Total amount due on August 3, 2014 $4.11": a date counts as one word.
			if k == sp.from || !inDate[k-1] {
				n++
			}
			continue
		}
		if reFootnote.MatchString(w) {
			continue // "Total TVA 20,00% (1) : 40,00"
		}
		// a rate may stand in brackets: "TVA (20 %)", "Tax (20.00%):"
		t := strings.Trim(w, "()[]:;,")
		if t == "%" {
			continue // "19 %": counted with its number
		}
		if hasDigit(w) && k+1 < a.w0 && measureUnits[textparse.Fold(strings.Trim(sp.l.words[k+1], ".,:;()"))] {
			// "Total 870 kg Rs. 1,31,814.85": the quantity summed
			// with its unit counts as one word.
			n++
			k++
			continue
		}
		if hasDigit(w) && !strings.HasSuffix(t, "%") && !(k+1 < a.w0 && strings.Trim(sp.l.words[k+1], "()[]:;,") == "%") {
			return false
		}
		n++
	}
	return n <= 3
}

// totalsAllowance finds a document-level discount printed among the
// totals ("Discount (5%) -$201.63", "Remise 10 % -432,00 EUR"): a line
// after the last item line that opens with a discount word and holds an
// amount v with sum of line totals - |v| = net. Without that arithmetic
// the line is not taken: a "Rabatt" in a note or payment term is no
// allowance.
func (d *doc) totalsAllowance(items []docextract.LineItem, net *decimal.Decimal) *decimal.Decimal {
	if net == nil || len(items) == 0 {
		return nil
	}
	var sum decimal.Decimal
	for _, it := range items {
		if it.ProductTotalPrice == nil {
			return nil
		}
		sum = sum.Add(it.ProductTotalPrice.Decimal)
	}
	if !sum.GreaterThan(*net) {
		return nil
	}
	last := -1
	for li := range d.lines {
		if d.itemLine[li] {
			last = li
		}
	}
	for li := last + 1; li >= 0 && li < len(d.lines); li++ {
		l := &d.lines[li]
		if len(l.toks) == 0 || !allowWords[l.toks[0]] {
			continue
		}
		for _, a := range d.amounts(l, 1, len(l.words)) {
			if v := a.v.Abs(); sum.Sub(v).Equal(*net) {
				return &v
			}
		}
	}
	return nil
}

// deductedPrepaid reads what a final invoice takes off its gross under a
// heading of deduction ("abzüglich Abschlagsrechnungen", "Less payments on
// account"): the rows under the heading (each earlier instalment with its
// net, tax and gross, then their sum) end in the amount taken off. When
// the rightmost amount of one row, or those of the rows together, equal
// gross less the amount due, that is the amount already paid.
func (d *doc) deductedPrepaid(t *totals) {
	if t.prepaid != nil || t.gross == nil || t.due == nil || !t.due.LessThan(*t.gross) {
		return
	}
	want := t.gross.Sub(*t.due)
	for li := range d.lines {
		if !deductionLine(&d.lines[li]) {
			continue
		}
		var sum decimal.Decimal
		for j := li + 1; j < len(d.lines) && j <= li+12 && d.lines[j].pg == d.lines[li].pg; j++ {
			as := d.amounts(&d.lines[j], 0, len(d.lines[j].words))
			if len(as) == 0 {
				break
			}
			v := as[len(as)-1].v.Abs()
			sum = sum.Add(v)
			if v.Equal(want) || sum.Equal(want) {
				t.prepaid = &want
				return
			}
		}
	}
}

// includedWords say a tax row names the tax the amounts above already
// include ("Includes GST 10%", "enthaltene MwSt.", "dont TVA", "waarvan
// btw", "IVA incluida", "di cui IVA").
var includedWords = map[string]bool{"includes": true, "included": true, "including": true, "incl": true, "inkl": true, "inc": true,
	"enthaltene": true, "enthalten": true, "davon": true, "darin": true, "dont": true, "inclus": true, "incluse": true, "compris": true, "comprise": true,
	"waarvan": true, "inclusief": true, "inbegrepen": true, "incluido": true, "incluida": true, "incluye": true, "cui": true, "inclusa": true, "incluso": true}

// includedTax reports whether line li is a tax row that names the tax as
// included, in the words before its first amount.
func (d *doc) includedTax(li int) bool {
	if li < 0 || li >= len(d.lines) {
		return false
	}
	l := &d.lines[li]
	for ti, tok := range l.toks {
		if hasDigit(tok) && ti > 0 {
			break
		}
		if includedWords[tok] {
			return true
		}
	}
	return false
}

// shippingWords open a totals row that charges delivery.
var shippingWords = map[string]bool{"shipping": true, "delivery": true, "freight": true, "postage": true, "versand": true,
	"versandkosten": true, "porto": true, "fracht": true, "frachtkosten": true, "lieferkosten": true, "verzendkosten": true,
	"verzending": true, "bezorgkosten": true, "frais": true, "livraison": true, "envio": true, "gastos": true, "portes": true,
	"spedizione": true, "spese": true, "trasporto": true}

// shippingRow returns the amount of a row between the net's line from and
// the gross's line to (same page) that a shipping word opens ("Spedizione
// 9,90 € tramite Corriere espresso", "Versandkosten 4,95", "Frais de port")
// when it is want, what the net and the tax leave to the gross.
func (d *doc) shippingRow(from, to int, want decimal.Decimal) *decimal.Decimal {
	if from < 0 || to <= from+1 || to-from > 8 || d.lines[from].pg != d.lines[to].pg || !want.IsPositive() {
		return nil
	}
	for li := from + 1; li < to; li++ {
		l := &d.lines[li]
		if len(l.toks) == 0 || !shippingWords[l.toks[0]] {
			continue
		}
		as := d.amounts(l, 0, len(l.words))
		if len(as) > 0 && as[0].v.Equal(want) {
			v := as[0].v
			return &v
		}
	}
	return nil
}

// chargeRows reads the rows a totals block adds to the lines' sum on the
// way to the net ("Totale compensi 1.640,00 | Rivalsa INPS 4% 65,60 |
// Marca da bollo 2,00 | Totale documento 1.707,60" on an invoice that
// charges no VAT): after the last item, a row whose amount is the items'
// sum, then rows of money, none labelled as a tax, payment or amount due,
// up to the row printing the net. When those rows add up to net - sum
// they are charges on the whole document and the sum is the lines' total.
func (d *doc) chargeRows(items []docextract.LineItem, t *totals) {
	if t.net == nil || t.lineTotal != nil || t.charge != nil || t.allowance != nil || len(items) == 0 {
		return
	}
	var sum decimal.Decimal
	for _, it := range items {
		if it.ProductTotalPrice == nil {
			return
		}
		sum = sum.Add(it.ProductTotalPrice.Decimal)
	}
	if !sum.IsPositive() || !sum.LessThan(*t.net) {
		return
	}
	last := -1
	for li := range d.lines {
		if d.itemLine[li] && !d.restated[li] {
			last = li
		}
	}
	if last < 0 {
		return
	}
	lastAmt := func(l *line) (decimal.Decimal, bool) {
		as := d.amounts(l, 0, len(l.words))
		if len(as) == 0 {
			return decimal.Zero, false
		}
		return as[len(as)-1].v, true
	}
	start := -1
	for li := last + 1; li < len(d.lines) && li <= last+3 && d.lines[li].pg == d.lines[last].pg; li++ {
		if v, ok := lastAmt(&d.lines[li]); ok {
			if v.Equal(sum) {
				start = li
			}
			break
		}
	}
	if start < 0 {
		return
	}
	var charges decimal.Decimal
	for li := start + 1; li < len(d.lines) && li <= start+6 && d.lines[li].pg == d.lines[start].pg; li++ {
		l := &d.lines[li]
		v, ok := lastAmt(l)
		if !ok {
			return
		}
		if v.Equal(*t.net) {
			if li > start+1 && charges.Equal(t.net.Sub(sum)) {
				lines, ch := sum, charges
				t.lineTotal, t.charge = &lines, &ch
			}
			return
		}
		for _, m := range l.labels {
			switch m.Field {
			case textparse.FieldTax, textparse.FieldPrepaid, textparse.FieldAmountDue, textparse.FieldNet, textparse.FieldGross, textparse.FieldAllowanceTotal:
				return
			}
		}
		if !v.IsPositive() {
			return
		}
		charges = charges.Add(v)
	}
}
