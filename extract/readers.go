package extract

import (
	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/bank"
	"github.com/docextract/docextract/extract/invoice"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/receipt"
	"github.com/docextract/docextract/extract/split"
	"github.com/docextract/docextract/extract/template"
	"github.com/docextract/docextract/extract/validate"
)

// fromPages turns the pages of a file into documents: split into document
// ranges, classify each, read it with a user template or the generic reader
// of its type, and validate it.
func (x *Extractor) fromPages(want docextract.DocType, pages []layout.Page, source string) []Document {
	var docs []Document
	for _, r := range split.Split(pages) {
		sub := pages[r.Start-1 : r.End]
		typ, conf := classifyPages(sub, want)
		d := Document{DocType: typ, PageStart: r.Start, PageEnd: r.End, Source: source, Confidence: conf, Mismatch: typ != want}
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
		if typ == docextract.Invoice && x.cfg.Templates != nil && len(x.cfg.Templates.Templates) > 0 {
			text := template.Text(sub)
			if t, ok := x.cfg.Templates.Match(text); ok {
				if data, err := t.Extract(text); err == nil {
					d.TemplateID, d.Source, d.Data = t.ID, "template", data
					d.Validation = validate.Invoice(data)
					docs = append(docs, d)
					continue
				}
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
		d := receipt.Extract(pages)
		return d, validate.Receipt(d), TemplateReceiptText
	default:
		d := invoice.Extract(pages)
		return d, validate.Invoice(d), TemplateInvoiceText
	}
}

// classifyPages decides the type of one document's pages. Until the content
// classifier lands it trusts the requested type.
func classifyPages(_ []layout.Page, want docextract.DocType) (docextract.DocType, float64) {
	return want, 0
}
