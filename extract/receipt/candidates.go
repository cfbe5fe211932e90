package receipt

import (
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/docextract/docextract/extract/textparse"
	"github.com/shopspring/decimal"
)

// The fields the learned ranker (extract/rank, model.json) chooses among
// candidates, named as in the result's "general" object.
const (
	fieldMerchant = "MerchantName"
	fieldDate     = "ReceiptDate"
	fieldTotal    = "TotalGrossPrice"
)

// Feature names per field, in the order of a candidate's feature vector.
// The embedded model must name exactly these (TestModelMatchesCode).
var (
	totalFeatures = []string{
		"none", "rule", "rule_conf", "rule_line",
		"label_final", "label_strong", "label_word", "label_above", "label_fuzzy",
		"not_total", "subtotal", "tax", "change", "cash", "rounding", "discount", "incl", "summary", "percent",
		"last_on_line", "only_amount", "x_right", "height", "pos", "after_total_word",
		"largest", "value_rel", "log_value", "repeats",
		"eq_paid", "eq_cash", "in_sums", "eq_items", "sum_of_two", "rounded5", "round_of_other", "rounded_later",
		"currency", "conf", "zero", "synthetic", "one_decimal", "computed",
	}
	dateFeatures = []string{
		"none", "rule", "rule_conf", "label", "label_above", "time", "first", "pos", "repeats", "count_dates",
		"numeric", "year_2digit", "year_ok", "slip", "due_label", "amount_line", "conf", "synthetic",
	}
	merchantFeatures = []string{
		"none", "rule", "rule_conf", "plausible", "plausible_next", "company", "company_end", "only_form", "only_form_next", "address", "address_next",
		"not_name", "idx", "first_plausible", "nth_plausible", "upper", "digits", "letters", "height", "center",
		"conf", "span", "amp_end", "amount", "phone", "reg_tail", "lower_start", "short", "title", "synthetic",
	}
	// FeatureNames names the features the ranker sees per field, for
	// training (see Candidates) and for checking a model against the code.
	FeatureNames = map[string][]string{fieldTotal: totalFeatures, fieldDate: dateFeatures, fieldMerchant: merchantFeatures}
)

// Candidate is one possible value of a field with its features (in the
// order of FeatureNames[field]).
type Candidate struct {
	Value string
	Feats []float64
	// None marks the last candidate of every field: "none of the others
	// is right" (the value was not read, or misread), feature "none" alone.
	// Its probability keeps the others' from reaching 1 just because they
	// are few.
	None bool
	// line is the candidate's first line; end the line after it.
	line, end int
	amt       *decimal.Decimal
}

// vec fills a feature vector by name.
type vec struct {
	idx map[string]int
	x   []float64
}

var featIndex = map[string]map[string]int{}

func init() {
	for f, names := range FeatureNames {
		m := map[string]int{}
		for i, n := range names {
			if _, dup := m[n]; dup {
				panic("receipt: feature " + n + " twice in " + f)
			}
			m[n] = i
		}
		featIndex[f] = m
	}
}

func newVec(field string) vec {
	return vec{idx: featIndex[field], x: make([]float64, len(FeatureNames[field]))}
}

func (v vec) set(name string, x float64) {
	i, ok := v.idx[name]
	if !ok {
		panic("receipt: unknown feature " + name)
	}
	v.x[i] = x
}

func (v vec) flag(name string, b bool) {
	if b {
		v.set(name, 1)
	}
}

// rules holds what the hand-written rules chose; the ranker sees it as
// evidence.
type rules struct {
	name      *string
	nameEnd   int
	date      *string
	total     *decimal.Decimal
	totalLine int
	itemsSum  *decimal.Decimal
	// the rules' own evidence scores (see Scores)
	nameConf, dateConf, totalConf float64
}

// geometry of the receipt's lines.
type geom struct {
	width, medH float64
}

