package invoice

import (
	"slices"
	"strings"
	"unicode"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/textparse"
	"github.com/shopspring/decimal"
)

// Extract reads an invoice from its pages (text layer or OCR words) without
// any template. Every field that could not be read is nil; LineItems and
// Taxes are empty, not nil. Details is set when a line total, allowance or
// charge total, prepaid or withheld amount is printed.
func Extract(pages []layout.Page) *docextract.InvoiceData {
	out, _ := ExtractScored(pages)
	return out
}

// ExtractScored is Extract that also returns a confidence in 0..1 for each
// field it read, keyed by the field's JSON name in "general"
// ("InvoiceNumber", "TotalGrossPrice", ...) plus "lineItems". The
// confidence comes from the evidence: how specific the label was and where
// the value stood, whether net + tax = gross holds between printed amounts,
// valid IBAN check digits, whether the line items add up to the net or line
// total; on OCR pages it is scaled by the recogniser's mean word confidence.
// A field that was not read has no entry.
func ExtractScored(pages []layout.Page) (*docextract.InvoiceData, map[string]float64) {
	out := &docextract.InvoiceData{DocType: string(docextract.Invoice), LineItems: []docextract.LineItem{}, Taxes: []docextract.TaxBreakdown{}}
	conf := map[string]float64{}
	if len(pages) == 0 {
		return out, conf
	}
	d := newDoc(pages)
	g := &out.General

	tnums, tdates := d.titleNumbers()
	if c := best(append(append(d.invoiceNumbers(), tnums...), d.seriesNumbers()...)); c != nil {
		g.InvoiceNumber = docextract.Str(c.s)
		conf["InvoiceNumber"] = labelConf(c.score)
	}
	dates := d.dateCands(textparse.FieldInvoiceDate)
	dates = append(dates, d.titleDates()...)
	dates = append(dates, tdates...)
	dates = append(dates, d.placeDates()...)
	if len(dates) == 0 {
		dates = d.firstDate()
	}
	if c := best(dates); c != nil {
		g.InvoiceDate = docextract.Str(c.s)
		conf["InvoiceDate"] = labelConf(c.score)
	}
	dues := append(d.dateCands(textparse.FieldDueDate), d.dueOnDates()...)
	if len(dues) == 0 {
		dues = d.dueSentenceDates()
	}
	if c := best(dues); c != nil {
		g.DueDate = docextract.Str(c.s)
		conf["DueDate"] = labelConf(c.score)
	}

	items, ex := d.lineItems()
	taxes := d.taxRows()
	t := d.chooseTotals(d.amountCands(), taxes)
	if d.anyOCR() {
		mendLineTotal(items, t.lineTotal, t.net, t.gross)
	}
	d.noTaxTotals(&t, taxes)
	d.deductedPrepaid(&t)
	d.debitedDue(&t)
	d.scheduledDue(&t)
	d.chargeRows(items, &t)
	pricesAreTotals(items, t)
	if len(items) == 0 && t.net != nil {
		items = d.untitledItems(*t.net)
	}
	g.TotalNetPrice = amount(t.net)
	g.TotalTaxAmount = amount(t.tax)
	g.TotalGrossPrice = amount(t.gross)
	g.AmountDue = amount(t.due)
	for k, v := range t.conf {
		conf[k] = v
	}
	cur, curConf := d.currency(t)
	g.Currency = docextract.Str(cur)
	if cur != "" {
		conf["Currency"] = curConf
	}
	for _, r := range taxes {
		out.Taxes = append(out.Taxes, docextract.TaxBreakdown{
			TaxRate: amount(&r.rate), TaxableAmount: amount(&r.base), TaxAmount: amount(&r.tax)})
	}
	if t.allowance == nil && ex.allowance == nil {
		t.allowance = d.totalsAllowance(items, t.net)
	}
	if t.lineTotal != nil || t.prepaid != nil || t.allowance != nil || t.charge != nil || t.withheld != nil {
		out.Extra = &docextract.InvoiceDetails{
			LineTotal: amount(t.lineTotal), PrepaidAmount: amount(t.prepaid),
			AllowanceTotal: amount(t.allowance), ChargeTotal: amount(t.charge), WithheldAmount: amount(t.withheld)}
	}

	buyer := d.buyerLines()
	if c := best(d.partyName(textparse.FieldBuyer)); c != nil {
		g.BuyerName = docextract.Str(d.accented(partyTrim(c.s)))
		conf["BuyerName"] = 0.85 * min(1, c.score)
	}
	sellers := d.partyName(textparse.FieldSeller)
	sellerConf := 0.85 // under a seller label
	if len(sellers) == 0 {
		sellers = d.sellerGuess(d.buyerBlock())
		sellerConf = 0.5 // the most name-like line at the top: a judgement
		foot := d.footerSellers()
		if wb := d.windowBuyer(""); wb != nil && g.BuyerName == nil && len(foot) > 0 {
			// The addressee of the address window (a name printed once)
			// is not the seller, whatever its type, when a company
			// signs the footer: the letterhead is a logo image.
			sellers = slices.DeleteFunc(sellers, func(c cand) bool { return c.line == wb.line })
		}
		if len(sellers) == 0 {
			sellers = foot
		}
	}
	if c := best(sellers); c != nil {
		g.SellerName = docextract.Str(d.accented(partyTrim(c.s)))
		conf["SellerName"] = sellerConf
	}
	if g.BuyerName == nil {
		// No buyer label: the addressee of the address window.
		seller := ""
		if g.SellerName != nil {
			seller = *g.SellerName
		}
		if c := d.windowBuyer(seller); c != nil {
			g.BuyerName = docextract.Str(d.accented(partyTrim(c.s)))
			conf["BuyerName"] = 0.5 * c.score
		}
	}
	g.SellerVATId = docextract.Str(d.sellerVAT(buyer))
	if g.SellerVATId != nil {
		conf["SellerVATId"] = 0.9 // the shape of its country's VAT id
	}
	g.IBAN = docextract.Str(d.iban())
	if g.IBAN != nil {
		conf["IBAN"] = 0.7 // the shape of an IBAN after an IBAN label
		if textparse.ValidIBAN(*g.IBAN) {
			conf["IBAN"] = 0.99
		}
	}
	g.PaymentReference = docextract.Str(d.paymentRef())
	if g.PaymentReference != nil {
		conf["PaymentReference"] = 0.7
	}
	out.LineItems = items
	if len(items) > 0 {
		conf["lineItems"] = itemsConf(items, t)
	}
	if ex.allowance != nil || ex.charge != nil {
		if out.Extra == nil {
			out.Extra = &docextract.InvoiceDetails{}
		}
		if out.Extra.AllowanceTotal == nil {
			out.Extra.AllowanceTotal = amount(ex.allowance)
		}
		if out.Extra.ChargeTotal == nil {
			out.Extra.ChargeTotal = amount(ex.charge)
		}
	}
	if k := ocrConf(pages); k < 1 {
		for f := range conf {
			conf[f] *= k
		}
	}
	return out, conf
}

