package textparse

import (
	"strings"
	"unicode"
)

var foldMap = map[rune]string{
	'ä': "a", 'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'å': "a", 'æ': "ae",
	'ç': "c", 'č': "c", 'ć': "c",
	'é': "e", 'è': "e", 'ê': "e", 'ë': "e", 'ě': "e",
	'í': "i", 'ì': "i", 'î': "i", 'ï': "i",
	'ñ': "n", 'ń': "n", 'ň': "n",
	'ó': "o", 'ò': "o", 'ô': "o", 'ö': "o", 'õ': "o", 'ø': "o",
	'ú': "u", 'ù': "u", 'û': "u", 'ü': "u", 'ů': "u",
	'ß': "ss", 'ý': "y", 'ÿ': "y", 'ž': "z", 'š': "s", 'ř': "r", 'ł': "l",
	'œ': "oe",
	// Polish, Czech, Slovak, Hungarian, Romanian, Turkish.
	'ą': "a", 'ę': "e", 'ś': "s", 'ź': "z", 'ż': "z", 'ď': "d", 'ť': "t", 'ľ': "l", 'ĺ': "l", 'ŕ': "r",
	'ő': "o", 'ű': "u", 'ă': "a", 'ș': "s", 'ş': "s", 'ț': "t", 'ţ': "t", 'ğ': "g", 'ı': "i",
	// Ordinal indicators: "Nº" is "No", "1ª" is "1a".
	'º': "o", 'ª': "a",
}

// Fold lower-cases s and removes diacritics ("Fälligkeit" -> "falligkeit",
// "Échéance" -> "echeance"), for matching labels and month names.
func Fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 || (s[i] >= 'A' && s[i] <= 'Z') {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		r = unicode.ToLower(r)
		if f, ok := foldMap[r]; ok {
			b.WriteString(f)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// HasWord reports whether one of words stands in fold (text as Fold gives
// it) as whole words: with no letter right before or after it, so that
// "ending balance" is not found in "pending balance". A byte outside ASCII
// counts as a letter (Fold keeps the letters it cannot fold).
func HasWord(fold string, words ...string) bool {
	for _, w := range words {
		if w == "" {
			continue
		}
		for k := 0; ; {
			j := strings.Index(fold[k:], w)
			if j < 0 {
				break
			}
			j += k
			e := j + len(w)
			if (j == 0 || !foldedLetter(fold[j-1])) && (e == len(fold) || !foldedLetter(fold[e])) {
				return true
			}
			k = j + 1
		}
	}
	return false
}

func foldedLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 0x80 }
