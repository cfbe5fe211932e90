package bank

import (
	"github.com/shopspring/decimal"

	"github.com/docextract/docextract"
)

// maxSignSearch is the most transactions whose signs mendSigns tries in
// every combination (2^12 = 4096): with more, some combination reaches any
// target by chance too often to be evidence, and only one sign is changed.
const maxSignSearch = 12

// mendSigns corrects the signs of transaction amounts whose sign was lost
// (a "−" OCR did not see, a "S"/"H" or "Soll"/"Haben" marker no rule knew)
// when the statement's own balances say which: it reports whether it
// changed any.
//
// With a running balance on every row, an amount whose size is the
// difference of its row's balance and the one before (the opening balance
// before the first row) takes that difference's sign. Otherwise, when
// opening balance + amounts does not reach the closing balance as read,
// the signs are changed only if exactly one choice of signs reaches it:
// any choice for up to maxSignSearch transactions, one changed sign for
// more. The sizes are never changed, and nothing changes when no choice
// or several reach the closing balance.
func mendSigns(out *docextract.BankStatementData) bool {
	g := &out.General
	txns := out.Transactions
	if g.OpeningBalance == nil || g.ClosingBalance == nil || len(txns) == 0 {
		return false
	}
	for _, t := range txns {
		if t.Amount == nil {
			return false
		}
	}
	sum := func() decimal.Decimal {
		s := g.OpeningBalance.Decimal
		for _, t := range txns {
			s = s.Add(t.Amount.Decimal)
		}
		return s
	}
	if sum().Equal(g.ClosingBalance.Decimal) {
		return false
	}
	changed := false
	// Running balances, row by row.
	prev := g.OpeningBalance.Decimal
	rows := true
	for _, t := range txns {
		if t.Balance == nil {
			rows = false
			break
		}
	}
	if rows {
		for i := range txns {
			d := txns[i].Balance.Sub(prev)
			if d.Abs().Equal(txns[i].Amount.Abs()) && !d.Equal(txns[i].Amount.Decimal) && !d.IsZero() {
				txns[i].Amount = docextract.NewAmount(d)
				changed = true
			}
			prev = txns[i].Balance.Decimal
		}
		if sum().Equal(g.ClosingBalance.Decimal) {
			return changed
		}
	}
	// The balances alone: which signs make opening + amounts = closing?
	need := g.ClosingBalance.Sub(g.OpeningBalance.Decimal)
	if len(txns) <= maxSignSearch {
		// In cents, as integers: 4096 sums of 12 amounts each at most.
		cents := func(d decimal.Decimal) (int64, bool) {
			c := d.Shift(2)
			return c.IntPart(), c.Equal(c.Truncate(0)) && c.Abs().LessThan(decimal.New(1, 15))
		}
		want, ok := cents(need)
		vs := make([]int64, len(txns))
		for i, t := range txns {
			v, vok := cents(t.Amount.Decimal)
			ok = ok && vok
			vs[i] = v
		}
		if !ok {
			return changed // amounts with more than two decimals: not a statement's
		}
		var found uint32
		n := 0
		for mask := uint32(0); mask < 1<<len(txns); mask++ {
			var s int64
			for i, v := range vs {
				if mask&(1<<i) != 0 {
					s -= v
				} else {
					s += v
				}
			}
			if s == want {
				found = mask
				if n++; n > 1 {
					return changed
				}
			}
		}
		if n == 1 {
			for i := range txns {
				if found&(1<<i) != 0 {
					txns[i].Amount = docextract.NewAmount(txns[i].Amount.Neg())
				}
			}
			return true
		}
		return changed
	}
	// One sign: the amount of size half the gap, of the gap's opposite sign.
	gap := need.Sub(sum().Sub(g.OpeningBalance.Decimal))
	half := gap.Div(decimal.NewFromInt(2))
	k := -1
	for i, t := range txns {
		if t.Amount.Neg().Equal(half) {
			if k >= 0 {
				return changed
			}
			k = i
		}
	}
	if k >= 0 {
		txns[k].Amount = docextract.NewAmount(txns[k].Amount.Neg())
		return true
	}
	return changed
}

// mendDigits corrects amounts OCR misread by one digit ("4307.92" for
// "1,307.92") when the statement's running balances say which: with a
// running balance on every row and opening balance + amounts short of the
// closing balance, each amount that differs in exactly one digit from the
// difference of its row's balance and the one before takes that
// difference, and the change is kept only if the sum then reaches the
// closing balance. It reports whether it changed any.
func mendDigits(out *docextract.BankStatementData) bool {
	g := &out.General
	txns := out.Transactions
	if g.OpeningBalance == nil || g.ClosingBalance == nil || len(txns) == 0 {
		return false
	}
	sum := g.OpeningBalance.Decimal
	for _, t := range txns {
		if t.Amount == nil || t.Balance == nil {
			return false
		}
		sum = sum.Add(t.Amount.Decimal)
	}
	if sum.Equal(g.ClosingBalance.Decimal) {
		return false
	}
	prev := g.OpeningBalance.Decimal
	fixed := map[int]decimal.Decimal{}
	for i, t := range txns {
		d := t.Balance.Sub(prev)
		prev = t.Balance.Decimal
		if !d.Equal(t.Amount.Decimal) && d.Sign() == t.Amount.Sign() && oneDigitApart(d, t.Amount.Decimal) {
			fixed[i] = d
			sum = sum.Add(d.Sub(t.Amount.Decimal))
		}
	}
	if len(fixed) == 0 || !sum.Equal(g.ClosingBalance.Decimal) {
		return false
	}
	for i, d := range fixed {
		txns[i].Amount = docextract.NewAmount(d)
	}
	return true
}

// oneDigitApart reports whether a and b, written with two decimals, have
// as many digits and differ in exactly one of them.
func oneDigitApart(a, b decimal.Decimal) bool {
	x, y := a.Abs().StringFixed(2), b.Abs().StringFixed(2)
	if len(x) != len(y) {
		return false
	}
	n := 0
	for i := range len(x) {
		if x[i] != y[i] {
			n++
		}
	}
	return n == 1
}
