package export_test

import (
	"fmt"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/export"
)

var (
	s   = docextract.Str
	amt = docextract.MustAmount
)

func invoiceDoc(id, number string, lines int) export.Document {
	d := &docextract.InvoiceData{
		DocType: "invoice",
		General: docextract.InvoiceGeneral{
			InvoiceNumber:   s(number),
			InvoiceDate:     s("2024-03-15"),
			DueDate:         s("2024-04-14"),
			SellerName:      s("Müller & Söhne GmbH"),
			SellerVATId:     s("DE123456789"),
			BuyerName:       s("=HYPERLINK(\"http://evil\",\"x\")"),
			Currency:        s("EUR"),
			TotalNetPrice:   amt("100.00"),
			TotalTaxAmount:  amt("19.00"),
			TotalGrossPrice: amt("119.00"),
			AmountDue:       amt("119.00"),
		},
		LineItems: []docextract.LineItem{},
		Taxes:     []docextract.TaxBreakdown{{TaxRate: amt("19"), TaxableAmount: amt("100.00"), TaxAmount: amt("19.00")}},
	}
	for i := 0; i < lines; i++ {
		d.LineItems = append(d.LineItems, docextract.LineItem{
			ProductName:       s(fmt.Sprintf("Widget %d", i+1)),
			ProductQuantity:   amt("2"),
			ProductUnitPrice:  amt("2.5"),
			ProductTotalPrice: amt("5.00"),
			TaxRate:           amt("19"),
			Unit:              s("pcs"),
		})
	}
	return export.Document{
		ID: id, DocType: docextract.Invoice, FileName: "scan.pdf", Data: d,
		Validation: docextract.Validation{Passed: true, Details: docextract.ValidationDetails{
			CalculationLogic: "net + tax = gross",
			Checks:           []docextract.Check{{Name: "totals", Passed: true, Expected: s("119.00"), Actual: s("119.00"), Message: "ok"}},
		}},
		CreditsUsed: 1, PageStart: 1, PageEnd: 1,
		CreatedAt: time.Date(2024, 3, 16, 10, 0, 0, 0, time.UTC),
	}
}

func receiptDoc(id string) export.Document {
	return export.Document{
		ID: id, DocType: docextract.Receipt, FileName: "receipt.jpg",
		Data: &docextract.ReceiptData{
			DocType: "receipt",
			General: docextract.ReceiptGeneral{
				MerchantName: s("+Corner Café"), MerchantAddress: s("1 Main St\nSpringfield"),
				ReceiptNumber: s("R-77"), ReceiptDate: s("2024-02-29"), ReceiptTime: s("12:30"),
				Currency: s("USD"), TotalGrossPrice: amt("7.50"), TotalTaxAmount: amt("0.50"), PaymentMethod: s("@card"),
			},
			LineItems: []docextract.LineItem{
				{ProductName: s("Coffee"), ProductQuantity: amt("1"), ProductUnitPrice: amt("3.50"), ProductTotalPrice: amt("3.50")},
				{ProductName: s("-Discount"), ProductTotalPrice: amt("-1.00")},
				{ProductName: s("Bagel"), ProductQuantity: amt("1"), ProductUnitPrice: amt("5.00"), ProductTotalPrice: amt("5.00"), TaxRate: amt("7")},
			},
		},
		Validation: docextract.Validation{Passed: false},
		CreatedAt:  time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC),
	}
}

func statementDoc(id string) export.Document {
	return export.Document{
		ID: id, DocType: docextract.BankStatement, FileName: "statement.pdf",
		Data: &docextract.BankStatementData{
			DocType: "bank_statement",
			General: docextract.BankStatementGeneral{
				BankName: s("First Bank"), AccountHolder: s("Jane Doe"), IBAN: s("DE89370400440532013000"),
				Currency: s("EUR"), PeriodStart: s("2024-03-01"), PeriodEnd: s("2024-03-31"),
				OpeningBalance: amt("1000.00"), ClosingBalance: amt("849.75"),
			},
			Transactions: []docextract.Transaction{
				{Date: s("2024-03-02"), Description: s("Salary"), Amount: amt("2000.00"), Balance: amt("3000.00")},
				{Date: s("2024-03-05"), ValueDate: s("2024-03-06"), Description: s("\t=cmd|' /C calc'!A0"), Amount: amt("-2150.25"), Balance: amt("849.75"), Reference: s("-REF")},
			},
		},
		Validation: docextract.Validation{Passed: true},
	}
}
