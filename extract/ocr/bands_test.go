package ocr

import (
	"context"
	"image"
	"testing"

	"github.com/docextract/docextract/extract/layout"
	"github.com/stretchr/testify/require"
)

func TestLineBand(t *testing.T) {
	// Three text lines of ink (rows 10-29, 40-59, 70-89) with empty rows
	// between them.
	ink := make([]int, 100)
	for _, r := range [][2]int{{10, 30}, {40, 60}, {70, 90}} {
		for y := r[0]; y < r[1]; y++ {
			ink[y] = 50
		}
	}
	// The middle line, as read: the band is cut in the gaps around it.
	b := lineBand(ink, 40, 60, 20)
	require.GreaterOrEqual(t, b.y0, 30)
	require.Less(t, b.y0, 40)
	require.Greater(t, b.y1, 60)
	require.LessOrEqual(t, b.y1, 70)
	// At the image's edges.
	b = lineBand(ink, 0, 5, 20)
	require.Equal(t, 0, b.y0)
	b = lineBand(ink, 92, 99, 20)
	require.Equal(t, 100, b.y1)

	require.Equal(t, []band{{0, 20}, {30, 45}}, mergeBands([]band{{30, 40}, {0, 10}, {35, 45}, {10, 20}}))
}

func TestUnreadLines(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 400, 300))
	for i := range g.Pix {
		g.Pix[i] = 230
	}
	ink := func(y0, y1 int, rowStep int) {
		for y := y0; y < y1; y += rowStep {
			for x := 20; x < 300; x++ {
				if x%10 < 6 {
					g.Pix[y*g.Stride+x] = 20
				}
			}
		}
	}
	ink(50, 64, 1)   // read
	ink(100, 114, 1) // dropped by the reading
	ink(150, 164, 1) // read
	ink(200, 214, 2) // dot-matrix, dropped: rows of dots one row apart
	ink(250, 252, 1) // a rule, too thin for text
	var words []TSVWord
	for _, y := range []float64{50, 150} {
		for x := 20.0; x < 300; x += 60 {
			words = append(words, TSVWord{Word: layout.Word{Text: "TOTAL", X0: x, Y0: y, X1: x + 50, Y1: y + 14, Conf: 90}})
		}
	}
	got := unreadLines(g, words)
	require.Len(t, got, 2)
	require.Equal(t, band{100, 114}, got[0])
	require.Equal(t, 200, got[1].y0)
	require.InDelta(t, 213, got[1].y1, 1)
	// Too few sure words to measure a line by: nothing.
	require.Empty(t, unreadLines(g, words[:3]))
}

func TestLabelLineWithoutValue(t *testing.T) {
	for text, want := range map[string]bool{
		"Sub-total:":        true,
		"Total (RM) :":      true,
		"TOTAL(RM)":         true,
		"TOTAL RM":          true,
		"Summe EUR":         true,
		"Total (RM) : 8.00": false,
		"Cashier: ANN":      false,
		"RM":                false,
	} {
		require.Equal(t, want, labelLineWithoutValue(text), text)
	}
}

func TestDateLine(t *testing.T) {
	for text, want := range map[string]bool{
		"Date: 2O/O3/2018 10:15":     true,
		"DATE":                       true,
		"11-09-18 12:00":             true,
		"Datum":                      true,
		"n -03-18 E 1320":            true,
		"SALESPERSON TIME: 12:42:00": true,
		"TOTAL 9.00":                 false,
		"Tel: 03-1234 5678":          false,
		"Candidate":                  false,
	} {
		require.Equal(t, want, dateLine(text), text)
	}
}

// TestReadBands reads two bands of a rendered receipt again, scaled, in one
// tesseract run: the words come back with their text and in the image's
// pixel space, and nothing outside the bands is read.
func TestReadBands(t *testing.T) {
	e := newEngine(t, Config{Languages: []string{"eng"}})
	img, boxes := renderText([]string{"GROCERY MART", "TOTAL 42.50", "THANK YOU", "DATE 20/03/2018"}, 24)
	ink := rowInk(img)
	var bs []band
	for _, i := range []int{1, 3} {
		b := boxes[i]
		bs = append(bs, lineBand(ink, float64(b.Min.Y), float64(b.Max.Y), float64(b.Dy())))
	}
	words, err := e.readBands(context.Background(), img, mergeBands(bs), 2, 6, e.langs)
	require.NoError(t, err)
	var texts []string
	p := layout.Page{}
	for _, w := range words {
		texts = append(texts, w.Text)
		p.Words = append(p.Words, w.Word)
	}
	require.Equal(t, []string{"TOTAL", "42.50", "DATE", "20/03/2018"}, texts)
	for i, text := range map[int]string{1: "TOTAL", 3: "DATE"} {
		w, ok := findWord(p, text)
		require.True(t, ok)
		require.InDelta(t, boxes[i].Min.X, w.X0, 4, text)
		require.InDelta(t, boxes[i].Min.Y, w.Y0, 4, text)
		require.InDelta(t, boxes[i].Max.Y, w.Y1, 4, text)
	}
}
