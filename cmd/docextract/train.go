package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/docextract/docextract/extract/eval"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/ocr"
	"github.com/docextract/docextract/extract/rank"
	"github.com/docextract/docextract/extract/receipt"
)

func init() {
	register(command{
		name:    "train",
		summary: "train the receipt field ranker on the tune part of a receipt corpus (-receipts) and write its model",
		run:     runTrain,
	})
}

const trainHelp = `usage: docextract train [-receipts DIR] [-ocr-cache DIR] [-out FILE]

Trains the learned ranker (extract/rank) that chooses a receipt's merchant, date and
total among candidates. It reads the receipts of -receipts (SROIE layout: key/, box/,
img/), keeps the tune part only (eval.Part; the report part is never trained on),
builds each receipt's candidates with their features (receipt.Candidates) from its
ground-truth text lines (box/) and, with -ocr-cache, also from the OCR of its image
(cached readings are reused, missing ones made with tesseract as eval makes them),
marks the candidates equal to the truth and fits a conditional logit per field with
fixed iterations in a fixed order: the same corpus and readings give the same bytes.
Extraction embeds extract/receipt/model.json; rebuild after training. The command
that made the shipped model is in the README ("Receipts are scored the same way").

`

func runTrain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("train", stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, trainHelp)
		fs.PrintDefaults()
	}
	dir := fs.String("receipts", filepath.Join("..", "shared", "corpus", "receipts", "sroie"), "receipt corpus in the SROIE layout (key/, box/, img/)")
	cache := fs.String("ocr-cache", "", "also train on the OCR of the tune images, read through this cache folder (as `eval -ocr-cache`)")
	out := fs.String("out", filepath.Join("extract", "receipt", "model.json"), "model file to write (- for standard output)")
	iters := fs.Int("iterations", 400, "Adam iterations per field")
	l2 := fs.Float64("l2", 0.001, "L2 penalty on the weights")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	cases, err := eval.LoadReceipts(*dir)
	if err != nil {
		return err
	}
	var eng *ocr.Tesseract
	if *cache != "" {
		t, err := ocr.NewTesseract(ocr.Config{})
		if err != nil {
			return err
		}
		eng = t.Receipts().WithRunCache(filepath.Join(*cache, "runs"))
	}
	fields := []string{eval.FieldMerchantName, eval.FieldReceiptDate, eval.FieldTotalGrossPrice}
	groups := map[string][]rank.Group{}
	var nBox, nOCR int
	addPage := func(p layout.Page, truth map[string]string) {
		cands := receipt.Candidates([]layout.Page{p})
		for _, f := range fields {
			want, ok := truth[f]
			if !ok || len(cands[f]) == 0 {
				continue
			}
			g := rank.Group{}
			for _, c := range cands[f] {
				g.Feats = append(g.Feats, c.Feats)
				g.Gold = append(g.Gold, eval.Score(f, c.Value, want))
			}
			groups[f] = append(groups[f], g)
		}
	}
	for _, c := range cases {
		if eval.Part(c.Name) != eval.PartTune {
			continue
		}
		if c.Box != "" {
			p, err := eval.ReadBoxes(c.Box)
			if err != nil {
				return fmt.Errorf("%s: %w", c.Name, err)
			}
			addPage(p, c.Truth)
			nBox++
		}
		if eng != nil && c.Image != "" {
			data, err := os.ReadFile(c.Image)
			if err != nil {
				return err
			}
			p, _, err := eval.CachedOCR(ctx, eng, *cache, "", data)
			if err != nil {
				return fmt.Errorf("%s: %w", c.Name, err)
			}
			addPage(p, c.Truth)
			nOCR++
		}
	}
	if nBox+nOCR == 0 {
		return fmt.Errorf("no tune receipt with box lines or an image under %s", *dir)
	}
	m := &rank.Model{Version: 1, Fields: map[string]*rank.Field{},
		Source: fmt.Sprintf("docextract train: tune part, %d ground-truth line sets, %d OCR readings; Adam %d iterations, L2 %g", nBox, nOCR, *iters, *l2)}
	for _, f := range fields {
		fm, err := rank.Train(receipt.FeatureNames[f], groups[f], rank.Options{Iterations: *iters, L2: *l2})
		if err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		m.Fields[f] = fm
		ok := 0
		for _, g := range groups[f] {
			if i, _ := fm.Best(g.Feats); i >= 0 && g.Gold[i] {
				ok++
			}
		}
		fmt.Fprintf(stderr, "%-16s %d documents, %d with the right value among the candidates, %d ranked first on the training data\n",
			f, len(groups[f]), fm.Groups, ok)
	}
	b, err := m.Marshal()
	if err != nil {
		return err
	}
	if *out == "-" {
		_, err = stdout.Write(b)
		return err
	}
	if old, err := os.ReadFile(*out); err == nil && slices.Equal(old, b) {
		fmt.Fprintf(stderr, "%s unchanged\n", *out)
		return nil
	}
	return os.WriteFile(*out, b, 0o644)
}
