package httpapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/ingest"
)

// codes maps each error code to its HTTP status (docs/api.md, Errors).
var codes = map[string]int{
	docextract.EINVALID:        http.StatusBadRequest,
	docextract.EUNAUTHORIZED:   http.StatusUnauthorized,
	docextract.EPAYMENT:        http.StatusPaymentRequired,
	docextract.EFORBIDDEN:      http.StatusForbidden,
	docextract.ENOTFOUND:       http.StatusNotFound,
	docextract.ECONFLICT:       http.StatusConflict,
	docextract.ETOOLARGE:       http.StatusRequestEntityTooLarge,
	docextract.EUNPROCESSABLE:  http.StatusUnprocessableEntity,
	docextract.ERATELIMIT:      http.StatusTooManyRequests,
	docextract.EINTERNAL:       http.StatusInternalServerError,
	docextract.ENOTIMPLEMENTED: http.StatusNotImplemented,
	codeTimeout:                http.StatusRequestTimeout,
	codeBusy:                   http.StatusServiceUnavailable,
}

// codeBusy is the error code of an upload that could not be checked in
// time (every page-counting engine busy).
const codeBusy = ingest.CodeBusy

// ErrorStatus returns the HTTP status of err's code.
func ErrorStatus(err error) int {
	if st, ok := codes[docextract.ErrorCode(err)]; ok {
		return st
	}
	return http.StatusInternalServerError
}

// Error writes err as a JSON error response: {"detail": message}, or
// {"error": message} for rate limiting (docs/api.md, Errors). Internal errors are
// logged (to the Server's Logger when the request came through a Server,
// else slog.Default()) and shown only as "Internal error.".
func Error(w http.ResponseWriter, r *http.Request, err error) {
	code, msg := docextract.ErrorCode(err), docextract.ErrorMessage(err)
	if code == docextract.EINTERNAL {
		loggerFrom(r.Context()).ErrorContext(r.Context(), "http: internal error", "method", r.Method, "path", r.URL.Path, "err", err)
		msg = "Internal error."
	}
	key := "detail"
	if code == docextract.ERATELIMIT {
		key = "error"
	}
	writeJSON(w, ErrorStatus(err), map[string]string{key: msg})
}

type loggerKey struct{}

func loggerFrom(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(loggerKey{}).(*slog.Logger); ok && l != nil {
		return l
	}
	return slog.Default()
}

// writeJSON writes v with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// The client-facing texts of the spec and docs/api.md, Errors.
const (
	msgInvalidAPIKey     = "Invalid API key."
	msgInvalidFileType   = ingest.MsgInvalidFileType
	msgFileTooLarge      = ingest.MsgFileTooLarge
	msgTooManyPages      = ingest.MsgTooManyPages
	msgInvalidDocumentID = "Invalid document ID format."
	msgNotFound          = "Document not found"
	msgForbiddenAccess   = "Not authorized to access this document"
	msgForbiddenDelete   = "Not authorized to delete this document"
	msgProcessing        = "Document is still being processed. Please try again later."
	msgBusy              = ingest.MsgBusy
)

func errorf(code, msg string) error { return &docextract.Error{Code: code, Message: msg} }