// pricesAreTotals reads the one price column of a table that has no
// amount column as the lines' totals when the arithmetic says so: shop
// systems title the line total "Price" ("Prodotto | Quantità | Prezzo",
// "Product | Quantity | Price"). When every item has a price and no total,
// the prices add up to the printed lines' total (or, with none printed, the
// net) and quantity × price does not, each price is its line's total.
func pricesAreTotals(items []docextract.LineItem, t totals) {
	want := t.lineTotal
	if want == nil {
		want = t.net
	}
	if len(items) == 0 || want == nil {
		return
	}
	var sum, ext decimal.Decimal
	for _, it := range items {
		if it.ProductUnitPrice == nil || it.ProductTotalPrice != nil {
			return
		}
		sum = sum.Add(it.ProductUnitPrice.Decimal)
		q := decimal.NewFromInt(1)
		if it.ProductQuantity != nil {
			q = it.ProductQuantity.Decimal
		}
		ext = ext.Add(q.Mul(it.ProductUnitPrice.Decimal).Round(2))
	}
	if !sum.Equal(*want) || ext.Equal(*want) {
		return
	}
	for i := range items {
		items[i].ProductTotalPrice, items[i].ProductUnitPrice = items[i].ProductUnitPrice, nil
	}
}

// itemsConf is the confidence of the line items: high when their totals add
// up to the printed line total or net, low when they do not.
func itemsConf(items []docextract.LineItem, t totals) float64 {
	var sum decimal.Decimal
	for _, it := range items {
		if it.ProductTotalPrice == nil {
			return 0.5
		}
		sum = sum.Add(it.ProductTotalPrice.Decimal)
	}
	for _, want := range []*decimal.Decimal{t.lineTotal, t.net} {
		if want != nil && want.Equal(sum) {
			return 0.95
		}
	}
	return 0.6
}

