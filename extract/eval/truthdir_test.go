package eval

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
)

func TestFlattenTruth(t *testing.T) {
	dt, flat, order, err := FlattenTruth([]byte(`{"docType":"invoice",
		"general":{"InvoiceNumber":"R-1","TotalGrossPrice":119.00,"Currency":null,"DueDate":"2024-03-01"},
		"lineItems":[{"ProductName":"Paper","ProductTotalPrice":100},{"ProductName":"Pens"}]}`))
	require.NoError(t, err)
	require.Equal(t, "invoice", dt)
	require.Equal(t, []string{"DueDate", "InvoiceNumber", "TotalGrossPrice", "lineItems", "lineItems.ProductName", "lineItems.ProductTotalPrice"}, order)
	require.Equal(t, "119.00", flat["TotalGrossPrice"])
	require.NotContains(t, flat, "Currency", "null is not a truth")
	require.Equal(t, "2", flat["lineItems"])
	require.Equal(t, "Paper"+listSep+"Pens", flat["lineItems.ProductName"])
	require.Equal(t, "100"+listSep, flat["lineItems.ProductTotalPrice"])

	// A flat object is the general fields.
	_, flat, _, err = FlattenTruth([]byte(`{"IBAN":"DE89 3704 0044 0532 0130 00"}`))
	require.NoError(t, err)
	require.Equal(t, map[string]string{"IBAN": "DE89 3704 0044 0532 0130 00"}, flat)

	for _, bad := range []string{`[]`, `{}`, `{"general":{"A":null}}`, `not json`} {
		_, _, _, err := FlattenTruth([]byte(bad))
		require.Error(t, err, bad)
	}
}

func TestFlattenDataMatchesTruth(t *testing.T) {
	d := &docextract.InvoiceData{DocType: "invoice", LineItems: []docextract.LineItem{
		{ProductName: docextract.Str("Paper"), ProductTotalPrice: docextract.NewAmount(mustDec(t, "100.00"))},
		{ProductName: docextract.Str("Pens"), ProductTotalPrice: docextract.NewAmount(mustDec(t, "7.5"))},
	}}
	d.General.InvoiceNumber = docextract.Str("R 1")
	d.General.TotalGrossPrice = docextract.NewAmount(mustDec(t, "119"))
	got, err := FlattenData(d)
	require.NoError(t, err)
	_, want, order, err := FlattenTruth([]byte(`{"general":{"InvoiceNumber":"R1","TotalGrossPrice":"119.00"},
		"lineItems":[{"ProductName":"paper","ProductTotalPrice":100},{"ProductName":"Pens","ProductTotalPrice":7.50}]}`))
	require.NoError(t, err)
	for _, f := range order {
		require.True(t, ScoreAny(f, got[f], want[f]), "%s: got %q want %q", f, got[f], want[f])
	}
	// One wrong entry makes the list wrong; a shorter list is wrong.
	require.False(t, ScoreAny("lineItems.ProductTotalPrice", got["lineItems.ProductTotalPrice"], "100"+listSep+"7.49"))
	require.False(t, ScoreAny("lineItems.ProductName", "Paper", "Paper"+listSep+"Pens"))
	// An entry the truth leaves empty is not judged.
	require.True(t, ScoreAny("lineItems.ProductTotalPrice", got["lineItems.ProductTotalPrice"], "100"+listSep))
}

func TestScoreAny(t *testing.T) {
	for _, c := range []struct {
		field, got, want string
		ok               bool
	}{
		{"TotalGrossPrice", "1190.0", "1190.00", true},
		{"TotalGrossPrice", "1190.01", "1190.00", false},
		{"InvoiceDate", "2014-08-03", "03.08.2014", true},
		{"InvoiceDate", "2014-08-04", "03.08.2014", false},
		{"IBAN", "DE89370400440532013000", "de89 3704 0044 0532 0130 00", true},
		{"InvoiceNumber", "INV 12", "inv12", true},
		{"SellerName", "ACME  GmbH", "acme gmbh", true},
		{"SellerName", "ACME AG", "acme gmbh", false},
		{"SellerName", "", "acme", false},
		{"Currency", "EUR", "eur", true},
	} {
		require.Equal(t, c.ok, ScoreAny(c.field, c.got, c.want), "%+v", c)
	}
}

func TestLoadTruthDir(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	write("b/inv.pdf", "%PDF-1.4")
	write("b/inv.json", `{"general":{"InvoiceNumber":"1"}}`)
	write("a/scan.JPG", "jpeg")
	write("a/scan.json", `{"docType":"receipt","general":{"MerchantName":"Shop"}}`)
	write("a/lonely.json", `{"general":{"InvoiceNumber":"2"}}`) // no document: skipped
	cases, err := LoadTruthDir(dir)
	require.NoError(t, err)
	require.Len(t, cases, 2)
	require.Equal(t, "a/scan", cases[0].Name)
	require.Equal(t, "receipt", cases[0].DocType)
	require.Equal(t, filepath.Join(dir, "a/scan.JPG"), cases[0].Path)
	require.Equal(t, "b/inv", cases[1].Name)

	write("b/inv.json", `{"general":`)
	_, err = LoadTruthDir(dir)
	require.ErrorContains(t, err, "inv.json")
}

func mustDec(t *testing.T, s string) decimal.Decimal {
	t.Helper()
	d, err := decimal.NewFromString(s)
	require.NoError(t, err)
	return d
}
