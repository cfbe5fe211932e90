package extract_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/internal/testdocs"
)

// TestNotInvoice: quotations, order confirmations and reminders are drawn
// like invoices (number, dates, parties, items, totals), uploaded as
// invoices. Booked, they would enter the books as debts that do not exist,
// so they come back as other documents, flagged (the server neither
// charges nor stores a result for them), with the reason in the
// validation's calculation logic. As first scored, before the title rule
// (classify.NotInvoice), all 8 were read as invoices and passed
// validation. The same drawing titled as an invoice, a credit note or a
// pro forma invoice is still an invoice.
func TestNotInvoice(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	x := extractor(t)
	for i, c := range []struct {
		lang, title, kind string
	}{
		{"de", "ANGEBOT", "quotation"},
		{"en", "QUOTATION", "quotation"},
		{"en", "Estimate", "quotation"},
		{"de", "Auftragsbestätigung", "order confirmation"},
		{"en", "Order Confirmation", "order confirmation"},
		{"de", "Zahlungserinnerung", "payment reminder"},
		{"de", "2. Mahnung", "payment reminder"},
		{"en", "PURCHASE ORDER", "purchase order"},
		{"de", "RECHNUNG", ""},
		{"en", "TAX INVOICE", ""},
		{"de", "GUTSCHRIFT", ""},
		{"en", "PROFORMA INVOICE", ""},
	} {
		d, err := testdocs.NewInvoice(testdocs.InvoiceOptions{Lang: c.lang, Seed: uint64(700 + i), Lines: 4, Title: c.title})
		require.NoError(t, err)
		res, err := x.Extract(context.Background(), extract.Input{Data: d.PDF, DocType: docextract.Invoice})
		require.NoError(t, err)
		require.Len(t, res.Documents, 1, c.title)
		got := res.Documents[0]
		if c.kind == "" {
			require.Equal(t, docextract.Invoice, got.DocType, c.title)
			require.False(t, got.Mismatch, c.title)
			require.True(t, got.Validation.Passed, c.title)
			continue
		}
		require.Equal(t, docextract.Other, got.DocType, c.title)
		require.True(t, got.Mismatch, c.title)
		require.Contains(t, got.Validation.Details.CalculationLogic, "a "+c.kind, c.title)
		// A person who approved the upload as an invoice has it read as one.
		res, err = x.Extract(context.Background(), extract.Input{Data: d.PDF, DocType: docextract.Invoice, Force: true})
		require.NoError(t, err)
		require.Equal(t, docextract.Invoice, res.Documents[0].DocType, c.title)
		require.True(t, res.Documents[0].Validation.Passed, c.title)
	}
}
