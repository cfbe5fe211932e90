package ocr

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/docextract/docextract/extract/layout"
	"github.com/stretchr/testify/require"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

func wordAt(x, y float64) layout.Word {
	return layout.Word{Text: "w", X0: x, Y0: y - 20, X1: x + 60, Y1: y, Size: 20}
}

// newEngine returns a Tesseract with cfg or skips the test when tesseract
// is not installed.
func newEngine(t testing.TB, cfg Config) *Tesseract {
	t.Helper()
	e, err := NewTesseract(cfg)
	if err != nil {
		if errors.Is(err, ErrNotInstalled) {
			t.Skipf("tesseract not installed, skipping OCR test: %v", err)
		}
		require.NoError(t, err)
	}
	return e
}

// renderText draws lines of text black on white in the Go Regular font at
// size px (pixels per em), with a margin. It returns the image and the box of
// each line's first word in image pixels.
func renderText(lines []string, px float64) (*image.Gray, []image.Rectangle) {
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		panic(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(err)
	}
	w := 0
	for _, l := range lines {
		w = max(w, font.MeasureString(face, l).Ceil())
	}
	margin, lineH := int(px), int(px*1.6)
	img := image.NewGray(image.Rect(0, 0, w+2*margin, len(lines)*lineH+2*margin))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	d := &font.Drawer{Dst: img, Src: image.NewUniform(color.Black), Face: face}
	var boxes []image.Rectangle
	for i, l := range lines {
		y := margin + i*lineH + int(px)
		d.Dot = fixed.P(margin, y)
		first := strings.Fields(l)[0]
		b, _ := font.BoundString(face, first)
		boxes = append(boxes, image.Rect(margin+b.Min.X.Floor(), y+b.Min.Y.Floor(), margin+b.Max.X.Ceil(), y+b.Max.Y.Ceil()))
		d.DrawString(l)
	}
	return img, boxes
}

var testLines = []string{"GROCERY MART", "TOTAL 42.50", "THANK YOU"}

func findWord(p layout.Page, text string) (layout.Word, bool) {
	for _, w := range p.Words {
		if w.Text == text {
			return w, true
		}
	}
	return layout.Word{}, false
}

func TestNotInstalled(t *testing.T) {
	_, err := NewTesseract(Config{Path: "/nonexistent/tesseract-missing"})
	require.ErrorIs(t, err, ErrNotInstalled)
}

func TestInfo(t *testing.T) {
	e := newEngine(t, Config{Languages: []string{"eng", "xx-not-installed"}})
	info := e.Info()
	require.Equal(t, "tesseract", info.Name)
	require.NotEmpty(t, info.Version)
	require.Equal(t, []string{"eng"}, info.Languages)
	require.Contains(t, info.Installed, "eng")
	_, err := NewTesseract(Config{Languages: []string{"xx-not-installed"}})
	require.Error(t, err)
	_, err = NewTesseract(Config{PSM: 2})
	require.Error(t, err)
}

func TestRecognize(t *testing.T) {
	e := newEngine(t, Config{Languages: []string{"eng"}})
	img, boxes := renderText(testLines, 40)
	tests := []struct {
		name string
		img  image.Image
		// rotated reports that boxes are not comparable.
		rotated bool
	}{
		{"upright", img, false},
		{"upside down", rotate90(img, 180), true},
		{"sideways", rotate90(img, 90), true},
		{"skewed 4 degrees", rotateSmall(img, 4), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := e.Recognize(context.Background(), tt.img)
			require.NoError(t, err)
			require.True(t, p.OCR)
			require.Equal(t, 1, p.Number)
			text := p.Text()
			for _, want := range []string{"GROCERY", "MART", "TOTAL", "42.50", "THANK", "YOU"} {
				require.Contains(t, text, want, "OCR text %q", text)
			}
			if tt.rotated {
				return
			}
			require.Equal(t, float64(img.Bounds().Dx()), p.Width)
			w, ok := findWord(p, "TOTAL")
			require.True(t, ok)
			want := boxes[1]
			require.InDelta(t, want.Min.X, w.X0, 8)
			require.InDelta(t, want.Max.X, w.X1, 8)
			require.InDelta(t, want.Min.Y, w.Y0, 10)
			require.InDelta(t, want.Max.Y, w.Y1, 10)
			require.Greater(t, w.Conf, 50.0)
		})
	}
}

