// Package pdfium implements pdf.Engine with PDFium compiled to WebAssembly
// (github.com/klippa-app/go-pdfium, wazero runtime): pure Go, no cgo, no
// external binary. One Engine holds a pool of PDFium instances sized by the
// caller; the compiled module is cached on disk (the user cache directory) so
// a cold command-line start does not pay for compiling PDFium again.
//
// Every call runs under its context: the expensive PDFium calls (parsing,
// page loading, text analysis) are interrupted by the WebAssembly runtime when
// the deadline passes, and the cheap per-character calls check it between
// them, so a hostile PDF cannot hang a worker. An instance whose call failed
// or was interrupted is discarded, never returned to the pool. Page
// rendering (for OCR) goes through go-pdfium and is checked only before and
// after.
package pdfium

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	gopdfium "github.com/klippa-app/go-pdfium"
	"github.com/klippa-app/go-pdfium/webassembly"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/experimental"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/pdf"
	"github.com/docextract/docextract/extract/textparse"
)

// Config configures an Engine. The zero value is usable.
type Config struct {
	// Workers is the number of PDFium instances (documents open at once);
	// 0 means runtime.GOMAXPROCS(0).
	Workers int
	// CacheDir holds the compiled WebAssembly module. "" means
	// os.UserCacheDir()/docextract/wazero; "-" disables the disk cache.
	CacheDir string
	// MemoryLimit caps the memory of each PDFium instance, that is of one
	// document, in bytes (rounded down to 64 KiB pages): a document whose
	// streams or images decode to more (a flate bomb) fails with
	// ErrMemoryLimit naming the limit instead of growing the process.
	// 0 means DefaultMemoryLimit.
	MemoryLimit int64
	// Budget caps the memory of all instances together; engines given the
	// same Budget share it (see MemoryBudget). nil means a budget of this
	// engine's own of Workers × MemoryLimit.
	Budget *MemoryBudget
}

// DefaultMemoryLimit is the default Config.MemoryLimit: more than twice
// what a page rendered at the largest size Render makes (maxRenderPixels)
// needs, and many times what the honest scans of the corpus need.
const DefaultMemoryLimit = 256 << 20

// keepBelow is the memory an instance may have grown to and still be
// reused: WebAssembly memory never shrinks, so an instance that grew more
// (a large page, a document that hit a limit) is discarded after its
// document and its memory given back; a page rendered for OCR at 300 dpi
// takes an instance to about 35 MiB.
const keepBelow = 64 << 20

// Engine is a pool of PDFium instances. It is safe for concurrent use.
type Engine struct {
	pool   gopdfium.Pool
	cache  wazero.CompilationCache
	sem    chan struct{}
	limit  uint32 // memory limit of an instance, bytes
	budget *MemoryBudget
}

var _ pdf.Engine = (*Engine)(nil)

// New starts a pool. It compiles (or loads from the cache) the PDFium module,
// which takes a few seconds cold and some tens of milliseconds warm, and
// reads one small page before returning (warmUp, about 10 ms).
func New(cfg Config) (*Engine, error) {
	n := cfg.Workers
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	limit := cfg.MemoryLimit
	if limit <= 0 {
		limit = DefaultMemoryLimit
	}
	limit = min(limit, 4<<30-65536) &^ 65535
	budget := cfg.Budget
	if budget == nil {
		budget = NewMemoryBudget(int64(n) * limit)
	}
	rc := wazero.NewRuntimeConfig().WithCloseOnContextDone(true)
	var cache wazero.CompilationCache
	if dir := cacheDir(cfg.CacheDir); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err == nil {
			if c, err := wazero.NewCompilationCacheWithDir(dir); err == nil {
				cache = c
				rc = rc.WithCompilationCache(c)
			}
		}
	}
	pool, err := webassembly.Init(webassembly.Config{
		// Instances take their memory from the budget (memory.go).
		Context:       experimental.WithMemoryAllocator(context.Background(), allocator{budget: budget, limit: uint64(limit)}),
		MinIdle:       1,
		MaxIdle:       n,
		MaxTotal:      n,
		ReuseWorkers:  true,
		RuntimeConfig: rc,
		Stdout:        io.Discard,
		Stderr:        io.Discard,
	})
	if err != nil {
		if cache != nil {
			cache.Close(context.Background())
		}
		return nil, fmt.Errorf("pdfium: start pool: %w", err)
	}
	e := &Engine{pool: pool, cache: cache, sem: make(chan struct{}, n), limit: uint32(limit), budget: budget}
	if err := e.warmUp(); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

func cacheDir(dir string) string {
	switch dir {
	case "-":
		return ""
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(base, "docextract", "wazero")
	}
	return dir
}

// Close stops the pool.
func (e *Engine) Close() error {
	err := e.pool.Close()
	if e.cache != nil {
		e.cache.Close(context.Background())
	}
	return err
}

