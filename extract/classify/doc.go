// Package classify decides what kind of document a set of pages is —
// invoice, receipt, bank statement or other — from its words and layout,
// with a confidence in 0..1.
//
// It weighs keyword evidence in English, German, French, Dutch, Spanish and
// Italian (invoice / Rechnung / facture / factuur / factura / fattura, VAT
// ids, due dates, "bill to"; cash, change, thank you and a narrow
// point-of-sale layout for receipts; opening and closing balances,
// Kontoauszug, relevé de compte, IBAN and many dated rows with a running
// balance for bank statements). It does not extract fields.
package classify
