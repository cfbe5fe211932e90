package template

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/shopspring/decimal"
	"golang.org/x/text/unicode/norm"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/textparse"
)

// Prepare applies the template's options to text, as invoice2data does
// before matching and extracting: remove_whitespace, remove_accents,
// lowercase, then every replace in order.
func (t *Template) Prepare(text string) string {
	o := t.Options
	if o.RemoveWhitespace {
		text = reSpaces.ReplaceAllString(text, "")
	}
	if o.RemoveAccents {
		text = removeAccents(text)
	}
	if o.Lowercase {
		text = strings.ToLower(text)
	}
	for _, r := range t.replace {
		text = r.re.ReplaceAllString(text, r.repl)
	}
	return text
}

var reSpaces = regexp.MustCompile(` +`)

func removeAccents(s string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(s) {
		if r < 0x80 {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Date is a date value read by a template, as YYYY-MM-DD.
type Date string

// Result is what a template read: invoice2data's output dictionary. Values
// are string, decimal.Decimal (type float), int64 (type int), Date (type
// date), []any when a regex found several different values, and for lines
// []map[string]any.
type Result map[string]any

// Fields runs the template on text and returns invoice2data's output
// (issuer, currency, every field found, lines). It fails with
// ErrRequiredFields, naming the missing keys, when a required field was not
// found.
func (t *Template) Fields(text string) (Result, error) {
	s := t.Prepare(text)
	out := Result{"issuer": t.Issuer}
	for _, f := range t.fields {
		var v any
		switch f.parser {
		case "regex":
			v = t.regexField(f, s)
		case "static":
			v = f.value
		case "lines":
			if rows := t.parseLines(f.lines, s); len(rows) > 0 {
				v = rows
			}
		}
		if !empty(v) {
			out[f.name] = v
		}
	}
	if _, ok := out["currency"]; !ok {
		out["currency"] = t.Options.Currency
	}
	if t.lines != nil {
		if rows := t.parseLines(t.lines, s); len(rows) > 0 {
			out["lines"] = rows
		}
	}
	var missing []string
	for _, k := range t.RequiredFields {
		if _, ok := out[k]; !ok {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		return out, fmt.Errorf("%w: %s (template %s/%s)", ErrRequiredFields, strings.Join(missing, ", "), t.Group, t.Name)
	}
	return out, nil
}

func empty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	}
	return false
}

// regexField implements invoice2data's regex parser: findall over every
// regex (a regex with more than one capturing group fails the field), type
// coercion, then grouping or de-duplication; one value is returned alone.
func (t *Template) regexField(f field, s string) any {
	var found []string
	for _, re := range f.regexes {
		if re.NumSubexp() > 1 {
			return nil
		}
		for _, m := range re.FindAllStringSubmatch(s, -1) {
			found = append(found, m[len(m)-1])
		}
	}
	vals := make([]any, 0, len(found))
	for _, v := range found {
		if f.typ == "" {
			vals = append(vals, v)
			continue
		}
		c, err := t.coerce(v, f.typ)
		if err != nil {
			return nil
		}
		vals = append(vals, c)
	}
	if f.group != "" {
		var nz []any
		for _, v := range vals {
			if !zero(v) {
				nz = append(nz, v)
			}
		}
		if len(nz) == 0 {
			return nil
		}
		switch f.group {
		case "first":
			return nz[0]
		case "last":
			return nz[len(nz)-1]
		case "sum", "min", "max":
			return aggregate(f.group, nz)
		case "join":
			parts := make([]string, len(nz))
			for i, v := range nz {
				parts[i] = str(v)
			}
			return strings.Join(parts, " ")
		}
		return nil
	}
	// De-duplicate, keeping the first occurrence.
	var uniq []any
	seen := map[string]bool{}
	for _, v := range vals {
		k := fmt.Sprintf("%T:%s", v, str(v))
		if !seen[k] {
			seen[k] = true
			uniq = append(uniq, v)
		}
	}
	switch len(uniq) {
	case 0:
		return nil
	case 1:
		return uniq[0]
	}
	return uniq
}

func zero(v any) bool {
	switch x := v.(type) {
	case string:
		return x == ""
	case decimal.Decimal:
		return x.IsZero()
	case int64:
		return x == 0
	case Date:
		return x == ""
	}
	return v == nil
}

func aggregate(op string, vs []any) any {
	var ds []decimal.Decimal
	isInt := true
	for _, v := range vs {
		switch x := v.(type) {
		case decimal.Decimal:
			ds, isInt = append(ds, x), false
		case int64:
			ds = append(ds, decimal.NewFromInt(x))
		case Date:
			// Dates compare as strings; sum is meaningless.
			if op == "sum" {
				return nil
			}
			best := x
			for _, o := range vs {
				if d, ok := o.(Date); ok && ((op == "min" && d < best) || (op == "max" && d > best)) {
					best = d
				}
			}
			return best
		default:
			return nil
		}
	}
	r := ds[0]
	for _, d := range ds[1:] {
		switch op {
		case "sum":
			r = r.Add(d)
		case "min":
			r = decimal.Min(r, d)
		case "max":
			r = decimal.Max(r, d)
		}
	}
	if isInt {
		return r.IntPart()
	}
	return r
}

func str(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case decimal.Decimal:
		return x.String()
	case int64:
		return strconv.FormatInt(x, 10)
	case Date:
		return string(x)
	}
	return fmt.Sprint(v)
}

// coerce converts a matched string to an int, float or date.
func (t *Template) coerce(v, typ string) (any, error) {
	switch typ {
	case "int":
		if strings.TrimSpace(v) == "" {
			return int64(0), nil
		}
		d, err := t.parseNumber(v)
		if err != nil {
			return nil, err
		}
		return d.IntPart(), nil
	case "float":
		if strings.TrimSpace(v) == "" {
			return decimal.Zero, nil
		}
		return t.parseNumber(v)
	case "date":
		d, ok := t.parseDate(v)
		if !ok {
			return nil, fmt.Errorf("template: %q is not a date", v)
		}
		return d, nil
	}
	return nil, fmt.Errorf("template: unknown type %q", typ)
}

var errNumber = errors.New("template: not a number")

// parseNumber is invoice2data's parse_number: the decimal separator may
// occur once; '.', ',', apostrophes and whitespace are thousands separators.
func (t *Template) parseNumber(v string) (decimal.Decimal, error) {
	sep := t.Options.DecimalSeparator
	if sep == "" {
		sep = "."
	}
	if strings.Count(v, sep) > 1 {
		return decimal.Zero, errNumber
	}
	s := strings.ReplaceAll(v, sep, "|")
	s = strings.Map(func(r rune) rune {
		if r == '.' || r == ',' || r == '\'' || unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
	s = strings.ReplaceAll(s, "|", ".")
	// Python's float() also accepts a leading sign and surrounding blanks;
	// currency symbols are tolerated here as well.
	s = strings.Trim(s, "€$£")
	d, err := decimal.NewFromString(s)
	if err != nil {
		return decimal.Zero, errNumber
	}
	return d, nil
}

// parseDate tries the template's date_formats, then free parsing in the
// day/month order of its languages (month first only for English or no
// language, as dateparser does).
func (t *Template) parseDate(v string) (Date, bool) {
	v = strings.TrimSpace(v)
	for _, f := range t.Options.DateFormats {
		if d, ok := strptime(v, f); ok {
			return Date(d), true
		}
	}
	order := textparse.MDY
	for _, l := range t.Options.Languages {
		if l != "en" {
			order = textparse.DMY
			break
		}
	}
	d, ok := textparse.ParseDate(v, order)
	return Date(d), ok
}

// strptime matches v against a Python strftime format and returns the date
// as YYYY-MM-DD. Month names are read in every language textparse knows.
func strptime(v, format string) (string, bool) {
	var pat strings.Builder
	var order []byte
	pat.WriteString(`^\s*`)
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' || i+1 == len(format) {
			pat.WriteString(regexp.QuoteMeta(string(c)))
			continue
		}
		i++
		if format[i] == '-' && i+1 < len(format) { // %-d (glibc)
			i++
		}
		switch format[i] {
		case 'd', 'm', 'H', 'M', 'S', 'I':
			pat.WriteString(`(\d{1,2})`)
		case 'Y':
			pat.WriteString(`(\d{4})`)
		case 'y':
			pat.WriteString(`(\d{2})`)
		case 'B', 'b', 'h':
			pat.WriteString(`([^\s\d.,/-]+)\.?`)
		case 'A', 'a', 'p', 'Z', 'z':
			pat.WriteString(`(\S+)`)
		case 'j':
			pat.WriteString(`(\d{1,3})`)
		case '%':
			pat.WriteString(`(%)`)
		default:
			return "", false
		}
		order = append(order, format[i])
	}
	pat.WriteString(`\s*$`)
	re, err := regexp.Compile(pat.String())
	if err != nil {
		return "", false
	}
	m := re.FindStringSubmatch(v)
	if m == nil {
		return "", false
	}
	y, mo, d := 0, 0, 1
	for i, c := range order {
		s := m[i+1]
		n, _ := strconv.Atoi(s)
		switch c {
		case 'd':
			d = n
		case 'm':
			mo = n
		case 'Y':
			y = n
		case 'y':
			y = 2000 + n
			if n >= 69 {
				y = 1900 + n
			}
		case 'B', 'b', 'h':
			mo = textparse.MonthNumber(s)
		}
	}
	if y == 0 || mo == 0 {
		return "", false
	}
	return textparse.ParseDate(fmt.Sprintf("%04d-%02d-%02d", y, mo, d), textparse.DMY)
}

// parseLines implements invoice2data's lines parser: every block between
// start and end (only the first for the legacy plugin), rows started by
// first_line, extended by line, closed by last_line, skip_line ignored.
func (t *Template) parseLines(ls *linesSpec, s string) []map[string]any {
	var rows []map[string]string
	for {
		st := ls.start.FindStringIndex(s)
		if st == nil {
			break
		}
		s = s[st[1]:]
		en := ls.end.FindStringIndex(s)
		if en == nil {
			break
		}
		rows = append(rows, ls.block(s[:en[0]])...)
		s = s[en[1]:]
		if ls.plugin || (st[1] == 0 && en[1] == 0) {
			break
		}
	}
	out := make([]map[string]any, 0, len(rows))
	for _, r := range rows {
		m := map[string]any{}
		for k, v := range r {
			if typ, ok := ls.types[k]; ok {
				c, err := t.coerce(v, typ)
				if err != nil {
					continue
				}
				m[k] = c
			} else {
				m[k] = v
			}
		}
		out = append(out, m)
	}
	return out
}

func search(res []*regexp.Regexp, s string) (map[string]string, bool) {
	for _, re := range res {
		m := re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		g := map[string]string{}
		for i, n := range re.SubexpNames() {
			if n != "" {
				g[n] = strings.TrimSpace(m[i])
			}
		}
		return g, true
	}
	return nil, false
}

func (ls *linesSpec) block(content string) []map[string]string {
	var rows []map[string]string
	var cur map[string]string
	found := false
	appendRow := func(g map[string]string) {
		if cur == nil {
			cur = map[string]string{}
		}
		for k, v := range g {
			if cur[k] != "" {
				cur[k] += "\n" + v
			} else {
				cur[k] = v
			}
		}
	}
	for _, line := range ls.sep.Split(content, -1) {
		if strings.TrimSpace(line) == "" {
			continue
		}
		if len(ls.first) > 0 {
			if g, ok := search(ls.first, line); ok {
				if len(cur) > 0 {
					rows = append(rows, cur)
				}
				cur = g
				found = true
				continue
			}
		}
		if !found {
			continue
		}
		if len(ls.last) > 0 {
			if g, ok := search(ls.last, line); ok {
				appendRow(g)
				if len(cur) > 0 {
					rows = append(rows, cur)
				}
				cur, found = nil, false
				continue
			}
		}
		if _, ok := search(ls.skip, line); ok {
			continue
		}
		if g, ok := search(ls.line, line); ok {
			appendRow(g)
		}
	}
	if len(cur) > 0 {
		rows = append(rows, cur)
	}
	return rows
}

// Extract runs the template on text and maps invoice2data's canonical field
// names onto the invoice schema: invoice_number, date, date_due, amount
// (gross), amount_untaxed, amount_tax, amount_due, currency, issuer (seller),
// vat, partner_name, iban, payment_reference, and lines with description,
// qty, price_unit, price_subtotal, tax/vat_rate and uom.
func (t *Template) Extract(text string) (*docextract.InvoiceData, error) {
	r, err := t.Fields(text)
	if err != nil {
		return nil, err
	}
	d := &docextract.InvoiceData{DocType: string(docextract.Invoice), LineItems: []docextract.LineItem{}, Taxes: []docextract.TaxBreakdown{}}
	g := &d.General
	sv := func(keys ...string) *string {
		for _, k := range keys {
			if v, ok := r[k]; ok {
				return docextract.Str(strings.TrimSpace(str(first(v))))
			}
		}
		return nil
	}
	av := func(keys ...string) *docextract.Amount { return t.amount(r, keys...) }
	g.InvoiceNumber = sv("invoice_number")
	g.InvoiceDate = sv("date", "invoice_date")
	g.DueDate = sv("date_due", "due_date")
	g.SellerName = sv("seller_name", "supplier", "issuer")
	g.SellerVATId = sv("vat", "vat_number", "seller_vat", "vat_id")
	g.BuyerName = sv("partner_name", "buyer", "buyer_name", "customer")
	if g.IBAN = sv("iban"); g.IBAN != nil && textparse.ValidIBAN(*g.IBAN) {
		g.IBAN = docextract.Str(textparse.NormalizeIBAN(*g.IBAN))
	}
	g.PaymentReference = sv("payment_reference", "reference")
	if c := sv("currency"); c != nil {
		if iso := textparse.NormalizeCurrency(*c); iso != "" {
			c = &iso
		}
		g.Currency = c
	}
	g.TotalGrossPrice = av("amount", "amount_total", "total")
	g.TotalNetPrice = av("amount_untaxed", "amount_net", "subtotal")
	g.TotalTaxAmount = av("amount_tax", "tax_amount", "vat_amount")
	g.AmountDue = av("amount_due")
	if g.InvoiceDate != nil {
		g.InvoiceDate = t.isoDate(*g.InvoiceDate)
	}
	if g.DueDate != nil {
		g.DueDate = t.isoDate(*g.DueDate)
	}
	rows, _ := r["lines"].([]map[string]any)
	for _, row := range rows {
		li := docextract.LineItem{}
		rv := Result(row)
		for _, k := range []string{"description", "name", "product", "item"} {
			if v, ok := row[k]; ok {
				li.ProductName = docextract.Str(strings.Join(strings.Fields(str(v)), " "))
				break
			}
		}
		li.ProductQuantity = t.amount(rv, "qty", "quantity")
		li.ProductUnitPrice = t.amount(rv, "price_unit", "unit_price", "price")
		li.ProductTotalPrice = t.amount(rv, "price_subtotal", "line_total", "subtotal", "amount", "total")
		li.TaxRate = t.amount(rv, "tax", "vat_rate", "tax_rate", "vat")
		if v, ok := row["uom"]; ok {
			li.Unit = docextract.Str(str(v))
		} else if v, ok := row["unit"]; ok {
			li.Unit = docextract.Str(str(v))
		}
		d.LineItems = append(d.LineItems, li)
	}
	return d, nil
}

func first(v any) any {
	if l, ok := v.([]any); ok && len(l) > 0 {
		return l[0]
	}
	return v
}

func (t *Template) amount(r Result, keys ...string) *docextract.Amount {
	for _, k := range keys {
		v, ok := r[k]
		if !ok {
			continue
		}
		switch x := first(v).(type) {
		case decimal.Decimal:
			return docextract.NewAmount(x)
		case int64:
			return docextract.NewAmount(decimal.NewFromInt(x))
		case string:
			s := strings.TrimSuffix(strings.TrimSpace(x), "%")
			if d, err := t.parseNumber(s); err == nil {
				return docextract.NewAmount(d)
			}
		}
	}
	return nil
}

func (t *Template) isoDate(s string) *string {
	if d, ok := t.parseDate(s); ok {
		return docextract.Str(string(d))
	}
	return nil
}
