package textparse

import "strings"

// isoCurrencies is the set of ISO 4217 codes recognised when printed.
var isoCurrencies = map[string]bool{}

func init() {
	for _, c := range strings.Fields(`EUR USD GBP CHF JPY CNY SEK NOK DKK ISK PLN CZK HUF RON BGN HRK RSD
		TRY RUB UAH CAD AUD NZD HKD SGD INR IDR MYR THB PHP VND KRW TWD ZAR BRL MXN ARS CLP COP PEN
		AED SAR QAR KWD BHD OMR ILS EGP MAD TND NGN KES GHS PKR BDT LKR`) {
		isoCurrencies[c] = true
	}
}

// currencySymbols maps printed symbols and local abbreviations (lower-case,
// without a trailing dot) to ISO 4217 codes. "kr" is read as SEK, "$" as USD:
// callers with better knowledge (an ISO code elsewhere) should prefer it.
var currencySymbols = map[string]string{
	"€": "EUR", "euro": "EUR", "euros": "EUR", "eur": "EUR",
	"$": "USD", "us$": "USD", "usd": "USD",
	"£": "GBP", "gbp": "GBP",
	"¥": "JPY", "￥": "JPY",
	"₹": "INR", "rs": "INR",
	"₽": "RUB", "₺": "TRY", "₴": "UAH", "₩": "KRW", "₪": "ILS",
	"chf": "CHF", "fr": "CHF", "sfr": "CHF",
	"kr": "SEK", "sek": "SEK", "nok": "NOK", "dkk": "DKK",
	"zł": "PLN", "zl": "PLN", "pln": "PLN",
	"kč": "CZK", "czk": "CZK",
	"ft": "HUF", "huf": "HUF",
	"lei": "RON",
	"a$":  "AUD", "au$": "AUD", "c$": "CAD", "ca$": "CAD", "nz$": "NZD",
	"hk$": "HKD", "s$": "SGD", "r$": "BRL", "r": "ZAR",
	"rm": "MYR", // ringgit, as Malaysian receipts print it
}

// NormalizeCurrency maps a printed currency (ISO code in any case, symbol or
// common abbreviation such as "€", "£", "kr", "Fr.", "EURO") to its ISO 4217
// code. It returns "" when s is not recognised.
func NormalizeCurrency(s string) string {
	s = strings.TrimSpace(s)
	s = strings.Trim(s, "().:,")
	if s == "" {
		return ""
	}
	if u := strings.ToUpper(s); len(u) == 3 && isoCurrencies[u] {
		return u
	}
	if c := codeDollar(s); c != "" {
		return c
	}
	return currencySymbols[strings.ToLower(s)]
}

// codeDollar reads a dollar sign after the code of its currency,
// "HKD$", "SGD$", "AUD$": the code says whose dollar.
func codeDollar(s string) string {
	// len(s) first: ToUpper turns an invalid byte into a 3-byte U+FFFD.
	if len(s) != 4 {
		return ""
	}
	if u := strings.ToUpper(s); len(u) == 4 && u[3] == '$' && u[:3] == s[:3] && isoCurrencies[u[:3]] {
		return u[:3]
	}
	return ""
}

// IsISOCurrency reports whether s is an upper-case ISO 4217 code this package
// knows.
func IsISOCurrency(s string) bool { return len(s) == 3 && isoCurrencies[s] }

// isSymbolCurrency reports whether s may be printed glued to an amount.
func symbolCurrency(s string) string {
	if c := codeDollar(s); c != "" {
		return c
	}
	switch s {
	case "€", "$", "£", "¥", "₹", "₽", "₺", "₴", "₩", "₪", "US$", "A$", "C$", "R$", "S$", "HK$", "NZ$", "AU$", "CA$":
		return currencySymbols[strings.ToLower(s)]
	}
	return ""
}