// Open parses data with PDFium. The document keeps one instance of the pool
// until it is closed.
func (e *Engine) Open(ctx context.Context, data []byte, password string) (pdf.Document, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	select {
	case e.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	inst, err := e.pool.GetInstanceWithContext(ctx)
	if err != nil {
		<-e.sem
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("pdfium: get instance: %w", err)
	}
	d := &document{inst: inst, ctx: ctx, data: data, password: password, limit: e.limit, budget: e.budget, release: func() { <-e.sem }}
	if err := d.open(ctx); err != nil {
		d.Close()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	return d, nil
}

type document struct {
	inst     gopdfium.Pdfium
	ctx      context.Context // of Open: once done, calls may have been cut
	r        *raw
	data     []byte
	password string
	buf, pw  uint32 // module memory holding the file and password
	rect     uint32 // scratch FS_RECTF
	doc      uint64 // FPDF_DOCUMENT
	pages    int
	limit    uint32 // the instance's memory limit
	budget   *MemoryBudget
	release  func()

	killed bool
	closed bool
}

func (d *document) open(ctx context.Context) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: pdfium panic: %v", pdf.ErrMalformed, r)
		}
	}()
	if d.r, err = newRaw(d.inst.GetImplementation()); err != nil {
		return err
	}
	d.r.limit, d.r.budget = d.limit, d.budget
	if d.buf, err = d.r.write(ctx, d.data); err != nil {
		return err
	}
	if d.pw, err = d.r.write(ctx, []byte(d.password)); err != nil {
		return err
	}
	if d.rect, err = d.r.malloc(ctx, 16); err != nil {
		return err
	}
	h, err := d.r.call(ctx, "FPDF_LoadMemDocument64", uint64(d.buf), uint64(len(d.data)), uint64(d.pw))
	if err != nil {
		return err
	}
	if uint32(h) == 0 {
		code, _ := d.r.call(context.Background(), "FPDF_GetLastError")
		if code == 4 { // FPDF_ERR_PASSWORD
			return pdf.ErrPasswordRequired
		}
		return fmt.Errorf("%w (pdfium error %d)", pdf.ErrMalformed, code)
	}
	d.doc = uint64(uint32(h))
	n, err := d.r.call(ctx, "FPDF_GetPageCount", d.doc)
	if err != nil {
		return err
	}
	d.pages = i32(n)
	if d.pages < 0 {
		return fmt.Errorf("%w: negative page count", pdf.ErrMalformed)
	}
	return nil
}

// guard runs f, turning PDFium panics into errors and a passed deadline into
// ctx.Err().
func (d *document) guard(ctx context.Context, f func() error) (err error) {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d.killed || (d.r != nil && d.r.failed) {
		return errors.New("pdfium: document unusable after an interrupted call")
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("pdfium: panic: %v", r)
		}
		if ctx.Err() != nil {
			err = ctx.Err()
		}
	}()
	return f()
}

func (d *document) PageCount() int { return d.pages }

func (d *document) Close() error {
	if d.closed {
		return nil
	}
	d.closed = true
	// An instance whose calls failed or were cut by the context may have a
	// closed or inconsistent module: discard it rather than return it to
	// the pool for the next document.
	// One that grew past keepBelow is discarded too: WebAssembly memory
	// never shrinks, and the next document should not start big.
	if !d.killed && (d.ctx.Err() != nil || d.r == nil || d.r.failed || d.r.mem.Size() > keepBelow) {
		d.killed = true
		d.inst.Kill()
	}
	if !d.killed {
		func() {
			defer func() { recover() }()
			if d.r != nil {
				if d.doc != 0 {
					d.r.call(context.Background(), "FPDF_CloseDocument", d.doc)
				}
				d.r.free(d.buf)
				d.r.free(d.pw)
				d.r.free(d.rect)
			}
		}()
		d.inst.Close()
	}
	d.release()
	return nil
}

func (d *document) Attachments(ctx context.Context) ([]pdf.Attachment, error) {
	var out []pdf.Attachment
	err := d.guard(ctx, func() error {
		n, err := d.r.call(ctx, "FPDFDoc_GetAttachmentCount", d.doc)
		if err != nil {
			return err
		}
		for i := 0; i < i32(n); i++ {
			a, err := d.r.call(ctx, "FPDFDoc_GetAttachment", d.doc, uint64(i))
			if err != nil {
				return err
			}
			if uint32(a) == 0 {
				continue
			}
			att, err := d.attachment(ctx, uint64(uint32(a)))
			if err != nil {
				return err
			}
			out = append(out, att)
		}
		return nil
	})
	return out, err
}

// maxAttachment bounds the embedded file read into memory.
const maxAttachment = 32 << 20

func (d *document) attachment(ctx context.Context, a uint64) (pdf.Attachment, error) {
	var att pdf.Attachment
	size, err := d.r.call(ctx, "FPDFAttachment_GetName", a, 0, 0)
	if err != nil {
		return att, err
	}
	if n := uint32(size); n > 0 && n < 1<<16 {
		p, err := d.r.malloc(ctx, int(n))
		if err != nil {
			return att, err
		}
		d.r.call(ctx, "FPDFAttachment_GetName", a, uint64(p), uint64(n))
		b, _ := d.r.read(p, n)
		d.r.free(p)
		att.Name = utf16z(b)
	}
	lenp, err := d.r.malloc(ctx, 4)
	if err != nil {
		return att, err
	}
	defer d.r.free(lenp)
	ok, err := d.r.call(ctx, "FPDFAttachment_GetFile", a, 0, 0, uint64(lenp))
	if err != nil || uint32(ok) == 0 {
		return att, err
	}
	n, _ := d.r.mem.ReadUint32Le(lenp)
	if n == 0 || n > maxAttachment {
		return att, nil
	}
	p, err := d.r.malloc(ctx, int(n))
	if err != nil {
		return att, err
	}
	defer d.r.free(p)
	ok, err = d.r.call(ctx, "FPDFAttachment_GetFile", a, uint64(p), uint64(n), uint64(lenp))
	if err != nil || uint32(ok) == 0 {
		return att, err
	}
	att.Data, _ = d.r.read(p, n)
	return att, nil
}

// maxRenderPixels bounds a rendered page (a hostile page size must not
// allocate gigabytes): a larger page is rendered at a lower resolution.
// 24 megapixels (96 MB of bitmap) hold an A3 page at 300 dpi.
const maxRenderPixels = 24_000_000

