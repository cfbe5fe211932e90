package testdocs

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
)

// Produced draws a PDF the way report generators and banks' print
// systems write them, not the way a person would: every word is its own
// text object, a page's objects are written in a shuffled order (no
// reading order in the content stream), the cells of one row sit on
// baselines up to 2 pt apart and right-aligned cells end at edges that
// wander by up to 0.8 pt. A reader that leans on content order, exact
// baselines or exact column edges fails on it as it does on real files.
type Produced struct {
	pdf  *fpdf.Fpdf
	tr   func(string) string
	r    *rand.Rand
	size float64
	bold bool
	ops  []producedOp
	page int
	// PerChar draws every character as its own text object, as some
	// print systems and PDF converters do (the characters of a word in
	// order, the words shuffled); the reader must find the words.
	PerChar bool
	// GlyphOrder, with PerChar, writes the glyphs themselves in a
	// shuffled order, not only the words.
	GlyphOrder bool
	// Kern, when above zero, is the chance that a glyph of a word is set
	// 0.12 to 0.22 em further from the one before than its advance, as
	// print systems that position every glyph on their own metrics do
	// (the text layer then holds "1 7.02.2025", "G  irokonto"). Every
	// glyph is its own text object; a word's glyphs stay in order.
	Kern float64
	// Landscape turns the pages that follow to A4 landscape (842 × 595
	// pt), as statements printed "quer" from online banking are.
	Landscape bool
	groups    int
}

// producedOp is one text object: a word at a baseline.
type producedOp struct {
	x, base, size float64
	bold          bool
	s             string
	group         int // the word it belongs to: a word's characters stay in order
}

// NewProduced starts an empty A4 document; seed fixes the jitter and the
// order, so the same calls give the same bytes.
func NewProduced(seed uint64) *Produced {
	p := fpdf.New("P", "pt", "A4", "")
	p.SetCreationDate(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	p.SetModificationDate(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	p.SetAutoPageBreak(false, 0)
	return &Produced{pdf: p, tr: p.UnicodeTranslatorFromDescriptor(""), r: rand.New(rand.NewPCG(seed, 0x9a6e)), size: 9}
}

// Font sets the font of the next cells: Helvetica, bold or regular.
func (c *Produced) Font(bold bool, size float64) { c.bold, c.size = bold, size }

// Page is the number of the current page, from 1.
func (c *Produced) Page() int { return c.page }

// Width is the width of s in the current font.
func (c *Produced) Width(s string) float64 {
	c.setFont(c.bold, c.size)
	return c.pdf.GetStringWidth(c.tr(s))
}

func (c *Produced) setFont(bold bool, size float64) {
	style := ""
	if bold {
		style = "B"
	}
	c.pdf.SetFont("Helvetica", style, size)
}

// Text draws the cell s with its top at top: one baseline for the cell,
// jittered by up to 1 pt either way, one text object per word.
func (c *Produced) Text(x, top float64, s string) {
	base := top + c.size*0.8 + (c.r.Float64()*2 - 1)
	off := 0
	shift := 0.0
	for _, f := range strings.Fields(s) {
		i := strings.Index(s[off:], f) + off
		c.groups++
		if c.Kern > 0 {
			for k, r := range f {
				if k > 0 && c.r.Float64() < c.Kern {
					shift += (0.12 + 0.1*c.r.Float64()) * c.size
				}
				if c.GlyphOrder {
					c.groups++
				}
				c.ops = append(c.ops, producedOp{x: x + shift + c.Width(s[:i+k]), base: base, size: c.size, bold: c.bold, s: string(r), group: c.groups})
			}
		} else if c.PerChar {
			for k, r := range f {
				if c.GlyphOrder {
					c.groups++
				}
				c.ops = append(c.ops, producedOp{x: x + c.Width(s[:i+k]), base: base, size: c.size, bold: c.bold, s: string(r), group: c.groups})
			}
		} else {
			c.ops = append(c.ops, producedOp{x: x + c.Width(s[:i]), base: base, size: c.size, bold: c.bold, s: f, group: c.groups})
		}
		off = i + len(f)
	}
}

// Right right-aligns the cell s at xr, give or take 0.8 pt.
func (c *Produced) Right(xr, top float64, s string) {
	c.Text(xr+(c.r.Float64()*2-1)*0.8-c.Width(s), top, s)
}

// Line draws a horizontal rule at y.
func (c *Produced) Line(x0, x1, y float64) { c.pdf.Line(x0, y, x1, y) }

// flush writes the page's words in a shuffled order.
func (c *Produced) flush() {
	var words [][]producedOp
	for i, o := range c.ops {
		if i == 0 || o.group != c.ops[i-1].group {
			words = append(words, nil)
		}
		words[len(words)-1] = append(words[len(words)-1], o)
	}
	c.r.Shuffle(len(words), func(i, j int) { words[i], words[j] = words[j], words[i] })
	c.ops = c.ops[:0]
	for _, w := range words {
		c.ops = append(c.ops, w...)
	}
	for _, o := range c.ops {
		c.setFont(o.bold, o.size)
		c.pdf.Text(o.x, o.base, c.tr(o.s))
	}
	c.ops = c.ops[:0]
}

// AddPage finishes the current page, if any, and starts the next.
func (c *Produced) AddPage() {
	if c.page > 0 {
		c.flush()
	}
	if c.Landscape {
		c.pdf.AddPageFormat("L", c.pdf.GetPageSizeStr("A4"))
	} else {
		c.pdf.AddPage()
	}
	c.page++
	c.Font(false, 9)
}

// Bytes finishes the document and returns the PDF.
func (c *Produced) Bytes() ([]byte, error) {
	c.flush()
	var b bytes.Buffer
	if err := c.pdf.Output(&b); err != nil {
		return nil, fmt.Errorf("testdocs: render PDF: %w", err)
	}
	return b.Bytes(), nil
}
