package layout

// JoinTouching joins the words of one line (left to right) whose boxes
// touch, less than 5% of size apart or overlapping by less than 15% of
// size: a PDF written glyph by glyph can come back from its reader as "30"
// ".11." or as single glyphs, one word on the page. Meant for text layers,
// whose boxes span each glyph's advance, except where a glyph's outline
// reaches past it (PDFium's box of a bold "/" overlaps its neighbours by
// about 5% of the line height, so "//" came back as "/ /"); OCR boxes hold
// the ink only.
func JoinTouching(ws []Word, size float64) []Word {
	out := ws[:0:0]
	for _, w := range ws {
		if n := len(out); n > 0 {
			p := out[n-1]
			if g := w.X0 - p.X1; g < 0.05*size && g > -0.15*size {
				p.Text += w.Text
				p.X1 = w.X1
				p.Y0, p.Y1 = min(p.Y0, w.Y0), max(p.Y1, w.Y1)
				p.Size = max(p.Size, w.Size)
				out[n-1] = p
				continue
			}
		}
		out = append(out, w)
	}
	return out
}
