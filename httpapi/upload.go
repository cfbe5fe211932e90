package httpapi

import (
	"fmt"
	"math"
	"net/http"
	"strconv"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/ingest"
	"github.com/docextract/docextract/store"
)

// handleUpload serves docs/api.md, Upload. Checks run in the order of docs/api.md, Errors:
// authentication, rate limit, request shape, credits.
func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	ctx := r.Context()
	// A repeat of an upload already accepted gets the first answer before
	// the rate limit counts it or its body is read.
	idemKey, err := idempotencyKey(r)
	if err != nil {
		return err
	}
	if idemKey != "" {
		if replayed, err := s.replayUpload(w, r, key, idemKey); replayed || err != nil {
			return err
		}
	}
	if !s.allow(w, key) {
		return errorf(docextract.ERATELIMIT, "Rate limit exceeded: "+s.RateLimiter.Rate().Text())
	}
	docType, ok := docextract.ParseDocType(r.PathValue("doc_type"))
	if !ok {
		return errorf(docextract.EINVALID, msgInvalidFileType)
	}

	if r.ContentLength > docextract.MaxFileSize+maxMultipartOverhead {
		w.Header().Set("Connection", "close")
		return errorf(docextract.ETOOLARGE, msgFileTooLarge)
	}

	// Stream the file to a spool file; never the whole body in memory.
	spool, err := s.spools.get()
	if err != nil {
		return err
	}
	defer s.spools.put(spool)
	body := http.MaxBytesReader(w, r.Body, docextract.MaxFileSize+maxMultipartOverhead)
	f, err := readUpload(body, r.Header.Get("Content-Type"), spool)
	if err != nil {
		if docextract.ErrorCode(err) == docextract.ETOOLARGE {
			w.Header().Set("Connection", "close")
		}
		return err
	}
	if extract.Sniff(f.Head) == "" {
		return errorf(docextract.EINVALID, msgInvalidFileType)
	}
	// The one path of every ingest (package ingest): the checks, the
	// task, its hold and its job, as for e-mailed files. The file is
	// stored with the task, its hold and its job in one transaction:
	// committed together or not at all.
	id := s.NewID()
	up, err := ingest.Prepare(ctx, s.Inspector, ingest.File{Spool: spool, Size: f.Size, Name: f.Name},
		ingest.Target{TeamID: key.TeamID, DocType: docType, Source: docextract.SourceUpload}, id)
	if err != nil {
		if docextract.ErrorCode(err) == ingest.CodeBusy {
			w.Header().Set("Retry-After", "5")
		}
		return err
	}
	up.IdempotencyKey = idemKey
	task := up.Task
	if err := s.Store.CreateUpload(ctx, up); err != nil {
		if idemKey != "" && docextract.ErrorCode(err) == docextract.ECONFLICT {
			// The same key won a race with this request: its answer is ours.
			if replayed, rerr := s.replayUpload(w, r, key, idemKey); replayed || rerr != nil {
				return rerr
			}
		}
		return err
	}
	s.Logger.Info("upload accepted", "task_id", id, "team_id", key.TeamID, "doc_type", docType, "content_type", task.ContentType, "pages", task.PageCount, "bytes", f.Size)
	s.taskQueued()
	writeJSON(w, http.StatusOK, map[string]string{"document_id": id, "status": docextract.StatusQueued})
	return nil
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
