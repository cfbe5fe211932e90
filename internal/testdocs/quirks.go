package testdocs

import (
	"bytes"
	"context"
	"fmt"
	"image/jpeg"
	"math/rand/v2"
	"strings"
	"unicode"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/pdf"
)

// Quirk is a PDF construct that real producers write and clean generated
// fixtures lack. Quirked redraws a generated document with one of them.
type Quirk string

// The quirks Quirked knows.
const (
	// QuirkPlain redraws the words as they were read, in Helvetica, one
	// text object per word: the control for the others.
	QuirkPlain Quirk = "plain"
	// QuirkRotate90 and QuirkRotate270 draw the page turned inside a
	// landscape media box with /Rotate 90 or 270, so that a viewer shows
	// it upright: what scanners, print drivers and "rotate page" leave.
	// The text runs vertically in the page's own (unrotated) space.
	QuirkRotate90  Quirk = "rotate90"
	QuirkRotate270 Quirk = "rotate270"
	// QuirkRotate180 draws the page upside down with /Rotate 180 (a
	// sheet fed the wrong way round, turned in the viewer).
	QuirkRotate180 Quirk = "rotate180"
	// QuirkTurned turns the page content by a rotating cm matrix on a
	// landscape media box without /Rotate: the viewer shows it sideways.
	QuirkTurned Quirk = "turned"
	// QuirkMargin adds vertical text along the left and right edges (a
	// page counter, a document reference, a print system's code), as
	// German statements and invoices carry it.
	QuirkMargin Quirk = "margin"
	// QuirkOCRLayer is a searchable scan: the page as an image and the
	// words as invisible text (render mode 3) in a font of other widths
	// stretched to each word's box by Tz, one text object per word and no
	// spaces, as OCR tools write it.
	QuirkOCRLayer Quirk = "ocr-layer"
	// QuirkForm puts every word holding a digit in a filled AcroForm text
	// field (a widget annotation with an appearance stream), not in the
	// page content: a form filled in and not flattened.
	QuirkForm Quirk = "form"
	// QuirkHidden adds a template's leftovers that a viewer does not
	// show: placeholder values under white rectangles, with the real
	// values drawn over them, and a placeholder block outside the crop
	// box.
	QuirkHidden Quirk = "hidden"
	// QuirkOutline draws the text as filled vector outlines: no text
	// layer and no image.
	QuirkOutline Quirk = "outline"
	// QuirkTJ writes each line as one TJ array: glyphs moved by small
	// kerning numbers, no space characters, the gaps between words as
	// displacements (as TeX and many converters write).
	QuirkTJ Quirk = "tj"
	// QuirkXObject puts the page content in a form XObject drawn scaled
	// to 94% and shifted, as imposition and "fit to page" printing do.
	QuirkXObject Quirk = "xobject"
	// QuirkSpacing sets the text condensed (Tz 85) with letter spacing
	// (Tc) and word spacing (Tw) making up the width.
	QuirkSpacing Quirk = "spacing"
	// QuirkClipped draws the text of every cell that ends before a wide
	// gap with more text after it, clipped to the cell: report writers
	// (Crystal Reports, SAP forms) print a field's whole value and clip
	// what overflows the field's box.
	QuirkClipped Quirk = "clipped"
	// QuirkFlipped draws in a top-down coordinate system (a page-wide
	// cm flipping y, each text matrix flipping it back), as Chrome/Skia
	// and Cairo write pages.
	QuirkFlipped Quirk = "flipped"
	// QuirkLayer adds a template block in an optional content group that
	// is off: the viewer hides it.
	QuirkLayer Quirk = "layer"
)

// Quirks lists every quirk, the control first.
func Quirks() []Quirk {
	return []Quirk{QuirkPlain, QuirkRotate90, QuirkRotate270, QuirkRotate180, QuirkTurned, QuirkMargin,
		QuirkOCRLayer, QuirkForm, QuirkHidden, QuirkOutline, QuirkTJ, QuirkXObject, QuirkSpacing, QuirkClipped, QuirkFlipped, QuirkLayer}
}

