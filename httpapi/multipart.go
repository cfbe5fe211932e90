package httpapi

import (
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/ingest"
)

// sniffLen is how much of the file's start content sniffing looks at.
const sniffLen = ingest.SniffLen

// maxMultipartOverhead bounds what a request may carry besides the file:
// part headers, boundaries and small other fields.
const maxMultipartOverhead = 1 << 20

// uploadedFile is what readUpload learned about the `file` part.
type uploadedFile struct {
	Name string // sanitized base name, never empty
	Size int64
	Head []byte // the first sniffLen bytes
}

// readUpload streams the `file` field of a multipart/form-data body into dst
// without holding it in memory: at most docextract.MaxFileSize bytes
// (ETOOLARGE beyond), bounded memory whatever the body. Other fields are
// skipped. A missing or empty file, or a body that is not multipart, is
// EINVALID "Invalid file type".
func readUpload(body io.Reader, contentType string, dst io.Writer) (*uploadedFile, error) {
	invalid := errorf(docextract.EINVALID, msgInvalidFileType)
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || mt != "multipart/form-data" || params["boundary"] == "" {
		return nil, invalid
	}
	mr := multipart.NewReader(body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return nil, invalid
		} else if err != nil {
			return nil, bodyErr(err, invalid)
		}
		if part.FormName() != "file" {
			if _, err := io.Copy(io.Discard, part); err != nil {
				return nil, bodyErr(err, invalid)
			}
			continue
		}
		f := &uploadedFile{Name: sanitizeFileName(part.FileName())}
		h := &headWriter{}
		n, err := io.Copy(io.MultiWriter(dst, h), io.LimitReader(part, docextract.MaxFileSize+1))
		if err != nil {
			return nil, bodyErr(err, invalid)
		}
		if n > docextract.MaxFileSize {
			return nil, errorf(docextract.ETOOLARGE, msgFileTooLarge)
		}
		if n == 0 {
			return nil, invalid
		}
		f.Size, f.Head = n, h.b
		return f, nil
	}
}

// bodyErr maps a read error: an over-long body is ETOOLARGE, a malformed
// one invalid; other failures (a broken connection, a full disk) are
// internal.
func bodyErr(err error, invalid error) error {
	var mbe *http.MaxBytesError
	switch {
	case errors.Is(err, errBodyTimeout):
		return errBodyTimeout
	case errors.As(err, &mbe):
		return errorf(docextract.ETOOLARGE, msgFileTooLarge)
	case errors.Is(err, io.ErrUnexpectedEOF), strings.HasPrefix(err.Error(), "multipart:"), strings.Contains(err.Error(), "malformed"):
		return invalid
	}
	return err
}

type headWriter struct{ b []byte }

func (h *headWriter) Write(p []byte) (int, error) {
	if room := sniffLen - len(h.b); room > 0 {
		h.b = append(h.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// sanitizeFileName keeps the base name of a client-supplied file name
// (ingest.SanitizeFileName).
func sanitizeFileName(name string) string { return ingest.SanitizeFileName(name) }
