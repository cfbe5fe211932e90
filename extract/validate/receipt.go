package validate

import (
	"fmt"

	"github.com/docextract/docextract"
)

// Receipt applies the receipt rules to d and returns the outcome:
//
//   - RuleGrossPresent: TotalGrossPrice was read (a failed check when not);
//   - RuleReceiptLinesSum: when lines were read and every line has a total,
//     their sum = TotalGrossPrice (exact);
//   - RuleReceiptTaxTotal: TotalTaxAmount ≤ TotalGrossPrice (for refunds,
//     compared by magnitude).
//
// As for invoices, a rule whose inputs are missing is skipped, Passed is true
// when every recorded check passed and the total was read, and
// CalculationLogic names the deciding rule. d == nil is a receipt where
// nothing was read.
func Receipt(d *docextract.ReceiptData) docextract.Validation {
	if d == nil {
		d = &docextract.ReceiptData{}
	}
	g := d.General
	var r ruleSet
	if !present(g.TotalGrossPrice) {
		r.addMissing(RuleGrossPresent, "TotalGrossPrice was not read, so the receipt cannot be validated")
		return r.result("")
	}
	total := g.TotalGrossPrice.Decimal
	if sum, ok := sumLines(d.LineItems); ok {
		sentence := fmt.Sprintf("sum of %d line totals = TotalGrossPrice (%s)", len(d.LineItems), dec(total))
		r.add(RuleReceiptLinesSum, sum, total, zeroTol, sentence,
			fmt.Sprintf("sum of %d line totals is %s, but TotalGrossPrice is %s", len(d.LineItems), dec(sum), dec(total)))
		r.logicOnce(sentence)
	}
	if present(g.TotalTaxAmount) {
		tax := g.TotalTaxAmount.Decimal
		pass := tax.Abs().LessThanOrEqual(total.Abs())
		msg := fmt.Sprintf("TotalTaxAmount ≤ TotalGrossPrice (%s ≤ %s)", dec(tax), dec(total))
		if !pass {
			msg = fmt.Sprintf("TotalTaxAmount %s is larger than TotalGrossPrice %s", dec(tax), dec(total))
		}
		r.checks = append(r.checks, docextract.Check{
			Name: RuleReceiptTaxTotal, Passed: pass, Expected: decPtr(total), Actual: decPtr(tax), Message: msg,
		})
		r.logicOnce(msg)
	}
	return r.result(fmt.Sprintf("TotalGrossPrice %s was read; no line or tax amounts to check it against", dec(total)))
}
