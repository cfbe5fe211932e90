package receipt

import (
	"fmt"
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
	name, end, nc := merchant(lines)
	d, dc := date(lines)
	tot, tl, tc := total(lines)
	cs := candidates(lines, ruleChoice(lines, name, end, nc, d, dc, tot, tl, tc))
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

// BenchmarkExtract reads a 40-line receipt with the rules alone and with
// the ranker deciding merchant, date and total: the ranker's cost next to
// tesseract's seconds per image.
func BenchmarkExtract(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("KEDAI ABC SDN BHD\n(123456-X)\nNO 1 JALAN MAJU 43000 KAJANG\nTEL 03-1234 5678\nTAX INVOICE\nDATE: 12/03/2018 10:15\n")
	for i := range 28 {
		fmt.Fprintf(&sb, "ITEM %d  1 x 2.%02d  2.%02d\n", i, i, i)
	}
	sb.WriteString("SUBTOTAL  71.78\nGST 6%  4.31\nROUNDING  0.01\nTOTAL  76.10\nCASH  100.00\nCHANGE  23.90\n")
	p := []layout.Page{page(sb.String())}
	for _, bc := range []struct {
		name string
		use  map[string]bool
	}{{"rules", nil}, {"ranker", useModel}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				ExtractRanked(p, bc.use)
			}
		})
	}
}
