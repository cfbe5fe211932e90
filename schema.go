package docextract

import (
	"encoding/json"
	"fmt"
)

// ExtractionData is the structured content of one document: *InvoiceData,
// *ReceiptData or *BankStatementData. It marshals to the `extraction_data`
// object of the API (docs/api.md, extraction_data): PascalCase keys, dates YYYY-MM-DD, amounts
// as JSON numbers, and null for every value that could not be read.
type ExtractionData interface {
	Type() DocType
}

// InvoiceData is extraction_data of an invoice.
type InvoiceData struct {
	DocType   string          `json:"docType"`
	General   InvoiceGeneral  `json:"general"`
	LineItems []LineItem      `json:"lineItems"`
	Taxes     []TaxBreakdown  `json:"taxes"`
	Extra     *InvoiceDetails `json:"details,omitempty"`
}

// InvoiceGeneral holds the document-level fields of an invoice.
type InvoiceGeneral struct {
	InvoiceNumber    *string `json:"InvoiceNumber"`
	InvoiceDate      *string `json:"InvoiceDate"`
	DueDate          *string `json:"DueDate"`
	SellerName       *string `json:"SellerName"`
	SellerVATId      *string `json:"SellerVATId"`
	BuyerName        *string `json:"BuyerName"`
	Currency         *string `json:"Currency"`
	TotalNetPrice    *Amount `json:"TotalNetPrice"`
	TotalTaxAmount   *Amount `json:"TotalTaxAmount"`
	TotalGrossPrice  *Amount `json:"TotalGrossPrice"`
	AmountDue        *Amount `json:"AmountDue"`
	IBAN             *string `json:"IBAN"`
	PaymentReference *string `json:"PaymentReference"`
}

// InvoiceDetails carries the totals that validation needs beyond the general
// block, as printed on (or encoded in) the document. All optional.
type InvoiceDetails struct {
	LineTotal      *Amount `json:"LineTotalAmount,omitempty"`
	AllowanceTotal *Amount `json:"AllowanceTotalAmount,omitempty"`
	ChargeTotal    *Amount `json:"ChargeTotalAmount,omitempty"`
	PrepaidAmount  *Amount `json:"PrepaidAmount,omitempty"`
	// WithheldAmount is what the customer keeps back from the total
	// instead of paying it to the seller, as a size (never negative): a
	// tax it pays to the tax office itself (Spanish "Retención IRPF",
	// Italian "Ritenuta d'acconto", the UK CIS deduction, the VAT of an
	// Italian "scissione dei pagamenti"/split payment) or a guarantee it
	// holds ("retenue de garantie", "Sicherheitseinbehalt"). It is not
	// part of the tax: TotalGrossPrice is net + tax before it, and
	// validation checks TotalGrossPrice - PrepaidAmount - WithheldAmount
	// (+ RoundingAmount) = AmountDue.
	WithheldAmount *Amount `json:"WithheldAmount,omitempty"`
	RoundingAmount *Amount `json:"RoundingAmount,omitempty"`
	IsCreditNote   bool    `json:"IsCreditNote,omitempty"`
	Profile        string  `json:"Profile,omitempty"`
}

// LineItem is one line of an invoice or receipt.
type LineItem struct {
	ProductName       *string `json:"ProductName"`
	ProductQuantity   *Amount `json:"ProductQuantity"`
	ProductUnitPrice  *Amount `json:"ProductUnitPrice"`
	ProductTotalPrice *Amount `json:"ProductTotalPrice"`
	TaxRate           *Amount `json:"TaxRate"`
	Unit              *string `json:"Unit"`
	// ProductAllowanceCharge is the line-level charges minus the line-level
	// allowances already included in ProductTotalPrice (EN 16931 BG-27/BG-28),
	// nil when the line states none. Validation checks
	// quantity × unit price + ProductAllowanceCharge = ProductTotalPrice.
	ProductAllowanceCharge *Amount `json:"ProductAllowanceCharge,omitempty"`
}