// PDFium render flags.
const (
	renderAnnot            = 0x01 // FPDF_ANNOT: draw annotations (form fields, stamps)
	renderReverseByteOrder = 0x10 // FPDF_REVERSE_BYTE_ORDER: RGBA instead of BGRA
)

// Render draws page i at dpi on white, through PDFium's C API under ctx:
// a page that renders for too long is interrupted by the runtime when ctx
// ends, like text extraction, instead of stalling its worker.
func (d *document) Render(ctx context.Context, i int, dpi int) (image.Image, error) {
	if i < 0 || i >= d.pages {
		return nil, fmt.Errorf("pdfium: page %d out of range", i)
	}
	if dpi <= 0 {
		return nil, fmt.Errorf("pdfium: invalid resolution %d dpi", dpi)
	}
	var img image.Image
	err := d.guard(ctx, func() error {
		var err error
		img, err = d.render(ctx, i, dpi)
		return err
	})
	return img, err
}

func (d *document) render(ctx context.Context, i int, dpi int) (image.Image, error) {
	r, bg := d.r, context.Background()
	pg, err := r.call(ctx, "FPDF_LoadPage", d.doc, uint64(i))
	if err != nil {
		return nil, err
	}
	if uint32(pg) == 0 {
		return nil, fmt.Errorf("%w: page %d cannot be loaded", pdf.ErrMalformed, i+1)
	}
	defer r.call(bg, "FPDF_ClosePage", pg)
	wv, _ := r.call(bg, "FPDF_GetPageWidthF", pg)
	hv, _ := r.call(bg, "FPDF_GetPageHeightF", pg)
	wPt, hPt := f32(wv), f32(hv)
	if !(wPt > 0 && hPt > 0) || math.IsInf(wPt, 0) || math.IsInf(hPt, 0) {
		return nil, fmt.Errorf("%w: page %d has no size", pdf.ErrMalformed, i+1)
	}
	scale := float64(dpi) / 72
	if px := wPt * hPt * scale * scale; px > maxRenderPixels {
		scale *= math.Sqrt(maxRenderPixels / px)
	}
	w, h := max(1, int(math.Round(wPt*scale))), max(1, int(math.Round(hPt*scale)))

	bm, err := r.call(ctx, "FPDFBitmap_Create", uint64(w), uint64(h), 0)
	if err != nil {
		return nil, err
	}
	if uint32(bm) == 0 {
		return nil, fmt.Errorf("pdfium: no memory for a %dx%d page image", w, h)
	}
	defer r.call(bg, "FPDFBitmap_Destroy", bm)
	if _, err := r.call(ctx, "FPDFBitmap_FillRect", bm, 0, 0, uint64(w), uint64(h), 0xFFFFFFFF); err != nil {
		return nil, err
	}
	// The one call that can run long on a hostile page: under ctx.
	if _, err := r.call(ctx, "FPDF_RenderPageBitmap", bm, pg, 0, 0, uint64(w), uint64(h), 0, renderAnnot|renderReverseByteOrder); err != nil {
		return nil, err
	}
	buf, err := r.call(bg, "FPDFBitmap_GetBuffer", bm)
	if err != nil {
		return nil, err
	}
	sv, err := r.call(bg, "FPDFBitmap_GetStride", bm)
	if err != nil {
		return nil, err
	}
	stride := i32(sv)
	if uint32(buf) == 0 || stride < 4*w {
		return nil, errors.New("pdfium: rendered page has no pixels")
	}
	src, ok := r.mem.Read(uint32(buf), uint32(stride*h))
	if !ok {
		return nil, errors.New("pdfium: rendered page out of memory range")
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		row := out.Pix[y*out.Stride : y*out.Stride+4*w]
		copy(row, src[y*stride:y*stride+4*w])
		for x := 3; x < len(row); x += 4 {
			row[x] = 0xFF // BGRx/RGBx: the fourth byte is padding
		}
	}
	return out, nil
}

