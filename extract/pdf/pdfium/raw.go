package pdfium

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"unicode/utf16"

	"github.com/docextract/docextract/extract/pdf"
	"github.com/tetratelabs/wazero/api"
)

// raw calls PDFium's C API in the WebAssembly module directly, with the
// exported functions resolved once per instance. go-pdfium resolves the
// function on every call, which allocates a fresh call stack each time: fine
// for a page render, ruinous for the several calls per character that text
// extraction makes (300 ms instead of a few ms for a dense page).
type raw struct {
	mem   api.Memory
	fn    map[string]api.Function
	stack []uint64 // reused by call: no allocation per call
	// failed is set when a call errs: the module may have been closed
	// (a cancelled context closes it) or left in an unknown state, so its
	// instance must not go back to the pool.
	failed bool
	limit  uint32 // the instance's memory limit in bytes; 0 unknown
	budget *MemoryBudget
}

// ErrMemoryLimit is wrapped by errors of a call that ran out of the
// instance's memory limit (Config.MemoryLimit).
var ErrMemoryLimit = errors.New("pdfium: memory limit reached")

var errUnusable = errors.New("pdfium: instance unusable after a failed call")

var rawFuncs = []string{
	"malloc", "free", "FPDF_GetLastError",
	"FPDF_LoadMemDocument64", "FPDF_CloseDocument", "FPDF_GetPageCount",
	"FPDF_LoadPage", "FPDF_ClosePage", "FPDF_GetPageWidthF", "FPDF_GetPageHeightF",
	"FPDF_GetPageBoundingBox", "FPDFPage_GetRotation", "FPDFPage_GetAnnotCount", "FPDFPage_Flatten",
	"FPDFText_GetTextObject", "FPDFPageObj_GetClipPath", "FPDFClipPath_CountPaths", "FPDFClipPath_CountPathSegments",
	"FPDFClipPath_GetPathSegment", "FPDFPathSegment_GetPoint",
	"FPDFText_LoadPage", "FPDFText_ClosePage", "FPDFText_CountChars",
	"FPDFText_GetUnicode", "FPDFText_GetText", "FPDFText_GetLooseCharBox", "FPDFText_GetCharAngle",
	"FPDFText_GetFontSize", "FPDFText_GetFontWeight",
	"FPDFDoc_GetAttachmentCount", "FPDFDoc_GetAttachment",
	"FPDFAttachment_GetName", "FPDFAttachment_GetFile",
	"FPDFBitmap_Create", "FPDFBitmap_FillRect", "FPDFBitmap_GetBuffer", "FPDFBitmap_GetStride",
	"FPDFBitmap_Destroy", "FPDF_RenderPageBitmap",
	"FPDFPage_CountObjects", "FPDFPage_GetObject", "FPDFPageObj_GetType", "FPDFPageObj_GetBounds",
	"FPDFFormObj_CountObjects", "FPDFFormObj_GetObject",
}

// newRaw finds the wazero module behind a go-pdfium WebAssembly instance.
// go-pdfium exposes it only as the exported Module field of its (internal)
// implementation type, so it is read by reflection.
func newRaw(impl any) (*raw, error) {
	v := reflect.ValueOf(impl)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return nil, errors.New("pdfium: unexpected instance implementation")
	}
	f := v.FieldByName("Module")
	if !f.IsValid() || !f.CanInterface() {
		return nil, errors.New("pdfium: instance has no WebAssembly module")
	}
	mod, ok := f.Interface().(api.Module)
	if !ok || mod == nil {
		return nil, errors.New("pdfium: instance has no WebAssembly module")
	}
	r := &raw{mem: mod.Memory(), fn: make(map[string]api.Function, len(rawFuncs)), stack: make([]uint64, 8)}
	for _, name := range rawFuncs {
		fn := mod.ExportedFunction(name)
		if fn == nil {
			return nil, fmt.Errorf("pdfium: module lacks %s", name)
		}
		r.fn[name] = fn
	}
	return r, nil
}

// call invokes name. ctx is watched by the runtime only when it can be done
// (the runtime then interrupts a long call); the per-character calls pass
// context.Background to avoid that goroutine per call and check the caller's
// context between calls instead.
func (r *raw) call(ctx context.Context, name string, args ...uint64) (uint64, error) {
	if r.failed {
		// The module may be closed and its memory given back (a call cut
		// by its context frees it on the way out): running code in it
		// now, a deferred clean-up say, would touch memory that is gone.
		return 0, errUnusable
	}
	f := r.fn[name]
	n := len(args)
	if m := len(f.Definition().ResultTypes()); m > n {
		n = m
	}
	if cap(r.stack) < n {
		r.stack = make([]uint64, n)
	}
	st := r.stack[:n]
	copy(st, args)
	if err := f.CallWithStack(ctx, st); err != nil {
		r.failed = true
		if lerr := r.budget.limitError(r.mem, name); lerr != nil {
			return 0, lerr
		}
		if r.limit > 0 && r.mem.Size() >= r.limit-r.limit/8 {
			// Out of memory inside PDFium: say which limit, so the log of
			// the failed document names it.
			return 0, fmt.Errorf("%w (%s): %v", &pdf.LimitError{Limit: fmt.Sprintf("PDF engine memory limit of %d MiB per document", r.limit>>20), Err: ErrMemoryLimit}, name, err)
		}
		return 0, err
	}
	if len(f.Definition().ResultTypes()) == 0 {
		return 0, nil
	}
	return st[0], nil
}

func (r *raw) malloc(ctx context.Context, n int) (uint32, error) {
	p, err := r.call(ctx, "malloc", uint64(n))
	if err != nil {
		return 0, err
	}
	if p == 0 {
		return 0, errors.New("pdfium: out of memory")
	}
	return uint32(p), nil
}

func (r *raw) free(p uint32) {
	if p != 0 {
		r.call(context.Background(), "free", uint64(p))
	}
}

// write copies b into fresh module memory, with a trailing NUL.
func (r *raw) write(ctx context.Context, b []byte) (uint32, error) {
	p, err := r.malloc(ctx, len(b)+1)
	if err != nil {
		return 0, err
	}
	if !r.mem.Write(p, b) || !r.mem.WriteByte(p+uint32(len(b)), 0) {
		r.free(p)
		return 0, errors.New("pdfium: memory write out of range")
	}
	return p, nil
}

func (r *raw) read(p, n uint32) ([]byte, bool) {
	b, ok := r.mem.Read(p, n)
	if !ok {
		return nil, false
	}
	return append([]byte(nil), b...), true
}

func f32(v uint64) float64 { return float64(math.Float32frombits(uint32(v))) }

func i32(v uint64) int { return int(int32(uint32(v))) }

// utf16z decodes a NUL-terminated UTF-16LE buffer.
func utf16z(b []byte) string {
	u := make([]uint16, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		c := uint16(b[i]) | uint16(b[i+1])<<8
		if c == 0 {
			break
		}
		u = append(u, c)
	}
	return string(utf16.Decode(u))
}
