package invoice_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/invoice"
	"github.com/docextract/docextract/internal/scantest"
	"github.com/docextract/docextract/internal/testdocs"
)

// TestQuirkSuite redraws the layouts of TestLayoutSuite with the PDF
// constructs real producers write and clean fixtures lack
// (testdocs.Quirked: pages with /Rotate, content turned by cm, vertical
// margin text, searchable scans with an invisible text layer, filled form
// fields not flattened, hidden template text, text as outlines, TJ arrays
// without spaces, form XObjects, Tz/Tc spacing) and reads them with the
// whole extractor (PDFium, and tesseract where a page needs OCR). It
// scores the fields of TestLayoutSuite and the text's source ("ocr" only
// for the outline text, which has no text layer), per quirk and part;
// one quirk: -run 'TestQuirkSuite/form'.
func TestQuirkSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium and tesseract")
	}
	r := scantest.New(t)
	names, parts := invoice.ScanParts(t)
	for _, q := range testdocs.Quirks() {
		t.Run(string(q), func(t *testing.T) {
			var sum []string
			for i, layouts := range parts[:3] {
				share, report := scoreQuirk(t, r, q, layouts)
				t.Logf("%s, %s part\n%s", q, names[i], report)
				sum = append(sum, fmt.Sprintf("%s %.1f%%", names[i], 100*share))
				bar, ok := quirkBar[string(q)+"/"+names[i]]
				if !ok {
					bar = quirkBar[names[i]]
				}
				require.GreaterOrEqual(t, share, bar, "share of fields read, %s, %s part", q, names[i])
			}
			t.Logf("%s: %s", q, strings.Join(sum, ", "))
		})
	}
}

var quirkBar = map[string]float64{"tune": 0, "report": 0, "report2": 0}

func scoreQuirk(t *testing.T, r *scantest.Reader, q testdocs.Quirk, layouts []invoice.ScanLayout) (float64, string) {
	type result struct {
		res    map[string]bool
		misses []string
	}
	results := make([]result, len(layouts))
	scantest.Parallel(len(layouts), func(i int) {
		l := layouts[i]
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		data, err := testdocs.Quirked(ctx, r.Engine(), l.PDF, q)
		if err != nil {
			t.Errorf("%s: %v", l.Name, err)
			return
		}
		got, source, note, err := r.Extract(ctx, data, docextract.Invoice)
		if err != nil {
			t.Errorf("%s: %v", l.Name, err)
			return
		}
		inv, _ := got.(*docextract.InvoiceData)
		if inv == nil {
			inv = &docextract.InvoiceData{}
		}
		res, misses := l.Score(inv)
		want := "text"
		if q == testdocs.QuirkOutline {
			want = "ocr"
		}
		res["Source"] = source == want
		if source != want {
			misses = append(misses, fmt.Sprintf("Source: got %q, want %q", source, want))
		}
		if note != "" {
			misses = append([]string{note}, misses...)
		}
		results[i] = result{res, misses}
	})
	var tally testdocs.Tally
	for i, l := range layouts {
		tally.Add(fmt.Sprintf("%-24s", l.Name), results[i].res, results[i].misses)
	}
	return tally.Share(), tally.Report("layouts")
}
