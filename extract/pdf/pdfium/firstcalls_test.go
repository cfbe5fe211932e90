package pdfium

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/internal/testdocs"
)

// TestConcurrentFirstCalls: a new engine's workers read and render their
// first documents at the same time, as a server's first uploads do. The
// WebAssembly runtime fills a cache of each imported function's type on
// its first call, unguarded, and the workers share those types: under
// -race this test reported a data race until New made those first calls
// on one worker before any other (warmUp).
func TestConcurrentFirstCalls(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	e, err := New(Config{Workers: 2})
	require.NoError(t, err)
	defer e.Close()
	// A scan: a JPEG page in a PDF, whose decoder reports errors through
	// calls the runtime dispatches by type.
	d, err := testdocs.NewInvoice(testdocs.InvoiceOptions{Lang: "de", Seed: 3, Lines: 3})
	require.NoError(t, err)
	ctx := context.Background()
	jpegs, err := testdocs.Scan(ctx, engine(t), d.PDF, testdocs.DefaultScan)
	require.NoError(t, err)
	scan, err := testdocs.ImagePDF(jpegs)
	require.NoError(t, err)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for g := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			doc, err := e.Open(ctx, scan, "")
			if err != nil {
				errs[g] = err
				return
			}
			defer doc.Close()
			if _, err := doc.Text(ctx, 0); err != nil {
				errs[g] = err
				return
			}
			if _, err := doc.ImageCover(ctx, 0); err != nil {
				errs[g] = err
				return
			}
			_, errs[g] = doc.Render(ctx, 0, 100)
		}()
	}
	wg.Wait()
	require.NoError(t, errs[0])
	require.NoError(t, errs[1])
}
