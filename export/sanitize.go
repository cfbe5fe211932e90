package export

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SafeText neutralises a text value that a spreadsheet could read as a
// formula (CSV/formula injection, OWASP "CSV Injection"). When s begins with
// one of = + - @ TAB CR LF, possibly after leading white space, SafeText
// prefixes it with a single quote, which Excel, LibreOffice and Google Sheets
// show as text and never evaluate. Invalid UTF-8 is replaced by U+FFFD and NUL
// bytes are dropped, so every export is valid UTF-8. Any other s is returned
// unchanged.
//
// SafeText is for text cells only: numbers are written as numbers, so a
// negative amount stays -12.50 and is never prefixed.
func SafeText(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if strings.IndexByte(s, 0) >= 0 {
		s = strings.ReplaceAll(s, "\x00", "")
	}
	if needsQuote(s) {
		return "'" + s
	}
	return s
}

// needsQuote reports whether the first non-space rune of s (or s's first
// rune, when that is itself a control character) could start a formula.
func needsQuote(s string) bool {
	for _, r := range s {
		switch r {
		case '=', '+', '-', '@', '\t', '\r', '\n',
			'\uFF1D', '\uFF0B', '\uFF0D', '\uFF20': // full-width = + - @
			return true
		}
		if unicode.IsSpace(r) {
			continue
		}
		return false
	}
	return false
}

// sanitizeName reduces s to an ASCII file-name fragment of at most max bytes:
// letters, digits, '-' and '.', with every other run of characters turned into
// one '_' and no leading or trailing '_', '.' or '-'.
func sanitizeName(s string, max int) string {
	var b strings.Builder
	under := false
	for _, r := range s {
		ok := r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '.')
		if ok {
			b.WriteRune(r)
			under = false
		} else if !under {
			b.WriteByte('_')
			under = true
		}
		if b.Len() >= max {
			break
		}
	}
	out := b.String()
	if len(out) > max {
		out = out[:max]
	}
	return strings.Trim(out, "_.-")
}

// ContentDisposition returns the value of a Content-Disposition header that
// offers name as a download (RFC 6266): `attachment; filename="ascii"` with an
// ASCII fallback in which every non-ASCII, control, quote or backslash
// character is replaced by '_', plus `filename*=UTF-8”…` (RFC 5987 / 8187)
// carrying the exact name percent-encoded.
func ContentDisposition(name string) string {
	var ascii strings.Builder
	for _, r := range name {
		if r < 0x20 || r >= 0x7f || r == '"' || r == '\\' || r == '/' {
			ascii.WriteByte('_')
			continue
		}
		ascii.WriteRune(r)
	}
	fallback := ascii.String()
	if fallback == "" {
		fallback = "download"
	}
	return fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, fallback, pctEncode(name))
}

// pctEncode encodes s as an RFC 5987 value-chars: attr-char stays, every other
// byte becomes %XX.
func pctEncode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			strings.IndexByte("!#$&+-.^_`|~", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}
