package extract

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // decoders for image.Decode
	_ "image/png"
	"math"
	"sort"
	"time"
	"unicode"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/einvoice"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/ocr"
	"github.com/docextract/docextract/extract/pdf"
	"github.com/docextract/docextract/extract/receipt"
	"github.com/docextract/docextract/extract/template"
	"github.com/docextract/docextract/extract/validate"
)

// OCREngine recognises the words of a page image. *ocr.Tesseract is one.
type OCREngine interface {
	Recognize(ctx context.Context, img image.Image) (layout.Page, error)
	Name() string
}

// Config configures an Extractor. Zero values mean the documented defaults.
type Config struct {
	// PDF reads PDFs (page count, text layer, attachments, rendering for
	// OCR). nil means PDFs are refused with ErrNoPDFEngine while images
	// still work. Package extract/withpdfium builds an Extractor with the
	// PDFium engine (extract/pdf/pdfium) wired in.
	PDF pdf.Engine
	// ClosePDF makes Close close PDF too: set it when the engine was made
	// for this Extractor alone.
	ClosePDF bool
	// OCR recognises images and scanned pages. nil finds tesseract on PATH;
	// when it is absent, images fail with ErrNoOCR. Receipts are read by
	// an *ocr.Tesseract's Receipts variant (page segmentation for a
	// receipt's columns, unless its Config chose one).
	OCR OCREngine
	// NoOCR disables OCR even when an engine is found.
	NoOCR bool
	// OCRDPI is the resolution scanned PDF pages are rendered at. 0: 300.
	OCRDPI int
	// Timeout bounds one Extract call. 0: 2 minutes.
	Timeout time.Duration
	// IgnoreEmbedded skips embedded e-invoice XML and reads the printed
	// text, to measure the text path against the XML.
	IgnoreEmbedded bool
	// Templates are invoice2data templates (template.Load) tried before the
	// generic invoice reader; the first that matches wins and its id becomes
	// the document's template_id.
	Templates *template.Set
}

// Extractor extracts documents. It is safe for concurrent use.
type Extractor struct {
	cfg Config
	pdf pdf.Engine
	ocr OCREngine
	// receiptOCR reads receipts: ocr's Receipts variant when ocr is an
	// *ocr.Tesseract, else ocr.
	receiptOCR OCREngine
}

// New returns an Extractor reading PDFs with cfg.PDF. When cfg.OCR is nil
// it looks for tesseract on PATH (unless cfg.NoOCR).
func New(cfg Config) (*Extractor, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Minute
	}
	if cfg.OCRDPI <= 0 {
		cfg.OCRDPI = 300
	}
	x := &Extractor{cfg: cfg, pdf: cfg.PDF, ocr: cfg.OCR}
	if x.ocr == nil && !cfg.NoOCR {
		if t, err := ocr.NewTesseract(ocr.Config{}); err == nil {
			x.ocr = t
		}
	}
	if cfg.NoOCR {
		x.ocr = nil
	}
	x.receiptOCR = x.ocr
	if t, ok := x.ocr.(*ocr.Tesseract); ok {
		// A receipt read without a total or a valid date, or whose total
		// rests on its label alone or whose date was repaired from an OCR
		// slip, is read a second time (the value lines only, or the whole
		// image); the reading the receipt's own figures settle better wins.
		x.receiptOCR = t.Receipts().WithCheck(receipt.CheckName, receipt.OCRCheck)
	}
	return x, nil
}

// engine returns the OCR engine for documents of type typ.
func (x *Extractor) engine(typ docextract.DocType) OCREngine {
	if typ == docextract.Receipt {
		return x.receiptOCR
	}
	return x.ocr
}

// OCR returns the OCR engine in use, or nil.
func (x *Extractor) OCR() OCREngine { return x.ocr }

// Close closes the PDF engine when Config.ClosePDF is set.
func (x *Extractor) Close() error {
	if x.cfg.ClosePDF && x.pdf != nil {
		return x.pdf.Close()
	}
	return nil
}

