package layout

import "strings"

// Word is a run of non-space characters with its bounding box.
type Word struct {
	Text string
	X0   float64 // left
	Y0   float64 // top
	X1   float64 // right
	Y1   float64 // bottom
	// Conf is the recogniser's confidence in 0..100; 100 for a PDF text layer.
	Conf float64
	// Size is the font size (or the box height when unknown).
	Size float64
	Bold bool
}

// Page is one page of positioned words.
type Page struct {
	Number int // one-based
	Width  float64
	Height float64
	Words  []Word
	// OCR is true when the words came from a recogniser, not a text layer.
	OCR bool
	// Unreadable counts the characters of a text layer that stand for no
	// readable character: control characters, private-use code points,
	// U+FFFD and non-characters, what fonts without a usable ToUnicode map
	// yield. They are not in Words; the pipeline OCRs a page where they
	// are many (extract's needsOCR).
	Unreadable int
}

// Text returns the words of p joined by spaces in their stored order; use
// Lines for reading order.
func (p *Page) Text() string {
	var b strings.Builder
	for i, w := range p.Words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w.Text)
	}
	return b.String()
}

// CX returns the horizontal centre of w.
func (w Word) CX() float64 { return (w.X0 + w.X1) / 2 }

// CY returns the vertical centre of w.
func (w Word) CY() float64 { return (w.Y0 + w.Y1) / 2 }

// H returns the height of w.
func (w Word) H() float64 { return w.Y1 - w.Y0 }