// allText reads the n characters of text page tp as UTF-16 units, one per
// character index. FPDFText_GetText leaves some characters out (control
// characters such as the U+0003 a font without a ToUnicode map gives for
// its space glyph): then the units no longer line up with the character
// indexes, and nil is returned for the caller to read every character on
// its own.
func (d *document) allText(ctx context.Context, tp uint64, n int) ([]uint16, error) {
	buf, err := d.r.malloc(ctx, 2*(n+1))
	if err != nil {
		return nil, err
	}
	defer d.r.free(buf)
	got, err := d.r.call(ctx, "FPDFText_GetText", tp, 0, uint64(n), uint64(buf))
	if err != nil {
		return nil, err
	}
	if i32(got) != n+1 { // n units and the terminating zero
		return nil, nil
	}
	b, ok := d.r.mem.Read(buf, uint32(2*n))
	if !ok {
		return nil, errors.New("pdfium: text buffer out of range")
	}
	units := make([]uint16, n)
	for i := range units {
		units[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
	}
	return units, nil
}

// char is one PDFium text character: its loose box in PDF user space
// (bottom-left origin), angle in radians and font size. s, when set, is
// written instead of r (textparse.NormRune's replacement).
type char struct {
	r                        rune
	s                        string
	left, top, right, bottom float64
	angle                    float64
	size                     float64
}

func (d *document) Text(ctx context.Context, i int) (layout.Page, error) {
	page := layout.Page{Number: i + 1}
	if i < 0 || i >= d.pages {
		return page, fmt.Errorf("pdfium: page %d out of range", i)
	}
	var chars []char
	var w, h float64
	err := d.guard(ctx, func() error {
		var err error
		chars, w, h, page.Unreadable, err = d.chars(ctx, i, false)
		return err
	})
	if err != nil {
		return page, err
	}
	// Words running over other words are the sign of text clipped to a
	// field's box (a report writer prints a field's whole value and clips
	// what overflows into the next field), PDFium's text page giving the
	// clipped-away characters too, or of a value drawn over a template's
	// placeholder. Only then is the page read again with its text objects'
	// clip paths looked at (a few calls per page object, which every page
	// would otherwise pay), and words covered by later ones dropped.
	q := dominantQuadrant(chars)
	ws := words(chars, q, w, h)
	if overlapping(ws) {
		err := d.guard(ctx, func() error {
			var err error
			chars, w, h, page.Unreadable, err = d.chars(ctx, i, true)
			return err
		})
		if err != nil {
			return page, err
		}
		q = dominantQuadrant(chars)
		ws = dropOverdrawn(words(chars, q, w, h))
	}
	// w, h are the visible box in the page's own (unrotated) space, where
	// PDFium gives the characters. Text running at 90 or 270 degrees there
	// (a page with /Rotate 90 or 270 whose content is drawn turned so the
	// viewer shows it upright, or content turned by its cm matrix) is read
	// in its own frame, which is h wide and w high.
	page.Width, page.Height = w, h
	if q%2 == 1 {
		page.Width, page.Height = h, w
	}
	page.Words = ws
	return page, nil
}

// chars reads the characters of page i, normalised by textparse.NormRune
// (spaces of every kind as ' ', soft hyphens dropped, ligatures and
// full-width forms replaced); characters that stand for no readable one are
// word breaks and counted in bad.
func (d *document) chars(ctx context.Context, i int, clips bool) (chars []char, w, h float64, bad int, err error) {
	r, bg := d.r, context.Background()
	pg, err := r.call(ctx, "FPDF_LoadPage", d.doc, uint64(i))
	if err != nil {
		return nil, 0, 0, 0, err
	}
	if uint32(pg) == 0 {
		return nil, 0, 0, 0, fmt.Errorf("%w: page %d cannot be loaded", pdf.ErrMalformed, i+1)
	}
	defer func() { r.call(bg, "FPDF_ClosePage", pg) }()
	if pg, err = d.flatten(ctx, pg, i); err != nil {
		return nil, 0, 0, 0, err
	}
	box, err := d.visibleBox(pg)
	if err != nil {
		return nil, 0, 0, 0, err
	}
	w, h = box.right-box.left, box.top-box.bottom
	tp, err := r.call(ctx, "FPDFText_LoadPage", pg)
	if err != nil {
		return nil, w, h, 0, err
	}
	if uint32(tp) == 0 {
		return nil, w, h, 0, nil // no text layer
	}
	defer r.call(bg, "FPDFText_ClosePage", tp)
	nv, err := r.call(bg, "FPDFText_CountChars", tp)
	if err != nil {
		return nil, w, h, 0, err
	}
	n := i32(nv)
	if n <= 0 {
		return nil, w, h, 0, nil
	}
	pb := box
	// Text objects clipped by a clip path their text runs out of (report
	// writers print a field's whole value and clip it to the field's
	// box): their characters outside the clip are not shown.
	var clipped map[uint64]pageBox
	if clips {
		if clipped, err = d.clippedText(ctx, pg); err != nil {
			return nil, w, h, 0, err
		}
	}
	// All characters in one call: UTF-16 units, one per character index
	// (PDFium stores one code unit per char; a lone surrogate is dropped).
	units, err := d.allText(ctx, tp, n)
	if err != nil {
		return nil, w, h, 0, err
	}
	chars = make([]char, 0, n)
	for k := 0; k < n; k++ {
		if k&255 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, w, h, 0, err
			}
		}
		var c char
		if units != nil {
			c.r = rune(units[k])
		}
		// GetText gives a surrogate half for a character beyond the BMP and
		// U+FFFE for the hyphen it found at a line's end (GetUnicode: U+0002).
		if units == nil || (c.r >= 0xD800 && c.r <= 0xDFFF) || c.r == 0xFFFE {
			u, err := r.call(bg, "FPDFText_GetUnicode", tp, uint64(k))
			if err != nil {
				return nil, w, h, 0, err
			}
			c.r = rune(uint32(u))
		}
		if c.r == 0 || c.r == 0xFFFE || c.r == 0xFFFF {
			// Not characters of the page: PDFium's markers.
			c.r = ' '
			chars = append(chars, c)
			continue
		}
		switch act, repl := textparse.NormRune(c.r); act {
		case textparse.CharBreak:
			c.r = ' '
			chars = append(chars, c)
			continue
		case textparse.CharUnreadable:
			bad++
			c.r = ' '
			chars = append(chars, c)
			continue
		case textparse.CharDrop:
			continue
		case textparse.CharReplace:
			c.s = repl
		}
		if ok, err := r.call(bg, "FPDFText_GetLooseCharBox", tp, uint64(k), uint64(d.rect)); err != nil {
			return nil, w, h, 0, err
		} else if uint32(ok) == 0 {
			continue
		}
		var box [4]float32
		for j := range box {
			v, _ := r.mem.ReadUint32Le(d.rect + uint32(4*j))
			box[j] = math.Float32frombits(v)
		}
		c.left, c.top, c.right, c.bottom = float64(box[0]), float64(box[1]), float64(box[2]), float64(box[3])
		// A character whose centre lies outside the visible box (a
		// template's text beyond the crop box, off the page) is not shown
		// by any viewer and is no part of the page: a word break.
		if cx, cy := (c.left+c.right)/2, (c.top+c.bottom)/2; !pb.holds(cx, cy) {
			c = char{r: ' '}
			chars = append(chars, c)
			continue
		}
		if len(clipped) > 0 {
			o, err := r.call(bg, "FPDFText_GetTextObject", tp, uint64(k))
			if err != nil {
				return nil, w, h, 0, err
			}
			// Shown when its centre is inside the clip: a glyph cut in half
			// or more is not read.
			if cb, ok := clipped[uint64(uint32(o))]; ok && !cb.within((c.left+c.right)/2, (c.top+c.bottom)/2) {
				chars = append(chars, char{r: ' '})
				continue
			}
		}
		// Coordinates from the visible box's bottom-left corner.
		c.left, c.right = c.left-pb.left, c.right-pb.left
		c.top, c.bottom = c.top-pb.bottom, c.bottom-pb.bottom
		// Angle and size change at word boundaries, not inside words: read
		// them for the first character after a break only.
		if len(chars) == 0 || chars[len(chars)-1].r == ' ' {
			av, _ := r.call(bg, "FPDFText_GetCharAngle", tp, uint64(k))
			c.angle = f32(av)
			sv, _ := r.call(bg, "FPDFText_GetFontSize", tp, uint64(k))
			c.size = math.Float64frombits(sv)
		} else {
			prev := chars[len(chars)-1]
			c.angle, c.size = prev.angle, prev.size
		}
		chars = append(chars, c)
	}
	return chars, w, h, bad, nil
}

