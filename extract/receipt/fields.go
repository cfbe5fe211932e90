package receipt

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/textparse"
	"github.com/shopspring/decimal"
)

// Words that mark a line as something other than the merchant's name: the
// document's title, contact and registration data, greetings.
var notNameWords = []string{
	"receipt", "tax invoice", "invoice", "simplified", "cash bill", "cash sales", "official receipt",
	"tel", "tel no", "telephone", "phone", "fax", "mobile", "hp", "email", "e-mail", "www", "http", "website",
	"gst", "gst id", "gst no", "gst reg", "vat", "vat no", "co reg", "co.reg", "company reg", "reg no", "sst",
	"tin", "abn", "ust-id", "ust-idnr", "steuernummer", "st.-nr", "siret", "siren", "tva", "btw", "kvk", "nif", "cif", "p.iva", "partita iva",
	"welcome", "willkommen", "bienvenue", "welkom", "bienvenido", "benvenuti", "thank you", "danke", "merci",
	"kassenbon", "kassenbeleg", "quittung", "beleg", "bon", "ticket", "kassabon", "bon de caisse", "recibo", "ticket de caisse", "scontrino", "ricevuta",
	"date", "datum", "time", "cashier", "kasse",
	"formerly known as", "licensee of", "roc no", "company no", "co no", "registration no", "hrb", "handelsregister", "rcs", "kvk-nummer",
}

// Company-form words: a line carrying one is very likely the merchant.
var companyWords = []string{
	"sdn bhd", "sdn. bhd", "bhd", "enterprise", "trading", "restaurant", "restoran", "store", "stores", "mart", "market",
	"supermarket", "shop", "cafe", "café", "hardware", "pharmacy", "bakery", "restaurants",
	"ltd", "limited", "llc", "inc", "corp", "co.", "plc", "pty", "pte", "gmbh", "ag", "kg", "ohg", "e.k.", "ug",
	"sarl", "sas", "s.a.", "sa", "s.l.", "sl", "srl", "s.r.l.", "spa", "s.p.a.", "bv", "b.v.", "nv", "n.v.", "vof",
}

// Street and address words in the supported languages.
var addressWords = []string{
	"no", "no.", "lot", "jalan", "jln", "taman", "tmn", "street", "st", "road", "rd", "avenue", "ave", "lane", "blvd", "suite", "floor", "level", "unit",
	"strasse", "str", "straße", "platz", "weg", "allee", "rue", "avenue", "bd", "boulevard", "chemin", "straat", "laan", "plein", "weg",
	"calle", "c/", "avda", "plaza", "via", "viale", "piazza", "corso", "postfach", "bp", "po box",
}

var (
	postcodeRE  = regexp.MustCompile(`\b\d{4,6}\b`)
	regNumberRE = regexp.MustCompile(`^\(?[A-Z]{0,4}\s?[0-9]{3,}[- ]?[A-Z]\)?$|^\(?\s*[0-9]+-[A-Z]\s*\)?$`)
	phoneRE     = regexp.MustCompile(`\d{2,4}[- ]\d{3,4}[- ]?\d{3,4}`)
)

var companyFormRE = regexp.MustCompile(`^\(?(sdn\.? ?bhd\.?|s/b|bhd\.?|gmbh( & co\.? kg)?|ag|kg|ltd\.?|limited|llc|inc\.?|plc|pty\.? ltd\.?|pte\.? ltd\.?|sarl|sas|s\.?a\.?|s\.?l\.?|s\.?r\.?l\.?|s\.?p\.?a\.?|b\.?v\.?|n\.?v\.?)\)?$`)

// isCompanyForm reports whether a folded line is only a company form.
func isCompanyForm(fold string) bool { return companyFormRE.MatchString(strings.TrimSpace(fold)) }

// trimJunk removes OCR noise around a name: rules, quotes and bars.
func trimJunk(s string) string {
	return strings.TrimSpace(strings.Trim(strings.TrimSpace(s), "|¦_~`'\"“”‘’:;,*=<>«»[] "))
}

// plausibleName reports whether a line could be (part of) a merchant name.
func plausibleName(l line) bool {
	n, up, low := letters(l.text)
	if n < 4 || float64(n) < 0.5*float64(len([]rune(strings.ReplaceAll(l.text, " ", "")))) {
		return false
	}
	// Handwriting and stamps read as lower-case scraps: printed names are in
	// capitals or title case.
	if up == 0 || (low > 0 && up*4 < n && l.conf < 85) {
		return false
	}
	if l.conf > 0 && l.conf < 50 {
		return false
	}
	if has(l.fold, notNameWords...) || len(l.amts) > 0 || phoneRE.MatchString(l.text) {
		return false
	}
	if regNumberRE.MatchString(strings.TrimSpace(l.text)) {
		return false
	}
	return true
}

// continuesName reports whether l can be the first part of a name whose
// company form is on the next line: any case ("Nando's Chickenland
// Malaysia" / "Sdn Bhd"), but no contact, title or amount.
func continuesName(l line) bool {
	if n, _, _ := letters(l.text); n < 4 || l.conf > 0 && l.conf < 50 {
		return false
	}
	return !has(l.fold, notNameWords...) && len(l.amts) == 0 && !phoneRE.MatchString(l.text)
}

// apostropheRE matches an apostrophe, as OCR reads it, before a possessive s
// ("Nando’ s", "CHILI ' S").
var apostropheRE = regexp.MustCompile(`(\pL) ?['’‘´` + "`" + `] ?([sS])\b`)

func isAddress(l line) bool {
	f := l.fold
	if postcodeRE.MatchString(f) && !has(f, "tel", "fax", "gst", "reg") {
		return true
	}
	if has(f, addressWords...) && strings.ContainsAny(f, "0123456789") {
		return true
	}
	return false
}

// A registration number printed after a company's name: "(519537-X)",
// "(8199K)", "(CO. NO. 123456-A)", "002693074-K".
var regTailRE = regexp.MustCompile(`(?i)\s*\(?\s*(?:co\.?\s*)?(?:no\.?\s*:?\s*)?\b[0-9]{4,}\s?-?\s?[A-Z]\b\s*\)?\s*$` +
	// the same with its end garbled by OCR: a parenthesis opened on a
	// long number and never closed ("(519537 à")
	`|\s*\(\s*(?:co\.?\s*)?(?:no\.?\s*:?\s*)?[0-9]{4,}[^()]*$`)

// withoutReg returns l without a trailing registration number, so that its
// digits are not taken for a postcode.
func withoutReg(l line) line {
	t := regTailRE.ReplaceAllString(l.text, "")
	if t == l.text || strings.TrimSpace(t) == "" {
		return l
	}
	l.text = strings.TrimSpace(t)
	l.fold = textparse.Fold(l.text)
	l.toks = strings.Fields(l.text)
	return l
}