// ocrConf is the factor applied to every confidence of a document read by
// OCR: the mean recogniser confidence of its words (1 for a text layer),
// never below 0.5.
func ocrConf(pages []layout.Page) float64 {
	sum, n := 0.0, 0
	for _, p := range pages {
		if !p.OCR {
			continue
		}
		for _, w := range p.Words {
			sum += w.Conf
			n++
		}
	}
	if n == 0 {
		return 1
	}
	return min(1, max(0.5, sum/float64(n)/100))
}

func amount(v *decimal.Decimal) *docextract.Amount {
	if v == nil {
		return nil
	}
	return docextract.NewAmount(*v)
}

// sellerVAT returns the first VAT id outside the buyer's block.
func (d *doc) sellerVAT(buyer map[int]bool) string {
	first := ""
	for li := range d.lines {
		l := &d.lines[li]
		id := textparse.FindVATID(l.words)
		if id == "" {
			continue
		}
		if first == "" {
			first = id
		}
		if buyer[li] || strings.Contains(strings.ToLower(l.text), "client") || strings.Contains(strings.ToLower(l.text), "kunde") {
			continue
		}
		return id
	}
	return first
}

// iban returns the IBAN of the payee: the first IBAN with valid check
// digits printed anywhere (also split over two lines), else the value of an
// "IBAN" label (right of it or below it) that has the shape of an IBAN,
// whatever its check digits say: sample and test invoices print made-up
// ones, and the label vouches that it is meant as the IBAN.
//
// An IBAN in a sentence about the customer's own account (a direct debit,
// "von Ihrem Konto ... ab", a refund "Ihrem Konto ... gutgeschrieben") is
// the payer's, not the payee's, and is never returned: with no other IBAN
// printed, the seller's IBAN is unknown.
func (d *doc) iban() string {
	for li := range d.lines {
		if d.payerLine(li) {
			continue
		}
		if s := d.findIBAN(li, d.lines[li].words); s != "" {
			return s
		}
	}
	for li := 0; li+1 < len(d.lines); li++ {
		if d.payerLine(li) || d.payerLine(li+1) {
			continue
		}
		ws := append(append([]string{}, d.lines[li].words...), d.lines[li+1].words...)
		if s := d.findIBAN(li, ws); s != "" {
			return s
		}
	}
	// Split inside a footer column: "IBAN DE89 3704 0044" over "0532 0130
	// 00", with other columns' text beside both lines.
	for li := 0; li+1 < len(d.lines); li++ {
		l, n := &d.lines[li], &d.lines[li+1]
		if n.pg != l.pg || len(l.cells) < 2 {
			continue
		}
		for _, c := range l.cells {
			var ws []string
			for _, w := range c.Words {
				ws = append(ws, w.Text)
			}
			for _, w := range n.Words {
				if w.X0 >= c.X0-l.h && w.X1 <= c.X1+4*l.h {
					ws = append(ws, w.Text)
				}
			}
			if s := d.findIBAN(li, ws); s != "" {
				return s
			}
		}
	}
	var out string
	d.eachLabel(func(li int, m textparse.LabelMatch) {
		if m.Field != textparse.FieldIBAN || out != "" || d.payerLine(li) {
			return
		}
		for _, sp := range d.valueSpans(li, m, true) {
			if s := textparse.FindPlausibleIBAN(sp.l.words[sp.from:sp.to]); s != "" {
				out = s
				return
			}
			if s := polishNRB(sp.l.words[sp.from:sp.to]); s != "" {
				out = s
				return
			}
		}
	})
	if out != "" {
		return out
	}
	// "IBAN DE12 3456 ..." inside a cell: the label word and its value.
	for li := range d.lines {
		ws := d.lines[li].words
		if d.payerLine(li) {
			continue
		}
		for i, w := range ws {
			if u := strings.ToUpper(strings.Trim(w, ":.")); u == "IBAN" || strings.HasPrefix(u, "IBAN:") {
				if s := textparse.FindPlausibleIBAN(ws[i:]); s != "" {
					return s
				}
			}
		}
	}
	return ""
}

