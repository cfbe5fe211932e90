package invoice

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/internal/testdocs"
)

// The seeded combinatorial invoice generator: from an integer seed
// (math/rand/v2, PCG) it composes an invoice by drawing every trait on its
// own: the seller's country and the document's language (an English
// invoice from a Dutch company too), the label phrase of each field from
// its language's variants (randgen_vocab_test.go), how each block sets its
// labels and values (after a colon, across a wide gap, the value under its
// label, a grid of titles over values, a ruled key-value box; the totals
// also as a row of titles over their amounts), the number format (1.234,56
// 1,234.56 1 234,56 1'234.56, no grouping), where the currency is printed
// (symbol or ISO code before or after every amount, only in the column
// titles, only once in the totals, nowhere but the IBAN's country), the
// date format (03.08.2024, 2024-08-03, 03/08/2024 or 08/03/2024 with a day
// over 12 or a US document, 3 Aug 2024, August 3, 2024, "3. August 2024",
// 03-Aug-24, ...), the item table (column order and titles, 1-12 items,
// descriptions over two lines, article-number, unit and VAT% columns,
// section titles and subtotals, notes, "incl." rows, a shipping item, the
// table continued on page 2 after a carried subtotal), the taxes (one
// rate, two rates, zero-rated with a reverse-charge note, US sales tax) and
// distractor amounts and dates (an amount already paid and the balance
// due, a previous-balance box, a total quantity, a discount before the
// net, delivery and order dates, "2 % Skonto bis <date>", a footer with
// the bank and register numbers). The truth is computed from what was
// drawn. Each invoice is drawn with plain fpdf or with testdocs.Produced
// (word objects out of reading order, jittered, some kerned or glyph by
// glyph).

// rgTruth is what must be read from a generated invoice; "" is not
// scored.
type rgTruth struct {
	number, date, due, seller, buyer, cur, iban string
	net, tax, gross, amountDue                  string
	lines                                       []decimal.Decimal
}

type rgInvoice struct {
	seed  uint64
	desc  string // the main draws, shown with a miss
	truth rgTruth
	pdf   []byte
}

// rgCanvas is what the generator draws with: testdocs.Produced, or plain
// fpdf through rgPlain.
type rgCanvas interface {
	Font(bold bool, size float64)
	Text(x, top float64, s string)
	Right(xr, top float64, s string)
	Width(s string) float64
	Line(x0, x1, y float64)
	AddPage()
	Bytes() ([]byte, error)
}

// rgPlain draws with fpdf in reading order, each cell one text object.
type rgPlain struct {
	pdf  *fpdf.Fpdf
	tr   func(string) string
	size float64
	bold bool
}

