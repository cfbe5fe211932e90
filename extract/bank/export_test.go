package bank

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
)

// ScanStatement is a generated statement as the scanned suite (package
// bank_test, which may import extract) reads it: its PDF and the scoring
// of the text suite.
type ScanStatement struct {
	Name  string
	PDF   []byte
	Pages int
	// Score returns field -> read, and the misses, as
	// TestStatementLayoutSuite scores.
	Score func(*docextract.BankStatementData) (map[string]bool, []string)
}

// ScanParts returns the parts of the statement suite (tune, report) in
// order, each layout in two of the suite's three variants: 7
// transactions on one page, and 12 without column titles over two pages.
// The 34 transactions over two pages are left out to keep the OCR cost of
// the suite modest.
func ScanParts(t testing.TB) (names []string, parts [][]ScanStatement) {
	for _, p := range []struct {
		name    string
		layouts []stmtLayout
	}{{"tune", stmtLayouts}, {"report", stmtReportLayouts}} {
		var ss []ScanStatement
		for _, l := range p.layouts {
			for k, v := range []struct {
				n        int
				untitled bool
			}{{7, false}, {12, true}} {
				s := newStmt(uint64(100+2*k), v.n, l.country) // the suite's seeds
				c := newPDFCanvas()
				c.untitled = v.untitled
				l.draw(c, s, 30)
				var b bytes.Buffer
				require.NoError(t, c.pdf.Output(&b))
				cur := "EUR"
				if l.country == "GB" {
					cur = "GBP"
				}
				name := l.name
				if v.untitled {
					name += " untitled"
				}
				ss = append(ss, ScanStatement{Name: name, PDF: b.Bytes(), Pages: len(c.pages), Score: func(got *docextract.BankStatementData) (map[string]bool, []string) {
					return stmtFields(s, cur, got)
				}})
			}
		}
		names, parts = append(names, p.name), append(parts, ss)
	}
	return names, parts
}
