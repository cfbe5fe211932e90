package webhook

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"strings"
)

// SecretPrefix starts the text form of every signing secret.
const SecretPrefix = "whsec_"

// SecretSize is the length in bytes of a signing key.
const SecretSize = 32

// ErrInvalidSecret is returned by ParseSecret for text that is not a
// "whsec_" secret encoding exactly SecretSize bytes.
var ErrInvalidSecret = errors.New("webhook: invalid secret: want \"whsec_\" followed by Base64URL of 32 bytes")

// Secret is an endpoint's signing key. Its text form, returned by String and
// accepted by ParseSecret, is "whsec_" followed by the unpadded Base64URL
// encoding (RFC 4648 §5) of the 32 key bytes. The zero Secret is invalid and
// never verifies anything.
type Secret struct {
	key [SecretSize]byte
	ok  bool
}

// NewSecret returns a new random secret from crypto/rand.
func NewSecret() Secret {
	var s Secret
	// crypto/rand.Read never returns an error on supported platforms
	// (it panics instead), see its documentation.
	_, _ = rand.Read(s.key[:])
	s.ok = true
	return s
}

// SecretFromBytes returns the secret whose key is b, which must be exactly
// SecretSize bytes long.
func SecretFromBytes(b []byte) (Secret, error) {
	var s Secret
	if len(b) != SecretSize {
		return s, ErrInvalidSecret
	}
	copy(s.key[:], b)
	s.ok = true
	return s, nil
}

// ParseSecret parses the text form of a secret. Parsing is strict: the
// prefix must be "whsec_" exactly, and the rest must be Base64URL (alphabet
// A-Z a-z 0-9 - _) of exactly 32 bytes, either unpadded (43 characters, the
// form this package produces) or padded with one "=" (44 characters). No
// whitespace, standard-alphabet characters (+ /) or non-zero trailing bits
// are accepted.
func ParseSecret(text string) (Secret, error) {
	rest, ok := strings.CutPrefix(text, SecretPrefix)
	if !ok {
		return Secret{}, ErrInvalidSecret
	}
	enc := base64.RawURLEncoding.Strict()
	if strings.HasSuffix(rest, "=") {
		enc = base64.URLEncoding.Strict()
	}
	// Decoding ignores \r and \n even in strict mode; refuse them here.
	if strings.ContainsAny(rest, "\r\n") {
		return Secret{}, ErrInvalidSecret
	}
	var buf [SecretSize + 3]byte
	if enc.DecodedLen(len(rest)) > len(buf) {
		return Secret{}, ErrInvalidSecret
	}
	n, err := enc.Decode(buf[:], []byte(rest))
	if err != nil || n != SecretSize {
		return Secret{}, ErrInvalidSecret
	}
	return SecretFromBytes(buf[:n])
}

// String returns the text form of the secret ("whsec_" + unpadded
// Base64URL), or "" for the zero Secret. Treat it as confidential.
func (s Secret) String() string {
	if !s.ok {
		return ""
	}
	return SecretPrefix + base64.RawURLEncoding.EncodeToString(s.key[:])
}

// GoString hides the key from %#v formatting in logs.
func (s Secret) GoString() string { return "webhook.Secret{redacted}" }

// Key returns a copy of the 32 key bytes, or nil for the zero Secret.
func (s Secret) Key() []byte {
	if !s.ok {
		return nil
	}
	k := s.key
	return k[:]
}

// IsZero reports whether s is the zero (invalid) Secret.
func (s Secret) IsZero() bool { return !s.ok }

// MarshalText implements encoding.TextMarshaler with the text form.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseSecret.
func (s *Secret) UnmarshalText(b []byte) error {
	p, err := ParseSecret(string(b))
	if err != nil {
		return err
	}
	*s = p
	return nil
}
