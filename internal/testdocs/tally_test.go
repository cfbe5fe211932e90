package testdocs

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTally(t *testing.T) {
	var tl Tally
	require.Equal(t, 0.0, tl.Share())
	tl.Add("acme   ", map[string]bool{"IBAN": true, "Total": true}, nil)
	tl.Add("globex ", map[string]bool{"IBAN": false, "Total": true}, []string{"IBAN: got x, want y", strings.Repeat("z", 300)})
	require.InDelta(t, 0.75, tl.Share(), 1e-9)
	rep := tl.Report("layouts")
	require.Contains(t, rep, "acme     2/ 2  \n")
	require.Contains(t, rep, "globex   1/ 2  IBAN: got x, want y; "+strings.Repeat("z", 240)+"…")
	require.Contains(t, rep, "  IBAN              1/ 2\n")
	require.Contains(t, rep, "  Total             2/ 2\n")
	require.True(t, strings.HasSuffix(rep, "layouts all right 1/2, fields 3/4 (75.0%)"), rep)
}