// polishNRB reads a Polish domestic account number (NRB: 26 digits, printed
// in groups "61 1090 1014 0000 0712 1981 2874") after an account label as
// the IBAN it is without its "PL": only when the digits, and nothing else
// but spaces, fill the span's first words and "PL" + digits has valid IBAN
// check digits.
func polishNRB(words []string) string {
	var b strings.Builder
	for _, w := range words {
		w = strings.Trim(w, ":;,.")
		if w == "" || strings.Trim(w, "0123456789") != "" {
			break
		}
		b.WriteString(w)
		if b.Len() >= 26 {
			break
		}
	}
	if b.Len() != 26 {
		return ""
	}
	if s := "PL" + b.String(); textparse.ValidIBAN(s) {
		return s
	}
	return ""
}

// payerPhrases name the reader's own account or a direct debit from it, in
// the six languages: an IBAN in such a line is the customer's.
var payerPhrases = []string{
	"ihrem konto", "ihres kontos", "ihr konto", "ihre iban", "lastschrift", "abgebucht",
	"your account", "your iban", "direct debit", "debited",
	"votre compte", "prélèvement", "prelevement",
	"uw rekening", "automatische incasso", "geïncasseerd", "geincasseerd", "afgeschreven",
	"su cuenta", "domiciliación", "domiciliacion", "cargo en cuenta",
	"vostro conto", "suo conto", "addebito", "addebitat",
}

// payerAccountLine reports whether a line speaks of the customer's account.
func payerAccountLine(text string) bool {
	t := strings.ToLower(text)
	for _, p := range payerPhrases {
		if strings.Contains(t, p) {
			return true
		}
	}
	return false
}

// payerLine reports whether line li speaks of the customer's account, or
// continues a sentence that does: "... buchen wir von Ihrem Konto" over
// "DE12 3456 ... ab." (the line before ends in a payer phrase).
func (d *doc) payerLine(li int) bool {
	if payerAccountLine(d.lines[li].text) {
		return true
	}
	if li == 0 || d.lines[li-1].pg != d.lines[li].pg {
		return false
	}
	prev := strings.ToLower(strings.TrimRight(d.lines[li-1].text, " :"))
	for _, p := range payerPhrases {
		if strings.HasSuffix(prev, p) {
			return true
		}
	}
	return false
}

// anyOCR reports whether a page of d was read by OCR.
func (d *doc) anyOCR() bool {
	for _, p := range d.pages {
		if p.OCR {
			return true
		}
	}
	return false
}

// mendLineTotal replaces the printed total of one line item by quantity ×
// unit price when OCR misread it ("2.75" as "215"): only when that line
// alone disagrees with its own quantity × unit price, and the line totals
// then add up to the first of the document's totals given (line total,
// net, gross) to the cent, which they did not as read. When the line
// totals add up as read, the total of that line is right and its quantity
// or unit price was misread: see mendFactor.
func mendLineTotal(items []docextract.LineItem, totals ...*decimal.Decimal) {
	sum := decimal.Zero
	bad := -1
	var fixed decimal.Decimal
	for i, it := range items {
		if it.ProductTotalPrice == nil {
			return
		}
		sum = sum.Add(it.ProductTotalPrice.Decimal)
		if it.ProductQuantity == nil || it.ProductUnitPrice == nil {
			continue
		}
		want := it.ProductQuantity.Mul(it.ProductUnitPrice.Decimal).Round(2)
		if want.Sub(it.ProductTotalPrice.Decimal).Abs().GreaterThan(decimal.New(1, -2)) {
			if bad >= 0 {
				return // two lines disagree: no single misreading
			}
			bad, fixed = i, want
		}
	}
	if bad < 0 {
		return
	}
	mended := sum.Sub(items[bad].ProductTotalPrice.Decimal).Add(fixed)
	cent := decimal.New(1, -2)
	for _, tot := range totals {
		if tot == nil {
			continue
		}
		if sum.Sub(*tot).Abs().LessThanOrEqual(cent) {
			// The lines add up as read, so the line total is right and the
			// quantity or the unit price was misread.
			mendFactor(&items[bad])
			return
		}
		if mended.Sub(*tot).Abs().LessThanOrEqual(cent) {
			items[bad].ProductTotalPrice = docextract.NewAmount(fixed)
			return
		}
	}
}

