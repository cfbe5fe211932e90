// Package testdocs generates test documents with known contents: bank
// statements in several layouts and languages, invoices, and files that
// concatenate several of them. Each generator returns the PDF bytes, the
// positioned words it drew (a synthetic text layer, one layout.Word per
// whitespace-separated run, as a PDF text reader would report them) and the
// truth as the extraction schema (docextract.BankStatementData or
// docextract.InvoiceData), so extractors can be measured end to end.
//
// Generation is deterministic: the same options (including Seed) give the
// same bytes. The package is for tests only; it is not part of the public API
// of docextract.
package testdocs
