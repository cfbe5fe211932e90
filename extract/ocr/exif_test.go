package ocr

import (
	"bytes"
	"context"
	"encoding/binary"
	"image"
	"image/jpeg"
	"testing"

	"github.com/stretchr/testify/require"
)

// withExif returns a JPEG of img carrying an Exif orientation tag o, as a
// phone writes it (APP1 right after SOI, a little- or big-endian TIFF
// header, the tag in the first IFD).
func withExif(t testing.TB, img image.Image, o uint16, bo binary.ByteOrder) []byte {
	var buf bytes.Buffer
	require.NoError(t, jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}))
	tiff := make([]byte, 8+2+12+4)
	if bo == binary.LittleEndian {
		copy(tiff, "II")
	} else {
		copy(tiff, "MM")
	}
	bo.PutUint16(tiff[2:], 42)
	bo.PutUint32(tiff[4:], 8)
	bo.PutUint16(tiff[8:], 1)
	bo.PutUint16(tiff[10:], 0x0112)
	bo.PutUint16(tiff[12:], 3)
	bo.PutUint32(tiff[14:], 1)
	bo.PutUint16(tiff[18:], o)
	seg := append([]byte("Exif\x00\x00"), tiff...)
	app1 := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(app1[2:], uint16(len(seg)+2))
	b := buf.Bytes()
	return append(append(append([]byte{}, b[:2]...), append(app1, seg...)...), b[2:]...)
}

func TestExifOrientation(t *testing.T) {
	t.Parallel()
	img := image.NewGray(image.Rect(0, 0, 4, 3))
	for _, bo := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		for o := uint16(1); o <= 8; o++ {
			require.Equal(t, int(o), exifOrientation(withExif(t, img, o, bo)))
		}
	}
	var plain bytes.Buffer
	require.NoError(t, jpeg.Encode(&plain, img, nil))
	require.Equal(t, 1, exifOrientation(plain.Bytes()))
	// Hostile or cut bytes: upright, no panic.
	full := withExif(t, img, 6, binary.BigEndian)
	for n := range len(full) {
		_ = exifOrientation(full[:n])
	}
	require.Equal(t, 1, exifOrientation([]byte("\xFF\xD8\xFF\xE1\xFF\xFFExif\x00\x00MM")))
	require.Equal(t, 1, exifOrientation(withExif(t, img, 9, binary.BigEndian)))
	require.Equal(t, 1, exifOrientation([]byte("not a jpeg")))
}

// TestOrient: each orientation undone gives the upright pixels back.
func TestOrient(t *testing.T) {
	t.Parallel()
	up := image.NewGray(image.Rect(0, 0, 3, 2))
	for i := range up.Pix {
		up.Pix[i] = uint8(i + 1)
	}
	// stored is how a camera stores the upright image under orientation o.
	stored := map[int]*image.Gray{
		1: up, 2: mirror(up), 3: rotate90(up, 180), 4: mirror(rotate90(up, 180)),
		5: rotate90(mirror(up), 270), 6: rotate90(up, 270), 7: rotate90(mirror(up), 90), 8: rotate90(up, 90),
	}
	for o, s := range stored {
		require.Equal(t, up.Pix, orient(s, o).Pix, "orientation %d", o)
		require.Equal(t, up.Bounds(), orient(s, o).Bounds(), "orientation %d", o)
	}
}

// TestRecognizeEncodedExif: a photo stored sideways with orientation 6 is
// read upright from its Exif tag alone (orientation detection off), with
// word boxes in the upright image's pixels.
func TestRecognizeEncodedExif(t *testing.T) {
	e := newEngine(t, Config{Languages: []string{"eng"}, NoOrientation: true})
	img, boxes := renderText(testLines, 40)
	data := withExif(t, rotate90(img, 270), 6, binary.LittleEndian)
	p, err := e.RecognizeEncoded(context.Background(), data)
	require.NoError(t, err)
	text := p.Text()
	for _, want := range []string{"GROCERY", "TOTAL", "42.50", "THANK"} {
		require.Contains(t, text, want, "OCR text %q", text)
	}
	require.InDelta(t, float64(img.Bounds().Dx()), p.Width, 1)
	w, ok := findWord(p, "TOTAL")
	require.True(t, ok)
	require.InDelta(t, boxes[1].Min.X, w.X0, 8)
	require.InDelta(t, boxes[1].Min.Y, w.Y0, 10)
}