// maxPixels bounds a decoded image (a decompression bomb guard): 60
// megapixels is a 300 dpi A3 scan with room to spare.
const maxPixels = 60_000_000

// Inspect sniffs data and counts its pages without extracting: what an
// upload handler needs to accept or refuse a file and to hold its credits.
// An encrypted PDF answers Info.Encrypted with no error when no password is
// given; its page count is then unknown (0).
func (x *Extractor) Inspect(ctx context.Context, data []byte, password string) (Info, error) {
	info := Info{ContentType: Sniff(data)}
	switch info.ContentType {
	case "":
		return info, ErrUnsupportedType
	case TypeJPEG, TypePNG:
		cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			return info, fmt.Errorf("%w: %v", ErrMalformed, err)
		}
		if cfg.Width <= 0 || cfg.Height <= 0 {
			return info, fmt.Errorf("%w: image of %dx%d pixels", ErrMalformed, cfg.Width, cfg.Height)
		}
		if cfg.Width*cfg.Height > maxPixels {
			return info, fmt.Errorf("%w: image of %dx%d pixels", &LimitError{Limit: fmt.Sprintf("image size limit of %d megapixels", maxPixels/1_000_000), Err: ErrMalformed}, cfg.Width, cfg.Height)
		}
		info.PageCount = 1
		return info, nil
	}
	if x.pdf == nil {
		return info, ErrNoPDFEngine
	}
	ctx, cancel := context.WithTimeout(ctx, x.cfg.Timeout)
	defer cancel()
	doc, err := x.pdf.Open(ctx, data, password)
	if errors.Is(err, pdf.ErrPasswordRequired) {
		info.Encrypted = true
		if password != "" {
			return info, ErrPasswordRequired
		}
		return info, nil
	}
	if err != nil {
		return info, x.pdfErr(ctx, err)
	}
	defer doc.Close()
	info.PageCount = doc.PageCount()
	if info.PageCount == 0 {
		return info, fmt.Errorf("%w: PDF has no pages", ErrMalformed)
	}
	if info.PageCount > docextract.MaxPDFPages {
		return info, ErrTooManyPages
	}
	return info, nil
}

func (x *Extractor) pdfErr(ctx context.Context, err error) error {
	switch {
	case ctx.Err() != nil:
		return ErrTimeout
	case errors.Is(err, pdf.ErrPasswordRequired):
		return ErrPasswordRequired
	case errors.Is(err, pdf.ErrMalformed):
		return fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return err
}

// Extract reads every document in in.Data. It never panics on hostile input
// and returns within Config.Timeout (ErrTimeout).
func (x *Extractor) Extract(ctx context.Context, in Input) (res *Result, err error) {
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, x.cfg.Timeout)
	defer cancel()
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("%w: internal error: %v", ErrMalformed, r)
		}
		if err != nil && ctx.Err() != nil && !errors.Is(err, ErrTimeout) {
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				err = ErrTimeout
			}
		}
		var le *LimitError
		if errors.Is(err, ErrTimeout) && !errors.As(err, &le) {
			err = timeLimit(x.cfg.Timeout) // names the limit; still ErrTimeout
		}
		if res != nil {
			res.Elapsed = time.Since(start)
		}
	}()
	if in.DocType == "" {
		in.DocType = docextract.Invoice
	}
	if _, ok := docextract.ParseDocType(string(in.DocType)); !ok {
		return nil, fmt.Errorf("extract: unknown document type %q", in.DocType)
	}
	res = &Result{ContentType: Sniff(in.Data)}
	switch res.ContentType {
	case "":
		return nil, ErrUnsupportedType
	case TypePDF:
		return res, x.extractPDF(ctx, in, res)
	default:
		return res, x.extractImage(ctx, in, res)
	}
}

