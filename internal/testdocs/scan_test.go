package testdocs

import (
	"image"
	"image/color"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDegrade: a black bar on white comes out as ink on grey paper,
// turned about the centre, and the same seed gives the same pixels.
func TestDegrade(t *testing.T) {
	src := image.NewGray(image.Rect(0, 0, 200, 100))
	for i := range src.Pix {
		src.Pix[i] = 255
	}
	for x := 20; x < 180; x++ {
		for y := 48; y < 52; y++ {
			src.SetGray(x, y, color.Gray{})
		}
	}
	g := Degrade(src, 5, 0.5, 4, 1)
	require.Equal(t, src.Bounds(), g.Bounds())
	near := func(v uint8, want, tol int) bool { return int(v) >= want-tol && int(v) <= want+tol }
	require.True(t, near(g.GrayAt(100, 10).Y, paperGrey, 16), "paper %d", g.GrayAt(100, 10).Y)
	require.True(t, near(g.GrayAt(100, 50).Y, inkGrey, 40), "ink at the centre %d", g.GrayAt(100, 50).Y)
	// 5 degrees turn the bar's ends about 7 px off its row
	require.Greater(t, int(g.GrayAt(170, 50).Y), 150, "bar end moved")
	require.Equal(t, g.Pix, Degrade(src, 5, 0.5, 4, 1).Pix)
	require.NotEqual(t, g.Pix, Degrade(src, 5, 0.5, 4, 2).Pix)
}
