package bank

import (
	"strings"
	"testing"

	"github.com/docextract/docextract/extract/layout"
)

// FuzzExtract feeds arbitrary text, laid out as lines of words, to Extract:
// it must never panic.
func FuzzExtract(f *testing.F) {
	f.Add("Date Description Debit Credit Balance\n05 Mar 2024 Coffee 3.50  100.00\nClosing balance 96.50")
	f.Add("Buchungstag Valuta Verwendungszweck Betrag\n01.03.2024 01.03.2024 Miete 1.234,56 S\nÜbertrag 5,00 H")
	f.Add("Date Libellé Valeur Débit Crédit\nSolde précédent 1 234,56\n02/03/2024 X 02/03/2024 (1,00)")
	f.Fuzz(func(t *testing.T, s string) {
		var p layout.Page
		for i, l := range strings.Split(s, "\n") {
			x := 40.0
			for j, w := range strings.Fields(l) {
				p.Words = append(p.Words, layout.Word{Text: w, X0: x, X1: x + 5*float64(len(w)), Y0: 12 * float64(i), Y1: 12*float64(i) + 9, Size: 9})
				x += 5*float64(len(w)) + float64(3+20*(j%2))
			}
		}
		d := Extract([]layout.Page{p, p})
		if d == nil || d.Transactions == nil {
			t.Fatal("nil result")
		}
	})
}
