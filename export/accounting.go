package export

import (
	"encoding/csv"
	"io"
	"strings"
	"time"

	"github.com/docextract/docextract"
	"github.com/shopspring/decimal"
)

// Accounting profiles: the importer an accounting_csv file is laid out for.
const (
	ProfileXero       = "xero"
	ProfileQuickBooks = "quickbooks"
)

// AccountingOptions configures accounting_csv. Zero values mean the defaults
// named on each field.
type AccountingOptions struct {
	// Profile is ProfileXero (default) or ProfileQuickBooks.
	Profile string
	// AccountCode is the expense account every line is coded to: Xero's
	// *AccountCode (default "429", General Expenses in Xero's standard chart
	// of accounts) or QuickBooks' Account (default "Uncategorized Expense").
	AccountCode string
	// TaxType is the tax rate name for lines whose rate is not in
	// TaxTypeByRate: Xero's *TaxType, exactly as the organisation's tax rate
	// is named (default "Tax on Purchases"; e.g. "20% (VAT on Expenses)" in
	// the UK, "GST on Expenses" in Australia and New Zealand), or QuickBooks'
	// Line Tax Code (default empty, as US companies have none).
	TaxType string
	// TaxTypeByRate maps an extracted line tax rate, as a plain decimal
	// ("20", "7.5", "0"), to a tax rate name, overriding TaxType for lines of
	// that rate.
	TaxTypeByRate map[string]string
	// DateFormat is the date layout of InvoiceDate/DueDate (Bill Date/Due
	// Date), written with the tokens YYYY, MM and DD, e.g. "DD/MM/YYYY"
	// (Xero default, its template's format) or "MM/DD/YYYY" (QuickBooks
	// default, US companies). Use the format of the organisation's region.
	DateFormat string
}

// accounting is AccountingOptions with defaults applied and checked.
type accounting struct {
	profile     string
	accountCode string
	taxType     string
	byRate      map[string]string
	layout      string // Go time layout
}

func (o AccountingOptions) resolve(f Format) (accounting, error) {
	a := accounting{profile: strings.ToLower(o.Profile), accountCode: o.AccountCode, taxType: o.TaxType}
	df := o.DateFormat
	switch a.profile {
	case "", ProfileXero:
		a.profile = ProfileXero
		if a.accountCode == "" {
			a.accountCode = "429"
		}
		if a.taxType == "" {
			a.taxType = "Tax on Purchases"
		}
		if df == "" {
			df = "DD/MM/YYYY"
		}
	case ProfileQuickBooks:
		if a.accountCode == "" {
			a.accountCode = "Uncategorized Expense"
		}
		if df == "" {
			df = "MM/DD/YYYY"
		}
	default:
		if f == AccountingCSV {
			return a, docextract.Errorf(docextract.EINVALID, "Unsupported accounting profile: %s", o.Profile)
		}
	}
	layout, ok := dateLayout(df)
	if !ok && f == AccountingCSV {
		return a, docextract.Errorf(docextract.EINVALID, "Unsupported date format: %s", o.DateFormat)
	}
	a.layout = layout
	if len(o.TaxTypeByRate) > 0 {
		a.byRate = make(map[string]string, len(o.TaxTypeByRate))
		for k, v := range o.TaxTypeByRate {
			if d, err := decimal.NewFromString(k); err == nil {
				a.byRate[d.String()] = v
			}
		}
	}
	return a, nil
}

// dateLayout converts "DD/MM/YYYY"-style tokens to a Go layout. It requires
// each of YYYY, MM and DD exactly once and only the separators "/-. ".
func dateLayout(s string) (string, bool) {
	if strings.Count(s, "YYYY") != 1 || strings.Count(s, "MM") != 1 || strings.Count(s, "DD") != 1 {
		return "", false
	}
	r := strings.NewReplacer("YYYY", "2006", "MM", "01", "DD", "02").Replace(s)
	if strings.Trim(r, "0126/-. ") != "" {
		return "", false
	}
	return r, true
}

// xeroColumns is the header of Xero's bills import template
// (Business > Bills to pay > Import), in its order. A leading '*' marks the
// columns Xero requires; they are always filled.
var xeroColumns = []string{
	"*ContactName", "EmailAddress",
	"POAddressLine1", "POAddressLine2", "POAddressLine3", "POAddressLine4",
	"POCity", "PORegion", "POPostalCode", "POCountry",
	"*InvoiceNumber", "*InvoiceDate", "*DueDate", "Total",
	"InventoryItemCode", "Description", "*Quantity", "*UnitAmount",
	"*AccountCode", "*TaxType", "TaxAmount",
	"TrackingName1", "TrackingOption1", "TrackingName2", "TrackingOption2",
	"Currency",
}

// quickBooksColumns is the header of the accounting_csv QuickBooks Online
// profile, named as QuickBooks' bill import (Settings > Import data > Bills)
// names its fields; Bill No., Vendor, Bill Date, Account and Line Amount are
// the ones it requires, and they are always filled.
var quickBooksColumns = []string{
	"Bill No.", "Vendor", "Bill Date", "Due Date", "Memo",
	"Account", "Line Description", "Line Amount", "Line Tax Code", "Currency",
}

