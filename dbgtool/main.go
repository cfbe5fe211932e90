package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/docextract/docextract/extract/eval"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/ocr"
	"github.com/docextract/docextract/extract/receipt"
)

func main() {
	name, path, field := os.Args[1], os.Args[2], os.Args[3]
	dir := "../shared/corpus/receipts/sroie"
	var p layout.Page
	if path == "box" {
		p, _ = eval.ReadBoxes(filepath.Join(dir, "box", name+".csv"))
	} else {
		t, _ := ocr.NewTesseract(ocr.Config{})
		e := t.Receipts().WithRunCache("/tmp/docextract-sroie-ocr/runs")
		data, _ := os.ReadFile(filepath.Join(dir, "img", name+".jpg"))
		p, _, _ = eval.CachedOCR(context.Background(), e, "/tmp/docextract-sroie-ocr", "", data)
	}
	for _, l := range layout.Lines(&p) {
		fmt.Println(l.Text())
	}
	names := receipt.FeatureNames[field]
	for _, c := range receipt.Candidates([]layout.Page{p})[field] {
		fmt.Printf("%q:", c.Value)
		for i, v := range c.Feats {
			if v != 0 {
				fmt.Printf(" %s=%.2g", names[i], v)
			}
		}
		fmt.Println()
	}
}