// withoutNoise returns l without the OCR noise at its ends that a logo or
// a stamp beside a name reads as: an end word the recogniser is unsure of
// (confidence under noiseConf) that is no word of a name, being at most two
// letters or digits long once its punctuation is trimmed, or holding no
// letter or digit at all ("5 THAI DELICIOUS RESTAURANT" with the 5 read at
// 55 from the edge of a logo, "RESTAURANT SIN Di) ©"). A sure "99" or "7"
// before a name ("99 SPEED MART") stays. Lines without word confidences
// (text layers, ground-truth lines) are returned as they are.
func withoutNoise(l line) line {
	ws := l.words
	noise := func(w layout.Word) bool {
		if w.Conf <= 0 || w.Conf >= noiseConf {
			return false
		}
		core := strings.TrimFunc(w.Text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		return len([]rune(core)) <= 2
	}
	for len(ws) > 1 && noise(ws[0]) {
		ws = ws[1:]
	}
	for len(ws) > 1 && noise(ws[len(ws)-1]) {
		ws = ws[:len(ws)-1]
	}
	if len(ws) == len(l.words) {
		return l
	}
	b := layout.Line{Words: ws, X0: ws[0].X0, X1: ws[len(ws)-1].X1, Y0: l.y0, Y1: l.y1}
	return newLine(b)
}

// noiseConf is the word confidence under which an end word of a name line
// may be noise (see withoutNoise).
const noiseConf = 60

// Words of company forms and trades that make no name on their own: a line
// of only these continues the name above it ("POPULAR BOOK" / "CO. (M) SDN
// BHD") or below it ("TSH POWER HARDWARE" / "TRADING").
var formWords = map[string]bool{
	"sdn": true, "bhd": true, "s/b": true, "co": true, "(m)": true, "m": true, "&": true, "and": true,
	"restaurant": true, "restoran": true, "enterprise": true, "enterprises": true, "trading": true, "marketing": true,
	"ltd": true, "limited": true, "llc": true, "inc": true, "corp": true, "plc": true, "pty": true, "pte": true,
	"gmbh": true, "ag": true, "kg": true, "sarl": true, "sas": true, "srl": true, "spa": true, "bv": true, "nv": true,
}

// onlyForm reports whether every word of the folded text is a form word.
func onlyForm(fold string) bool {
	n := 0
	for _, w := range strings.Fields(fold) {
		w = strings.Trim(w, ".,:;")
		if w == "" {
			continue
		}
		if !formWords[w] {
			return false
		}
		n++
	}
	return n > 0
}

// merchant picks the merchant's name among the top lines: the first
// plausible line, preferring one carrying a company form (Sdn Bhd, GmbH,
// Ltd, ...) within the first few plausible lines. A registration number
// after the name is dropped. A name broken over two lines ("HARDWARE &" /
// "ELECTRICAL", "POPULAR BOOK" / "CO. (M) SDN BHD", "TSH POWER HARDWARE" /
// "TRADING") is joined. It returns the name and the index of the line
// after it, and the evidence behind it (see Scores).
func merchant(lines []line) (*string, int, float64) {
	top := min(len(lines), 12)
	first, company := -1, -1
	seen := 0
	for i := 0; i < top; i++ {
		l := withoutReg(withoutNoise(lines[i]))
		if n, _, _ := letters(l.text); isAddress(l) && n >= 6 && !regNumberRE.MatchString(strings.TrimSpace(l.text)) {
			// The name comes before the address: an address first means
			// the name was not read.
			break
		}
		if !plausibleName(l) || isAddress(l) {
			continue
		}
		seen++
		if first < 0 {
			first = i
		}
		if has(l.fold, companyWords...) {
			company = i
			break
		}
		if seen >= 4 {
			break
		}
	}
	pick := first
	if company >= 0 {
		pick = company
	}
	if pick < 0 {
		return nil, 0, 0
	}
	ev := evNameTop
	if company >= 0 {
		ev = evNameCompany
	}
	cur := withoutReg(withoutNoise(lines[pick]))
	name := trimJunk(cur.text)
	if pick > 0 && (onlyForm(cur.fold) || strings.HasPrefix(name, "&")) {
		// "CO. (M) SDN BHD": the name begins on the line above.
		prev := withoutReg(lines[pick-1])
		if continuesName(prev) && !isAddress(prev) && !onlyForm(prev.fold) {
			name = trimJunk(prev.text) + " " + name
		}
	}
	end := pick + 1
	if end < len(lines) {
		next := withoutReg(lines[end])
		if isCompanyForm(next.fold) || onlyForm(next.fold) && !strings.HasPrefix(strings.TrimSpace(next.fold), "&") && plausibleName(next) {
			// "LIGHTROOM GALLERY" / "SDN BHD", "TSH POWER HARDWARE" / "TRADING"
			name += " " + trimJunk(next.text)
			end++
		} else if (strings.HasSuffix(name, "&") || strings.HasSuffix(name, "-") || strings.HasSuffix(textparse.Fold(name), " and")) &&
			plausibleName(next) && !isAddress(next) {
			name += " " + trimJunk(next.text)
			end++
		}
	}
	return docextract.Str(fixName(name, english(lines))), end, ev * lineConf(lines[pick])
}

var (
	// "SON BHD", "S0N BHD": the Malaysian company form "SDN BHD" misread.
	sdnBhdRE = regexp.MustCompile(`\bS[O0]N(\.?) BHD\b`)
	// "S/B" (Sendirian Berhad) as OCR misreads it: S as 5 or $, B as 8, D,
	// 0 or O.
	slashBRE = regexp.MustCompile(`^[S5$]/[B8D0O]$`)
	// a standalone E between capitalised words: "&" misread by a
	// multilingual model (E is "and" in Italian and Portuguese).
	ampRE = regexp.MustCompile(`([A-Z]{2,}) E ([A-Z]{2,})`)
)

// fixName repairs OCR misreads typical of printed names: a digit 1 or 0
// inside a word of capitals ("D.1.Y." -> "D.I.Y."), the company form
// "SDN BHD", a lone "€" (a misread C) and, in English text, "&" read as "E".
func fixName(name string, english bool) string {
	words := strings.Fields(name)
	for i, w := range words {
		n, up, low := letters(w)
		digits := strings.Count(w, "1") + strings.Count(w, "0")
		if n >= 2 && low == 0 && up == n && digits > 0 && !strings.ContainsAny(w, "23456789") {
			w = strings.NewReplacer("1", "I", "0", "O").Replace(w)
		}
		if w == "€" {
			// a lone euro sign is no part of a name: a misread C
			w = "C"
		}
		words[i] = w
	}
	if n := len(words); n >= 2 && slashBRE.MatchString(words[n-1]) {
		// "5/0", "S/8": the company form S/B (Sendirian Berhad) ending
		// a name, misread.
		words[n-1] = "S/B"
	}
	name = strings.Join(words, " ")
	name = sdnBhdRE.ReplaceAllString(name, "SDN$1 BHD")
	name = apostropheRE.ReplaceAllString(name, "$1'$2")
	if english {
		name = ampRE.ReplaceAllString(name, "$1 & $2")
	}
	return name
}

var langWords = map[string][]string{
	"en": {"the", "you", "thank", "thanks", "cash", "change", "and", "of", "for", "please", "receipt", "item", "items", "qty", "amount", "price", "tax", "invoice", "total", "sold", "goods", "no"},
	"de": {"und", "der", "die", "das", "summe", "bar", "danke", "mwst", "betrag", "gesamt", "ruckgeld", "zu", "zahlen", "preis", "menge"},
	"fr": {"merci", "le", "la", "les", "des", "du", "et", "tva", "especes", "rendu", "montant", "prix", "ttc"},
	"it": {"grazie", "totale", "il", "di", "della", "contanti", "resto", "iva", "prezzo", "importo", "scontrino"},
	"es": {"gracias", "el", "los", "las", "del", "efectivo", "cambio", "importe", "precio", "iva", "y"},
	"nl": {"bedankt", "het", "een", "totaal", "btw", "contant", "wisselgeld", "bedrag", "prijs", "en"},
}

// english reports whether the receipt is written in English: English
// function words and labels clearly outnumber those of the other languages.
func english(lines []line) bool {
	count := map[string]int{}
	for _, l := range lines {
		for _, t := range strings.Fields(l.fold) {
			t = strings.Trim(t, ".,:;!()")
			for lang, ws := range langWords {
				for _, w := range ws {
					if t == w {
						count[lang]++
					}
				}
			}
		}
	}
	other := 0
	for lang, n := range count {
		if lang != "en" {
			other = max(other, n)
		}
	}
	return count["en"] >= 3 && count["en"] > 2*other
}

// address joins the lines after the merchant's name up to the first line of
// contact, registration, title or transaction data; a registration number
// right after the name is skipped.
func address(lines []line, from int) *string {
	var parts []string
	for i := from; i < len(lines) && i < from+7; i++ {
		l := lines[i]
		t := strings.TrimSpace(l.text)
		if len(parts) == 0 && (regNumberRE.MatchString(t) || has(l.fold, "co reg", "co.reg", "company reg", "formerly", "licensee") ||
			(has(l.fold, companyWords...) && !isAddress(l))) {
			// registration numbers, former names, licensors
			continue
		}
		if has(l.fold, notNameWords...) || phoneRE.MatchString(t) || len(l.amts) > 0 || len(textparse.FindDates(l.toks, textparse.DMY)) > 0 {
			break
		}
		if n, _, _ := letters(t); n < 2 {
			if len(parts) > 0 {
				continue
			}
			continue
		}
		parts = append(parts, t)
	}
	if len(parts) == 0 {
		return nil
	}
	return docextract.Str(strings.Join(parts, " "))
}

var dateLabels = []string{"date", "datum", "fecha", "data", "dated", "dt", "bill date", "inv date"}

// date returns the receipt's date: the first date on a line labelled as a
// date, else the first date anywhere; with the evidence behind it (see
// Scores).
func date(lines []line) (*string, float64) {
	if d, c := dateWith(lines, cleanDateToks); d != nil {
		return d, c
	}
	return dateWith(lines, looseDateToks)
}

// dateWith is date with the tokens of each line cleaned by clean.
func dateWith(lines []line, clean func([]string) []string) (*string, float64) {
	var first, withTime string
	var firstConf, timeConf float64
	for _, l := range lines {
		ms := textparse.FindDates(clean(l.toks), textparse.DMY)
		if len(ms) == 0 {
			continue
		}
		if has(l.fold, dateLabels...) {
			return docextract.Str(ms[0].ISO), evDateLabel * lineConf(l)
		}
		if first == "" {
			first, firstConf = ms[0].ISO, evDateFirst*lineConf(l)
		}
		if withTime == "" && hasTime(l.text) {
			withTime, timeConf = ms[0].ISO, evDateTime*lineConf(l)
		}
	}
	switch {
	case withTime != "":
		// A till prints the date with the time; a lone date-like token is
		// more often a misread number.
		return docextract.Str(withTime), timeConf
	case first != "":
		return docextract.Str(first), firstConf
	}
	return nil, 0
}

// cleanDateToks strips the punctuation OCR glues to dates ("25/12/2018|")
// and repairs digits misread as look-alike letters inside a numeric date.
func cleanDateToks(toks []string) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = strings.Trim(t, "|:;,()[]'\"“”")
		if j := strings.IndexAny(out[i], ":"); j > 0 && j < len(out[i])-1 && strings.Count(out[i], "/")+strings.Count(out[i], "-")+strings.Count(out[i], ".") >= 2 &&
			strings.IndexFunc(out[i][:j], unicode.IsLetter) >= 0 {
			// "Date:25/12/2018"
			out[i] = out[i][j+1:]
		}
		out[i] = fixDateDigits(out[i])
	}
	return out
}

