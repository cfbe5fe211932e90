package export_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/export"
)

// ExampleWrite exports one receipt as CSV with European separators.
func ExampleWrite() {
	doc := export.Document{
		ID: "7b0c5f1e-8d1a-4c59-9a53-2d4c1f0e9a11",
		Data: &docextract.ReceiptData{
			DocType: "receipt",
			General: docextract.ReceiptGeneral{
				MerchantName:    docextract.Str("=Corner Café"),
				ReceiptNumber:   docextract.Str("R-77"),
				ReceiptDate:     docextract.Str("2024-02-29"),
				Currency:        docextract.Str("EUR"),
				TotalGrossPrice: docextract.MustAmount("4.20"),
			},
			LineItems: []docextract.LineItem{{
				ProductName:       docextract.Str("Coffee"),
				ProductQuantity:   docextract.MustAmount("2"),
				ProductUnitPrice:  docextract.MustAmount("2.10"),
				ProductTotalPrice: docextract.MustAmount("4.20"),
			}},
		},
		Validation: docextract.Validation{Passed: true},
	}
	var out strings.Builder
	file, err := export.Write(context.Background(), &out, export.CSV, []export.Document{doc},
		export.Options{European: true, OmitBOM: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(strings.ReplaceAll(out.String(), "\r\n", "\n")) // CSV lines end in CRLF
	fmt.Println(file.Name, file.ContentType)
	fmt.Println(file.ContentDisposition())
	// Output:
	// document_id;file_name;MerchantName;MerchantAddress;ReceiptNumber;ReceiptDate;ReceiptTime;Currency;TotalGrossPrice;TotalTaxAmount;PaymentMethod;passed_validation;LineNumber;ProductName;ProductQuantity;Unit;ProductUnitPrice;ProductTotalPrice;TaxRate
	// 7b0c5f1e-8d1a-4c59-9a53-2d4c1f0e9a11;;'=Corner Café;;R-77;2024-02-29;;EUR;4,20;;;true;1;Coffee;2;;2,1;4,20;
	// receipt_R-77_7b0c5f1e.csv text/csv; charset=utf-8
	// attachment; filename="receipt_R-77_7b0c5f1e.csv"; filename*=UTF-8''receipt_R-77_7b0c5f1e.csv
}

// ExampleBuild exports invoices for Xero and shows the file it would send.
func ExampleBuild() {
	docs := []export.Document{{
		ID: "3f2a9c1b-0000-4000-8000-000000000001",
		Data: &docextract.InvoiceData{
			DocType: "invoice",
			General: docextract.InvoiceGeneral{
				InvoiceNumber: docextract.Str("INV-1"), InvoiceDate: docextract.Str("2024-03-15"),
				SellerName: docextract.Str("Acme Ltd"), Currency: docextract.Str("GBP"),
			},
			LineItems: []docextract.LineItem{{
				ProductName: docextract.Str("Consulting"), ProductQuantity: docextract.MustAmount("3"),
				ProductUnitPrice: docextract.MustAmount("150"), TaxRate: docextract.MustAmount("20"),
			}},
		},
	}}
	e, err := export.Build(context.Background(), export.AccountingCSV, docs, export.Options{
		Accounting: export.AccountingOptions{AccountCode: "310", TaxTypeByRate: map[string]string{"20": "20% (VAT on Expenses)"}},
	})
	if err != nil {
		fmt.Println(docextract.ErrorMessage(err))
		return
	}
	defer e.Close()
	fmt.Println(e.Name)
	var out strings.Builder
	_, _ = e.WriteTo(&out)
	fmt.Print(strings.ReplaceAll(out.String(), "\r\n", "\n"))
	// Output:
	// xero_invoice_INV-1_3f2a9c1b.csv
	// *ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,*InvoiceNumber,*InvoiceDate,*DueDate,Total,InventoryItemCode,Description,*Quantity,*UnitAmount,*AccountCode,*TaxType,TaxAmount,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2,Currency
	// Acme Ltd,,,,,,,,,,INV-1,15/03/2024,15/03/2024,,,Consulting,3,150.00,310,20% (VAT on Expenses),,,,,,GBP
}
