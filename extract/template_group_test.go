package extract_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/template"
)

func TestTemplateGroup(t *testing.T) {
	t.Parallel()
	tpl, err := template.Parse("suppliers", "acme.yml", []byte("issuer: ACME\nkeywords: [ACME]\nfields:\n  invoice_number: 'No\\. (\\d+)'\n"))
	require.NoError(t, err)
	set := &template.Set{}
	set.Add(tpl)
	require.Equal(t, "suppliers", extract.TemplateGroup(set, tpl.ID))
	require.Equal(t, extract.BuiltinTemplateGroup, extract.TemplateGroup(set, extract.TemplateCII))
	require.Equal(t, extract.BuiltinTemplateGroup, extract.TemplateGroup(nil, extract.TemplateInvoiceText))
	require.Equal(t, "", extract.TemplateGroup(set, "00000000-0000-0000-0000-000000000000"))
	require.Equal(t, "", extract.TemplateGroup(nil, tpl.ID))
}
