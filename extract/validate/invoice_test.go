package validate_test

import (
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/validate"
)

func a(s string) *docextract.Amount { return docextract.MustAmount(s) }

func line(qty, price, total string) docextract.LineItem {
	li := docextract.LineItem{}
	if qty != "" {
		li.ProductQuantity = a(qty)
	}
	if price != "" {
		li.ProductUnitPrice = a(price)
	}
	if total != "" {
		li.ProductTotalPrice = a(total)
	}
	return li
}

// base is a consistent invoice: 2 lines, one 19% tax row, prepaid 100.
func base() *docextract.InvoiceData {
	return &docextract.InvoiceData{
		DocType: "invoice",
		General: docextract.InvoiceGeneral{
			TotalNetPrice: a("1000.00"), TotalTaxAmount: a("190.00"), TotalGrossPrice: a("1190.00"), AmountDue: a("1090.00"),
		},
		LineItems: []docextract.LineItem{line("3", "100.00", "300.00"), line("7", "100.00", "700.00")},
		Taxes:     []docextract.TaxBreakdown{{TaxRate: a("19"), TaxableAmount: a("1000.00"), TaxAmount: a("190.00")}},
		Extra:     &docextract.InvoiceDetails{LineTotal: a("1000.00"), AllowanceTotal: a("0"), ChargeTotal: a("0"), PrepaidAmount: a("100.00")},
	}
}

func checkNames(v docextract.Validation) []string {
	var out []string
	for _, c := range v.Details.Checks {
		out = append(out, c.Name)
	}
	return out
}

func failed(v docextract.Validation) []string {
	var out []string
	for _, c := range v.Details.Checks {
		if !c.Passed {
			out = append(out, c.Name)
		}
	}
	return out
}

