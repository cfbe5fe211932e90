package webhook

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"net/http"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/vectors.json")

// vectorFile is the layout of testdata/vectors.json, a language-neutral set
// of signing and verification cases for other receiver implementations.
type vectorFile struct {
	Description string         `json:"description"`
	Sign        []signVector   `json:"sign"`
	Verify      []verifyVector `json:"verify"`
}

type signVector struct {
	Name       string `json:"name"`
	Secret     string `json:"secret"`
	Timestamp  string `json:"timestamp"`
	DeliveryID string `json:"delivery_id"`
	Body       string `json:"body"`
	Signature  string `json:"signature"`
}

type verifyVector struct {
	Name    string            `json:"name"`
	Secrets []string          `json:"secrets"`
	Now     int64             `json:"now"`
	Headers map[string]string `json:"headers"`
	Body    string            `json:"body"`
	// Expect is "ok" or the name of the Go sentinel error; every failure
	// means 401 for a receiver.
	Expect string `json:"expect"`
}

var sentinelByName = map[string]error{
	"ErrMissingTimestamp":       ErrMissingTimestamp,
	"ErrInvalidTimestamp":       ErrInvalidTimestamp,
	"ErrTooOld":                 ErrTooOld,
	"ErrTooNew":                 ErrTooNew,
	"ErrMissingDeliveryID":      ErrMissingDeliveryID,
	"ErrMissingSignature":       ErrMissingSignature,
	"ErrInvalidSignatureHeader": ErrInvalidSignatureHeader,
	"ErrNoValidSignature":       ErrNoValidSignature,
}

func mustSecret(t testing.TB, b []byte) Secret {
	s, err := SecretFromBytes(b)
	require.NoError(t, err)
	return s
}

// buildVectors computes the vector file from fixed inputs.
func buildVectors(t *testing.T) vectorFile {
	k1 := make([]byte, 32)
	for i := range k1 {
		k1[i] = byte(i)
	}
	k2 := sha256.Sum256([]byte("docextract webhook test vector secret 2"))
	s1, s2 := mustSecret(t, k1), mustSecret(t, k2[:])
	const ts, now = int64(1767225600), int64(1767225600) // 2026-01-01T00:00:00Z
	did := "5f0c6a0e-8d8f-4c55-9a3b-2f1d1c0b9e77"
	body := `{"webhook_version":"1","id":"9b2f3c1e-7a4d-4e8b-b1c2-3d4e5f6a7b8c","type":"task.completed","created_at":"2026-01-01T00:00:00Z","team_id":"0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f70","data":{"task":{"id":"1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d","status":"completed","outcome":"no_matching_documents","ingest_source":null},"result_mode":"inline","documents":[]}}`
	unicode := "{\"id\":\"e1\",\"type\":\"endpoint.test\",\"note\":\"Grüße — 日本 \\u00e9\"}\n"
	f := vectorFile{Description: "docextract webhook signatures: signature = \"v1=\" + lowercase hex HMAC-SHA256(key, timestamp + \".\" + delivery_id + \".\" + body), key = Base64URL-decoded text after \"whsec_\". Bodies are UTF-8 byte strings. Verify cases use a 300 s tolerance against \"now\"; every failure is answered 401."}
	add := func(name string, s Secret, ts int64, id, body string) string {
		sig := Sign(s, ts, id, []byte(body))
		f.Sign = append(f.Sign, signVector{name, s.String(), strconv.FormatInt(ts, 10), id, body, sig})
		return sig
	}
	sig := add("envelope", s1, ts, did, body)
	add("second secret", s2, ts, did, body)
	add("empty body", s1, ts, did, "")
	add("unicode and trailing newline", s2, ts+1, "d-2", unicode)
	sig2 := Sign(s2, ts, did, []byte(body))
	h := func(ts, id, sig string) map[string]string {
		m := map[string]string{}
		if ts != "" {
			m[HeaderTimestamp] = ts
		}
		if id != "" {
			m[HeaderDeliveryID] = id
		}
		if sig != "" {
			m[HeaderSignature] = sig
		}
		return m
	}
	tss := strconv.FormatInt(ts, 10)
	one, two := []string{s1.String()}, []string{s1.String(), s2.String()}
	upper := "v1="
	for _, c := range sig[3:] {
		if c >= 'a' && c <= 'f' {
			c -= 'a' - 'A'
		}
		upper += string(c)
	}
	f.Verify = []verifyVector{
		{"valid", one, now, h(tss, did, sig), body, "ok"},
		{"valid at +300s", one, now + 300, h(tss, did, sig), body, "ok"},
		{"valid at -300s", one, now - 300, h(tss, did, sig), body, "ok"},
		{"rotation: second of two signatures", one, now, h(tss, did, sig2+" "+sig), body, "ok"},
		{"rotation: second of two secrets", two, now, h(tss, did, sig2), body, "ok"},
		{"unknown scheme ignored", one, now, h(tss, did, "v2=abc "+sig), body, "ok"},
		{"uppercase hex", one, now, h(tss, did, upper), body, "ok"},
		{"too old", one, now + 301, h(tss, did, sig), body, "ErrTooOld"},
		{"too new", one, now - 301, h(tss, did, sig), body, "ErrTooNew"},
		{"missing timestamp", one, now, h("", did, sig), body, "ErrMissingTimestamp"},
		{"timestamp with sign", one, now, h("+"+tss, did, sig), body, "ErrInvalidTimestamp"},
		{"timestamp with fraction", one, now, h(tss+".0", did, sig), body, "ErrInvalidTimestamp"},
		{"timestamp in milliseconds", one, now, h(tss+"000", did, Sign(s1, ts*1000, did, []byte(body))), body, "ErrTooNew"},
		{"missing delivery id", one, now, h(tss, "", sig), body, "ErrMissingDeliveryID"},
		{"missing signature", one, now, h(tss, did, ""), body, "ErrMissingSignature"},
		{"no scheme", one, now, h(tss, did, sig[3:]), body, "ErrInvalidSignatureHeader"},
		{"short digest", one, now, h(tss, did, sig[:66]), body, "ErrInvalidSignatureHeader"},
		{"non-hex digest", one, now, h(tss, did, sig[:66]+"zz"), body, "ErrInvalidSignatureHeader"},
		{"only unknown scheme", one, now, h(tss, did, "v2="+sig[3:]), body, "ErrInvalidSignatureHeader"},
		{"body changed", one, now, h(tss, did, sig), body + " ", "ErrNoValidSignature"},
		{"body re-serialized", one, now, h(tss, did, sig), "{\"id\": \"9b2f3c1e-7a4d-4e8b-b1c2-3d4e5f6a7b8c\"}", "ErrNoValidSignature"},
		{"other delivery id", one, now, h(tss, "other", sig), body, "ErrNoValidSignature"},
		{"other timestamp", one, now, h(strconv.FormatInt(ts+1, 10), did, sig), body, "ErrNoValidSignature"},
		{"wrong secret", []string{s2.String()}, now, h(tss, did, sig), body, "ErrNoValidSignature"},
	}
	return f
}

