package ingest_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/ingest"
)

func TestParseInboxAddress(t *testing.T) {
	const tok = "0123456789abcdef0123"
	for _, tc := range []struct {
		addr     string
		token    string
		docType  docextract.DocType
		ok, ours bool
	}{
		{"invoice+" + tok + "@docs.test", tok, docextract.Invoice, true, true},
		{"receipt+" + tok + "@docs.test", tok, docextract.Receipt, true, true},
		{"bank_statement+" + tok + "@docs.test", tok, docextract.BankStatement, true, true},
		{tok + "@docs.test", tok, "", true, true},
		{"Invoice+" + strings.ToUpper(tok) + "@DOCS.Test.", tok, docextract.Invoice, true, true},
		{"letter+" + tok + "@docs.test", "", "", false, true},
		{"invoice+@docs.test", "", "", false, true},
		{"@docs.test", "", "", false, false},
		{"invoice+" + tok + "@docs.test.evil.com", "", "", false, false},
		{"invoice+" + tok + "@evil.com", "", "", false, false},
		{"no-at-sign", "", "", false, false},
		{"", "", "", false, false},
	} {
		token, docType, ok, ours := ingest.ParseInboxAddress(tc.addr, "docs.test")
		require.Equal(t, tc.ours, ours, tc.addr)
		require.Equal(t, tc.ok, ok, tc.addr)
		if ok {
			require.Equal(t, tc.token, token, tc.addr)
			require.Equal(t, tc.docType, docType, tc.addr)
		}
	}
}

// Every address InboxAddress makes parses back to its token and type.
func TestInboxAddressRoundTrip(t *testing.T) {
	const tok = "00ff00ff00ff00ff00ff"
	addrs := ingest.InboxAddresses(tok, "docs.example.com")
	require.Len(t, addrs, 4)
	for key, addr := range addrs {
		token, docType, ok, ours := ingest.ParseInboxAddress(addr, "docs.example.com")
		require.True(t, ok && ours, addr)
		require.Equal(t, tok, token)
		if key == "default" {
			require.Empty(t, docType)
		} else {
			require.Equal(t, key, string(docType))
		}
	}
}

// FuzzParseInboxAddress attacks the parser of RCPT TO addresses, which
// come from any sender: no panic, and an address it accepts is in the
// domain and parses to a token without '@'.
func FuzzParseInboxAddress(f *testing.F) {
	for _, s := range []string{"invoice+abc@docs.test", "abc@docs.test", "x+y+z@docs.test", "@", "a@b@docs.test", "\xff@docs.test"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, addr string) {
		token, docType, ok, ours := ingest.ParseInboxAddress(addr, "docs.test")
		if ok && !ours {
			t.Fatalf("%q: ok outside the domain", addr)
		}
		if ok {
			if token == "" || strings.Contains(token, "@") {
				t.Fatalf("%q: token %q", addr, token)
			}
			if docType != "" {
				if _, known := docextract.ParseDocType(string(docType)); !known {
					t.Fatalf("%q: type %q", addr, docType)
				}
			}
		}
	})
}
