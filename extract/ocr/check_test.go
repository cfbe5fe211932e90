package ocr

import (
	"context"
	"testing"

	"github.com/docextract/docextract/extract/layout"
	"github.com/stretchr/testify/require"
)

// TestWithCheck: a reading the check finds complete is returned as it is,
// with no second reading; one that lacks a field is read again and the
// merged reading is kept only when the check scores it higher.
func TestWithCheck(t *testing.T) {
	base := newEngine(t, Config{Languages: []string{"eng"}})
	img, _ := renderText([]string{"GROCERY MART", "DATE 12/03/2018", "TOTAL 42.50", "THANK YOU"}, 32)

	var seen []layout.Page
	check := func(score int, lacking bool, second int) Check {
		return func(p layout.Page) (int, bool, bool) {
			seen = append(seen, p)
			if len(seen) > 1 {
				return second, false, false
			}
			return score, lacking, false
		}
	}
	run := func(c Check) layout.Page {
		seen = nil
		p, err := base.WithCheck("test", c).Recognize(context.Background(), img)
		require.NoError(t, err)
		return p
	}

	// Complete: one look, the first reading.
	p := run(check(3, false, 9))
	require.Len(t, seen, 1)
	require.Equal(t, seen[0], p)
	require.Contains(t, p.Text(), "42.50")

	// Lacking, and the merged reading scores higher: it is kept.
	p = run(check(1, true, 2))
	require.Len(t, seen, 2, "the merged reading is checked")
	require.Equal(t, seen[1], p)
	require.Contains(t, p.Text(), "42.50")

	// Lacking, and the merged reading scores no higher: the first stays.
	p = run(check(1, true, 1))
	require.Len(t, seen, 2)
	require.Equal(t, seen[0], p)

	// The check is part of the cache key; none is no check.
	require.NotEqual(t, base.CacheKey(), base.WithCheck("test", check(0, false, 0)).CacheKey())
	require.True(t, base.WithCheck("test", check(0, false, 0)).HasCheck())
	require.False(t, base.WithCheck("test", nil).HasCheck())
	require.Equal(t, base.CacheKey(), base.WithCheck("test", nil).CacheKey())
}
