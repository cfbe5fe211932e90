package receipt

import (
	"strings"
	"unicode"
)

// editDistance is the Levenshtein distance between two short ASCII-folded
// strings (byte-wise; callers pass upper-case words of a few letters).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// fixCompanyForm repairs the Malaysian company form "SDN BHD" misread by
// OCR ("SON BED", "SDN BRD", "S0N. BND", "INTERNATIONAL-SDN BHD"). The
// context makes the correction certain: two neighbouring words, each one
// edit from SDN and BHD, with at least one of them read exactly or the
// pair ending the line. Punctuation around the words is kept.
func fixCompanyForm(text string) string {
	words := strings.Split(text, " ")
	changed := false
	for i := 0; i < len(words); i++ {
		// "INTERNATIONAL-SDN": the hyphen is a misread space.
		if j := strings.LastIndex(words[i], "-"); j > 0 && i+1 < len(words) {
			if core, _, _ := splitPunct(words[i][j+1:]); core == "SDN" && isFuzzy(words[i+1], "BHD") {
				words = append(words[:i+1], append([]string{words[i][j+1:]}, words[i+1:]...)...)
				words[i] = words[i][:j]
				changed = true
				continue
			}
		}
	}
	for i := 0; i+1 < len(words); i++ {
		a, pa, sa := splitPunct(words[i])
		b, pb, sb := splitPunct(words[i+1])
		if len(a) != 3 || len(b) != 3 || !isUpperWord(a) || !isUpperWord(b) {
			continue
		}
		da, db := editDistance(a, "SDN"), editDistance(b, "BHD")
		if da > 1 || db > 1 || da+db == 0 {
			continue
		}
		if da+db == 2 && i+2 != len(words) && !strings.HasPrefix(words[i+2], "(") {
			continue
		}
		words[i], words[i+1] = pa+"SDN"+sa, pb+"BHD"+sb
		changed = true
	}
	if !changed {
		return text
	}
	return strings.Join(words, " ")
}

// isFuzzy reports whether w, without punctuation, is at most one edit from
// the upper-case word want.
func isFuzzy(w, want string) bool {
	core, _, _ := splitPunct(w)
	return len(core) == len(want) && isUpperWord(core) && editDistance(core, want) <= 1
}

// splitPunct splits leading and trailing punctuation off a word.
func splitPunct(w string) (core, pre, suf string) {
	core = strings.TrimLeft(w, ".,;:()|")
	pre = w[:len(w)-len(core)]
	t := strings.TrimRight(core, ".,;:()|")
	suf = core[len(t):]
	return t, pre, suf
}

// isUpperWord reports whether w is made of capitals and digits only (OCR
// reads O as 0 and B as 8).
func isUpperWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if !(w[i] >= 'A' && w[i] <= 'Z' || w[i] >= '0' && w[i] <= '9') {
			return false
		}
	}
	return w != ""
}

// labelLexicon holds label words that OCR often misreads by one character
// ("TOTA!", "TOTAI", "SUBTOTAI", "AMOUNI"). Only words of five letters or
// more are corrected: shorter ones are too close to other words (CASH,
// DASH, WASH), and CHARGE stays CHARGE, not CHANGE.
var labelLexicon = []string{"total", "subtotal", "rounding", "rounded", "amount", "payable", "tendered", "received"}

// realWords are words one edit from a label word that are words of their
// own.
var realWords = map[string]bool{"totals": true, "amounts": true, "charge": true, "rounds": true}

// foldLabels returns the folded line with non-ASCII punctuation (curly
// quotes, dashes, bullets) turned into spaces, so it cannot glue to a label
// word, and each label word misread by one edit restored.
func foldLabels(fold string) string {
	var b strings.Builder
	for _, r := range fold {
		if r >= 0x80 && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			b.WriteByte(' ')
			continue
		}
		b.WriteRune(r)
	}
	words := strings.Split(b.String(), " ")
	for i, w := range words {
		core := strings.TrimRight(strings.TrimLeft(w, "*#_.:;(["), ".:;)]")
		if len(core) < 4 || realWords[core] {
			continue
		}
		for _, lab := range labelLexicon {
			if core == lab || len(core) < len(lab)-1 || len(core) > len(lab)+1 {
				continue
			}
			if editDistance(core, lab) == 1 && len(lab) >= 5 && !isLexicon(core) {
				words[i] = strings.Replace(w, core, lab, 1)
				break
			}
		}
	}
	return strings.Join(words, " ")
}

func isLexicon(w string) bool {
	for _, lab := range labelLexicon {
		if w == lab {
			return true
		}
	}
	return false
}
