package invoice

import (
	"testing"

	"github.com/docextract/docextract"
)

// ScanLayout is a generated layout as the scanned suite (package
// invoice_test, which may import extract) reads it: its PDF and the
// scoring of the text suite.
type ScanLayout struct {
	Name string
	PDF  []byte
	// Score returns field -> read, and the misses, as TestLayoutSuite
	// scores.
	Score func(*docextract.InvoiceData) (map[string]bool, []string)
}

// ScanParts returns the parts of the layout suite (tune, report,
// report2), the produced batches 1-4 (one part, "produced") and the fifth
// batch with the item tables written after it ("produced5"), in order,
// with their layouts.
func ScanParts(t testing.TB) (names []string, parts [][]ScanLayout) {
	for _, p := range []struct {
		name    string
		layouts []func(testing.TB) invLayout
	}{{"tune", invLayouts}, {"report", invReportLayouts}, {"report2", invReport2Layouts}, {"produced", producedAll()}, {"produced5", append(append([]func(testing.TB) invLayout{}, invProduced5Layouts...), invProduced5bLayouts...)}} {
		var ls []ScanLayout
		for _, mk := range p.layouts {
			l := mk(t)
			tr := l.truth
			ls = append(ls, ScanLayout{Name: l.name, PDF: l.pdf, Score: func(got *docextract.InvoiceData) (map[string]bool, []string) {
				return layoutFields(tr, got)
			}})
		}
		names, parts = append(names, p.name), append(parts, ls)
	}
	return names, parts
}

// producedAll is every produced batch's layouts, in batch order.
func producedAll() []func(testing.TB) invLayout {
	var all []func(testing.TB) invLayout
	for _, b := range [][]func(testing.TB) invLayout{invProducedLayouts, invProduced2Layouts, invProduced3Layouts, invProduced4Layouts} {
		all = append(all, b...)
	}
	return all
}
