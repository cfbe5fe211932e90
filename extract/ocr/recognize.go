package ocr

import (
	"bytes"
	"context"
	"fmt"
	"image"
	_ "image/jpeg" // decoders for RecognizeEncoded
	_ "image/png"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/docextract/docextract/extract/layout"
)

// Recognize OCRs img: grayscale, upscaled when its text is small, turned
// upright and straightened when needed (see Config). Word boxes are in the
// pixel space of the upright, straightened image at its original scale.
func (t *Tesseract) Recognize(ctx context.Context, img image.Image) (layout.Page, error) {
	return t.recognize(ctx, toGray(img), nil)
}

// RecognizeEncoded OCRs an encoded JPEG or PNG image, first turned upright
// as its Exif orientation says (a phone's photo stored sideways). When no
// turn or upscaling is needed, the original bytes go to tesseract
// unchanged.
func (t *Tesseract) RecognizeEncoded(ctx context.Context, data []byte) (layout.Page, error) {
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return layout.Page{}, fmt.Errorf("ocr: decode image: %w", err)
	}
	if o := exifOrientation(data); o != 1 {
		return t.recognize(ctx, orient(toGray(img), o), nil)
	}
	return t.recognize(ctx, toGray(img), data)
}

// pass is one recognition of a prepared image.
type pass struct {
	words []TSVWord
	img   *image.Gray // the image as recognised (scaled)
	scale float64     // factor applied to the original
	score float64
}

func (t *Tesseract) read(ctx context.Context, g *image.Gray, scale float64, raw []byte) (pass, error) {
	if raw == nil {
		raw = encodePGM(g)
	}
	words, err := t.tsv(ctx, raw, t.cfg.PSM)
	if err != nil {
		return pass{}, err
	}
	return pass{words: words, img: g, scale: scale, score: score(words)}, nil
}

func (t *Tesseract) recognize(ctx context.Context, g *image.Gray, raw []byte) (layout.Page, error) {
	scale := 1.0
	if t.cfg.MinTextHeight > 0 {
		if h := textHeight(g); h > 0 && h < t.cfg.MinTextHeight {
			scale = min(t.cfg.MaxUpscale, t.cfg.MinTextHeight/h*1.25)
			// Small text in a large image is more likely noise misread
			// as lines: never grow the long side beyond 4000 px.
			long := float64(max(g.Bounds().Dx(), g.Bounds().Dy()))
			scale = math.Max(1, math.Min(scale, 4000/long))
		}
	}
	img := g
	if scale > 1.05 {
		img = scaleGray(g, scale)
		raw = nil
	} else {
		scale = 1
	}
	best, err := t.read(ctx, img, scale, raw)
	if err != nil {
		return layout.Page{}, err
	}

	// Upside down or sideways: few confident words.
	if !t.cfg.NoOrientation && poor(best.words) {
		var tries []int
		if t.osd {
			rot, conf, err := t.osdRotate(ctx, encodePGM(best.img))
			switch {
			case err != nil && ctx.Err() != nil:
				return layout.Page{}, err
			case err == nil && rot != 0:
				tries = []int{rot}
			case err != nil || conf < 1:
				tries = []int{180}
			}
		} else {
			tries = []int{180, 90, 270}
		}
		for _, rot := range tries {
			p, err := t.read(ctx, rotate90(best.img, rot), best.scale, nil)
			if err != nil {
				return layout.Page{}, err
			}
			if p.score > best.score*1.2 {
				best = p
			}
			if !poor(p.words) {
				break
			}
		}
	}

	// Skew: straighten and read again, keep the better reading.
	if !t.cfg.NoDeskew {
		if a := Skew(best.words); math.Abs(a) >= t.cfg.MinSkew && math.Abs(a) <= 20 {
			p, err := t.read(ctx, rotateSmall(best.img, -a), best.scale, nil)
			if err != nil {
				return layout.Page{}, err
			}
			if p.score > best.score {
				best = p
			}
		}
	}

	// Words the page segmentation dropped: when the first reading left
	// pieces of text unread (see unreadText), read the whole page again in
	// the other mode and keep the reading with more words read (see
	// Config.AltPSM). A page every piece of text of which was read is not
	// read again: there the other mode's reading won on words read now and
	// then but lost fields as often as it gained them.
	if t.cfg.AltPSM > 0 && t.cfg.AltPSM != t.cfg.PSM && unreadText(best.img, best.words) != 0 {
		words, err := t.tsv(ctx, encodePGM(best.img), t.cfg.AltPSM)
		if err != nil {
			return layout.Page{}, err
		}
		// Mode 6 reads a logo, a shaded box or a rule as words of letters
		// of low confidence ("EEE EBEN RER"): those are not kept.
		words = slices.DeleteFunc(words, func(w TSVWord) bool { return w.Conf < 50 && !strings.ContainsAny(w.Text, "0123456789") })
		if sc := score(words); sc > best.score {
			best.words, best.score = words, sc
		}
	}

	// Values dropped or garbled by the page segmentation: read the lines
	// that hold them again and merge, the surer word winning.
	if t.cfg.RereadPSM > 0 && t.cfg.RereadPSM != t.cfg.PSM {
		words, err := t.rereadValues(ctx, best)
		if err != nil {
			return layout.Page{}, err
		}
		best.words = mergeWords(best.words, words)
	}
	if t.check != nil {
		return t.secondLook(ctx, best)
	}
	return toPage(best), nil
}

