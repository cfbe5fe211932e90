package extract

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/docextract/docextract/extract/pdf"
)

// LimitError is the error of a file that needed more of a bounded
// resource than the extractor allows it: the PDF engine's memory, the
// processing time per document, the pixels of an image. It is the same
// type as pdf.LimitError, which PDF engines return; Extract and Inspect
// return it (possibly wrapped) for their own limits too. Limit names the
// bound for people; Err is the sentinel beneath (ErrTimeout, ErrMalformed,
// or the engine's own), so errors.Is keeps working.
type LimitError = pdf.LimitError

// FailureDetail returns, for the owner of a file that Extract or Inspect
// could not read, one sentence saying why when the file itself is the
// reason: a limit it hit (naming the limit), too many pages, not a PDF,
// JPEG or PNG, unreadable. It returns "" for every other error (a missing
// OCR engine, a store or programming error): those are the operator's to
// read in the log, and their text may name internals a user must not see.
//
// The sentence never carries the underlying error's text, which may quote
// the file or the engine.
func FailureDetail(err error) string {
	var le *LimitError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &le) && le.Limit != "":
		return upperFirst(le.Limit) + " reached."
	case errors.Is(err, ErrTimeout):
		return "The document took longer to process than the time limit per document."
	case errors.Is(err, ErrTooManyPages):
		return "The PDF has more than the maximum of 200 pages."
	case errors.Is(err, ErrUnsupportedType):
		return "The file is not a PDF, JPEG or PNG."
	case errors.Is(err, ErrPasswordRequired):
		return "The PDF is encrypted and the password is missing or wrong."
	case errors.Is(err, ErrMalformed):
		return "The file is damaged or not readable."
	}
	return ""
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// timeLimit is the LimitError of a document that ran out of its time.
func timeLimit(d time.Duration) error {
	return &LimitError{Limit: fmt.Sprintf("processing time limit of %s per document", d), Err: ErrTimeout}
}
