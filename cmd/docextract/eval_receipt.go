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
	// confidence: print how the confidences split right from wrong
	confidence bool
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
		eng = t.Receipts().WithCheck(receipt.CheckName, receipt.OCRCheck)
		if o.cache != "" {
			eng = eng.WithRunCache(filepath.Join(o.cache, "runs"))
		}
	}
	rep := eval.Report{Part: eval.Part, ShowFile: o.show, Fields: eval.ReceiptFields}
	bands := confBands{}
	var ocrTime, cpu time.Duration
	ocred := 0
	for _, c := range cases {
		if c.Box != "" {
			p, err := eval.ReadBoxes(c.Box)
			if err != nil {
				rep.AddError(eval.PathBox, c.Name, err, c.Truth)
			} else {
				got, conf := o.extract(p)
				rep.Add(eval.PathBox, c.Name, got, c.Truth)
				bands.add(eval.PathBox, c.Name, got, conf, c.Truth)
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
		got, conf := o.extract(p)
		rep.Add(eval.PathOCR, c.Name, got, c.Truth)
		bands.add(eval.PathOCR, c.Name, got, conf, c.Truth)
	}
	if ocred > 0 {
		fmt.Fprintf(stderr, "OCR: %d images in %v, %v per image; tesseract CPU %v per image (runs served by the cache count what they cost when made)\n",
			ocred, ocrTime.Round(time.Millisecond), (ocrTime / time.Duration(ocred)).Round(time.Millisecond), (cpu / time.Duration(ocred)).Round(time.Millisecond))
	}
	if err := rep.Print(stdout); err != nil {
		return err
	}
	if o.confidence {
		bands.print(stdout)
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

func (o receiptEval) extract(p layout.Page) (map[string]string, map[string]float64) {
	if !o.rankerSet {
		d, conf := receipt.ExtractScored([]layout.Page{p})
		return eval.FieldsFromReceipt(d), conf
	}
	d, conf := receipt.ExtractRanked([]layout.Page{p}, o.ranker)
	return eval.FieldsFromReceipt(d), conf
}

// confBands counts, per path, part, field and confidence band, the values
// read and the right ones.
type confBands map[[3]string]*[len(confBandNames)][2]int

var confBandNames = [...]string{"under 0.5", "0.5-0.7", "0.7-0.8", "0.8-0.9", "0.9 and over"}

func (b confBands) add(path, name string, got map[string]string, conf map[string]float64, truth map[string]string) {
	for _, f := range []string{eval.FieldTotalGrossPrice, eval.FieldMerchantName, eval.FieldReceiptDate} {
		want, ok := truth[f]
		if !ok || got[f] == "" {
			continue
		}
		c := conf[f]
		i := 0
		switch {
		case c >= 0.9:
			i = 4
		case c >= 0.8:
			i = 3
		case c >= 0.7:
			i = 2
		case c >= 0.5:
			i = 1
		}
		k := [3]string{path, eval.Part(name), f}
		if b[k] == nil {
			b[k] = new([len(confBandNames)][2]int)
		}
		b[k][i][1]++
		if eval.Score(f, got[f], want) {
			b[k][i][0]++
		}
	}
}

func (b confBands) print(w io.Writer) {
	fmt.Fprintf(w, "\nCONFIDENCE (right/read per band)\n%-5s %-6s %-16s", "PATH", "PART", "FIELD")
	for _, n := range confBandNames {
		fmt.Fprintf(w, " %12s", n)
	}
	fmt.Fprintln(w)
	for _, path := range []string{eval.PathBox, eval.PathOCR} {
		for _, part := range []string{eval.PartTune, eval.PartReport} {
			for _, f := range []string{eval.FieldTotalGrossPrice, eval.FieldMerchantName, eval.FieldReceiptDate} {
				c := b[[3]string{path, part, f}]
				if c == nil {
					continue
				}
				fmt.Fprintf(w, "%-5s %-6s %-16s", path, part, f)
				for _, x := range c {
					cell := "-"
					if x[1] > 0 {
						cell = fmt.Sprintf("%d/%d", x[0], x[1])
					}
					fmt.Fprintf(w, " %12s", cell)
				}
				fmt.Fprintln(w)
			}
		}
	}
}
