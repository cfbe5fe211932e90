package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/docextract/docextract/extract/ocr"
	"github.com/docextract/docextract/extract/pdf/pdfium"
)

func init() {
	register(command{
		name:    "doctor",
		summary: "report the PDF and OCR engines this machine provides",
		run:     runDoctor,
	})
}

type doctorReport struct {
	Go         string    `json:"go"`
	PDFEngine  string    `json:"pdf_engine"`
	PDFStartMS int64     `json:"pdf_start_ms"`
	PDFError   string    `json:"pdf_error,omitempty"`
	OCR        *ocr.Info `json:"ocr"`
	OCRError   string    `json:"ocr_error,omitempty"`
}

func runDoctor(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("doctor", stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	rep := doctorReport{Go: runtime.Version(), PDFEngine: "pdfium (WebAssembly, wazero)"}
	start := time.Now()
	eng, err := pdfium.New(pdfium.Config{Workers: 1})
	rep.PDFStartMS = time.Since(start).Milliseconds()
	if err != nil {
		rep.PDFError = err.Error()
	} else {
		eng.Close()
	}
	if t, err := ocr.NewTesseract(ocr.Config{}); err != nil {
		rep.OCRError = err.Error()
	} else {
		info := t.Info()
		rep.OCR = &info
	}
	if *asJSON {
		return json.NewEncoder(stdout).Encode(rep)
	}
	fmt.Fprintf(stdout, "go:          %s\n", rep.Go)
	if rep.PDFError != "" {
		fmt.Fprintf(stdout, "pdf engine:  FAILED: %s\n", rep.PDFError)
	} else {
		fmt.Fprintf(stdout, "pdf engine:  %s, started in %d ms\n", rep.PDFEngine, rep.PDFStartMS)
	}
	if rep.OCR == nil {
		fmt.Fprintf(stdout, "ocr:         not available: %s\n", rep.OCRError)
		fmt.Fprintln(stdout, "             images and scanned pages will fail until tesseract is installed")
	} else {
		fmt.Fprintf(stdout, "ocr:         %s %s at %s\n", rep.OCR.Name, rep.OCR.Version, rep.OCR.Path)
		fmt.Fprintf(stdout, "languages:   %v (installed: %v, orientation detection: %v)\n", rep.OCR.Languages, rep.OCR.Installed, rep.OCR.OSD)
	}
	if rep.PDFError != "" {
		return fmt.Errorf("PDF engine unavailable")
	}
	return nil
}
