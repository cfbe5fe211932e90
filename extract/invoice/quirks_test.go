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

// quirkBar is the share of fields each quirk must read per part ("quirk/
// part", else the part's). First scored as they came (tune 208, report 78,
// report2 50 fields): pages with /Rotate 90 or 270 or turned by cm 27/208
// (13.0%), 9/78, 3/50 (words mirrored: PDFium gives angles clockwise, and
// boxes in the unrotated space while the page size is the rotated one);
// filled form fields not flattened 43/208 (20.7%), 16/78, 11/50 (no value
// in PDFium's text page); hidden template text 64/208 (30.8%), 26/78,
// 18/50 (placeholders under white boxes and below the crop box read);
// outlines 207/208, 75/78, 49/50 (OCR's accents); TJ 206/208 (a fixture
// bias, see testdocs.QuirkTJ's commit); every other quirk 100%. After the
// PDF reader's rules (extract/pdf/pdfium: text read in its own frame in
// the visible box, characters outside it dropped, overdrawn words
// dropped, annotations flattened) all 100%, the outlines as before.
//
// Three quirks written after those rules, first scored as they came:
// text clipped to its field's box (a report writer's overflowing value)
// 138/208 (66.3%; 139 with main's reader changes merged), 52/78, 31/50
// (the clipped-away text read, running into
// the next column); a template block in an optional content group that is
// off 199/208 (95.7%), 77/78, 50/50 (its "00000000" taken as the invoice
// number, its IBAN, its currency); a top-down coordinate system (a
// page-wide cm flipping y) 100%. After the clip rule (a page whose words
// run over each other is read again with its text objects' clip paths,
// and characters outside their object's clip dropped): clipped 207/208,
// 78/78, 50/50 (left: PDFium dropped two letters of "Importe" that a
// clipped tail's same letters lay on); the hidden layer is left (PDFium's
// text page does not say which optional content an object is in).
//
// The outlines are OCR'd: with every document page read a second time
// as one uniform block and the better reading kept (ocr.Config.AltPSM,
// which took real invoices read as scans from 79.6% to 89.4%) they read
// 204/208, 74/78, 50/50 (331 -> 328 fields: a large heading and a number
// the uniform-block reading dropped where it was chosen), so the bars
// moved to 0.98, 0.94 and 0.98.
var quirkBar = map[string]float64{"tune": 1, "report": 1, "report2": 1,
	"outline/tune": 0.98, "outline/report": 0.94, "outline/report2": 0.98,
	"clipped/tune": 0.99, "layer/tune": 0.95, "layer/report": 0.98}

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