// looseDateToks is cleanDateToks that also undoes the slips OCR makes on a
// numeric date, whatever the shop: every separator lost ("25122018", a
// four-digit year of 19xx or 20xx) or one ("2512/2018", "2512-18",
// "25/122018"), one separator of a date with a
// two-digit year read as a space ("25 12-18", "25-12 18"), and on a date
// with a four-digit year a space around a separator ("25/12/ 2018", "25
// /12/2018"; the token is joined with the next, which is left empty so
// that the tokens keep their places), a label
// or a time glued to it ("DATE25/12/2018", "25/12/201810:41",
// "25/12/2018(Tue)"), and one separator misread as another ("25/12.2018",
// "25-12/2018"). Its dates are a fallback: they are looked for only when no
// line of the receipt has a date as printed (cleanDateToks), so a repair
// never overrules a date read whole.
func looseDateToks(toks []string) []string {
	out := cleanDateToks(toks)
	for i := range out {
		if out[i] == "" || !strings.ContainsAny(out[i], "0123456789") {
			continue
		}
		// "25122018": every separator lost; "2512/2018", "25/122018",
		// "2512-18": one of them.
		if d, ok := lostSeparators(out[i]); ok {
			out[i] = d
			continue
		}
		if m := lostSepDayRE.FindStringSubmatch(out[i]); m != nil {
			out[i] = m[1] + m[3] + m[2] + m[3] + m[4]
			continue
		}
		if m := lostSepYearRE.FindStringSubmatch(out[i]); m != nil {
			out[i] = m[1] + m[2] + m[3] + m[2] + m[4]
			continue
		}
		// "25 12-18", "25-12 18": one separator of a date with a
		// two-digit year read as a space; joined with the other.
		if i+1 < len(out) {
			two := out[i] + " " + out[i+1]
			if m := spaceSepDayRE.FindStringSubmatch(two); m != nil {
				out[i], out[i+1] = m[1]+m[3]+m[2]+m[3]+m[4], ""
				continue
			}
			if m := spaceSepYearRE.FindStringSubmatch(two); m != nil {
				out[i], out[i+1] = m[1]+m[2]+m[3]+m[2]+m[4], ""
				continue
			}
		}
		// "25/12/ 2018", "25 /12/2018", "25/12 / 2018": joined with up
		// to two following tokens when that makes a whole date.
		if !looseDateRE.MatchString(out[i]) {
			joined := out[i]
			for k := i + 1; k < len(out) && k <= i+2; k++ {
				joined += out[k]
				if looseDateRE.MatchString(joined) {
					out[i] = joined
					for m := i + 1; m <= k; m++ {
						out[m] = ""
					}
					break
				}
			}
		}
		out[i] = looseDate(out[i])
	}
	return out
}

// spaceSepDayRE and spaceSepYearRE are a numeric date of day, month and
// two-digit year with one of its separators read as a space: "25 12-18"
// and "25-12 18".
var (
	spaceSepDayRE  = regexp.MustCompile(`^([0-9]{1,2}) ([0-9]{1,2})([/.-])([0-9]{2})$`)
	spaceSepYearRE = regexp.MustCompile(`^([0-9]{1,2})([/.-])([0-9]{1,2}) ([0-9]{2})$`)
)

// lostSepDayRE and lostSepYearRE are a numeric date with one of its
// separators lost: between day and month ("2512/2018", "2512-18") or
// between month and a four-digit year ("25/122018").
var (
	lostSepDayRE  = regexp.MustCompile(`^([0-9]{2})([0-9]{2})([/.-])([0-9]{2}|(?:19|20)[0-9]{2})$`)
	lostSepYearRE = regexp.MustCompile(`^([0-9]{1,2})([/.-])([0-9]{2})((?:19|20)[0-9]{2})$`)
)

