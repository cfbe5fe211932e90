package webhook

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func signedHeader(s Secret, ts time.Time, id string, body []byte) http.Header {
	h := http.Header{}
	SignHeaders(h, body, ts, id, 1, s)
	return h
}

func TestVerify(t *testing.T) {
	t.Parallel()
	s := NewSecret()
	body := []byte(`{"id":"e","type":"task.failed"}`)
	now := time.Unix(1_700_000_000, 0)
	clock := func() time.Time { return now }

	h := signedHeader(s, now, "d1", body)
	v := Verifier{Now: clock}
	require.NoError(t, v.Verify(body, h, s))
	require.ErrorIs(t, v.Verify(body, h, NewSecret()), ErrNoValidSignature)
	require.ErrorIs(t, v.Verify(body, h), ErrNoSecret)
	require.ErrorIs(t, v.Verify(body, h, Secret{}), ErrNoSecret)
	require.NoError(t, v.Verify(body, h, Secret{}, NewSecret(), s), "any secret may match")

	// The package-level Verify uses the real clock.
	require.ErrorIs(t, Verify(body, h, s), ErrTooOld)
	require.NoError(t, Verify(body, signedHeader(s, time.Now(), "d1", body), s))

	// Tolerance is configurable; negative disables the window.
	old := signedHeader(s, now.Add(-10*time.Minute), "d1", body)
	require.ErrorIs(t, v.Verify(body, old, s), ErrTooOld)
	require.NoError(t, (&Verifier{Now: clock, Tolerance: time.Hour}).Verify(body, old, s))
	require.NoError(t, (&Verifier{Now: clock, Tolerance: -1}).Verify(body, old, s))
	future := signedHeader(s, now.Add(301*time.Second), "d1", body)
	require.ErrorIs(t, v.Verify(body, future, s), ErrTooNew)
	short := Verifier{Now: clock, Tolerance: 10 * time.Second}
	require.ErrorIs(t, short.Verify(body, signedHeader(s, now.Add(11*time.Second), "d1", body), s), ErrTooNew)
	require.NoError(t, short.Verify(body, signedHeader(s, now.Add(10*time.Second), "d1", body), s))

	// Header names are matched case-insensitively, also in a map literal.
	raw := http.Header{
		"x-service-timestamp":   {h.Get(HeaderTimestamp)},
		"x-service-delivery-id": {"d1"},
		"x-service-signature":   {h.Get(HeaderSignature)},
	}
	require.NoError(t, v.Verify(body, raw, s))

	// Rotation: header with two signatures, either secret alone verifies.
	s2 := NewSecret()
	both := http.Header{}
	SignHeaders(both, body, now, "d1", 1, s, s2)
	require.Len(t, strings.Fields(both.Get(HeaderSignature)), 2)
	require.NoError(t, v.Verify(body, both, s))
	require.NoError(t, v.Verify(body, both, s2))

	// Too many signatures.
	many := strings.Repeat(h.Get(HeaderSignature)+" ", maxSignatures+1)
	hm := h.Clone()
	hm.Set(HeaderSignature, many)
	require.ErrorIs(t, v.Verify(body, hm, s), ErrInvalidSignatureHeader)

	// Timestamp too long to be sane.
	hl := h.Clone()
	hl.Set(HeaderTimestamp, strings.Repeat("9", 19))
	require.ErrorIs(t, v.Verify(body, hl, s), ErrInvalidTimestamp)
	hl.Set(HeaderTimestamp, "17e8")
	require.ErrorIs(t, v.Verify(body, hl, s), ErrInvalidTimestamp)
	hl.Set(HeaderTimestamp, " "+strconv.FormatInt(now.Unix(), 10))
	require.ErrorIs(t, v.Verify(body, hl, s), ErrInvalidTimestamp)
}

func TestVerifyDoesNotModifyBody(t *testing.T) {
	t.Parallel()
	s := NewSecret()
	body := []byte(`{"id":"e","type":"x"}`)
	cp := append([]byte(nil), body...)
	require.NoError(t, Verify(body, signedHeader(s, time.Now(), "d", body), s))
	require.Equal(t, cp, body)
}

func TestNewID(t *testing.T) {
	t.Parallel()
	id := NewID()
	require.Regexp(t, `^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`, id)
	require.NotEqual(t, id, NewID())
}

// macHex returns the lowercase hex digest for the raw timestamp text.
func macHex(s Secret, ts, id string, body []byte) string {
	return strings.TrimPrefix(signRaw(s, ts, id, body), "v1=")
}
