package einvoice_test

import (
	"errors"
	"fmt"

	"github.com/docextract/docextract/extract/einvoice"
	"github.com/docextract/docextract/extract/pdf"
)

func ExampleParse() {
	inv, info, err := einvoice.Parse([]byte(minimumInvoice))
	if err != nil {
		fmt.Println(err)
		return
	}
	g := inv.General
	fmt.Println(info.Syntax, info.ProfileName, "credit note:", info.CreditNote)
	fmt.Println(*g.InvoiceNumber, *g.InvoiceDate, *g.Currency)
	fmt.Println("net", g.TotalNetPrice, "tax", g.TotalTaxAmount, "gross", g.TotalGrossPrice)
	fmt.Println("buyer read:", g.BuyerName != nil)

	_, _, err = einvoice.Parse([]byte(`<rsm:SCRDMCCBDACIOMessageStructure xmlns:rsm="urn:un:unece:uncefact:data:SCRDMCCBDACIOMessageStructure:100"/>`))
	fmt.Println("order:", errors.Is(err, einvoice.ErrNotInvoice))
	// Output:
	// CII MINIMUM credit note: true
	// M-1 2024-03-01 EUR
	// net 10 tax 1.9 gross 11.9
	// buyer read: false
	// order: true
}

func ExampleFindInvoiceXML() {
	atts := []pdf.Attachment{
		{Name: "terms.pdf", Data: []byte("%PDF-1.7")},
		{Name: "factur-x.xml", Data: []byte(ciiInvoice)},
	}
	name, data, ok := einvoice.FindInvoiceXML(atts)
	fmt.Println(name, ok)
	inv, _, _ := einvoice.Parse(data)
	fmt.Println(*inv.General.InvoiceNumber, len(inv.LineItems), "lines")
	// Output:
	// factur-x.xml true
	// INV-2024-001 2 lines
}
