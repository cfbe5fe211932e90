package httpapi

import (
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/store"
)

// handleUpload serves docs/api.md, Upload. Checks run in the order of docs/api.md, Errors:
// authentication, rate limit, request shape, credits.
func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	key, err := s.Authenticate(ctx, r)
	if err != nil {
		Error(w, r, err)
		return
	}
	// A repeat of an upload already accepted gets the first answer before
	// the rate limit counts it or its body is read.
	idemKey, err := idempotencyKey(r)
	if err != nil {
		Error(w, r, err)
		return
	}
	if idemKey != "" {
		if replayed, err := s.replayUpload(w, r, key, idemKey); replayed || err != nil {
			if err != nil {
				Error(w, r, err)
			}
			return
		}
	}
	if !s.allow(w, key) {
		Error(w, r, errorf(docextract.ERATELIMIT, "Rate limit exceeded: "+s.RateLimiter.Rate().Text()))
		return
	}
	docType, ok := docextract.ParseDocType(r.PathValue("doc_type"))
	if !ok {
		Error(w, r, errorf(docextract.EINVALID, msgInvalidFileType))
		return
	}

	if r.ContentLength > docextract.MaxFileSize+maxMultipartOverhead {
		w.Header().Set("Connection", "close")
		Error(w, r, errorf(docextract.ETOOLARGE, msgFileTooLarge))
		return
	}

	// Stream the file to a spool file; never the whole body in memory.
	spool, err := s.spools.get()
	if err != nil {
		Error(w, r, err)
		return
	}
	defer s.spools.put(spool)
	body := http.MaxBytesReader(w, r.Body, docextract.MaxFileSize+maxMultipartOverhead)
	f, err := readUpload(body, r.Header.Get("Content-Type"), spool)
	if err != nil {
		if docextract.ErrorCode(err) == docextract.ETOOLARGE {
			w.Header().Set("Connection", "close")
		}
		Error(w, r, err)
		return
	}
	contentType := extract.Sniff(f.Head)
	if contentType == "" {
		Error(w, r, errorf(docextract.EINVALID, msgInvalidFileType))
		return
	}
	// Inspect counts PDF pages and checks images (dimensions, bombs) without
	// extracting; the file is mapped, not read onto the heap.
	data, unmap, err := mapFile(spool, f.Size)
	if err != nil {
		Error(w, r, err)
		return
	}
	info, err := s.Inspector.Inspect(ctx, data, "")
	unmap()
	switch {
	case errors.Is(err, extract.ErrTooManyPages):
		Error(w, r, errorf(docextract.EINVALID, msgTooManyPages))
		return
	case errors.Is(err, extract.ErrUnsupportedType), errors.Is(err, extract.ErrMalformed):
		Error(w, r, errorf(docextract.EINVALID, msgInvalidFileType))
		return
	case errors.Is(err, extract.ErrTimeout):
		// Every page-counting engine was busy, or the file's structure
		// took too long to read: nothing was stored, the client may retry.
		w.Header().Set("Retry-After", "5")
		Error(w, r, errorf(codeBusy, msgBusy))
		return
	case err != nil && !errors.Is(err, extract.ErrPasswordRequired):
		Error(w, r, fmt.Errorf("inspect upload: %w", err))
		return
	}
	if info.PageCount > docextract.MaxPDFPages {
		Error(w, r, errorf(docextract.EINVALID, msgTooManyPages))
		return
	}
	pages := info.PageCount // 0 for an encrypted PDF: unknown, holds 1
	if contentType != extract.TypePDF {
		pages = 1
	}

	// The file is stored with the task, its hold and its job in one
	// transaction: committed together or not at all.
	id := s.NewID()
	task := &store.Task{ID: id, TeamID: key.TeamID, DocType: docType, IngestSource: docextract.SourceUpload,
		FileName: f.Name, ContentType: contentType, PageCount: pages, FileSize: f.Size}
	up := &store.Upload{Task: task, Credits: credits.ForPages(pages), File: io.NewSectionReader(spool, 0, f.Size), IdempotencyKey: idemKey}
	if err := s.Store.CreateUpload(ctx, up); err != nil {
		if idemKey != "" && docextract.ErrorCode(err) == docextract.ECONFLICT {
			// The same key won a race with this request: its answer is ours.
			if replayed, rerr := s.replayUpload(w, r, key, idemKey); replayed || rerr != nil {
				if rerr != nil {
					Error(w, r, rerr)
				}
				return
			}
		}
		Error(w, r, err)
		return
	}
	s.Logger.Info("upload accepted", "task_id", id, "team_id", key.TeamID, "doc_type", docType, "content_type", contentType, "pages", pages, "bytes", f.Size)
	s.taskQueued()
	writeJSON(w, http.StatusOK, map[string]string{"document_id": id, "status": docextract.StatusQueued})
}