func geometry(lines []line) geom {
	var g geom
	var hs []float64
	for _, l := range lines {
		g.width = math.Max(g.width, l.x1)
		if l.h > 0 {
			hs = append(hs, l.h)
		}
	}
	if len(hs) > 0 {
		sort.Float64s(hs)
		g.medH = hs[len(hs)/2]
	}
	return g
}

func (g geom) relH(l line) float64 {
	if g.medH <= 0 || l.h <= 0 {
		return 1
	}
	return math.Min(3, l.h/g.medH)
}

func conf01(l line) float64 {
	if l.conf <= 0 {
		return 1
	}
	return math.Min(1, l.conf/100)
}

// candidates returns the candidates of each ranked field of a receipt's
// lines with their features: every amount for the total, every date for
// the date, the top lines and pairs of lines for the merchant; the rules'
// own choice is among them (feature "rule"). For training (`docextract
// train`) and for Extract.
func candidates(lines []line, r rules) map[string][]Candidate {
	g := geometry(lines)
	out := map[string][]Candidate{
		fieldTotal:    totalCandidates(lines, r, g),
		fieldDate:     dateCandidates(lines, r),
		fieldMerchant: merchantCandidates(lines, r, g),
	}
	for f, cs := range out {
		x := newVec(f)
		x.set("none", 1)
		out[f] = append(cs, Candidate{Feats: x.x, None: true, line: -1, end: -1})
	}
	return out
}

var (
	changeWords = []string{"change", "change due", "ruckgeld", "wechselgeld", "rendu", "monnaie", "wisselgeld", "cambio", "resto", "vuelto"}
	cashWords   = []string{"cash", "tendered", "bar", "gegeben", "especes", "contant", "efectivo", "contanti", "payment", "paid"}
	discWords   = []string{"discount", "disc", "rabatt", "remise", "korting", "descuento", "sconto"}
	inclWords   = []string{"incl", "inclusive", "includes", "inkl", "ttc"}
)

// labelPrio is the total label strength of a folded line (see total).
func labelPrio(f string) int {
	switch {
	case has(f, finalLabels...):
		return 3
	case has(f, strongLabels...):
		return 2
	case has(f, totalWords...):
		return 1
	}
	return 0
}

// fuzzyTotal reports a word two edits or less from "total" that is not
// "total" itself (OCR: "TOTA1", "T0TAL", "IOTAL").
func fuzzyTotal(f string) bool {
	for _, w := range strings.Fields(f) {
		w = strings.Trim(w, ".:;()[]*#")
		if len(w) >= 4 && len(w) <= 6 && w != "total" && editDistance(w, "total") <= 2 && editDistance(w, "total") > 0 && !realWords[w] {
			return true
		}
	}
	return false
}