func TestRecognizeEncodedUpscales(t *testing.T) {
	e := newEngine(t, Config{Languages: []string{"eng"}})
	img, boxes := renderText(testLines, 11) // small glyphs: upscaled
	var buf bytes.Buffer
	require.NoError(t, jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}))
	p, err := e.RecognizeEncoded(context.Background(), buf.Bytes())
	require.NoError(t, err)
	w, ok := findWord(p, "TOTAL")
	require.True(t, ok, "text %q", p.Text())
	// Boxes come back in the original image's pixels.
	require.InDelta(t, boxes[1].Min.X, w.X0, 4)
	require.InDelta(t, float64(img.Bounds().Dx()), p.Width, 1)

	_, err = e.RecognizeEncoded(context.Background(), []byte("not an image"))
	require.Error(t, err)
}

func TestRecognizeCancel(t *testing.T) {
	e := newEngine(t, Config{Languages: []string{"eng"}})
	img, _ := renderText(testLines, 40)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	_, err := e.Recognize(ctx, img)
	require.ErrorIs(t, err, context.Canceled)
	require.Less(t, time.Since(start), 5*time.Second)

	ctx, cancel = context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	big, _ := renderText(append(append(testLines, testLines...), testLines...), 80)
	_, err = e.Recognize(ctx, big)
	require.ErrorIs(t, err, context.DeadlineExceeded)
}

// benchImage is a SROIE receipt when the shared corpus is present, else a
// generated page.
func benchImage(b *testing.B) []byte {
	if data, err := os.ReadFile("../../../shared/corpus/receipts/sroie/img/000.jpg"); err == nil {
		return data
	}
	img, _ := renderText(testLines, 40)
	var buf bytes.Buffer
	require.NoError(b, jpeg.Encode(&buf, img, nil))
	return buf.Bytes()
}

// BenchmarkTesseractCLI is the reference: tesseract alone on the image file
// (JPEG piped in, TSV out), as a shell user would run it.
func BenchmarkTesseractCLI(b *testing.B) {
	e := newEngine(b, Config{Languages: []string{"eng"}})
	data := benchImage(b)
	for b.Loop() {
		cmd := exec.Command(e.path, "stdin", "stdout", "-l", "eng", "tsv")
		cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
		cmd.Stdin = bytes.NewReader(data)
		require.NoError(b, cmd.Run())
	}
}

// BenchmarkRecognizeEncoded is the same image through the engine with the
// quality passes off: the engine's own overhead (decode, grayscale, PGM,
// pipe, TSV parse).
func BenchmarkRecognizeEncoded(b *testing.B) {
	e := newEngine(b, Config{Languages: []string{"eng"}, MinTextHeight: -1, NoOrientation: true, NoDeskew: true})
	data := benchImage(b)
	for b.Loop() {
		_, err := e.RecognizeEncoded(context.Background(), data)
		require.NoError(b, err)
	}
}

// BenchmarkRecognizeDefault is the engine with its default quality passes.
func BenchmarkRecognizeDefault(b *testing.B) {
	e := newEngine(b, Config{Languages: []string{"eng"}})
	data := benchImage(b)
	for b.Loop() {
		_, err := e.RecognizeEncoded(context.Background(), data)
		require.NoError(b, err)
	}
}

func TestRecognizeBlank(t *testing.T) {
	e := newEngine(t, Config{Languages: []string{"eng"}})
	img := image.NewGray(image.Rect(0, 0, 400, 600))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	p, err := e.Recognize(context.Background(), img)
	require.NoError(t, err)
	require.Empty(t, p.Words)
	require.Equal(t, 400.0, p.Width)
}

// BenchmarkTesseractCLIDefaultLangs and BenchmarkRecognizeDefaultLangs
// compare the same with the default language set (six languages), the
// configuration the extraction pipeline uses.
func BenchmarkTesseractCLIDefaultLangs(b *testing.B) {
	e := newEngine(b, Config{})
	data := benchImage(b)
	langs := strings.Join(e.Info().Languages, "+")
	for b.Loop() {
		cmd := exec.Command(e.path, "stdin", "stdout", "-l", langs, "tsv")
		cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
		cmd.Stdin = bytes.NewReader(data)
		require.NoError(b, cmd.Run())
	}
}

func BenchmarkRecognizeDefaultLangs(b *testing.B) {
	e := newEngine(b, Config{})
	data := benchImage(b)
	for b.Loop() {
		_, err := e.RecognizeEncoded(context.Background(), data)
		require.NoError(b, err)
	}
}
