package dashboard

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"net/http"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
)

// Previewer draws page (one-based) of an uploaded file at most maxWidth
// pixels wide. *extract.Extractor implements it.
type Previewer interface {
	Preview(ctx context.Context, data []byte, password string, page, maxWidth int) (image.Image, error)
}

const (
	previewWidth = 820
	// previewSlots bounds the previews drawn at once: each reads the
	// stored file and renders a page.
	previewSlots = 2
	previewWait  = 10 * time.Second
)

var previewSem = make(chan struct{}, previewSlots)

// handlePreview answers the first page of document d as a PNG: the
// document's first page of the upload (a split file's part starts later).
// A file that cannot be drawn (an encrypted PDF, a damaged file) answers
// 404, so the page shows its alt text.
func (h *Handler) handlePreview(w http.ResponseWriter, r *http.Request, s *session, d *store.Document) {
	if h.Previewer == nil {
		http.NotFound(w, r)
		return
	}
	ctx := r.Context()
	select {
	case previewSem <- struct{}{}:
		defer func() { <-previewSem }()
	case <-time.After(previewWait):
		w.Header().Set("Retry-After", "5")
		http.Error(w, "busy", http.StatusServiceUnavailable)
		return
	case <-ctx.Done():
		return
	}
	data, err := h.API.Store.ReadFile(ctx, d.TaskID)
	if docextract.ErrorCode(err) == docextract.ENOTFOUND {
		http.NotFound(w, r)
		return
	} else if err != nil {
		h.fail(w, r, s, err)
		return
	}
	page := max(1, d.PageStart)
	img, err := h.Previewer.Preview(ctx, data, "", page, previewWidth)
	if err != nil {
		if !errors.Is(err, context.Canceled) {
			h.logger().InfoContext(ctx, "dashboard: no preview", "document", d.ID, "err", err)
		}
		http.NotFound(w, r)
		return
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		h.fail(w, r, s, err)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "image/png")
	hd.Set("Cache-Control", "private, max-age=300")
	_, _ = w.Write(buf.Bytes())
}