func (x *Extractor) extractImage(ctx context.Context, in Input, res *Result) error {
	if _, err := x.Inspect(ctx, in.Data, ""); err != nil {
		return err
	}
	res.PageCount = 1
	if x.ocr == nil {
		return ErrNoOCR
	}
	var page layout.Page
	var err error
	eng := x.engine(in.DocType)
	if enc, ok := eng.(ocr.EncodedRecognizer); ok {
		page, err = enc.RecognizeEncoded(ctx, in.Data)
	} else {
		var img image.Image
		img, _, err = image.Decode(bytes.NewReader(in.Data))
		if err != nil {
			return fmt.Errorf("%w: %v", ErrMalformed, err)
		}
		page, err = eng.Recognize(ctx, img)
	}
	if err != nil {
		if ctx.Err() != nil {
			return ErrTimeout
		}
		return fmt.Errorf("extract: OCR: %w", err)
	}
	page.Number, page.OCR = 1, true
	res.Documents = x.fromPages(in, []layout.Page{page}, "ocr")
	return nil
}

func (x *Extractor) extractPDF(ctx context.Context, in Input, res *Result) error {
	if x.pdf == nil {
		return ErrNoPDFEngine
	}
	doc, err := x.pdf.Open(ctx, in.Data, in.Password)
	if err != nil {
		return x.pdfErr(ctx, err)
	}
	defer doc.Close()
	res.PageCount = doc.PageCount()
	if res.PageCount == 0 {
		return fmt.Errorf("%w: PDF has no pages", ErrMalformed)
	}
	if res.PageCount > docextract.MaxPDFPages {
		return ErrTooManyPages
	}
	if !x.cfg.IgnoreEmbedded && (!in.Force || in.DocType == docextract.Invoice) {
		atts, err := doc.Attachments(ctx)
		if err != nil && ctx.Err() != nil {
			return ErrTimeout
		}
		if d, ok := embeddedInvoice(atts, res.PageCount); ok {
			d.Mismatch = in.DocType != docextract.Invoice
			res.Documents = []Document{d}
			return nil
		}
	}
	pages := make([]layout.Page, res.PageCount)
	source := "text"
	for i := range pages {
		p, err := doc.Text(ctx, i)
		if err != nil {
			return x.pdfErr(ctx, err)
		}
		ocrPage := needsOCR(p)
		if !ocrPage && x.ocr != nil && thinText(p) {
			cover, err := doc.ImageCover(ctx, i)
			if err != nil {
				return x.pdfErr(ctx, err)
			}
			ocrPage = cover >= minImageCover
		}
		if ocrPage && x.ocr != nil {
			img, err := doc.Render(ctx, i, x.cfg.OCRDPI)
			if err != nil {
				return x.pdfErr(ctx, err)
			}
			op, err := x.engine(in.DocType).Recognize(ctx, img)
			if err != nil {
				if ctx.Err() != nil {
					return ErrTimeout
				}
				return fmt.Errorf("extract: OCR of page %d: %w", i+1, err)
			}
			op.Number, op.OCR = i+1, true
			p = op
			source = "ocr"
		}
		pages[i] = p
	}
	if allEmpty(pages) && x.ocr == nil {
		return ErrNoOCR
	}
	res.Documents = x.fromPages(in, pages, source)
	return nil
}

// Thresholds of needsOCR.
const (
	// minTextBytes: a text layer of fewer bytes is no page's real content
	// (a scan with a stamped page number, say).
	minTextBytes = 20
	// maxUnreadable: a text layer where more than this share of the
	// characters stand for no readable one (layout.Page.Unreadable:
	// control characters, private-use code points, U+FFFD, from fonts
	// without a usable ToUnicode map) is garbage. A clean page has none; a
	// few icons of a symbol font stay far below. A font that gives its glyph
	// ids gives its space and digit glyphs as control characters: 40-60% of
	// an invoice's characters, 80% and more for a subset font.
	maxUnreadable = 0.25
	// maxSignWords: a text layer where more than this share of the words
	// (at least minSignWords of them) hold no letter or digit of any script
	// is garbage too (a subset font whose codes fall on punctuation). A
	// real page's "-", "|", "€" and "%" words are a tenth or less.
	maxSignWords = 0.5
	minSignWords = 5
)

