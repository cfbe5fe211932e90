package validate_test

import (
	"fmt"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/validate"
)

func ExampleInvoice() {
	d := &docextract.InvoiceData{
		General: docextract.InvoiceGeneral{
			TotalNetPrice:   docextract.MustAmount("1000.00"),
			TotalTaxAmount:  docextract.MustAmount("190.00"),
			TotalGrossPrice: docextract.MustAmount("1190.00"),
		},
		LineItems: []docextract.LineItem{{
			ProductQuantity:   docextract.MustAmount("4"),
			ProductUnitPrice:  docextract.MustAmount("250.00"),
			ProductTotalPrice: docextract.MustAmount("1000.00"),
		}},
	}
	v := validate.Invoice(d)
	fmt.Println(v.Passed)
	fmt.Println(v.Details.CalculationLogic)

	d.General.TotalGrossPrice = docextract.MustAmount("1119.00") // a misread total
	v = validate.Invoice(d)
	fmt.Println(v.Passed)
	fmt.Println(v.Details.CalculationLogic)
	// Output:
	// true
	// TotalNetPrice + TotalTaxAmount = TotalGrossPrice (1000.00 + 190.00 = 1190.00); all 3 checks passed
	// false
	// TotalNetPrice + TotalTaxAmount = 1190.00 (1000.00 + 190.00), but TotalGrossPrice is 1119.00
}

func ExampleReceipt() {
	v := validate.Receipt(&docextract.ReceiptData{
		General: docextract.ReceiptGeneral{TotalGrossPrice: docextract.MustAmount("12.50")},
		LineItems: []docextract.LineItem{
			{ProductTotalPrice: docextract.MustAmount("10.00")},
			{ProductTotalPrice: docextract.MustAmount("2.50")},
		},
	})
	fmt.Println(v.Passed, v.Details.CalculationLogic)
	// Output:
	// true sum of 2 line totals = TotalGrossPrice (12.50)
}
