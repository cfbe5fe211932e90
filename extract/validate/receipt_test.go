package validate_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/validate"
)

func TestReceipt(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		d      *docextract.ReceiptData
		passed bool
		failed []string
		logic  string
	}{
		{
			name:   "nil",
			d:      nil,
			failed: []string{validate.RuleGrossPresent},
			logic:  "TotalGrossPrice was not read, so the receipt cannot be validated",
		},
		{
			name:   "total only",
			d:      &docextract.ReceiptData{General: docextract.ReceiptGeneral{TotalGrossPrice: a("9.9")}},
			passed: true,
			logic:  "TotalGrossPrice 9.90 was read; no line or tax amounts to check it against",
		},
		{
			name: "lines add up, tax below total",
			d: &docextract.ReceiptData{
				General:   docextract.ReceiptGeneral{TotalGrossPrice: a("12.50"), TotalTaxAmount: a("0.71")},
				LineItems: []docextract.LineItem{line("1", "10.00", "10.00"), line("", "", "2.50")},
			},
			passed: true,
			logic:  "sum of 2 line totals = TotalGrossPrice (12.50); all 2 checks passed",
		},
		{
			name: "lines do not add up",
			d: &docextract.ReceiptData{
				General:   docextract.ReceiptGeneral{TotalGrossPrice: a("12.50")},
				LineItems: []docextract.LineItem{line("1", "10.00", "10.00")},
			},
			failed: []string{validate.RuleReceiptLinesSum},
			logic:  "sum of 1 line totals is 10.00, but TotalGrossPrice is 12.50",
		},
		{
			name: "a line without total: sum skipped",
			d: &docextract.ReceiptData{
				General:   docextract.ReceiptGeneral{TotalGrossPrice: a("12.50")},
				LineItems: []docextract.LineItem{line("1", "10.00", "10.00"), line("1", "", "")},
			},
			passed: true,
		},
		{
			name:   "tax above total",
			d:      &docextract.ReceiptData{General: docextract.ReceiptGeneral{TotalGrossPrice: a("5.00"), TotalTaxAmount: a("6.00")}},
			failed: []string{validate.RuleReceiptTaxTotal},
			logic:  "TotalTaxAmount 6.00 is larger than TotalGrossPrice 5.00",
		},
		{
			name:   "refund: compared by magnitude",
			d:      &docextract.ReceiptData{General: docextract.ReceiptGeneral{TotalGrossPrice: a("-5.00"), TotalTaxAmount: a("-0.80")}},
			passed: true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			v := validate.Receipt(tc.d)
			require.Equal(t, tc.passed, v.Passed, v.Details.CalculationLogic)
			require.Equal(t, tc.failed, failed(v))
			if tc.logic != "" {
				require.Equal(t, tc.logic, v.Details.CalculationLogic)
			}
			require.NotNil(t, v.Details.Checks)
		})
	}
}
