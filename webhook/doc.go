// Package webhook is the receiver's side of docextract webhooks: it verifies
// the signature of an incoming delivery, decodes the event envelope, and
// offers a ready http.Handler that answers the way a receiver should answer
// (docs/api.md, Webhooks).
//
// It imports the standard library only, so a webhook receiver can depend on
// it without pulling SQLite, spreadsheet or PDF code into its build. A test
// in this package enforces that.
//
// What it is: the signing scheme (Secret, Sign), verification (Verify,
// Verifier and its sentinel errors), the envelope and payload types (Event,
// TaskCompletedData, TaskFailedData, TestData), a Handler with event-id
// deduplication through a small Store interface, and helpers that make
// signed requests for receivers' own tests (NewTestRequest, SignRequest).
//
// What it is not: the sender. Building payloads, the SSRF-safe HTTP client,
// retries and the delivery schedule live in package webhook/delivery, which
// the service uses and receivers never need.
//
// # Signature scheme
//
// Every delivery carries X-Service-Timestamp (Unix seconds), X-Service-Delivery-Id
// and X-Service-Signature. The signature is
//
//	v1=hex(HMAC-SHA256(key, "<timestamp>.<delivery id>.<raw body>"))
//
// where key is the 32 bytes encoded in the endpoint's "whsec_" secret. Verify
// the raw body bytes as received, before any JSON decoding. During secret
// rotation the header may carry several space-separated signatures, and
// Verify accepts several secrets; one match is enough.
//
// Decisions where the specification leaves room: secrets are produced
// unpadded and parsed with or without the single "=" of padding, strictly
// otherwise; hex digits of either case are accepted; signature tokens of
// unknown schemes ("v2=...") are skipped so that a future scheme can be added
// beside v1; the timestamp window is checked before the (costlier) HMAC.
// testdata/vectors.json holds language-neutral test vectors.
package webhook
