// Package receipt extracts the fields of shop receipts (docs/api.md, extraction_data,
// receipt schema) from positioned words, typically the OCR of a photo or
// scan: merchant name and address, receipt number, date and time, currency,
// the final total, the tax total, the payment method and, where
// recognisable, line items.
//
// The rules are general, not tied to any shop: the merchant is the first
// plausible line at the top (preferring one with a company form such as
// "Sdn Bhd", "GmbH" or "Ltd"), skipping document titles, contact and
// registration lines; the total is the amount of the strongest total label
// ("GRAND TOTAL", "TOTAL ROUNDED", "AMOUNT DUE", "zu zahlen", "total TTC",
// "te betalen", ...) with sub-totals, quantities, tax and tendered amounts
// excluded, cross-checked against tendered minus change and against the
// unrounded total. Labels are known in English, German, French, Dutch,
// Spanish and Italian.
//
// Merchant, date and total are then chosen among candidates (every amount,
// every date, the top lines and pairs of lines) by a small learned ranker
// (extract/rank, weights in model.json, trained by `docextract train` on
// the tune part of the SROIE receipts); the rules' choice and evidence are
// among its features, and where the rules find no value the ranker does not
// answer alone. The value's probability is its confidence.
//
// Amounts and dates are read by textparse (a numeric date whose digits OCR
// read as look-alike letters, "2O/03/2Ol8", is repaired first), lines are
// rebuilt by layout. A field that cannot be read is nil, never a guess.
// ExtractScored also scores each field from the evidence behind it: the
// label's strength, cash minus change or the items agreeing with the total,
// the OCR confidence of the words (docs/confidence.md); for the fields the
// ranker decides, its probability.
//
// Measured on the SROIE receipts (scans from Malaysia) with tesseract 5.3
// and the default ocr.Config made Receipts, with OCRCheck (value lines read
// again in bands; a second look at readings without a total or a valid
// date; the value lines of readings whose total or date is weak read again
// at another scale, kept only where the receipt's own figures settle
// more), exact match after whitespace and case normalisation, on the half
// of the corpus the rules were not tuned on (eval.Part): merchant name
// 74.7%, date 94.7%, total 89.2%; on the ground-truth text lines (no OCR)
// 86.0%, 99.3% and 98.0%. Most remaining OCR misses are values the OCR did
// not read or read wrong in every reading (TestSROIE, TestSROIEBoxes,
// `docextract eval -receipts`).
package receipt