// Quirked reads the words of data (a PDF) with eng and writes them again
// into a new PDF with quirk q, so the same fields can be scored on it.
// Words are redrawn in Helvetica (bold where the word is wider than
// regular Helvetica draws it) on their read baselines.
func Quirked(ctx context.Context, eng pdf.Engine, data []byte, q Quirk) ([]byte, error) {
	doc, err := eng.Open(ctx, data, "")
	if err != nil {
		return nil, fmt.Errorf("testdocs: open: %w", err)
	}
	defer doc.Close()
	b := newRawDoc()
	for i := range doc.PageCount() {
		p, err := doc.Text(ctx, i)
		if err != nil {
			return nil, fmt.Errorf("testdocs: page %d: %w", i+1, err)
		}
		var scan []byte
		if q == QuirkOCRLayer {
			img, err := doc.Render(ctx, i, 150)
			if err != nil {
				return nil, err
			}
			var jb bytes.Buffer
			if err := jpeg.Encode(&jb, img, &jpeg.Options{Quality: 80}); err != nil {
				return nil, err
			}
			scan = jb.Bytes()
		}
		if err := b.page(p, i, doc.PageCount(), q, scan); err != nil {
			return nil, err
		}
	}
	return b.bytes(), nil
}

// rawDoc assembles a PDF object by object.
type rawDoc struct {
	objs   []string
	kids   []int
	fields []int
	ocg    bool // a page uses the hidden optional content group
	m      *fpdf.Fpdf
	tr     func(string) string
	r      *rand.Rand
}

const (
	objCatalog = 1
	objPages   = 2
	objFont    = 3 // Helvetica
	objBold    = 4 // Helvetica-Bold
	objCourier = 5
	objOCG     = 6 // the optional content group QuirkLayer hides
)

func newRawDoc() *rawDoc {
	m := fpdf.New("P", "pt", "A4", "")
	b := &rawDoc{objs: make([]string, 6), m: m, tr: m.UnicodeTranslatorFromDescriptor(""), r: rand.New(rand.NewPCG(7, 11))}
	b.objs[objFont-1] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
	b.objs[objBold-1] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>"
	b.objs[objCourier-1] = "<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>"
	b.objs[objOCG-1] = "<< /Type /OCG /Name (Vorlage) >>"
	return b
}

func (b *rawDoc) add(s string) int {
	b.objs = append(b.objs, s)
	return len(b.objs)
}

func (b *rawDoc) bytes() []byte {
	kids := make([]string, len(b.kids))
	for i, k := range b.kids {
		kids[i] = fmt.Sprintf("%d 0 R", k)
	}
	cat := "<< /Type /Catalog /Pages 2 0 R"
	if len(b.fields) > 0 {
		fs := make([]string, len(b.fields))
		for i, f := range b.fields {
			fs[i] = fmt.Sprintf("%d 0 R", f)
		}
		cat += fmt.Sprintf(" /AcroForm << /Fields [%s] /DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv %d 0 R >> >> >>", strings.Join(fs, " "), objFont)
	}
	if b.ocg {
		cat += " /OCProperties << /OCGs [6 0 R] /D << /OFF [6 0 R] /Order [6 0 R] >> >>"
	}
	b.objs[objCatalog-1] = cat + " >>"
	b.objs[objPages-1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(kids))
	return RawPDF(b.objs)
}

// winAnsi encodes s for a WinAnsiEncoding font as a hex string.
func winAnsi(s string) string {
	var h strings.Builder
	h.WriteByte('<')
	for _, r := range s {
		c := byte('?')
		switch {
		case r < 0x80 || (r >= 0xA0 && r <= 0xFF):
			c = byte(r)
		case r == '€':
			c = 0x80
		case r == '–':
			c = 0x96
		case r == '—':
			c = 0x97
		case r == '‘':
			c = 0x91
		case r == '’':
			c = 0x92
		case r == '“':
			c = 0x93
		case r == '”':
			c = 0x94
		case r == '•':
			c = 0x95
		}
		fmt.Fprintf(&h, "%02X", c)
	}
	h.WriteByte('>')
	return h.String()
}

// textString is a PDF text string (UTF-16BE with its mark).
func textString(s string) string {
	var h strings.Builder
	h.WriteString("<FEFF")
	for _, r := range s {
		if r > 0xFFFF {
			r = '?'
		}
		fmt.Fprintf(&h, "%04X", r)
	}
	h.WriteByte('>')
	return h.String()
}

