package webhook

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"time"
)

// SignHeaders sets on h the headers a signed delivery carries: event type,
// event id (taken from body when it is an envelope), delivery id, attempt,
// timestamp, signature, Content-Type and User-Agent. When several secrets
// are given the signature header carries one signature per secret, as
// during rotation.
func SignHeaders(h http.Header, body []byte, ts time.Time, deliveryID string, attempt int, secrets ...Secret) {
	var env struct {
		ID   string `json:"id"`
		Type string `json:"type"`
	}
	_ = json.Unmarshal(body, &env) // best effort: tests may sign anything
	unix := ts.Unix()
	sig := make([]byte, 0, 68*len(secrets))
	for i, s := range secrets {
		if i > 0 {
			sig = append(sig, ' ')
		}
		sig = append(sig, Sign(s, unix, deliveryID, body)...)
	}
	h.Set("Content-Type", "application/json")
	h.Set("User-Agent", UserAgent)
	if env.Type != "" {
		h.Set(HeaderEvent, env.Type)
	}
	if env.ID != "" {
		h.Set(HeaderEventID, env.ID)
	}
	h.Set(HeaderDeliveryID, deliveryID)
	h.Set(HeaderAttempt, strconv.Itoa(attempt))
	h.Set(HeaderTimestamp, strconv.FormatInt(unix, 10))
	h.Set(HeaderSignature, string(sig))
}

// NewTestRequest returns a POST request to target carrying body, signed now
// with secrets under a new delivery id, as the service would send it. Use it
// with httptest to test a receiver. It panics on an invalid target, like
// httptest.NewRequest.
func NewTestRequest(target string, body []byte, secrets ...Secret) *http.Request {
	r, err := http.NewRequest(http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		panic("webhook: NewTestRequest: " + err.Error())
	}
	SignHeaders(r.Header, body, time.Now(), NewID(), 1, secrets...)
	return r
}

// NewTestEvent returns the body of a well-formed envelope of the given type
// and data, with a new id, for receivers' tests.
func NewTestEvent(eventType string, data any) []byte {
	d, err := json.Marshal(data)
	if err != nil {
		panic("webhook: NewTestEvent: " + err.Error())
	}
	b, err := json.Marshal(Event{
		WebhookVersion: Version,
		ID:             NewID(),
		Type:           eventType,
		CreatedAt:      time.Now().UTC().Truncate(time.Second),
		TeamID:         NewID(),
		Data:           d,
	})
	if err != nil {
		panic("webhook: NewTestEvent: " + err.Error())
	}
	return b
}

// NewID returns a random (version 4) UUID in its canonical text form.
func NewID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	var s [36]byte
	hex.Encode(s[0:8], b[0:4])
	s[8] = '-'
	hex.Encode(s[9:13], b[4:6])
	s[13] = '-'
	hex.Encode(s[14:18], b[6:8])
	s[18] = '-'
	hex.Encode(s[19:23], b[8:10])
	s[23] = '-'
	hex.Encode(s[24:], b[10:])
	return string(s[:])
}
