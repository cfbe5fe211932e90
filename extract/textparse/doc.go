// Package textparse holds the pure parsers of the template-free text path:
// amounts in every common notation (with the currency printed beside them),
// dates in numeric and month-name forms of several languages, IBANs with their
// mod-97 check, EU VAT identifiers, currency codes, and the multi-language
// label dictionaries used to find invoice fields and line-table columns.
//
// Every function here is free of I/O and state and safe for concurrent use.
// The package does not know about page positions; extract/layout and
// extract/invoice combine these parsers with geometry.
package textparse
