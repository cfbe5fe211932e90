package textparse

import (
	"regexp"
	"strings"
)

// CurrencyContext is what a document says about where it comes from, as
// far as it decides an ambiguous currency symbol: "$" is the US, Canadian,
// Australian... dollar or the Malaysian ringgit, "kr" the Swedish, Danish or
// Norwegian crown. Build it with NewCurrencyContext from the document's
// lines and resolve printed currencies with Resolve.
type CurrencyContext struct {
	countries map[string]bool
}

// ambiguous maps a printed symbol (lower-case) to the currency it stands
// for in each country that prints it.
var ambiguous = map[string]map[string]string{
	"$":  {"US": "USD", "CA": "CAD", "AU": "AUD", "NZ": "NZD", "SG": "SGD", "HK": "HKD", "MY": "MYR", "MX": "MXN", "AR": "ARS", "CL": "CLP", "CO": "COP"},
	"kr": {"SE": "SEK", "DK": "DKK", "NO": "NOK", "IS": "ISK"},
	"¥":  {"JP": "JPY", "CN": "CNY"},
	"￥":  {"JP": "JPY", "CN": "CNY"},
	"fr": {"CH": "CHF", "LI": "CHF"},
	"r":  {"ZA": "ZAR"},
	"rs": {"IN": "INR", "PK": "PKR", "LK": "LKR"},
}

// countryNames are names, adjectives of company forms and other words that
// place a document in a country (folded, lower-case, as token sequences).
var countryNames = map[string]string{
	"usa": "US", "u s a": "US", "llc": "US", "sales tax": "US", "united states": "US", "united states of america": "US",
	"canada": "CA", "quebec": "CA", "british columbia": "CA", "nova scotia": "CA", "new brunswick": "CA", "newfoundland": "CA",
	"saskatchewan": "CA", "manitoba": "CA", "prince edward island": "CA", "hst": "CA", "gst hst": "CA", "qst": "CA", "tvq": "CA", "tps tvq": "CA",
	"australia": "AU", "new zealand": "NZ", "singapore": "SG", "hong kong": "HK",
	"malaysia": "MY", "sdn bhd": "MY", "berhad": "MY", "mexico": "MX", "argentina": "AR", "chile": "CL", "colombia": "CO",
	"pty ltd": "AU", "pty": "AU", "pte ltd": "SG", "pte": "SG",
	"sweden": "SE", "sverige": "SE", "denmark": "DK", "danmark": "DK", "norway": "NO", "norge": "NO", "iceland": "IS",
	"japan": "JP", "china": "CN", "switzerland": "CH", "schweiz": "CH", "suisse": "CH", "svizzera": "CH", "liechtenstein": "LI",
	"south africa": "ZA", "india": "IN", "pakistan": "PK", "sri lanka": "LK",
	"united kingdom": "GB", "deutschland": "DE", "germany": "DE", "france": "FR", "nederland": "NL", "netherlands": "NL",
	"espana": "ES", "spain": "ES", "italia": "IT", "italy": "IT", "osterreich": "AT", "austria": "AT", "belgium": "BE", "belgique": "BE", "belgie": "BE",
}

var usStates = map[string]bool{}
var caProvinces = map[string]bool{}

func init() {
	for _, s := range strings.Fields("AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY") {
		usStates[s] = true
	}
	for _, s := range strings.Fields("AB BC MB NB NL NS NT NU ON PE QC SK YT") {
		caProvinces[s] = true
	}
}

var (
	// "Austin, TX 78701", "TX 78701-1234"
	reUSZip = regexp.MustCompile(`\b([A-Z]{2})\.? (\d{5})(?:-\d{4})?\b`)
	// "Toronto, ON M5X 1A9"
	reCAPost = regexp.MustCompile(`\b([A-Z]{2}) ([A-Z]\d[A-Z]) ?(\d[A-Z]\d)\b`)
	// "H2K 2S5" after a province written out ("Montréal (Québec) H2K
	// 2S5"): the letters D, F, I, O, Q, U are never used, W and Z not
	// first, and no other country writes letter-digit-letter
	// digit-letter-digit.
	reCAPostAlone = regexp.MustCompile(`\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d\b`)
	// a Canadian business number's tax account ("812345678 RT0001",
	// "81234 5678 RT0001") or a Quebec QST number ("1219876543 TQ0001")
	reCABN = regexp.MustCompile(`\b(?:\d{5} ?\d{4} ?(?:RT|RC|RP|RR)|\d{10} ?TQ) ?\d{4}\b`)
	// "ABN 51 824 753 556"
	reABN = regexp.MustCompile(`\bABN:? ?\d{2} ?\d{3} ?\d{3} ?\d{3}\b`)
)

