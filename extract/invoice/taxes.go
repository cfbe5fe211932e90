package invoice

import (
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
// such that base × rate / 100 = tax (to the cent). The rate may be printed
// with or without "%". Rows with a zero rate are kept when they print a zero
// tax next to a rate of "0%".
func (d *doc) taxRows() []taxRow {
	var out []taxRow
	seen := map[string]bool{}
	for li := range d.lines {
		l := &d.lines[li]
		if len(l.words) < 3 {
			continue
		}
		var rates []decimal.Decimal
		for _, w := range l.words {
			if r, ok := textparse.ParsePercent(w); ok && r.Sign() >= 0 && r.LessThanOrEqual(maxRate) {
				rates = append(rates, r)
			}
		}
		as := d.amounts(l, 0, len(l.words))
		if len(as) < 2 {
			continue
		}
		for _, a := range as {
			if a.decimals <= 2 && a.v.Sign() >= 0 && a.v.LessThanOrEqual(maxRate) && a.v.Equal(a.v.Round(2)) {
				rates = append(rates, a.v)
			}
		}
		found := false
		for _, r := range rates {
			if r.IsZero() {
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
						found = true
					}
				}
			}
		}
	}
	// Keep one row per rate: a later, repeated row (totals block) is the same.
	return out
}
