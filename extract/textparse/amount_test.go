package textparse

import (
	"fmt"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/stretchr/testify/require"
)

func TestParseAmount(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		sep  byte
		want string
		cur  string
		amb  bool
	}{
		{"1.234,56", 0, "1234.56", "", false},
		{"1,234.56", 0, "1234.56", "", false},
		{"1 234,56", 0, "1234.56", "", false},
		{"1\u00a0234,56", 0, "1234.56", "", false},
		{"1'234.56", 0, "1234.56", "", false},
		{"1’234.56", 0, "1234.56", "", false},
		{"1234.5", 0, "1234.5", "", false},
		{"-12,00", 0, "-12", "", false},
		{"12,00-", 0, "-12", "", false},
		{"—1.269,35", 0, "-1269.35", "", false}, // OCR reads a minus as an em dash
		{"‒12,00", 0, "-12", "", false},
		{"－12,00", 0, "-12", "", false},
		{"2.853,82+", 0, "2853.82", "", false},
		{"1,07,000.00", 0, "107000", "", false},
		{"12,34,567.50", 0, "1234567.5", "", false},
		{"(12.00)", 0, "-12", "", false},
		{"−7,50", 0, "-7.5", "", false},
		{"€ 12,50", 0, "12.5", "EUR", false},
		{"€12.50", 0, "12.5", "EUR", false},
		{"12,50 €", 0, "12.5", "EUR", false},
		{"12,50€", 0, "12.5", "EUR", false},
		{"EUR 1.000,00", 0, "1000", "EUR", false},
		{"RM12.50", 0, "12.5", "MYR", false},
		{"Rs.1,234.50", 0, "1234.5", "INR", false},
		{"Rs1,07,000.00", 0, "107000", "INR", false},
		{"SFr.12.50", 0, "12.5", "CHF", false},
		{"1,000.00 USD", 0, "1000", "USD", false},
		{"$1,000", 0, "1000", "USD", true},
		{"US$ 5.00", 0, "5", "USD", false},
		{"HKD$1,234.56", 0, "1234.56", "HKD", false},
		{"SGD$ 12.00", 0, "12", "SGD", false},
		{"£3.20", 0, "3.2", "GBP", false},
		{"CHF 1'250.–", 0, "1250", "CHF", false},
		{"Fr. 12.50", 0, "12.5", "CHF", false},
		{"150,00 kr", 0, "150", "SEK", false},
		{"-€ 5,00", 0, "-5", "EUR", false},
		{"€ -5,00", 0, "-5", "EUR", false},
		{"1.234", 0, "1.234", "", true},
		{"1.234", ',', "1234", "", true},
		{"1,234", 0, "1234", "", true},
		{"1,234", ',', "1.234", "", true},
		{"0,123", 0, "0.123", "", false},
		{"1.234.567", 0, "1234567", "", false},
		{"1.234.567,8", 0, "1234567.8", "", false},
		{"9,9000", 0, "9.9", "", false},
		{"100", 0, "100", "", false},
		{"+3.00", 0, "3", "", false},
		{"12.-", 0, "12", "", false},
		{"$4.11", 0, "4.11", "USD", false},
		{"4.11 USD", 0, "4.11", "USD", false},
		{"USD4.11", 0, "4.11", "USD", false},
		{"4.11$", 0, "4.11", "USD", false},
		{"+ 2.853,82", 0, "2853.82", "", false},
		{"- 45,20", 0, "-45.2", "", false},
		{"45,20 -", 0, "-45.2", "", false},
		{"EUR1.234,56", 0, "1234.56", "EUR", false},
		{"1.234,56EUR", 0, "1234.56", "EUR", false},
		{"Euro 12,00", 0, "12", "EUR", false},
		{"(€12.00)", 0, "-12", "EUR", false},
		{"€ 1 234,56", 0, "1234.56", "EUR", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			m, err := ParseAmountSep(tt.in, tt.sep)
			require.NoError(t, err)
			require.Equal(t, tt.want, m.Value.String())
			require.Equal(t, tt.cur, m.Currency)
			require.Equal(t, tt.amb, m.Ambiguous)
		})
	}
}

func TestParseAmountRejects(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"", "abc", "12.03.2024", "1.23.4", "1,2,3", "12a", "€", "DE123", "RS35260005601001611379", "FR12345678901", "RM12", "Rs.1.5", "1.234,567.89", "12:30", "19%", "1 23,00", "--"} {
		_, err := ParseAmount(in)
		require.ErrorIs(t, err, ErrNotAmount, in)
	}
}