// findIBAN is textparse.FindIBAN on the words of line li and after; on a
// page read by OCR, an IBAN with a misread letter is repaired when its
// check digits vouch for one reading (textparse.FindIBANOCR).
func (d *doc) findIBAN(li int, ws []string) string {
	if d.pages[d.lines[li].pg].OCR {
		return textparse.FindIBANOCR(ws)
	}
	return textparse.FindIBAN(ws)
}

// paymentRef returns the value of a payment-reference label.
func (d *doc) paymentRef() string {
	var out string
	d.eachLabel(func(li int, m textparse.LabelMatch) {
		if m.Field != textparse.FieldPaymentRef || out != "" {
			return
		}
		// Only the nearest value span counts: a reference is printed right
		// beside (or below) its label.
		if spans := d.valueSpans(li, m, false); len(spans) > 0 {
			sp := spans[0]
			s := strings.TrimSpace(strings.TrimLeft(cellText(sp.l, sp.from, sp.to), ": "))
			if s != "" && len(s) <= 60 && hasDigit(s) {
				out = s
			}
		}
	})
	return out
}

// mendFactor corrects the quantity or the unit price of a line item whose
// total is known to be right (the line totals add up to the document's
// total) but whose quantity × unit price is not that total, as OCR misreads
// one digit ("3" as "9", "5.00" as "6.00"): total ÷ unit price replaces the
// quantity when it is a number of at most three decimals printed with as
// many characters as the quantity read and differing from it in one digit;
// else total ÷ quantity replaces the unit price on the same terms (at most
// four decimals). Nothing changes when neither reading fits.
func mendFactor(it *docextract.LineItem) {
	q, u, tot := it.ProductQuantity, it.ProductUnitPrice, it.ProductTotalPrice
	if q == nil || u == nil || tot == nil || q.Sign() == 0 || u.Sign() == 0 {
		return
	}
	if v, ok := oneDigitOff(tot.Div(u.Decimal), q.Decimal, 3); ok {
		it.ProductQuantity = docextract.NewAmount(v)
		return
	}
	if v, ok := oneDigitOff(tot.Div(q.Decimal), u.Decimal, 4); ok {
		it.ProductUnitPrice = docextract.NewAmount(v)
	}
}

// oneDigitOff reports whether want (a quotient) is exactly a number of at
// most places decimals whose digits, at read's scale, differ from read's
// in exactly one place; it returns it at read's scale.
func oneDigitOff(want, read decimal.Decimal, places int32) (decimal.Decimal, bool) {
	if !want.Equal(want.Round(places)) || want.Sign() <= 0 {
		return decimal.Decimal{}, false
	}
	exp := read.Exponent()
	if exp > 0 {
		exp = 0
	}
	if !want.Equal(want.Round(-exp)) {
		return decimal.Decimal{}, false
	}
	a, b := want.StringFixed(-exp), read.StringFixed(-exp)
	if len(a) != len(b) {
		return decimal.Decimal{}, false
	}
	diff := 0
	for i := range len(a) {
		if a[i] != b[i] {
			diff++
		}
	}
	if diff != 1 {
		return decimal.Decimal{}, false
	}
	return want.Round(-exp), true
}

// accented returns name as it is spelled elsewhere in a document read by
// OCR when it was read there with more diacritics and is otherwise the
// same ("Büro Krämer GmbH" in the footer, "Büro Kramer GmbH" in the small
// sender line): OCR drops accents far more often than it invents them. A
// name printed nowhere else is returned as it is.
func (d *doc) accented(name string) string {
	if !d.anyOCR() {
		return name
	}
	ws := strings.Fields(name)
	if len(ws) == 0 {
		return name
	}
	marks := func(s string) int {
		n := 0
		for _, r := range s {
			if r >= 0x80 && unicode.IsLetter(r) {
				n++
			}
		}
		return n
	}
	want := make([]string, len(ws))
	for i, w := range ws {
		want[i] = textparse.Fold(w)
	}
	best, most := name, marks(name)
	for li := range d.lines {
		lw := d.lines[li].words
		for i := 0; i+len(ws) <= len(lw); i++ {
			n := 0
			for k := range ws {
				if textparse.Fold(lw[i+k]) != want[k] {
					n = -1
					break
				}
				n += marks(lw[i+k])
			}
			if n > most {
				best, most = strings.Join(lw[i:i+len(ws)], " "), n
			}
		}
	}
	return best
}