func totalCandidates(lines []line, r rules, g geom) []Candidate {
	var out []Candidate
	var maxV decimal.Decimal
	count := map[string]int{}
	firstTotal := len(lines)
	summaryAt := len(lines)
	var cash, change *decimal.Decimal
	for i, l := range lines {
		for _, a := range l.amts {
			if a.v.GreaterThan(maxV) {
				maxV = a.v
			}
			count[a.v.String()]++
		}
		if firstTotal == len(lines) && has(l.fold, totalWords...) {
			firstTotal = i
		}
		if summaryAt == len(lines) && isSummary(l.fold) {
			summaryAt = i
		}
		if a := lineAmount(lines, i); a != nil {
			switch {
			case change == nil && has(l.fold, changeWords...):
				v := a.Abs()
				change = &v
			case cash == nil && has(l.fold, cashWords...):
				v := a.Abs()
				cash = &v
			}
		}
	}
	var paid *decimal.Decimal
	if cash != nil {
		p := *cash
		if change != nil && change.LessThan(p) {
			p = p.Sub(*change)
		}
		paid = &p
	}
	sums, subLine := sumChecks(lines)
	// the lines each printed amount is on, by value
	at := map[string][]int{}
	for i, l := range lines {
		for _, a := range l.amts {
			k := a.v.StringFixed(2)
			if n := len(at[k]); n == 0 || at[k][n-1] != i {
				at[k] = append(at[k], i)
			}
		}
	}
	// the label flags of each line, computed once
	labels := make([]*lineLabels, len(lines))
	labelsOf := func(i int) *lineLabels {
		if labels[i] == nil {
			labels[i] = labelFlags(lines, i)
		}
		return labels[i]
	}
	feats := func(v decimal.Decimal, i, k int, synthetic bool, kind string) []float64 {
		x := newVec(fieldTotal)
		x.flag("one_decimal", kind == "one_decimal")
		x.flag("computed", kind == "computed")
		l := lines[i]
		if r.total != nil && v.Equal(*r.total) {
			x.set("rule", 1)
			x.set("rule_conf", r.totalConf)
		}
		x.flag("synthetic", synthetic)
		x.set("repeats", math.Max(0, math.Min(3, float64(count[v.String()]-1))/3))
		x.flag("eq_paid", paid != nil && v.Equal(*paid) && !v.IsZero())
		x.flag("in_sums", slices.ContainsFunc(sums, func(s decimal.Decimal) bool { return s.Equal(v) }))
		x.flag("eq_items", r.itemsSum != nil && v.Equal(*r.itemsSum) && !v.IsZero())
		x.flag("rounded5", isRounded5(v))
		x.flag("zero", v.IsZero())
		x.flag("sum_of_two", sumOfTwo(lines, at, v, i))
		if maxV.IsPositive() {
			rel, _ := v.Div(maxV).Float64()
			x.set("value_rel", math.Max(-1, math.Min(1, rel)))
		}
		fv, _ := v.Abs().Float64()
		x.set("log_value", math.Log10(1+fv)/4)
		if isRounded5(v) {
			for _, o := range lines {
				for _, a := range o.amts {
					if !isRounded5(a.v) && a.v.Sub(v).Abs().LessThan(fiveCents) {
						x.set("round_of_other", 1)
					}
				}
			}
		}
		if synthetic {
			// Not printed (cash minus change, a rounding applied): the
			// line's labels and place are not its own.
			return x.x
		}
		x.flag("rule_line", r.total != nil && v.Equal(*r.total) && i == r.totalLine)
		if _, ok := roundedAfter(lines, i, v); ok {
			x.set("rounded_later", 1)
		}
		n, _, _ := letters(l.text)
		lb := labelsOf(i)
		x.flag("label_above", lb.above)
		switch lb.prio {
		case 3:
			x.set("label_final", 1)
		case 2:
			x.set("label_strong", 1)
		case 1:
			x.set("label_word", 1)
		}
		x.flag("label_fuzzy", lb.fuzzy)
		x.flag("not_total", lb.notTotal)
		x.flag("subtotal", lb.subtotal)
		x.flag("tax", lb.tax)
		x.flag("change", lb.change)
		x.flag("cash", lb.cash)
		x.flag("rounding", lb.rounding)
		x.flag("discount", lb.discount)
		x.flag("incl", lb.incl)
		x.flag("summary", i > summaryAt)
		x.flag("percent", strings.Contains(l.text, "%"))
		x.flag("last_on_line", k == len(l.amts)-1)
		x.flag("only_amount", n <= 3)
		if g.width > 0 {
			x.set("x_right", l.x1/g.width)
		}
		x.set("height", g.relH(l))
		x.set("pos", float64(i)/float64(max(1, len(lines)-1)))
		x.flag("after_total_word", i >= firstTotal)
		x.flag("largest", v.Equal(maxV) && maxV.IsPositive())
		x.flag("eq_cash", cash != nil && v.Equal(*cash))
		if k >= 0 && k < len(l.amts) {
			x.flag("currency", l.amts[k].cur != "")
		}
		x.set("conf", conf01(l))
		return x.x
	}
	seenRule := false
	for i, l := range lines {
		for k, a := range l.amts {
			if a.v.IsNegative() {
				continue
			}
			v := a.v
			out = append(out, Candidate{Value: v.StringFixed(2), Feats: feats(v, i, k, false, ""), line: i, end: i + 1, amt: &v})
			if r.total != nil && v.Equal(*r.total) {
				seenRule = true
			}
		}
	}
	// Amounts OCR read with one decimal ("NET TOTAL 174,9", "RM 141.5"):
	// the last number of a total-labelled line, read with its last
	// decimal lost.
	for i, l := range lines {
		if labelPrio(l.fold) == 0 || len(l.toks) == 0 {
			continue
		}
		t := strings.Trim(l.toks[len(l.toks)-1], ":;|!\"'()[]{}")
		m, err := textparse.ParseAmountSep(t, 0)
		if err != nil || m.Decimals != 1 || !m.Value.IsPositive() {
			continue
		}
		v := m.Value
		out = append(out, Candidate{Value: v.StringFixed(2), Feats: feats(v, i, -1, false, "one_decimal"), line: i, end: i + 1, amt: &v})
	}
	// The receipt's own sums (subtotal + tax + service + rounding), printed
	// or not.
	for _, v := range sums {
		if !v.IsPositive() || slices.ContainsFunc(out, func(c Candidate) bool { return c.amt != nil && c.amt.Equal(v) }) {
			continue
		}
		i := len(lines) - 1
		if subLine >= 0 {
			i = subLine
		}
		out = append(out, Candidate{Value: v.StringFixed(2), Feats: feats(v, i, -1, true, "computed"), line: i, end: i + 1, amt: &v})
	}
	if r.total != nil && !seenRule {
		// The rules' total printed nowhere (cash minus change, a rounding
		// applied): a candidate of its own.
		i := max(0, min(r.totalLine, len(lines)-1))
		v := *r.total
		out = append(out, Candidate{Value: v.StringFixed(2), Feats: feats(v, i, -1, true, ""), line: i, end: i + 1, amt: &v})
	}
	return out
}

