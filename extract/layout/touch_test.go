package layout

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestJoinTouching(t *testing.T) {
	ws := []Word{{Text: "30", X0: 50, X1: 60, Y0: 0, Y1: 10}, {Text: ".11.", X0: 60.01, X1: 75, Y0: 0, Y1: 10}, {Text: "Miete", X0: 78, X1: 100, Y0: 0, Y1: 10}}
	got := JoinTouching(ws, 10)
	require.Len(t, got, 2)
	require.Equal(t, "30.11.", got[0].Text)
	require.Equal(t, 75.0, got[0].X1)
	require.Equal(t, "Miete", got[1].Text)

	// A glyph whose box reaches 0.55 into the next (a bold "/") still
	// touches; words 2 apart do not.
	ws = []Word{{Text: "H/", X0: 120, X1: 131.04}, {Text: "/", X0: 130.49, X1: 133.4}, {Text: "Koeln", X0: 133.12, X1: 150}, {Text: "DE", X0: 152, X1: 160}}
	got = JoinTouching(ws, 10.11)
	require.Len(t, got, 2)
	require.Equal(t, "H//Koeln", got[0].Text)
}