func newRGPlain() *rgPlain {
	p := fpdf.New("P", "pt", "A4", "")
	p.SetCreationDate(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	p.SetModificationDate(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	p.SetAutoPageBreak(false, 0)
	return &rgPlain{pdf: p, tr: p.UnicodeTranslatorFromDescriptor(""), size: 9}
}

func (c *rgPlain) Font(bold bool, size float64) {
	c.bold, c.size = bold, size
	style := ""
	if bold {
		style = "B"
	}
	c.pdf.SetFont("Helvetica", style, size)
}
func (c *rgPlain) Text(x, top float64, s string) { c.pdf.Text(x, top+c.size*0.8, c.tr(s)) }
func (c *rgPlain) Right(xr, top float64, s string) {
	c.Text(xr-c.Width(s), top, s)
}
func (c *rgPlain) Width(s string) float64 { return c.pdf.GetStringWidth(c.tr(s)) }
func (c *rgPlain) Line(x0, x1, y float64) { c.pdf.Line(x0, y, x1, y) }
func (c *rgPlain) AddPage() {
	c.pdf.AddPage()
	c.Font(false, 9)
}
func (c *rgPlain) Bytes() ([]byte, error) {
	var b bytes.Buffer
	err := c.pdf.Output(&b)
	return b.Bytes(), err
}

// rgMoney prints v in number format nf: "de" 1.234,56, "en" 1,234.56,
// "fr" 1 234,56, "ch" 1'234.56, "dot" 1234.56, "comma" 1234,56.
func rgMoney(v decimal.Decimal, nf string) string {
	switch nf {
	case "dot":
		return v.StringFixed(2)
	case "comma":
		return strings.Replace(v.StringFixed(2), ".", ",", 1)
	}
	return money(v, nf)
}

// rgDecComma tells whether format nf writes decimals after a comma.
func rgDecComma(nf string) bool { return nf == "de" || nf == "fr" || nf == "comma" }

// rgNum prints a quantity or rate: no decimals when whole.
func rgNum(v decimal.Decimal, nf string) string {
	s := v.String()
	if rgDecComma(nf) {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// rgDate writes t in date format kind k in the words of v; us writes
// numeric dates month first.
func rgDate(t time.Time, k int, v *rgVocab, lang string, us bool) string {
	day, mon, yr := t.Day(), int(t.Month()), t.Year()
	switch k {
	case 0:
		return t.Format("02.01.2006")
	case 1:
		return t.Format("2006-01-02")
	case 2:
		if us {
			return t.Format("01/02/2006")
		}
		return t.Format("02/01/2006")
	case 3:
		return t.Format("02-01-2006")
	case 5:
		if lang == "en" {
			return fmt.Sprintf("%s %d, %d", v.months[mon-1], day, yr)
		}
		fallthrough
	case 4:
		switch lang {
		case "de":
			return fmt.Sprintf("%d. %s %d", day, v.months[mon-1], yr)
		case "es":
			return fmt.Sprintf("%d de %s de %d", day, v.months[mon-1], yr)
		}
		return fmt.Sprintf("%d %s %d", day, v.months[mon-1], yr)
	case 6:
		if lang == "de" {
			return fmt.Sprintf("%d. %s %d", day, v.monthsShort[mon-1], yr)
		}
		return fmt.Sprintf("%d %s %d", day, v.monthsShort[mon-1], yr)
	case 7:
		return fmt.Sprintf("%02d-%s-%02d", day, strings.TrimSuffix(v.monthsShort[mon-1], "."), yr%100)
	default:
		return t.Format("02.01.06")
	}
}

// rgPay is the payment sentence that names the IBAN, per language.
var rgPay = map[string][]string{
	"en": {"Payment by bank transfer to IBAN %s.", "Please remit payment to our account IBAN %s, quoting the invoice number."},
	"de": {"Zahlung per Überweisung auf IBAN %s.", "Bitte überweisen Sie unter Angabe der Rechnungsnummer auf das Konto IBAN %s."},
	"nl": {"Gelieve te betalen op rekeningnummer %s o.v.v. het factuurnummer.", "Betaling op IBAN %s."},
	"fr": {"Règlement par virement sur le compte IBAN %s.", "Paiement par virement : IBAN %s."},
	"es": {"Forma de pago: transferencia a la cuenta IBAN %s.", "Pago mediante transferencia bancaria al IBAN %s."},
	"it": {"Pagamento con bonifico bancario su IBAN %s.", "Coordinate per il bonifico: IBAN %s."},
}

// rgTitleNo joins a title and its number: "Rechnung Nr. 2024-17".
var rgTitleNo = map[string][]string{
	"en": {"Invoice No. %s", "INVOICE # %s", "Invoice %s"},
	"de": {"Rechnung Nr. %s", "Rechnung %s", "RECHNUNG NR. %s"},
	"nl": {"Factuur nr. %s", "Factuur %s"},
	"fr": {"Facture N° %s", "FACTURE n° %s"},
	"es": {"Factura nº %s", "Factura %s"},
	"it": {"Fattura n. %s", "FATTURA N. %s"},
}

// rgItem is a drawn line item.
type rgItem struct {
	name, more, code, unit string
	qty, price             decimal.Decimal
	rate                   int // index into the document's rates
	incl                   decimal.Decimal
	hasIncl                bool
}

func (it rgItem) total() decimal.Decimal { return it.qty.Mul(it.price).Round(2) }

// rgRow is one printed row of the totals block.
type rgRow struct {
	label, value string
	bold         bool
}

// rgGenerate draws the invoice of seed.
func rgGenerate(t testing.TB, seed uint64) rgInvoice {
	r := rand.New(rand.NewPCG(seed, 0x1a7e5eed))
	pick := func(ss []string) string { return ss[r.IntN(len(ss))] }
	chance := func(p float64) bool { return r.Float64() < p }
	digits := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
		return b.String()
	}
	var desc []string

	// Who and in which language.
	cc := pick([]string{"de", "de", "de", "nl", "nl", "fr", "fr", "es", "it", "gb", "gb", "us", "us", "ch"})
	co := rgCountries[cc]
	lang := co.lang
	if cc != "gb" && cc != "us" && chance(0.2) {
		lang = "en"
	}
	v := rgVocabs[lang]
	us := cc == "us"
	cur := co.cur
	desc = append(desc, cc+"/"+lang)

	// Number format, currency placement, date format.
	nf := map[string]string{"de": "de", "nl": "de", "es": "de", "it": "de", "fr": "fr", "ch": "ch", "gb": "en", "us": "en"}[cc]
	if chance(0.4) {
		nf = pick([]string{"de", "en", "fr", "ch", "dot", "comma"})
	}
	if us && rgDecComma(nf) {
		// a US invoice writes dates month first and amounts 1,234.56;
		// with 1.234,56 its cues would contradict each other
		nf = "en"
	}
	curPlace := pick([]string{"symBefore", "symAfter", "codeBefore", "codeAfter", "colhead", "once", "none"})
	if curPlace == "none" && cur != "EUR" {
		curPlace = "codeAfter"
	}
	curItems := chance(0.5)
	sym := map[string]string{"EUR": "€", "USD": "$", "GBP": "£", "CHF": "CHF"}[cur]
	onceCode := chance(0.5)
	dk := r.IntN(9)
	if us && (dk == 0 || dk == 3 || dk == 8) {
		dk = 2
	}
	if lang != "en" && dk == 5 {
		dk = 4
	}
	desc = append(desc, nf, curPlace, fmt.Sprintf("date%d", dk))
	day := 1 + r.IntN(28)
	if (dk == 2 && !us) || dk == 3 || dk == 8 {
		day = 13 + r.IntN(16) // a day over 12 tells day-first from month-first
	}
	invDate := time.Date(2019+r.IntN(8), time.Month(1+r.IntN(12)), day, 0, 0, 0, 0, time.UTC)
	dueDate := invDate.AddDate(0, 0, []int{7, 10, 14, 21, 30}[r.IntN(5)])
	delivDate := invDate.AddDate(0, 0, -1-r.IntN(9))
	fdate := func(t time.Time) string { return rgDate(t, dk, v, lang, us) }

	withCur := func(s, where string) string {
		place := curPlace
		switch place {
		case "colhead", "none":
			return s
		case "once":
			if where != "gross" {
				return s
			}
			if onceCode {
				return s + " " + cur
			}
			place = "symBefore"
		}
		if where == "item" && !curItems {
			return s
		}
		switch place {
		case "symBefore":
			if sym == "$" || sym == "£" {
				if strings.HasPrefix(s, "-") {
					return "-" + sym + s[1:]
				}
				return sym + s
			}
			return sym + " " + s
		case "symAfter":
			return s + " " + sym
		case "codeBefore":
			return cur + " " + s
		}
		return s + " " + cur
	}

	// Parties and ids.
	seller := pick(co.sellers)
	buyer := pick(co.buyers)
	if cc != "us" && chance(0.25) {
		// a buyer abroad: an invoice across a border
		buyer = pick(rgCountries[pick([]string{"de", "nl", "fr", "gb"})].buyers)
	}
	street, city := pick(co.streets), pick(co.cities)
	bstreet, bcity := pick(co.streets), pick(co.cities)
	for bstreet == street {
		bstreet = pick(co.streets)
	}
	number := fmt.Sprintf(pick([]string{"%d-%04d", "RE-%d-%05d", "F%d/%03d", "INV-%[2]d", "%[2]d/%[1]d", "%[1]d%06[2]d", "A-%[2]d"}),
		invDate.Year(), 10+r.IntN(9000))
	iban := ""
	if co.ibanCountry != "" {
		iban = ibanOf(co.ibanCountry, co.bban(digits))
	}
	bank := pick(co.bankName)
	bic := strings.ToUpper(strings.ReplaceAll(bank, " ", ""))[:4] + co.ibanCountry + "XX"
	if co.ibanCountry == "" {
		bic = ""
	}

	// Items and amounts.
	n := 1 + r.IntN(6)
	if chance(0.25) {
		n = 7 + r.IntN(6)
	}
	taxMode := "one"
	switch {
	case us:
		taxMode = "sales"
	case chance(0.2):
		taxMode = "two"
	case chance(0.12):
		taxMode = "zero"
	}
	if taxMode == "two" && n < 2 {
		n = 2
	}
	rates := []decimal.Decimal{decimal.RequireFromString(co.rates[0])}
	if us {
		rates[0] = decimal.RequireFromString(pick(co.rates))
	}
	if taxMode == "two" {
		rates = append(rates, decimal.RequireFromString(co.rates[1]))
	}
	if taxMode == "zero" {
		rates[0] = decimal.Zero
	}
	perm := r.Perm(len(v.items))
	var items []rgItem
	for i := 0; i < n; i++ {
		it := rgItem{name: v.items[perm[i%len(perm)]], code: fmt.Sprintf("%05d", 10000+r.IntN(89999)), unit: pick(v.units)}
		switch {
		case chance(0.15):
			it.qty = decimal.New(int64(1+r.IntN(12))*10+5, -1) // 2.5 hours
		case chance(0.3):
			it.qty = decimal.NewFromInt(1)
		default:
			it.qty = decimal.NewFromInt(int64(1 + r.IntN(24)))
		}
		it.price = decimal.New(int64(99+r.IntN(40000)), -2)
		if chance(0.15) {
			it.price = decimal.New(int64(100000+r.IntN(400000)), -2)
		}
		if taxMode == "two" {
			it.rate = r.IntN(2)
			if i < 2 {
				it.rate = i
			}
		}
		if chance(0.25) {
			it.more = pick(v.more)
		}
		if chance(0.08) {
			it.hasIncl = true
			it.incl = decimal.New(int64(10+r.IntN(300)), -2)
		}
		items = append(items, it)
	}
	if chance(0.15) {
		items = append(items, rgItem{name: pick(v.shipping), qty: decimal.NewFromInt(1), price: decimal.New(int64(490+r.IntN(2500)), -2),
			unit: v.units[0], code: fmt.Sprintf("%05d", 90000+r.IntN(9999))})
	}
	n = len(items)
	lineSum := decimal.Zero
	for _, it := range items {
		lineSum = lineSum.Add(it.total())
	}
	net := lineSum
	var discPct, disc decimal.Decimal
	hasDisc := taxMode != "two" && chance(0.1)
	if hasDisc {
		discPct = decimal.NewFromInt(int64([]int{3, 5, 10}[r.IntN(3)]))
		disc = lineSum.Mul(discPct).Div(decimal.NewFromInt(100)).Round(2)
		net = lineSum.Sub(disc)
	}
	bases := make([]decimal.Decimal, len(rates))
	taxes := make([]decimal.Decimal, len(rates))
	if taxMode == "two" {
		for _, it := range items {
			bases[it.rate] = bases[it.rate].Add(it.total())
		}
	} else {
		bases[0] = net
	}
	tax := decimal.Zero
	for i := range rates {
		taxes[i] = bases[i].Mul(rates[i]).Div(decimal.NewFromInt(100)).Round(2)
		tax = tax.Add(taxes[i])
	}
	gross := net.Add(tax)
	hasPaid := chance(0.12)
	var paid decimal.Decimal
	if hasPaid {
		paid = gross.Mul(decimal.RequireFromString(pick([]string{"0.3", "0.5", "0.25"}))).Round(0)
		if paid.IsZero() {
			hasPaid = false
		}
	}
	desc = append(desc, taxMode, fmt.Sprintf("items%d", n))

	rateTxt := func(rt decimal.Decimal) string {
		s := rgNum(rt, nf)
		if chance(0.5) {
			return s + " %"
		}
		return s + "%"
	}

	// Due date: in the header block, in a sentence, in a Skonto
	// sentence, in the gross label, or not printed at all.
	dueMode := pick([]string{"meta", "meta", "meta", "sentence", "sentence", "skonto", "none", "none"})
	if lang == "en" && !hasPaid && chance(0.12) {
		dueMode = "dueOn"
	}
	desc = append(desc, "due:"+dueMode)
	truth := rgTruth{number: number, date: invDate.Format("2006-01-02"), seller: seller, buyer: buyer, cur: cur,
		net: net.String(), tax: tax.String(), gross: gross.String(), iban: iban}
	if iban == "" {
		truth.iban = noIBAN
	}
	if dueMode != "none" {
		truth.due = dueDate.Format("2006-01-02")
	}
	for _, it := range items {
		truth.lines = append(truth.lines, it.total())
	}
	if hasPaid {
		truth.amountDue = gross.Sub(paid).String()
	}

	// The drawer.
	var c rgCanvas
	switch k := r.IntN(10); {
	case k < 3:
		c = newRGPlain()
		desc = append(desc, "plain")
	default:
		p := testdocs.NewProduced(seed)
		switch {
		case k < 7:
			desc = append(desc, "produced")
		case k < 9:
			p.Kern = 0.04
			desc = append(desc, "kerned")
		default:
			p.PerChar, p.GlyphOrder = true, true
			desc = append(desc, "glyphs")
		}
		c = p
	}
	c.AddPage()
	pages := 1

	// Letterhead.
	headRight := chance(0.3)
	c.Font(true, 13+float64(r.IntN(4)))
	lh := []string{street, city}
	if chance(0.5) {
		lh = append(lh, fmt.Sprintf("Tel. +%s %s · info@%s.example", digits(2), digits(7), strings.ToLower(strings.Fields(seller)[0])))
	}
	if headRight {
		c.Right(545, 36, seller)
	} else {
		c.Text(50, 36, seller)
	}
	c.Font(false, 8.5)
	for i, s := range lh {
		if headRight {
			c.Right(545, 55+float64(i)*10.5, s)
		} else {
			c.Text(50, 55+float64(i)*10.5, s)
		}
	}
	title := pick(v.title)
	titleMode := pick([]string{"top", "above", "above", "withNumber"})
	if titleMode == "top" {
		c.Font(true, 18+float64(r.IntN(5)))
		if headRight {
			c.Text(50, 36, title)
		} else {
			c.Right(545, 36, title)
		}
	}

	// Address window and header block.
	buyerRight := chance(0.25)
	bx, mx := 50.0, 340.0
	if buyerRight {
		bx, mx = 330, 50
	}
	y := 112.0
	if chance(0.5) {
		c.Font(false, 6.5)
		c.Text(bx, y, seller+" · "+street+" · "+city)
		y += 12
	}
	if chance(0.3) {
		c.Font(true, 8)
		c.Text(bx, y, pick(v.buyerHead))
		y += 11
	}
	c.Font(false, 10)
	for _, s := range []string{buyer, bstreet, bcity} {
		c.Text(bx, y, s)
		y += 12
	}
	buyerEnd := y
	type pair struct{ label, value string }
	var meta []pair
	if titleMode != "withNumber" {
		meta = append(meta, pair{pick(v.number), number})
	}
	meta = append(meta, pair{pick(v.date), fdate(invDate)})
	if dueMode == "meta" {
		meta = append(meta, pair{pick(v.due), fdate(dueDate)})
	}
	if chance(0.5) {
		meta = append(meta, pair{pick(v.cust), fmt.Sprintf(pick([]string{"K-%s", "%s", "C%s"}), digits(5))})
	}
	if chance(0.4) {
		meta = append(meta, pair{pick(v.order), fmt.Sprintf(pick([]string{"PO-%s", "45%s", "B%s"}), digits(6))})
	}
	if chance(0.4) {
		meta = append(meta, pair{pick(v.deliv), fdate(delivDate)})
	}
	r.Shuffle(len(meta), func(i, j int) {
		// the number and the date stay first, as nearly all invoices print them
		if i >= 2 && j >= 2 {
			meta[i], meta[j] = meta[j], meta[i]
		}
	})
	metaMode := pick([]string{"colon", "gap", "gapRight", "below", "grid", "box"})
	desc = append(desc, "meta:"+metaMode)
	my := 112.0
	c.Font(false, 9)
	switch metaMode {
	case "colon":
		for _, p := range meta {
			c.Text(mx, my, p.label+": "+p.value)
			my += 12
		}
	case "gap", "gapRight", "box":
		for _, p := range meta {
			if metaMode == "box" {
				c.Line(mx-4, mx+209, my-2.5)
			}
			c.Text(mx, my, p.label)
			if metaMode == "gap" {
				c.Text(mx+108, my, p.value)
			} else {
				c.Right(mx+205, my, p.value)
			}
			my += 13
		}
		if metaMode == "box" {
			c.Line(mx-4, mx+209, my-2.5)
		}
	case "below":
		for _, p := range meta {
			c.Font(true, 7.5)
			c.Text(mx, my, p.label)
			c.Font(false, 9)
			c.Text(mx, my+9.5, p.value)
			my += 23
		}
	}
	y = max(buyerEnd, my) + 18
	if titleMode == "above" || titleMode == "withNumber" {
		c.Font(true, 14+float64(r.IntN(3)))
		s := title
		if titleMode == "withNumber" {
			s = fmt.Sprintf(pick(rgTitleNo[lang]), number)
		}
		c.Text(50, y, s)
		y += 26
	}
	if metaMode == "grid" {
		// titles side by side over their values, in rows across the page
		x := 50.0
		c.Font(false, 9)
		for _, p := range meta {
			c.Font(true, 8)
			w := c.Width(p.label)
			c.Font(false, 9)
			w = max(w, c.Width(p.value)) + 18
			if x+w > 545 {
				x, y = 50, y+26
			}
			c.Font(true, 8)
			c.Text(x, y, p.label)
			c.Font(false, 9)
			c.Text(x, y+10.5, p.value)
			x += w
		}
		y += 34
	}
	y += 6

	// The item table.
	hasPos, hasArt, hasUnit, hasVAT := chance(0.4), chance(0.3), chance(0.3), taxMode == "two" || chance(0.2)
	orders := [][]string{
		{"pos", "art", "desc", "qty", "unit", "price", "vat", "amt"},
		{"pos", "qty", "unit", "desc", "price", "vat", "amt"},
		{"art", "desc", "qty", "unit", "price", "vat", "amt"},
		{"desc", "qty", "unit", "price", "vat", "amt"},
		{"pos", "desc", "vat", "qty", "unit", "price", "amt"},
	}
	order := orders[r.IntN(len(orders))]
	type col struct {
		kind, title string
		x, w        float64
		right       bool
	}
	widths := map[string]float64{"pos": 24, "art": 50, "qty": 42, "unit": 36, "price": 64, "vat": 40, "amt": 70}
	if curItems && curPlace != "colhead" && curPlace != "none" && curPlace != "once" {
		widths["price"] += 18
		widths["amt"] += 18
	}
	curTitle := pick([]string{" (" + cur + ")", " " + cur, " " + sym})
	var cols []col
	used := 0.0
	for _, k := range order {
		if k == "pos" && !hasPos || k == "art" && !hasArt || k == "unit" && !hasUnit || k == "vat" && !hasVAT {
			continue
		}
		cols = append(cols, col{kind: k, w: widths[k]})
	}
	// titles first, then each column as wide as its title and its
	// cells, the description taking the rest
	for i := range cols {
		k := cols[i].kind
		cols[i].title = pick(map[string][]string{"pos": v.colPos, "art": v.colArt, "desc": v.colDesc, "qty": v.colQty, "unit": v.colUnit,
			"price": v.colPrice, "vat": v.colVAT, "amt": v.colAmt}[k])
		if curPlace == "colhead" && (k == "amt" || k == "price" && chance(0.5)) {
			cols[i].title += curTitle
		}
		c.Font(true, 8)
		if k != "desc" {
			cols[i].w = max(cols[i].w, c.Width(cols[i].title)+18)
			used += cols[i].w
		}
	}
	x := 50.0
	for i := range cols {
		k := cols[i].kind
		if k == "desc" {
			cols[i].w = 495 - used
		}
		cols[i].x = x
		x += cols[i].w
		cols[i].right = k == "qty" || k == "price" || k == "amt" || k == "vat"
		if cols[i].right {
			cols[i].x = x - 12
			if k == "amt" && i == len(cols)-1 {
				cols[i].x = 545
			}
		}
	}
	descX := 50.0
	amtX := 545.0
	for _, cl := range cols {
		if cl.kind == "desc" {
			descX = cl.x
		}
		if cl.kind == "amt" {
			amtX = cl.x
		}
	}
	header := func() {
		c.Font(true, 8)
		for _, cl := range cols {
			if cl.right {
				c.Right(cl.x, y, cl.title)
			} else {
				c.Text(cl.x, y, cl.title)
			}
		}
		if chance(0.7) {
			c.Line(50, 545, y+11)
		}
		y += 18
	}
	header()
	ibanPlace := pick([]string{"footer", "footer", "footer", "sentence", "box"})
	if iban == "" {
		ibanPlace = "footer"
	}
	desc = append(desc, "iban:"+ibanPlace)
	footer := func(page, of int) {
		c.Font(false, 7)
		fy := 784.0
		col1 := []string{seller, street, city}
		col2 := strings.Split(pick(co.register), " - ")
		if len(co.vatID) > 0 {
			col2 = append(col2, v.vatLabel+" "+pick(co.vatID))
		}
		var col3 []string
		if iban != "" && (ibanPlace == "footer" || chance(0.5)) {
			ib := iban
			if chance(0.6) {
				ib = grouped(iban)
			}
			col3 = []string{bank, "IBAN " + ib, "BIC " + bic}
		} else if iban == "" {
			col3 = []string{bank, "Routing No. 121000358", "Account No. 4471822310"}
		}
		for i, s := range col1 {
			c.Text(50, fy+float64(i)*9, s)
		}
		for i, s := range col2 {
			c.Text(210, fy+float64(i)*9, s)
		}
		x3 := 380.0
		for _, s := range col2 {
			x3 = max(x3, 210+c.Width(s)+16) // a long register line pushes the bank column right
		}
		for i, s := range col3 {
			c.Text(x3, fy+float64(i)*9, s)
		}
		if of > 1 || chance(0.3) {
			c.Right(545, 818, fmt.Sprintf(v.page, page, of))
		}
	}
	breakAfter := -1
	if n >= 4 && chance(0.2) {
		breakAfter = (n + 1) / 2
	}
	pageCount := 1
	if breakAfter > 0 {
		pageCount = 2
		desc = append(desc, "page2")
	}
	// sections: the items in two or three groups, each under a title,
	// each closed by its subtotal or not
	var sectionAt map[int]string
	sectionSums := chance(0.5)
	if n >= 4 && chance(0.25) {
		sectionAt = map[int]string{0: ""}
		if n >= 6 && chance(0.5) {
			sectionAt[n/3] = ""
			sectionAt[2*n/3] = ""
		} else {
			sectionAt[n/2] = ""
		}
		sp := r.Perm(len(v.sections))
		k := 0
		for i := 0; i < n; i++ {
			if _, ok := sectionAt[i]; ok {
				sectionAt[i] = v.sections[sp[k%len(sp)]]
				k++
			}
		}
		desc = append(desc, "sections")
	}
	noteAfter := -1
	if chance(0.15) {
		noteAfter = r.IntN(n)
		desc = append(desc, "note")
	}
	decoSection := chance(0.2)
	running := decimal.Zero
	sectionSum := decimal.Zero
	sectionTitle := ""
	closeSection := func() {
		if sectionTitle == "" || !sectionSums {
			return
		}
		c.Font(false, 8.5)
		c.Text(descX, y, fmt.Sprintf(pick(v.sectionSum), sectionTitle))
		c.Right(amtX, y, withCur(rgMoney(sectionSum, nf), "item"))
		y += 18
	}
	qtySum := decimal.Zero
	for i, it := range items {
		if title, ok := sectionAt[i]; ok {
			closeSection()
			sectionTitle, sectionSum = title, decimal.Zero
			c.Font(true, 9)
			if decoSection {
				title = "--- " + title + " ---"
			}
			c.Text(descX, y, title)
			y += 14
		}
		if i == breakAfter || y > 735 {
			c.Font(true, 8.5)
			c.Text(descX, y+2, pick(v.carried))
			c.Right(amtX, y+2, withCur(rgMoney(running, nf), "item"))
			footer(pages, max(pageCount, pages+1))
			c.AddPage()
			pages++
			c.Font(false, 8)
			c.Text(50, 40, seller+" · "+title+" "+number)
			y = 70
			c.Font(true, 8.5)
			c.Text(descX, y, pick(v.carriedIn))
			c.Right(amtX, y, withCur(rgMoney(running, nf), "item"))
			y += 18
			if chance(0.7) {
				header()
			}
		}
		c.Font(false, 9)
		qtyTxt := rgNum(it.qty, nf)
		if !hasUnit && chance(0.2) {
			qtyTxt += " " + it.unit
		}
		for _, cl := range cols {
			var s string
			switch cl.kind {
			case "pos":
				s = fmt.Sprint(i + 1)
			case "art":
				s = it.code
			case "desc":
				s = it.name
			case "qty":
				s = qtyTxt
			case "unit":
				s = it.unit
			case "price":
				s = withCur(rgMoney(it.price, nf), "item")
			case "vat":
				s = rateTxt(rates[it.rate])
			case "amt":
				s = withCur(rgMoney(it.total(), nf), "item")
			}
			if cl.right {
				c.Right(cl.x, y, s)
			} else {
				c.Text(cl.x, y, s)
			}
		}
		qtySum = qtySum.Add(it.qty)
		running = running.Add(it.total())
		sectionSum = sectionSum.Add(it.total())
		y += 11
		if it.more != "" {
			c.Font(false, 8.5)
			c.Text(descX, y, it.more)
			y += 11
		}
		if it.hasIncl {
			c.Font(false, 8)
			s := rgMoney(it.incl, nf)
			if curPlace != "none" {
				s += " " + sym
			}
			c.Text(descX, y, fmt.Sprintf(pick(v.incl), s))
			y += 11
		}
		if i == noteAfter {
			c.Font(false, 8)
			c.Text(descX, y+2, pick(v.notes))
			y += 15
		}
		y += 4
	}
	closeSection()
	c.Line(300, 545, y)
	y += 8
	totalQtyMode := ""
	if chance(0.12) {
		totalQtyMode = pick([]string{"under", "row"})
		desc = append(desc, "totalqty")
	}
	if totalQtyMode == "under" {
		c.Font(false, 8.5)
		c.Text(50, y, fmt.Sprintf(pick(v.totalQty), rgNum(qtySum, nf)))
	}

	// The totals.
	var rows []rgRow
	if totalQtyMode == "row" {
		rows = append(rows, rgRow{label: strings.TrimRight(strings.ReplaceAll(pick(v.totalQty), "%s", ""), ": "), value: rgNum(qtySum, nf)})
	}
	if hasDisc {
		rows = append(rows, rgRow{label: pick(v.subtotalPre), value: withCur(rgMoney(lineSum, nf), "total")},
			rgRow{label: fmt.Sprintf(pick(v.discount), rateTxt(discPct)), value: withCur(rgMoney(disc.Neg(), nf), "total")})
		desc = append(desc, "discount")
	}
	rows = append(rows, rgRow{label: pick(v.net), value: withCur(rgMoney(net, nf), "total")})
	withBase := taxMode == "two" && chance(0.5)
	for i := range rates {
		lbl := fmt.Sprintf(pick(v.tax), rateTxt(rates[i]))
		if withBase {
			lbl = fmt.Sprintf(pick(v.taxBase), rateTxt(rates[i]), rgMoney(bases[i], nf))
		}
		if taxMode == "sales" {
			lbl = fmt.Sprintf(pick([]string{"Sales Tax %s", "Sales Tax (%s)", "Tax %s"}), rateTxt(rates[i]))
		}
		rows = append(rows, rgRow{label: lbl, value: withCur(rgMoney(taxes[i], nf), "total")})
	}
	grossLabels := v.gross
	if hasPaid {
		grossLabels = nil
		for _, g := range v.gross {
			isDue := false
			for _, a := range v.amountDue {
				isDue = isDue || strings.EqualFold(a, g)
			}
			if !isDue {
				grossLabels = append(grossLabels, g)
			}
		}
	}
	gl := pick(grossLabels)
	if dueMode == "dueOn" {
		gl = fmt.Sprintf(pick(v.dueOn), fdate(dueDate))
	}
	for _, a := range v.amountDue {
		if strings.EqualFold(a, gl) {
			truth.amountDue = gross.String()
		}
	}
	if dueMode == "dueOn" {
		truth.amountDue = gross.String()
	}
	rows = append(rows, rgRow{label: gl, value: withCur(rgMoney(gross, nf), "gross"), bold: true})
	if hasPaid {
		rows = append(rows, rgRow{label: pick(v.paid), value: withCur(rgMoney(paid.Neg(), nf), "total")},
			rgRow{label: pick(v.amountDue), value: withCur(rgMoney(gross.Sub(paid), nf), "total"), bold: true})
		desc = append(desc, "paid")
	}
	totMode := pick([]string{"col", "col", "colon", "grid", "box"})
	if totMode == "grid" && len(rows) > 5 {
		totMode = "col"
	}
	desc = append(desc, "tot:"+totMode)
	need := float64(len(rows))*15 + 90
	if y+need > 760 {
		footer(pages, pages+1)
		c.AddPage()
		pages++
		y = 60
	}
	prevBox := chance(0.08) && totMode != "grid"
	if prevBox {
		prev := decimal.New(int64(1000+r.IntN(50000)), -2)
		c.Font(false, 8.5)
		for k, row := range [][2]string{{pick(v.prevBal), rgMoney(prev, nf)}, {pick(v.payRecv), rgMoney(prev.Neg(), nf)}, {pick(v.balFwd), rgMoney(decimal.Zero, nf)}} {
			c.Text(50, y+float64(k)*12, row[0])
			c.Right(250, y+float64(k)*12, row[1])
		}
		desc = append(desc, "prevbal")
	}
	switch totMode {
	case "col", "box":
		lx := 330.0
		if totMode == "box" {
			lx = 300
		}
		for _, row := range rows {
			if totMode == "box" {
				c.Line(lx-4, 549, y-2.5)
			}
			c.Font(row.bold, 9.5)
			c.Text(lx, y, row.label)
			c.Right(545, y, row.value)
			y += 15
		}
		if totMode == "box" {
			c.Line(lx-4, 549, y-2.5)
		}
	case "colon":
		for _, row := range rows {
			c.Font(row.bold, 9.5)
			c.Right(545, y, row.label+": "+row.value)
			y += 15
		}
	case "grid":
		ws := make([]float64, len(rows))
		total := 0.0
		for i, row := range rows {
			c.Font(true, 8)
			ws[i] = c.Width(row.label)
			c.Font(row.bold, 9.5)
			ws[i] = max(ws[i], c.Width(row.value)) + 16
			total += ws[i]
		}
		x := 545 - total
		if x < 50 {
			x = 50
		}
		for i, row := range rows {
			x += ws[i]
			c.Font(true, 8)
			c.Right(x-16, y, row.label)
			c.Font(row.bold, 9.5)
			c.Right(x-16, y+11, row.value)
		}
		y += 26
	}
	y += 14

	// Sentences under the totals.
	c.Font(false, 8.5)
	sentence := func(s string) {
		c.Text(50, y, s)
		y += 12
	}
	if taxMode == "zero" {
		sentence(pick(v.reverse))
	}
	switch dueMode {
	case "sentence":
		sentence(fmt.Sprintf(pick(v.termsDue), fdate(dueDate)))
	case "skonto":
		sentence(fmt.Sprintf(pick(v.skonto), fdate(invDate.AddDate(0, 0, 5)), fdate(dueDate)))
	case "none":
		if chance(0.6) {
			sentence(pick(v.terms))
		}
	}
	if ibanPlace == "sentence" {
		ib := iban
		if chance(0.6) {
			ib = grouped(iban)
		}
		sentence(fmt.Sprintf(pick(rgPay[lang]), ib))
	}
	if ibanPlace == "box" {
		y += 6
		c.Font(true, 8.5)
		c.Text(50, y, v.bankLabel)
		c.Font(false, 8.5)
		ib := iban
		if chance(0.6) {
			ib = grouped(iban)
		}
		for k, s := range []string{bank, "IBAN: " + ib, "BIC: " + bic} {
			c.Text(50, y+11+float64(k)*11, s)
		}
	}
	if ibanPlace != "footer" && chance(0.3) {
		// no footer: the seller's register and bank are printed elsewhere or not at all
	} else {
		footer(pages, pages)
	}
	b, err := c.Bytes()
	require.NoError(t, err)
	return rgInvoice{seed: seed, desc: strings.Join(desc, " "), truth: truth, pdf: b}
}

// rgFields scores one extraction against its truth, as layoutFields does
// for the hand-written layouts.
func rgFields(tr rgTruth, got *docextract.InvoiceData) (map[string]bool, []string) {
	g := got.General
	var f testdocs.Fields
	check := f.CheckSet
	check("InvoiceNumber", tr.number, str(g.InvoiceNumber))
	check("InvoiceDate", tr.date, str(g.InvoiceDate))
	check("DueDate", tr.due, str(g.DueDate))
	check("SellerName", tr.seller, str(g.SellerName))
	check("BuyerName", tr.buyer, str(g.BuyerName))
	check("Currency", tr.cur, str(g.Currency))
	ibanHave := str(g.IBAN)
	if ibanHave == "" {
		ibanHave = noIBAN
	}
	check("IBAN", tr.iban, ibanHave)
	check("TotalNetPrice", tr.net, amt2(g.TotalNetPrice))
	check("TotalTaxAmount", tr.tax, amt2(g.TotalTaxAmount))
	check("TotalGrossPrice", tr.gross, amt2(g.TotalGrossPrice))
	check("AmountDue", tr.amountDue, amt2(g.AmountDue))
	check("LineCount", fmt.Sprint(len(tr.lines)), fmt.Sprint(len(got.LineItems)))
	var want, have []string
	for _, v := range tr.lines {
		want = append(want, v.String())
	}
	for _, it := range got.LineItems {
		have = append(have, amt2(it.ProductTotalPrice))
	}
	check("LineTotals", strings.Join(want, " "), strings.Join(have, " "))
	return f.Res, f.Misses
}

// rgSeeds is how many seeds TestRandomInvoices draws (1..rgSeeds).
const rgSeeds = 360

// rgReport tells the report seeds (a quarter, never studied for rules)
// from the tune seeds.
func rgReport(seed uint64) bool { return seed%4 == 0 }

// TestRandomInvoices draws seeds 1..rgSeeds with rgGenerate, reads each
// through PDFium and the text path and scores every field, for the tune
// seeds (those the rules may be studied on) and the report seeds
// (seed%4 == 0, only ever counted). It logs the share per field for both
// parts (-v; the tune part's misses too) and fails below each part's bar.
//
//	go test -run TestRandomInvoices -v ./extract/invoice/
func TestRandomInvoices(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	e := engine(t)
	type count struct{ ok, n int }
	parts := map[string]map[string]*count{"tune": {}, "report": {}, "all": {}}
	docs := map[string]*count{"tune": {}, "report": {}, "all": {}}
	var fields []string
	var misses []string
	for seed := uint64(1); seed <= rgSeeds; seed++ {
		inv := rgGenerate(t, seed)
		pages, err := testdocs.ReadPages(context.Background(), e, inv.pdf)
		require.NoError(t, err)
		res, miss := rgFields(inv.truth, Extract(pages))
		part := "tune"
		if rgReport(seed) {
			part = "report"
		}
		allOK := true
		for f, ok := range res {
			for _, p := range []string{part, "all"} {
				if parts[p][f] == nil {
					parts[p][f] = &count{}
					if p == "all" {
						fields = append(fields, f)
					}
				}
				parts[p][f].n++
				if ok {
					parts[p][f].ok++
				}
			}
			allOK = allOK && ok
		}
		for _, p := range []string{part, "all"} {
			docs[p].n++
			if allOK {
				docs[p].ok++
			}
		}
		if part == "tune" && len(miss) > 0 {
			misses = append(misses, fmt.Sprintf("seed %3d [%s] %s", seed, inv.desc, strings.Join(miss, "; ")))
		}
	}
	sort.Strings(fields)
	share := func(p string) (int, int) {
		ok, n := 0, 0
		for _, c := range parts[p] {
			ok += c.ok
			n += c.n
		}
		return ok, n
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-16s %-16s %-16s %-16s\n", "field", "tune", "report", "all")
	cell := func(c *count) string {
		if c == nil || c.n == 0 {
			return "-"
		}
		return fmt.Sprintf("%d/%d %.1f%%", c.ok, c.n, 100*float64(c.ok)/float64(c.n))
	}
	for _, f := range fields {
		fmt.Fprintf(&b, "%-16s %-16s %-16s %-16s\n", f, cell(parts["tune"][f]), cell(parts["report"][f]), cell(parts["all"][f]))
	}
	var shares [3]float64
	row := []string{}
	for i, p := range []string{"tune", "report", "all"} {
		ok, n := share(p)
		shares[i] = float64(ok) / float64(max(n, 1))
		row = append(row, cell(&count{ok, n}))
	}
	fmt.Fprintf(&b, "%-16s %-16s %-16s %-16s\n", "fields", row[0], row[1], row[2])
	fmt.Fprintf(&b, "%-16s %-16s %-16s %-16s\n", "all right", cell(docs["tune"]), cell(docs["report"]), cell(docs["all"]))
	t.Logf("seeded invoices 1..%d\n%s\ntune misses:\n%s", rgSeeds, b.String(), strings.Join(misses, "\n"))
	require.GreaterOrEqual(t, shares[0], rgTuneBar, "share of fields read, tune seeds")
	require.GreaterOrEqual(t, shares[1], rgReportBar, "share of fields read, report seeds")
}

// rgTuneBar and rgReportBar are the shares of fields the tune and report
// seeds must read, set just under the figures reached.
//
// First scored as it came, before any rule for it (13 fields a seed where
// drawn: number, dates, seller, buyer, currency, IBAN, net, tax, gross,
// amount due, line count, line totals): tune 2821/3256 (86.6%), report
// 922/1094 (84.3%), 35 of 360 invoices all right. Generator bugs were then
// fixed, none a rule: an invoice number format with a bad argument index
// printed "2026%!d(BADINDEX)" (tune 2863, 87.9%; report 938, 85.7%; 42
// all right); a US invoice drawn with 1.234,56 amounts beside its
// month-first dates (contradictory cues); item columns narrower than their
// titles ("Regel Hoeveelheid Beschrijving" ran together); a long register
// line running into the footer's bank column. With all of them fixed,
// before any rule: tune 2868/3256 (88.1%), report 939/1094 (85.8%), 42 of
// 360 all right. By field, tune: buyer 63/270 (23.3%; no buyer read
// without a "Bill to" heading, column titles taken for it), due date
// 120/216 (55.6%; due dates in payment sentences and Skonto terms
// missed), line count 247/270, line totals 244/270, number 263/270, net
// 263/270, tax 262/270, gross 266/270, amount due 62/70, date, seller,
// currency and IBAN 268-270/270.
//
// After general rules studied on tune seeds only: tune 3238/3256
// (99.4%), report 1086/1094 (99.3%), 342 of 360 all right; then 3240
// (99.5%), report unchanged, 343 all right, once the name heading an
// address block below the letterhead that never comes back lost 0.3 as a
// seller guess (a buyer with a legal form beside a seller without one). The buyer from
// the address window when no label names it; "Client No."/"Cod. cliente"
// name a number, not the buyer; a label beside (not in) the cell under a
// buyer heading is another field's; due dates in payment sentences, the
// latest date of a Skonto sentence; "2021-10-16." read as a date; a table
// whose last totals row carries its sum ("Übertrag", "Suma y sigue") goes
// on at the next page, and such rows are no items; a row of total titles
// over their amounts is a totals grid, not an item header (its amounts not
// an item; two tax titles two tax parts; an amount due with no gross
// labelled sums them); a section's subtotal that more items follow is no
// document total; quantity × price = amount is an item whatever its name
// ("Transport"); column titles and labels ("Hoeveelheid", "Imponibile",
// "Net HT", "Bedrag excl. btw", "Noch zu zahlen", "Solde dû", "Déjà
// réglé", "Nº de factura", "Fecha de servicio"). Left (tune): "Référence"
// read as a payment reference, not the number (3); a seller without a
// legal form beside a buyer with one (1); a discount row in a ruled
// totals box read as an item; a page-2 table without its header after a
// section title.
const (
	rgTuneBar   = 0.99
	rgReportBar = 0.99
)