// glyphWord is a word to draw: its text, font, size and baseline origin
// in PDF space (bottom-left origin of an upright page).
type glyphWord struct {
	s        string
	bold     bool
	size     float64
	x, y     float64 // baseline origin
	w        float64 // width as read
	digit    bool
	top, bot float64 // PDF-space box
}

// ascent and descent of the loose box PDFium gives a Helvetica glyph, in
// em: the baseline lies descent above the box's bottom.
const helvDescent = 0.212

func (b *rawDoc) words(p layout.Page) []glyphWord {
	out := make([]glyphWord, 0, len(p.Words))
	for _, w := range p.Words {
		size := w.Size
		if size <= 0 {
			size = w.H()
		}
		gw := glyphWord{s: w.Text, size: size, x: w.X0, w: w.X1 - w.X0}
		gw.y = p.Height - w.Y1 + helvDescent*size
		gw.top, gw.bot = p.Height-w.Y0, p.Height-w.Y1
		b.m.SetFont("Helvetica", "", size)
		if reg := b.m.GetStringWidth(b.tr(w.Text)); reg > 0 && gw.w > reg*1.04 {
			gw.bold = true
		}
		for _, r := range w.Text {
			if unicode.IsDigit(r) {
				gw.digit = true
			}
		}
		out = append(out, gw)
	}
	return out
}

func (b *rawDoc) width(s string, bold bool, size float64) float64 {
	style := ""
	if bold {
		style = "B"
	}
	b.m.SetFont("Helvetica", style, size)
	return b.m.GetStringWidth(b.tr(s))
}

func fontOf(w glyphWord) string {
	if w.bold {
		return "/F2"
	}
	return "/F1"
}

// plain writes ws one text object each.
func plain(c *strings.Builder, ws []glyphWord) {
	for _, w := range ws {
		fmt.Fprintf(c, "BT %s %.2f Tf 1 0 0 1 %.2f %.2f Tm %s Tj ET\n", fontOf(w), w.size, w.x, w.y, winAnsi(w.s))
	}
}

const fontRes = "/Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >>"

