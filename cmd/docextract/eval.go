package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/eval"
	"github.com/docextract/docextract/extract/pdf/pdfium"
)

func init() {
	register(command{
		name:    "eval",
		summary: "score invoice extraction against a corpus of e-invoices (XML as ground truth)",
		run:     runEval,
	})
}

func runEval(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("eval", stderr)
	dir := fs.String("corpus", filepath.Join("..", "shared", "corpus", "einvoice"), "corpus directory: PDFs with embedded or adjacent invoice XML, and standalone XMLs")
	if err := fs.Parse(args); err != nil {
		return errUsage
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
	xmlPath, err := extract.New(extract.Config{PDF: eng, Workers: 1})
	if err != nil {
		return err
	}
	textPath, err := extract.New(extract.Config{PDF: eng, Workers: 1, IgnoreEmbedded: true})
	if err != nil {
		return err
	}
	var rep eval.Report
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
	return rep.Print(stdout)
}

func fields(d docextract.ExtractionData) map[string]string {
	inv, ok := d.(*docextract.InvoiceData)
	if !ok {
		return map[string]string{}
	}
	return eval.FieldsFromInvoice(inv)
}
