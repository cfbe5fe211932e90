// Package docextract holds the domain types shared by every part of docextract:
// document types and statuses, the extraction schemas of invoices, receipts and
// bank statements, validation results, and the application error type.
//
// It is a leaf: it imports nothing else of this module, so the library packages
// (extract, export, webhook, credits, ratelimit, store) and the reference server
// can all depend on it without cycles. It holds no I/O.
package docextract
