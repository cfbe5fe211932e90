package ocr

import (
	"context"
	"strings"
	"testing"

	"github.com/docextract/docextract/extract/layout"
	"github.com/stretchr/testify/require"
)

func TestRecheckScale(t *testing.T) {
	for _, tc := range []struct{ h, want float64 }{
		{12, 3},     // small print: to 36 px, capped at 3 times
		{18, 2},     // to 36 px
		{33, 1.25},  // close to 36 px: still a quarter larger
		{40, 0.8},   // close above: a fifth smaller
		{60, 0.6},   // large print: down to 36 px
		{200, 0.5},  // never under half
		{0, 2},      // no height known
		{36, 1.25},  // exactly there: still another scale
		{24, 1.5},   // to 36 px
		{45, 0.8},   // 0.8 exactly
		{100, 0.5},  // 0.36 raised to half
		{14.4, 2.5}, // to 36 px
	} {
		require.InDelta(t, tc.want, recheckScale(tc.h), 1e-9, "h=%g", tc.h)
	}
}

func TestCheckLines(t *testing.T) {
	var words []TSVWord
	for i, s := range []string{"GROCERY MART", "Date: 12/03/2018", "TEA 2.50", "SUB-TOTAL 10.00", "GST(6%) 0.60", "TOTAL 10.60", "THANK YOU",
		"27032018 No: CS-20243", "01: 34h 568017 05 021", "Tel 03 12345678"} {
		x := 10.0
		for _, f := range strings.Fields(s) {
			words = append(words, TSVWord{Word: layout.Word{Text: f, X0: x, Y0: float64(30 * i), X1: x + 60, Y1: float64(30*i + 20), Conf: 90}})
			x += 70
		}
	}
	var got []string
	for _, l := range checkLines(words) {
		got = append(got, l.Text())
	}
	require.Equal(t, []string{"Date: 12/03/2018", "SUB-TOTAL 10.00", "GST(6%) 0.60", "TOTAL 10.60", "27032018 No: CS-20243", "01: 34h 568017 05 021"}, got)
}

func TestReplaceWords(t *testing.T) {
	w := func(s string, x0, x1, conf float64) TSVWord {
		return TSVWord{Word: layout.Word{Text: s, X0: x0, Y0: 0, X1: x1, Y1: 20, Conf: conf}}
	}
	a := []TSVWord{w("TOTAL", 0, 60, 95), w("42.80", 100, 160, 96)}
	b := []TSVWord{w("42.50", 102, 158, 60), w("RM", 200, 230, 80), w("--", 300, 320, 99)}
	// mergeWords keeps the surer first reading; replaceWords the second.
	require.Equal(t, []string{"TOTAL", "42.80", "RM"}, texts(mergeWords(a, b)))
	require.Equal(t, []string{"TOTAL", "42.50", "RM"}, texts(replaceWords(a, b)))
}

func texts(ws []TSVWord) []string {
	var out []string
	for _, w := range ws {
		out = append(out, w.Text)
	}
	return out
}

// TestWithCheckWeak: a reading whose fields are all read but one weak has
// its value lines read again; that reading is kept only when the check
// scores it higher, and a complete reading pays for no second run.
func TestWithCheckWeak(t *testing.T) {
	base := newEngine(t, Config{Languages: []string{"eng"}}).Receipts()
	img, _ := renderText([]string{"GROCERY MART", "DATE 12/03/2018", "TOTAL 42.50", "THANK YOU"}, 32)

	var seen []layout.Page
	check := func(second int) Check {
		return func(p layout.Page) (int, bool, bool) {
			seen = append(seen, p)
			if len(seen) > 1 {
				return second, false, false
			}
			return 2, false, true
		}
	}
	run := func(c Check) layout.Page {
		seen = nil
		p, err := base.WithCheck("test", c).Recognize(context.Background(), img)
		require.NoError(t, err)
		return p
	}
	cpu0 := base.TesseractCPU()
	p := run(check(3))
	require.Len(t, seen, 5, "the four candidate readings are checked")
	require.Equal(t, seen[1], p, "the first candidate that scores higher")
	require.Contains(t, p.Text(), "42.50")
	require.Greater(t, base.TesseractCPU(), cpu0)

	p = run(check(2))
	require.Len(t, seen, 5)
	require.Equal(t, seen[0], p, "no higher score: the first reading stays")
}