// words groups PDFium characters into words: a word ends at a space or line
// break character, a horizontal gap wider than a fraction of the font size, or
// a jump to another line. Characters rotated away from the dominant text
// direction quad (stamps, margin notes) are dropped; a page whose text runs
// at 90, 180 or 270 degrees is turned upright. Coordinates are converted to
// a top-left origin; width and height are the page's in its own space.
func words(chars []char, quad int, width, height float64) []layout.Word {
	var out []layout.Word
	var cur layout.Word
	var buf strings.Builder
	var lastX1 float64
	combining := false // the word holds a combining mark: compose it
	flush := func() {
		if buf.Len() > 0 {
			cur.Text = buf.String()
			if combining {
				cur.Text = textparse.Compose(cur.Text)
			}
			cur.Conf = 100
			out = append(out, cur)
		}
		buf.Reset()
		combining = false
	}
	for _, c := range chars {
		if c.r == ' ' {
			flush()
			continue
		}
		if quadrant(c.angle) != quad {
			flush()
			continue
		}
		x0, y0, x1, y1 := upright(c, quad, width, height)
		h := y1 - y0
		if buf.Len() > 0 {
			// PDFium inserts space characters where it sees word gaps, so a
			// break here is only for what it missed: a jump to another line
			// or a wide gap.
			ref := math.Max(cur.Y1-cur.Y0, h)
			if ref <= 0 {
				ref = 1
			}
			gap := x0 - lastX1
			cy := (y0 + y1) / 2
			if gap > ref*0.5 || gap < -ref || cy < cur.Y0 || cy > cur.Y1 {
				flush()
			}
		}
		if buf.Len() == 0 {
			cur = layout.Word{X0: x0, Y0: y0, X1: x1, Y1: y1, Size: c.size}
		} else {
			cur.X0, cur.Y0 = math.Min(cur.X0, x0), math.Min(cur.Y0, y0)
			cur.X1, cur.Y1 = math.Max(cur.X1, x1), math.Max(cur.Y1, y1)
			cur.Size = math.Max(cur.Size, c.size)
		}
		if c.s != "" {
			buf.WriteString(c.s)
		} else {
			buf.WriteRune(c.r)
			combining = combining || textparse.IsCombining(c.r)
		}
		lastX1 = x1
	}
	flush()
	return out
}

// quadrant maps an angle in radians to 0..3 (multiples of 90 degrees), or -1
// for text that is clearly diagonal.
func quadrant(a float64) int {
	deg := math.Mod(a*180/math.Pi+360, 360)
	q := int(math.Round(deg / 90))
	if math.Abs(deg-float64(q)*90) > 10 {
		return -1
	}
	return q % 4
}

func dominantQuadrant(chars []char) int {
	var n [4]int
	for _, c := range chars {
		if c.r == ' ' {
			continue
		}
		if q := quadrant(c.angle); q >= 0 {
			n[q]++
		}
	}
	best := 0
	for q := 1; q < 4; q++ {
		if n[q] > n[best] {
			best = q
		}
	}
	return best
}

// upright converts a PDFium char box (bottom-left origin, in the page's
// own space w wide and h high) to top-left coordinates in the reading
// frame of text at quadrant q. PDFium measures a character's angle
// clockwise: at 90 degrees text runs down the page, at 270 up it.
func upright(c char, q int, w, h float64) (x0, y0, x1, y1 float64) {
	l, r := math.Min(c.left, c.right), math.Max(c.left, c.right)
	b, t := math.Min(c.bottom, c.top), math.Max(c.bottom, c.top)
	switch q {
	case 1: // text runs top to bottom: its top is the page's right edge
		return h - t, w - r, h - b, w - l
	case 2: // upside down
		return w - r, b, w - l, t
	case 3: // text runs bottom to top: its top is the page's left edge
		return b, l, t, r
	}
	return l, h - t, r, h - b
}

// pageBox is a rectangle in PDF user space.
type pageBox struct{ left, bottom, right, top float64 }

// holds reports whether (x, y) lies in b, give or take a point.
func (b pageBox) holds(x, y float64) bool {
	return x >= b.left-1 && x <= b.right+1 && y >= b.bottom-1 && y <= b.top+1
}

