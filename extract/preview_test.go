package extract_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract"
)

func TestPreview(t *testing.T) {
	t.Parallel()
	x := extractor(t)
	ctx := context.Background()

	// A PDF page is drawn; black text shows as dark pixels near its place.
	data := pdfOf(t, 2, "INVOICE 4711 with enough words to draw")
	img, err := x.Preview(ctx, data, "", 2, 600)
	require.NoError(t, err)
	b := img.Bounds()
	require.Equal(t, 600, b.Dx(), "A4 at 100 dpi is scaled down to the width asked")
	require.InDelta(t, 600*842/595, b.Dy(), 2)
	dark := 0
	for y := b.Min.Y; y < b.Min.Y+b.Dy()/5; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if g := color.GrayModel.Convert(img.At(x, y)).(color.Gray); g.Y < 100 {
				dark++
			}
		}
	}
	require.Greater(t, dark, 50, "the text line is drawn")

	_, err = x.Preview(ctx, data, "", 3, 600)
	require.ErrorIs(t, err, extract.ErrMalformed, "no page 3")

	// An image is scaled down, never up.
	var buf bytes.Buffer
	require.NoError(t, png.Encode(&buf, image.NewGray(image.Rect(0, 0, 2000, 1000))))
	img, err = x.Preview(ctx, buf.Bytes(), "", 1, 800)
	require.NoError(t, err)
	require.Equal(t, image.Rect(0, 0, 800, 400), img.Bounds())
	buf.Reset()
	require.NoError(t, png.Encode(&buf, image.NewGray(image.Rect(0, 0, 300, 200))))
	img, err = x.Preview(ctx, buf.Bytes(), "", 1, 800)
	require.NoError(t, err)
	require.Equal(t, 300, img.Bounds().Dx())

	_, err = x.Preview(ctx, encryptedPDF(t), "", 1, 800)
	require.ErrorIs(t, err, extract.ErrPasswordRequired)
	_, err = x.Preview(ctx, []byte("text"), "", 1, 800)
	require.ErrorIs(t, err, extract.ErrUnsupportedType)
}
