package einvoice

import (
	"errors"
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/docextract/docextract"
)

// Syntax is the XML vocabulary of an e-invoice.
type Syntax string

// The syntaxes Parse reads.
const (
	// SyntaxCII is UN/CEFACT CII D16B rsm:CrossIndustryInvoice: Factur-X,
	// ZUGFeRD 2.x and XRechnung CII, every profile.
	SyntaxCII Syntax = "CII"
	// SyntaxUBL is OASIS UBL 2.1 Invoice or CreditNote (XRechnung UBL, Peppol).
	SyntaxUBL Syntax = "UBL"
	// SyntaxZUGFeRD1 is ZUGFeRD 1.0 rsm:CrossIndustryDocument.
	SyntaxZUGFeRD1 Syntax = "ZUGFeRD1"
)

// Namespace URIs of the root elements Parse recognises.
const (
	NamespaceCII           = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
	NamespaceZUGFeRD1      = "urn:ferd:CrossIndustryDocument:invoice:1p0"
	NamespaceUBLInvoice    = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
	NamespaceUBLCreditNote = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
)

// Errors returned by Parse; match with errors.Is.
var (
	// ErrNotInvoice: well-formed XML whose root is not a CII, ZUGFeRD 1 or UBL
	// invoice (for example an Order-X order or an unrelated document).
	ErrNotInvoice = errors.New("einvoice: XML is not a CII, ZUGFeRD 1 or UBL invoice")
	// ErrMalformed: the bytes are not well-formed XML (this includes documents
	// that use undeclared or custom entities).
	ErrMalformed = errors.New("einvoice: malformed XML")
	// ErrTooLarge: the document exceeds MaxSize bytes or MaxElements elements.
	ErrTooLarge = errors.New("einvoice: XML document too large")
	// ErrTooDeep: elements are nested deeper than MaxDepth.
	ErrTooDeep = errors.New("einvoice: XML nesting too deep")
)

// Info describes the e-invoice Parse read.
type Info struct {
	// Syntax is the XML vocabulary.
	Syntax Syntax
	// Profile is the guideline identifier as written in the document
	// (CII GuidelineSpecifiedDocumentContextParameter/ID, UBL CustomizationID),
	// e.g. "urn:cen.eu:en16931:2017".
	Profile string
	// ProfileName is the short profile name derived from Profile: MINIMUM,
	// BASIC WL, BASIC, EN16931, EXTENDED, XRECHNUNG, COMFORT (ZUGFeRD 1) or "".
	ProfileName string
	// TypeCode is the UNTDID 1001 document type code (380 invoice, 381 credit
	// note, ...), "" when absent.
	TypeCode string
	// CreditNote is true for UBL CreditNote documents and for credit-note type
	// codes (381, 261, 262, 296, 308, 396, 420, 458, 532, 81, 83).
	CreditNote bool
}

// creditNoteCodes are the UNTDID 1001 codes of credit notes.
var creditNoteCodes = map[string]bool{
	"81": true, "83": true, "261": true, "262": true, "296": true, "308": true,
	"381": true, "396": true, "420": true, "458": true, "532": true,
}

// Parse reads a CII (Factur-X / ZUGFeRD 2.x / XRechnung), ZUGFeRD 1.0 or UBL
// 2.1 e-invoice exactly and maps it onto the invoice schema of docs/api.md, extraction_data.
//
// Amounts are copied digit for digit as the document writes them (no sign
// flipping for credit notes: IsCreditNote in the details block says how to
// read them). A value the document does not carry stays nil. LineItems holds
// the top-level lines only: EXTENDED sub-lines (those with a ParentLineID) are
// left out because their parent line already carries their amount, so the sum
// of ProductTotalPrice equals LineTotalAmount. Pure note lines (no product
// name and no line amount, allowed by ZUGFeRD 1) are left out too.
// ProductUnitPrice is the net price per one unit (the net price divided by
// its basis quantity); line-level allowances and charges go to
// ProductAllowanceCharge (charges minus allowances), so that quantity × unit
// price + ProductAllowanceCharge = ProductTotalPrice. TotalTaxAmount is the
// tax total in the invoice currency when the document also states it in a
// tax currency.
//
// Parse returns ErrNotInvoice for other XML, and ErrMalformed, ErrTooLarge or
// ErrTooDeep for input it refuses to read; it never panics.
func Parse(data []byte) (*docextract.InvoiceData, Info, error) {
	root, err := parseTree(data)
	if err != nil {
		return nil, Info{}, err
	}
	syn, err := rootSyntax(root.Space, root.Local)
	if err != nil {
		return nil, Info{}, err
	}
	var (
		inv  *docextract.InvoiceData
		info Info
	)
	switch syn {
	case SyntaxCII:
		inv, info = parseCII(root, ciiD16B)
	case SyntaxZUGFeRD1:
		inv, info = parseCII(root, ciiZF1)
	case SyntaxUBL:
		inv, info = parseUBL(root)
	}
	info.Syntax = syn
	info.ProfileName = ProfileName(info.Profile)
	info.CreditNote = info.CreditNote || creditNoteCodes[info.TypeCode]
	if inv.Extra == nil {
		inv.Extra = &docextract.InvoiceDetails{}
	}
	inv.Extra.IsCreditNote = info.CreditNote
	inv.Extra.Profile = info.ProfileName
	if inv.Extra.Profile == "" {
		inv.Extra.Profile = info.Profile
	}
	return inv, info, nil
}

