package eval

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The fields the evaluation scores, in report order. Field values are strings
// in both truth and extraction (see FieldsFromInvoice).
const (
	FieldInvoiceNumber   = "InvoiceNumber"
	FieldInvoiceDate     = "InvoiceDate"
	FieldTotalGrossPrice = "TotalGrossPrice"
	FieldCurrency        = "Currency"
	FieldTotalNetPrice   = "TotalNetPrice"
	FieldSellerName      = "SellerName"
	FieldLineCount       = "LineCount"
	FieldIBAN            = "IBAN"
)

// Fields lists the scored fields in report order.
var Fields = []string{
	FieldInvoiceNumber, FieldInvoiceDate, FieldTotalGrossPrice, FieldCurrency,
	FieldTotalNetPrice, FieldSellerName, FieldLineCount, FieldIBAN,
}

// ErrNoTruth means the XML (or no attachment of a PDF) is a CII, ZUGFeRD 1 or
// UBL invoice, so the case has no ground truth.
var ErrNoTruth = errors.New("eval: no invoice XML to take the ground truth from")

// maxTruthSize bounds the XML the truth reader accepts.
const maxTruthSize = 20 << 20

// truthPaths maps, per root element, a path of local names below the root to
// the field it holds. The first occurrence wins. This reader is deliberately
// separate from package einvoice: it knows only these well-known paths, so an
// error in the extractor cannot also be an error in the truth.
var truthPaths = map[string]map[string]string{
	"CrossIndustryInvoice": {
		"ExchangedDocument/ID":                                                            FieldInvoiceNumber,
		"ExchangedDocument/IssueDateTime/DateTimeString":                                  FieldInvoiceDate,
		"SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/InvoiceCurrencyCode": FieldCurrency,
		"SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementHeaderMonetarySummation/GrandTotalAmount":               FieldTotalGrossPrice,
		"SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementHeaderMonetarySummation/TaxBasisTotalAmount":            FieldTotalNetPrice,
		"SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/SellerTradeParty/Name":                                                           FieldSellerName,
		"SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementPaymentMeans/PayeePartyCreditorFinancialAccount/IBANID": FieldIBAN,
	},
	"CrossIndustryDocument": {
		"HeaderExchangedDocument/ID":                                                                    FieldInvoiceNumber,
		"HeaderExchangedDocument/IssueDateTime/DateTimeString":                                          FieldInvoiceDate,
		"SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeSettlement/InvoiceCurrencyCode": FieldCurrency,
		"SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeSettlement/SpecifiedTradeSettlementMonetarySummation/GrandTotalAmount":                     FieldTotalGrossPrice,
		"SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeSettlement/SpecifiedTradeSettlementMonetarySummation/TaxBasisTotalAmount":                  FieldTotalNetPrice,
		"SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeAgreement/SellerTradeParty/Name":                                                           FieldSellerName,
		"SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeSettlement/SpecifiedTradeSettlementPaymentMeans/PayeePartyCreditorFinancialAccount/IBANID": FieldIBAN,
	},
	"Invoice": {
		"ID":                                    FieldInvoiceNumber,
		"IssueDate":                             FieldInvoiceDate,
		"DocumentCurrencyCode":                  FieldCurrency,
		"LegalMonetaryTotal/TaxInclusiveAmount": FieldTotalGrossPrice,
		"LegalMonetaryTotal/TaxExclusiveAmount": FieldTotalNetPrice,
		"AccountingSupplierParty/Party/PartyLegalEntity/RegistrationName": FieldSellerName,
		"PaymentMeans/PayeeFinancialAccount/ID":                           FieldIBAN,
	},
	"CreditNote": {
		"ID":                                    FieldInvoiceNumber,
		"IssueDate":                             FieldInvoiceDate,
		"DocumentCurrencyCode":                  FieldCurrency,
		"LegalMonetaryTotal/TaxInclusiveAmount": FieldTotalGrossPrice,
		"LegalMonetaryTotal/TaxExclusiveAmount": FieldTotalNetPrice,
		"AccountingSupplierParty/Party/PartyLegalEntity/RegistrationName": FieldSellerName,
		"PaymentMeans/PayeeFinancialAccount/ID":                           FieldIBAN,
	},
}