var dueWords = []string{"due", "expiry", "exp", "expires", "valid", "until", "bis", "echeance", "vervaldatum", "vencimiento", "scadenza", "faellig", "fallig"}

func dateCandidates(lines []line, r rules) []Candidate {
	type found struct {
		iso   string
		line  int
		first bool
		x     vec
	}
	var fs []found
	count := map[string]int{}
	clean := cleanDateToks
	// The repaired dates of looseDateToks only when no line has a date as
	// printed, as in the rules.
	if !slices.ContainsFunc(lines, func(l line) bool { return len(textparse.FindDates(cleanDateToks(l.toks), textparse.DMY)) > 0 }) {
		clean = looseDateToks
	}
	for i, l := range lines {
		raw := l.toks
		toks := clean(raw)
		for _, m := range textparse.FindDates(toks, textparse.DMY) {
			x := newVec(fieldDate)
			x.flag("label", has(l.fold, dateLabels...))
			if i > 0 && len(textparse.FindDates(cleanDateToks(lines[i-1].toks), textparse.DMY)) == 0 && has(lines[i-1].fold, dateLabels...) {
				x.set("label_above", 1)
			}
			x.flag("time", hasTime(l.text))
			x.set("pos", float64(i)/float64(max(1, len(lines)-1)))
			numeric := true
			slip := false
			y2 := false
			for t := m.Start; t < m.End; t++ {
				if n, _, _ := letters(toks[t]); n > 0 {
					numeric = false
				}
				if t < len(raw) && strings.Trim(raw[t], "|:;,()[]'\"“”") != toks[t] && !strings.Contains(raw[t], ":") {
					slip = true
				}
			}
			if m.End-m.Start == 1 {
				parts := strings.FieldsFunc(toks[m.Start], func(r rune) bool { return r == '/' || r == '-' || r == '.' })
				if len(parts) == 3 && len(parts[2]) == 2 && len(parts[0]) <= 2 {
					y2 = true
				}
			}
			x.flag("numeric", numeric)
			x.flag("year_2digit", y2)
			if y, err := strconv.Atoi(m.ISO[:4]); err == nil {
				x.flag("year_ok", y >= 2000 && y <= 2035)
			}
			x.flag("slip", slip)
			x.flag("due_label", has(l.fold, dueWords...))
			x.flag("amount_line", len(l.amts) > 0)
			x.set("conf", conf01(l))
			if r.date != nil && *r.date == m.ISO {
				x.set("rule", 1)
				x.set("rule_conf", r.dateConf)
			}
			fs = append(fs, found{iso: m.ISO, line: i, first: len(fs) == 0, x: x})
			count[m.ISO]++
		}
	}
	out := make([]Candidate, 0, len(fs)+1)
	seenRule := false
	for _, f := range fs {
		f.x.flag("first", f.first)
		f.x.set("repeats", math.Min(3, float64(count[f.iso]-1))/3)
		f.x.set("count_dates", math.Min(5, float64(len(count)))/5)
		out = append(out, Candidate{Value: f.iso, Feats: f.x.x, line: f.line, end: f.line + 1})
		if r.date != nil && *r.date == f.iso {
			seenRule = true
		}
	}
	if r.date != nil && !seenRule {
		x := newVec(fieldDate)
		x.set("rule", 1)
		x.set("rule_conf", r.dateConf)
		x.set("synthetic", 1)
		out = append(out, Candidate{Value: *r.date, Feats: x.x, line: -1, end: -1})
	}
	return out
}

