package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// Sentinel errors an *Error matches with errors.Is, by status code.
var (
	ErrBadRequest          = errors.New("docextract: bad request")               // 400
	ErrUnauthorized        = errors.New("docextract: invalid API key")           // 401
	ErrInsufficientCredits = errors.New("docextract: insufficient credits")      // 402
	ErrForbidden           = errors.New("docextract: not authorized")            // 403
	ErrNotFound            = errors.New("docextract: not found")                 // 404
	ErrConflict            = errors.New("docextract: conflict")                  // 409
	ErrTooLarge            = errors.New("docextract: too large")                 // 413
	ErrUnprocessable       = errors.New("docextract: nothing could be exported") // 422
	ErrRateLimited         = errors.New("docextract: rate limited")              // 429
	ErrUnavailable         = errors.New("docextract: server busy")               // 503
)

// ErrPasswordRequired is returned by Wait when the document is an encrypted
// PDF waiting for its password (send it with SendPassword).
var ErrPasswordRequired = errors.New("docextract: the PDF needs its password")

// ErrNeedsReview is returned by Wait when the document's task waits in
// needs_review: its content disagrees with the requested type and the team
// reviews such files (resolve it with Approve or Reject).
var ErrNeedsReview = errors.New("docextract: the task waits for a classification review")

// Error is an answer of the server with a status of 400 or more. Detail is
// the server's text (the "detail" field, or "error" for rate limiting),
// exactly as docs/api.md lists it, e.g. "Document not found".
type Error struct {
	StatusCode int
	Detail     string
	// RetryAfter is the server's Retry-After (429, 503), zero when absent.
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	return fmt.Sprintf("docextract: %d %s: %s", e.StatusCode, http.StatusText(e.StatusCode), e.Detail)
}

// sentinels maps a status code to the sentinel error it matches.
var sentinels = map[int]error{
	http.StatusBadRequest:            ErrBadRequest,
	http.StatusUnauthorized:          ErrUnauthorized,
	http.StatusPaymentRequired:       ErrInsufficientCredits,
	http.StatusForbidden:             ErrForbidden,
	http.StatusNotFound:              ErrNotFound,
	http.StatusConflict:              ErrConflict,
	http.StatusRequestEntityTooLarge: ErrTooLarge,
	http.StatusUnprocessableEntity:   ErrUnprocessable,
	http.StatusTooManyRequests:       ErrRateLimited,
	http.StatusServiceUnavailable:    ErrUnavailable,
}

// Is matches the sentinel error of e's status code.
func (e *Error) Is(target error) bool {
	s, ok := sentinels[e.StatusCode]
	return ok && target == s
}

// errorFrom builds the *Error of a failed response from its (bounded) body.
func errorFrom(resp *http.Response, body []byte) *Error {
	e := &Error{StatusCode: resp.StatusCode, RetryAfter: retryAfter(resp.Header)}
	var b struct {
		Detail any    `json:"detail"`
		Error  string `json:"error"`
	}
	if json.Unmarshal(body, &b) == nil {
		switch d := b.Detail.(type) {
		case string:
			e.Detail = d
		case nil:
		default:
			raw, _ := json.Marshal(d)
			e.Detail = string(raw)
		}
		if e.Detail == "" {
			e.Detail = b.Error
		}
	}
	if e.Detail == "" {
		e.Detail = http.StatusText(resp.StatusCode)
	}
	return e
}

// retryAfter reads a Retry-After header in seconds or as an HTTP date.
func retryAfter(h http.Header) time.Duration {
	v := h.Get("Retry-After")
	if v == "" {
		return 0
	}
	if s, err := strconv.Atoi(v); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(0, time.Until(t))
	}
	return 0
}