// within reports whether (x, y) lies in b.
func (b pageBox) within(x, y float64) bool {
	return x >= b.left && x <= b.right && y >= b.bottom && y <= b.top
}

// visibleBox returns the part of page pg a viewer shows (the crop box cut
// to the media box) in the page's own space, before its /Rotate; PDFium's
// character and object boxes are in that space.
func (d *document) visibleBox(pg uint64) (pageBox, error) {
	r := d.r
	ok, err := r.call(context.Background(), "FPDF_GetPageBoundingBox", pg, uint64(d.rect))
	if err != nil {
		return pageBox{}, err
	}
	var v [4]float64 // FS_RECTF: left, top, right, bottom
	for j := range v {
		u, _ := r.mem.ReadUint32Le(d.rect + uint32(4*j))
		v[j] = float64(math.Float32frombits(u))
	}
	b := pageBox{left: math.Min(v[0], v[2]), right: math.Max(v[0], v[2]), bottom: math.Min(v[1], v[3]), top: math.Max(v[1], v[3])}
	if uint32(ok) == 0 || !(b.right > b.left && b.top > b.bottom) || math.IsInf(b.right-b.left, 0) || math.IsInf(b.top-b.bottom, 0) {
		// No usable box: the page's size as PDFium reports it, from 0,0.
		wv, _ := r.call(context.Background(), "FPDF_GetPageWidthF", pg)
		hv, _ := r.call(context.Background(), "FPDF_GetPageHeightF", pg)
		rot, _ := r.call(context.Background(), "FPDFPage_GetRotation", pg)
		w, h := f32(wv), f32(hv)
		if i32(rot)%2 == 1 {
			w, h = h, w
		}
		return pageBox{right: w, top: h}, nil
	}
	return b, nil
}

// Page object type of text (FPDF_PAGEOBJ_TEXT).
const pageObjText = 1

// Bounds of the clip paths clippedText reads: paths of one clip and
// points of one path; a clip beyond them is taken as not clipping.
const (
	maxClipPaths  = 4
	maxClipPoints = 32
)

// clippedText returns the text objects of page pg (at its top level, at
// most maxCoverObjects looked at) that reach more than a point beyond
// the bounds of their clip path, with those bounds: the characters of
// such an object outside them are clipped away. It costs four calls or
// more per page object (PDFium gives every object a clip path, most of
// them empty), so Text asks for it only on a page whose words run over
// each other; when no object is clipped (a browser's page-wide clip holds
// its text) the characters are not looked up one by one.
func (d *document) clippedText(ctx context.Context, pg uint64) (map[uint64]pageBox, error) {
	r, bg := d.r, context.Background()
	nv, err := r.call(bg, "FPDFPage_CountObjects", pg)
	if err != nil {
		return nil, err
	}
	var out map[uint64]pageBox
	for k := 0; k < min(i32(nv), maxCoverObjects); k++ {
		if k&255 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		o, err := r.call(bg, "FPDFPage_GetObject", pg, uint64(k))
		if err != nil {
			return nil, err
		}
		obj := uint64(uint32(o))
		if obj == 0 {
			continue
		}
		cp, err := r.call(bg, "FPDFPageObj_GetClipPath", obj)
		if err != nil {
			return nil, err
		}
		if uint32(cp) == 0 {
			continue
		}
		t, err := r.call(bg, "FPDFPageObj_GetType", obj)
		if err != nil {
			return nil, err
		}
		if i32(t) != pageObjText {
			continue
		}
		clip, ok, err := d.clipBounds(uint64(uint32(cp)))
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		b, ok, err := d.objBounds(obj)
		if err != nil || !ok {
			return nil, err
		}
		if b.left < clip.left-1 || b.right > clip.right+1 || b.bottom < clip.bottom-1 || b.top > clip.top+1 {
			if out == nil {
				out = map[uint64]pageBox{}
			}
			out[obj] = clip
		}
	}
	return out, nil
}

// objBounds returns the bounds of page object obj in page space.
func (d *document) objBounds(obj uint64) (pageBox, bool, error) {
	r := d.r
	for j := range 4 {
		r.mem.WriteUint32Le(d.rect+uint32(4*j), 0)
	}
	ok, err := r.call(context.Background(), "FPDFPageObj_GetBounds", obj, uint64(d.rect), uint64(d.rect+4), uint64(d.rect+8), uint64(d.rect+12))
	if err != nil || uint32(ok) == 0 {
		return pageBox{}, false, err
	}
	var v [4]float64 // left, bottom, right, top
	for j := range v {
		u, _ := r.mem.ReadUint32Le(d.rect + uint32(4*j))
		v[j] = float64(math.Float32frombits(u))
	}
	return pageBox{left: v[0], bottom: v[1], right: v[2], top: v[3]}, true, nil
}