// merchantTop is how many top lines hold merchant candidates.
const merchantTop = 12

func merchantCandidates(lines []line, r rules, g geom) []Candidate {
	top := min(len(lines), merchantTop)
	en := english(lines)
	clean := make([]line, top)
	plaus := make([]bool, top)
	nth := make([]int, top)
	firstPlausible := -1
	seen := 0
	for i := range top {
		clean[i] = withoutReg(lines[i])
		plaus[i] = plausibleName(clean[i]) && !isAddress(clean[i])
		if plaus[i] {
			seen++
			if firstPlausible < 0 {
				firstPlausible = i
			}
		}
		nth[i] = seen
	}
	var out []Candidate
	seenRule := false
	add := func(i, n int) {
		parts := make([]string, 0, n)
		for j := i; j < i+n; j++ {
			parts = append(parts, trimJunk(clean[j].text))
		}
		text := strings.TrimSpace(fixName(strings.Join(parts, " "), en))
		if text == "" {
			return
		}
		x := newVec(fieldMerchant)
		l := clean[i]
		if r.name != nil && strings.EqualFold(*r.name, text) {
			x.set("rule", 1)
			x.set("rule_conf", r.nameConf)
		}
		x.flag("plausible", plaus[i])
		fold := textparse.Fold(text)
		x.flag("company", has(fold, companyWords...))
		x.flag("company_end", companyEndRE.MatchString(fold))
		x.flag("only_form", onlyForm(l.fold))
		x.flag("address", isAddress(l))
		x.flag("not_name", has(l.fold, notNameWords...))
		x.set("idx", float64(i)/merchantTop)
		x.flag("first_plausible", i == firstPlausible)
		x.set("nth_plausible", math.Min(4, float64(nth[i]))/4)
		nl, up, _ := letters(text)
		if nl > 0 {
			x.set("upper", float64(up)/float64(nl))
		}
		digits := 0
		for _, c := range text {
			if c >= '0' && c <= '9' {
				digits++
			}
		}
		x.set("digits", float64(digits)/float64(max(1, len([]rune(text)))))
		x.set("letters", math.Min(40, float64(nl))/40)
		h := g.relH(l)
		if n == 2 {
			h = math.Max(h, g.relH(clean[i+1]))
		}
		x.set("height", h)
		if g.width > 0 {
			x.set("center", math.Abs((l.x0+l.x1)/2-g.width/2)/g.width)
		}
		x.set("conf", conf01(l))
		x.flag("amp_end", strings.HasSuffix(trimJunk(l.text), "&") || strings.HasSuffix(trimJunk(l.text), "-"))
		x.flag("amount", len(l.amts) > 0)
		x.flag("phone", phoneRE.MatchString(l.text))
		x.flag("reg_tail", clean[i].text != lines[i].text)
		if rs := []rune(text); len(rs) > 0 {
			x.flag("lower_start", rs[0] >= 'a' && rs[0] <= 'z')
		}
		x.flag("short", nl < 4)
		x.flag("title", has(l.fold, "receipt", "tax invoice", "invoice", "cash bill", "official receipt", "simplified"))
		if n == 2 {
			nx := clean[i+1]
			x.set("span", 1)
			x.flag("plausible_next", plaus[i+1])
			x.flag("only_form_next", onlyForm(nx.fold) || isCompanyForm(nx.fold))
			x.flag("address_next", isAddress(nx))
		} else if i+1 < len(lines) {
			x.flag("address_next", isAddress(withoutReg(lines[i+1])))
		}
		if r.name != nil && strings.EqualFold(*r.name, text) {
			seenRule = true
		}
		out = append(out, Candidate{Value: text, Feats: x.x, line: i, end: i + n})
	}
	for i := range top {
		add(i, 1)
		if i+1 < top {
			add(i, 2)
		}
	}
	if r.name != nil && !seenRule {
		x := newVec(fieldMerchant)
		x.set("rule", 1)
		x.set("rule_conf", r.nameConf)
		x.set("synthetic", 1)
		out = append(out, Candidate{Value: *r.name, Feats: x.x, line: -1, end: r.nameEnd})
	}
	return out
}

