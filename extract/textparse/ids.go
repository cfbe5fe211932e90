package textparse

import (
	"regexp"
	"strings"
)

// ibanFormats is the structure of each country's account part (the BBAN,
// after the country code and the two check digits), as the IBAN registry
// (ISO 13616, SWIFT) gives it: runs of n digits ("8n"), a upper-case
// letters or c letters-or-digits. An IBAN's length follows from it.
// Checking the structure as well as the mod-97 check digits matters where
// IBANs are looked for among ordinary words: any run of letters and digits
// that starts with a country code passes the check digits once in 97
// ("LT01 LOYDS BANK PLC BIC1" does), but a Lithuanian account part is
// sixteen digits.
var ibanFormats = map[string]string{
	"AD": "8n12c", "AE": "19n", "AL": "8n16c", "AT": "16n", "AZ": "4a20c", "BA": "16n", "BE": "12n",
	"BG": "4a6n8c", "BH": "4a14c", "BR": "23n1a1c", "CH": "5n12c", "CR": "18n", "CY": "8n16c",
	"CZ": "20n", "DE": "18n", "DK": "14n", "DO": "4c20n", "EE": "16n", "EG": "25n", "ES": "20n",
	"FI": "14n", "FO": "14n", "FR": "10n11c2n", "GB": "4a14n", "GE": "2a16n", "GI": "4a15c",
	"GL": "14n", "GR": "7n16c", "GT": "24c", "HR": "17n", "HU": "24n", "IE": "4a14n", "IL": "19n",
	"IS": "22n", "IT": "1a10n12c", "JO": "4a4n18c", "KW": "4a22c", "KZ": "3n13c", "LB": "4n20c",
	"LI": "5n12c", "LT": "16n", "LU": "3n13c", "LV": "4a13c", "MC": "10n11c2n", "MD": "20c",
	"ME": "18n", "MK": "3n10c2n", "MR": "23n", "MT": "4a5n18c", "MU": "4a19n3a", "NL": "4a10n",
	"NO": "11n", "PK": "4a16c", "PL": "24n", "PS": "4a21c", "PT": "21n", "QA": "4a21c",
	"RO": "4a16c", "RS": "18n", "SA": "2n18c", "SE": "20n", "SI": "15n", "SK": "20n",
	"SM": "1a10n12c", "TN": "20n", "TR": "6n16c", "UA": "6n19c", "VG": "4a16n", "XK": "16n",
}

// ibanClasses is ibanFormats expanded to one class byte ('n', 'a' or 'c')
// per character of the account part; ibanLengths the IBAN length of each
// country.
var ibanClasses, ibanLengths = func() (map[string]string, map[string]int) {
	classes, lengths := map[string]string{}, map[string]int{}
	for cc, f := range ibanFormats {
		var b strings.Builder
		n := 0
		for _, r := range f {
			if r >= '0' && r <= '9' {
				n = n*10 + int(r-'0')
				continue
			}
			b.WriteString(strings.Repeat(string(r), n))
			n = 0
		}
		classes[cc] = b.String()
		lengths[cc] = 4 + b.Len()
	}
	return classes, lengths
}()

// ibanShape reports whether s (normalised) has its country's length, two
// check digits and an account part of its country's structure.
func ibanShape(s string) bool {
	if len(s) < 15 || len(s) > 34 {
		return false
	}
	cls, ok := ibanClasses[s[:2]]
	if !ok || len(s) != 4+len(cls) {
		return false
	}
	if !isDigit(s[2]) || !isDigit(s[3]) {
		return false
	}
	for i := 4; i < len(s); i++ {
		c := s[i]
		switch cls[i-4] {
		case 'n':
			if !isDigit(c) {
				return false
			}
		case 'a':
			if c < 'A' || c > 'Z' {
				return false
			}
		default:
			if !isDigit(c) && (c < 'A' || c > 'Z') {
				return false
			}
		}
	}
	return true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

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

// ValidIBAN reports whether s (spaces allowed) is an IBAN with its
// country's length and account structure (ibanFormats) and a correct ISO
// 7064 mod-97 check.
func ValidIBAN(s string) bool {
	s = NormalizeIBAN(s)
	if !ibanShape(s) {
		return false
	}
	rem := 0
	for _, r := range s[4:] + s[:4] {
		switch {
		case r >= '0' && r <= '9':
			rem = (rem*10 + int(r-'0')) % 97
		default:
			v := int(r-'A') + 10
			rem = (rem*100 + v) % 97
		}
	}
	return rem == 1
}

// PlausibleIBAN reports whether s (spaces allowed) has the shape of an IBAN
// of its country: the country's length, two check digits and the
// country's account structure (ibanFormats), with at least half of the
// account part digits. Unlike ValidIBAN it does not verify the check
// digits: sample and test documents print made-up IBANs, and a value
// printed right after an "IBAN" label is that document's IBAN whatever its
// check digits say.
func PlausibleIBAN(s string) bool {
	s = NormalizeIBAN(s)
	if !ibanShape(s) {
		return false
	}
	digits := 0
	for i := 4; i < len(s); i++ {
		if isDigit(s[i]) {
			digits++
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
// length) whose check fails. Letters where the country's structure
// (ibanFormats) and the check digits have a digit are read as the digits
// they resemble (O -> 0, I/L -> 1, S -> 5, B -> 8, ...); if the check
// still fails, each such letter in a letter-or-digit place in turn. The
// repair is kept only when the result passes the mod-97 check, and in the
// second step only when exactly one reading does (a random misreading
// passes once in 97). Digits are never turned into letters.
func RepairIBAN(s string) (string, bool) {
	if ValidIBAN(s) {
		return s, true
	}
	if len(s) < 5 {
		return "", false
	}
	cls, ok := ibanClasses[s[:2]]
	if !ok || len(s) != 4+len(cls) {
		return "", false
	}
	b := []byte(s)
	for i := 2; i < len(b); i++ {
		if i >= 4 && cls[i-4] != 'n' || isDigit(b[i]) {
			continue
		}
		d, ok := digitFor[b[i]]
		if !ok {
			return "", false
		}
		b[i] = d
	}
	if ValidIBAN(string(b)) {
		return string(b), true
	}
	found := ""
	for i := 4; i < len(b); i++ {
		if cls[i-4] != 'c' {
			continue
		}
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
	id, _, _ := FindVATIDSpan(tokens)
	return id
}

// FindVATIDSpan is FindVATID with the tokens the identifier spans:
// tokens[start:end].
func FindVATIDSpan(tokens []string) (id string, start, end int) {
	for i, t := range tokens {
		u := strings.Trim(t, ":,;()")
		if len(u) < 2 || u[0] < 'A' || u[0] > 'Z' || u[1] < 'A' || u[1] > 'Z' {
			continue
		}
		if _, ok := vatPatterns[u[:2]]; !ok {
			continue
		}
		acc := ""
		best, bestEnd := "", 0
		for j := i; j < len(tokens) && j < i+6; j++ {
			acc += NormalizeVATID(strings.Trim(tokens[j], ":,;()"))
			if ValidVATID(acc) {
				best, bestEnd = acc, j+1
			}
			if len(acc) > 16 {
				break
			}
		}
		if best != "" {
			return best, i, bestEnd
		}
	}
	return "", 0, 0
}