func (b *rawDoc) page(p layout.Page, idx, count int, q Quirk, scan []byte) error {
	W, H := p.Width, p.Height
	ws := b.words(p)
	var c strings.Builder
	media := fmt.Sprintf("[0 0 %.2f %.2f]", W, H)
	extra := ""
	xobjs := ""
	switch q {
	case QuirkRotate90, QuirkRotate270, QuirkRotate180, QuirkTurned:
		cm := ""
		switch q {
		case QuirkRotate90, QuirkTurned:
			media = fmt.Sprintf("[0 0 %.2f %.2f]", H, W)
			cm = fmt.Sprintf("0 1 -1 0 %.2f 0", H)
			if q == QuirkRotate90 {
				extra = " /Rotate 90"
			}
		case QuirkRotate270:
			media = fmt.Sprintf("[0 0 %.2f %.2f]", H, W)
			cm = fmt.Sprintf("0 -1 1 0 0 %.2f", W)
			extra = " /Rotate 270"
		case QuirkRotate180:
			cm = fmt.Sprintf("-1 0 0 -1 %.2f %.2f", W, H)
			extra = " /Rotate 180"
		}
		fmt.Fprintf(&c, "q %s cm\n", cm)
		plain(&c, ws)
		c.WriteString("Q\n")
	case QuirkMargin:
		plain(&c, ws)
		left := fmt.Sprintf("Seite %d von %d   Dok.-Nr. 2024/%06d   Druck 03.01.2024 07:12   Form 4711-02", idx+1, count, 1000+37*idx)
		right := fmt.Sprintf("BLZ 0000 0000   Lauf %04d   %d/%d", 311+idx, idx+1, count)
		fmt.Fprintf(&c, "BT /F1 6.5 Tf 0 1 -1 0 22 %.2f Tm %s Tj ET\n", H*0.25, winAnsi(left))
		fmt.Fprintf(&c, "BT /F1 6.5 Tf 0 -1 1 0 %.2f %.2f Tm %s Tj ET\n", W-20, H*0.7, winAnsi(right))
	case QuirkOCRLayer:
		img := b.add(stream(fmt.Sprintf("/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode", jpegW(scan), jpegH(scan)), scan))
		xobjs = fmt.Sprintf(" /XObject << /Im0 %d 0 R >>", img)
		fmt.Fprintf(&c, "q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q\n", W, H)
		c.WriteString("BT 3 Tr\n")
		for _, w := range ws {
			cw := 0.6 * w.size * float64(len([]rune(w.s))) // Courier
			tz := 100.0
			if cw > 0 {
				tz = 100 * w.w / cw
			}
			fmt.Fprintf(&c, "/F3 %.2f Tf %.1f Tz 1 0 0 1 %.2f %.2f Tm %s Tj\n", w.size, tz, w.x, w.y, winAnsi(w.s))
		}
		c.WriteString("ET\n")
	case QuirkForm:
		var annots []int
		var body []glyphWord
		for _, w := range ws {
			if !w.digit {
				body = append(body, w)
				continue
			}
			ww := b.width(w.s, w.bold, w.size)
			bh := w.size * 1.2
			ap := b.add(stream(fmt.Sprintf("/Type /XObject /Subtype /Form /BBox [0 0 %.2f %.2f] /Resources << %s >>", ww+2, bh, fontRes),
				[]byte(fmt.Sprintf("/Tx BMC q BT %s %.2f Tf 0 g 1 0 0 1 1 %.2f Tm %s Tj ET Q EMC", fontOf(w), w.size, 0.25*w.size, winAnsi(w.s)))))
			bottom := w.y - 0.25*w.size
			a := b.add(fmt.Sprintf("<< /Type /Annot /Subtype /Widget /FT /Tx /T (f%d) /V %s /F 4 /Rect [%.2f %.2f %.2f %.2f] /DA (/Helv %.1f Tf 0 g) /AP << /N %d 0 R >> /P %%PAGE%% >>",
				len(b.objs)+1, textString(w.s), w.x-1, bottom, w.x-1+ww+2, bottom+bh, w.size, ap))
			annots = append(annots, a)
			b.fields = append(b.fields, a)
		}
		plain(&c, body)
		// The content stream comes next, then the page.
		pageObj := len(b.objs) + 2
		var refs []string
		for _, a := range annots {
			b.objs[a-1] = strings.Replace(b.objs[a-1], "%PAGE%", fmt.Sprintf("%d 0 R", pageObj), 1)
			refs = append(refs, fmt.Sprintf("%d 0 R", a))
		}
		if len(refs) > 0 {
			extra = " /Annots [" + strings.Join(refs, " ") + "]"
		}
	case QuirkHidden:
		media = fmt.Sprintf("[0 -160 %.2f %.2f]", W, H)
		extra = fmt.Sprintf(" /CropBox [0 0 %.2f %.2f]", W, H)
		for _, w := range ws {
			if w.digit {
				ph := placeholder(w.s)
				fmt.Fprintf(&c, "BT %s %.2f Tf 1 0 0 1 %.2f %.2f Tm %s Tj ET\n", fontOf(w), w.size, w.x, w.y, winAnsi(ph))
				pw := b.width(ph, w.bold, w.size)
				fmt.Fprintf(&c, "q 1 g %.2f %.2f %.2f %.2f re f Q\n", w.x-0.5, w.y-0.3*w.size, pw+1, 1.3*w.size)
			}
		}
		plain(&c, ws)
		for k, l := range []string{"Invoice No: 00000000   Date: 01.01.2000   Due: 01.01.2000", "Rechnungsnummer 00000   Gesamtbetrag 0,00 EUR   Total 0.00",
			"IBAN DE00 0000 0000 0000 0000 00   Saldo 0,00"} {
			fmt.Fprintf(&c, "BT /F1 9 Tf 1 0 0 1 40 %.2f Tm %s Tj ET\n", -40-14*float64(k), winAnsi(l))
		}
	case QuirkOutline:
		if err := b.outlines(&c, ws); err != nil {
			return err
		}
	case QuirkTJ:
		b.tj(&c, p, ws)
	case QuirkXObject:
		var inner strings.Builder
		plain(&inner, ws)
		fo := b.add(stream(fmt.Sprintf("/Type /XObject /Subtype /Form /BBox [0 0 %.2f %.2f] /Matrix [0.94 0 0 0.94 18 25] /Resources << %s >>", W, H, fontRes), []byte(inner.String())))
		xobjs = fmt.Sprintf(" /XObject << /Fm0 %d 0 R >>", fo)
		c.WriteString("q /Fm0 Do Q\n")
	case QuirkSpacing:
		for _, w := range ws {
			n := float64(len([]rune(w.s)))
			// condensed to 85%, the width made up by letter spacing
			tc := 0.0
			if n > 1 {
				tc = (w.w - 0.85*b.width(w.s, w.bold, w.size)) / (n - 1) / 0.85
			}
			fmt.Fprintf(&c, "BT %s %.2f Tf 85 Tz %.3f Tc 2 Tw 1 0 0 1 %.2f %.2f Tm %s Tj ET\n", fontOf(w), w.size, tc, w.x, w.y, winAnsi(w.s))
		}
	case QuirkClipped:
		b.clipped(&c, p, ws)
	case QuirkFlipped:
		fmt.Fprintf(&c, "1 0 0 -1 0 %.2f cm\n", H)
		for _, w := range ws {
			fmt.Fprintf(&c, "BT %s %.2f Tf 1 0 0 -1 %.2f %.2f Tm %s Tj ET\n", fontOf(w), w.size, w.x, H-w.y, winAnsi(w.s))
		}
	case QuirkLayer:
		plain(&c, ws)
		c.WriteString("/OC /OC1 BDC\n")
		for k, l := range []string{"Invoice No: 00000000   Date: 01.01.2000   Due: 01.01.2000", "Rechnungsnummer 00000   Gesamtbetrag 0,00 EUR   Total 0.00",
			"IBAN DE00 0000 0000 0000 0000 00   Saldo 0,00"} {
			fmt.Fprintf(&c, "BT /F1 9 Tf 1 0 0 1 40 %.2f Tm %s Tj ET\n", 40-11*float64(k), winAnsi(l))
		}
		c.WriteString("EMC\n")
		b.ocg = true
		xobjs += " /Properties << /OC1 6 0 R >>"
	default:
		plain(&c, ws)
	}
	content := b.add(stream("", []byte(c.String())))
	pg := b.add(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox %s%s /Resources << %s%s >> /Contents %d 0 R >>", media, extra, fontRes, xobjs, content))
	b.kids = append(b.kids, pg)
	return nil
}

// clipped draws the words of each line, a cell's last word (one a wide
// gap follows) with an overflowing tail clipped away at its end.
func (b *rawDoc) clipped(c *strings.Builder, p layout.Page, ws []glyphWord) {
	byBox := map[[2]float64]glyphWord{}
	for _, w := range ws {
		byBox[[2]float64{w.x, w.top}] = w
	}
	tails := []string{"-Zusatztext und Bemerkungen", " (continued text of the field)", "/000123 Lager Nord"}
	for _, l := range layout.Lines(&p) {
		for k, lw := range l.Words {
			w, ok := byBox[[2]float64{lw.X0, p.Height - lw.Y0}]
			if !ok {
				continue
			}
			if k+1 < len(l.Words) && l.Words[k+1].X0-lw.X1 > 1.5*w.size && !w.digit {
				end := w.x + b.width(w.s, w.bold, w.size)
				fmt.Fprintf(c, "q %.2f %.2f %.2f %.2f re W n BT %s %.2f Tf 1 0 0 1 %.2f %.2f Tm %s Tj ET Q\n",
					w.x-1, w.y-0.4*w.size, end+0.5-(w.x-1), 1.5*w.size, fontOf(w), w.size, w.x, w.y, winAnsi(w.s+tails[k%len(tails)]))
				continue
			}
			plain(c, []glyphWord{w})
		}
	}
}

// placeholder is a template's value in the shape of s: digits as 0.
func placeholder(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsDigit(r) {
			r = '0'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// tj writes each line of the page as TJ arrays.
func (b *rawDoc) tj(c *strings.Builder, p layout.Page, ws []glyphWord) {
	lines := layout.Lines(&p)
	byBox := map[[2]float64]glyphWord{}
	for _, w := range ws {
		byBox[[2]float64{w.x, w.top}] = w
	}
	for _, l := range lines {
		var run []glyphWord
		for _, lw := range l.Words {
			w, ok := byBox[[2]float64{lw.X0, p.Height - lw.Y0}]
			if !ok {
				continue
			}
			if len(run) > 0 && (run[0].bold != w.bold || run[0].size != w.size) {
				b.tjRun(c, run)
				run = nil
			}
			run = append(run, w)
		}
		b.tjRun(c, run)
	}
}

func (b *rawDoc) tjRun(c *strings.Builder, run []glyphWord) {
	if len(run) == 0 {
		return
	}
	f := run[0]
	fmt.Fprintf(c, "BT %s %.2f Tf 1 0 0 1 %.2f %.2f Tm [", fontOf(f), f.size, f.x, f.y)
	x := f.x
	for i, w := range run {
		if i > 0 {
			// the gap to this word as a displacement (thousandths of em)
			fmt.Fprintf(c, " %.0f ", -(w.x-x)*1000/f.size)
		}
		rs := []rune(w.s)
		kern := 0.0
		for k, r := range rs {
			if k > 0 && b.r.IntN(3) == 0 {
				d := float64(b.r.IntN(21) - 10)
				kern -= d
				fmt.Fprintf(c, " %.0f ", d)
			}
			c.WriteString(winAnsi(string(r)))
		}
		x = w.x + b.width(w.s, f.bold, f.size) + kern*f.size/1000
	}
	c.WriteString("] TJ ET\n")
}

// outlines draws the words as filled glyph outlines (Go Regular, each word
// scaled to its read width).
func (b *rawDoc) outlines(c *strings.Builder, ws []glyphWord) error {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		return err
	}
	var buf sfnt.Buffer
	upem := float64(f.UnitsPerEm())
	ppem := fixed.Int26_6(f.UnitsPerEm()) << 6
	c.WriteString("0 g\n")
	for _, w := range ws {
		// natural width in em
		adv := 0.0
		var gids []sfnt.GlyphIndex
		for _, r := range w.s {
			g, err := f.GlyphIndex(&buf, r)
			if err != nil {
				return err
			}
			gids = append(gids, g)
			a, err := f.GlyphAdvance(&buf, g, ppem, 0)
			if err != nil {
				return err
			}
			adv += float64(a) / 64 / upem
		}
		sx := 1.0
		if adv > 0 && w.w > 0 {
			sx = w.w / (adv * w.size)
		}
		x := w.x
		for _, g := range gids {
			segs, err := f.LoadGlyph(&buf, g, ppem, nil)
			if err != nil {
				return err
			}
			s := w.size / upem
			pt := func(p fixed.Point26_6) (float64, float64) {
				return x + float64(p.X)/64*s*sx, w.y - float64(p.Y)/64*s
			}
			var x0, y0 float64 // the current point
			for _, sg := range segs {
				switch sg.Op {
				case sfnt.SegmentOpMoveTo:
					x0, y0 = pt(sg.Args[0])
					fmt.Fprintf(c, "%.2f %.2f m ", x0, y0)
				case sfnt.SegmentOpLineTo:
					x0, y0 = pt(sg.Args[0])
					fmt.Fprintf(c, "%.2f %.2f l ", x0, y0)
				case sfnt.SegmentOpQuadTo:
					// as a cubic
					x1, y1 := pt(sg.Args[0])
					x2, y2 := pt(sg.Args[1])
					fmt.Fprintf(c, "%.2f %.2f %.2f %.2f %.2f %.2f c ", x0+2.0/3*(x1-x0), y0+2.0/3*(y1-y0), x2+2.0/3*(x1-x2), y2+2.0/3*(y1-y2), x2, y2)
					x0, y0 = x2, y2
				case sfnt.SegmentOpCubeTo:
					x1, y1 := pt(sg.Args[0])
					x2, y2 := pt(sg.Args[1])
					x3, y3 := pt(sg.Args[2])
					fmt.Fprintf(c, "%.2f %.2f %.2f %.2f %.2f %.2f c ", x1, y1, x2, y2, x3, y3)
					x0, y0 = x3, y3
				}
			}
			a, err := f.GlyphAdvance(&buf, g, ppem, 0)
			if err != nil {
				return err
			}
			x += float64(a) / 64 * s * sx
		}
		c.WriteString("f\n")
	}
	return nil
}

func jpegW(b []byte) int {
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return 1
	}
	return cfg.Width
}

func jpegH(b []byte) int {
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return 1
	}
	return cfg.Height
}
