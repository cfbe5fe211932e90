// Package scantest reads generated documents as scans: each page is
// rendered by PDFium, degraded (testdocs.Scan) and given to the whole
// extractor, as the server is given a photographed or scanned upload. The
// scanned layout suites of extract/invoice and extract/bank use it. For
// tests only.
package scantest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/ocr"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/internal/testdocs"
)

// CacheDir is where the tesseract runs of the scanned suites are kept,
// under os.TempDir(): a run is reused when tesseract is given the same
// image bytes with the same arguments (see ocr.Tesseract.WithRunCache), so
// a change to the readers costs no OCR. DOCEXTRACT_OCR_NOCACHE=1 bypasses
// it.
func CacheDir() string {
	if os.Getenv("DOCEXTRACT_OCR_NOCACHE") != "" {
		return ""
	}
	return filepath.Join(os.TempDir(), "docextract-scan-ocr")
}

// Reader reads scanned documents.
type Reader struct {
	x    *extract.Extractor
	pdf  *pdfium.Engine
	tes  *ocr.Tesseract
	cpu0 time.Duration
}

// New returns a Reader with PDFium and tesseract; it skips t (with the
// reason) when tesseract is not installed, and closes itself at the end of
// t.
func New(t testing.TB) *Reader {
	t.Helper()
	tes, err := ocr.NewTesseract(ocr.Config{})
	if err != nil {
		t.Skipf("tesseract not available, skipping the scanned layout suite: %v", err)
	}
	if dir := CacheDir(); dir != "" {
		tes = tes.WithRunCache(filepath.Join(dir, "runs"))
	}
	eng, err := pdfium.New(pdfium.Config{Workers: 2})
	if err != nil {
		t.Fatalf("pdfium: %v", err)
	}
	x, err := extract.New(extract.Config{PDF: eng, OCR: tes})
	if err != nil {
		eng.Close()
		t.Fatalf("extractor: %v", err)
	}
	t.Cleanup(func() { eng.Close() })
	return &Reader{x: x, pdf: eng, tes: tes, cpu0: tes.TesseractCPU()}
}

// TesseractCPU is the CPU time tesseract took for the documents read so
// far (runs served by the cache count what they took when made).
func (r *Reader) TesseractCPU() time.Duration { return r.tes.TesseractCPU() - r.cpu0 }

// Read scans doc (a generated PDF) with testdocs.DefaultScan rotated by
// degrees, and extracts it as typ: a one-page document is uploaded as its
// JPEG, a longer one as a PDF of its page images (a scanner's "scan to
// PDF", read by the extractor's OCR of image-only pages). It returns the
// document of type typ found, or nil with a note of what was found
// instead.
func (r *Reader) Read(ctx context.Context, pdfData []byte, typ docextract.DocType, degrees float64, seed uint64) (docextract.ExtractionData, string, error) {
	o := testdocs.DefaultScan
	o.Degrees, o.Seed = degrees, seed
	pages, err := testdocs.Scan(ctx, r.pdf, pdfData, o)
	if err != nil {
		return nil, "", err
	}
	data := pages[0]
	if len(pages) > 1 {
		if data, err = testdocs.ImagePDF(pages); err != nil {
			return nil, "", err
		}
	}
	res, err := r.x.Extract(ctx, extract.Input{Data: data, DocType: typ})
	if err != nil {
		return nil, "", err
	}
	for _, d := range res.Documents {
		if d.DocType == typ {
			return d.Data, "", nil
		}
	}
	var found []docextract.DocType
	for _, d := range res.Documents {
		found = append(found, d.DocType)
	}
	return nil, fmt.Sprintf("read as %v", found), nil
}

// Parallel runs f(i) for i in [0, n) on two goroutines: OCR is the cost
// of these suites, and tesseract runs one thread per process.
func Parallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// Pages returns the OCR pages of a scan of pdfData as the extractor reads
// them (a one-page scan as its JPEG, a longer one rendered from its image
// PDF at the extractor's 300 dpi), for looking into a miss.
func (r *Reader) Pages(ctx context.Context, pdfData []byte, degrees float64, seed uint64) ([]layout.Page, error) {
	o := testdocs.DefaultScan
	o.Degrees, o.Seed = degrees, seed
	scans, err := testdocs.Scan(ctx, r.pdf, pdfData, o)
	if err != nil {
		return nil, err
	}
	if len(scans) == 1 {
		p, err := r.tes.RecognizeEncoded(ctx, scans[0])
		return []layout.Page{p}, err
	}
	data, err := testdocs.ImagePDF(scans)
	if err != nil {
		return nil, err
	}
	doc, err := r.pdf.Open(ctx, data, "")
	if err != nil {
		return nil, err
	}
	defer doc.Close()
	var pages []layout.Page
	for i := range doc.PageCount() {
		img, err := doc.Render(ctx, i, 300)
		if err != nil {
			return nil, err
		}
		p, err := r.tes.Recognize(ctx, img)
		if err != nil {
			return nil, err
		}
		p.Number = i + 1
		pages = append(pages, p)
	}
	return pages, nil
}

// Engine is the Reader's PDF engine.
func (r *Reader) Engine() *pdfium.Engine { return r.pdf }

// Extract gives data (a PDF or an image) to the whole extractor as typ and
// returns the document of type typ found with the source of its text
// ("text", "ocr"), or nil with a note of what was found instead.
func (r *Reader) Extract(ctx context.Context, data []byte, typ docextract.DocType) (docextract.ExtractionData, string, string, error) {
	res, err := r.x.Extract(ctx, extract.Input{Data: data, DocType: typ})
	if err != nil {
		return nil, "", "", err
	}
	var found []docextract.DocType
	for _, d := range res.Documents {
		if d.DocType == typ {
			return d.Data, d.Source, "", nil
		}
		found = append(found, d.DocType)
	}
	return nil, "", fmt.Sprintf("read as %v", found), nil
}
