package textparse

import (
	"strings"

	"golang.org/x/text/unicode/norm"
)

// CharAction is what a reader of positioned text (a PDF text layer, OCR)
// does with one character: NormRune's answer.
type CharAction uint8

// The actions of NormRune.
const (
	// CharKeep keeps the character as it is.
	CharKeep CharAction = iota
	// CharBreak ends the word: every Unicode space (U+0020, U+00A0,
	// U+2000-U+200B, U+202F, U+205F, U+3000...) and the tab and line
	// breaks. Amounts written with a narrow or no-break space ("1 234,56")
	// are rejoined by the readers as those written with a plain space are.
	CharBreak
	// CharDrop removes the character: the soft hyphen (U+00AD, only a
	// possible break), zero-width joiners and the byte-order mark.
	CharDrop
	// CharReplace writes NormRune's string instead: ligatures ("ﬁ" ->
	// "fi"), full-width forms ("１２３" -> "123", "ＥＵＲ" -> "EUR", "￡" ->
	// "£").
	CharReplace
	// CharUnreadable marks a character that stands for no readable one:
	// control characters, private-use code points (U+E000-U+F8FF, planes 15
	// and 16), U+FFFD, non-characters and lone surrogates. Fonts without a
	// usable ToUnicode map make PDF text layers of these; readers break the
	// word there and count them (layout.Page.Unreadable).
	CharUnreadable
)

// ligatures are the Latin ligatures of the Alphabetic Presentation Forms
// block, U+FB00-U+FB06.
var ligatures = [...]string{"ff", "fi", "fl", "ffi", "ffl", "st", "st"}

// fullwidthSigns are the full-width signs outside U+FF01-U+FF5E.
var fullwidthSigns = map[rune]string{0xFFE0: "¢", 0xFFE1: "£", 0xFFE5: "¥", 0xFFE6: "₩", 0xFFE4: "¦", 0xFFE2: "¬"}

// NormRune is the one rule for single characters of positioned text, applied
// where words are built (PDF text layers and OCR output), so that every
// reader and label match sees the same letters. Case and diacritics are
// left alone (Fold removes them for matching); minus signs and dashes too
// (Minuses). PDFium gives U+0002 for a hyphen it found at a line's end: it
// is the hyphen the page shows, "-".
func NormRune(r rune) (CharAction, string) {
	if r < 0x80 {
		switch {
		case r == 0x02:
			return CharReplace, "-"
		case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f':
			return CharBreak, ""
		case r < 0x20 || r == 0x7F:
			return CharUnreadable, ""
		}
		return CharKeep, ""
	}
	switch {
	case r < 0xA0:
		return CharUnreadable, "" // C1 controls
	case r == 0xA0 || r == 0x1680 || (r >= 0x2000 && r <= 0x200B) || r == 0x2028 || r == 0x2029 ||
		r == 0x202F || r == 0x205F || r == 0x3000:
		return CharBreak, ""
	case r == 0xAD || r == 0x200C || r == 0x200D || r == 0x2060 || r == 0xFEFF:
		return CharDrop, ""
	case r >= 0xFB00 && r <= 0xFB06:
		return CharReplace, ligatures[r-0xFB00]
	case r >= 0xFF01 && r <= 0xFF5E:
		return CharReplace, string(r - 0xFEE0)
	case r >= 0xD800 && r <= 0xDFFF, r >= 0xE000 && r <= 0xF8FF, r >= 0xF0000,
		r == 0xFFFD, r&0xFFFE == 0xFFFE, r >= 0xFDD0 && r <= 0xFDEF:
		return CharUnreadable, ""
	}
	if s, ok := fullwidthSigns[r]; ok {
		return CharReplace, s
	}
	return CharKeep, ""
}

// NormWord applies NormRune to a word that a recogniser returned (OCR): it
// has no spaces of its own, so breaks and unreadable characters are
// dropped rather than split at. A plain ASCII word is returned as it is.
func NormWord(s string) string {
	plain := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7F {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch act, repl := NormRune(r); act {
		case CharKeep:
			b.WriteRune(r)
		case CharReplace:
			b.WriteString(repl)
		}
	}
	return b.String()
}

// IsCombining reports whether r is a combining diacritical mark
// (U+0300-U+036F): some producers' ToUnicode maps give "ä" as "a" and
// U+0308. A word holding one is composed with Compose.
func IsCombining(r rune) bool { return r >= 0x300 && r <= 0x36F }

// Compose returns s in Unicode composed form (NFC): "a" + U+0308 is "ä",
// as the label vocabulary and Fold expect.
func Compose(s string) string { return norm.NFC.String(s) }
