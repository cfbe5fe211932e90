// Package pdf is the small interface through which extract reads PDFs: page
// count, encryption, positioned text, embedded files and page rendering. The
// pdfium sub-package implements it; nothing else in extract sees pdfium types.
package pdf

import (
	"context"
	"errors"
	"image"

	"github.com/docextract/docextract/extract/layout"
)

// Errors an Engine returns; match with errors.Is.
var (
	// ErrPasswordRequired means the PDF is encrypted and no (or a wrong)
	// password was given.
	ErrPasswordRequired = errors.New("pdf: password required")
	// ErrMalformed means the bytes are not a readable PDF.
	ErrMalformed = errors.New("pdf: malformed or unsupported PDF")
)

// LimitError is what an Engine returns (possibly wrapped) when a document
// needed more of a bounded resource than the engine allows it: memory,
// decoded bytes, objects. The document is at fault, not the engine, and
// reading it again would fail the same way, so callers fail it with
// Limit as the reason rather than retrying.
type LimitError struct {
	// Limit names the bound for people, without internals, e.g. "PDF
	// engine memory limit of 256 MiB per document".
	Limit string
	// Err is the engine's own error, for errors.Is (e.g.
	// pdfium.ErrMemoryLimit); may be nil.
	Err error
}

func (e *LimitError) Error() string {
	if e.Err != nil {
		return e.Err.Error() + ": " + e.Limit + " reached"
	}
	return e.Limit + " reached"
}

// Unwrap returns the engine's own error.
func (e *LimitError) Unwrap() error { return e.Err }

// Engine opens PDF documents. Implementations are safe for concurrent use.
type Engine interface {
	// Open parses data. password may be empty. The returned Document must be
	// closed. Open honours ctx's deadline.
	Open(ctx context.Context, data []byte, password string) (Document, error)
	Close() error
}

// Attachment is a file embedded in a PDF (e.g. factur-x.xml).
type Attachment struct {
	Name string
	Data []byte
}

// Document is an open PDF. Its methods are not safe for concurrent use.
type Document interface {
	PageCount() int
	// Text returns the positioned words of the zero-based page i.
	Text(ctx context.Context, i int) (layout.Page, error)
	// Attachments returns the embedded files.
	Attachments(ctx context.Context) ([]Attachment, error)
	// ImageCover returns the share of the zero-based page i, 0..1, that
	// image objects cover (overlaps counted once): near 1 for a scan.
	ImageCover(ctx context.Context, i int) (float64, error)
	// Render draws the zero-based page i at dpi.
	Render(ctx context.Context, i int, dpi int) (image.Image, error)
	Close() error
}
