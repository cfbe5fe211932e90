package invoice

import (
	"math"
	"strings"

	"github.com/docextract/docextract/extract/textparse"
	"github.com/shopspring/decimal"
)

// taxRow is one printed VAT breakdown row.
type taxRow struct {
	rate, base, tax decimal.Decimal
	line            int
}

var hundred = decimal.NewFromInt(100)
var maxRate = decimal.NewFromInt(30)

// taxRows finds VAT breakdown rows: lines printing a rate and two amounts
// such that base × rate / 100 = tax (to the cent). The rate must be printed
// as a percentage ("19%", "19 %", "19,00 %"), or stand under a rate column
// title ("Taux", "Steuersatz", "VAT %") of a table above; a bare number is
// never taken for a rate on its own, since quantities and prices make such
// coincidences common. Line items are not tax rows. Each rate and base is
// reported once (a breakdown printed twice is one breakdown).
func (d *doc) taxRows() []taxRow {
	var out []taxRow
	seen := map[string]bool{}
	for li := range d.lines {
		l := &d.lines[li]
		if len(l.words) < 3 || d.itemLine[li] || discountLine(l) || !d.taxContext(li) {
			continue
		}
		as := d.amounts(l, 0, len(l.words))
		if len(as) < 2 {
			continue
		}
		var rates []decimal.Decimal
		for wi, w := range l.words {
			r, ok := textparse.ParsePercent(w)
			if !ok && wi+1 < len(l.words) && l.words[wi+1] == "%" {
				if m, err := textparse.ParseAmountSep(w, d.sep); err == nil && m.Currency == "" {
					r, ok = m.Value, true
				}
			}
			if ok && r.Sign() >= 0 && r.LessThanOrEqual(maxRate) {
				rates = append(rates, r)
			}
		}
		for _, a := range as {
			if a.decimals <= 2 && a.cur == "" && a.v.Sign() > 0 && a.v.LessThanOrEqual(maxRate) && d.underRateTitle(li, a) {
				rates = append(rates, a.v)
			}
		}
		// A row may print several rates over one base, each with its own
		// tax: "309,55 | 10 | 30,96 | 1,40 | 4,33" under "Base imponible |
		// % IVA | Cuota IVA | % R.E. | Cuota R.E." (VAT and the Spanish
		// equivalence surcharge). After the first rate matched, another
		// rate counts over the same base with a tax of its own.
		found := false
		var rowBase decimal.Decimal
		usedTax := map[int]bool{}
		matched := map[string]bool{}
		for _, r := range rates {
			if found && !r.IsZero() && !matched[r.String()] {
				for i := 0; i < len(as); i++ {
					if usedTax[i] || as[i].v.Equal(rowBase) || as[i].v.Equal(r) || !as[i].v.IsPositive() {
						continue
					}
					if rowBase.Mul(r).Div(hundred).Round(2).Sub(as[i].v).Abs().LessThanOrEqual(decimal.New(1, -2)) {
						k := r.String() + "/" + rowBase.String() + "/" + as[i].v.String()
						if !seen[k] {
							seen[k] = true
							out = append(out, taxRow{rate: r, base: rowBase, tax: as[i].v, line: li})
						}
						usedTax[i], matched[r.String()] = true, true
						break
					}
				}
				continue
			}
			if r.IsZero() {
				// "0 %  15,00  0,00": a zero-rated row (a city tax, an
				// exempt service) with its tax printed as zero; kept only
				// beside rows of a positive rate (below).
				if z, ok := zeroRateRow(as); ok && !seen["0/"+z.String()] {
					seen["0/"+z.String()] = true
					out = append(out, taxRow{rate: r, base: z, line: li})
					found = true
				}
				continue
			}
			for i := 0; i < len(as) && !found; i++ {
				for j := i + 1; j < len(as) && !found; j++ {
					base, tax := as[i].v, as[j].v
					if base.Abs().LessThan(tax.Abs()) {
						base, tax = tax, base
					}
					if base.IsZero() || base.Equal(r) || tax.Equal(r) {
						continue
					}
					want := base.Mul(r).Div(hundred).Round(2)
					if want.Sub(tax).Abs().LessThanOrEqual(decimal.New(1, -2)) {
						k := r.String() + "/" + base.String()
						if !seen[k] {
							seen[k] = true
							out = append(out, taxRow{rate: r, base: base, tax: tax, line: li})
						}
						found, rowBase, matched[r.String()] = true, base, true
						if as[i].v.Equal(tax) {
							usedTax[i] = true
						} else {
							usedTax[j] = true
						}
					}
				}
			}
		}
	}
	for _, r := range out {
		if !r.rate.IsZero() {
			return out
		}
	}
	return nil
}

// zeroRateRow reads a zero-rated breakdown row's amounts: one positive base
// and a zero tax, nothing else but the base repeated as the gross.
func zeroRateRow(as []amt) (decimal.Decimal, bool) {
	var base decimal.Decimal
	zero := false
	for _, a := range as {
		switch {
		case a.v.IsZero():
			zero = true
		case base.IsZero() && a.v.Sign() > 0:
			base = a.v
		case !a.v.Equal(base):
			return decimal.Zero, false
		}
	}
	return base, zero && base.Sign() > 0
}

