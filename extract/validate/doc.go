// Package validate checks extracted documents for arithmetic consistency and
// explains the verdict: Invoice and Receipt turn extraction data into a
// docextract.Validation whose checks list every rule that ran (with the
// expected and the read value as decimal strings) and whose
// calculation_logic names the rule that decided it. Bank statements have
// their own rules in this package (opening balance + transactions = closing
// balance, running balance row by row).
//
// All arithmetic is exact decimal arithmetic. A rule whose inputs were not
// read is skipped rather than failed: the package judges what was extracted,
// it does not guess what was not. It is not a schema or Schematron validator
// for e-invoices, and it never changes the data it is given.
package validate