// lostSeparators reads a token of eight digits as a date whose separators
// OCR lost ("25122018"): day, month and a year of 19xx or 20xx, in that
// order, returned with slashes when day and month are valid.
func lostSeparators(t string) (string, bool) {
	if len(t) != 8 || strings.IndexFunc(t, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return "", false
	}
	d, m, y := atoi(t[:2]), atoi(t[2:4]), t[4:6]
	if d < 1 || d > 31 || m < 1 || m > 12 || y != "19" && y != "20" {
		return "", false
	}
	return t[:2] + "/" + t[2:4] + "/" + t[4:], true
}

// looseDateRE is a numeric date of day, month and four-digit year (19xx or
// 20xx) with any of the separators OCR reads for a slash or a dash, inside
// a token.
var looseDateRE = regexp.MustCompile(`(^|[^0-9])([0-9]{1,2})([/.,-])([0-9]{1,2})([/.,-])((?:19|20)[0-9]{2})([^0-9]|[0-9]{1,2}[:.][0-9]{2}|$)`)

// looseDate returns the date inside t written with one separator: the
// first of the two when they differ ("25/12.2018" -> "25/12/2018"), a comma
// giving way to the other separator (a slash when both are commas). A token that is a whole date as printed is returned
// unchanged; one whose date has a digit right before it or a digit after
// the year other than a time ("25/12/201810:41") is left alone too.
func looseDate(t string) string {
	m := looseDateRE.FindStringSubmatchIndex(t)
	if m == nil {
		return t
	}
	sub := func(k int) string { return t[m[2*k]:m[2*k+1]] }
	sep := sub(3)
	if sep == "," {
		sep = sub(5)
	}
	if sep == "," {
		sep = "/"
	}
	d := sub(2) + sep + sub(4) + sep + sub(6)
	if d == t {
		return t
	}
	return d
}

// slipDateRE is a numeric date of day, month and year in which OCR may
// have read a digit as a look-alike letter ("2O/03/2018", "20/O3/2Ol8").
var slipDateRE = regexp.MustCompile(`^[0-9OoDIl|SBZ]{1,2}([/.-])[0-9OoDIl|SBZ]{1,2}([/.-])(?:[0-9OoDIl|SBZ]{4}|[0-9OoDIl|SBZ]{2})$`)

// fixDateDigits repairs look-alike letters in a token that has the exact
// shape of a numeric date with both separators equal: O, o and D for 0, I,
// l and | for 1, S for 5, B for 8, Z for 2. Only those slips are repaired,
// where no other reading is possible; a token with any other letter is left
// as it is, and the caller still takes the result only when it is a valid
// date.
func fixDateDigits(t string) string {
	if !strings.ContainsAny(t, "OoDIl|SBZ") {
		return t
	}
	m := slipDateRE.FindStringSubmatch(t)
	if m == nil || m[1] != m[2] {
		return t
	}
	return strings.NewReplacer("O", "0", "o", "0", "D", "0", "I", "1", "l", "1", "|", "1", "S", "5", "B", "8", "Z", "2").Replace(t)
}

func hasTime(s string) bool {
	for _, m := range timeRE.FindAllString(s, -1) {
		if strings.Contains(m, ":") {
			return true
		}
	}
	return false
}

var timeRE = regexp.MustCompile(`(?i)\b([01]?\d|2[0-3])[:.h]([0-5]\d)(?:[:.]([0-5]\d))?\s*(am|pm|a\.m\.|p\.m\.)?(?:\b|$)`)

