package validate

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/docextract/docextract"
)

// Invoice applies the invoice rules to d and returns the outcome.
//
// A rule runs only when every value it needs was read; a rule with a missing
// input is skipped (not recorded), because "not read" is not "wrong". Missing
// allowance, charge, prepaid, withheld and rounding amounts count as zero,
// since documents omit them when there are none. The rules, in order:
//
//   - RuleNetTaxGross: net + tax = gross, or net + tax + rounding = gross
//     (exact);
//   - RuleGrossDue: gross - prepaid - withheld = due, or gross - prepaid -
//     withheld + rounding = due (exact). The withheld amount is what the
//     customer keeps back instead of paying it to the seller (a tax it pays
//     itself, such as IRPF, a ritenuta d'acconto or a CIS deduction, or a
//     guarantee); under split payment it is the VAT, so due = net;
//   - RuleLinesSum: the sum of line totals = LineTotalAmount; without a
//     LineTotalAmount, sum - allowances + charges = the net total, or (when
//     the invoice states no allowances or charges) sum = the gross total,
//     for lines printed with VAT included (exact). A line without a total
//     counts as quantity × unit price (rounded to the cent); a line with
//     neither fails the rule, since items that cannot be added up are not
//     a validated document. Lines are only checked against a total that was
//     read;
//   - RuleLineTotalNet: LineTotalAmount - allowances + charges = net (exact);
//   - RuleLineQtyPrice, per line: quantity × unit price (+ the line's
//     ProductAllowanceCharge, when stated) = line total, within
//     half a unit of the total's last decimal plus |quantity| × half a unit of
//     the price's last decimal (the error the printed roundings can hide);
//   - RuleTaxSum: the sum of the tax rows' amounts = total tax (exact);
//   - RuleTaxRate, per tax row: taxable × rate / 100 = tax amount within
//     one cent (half a cent of rounding plus half a cent for VAT computed per
//     line and summed).
//
// Passed is true when every recorded check passed and TotalGrossPrice was
// read; a missing TotalGrossPrice is recorded as a failed RuleGrossPresent
// check. CalculationLogic names the first failing check, or, when all pass,
// the net + tax = gross rule with its numbers (or the first rule that ran).
// d == nil is treated as an invoice where nothing was read.
func Invoice(d *docextract.InvoiceData) docextract.Validation {
	if d == nil {
		d = &docextract.InvoiceData{}
	}
	g := d.General
	x := d.Extra
	if x == nil {
		x = &docextract.InvoiceDetails{}
	}
	var r ruleSet
	zero := decimal.Zero

	if !present(g.TotalGrossPrice) {
		r.addMissing(RuleGrossPresent, "TotalGrossPrice was not read, so the invoice cannot be validated")
	}

	// net + tax (+ rounding) = gross
	if present(g.TotalNetPrice, g.TotalTaxAmount, g.TotalGrossPrice) {
		net, tax, gross, rnd := g.TotalNetPrice.Decimal, g.TotalTaxAmount.Decimal, g.TotalGrossPrice.Decimal, val(x.RoundingAmount)
		exp := net.Add(tax)
		sentence := fmt.Sprintf("TotalNetPrice + TotalTaxAmount = TotalGrossPrice (%s + %s = %s)", dec(net), dec(tax), dec(gross))
		if !exp.Equal(gross) && !rnd.IsZero() && exp.Add(rnd).Equal(gross) {
			exp = exp.Add(rnd)
			sentence = fmt.Sprintf("TotalNetPrice + TotalTaxAmount + RoundingAmount = TotalGrossPrice (%s + %s + %s = %s)", dec(net), dec(tax), dec(rnd), dec(gross))
		}
		r.add(RuleNetTaxGross, exp, gross, zero, sentence,
			fmt.Sprintf("TotalNetPrice + TotalTaxAmount = %s (%s + %s), but TotalGrossPrice is %s", dec(exp), dec(net), dec(tax), dec(gross)))
		r.logicOnce(sentence)
	}

	// gross - prepaid - withheld (+ rounding) = due
	if present(g.TotalGrossPrice, g.AmountDue) {
		gross, pre, wh, rnd, due := g.TotalGrossPrice.Decimal, val(x.PrepaidAmount), val(x.WithheldAmount), val(x.RoundingAmount), g.AmountDue.Decimal
		exp := gross.Sub(pre).Sub(wh)
		// The formula names WithheldAmount only when one was read, so
		// the sentences of invoices without one stay as they were.
		formula, values := "TotalGrossPrice - PrepaidAmount", fmt.Sprintf("%s - %s", dec(gross), dec(pre))
		if !wh.IsZero() {
			formula += " - WithheldAmount"
			values += " - " + dec(wh)
		}
		sentence := fmt.Sprintf("%s = AmountDue (%s = %s)", formula, values, dec(due))
		if !exp.Equal(due) && !rnd.IsZero() && exp.Add(rnd).Equal(due) {
			exp = exp.Add(rnd)
			sentence = fmt.Sprintf("%s + RoundingAmount = AmountDue (%s + %s = %s)", formula, values, dec(rnd), dec(due))
		}
		r.add(RuleGrossDue, exp, due, zero, sentence,
			fmt.Sprintf("%s = %s (%s), but AmountDue is %s", formula, dec(exp), values, dec(due)))
		r.logicOnce(sentence)
	}

	// sum of line totals = line total (or net, or gross for lines priced
	// with VAT)
	if len(d.LineItems) > 0 {
		linesSum(&r, d.LineItems, g, x)
	}

	// line total - allowances + charges = net
	if present(x.LineTotal, g.TotalNetPrice) {
		lt, al, ch, net := x.LineTotal.Decimal, val(x.AllowanceTotal), val(x.ChargeTotal), g.TotalNetPrice.Decimal
		exp := lt.Sub(al).Add(ch)
		sentence := fmt.Sprintf("LineTotalAmount - AllowanceTotalAmount + ChargeTotalAmount = TotalNetPrice (%s - %s + %s = %s)", dec(lt), dec(al), dec(ch), dec(net))
		r.add(RuleLineTotalNet, exp, net, zero, sentence,
			fmt.Sprintf("LineTotalAmount - AllowanceTotalAmount + ChargeTotalAmount = %s (%s - %s + %s), but TotalNetPrice is %s", dec(exp), dec(lt), dec(al), dec(ch), dec(net)))
		r.logicOnce(sentence)
	}

	// per line: quantity × unit price = total
	for i, li := range d.LineItems {
		if !present(li.ProductQuantity, li.ProductUnitPrice, li.ProductTotalPrice) {
			continue
		}
		q, p, t := li.ProductQuantity.Decimal, li.ProductUnitPrice.Decimal, li.ProductTotalPrice.Decimal
		exp := q.Mul(p)
		tol := halfUnit(t).Add(q.Abs().Mul(halfUnit(p)))
		formula, values := "ProductQuantity × ProductUnitPrice", fmt.Sprintf("%s × %s", q.String(), dec(p))
		if ac := li.ProductAllowanceCharge; present(ac) {
			exp = exp.Add(ac.Decimal)
			formula += " + ProductAllowanceCharge"
			values += " + " + dec(ac.Decimal)
		}
		sentence := fmt.Sprintf("line %d: %s = ProductTotalPrice (%s = %s)", i+1, formula, values, dec(t))
		r.add(RuleLineQtyPrice, exp, t, tol, sentence,
			fmt.Sprintf("line %d: %s = %s (%s), but ProductTotalPrice is %s (tolerance %s)", i+1, formula, dec(exp), values, dec(t), tol.String()))
		r.logicOnce(sentence)
	}

	// sum of tax rows = total tax
	if present(g.TotalTaxAmount) && len(d.Taxes) > 0 {
		sum, ok := decimal.Zero, true
		for _, t := range d.Taxes {
			if !present(t.TaxAmount) {
				ok = false
				break
			}
			sum = sum.Add(t.TaxAmount.Decimal)
		}
		if ok {
			tot := g.TotalTaxAmount.Decimal
			sentence := fmt.Sprintf("sum of %d tax amounts = TotalTaxAmount (%s)", len(d.Taxes), dec(tot))
			r.add(RuleTaxSum, sum, tot, zero, sentence,
				fmt.Sprintf("sum of %d tax amounts is %s, but TotalTaxAmount is %s", len(d.Taxes), dec(sum), dec(tot)))
			r.logicOnce(sentence)
		}
	}

	// per tax row: taxable × rate = tax
	cent := decimal.New(1, -2)
	for i, t := range d.Taxes {
		if !present(t.TaxableAmount, t.TaxRate, t.TaxAmount) {
			continue
		}
		base, rate, amt := t.TaxableAmount.Decimal, t.TaxRate.Decimal, t.TaxAmount.Decimal
		exp := base.Mul(rate).Div(decimal.NewFromInt(100))
		tol := decimal.Max(cent, halfUnit(amt).Mul(decimal.NewFromInt(2)))
		sentence := fmt.Sprintf("tax row %d: TaxableAmount × TaxRate = TaxAmount (%s × %s%% = %s)", i+1, dec(base), rate.String(), dec(amt))
		r.add(RuleTaxRate, exp, amt, tol, sentence,
			fmt.Sprintf("tax row %d: TaxableAmount × TaxRate = %s (%s × %s%%), but TaxAmount is %s", i+1, dec(exp), dec(base), rate.String(), dec(amt)))
		r.logicOnce(sentence)
	}

	noRule := "TotalGrossPrice was read; no arithmetic rule could be applied because the amounts it needs were not read"
	if present(g.TotalGrossPrice) {
		noRule = fmt.Sprintf("TotalGrossPrice %s was read; no arithmetic rule could be applied because the amounts it needs were not read", dec(g.TotalGrossPrice.Decimal))
	}
	return r.result(noRule)
}