func TestInvoice(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		mutate func(d *docextract.InvoiceData)
		passed bool
		failed []string
		checks []string // nil: not asserted
		logic  string
	}{
		{
			name:   "consistent",
			mutate: func(*docextract.InvoiceData) {},
			passed: true,
			checks: []string{validate.RuleNetTaxGross, validate.RuleGrossDue, validate.RuleLinesSum, validate.RuleLineTotalNet,
				validate.RuleLineQtyPrice, validate.RuleLineQtyPrice, validate.RuleTaxSum, validate.RuleTaxRate},
			logic: "TotalNetPrice + TotalTaxAmount = TotalGrossPrice (1000.00 + 190.00 = 1190.00); all 8 checks passed",
		},
		{
			name: "gross wrong",
			mutate: func(d *docextract.InvoiceData) {
				d.General.TotalGrossPrice = a("1200.00")
				d.General.AmountDue = a("1100.00")
			},
			failed: []string{validate.RuleNetTaxGross},
			logic:  "TotalNetPrice + TotalTaxAmount = 1190.00 (1000.00 + 190.00), but TotalGrossPrice is 1200.00",
		},
		{
			name:   "gross missing fails even when nothing else is wrong",
			mutate: func(d *docextract.InvoiceData) { d.General.TotalGrossPrice = nil },
			failed: []string{validate.RuleGrossPresent},
			logic:  "TotalGrossPrice was not read, so the invoice cannot be validated",
		},
		{
			name: "rounding closes gross and due",
			mutate: func(d *docextract.InvoiceData) {
				d.General.TotalTaxAmount = a("189.99")
				d.Taxes[0].TaxAmount = a("189.99")
				d.Extra.RoundingAmount = a("0.01")
			},
			passed: true,
			logic:  "TotalNetPrice + TotalTaxAmount + RoundingAmount = TotalGrossPrice (1000.00 + 189.99 + 0.01 = 1190.00); all 8 checks passed",
		},
		{
			name: "payable rounding (UBL style) only on due",
			mutate: func(d *docextract.InvoiceData) {
				d.General.AmountDue = a("1090.05")
				d.Extra.RoundingAmount = a("0.05")
			},
			passed: true,
		},
		{
			name:   "due wrong",
			mutate: func(d *docextract.InvoiceData) { d.General.AmountDue = a("1190.00") },
			failed: []string{validate.RuleGrossDue},
			logic:  "TotalGrossPrice - PrepaidAmount = 1090.00 (1190.00 - 100.00), but AmountDue is 1190.00",
		},
		{
			// Retención IRPF 15 % of the net: 1190.00 - 100.00 - 150.00.
			name: "an amount withheld closes gross and due",
			mutate: func(d *docextract.InvoiceData) {
				d.General.AmountDue = a("940.00")
				d.Extra.WithheldAmount = a("150.00")
			},
			passed: true,
		},
		{
			name: "an amount withheld that does not close the gap fails",
			mutate: func(d *docextract.InvoiceData) {
				d.General.AmountDue = a("940.00")
				d.Extra.WithheldAmount = a("140.00")
			},
			failed: []string{validate.RuleGrossDue},
			logic:  "TotalGrossPrice - PrepaidAmount - WithheldAmount = 950.00 (1190.00 - 100.00 - 140.00), but AmountDue is 940.00",
		},
		{
			name: "an amount withheld not taken off the due fails",
			mutate: func(d *docextract.InvoiceData) {
				d.Extra.WithheldAmount = a("150.00")
			},
			failed: []string{validate.RuleGrossDue},
		},
		{
			// Scissione dei pagamenti: the public buyer pays the VAT to the
			// tax office, the seller is paid the net.
			name: "split payment: the VAT withheld, due = net",
			mutate: func(d *docextract.InvoiceData) {
				d.Extra.PrepaidAmount = nil
				d.Extra.WithheldAmount = a("190.00")
				d.General.AmountDue = a("1000.00")
			},
			passed: true,
		},
		{
			name: "split payment read without the amount withheld fails",
			mutate: func(d *docextract.InvoiceData) {
				d.Extra.PrepaidAmount = nil
				d.General.AmountDue = a("1000.00")
			},
			failed: []string{validate.RuleGrossDue},
			logic:  "TotalGrossPrice - PrepaidAmount = 1190.00 (1190.00 - 0.00), but AmountDue is 1000.00",
		},
		{
			name: "withheld and payable rounding",
			mutate: func(d *docextract.InvoiceData) {
				d.General.AmountDue = a("940.05")
				d.Extra.WithheldAmount = a("150.00")
				d.Extra.RoundingAmount = a("0.05")
			},
			passed: true,
		},
		{
			name:   "a line total misread",
			mutate: func(d *docextract.InvoiceData) { d.LineItems[1].ProductTotalPrice = a("760.00") },
			failed: []string{validate.RuleLinesSum, validate.RuleLineQtyPrice},
			logic:  "sum of 2 line totals is 1060.00, but LineTotalAmount is 1000.00 (2 of 8 checks failed)",
		},
		{
			name: "allowances and charges reconcile line total and net",
			mutate: func(d *docextract.InvoiceData) {
				d.Extra.LineTotal = a("1050.00")
				d.LineItems[1] = line("7", "107.142857", "750.00")
				d.Extra.AllowanceTotal = a("60.00")
				d.Extra.ChargeTotal = a("10.00")
			},
			passed: true,
		},
		{
			name:   "allowance not accounted for",
			mutate: func(d *docextract.InvoiceData) { d.Extra.AllowanceTotal = a("10.00") },
			failed: []string{validate.RuleLineTotalNet},
		},
		{
			name: "no details: lines compared with net",
			mutate: func(d *docextract.InvoiceData) {
				d.Extra = nil
				d.General.AmountDue = a("1190.00")
			},
			passed: true,
			checks: []string{validate.RuleNetTaxGross, validate.RuleGrossDue, validate.RuleLinesSum,
				validate.RuleLineQtyPrice, validate.RuleLineQtyPrice, validate.RuleTaxSum, validate.RuleTaxRate},
		},
		{
			name: "no details and lines disagree with net",
			mutate: func(d *docextract.InvoiceData) {
				d.Extra = nil
				d.General.AmountDue = nil
				d.LineItems = d.LineItems[:1]
			},
			failed: []string{validate.RuleLinesSum},
		},
		{
			name: "lines without a line total amount: lines - allowances + charges = net",
			mutate: func(d *docextract.InvoiceData) {
				d.Extra.LineTotal = nil
				d.Extra.AllowanceTotal = a("5")
				d.Extra.ChargeTotal = a("5")
			},
			passed: true,
			checks: []string{validate.RuleNetTaxGross, validate.RuleGrossDue, validate.RuleLinesSum, validate.RuleLineQtyPrice,
				validate.RuleLineQtyPrice, validate.RuleTaxSum, validate.RuleTaxRate},
		},
		{
			name: "a lost line: the lines no longer add up",
			mutate: func(d *docextract.InvoiceData) {
				d.Extra.LineTotal = nil
				d.Extra.AllowanceTotal = a("5")
				d.LineItems = d.LineItems[:1]
			},
			failed: []string{validate.RuleLinesSum},
			logic:  "sum of 1 line totals - AllowanceTotalAmount + ChargeTotalAmount = 295.00 (300.00 - 5.00 + 0.00), but TotalNetPrice is 1000.00",
		},
		{
			name:   "a line without total counts as quantity × price",
			mutate: func(d *docextract.InvoiceData) { d.LineItems[0].ProductTotalPrice = nil },
			passed: true,
			checks: []string{validate.RuleNetTaxGross, validate.RuleGrossDue, validate.RuleLinesSum, validate.RuleLineTotalNet,
				validate.RuleLineQtyPrice, validate.RuleTaxSum, validate.RuleTaxRate},
		},
		{
			name: "a line with nothing to add up fails the line sum",
			mutate: func(d *docextract.InvoiceData) {
				d.LineItems = append(d.LineItems, docextract.LineItem{ProductName: docextract.Str("ITEM/DESC. QTY U.PRICE")})
			},
			failed: []string{validate.RuleLinesSum},
			logic:  "line 3 has neither a total nor a quantity and unit price, so the 3 lines cannot be added up",
		},
		{
			name: "lines priced with VAT add up to the gross total",
			mutate: func(d *docextract.InvoiceData) {
				d.Extra = nil
				d.General.AmountDue = nil
				d.LineItems = []docextract.LineItem{line("1", "1000.00", "1000.00"), line("1", "190.00", "190.00")}
			},
			passed: true,
			logic:  "TotalNetPrice + TotalTaxAmount = TotalGrossPrice (1000.00 + 190.00 = 1190.00); all 6 checks passed",
		},
		{
			name: "unit price rounded to cents: tolerance scales with quantity",
			mutate: func(d *docextract.InvoiceData) {
				// 1000 × 0.333 = 333.00 printed as 0.33: off by 3.00, within 1000 × 0.005 + 0.005.
				d.LineItems = []docextract.LineItem{line("1000", "0.33", "333.00"), line("1", "667.00", "667.00")}
			},
			passed: true,
		},
		{
			name:   "line quantity misread",
			mutate: func(d *docextract.InvoiceData) { d.LineItems[0].ProductQuantity = a("8") },
			failed: []string{validate.RuleLineQtyPrice},
			logic:  "line 1: ProductQuantity × ProductUnitPrice = 800.00 (8 × 100.00), but ProductTotalPrice is 300.00 (tolerance 0.045)",
		},
		{
			name: "line allowance explains the line total",
			mutate: func(d *docextract.InvoiceData) {
				d.LineItems[0] = line("3", "110.00", "300.00")
				d.LineItems[0].ProductAllowanceCharge = a("-30.00")
			},
			passed: true,
		},
		{
			name: "tax breakdown does not add up",
			mutate: func(d *docextract.InvoiceData) {
				d.Taxes = append(d.Taxes, docextract.TaxBreakdown{TaxRate: a("7"), TaxableAmount: a("0"), TaxAmount: a("1.00")})
			},
			failed: []string{validate.RuleTaxSum, validate.RuleTaxRate},
		},
		{
			name: "tax rate rounding within a cent",
			mutate: func(d *docextract.InvoiceData) {
				d.General = docextract.InvoiceGeneral{TotalNetPrice: a("10.05"), TotalTaxAmount: a("1.91"), TotalGrossPrice: a("11.96")}
				d.LineItems = []docextract.LineItem{line("1", "10.05", "10.05")}
				d.Taxes = []docextract.TaxBreakdown{{TaxRate: a("19"), TaxableAmount: a("10.05"), TaxAmount: a("1.91")}} // 1.9095
				d.Extra = &docextract.InvoiceDetails{LineTotal: a("10.05")}
			},
			passed: true,
		},
		{
			name: "tax row with wrong rate",
			mutate: func(d *docextract.InvoiceData) {
				d.Taxes[0].TaxRate = a("7")
			},
			failed: []string{validate.RuleTaxRate},
			logic:  "tax row 1: TaxableAmount × TaxRate = 70.00 (1000.00 × 7%), but TaxAmount is 190.00",
		},
		{
			name: "only gross read: passes, says no rule applied",
			mutate: func(d *docextract.InvoiceData) {
				*d = docextract.InvoiceData{General: docextract.InvoiceGeneral{TotalGrossPrice: a("42.5")}}
			},
			passed: true,
			checks: []string{},
			logic:  "TotalGrossPrice 42.50 was read; no arithmetic rule could be applied because the amounts it needs were not read",
		},
		{
			name: "credit note with negative amounts",
			mutate: func(d *docextract.InvoiceData) {
				d.General = docextract.InvoiceGeneral{TotalNetPrice: a("-100.00"), TotalTaxAmount: a("-19.00"), TotalGrossPrice: a("-119.00"), AmountDue: a("-119.00")}
				d.LineItems = []docextract.LineItem{line("-1", "100.00", "-100.00")}
				d.Taxes = []docextract.TaxBreakdown{{TaxRate: a("19"), TaxableAmount: a("-100.00"), TaxAmount: a("-19.00")}}
				d.Extra = &docextract.InvoiceDetails{IsCreditNote: true}
			},
			passed: true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := base()
			tc.mutate(d)
			v := validate.Invoice(d)
			require.Equal(t, tc.passed, v.Passed, v.Details.CalculationLogic)
			require.Equal(t, tc.failed, failed(v))
			if tc.checks != nil {
				require.Equal(t, tc.checks, append([]string{}, checkNames(v)...))
			}
			if tc.logic != "" {
				require.Equal(t, tc.logic, v.Details.CalculationLogic)
			}
			require.NotEmpty(t, v.Details.CalculationLogic)
			require.NotNil(t, v.Details.Checks)
		})
	}
}

