package extract

import (
	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/bank"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/validate"
)

// pageRange is a one-based inclusive page range of one document in a file.
type pageRange struct{ start, end int }

// fromPages turns the pages of a file into documents: split into document
// ranges, classify each, read it with a user template or the generic reader
// of its type, and validate it.
func (x *Extractor) fromPages(want docextract.DocType, pages []layout.Page, source string) []Document {
	var docs []Document
	for _, r := range splitRanges(pages) {
		sub := pages[r.start-1 : r.end]
		typ, conf := classifyPages(sub, want)
		d := Document{DocType: typ, PageStart: r.start, PageEnd: r.end, Source: source, Confidence: conf, Mismatch: typ != want}
		if typ == docextract.Other {
			// Nothing we read: keep the range so the caller can say "no
			// matching documents", with the requested schema left empty.
			d.Data, _ = docextract.NewExtractionData(want)
			d.Validation = docextract.Validation{Details: docextract.ValidationDetails{
				CalculationLogic: "Not validated: the pages were not recognised as an invoice, receipt or bank statement.",
				Checks:           []docextract.Check{},
			}}
			docs = append(docs, d)
			continue
		}
		if typ == docextract.Invoice && x.cfg.Templates != nil {
			if id, data, ok := x.cfg.Templates.Match(sub); ok {
				d.TemplateID, d.Source, d.Data = id, "template", data
				d.Validation = validate.Invoice(data)
				docs = append(docs, d)
				continue
			}
		}
		d.Data, d.Validation, d.TemplateID = readPages(typ, sub)
		docs = append(docs, d)
	}
	return docs
}

// readPages runs the generic reader of typ.
func readPages(typ docextract.DocType, pages []layout.Page) (docextract.ExtractionData, docextract.Validation, string) {
	switch typ {
	case docextract.BankStatement:
		d := bank.Extract(pages)
		return d, validate.BankStatement(d), TemplateBankStmtText
	case docextract.Receipt:
		d := readReceipt(pages)
		return d, validate.Receipt(d), TemplateReceiptText
	default:
		d := readInvoice(pages)
		return d, validate.Invoice(d), TemplateInvoiceText
	}
}
