package extract

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"

	"golang.org/x/image/draw"

	"github.com/docextract/docextract/extract/pdf"
)

// previewDPI is the resolution a PDF page is drawn at for a preview: an A4
// page is about 830 pixels wide, enough to read beside a table of fields.
const previewDPI = 100

// Preview draws page (one-based) of a stored upload as an image at most
// maxWidth pixels wide, for a person to compare with the extracted fields
// (the dashboard's document page). PDFs are rendered by the PDF engine;
// JPEG and PNG images are decoded after the same pixel checks as Inspect
// and scaled down. It runs under Config.Timeout. An encrypted PDF needs its
// password (ErrPasswordRequired).
func (x *Extractor) Preview(ctx context.Context, data []byte, password string, page, maxWidth int) (image.Image, error) {
	ctx, cancel := context.WithTimeout(ctx, x.cfg.Timeout)
	defer cancel()
	if maxWidth <= 0 {
		maxWidth = 1000
	}
	var img image.Image
	switch Sniff(data) {
	case TypeJPEG, TypePNG:
		if _, err := x.Inspect(ctx, data, ""); err != nil {
			return nil, err
		}
		var err error
		if img, _, err = image.Decode(bytes.NewReader(data)); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
		}
	case TypePDF:
		if x.pdf == nil {
			return nil, ErrNoPDFEngine
		}
		doc, err := x.pdf.Open(ctx, data, password)
		if errors.Is(err, pdf.ErrPasswordRequired) {
			return nil, ErrPasswordRequired
		} else if err != nil {
			return nil, x.pdfErr(ctx, err)
		}
		defer doc.Close()
		if page < 1 || page > doc.PageCount() {
			return nil, fmt.Errorf("%w: no page %d of %d", ErrMalformed, page, doc.PageCount())
		}
		if img, err = doc.Render(ctx, page-1, previewDPI); err != nil {
			return nil, x.pdfErr(ctx, err)
		}
	default:
		return nil, ErrUnsupportedType
	}
	b := img.Bounds()
	if b.Dx() <= maxWidth {
		return img, nil
	}
	h := max(1, b.Dy()*maxWidth/b.Dx())
	dst := image.NewRGBA(image.Rect(0, 0, maxWidth, h))
	draw.ApproxBiLinear.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	return dst, nil
}