// clipBounds returns the bounds of the intersection of clip's paths (the
// smallest box of each path, intersected); ok is false for a clip without
// paths or beyond maxClipPaths/maxClipPoints.
func (d *document) clipBounds(clip uint64) (pageBox, bool, error) {
	r, bg := d.r, context.Background()
	nv, err := r.call(bg, "FPDFClipPath_CountPaths", clip)
	if err != nil {
		return pageBox{}, false, err
	}
	n := i32(nv)
	if n <= 0 || n > maxClipPaths {
		return pageBox{}, false, nil
	}
	out := pageBox{left: math.Inf(-1), bottom: math.Inf(-1), right: math.Inf(1), top: math.Inf(1)}
	for p := range n {
		sv, err := r.call(bg, "FPDFClipPath_CountPathSegments", clip, uint64(p))
		if err != nil {
			return pageBox{}, false, err
		}
		segs := i32(sv)
		if segs <= 0 || segs > maxClipPoints {
			return pageBox{}, false, nil
		}
		b := pageBox{left: math.Inf(1), bottom: math.Inf(1), right: math.Inf(-1), top: math.Inf(-1)}
		for s := range segs {
			seg, err := r.call(bg, "FPDFClipPath_GetPathSegment", clip, uint64(p), uint64(s))
			if err != nil {
				return pageBox{}, false, err
			}
			if uint32(seg) == 0 {
				return pageBox{}, false, nil
			}
			ok, err := r.call(bg, "FPDFPathSegment_GetPoint", uint64(uint32(seg)), uint64(d.rect), uint64(d.rect+4))
			if err != nil {
				return pageBox{}, false, err
			}
			if uint32(ok) == 0 {
				return pageBox{}, false, nil
			}
			xv, _ := r.mem.ReadUint32Le(d.rect)
			yv, _ := r.mem.ReadUint32Le(d.rect + 4)
			x, y := float64(math.Float32frombits(xv)), float64(math.Float32frombits(yv))
			b.left, b.right = math.Min(b.left, x), math.Max(b.right, x)
			b.bottom, b.top = math.Min(b.bottom, y), math.Max(b.top, y)
		}
		out.left, out.right = math.Max(out.left, b.left), math.Min(out.right, b.right)
		out.bottom, out.top = math.Max(out.bottom, b.bottom), math.Min(out.top, b.top)
	}
	if !(out.right > out.left && out.top > out.bottom) {
		return pageBox{}, false, nil
	}
	return out, true, nil
}

// maxFlattenAnnots bounds the annotations of a page that flatten merges
// into its content: a page with more (a hostile file of many thousand
// widgets) is read without them.
const maxFlattenAnnots = 500

// PDFium's flatten results (FLATTEN_*) and usage (FLAT_NORMALDISPLAY).
const (
	flattenSuccess    = 1
	flatNormalDisplay = 0
)

// flatten merges the annotations of page pg (index i) into its content
// and returns the page loaded again, when it has any, at most
// maxFlattenAnnots: the values of a filled form that was not flattened
// live only in its widgets' appearance streams, which PDFium's text page
// does not read, and so do the notes of a FreeText annotation typed onto
// a page. A page without annotations, the common case, costs one call.
func (d *document) flatten(ctx context.Context, pg uint64, i int) (uint64, error) {
	r := d.r
	nv, err := r.call(context.Background(), "FPDFPage_GetAnnotCount", pg)
	if err != nil {
		return pg, err
	}
	if n := i32(nv); n <= 0 || n > maxFlattenAnnots {
		return pg, nil
	}
	res, err := r.call(ctx, "FPDFPage_Flatten", pg, flatNormalDisplay)
	if err != nil {
		return pg, err
	}
	if i32(res) != flattenSuccess {
		return pg, nil
	}
	// The flattened content is read from a page loaded anew.
	r.call(context.Background(), "FPDF_ClosePage", pg)
	np, err := r.call(ctx, "FPDF_LoadPage", d.doc, uint64(i))
	if err != nil {
		return 0, err
	}
	if uint32(np) == 0 {
		return 0, fmt.Errorf("%w: page %d cannot be loaded after flattening", pdf.ErrMalformed, i+1)
	}
	return np, nil
}

// overlapping reports whether a word of ws covers at least half of
// another (the pairs dropOverdrawn looks at); glyphs that merely touch, a
// bold glyph's box reaching into the next, do not.
func overlapping(ws []layout.Word) bool {
	found := false
	overlaps(ws, func(i, j int) bool {
		found = true
		return false
	})
	return found
}

// maxOverlapPairs bounds the pairs of words overlaps compares on one page.
// A real page compares each word with the few on its line (tens of
// thousands of pairs on a dense one); a hostile page of 100,000 words on
// one baseline would compare every pair, billions, in pure Go where no
// deadline can stop it. Past the bound the page is taken as it is: no more
// overlaps are reported.
const maxOverlapPairs = 2_000_000

// overlaps calls visit for the pairs of words of ws whose boxes overlap by
// at least half of the smaller one, until visit returns false. Words are
// compared only with those whose boxes start above their bottom, in a
// sweep down the page, at most maxOverlapPairs pairs; it returns the
// number of pairs compared.
func overlaps(ws []layout.Word, visit func(i, j int) bool) int {
	if len(ws) < 2 {
		return 0
	}
	pairs := 0
	idx := make([]int, len(ws))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return ws[idx[a]].Y0 < ws[idx[b]].Y0 })
	for a, i := range idx {
		wi := ws[i]
		for _, j := range idx[a+1:] {
			wj := ws[j]
			if wj.Y0 >= wi.Y1 {
				break
			}
			if pairs++; pairs > maxOverlapPairs {
				return pairs - 1
			}
			ox := math.Min(wi.X1, wj.X1) - math.Max(wi.X0, wj.X0)
			oy := math.Min(wi.Y1, wj.Y1) - math.Max(wi.Y0, wj.Y0)
			if ox <= 0 || oy <= 0 {
				continue
			}
			small := math.Min((wi.X1-wi.X0)*(wi.Y1-wi.Y0), (wj.X1-wj.X0)*(wj.Y1-wj.Y0))
			if ox*oy >= 0.5*small && !visit(i, j) {
				return pairs
			}
		}
	}
	return pairs
}

