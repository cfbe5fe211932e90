package ocr

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/stretchr/testify/require"
)

// transparent returns text black on a transparent background (alpha 0
// where g is white), as screenshots and web exports save invoices.
func transparent(g *image.Gray) *image.NRGBA {
	b := g.Bounds()
	out := image.NewNRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.SetNRGBA(x, y, color.NRGBA{A: 255 - g.GrayAt(x, y).Y})
		}
	}
	return out
}

// TestRecognizeTransparentPNG: a PNG whose paper is transparent is read as
// if on white paper, both from its bytes and as a decoded image (small
// text, so it is upscaled on the Go side too).
func TestRecognizeTransparentPNG(t *testing.T) {
	e := newEngine(t, Config{Languages: []string{"eng"}})
	for _, px := range []float64{40, 11} {
		img, _ := renderText(testLines, px)
		var buf bytes.Buffer
		require.NoError(t, png.Encode(&buf, transparent(img)))
		p, err := e.RecognizeEncoded(context.Background(), buf.Bytes())
		require.NoError(t, err)
		for _, want := range []string{"GROCERY", "TOTAL", "42.50"} {
			require.Contains(t, p.Text(), want, "%g px: OCR text %q", px, p.Text())
		}
	}
	paper := image.NewGray(image.Rect(0, 0, 3, 1))
	paper.Pix = []uint8{255, 255, 0} // white, white, black ink
	g := toGray(transparent(paper))
	require.Equal(t, []uint8{255, 255, 0}, g.Pix, "transparent pixels are paper, ink stays ink")
}
