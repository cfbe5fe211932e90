package textparse

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// DateOrder says how to read an all-numeric date whose day and month are
// both 12 or less ("03/04/2024").
type DateOrder int

// Date orders.
const (
	// DMY reads 03/04/2024 as 3 April (Europe and most of the world); the
	// default.
	DMY DateOrder = iota
	// MDY reads 03/04/2024 as 4 March (United States).
	MDY
)

// months maps lower-case, accent-folded month names and abbreviations of
// English, German, French, Dutch, Spanish, Italian and Portuguese to 1..12.
var months = map[string]int{}

func init() {
	names := [12]string{
		"jan january januar janner jaenner januari janvier janv enero ene gennaio gen janeiro",
		"feb february februar februari fevrier fevr fev febrero febbraio fevereiro",
		"mar march marz maerz mrz maart mars marzo marco",
		"apr april avril avr abril aprile abr",
		"may mai mei mayo maggio mag maio",
		"jun june juni juin junio giugno giu junho",
		"jul july juli juillet juil julio luglio lug julho",
		"aug august augustus aout ago agosto",
		"sep sept september septembre septiembre settembre set setembro",
		"oct october oktober okt octobre octubre ottobre ott outubro out",
		"nov november novembre noviembre novembro",
		"dec december dezember dez decembre diciembre dic dicembre dezembro",
	}
	for i, n := range names {
		for _, w := range strings.Fields(n) {
			months[w] = i + 1
		}
	}
}

// MonthNumber returns 1..12 for a month name or abbreviation in one of the
// supported languages ("Jan", "März", "décembre", "gennaio"), or 0.
func MonthNumber(s string) int {
	return months[strings.Trim(Fold(s), ".")]
}

var (
	reISO     = regexp.MustCompile(`^(\d{4})[-./](\d{1,2})[-./](\d{1,2})$`)
	reNumeric = regexp.MustCompile(`^(\d{1,2})([-./])(\d{1,2})([-./])(\d{2}|\d{4})$`)
	reCompact = regexp.MustCompile(`^(19|20)(\d{2})(\d{2})(\d{2})$`)
	// token forms for textual dates, applied to a folded, cleaned string
	reDayMonYear = regexp.MustCompile(`^(\d{1,2})(?:st|nd|rd|th|er|e|o|º)?\.? ?(?:de |of )?([a-z]{3,10})\.?,? ?(?:de |del )?'?(\d{4}|\d{2})$`)
	reMonDayYear = regexp.MustCompile(`^([a-z]{3,10})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$`)
)

// ParseDate reads one date in any supported notation and returns it as
// YYYY-MM-DD: DD.MM.YYYY, DD/MM/YYYY, MM/DD/YYYY (when the day is over 12, or
// by order), YYYY-MM-DD, YYYYMMDD, DD.MM.YY, "2 Jan 2024", "2. Januar 2024",
// "2 janvier 2024", "1er mars 2024", "2 de enero de 2024", "2 gennaio 2024",
// "Jan 2, 2024", "January 2nd, 2024", "02-Jan-24". Two-digit years are read
// as 20YY (19YY from 70 up).
func ParseDate(s string, order DateOrder) (string, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimRight(s, ",;:)")
	s = strings.TrimLeft(s, "(")
	if len(s) < 6 || len(s) > 40 {
		return "", false
	}
	if m := reISO.FindStringSubmatch(s); m != nil {
		return mkDate(atoi(m[1]), atoi(m[2]), atoi(m[3]))
	}
	if m := reNumeric.FindStringSubmatch(s); m != nil {
		if m[2] != m[4] {
			return "", false
		}
		a, b, y := atoi(m[1]), atoi(m[3]), year(m[5])
		if m[2] == "." {
			return mkDate(y, b, a)
		}
		switch {
		case a > 12:
			return mkDate(y, b, a)
		case b > 12:
			return mkDate(y, a, b)
		case order == MDY:
			return mkDate(y, a, b)
		}
		return mkDate(y, b, a)
	}
	if m := reCompact.FindStringSubmatch(s); m != nil {
		return mkDate(atoi(m[1]+m[2]), atoi(m[3]), atoi(m[4]))
	}
	f := cleanDate(s)
	if m := reDayMonYear.FindStringSubmatch(f); m != nil {
		if mo := months[m[2]]; mo > 0 {
			return mkDate(year(m[3]), mo, atoi(m[1]))
		}
	}
	if m := reMonDayYear.FindStringSubmatch(f); m != nil {
		if mo := months[m[1]]; mo > 0 {
			return mkDate(year(m[3]), mo, atoi(m[2]))
		}
	}
	return "", false
}

// cleanDate folds accents, lower-cases and turns "-" and "/" and repeated
// spaces into single spaces: "02-Jan-24" -> "02 jan 24".
func cleanDate(s string) string {
	s = Fold(s)
	s = strings.NewReplacer("-", " ", "/", " ", "\u00a0", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

func year(s string) int {
	y := atoi(s)
	if len(s) == 2 {
		if y >= 70 {
			return 1900 + y
		}
		return 2000 + y
	}
	return y
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

func mkDate(y, m, d int) (string, bool) {
	if y < 1900 || y > 2199 || m < 1 || m > 12 || d < 1 || d > 31 {
		return "", false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d {
		return "", false
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, m, d), true
}

// DateMatch is a date found inside a sequence of tokens.
type DateMatch struct {
	// Start and End delimit the tokens (End exclusive) that spell the date.
	Start, End int
	// ISO is the date as YYYY-MM-DD.
	ISO string
}

// FindDates finds the dates in a sequence of whitespace-separated tokens
// (the words of a line), trying windows of one to five tokens so that "2. Januar
// 2024", "2 de enero de 2024" and "Jan 2, 2024" are found as well as
// "02.01.2024". Matches do not overlap.
func FindDates(tokens []string, order DateOrder) []DateMatch {
	var out []DateMatch
	for i := 0; i < len(tokens); i++ {
		for n := 5; n >= 1; n-- {
			if i+n > len(tokens) {
				continue
			}
			if n == 1 && !hasDigit(tokens[i]) {
				break
			}
			if n > 1 && !plausibleStart(tokens[i]) {
				continue
			}
			s := strings.Join(tokens[i:i+n], " ")
			if iso, ok := ParseDate(s, order); ok {
				out = append(out, DateMatch{Start: i, End: i + n, ISO: iso})
				i += n - 1
				break
			}
		}
	}
	return out
}

func plausibleStart(t string) bool {
	if hasDigit(t) {
		return len(t) <= 5
	}
	return MonthNumber(t) > 0
}

func hasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			return true
		}
	}
	return false
}
