package receipt

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/textparse"
	"github.com/shopspring/decimal"
)

// line is one text line of the receipt with its folded form and amounts.
type line struct {
	text string // as read, single-spaced
	fold string // lower-case, accents removed
	toks []string
	amts []amount // amounts with two decimals, left to right
	conf float64  // mean word confidence
	h    float64  // median word height
	// the line's box
	x0, y0, x1, y1 float64
	words          []layout.Word // as read (see withoutNoise)
}

type amount struct {
	v   decimal.Decimal
	cur string
	tok int // index of the token in toks
}

// Extract reads the fields of a receipt from the words of its pages (OCR or
// text layer). Fields that cannot be read are nil; LineItems is never nil.
func Extract(pages []layout.Page) *docextract.ReceiptData {
	d, _ := ExtractScored(pages)
	return d
}

// ExtractScored is Extract that also scores each field read: a map from the
// field's JSON name in "general" ("TotalGrossPrice", "ReceiptDate", ...) and
// "lineItems" to a confidence in 0..1 built from the evidence behind the
// value (see Scores). Null fields have no entry.
func ExtractScored(pages []layout.Page) (*docextract.ReceiptData, map[string]float64) {
	return extractScored(pages, useModel)
}

// ExtractRanked is ExtractScored with the learned ranker deciding exactly
// the fields named in use ("MerchantName", "ReceiptDate",
// "TotalGrossPrice"; nil: the rules alone), for comparing the two
// (`docextract eval -ranker`).
func ExtractRanked(pages []layout.Page, use map[string]bool) (*docextract.ReceiptData, map[string]float64) {
	return extractScored(pages, use)
}

func extractScored(pages []layout.Page, use map[string]bool) (*docextract.ReceiptData, map[string]float64) {
	d := &docextract.ReceiptData{DocType: string(docextract.Receipt), LineItems: []docextract.LineItem{}}
	conf := map[string]float64{}
	var lines []line
	for i := range pages {
		for _, l := range layout.Lines(&pages[i]) {
			lines = append(lines, newLine(l))
		}
	}
	if len(lines) == 0 {
		return d, conf
	}
	g := &d.General
	var nameEnd int
	var nameConf, dateConf, totalConf float64
	g.MerchantName, nameEnd, nameConf = merchant(lines)
	g.ReceiptDate, dateConf = date(lines)
	g.ReceiptTime = timeOf(lines)
	g.ReceiptNumber = receiptNumber(lines)
	g.Currency = currency(lines)
	total, totalLine, totalConf := total(lines)
	modelTotal := false
	if m := model(); m != nil && (use[fieldMerchant] || use[fieldDate] || use[fieldTotal]) {
		// The learned ranker decides the fields it beats the rules on
		// (useModel), with the rules' choice as one of its features.
		r := ruleChoice(lines, g.MerchantName, nameEnd, nameConf, g.ReceiptDate, dateConf, total, totalLine, totalConf)
		cands := candidates(lines, r)
		ruleNil := map[string]bool{fieldMerchant: r.name == nil, fieldDate: r.date == nil, fieldTotal: r.total == nil}
		pick := func(field string) (Candidate, float64, bool) {
			f := m.Fields[field]
			if !use[field] || f == nil || ruleNil[field] {
				// Where the rules found no value the model does not
				// answer alone: no guesses.
				return Candidate{}, 0, false
			}
			cs := cands[field]
			i, p := bestValue(f, cs)
			if i < 0 {
				return Candidate{}, 0, false
			}
			return cs[i], p, true
		}
		if c, p, ok := pick(fieldMerchant); ok {
			g.MerchantName, nameConf = docextract.Str(c.Value), p
			if c.line >= 0 {
				nameEnd = c.end
			}
		}
		if c, p, ok := pick(fieldDate); ok {
			g.ReceiptDate, dateConf = docextract.Str(c.Value), p
		}
		if c, p, ok := pick(fieldTotal); ok && c.amt != nil {
			total, totalLine, totalConf = amountPtr(*c.amt), c.line, p
			modelTotal = true
		}
	}
	if g.MerchantName != nil {
		g.MerchantAddress = address(lines, nameEnd)
	}
	g.TotalGrossPrice = total
	g.TotalTaxAmount = tax(lines, total)
	g.PaymentMethod = payment(lines)
	d.LineItems = items(lines, nameEnd, totalLine)

	// The items adding up to the total confirm both.
	itemsConf := evItemsLoose
	if total != nil && len(d.LineItems) > 0 {
		if itemsSum(d.LineItems).Equal(total.Dec()) {
			itemsConf = evItemsSum
			if !modelTotal {
				totalConf = max(totalConf, evTotalPaid*pageConf(lines))
			}
		}
	}
	put := func(name string, set bool, v float64) {
		if set {
			conf[name] = roundConf(v)
		}
	}
	pc := pageConf(lines)
	put("MerchantName", g.MerchantName != nil, nameConf)
	put("MerchantAddress", g.MerchantAddress != nil, evAddress*pc)
	put("ReceiptDate", g.ReceiptDate != nil, dateConf)
	put("ReceiptTime", g.ReceiptTime != nil, evOther*pc)
	put("ReceiptNumber", g.ReceiptNumber != nil, evOther*pc)
	put("Currency", g.Currency != nil, evCurrency*pc)
	put("TotalGrossPrice", total != nil, totalConf)
	put("TotalTaxAmount", g.TotalTaxAmount != nil, evOther*pc)
	put("PaymentMethod", g.PaymentMethod != nil, evOther*pc)
	put("lineItems", len(d.LineItems) > 0, itemsConf*pc)
	return d, conf
}

