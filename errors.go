package docextract

import (
	"errors"
	"fmt"
)

// Error codes. Adapters translate their own failures into these at their edge
// (sql.ErrNoRows -> ENOTFOUND); the HTTP layer maps each code to one status.
const (
	ECONFLICT       = "conflict"        // state conflict, e.g. already finished
	EINTERNAL       = "internal"        // unexpected; shown to clients only as "Internal error."
	EINVALID        = "invalid"         // bad input
	ENOTFOUND       = "not_found"       // missing or deleted
	EUNAUTHORIZED   = "unauthorized"    // missing or invalid credentials
	EFORBIDDEN      = "forbidden"       // valid credentials, no rights
	EPAYMENT        = "payment"         // insufficient credits
	ETOOLARGE       = "too_large"       // over a size limit
	ERATELIMIT      = "rate_limit"      // too many requests
	EUNPROCESSABLE  = "unprocessable"   // well-formed but cannot be produced
	ENOTIMPLEMENTED = "not_implemented" // feature unavailable (e.g. OCR engine missing)
)

// Error is the application error: a machine-readable Code and a Message that is
// safe to show to a client as it is.
type Error struct {
	Code    string
	Message string
	Err     error // optional cause, never shown to clients
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("docextract: %s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("docextract: %s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with the given code and formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of the first *Error in err's chain, EINTERNAL for
// any other non-nil error and "" for nil.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the client-safe message of the first *Error in err's
// chain, or "Internal error." for any other error.
func ErrorMessage(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Message
	}
	return "Internal error."
}
