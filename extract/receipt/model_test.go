package receipt

import (
	"strings"

	"github.com/docextract/docextract/extract/layout"
	"testing"

	"github.com/docextract/docextract/extract/rank"
	"github.com/stretchr/testify/require"
)

// TestModelMatchesCode fails when the embedded model's feature names are not
// the ones the code computes: retrain with `docextract train` (README).
func TestModelMatchesCode(t *testing.T) {
	m, err := rank.Parse(modelJSON)
	require.NoError(t, err)
	require.NoError(t, m.Check(FeatureNames))
	require.NotNil(t, model())
	for f := range useModel {
		require.Contains(t, FeatureNames, f)
	}
}

// TestCandidatesIncludeRules: the rules' choice is always a candidate, so
// that the model can at worst follow them.
func TestCandidatesIncludeRules(t *testing.T) {
	lines := linesOf(t, "KEDAI ABC SDN BHD", "NO 1 JALAN MAJU 43000 KAJANG", "DATE: 12/03/2018 10:15", "ITEM A 3.00", "TOTAL 3.00", "CASH 10.00", "CHANGE 7.00")
	name, end, _ := merchant(lines)
	d, _ := date(lines)
	tot, tl, _ := total(lines)
	cs := candidates(lines, ruleChoice(lines, name, end, d, tot, tl))
	for field, want := range map[string]string{fieldMerchant: *name, fieldDate: *d, fieldTotal: tot.Dec().StringFixed(2)} {
		ruleAt := featIndex[field]["rule"]
		found := false
		for _, c := range cs[field] {
			require.Len(t, c.Feats, len(FeatureNames[field]))
			if c.Feats[ruleAt] == 1 {
				require.Equal(t, want, c.Value, field)
				found = true
			}
		}
		require.True(t, found, field)
	}
}

func linesOf(t *testing.T, ls ...string) []line {
	t.Helper()
	p := page(strings.Join(ls, "\n"))
	var out []line
	for _, l := range layout.Lines(&p) {
		out = append(out, newLine(l))
	}
	require.Len(t, out, len(ls))
	return out
}
