package textparse

import (
	"regexp"
	"strings"
)

// ibanLengths holds the IBAN length of each country that uses one.
var ibanLengths = map[string]int{
	"AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29,
	"CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24,
	"FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HR": 21,
	"HU": 28, "IE": 22, "IL": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LI": 21,
	"LT": 20, "LU": 20, "LV": 21, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30,
	"NL": 18, "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24,
	"SE": 24, "SI": 19, "SK": 24, "SM": 27, "TN": 24, "TR": 26, "UA": 29, "VG": 24, "XK": 20,
}

// NormalizeIBAN removes spaces and dashes and upper-cases s.
func NormalizeIBAN(s string) string {
	s = strings.ToUpper(s)
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '\u00a0' || r == '.' {
			return -1
		}
		return r
	}, s)
}

// ValidIBAN reports whether s (spaces allowed) is an IBAN with the right
// length for its country and a correct ISO 7064 mod-97 check.
func ValidIBAN(s string) bool {
	s = NormalizeIBAN(s)
	if len(s) < 15 || len(s) > 34 {
		return false
	}
	if n, ok := ibanLengths[s[:2]]; !ok || n != len(s) {
		return false
	}
	if s[2] < '0' || s[2] > '9' || s[3] < '0' || s[3] > '9' {
		return false
	}
	rem := 0
	for _, r := range s[4:] + s[:4] {
		switch {
		case r >= '0' && r <= '9':
			rem = (rem*10 + int(r-'0')) % 97
		case r >= 'A' && r <= 'Z':
			v := int(r-'A') + 10
			rem = (rem*100 + v) % 97
		default:
			return false
		}
	}
	return rem == 1
}

// PlausibleIBAN reports whether s (spaces allowed) has the shape of an IBAN
// of its country: the country's length, two check digits, letters and
// digits only. Unlike ValidIBAN it does not verify the check digits: sample
// and test documents print made-up IBANs, and a value printed right after
// an "IBAN" label is that document's IBAN whatever its check digits say.
func PlausibleIBAN(s string) bool {
	s = NormalizeIBAN(s)
	if len(s) < 15 || len(s) > 34 {
		return false
	}
	if n, ok := ibanLengths[s[:2]]; !ok || n != len(s) {
		return false
	}
	if s[2] < '0' || s[2] > '9' || s[3] < '0' || s[3] > '9' {
		return false
	}
	digits := 0
	for _, r := range s[4:] {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r >= 'A' && r <= 'Z':
		default:
			return false
		}
	}
	return digits*2 >= len(s)-4
}

// FindIBAN returns the first valid IBAN spelled by consecutive tokens
// (printed in groups of four or as one run), normalised, or "".
func FindIBAN(tokens []string) string { return findIBAN(tokens, false, false) }

// FindPlausibleIBAN is FindIBAN accepting IBANs whose check digits are
// wrong (see PlausibleIBAN), when the tokens spell exactly the country's
// length; use it only where a label vouches for the value.
func FindPlausibleIBAN(tokens []string) string { return findIBAN(tokens, true, false) }

// FindIBANOCR is FindIBAN for words read by OCR: an IBAN whose check
// fails is repaired (RepairIBAN) when one reading of a misread letter
// makes it valid.
func FindIBANOCR(tokens []string) string { return findIBAN(tokens, false, true) }

// digitFor maps the letters OCR reads in place of a digit to that digit.
var digitFor = map[byte]byte{'O': '0', 'Q': '0', 'D': '0', 'I': '1', 'L': '1', 'Z': '2', 'S': '5', 'G': '6', 'B': '8'}

// RepairIBAN mends an IBAN read by OCR (normalised, of its country's
// length) whose check fails: letters in the two check-digit places are
// read as the digits they resemble (O -> 0, I/L -> 1, S -> 5, B -> 8, ...),
// then, if the check still fails, each such letter of the account part in
// turn; the repair is kept only when exactly one reading passes the
// mod-97 check, which a random misreading passes once in 97. Digits are
// never turned into letters.
func RepairIBAN(s string) (string, bool) {
	if ValidIBAN(s) {
		return s, true
	}
	if len(s) < 5 {
		return "", false
	}
	b := []byte(s)
	for i := 2; i < 4; i++ {
		if d, ok := digitFor[b[i]]; ok {
			b[i] = d
		}
	}
	if ValidIBAN(string(b)) {
		return string(b), true
	}
	found := ""
	for i := 4; i < len(b); i++ {
		d, ok := digitFor[b[i]]
		if !ok {
			continue
		}
		c := b[i]
		b[i] = d
		if ValidIBAN(string(b)) {
			if found != "" {
				return "", false
			}
			found = string(b)
		}
		b[i] = c
	}
	return found, found != ""
}

