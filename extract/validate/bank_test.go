package validate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/internal/testdocs"
)

func stmt(open, closing string, rows ...[2]string) *docextract.BankStatementData {
	d := &docextract.BankStatementData{DocType: "bank_statement", Transactions: []docextract.Transaction{}}
	if open != "" {
		d.General.OpeningBalance = docextract.MustAmount(open)
	}
	if closing != "" {
		d.General.ClosingBalance = docextract.MustAmount(closing)
	}
	for _, r := range rows {
		t := docextract.Transaction{}
		if r[0] != "" {
			t.Amount = docextract.MustAmount(r[0])
		}
		if r[1] != "" {
			t.Balance = docextract.MustAmount(r[1])
		}
		d.Transactions = append(d.Transactions, t)
	}
	return d
}

func TestBankStatement(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		in         *docextract.BankStatementData
		passed     bool
		checks     int
		failed     string // name of the first failing check
		logicWords string
	}{
		{"reconciles with running balances", stmt("100.00", "70.50", [2]string{"-50.00", "50.00"}, [2]string{"20.50", "70.50"}),
			true, 3, "", "closing balance 70.50"},
		{"reconciles without running balances", stmt("100.00", "70.50", [2]string{"-50.00", ""}, [2]string{"20.50", ""}),
			true, 1, "", "2 transactions totalling -29.50"},
		{"altered amount names the row", stmt("100.00", "70.50", [2]string{"-50.00", "50.00"}, [2]string{"20.00", "70.50"}),
			false, 3, "running_balance[row 2]", "row 2"},
		{"wrong closing", stmt("100.00", "80.00", [2]string{"-50.00", ""}, [2]string{"20.50", ""}),
			false, 1, RuleBankReconcile, "but the closing balance is 80.00"},
		{"newest first", stmt("100.00", "70.50", [2]string{"20.50", "70.50"}, [2]string{"-50.00", "50.00"}),
			true, 3, "", "running balance matches"},
		{"missing amount", stmt("100.00", "70.50", [2]string{"", ""}, [2]string{"20.50", ""}),
			false, 1, "transaction_amount[row 1]", "row 1"},
		{"no balances at all", stmt("", "", [2]string{"1.00", ""}), false, 1, RuleBankBalances, "cannot be validated"},
		{"only an opening balance", stmt("5.00", ""), false, 1, RuleBankBalances, "cannot be validated"},
		{"only running balances", stmt("", "", [2]string{"1.00", "5.00"}, [2]string{"2.00", "7.00"}), true, 1, "", "running balance"},
		{"empty statement", stmt("5.00", "5.00"), true, 1, "", "0 transactions"},
		{"nil", nil, false, 1, RuleBankBalances, "no bank statement"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			v := BankStatement(tc.in)
			require.Equal(t, tc.passed, v.Passed, v.Details.CalculationLogic)
			require.Len(t, v.Details.Checks, tc.checks)
			require.Contains(t, v.Details.CalculationLogic, tc.logicWords)
			if tc.failed != "" {
				first := ""
				for _, c := range v.Details.Checks {
					if !c.Passed {
						first = c.Name
						break
					}
				}
				require.Equal(t, tc.failed, first)
			}
		})
	}
}

func TestBankStatementGenerated(t *testing.T) {
	t.Parallel()
	for _, l := range testdocs.StatementLayouts() {
		s, err := testdocs.NewStatement(testdocs.StatementOptions{Layout: l, Seed: 11, Transactions: 12})
		require.NoError(t, err)
		v := BankStatement(s.Truth)
		require.True(t, v.Passed, v.Details.CalculationLogic)

		// Alter the seventh amount: the check for row 7 fails and names it.
		s.Truth.Transactions[6].Amount = docextract.NewAmount(s.Truth.Transactions[6].Amount.Dec().Add(docextract.MustAmount("0.01").Dec()))
		v = BankStatement(s.Truth)
		require.False(t, v.Passed)
		require.True(t, strings.Contains(v.Details.CalculationLogic, "row 7") ||
			strings.Contains(v.Details.CalculationLogic, "closing balance"), v.Details.CalculationLogic)
		if s.Truth.Transactions[6].Balance != nil {
			require.Contains(t, v.Details.CalculationLogic, "row 7")
		}
	}
}

func ExampleBankStatement() {
	d := stmt("100.00", "70.50", [2]string{"-50.00", "50.00"}, [2]string{"20.00", "70.50"})
	v := BankStatement(d)
	fmt.Println(v.Passed)
	fmt.Println(v.Details.CalculationLogic)
	// Output:
	// false
	// row 2: previous balance 50.00 + amount 20.00 = 70.00, but the statement shows a balance of 70.50 (2 of 3 checks failed)
}
