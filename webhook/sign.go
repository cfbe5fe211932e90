package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"strconv"
)

// Header names of a delivery request (docs/api.md, Webhooks).
const (
	HeaderEvent      = "X-Service-Event"       // event type
	HeaderEventID    = "X-Service-Event-Id"    // envelope id
	HeaderDeliveryID = "X-Service-Delivery-Id" // same across automatic attempts
	HeaderAttempt    = "X-Service-Attempt"     // one-based attempt number
	HeaderTimestamp  = "X-Service-Timestamp"   // Unix seconds used in signing
	HeaderSignature  = "X-Service-Signature"   // "v1=<hex>", space-separated when several
)

// UserAgent is the User-Agent of every delivery request.
const UserAgent = "Service-Webhooks/1"

// SignatureVersion is the scheme prefix of a signature: "v1=".
const SignatureVersion = "v1"

// signaturePrefix is SignatureVersion followed by "=".
const signaturePrefix = SignatureVersion + "="

// Sign returns the X-Service-Signature value ("v1=" followed by 64 lowercase
// hex digits) of body for the given Unix timestamp (seconds) and delivery id.
// It returns "" for the zero Secret.
func Sign(secret Secret, timestamp int64, deliveryID string, body []byte) string {
	return signRaw(secret, strconv.FormatInt(timestamp, 10), deliveryID, body)
}

// signRaw is Sign over the timestamp text as it appears in the header.
func signRaw(secret Secret, timestamp, deliveryID string, body []byte) string {
	if secret.IsZero() {
		return ""
	}
	var sum [sha256.Size]byte
	mac := hmac.New(sha256.New, secret.key[:])
	macMessage(mac, timestamp, deliveryID, body, sum[:0])
	var out [len(signaturePrefix) + 2*sha256.Size]byte
	copy(out[:], signaturePrefix)
	hex.Encode(out[len(signaturePrefix):], sum[:])
	return string(out[:])
}

// macMessage writes "<timestamp>.<deliveryID>.<body>" into mac and appends
// the sum to dst. The body is written as is, never copied: the cost of a
// verification is one HMAC pass over the body.
func macMessage(mac hash.Hash, timestamp, deliveryID string, body []byte, dst []byte) []byte {
	// A small stack buffer keeps the prefix write allocation-free for
	// ordinary header lengths.
	var pbuf [128]byte
	p := append(pbuf[:0], timestamp...)
	p = append(p, '.')
	p = append(p, deliveryID...)
	p = append(p, '.')
	mac.Write(p)
	mac.Write(body)
	return mac.Sum(dst)
}
