package validate

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/docextract/docextract"
)

// Names of the bank statement checks. Row checks carry the one-based
// transaction row in brackets: "running_balance[row 7]".
const (
	// RuleBankReconcile: OpeningBalance + Σ transactions[].Amount = ClosingBalance.
	RuleBankReconcile = "opening_plus_transactions_equals_closing"
	// RuleBankRunning: per row, previous balance (the opening balance for
	// the first row) + Amount = Balance. Named "running_balance[row N]".
	RuleBankRunning = "running_balance"
	// RuleBankAmount: per row, the Amount was read. Named "transaction_amount[row N]".
	RuleBankAmount = "transaction_amount"
	// RuleBankBalances: the opening and closing balances, or running
	// balances, were read, so the statement could be checked at all.
	RuleBankBalances = "balances_present"
)

// BankStatement checks that the statement reconciles: the opening balance
// plus every transaction equals the closing balance, and each printed
// running balance equals the previous balance plus the row's amount.
// Arithmetic is exact. Row checks come first, so when one amount was misread
// CalculationLogic names its row. A rule whose inputs were not read (no
// opening or closing balance, no running balances) is skipped; a transaction
// without an amount fails. Statements listing the newest row first are
// recognised and their running balances checked in that order. A statement
// on which no rule could be applied (neither both balances nor a running
// balance read; d == nil, nothing read) does not pass, as an invoice without
// its gross does not: passed means the numbers were checked and hold.
func BankStatement(d *docextract.BankStatementData) docextract.Validation {
	var r ruleSet
	if d == nil {
		r.addMissing(RuleBankBalances, "no bank statement data was read, so the statement cannot be validated")
		return r.result("")
	}
	txs := d.Transactions
	missing := false
	for i, t := range txs {
		if t.Amount == nil {
			missing = true
			r.addMissing(fmt.Sprintf("%s[row %d]", RuleBankAmount, i+1),
				fmt.Sprintf("row %d: the transaction amount could not be read", i+1))
		}
	}

	// Running balances, in the order the statement is printed.
	prev := func(i int, reversed bool) *docextract.Amount {
		switch {
		case !reversed && i == 0:
			return d.General.OpeningBalance
		case !reversed:
			return txs[i-1].Balance
		case i == len(txs)-1:
			return d.General.OpeningBalance
		}
		return txs[i+1].Balance
	}
	score := func(reversed bool) int {
		n := 0
		for i, t := range txs {
			if p := prev(i, reversed); p != nil && t.Balance != nil && t.Amount != nil &&
				p.Dec().Add(t.Amount.Dec()).Equal(t.Balance.Dec()) {
				n++
			}
		}
		return n
	}
	reversed := len(txs) > 1 && score(true) > score(false)
	rows := 0
	for i, t := range txs {
		p := prev(i, reversed)
		if p == nil || t.Balance == nil || t.Amount == nil {
			continue
		}
		rows++
		want := p.Dec().Add(t.Amount.Dec())
		got := t.Balance.Dec()
		r.add(fmt.Sprintf("%s[row %d]", RuleBankRunning, i+1), want, got, decimal.Zero,
			fmt.Sprintf("row %d: previous balance %s + amount %s = balance %s", i+1, dec(p.Dec()), dec(t.Amount.Dec()), dec(got)),
			fmt.Sprintf("row %d: previous balance %s + amount %s = %s, but the statement shows a balance of %s",
				i+1, dec(p.Dec()), dec(t.Amount.Dec()), dec(want), dec(got)))
	}

	open, closing := d.General.OpeningBalance, d.General.ClosingBalance
	if open != nil && closing != nil && !missing {
		sum := decimal.Zero
		for _, t := range txs {
			sum = sum.Add(t.Amount.Dec())
		}
		want := open.Dec().Add(sum)
		r.add(RuleBankReconcile, want, closing.Dec(), decimal.Zero,
			fmt.Sprintf("opening balance %s + %d transactions totalling %s = closing balance %s",
				dec(open.Dec()), len(txs), dec(sum), dec(closing.Dec())),
			fmt.Sprintf("opening balance %s + %d transactions totalling %s = %s, but the closing balance is %s",
				dec(open.Dec()), len(txs), dec(sum), dec(want), dec(closing.Dec())))
		r.logic = r.checks[len(r.checks)-1].Message
		if rows > 0 {
			r.logic += fmt.Sprintf(", and the running balance matches on all %d rows that print one", rows)
		}
	} else if rows > 0 {
		r.logic = fmt.Sprintf("running balance: previous balance + amount = balance on all %d rows that print one "+
			"(opening or closing balance not read, so the statement total was not reconciled)", rows)
	}
	if r.logic == "" && !missing {
		r.addMissing(RuleBankBalances, "neither opening and closing balances nor running balances were read, so the statement cannot be validated")
	}
	return r.result("")
}