// rootSyntax maps a root element to its syntax. Namespaces decide; the local
// name alone is accepted only when the document declares no namespace at all
// (some generators omit it), never for a foreign namespace.
func rootSyntax(space, local string) (Syntax, error) {
	switch {
	case local == "CrossIndustryInvoice" && (space == NamespaceCII || space == ""):
		return SyntaxCII, nil
	case local == "CrossIndustryDocument" && (space == NamespaceZUGFeRD1 || space == ""):
		return SyntaxZUGFeRD1, nil
	case local == "Invoice" && (space == NamespaceUBLInvoice || space == ""):
		return SyntaxUBL, nil
	case local == "CreditNote" && (space == NamespaceUBLCreditNote || space == ""):
		return SyntaxUBL, nil
	}
	if space != "" {
		return "", fmt.Errorf("%w: root element {%s}%s", ErrNotInvoice, space, local)
	}
	return "", fmt.Errorf("%w: root element %s", ErrNotInvoice, local)
}

// ProfileName returns the short name of a guideline identifier: MINIMUM,
// BASIC WL, BASIC, EN16931, EXTENDED, XRECHNUNG, or for ZUGFeRD 1 BASIC,
// COMFORT, EXTENDED; "" when unknown.
func ProfileName(guideline string) string {
	g := strings.ToLower(guideline)
	switch {
	case g == "":
		return ""
	case strings.Contains(g, "xrechnung"):
		return "XRECHNUNG"
	case strings.Contains(g, "minimum"):
		return "MINIMUM"
	case strings.Contains(g, "basicwl"), strings.Contains(g, "basic-wl"):
		return "BASIC WL"
	case strings.Contains(g, "extended"):
		return "EXTENDED"
	case strings.Contains(g, "comfort"):
		return "COMFORT"
	case strings.Contains(g, "basic"):
		return "BASIC"
	case strings.Contains(g, "en16931"):
		return "EN16931"
	}
	return ""
}

// amount parses the text of n as a decimal; nil when n is absent, empty or not
// a plain decimal (the schema's "not read", never a guess).
func amount(n *node) *docextract.Amount {
	s := n.Text()
	if !plainDecimal(s) {
		return nil
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		return nil
	}
	return docextract.NewAmount(d)
}

// plainDecimal reports whether s is an XML Schema xs:decimal of at most 40
// characters: optional sign, digits, optional fraction. Exponents ("1e-9999")
// are refused: they are not valid amounts and would make arithmetic on them
// arbitrarily expensive.
func plainDecimal(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	if s[0] == '-' || s[0] == '+' {
		s = s[1:]
	}
	digits, dot := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && !dot:
			dot = true
		default:
			return false
		}
	}
	return digits > 0
}

// amountIn picks, among elements that may repeat with different currencyID
// attributes (TaxTotalAmount in document and tax currency), the one in
// currency cur; else the one without currencyID; else the first.
func amountIn(nodes []*node, cur string) *docextract.Amount {
	if len(nodes) == 0 {
		return nil
	}
	if cur != "" {
		for _, n := range nodes {
			if strings.EqualFold(n.AttrValue("currencyID"), cur) {
				return amount(n)
			}
		}
	}
	for _, n := range nodes {
		if n.AttrValue("currencyID") == "" {
			return amount(n)
		}
	}
	return amount(nodes[0])
}

// isoDate normalises a date to YYYY-MM-DD: CII DateTimeString format 102
// (YYYYMMDD), or an ISO date (UBL, optionally with a time part). Anything else
// (formats 610 month, 616 week, malformed values) is not a day and gives nil.
func isoDate(s, format string) *string {
	s = strings.TrimSpace(s)
	if format != "" && format != "102" {
		return nil
	}
	switch {
	case len(s) == 8 && allDigits(s):
		s = s[0:4] + "-" + s[4:6] + "-" + s[6:8]
	case len(s) >= 10 && s[4] == '-' && s[7] == '-' && allDigits(s[0:4]+s[5:7]+s[8:10]):
		s = s[:10]
	default:
		return nil
	}
	m, d := (s[5]-'0')*10+(s[6]-'0'), (s[8]-'0')*10+(s[9]-'0')
	if m < 1 || m > 12 || d < 1 || d > 31 {
		return nil
	}
	return &s
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// unitPrice divides a price by its basis quantity (the quantity the price is
// given for, e.g. 100 pieces) so ProductUnitPrice is always per one unit.
func unitPrice(price, basis *docextract.Amount) *docextract.Amount {
	if price == nil || basis == nil || basis.IsZero() || basis.Equal(decimal.NewFromInt(1)) {
		return price
	}
	// Keep exact quotients exact with as few decimals as they need (at least
	// the price's own); cap recurring ones at 10 places.
	places := -price.Exponent()
	if places < 0 {
		places = 0
	}
	for ; places <= 10; places++ {
		q := price.DivRound(basis.Decimal, places)
		if q.Mul(basis.Decimal).Equal(price.Decimal) {
			return docextract.NewAmount(q)
		}
	}
	return docextract.NewAmount(price.DivRound(basis.Decimal, 10))
}
