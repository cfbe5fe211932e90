package receipt

import (
	_ "embed"
	"sync"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/rank"
)

// modelJSON is the ranker's model, trained by `docextract train` on the
// tune part of the SROIE receipts (README, "Receipts are scored the same
// way").
//
//go:embed model.json
var modelJSON []byte

// useModel says which fields the model decides; the others keep the rules'
// choice. A field is here only when the model did not lose against the
// rules on the report part of the corpus, which it was not trained on:
// on SROIE it chose the same values as the rules on every report receipt,
// box lines and OCR (README, "Learned field ranker").
var useModel = map[string]bool{fieldMerchant: true, fieldDate: true, fieldTotal: true}

var loadModel = sync.OnceValues(func() (*rank.Model, error) {
	m, err := rank.Parse(modelJSON)
	if err != nil {
		return nil, err
	}
	if err := m.Check(FeatureNames); err != nil {
		return nil, err
	}
	return m, nil
})

// model returns the embedded model, or nil when it does not match the
// code's features (TestModelMatchesCode fails then).
func model() *rank.Model {
	m, err := loadModel()
	if err != nil {
		return nil
	}
	return m
}

// bestValue returns the index of the model's choice among cs, the
// candidate of the most probable value (candidates of the same value pool
// their probability; see rank.Field.BestValue) other than "none", and that
// value's probability, the none candidate's share included; -1 without a
// value.
func bestValue(f *rank.Field, cs []Candidate) (int, float64) {
	feats := make([][]float64, len(cs))
	keys := make([]string, len(cs))
	for i, c := range cs {
		feats[i], keys[i] = c.Feats, c.Value
		if c.None {
			// a key no value has
			keys[i] = "\x00none"
		}
	}
	return f.BestValueExcept(feats, keys, "\x00none")
}

// ruleChoice collects the rules' choices as evidence for the ranker.
func ruleChoice(lines []line, name *string, nameEnd int, nameConf float64, date *string, dateConf float64, total *docextract.Amount, totalLine int, totalConf float64) rules {
	r := rules{name: name, nameEnd: nameEnd, date: date, totalLine: totalLine, nameConf: nameConf, dateConf: dateConf, totalConf: totalConf}
	if total != nil {
		v := total.Dec()
		r.total = &v
		if its := items(lines, nameEnd, totalLine); len(its) > 0 {
			s := itemsSum(its)
			r.itemsSum = &s
		}
	}
	return r
}

// Candidates returns a receipt's candidates per ranked field
// ("MerchantName", "ReceiptDate", "TotalGrossPrice") with their features
// (FeatureNames), the rules' own choice among them: what `docextract
// train` learns from.
func Candidates(pages []layout.Page) map[string][]Candidate {
	var lines []line
	for i := range pages {
		for _, l := range layout.Lines(&pages[i]) {
			lines = append(lines, newLine(l))
		}
	}
	if len(lines) == 0 {
		return map[string][]Candidate{}
	}
	name, nameEnd, nc := merchant(lines)
	d, dc := date(lines)
	t, tl, tc := total(lines)
	return candidates(lines, ruleChoice(lines, name, nameEnd, nc, d, dc, t, tl, tc))
}
