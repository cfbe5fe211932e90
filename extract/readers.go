package extract

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/classify"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/split"
	"github.com/docextract/docextract/extract/template"
	"github.com/docextract/docextract/extract/validate"
)

// fromPages turns the pages of a file into documents: split into document
// ranges, classify each, read it with a user template or the generic reader
// of its type, and validate it. Invoices try in.Templates, then
// Config.Templates, before the generic reader.
func (x *Extractor) fromPages(in Input, pages []layout.Page, source string) []Document {
	want := in.DocType
	var docs []Document
	for _, r := range split.SplitWith(pages, ownPage(pages)) {
		// A copy of the document printed after it is not read twice.
		sub := split.Originals(pages[r.Start-1 : r.End])
		doc := classify.Prepare(sub)
		typ, conf := classifyPages(doc, want)
		why := "the pages were not recognised as any document type (" + docextract.TypeNames() + ")"
		if typ == docextract.Invoice {
			// A quotation, an order confirmation, a reminder carry an
			// invoice's fields and are no invoice: its title says so.
			if kind, title := doc.NotInvoice(); kind != "" {
				typ, conf = docextract.Other, 0.9
				why = fmt.Sprintf("the pages are a %s (titled %q), not an invoice", kind, title)
			}
		}
		if in.Force {
			typ = want
		}
		d := Document{DocType: typ, PageStart: r.Start, PageEnd: r.End, Source: source, Confidence: conf, Mismatch: typ != want}
		if typ == docextract.Other {
			// Nothing we read: keep the range so the caller can say "no
			// matching documents", with the requested schema left empty.
			d.Data, _ = docextract.NewExtractionData(want)
			d.Validation = docextract.Validation{Details: docextract.ValidationDetails{
				CalculationLogic: "Not validated: " + why + ".",
				Checks:           []docextract.Check{},
			}}
			docs = append(docs, d)
			continue
		}
		if typ == docextract.Invoice && readTemplate(&d, sub, in.Templates, x.cfg.Templates) {
			docs = append(docs, d)
			continue
		}
		d.Data, d.Validation, d.TemplateID, d.FieldConfidence = readPages(typ, sub)
		docs = append(docs, d)
	}
	return docs
}

// ownPage returns, when a document type other than the built-in three is
// registered, the test that a page is a document of such a type (its
// reader's evidence reaches the classifier's 3 points), which the split
// must not join to the document beside it as an enclosure: a delivery
// note printed after an invoice is an enclosure of it, unless delivery
// notes are read. Without such a type it returns nil.
func ownPage(pages []layout.Page) func(i int) bool {
	var custom []Reader
	for _, r := range readers.All() {
		switch r.Type {
		case docextract.Invoice, docextract.Receipt, docextract.BankStatement:
		default:
			custom = append(custom, r)
		}
	}
	if len(custom) == 0 {
		return nil
	}
	return func(i int) bool {
		d := classify.Prepare(pages[i : i+1])
		for _, r := range custom {
			if r.Evidence(d) >= 3 {
				return true
			}
		}
		return false
	}
}

// readTemplate reads the invoice pages into d with the first template of
// sets (in order) that matches and finds its required fields, and reports
// whether one did.
func readTemplate(d *Document, pages []layout.Page, sets ...*template.Set) bool {
	var text string
	for _, set := range sets {
		if set == nil || len(set.Templates) == 0 {
			continue
		}
		if text == "" {
			text = template.Text(pages)
		}
		t, ok := set.Match(text)
		if !ok {
			continue
		}
		data, err := t.Extract(text)
		if err != nil {
			continue
		}
		d.TemplateID, d.Source, d.Data = t.ID, "template", data
		d.Validation = validate.Invoice(data)
		d.FieldConfidence = presentConfidence(data, d.Validation.Passed)
		return true
	}
	return false
}

// readPages runs the registered reader of typ (RegisterReader).
func readPages(typ docextract.DocType, pages []layout.Page) (docextract.ExtractionData, docextract.Validation, string, map[string]float64) {
	r, ok := readerOf(typ)
	if !ok {
		// Extract refuses unregistered types up front; a type registered
		// with docextract but given no reader reads as nothing.
		d, _ := docextract.NewExtractionData(typ)
		return d, docextract.Validation{Details: docextract.ValidationDetails{
			CalculationLogic: fmt.Sprintf("Not validated: no reader for %s documents.", typ), Checks: []docextract.Check{}}}, "", nil
	}
	rd := r.Read(pages)
	return rd.Data, rd.Validation, rd.TemplateID, rd.FieldConfidence
}

// presentConfidence gives every non-null field of data's "general" object
// (and "lineItems" or "transactions" when there are any) one confidence:
// 0.9 when the document passed validation, 0.6 when it did not. It serves
// invoice2data templates, which do not score their own fields.
func presentConfidence(data docextract.ExtractionData, passed bool) map[string]float64 {
	v := 0.6
	if passed {
		v = 0.9
	}
	return fieldsWith(data, v)
}

// fieldsWith returns v for each non-null field of data's "general" object
// and for "lineItems" or "transactions" when there are any.
func fieldsWith(data docextract.ExtractionData, v float64) map[string]float64 {
	out := map[string]float64{}
	var general any
	switch d := data.(type) {
	case *docextract.InvoiceData:
		general = d.General
		if len(d.LineItems) > 0 {
			out["lineItems"] = v
		}
	case *docextract.ReceiptData:
		general = d.General
		if len(d.LineItems) > 0 {
			out["lineItems"] = v
		}
	case *docextract.BankStatementData:
		general = d.General
		if len(d.Transactions) > 0 {
			out["transactions"] = v
		}
	default:
		return out
	}
	rv := reflect.ValueOf(general)
	rt := rv.Type()
	for i := 0; i < rt.NumField(); i++ {
		f := rv.Field(i)
		if f.Kind() != reflect.Pointer || f.IsNil() {
			continue
		}
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		if name == "" || name == "-" {
			name = rt.Field(i).Name
		}
		out[name] = v
	}
	return out
}

// classifyPages decides the type of one document's pages. The requested
// type wins unless the content says clearly otherwise: a user who uploads a
// "receipt" that prints TAX INVOICE still wants receipt fields. Another type
// is chosen only when the classifier is confident and the requested type has
// little evidence of its own; Other only when no type has any real evidence.
func classifyPages(doc *classify.Doc, want docextract.DocType) (docextract.DocType, float64) {
	rs := readers.All()
	pts := make([]classify.Points, len(rs))
	own := 0.0
	for i, r := range rs {
		pts[i] = classify.Points{Type: r.Type, Points: r.Evidence(doc)}
		if r.Type == want {
			own = pts[i].Points
		}
	}
	typ, conf := classify.Decide(pts)
	if typ == want {
		return want, conf
	}
	switch {
	case typ == docextract.Other && own == 0 && conf >= 0.9:
		return docextract.Other, conf
	case typ != docextract.Other && conf >= 0.75 && own < 2:
		return typ, conf
	}
	// Uncertain: read it as requested, with a confidence that says so.
	return want, min(conf, 0.5)
}
