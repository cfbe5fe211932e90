package ocr

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"
	"strconv"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/math/f64"
)

// toGray returns img as an 8-bit grayscale image with origin (0,0). An
// image with transparency is laid on white paper: a PNG whose background is
// transparent (screenshots, web exports) holds black in its clear pixels,
// and converted as it is, the page would be black and its text lost to the
// steps that work on this image (upscaling, bands read again).
func toGray(img image.Image) *image.Gray {
	b := img.Bounds()
	g := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	switch src := img.(type) {
	case *image.Gray:
		for y := 0; y < b.Dy(); y++ {
			copy(g.Pix[y*g.Stride:y*g.Stride+b.Dx()], src.Pix[src.PixOffset(b.Min.X, b.Min.Y+y):])
		}
	case *image.YCbCr:
		for y := 0; y < b.Dy(); y++ {
			for x := 0; x < b.Dx(); x++ {
				g.Pix[y*g.Stride+x] = src.Y[src.YOffset(b.Min.X+x, b.Min.Y+y)]
			}
		}
	default:
		if o, ok := img.(interface{ Opaque() bool }); ok && !o.Opaque() {
			draw.Draw(g, g.Bounds(), image.White, image.Point{}, draw.Src)
			draw.Draw(g, g.Bounds(), img, b.Min, draw.Over)
			break
		}
		draw.Draw(g, g.Bounds(), img, b.Min, draw.Src)
	}
	return g
}

// encodePGM encodes g as binary PGM (P5), the cheapest format tesseract
// (leptonica) reads from standard input.
func encodePGM(g *image.Gray) []byte {
	w, h := g.Bounds().Dx(), g.Bounds().Dy()
	hdr := "P5\n" + strconv.Itoa(w) + " " + strconv.Itoa(h) + "\n255\n"
	out := make([]byte, 0, len(hdr)+w*h)
	out = append(out, hdr...)
	for y := 0; y < h; y++ {
		out = append(out, g.Pix[y*g.Stride:y*g.Stride+w]...)
	}
	return out
}

// scaleGray resizes g by factor f with Catmull-Rom interpolation.
func scaleGray(g *image.Gray, f float64) *image.Gray {
	b := g.Bounds()
	dst := image.NewGray(image.Rect(0, 0, int(math.Round(float64(b.Dx())*f)), int(math.Round(float64(b.Dy())*f))))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), g, b, xdraw.Src, nil)
	return dst
}

// rotate90 turns g clockwise by deg, a multiple of 90.
func rotate90(g *image.Gray, deg int) *image.Gray {
	deg = ((deg % 360) + 360) % 360
	if deg == 0 {
		return g
	}
	w, h := g.Bounds().Dx(), g.Bounds().Dy()
	var dst *image.Gray
	if deg == 180 {
		dst = image.NewGray(image.Rect(0, 0, w, h))
	} else {
		dst = image.NewGray(image.Rect(0, 0, h, w))
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := g.Pix[y*g.Stride+x]
			switch deg {
			case 90:
				dst.Pix[x*dst.Stride+(h-1-y)] = v
			case 180:
				dst.Pix[(h-1-y)*dst.Stride+(w-1-x)] = v
			case 270:
				dst.Pix[(w-1-x)*dst.Stride+y] = v
			}
		}
	}
	return dst
}

// rotateSmall turns g clockwise by deg degrees (any angle) about its centre,
// enlarging the canvas so no corner is lost; new area is filled white.
func rotateSmall(g *image.Gray, deg float64) *image.Gray {
	w, h := float64(g.Bounds().Dx()), float64(g.Bounds().Dy())
	a := deg * math.Pi / 180
	sin, cos := math.Sin(a), math.Cos(a)
	nw := math.Abs(w*cos) + math.Abs(h*sin)
	nh := math.Abs(w*sin) + math.Abs(h*cos)
	dst := image.NewGray(image.Rect(0, 0, int(math.Ceil(nw)), int(math.Ceil(nh))))
	draw.Draw(dst, dst.Bounds(), image.NewUniform(color.Gray{Y: 255}), image.Point{}, draw.Src)
	// dst = T(nw/2,nh/2) * R(a) * T(-w/2,-h/2) * src (y down: clockwise).
	cx, cy := w/2, h/2
	m := f64.Aff3{
		cos, -sin, nw/2 - cos*cx + sin*cy,
		sin, cos, nh/2 - sin*cx - cos*cy,
	}
	xdraw.BiLinear.Transform(dst, m, g, g.Bounds(), xdraw.Over, nil)
	return dst
}

// textHeight estimates the typical height in pixels of text lines in g from
// its horizontal ink projection: the median height of runs of rows holding
// ink (runs under 5 rows are specks, not text). It returns 0 when no line
// is found.
func textHeight(g *image.Gray) float64 {
	w, h := g.Bounds().Dx(), g.Bounds().Dy()
	if w == 0 || h == 0 {
		return 0
	}
	thr := inkThreshold(g)
	minInk := max(2, w/200)
	var runs []float64
	run := 0
	for y := 0; y <= h; y++ {
		ink := 0
		if y < h {
			for _, v := range g.Pix[y*g.Stride : y*g.Stride+w] {
				if v < thr {
					ink++
				}
			}
		}
		if ink >= minInk {
			run++
			continue
		}
		if run >= 5 {
			runs = append(runs, float64(run))
		}
		run = 0
	}
	if len(runs) == 0 {
		return 0
	}
	slices.Sort(runs)
	return runs[len(runs)/2]
}

// inkThreshold is the grey level under which a pixel of g counts as ink:
// halfway between the mean and the darkest tenth.
func inkThreshold(g *image.Gray) uint8 {
	w, h := g.Bounds().Dx(), g.Bounds().Dy()
	if w == 0 || h == 0 {
		return 0
	}
	var hist [256]int
	for y := 0; y < h; y++ {
		for _, v := range g.Pix[y*g.Stride : y*g.Stride+w] {
			hist[v]++
		}
	}
	total, sum := w*h, 0
	var mean float64
	for v, n := range hist {
		mean += float64(v * n)
	}
	mean /= float64(total)
	dark := 0
	for v, n := range hist {
		sum += n
		if sum >= total/10 {
			dark = v
			break
		}
	}
	return uint8((mean + float64(dark)) / 2)
}

// scaleInto draws src scaled into the rectangle r of dst (Catmull-Rom).
func scaleInto(dst *image.Gray, r image.Rectangle, src *image.Gray) {
	xdraw.CatmullRom.Scale(dst, r, src, src.Bounds(), xdraw.Src, nil)
}
