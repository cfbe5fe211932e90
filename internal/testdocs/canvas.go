package testdocs

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/docextract/docextract/extract/layout"
)

// A4 page size in points.
const (
	pageW = 595.28
	pageH = 841.89
)

// canvas draws text with fpdf and records every word it draws, so a
// generator knows the text layer of its own output.
type canvas struct {
	pdf   *fpdf.Fpdf
	tr    func(string) string
	pages []layout.Page
	size  float64
	bold  bool
}

func newCanvas() *canvas {
	p := fpdf.New("P", "pt", "A4", "")
	p.SetCreationDate(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	p.SetModificationDate(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	p.SetCatalogSort(true)
	p.SetAutoPageBreak(false, 0)
	c := &canvas{pdf: p, tr: p.UnicodeTranslatorFromDescriptor("")}
	c.font(false, 9)
	return c
}

func (c *canvas) addPage() {
	c.pdf.AddPage()
	c.pages = append(c.pages, layout.Page{Number: len(c.pages) + 1, Width: pageW, Height: pageH})
	c.font(c.bold, c.size)
}

func (c *canvas) font(bold bool, size float64) {
	style := ""
	if bold {
		style = "B"
	}
	c.pdf.SetFont("Helvetica", style, size)
	c.bold, c.size = bold, size
}

func (c *canvas) width(s string) float64 { return c.pdf.GetStringWidth(c.tr(s)) }

// text draws s with its top-left corner at (x, top) and records its words.
func (c *canvas) text(x, top float64, s string) {
	if strings.TrimSpace(s) == "" {
		return
	}
	c.pdf.Text(x, top+c.size*0.8, c.tr(s))
	pg := &c.pages[len(c.pages)-1]
	off := 0
	for _, f := range strings.Fields(s) {
		i := strings.Index(s[off:], f) + off
		x0 := x + c.width(s[:i])
		pg.Words = append(pg.Words, layout.Word{
			Text: f, X0: x0, X1: x0 + c.width(f), Y0: top, Y1: top + c.size,
			Conf: 100, Size: c.size, Bold: c.bold,
		})
		off = i + len(f)
	}
}

// right draws s right-aligned at xr.
func (c *canvas) right(xr, top float64, s string) { c.text(xr-c.width(s), top, s) }

// rule draws a horizontal line.
func (c *canvas) rule(x0, x1, y float64) { c.pdf.Line(x0, y, x1, y) }

func (c *canvas) output() ([]byte, error) {
	var b bytes.Buffer
	if err := c.pdf.Output(&b); err != nil {
		return nil, fmt.Errorf("testdocs: render PDF: %w", err)
	}
	return b.Bytes(), nil
}
