package ocr

import (
	"image"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract/layout"
)

func TestUnreadText(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 600, 400))
	for i := range g.Pix {
		g.Pix[i] = 230
	}
	// text draws a word-like piece of ink: strokes 2 px wide, 4 px apart.
	text := func(x0, x1, y0, y1 int) {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				if (x-x0)%6 < 2 || y == y0 || y == y1-1 {
					g.Pix[y*g.Stride+x] = 20
				}
			}
		}
	}
	var words []TSVWord
	read := func(x0, x1, y0, y1 int) {
		text(x0, x1, y0, y1)
		words = append(words, TSVWord{Word: layout.Word{Text: "Summe", X0: float64(x0), Y0: float64(y0), X1: float64(x1), Y1: float64(y1), Conf: 90}})
	}
	// Five labels read, each with its amount far to the right; the
	// amounts of the last two were dropped by the reading.
	for i := 0; i < 5; i++ {
		y := 40 + 30*i
		read(40, 120, y, y+14)
		if i < 3 {
			read(450, 520, y, y+14)
		} else {
			text(450, 520, y, y+14)
		}
	}
	require.Equal(t, 2, unreadText(g, words))

	// A rule, a logo and a scan's dark border are no text.
	for x := 40; x < 560; x++ {
		g.Pix[200*g.Stride+x], g.Pix[201*g.Stride+x] = 20, 20
	}
	for y := 250; y < 330; y++ {
		for x := 300; x < 380; x++ {
			g.Pix[y*g.Stride+x] = 20
		}
	}
	for y := 360; y < 372; y++ {
		for x := 0; x < 60; x++ {
			g.Pix[y*g.Stride+x] = 20
		}
	}
	require.Equal(t, 2, unreadText(g, words))

	// Every piece read: nothing left.
	for i := 3; i < 5; i++ {
		y := 40 + 30*i
		read(450, 520, y, y+14)
	}
	require.Equal(t, 0, unreadText(g, words))

	// Too few sure words to measure a line height by.
	require.Equal(t, -1, unreadText(g, words[:4]))
}

// BenchmarkUnreadText measures the check on a page of A4 at 200 dpi
// (1654 x 2339 pixels) with 60 lines of 8 words, a third of them unread:
// it runs before every page's second reading is decided, so it must cost
// little beside tesseract's second of a page.
func BenchmarkUnreadText(b *testing.B) {
	g := image.NewGray(image.Rect(0, 0, 1654, 2339))
	for i := range g.Pix {
		g.Pix[i] = 235
	}
	var words []TSVWord
	for l := 0; l < 60; l++ {
		y := 100 + 35*l
		for k := 0; k < 8; k++ {
			x := 100 + 180*k
			for yy := y; yy < y+20; yy++ {
				for xx := x; xx < x+120; xx++ {
					if (xx-x)%7 < 2 {
						g.Pix[yy*g.Stride+xx] = 25
					}
				}
			}
			if k%3 != 2 {
				words = append(words, TSVWord{Word: layout.Word{Text: "word", X0: float64(x), Y0: float64(y), X1: float64(x + 120), Y1: float64(y + 20), Conf: 90}})
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if n := unreadText(g, words); n != 60*2 {
			b.Fatalf("unread %d, want 120", n)
		}
	}
}
