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
// English, German, French, Dutch, Spanish, Italian and Portuguese, and the
// full Polish names (nominative and the genitive dates use: "15 marca
// 2024"), and the Malay and Indonesian names that differ from those ("12
// Mac 2018", "Julai", "Ogos", "Disember"; "Agustus", "Desember"), to 1..12.
var months = map[string]int{}

func init() {
	names := [12]string{
		"jan january januar janner jaenner januari janvier janv enero ene gennaio gen janeiro styczen stycznia",
		"feb february februar feber februari fevrier fevr fev febrero febbraio fevereiro luty lutego",
		"mar march marz maerz mrz maart mrt mars marzo marco marzec marca mac",
		"apr april avril avr abril aprile abr kwiecien kwietnia",
		"may mai mei mayo maggio mag maio maj maja",
		"jun june juni juin junio giugno giu junho czerwiec czerwca",
		"jul july juli juillet juil julio luglio lug julho lipiec lipca julai",
		"aug august augustus aout ago agosto sierpien sierpnia ogos agustus",
		"sep sept september septembre septiembre settembre set setembro wrzesien wrzesnia",
		"oct october oktober okt octobre octubre ottobre ott outubro out pazdziernik pazdziernika",
		"nov november novembre noviembre novembro listopad listopada",
		"dec december dezember dez decembre diciembre dic dicembre dezembro grudzien grudnia disember desember",
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
	reISO     = regexp.MustCompile(`^(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$`)
	reNumeric = regexp.MustCompile(`^(\d{1,2})([-./])(\d{1,2})([-./])(\d{2}|\d{4})$`)
	reCompact = regexp.MustCompile(`^(19|20)(\d{2})(\d{2})(\d{2})$`)
	// "03. 08. 2014": a numeric date printed with spaces after the dots.
	reSpacedDots = regexp.MustCompile(`^(\d{1,2})\. ?(\d{1,2})\. ?(\d{2}|\d{4})$`)
)

// ParseDate reads one date in any supported notation and returns it as
// YYYY-MM-DD:
//
//   - numeric: DD.MM.YYYY, DD/MM/YYYY, DD-MM-YYYY, MM/DD/YYYY (when the day is
//     over 12, or by order), YYYY-MM-DD, YYYY/MM/DD, YYYYMMDD, DD.MM.YY,
//     "03. 08. 2014", an ISO date with a time ("2014-08-03T10:00:00Z");
//   - with a month name or abbreviation in English, German, French, Dutch,
//     Spanish, Italian (or Portuguese), in any order of day, month and year
//     that people print: "2 Jan 2024", "2. Januar 2024", "3. Aug. 2014",
//     "1er mars 2024", "2 de enero de 2024", "1° agosto 2024", "Jan 2, 2024",
//     "January 2nd, 2024", "August 3 , 2014", "3rd of August 2014",
//     "02-Jan-24", "2024 Aug 03", "Monday, August 3, 2014", "le 3 août 2014".
//
// A dotted numeric date is always day first; a slashed or dashed one is day
// first unless order is MDY or the day cannot be first. Two-digit years are
// read as 20YY (19YY from 70 up); a two-digit year after a month name is
// accepted only in the day-month-year order ("02-Jan-24"). A month and year
// without a day ("August 2014") is not a date.
func ParseDate(s string, order DateOrder) (string, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimRight(s, ",;:)")
	s = strings.TrimLeft(s, "(")
	// "bis zum 17.08.2014.": the full stop that ends a sentence after the
	// year.
	if n := len(s); n >= 5 && s[n-1] == '.' && allDigits(s[n-5:n-1]) {
		s = s[:n-1]
	} else if n >= 7 && s[n-1] == '.' && (reISO.MatchString(s[:n-1]) || reNumeric.MatchString(s[:n-1])) {
		// "bis 2021-10-16.", "Fällig am 06.09.24.": the same after a
		// whole numeric date of any form.
		s = s[:n-1]
	}
	if len(s) < 6 || len(s) > 48 {
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
	if m := reSpacedDots.FindStringSubmatch(s); m != nil {
		return mkDate(year(m[3]), atoi(m[2]), atoi(m[1]))
	}
	if m := reCompact.FindStringSubmatch(s); m != nil {
		return mkDate(atoi(m[1]+m[2]), atoi(m[3]), atoi(m[4]))
	}
	return parseWordDate(s)
}

// weekdays are the day names that may open a written date, folded.
var weekdays = map[string]bool{}

// fillers are the words that may stand between the parts of a written
// date: "3rd of August", "2 de enero de 2024", "le 3 août", "den 3. März".
var fillers = map[string]bool{"of": true, "the": true, "de": true, "del": true, "le": true, "den": true, "el": true, "il": true, "am": true, "on": true}

func init() {
	for _, w := range strings.Fields(`monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun
		montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag
		lundi mardi mercredi jeudi vendredi samedi dimanche
		maandag dinsdag woensdag donderdag vrijdag zaterdag zondag
		lunes martes miercoles jueves viernes sabado domingo
		lunedi martedi mercoledi giovedi venerdi sabato domenica`) {
		weekdays[w] = true
	}
}

// parseWordDate reads a date that spells its month: exactly one month name,
// one day (1..31, with an ordinal suffix or a trailing dot) and one year,
// ignoring a leading weekday and filler words.
func parseWordDate(s string) (string, bool) {
	// A dash or slash standing apart joins two dates ("1 Feb - 28 Feb
	// 2023"), it is not inside one.
	for _, t := range strings.Fields(s) {
		switch t {
		case "-", "–", "—", "/":
			return "", false
		}
	}
	f := Fold(s)
	f = strings.Map(func(r rune) rune {
		switch r {
		case ',', '-', '/', '\'', '\u00a0', '\u2009', '\u202f', '(', ')', '.':
			// dots split too: "07.mai.2014", "3.Aug.2014"
			return ' '
		}
		return r
	}, f)
	var parts []string
	for i, t := range strings.Fields(f) {
		t = strings.Trim(t, ".")
		if t == "" || fillers[t] {
			continue
		}
		if i == 0 && weekdays[t] {
			continue
		}
		parts = append(parts, t)
	}
	if len(parts) != 3 {
		return "", false
	}
	mi := -1
	for i, p := range parts {
		if months[p] > 0 {
			if mi >= 0 {
				return "", false
			}
			mi = i
		}
	}
	if mi < 0 {
		return "", false
	}
	mo := months[parts[mi]]
	var nums []string
	for i, p := range parts {
		if i != mi {
			nums = append(nums, p)
		}
	}
	// Orders: D M Y, M D Y (month first), Y M D (year first).
	switch mi {
	case 1:
		if d, ok := dayNumber(nums[0]); ok && isYear(nums[1], true) {
			return mkDate(year(nums[1]), mo, d)
		}
		if isYear(nums[0], false) {
			if d, ok := dayNumber(nums[1]); ok {
				return mkDate(year(nums[0]), mo, d)
			}
		}
	case 0:
		if d, ok := dayNumber(nums[0]); ok && isYear(nums[1], false) {
			return mkDate(year(nums[1]), mo, d)
		}
	case 2:
		// "2014 03 Aug" is not a form anyone prints.
	}
	return "", false
}

// dayNumber reads a day of the month with an optional ordinal suffix:
// "3", "03", "3rd", "1st", "1er", "1e", "1°", "1º", "1o".
func dayNumber(s string) (int, bool) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || i > 2 {
		return 0, false
	}
	switch s[i:] {
	case "", "st", "nd", "rd", "th", "er", "e", "eme", "o", "°", "º", "a":
	default:
		return 0, false
	}
	d := atoi(s[:i])
	return d, d >= 1 && d <= 31
}

// isYear reports whether s is a four-digit year, or (when short is allowed)
// a two-digit one.
func isYear(s string, short bool) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return len(s) == 4 || short && len(s) == 2
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

var reDayMonthNum = regexp.MustCompile(`^(\d{1,2})([./-])(\d{1,2})\.?$`)

// ParseDayMonth reads a date printed without its year, as bank statements
// print their rows: "01.03.", "01.03", "1 Mar", "3. März", "03-01", and
// "03/01" (month first when order is MDY). It returns the month and the day.
// A dotted date is always day first.
func ParseDayMonth(s string, order DateOrder) (month, day int, ok bool) {
	s = strings.TrimSpace(strings.TrimRight(s, ",;:"))
	if len(s) < 3 || len(s) > 20 {
		return 0, 0, false
	}
	if m := reDayMonthNum.FindStringSubmatch(s); m != nil {
		a, b := atoi(m[1]), atoi(m[3])
		if m[2] != "." && order == MDY {
			a, b = b, a
		}
		if b < 1 || b > 12 || a < 1 || a > 31 {
			return 0, 0, false
		}
		if _, ok := mkDate(2000, b, a); !ok { // 2000 is a leap year: 29.02. passes
			return 0, 0, false
		}
		return b, a, true
	}
	f := strings.NewReplacer("-", " ", ",", " ").Replace(Fold(s))
	ps := strings.Fields(f)
	if len(ps) != 2 {
		return 0, 0, false
	}
	for i := range ps {
		ps[i] = strings.Trim(ps[i], ".")
	}
	mi := 1
	if months[ps[0]] > 0 {
		mi = 0
	}
	mo := months[ps[mi]]
	d, dok := dayNumber(ps[1-mi])
	if mo == 0 || !dok {
		return 0, 0, false
	}
	if _, ok := mkDate(2000, mo, d); !ok {
		return 0, 0, false
	}
	return mo, d, true
}

// DateInPeriod completes a month and day printed without a year with the
// year that puts the date inside the period [start, end] (ISO dates; a
// statement period may run over New Year), or failing that nearest to it.
// Either bound may be empty; with both empty it fails.
func DateInPeriod(month, day int, start, end string) (string, bool) {
	var years []int
	for _, b := range []string{start, end} {
		if len(b) >= 4 {
			if y := atoi(b[:4]); y > 0 && (len(years) == 0 || years[len(years)-1] != y) {
				years = append(years, y)
			}
		}
	}
	if len(years) == 0 {
		return "", false
	}
	ref0, ref1 := start, end
	if ref0 == "" {
		ref0 = ref1
	}
	if ref1 == "" {
		ref1 = ref0
	}
	t0, err0 := time.Parse(time.DateOnly, ref0)
	t1, err1 := time.Parse(time.DateOnly, ref1)
	if err0 != nil || err1 != nil {
		return "", false
	}
	best, bestDist := "", time.Duration(1<<62)
	for _, y := range []int{years[0] - 1, years[0], years[len(years)-1], years[len(years)-1] + 1} {
		iso, ok := mkDate(y, month, day)
		if !ok {
			continue
		}
		t, _ := time.Parse(time.DateOnly, iso)
		var dist time.Duration
		switch {
		case t.Before(t0):
			dist = t0.Sub(t)
		case t.After(t1):
			dist = t.Sub(t1)
		}
		if dist < bestDist {
			best, bestDist = iso, dist
		}
	}
	return best, best != ""
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