// logicOnce keeps the first passing rule's sentence as the summary.
func (r *ruleSet) logicOnce(s string) {
	if r.logic == "" {
		r.logic = s
	}
}

// linesSum records RuleLinesSum for invoice lines (see Invoice).
func linesSum(r *ruleSet, items []docextract.LineItem, g docextract.InvoiceGeneral, x *docextract.InvoiceDetails) {
	sum := decimal.Zero
	for i, li := range items {
		switch {
		case present(li.ProductTotalPrice):
			sum = sum.Add(li.ProductTotalPrice.Decimal)
		case present(li.ProductQuantity, li.ProductUnitPrice):
			sum = sum.Add(li.ProductQuantity.Mul(li.ProductUnitPrice.Decimal).Round(2))
		default:
			r.addMissing(RuleLinesSum, fmt.Sprintf("line %d has neither a total nor a quantity and unit price, so the %d lines cannot be added up", i+1, len(items)))
			return
		}
	}
	n := len(items)
	al, ch := val(x.AllowanceTotal), val(x.ChargeTotal)
	check := func(target decimal.Decimal, label string) {
		sentence := fmt.Sprintf("sum of %d line totals = %s (%s)", n, label, dec(target))
		r.add(RuleLinesSum, sum, target, zeroTol, sentence,
			fmt.Sprintf("sum of %d line totals is %s, but %s is %s", n, dec(sum), label, dec(target)))
		r.logicOnce(sentence)
	}
	switch {
	case present(x.LineTotal):
		check(x.LineTotal.Decimal, "LineTotalAmount")
	case present(g.TotalNetPrice) && (nonZero(x.AllowanceTotal) || nonZero(x.ChargeTotal)):
		adj := sum.Sub(al).Add(ch)
		sentence := fmt.Sprintf("sum of %d line totals - AllowanceTotalAmount + ChargeTotalAmount = TotalNetPrice (%s - %s + %s = %s)", n, dec(sum), dec(al), dec(ch), dec(g.TotalNetPrice.Decimal))
		r.add(RuleLinesSum, adj, g.TotalNetPrice.Decimal, zeroTol, sentence,
			fmt.Sprintf("sum of %d line totals - AllowanceTotalAmount + ChargeTotalAmount = %s (%s - %s + %s), but TotalNetPrice is %s", n, dec(adj), dec(sum), dec(al), dec(ch), dec(g.TotalNetPrice.Decimal)))
		r.logicOnce(sentence)
	case present(g.TotalNetPrice):
		if !sum.Equal(g.TotalNetPrice.Decimal) && present(g.TotalGrossPrice) && sum.Equal(g.TotalGrossPrice.Decimal) {
			check(g.TotalGrossPrice.Decimal, "TotalGrossPrice (lines priced with VAT)")
			return
		}
		check(g.TotalNetPrice.Decimal, "TotalNetPrice")
	case present(g.TotalGrossPrice):
		check(g.TotalGrossPrice.Decimal, "TotalGrossPrice")
	}
}

// sumLines adds the line totals; ok is false when there are no lines or a
// line has no total (a partial sum proves nothing).
func sumLines(items []docextract.LineItem) (decimal.Decimal, bool) {
	if len(items) == 0 {
		return decimal.Zero, false
	}
	sum := decimal.Zero
	for _, li := range items {
		if !present(li.ProductTotalPrice) {
			return decimal.Zero, false
		}
		sum = sum.Add(li.ProductTotalPrice.Decimal)
	}
	return sum, true
}
