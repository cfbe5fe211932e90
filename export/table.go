package export

import (
	"strconv"
	"time"

	"github.com/docextract/docextract"
	"github.com/shopspring/decimal"
)

// kind is the type of a column: how CSV prints it and which XLSX cell it becomes.
type kind uint8

const (
	kText   kind = iota // text cell, neutralised by SafeText
	kMoney              // decimal, XLSX format #,##0.00
	kNumber             // decimal (quantity, rate, unit price), XLSX format General
	kDate               // YYYY-MM-DD; an unparsable date falls back to text
	kInt                // whole number
	kBool               // true / false
)

// column is one column of a table layout.
type column struct {
	name  string
	kind  kind
	width float64 // XLSX column width; 0 means default
}

// value is one cell. null marks a value that was not extracted: an empty CSV
// field and an empty XLSX cell.
type value struct {
	kind kind
	null bool
	s    string
	d    decimal.Decimal
	t    time.Time
	i    int64
	b    bool
}

func text(p *string) value {
	if p == nil {
		return value{kind: kText, null: true}
	}
	return value{kind: kText, s: *p}
}

func textS(s string) value { return value{kind: kText, s: s, null: s == ""} }

func money(a *docextract.Amount) value {
	if a == nil {
		return value{kind: kMoney, null: true}
	}
	return value{kind: kMoney, d: a.Decimal}
}

func number(a *docextract.Amount) value {
	if a == nil {
		return value{kind: kNumber, null: true}
	}
	return value{kind: kNumber, d: a.Decimal}
}

// date parses an extracted YYYY-MM-DD date; anything else stays text, so an
// odd extraction is shown as read instead of being dropped.
func date(p *string) value {
	if p == nil || *p == "" {
		return value{kind: kDate, null: true}
	}
	t, err := time.Parse(time.DateOnly, *p)
	if err != nil {
		return value{kind: kText, s: *p}
	}
	return value{kind: kDate, t: t}
}

func integer(i int64) value { return value{kind: kInt, i: i} }

func boolean(b bool) value { return value{kind: kBool, b: b} }

// csvString renders v for a CSV field. European switches the decimal point to
// a comma; dates are always ISO 8601 (YYYY-MM-DD), which every spreadsheet
// locale reads as a date.
func (v value) csvString(european bool) string {
	if v.null {
		return ""
	}
	switch v.kind {
	case kMoney, kNumber:
		s := v.d.String()
		if v.kind == kMoney {
			s = moneyString(v.d)
		}
		if european {
			s = commaDecimal(s)
		}
		return s
	case kDate:
		return v.t.Format(time.DateOnly)
	case kInt:
		return strconv.FormatInt(v.i, 10)
	case kBool:
		return strconv.FormatBool(v.b)
	}
	return SafeText(v.s)
}

// moneyString prints d with at least two decimals and never fewer than it
// holds: 119 -> "119.00", 2.5 -> "2.50", 0.125 -> "0.125".
func moneyString(d decimal.Decimal) string {
	places := int32(2)
	if e := -d.Exponent(); e > places {
		places = e
	}
	return d.StringFixed(places)
}

func commaDecimal(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return s[:i] + "," + s[i+1:]
		}
	}
	return s
}

// table is the tabular view of one document that the CSV and XLSX writers
// share: the document-level fields and the rows of lines or transactions.
type table struct {
	docCols  []column
	docVals  []value
	lineName string // XLSX sheet name of the lines
	lineCols []column
	lines    [][]value
	taxCols  []column // invoices only
	taxes    [][]value
}

var lineItemCols = []column{
	{"LineNumber", kInt, 11},
	{"ProductName", kText, 40},
	{"ProductQuantity", kNumber, 16},
	{"Unit", kText, 8},
	{"ProductUnitPrice", kNumber, 17},
	{"ProductTotalPrice", kMoney, 18},
	{"TaxRate", kNumber, 9},
}

func lineItemRows(items []docextract.LineItem) [][]value {
	rows := make([][]value, len(items))
	for i, it := range items {
		rows[i] = []value{
			integer(int64(i + 1)), text(it.ProductName), number(it.ProductQuantity), text(it.Unit),
			number(it.ProductUnitPrice), money(it.ProductTotalPrice), number(it.TaxRate),
		}
	}
	return rows
}

// commonCols are the first document columns of every layout.
var commonCols = []column{
	{"document_id", kText, 38},
	{"file_name", kText, 24},
}

func commonVals(d *Document) []value {
	return []value{textS(d.ID), textS(d.FileName)}
}

var validationCols = []column{{"passed_validation", kBool, 18}}

