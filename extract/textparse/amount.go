package textparse

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/shopspring/decimal"
)

// ErrNotAmount is returned when a string is not a monetary amount.
var ErrNotAmount = errors.New("textparse: not an amount")

// Money is a parsed amount.
type Money struct {
	// Value is the exact decimal value, negative for "-12,00", "12,00-" and
	// "(12.00)".
	Value decimal.Decimal
	// Currency is the ISO 4217 code printed with the amount, or "". A symbol
	// that several currencies use ("$", "kr") gives its most common reading:
	// resolve Symbol with a CurrencyContext to read it in the document's
	// context.
	Currency string
	// Symbol is the currency as printed ("$", "EUR", "€"), or "".
	Symbol string
	// Decimals is the number of digits after the decimal separator (0 when
	// there is none).
	Decimals int
	// Sep is the decimal separator used ('.' or ','), or 0 when none.
	Sep byte
	// Ambiguous is true when the only separator was followed by exactly three
	// digits ("1.234", "1,234"): the reading then depended on the hint.
	Ambiguous bool
	// Grouped is true when a thousands separator was present.
	Grouped bool
}

// ParseAmount parses s with no knowledge of the document's decimal separator:
// an ambiguous "1.234" is read as 1.234 and "1,234" as 1234 (English
// convention) and flagged Ambiguous. Use ParseAmountSep with the separator
// from DetectDecimalSep when other amounts of the document are known.
func ParseAmount(s string) (Money, error) { return ParseAmountSep(s, 0) }

// ParseAmountSep parses an amount printed in any common notation:
// 1.234,56 / 1,234.56 / 1 234,56 / 1'234.56 / 1234.5 / -12,00 / 12,00- /
// (12.00) / 12.– / with a currency symbol or ISO code before or after the
// number. decimalSep ('.' or ',') decides the reading of a single separator
// followed by three digits; 0 means "unknown".
func ParseAmountSep(s string, decimalSep byte) (Money, error) {
	var m Money
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 64 {
		return m, ErrNotAmount
	}
	neg := false
	// Parentheses mean negative.
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		neg = true
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	s, m.Currency, m.Symbol = stripCurrency(s)
	if s == "" {
		return m, ErrNotAmount
	}
	// Signs, before or after; the currency may sit between sign and number.
	for {
		r, n := utf8.DecodeRuneInString(s)
		if IsMinus(r) {
			neg = !neg
			s = strings.TrimSpace(s[n:])
		} else if r == '+' {
			s = strings.TrimSpace(s[n:])
		} else {
			break
		}
		if m.Currency == "" {
			s, m.Currency, m.Symbol = stripCurrency(s)
		}
	}
	// Swiss "12.–" / "12.-": whole amount.
	for _, suf := range []string{".–", ".-", ",–", ",-"} {
		if strings.HasSuffix(s, suf) && len(s) > len(suf) {
			s = s[:len(s)-len(suf)]
			break
		}
	}
	// "1.234,56-" and "1.234,56+": the sign after the number, as
	// Commerzbank and others print debits and credits.
	if r, n := utf8.DecodeLastRuneInString(s); IsMinus(r) {
		neg = !neg
		s = strings.TrimSpace(s[:len(s)-n])
	} else if r == '+' && len(s) > n {
		s = strings.TrimSpace(s[:len(s)-n])
	}
	if m.Currency == "" {
		s, m.Currency, m.Symbol = stripCurrency(s)
	}
	if s == "" {
		return m, ErrNotAmount
	}
	digits, dec, err := splitNumber(s, decimalSep, &m)
	if err != nil {
		return m, err
	}
	lit := digits
	if dec != "" {
		lit += "." + dec
	}
	if neg {
		lit = "-" + lit
	}
	d, err := decimal.NewFromString(lit)
	if err != nil {
		return m, ErrNotAmount
	}
	m.Value = d
	m.Decimals = len(dec)
	return m, nil
}

// Minuses are the characters printed, or read by OCR, as a minus sign:
// the hyphen-minus, the minus sign (U+2212), the hyphen, the figure, en
// and em dashes (OCR reads a minus glued to a number as an em dash:
// "—1.269,35"), and the small and full-width hyphen-minus.
const Minuses = "-−‐‒–—﹣－"

// IsMinus reports whether r is one of Minuses.
func IsMinus(r rune) bool { return strings.ContainsRune(Minuses, r) }