// discountWords mark a cash discount or rebate line ("2 % Skonto: 2,38"),
// whose percentage and amounts can match base × rate = tax by coincidence.
var discountWords = map[string]bool{"skonto": true, "rabatt": true, "discount": true, "remise": true, "escompte": true,
	"korting": true, "descuento": true, "sconto": true, "rebate": true, "nachlass": true, "pronto": true}

func discountLine(l *line) bool {
	for _, t := range l.toks {
		if discountWords[t] {
			return true
		}
	}
	return false
}

// taxWords name a sales tax in the six languages.
var taxWords = map[string]bool{"vat": true, "tax": true, "taxes": true, "gst": true, "hst": true, "mwst": true, "ust": true, "umsatzsteuer": true,
	"mehrwertsteuer": true, "steuer": true, "steuersatz": true, "steuerbetrag": true, "tva": true, "taux": true, "btw": true, "iva": true,
	"imposta": true, "aliquota": true, "vorsteuer": true, "taxe": true, "impuesto": true,
	"pst": true, "qst": true, "tps": true, "tvq": true}

// taxContext reports whether line li may be a VAT breakdown row: it names a
// tax itself, or a line up to eight lines above on its page does (the
// breakdown's header or title).
func (d *doc) taxContext(li int) bool {
	l := &d.lines[li]
	for j := li; j >= 0 && j >= li-8; j-- {
		h := &d.lines[j]
		if h.pg != l.pg {
			return false
		}
		for _, t := range h.toks {
			if taxWords[t] {
				return true
			}
		}
	}
	return false
}

// underRateTitle reports whether amount a of line li stands under a VAT
// rate column title printed up to eight lines above on the same page.
func (d *doc) underRateTitle(li int, a amt) bool {
	l := &d.lines[li]
	for j := li - 1; j >= 0 && j >= li-8; j-- {
		h := &d.lines[j]
		if h.pg != l.pg {
			return false
		}
		for _, m := range textparse.MatchColumns(h.toks) {
			if m.Column != textparse.ColVATRate {
				continue
			}
			w0, w1 := h.wordOf[m.Start], h.wordOf[m.End-1]
			x0, x1 := h.Words[w0].X0, h.Words[w1].X1
			if math.Min(x1, a.x1)-math.Max(x0, a.x0) > 0 && rateTitle(h.toks[m.Start:m.End]) {
				return true
			}
		}
		if percentTitleOver(h, a) {
			return true
		}
	}
	return false
}

// percentTitleOver reports whether amount a stands under a title cell of h
// that prints "%" beside a word ("% IVA", "% R.E.", "MwSt.-%", "IVA %"): a
// rate column, unless the cell names a discount ("Dto. %", "Rabatt %").
func percentTitleOver(h *line, a amt) bool {
	if len(h.cells) < 2 || len(h.words) > 16 {
		return false
	}
	for _, c := range h.cells {
		pct, other := false, false
		for _, w := range c.Words {
			t := strings.TrimSpace(w.Text)
			switch {
			case t == "%" || strings.HasSuffix(t, "%") || strings.HasPrefix(t, "%"):
				pct = true
				if len(strings.Trim(t, "%-.")) > 0 {
					other = true
				}
			case len(t) > 0:
				other = true
			}
			if f := textparse.Fold(strings.Trim(t, ".%-")); discountWords[f] || allowWords[f] || rebateAbbr[f] {
				pct = false
				other = false
				break
			}
		}
		if !pct || !other {
			continue
		}
		if math.Min(c.X1, a.x1)-math.Max(c.X0, a.x0) > 0 {
			return true
		}
	}
	return false
}

// rateTitle reports whether a VAT column title names the rate ("Taux",
// "Steuersatz", "VAT %", "Rate") rather than the tax amount ("MwSt.").
func rateTitle(toks []string) bool {
	s := strings.Join(toks, " ")
	for _, w := range []string{"satz", "taux", "rate", "%", "tarief", "tipo", "aliquota", "percentage", "prozent"} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// noTaxTotals completes the totals of an invoice that charges no tax: one
// that prints no tax amount and no VAT breakdown, but a sentence saying why
// none is charged (the small-business rule "Gemäß § 19 UStG wird keine
// Umsatzsteuer berechnet", reverse charge, "Tax exempt", "TVA non
// applicable"), has a tax of zero, and its net and gross are the one total
// it prints ("Gesamtbetrag" alone, or "SUBTOTAL" and "TOTAL" the same).
// A printed net and gross that differ leave it alone: some tax is then
// charged after all.
func (d *doc) noTaxTotals(t *totals, taxes []taxRow) {
	if t.tax != nil || len(taxes) > 0 || (t.net == nil && t.gross == nil) {
		return
	}
	if t.net != nil && t.gross != nil && !t.net.Equal(*t.gross) {
		return
	}
	stated := false
	for li := range d.lines {
		if textparse.NoTaxCharged(d.lines[li].toks) {
			stated = true
			break
		}
	}
	if !stated {
		return
	}
	zero := decimal.Zero
	t.tax = &zero
	t.conf["TotalTaxAmount"] = 0.8 // no tax printed, and the document says why
	if t.net == nil {
		v := *t.gross
		t.net = &v
		t.conf["TotalNetPrice"] = 0.8 * t.conf["TotalGrossPrice"]
	}
	if t.gross == nil {
		v := *t.net
		t.gross = &v
		t.conf["TotalGrossPrice"] = 0.8 * t.conf["TotalNetPrice"]
	}
}
