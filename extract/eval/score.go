package eval

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/shopspring/decimal"

	"github.com/docextract/docextract"
)

// Score reports whether an extracted value got matches the truth want for
// field, after normalisation:
//
//   - every value is trimmed and inner whitespace collapsed;
//   - InvoiceNumber and Currency compare case-insensitively, InvoiceNumber
//     also ignoring spaces;
//   - SellerName, MerchantName and MerchantAddress compare
//     case-insensitively;
//   - TotalGrossPrice and TotalNetPrice compare numerically as decimals
//     ("1190.0" equals "1190.00"); a value that is not a plain decimal (with
//     an exponent, thousands separators, a currency sign) only matches an
//     identical string;
//   - InvoiceDate and ReceiptDate compare as a day: YYYY-MM-DD, YYYYMMDD, DD.MM.YYYY and
//     DD/MM/YYYY all normalise to YYYY-MM-DD;
//   - LineCount compares as an integer;
//   - IBAN compares without spaces, case-insensitively.
//
// An empty got never matches; an empty want matches only an empty got.
func Score(field, got, want string) bool {
	got, want = squash(got), squash(want)
	if got == "" || want == "" {
		return got == want
	}
	switch field {
	case FieldInvoiceNumber, FieldIBAN:
		return strings.EqualFold(strings.ReplaceAll(got, " ", ""), strings.ReplaceAll(want, " ", ""))
	case FieldCurrency, FieldSellerName, FieldMerchantName, FieldMerchantAddress:
		return strings.EqualFold(got, want)
	case FieldTotalGrossPrice, FieldTotalNetPrice:
		if !plain(got) || !plain(want) {
			return got == want
		}
		g, err1 := decimal.NewFromString(got)
		w, err2 := decimal.NewFromString(want)
		if err1 != nil || err2 != nil {
			return got == want
		}
		return g.Equal(w)
	case FieldInvoiceDate, FieldReceiptDate:
		return normDate(got) == normDate(want)
	case FieldLineCount:
		g, err1 := strconv.Atoi(got)
		w, err2 := strconv.Atoi(want)
		return err1 == nil && err2 == nil && g == w
	}
	return got == want
}

// plain reports whether s is a decimal without exponent, of a sane length:
// "1e-99999999" is not an amount, and comparing it exactly would be costly.
func plain(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	s = strings.TrimLeft(s, "+-")
	digits := 0
	for i, dot := 0, false; i < len(s); i++ {
		switch {
		case s[i] >= '0' && s[i] <= '9':
			digits++
		case s[i] == '.' && !dot:
			dot = true
		default:
			return false
		}
	}
	return digits > 0
}

// squash trims s and collapses runs of white space to one space.
func squash(s string) string {
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

// normDate returns s as YYYY-MM-DD when it is a day in one of the accepted
// forms, else s unchanged.
func normDate(s string) string {
	s = strings.TrimSpace(s)
	digits := func(x string) bool {
		for _, r := range x {
			if r < '0' || r > '9' {
				return false
			}
		}
		return x != ""
	}
	switch {
	case len(s) == 8 && digits(s):
		return s[0:4] + "-" + s[4:6] + "-" + s[6:8]
	case len(s) >= 10 && s[4] == '-' && s[7] == '-' && digits(s[0:4]) && digits(s[5:7]) && digits(s[8:10]):
		return s[:10]
	case len(s) == 10 && (s[2] == '.' || s[2] == '/') && s[5] == s[2] && digits(s[0:2]) && digits(s[3:5]) && digits(s[6:10]):
		return s[6:10] + "-" + s[3:5] + "-" + s[0:2]
	}
	return s
}

// FieldsFromInvoice turns extraction output into the scored fields: strings
// as read, amounts as decimal strings, LineCount as the number of line items.
// A field that was not read is absent. d == nil gives an empty map.
func FieldsFromInvoice(d *docextract.InvoiceData) map[string]string {
	out := map[string]string{}
	if d == nil {
		return out
	}
	g := d.General
	put := func(f string, s *string) {
		if s != nil && *s != "" {
			out[f] = *s
		}
	}
	putA := func(f string, a *docextract.Amount) {
		if a != nil {
			out[f] = a.String()
		}
	}
	put(FieldInvoiceNumber, g.InvoiceNumber)
	put(FieldInvoiceDate, g.InvoiceDate)
	putA(FieldTotalGrossPrice, g.TotalGrossPrice)
	put(FieldCurrency, g.Currency)
	putA(FieldTotalNetPrice, g.TotalNetPrice)
	put(FieldSellerName, g.SellerName)
	put(FieldIBAN, g.IBAN)
	out[FieldLineCount] = strconv.Itoa(len(d.LineItems))
	return out
}
