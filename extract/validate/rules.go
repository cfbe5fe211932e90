package validate

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/docextract/docextract"
)

// Names of the invoice and receipt checks (docextract.Check.Name). They are
// stable identifiers: clients may match on them.
const (
	// RuleNetTaxGross: TotalNetPrice + TotalTaxAmount (+ RoundingAmount) = TotalGrossPrice.
	RuleNetTaxGross = "net_plus_tax_equals_gross"
	// RuleGrossDue: TotalGrossPrice - PrepaidAmount - WithheldAmount
	// (+ RoundingAmount) = AmountDue.
	RuleGrossDue = "gross_minus_prepaid_equals_due"
	// RuleLinesSum: sum of ProductTotalPrice = LineTotalAmount (or TotalNetPrice
	// when the invoice has no allowances or charges and no LineTotalAmount).
	RuleLinesSum = "sum_of_lines_equals_line_total"
	// RuleLineTotalNet: LineTotalAmount - AllowanceTotal + ChargeTotal = TotalNetPrice.
	RuleLineTotalNet = "line_total_minus_allowances_plus_charges_equals_net"
	// RuleLineQtyPrice: per line, ProductQuantity × ProductUnitPrice = ProductTotalPrice within rounding.
	RuleLineQtyPrice = "line_quantity_times_price_equals_total"
	// RuleTaxSum: sum of taxes[].TaxAmount = TotalTaxAmount.
	RuleTaxSum = "sum_of_tax_amounts_equals_total_tax"
	// RuleTaxRate: per tax row, TaxableAmount × TaxRate / 100 = TaxAmount within rounding.
	RuleTaxRate = "taxable_times_rate_equals_tax"
	// RuleGrossPresent: the total (TotalGrossPrice) was read.
	RuleGrossPresent = "total_present"
	// RuleReceiptLinesSum: sum of receipt line totals = TotalGrossPrice.
	RuleReceiptLinesSum = "sum_of_lines_equals_total"
	// RuleReceiptTaxTotal: TotalTaxAmount ≤ TotalGrossPrice.
	RuleReceiptTaxTotal = "tax_not_above_total"
)

// ruleSet collects the checks of one document in order.
type ruleSet struct {
	checks []docextract.Check
	// logic is the sentence describing the deciding rule when all pass.
	logic string
}

// add records a check comparing expected (computed) with actual (as read),
// passing when they differ by at most tol.
func (r *ruleSet) add(name string, expected, actual decimal.Decimal, tol decimal.Decimal, okMsg, failMsg string) bool {
	pass := expected.Sub(actual).Abs().LessThanOrEqual(tol)
	msg := okMsg
	if !pass {
		msg = failMsg
	}
	r.checks = append(r.checks, docextract.Check{
		Name:     name,
		Passed:   pass,
		Expected: decPtr(expected),
		Actual:   decPtr(actual),
		Message:  msg,
	})
	return pass
}

// addMissing records a check whose value could not be read at all.
func (r *ruleSet) addMissing(name, msg string) {
	r.checks = append(r.checks, docextract.Check{Name: name, Passed: false, Message: msg})
}

// result turns the checks into a Validation. gross is the value that must have
// been read for the document to pass at all.
func (r *ruleSet) result(noRuleLogic string) docextract.Validation {
	v := docextract.Validation{Details: docextract.ValidationDetails{Checks: r.checks}}
	if v.Details.Checks == nil {
		v.Details.Checks = []docextract.Check{}
	}
	failed := 0
	first := -1
	for i, c := range r.checks {
		if !c.Passed {
			failed++
			if first < 0 {
				first = i
			}
		}
	}
	switch {
	case first >= 0:
		msg := r.checks[first].Message
		if failed > 1 {
			msg += fmt.Sprintf(" (%d of %d checks failed)", failed, len(r.checks))
		}
		v.Details.CalculationLogic = msg
	case r.logic != "":
		v.Passed = true
		v.Details.CalculationLogic = r.logic
		if len(r.checks) > 1 {
			v.Details.CalculationLogic += fmt.Sprintf("; all %d checks passed", len(r.checks))
		}
	default:
		v.Passed = true
		v.Details.CalculationLogic = noRuleLogic
	}
	return v
}

// halfUnit is half a unit of the last decimal place d is written with: the
// largest error rounding to that precision can hide (0.005 for 12.34).
// Values written with fewer than two decimals are treated as cents.
func halfUnit(d decimal.Decimal) decimal.Decimal {
	exp := d.Exponent()
	if exp > -2 {
		exp = -2
	}
	return decimal.New(5, exp-1)
}

// dec formats d for a message and Check.Expected/Actual: at least two
// decimals, more when d has them ("1190.00", "0.0525").
func dec(d decimal.Decimal) string {
	if d.Exponent() >= -2 {
		return d.StringFixed(2)
	}
	s := d.String()
	if !strings.Contains(s, ".") {
		return d.StringFixed(2)
	}
	return s
}

func decPtr(d decimal.Decimal) *string { s := dec(d); return &s }

// present reports whether every amount was read and is usable. An amount
// with an exponent beyond ±maxExp (possible only from hostile or corrupt
// input, e.g. "1e-999999999") counts as not read: exact arithmetic on it
// would be arbitrarily expensive.
func present(as ...*docextract.Amount) bool {
	for _, a := range as {
		if a == nil || a.Exponent() < -maxExp || a.Exponent() > maxExp {
			return false
		}
	}
	return true
}

const maxExp = 40

// val is the decimal of an optional amount: zero when absent or unusable.
func val(a *docextract.Amount) decimal.Decimal {
	if !present(a) {
		return decimal.Zero
	}
	return a.Decimal
}

func nonZero(a *docextract.Amount) bool { return present(a) && !a.IsZero() }

// zeroTol is the tolerance of rules that must hold exactly.
var zeroTol = decimal.Zero
