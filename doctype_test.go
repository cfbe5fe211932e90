package docextract_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
)

func TestBuiltinTypes(t *testing.T) {
	require.Equal(t, []docextract.DocType{docextract.Invoice, docextract.Receipt, docextract.BankStatement}, docextract.Types()[:3])
	for _, typ := range docextract.Types()[:3] {
		got, ok := docextract.ParseDocType(string(typ))
		require.True(t, ok)
		require.Equal(t, typ, got)
		d, err := docextract.NewExtractionData(typ)
		require.NoError(t, err)
		require.Equal(t, typ, d.Type())
	}
	for _, s := range []string{"", "other", "Invoice", "invoices"} {
		_, ok := docextract.ParseDocType(s)
		require.False(t, ok, s)
	}
	num := "INV-7"
	require.Equal(t, "INV-7", docextract.DataKey(&docextract.InvoiceData{General: docextract.InvoiceGeneral{InvoiceNumber: &num}}))
	end := "2026-10-31"
	require.Equal(t, end, docextract.DataKey(&docextract.BankStatementData{General: docextract.BankStatementGeneral{PeriodEnd: &end}}))
	require.Equal(t, "", docextract.DataKey(nil))
}

type memoData struct{ DocType string }

func (*memoData) Type() docextract.DocType { return "memo" }

func TestRegisterType(t *testing.T) {
	newMemo := func() docextract.ExtractionData { return &memoData{DocType: "memo"} }
	for name, spec := range map[string]docextract.TypeSpec{
		"empty name":             {Type: "", New: newMemo},
		"upper case":             {Type: "Memo", New: newMemo},
		"other":                  {Type: docextract.Other, New: newMemo},
		"no schema":              {Type: "memo"},
		"schema of another type": {Type: "note", New: newMemo},
		"built-in twice":         {Type: docextract.Invoice, New: func() docextract.ExtractionData { return &docextract.InvoiceData{} }},
	} {
		require.Panics(t, func() { docextract.RegisterType(spec) }, name)
	}
	_, ok := docextract.ParseDocType("memo")
	require.False(t, ok, "a refused registration leaves nothing behind")
	require.Equal(t, "invoice, receipt or bank_statement", docextract.TypeNames())

	docextract.RegisterType(docextract.TypeSpec{Type: "memo", New: newMemo})
	got, ok := docextract.ParseDocType("memo")
	require.True(t, ok)
	require.Equal(t, docextract.DocType("memo"), got)
	require.Equal(t, docextract.DocType("memo"), docextract.Types()[len(docextract.Types())-1])
	require.Equal(t, "", docextract.DataKey(&memoData{}), "no Key: no key")
	require.Equal(t, "invoice, receipt, bank_statement or memo", docextract.TypeNames(), "messages name the registered types")
	d, err := docextract.DecodeExtractionData("memo", []byte(`{"DocType":"memo"}`))
	require.NoError(t, err)
	require.Equal(t, &memoData{DocType: "memo"}, d)
}
