package extract

import (
	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
)

// The generic invoice and receipt readers, the classifier and the splitter
// are landing in their own packages; until each lands, the pipeline reads a
// file as one document of the requested type.

func splitRanges(pages []layout.Page) []pageRange { return []pageRange{{1, len(pages)}} }

func classifyPages(_ []layout.Page, want docextract.DocType) (docextract.DocType, float64) {
	return want, 0
}

func readInvoice([]layout.Page) *docextract.InvoiceData {
	d, _ := docextract.NewExtractionData(docextract.Invoice)
	return d.(*docextract.InvoiceData)
}

func readReceipt([]layout.Page) *docextract.ReceiptData {
	d, _ := docextract.NewExtractionData(docextract.Receipt)
	return d.(*docextract.ReceiptData)
}
