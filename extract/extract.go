package extract

import (
	"bytes"
	"errors"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/template"
)

// Content types Sniff recognises.
const (
	TypePDF  = "application/pdf"
	TypeJPEG = "image/jpeg"
	TypePNG  = "image/png"
)

// Errors returned by Extract and Inspect; match with errors.Is.
var (
	// ErrUnsupportedType: the content is not PDF, JPEG or PNG.
	ErrUnsupportedType = errors.New("extract: content is not PDF, JPEG or PNG")
	// ErrTooManyPages: a PDF over docextract.MaxPDFPages pages.
	ErrTooManyPages = errors.New("extract: PDF exceeds the maximum of 200 pages")
	// ErrPasswordRequired: an encrypted PDF and no or a wrong password.
	ErrPasswordRequired = errors.New("extract: PDF is encrypted; a password is required")
	// ErrMalformed: the file could not be read.
	ErrMalformed = errors.New("extract: malformed or unreadable file")
	// ErrTimeout: the document did not finish within Config.Timeout.
	ErrTimeout = errors.New("extract: document processing timed out")
	// ErrNoOCR: an image or scanned page needs OCR and no engine is available.
	ErrNoOCR = errors.New("extract: OCR engine not available (install tesseract)")
	// ErrNoPDFEngine: a PDF and no Config.PDF to read it with.
	ErrNoPDFEngine = errors.New("extract: no PDF engine configured")
)

// Stable template ids of the built-in extractors; they become template_id.
const (
	TemplateCII          = "6f1c7c2e-0b7a-5d0e-9a51-3c1f2d6b8a01" // CII / Factur-X / ZUGFeRD / XRechnung XML
	TemplateUBL          = "6f1c7c2e-0b7a-5d0e-9a51-3c1f2d6b8a02" // UBL 2.1 Invoice / CreditNote XML
	TemplateInvoiceText  = "6f1c7c2e-0b7a-5d0e-9a51-3c1f2d6b8a03" // generic invoice from text layer or OCR
	TemplateReceiptText  = "6f1c7c2e-0b7a-5d0e-9a51-3c1f2d6b8a04" // generic receipt
	TemplateBankStmtText = "6f1c7c2e-0b7a-5d0e-9a51-3c1f2d6b8a05" // generic bank statement
)

// BuiltinTemplateGroup is the template group of the built-in extractors, for
// template-group filters on webhooks and task results.
const BuiltinTemplateGroup = "builtin"

// TemplateGroup returns the group of a template id: BuiltinTemplateGroup for
// the built-in extractors, else the group of the user template in set, or
// "" when the id is unknown.
func TemplateGroup(set *template.Set, id string) string {
	switch id {
	case TemplateCII, TemplateUBL, TemplateInvoiceText, TemplateReceiptText, TemplateBankStmtText:
		return BuiltinTemplateGroup
	}
	return set.GroupOf(id)
}

// Input is one file to extract.
type Input struct {
	Data     []byte
	FileName string
	// DocType is the requested type. Documents of other types found in the
	// file are reported with their detected type and Mismatch set.
	DocType docextract.DocType
	// Password opens an encrypted PDF.
	Password string
	// Templates are invoice2data templates of this extraction only (say, the
	// uploading team's), tried before Config.Templates: the first of them
	// that matches an invoice wins and its id becomes the template_id.
	Templates *template.Set
	// Force reads every document as DocType whatever the classifier says
	// (a person approved the type): no document is reported with another
	// type or Mismatch, and an embedded e-invoice is ignored unless
	// DocType is Invoice.
	Force bool
}

// Document is one document found in a file (a file may hold several).
type Document struct {
	DocType    docextract.DocType
	PageStart  int // one-based, inclusive
	PageEnd    int // one-based, inclusive
	TemplateID string
	// Source says which reader produced Data: "cii", "ubl", "text", "ocr",
	// "template".
	Source     string
	Data       docextract.ExtractionData
	Validation docextract.Validation
	// Confidence of the classification in 0..1.
	Confidence float64
	// FieldConfidence is the confidence in 0..1 of each field read, keyed by
	// the field's name in Data's "general" object ("InvoiceNumber",
	// "TotalGrossPrice", "IBAN", ...) plus "lineItems" or "transactions".
	// A field that is null has no entry. Route documents with a low value to
	// a person. Embedded XML gives 1; the template-free readers give what
	// their evidence supports (label, position, net + tax = gross, IBAN
	// check digits, statement reconciliation, cash minus change, OCR word
	// confidence); a template gives 0.9 or 0.6 to each field read, by
	// whether the document passed validation. See docs/confidence.md.
	FieldConfidence map[string]float64
	// Mismatch is true when the detected type differs from Input.DocType.
	Mismatch bool
}

// PageCount returns PageEnd-PageStart+1.
func (d Document) PageCount() int { return d.PageEnd - d.PageStart + 1 }

// Result is everything extracted from one file.
type Result struct {
	ContentType string
	PageCount   int
	Documents   []Document
	Elapsed     time.Duration
}

// Info is what Inspect learns cheaply, before any extraction.
type Info struct {
	ContentType string
	PageCount   int
	Encrypted   bool
}

// Sniff returns the content type of data from its leading bytes (never from a
// file name), or "" when it is none of PDF, JPEG, PNG. A PDF header may be
// preceded by up to 1024 bytes of junk, as readers accept.
func Sniff(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return TypePNG
	case bytes.HasPrefix(data, []byte("\xff\xd8\xff")):
		return TypeJPEG
	}
	head := data
	if len(head) > 1024+8 {
		head = head[:1024+8]
	}
	if bytes.Contains(head, []byte("%PDF-")) {
		return TypePDF
	}
	return ""
}