func findIBAN(tokens []string, plausible, ocr bool) string {
	for i, t := range tokens {
		u := strings.ToUpper(strings.Trim(t, ":,;."))
		if strings.HasPrefix(u, "IBAN") {
			u = strings.TrimLeft(u[4:], ":")
		}
		if len(u) < 2 || u[0] < 'A' || u[0] > 'Z' || u[1] < 'A' || u[1] > 'Z' {
			continue
		}
		n, ok := ibanLengths[u[:2]]
		if !ok {
			continue
		}
		acc := NormalizeIBAN(u)
		for j := i + 1; len(acc) < n && j < len(tokens) && j < i+10; j++ {
			acc += NormalizeIBAN(strings.Trim(tokens[j], ":,;"))
		}
		switch {
		case len(acc) >= n && ValidIBAN(acc[:n]):
			return acc[:n]
		case ocr && len(acc) >= n:
			if r, ok := RepairIBAN(acc[:n]); ok {
				return r
			}
		case plausible && len(acc) == n && PlausibleIBAN(acc):
			return acc
		}
	}
	return ""
}

// vatPatterns are the EU VAT identifier formats (country prefix included),
// plus GB, CH and NO.
var vatPatterns = map[string]*regexp.Regexp{
	"AT": regexp.MustCompile(`^ATU\d{8}$`),
	"BE": regexp.MustCompile(`^BE[01]\d{9}$`),
	"BG": regexp.MustCompile(`^BG\d{9,10}$`),
	"CY": regexp.MustCompile(`^CY\d{8}[A-Z]$`),
	"CZ": regexp.MustCompile(`^CZ\d{8,10}$`),
	"DE": regexp.MustCompile(`^DE\d{9}$`),
	"DK": regexp.MustCompile(`^DK\d{8}$`),
	"EE": regexp.MustCompile(`^EE\d{9}$`),
	"EL": regexp.MustCompile(`^EL\d{9}$`),
	"ES": regexp.MustCompile(`^ES[A-Z0-9]\d{7}[A-Z0-9]$`),
	"FI": regexp.MustCompile(`^FI\d{8}$`),
	"FR": regexp.MustCompile(`^FR[A-HJ-NP-Z0-9]{2}\d{9}$`),
	"HR": regexp.MustCompile(`^HR\d{11}$`),
	"HU": regexp.MustCompile(`^HU\d{8}$`),
	"IE": regexp.MustCompile(`^IE\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$`),
	"IT": regexp.MustCompile(`^IT\d{11}$`),
	"LT": regexp.MustCompile(`^LT(\d{9}|\d{12})$`),
	"LU": regexp.MustCompile(`^LU\d{8}$`),
	"LV": regexp.MustCompile(`^LV\d{11}$`),
	"MT": regexp.MustCompile(`^MT\d{8}$`),
	"NL": regexp.MustCompile(`^NL\d{9}B\d{2}$`),
	"PL": regexp.MustCompile(`^PL\d{10}$`),
	"PT": regexp.MustCompile(`^PT\d{9}$`),
	"RO": regexp.MustCompile(`^RO\d{2,10}$`),
	"SE": regexp.MustCompile(`^SE\d{10}01$`),
	"SI": regexp.MustCompile(`^SI\d{8}$`),
	"SK": regexp.MustCompile(`^SK\d{10}$`),
	"GB": regexp.MustCompile(`^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$`),
	"XI": regexp.MustCompile(`^XI(\d{9}|\d{12})$`),
	"CH": regexp.MustCompile(`^CHE\d{9}(MWST|TVA|IVA)?$`),
	"NO": regexp.MustCompile(`^NO\d{9}(MVA)?$`),
}

// NormalizeVATID removes spaces, dots and dashes and upper-cases s
// ("FR 32 123 456 789" -> "FR32123456789", "CHE-123.456.789 MWST" ->
// "CHE123456789MWST").
func NormalizeVATID(s string) string { return NormalizeIBAN(s) }

// ValidVATID reports whether s has the format of a VAT identifier of an EU
// member state (or GB, XI, CH, NO), e.g. DE123456789, FR32123456789,
// NL123456789B01, ATU12345678. Only the format is checked.
func ValidVATID(s string) bool {
	s = NormalizeVATID(s)
	if len(s) < 4 {
		return false
	}
	re, ok := vatPatterns[s[:2]]
	return ok && re.MatchString(s)
}

// FindVATID returns the first VAT identifier spelled by one to five
// consecutive tokens ("DE123456789", "FR 32 123 456 789"), normalised, or "".
func FindVATID(tokens []string) string {
	for i, t := range tokens {
		u := strings.Trim(t, ":,;()")
		if len(u) < 2 || u[0] < 'A' || u[0] > 'Z' || u[1] < 'A' || u[1] > 'Z' {
			continue
		}
		if _, ok := vatPatterns[u[:2]]; !ok {
			continue
		}
		acc := ""
		best := ""
		for j := i; j < len(tokens) && j < i+6; j++ {
			acc += NormalizeVATID(strings.Trim(tokens[j], ":,;()"))
			if ValidVATID(acc) {
				best = acc
			}
			if len(acc) > 16 {
				break
			}
		}
		if best != "" {
			return best
		}
	}
	return ""
}