// dropOverdrawn removes the words of a text layer that a later word of
// about its height covers: where two such words' boxes overlap by at least
// half of the smaller one, the viewer shows the one drawn last (a value
// written over a template's placeholder whited out under it, a text drawn
// twice to look bold), and PDFium gives the characters in drawing order.
// A word of another height over or under the text (a stamp, a watermark)
// drops nothing.
func dropOverdrawn(ws []layout.Word) []layout.Word {
	var drop []bool
	overlaps(ws, func(i, j int) bool {
		hi, hj := ws[i].Y1-ws[i].Y0, ws[j].Y1-ws[j].Y0
		if math.Abs(hi-hj) > 0.3*math.Max(hi, hj) {
			return true // a stamp or watermark over the text, not a value over a value
		}
		if drop == nil {
			drop = make([]bool, len(ws))
		}
		drop[min(i, j)] = true
		return true
	})
	if drop == nil {
		return ws
	}
	out := ws[:0:0]
	for i, w := range ws {
		if !drop[i] {
			out = append(out, w)
		}
	}
	return out
}

// PDFium page object types (FPDF_PAGEOBJ_*).
const (
	pageObjImage = 3
	pageObjForm  = 5
)

// coverGrid is the side of the grid ImageCover measures on: a cell counts
// as covered when its centre lies in an image, so overlapping images (and
// scanners' strips) are counted once.
const coverGrid = 64

// maxCoverObjects bounds the page objects ImageCover looks at (a hostile
// page of millions of paths).
const maxCoverObjects = 100_000

// ImageCover returns the share of page i (0..1) that image objects cover,
// images inside form XObjects counted with the form's bounds.
func (d *document) ImageCover(ctx context.Context, i int) (float64, error) {
	if i < 0 || i >= d.pages {
		return 0, fmt.Errorf("pdfium: page %d out of range", i)
	}
	var cover float64
	err := d.guard(ctx, func() error {
		var err error
		cover, err = d.imageCover(ctx, i)
		return err
	})
	return cover, err
}

func (d *document) imageCover(ctx context.Context, i int) (float64, error) {
	r, bg := d.r, context.Background()
	pg, err := r.call(ctx, "FPDF_LoadPage", d.doc, uint64(i))
	if err != nil {
		return 0, err
	}
	if uint32(pg) == 0 {
		return 0, fmt.Errorf("%w: page %d cannot be loaded", pdf.ErrMalformed, i+1)
	}
	defer r.call(bg, "FPDF_ClosePage", pg)
	// Object bounds are in the page's own space, before its /Rotate: the
	// grid is laid over the visible box there.
	box, err := d.visibleBox(pg)
	if err != nil {
		return 0, err
	}
	w, h := box.right-box.left, box.top-box.bottom
	if !(w > 0 && h > 0) {
		return 0, nil
	}
	var grid [coverGrid * coverGrid]bool
	seen := 0
	mark := func(obj uint64) error {
		for j := range 4 {
			r.mem.WriteUint32Le(d.rect+uint32(4*j), 0)
		}
		ok, err := r.call(bg, "FPDFPageObj_GetBounds", obj, uint64(d.rect), uint64(d.rect+4), uint64(d.rect+8), uint64(d.rect+12))
		if err != nil || uint32(ok) == 0 {
			return err
		}
		var b [4]float64
		for j := range b {
			v, _ := r.mem.ReadUint32Le(d.rect + uint32(4*j))
			b[j] = float64(math.Float32frombits(v))
		}
		left, bottom, right, top := b[0]-box.left, b[1]-box.bottom, b[2]-box.left, b[3]-box.bottom
		for gy := range coverGrid {
			cy := (float64(gy) + 0.5) * h / coverGrid
			if cy < bottom || cy > top {
				continue
			}
			for gx := range coverGrid {
				cx := (float64(gx) + 0.5) * w / coverGrid
				if cx >= left && cx <= right {
					grid[gy*coverGrid+gx] = true
				}
			}
		}
		return nil
	}
	// hasImage reports whether form object obj holds an image (depth
	// bounded: forms nest).
	var hasImage func(obj uint64, depth int) (bool, error)
	hasImage = func(obj uint64, depth int) (bool, error) {
		nv, err := r.call(bg, "FPDFFormObj_CountObjects", obj)
		if err != nil {
			return false, err
		}
		for k := 0; k < i32(nv) && seen < maxCoverObjects; k++ {
			seen++
			o, err := r.call(bg, "FPDFFormObj_GetObject", obj, uint64(k))
			if err != nil || uint32(o) == 0 {
				return false, err
			}
			t, err := r.call(bg, "FPDFPageObj_GetType", uint64(uint32(o)))
			if err != nil {
				return false, err
			}
			switch i32(t) {
			case pageObjImage:
				return true, nil
			case pageObjForm:
				if depth < 4 {
					if ok, err := hasImage(uint64(uint32(o)), depth+1); ok || err != nil {
						return ok, err
					}
				}
			}
		}
		return false, nil
	}
	nv, err := r.call(ctx, "FPDFPage_CountObjects", pg)
	if err != nil {
		return 0, err
	}
	for k := 0; k < i32(nv) && seen < maxCoverObjects; k++ {
		if k&255 == 0 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
		seen++
		o, err := r.call(bg, "FPDFPage_GetObject", pg, uint64(k))
		if err != nil {
			return 0, err
		}
		if uint32(o) == 0 {
			continue
		}
		obj := uint64(uint32(o))
		t, err := r.call(bg, "FPDFPageObj_GetType", obj)
		if err != nil {
			return 0, err
		}
		img := i32(t) == pageObjImage
		if i32(t) == pageObjForm {
			if img, err = hasImage(obj, 1); err != nil {
				return 0, err
			}
		}
		if img {
			if err := mark(obj); err != nil {
				return 0, err
			}
		}
	}
	n := 0
	for _, c := range grid {
		if c {
			n++
		}
	}
	return float64(n) / float64(len(grid)), nil
}