// companyEndRE: a name ending in a company form.
var companyEndRE = regexp.MustCompile(`\b(sdn\.? ?bhd\.?|bhd\.?|s/b|gmbh|ag|kg|ltd\.?|limited|llc|inc\.?|plc|pte\.? ltd\.?|sarl|sas|srl|spa|bv|nv|enterprise|trading)\)?$`)

// sumOfTwo reports whether v is the sum of two positive amounts printed on
// two other lines (a subtotal and its tax, say, whatever their labels);
// at gives the lines of each printed amount by value (StringFixed(2)).
func sumOfTwo(lines []line, at map[string][]int, v decimal.Decimal, self int) bool {
	if !v.IsPositive() {
		return false
	}
	for i, l := range lines {
		if i == self {
			continue
		}
		for _, x := range l.amts {
			if !x.v.IsPositive() || !x.v.LessThan(v) {
				continue
			}
			rest := v.Sub(x.v)
			if rest.GreaterThan(x.v) {
				// each pair once: the larger part first
				continue
			}
			for _, j := range at[rest.StringFixed(2)] {
				if j != self && j != i {
					return true
				}
			}
		}
	}
	return false
}

var fiveCents = decimal.RequireFromString("0.05")

// lineLabels are the label flags of an amount's line: its own labels, or
// those of the line above or below when the amount stands alone (a column
// of its own).
type lineLabels struct {
	prio                                                                          int
	above, fuzzy, notTotal, subtotal, tax, change, cash, rounding, discount, incl bool
}

func labelFlags(lines []line, i int) *lineLabels {
	l := lines[i]
	lb := &lineLabels{}
	n, _, _ := letters(l.text)
	lf := l.fold
	if n <= 3 && len(l.amts) == 1 {
		for _, j := range []int{i - 1, i + 1} {
			if j >= 0 && j < len(lines) && len(lines[j].amts) == 0 && labelPrio(lines[j].fold) > 0 {
				lf = lines[j].fold
				lb.above = true
				break
			}
		}
	}
	lb.prio = labelPrio(lf)
	lb.fuzzy = fuzzyTotal(lf)
	lb.notTotal = has(lf, notTotal...) && !has(lf, "incl", "inclusive", "includes", "inkl", "ttc", "rounded", "grand total", "nett total")
	lb.subtotal = has(lf, subtotalLabels...)
	lb.tax = has(lf, taxLabels...)
	lb.change = has(lf, changeWords...)
	lb.cash = has(lf, cashWords...)
	lb.rounding = has(lf, roundingLabels...) || has(lf, "rounded", "round")
	lb.discount = has(lf, discWords...)
	lb.incl = has(lf, inclWords...)
	return lb
}
