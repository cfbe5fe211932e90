// Package bank reads bank statements from positioned text (the PDF text layer
// or OCR, as layout.Pages): the statement header (bank, account holder, IBAN,
// account number, currency, period), the opening and closing balances, and
// every transaction with its booking and value dates, description merged
// across lines, signed amount, running balance and reference.
//
// It understands separate debit/credit columns and single signed amount
// columns (with a sign, with Soll/Haben, CR/DR markers, or in parentheses),
// statements over several pages with the table header repeated and balances
// carried between pages (those rows are not transactions), and labels in
// English, German, French, Dutch, Spanish and Italian. Amounts are decimal
// throughout.
//
// It does not classify documents or validate the result; see
// extract/validate.BankStatement for the reconciliation rules.
package bank
