package export

import (
	"encoding/json"
	"io"
	"time"

	"github.com/docextract/docextract"
)

// jsonDocument is the JSON export of one document: the document result of
// docs/api.md, Get a result plus the extra fields docs/api.md, Concepts allows.
type jsonDocument struct {
	DocumentID       string                    `json:"document_id"`
	DocType          docextract.DocType        `json:"doc_type"`
	FileName         string                    `json:"file_name,omitempty"`
	PageStart        *int                      `json:"page_start"`
	PageEnd          *int                      `json:"page_end"`
	TemplateID       *string                   `json:"template_id"`
	CreatedAt        *time.Time                `json:"created_at,omitempty"`
	ExtractionData   docextract.ExtractionData `json:"extraction_data"`
	Confidence       map[string]float64        `json:"confidence,omitempty"`
	Validation       docextract.Validation     `json:"validation"`
	CreditsUsed      int                       `json:"credits_used"`
	PassedValidation bool                      `json:"passed_validation"`
}

func writeJSON(w io.Writer, d *Document) error {
	v := jsonDocument{
		DocumentID:       d.ID,
		DocType:          d.docType(),
		FileName:         d.FileName,
		ExtractionData:   d.Data,
		Confidence:       d.Confidence,
		Validation:       d.Validation,
		CreditsUsed:      d.CreditsUsed,
		PassedValidation: d.Validation.Passed,
	}
	if d.Validation.Details.Checks == nil {
		v.Validation.Details.Checks = []docextract.Check{}
	}
	if d.PageStart > 0 {
		v.PageStart = &d.PageStart
	}
	if d.PageEnd > 0 {
		v.PageEnd = &d.PageEnd
	}
	if d.TemplateID != "" {
		v.TemplateID = &d.TemplateID
	}
	if !d.CreatedAt.IsZero() {
		t := d.CreatedAt.UTC()
		v.CreatedAt = &t
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