// allow applies the rate limit of key and sets the RateLimit headers
// (draft-ietf-httpapi-ratelimit-headers: RateLimit-Policy and RateLimit as
// structured fields). It reports false when the request must be refused.
func (s *Server) allow(w http.ResponseWriter, key *store.APIKey) bool {
	if s.RateLimiter == nil {
		return true
	}
	d := s.RateLimiter.Allow(key.ID)
	rate := s.RateLimiter.Rate()
	h := w.Header()
	h.Set("RateLimit-Policy", fmt.Sprintf(`"upload";q=%d;w=%d`, rate.N, ceilSeconds(rate.Period.Seconds())))
	h.Set("RateLimit", fmt.Sprintf(`"upload";r=%d;t=%d`, d.Remaining, ceilSeconds(d.Reset.Seconds())))
	if !d.Allowed {
		h.Set("Retry-After", strconv.Itoa(max(1, ceilSeconds(d.RetryAfter.Seconds()))))
	}
	return d.Allowed
}

func ceilSeconds(s float64) int { return int(math.Ceil(s)) }

// Texts of the Idempotency-Key header (docs/api.md, Upload).
const (
	msgBadIdempotencyKey    = "Invalid Idempotency-Key: 1 to 255 visible ASCII characters."
	msgIdempotencyOtherType = "Idempotency-Key was used for an upload of another document type."
)

// idempotencyKey returns the request's Idempotency-Key header ("" when
// absent), or EINVALID when it is empty or not 1 to 255 visible ASCII
// characters.
func idempotencyKey(r *http.Request) (string, error) {
	vals, ok := r.Header["Idempotency-Key"]
	if !ok {
		return "", nil
	}
	k := ""
	if len(vals) == 1 {
		k = vals[0]
	}
	if k == "" || len(k) > 255 {
		return "", errorf(docextract.EINVALID, msgBadIdempotencyKey)
	}
	for i := 0; i < len(k); i++ {
		if k[i] <= ' ' || k[i] > '~' {
			return "", errorf(docextract.EINVALID, msgBadIdempotencyKey)
		}
	}
	return k, nil
}

// replayUpload answers a repeated upload: when the team's key names an
// upload of the last store.IdempotencyWindow, it writes that upload's
// answer (with Idempotent-Replayed: true) and reports true. A key used for
// another document type is ECONFLICT.
func (s *Server) replayUpload(w http.ResponseWriter, r *http.Request, key *store.APIKey, idemKey string) (bool, error) {
	taskID, docType, err := s.Store.FindIdempotentUpload(r.Context(), key.TeamID, idemKey, s.Now().Add(-store.IdempotencyWindow))
	if docextract.ErrorCode(err) == docextract.ENOTFOUND {
		return false, nil
	} else if err != nil {
		return false, err
	}
	if string(docType) != r.PathValue("doc_type") {
		return false, errorf(docextract.ECONFLICT, msgIdempotencyOtherType)
	}
	if r.ContentLength != 0 {
		w.Header().Set("Connection", "close") // the body is not read
	}
	w.Header().Set("Idempotent-Replayed", "true")
	writeJSON(w, http.StatusOK, map[string]string{"document_id": taskID, "status": docextract.StatusQueued})
	return true, nil
}
