package testdocs

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/shopspring/decimal"

	"github.com/docextract/docextract"
)

// InvoiceOptions configures NewInvoice. Zero values mean defaults.
type InvoiceOptions struct {
	// Lang is "en" (default) or "de".
	Lang string
	Seed uint64
	// Lines is the number of line items; 0 picks 1..12 at random.
	Lines int
	// LinesPerPage is the number of items per page; 0 means 18.
	LinesPerPage int
	// NoPageMarkers omits the "Page i of N" markers.
	NoPageMarkers bool
	// FirstPageOnly prints the invoice number on the first page only, so
	// continuation pages carry no number.
	FirstPageOnly bool
	// Seller picks one of the built-in sellers (index modulo their number);
	// -1 or any negative value picks at random.
	Seller int
	// Mark is printed under the title on every page ("Original", "Kopie",
	// "Duplicate for transporter"): the same options with another Mark
	// draw a copy of the invoice.
	Mark string
	// Title replaces the language's title ("INVOICE", "RECHNUNG"): a
	// quotation or an order confirmation drawn like the invoice.
	Title string
}

// Invoice is a generated invoice.
type Invoice struct {
	*Doc
	Truth *docextract.InvoiceData
}

type seller struct{ name, street, city, vat, iban string }

var sellers = []seller{
	{"Acme Supplies GmbH", "Industriestraße 5", "80331 München", "DE123456789", "DE89370400440532013000"},
	{"Globex Office Ltd", "221 Fleet Street", "London EC4A 2AB", "GB987654321", "GB29NWBK60161331926819"},
	{"Initech Services B.V.", "Keizersgracht 100", "1015 AA Amsterdam", "NL123456789B01", "NL91ABNA0417164300"},
}

var buyers = []string{"Contoso Retail AG", "Fabrikam Trading Ltd", "Wayne Logistics GmbH", "Stark Components B.V."}

var products = []string{"Printer paper A4 80g", "Toner cartridge black", "Ballpoint pens blue", "Desk lamp LED",
	"Consulting hours", "Office chair Ergo", "USB-C cable 2m", "Monitor stand", "Stapler heavy duty", "Notebook A5 ruled"}

type invLabels struct {
	title, number, date, due, buyer, desc, qty, price, total, net, tax, gross, cont, vat string
	marker                                                                               func(i, n int) string
	date2                                                                                func(time.Time) string
	num                                                                                  numFormat
}

var invLangs = map[string]invLabels{
	"en": {"INVOICE", "Invoice No:", "Invoice Date:", "Due Date:", "Bill to:", "Description", "Qty", "Unit price", "Amount",
		"Subtotal", "VAT", "Total", "Continued on next page", "VAT ID:",
		func(i, n int) string { return fmt.Sprintf("Page %d of %d", i, n) }, dateFmt("2006-01-02"), numEN},
	"de": {"RECHNUNG", "Rechnungsnummer:", "Rechnungsdatum:", "Fällig am:", "Rechnungsempfänger:", "Beschreibung", "Menge", "Einzelpreis", "Betrag",
		"Nettobetrag", "MwSt.", "Gesamtbetrag", "Fortsetzung auf der nächsten Seite", "USt-IdNr.:",
		func(i, n int) string { return fmt.Sprintf("Seite %d von %d", i, n) }, dateFmt("02.01.2006"), numDE},
}

