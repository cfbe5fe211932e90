package export

import (
	"fmt"
	"reflect"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/internal/registry"
)

// A document type's CSV and XLSX layout is registered here, by the type's
// own package (see RegisterTable); the built-in types are registered the
// same way by this package.

// Kind is the type of a column: how CSV prints its values and which XLSX
// cell they become.
type Kind uint8

// Column kinds.
const (
	KindText   Kind = Kind(kText)   // text, neutralised against formula injection
	KindMoney  Kind = Kind(kMoney)  // decimal, XLSX format #,##0.00
	KindNumber Kind = Kind(kNumber) // decimal (quantity, rate, unit price)
	KindDate   Kind = Kind(kDate)   // YYYY-MM-DD; anything else stays text
	KindInt    Kind = Kind(kInt)    // whole number
	KindBool   Kind = Kind(kBool)   // true / false
)

// Column is one column of a registered layout. Width is the XLSX column
// width in characters (0: the default).
type Column struct {
	Name  string
	Kind  Kind
	Width float64
}

// Value is one cell, made by Text, Date, Money, Number, Int or Bool. The
// zero Value is an empty text cell.
type Value struct{ v value }

// Text is a text cell; nil (not extracted) is an empty cell.
func Text(p *string) Value { return Value{text(p)} }

// Date is a YYYY-MM-DD date cell; nil is empty, anything unparsable stays
// text as read.
func Date(p *string) Value { return Value{date(p)} }

// Money is an amount cell with at least two decimals; nil is empty.
func Money(a *docextract.Amount) Value { return Value{money(a)} }

// Number is a decimal cell (quantity, rate); nil is empty.
func Number(a *docextract.Amount) Value { return Value{number(a)} }

// Int is a whole-number cell.
func Int(i int64) Value { return Value{integer(i)} }

// Bool is a true/false cell.
func Bool(b bool) Value { return Value{boolean(b)} }

// Table is the CSV and XLSX view of one document of a registered type:
// its document-level fields, and its rows (line items, transactions,
// delivered items) when it has any. CSV writes one row per line with the
// fields repeated in front; XLSX a "Document" sheet of the fields and a
// sheet named LinesSheet of the lines. document_id, file_name and
// passed_validation are added by the package.
type Table struct {
	Fields     []Column
	Values     []Value // one per field
	LinesSheet string  // XLSX sheet name of the lines, e.g. "Items"
	LineCols   []Column
	Lines      [][]Value // each one per line column
}

// TableSpec registers the layout of a document type.
type TableSpec struct {
	Type docextract.DocType
	// Table returns the table of data, which is of Type's schema.
	Table func(data docextract.ExtractionData) Table
}

// layout is how this package exports one type: its table, and whether it
// is a bill that accounting_csv takes.
type layout struct {
	typ        docextract.DocType
	table      func(d *Document) table
	accounting bool
}

var layouts = registry.List[docextract.DocType, layout]{Key: func(l layout) docextract.DocType { return l.typ }}

func init() {
	for _, l := range []layout{
		{docextract.Invoice, invoiceTable, true},
		{docextract.Receipt, receiptTable, true},
		{docextract.BankStatement, statementTable, false},
	} {
		register(l)
	}
}

// RegisterTable makes documents of s.Type exportable as JSON, CSV and XLSX
// (accounting_csv stays with the bills: invoices and receipts). Call it
// from the type's package, beside docextract.RegisterType and
// extract.RegisterReader. It panics on a type registered twice, one
// docextract does not know, or a Table whose values do not match its
// columns.
func RegisterTable(s TableSpec) {
	spec, ok := docextract.LookupType(s.Type)
	if !ok {
		panic(fmt.Sprintf("export: RegisterTable(%q): register the type with docextract.RegisterType first", s.Type))
	}
	if s.Table == nil {
		panic(fmt.Sprintf("export: RegisterTable(%q): Table is nil", s.Type))
	}
	if t := s.Table(spec.New()); len(t.Values) != len(t.Fields) {
		panic(fmt.Sprintf("export: RegisterTable(%q): %d values for %d fields", s.Type, len(t.Values), len(t.Fields)))
	}
	register(layout{typ: s.Type, table: func(d *Document) table {
		pt := s.Table(d.Data)
		t := table{lineName: pt.LinesSheet, lineCols: columns(pt.LineCols)}
		if t.lineName == "" {
			t.lineName = "Lines"
		}
		t.docCols = concat(commonCols, columns(pt.Fields), validationCols)
		t.docVals = commonVals(d)
		for _, v := range pt.Values {
			t.docVals = append(t.docVals, v.v)
		}
		t.docVals = append(t.docVals, boolean(d.Validation.Passed))
		for _, l := range pt.Lines {
			row := make([]value, len(pt.LineCols))
			for i := range row {
				row[i] = value{kind: kText, null: true}
				if i < len(l) {
					row[i] = l[i].v
				}
			}
			t.lines = append(t.lines, row)
		}
		return t
	}})
}

func columns(cs []Column) []column {
	out := make([]column, len(cs))
	for i, c := range cs {
		out[i] = column{name: c.Name, kind: kind(c.Kind), width: c.Width}
	}
	return out
}

func register(l layout) { layouts.Add("export: RegisterTable", l) }

func layoutOf(t docextract.DocType) (layout, bool) { return layouts.Find(t) }

// tableOf builds the table of d; ok is false for data of no registered type.
func tableOf(d *Document) (table, bool) {
	if d.Data == nil {
		return table{}, false
	}
	l, ok := layoutOf(d.Data.Type())
	if !ok {
		return table{}, false
	}
	return l.table(d), true
}

// Supports reports whether documents of type t can be exported as f: JSON,
// CSV and XLSX for every registered type, accounting_csv for invoices and
// receipts only (a bank statement is no bill).
func Supports(f Format, t docextract.DocType) bool {
	l, ok := layoutOf(t)
	switch {
	case !ok:
		return false
	case f == AccountingCSV:
		return l.accounting
	}
	return f == JSON || f == CSV || f == XLSX
}

// isNilData reports a typed nil inside the interface.
func isNilData(d docextract.ExtractionData) bool {
	v := reflect.ValueOf(d)
	return v.Kind() == reflect.Pointer && v.IsNil()
}
