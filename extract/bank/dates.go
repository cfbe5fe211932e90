package bank

import (
	"regexp"
	"strings"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/textparse"
)

// reSlashDate is a numeric date with "/" or "-" ("03/04", "03/04/23",
// "03-04-2023"), whose order of day and month the printing does not say.
var reSlashDate = regexp.MustCompile(`^(\d{1,2})([/-])(\d{1,2})(?:([/-])(\d{2}|\d{4}))?$`)

// docDateOrder decides, once per statement, whether its numeric dates
// with "/" or "-" print the month first (MDY) or the day first (DMY), from
// evidence in the whole document, never from one layout:
//
//  1. a full date ("03/14/2023", "14/03/23" anywhere) or a row's date
//     opening its line ("03/14") with a part over 12 names the order:
//     a day over 12 first is day first, second is month first; the
//     majority wins, a tie (or none) decides nothing;
//  2. with no such date, dates written with a month name: printed month
//     first ("March 1, 2023", "Mar 3, 2023") and never day first ("1
//     March 2023", "3. März 2024") make the statement month first (the US
//     custom, as its statement period reads);
//  3. with neither, a US address (a state code and ZIP) and an amount in
//     "$" make it month first.
//
// Anything else is day first, as every other country prints. Dotted dates
// are always day first (textparse.ParseDate), whatever this decides. A
// document with no date in "/" or "-" whose parts could be either is not
// looked at further (the common European statement pays one pass over its
// words).
func docDateOrder(pages [][]layout.Line) textparse.DateOrder {
	dmy, mdy, ambiguous := 0, 0, 0
	for _, ls := range pages {
		for _, l := range ls {
			for i, w := range l.Words {
				t := strings.TrimRight(w.Text, ".,;:")
				if len(t) < 3 || len(t) > 10 || (!strings.Contains(t, "/") && !strings.Contains(t, "-")) {
					continue
				}
				m := reSlashDate.FindStringSubmatch(t)
				if m == nil || (m[4] != "" && m[4] != m[2]) || (m[4] == "" && i != 0) {
					// a day and month alone count only opening a line
					// ("RG 07/23" in a text is no date)
					continue
				}
				a, b := atoiSmall(m[1]), atoiSmall(m[3])
				switch {
				case a < 1 || b < 1 || a > 31 || b > 31:
				case a > 12 && b <= 12:
					dmy++
				case b > 12 && a <= 12:
					mdy++
				case a <= 12 && b <= 12:
					ambiguous++
				}
			}
		}
	}
	switch {
	case mdy > dmy:
		return textparse.MDY
	case dmy > mdy || ambiguous == 0:
		return textparse.DMY
	}
	monthFirst, dayFirst, dollar := 0, 0, false
	for _, ls := range pages {
		for _, l := range ls {
			ws := l.Words
			for i, w := range ws {
				if strings.Contains(w.Text, "$") {
					dollar = true
				}
				if textparse.MonthNumber(strings.Trim(w.Text, ".,")) == 0 || len(w.Text) < 3 {
					continue
				}
				if i+1 < len(ws) && dayNum(strings.TrimSuffix(ws[i+1].Text, ",")) && (strings.HasSuffix(ws[i+1].Text, ",") || i+2 < len(ws) && yearNum(ws[i+2].Text)) {
					monthFirst++
				}
				if i > 0 && dayNum(strings.TrimSuffix(ws[i-1].Text, ".")) {
					dayFirst++
				}
			}
		}
	}
	switch {
	case monthFirst > 0 && dayFirst == 0:
		return textparse.MDY
	case monthFirst+dayFirst > 0:
		return textparse.DMY
	}
	if dollar {
		if ctx := textparse.NewCurrencyContext(lineTexts(pages)); ctx.Has("US") {
			return textparse.MDY
		}
	}
	return textparse.DMY
}

