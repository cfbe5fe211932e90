package webhook

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSecretRoundTrip(t *testing.T) {
	t.Parallel()
	s := NewSecret()
	require.False(t, s.IsZero())
	text := s.String()
	require.True(t, strings.HasPrefix(text, SecretPrefix))
	require.Len(t, text, len(SecretPrefix)+43)
	p, err := ParseSecret(text)
	require.NoError(t, err)
	require.Equal(t, s.Key(), p.Key())
	require.NotEqual(t, s.Key(), NewSecret().Key())

	b, err := json.Marshal(struct{ S Secret }{s})
	require.NoError(t, err)
	var back struct{ S Secret }
	require.NoError(t, json.Unmarshal(b, &back))
	require.Equal(t, s.Key(), back.S.Key())
	require.NotContains(t, fmt.Sprintf("%#v", s), text[6:])
}

func TestParseSecret(t *testing.T) {
	t.Parallel()
	key := make([]byte, 32)
	for i := range key {
		key[i] = byte(250 - i) // produces '-' and '_' in Base64URL
	}
	raw := base64.RawURLEncoding.EncodeToString(key)
	padded := base64.URLEncoding.EncodeToString(key)
	std := base64.StdEncoding.EncodeToString(key)
	require.NotEqual(t, raw, strings.TrimRight(std, "="), "test key must differ between alphabets")
	short := base64.RawURLEncoding.EncodeToString(key[:31])
	long := base64.RawURLEncoding.EncodeToString(append(key, 1))
	// Same length as raw, but with non-zero trailing bits.
	lastBits := raw[:42] + string(raw[42]+1)

	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"whsec_" + raw, true},
		{"whsec_" + padded, true},
		{raw, false},
		{"WHSEC_" + raw, false},
		{"whsec_" + std, false},
		{"whsec_" + strings.TrimRight(std, "="), false},
		{"whsec_" + short, false},
		{"whsec_" + long, false},
		{"whsec_" + raw + "==", false},
		{"whsec_ " + raw, false},
		{"whsec_" + raw + "\n", false},
		{"whsec_" + raw[:20] + "\n" + raw[20:], false},
		{"whsec_" + lastBits, false},
		{"whsec_", false},
		{"", false},
	} {
		s, err := ParseSecret(tc.in)
		if tc.ok {
			require.NoError(t, err, tc.in)
			require.Equal(t, key, s.Key())
		} else {
			require.ErrorIs(t, err, ErrInvalidSecret, "%q", tc.in)
			require.True(t, s.IsZero())
		}
	}
	_, err := SecretFromBytes(key[:31])
	require.ErrorIs(t, err, ErrInvalidSecret)
	require.Equal(t, "", Secret{}.String())
	require.Equal(t, "", Sign(Secret{}, 1, "d", nil))
}
