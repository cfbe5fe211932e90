package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/extract/template"
	"github.com/docextract/docextract/extract/withpdfium"
)

func init() {
	register(command{
		name:    "extract",
		summary: "extract files locally, no server or database (JSON lines)",
		run:     runExtract,
	})
}

// extractLine is one output line of `docextract extract`.
type extractLine struct {
	File      string          `json:"file"`
	Documents []extractedDoc  `json:"documents"`
	Error     *extractFailure `json:"error,omitempty"`
}

type extractedDoc struct {
	DocType        docextract.DocType        `json:"doc_type"`
	PageStart      int                       `json:"page_start"`
	PageEnd        int                       `json:"page_end"`
	TemplateID     string                    `json:"template_id"`
	ExtractionData docextract.ExtractionData `json:"extraction_data"`
	Validation     docextract.Validation     `json:"validation"`
	// FieldConfidence is extract.Document.FieldConfidence: 0..1 per field read.
	FieldConfidence map[string]float64 `json:"confidence"`
}

type extractFailure struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func runExtract(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("extract", stderr)
	typ := fs.String("type", "invoice", "requested document type: invoice, receipt or bank_statement")
	password := fs.String("password", "", "password of encrypted PDFs")
	ignoreXML := fs.Bool("ignore-embedded", false, "ignore embedded e-invoice XML and read the printed text")
	noOCR := fs.Bool("no-ocr", false, "do not use OCR")
	timeout := fs.Duration("timeout", 2*time.Minute, "time limit per file")
	templates := fs.String("templates", "", "directory of invoice2data YAML templates (sub-directories are template groups)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: docextract extract [--type invoice|receipt|bank_statement] FILE...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	dt, ok := docextract.ParseDocType(*typ)
	if !ok || fs.NArg() == 0 {
		fs.Usage()
		return errUsage
	}
	cfg := extract.Config{IgnoreEmbedded: *ignoreXML, NoOCR: *noOCR, Timeout: *timeout}
	if *templates != "" {
		set, err := template.Load(*templates)
		if err != nil {
			return err
		}
		cfg.Templates = set
	}
	x, err := withpdfium.New(cfg, pdfium.Config{Workers: 1})
	if err != nil {
		return err
	}
	defer x.Close()
	enc := json.NewEncoder(stdout)
	failed := 0
	for _, path := range fs.Args() {
		line := extractFile(ctx, x, path, dt, *password)
		if line.Error != nil {
			failed++
		}
		if err := enc.Encode(line); err != nil {
			return err
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d files failed", failed, fs.NArg())
	}
	return nil
}

func extractFile(ctx context.Context, x *extract.Extractor, path string, dt docextract.DocType, password string) extractLine {
	line := extractLine{File: path, Documents: []extractedDoc{}}
	data, err := os.ReadFile(path)
	if err != nil {
		line.Error = &extractFailure{Code: "read_failed", Message: err.Error()}
		return line
	}
	var docs []extract.Document
	if strings.EqualFold(filepath.Ext(path), ".xml") {
		var d extract.Document
		d, err = extract.ExtractXML(data)
		docs = []extract.Document{d}
	} else {
		var res *extract.Result
		res, err = x.Extract(ctx, extract.Input{Data: data, FileName: filepath.Base(path), DocType: dt, Password: password})
		if res != nil {
			docs = res.Documents
		}
	}
	if err != nil {
		line.Error = &extractFailure{Code: failureCode(err), Message: err.Error()}
		return line
	}
	for _, d := range docs {
		line.Documents = append(line.Documents, extractedDoc{
			DocType: d.DocType, PageStart: d.PageStart, PageEnd: d.PageEnd,
			TemplateID: d.TemplateID, ExtractionData: d.Data, Validation: d.Validation, FieldConfidence: d.FieldConfidence,
		})
	}
	return line
}

func failureCode(err error) string {
	switch {
	case errors.Is(err, extract.ErrUnsupportedType):
		return "unsupported_type"
	case errors.Is(err, extract.ErrTooManyPages):
		return "too_many_pages"
	case errors.Is(err, extract.ErrPasswordRequired):
		return "password_required"
	case errors.Is(err, extract.ErrTimeout):
		return "timeout"
	case errors.Is(err, extract.ErrNoOCR):
		return "ocr_unavailable"
	case errors.Is(err, extract.ErrMalformed):
		return "malformed"
	}
	return "processing_failed"
}