var (
	// "33, 92" and "39. 80": OCR splits an amount at the separator.
	splitAmountRE = regexp.MustCompile(`(\d)([.,]) (\d{2})\b`)
	// "33 .92": the same with the space before the separator.
	splitAmountBeforeRE = regexp.MustCompile(`(\d) ([.,])(\d{2})\b`)
	// currency prefixes glued to an amount: RM9.00, MYR9.00
	gluedCurRE = regexp.MustCompile(`(?i)^(rm|myr|eur|usd|gbp|chf)(-?\d)`)
	// the same code glued after the amount: 9.00RM
	gluedCurAfterRE = regexp.MustCompile(`(?i)(\d)(rm|myr|eur|usd|gbp|chf)$`)
	// an amount with a letter OCR reads for a look-alike digit ("12.5O",
	// "l2.50"): O or o for 0, I or l for 1; at least one real digit.
	slipAmountRE = regexp.MustCompile(`^-?[0-9OoIl]*[0-9][0-9OoIl]*[.,][0-9Oo]{2}$`)
)

func newLine(l layout.Line) line {
	text := fixCompanyForm(splitAmountBeforeRE.ReplaceAllString(splitAmountRE.ReplaceAllString(l.Text(), "$1$2$3"), "$1$2$3"))
	ln := line{text: text, fold: foldLabels(textparse.Fold(text)), toks: strings.Fields(text), h: l.H(),
		x0: l.X0, y0: l.Y0, x1: l.X1, y1: l.Y1, words: l.Words}
	var sum float64
	for _, w := range l.Words {
		sum += w.Conf
	}
	if len(l.Words) > 0 {
		ln.conf = sum / float64(len(l.Words))
	}
	for i, tok := range ln.toks {
		if a, ok := parseAmount(tok); ok {
			a.tok = i
			ln.amts = append(ln.amts, a)
		}
	}
	return ln
}

// parseAmount reads a token as a money amount with exactly two decimals,
// the way receipts print them ("9.00", "RM9.00", "12,50", "€3.10", "-0.02").
func parseAmount(tok string) (amount, bool) {
	tok = strings.Trim(tok, ":;|!\"'“”()[]{}")
	// OCR noise before the number: "—/18.00", "~0.02", "/18.00".
	tok = strings.TrimLeft(tok, "—–~/\\_=>»<«*#")
	// A label glued to its amount by a colon or an equals sign
	// ("TOTAL:12.50", "RM:9.00"): the amount is what follows it.
	if i := strings.LastIndexAny(tok, ":="); i > 0 && i < len(tok)-1 && strings.IndexFunc(tok[:i], unicode.IsLetter) >= 0 {
		tok = tok[i+1:]
	}
	// A mark after the amount ("12.50*", a taxed item; "12.50." a full
	// stop): not part of it.
	tok = strings.TrimRight(tok, "*#")
	if n := len(tok); n >= 5 && tok[n-1] == '.' && (tok[n-4] == '.' || tok[n-4] == ',') {
		tok = tok[:n-1]
	}
	var cur string
	if m := gluedCurRE.FindStringSubmatch(tok); m != nil {
		cur = currencyCode(m[1])
		tok = tok[len(m[1]):]
	} else if m := gluedCurAfterRE.FindStringSubmatch(tok); m != nil {
		cur = currencyCode(m[2])
		tok = tok[:len(tok)-len(m[2])]
	}
	if strings.ContainsAny(tok, "OoIl") && slipAmountRE.MatchString(tok) {
		tok = strings.NewReplacer("O", "0", "o", "0", "I", "1", "l", "1").Replace(tok)
	}
	if tok == "" || !strings.ContainsAny(tok, "0123456789") {
		return amount{}, false
	}
	m, err := textparse.ParseAmountSep(tok, 0)
	if err != nil || m.Decimals != 2 {
		return amount{}, false
	}
	if cur == "" {
		cur = m.Currency
		// A bare "$" is the dollar of a dozen countries (and the ringgit on
		// many Malaysian tills), "¥" the yen or the yuan: no currency.
		if up := strings.ToUpper(tok); cur == "USD" && !strings.Contains(up, "US") || cur == "JPY" && !strings.Contains(up, "JPY") {
			cur = ""
		}
	}
	return amount{v: m.Value, cur: cur}, true
}

// currencyCode maps a printed currency to ISO 4217, refusing the one- and
// two-letter abbreviations that OCR text makes too ambiguous on their own.
func currencyCode(s string) string {
	s = strings.Trim(s, ".:()")
	switch strings.ToLower(s) {
	case "r", "fr", "kr", "rs", "ft", "$", "¥", "￥":
		// too ambiguous on OCR text to decide the currency alone
		return ""
	}
	return textparse.NormalizeCurrency(s)
}

// has reports whether the folded text contains one of the phrases as whole
// words.
func has(fold string, phrases ...string) bool {
	for _, p := range phrases {
		i := 0
		for {
			j := strings.Index(fold[i:], p)
			if j < 0 {
				break
			}
			j += i
			end := j + len(p)
			if (j == 0 || !isWordByte(fold[j-1])) && (end == len(fold) || !isWordByte(fold[end])) {
				return true
			}
			i = j + 1
		}
	}
	return false
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b >= 0x80
}

func letters(s string) (n, upper, lower int) {
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
			if unicode.IsUpper(r) {
				upper++
			} else if unicode.IsLower(r) {
				lower++
			}
		}
	}
	return
}

func itemsSum(its []docextract.LineItem) decimal.Decimal {
	sum := decimal.Zero
	for _, it := range its {
		sum = sum.Add(it.ProductTotalPrice.Dec())
	}
	return sum
}

func amountPtr(v decimal.Decimal) *docextract.Amount { return docextract.NewAmount(v) }
