package main

import (
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

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
that made the shipped model is in the README ("Learned field ranker").

`

func runTrain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("train", stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, trainHelp)
		fs.PrintDefaults()
	}
	dir := fs.String("receipts", filepath.Join("..", "shared", "corpus", "receipts", "sroie"), "receipt corpus in the SROIE layout (key/, box/, img/)")
	cache := fs.String("ocr-cache", "", "also train on the OCR of the tune images, read through this cache `folder` (as eval -ocr-cache)")
	out := fs.String("out", filepath.Join("extract", "receipt", "model.json"), "model file to write (- for standard output)")
	iters := fs.Int("iterations", 400, "Adam iterations per field")
	l2 := fs.Float64("l2", 0.1, "L2 penalty on the weights")
	verbose := fs.Bool("v", false, "with -cv: list the left-out receipts where the model and the rules disagree")
	drop := fs.String("drop", "", "comma-separated features to zero before training, to measure what they bring (e.g. rule,rule_conf,rule_line: the model without the rules' choice); never for the shipped model")
	cv := fs.Int("cv", 0, "instead of writing the model, print a K-fold cross-validation on the tune part (folds by receipt): the rules' and the model's accuracy per field and path")
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
		eng = t.Receipts().WithCheck(receipt.CheckName, receipt.OCRCheck).WithRunCache(filepath.Join(*cache, "runs"))
	}
	fields := []string{eval.FieldMerchantName, eval.FieldReceiptDate, eval.FieldTotalGrossPrice}
	dropped := map[string]bool{}
	for _, d := range strings.Split(*drop, ",") {
		if d != "" {
			dropped[d] = true
		}
	}
	groups := map[string][]rank.Group{}
	metas := map[string][]groupMeta{}
	var nBox, nOCR int
	addPage := func(name, path string, p layout.Page, truth map[string]string) {
		cands := receipt.Candidates([]layout.Page{p})
		for _, f := range fields {
			want, ok := truth[f]
			if !ok || len(cands[f]) == 0 {
				continue
			}
			g := rank.Group{}
			meta := groupMeta{name: name, path: path, rule: -1, want: want}
			ruleAt := slices.Index(receipt.FeatureNames[f], "rule")
			anyGold := false
			for _, c := range cands[f] {
				if !c.None && eval.Score(f, c.Value, want) {
					anyGold = true
				}
			}
			for i, c := range cands[f] {
				if c.Feats[ruleAt] == 1 && meta.rule < 0 {
					meta.rule = i
				}
				if len(dropped) > 0 {
					x := slices.Clone(c.Feats)
					for j, n := range receipt.FeatureNames[f] {
						if dropped[n] {
							x[j] = 0
						}
					}
					c.Feats = x
				}
				g.Feats = append(g.Feats, c.Feats)
				if c.None {
					// right when no value candidate is
					g.Gold = append(g.Gold, !anyGold)
					meta.values = append(meta.values, noneKey)
					continue
				}
				g.Gold = append(g.Gold, eval.Score(f, c.Value, want))
				meta.values = append(meta.values, c.Value)
			}
			groups[f] = append(groups[f], g)
			metas[f] = append(metas[f], meta)
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
			addPage(c.Name, eval.PathBox, p, c.Truth)
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
			addPage(c.Name, eval.PathOCR, p, c.Truth)
			nOCR++
		}
	}
	if nBox+nOCR == 0 {
		return fmt.Errorf("no tune receipt with box lines or an image under %s", *dir)
	}
	opt := rank.Options{Iterations: *iters, L2: *l2}
	if len(dropped) > 0 && *cv <= 1 && *out != "-" {
		return fmt.Errorf("-drop is for -cv experiments (or -out -), not for the embedded model")
	}
	if *cv > 1 {
		return crossValidate(stdout, fields, groups, metas, *cv, opt, *verbose)
	}
	m := &rank.Model{Version: 1, Fields: map[string]*rank.Field{},
		Source: fmt.Sprintf("docextract train: tune part, %d ground-truth line sets, %d OCR readings; Adam %d iterations, L2 %g", nBox, nOCR, *iters, *l2)}
	for _, f := range fields {
		fm, err := rank.Train(receipt.FeatureNames[f], groups[f], opt)
		if err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		m.Fields[f] = fm
		ok, read := 0, 0
		for j, g := range groups[f] {
			for i, v := range metas[f][j].values {
				if v != noneKey && g.Gold[i] {
					read++
					break
				}
			}
			if i, _ := fm.BestValueExcept(g.Feats, metas[f][j].values, noneKey); i >= 0 && g.Gold[i] {
				ok++
			}
		}
		fmt.Fprintf(stderr, "%-16s %d documents, %d with the right value among the candidates (the others teach the none candidate), %d chosen right on the training data\n",
			f, len(groups[f]), read, ok)
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

// noneKey is the value key of the "none of these" candidate.
const noneKey = "\x00none"

// groupMeta says where a training group came from and which candidate the
// rules chose (-1: none).
type groupMeta struct {
	name, path string
	rule       int
	values     []string
	want       string
}

// crossValidate trains on all folds but one and scores the left-out fold,
// for each of k folds (a receipt's box and OCR groups share its fold, by
// the hash of its name), and prints the rules' and the model's accuracy on
// the left-out receipts per field and path. Receipts without the right
// value among the candidates count as misses for both.
func crossValidate(w io.Writer, fields []string, groups map[string][]rank.Group, metas map[string][]groupMeta, k int, opt rank.Options, verbose bool) error {
	fold := func(name string) int {
		h := fnv.New32a()
		h.Write([]byte(name))
		return int(h.Sum32()>>1) % k
	}
	fmt.Fprintf(w, "%-16s %-4s %14s %14s\n", "FIELD", "PATH", "RULES", "MODEL")
	for _, f := range fields {
		type score struct{ rules, model, n int }
		res := map[string]*score{eval.PathBox: {}, eval.PathOCR: {}}
		for i := range k {
			var train []rank.Group
			for j, g := range groups[f] {
				if fold(metas[f][j].name) != i {
					train = append(train, g)
				}
			}
			fm, err := rank.Train(receipt.FeatureNames[f], train, opt)
			if err != nil {
				return fmt.Errorf("%s fold %d: %w", f, i, err)
			}
			for j, g := range groups[f] {
				mt := metas[f][j]
				if fold(mt.name) != i {
					continue
				}
				s := res[mt.path]
				s.n++
				if mt.rule >= 0 && g.Gold[mt.rule] {
					s.rules++
				}
				// as extraction: no answer where the rules found none
				b, p := -1, 0.0
				if mt.rule >= 0 {
					b, p = fm.BestValueExcept(g.Feats, mt.values, noneKey)
				}
				if b >= 0 && g.Gold[b] {
					s.model++
				}
				if verbose && b != mt.rule && (b < 0 || mt.rule < 0 || g.Gold[b] != g.Gold[mt.rule]) {
					val := func(i int) string {
						if i < 0 {
							return "-"
						}
						return mt.values[i]
					}
					fmt.Fprintf(w, "  %s %s %s: rules %q, model %q (%.2f), want %q\n", f, mt.path, mt.name, val(mt.rule), val(b), p, mt.want)
				}
			}
		}
		for _, p := range []string{eval.PathBox, eval.PathOCR} {
			s := res[p]
			if s.n == 0 {
				continue
			}
			fmt.Fprintf(w, "%-16s %-4s %4d/%d %5.1f%% %4d/%d %5.1f%%\n", f, p, s.rules, s.n, 100*float64(s.rules)/float64(s.n), s.model, s.n, 100*float64(s.model)/float64(s.n))
		}
	}
	return nil
}