// TaxBreakdown is one VAT rate row.
type TaxBreakdown struct {
	TaxRate       *Amount `json:"TaxRate"`
	TaxableAmount *Amount `json:"TaxableAmount"`
	TaxAmount     *Amount `json:"TaxAmount"`
}

// ReceiptData is extraction_data of a receipt.
type ReceiptData struct {
	DocType   string         `json:"docType"`
	General   ReceiptGeneral `json:"general"`
	LineItems []LineItem     `json:"lineItems"`
}

// ReceiptGeneral holds the document-level fields of a receipt.
type ReceiptGeneral struct {
	MerchantName    *string `json:"MerchantName"`
	MerchantAddress *string `json:"MerchantAddress"`
	ReceiptNumber   *string `json:"ReceiptNumber"`
	ReceiptDate     *string `json:"ReceiptDate"`
	ReceiptTime     *string `json:"ReceiptTime"`
	Currency        *string `json:"Currency"`
	TotalGrossPrice *Amount `json:"TotalGrossPrice"`
	TotalTaxAmount  *Amount `json:"TotalTaxAmount"`
	PaymentMethod   *string `json:"PaymentMethod"`
}

// BankStatementData is extraction_data of a bank statement.
type BankStatementData struct {
	DocType      string               `json:"docType"`
	General      BankStatementGeneral `json:"general"`
	Transactions []Transaction        `json:"transactions"`
}

// BankStatementGeneral holds the statement-level fields.
type BankStatementGeneral struct {
	BankName       *string `json:"BankName"`
	AccountHolder  *string `json:"AccountHolder"`
	IBAN           *string `json:"IBAN"`
	AccountNumber  *string `json:"AccountNumber"`
	Currency       *string `json:"Currency"`
	PeriodStart    *string `json:"PeriodStart"`
	PeriodEnd      *string `json:"PeriodEnd"`
	OpeningBalance *Amount `json:"OpeningBalance"`
	ClosingBalance *Amount `json:"ClosingBalance"`
}

// Transaction is one statement row; Amount is signed (money out is negative).
type Transaction struct {
	Date        *string `json:"Date"`
	ValueDate   *string `json:"ValueDate"`
	Description *string `json:"Description"`
	Amount      *Amount `json:"Amount"`
	Balance     *Amount `json:"Balance"`
	Reference   *string `json:"Reference"`
}

func (*InvoiceData) Type() DocType       { return Invoice }
func (*ReceiptData) Type() DocType       { return Receipt }
func (*BankStatementData) Type() DocType { return BankStatement }

// NewExtractionData returns an empty value of the schema of t (TypeSpec.New),
// with DocType set and empty (not nil) lists, so it marshals with every key
// present.
func NewExtractionData(t DocType) (ExtractionData, error) {
	if s, ok := LookupType(t); ok {
		return s.New(), nil
	}
	return nil, fmt.Errorf("docextract: no schema for document type %q", t)
}

// DecodeExtractionData parses stored extraction_data JSON of type t.
func DecodeExtractionData(t DocType, raw []byte) (ExtractionData, error) {
	d, err := NewExtractionData(t)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(raw, d); err != nil {
		return nil, fmt.Errorf("docextract: decode %s extraction data: %w", t, err)
	}
	return d, nil
}

// Validation is the outcome of the validation rules for one document.
type Validation struct {
	Passed  bool              `json:"passed"`
	Details ValidationDetails `json:"details"`
}

// ValidationDetails is validation.details: always a calculation_logic sentence
// naming the rule that decided Passed, and every check that ran.
type ValidationDetails struct {
	CalculationLogic string  `json:"calculation_logic"`
	Checks           []Check `json:"checks"`
}

// Check is one validation rule applied to one document (or one row of it).
// Expected and Actual are decimal strings (or null when a side was missing).
type Check struct {
	Name     string  `json:"name"`
	Passed   bool    `json:"passed"`
	Expected *string `json:"expected"`
	Actual   *string `json:"actual"`
	Message  string  `json:"message"`
}
