package docextract

import (
	"fmt"
	"strings"

	"github.com/docextract/docextract/internal/registry"
)

// TypeSpec registers a document type with this package: its name and its
// extraction_data schema. The readers (package extract) and the export
// tables (package export) of the type are registered with those packages;
// a type's own package does all three, so adding a type touches nothing
// else. See RegisterType.
type TypeSpec struct {
	// Type is the name in URLs and JSON, e.g. "delivery_note": lower-case
	// ASCII letters, digits and underscores.
	Type DocType
	// New returns an empty ExtractionData of the type's schema, its lists
	// empty rather than nil, so it marshals with every key present. Its
	// Type method must answer Type.
	New func() ExtractionData
	// Key, optional, returns the document's identifying value that export
	// file names carry (an invoice number, a statement's period end), ""
	// when it has none.
	Key func(ExtractionData) string
}

var types = registry.List[DocType, TypeSpec]{Key: func(s TypeSpec) DocType { return s.Type }}

func init() {
	for _, s := range builtinTypes() {
		RegisterType(s)
	}
}

// RegisterType makes a document type known to ParseDocType, Types,
// NewExtractionData and DecodeExtractionData, and so to every layer that
// asks them (uploads, e-mail inboxes, stored results). Call it from an
// init function or before serving: it is safe for concurrent use, but a
// type registered late is unknown to whatever asked before. It panics on
// an invalid spec or a name registered twice, like http.Handle.
func RegisterType(s TypeSpec) {
	if !validTypeName(string(s.Type)) || s.Type == Other {
		panic(fmt.Sprintf("docextract: RegisterType: invalid type name %q", s.Type))
	}
	if s.New == nil {
		panic(fmt.Sprintf("docextract: RegisterType(%q): New is nil", s.Type))
	}
	if got := s.New(); got == nil || got.Type() != s.Type {
		panic(fmt.Sprintf("docextract: RegisterType(%q): New returns data of another type", s.Type))
	}
	types.Add("docextract: RegisterType", s)
}

func validTypeName(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// Types returns the document types an upload may request, in registration
// order: invoice, receipt, bank_statement, then any registered since.
func Types() []DocType {
	all := types.All()
	out := make([]DocType, len(all))
	for i, s := range all {
		out[i] = s.Type
	}
	return out
}

// TypeNames lists the registered types for messages:
// "invoice, receipt or bank_statement", and any registered since.
func TypeNames() string {
	ts := Types()
	var b strings.Builder
	for i, t := range ts {
		switch {
		case i == 0:
		case i == len(ts)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(string(t))
	}
	return b.String()
}

// LookupType returns the registration of t.
func LookupType(t DocType) (TypeSpec, bool) {
	return types.Find(t)
}

// ParseDocType returns the DocType named s, or false when s names none of
// the registered types (Types).
func ParseDocType(s string) (DocType, bool) {
	spec, ok := LookupType(DocType(s))
	return spec.Type, ok
}

// DataKey returns the identifying value of d that export file names carry
// (TypeSpec.Key), "" when its type has none.
func DataKey(d ExtractionData) string {
	if d == nil {
		return ""
	}
	if s, ok := LookupType(d.Type()); ok && s.Key != nil {
		return s.Key(d)
	}
	return ""
}

// builtinTypes are the three types of the API.
func builtinTypes() []TypeSpec {
	deref := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	return []TypeSpec{
		{Type: Invoice,
			New: func() ExtractionData {
				return &InvoiceData{DocType: string(Invoice), LineItems: []LineItem{}, Taxes: []TaxBreakdown{}}
			},
			Key: func(d ExtractionData) string { return deref(d.(*InvoiceData).General.InvoiceNumber) }},
		{Type: Receipt,
			New: func() ExtractionData { return &ReceiptData{DocType: string(Receipt), LineItems: []LineItem{}} },
			Key: func(d ExtractionData) string { return deref(d.(*ReceiptData).General.ReceiptNumber) }},
		{Type: BankStatement,
			New: func() ExtractionData {
				return &BankStatementData{DocType: string(BankStatement), Transactions: []Transaction{}}
			},
			Key: func(d ExtractionData) string {
				g := d.(*BankStatementData).General
				if k := deref(g.PeriodEnd); k != "" {
					return k
				}
				return deref(g.PeriodStart)
			}},
	}
}