// NewCurrencyContext collects country evidence from a document's lines:
// country names, company forms ("Sdn Bhd", "Pty Ltd"), Canadian provinces
// and sales taxes ("Québec", "HST", "TVQ"), US ZIP and Canadian postal
// codes after a state or province code, a Canadian postal code alone, a
// Canadian business or QST number, an Australian ABN, and the country
// prefixes of IBANs and VAT ids.
func NewCurrencyContext(lines []string) CurrencyContext {
	c := CurrencyContext{countries: map[string]bool{}}
	for _, l := range lines {
		toks := Tokens(l)
		for i := range toks {
			for n := 1; n <= 4 && i+n <= len(toks); n++ {
				if cc, ok := countryNames[strings.Join(toks[i:i+n], " ")]; ok {
					c.countries[cc] = true
				}
			}
		}
		for _, m := range reUSZip.FindAllStringSubmatch(l, -1) {
			if usStates[m[1]] {
				c.countries["US"] = true
			}
		}
		for _, m := range reCAPost.FindAllStringSubmatch(l, -1) {
			if caProvinces[m[1]] {
				c.countries["CA"] = true
			}
		}
		if reCAPostAlone.MatchString(l) || reCABN.MatchString(l) {
			c.countries["CA"] = true
		}
		if reABN.MatchString(l) {
			c.countries["AU"] = true
		}
		ws := strings.Fields(l)
		if s := FindIBAN(ws); s != "" {
			c.countries[s[:2]] = true
		}
		if s := FindVATID(ws); len(s) >= 2 {
			c.countries[s[:2]] = true
		}
	}
	return c
}

// USPostalAddress reports whether line holds a US state's code and a ZIP
// code ("HUTCHINSON KS 67501", "Austin, TX 78701-1234"), the shape of a US
// address's last line.
func USPostalAddress(line string) bool {
	for _, m := range reUSZip.FindAllStringSubmatch(line, -1) {
		if usStates[m[1]] {
			return true
		}
	}
	return false
}

// AddCountry records that the document comes from country cc (ISO 3166
// alpha-2), for example from an IBAN found elsewhere.
func (c *CurrencyContext) AddCountry(cc string) {
	if c.countries == nil {
		c.countries = map[string]bool{}
	}
	c.countries[strings.ToUpper(cc)] = true
}

// Has reports whether the document names country cc (ISO 3166 alpha-2).
func (c CurrencyContext) Has(cc string) bool { return c.countries[strings.ToUpper(cc)] }

// Resolve returns the ISO 4217 code of a printed currency: an ISO code or an
// unambiguous symbol ("€", "£", "RM", "US$", "CHF") as NormalizeCurrency
// reads it; an ambiguous one ("$", "kr", "¥", "Fr.", "R", "Rs") only when the
// context names exactly one country that prints it, else "". Never a guess.
func (c CurrencyContext) Resolve(printed string) string {
	s := strings.ToLower(strings.Trim(strings.TrimSpace(printed), "().:,"))
	if by, ok := ambiguous[s]; ok {
		found := ""
		for cc, cur := range by {
			if c.countries[cc] {
				if found != "" && found != cur {
					return ""
				}
				found = cur
			}
		}
		return found
	}
	return NormalizeCurrency(printed)
}

// AmbiguousSymbol reports whether a printed currency needs the document's
// context to be read ("$", "kr", "¥", "Fr.", "R", "Rs").
func AmbiguousSymbol(printed string) bool {
	_, ok := ambiguous[strings.ToLower(strings.Trim(strings.TrimSpace(printed), "().:,"))]
	return ok
}

// ibanCurrencies maps the country of an IBAN to the one currency its
// accounts are kept in unless they say otherwise: the euro area and the
// European countries with a national currency of their own.
var ibanCurrencies = map[string]string{
	"AT": "EUR", "BE": "EUR", "HR": "EUR", "CY": "EUR", "EE": "EUR", "FI": "EUR", "FR": "EUR", "DE": "EUR", "GR": "EUR",
	"IE": "EUR", "IT": "EUR", "LV": "EUR", "LT": "EUR", "LU": "EUR", "MT": "EUR", "NL": "EUR", "PT": "EUR", "SK": "EUR",
	"SI": "EUR", "ES": "EUR", "MC": "EUR", "SM": "EUR", "AD": "EUR", "VA": "EUR",
	"GB": "GBP", "CH": "CHF", "LI": "CHF", "PL": "PLN", "CZ": "CZK", "HU": "HUF", "SE": "SEK", "DK": "DKK", "NO": "NOK",
	"IS": "ISK", "RO": "RON",
}

// IBANCurrency returns the currency an account with this IBAN is kept in
// by default (its country's: "DE…" EUR, "GB…" GBP), "" for a country this
// package does not map or an IBAN whose check digits fail. An account can
// be kept in a foreign currency: a currency printed on the document wins.
func IBANCurrency(iban string) string {
	if len(iban) < 2 || !ValidIBAN(iban) {
		return ""
	}
	return ibanCurrencies[strings.ToUpper(iban[:2])]
}
