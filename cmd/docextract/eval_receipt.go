package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/docextract/docextract/extract/eval"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/ocr"
	"github.com/docextract/docextract/extract/receipt"
)

type receiptEval struct {
	dir    string
	ocr    bool
	cache  string
	show   func(string) bool
	misses bool
	// ranker: the fields the learned ranker decides (nil: the rules
	// alone); unset: as extraction ships
	ranker    map[string]bool
	rankerSet bool
}

// evalReceipts scores receipt extraction on the ground-truth text lines
// (path "box", no OCR) and on the OCR of the images (path "ocr"), each
// split into the tune and report parts by eval.Part.
func evalReceipts(ctx context.Context, o receiptEval, stdout, stderr io.Writer) error {
	cases, err := eval.LoadReceipts(o.dir)
	if err != nil {
		return err
	}
	if len(cases) == 0 {
		return fmt.Errorf("no receipt with a truth JSON found under %s", o.dir)
	}
	var eng *ocr.Tesseract
	if o.ocr {
		t, err := ocr.NewTesseract(ocr.Config{})
		if err != nil {
			return err
		}
		// What extraction uses for receipts; each tesseract run is kept
		// under the cache too, so a change to the code around tesseract
		// only pays for the runs it changes.
		eng = t.Receipts()
		if o.cache != "" {
			eng = eng.WithRunCache(filepath.Join(o.cache, "runs"))
		}
	}
	rep := eval.Report{Part: eval.Part, ShowFile: o.show, Fields: eval.ReceiptFields}
	var ocrTime, cpu time.Duration
	ocred := 0
	for _, c := range cases {
		if c.Box != "" {
			p, err := eval.ReadBoxes(c.Box)
			if err != nil {
				rep.AddError(eval.PathBox, c.Name, err, c.Truth)
			} else {
				rep.Add(eval.PathBox, c.Name, o.extract(p), c.Truth)
			}
		}
		if c.Image == "" || eng == nil {
			continue
		}
		data, err := os.ReadFile(c.Image)
		if err != nil {
			return err
		}
		start, cpu0 := time.Now(), eng.TesseractCPU()
		p, hit, err := eval.CachedOCR(ctx, eng, o.cache, "", data)
		if err != nil {
			rep.AddError(eval.PathOCR, c.Name, err, c.Truth)
			continue
		}
		if !hit {
			ocrTime += time.Since(start)
			cpu += eng.TesseractCPU() - cpu0
			ocred++
		}
		rep.Add(eval.PathOCR, c.Name, o.extract(p), c.Truth)
	}
	if ocred > 0 {
		fmt.Fprintf(stderr, "OCR: %d images in %v, %v per image; tesseract CPU %v per image (runs served by the cache count what they cost when made)\n",
			ocred, ocrTime.Round(time.Millisecond), (ocrTime / time.Duration(ocred)).Round(time.Millisecond), (cpu / time.Duration(ocred)).Round(time.Millisecond))
	}
	if err := rep.Print(stdout); err != nil {
		return err
	}
	if o.misses {
		for _, path := range rep.Paths() {
			fmt.Fprintln(stdout)
			fmt.Fprintf(stdout, "%s MISSES\n", strings.ToUpper(path))
			for _, f := range eval.ReceiptFields {
				for _, m := range rep.Failures(path, f) {
					fmt.Fprintf(stdout, "%s  %s\n", f, m)
				}
			}
		}
	}
	return nil
}

func (o receiptEval) extract(p layout.Page) map[string]string {
	if !o.rankerSet {
		return eval.FieldsFromReceipt(receipt.Extract([]layout.Page{p}))
	}
	d, _ := receipt.ExtractRanked([]layout.Page{p}, o.ranker)
	return eval.FieldsFromReceipt(d)
}
