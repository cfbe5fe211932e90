// Package layout holds positioned text, the common currency of every reader in
// extract: the PDF text layer and OCR both produce Pages of Words, and every
// field extractor consumes Lines rebuilt from them in reading order.
//
// Lines groups words into lines, Line.Cells splits a line at wide gaps into
// cells (label and value, or table cells), Blocks stacks cells into
// left-aligned blocks (address blocks, the seller column and the invoice-meta
// column of a two-column header), Below and RightOf find the value of a
// label, and Columns assigns the words of a table row to header columns.
// Every tolerance is relative to word height, so points and pixels behave
// alike. The package knows nothing of invoices.
package layout
