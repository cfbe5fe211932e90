package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// DefaultTolerance is how far a delivery's timestamp may be from the
// receiver's clock, in either direction, before Verify refuses it.
const DefaultTolerance = 300 * time.Second

// maxSignatures bounds how many signatures one header may carry.
const maxSignatures = 16

// Errors returned by Verify. Match them with errors.Is. A receiver should
// answer every one of them with 401 (docs/api.md, Webhooks).
var (
	ErrMissingTimestamp       = errors.New("webhook: missing " + HeaderTimestamp + " header")
	ErrInvalidTimestamp       = errors.New("webhook: invalid " + HeaderTimestamp + " header: want Unix seconds, digits only")
	ErrTooOld                 = errors.New("webhook: timestamp is older than the tolerance")
	ErrTooNew                 = errors.New("webhook: timestamp is further in the future than the tolerance")
	ErrMissingDeliveryID      = errors.New("webhook: missing " + HeaderDeliveryID + " header")
	ErrMissingSignature       = errors.New("webhook: missing " + HeaderSignature + " header")
	ErrInvalidSignatureHeader = errors.New("webhook: invalid " + HeaderSignature + " header: want \"v1=\" followed by 64 hex digits")
	ErrNoValidSignature       = errors.New("webhook: no signature matches any secret")
	ErrNoSecret               = errors.New("webhook: no secret to verify with")
)

// Verifier checks signed deliveries. The zero Verifier is ready to use with
// the default tolerance and the system clock.
type Verifier struct {
	// Tolerance is the largest accepted distance between the delivery's
	// timestamp and Now, in both directions. Zero means DefaultTolerance.
	// A negative value disables the timestamp window (the timestamp must
	// still be well-formed); use that only for replaying stored deliveries.
	Tolerance time.Duration

	// Now returns the current time. Nil means time.Now.
	Now func() time.Time
}

// Verify checks the signature of a delivery with a zero Verifier: default
// tolerance, system clock. See Verifier.Verify.
func Verify(body []byte, h http.Header, secrets ...Secret) error {
	var v Verifier
	return v.Verify(body, h, secrets...)
}

// Verify checks that body, with the X-Service-Timestamp,
// X-Service-Delivery-Id and X-Service-Signature headers of h, was signed
// with one of secrets, and that the timestamp is within the tolerance. It
// returns nil or one of the package's sentinel errors, checked in this
// order: timestamp present and digits only, delivery id present, signature
// header present and well-formed, timestamp within the tolerance, one
// signature matching one secret (constant-time comparison).
//
// The signature header may hold several space-separated signatures (the
// service may sign with old and new secret during rotation); tokens of other
// schemes ("v2=...") are ignored for forward compatibility, but at least one
// "v1=" token must be present. Hex digits may be of either case. body must be
// the raw bytes as received; Verify does not modify or retain it.
func (v *Verifier) Verify(body []byte, h http.Header, secrets ...Secret) error {
	ts := headerValue(h, HeaderTimestamp)
	if ts == "" {
		return ErrMissingTimestamp
	}
	unix, ok := parseTimestamp(ts)
	if !ok {
		return ErrInvalidTimestamp
	}
	id := headerValue(h, HeaderDeliveryID)
	if id == "" {
		return ErrMissingDeliveryID
	}
	sigHeader := headerValue(h, HeaderSignature)
	if sigHeader == "" {
		return ErrMissingSignature
	}
	var sigBuf [maxSignatures][sha256.Size]byte
	sigs, err := parseSignatures(sigHeader, sigBuf[:0])
	if err != nil {
		return err
	}
	if err := v.checkTime(unix); err != nil {
		return err
	}
	found := false
	var sum [sha256.Size]byte
	for _, s := range secrets {
		if s.IsZero() {
			continue
		}
		found = true
		mac := hmac.New(sha256.New, s.key[:])
		got := macMessage(mac, ts, id, body, sum[:0])
		for i := range sigs {
			if hmac.Equal(got, sigs[i][:]) {
				return nil
			}
		}
	}
	if !found {
		return ErrNoSecret
	}
	return ErrNoValidSignature
}

func (v *Verifier) checkTime(unix int64) error {
	tol := v.Tolerance
	if tol < 0 {
		return nil
	}
	if tol == 0 {
		tol = DefaultTolerance
	}
	now := time.Now
	if v.Now != nil {
		now = v.Now
	}
	n := now().Unix()
	secs := int64(tol / time.Second)
	switch {
	case unix < n-secs:
		return ErrTooOld
	case unix > n+secs:
		return ErrTooNew
	}
	return nil
}

// headerValue returns the first value of key in h, looked up canonically
// and then verbatim (for headers set on a map literal).
func headerValue(h http.Header, key string) string {
	if v := h.Get(key); v != "" {
		return v
	}
	for k, vs := range h {
		if strings.EqualFold(k, key) && len(vs) > 0 {
			return vs[0]
		}
	}
	return ""
}

// parseTimestamp accepts 1 to 18 ASCII digits (no sign, no spaces).
func parseTimestamp(s string) (int64, bool) {
	if len(s) == 0 || len(s) > 18 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// parseSignatures splits a signature header into decoded v1 digests,
// appending to dst. Tokens are separated by single or repeated spaces.
func parseSignatures(header string, dst [][sha256.Size]byte) ([][sha256.Size]byte, error) {
	tokens := 0
	for tok := range strings.FieldsSeq(header) {
		tokens++
		if tokens > maxSignatures {
			return nil, ErrInvalidSignatureHeader
		}
		scheme, val, ok := strings.Cut(tok, "=")
		if !ok || !validScheme(scheme) {
			return nil, ErrInvalidSignatureHeader
		}
		if scheme != SignatureVersion {
			continue // a future scheme this version does not know
		}
		if len(val) != 2*sha256.Size {
			return nil, ErrInvalidSignatureHeader
		}
		var d [sha256.Size]byte
		if _, err := hex.Decode(d[:], []byte(val)); err != nil {
			return nil, ErrInvalidSignatureHeader
		}
		dst = append(dst, d)
	}
	if len(dst) == 0 {
		return nil, ErrInvalidSignatureHeader
	}
	return dst, nil
}

// validScheme reports whether s is "v" followed by 1 to 3 digits.
func validScheme(s string) bool {
	if len(s) < 2 || len(s) > 4 || s[0] != 'v' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
