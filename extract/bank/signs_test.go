package bank

import (
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
)

func TestMendSigns(t *testing.T) {
	t.Parallel()
	a := func(s string) *docextract.Amount { return docextract.NewAmount(decimal.RequireFromString(s)) }
	stmt := func(open, close string, amounts ...string) *docextract.BankStatementData {
		out := &docextract.BankStatementData{}
		out.General.OpeningBalance, out.General.ClosingBalance = a(open), a(close)
		for _, x := range amounts {
			out.Transactions = append(out.Transactions, docextract.Transaction{Amount: a(x)})
		}
		return out
	}
	amounts := func(out *docextract.BankStatementData) []string {
		var s []string
		for _, t := range out.Transactions {
			s = append(s, t.Amount.StringFixed(2))
		}
		return s
	}
	// Every minus lost but the first (a scanned "−1.269,35" read, the rest
	// not): one choice of signs reaches the closing balance.
	out := stmt("7442.83", "1246.05", "-1269.35", "697.01", "247.19", "1203.74", "1446.07", "558.36", "1247.74", "1377.48", "645.32")
	require.True(t, mendSigns(out))
	require.Equal(t, []string{"-1269.35", "-697.01", "-247.19", "-1203.74", "-1446.07", "-558.36", "1247.74", "-1377.48", "-645.32"}, amounts(out))
	// Already adds up: unchanged.
	require.False(t, mendSigns(out))
	// Two choices reach it (equal amounts): nothing is changed.
	out = stmt("100.00", "100.00", "10.00", "10.00")
	require.False(t, mendSigns(out))
	require.Equal(t, []string{"10.00", "10.00"}, amounts(out))
	// No choice reaches it (a transaction is missing): nothing is changed.
	out = stmt("100.00", "50.00", "10.00", "7.00")
	require.False(t, mendSigns(out))
	require.Equal(t, []string{"10.00", "7.00"}, amounts(out))
	// Amounts of more than two decimals are no statement's: left alone.
	out = stmt("100.00", "80.00", "10.005", "9.995")
	require.False(t, mendSigns(out))
	// Running balances decide row by row.
	out = stmt("100.00", "70.00", "20.00", "50.00")
	out.Transactions[0].Balance, out.Transactions[1].Balance = a("120.00"), a("70.00")
	require.True(t, mendSigns(out))
	require.Equal(t, []string{"20.00", "-50.00"}, amounts(out))
	// Many transactions: one sign, when one amount alone closes the gap.
	var many []string
	for i := range 30 {
		many = append(many, decimal.NewFromInt(int64(10+i)).StringFixed(2))
	}
	total := decimal.Zero
	for _, m := range many {
		total = total.Add(decimal.RequireFromString(m))
	}
	closing := decimal.NewFromInt(1000).Add(total).Sub(decimal.NewFromInt(2 * 25))
	out = stmt("1000.00", closing.StringFixed(2), many...)
	require.True(t, mendSigns(out))
	require.Equal(t, "-25.00", amounts(out)[15])
}

// TestMendDigits: an amount OCR misread by one digit takes the difference
// of the running balances when the closing balance then holds, and is
// left alone when it does not.
func TestMendDigits(t *testing.T) {
	t.Parallel()
	amt := func(s string) *docextract.Amount { return docextract.NewAmount(decimal.RequireFromString(s)) }
	mk := func(closing string) *docextract.BankStatementData {
		return &docextract.BankStatementData{
			General: docextract.BankStatementGeneral{OpeningBalance: amt("100.00"), ClosingBalance: amt(closing)},
			Transactions: []docextract.Transaction{
				{Amount: amt("4307.92"), Balance: amt("1407.92")},
				{Amount: amt("-7.92"), Balance: amt("1400.00")},
			},
		}
	}
	st := mk("1400.00")
	require.True(t, mendDigits(st))
	require.Equal(t, "1307.92", st.Transactions[0].Amount.String())
	st = mk("4400.00")
	require.False(t, mendDigits(st), "the closing balance agrees with the amounts read")
	require.Equal(t, "4307.92", st.Transactions[0].Amount.String())
}