// bill is the accounting view of an invoice or receipt.
type bill struct {
	contact, address, number, currency string
	date, due                          string
	lines                              []billLine
}

type billLine struct {
	description string
	quantity    decimal.Decimal
	unit        decimal.Decimal
	amount      decimal.Decimal
	taxType     string
}

func (a accounting) billOf(d *Document) bill {
	var b bill
	var date, due *string
	var items []docextract.LineItem
	var net, gross, tax *docextract.Amount
	switch data := d.Data.(type) {
	case *docextract.InvoiceData:
		g := data.General
		b.contact, b.number, b.currency = deref(g.SellerName), deref(g.InvoiceNumber), deref(g.Currency)
		date, due, items = g.InvoiceDate, g.DueDate, data.LineItems
		net, gross, tax = g.TotalNetPrice, g.TotalGrossPrice, g.TotalTaxAmount
	case *docextract.ReceiptData:
		g := data.General
		b.contact, b.number, b.currency = deref(g.MerchantName), deref(g.ReceiptNumber), deref(g.Currency)
		b.address = strings.Join(strings.Fields(deref(g.MerchantAddress)), " ")
		date, items = g.ReceiptDate, data.LineItems
		gross, tax = g.TotalGrossPrice, g.TotalTaxAmount
	}
	if strings.TrimSpace(b.contact) == "" {
		b.contact = "Unknown supplier"
	}
	if strings.TrimSpace(b.number) == "" {
		b.number = d.ID
	}
	b.date = a.formatDate(date, d.CreatedAt)
	b.due = b.date
	if due != nil {
		b.due = a.formatDate(due, d.CreatedAt)
	}
	for _, it := range items {
		l := billLine{description: deref(it.ProductName), quantity: decimal.NewFromInt(1), taxType: a.taxFor(it.TaxRate)}
		switch {
		case it.ProductQuantity != nil && it.ProductUnitPrice != nil:
			l.quantity, l.unit = it.ProductQuantity.Decimal, it.ProductUnitPrice.Decimal
		case it.ProductTotalPrice != nil:
			l.unit = it.ProductTotalPrice.Decimal
		case it.ProductUnitPrice != nil:
			l.unit = it.ProductUnitPrice.Decimal
		}
		l.amount = l.quantity.Mul(l.unit)
		if it.ProductTotalPrice != nil {
			l.amount = it.ProductTotalPrice.Decimal
		}
		if strings.TrimSpace(l.description) == "" {
			l.description = "Item"
		}
		b.lines = append(b.lines, l)
	}
	if len(b.lines) == 0 {
		// No lines read: one line for the whole document, net when known.
		var amt decimal.Decimal
		switch {
		case net != nil:
			amt = net.Decimal
		case gross != nil && tax != nil:
			amt = gross.Decimal.Sub(tax.Decimal)
		case gross != nil:
			amt = gross.Decimal
		}
		desc := string(d.docType()) + " " + b.number
		b.lines = []billLine{{description: desc, quantity: decimal.NewFromInt(1), unit: amt, amount: amt, taxType: a.taxType}}
	}
	return b
}

func (a accounting) taxFor(rate *docextract.Amount) string {
	if rate != nil && a.byRate != nil {
		if t, ok := a.byRate[rate.Decimal.String()]; ok {
			return t
		}
	}
	return a.taxType
}

// formatDate formats an extracted YYYY-MM-DD date in the chosen layout; a
// missing or unreadable date falls back to the document's creation day (UTC),
// or today's when that is unknown, because the importers require one.
func (a accounting) formatDate(p *string, fallback time.Time) string {
	if p != nil {
		if t, err := time.Parse(time.DateOnly, *p); err == nil {
			return t.Format(a.layout)
		}
	}
	if fallback.IsZero() {
		fallback = time.Now()
	}
	return fallback.UTC().Format(a.layout)
}

// writeAccounting writes the accounting_csv export of d: one row per line
// item with the bill's fields repeated, comma-separated, '.' decimals, no
// byte-order mark.
func writeAccounting(w io.Writer, d *Document, a accounting) error {
	b := a.billOf(d)
	cw := csv.NewWriter(w)
	cw.UseCRLF = true
	t := SafeText
	if a.profile == ProfileQuickBooks {
		if err := cw.Write(quickBooksColumns); err != nil {
			return err
		}
		memo := "docextract " + d.ID
		for _, l := range b.lines {
			row := []string{t(b.number), t(b.contact), b.date, b.due, t(memo),
				t(a.accountCode), t(l.description), moneyString(l.amount), t(l.taxType), t(b.currency)}
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	} else {
		if err := cw.Write(xeroColumns); err != nil {
			return err
		}
		for _, l := range b.lines {
			row := []string{t(b.contact), "",
				t(b.address), "", "", "",
				"", "", "", "",
				t(b.number), b.date, b.due, "",
				"", t(l.description), l.quantity.String(), moneyString(l.unit),
				t(a.accountCode), t(l.taxType), "",
				"", "", "", "",
				t(b.currency)}
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}