func TestDetectDecimalSep(t *testing.T) {
	t.Parallel()
	require.Equal(t, byte(','), DetectDecimalSep([]string{"1.234", "12,50", "3,00"}))
	require.Equal(t, byte('.'), DetectDecimalSep([]string{"1,234", "12.50", "x"}))
	require.Equal(t, byte(0), DetectDecimalSep([]string{"1,234", "100"}))
}

func TestParsePercent(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"19%": "19", "19,00%": "19", "7.5 %": "7.5", "0%": "0"} {
		d, ok := ParsePercent(in)
		require.True(t, ok, in)
		require.Equal(t, want, d.String())
	}
	_, ok := ParsePercent("19")
	require.False(t, ok)
}

func FuzzParseAmount(f *testing.F) {
	for _, s := range []string{"1.234,56", "(12.00)", "€ 12", "12,00-", "CHF 1'250.–", "1 234,56 EUR"} {
		f.Add(s, byte(0))
		f.Add(s, byte(','))
	}
	f.Fuzz(func(t *testing.T, s string, sep byte) {
		m, err := ParseAmountSep(s, sep)
		if err != nil {
			return
		}
		// A parsed value re-parses to itself in canonical form.
		m2, err := ParseAmountSep(m.Value.String(), '.')
		if err != nil {
			t.Fatalf("canonical %q of %q does not re-parse: %v", m.Value.String(), s, err)
		}
		if !m2.Value.Equal(m.Value) {
			t.Fatalf("%q: %s != %s", s, m.Value, m2.Value)
		}
	})
}

// writtenAmount prints v (in cents) in one of the notations invoices and
// statements use, with the currency code or symbol on either side.
func writtenAmount(cents int64, style, cur uint8) (string, byte) {
	neg := cents < 0
	if neg {
		cents = -cents
	}
	whole, frac := cents/100, cents%100
	group := func(sep string) string {
		s := fmt.Sprint(whole)
		var parts []string
		for len(s) > 3 {
			parts = append([]string{s[len(s)-3:]}, parts...)
			s = s[:len(s)-3]
		}
		return strings.Join(append([]string{s}, parts...), sep)
	}
	var num string
	var dec byte
	switch style % 5 {
	case 0:
		num, dec = fmt.Sprintf("%s.%02d", group(","), frac), '.'
	case 1:
		num, dec = fmt.Sprintf("%s,%02d", group("."), frac), ','
	case 2:
		num, dec = fmt.Sprintf("%s,%02d", group(" "), frac), ','
	case 3:
		num, dec = fmt.Sprintf("%s.%02d", group("'"), frac), '.'
	default:
		num, dec = fmt.Sprintf("%d,%02d", whole, frac), ','
	}
	sign := ""
	if neg {
		sign = "-"
	}
	switch cur % 8 {
	case 0:
		return sign + num, dec
	case 1:
		return sign + "€" + num, dec
	case 2:
		return "€ " + sign + num, dec
	case 3:
		return sign + num + " EUR", dec
	case 4:
		return "USD " + sign + num, dec
	case 5:
		return sign + num + "€", dec
	case 6:
		if neg {
			return num + "-", dec
		}
		return num, dec
	}
	if neg {
		return "(" + num + " CHF)", dec
	}
	return "CHF " + num, dec
}

// FuzzWrittenAmounts prints random amounts in every notation and requires
// them to be read back exactly, with the document's separator known.
func FuzzWrittenAmounts(f *testing.F) {
	f.Add(int64(411), uint8(0), uint8(4))
	f.Add(int64(-285382), uint8(1), uint8(6))
	f.Add(int64(123456789), uint8(2), uint8(3))
	f.Fuzz(func(t *testing.T, cents int64, style, cur uint8) {
		cents %= 1e14
		s, sep := writtenAmount(cents, style, cur)
		m, err := ParseAmountSep(s, sep)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if want := decimal.New(cents, -2); !m.Value.Equal(want) {
			t.Fatalf("%q: got %s, want %s", s, m.Value, want)
		}
	})
}

func ExampleParseAmountSep() {
	m, _ := ParseAmountSep("1.234,56 €", 0)
	fmt.Println(m.Value, m.Currency)
	m, _ = ParseAmountSep("(1,234)", ',')
	fmt.Println(m.Value)
	// Output:
	// 1234.56 EUR
	// -1.234
}

// TestCodeDollarInvalidUTF8: a byte that is not UTF-8 before "$" (upper-cased
// to a three-byte U+FFFD) is no currency code and no panic (found by
// FuzzExtract).
func TestCodeDollarInvalidUTF8(t *testing.T) {
	require.Equal(t, "", NormalizeCurrency("\xd8$"))
	_, err := ParseAmount("\xd8$000")
	_ = err
	require.Equal(t, "HKD", NormalizeCurrency("HKD$"))
}
