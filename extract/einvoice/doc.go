// Package einvoice reads structured e-invoices exactly: UN/CEFACT CII D16B
// (Factur-X, ZUGFeRD 2.x and XRechnung CII in every profile from MINIMUM to
// EXTENDED), ZUGFeRD 1.0 and OASIS UBL 2.1 Invoice and CreditNote. Parse maps
// the XML onto the invoice schema of docs/api.md, extraction_data (docextract.InvoiceData),
// digit for digit, leaving every value the document does not carry nil.
// FindInvoiceXML picks the invoice XML among the files embedded in a hybrid
// PDF (PDF/A-3 Factur-X, ZUGFeRD, XRechnung).
//
// The reader is namespace-aware (the root namespace decides the syntax; any
// prefixes are accepted) and defensive: documents over MaxSize bytes,
// MaxElements elements or MaxDepth levels are refused, custom entities are
// never expanded, and no input makes it panic.
//
// It is not a schema or Schematron validator (it reads what is there and does
// not judge conformance), not a writer of e-invoices, and not a PDF reader:
// the caller extracts the attachments (package extract/pdf). Arithmetic
// consistency is checked by package extract/validate.
package einvoice