// IsMinusWord reports whether s is a minus sign standing as a word of its
// own.
func IsMinusWord(s string) bool {
	r, n := utf8.DecodeRuneInString(s)
	return n > 0 && n == len(s) && IsMinus(r)
}

func isGroupSpace(r rune) bool {
	return r == ' ' || r == '\u00a0' || r == '\u202f' || r == '\u2009' || r == '\'' || r == '’'
}

// splitNumber validates the digit/separator part and returns the integer
// digits and the fraction digits.
func splitNumber(s string, hint byte, m *Money) (string, string, error) {
	var groups []string // digit runs
	var seps []rune     // separators between runs
	cur := strings.Builder{}
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			cur.WriteRune(r)
		case r == '.' || r == ',' || isGroupSpace(r):
			if cur.Len() == 0 {
				if len(groups) == 0 && (r == '.' || r == ',') {
					// ".50" style
					groups = append(groups, "0")
					seps = append(seps, r)
					continue
				}
				return "", "", ErrNotAmount
			}
			groups = append(groups, cur.String())
			cur.Reset()
			seps = append(seps, r)
		default:
			return "", "", ErrNotAmount
		}
	}
	if cur.Len() == 0 {
		return "", "", ErrNotAmount
	}
	groups = append(groups, cur.String())
	if len(seps) == 0 {
		if len(groups[0]) > 15 {
			return "", "", ErrNotAmount
		}
		return groups[0], "", nil
	}
	// Decide the decimal separator.
	last := seps[len(seps)-1]
	lastGroup := groups[len(groups)-1]
	decSep := rune(0)
	switch {
	case last == '.' || last == ',':
		other := false
		same := 0
		for _, r := range seps[:len(seps)-1] {
			if r == last {
				same++
			} else {
				other = true
			}
		}
		switch {
		case same > 0 && !other:
			decSep = 0 // 1.234.567: all grouping
		case same > 0:
			return "", "", ErrNotAmount // 1.234,567.89
		case other:
			decSep = last // 1.234,56 / 1 234,56 / 1'234.56
		default:
			// single separator
			if len(lastGroup) != 3 || groups[0] == "0" || len(groups[0]) > 3 {
				decSep = last
			} else {
				m.Ambiguous = true
				switch hint {
				case '.', ',':
					if byte(last) == hint {
						decSep = last
					}
				default:
					if last == '.' {
						decSep = last
					}
				}
			}
		}
	default:
		decSep = 0 // 1 234 567 / 1'234
	}
	intGroups := groups
	frac := ""
	if decSep != 0 {
		intGroups = groups[:len(groups)-1]
		frac = lastGroup
		m.Sep = byte(decSep)
	}
	// Validate grouping: first group 1-3 digits, others exactly 3.
	if len(intGroups) > 1 {
		m.Grouped = true
		if len(intGroups[0]) > 3 {
			return "", "", ErrNotAmount
		}
		for i, g := range intGroups[1:] {
			// "1,07,000.00": Indian grouping, in twos before the last
			// three digits.
			lakh := i+2 < len(intGroups) && len(g) == 2 && len(intGroups[0]) <= 2 && seps[0] == ','
			if len(g) != 3 && !lakh {
				return "", "", ErrNotAmount
			}
		}
		// One kind of grouping separator only.
		for _, r := range seps[:len(intGroups)-1] {
			if r != seps[0] && !(isGroupSpace(r) && isGroupSpace(seps[0])) {
				return "", "", ErrNotAmount
			}
		}
	}
	if len(frac) > 6 {
		return "", "", ErrNotAmount
	}
	// The same integer-part limit as for a bare number: a value read with a
	// decimal part must re-read without it.
	whole := strings.Join(intGroups, "")
	if len(whole) > 15 {
		return "", "", ErrNotAmount
	}
	return whole, frac, nil
}

