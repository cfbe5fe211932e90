package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/eval"
	"github.com/docextract/docextract/extract/pdf/pdfium"
)

func init() {
	register(command{
		name:    "eval",
		summary: "score extraction against a corpus: e-invoices (XML as ground truth), receipts (-receipts) or any folder of documents with a truth JSON each (-truth)",
		run:     runEval,
	})
}

func runEval(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("eval", stderr)
	dir := fs.String("corpus", filepath.Join("..", "shared", "corpus", "einvoice"), "corpus directory: PDFs with embedded or adjacent invoice XML, and standalone XMLs")
	files := fs.String("files", "all", "which files the per-file table lists: all, tune, report or none (tune only while tuning rules)")
	misses := fs.Bool("misses", false, "after the tables, list every text-path (receipts: box and OCR) miss with the value read and the truth (of the files -files lists)")
	receipts := fs.String("receipts", "", "score receipts instead: a folder in the SROIE layout (key/, box/, img/) or of images each with a truth JSON beside it")
	truthDir := fs.String("truth", "", "score the whole extractor instead on a folder of documents (PDF, JPEG, PNG) each with a truth JSON of the same name beside it, in the shape of extraction_data (README, \"Scoring your own documents\")")
	typ := fs.String("type", "invoice", "-truth: the document type to extract as when a truth has no docType: "+docextract.TypeNames())
	ignoreXML := fs.Bool("ignore-embedded", false, "-truth: ignore embedded e-invoice XML and read the printed text")
	useOCR := fs.Bool("ocr", true, "receipts and -truth: OCR images and scanned pages (tesseract, about 2 s an image)")
	ocrCache := fs.String("ocr-cache", "", "receipts and -truth: keep each tesseract run (receipts: each image's OCR result) in this folder and reuse it on later runs")
	confBands := fs.Bool("confidence", false, "receipts: after the tables, count right/read values of total, merchant and date per confidence band, path and part")
	ranker := fs.String("ranker", "", "receipts: which fields the learned ranker decides: rules (none), model (merchant, date and total), or a comma-separated list of MerchantName, ReceiptDate, TotalGrossPrice; default: as extraction ships")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	var show func(string) bool
	switch *files {
	case "all":
	case "none":
		show = func(string) bool { return false }
	case eval.PartTune, eval.PartReport:
		part := *files
		show = func(f string) bool { return eval.Part(f) == part }
	default:
		return errUsage
	}
	if *truthDir != "" {
		dt, ok := docextract.ParseDocType(*typ)
		if !ok {
			return fmt.Errorf("-type %q is not a document type (%s)", *typ, docextract.TypeNames())
		}
		return evalTruthDir(ctx, truthEval{dir: *truthDir, docType: dt, ignoreEmbedded: *ignoreXML, noOCR: !*useOCR,
			cache: *ocrCache, show: show, misses: *misses}, stdout, stderr)
	}
	if *receipts != "" {
		o := receiptEval{dir: *receipts, ocr: *useOCR, cache: *ocrCache, show: show, misses: *misses, confidence: *confBands}
		if *ranker != "" {
			o.rankerSet = true
			o.ranker = map[string]bool{}
			switch *ranker {
			case "rules":
			case "model":
				o.ranker = map[string]bool{eval.FieldMerchantName: true, eval.FieldReceiptDate: true, eval.FieldTotalGrossPrice: true}
			default:
				for _, f := range strings.Split(*ranker, ",") {
					switch f {
					case eval.FieldMerchantName, eval.FieldReceiptDate, eval.FieldTotalGrossPrice:
						o.ranker[f] = true
					default:
						fmt.Fprintf(stderr, "eval: -ranker: unknown field %q\n", f)
						return errUsage
					}
				}
			}
		}
		return evalReceipts(ctx, o, stdout, stderr)
	}
	cases, err := eval.LoadCorpus(*dir)
	if err != nil {
		return err
	}
	if len(cases) == 0 {
		return fmt.Errorf("no PDF or invoice XML found under %s", *dir)
	}
	eng, err := pdfium.New(pdfium.Config{Workers: 1})
	if err != nil {
		return err
	}
	defer eng.Close()
	xmlPath, err := extract.New(extract.Config{PDF: eng})
	if err != nil {
		return err
	}
	textPath, err := extract.New(extract.Config{PDF: eng, IgnoreEmbedded: true})
	if err != nil {
		return err
	}
	// The corpus is split once, by file name: rules are tuned on one part
	// and the other only measures.
	rep := eval.Report{Part: eval.Part, ShowFile: show}
	for _, c := range cases {
		data, err := os.ReadFile(c.Path)
		if err != nil {
			return err
		}
		if c.Kind == eval.KindXML {
			d, err := extract.ExtractXML(data)
			if err != nil {
				rep.AddError(eval.PathXML, c.Name, err, c.Truth)
				continue
			}
			rep.Add(eval.PathXML, c.Name, fields(d.Data), c.Truth)
			continue
		}
		if c.Embedded {
			doc, err := eng.Open(ctx, data, "")
			if err != nil {
				return fmt.Errorf("%s: %w", c.Name, err)
			}
			atts, err := doc.Attachments(ctx)
			doc.Close()
			if err != nil {
				return fmt.Errorf("%s: %w", c.Name, err)
			}
			if err := c.ResolveTruth(atts); err != nil {
				fmt.Fprintf(stderr, "skip %s: %v\n", c.Name, err)
				continue
			}
		}
		for _, p := range []struct {
			name string
			x    *extract.Extractor
		}{{eval.PathXML, xmlPath}, {eval.PathText, textPath}} {
			res, err := p.x.Extract(ctx, extract.Input{Data: data, FileName: filepath.Base(c.Path), DocType: docextract.Invoice})
			if err != nil || len(res.Documents) == 0 {
				if err == nil {
					err = fmt.Errorf("no document found")
				}
				rep.AddError(p.name, c.Name, err, c.Truth)
				continue
			}
			rep.Add(p.name, c.Name, fields(res.Documents[0].Data), c.Truth)
		}
	}
	if err := rep.Print(stdout); err != nil {
		return err
	}
	if *misses {
		fmt.Fprintln(stdout)
		fmt.Fprintln(stdout, "TEXT-PATH MISSES")
		for _, f := range eval.Fields {
			for _, m := range rep.Failures(eval.PathText, f) {
				fmt.Fprintf(stdout, "%s  %s\n", f, m)
			}
		}
	}
	return nil
}

func fields(d docextract.ExtractionData) map[string]string {
	inv, ok := d.(*docextract.InvoiceData)
	if !ok {
		return map[string]string{}
	}
	return eval.FieldsFromInvoice(inv)
}