func TestInvoiceCheckValues(t *testing.T) {
	t.Parallel()
	d := base()
	d.General.TotalGrossPrice = a("1200")
	v := validate.Invoice(d)
	c := v.Details.Checks[0]
	require.Equal(t, validate.RuleNetTaxGross, c.Name)
	require.False(t, c.Passed)
	require.Equal(t, "1190.00", *c.Expected)
	require.Equal(t, "1200.00", *c.Actual)

	v = validate.Invoice(nil)
	require.False(t, v.Passed)
	require.Nil(t, v.Details.Checks[0].Expected)
	require.Nil(t, v.Details.Checks[0].Actual)
}

func TestInvoiceHostileAmounts(t *testing.T) {
	t.Parallel()
	// Exponents this large would make exact arithmetic run for ages; such
	// amounts count as not read.
	huge := docextract.NewAmount(decimal.New(1, -100_000_000))
	d := base()
	d.General.TotalTaxAmount = huge
	d.Extra.RoundingAmount = huge
	d.LineItems[0].ProductUnitPrice = huge
	d.Taxes[0].TaxRate = huge
	v := validate.Invoice(d)
	require.True(t, v.Passed, v.Details.CalculationLogic)
	require.NotContains(t, checkNames(v), validate.RuleNetTaxGross)
}

func BenchmarkInvoice(b *testing.B) {
	d := base()
	for b.Loop() {
		validate.Invoice(d)
	}
}