// stripCurrency removes a currency symbol or code at either end of s and
// returns the rest, the ISO code and the currency as printed.
func stripCurrency(s string) (string, string, string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return s, "", ""
	}
	// ISO code or word at the start/end separated by a space.
	if i := strings.IndexFunc(s, unicode.IsSpace); i > 0 {
		if c := NormalizeCurrency(s[:i]); c != "" && !startsDigit(s[:i]) {
			return strings.TrimSpace(s[i:]), c, s[:i]
		}
	}
	if i := strings.LastIndexFunc(s, unicode.IsSpace); i > 0 {
		if c := NormalizeCurrency(s[i+1:]); c != "" && !startsDigit(s[i+1:]) {
			return strings.TrimSpace(s[:i]), c, s[i+1:]
		}
	}
	// Glued symbols: €12, 12€, US$12, EUR12, 12EUR.
	first, _ := utf8.DecodeRuneInString(s)
	if !unicode.IsDigit(first) && !IsMinus(first) && first != '(' && first != '+' && first != '.' && first != ',' {
		end := strings.IndexFunc(s, func(r rune) bool { return unicode.IsDigit(r) || IsMinus(r) || unicode.IsSpace(r) })
		if end < 0 {
			return s, "", ""
		}
		if c := glued(s[:end]); c != "" {
			return strings.TrimSpace(s[end:]), c, s[:end]
		}
		if c := gluedAbbrev(s[:end], s[end:]); c != "" {
			return strings.TrimSpace(s[end:]), c, s[:end]
		}
		return s, "", ""
	}
	last, _ := utf8.DecodeLastRuneInString(s)
	if !unicode.IsDigit(last) && !IsMinus(last) && last != ')' {
		start := strings.LastIndexFunc(s, func(r rune) bool { return unicode.IsDigit(r) || IsMinus(r) || unicode.IsSpace(r) })
		if start >= 0 {
			_, w := utf8.DecodeRuneInString(s[start:])
			if c := glued(s[start+w:]); c != "" {
				return strings.TrimSpace(s[:start+w]), c, s[start+w:]
			}
		}
	}
	return s, "", ""
}

func glued(s string) string {
	if c := symbolCurrency(s); c != "" {
		return c
	}
	if IsISOCurrency(strings.ToUpper(s)) && strings.ToUpper(s) == s {
		return s
	}
	return ""
}

// gluedAbbreviations are the letter abbreviations of a currency that
// receipts and invoices print glued to the amount: "RM12.50" (ringgit),
// "Rs.1,234.50" (rupee), "Fr.12.50" / "SFr.12.50" (Swiss franc).
var gluedAbbreviations = map[string]string{"RM": "MYR", "Rs": "INR", "RS": "INR", "Fr": "CHF", "SFr": "CHF"}

// gluedAbbrev reads a letter abbreviation glued before a number. Letters
// glued to digits are also how identifiers print ("RS35…" a Serbian IBAN,
// "FR12…" a French VAT id), so the abbreviation counts only when the number
// has cents: a decimal separator and exactly two digits after it.
func gluedAbbrev(prefix, num string) string {
	c := gluedAbbreviations[strings.TrimSuffix(prefix, ".")]
	if c == "" {
		return ""
	}
	num = strings.TrimRightFunc(num, func(r rune) bool { return IsMinus(r) || r == '+' })
	if n := len(num); n < 4 || (num[n-3] != '.' && num[n-3] != ',') || !allDigits(num[n-2:]) {
		return ""
	}
	return c
}

func startsDigit(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsDigit(r)
}

// DetectDecimalSep looks at the amounts printed in a document and returns
// the decimal separator they use: ',' when unambiguous amounts such as
// "1.234,56" or "12,50" dominate, '.' when "1,234.56" or "12.50" dominate, and
// 0 when there is no evidence.
func DetectDecimalSep(tokens []string) byte {
	comma, dot := 0, 0
	for _, t := range tokens {
		m, err := ParseAmountSep(t, 0)
		if err != nil || m.Ambiguous || m.Sep == 0 {
			continue
		}
		if m.Sep == ',' {
			comma++
		} else {
			dot++
		}
	}
	switch {
	case comma > dot:
		return ','
	case dot > comma:
		return '.'
	}
	return 0
}

// ParsePercent parses "19%", "19 %", "19,00%", "7.5 %" and returns the rate.
func ParsePercent(s string) (decimal.Decimal, bool) {
	s = strings.TrimSpace(s)
	if !strings.HasSuffix(s, "%") {
		return decimal.Zero, false
	}
	s = strings.TrimSpace(strings.TrimSuffix(s, "%"))
	m, err := ParseAmountSep(s, 0)
	if err != nil || m.Currency != "" || m.Grouped {
		return decimal.Zero, false
	}
	return m.Value, true
}