// secondLook reads the image of p again when t.check says the reading
// lacks a field (see WithCheck): the whole image in page segmentation mode
// 11 (sparse text: every piece of text found, in no particular order, so a
// line the layout analysis dropped or garbled as part of a block is read on
// its own), in the first reading's languages. Its words holding a digit are
// merged into p's, the surer word winning; the merged reading is kept only
// when check scores it higher, so a second reading that garbles what the
// first read right is dropped. Measured on the SROIE tune part against
// mode 6 and 4 and English alone: see the README, "second look". A reading
// whose fields are then still weak has its value lines read again at
// another scale (recheckValues).
func (t *Tesseract) secondLook(ctx context.Context, p pass) (layout.Page, error) {
	first := toPage(p)
	score, lacking, weak := t.check(first)
	if !lacking && !weak {
		return first, nil
	}
	best := first
	if lacking {
		words, err := t.tsv(ctx, encodePGM(p.img), secondLookPSM)
		if err != nil {
			return layout.Page{}, err
		}
		words = slices.DeleteFunc(words, func(w TSVWord) bool { return !strings.ContainsAny(w.Text, "0123456789") })
		for i := range words {
			words[i].Block += secondLookBlock
		}
		merged := p
		merged.words = mergeWords(p.words, words)
		page := toPage(merged)
		if s, l, w := t.check(page); s > score {
			best, p, score, weak = page, merged, s, l || w
		}
	}
	if !weak {
		return best, nil
	}
	page, ok, err := t.recheckValues(ctx, p, score)
	if err != nil || !ok {
		return best, err
	}
	return page, nil
}

// secondLookPSM is the page segmentation mode of the second look, and
// secondLookBlock is added to its words' block numbers so that they never
// share a block with the first reading's.
const (
	secondLookPSM   = 11
	secondLookBlock = 700000
)

func toPage(p pass) layout.Page {
	b := p.img.Bounds()
	page := layout.Page{
		Number: 1, OCR: true,
		Width:  float64(b.Dx()) / p.scale,
		Height: float64(b.Dy()) / p.scale,
		Words:  make([]layout.Word, 0, len(p.words)),
	}
	for _, w := range p.words {
		lw := w.Word
		lw.X0 /= p.scale
		lw.Y0 /= p.scale
		lw.X1 /= p.scale
		lw.Y1 /= p.scale
		lw.Size /= p.scale
		page.Words = append(page.Words, lw)
	}
	return page
}

// score is the expected number of correctly read words: the summed
// confidence of words holding a letter or digit.
func score(words []TSVWord) float64 {
	s := 0.0
	for _, w := range words {
		if hasAlnum(w.Text) {
			s += w.Conf / 100
		}
	}
	return s
}

// poor reports whether a reading looks like a page the wrong way up: few
// words or a low mean confidence.
func poor(words []TSVWord) bool {
	n, sum := 0, 0.0
	for _, w := range words {
		if hasAlnum(w.Text) {
			n++
			sum += w.Conf
		}
	}
	return n < 5 || sum/float64(n) < 45
}

func hasAlnum(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// Skew estimates the clockwise skew of the text in degrees from the
// recognised lines: the median slope of lines with at least two words,
// fitted through the word bottoms. 0 when no line qualifies.
func Skew(words []TSVWord) float64 {
	type key struct{ b, p, l int }
	lines := map[key][]TSVWord{}
	var order []key
	for _, w := range words {
		k := key{w.Block, w.Par, w.Line}
		if _, ok := lines[k]; !ok {
			order = append(order, k)
		}
		lines[k] = append(lines[k], w)
	}
	var angles []float64
	for _, k := range order {
		ws := lines[k]
		if len(ws) < 2 {
			continue
		}
		var n, sx, sy, sxx, sxy float64
		for _, w := range ws {
			x, y := w.CX(), w.Y1
			n++
			sx += x
			sy += y
			sxx += x * x
			sxy += x * y
		}
		den := n*sxx - sx*sx
		if den <= 0 || ws[len(ws)-1].X1-ws[0].X0 < 3*ws[0].H() {
			continue
		}
		angles = append(angles, math.Atan((n*sxy-sx*sy)/den)*180/math.Pi)
	}
	if len(angles) == 0 {
		return 0
	}
	slices.Sort(angles)
	return angles[len(angles)/2]
}
