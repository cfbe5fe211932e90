package ocr

import (
	"math"

	"github.com/docextract/docextract/extract/layout"
)

// mergeWords merges a second reading b of the same image into the first,
// a, word by word: a word of b whose box overlaps no word of a (by more
// than a third of the smaller box) is added; one that overlaps words of a
// replaces them when tesseract is more confident of it than of each of
// them. Words of b without a letter or digit are ignored.
func mergeWords(a, b []TSVWord) []TSVWord { return overlay(a, b, false) }

// replaceWords is mergeWords with b's words always winning: each replaces
// the words of a its box overlaps, whatever their confidence.
func replaceWords(a, b []TSVWord) []TSVWord { return overlay(a, b, true) }

// overlay merges b into a (see mergeWords); always makes b's words win
// over the words of a they overlap whatever the confidences.
func overlay(a, b []TSVWord, always bool) []TSVWord {
	drop := make([]bool, len(a))
	var add []TSVWord
	for _, w := range b {
		if !hasAlnum(w.Text) {
			continue
		}
		var hit []int
		maxConf := 0.0
		for i, o := range a {
			if overlapArea(w.Word, o.Word) > 0.33*math.Min(area(w.Word), area(o.Word)) {
				hit = append(hit, i)
				maxConf = math.Max(maxConf, o.Conf)
			}
		}
		if len(hit) == 0 || always || w.Conf > maxConf {
			for _, i := range hit {
				drop[i] = true
			}
			add = append(add, w)
		}
	}
	out := make([]TSVWord, 0, len(a)+len(add))
	for i, w := range a {
		if !drop[i] {
			out = append(out, w)
		}
	}
	return append(out, add...)
}

func area(w layout.Word) float64 { return math.Max(0, w.X1-w.X0) * math.Max(0, w.Y1-w.Y0) }

func overlapArea(a, b layout.Word) float64 {
	dx := math.Min(a.X1, b.X1) - math.Max(a.X0, b.X0)
	dy := math.Min(a.Y1, b.Y1) - math.Max(a.Y0, b.Y0)
	if dx <= 0 || dy <= 0 {
		return 0
	}
	return dx * dy
}

// valueLabels are words that print a value to their right: totals, amounts,
// dates, payment lines, in the six languages of DefaultLanguages.
var valueLabels = map[string]bool{
	"total": true, "subtotal": true, "amount": true, "amt": true, "date": true, "change": true, "cash": true,
	"rounding": true, "rounded": true, "adj": true, "due": true, "payable": true, "balance": true, "paid": true,
	"tendered": true, "received": true, "gst": true, "tax": true, "vat": true, "sum": true,
	"summe": true, "gesamt": true, "betrag": true, "datum": true, "bar": true, "zwischensumme": true, "mwst": true,
	"montant": true, "ttc": true, "tva": true, "rendu": true, "totaal": true, "bedrag": true, "btw": true,
	"importe": true, "fecha": true, "iva": true, "cambio": true, "totale": true, "importo": true, "data": true, "resto": true,
}
