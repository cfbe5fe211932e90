// Package eval measures extraction accuracy against a corpus of e-invoices
// whose ground truth is their XML (the invoice XML beside a PDF, embedded in
// it, or a standalone XML). It backs `docextract eval --corpus DIR`:
//
//	cases, err := eval.LoadCorpus(dir)
//	var rep eval.Report
//	for _, c := range cases {
//		if c.Embedded {
//			if err := c.ResolveTruth(attachmentsOf(c.Path)); err != nil {
//				continue // no ground truth: not scored
//			}
//		}
//		rep.Add(eval.PathXML, c.Name, eval.FieldsFromInvoice(fromXML), c.Truth)
//		if c.Kind == eval.KindPDF {
//			rep.Add(eval.PathText, c.Name, eval.FieldsFromInvoice(fromText), c.Truth)
//		}
//	}
//	rep.Print(os.Stdout)
//
// The truth is read by a deliberately separate, minimal reader (Truth) that
// knows a handful of well-known element paths; it shares no code with package
// einvoice, so an extractor bug cannot hide by also being in the truth. Score
// compares values after normalisation (case, white space, decimals compared
// numerically, dates as days).
//
// Receipts are scored the same way (LoadReceipts, ReceiptTruth,
// FieldsFromReceipt, Report.Fields = ReceiptFields): from a folder with a
// truth JSON per receipt, on ground-truth text lines with boxes (ParseBoxes)
// and on OCR (CachedOCR).
//
// It is not an extractor, not a benchmark harness (timing is the caller's)
// and does not read PDFs: the caller supplies a PDF's attachments.
package eval
