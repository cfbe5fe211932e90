package classify

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/stretchr/testify/require"
)

// TestEInvoiceCorpus classifies the text layer of every PDF of the shared
// e-invoice corpus (all invoices, German, French and English): at least 90%
// must come out as invoices. Skips when the corpus is absent.
func TestEInvoiceCorpus(t *testing.T) {
	const dir = "../../../shared/corpus/einvoice"
	var files []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(strings.ToLower(p), ".pdf") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Skipf("e-invoice corpus not found at %s, skipping", dir)
	}
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	eng, err := pdfium.New(pdfium.Config{Workers: 1})
	require.NoError(t, err)
	defer eng.Close()
	ctx := context.Background()
	ok, n := 0, 0
	var flagged []string // taken for a quotation, reminder, ... by its title
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		doc, err := eng.Open(ctx, data, "")
		if err != nil {
			t.Logf("%s: %v", f, err)
			continue
		}
		var pages []layout.Page
		for i := 0; i < doc.PageCount() && i < 3; i++ {
			p, err := doc.Text(ctx, i)
			require.NoError(t, err)
			pages = append(pages, p)
		}
		doc.Close()
		if len(pages) == 0 || len(pages[0].Words) == 0 {
			continue
		}
		n++
		if kind, title := NotInvoice(pages); kind != "" {
			flagged = append(flagged, filepath.Base(f)+": "+kind+" "+title)
		}
		got, conf := Classify(pages)
		if got == docextract.Invoice {
			ok++
		} else {
			t.Logf("%s: %s %.2f %+v", filepath.Base(f), got, conf, Evidence(pages))
		}
	}
	t.Logf("e-invoice PDFs classified as invoice: %d of %d", ok, n)
	require.Greater(t, n, 0)
	require.GreaterOrEqual(t, float64(ok)/float64(n), 0.9)
	require.Empty(t, flagged, "invoices whose title NotInvoice took for another kind of document")
}
