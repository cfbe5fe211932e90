package pdfium

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"time"
)

// warmUp reads and renders a small document on one worker before the
// engine is handed out. The WebAssembly runtime (wazero) fills a cache of
// each imported function's type the first time PDFium calls it, without a
// lock, and every worker of the pool shares those types: two workers making
// their first such call at once race (a torn read of the cached string
// could crash the call). Making the calls once here, before any other
// goroutine holds the engine, fills the cache for the paths every document
// takes: opening, the text layer, the image cover test and rendering a
// JPEG page (its decoder reports errors through such calls). It costs a
// few milliseconds once per engine.
func (e *Engine) warmUp() error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	doc, err := e.Open(ctx, warmPDF(), "")
	if err != nil {
		return fmt.Errorf("pdfium: warm-up: %w", err)
	}
	defer doc.Close()
	if _, err := doc.Text(ctx, 0); err != nil {
		return fmt.Errorf("pdfium: warm-up: %w", err)
	}
	if _, err := doc.ImageCover(ctx, 0); err != nil {
		return fmt.Errorf("pdfium: warm-up: %w", err)
	}
	if _, err := doc.Render(ctx, 0, 72); err != nil {
		return fmt.Errorf("pdfium: warm-up: %w", err)
	}
	return nil
}

// warmPDF is a one-page PDF holding a line of text and a small grey JPEG.
func warmPDF() []byte {
	img := image.NewGray(image.Rect(0, 0, 16, 16))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	img.Set(0, 0, color.Gray{Y: 255})
	var jb bytes.Buffer
	_ = jpeg.Encode(&jb, img, &jpeg.Options{Quality: 80}) // a bytes.Buffer never fails
	content := "BT /F1 12 Tf 20 60 Td (Total 12,50) Tj ET q 40 0 0 40 120 20 cm /Im1 Do Q"
	objs := []string{
		"<</Type/Catalog/Pages 2 0 R>>",
		"<</Type/Pages/Kids[3 0 R]/Count 1>>",
		"<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>/XObject<</Im1 6 0 R>>>>>>",
		fmt.Sprintf("<</Length %d>>\nstream\n%s\nendstream", len(content), content),
		"<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>",
		fmt.Sprintf("<</Type/XObject/Subtype/Image/Width 16/Height 16/ColorSpace/DeviceGray/BitsPerComponent 8/Filter/DCTDecode/Length %d>>\nstream\n%s\nendstream",
			jb.Len(), jb.Bytes()),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<</Size %d/Root 1 0 R>>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}
