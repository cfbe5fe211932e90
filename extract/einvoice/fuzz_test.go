package einvoice_test

import (
	"testing"

	"github.com/docextract/docextract/extract/einvoice"
	"github.com/docextract/docextract/extract/pdf"
	"github.com/docextract/docextract/extract/validate"
)

// FuzzParse feeds arbitrary bytes to Parse, FindInvoiceXML and, on success,
// validate.Invoice: none may panic, and a successful parse always yields
// non-nil lists and details.
func FuzzParse(f *testing.F) {
	for _, s := range []string{ciiInvoice, minimumInvoice, zugferd1, ublCreditNote, "", "<a/>", "<Invoice/>", "<CrossIndustryInvoice><ExchangedDocument><ID>1</ID></ExchangedDocument></CrossIndustryInvoice>"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		inv, _, err := einvoice.Parse(data)
		einvoice.FindInvoiceXML([]pdf.Attachment{{Name: "factur-x.xml", Data: data}})
		if err != nil {
			if inv != nil {
				t.Fatalf("error %v with non-nil invoice", err)
			}
			return
		}
		if inv.LineItems == nil || inv.Taxes == nil || inv.Extra == nil {
			t.Fatalf("nil lists or details: %+v", inv)
		}
		validate.Invoice(inv)
	})
}
