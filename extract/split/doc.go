// Package split decides where the documents of a multi-document file begin
// and end, from page content alone: "Page 1 of N" markers (in several
// languages), document numbers (a new invoice or statement number starts a
// new document, the same number continues it), closing totals (a grand total
// or closing balance ends a document), balances carried to the next page,
// repeated page headers and first-page features. Pages that are no document
// of their own (terms, a bank's notices, an empty back side, a cover letter)
// stay with the document beside them.
//
// It does not classify or extract the documents it delimits.
package split