// atoiSmall reads a number of at most two digits (0 on anything else).
func atoiSmall(s string) int {
	if len(s) == 0 || len(s) > 2 {
		return 0
	}
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// dayNum: a day of the month printed alone ("1", "03", "31").
func dayNum(s string) bool { n := atoiSmall(s); return n >= 1 && n <= 31 }

// yearNum: a four-digit year ("2023,", "2023").
func yearNum(s string) bool {
	s = strings.TrimRight(s, ".,")
	return len(s) == 4 && (strings.HasPrefix(s, "19") || strings.HasPrefix(s, "20")) && strings.Trim(s, "0123456789") == ""
}

// dollarCodes are the ISO codes of currencies printed "$".
var dollarCodes = map[string]bool{"USD": true, "CAD": true, "AUD": true, "NZD": true, "SGD": true, "HKD": true, "MXN": true}

// dollarCurrency is the currency of a statement that printed no code or
// unambiguous symbol but amounts in "$" ("$4,512.33", "-$2,104.55", a "$
// Amount" title): "$" is the US, Canadian, Australian... dollar, so it is
// read only when the document itself says whose (README: no currency is
// guessed): exactly one country that prints "$" named by its addresses,
// company forms or IBANs (textparse.CurrencyContext: a US state code and
// ZIP is the US), else one dollar code ("USD", "CAD", ...) printed
// elsewhere and no other.
// "" when there is no "$" or nothing decides it. Run only when no
// currency was read, once per document.
func dollarCurrency(pages [][]layout.Line) string {
	dollar := false
	code := "" // the one dollar code printed, "-" when two differ
	for _, ls := range pages {
		for _, l := range ls {
			for _, w := range l.Words {
				t := strings.Trim(w.Text, "().:,")
				switch {
				case t == "$" || strings.HasPrefix(strings.TrimLeft(t, "+"+textparse.Minuses), "$"):
					dollar = true
				case dollarCodes[t] && code != "-":
					if code != "" && code != t {
						t = "-" // two dollars named: no code decides
					}
					code = t
				}
			}
		}
	}
	if !dollar {
		return ""
	}
	// the country first: a foreign row's code ("CAD 120.00 X 0.7350")
	// on a US statement is not the account's
	ctx := textparse.NewCurrencyContext(lineTexts(pages))
	if c := ctx.Resolve("$"); c != "" {
		return c
	}
	if code == "-" {
		return ""
	}
	return code
}

// bankWords name a US bank in its name ("First Farmers State Bank",
// "Prairie Hearth Community Credit Union", "Lakeside Savings").
var bankWords = []string{"bank", "bancorp", "credit union", "savings", "trust", "federal"}

// headerCurrency is the currency of a statement that prints none at all
// (no code, no symbol, no IBAN), read from the bank's own address in its
// letterhead: "USD" when one of the first page's first two lines names a
// bank and it or one of the two lines under it ends a US address, a state
// code and ZIP ("MAIN OFFICE 210 S MAIN ST HUTCHINSON KS 67501"). A US
// bank keeps its accounts in dollars as a German IBAN's bank keeps them in
// euros. An address is weak evidence, so only the bank's own, only with
// a country's postcode shape (a US state and ZIP: no other country prints
// it), and nothing from the addressee's block (a customer may live
// abroad) or from an address without a postcode (a UK statement naming
// no symbol and no postcode reads no currency). "" otherwise. Run only
// when nothing else named the currency.
func headerCurrency(pages [][]layout.Line) string {
	if len(pages) == 0 {
		return ""
	}
	ls := pages[0]
	for k := 0; k < 2 && k < len(ls); k++ {
		if !textparse.HasWord(textparse.Fold(ls[k].Text()), bankWords...) {
			continue
		}
		for j := k; j <= k+2 && j < len(ls); j++ {
			if textparse.USPostalAddress(ls[j].Text()) {
				return "USD"
			}
		}
		return ""
	}
	return ""
}

// lineTexts is the text of every line of pages, in order, for
// textparse.NewCurrencyContext; built only where a rule needs it.
func lineTexts(pages [][]layout.Line) []string {
	var texts []string
	for _, ls := range pages {
		for _, l := range ls {
			texts = append(texts, l.Text())
		}
	}
	return texts
}
