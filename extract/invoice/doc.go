// Package invoice is the template-free text path for invoices: it reads the
// invoice fields (number, dates, parties, currency, totals, IBAN, payment
// reference), the line-item table and the VAT breakdown from positioned
// words, in any of the languages textparse has label dictionaries for, and
// without any per-vendor template.
//
// Values are found next to their labels (right of the label on the same
// line, below it, or in a label/value grid), every candidate is scored, and
// the totals are chosen together so that net + tax = gross whenever the
// document allows it. Arithmetic is decimal. A value that is not found is nil.
//
// The package does not open files: callers pass the pages read by a PDF
// engine or an OCR engine (extract/layout).
package invoice