// NewInvoice generates an invoice.
func NewInvoice(o InvoiceOptions) (*Invoice, error) {
	if o.Lang == "" {
		o.Lang = "en"
	}
	lb, ok := invLangs[o.Lang]
	if !ok {
		return nil, fmt.Errorf("testdocs: unknown invoice language %q", o.Lang)
	}
	if o.Title != "" {
		lb.title = o.Title
	}
	if o.LinesPerPage <= 0 {
		o.LinesPerPage = 18
	}
	r := rand.New(rand.NewPCG(o.Seed, 0x1a40))
	n := o.Lines
	if n <= 0 {
		n = 1 + r.IntN(12)
	}
	sel := sellers[r.IntN(len(sellers))]
	if o.Seller >= 0 {
		sel = sellers[o.Seller%len(sellers)]
	}
	buyer := pick(r, buyers)
	number := fmt.Sprintf("INV-%d-%04d", 2023+r.IntN(3), r.IntN(10000))
	date := time.Date(2024, time.Month(1+r.IntN(12)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC)
	due := date.AddDate(0, 0, 30)
	rate := decimal.NewFromInt(int64(pick(r, []int{19, 20, 21})))

	type item struct {
		name             string
		qty, price, line decimal.Decimal
	}
	items := make([]item, n)
	net := decimal.Zero
	for i := range items {
		it := item{name: pick(r, products), qty: decimal.NewFromInt(int64(1 + r.IntN(20))), price: cents(r, 1, 400)}
		it.line = it.qty.Mul(it.price)
		net = net.Add(it.line)
		items[i] = it
	}
	tax := net.Mul(rate).Div(decimal.NewFromInt(100)).Round(2)
	gross := net.Add(tax)

	truth := &docextract.InvoiceData{DocType: string(docextract.Invoice), LineItems: []docextract.LineItem{}, Taxes: []docextract.TaxBreakdown{}}
	g := &truth.General
	g.InvoiceNumber, g.InvoiceDate, g.DueDate = docextract.Str(number), docextract.Str(date.Format(time.DateOnly)), docextract.Str(due.Format(time.DateOnly))
	g.SellerName, g.SellerVATId, g.BuyerName = docextract.Str(sel.name), docextract.Str(sel.vat), docextract.Str(buyer)
	g.Currency = docextract.Str("EUR")
	g.TotalNetPrice, g.TotalTaxAmount, g.TotalGrossPrice, g.AmountDue = amt(net), amt(tax), amt(gross), amt(gross)
	g.IBAN = docextract.Str(sel.iban)
	for _, it := range items {
		truth.LineItems = append(truth.LineItems, docextract.LineItem{
			ProductName: docextract.Str(it.name), ProductQuantity: amt(it.qty), ProductUnitPrice: amt(it.price),
			ProductTotalPrice: amt(it.line), TaxRate: amt(rate),
		})
	}
	truth.Taxes = append(truth.Taxes, docextract.TaxBreakdown{TaxRate: amt(rate), TaxableAmount: amt(net), TaxAmount: amt(tax)})

	pages := (n + o.LinesPerPage - 1) / o.LinesPerPage
	draw := func(c *canvas) {
		for p := range pages {
			c.addPage()
			c.font(true, 14)
			c.text(40, 40, sel.name)
			c.font(false, 9)
			c.text(40, 60, sel.street+", "+sel.city)
			c.text(40, 72, lb.vat+" "+sel.vat)
			c.font(true, 18)
			c.right(555, 40, lb.title)
			c.font(false, 9)
			if o.Mark != "" {
				c.right(555, 54, o.Mark)
			}
			if !o.NoPageMarkers {
				c.right(555, 66, lb.marker(p+1, pages))
			}
			y := 110.0
			if p == 0 {
				c.text(40, y, lb.buyer)
				c.text(40, y+12, buyer)
				c.text(40, y+24, "Hauptstraße 12, 10115 Berlin")
				c.text(330, y, lb.number+" "+number)
				c.text(330, y+12, lb.date+" "+lb.date2(date))
				c.text(330, y+24, lb.due+" "+lb.date2(due))
				y += 60
			} else {
				if !o.FirstPageOnly {
					c.text(330, y, lb.number+" "+number)
				}
				y += 30
			}
			c.font(true, 9)
			c.text(40, y, lb.desc)
			c.right(360, y, lb.qty)
			c.right(450, y, lb.price)
			c.right(555, y, lb.total)
			c.font(false, 9)
			c.rule(40, 555, y+12)
			y += 16
			lo, hi := p*o.LinesPerPage, min(n, (p+1)*o.LinesPerPage)
			for _, it := range items[lo:hi] {
				c.text(40, y, it.name)
				c.right(360, y, it.qty.String())
				c.right(450, y, lb.num.format(it.price))
				c.right(555, y, lb.num.format(it.line))
				y += 13
			}
			c.rule(40, 555, y+2)
			y += 8
			if p < pages-1 {
				c.text(40, y, lb.cont)
				continue
			}
			c.text(380, y, lb.net)
			c.right(555, y, lb.num.format(net))
			c.text(380, y+13, fmt.Sprintf("%s %s%%", lb.tax, rate))
			c.right(555, y+13, lb.num.format(tax))
			c.font(true, 10)
			c.text(380, y+28, lb.gross+" EUR")
			c.right(555, y+28, lb.num.format(gross))
			c.font(false, 9)
			c.text(40, y+60, "IBAN: "+groups4(sel.iban))
		}
	}
	doc, err := render(docextract.Invoice, draw)
	if err != nil {
		return nil, err
	}
	return &Invoice{Doc: doc, Truth: truth}, nil
}