// invoiceTable is the layout of an invoice: its fields, its line items, and
// a Taxes sheet of its VAT rows.
func invoiceTable(d *Document) table {
	data := d.Data.(*docextract.InvoiceData)
	g := data.General
	t := table{
		docCols: concat(commonCols, []column{
			{"InvoiceNumber", kText, 16}, {"InvoiceDate", kDate, 12}, {"DueDate", kDate, 12},
			{"SellerName", kText, 28}, {"SellerVATId", kText, 16}, {"BuyerName", kText, 28},
			{"Currency", kText, 9}, {"TotalNetPrice", kMoney, 14}, {"TotalTaxAmount", kMoney, 15},
			{"TotalGrossPrice", kMoney, 16}, {"AmountDue", kMoney, 14}, {"IBAN", kText, 28},
			{"PaymentReference", kText, 20},
		}, validationCols),
		docVals: append(commonVals(d),
			text(g.InvoiceNumber), date(g.InvoiceDate), date(g.DueDate),
			text(g.SellerName), text(g.SellerVATId), text(g.BuyerName),
			text(g.Currency), money(g.TotalNetPrice), money(g.TotalTaxAmount),
			money(g.TotalGrossPrice), money(g.AmountDue), text(g.IBAN),
			text(g.PaymentReference), boolean(d.Validation.Passed)),
		lineName: "Line items",
		lineCols: lineItemCols,
		lines:    lineItemRows(data.LineItems),
		taxCols:  []column{{"TaxRate", kNumber, 9}, {"TaxableAmount", kMoney, 15}, {"TaxAmount", kMoney, 14}},
	}
	for _, tx := range data.Taxes {
		t.taxes = append(t.taxes, []value{number(tx.TaxRate), money(tx.TaxableAmount), money(tx.TaxAmount)})
	}
	return t
}

// receiptTable is the layout of a receipt: its fields and line items.
func receiptTable(d *Document) table {
	data := d.Data.(*docextract.ReceiptData)
	g := data.General
	return table{
		docCols: concat(commonCols, []column{
			{"MerchantName", kText, 28}, {"MerchantAddress", kText, 36}, {"ReceiptNumber", kText, 16},
			{"ReceiptDate", kDate, 12}, {"ReceiptTime", kText, 10}, {"Currency", kText, 9},
			{"TotalGrossPrice", kMoney, 16}, {"TotalTaxAmount", kMoney, 15}, {"PaymentMethod", kText, 16},
		}, validationCols),
		docVals: append(commonVals(d),
			text(g.MerchantName), text(g.MerchantAddress), text(g.ReceiptNumber),
			date(g.ReceiptDate), text(g.ReceiptTime), text(g.Currency),
			money(g.TotalGrossPrice), money(g.TotalTaxAmount), text(g.PaymentMethod),
			boolean(d.Validation.Passed)),
		lineName: "Line items",
		lineCols: lineItemCols,
		lines:    lineItemRows(data.LineItems),
	}
}

// statementTable is the layout of a bank statement: its fields and
// transactions.
func statementTable(d *Document) table {
	data := d.Data.(*docextract.BankStatementData)
	g := data.General
	t := table{
		docCols: concat(commonCols, []column{
			{"BankName", kText, 24}, {"AccountHolder", kText, 28}, {"IBAN", kText, 28},
			{"AccountNumber", kText, 16}, {"Currency", kText, 9}, {"PeriodStart", kDate, 12},
			{"PeriodEnd", kDate, 12}, {"OpeningBalance", kMoney, 16}, {"ClosingBalance", kMoney, 16},
		}, validationCols),
		docVals: append(commonVals(d),
			text(g.BankName), text(g.AccountHolder), text(g.IBAN),
			text(g.AccountNumber), text(g.Currency), date(g.PeriodStart),
			date(g.PeriodEnd), money(g.OpeningBalance), money(g.ClosingBalance),
			boolean(d.Validation.Passed)),
		lineName: "Transactions",
		lineCols: []column{
			{"LineNumber", kInt, 11}, {"Date", kDate, 12}, {"ValueDate", kDate, 12},
			{"Description", kText, 48}, {"Reference", kText, 20}, {"Amount", kMoney, 14},
			{"Balance", kMoney, 14},
		},
	}
	t.lines = make([][]value, len(data.Transactions))
	for i, tr := range data.Transactions {
		t.lines[i] = []value{
			integer(int64(i + 1)), date(tr.Date), date(tr.ValueDate),
			text(tr.Description), text(tr.Reference), money(tr.Amount), money(tr.Balance),
		}
	}
	return t
}

func concat(parts ...[]column) []column {
	var out []column
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}
