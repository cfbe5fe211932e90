package testdocs

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"

	"github.com/go-pdf/fpdf"

	"github.com/docextract/docextract/extract/pdf"
)

// ScanOptions describe how a page is "scanned": the defaults are an office
// flatbed scan sent as a JPEG, a little crooked, slightly soft and noisy.
type ScanOptions struct {
	// DPI the page is rendered at; 0 means 200.
	DPI int
	// Degrees of rotation, counter-clockwise; the caller picks it per
	// document (a sheet is never put down quite straight).
	Degrees float64
	// Blur is the weight of the neighbours in a 3x3 smoothing, 0..1; 0
	// means none (a softly focused scanner: 0.5).
	Blur float64
	// Noise is the standard deviation of the grey-level noise added to
	// every pixel (sensor noise, paper grain), 0..255.
	Noise float64
	// Quality of the JPEG encoding; 0 means 70.
	Quality int
	// Seed makes the noise reproducible: the same options and page give
	// the same bytes, so OCR run caches keyed by the image are reused.
	Seed uint64
}

// DefaultScan is the degradation the scanned layout suites use: 200 dpi,
// softened, noise of 6 grey levels, JPEG quality 70. Degrees is left to
// the caller.
var DefaultScan = ScanOptions{DPI: 200, Blur: 0.5, Noise: 6, Quality: 70}

// Scan renders every page of a PDF with eng and degrades it as a scanner
// or a phone camera would (grey, paper not quite white, rotated, blurred,
// noisy, JPEG compressed), returning one JPEG per page. Pure Go apart from
// the rendering.
func Scan(ctx context.Context, eng pdf.Engine, data []byte, o ScanOptions) ([][]byte, error) {
	if o.DPI <= 0 {
		o.DPI = 200
	}
	if o.Quality <= 0 {
		o.Quality = 70
	}
	doc, err := eng.Open(ctx, data, "")
	if err != nil {
		return nil, fmt.Errorf("testdocs: open: %w", err)
	}
	defer doc.Close()
	var out [][]byte
	for i := range doc.PageCount() {
		img, err := doc.Render(ctx, i, o.DPI)
		if err != nil {
			return nil, fmt.Errorf("testdocs: render page %d: %w", i+1, err)
		}
		g := Degrade(img, o.Degrees, o.Blur, o.Noise, o.Seed+uint64(i))
		var b bytes.Buffer
		if err := jpeg.Encode(&b, g, &jpeg.Options{Quality: o.Quality}); err != nil {
			return nil, err
		}
		out = append(out, b.Bytes())
	}
	return out, nil
}

// Paper and ink grey levels of a scan: neither is pure.
const (
	paperGrey = 236
	inkGrey   = 28
)

// Degrade turns img into a grey scan: levels compressed between ink and
// paper, rotated by degrees (bilinear, the corners filled with paper),
// smoothed by blur (0..1) and given noise of standard deviation noise
// drawn from seed.
func Degrade(img image.Image, degrees, blur, noise float64, seed uint64) *image.Gray {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	src := make([]float64, w*h)
	for y := range h {
		for x := range w {
			l := color.GrayModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.Gray).Y
			src[y*w+x] = inkGrey + float64(l)*(paperGrey-inkGrey)/255
		}
	}
	// rotate about the centre: sample the source at the inverse rotation
	rot := make([]float64, w*h)
	a := degrees * math.Pi / 180
	sin, cos := math.Sin(a), math.Cos(a)
	cx, cy := float64(w)/2, float64(h)/2
	at := func(x, y int) float64 {
		if x < 0 || y < 0 || x >= w || y >= h {
			return paperGrey
		}
		return src[y*w+x]
	}
	for y := range h {
		for x := range w {
			dx, dy := float64(x)-cx, float64(y)-cy
			sx, sy := cx+dx*cos-dy*sin, cy+dx*sin+dy*cos
			x0, y0 := int(math.Floor(sx)), int(math.Floor(sy))
			fx, fy := sx-float64(x0), sy-float64(y0)
			top := at(x0, y0)*(1-fx) + at(x0+1, y0)*fx
			bot := at(x0, y0+1)*(1-fx) + at(x0+1, y0+1)*fx
			rot[y*w+x] = top*(1-fy) + bot*fy
		}
	}
	r := rand.New(rand.NewPCG(seed, 0x5ca7))
	out := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			v := rot[y*w+x]
			if blur > 0 {
				// 3x3 binomial kernel, mixed with the pixel by blur
				var s float64
				for j := -1; j <= 1; j++ {
					for i := -1; i <= 1; i++ {
						k := float64((2 - abs(i)) * (2 - abs(j)))
						xx, yy := min(max(x+i, 0), w-1), min(max(y+j, 0), h-1)
						s += k * rot[yy*w+xx]
					}
				}
				v = (1-blur)*v + blur*s/16
			}
			if noise > 0 {
				v += r.NormFloat64() * noise
			}
			out.Pix[y*out.Stride+x] = uint8(min(max(math.Round(v), 0), 255))
		}
	}
	return out
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// ImagePDF wraps JPEG pages in a PDF without a text layer, one A4 page
// each: what a scanner's "scan to PDF" produces, so that multi-page scans
// go through the extractor's OCR of image-only PDF pages.
func ImagePDF(pages [][]byte) ([]byte, error) {
	p := fpdf.New("P", "pt", "A4", "")
	p.SetAutoPageBreak(false, 0)
	for i, jp := range pages {
		p.AddPage()
		name := fmt.Sprintf("page%d", i)
		p.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: "JPG"}, bytes.NewReader(jp))
		w, h := p.GetPageSize()
		p.ImageOptions(name, 0, 0, w, h, false, fpdf.ImageOptions{ImageType: "JPG"}, 0, "")
	}
	var b bytes.Buffer
	if err := p.Output(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// StampedImagePDF is ImagePDF with real text drawn over every page image,
// as producers stamp it on scans: header lines at the top and footer lines
// at the bottom (8 pt Helvetica), e.g. a page number, a scanner's note or
// an e-mail gateway's banner. The text layer holds only these lines.
func StampedImagePDF(pages [][]byte, header, footer []string) ([]byte, error) {
	p := fpdf.New("P", "pt", "A4", "")
	p.SetAutoPageBreak(false, 0)
	tr := p.UnicodeTranslatorFromDescriptor("")
	for i, jp := range pages {
		p.AddPage()
		name := fmt.Sprintf("page%d", i)
		p.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: "JPG"}, bytes.NewReader(jp))
		w, h := p.GetPageSize()
		p.ImageOptions(name, 0, 0, w, h, false, fpdf.ImageOptions{ImageType: "JPG"}, 0, "")
		p.SetFont("Helvetica", "", 8)
		for j, l := range header {
			p.Text(30, 20+float64(j)*10, tr(l))
		}
		for j, l := range footer {
			p.Text(30, h-12-float64(len(footer)-1-j)*10, tr(l))
		}
	}
	var b bytes.Buffer
	if err := p.Output(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