func TestVectors(t *testing.T) {
	want := buildVectors(t)
	if *update {
		b, err := json.MarshalIndent(want, "", "  ")
		require.NoError(t, err)
		require.NoError(t, os.WriteFile("testdata/vectors.json", append(b, '\n'), 0o644))
	}
	raw, err := os.ReadFile("testdata/vectors.json")
	require.NoError(t, err)
	var got vectorFile
	require.NoError(t, json.Unmarshal(raw, &got))
	require.Equal(t, want, got, "testdata/vectors.json is stale; run go test -run TestVectors -update")

	for _, v := range got.Sign {
		t.Run("sign/"+v.Name, func(t *testing.T) {
			s, err := ParseSecret(v.Secret)
			require.NoError(t, err)
			ts, err := strconv.ParseInt(v.Timestamp, 10, 64)
			require.NoError(t, err)
			require.Equal(t, v.Signature, Sign(s, ts, v.DeliveryID, []byte(v.Body)))
			h := http.Header{}
			h.Set(HeaderTimestamp, v.Timestamp)
			h.Set(HeaderDeliveryID, v.DeliveryID)
			h.Set(HeaderSignature, v.Signature)
			vr := Verifier{Now: func() time.Time { return time.Unix(ts, 0) }}
			require.NoError(t, vr.Verify([]byte(v.Body), h, s))
		})
	}
	for _, v := range got.Verify {
		t.Run("verify/"+v.Name, func(t *testing.T) {
			var secrets []Secret
			for _, s := range v.Secrets {
				p, err := ParseSecret(s)
				require.NoError(t, err)
				secrets = append(secrets, p)
			}
			h := http.Header{}
			for k, val := range v.Headers {
				h.Set(k, val)
			}
			vr := Verifier{Now: func() time.Time { return time.Unix(v.Now, 0) }}
			err := vr.Verify([]byte(v.Body), h, secrets...)
			if v.Expect == "ok" {
				require.NoError(t, err)
				return
			}
			sentinel, ok := sentinelByName[v.Expect]
			require.True(t, ok, v.Expect)
			require.True(t, errors.Is(err, sentinel), "got %v, want %s", err, v.Expect)
		})
	}
}
