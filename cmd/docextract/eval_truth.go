package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/eval"
	"github.com/docextract/docextract/extract/ocr"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/extract/withpdfium"
)

type truthEval struct {
	dir            string
	docType        docextract.DocType
	ignoreEmbedded bool
	noOCR          bool
	cache          string
	show           func(string) bool
	misses         bool
}

// evalTruthDir scores the whole extractor, as `docextract extract` and the
// server run it, on a folder of documents each with a truth JSON beside it
// (eval.LoadTruthDir): one row per field the truths name, over all files
// and over each part of eval.Part.
func evalTruthDir(ctx context.Context, o truthEval, stdout, stderr io.Writer) error {
	cases, err := eval.LoadTruthDir(o.dir)
	if err != nil {
		return err
	}
	if len(cases) == 0 {
		return fmt.Errorf("no PDF, JPEG or PNG with a truth JSON beside it found under %s", o.dir)
	}
	cfg := extract.Config{IgnoreEmbedded: o.ignoreEmbedded, NoOCR: o.noOCR}
	if !o.noOCR {
		t, err := ocr.NewTesseract(ocr.Config{})
		switch {
		case err == nil && o.cache != "":
			cfg.OCR = t.WithRunCache(filepath.Join(o.cache, "runs"))
		case err == nil:
			cfg.OCR = t
		default:
			// Text PDFs are still scored; images fail with the reason.
			fmt.Fprintf(stderr, "no OCR: %v\n", err)
			cfg.NoOCR = true
		}
	}
	x, err := withpdfium.New(cfg, pdfium.Config{Workers: 1})
	if err != nil {
		return err
	}
	defer x.Close()

	// The fields in the order the truths first name them.
	var fields []string
	seen := map[string]bool{}
	for _, c := range cases {
		for _, f := range c.Fields {
			if !seen[f] {
				seen[f] = true
				fields = append(fields, f)
			}
		}
	}
	rep := eval.Report{Part: eval.Part, ShowFile: o.show, Fields: fields, Compare: eval.ScoreAny}
	const path = "extract"
	for _, c := range cases {
		dt := o.docType
		if c.DocType != "" {
			t, ok := docextract.ParseDocType(c.DocType)
			if !ok {
				return fmt.Errorf("%s: docType %q is not a document type (%s)", c.Name, c.DocType, docextract.TypeNames())
			}
			dt = t
		}
		data, err := os.ReadFile(c.Path)
		if err != nil {
			return err
		}
		res, err := x.Extract(ctx, extract.Input{Data: data, FileName: filepath.Base(c.Path), DocType: dt})
		if err == nil && len(res.Documents) == 0 {
			err = errors.New("no document found")
		}
		if err != nil {
			rep.AddError(path, c.Name, err, c.Truth)
			continue
		}
		got, err := eval.FlattenData(res.Documents[0].Data)
		if err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
		rep.Add(path, c.Name, got, c.Truth)
	}
	if err := rep.Print(stdout); err != nil {
		return err
	}
	if o.misses {
		fmt.Fprintln(stdout)
		fmt.Fprintln(stdout, "MISSES")
		for _, f := range fields {
			for _, m := range rep.Failures(path, f) {
				fmt.Fprintf(stdout, "%s  %s\n", f, m)
			}
		}
	}
	return nil
}
