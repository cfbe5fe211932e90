package webhook

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// FuzzVerify attacks the header parsing of Verify: whatever the headers, it
// must not panic, and it may succeed only when the signature header carries
// the true signature of the message.
func FuzzVerify(f *testing.F) {
	key := make([]byte, 32)
	s, _ := SecretFromBytes(key)
	now := time.Unix(1_767_225_600, 0)
	good := Sign(s, now.Unix(), "d", []byte("{}"))
	f.Add("1767225600", "d", good, []byte("{}"))
	f.Add("1767225600", "d", "v2=x "+good, []byte("{}"))
	f.Add("1767225600", "d", good+" "+good, []byte("{}"))
	f.Add("01767225600", "d", "v1="+strings.Repeat("0", 64), []byte("{}"))
	f.Add("", "", "", []byte(nil))
	f.Add("-1", "d", "v1=", []byte("x"))
	f.Add("1767225600", "d", "v1 = "+good[3:], []byte("{}"))
	v := Verifier{Now: func() time.Time { return now }}
	f.Fuzz(func(t *testing.T, ts, id, sig string, body []byte) {
		h := http.Header{}
		h[HeaderTimestamp] = []string{ts}
		h[HeaderDeliveryID] = []string{id}
		h[HeaderSignature] = []string{sig}
		err := v.Verify(body, h, s)
		if err != nil {
			return
		}
		// Success requires a timestamp of digits and the true signature.
		if _, ok := parseTimestamp(ts); !ok {
			t.Fatalf("accepted timestamp %q", ts)
		}
		mac := macHex(s, ts, id, body)
		if !strings.Contains(strings.ToLower(sig), mac) {
			t.Fatalf("accepted %q without the true signature %s", sig, mac)
		}
	})
}