// ublSellerFallback is the trading name, used when the legal name is absent.
const ublSellerFallback = "AccountingSupplierParty/Party/PartyName/Name"

// Truth reads the ground-truth fields from an invoice XML (CII, ZUGFeRD 1 or
// UBL). LineCount counts the invoice lines: CII/ZUGFeRD line items that are
// not EXTENDED sub-lines (no ParentLineID) and are not pure notes (they have
// a product name or a line amount); UBL InvoiceLine/CreditNoteLine elements
// directly below the root. A field the XML does not carry is absent from the
// map (LineCount is always present). It returns ErrNoTruth for XML that is not
// an invoice.
func Truth(data []byte) (map[string]string, error) {
	if len(data) > maxTruthSize {
		return nil, fmt.Errorf("eval: truth XML too large (%d bytes)", len(data))
	}
	d := xml.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))))
	d.CharsetReader = func(label string, in io.Reader) (io.Reader, error) {
		if strings.EqualFold(label, "utf-8") {
			return in, nil
		}
		return nil, fmt.Errorf("unsupported encoding %q", label)
	}
	var (
		stack    []string
		root     string
		paths    map[string]string
		out      = map[string]string{}
		text     strings.Builder
		lines    int
		fallback string
		// CII line state: depth of the open line item, and what it holds.
		lineDepth           int
		lineSub, lineAmount bool
	)
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("eval: truth XML: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) > 256 {
				return nil, errors.New("eval: truth XML nested too deeply")
			}
			if root == "" {
				root = t.Name.Local
				paths = truthPaths[root]
				if paths == nil {
					return nil, fmt.Errorf("%w: root element %s", ErrNoTruth, root)
				}
			} else {
				stack = append(stack, t.Name.Local)
			}
			text.Reset()
			switch {
			case (root == "Invoice" && t.Name.Local == "InvoiceLine" || root == "CreditNote" && t.Name.Local == "CreditNoteLine") && len(stack) == 1:
				lines++
			case t.Name.Local == "IncludedSupplyChainTradeLineItem" && len(stack) == 2:
				lineDepth, lineSub, lineAmount = len(stack), false, false
			case lineDepth > 0 && (t.Name.Local == "ParentLineID"):
				lineSub = true
			case lineDepth > 0 && (t.Name.Local == "LineTotalAmount" || t.Name.Local == "Name" && stack[len(stack)-2] == "SpecifiedTradeProduct"):
				lineAmount = true
			}
		case xml.CharData:
			text.Write(t)
		case xml.EndElement:
			if len(stack) == 0 {
				continue
			}
			p := strings.Join(stack, "/")
			if f, ok := paths[p]; ok {
				if _, seen := out[f]; !seen {
					if v := strings.TrimSpace(text.String()); v != "" {
						out[f] = v
					}
				}
			}
			if p == ublSellerFallback && fallback == "" {
				fallback = strings.TrimSpace(text.String())
			}
			if lineDepth > 0 && len(stack) == lineDepth {
				if !lineSub && lineAmount {
					lines++
				}
				lineDepth = 0
			}
			stack = stack[:len(stack)-1]
			text.Reset()
		}
	}
	if root == "" {
		return nil, fmt.Errorf("%w: no root element", ErrNoTruth)
	}
	if _, ok := out[FieldSellerName]; !ok && fallback != "" {
		out[FieldSellerName] = fallback
	}
	if v, ok := out[FieldInvoiceDate]; ok {
		out[FieldInvoiceDate] = normDate(v)
	}
	out[FieldLineCount] = strconv.Itoa(lines)
	return out, nil
}
