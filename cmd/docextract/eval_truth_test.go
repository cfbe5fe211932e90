package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/internal/testdocs"
)

// TestEvalTruthDir scores the whole extractor on a folder of generated
// invoices with a truth JSON each; one truth states a wrong total, so the
// total row must say 2 of 3 while the others are all right.
func TestEvalTruthDir(t *testing.T) {
	dir := t.TempDir()
	for i, seed := range []uint64{1, 2, 3} {
		inv, err := testdocs.NewInvoice(testdocs.InvoiceOptions{Seed: seed, Lines: 3, Seller: i})
		require.NoError(t, err)
		g := inv.Truth.General
		total := g.TotalGrossPrice.String()
		if i == 1 {
			total = "1.00" // a truth the extraction cannot match
		}
		var items []map[string]any
		for _, li := range inv.Truth.LineItems {
			items = append(items, map[string]any{"ProductTotalPrice": li.ProductTotalPrice.String()})
		}
		truth, err := json.Marshal(map[string]any{
			"docType":   "invoice",
			"general":   map[string]any{"InvoiceNumber": *g.InvoiceNumber, "TotalGrossPrice": total, "IBAN": *g.IBAN},
			"lineItems": items,
		})
		require.NoError(t, err)
		name := filepath.Join(dir, "inv"+string(rune('a'+i)))
		require.NoError(t, os.WriteFile(name+".pdf", inv.PDF, 0o644))
		require.NoError(t, os.WriteFile(name+".json", truth, 0o644))
	}
	var out, errOut bytes.Buffer
	code := Main(context.Background(), []string{"eval", "-truth", dir, "-ocr=false", "-misses"}, &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	row := func(field string) string {
		m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(field) + `\s+(.*)$`).FindStringSubmatch(out.String())
		require.NotNil(t, m, "no row %s in:\n%s", field, out.String())
		f := strings.Fields(m[1])
		return f[0] + " " + f[1]
	}
	require.Equal(t, "3/3 100.0%", row("InvoiceNumber"), out.String())
	require.Equal(t, "3/3 100.0%", row("IBAN"), out.String())
	require.Equal(t, "3/3 100.0%", row("lineItems"), out.String())
	require.Equal(t, "3/3 100.0%", row("lineItems.ProductTotalPrice"), out.String())
	require.Equal(t, "2/3 66.7%", row("TotalGrossPrice"), out.String())
	require.Contains(t, out.String(), `want "1.00"`, "the miss is listed")

	// No truth at all, and a docType nobody registered, are errors.
	require.Equal(t, 1, Main(context.Background(), []string{"eval", "-truth", t.TempDir()}, &out, &errOut))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "inva.json"), []byte(`{"docType":"poem","general":{"A":"b"}}`), 0o644))
	errOut.Reset()
	require.Equal(t, 1, Main(context.Background(), []string{"eval", "-truth", dir, "-ocr=false"}, &out, &errOut))
	require.Contains(t, errOut.String(), `docType "poem"`)
}
