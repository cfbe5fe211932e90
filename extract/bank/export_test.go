package bank

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/internal/testdocs"
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
// order, each layout in two of the suite's three variants: 7 transactions
// on one page, and 12 without column titles over two pages (the 34
// transactions over two pages are left out to keep the OCR cost of the
// suite modest); then a part "produced": every produced statement with 9
// transactions on one page.
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
	// Every produced statement (each batch, and the browser print) with 9
	// transactions on one page, drawn word by word.
	var ss []ScanStatement
	for _, l := range producedScanLayouts() {
		s := newStmt(300, 9, "DE") // TestStatementLayoutSuiteProduced's seed
		if l.prep != nil {
			s = l.prep(s)
		}
		c := testdocs.NewProduced(0)
		l.draw(c, s, 40)
		data, err := c.Bytes()
		require.NoError(t, err)
		ss = append(ss, ScanStatement{Name: l.name, PDF: data, Pages: 1, Score: func(got *docextract.BankStatementData) (map[string]bool, []string) {
			return stmtFields(s, "EUR", got)
		}})
	}
	names, parts = append(names, "produced"), append(parts, ss)
	return names, parts
}

// producedScanLayouts is every produced batch's layouts, in batch order,
// then the browser print.
func producedScanLayouts() []prodLayout {
	var all []prodLayout
	for _, b := range [][]prodLayout{stmtProducedLayouts, stmtProduced2Layouts, stmtProduced3Layouts, stmtProduced4Layouts, stmtProduced5Layouts} {
		all = append(all, b...)
	}
	return append(all, prodLayout{"browser-print", prod4BrowserPrint, nil})
}

// Produced6ScanStatements is every layout of the sixth produced batch
// (tune, report, later report) with 9 transactions on one page, as
// TestStatementLayoutSuiteProduced6 draws it, for the scanned suite.
func Produced6ScanStatements(t testing.TB) []ScanStatement {
	var ss []ScanStatement
	for _, l := range append(append(append([]prod6Layout{}, stmtProduced6Tune...), stmtProduced6Report...), stmtProduced6Later...) {
		s := localize(newStmt(600, 9, l.country), prod6Lang[l.country])
		if l.iban != nil {
			s.iban = l.iban(s)
		}
		c := testdocs.NewProduced(0)
		l.draw(c, s)
		data, err := c.Bytes()
		require.NoError(t, err)
		cur := l.cur
		ss = append(ss, ScanStatement{Name: l.name, PDF: data, Pages: 1, Score: func(got *docextract.BankStatementData) (map[string]bool, []string) {
			return stmtFields(s, cur, got)
		}})
	}
	return ss
}
