package invoice

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract/einvoice"
	"github.com/docextract/docextract/extract/eval"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/pdf/pdfium"
)

const corpusDir = "../../../shared/corpus/einvoice"

var (
	engOnce sync.Once
	eng     *pdfium.Engine
	engErr  error
)

func engine(t testing.TB) *pdfium.Engine {
	engOnce.Do(func() { eng, engErr = pdfium.New(pdfium.Config{Workers: 1}) })
	require.NoError(t, engErr)
	return eng
}

// readPDF returns the pages of a PDF and its embedded invoice XML (nil when
// none).
func readPDF(t testing.TB, data []byte) ([]layout.Page, []byte) { return readPDFOpt(t, data, true) }

func readPDFOpt(t testing.TB, data []byte, withXML bool) ([]layout.Page, []byte) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	doc, err := engine(t).Open(ctx, data, "")
	require.NoError(t, err)
	defer doc.Close()
	pages := make([]layout.Page, doc.PageCount())
	for i := range pages {
		pages[i], err = doc.Text(ctx, i)
		require.NoError(t, err)
	}
	if !withXML {
		return pages, nil
	}
	atts, err := doc.Attachments(ctx)
	require.NoError(t, err)
	_, x, ok := einvoice.FindInvoiceXML(atts)
	if !ok {
		x = nil
	}
	return pages, x
}

// judged are the fields with an accuracy target.
var judged = []string{eval.FieldInvoiceNumber, eval.FieldInvoiceDate, eval.FieldTotalGrossPrice, eval.FieldCurrency, eval.FieldTotalNetPrice}

// TestCorpus extracts every corpus PDF through the text path (the embedded
// XML is used only as the truth) and prints per-field accuracy. Set
// DOCEXTRACT_CORPUS_VERBOSE=1 to list every miss.
func TestCorpus(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skip("corpus not present")
	}
	if testing.Short() {
		t.Skip("corpus test in -short mode")
	}
	var files []string
	_ = filepath.Walk(corpusDir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(strings.ToLower(p), ".pdf") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	verbose := os.Getenv("DOCEXTRACT_CORPUS_VERBOSE") != ""
	hits, total := map[string]int{}, map[string]int{}
	var elapsed time.Duration
	pagesN := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		pages, x := readPDF(t, data)
		if x == nil {
			if side, err := os.ReadFile(strings.TrimSuffix(f, "_fx.pdf") + ".xml"); err == nil {
				x = side
			}
		}
		start := time.Now()
		got := eval.FieldsFromInvoice(Extract(pages))
		elapsed += time.Since(start)
		pagesN += len(pages)
		if x == nil {
			continue
		}
		truth, err := eval.Truth(x)
		if err != nil {
			continue
		}
		for _, fld := range eval.Fields {
			want, ok := truth[fld]
			if !ok {
				continue
			}
			total[fld]++
			if eval.Score(fld, got[fld], want) {
				hits[fld]++
			} else if verbose {
				t.Logf("MISS %-16s %-60s got %q want %q", fld, filepath.Base(f), got[fld], want)
			}
		}
	}
	for _, fld := range eval.Fields {
		if total[fld] == 0 {
			continue
		}
		t.Logf("%-16s %3d/%3d  %5.1f%%", fld, hits[fld], total[fld], 100*float64(hits[fld])/float64(total[fld]))
	}
	if pagesN > 0 {
		t.Logf("text path: %d files, %d pages, %v per page (Extract only)", len(files), pagesN, elapsed/time.Duration(pagesN))
	}
	fmt.Println()
	// The judged fields must stay at or above 95%: a regression fails here.
	for _, fld := range judged {
		if total[fld] == 0 {
			continue
		}
		require.GreaterOrEqual(t, float64(hits[fld])/float64(total[fld]), 0.95, "%s accuracy on the corpus text path", fld)
	}
}
