package template_test

import (
	"fmt"

	"github.com/docextract/docextract/extract/template"
)

func ExampleParse() {
	tpl, err := template.Parse("examples", "acme.yml", []byte(`
issuer: ACME Corp
keywords: [ACME Corp, Invoice]
fields:
  invoice_number: Invoice\s+(\d+)
  date: Date:\s+(\S+)
  amount: Total\s+([\d.,]+)
options:
  currency: USD
  date_formats: ['%m/%d/%Y']
`))
	if err != nil {
		panic(err)
	}
	text := "ACME Corp          Invoice 1042\nDate: 03/14/2024\nTotal    1,299.00\n"
	d, err := tpl.Extract(text)
	if err != nil {
		panic(err)
	}
	g := d.General
	fmt.Println(*g.InvoiceNumber, *g.InvoiceDate, g.TotalGrossPrice, *g.Currency, *g.SellerName)
	// Output: 1042 2024-03-14 1299 USD ACME Corp
}