// needsOCR reports whether a page's text layer is missing, too thin to be
// the page's real content, or garbage (mostly unreadable characters, or
// mostly words without a letter or digit): such a page is rendered and
// recognised like a scan, and the recognised words replace the text layer.
func needsOCR(p layout.Page) bool {
	n, chars, signs := 0, 0, 0
	for _, w := range p.Words {
		n += len(w.Text)
		alnum := false
		for _, r := range w.Text {
			chars++
			if !alnum && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
				alnum = true
			}
		}
		if !alnum {
			signs++
		}
	}
	switch {
	case n < minTextBytes:
		return true
	case float64(p.Unreadable) > maxUnreadable*float64(p.Unreadable+chars):
		return true
	case len(p.Words) >= minSignWords && float64(signs) > maxSignWords*float64(len(p.Words)):
		return true
	}
	return false
}

// A page whose image objects cover at least minImageCover of it and whose
// text layer is thin (at most maxThinLines lines) is a scan with a little
// real text stamped on it: a header, "Page 1 of 1", a scanner's footer, an
// e-mail gateway's banner. It is OCR'd, and the recognised words replace
// the stamped ones (which the rendered page shows too). A text document
// over a full-page background image (a letterhead) has more lines and
// keeps its text layer.
const (
	minImageCover = 0.5
	maxThinLines  = 6
)

// thinText reports whether the words of p stand on at most maxThinLines
// lines: word centres further apart vertically than half the smaller word's
// height start a new line.
func thinText(p layout.Page) bool {
	if len(p.Words) == 0 {
		return true
	}
	type span struct{ cy, h float64 }
	ws := make([]span, len(p.Words))
	for i, w := range p.Words {
		ws[i] = span{w.CY(), w.H()}
	}
	sort.Slice(ws, func(i, j int) bool { return ws[i].cy < ws[j].cy })
	lines := 1
	for i := 1; i < len(ws); i++ {
		if ws[i].cy-ws[i-1].cy > 0.5*math.Min(ws[i].h, ws[i-1].h) {
			if lines++; lines > maxThinLines {
				return false
			}
		}
	}
	return true
}

func allEmpty(pages []layout.Page) bool {
	for _, p := range pages {
		if len(p.Words) > 0 {
			return false
		}
	}
	return true
}

// embeddedInvoice reads a Factur-X / ZUGFeRD / XRechnung / UBL attachment.
func embeddedInvoice(atts []pdf.Attachment, pages int) (Document, bool) {
	_, xml, ok := einvoice.FindInvoiceXML(atts)
	if !ok {
		return Document{}, false
	}
	data, info, err := einvoice.Parse(xml)
	if err != nil {
		return Document{}, false
	}
	d := xmlDocument(data, info)
	d.PageStart, d.PageEnd = 1, pages
	return d, true
}

func xmlDocument(data *docextract.InvoiceData, info einvoice.Info) Document {
	d := Document{
		DocType:    docextract.Invoice,
		PageStart:  1,
		PageEnd:    1,
		TemplateID: TemplateCII,
		Source:     "cii",
		Data:       data,
		Validation: validate.Invoice(data),
		Confidence: 1,
		// The seller's own XML: every value is what was invoiced.
		FieldConfidence: fieldsWith(data, 1),
	}
	if info.Syntax == einvoice.SyntaxUBL {
		d.TemplateID, d.Source = TemplateUBL, "ubl"
	}
	return d
}

// ExtractXML reads a standalone e-invoice (CII, ZUGFeRD 1 or UBL XML).
func ExtractXML(data []byte) (Document, error) {
	inv, info, err := einvoice.Parse(data)
	if err != nil {
		return Document{}, err
	}
	return xmlDocument(inv, info), nil
}
