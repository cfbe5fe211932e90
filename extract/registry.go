package extract

import (
	"fmt"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/bank"
	"github.com/docextract/docextract/extract/classify"
	"github.com/docextract/docextract/extract/invoice"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/receipt"
	"github.com/docextract/docextract/extract/validate"
	"github.com/docextract/docextract/internal/registry"
)

// Reader reads one document type: the classifier's evidence for it and
// its generic reader. A document type's own package registers one with
// RegisterReader, beside docextract.RegisterType (its schema) and
// export.RegisterTable (its CSV and XLSX layout); the built-in types are
// registered the same way by this package.
type Reader struct {
	Type docextract.DocType
	// Evidence returns the points for the prepared pages being of Type, on
	// the scale of the built-in types: a title word ("invoice", "delivery
	// note") is worth 3 to 4, a field label 1 to 2, and 3 points are the
	// least the classifier acts on (classify.Cue, Doc.Cues).
	Evidence func(d *classify.Doc) float64
	// Read extracts and validates the pages of one document of Type. It
	// must not panic on any input; Extract turns a panic into ErrMalformed.
	Read func(pages []layout.Page) Reading
}

// Reading is what a Reader read from one document.
type Reading struct {
	Data       docextract.ExtractionData // of the reader's type, never nil
	Validation docextract.Validation
	// TemplateID is the stable id of the reader, shown as template_id.
	TemplateID string
	// FieldConfidence is the confidence in 0..1 of each field read.
	FieldConfidence map[string]float64
}

var readers = registry.List[docextract.DocType, Reader]{Key: func(r Reader) docextract.DocType { return r.Type }}

func init() {
	RegisterReader(Reader{Type: docextract.Invoice,
		Evidence: func(d *classify.Doc) float64 { return d.Scores().Invoice },
		Read: func(pages []layout.Page) Reading {
			d, conf := invoice.ExtractScored(pages)
			return Reading{d, validate.Invoice(d), TemplateInvoiceText, conf}
		}})
	RegisterReader(Reader{Type: docextract.Receipt,
		Evidence: func(d *classify.Doc) float64 { return d.Scores().Receipt },
		Read: func(pages []layout.Page) Reading {
			d, conf := receipt.ExtractScored(pages)
			return Reading{d, validate.Receipt(d), TemplateReceiptText, conf}
		}})
	RegisterReader(Reader{Type: docextract.BankStatement,
		Evidence: func(d *classify.Doc) float64 { return d.Scores().BankStatement },
		Read: func(pages []layout.Page) Reading {
			d, conf := bank.ExtractScored(pages)
			return Reading{d, validate.BankStatement(d), TemplateBankStmtText, conf}
		}})
}

// RegisterReader adds r to the readers every Extractor uses: from then on
// the classifier weighs r.Evidence against the other types, and documents
// of r.Type (asked for, or recognised) are read by r.Read. Call it from
// the type's package before extracting. It panics when r.Type is not
// registered with docextract.RegisterType, has a reader already, or r
// lacks a function.
func RegisterReader(r Reader) {
	if _, ok := docextract.LookupType(r.Type); !ok {
		panic(fmt.Sprintf("extract: RegisterReader(%q): register the type with docextract.RegisterType first", r.Type))
	}
	if r.Evidence == nil || r.Read == nil {
		panic(fmt.Sprintf("extract: RegisterReader(%q): Evidence and Read are required", r.Type))
	}
	readers.Add("extract: RegisterReader", r)
}

// readerOf returns the reader of t.
func readerOf(t docextract.DocType) (Reader, bool) { return readers.Find(t) }