// timeOf returns the first time of day printed next to a date or a time
// label, as HH:MM:SS (24-hour clock).
func timeOf(lines []line) *string {
	for _, l := range lines {
		if len(textparse.FindDates(cleanDateToks(l.toks), textparse.DMY)) == 0 && !has(l.fold, "time", "zeit", "uhrzeit", "heure", "tijd", "hora", "ora") {
			continue
		}
		for _, m := range timeRE.FindAllStringSubmatch(l.text, -1) {
			if !strings.Contains(m[0], ":") && !strings.Contains(strings.ToLower(m[0]), "h") {
				continue // "12.50" is an amount
			}
			h := atoi(m[1])
			ap := strings.ToLower(strings.ReplaceAll(m[4], ".", ""))
			if ap == "pm" && h < 12 {
				h += 12
			} else if ap == "am" && h == 12 {
				h = 0
			}
			sec := "00"
			if m[3] != "" {
				sec = m[3]
			}
			return docextract.Str(pad2(h) + ":" + m[2] + ":" + sec)
		}
	}
	return nil
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

func pad2(n int) string {
	if n < 10 {
		return "0" + string(rune('0'+n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}

var numberLabels = []string{
	"receipt no", "receipt #", "receipt number", "receipt", "invoice no", "inv no", "invoice #", "inv#", "inv", "bill no", "doc no", "document no",
	"cash bill", "trans no", "transaction no", "trans", "txn", "order no", "order #", "ref no", "ticket no", "ticket",
	"beleg-nr", "belegnr", "beleg nr", "bon-nr", "bon nr", "bonnr", "rechnungsnr", "rechnung nr", "quittung nr",
	"n° ticket", "no ticket", "numero", "num", "bonnummer", "kassabon", "factura", "n° factura", "scontrino n", "documento n",
}

var idRE = regexp.MustCompile(`[A-Za-z0-9][A-Za-z0-9/\-]*\d[A-Za-z0-9/\-]*`)

// receiptNumber returns the value after a receipt-number label.
func receiptNumber(lines []line) *string {
	for _, label := range numberLabels {
		for _, l := range lines {
			i := strings.Index(l.fold, label)
			if i < 0 || !has(l.fold, label) {
				continue
			}
			rest := l.text[min(len(l.text), i+len(label)):]
			rest = strings.TrimLeft(rest, " .:#;-")
			rest = strings.TrimPrefix(strings.TrimPrefix(rest, "No"), "NO")
			rest = strings.TrimLeft(rest, " .:#;")
			tok := strings.Fields(rest)
			if len(tok) == 0 {
				continue
			}
			if m := idRE.FindString(tok[0]); m != "" && len(m) >= 3 {
				if _, ok := textparse.ParseDate(m, textparse.DMY); ok {
					continue
				}
				return docextract.Str(m)
			}
		}
	}
	return nil
}

// currency returns the currency printed most often with amounts: a code or
// symbol glued to an amount, or a token of its own right before or after an
// amount (or after a "currency" label). Only ISO codes in capitals, RM and
// unambiguous symbols count: a bare "$" or "¥" names no single currency, and
// an ISO code among words ("SDN BHD", a Malaysian company form) is no
// currency.
func currency(lines []line) *string {
	count := map[string]int{}
	best, bestN := "", 0
	for _, l := range lines {
		for _, a := range l.amts {
			if a.cur != "" {
				count[a.cur]++
			}
		}
		amountAt := map[int]bool{}
		for _, a := range l.amts {
			amountAt[a.tok] = true
		}
		labelled := has(l.fold, "currency", "wahrung", "devise", "valuta", "moneda")
		for i, t := range l.toks {
			if a := amountAt[i]; a {
				continue
			}
			if !labelled && !amountAt[i-1] && !amountAt[i+1] {
				continue
			}
			t = strings.Trim(t, ".:()[]")
			if t == "RM" || t == "€" || t == "£" || textparse.IsISOCurrency(t) {
				if c := currencyCode(t); c != "" {
					count[c]++
				}
			}
		}
	}
	for c, n := range count {
		if n > bestN || n == bestN && c < best {
			best, bestN = c, n
		}
	}
	if best == "" {
		return nil
	}
	return docextract.Str(best)
}

// Label words of totals, by strength: the final amount to pay first.
var (
	finalLabels = []string{
		"grand total", "nett total", "net total payable", "total rounded", "rounded total", "round total", "total round",
		"amount due", "amt due", "amt payable", "total amt payable", "total due", "balance due", "total payable", "amount payable", "to pay", "total to pay", "total a pagar", "total amount due",
		"zu zahlen", "endbetrag", "gesamtbetrag", "gesamtsumme", "zahlbetrag", "net a payer", "a payer", "total ttc", "montant ttc",
		"te betalen", "totaal te betalen", "a pagar", "importe total", "da pagare", "totale complessivo", "totale da pagare", "totale euro",
	}
	strongLabels = []string{
		"total incl", "total (incl", "incl gst", "incl. gst", "incl. of gst", "inclusive", "inclusive of gst", "includes gst",
		"total sales", "total amount", "total amt", "total gross", "total bill", "total rm", "total (rm)", "total eur", "total €",
		"summe", "gesamt", "montant", "totaal", "totale", "importe", "total a", "total:",
	}
	totalWords = []string{"total", "totaal", "totale", "summe", "gesamt", "montant", "importe", "betrag"}
	// Lines carrying one of these are not the grand total.
	notTotal = []string{
		"subtotal", "sub total", "sub-total", "sub ttl", "total qty", "total quantity", "qty", "quantity", "item", "items", "total item", "totalitem", "no. of items",
		"total gst", "gst amt", "total tax", "tax total", "tax amt", "total vat", "vat", "gst summary", "tax summary",
		"excl", "excluding", "exclusive", "excluded", "before", "exc gst", "ex gst", "ex)", "(ex",
		"discount", "disc", "saving", "savings", "you saved", "change", "tendered", "cash", "paid", "received", "card", "points", "deposit",
		"zwischensumme", "netto", "mwst", "ust", "rabatt", "ruckgeld", "gegeben", "bar",
		"sous-total", "sous total", "ht", "tva", "remise", "rendu", "monnaie",
		"subtotaal", "btw", "korting", "wisselgeld",
		"iva", "base imponible", "cambio", "descuento", "entregado", "imponibile", "resto", "sconto", "subtotale",
	}
)

type candidate struct {
	v     decimal.Decimal
	prio  int
	round bool
	line  int
	// summary: printed after a tax summary header (a tax table's total)
	summary bool
}

// total finds the receipt's final amount. Candidates are amounts on (or
// right under) total-labelled lines, ranked by label strength. Cash handed
// over minus change, when both are printed, confirms a candidate; a rounded
// total far from the unrounded one is an OCR misread and is dropped. It
// returns the amount, its line and the evidence behind it (see Scores).
func total(lines []line) (*docextract.Amount, int, float64) {
	var cands, oneDec []candidate
	var cash, change *decimal.Decimal
	var cashes []decimal.Decimal
	changeLine := -1
	summary := false
	for i, l := range lines {
		f := l.fold
		if isSummary(f) {
			summary = true
		}
		if a := lineAmount(lines, i); a != nil {
			switch {
			case has(f, changeWords...):
				if change == nil {
					// Change and cash are never negative: a minus is
					// print style or OCR noise ("Cash -50.00").
					v := a.Abs()
					change, changeLine = &v, i
				}
				continue
			case has(f, "cash", "tendered", "bar", "gegeben", "especes", "contant", "efectivo", "contanti", "payment", "paid"):
				cashes = append(cashes, a.Abs())
				continue
			}
		}
		prio := 0
		switch {
		case has(f, finalLabels...):
			prio = 3
		case has(f, strongLabels...):
			prio = 2
		case has(f, totalWords...):
			prio = 1
		}
		if prio == 0 {
			continue
		}
		if has(f, notTotal...) && !has(f, "incl", "inclusive", "includes", "inkl", "ttc", "rounded", "grand total", "nett total") {
			continue
		}
		if len(l.amts) == 0 {
			if v, ok := lostPoint(l); ok {
				// "TOTAL 1250", "Gross Amt 47 80": the decimal point
				// lost; counts only when confirmed, as below (an amount
				// on a neighbouring line is still looked for).
				oneDec = append(oneDec, candidate{v: v, prio: prio, line: i, summary: summary})
			}
			if v, ok := oneDecimal(l); ok {
				// "NET TOTAL 174,9": the total's own amount, its last
				// digit lost; it counts only when confirmed (below), and
				// an amount on a neighbouring line is not this label's.
				oneDec = append(oneDec, candidate{v: v, prio: prio, line: i, summary: summary})
				continue
			}
		}
		a := lineAmount(lines, i)
		if a == nil || a.IsNegative() {
			continue
		}
		round := has(f, "rounded", "round", "rounding")
		cands = append(cands, candidate{v: *a, prio: prio, round: round, line: i, summary: summary})
	}
	// The amount tendered is the first one labelled so that exceeds the
	// change: cash handed over is never less than the change given back,
	// so an amount under it is another line's, borrowed by a label
	// without its own ("PAYMENT DETAILS" under "GST 0.38").
	for i := range cashes {
		if change == nil || !change.IsPositive() || cashes[i].GreaterThan(*change) {
			cash = &cashes[i]
			break
		}
	}
	var paid *decimal.Decimal
	if cash == nil && changeLine > 0 && len(lines[changeLine-1].amts) > 0 {
		// The line above the change is the amount tendered, whatever its
		// (misread) label.
		v := lines[changeLine-1].amts[len(lines[changeLine-1].amts)-1].v
		cash = &v
	}
	if cash != nil {
		p := *cash
		if change != nil && change.LessThan(p) {
			p = p.Sub(*change)
		}
		if p.IsPositive() {
			paid = &p
		}
	}
	// Tax-table totals only when nothing came before them.
	if slices.ContainsFunc(cands, func(c candidate) bool { return !c.summary }) {
		cands = slices.DeleteFunc(cands, func(c candidate) bool { return c.summary })
	}
	// Arithmetic: the subtotal plus tax, service charge and rounding is the
	// total (or the subtotal plus rounding when the subtotal includes the
	// tax).
	sums, subLine := sumChecks(lines)
	for _, c := range oneDec {
		if confirmedElsewhere(lines, c, sums, paid) {
			cands = append(cands, c)
		}
	}
	if len(cands) > 0 && !slices.ContainsFunc(cands, func(c candidate) bool { return !c.summary }) && agreeing(cands, sums) == nil {
		// Only a tax table's rows, which print the net amount and the
		// tax beside each other, and none of them agrees with the
		// arithmetic: no total read (the fallbacks below still apply).
		cands = nil
	}
	if best := agreeing(cands, sums); best != nil && (paid == nil || !best.v.Equal(*paid)) {
		if top := topCandidate(cands); top == nil || !top.v.Equal(best.v) {
			// The best-labelled total disagrees with the arithmetic that
			// another labelled amount satisfies: that one is the total.
			if paid == nil || !slices.ContainsFunc(cands, func(c candidate) bool { return c.v.Equal(*paid) }) {
				return amountPtr(best.v), best.line, evTotalPaid * lineConf(lines[best.line])
			}
		}
	}
	if paid != nil && change != nil {
		// Cash handed over minus change is the total: no candidate can
		// exceed it.
		// Unless that would drop every candidate: then the change (or
		// the cash) was misread.
		limit := paid.Add(decimal.RequireFromString("0.05"))
		if under := slices.DeleteFunc(slices.Clone(cands), func(c candidate) bool { return c.v.GreaterThan(limit) }); len(under) > 0 {
			cands = under
		}
	}
	if paid != nil {
		var best *candidate
		for i := range cands {
			if cands[i].v.Equal(*paid) && (best == nil || cands[i].prio > best.prio) {
				best = &cands[i]
			}
		}
		if best != nil {
			return amountPtr(best.v), best.line, evTotalPaid * lineConf(lines[best.line])
		}
		// No change given: the amount paid is the total, and a total
		// label reading otherwise is a misread, unless the arithmetic
		// of the receipt says otherwise (the amount paid misread).
		if change != nil && change.IsZero() && len(cands) > 0 && (len(sums) == 0 || slices.ContainsFunc(sums, func(v decimal.Decimal) bool { return v.Equal(*paid) })) {
			return amountPtr(*paid), cands[len(cands)-1].line, evTotalCash * lineConf(lines[max(0, changeLine)])
		}
		// Tendered minus change printed elsewhere (under a label OCR
		// garbled) confirms itself.
		if change != nil && change.IsPositive() {
			for i := len(lines) - 1; i >= 0; i-- {
				if i == changeLine {
					continue
				}
				for _, a := range lines[i].amts {
					if a.v.Equal(*paid) {
						return amountPtr(*paid), i, evTotalCash * lineConf(lines[i])
					}
				}
			}
		}
	}
	// Drop rounded totals that are no rounding of another total.
	var kept []candidate
	for _, c := range cands {
		if c.round {
			ok := true
			for _, o := range cands {
				if !o.round && o.v.Sub(c.v).Abs().GreaterThan(decimal.RequireFromString("0.10")) && o.prio >= 1 && !o.v.IsZero() {
					ok = false
				}
			}
			if !ok {
				continue
			}
			c.prio = 4
		}
		kept = append(kept, c)
	}
	var best *candidate
	for i := range kept {
		c := &kept[i]
		if c.v.IsZero() {
			continue
		}
		if best == nil || c.prio > best.prio || c.prio == best.prio && c.v.GreaterThan(best.v) {
			best = c
		}
	}
	if best != nil {
		// "Total 102.39" then "Total 102.40": a later total that is the
		// first rounded to 5 cents is the amount paid.
		if !isRounded5(best.v) {
			for i := range kept {
				c := &kept[i]
				if c.line > best.line && c.prio >= 1 && isRounded5(c.v) && c.v.Sub(best.v).Abs().LessThanOrEqual(decimal.RequireFromString("0.04")) {
					best = c
					break
				}
			}
		}
		if v, ok := roundedAfter(lines, best.line, best.v); ok {
			// "TOTAL AMT 60.31" / "ROUNDING ADJ -0.01" with no rounded
			// total printed: the amount to pay is the rounded one.
			return amountPtr(v), best.line, evTotalLabel[min(best.prio, len(evTotalLabel)-1)] * lineConf(lines[best.line])
		}
		ev := evTotalLabel[min(best.prio, len(evTotalLabel)-1)]
		for _, c := range kept {
			// Printed twice under total labels ("TOTAL" and "NETT
			// TOTAL"): two readings agree.
			if c.line != best.line && c.v.Equal(best.v) {
				ev = min(evTotalPaid, ev+0.05)
				break
			}
		}
		return amountPtr(best.v), best.line, ev * lineConf(lines[best.line])
	}
	// No total label read: a sum of subtotal, tax and rounding printed as
	// an amount elsewhere (its label misread) is the total.
	end := slices.IndexFunc(lines, func(l line) bool { return isSummary(l.fold) })
	if end < 0 {
		end = len(lines)
	}
	for _, v := range sums {
		for i := end - 1; i >= 0; i-- {
			for _, a := range lines[i].amts {
				if a.v.Equal(v) && i != subLine {
					return amountPtr(v), i, evTotalCash * lineConf(lines[i])
				}
			}
		}
	}
	if paid != nil && change != nil {
		return amountPtr(*paid), max(0, changeLine-1), evTotalPaidOnly * lineConf(lines[max(0, changeLine)])
	}
	if paid != nil && change == nil {
		// "TOTAL AMOUNT" with its amount lost, right above "CASH RM
		// 50.00" and no change printed: paid exactly, the cash is the
		// total.
		for i := 0; i+1 < len(lines); i++ {
			l, n := lines[i], lines[i+1]
			if len(l.amts) == 0 && labelPrio(l.fold) > 0 && !has(l.fold, notTotal...) && has(n.fold, cashWords...) && len(n.amts) > 0 && n.amts[len(n.amts)-1].v.Equal(*paid) {
				return amountPtr(*paid), i + 1, evTotalPaidOnly * lineConf(n)
			}
		}
	}
	// No total label read at all: an amount that is the sum of the item
	// amounts right above it ("DPT.05 RM 149.00", "DPT.04 RM 21.00", then
	// "CASH" / "RM 170.00") is the total, whatever its (lost) label.
	if i, v, ok := itemsSumLine(lines); ok {
		return amountPtr(v), i, evTotalCash * lineConf(lines[i])
	}
	return nil, -1, 0
}

// itemsSumLine finds the first line whose amount is the sum of the amounts
// of at least two item lines directly above it (lines without an amount
// between them skipped, such as a "CASH" label over its amount): the
// receipt's total, printed after its items as tills print it. Lines of
// change, tax, rounding, discount or quantities are no items, and an item
// run stops at them.
func itemsSumLine(lines []line) (int, decimal.Decimal, bool) {
	notItem := func(l line) bool {
		return has(l.fold, "change", "rounding", "round", "adj", "discount", "disc", "qty", "quantity") || has(l.fold, taxLabels...) || has(l.fold, subtotalLabels...)
	}
	for i, l := range lines {
		if len(l.amts) == 0 || notItem(l) {
			continue
		}
		v := l.amts[len(l.amts)-1].v
		if !v.IsPositive() {
			continue
		}
		sum, n := decimal.Zero, 0
		for j := i - 1; j >= 0 && sum.LessThan(v); j-- {
			o := lines[j]
			if len(o.amts) == 0 {
				if n == 0 {
					continue // the label over the amount ("CASH")
				}
				break
			}
			if notItem(o) || has(o.fold, totalWords...) || has(o.fold, cashWords...) {
				break
			}
			sum = sum.Add(o.amts[len(o.amts)-1].v)
			n++
		}
		if n >= 2 && sum.Equal(v) {
			return i, v, true
		}
	}
	return 0, decimal.Zero, false
}

// oneDecimal reads the last token of l as an amount OCR read with one
// decimal, its last digit lost ("174,9", "RM 141.5").
func oneDecimal(l line) (decimal.Decimal, bool) {
	if len(l.toks) == 0 {
		return decimal.Decimal{}, false
	}
	t := strings.Trim(l.toks[len(l.toks)-1], ":;|!\"'“”()[]{}")
	m, err := textparse.ParseAmountSep(t, 0)
	if err != nil || m.Decimals != 1 || !m.Value.IsPositive() {
		return decimal.Decimal{}, false
	}
	return m.Value, true
}

// lostPoint reads the end of l as an amount whose decimal point OCR lost:
// a last token of three to seven digits ("1250" for 12.50), a token of one
// to four digits then one of exactly two ("47 80" for 47.80), or the point
// read as a colon ("34:00"). Such a
// reading is only a guess until the receipt's own figures confirm it.
func lostPoint(l line) (decimal.Decimal, bool) {
	n := len(l.toks)
	if n < 2 {
		return decimal.Decimal{}, false
	}
	digits := func(t string, lo, hi int) bool {
		if len(t) < lo || len(t) > hi {
			return false
		}
		for i := 0; i < len(t); i++ {
			if t[i] < '0' || t[i] > '9' {
				return false
			}
		}
		return true
	}
	last := strings.Trim(l.toks[n-1], ":;|!\"'“”()[]{}")
	var s string
	switch {
	case n >= 3 && digits(last, 2, 2) && digits(strings.TrimPrefix(strings.TrimPrefix(l.toks[n-2], "RM"), "$"), 1, 4):
		s = strings.TrimPrefix(strings.TrimPrefix(l.toks[n-2], "RM"), "$") + "." + last
	case strings.Count(last, ":") == 1 && len(last) >= 4 && last[len(last)-3] == ':' && digits(last[len(last)-2:], 2, 2) &&
		digits(strings.TrimPrefix(strings.TrimPrefix(last[:len(last)-3], "RM"), "$"), 1, 5):
		// "34:00": the point read as a colon
		s = strings.TrimPrefix(strings.TrimPrefix(last[:len(last)-3], "RM"), "$") + "." + last[len(last)-2:]
	case digits(strings.TrimPrefix(strings.TrimPrefix(last, "RM"), "$"), 3, 7):
		d := strings.TrimPrefix(strings.TrimPrefix(last, "RM"), "$")
		s = d[:len(d)-2] + "." + d[len(d)-2:]
	default:
		return decimal.Decimal{}, false
	}
	v, err := decimal.NewFromString(s)
	if err != nil || !v.IsPositive() {
		return decimal.Decimal{}, false
	}
	return v, true
}

// confirmedElsewhere reports whether a total OCR read with one decimal is
// confirmed: the receipt's own sum (subtotal, tax, service, rounding) or
// the cash handed over less the change gives that value, or it is printed
// with two decimals on another line (a tax summary's total row), or a tax
// summary's row of net amount and tax adds up to it. A value
// read once with a digit lost is not enough alone: "141.5" may be 141.50
// or 141.55.
func confirmedElsewhere(lines []line, c candidate, sums []decimal.Decimal, paid *decimal.Decimal) bool {
	if slices.ContainsFunc(sums, func(v decimal.Decimal) bool { return v.Equal(c.v) }) || paid != nil && paid.Equal(c.v) {
		return true
	}
	summary := false
	for i, l := range lines {
		if isSummary(l.fold) {
			summary = true
		}
		if i == c.line {
			continue
		}
		for _, a := range l.amts {
			if a.v.Equal(c.v) {
				return true
			}
		}
		// A tax summary's row prints the net amount and its tax side by
		// side ("SR GST 6% 165.00 9.90"): together they are the gross.
		if n := len(l.amts); summary && n >= 2 {
			base, tax := l.amts[n-2].v, l.amts[n-1].v
			if tax.IsPositive() && tax.LessThan(base) && base.Add(tax).Equal(c.v) {
				return true
			}
		}
	}
	return false
}

// roundedAfter returns v plus the cash rounding printed on one of the two
// lines after the total's line (a rounding label and an amount under 0.05),
// when v is not a multiple of 0.05 and the sum is: the amount to pay.
func roundedAfter(lines []line, at int, v decimal.Decimal) (decimal.Decimal, bool) {
	if isRounded5(v) {
		return v, false
	}
	for i := at + 1; i < len(lines) && i <= at+2; i++ {
		l := lines[i]
		if !has(l.fold, roundingLabels...) && !has(l.fold, "rnd adj", "round adj", "adj") || len(l.amts) == 0 {
			continue
		}
		r := l.amts[len(l.amts)-1].v
		if r.Abs().GreaterThanOrEqual(decimal.RequireFromString("0.05")) || r.IsZero() {
			return v, false
		}
		for _, s := range []decimal.Decimal{v.Add(r), v.Sub(r)} {
			if isRounded5(s) && s.IsPositive() {
				return s, true
			}
		}
		return v, false
	}
	return v, false
}

// topCandidate is the candidate the labels alone would choose: the
// strongest label, then the largest amount.
func topCandidate(cands []candidate) *candidate {
	var best *candidate
	for i := range cands {
		c := &cands[i]
		if c.v.IsZero() || c.round {
			continue
		}
		if best == nil || c.prio > best.prio || c.prio == best.prio && c.v.GreaterThan(best.v) {
			best = c
		}
	}
	return best
}

// agreeing returns the strongest-labelled candidate equal to one of sums.
func agreeing(cands []candidate, sums []decimal.Decimal) *candidate {
	var best *candidate
	for i := range cands {
		c := &cands[i]
		if c.v.IsZero() || !slices.ContainsFunc(sums, func(v decimal.Decimal) bool { return v.Equal(c.v) }) {
			continue
		}
		if best == nil || c.prio > best.prio {
			best = c
		}
	}
	return best
}

var (
	subtotalLabels = []string{"subtotal", "sub total", "sub-total", "sub ttl", "zwischensumme", "sous-total", "sous total", "subtotaal", "subtotale", "gross amt", "gross amount", "total excl", "total excluding", "total exc", "total before"}
	roundingLabels = []string{"rounding", "round adj", "rounding adj", "rounding adjustment", "rundung", "arrondi", "afronding", "redondeo", "arrotondamento"}
	serviceLabels  = []string{"service charge", "service chg", "svc chg", "svc charge", "service", "bedienung", "servicio", "servizio"}
)

// sumChecks returns the totals the receipt's own arithmetic gives: the
// subtotal plus tax, service charge and rounding, and the subtotal plus
// service charge and rounding (a subtotal that includes the tax), less a
// discount printed after it. Each part is the amount of the first line
// labelled for it, up to a tax summary table; without a subtotal there is
// none, and a sum equal to the subtotal itself is left out (it proves
// nothing). It also returns the subtotal's line.
func sumChecks(lines []line) ([]decimal.Decimal, int) {
	var sub, tx, svc, rnd, disc *decimal.Decimal
	// taxes: every tax-labelled line's amount after the subtotal. A
	// receipt may print two taxes, each on its line ("SVR TAX 2.87" and
	// "GST (6%) 2.86", a state and a city tax): the total is then the
	// subtotal plus all of them.
	var taxes []decimal.Decimal
	subLine := -1
	for i, l := range lines {
		f := l.fold
		if isSummary(f) {
			break
		}
		a := func() *decimal.Decimal {
			if len(l.amts) == 0 {
				return nil
			}
			return lineAmount(lines, i)
		}
		switch {
		case sub == nil && has(f, subtotalLabels...) && !has(f, "qty", "quantity", "items"):
			sub, subLine = a(), i
		case sub == nil:
			continue
		case rnd == nil && has(f, roundingLabels...):
			rnd = a()
		case svc == nil && has(f, serviceLabels...):
			svc = a()
		case disc == nil && has(f, "discount", "disc", "rabatt", "remise", "korting", "descuento", "sconto"):
			disc = a()
		case has(f, taxLabels...) && !has(f, "id", "no", "reg", "nr", "number", "incl", "inclusive", "included", "includes", "inkl", "ttc", "excl", "excluded", "excluding"):
			v := a()
			if tx == nil {
				tx = v
			}
			if v != nil && v.IsPositive() {
				taxes = append(taxes, *v)
			}
		}
	}
	if sub == nil || sub.IsZero() {
		return nil, -1
	}
	base := *sub
	if svc != nil {
		base = base.Add(*svc)
	}
	if disc != nil && disc.Abs().LessThan(base) {
		base = base.Sub(disc.Abs())
	}
	if rnd != nil && rnd.Abs().LessThan(decimal.RequireFromString("0.10")) {
		base = base.Add(*rnd)
	}
	var out []decimal.Decimal
	if tx != nil && tx.IsPositive() && tx.LessThan(*sub) {
		out = append(out, base.Add(*tx))
	}
	if len(taxes) > 1 {
		all := base
		for _, t := range taxes {
			all = all.Add(t)
		}
		if all.LessThan(sub.Mul(decimal.NewFromInt(2))) {
			out = append(out, all)
		}
	}
	if !base.Equal(*sub) {
		out = append(out, base)
	}
	if rnd == nil {
		// Cash rounding to 5 cents (Malaysia, Switzerland, Australia...)
		// printed on the total without a rounding line of its own:
		// "NET AMT 53.55" after a subtotal and taxes adding up to 53.53.
		for _, v := range slices.Clone(out) {
			if r := v.Mul(decimal.NewFromInt(20)).Round(0).Div(decimal.NewFromInt(20)); !r.Equal(v) {
				out = append(out, r)
			}
		}
	}
	return out, subLine
}

// isSummary reports whether a folded line heads a tax summary table.
func isSummary(f string) bool {
	return has(f, "summary", "gst summary", "tax summary", "vat summary", "zusammenfassung", "recapitulatif", "riepilogo", "resumen", "overzicht")
}

// isRounded5 reports whether v is a multiple of 0.05 (cash rounding).
func isRounded5(v decimal.Decimal) bool {
	return v.Mul(decimal.NewFromInt(20)).IsInteger()
}

// lineAmount returns the rightmost amount of line i, or the first amount of
// the next line when line i has none and the next line is a bare amount.
func lineAmount(lines []line, i int) *decimal.Decimal {
	l := lines[i]
	if n := len(l.amts); n > 0 {
		v := l.amts[n-1].v
		// "Total 80.91 0.00": a zero after the amount is a tax column.
		if v.IsZero() && n > 1 {
			v = l.amts[n-2].v
		}
		return &v
	}
	// The amount printed in a column of its own can land on the line
	// below or, slightly raised, above the label.
	for _, j := range []int{i + 1, i - 1} {
		if j < 0 || j >= len(lines) {
			continue
		}
		o := lines[j]
		if len(o.amts) == 1 {
			if n, _, _ := letters(o.text); n <= 3 {
				v := o.amts[0].v
				return &v
			}
		}
	}
	return nil
}

var taxLabels = []string{"total gst", "gst", "total tax", "tax total", "tax", "vat", "total vat", "mwst", "ust", "tva", "btw", "iva", "steuer", "gst 6%", "sst"}

// tax returns the tax total: the amount of a tax-labelled line that is not
// an identifier, a summary header or a tax-inclusive total.
func tax(lines []line, total *docextract.Amount) *docextract.Amount {
	for _, strong := range []bool{true, false} {
		for i, l := range lines {
			f := l.fold
			if !has(f, taxLabels...) || has(f, "id", "no", "reg", "nr", "number", "summary", "incl", "inclusive", "includes", "excl", "excluding", "exclusive", "inkl", "ttc", "ht") {
				continue
			}
			if strong && !has(f, "total gst", "total tax", "tax total", "total vat", "tax amount", "gst amount", "mwst betrag", "total tva", "totaal btw", "total iva") {
				continue
			}
			a := lineAmount(lines, i)
			if a == nil || a.IsNegative() {
				continue
			}
			if total != nil && !a.LessThan(total.Dec()) {
				continue
			}
			return amountPtr(*a)
		}
	}
	return nil
}

// payment names how the receipt was paid: a card brand, "card" or "cash".
func payment(lines []line) *string {
	brands := []struct {
		words []string
		name  string
	}{
		{[]string{"visa"}, "visa"},
		{[]string{"mastercard", "master card", "master", "mc"}, "mastercard"},
		{[]string{"amex", "american express"}, "amex"},
		{[]string{"maestro"}, "maestro"},
		{[]string{"girocard", "ec-karte", "ec karte", "ec-cash"}, "girocard"},
		{[]string{"unionpay", "union pay"}, "unionpay"},
		{[]string{"jcb"}, "jcb"},
		{[]string{"paypal"}, "paypal"},
		{[]string{"apple pay", "google pay", "grabpay", "touch n go", "boost", "e-wallet", "ewallet"}, "e-wallet"},
		{[]string{"credit card", "debit card", "card", "karte", "carte", "kaart", "pin", "tarjeta", "carta", "bancomat", "cb"}, "card"},
	}
	for _, b := range brands {
		for _, l := range lines {
			if has(l.fold, b.words...) && (len(l.amts) > 0 || has(l.fold, "paid", "payment", "bezahlt", "paye", "betaald", "pagado", "pagato")) {
				return docextract.Str(b.name)
			}
		}
	}
	for _, l := range lines {
		if has(l.fold, "cash", "bar", "bargeld", "especes", "contant", "efectivo", "contanti") && len(l.amts) > 0 {
			return docextract.Str("cash")
		}
	}
	return nil
}

var qtyRE = regexp.MustCompile(`(?i)^(\d{1,3})(?:x|pc|pcs|stk)?$`)

// items reads item lines between the header block and the total: lines
// ending in an amount that carry no total, tax or payment label. A line of
// numbers only takes its name from the line above.
func items(lines []line, from, totalLine int) []docextract.LineItem {
	out := []docextract.LineItem{}
	if totalLine < 0 {
		return out
	}
	// Items end where the totals block starts.
	for i := from; i < totalLine; i++ {
		if len(lines[i].amts) > 0 && (has(lines[i].fold, totalWords...) || has(lines[i].fold, "subtotal", "sub total", "sub-total", "zwischensumme", "sous-total", "subtotaal", "subtotale")) {
			totalLine = i
			break
		}
	}
	for i := from; i < totalLine; i++ {
		l := lines[i]
		if len(l.amts) == 0 || has(l.fold, totalWords...) || has(l.fold, notTotal...) || has(l.fold, taxLabels...) ||
			has(l.fold, "rounding", "round", "adj", "date", "datum", "time", "tel", "fax", "service charge", "charge") {
			continue
		}
		last := l.amts[len(l.amts)-1]
		// Name: the words before the first numeric token.
		var name []string
		for _, t := range l.toks {
			if strings.ContainsAny(t, "0123456789") && len(name) > 0 {
				break
			}
			if n, _, _ := letters(t); n >= 2 && currencyCode(t) == "" {
				name = append(name, t)
			}
		}
		if len(name) == 0 {
			// A line of numbers: the name is the wordiest of the two lines
			// above that carry no amount (the other is often an article
			// code).
			best := 0
			for j := i - 1; j >= max(from, i-2); j-- {
				prev := lines[j]
				if len(prev.amts) > 0 || has(prev.fold, totalWords...) {
					break
				}
				if n, _, _ := letters(prev.text); n >= 3 && n > best {
					best = n
					name = []string{trimJunk(prev.text)}
				}
			}
		}
		if len(name) == 0 {
			continue
		}
		it := docextract.LineItem{ProductName: docextract.Str(strings.Join(name, " ")), ProductTotalPrice: amountPtr(last.v)}
		if len(l.amts) >= 2 {
			it.ProductUnitPrice = amountPtr(l.amts[len(l.amts)-2].v)
		}
		for _, t := range l.toks[:last.tok] {
			if m := qtyRE.FindStringSubmatch(t); m != nil && m[1] != "0" {
				q := decimal.RequireFromString(m[1])
				it.ProductQuantity = amountPtr(q)
				break
			}
		}
		out = append(out, it)
	}
	return out
}
