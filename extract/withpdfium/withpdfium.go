// Package withpdfium builds an extract.Extractor with the PDFium engine
// (extract/pdf/pdfium, WebAssembly, no cgo) wired in: the one-call setup for
// programs that just want to read documents. Package extract itself links
// no PDF engine, so importing it for its types does not pull in PDFium and
// its WebAssembly runtime.
package withpdfium

import (
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/pdf/pdfium"
)

// New starts a PDFium pool configured by engine (Workers instances,
// compiled module cached in CacheDir; see pdfium.Config) and returns an
// Extractor configured by cfg that reads PDFs with it and closes it on
// Close. cfg.PDF must be nil.
func New(cfg extract.Config, engine pdfium.Config) (*extract.Extractor, error) {
	eng, err := pdfium.New(engine)
	if err != nil {
		return nil, err
	}
	cfg.PDF, cfg.ClosePDF = eng, true
	x, err := extract.New(cfg)
	if err != nil {
		eng.Close()
		return nil, err
	}
	return x, nil
}
