package einvoice

import (
	"strings"

	"github.com/docextract/docextract"
)

// ciiNames are the element names that differ between CII D16B (ZUGFeRD 2.x,
// Factur-X, XRechnung) and ZUGFeRD 1.0; the rest of the vocabulary is shared.
type ciiNames struct {
	context, header, transaction                string
	agreement, settlement, summation            string
	lineAgreement, lineDelivery, lineSettlement string
	lineSummation, percent                      string
}

var (
	ciiD16B = ciiNames{
		context:        "ExchangedDocumentContext",
		header:         "ExchangedDocument",
		transaction:    "SupplyChainTradeTransaction",
		agreement:      "ApplicableHeaderTradeAgreement",
		settlement:     "ApplicableHeaderTradeSettlement",
		summation:      "SpecifiedTradeSettlementHeaderMonetarySummation",
		lineAgreement:  "SpecifiedLineTradeAgreement",
		lineDelivery:   "SpecifiedLineTradeDelivery",
		lineSettlement: "SpecifiedLineTradeSettlement",
		lineSummation:  "SpecifiedTradeSettlementLineMonetarySummation",
		percent:        "RateApplicablePercent",
	}
	ciiZF1 = ciiNames{
		context:        "SpecifiedExchangedDocumentContext",
		header:         "HeaderExchangedDocument",
		transaction:    "SpecifiedSupplyChainTradeTransaction",
		agreement:      "ApplicableSupplyChainTradeAgreement",
		settlement:     "ApplicableSupplyChainTradeSettlement",
		summation:      "SpecifiedTradeSettlementMonetarySummation",
		lineAgreement:  "SpecifiedSupplyChainTradeAgreement",
		lineDelivery:   "SpecifiedSupplyChainTradeDelivery",
		lineSettlement: "SpecifiedSupplyChainTradeSettlement",
		lineSummation:  "SpecifiedTradeSettlementMonetarySummation",
		percent:        "ApplicablePercent",
	}
)

// parseCII maps a CII or ZUGFeRD 1 document (root already identified).
func parseCII(root *node, nm ciiNames) (*docextract.InvoiceData, Info) {
	inv := newInvoice()
	g := &inv.General
	info := Info{
		Profile:  root.Str(nm.context, "GuidelineSpecifiedDocumentContextParameter", "ID"),
		TypeCode: root.Str(nm.header, "TypeCode"),
	}

	hdr := root.Get(nm.header)
	g.InvoiceNumber = docextract.Str(hdr.Str("ID"))
	if dt := hdr.Get("IssueDateTime", "DateTimeString"); dt != nil {
		g.InvoiceDate = isoDate(dt.Text(), dt.AttrValue("format"))
	}

	tx := root.Get(nm.transaction)
	agr := tx.Get(nm.agreement)
	seller := agr.Get("SellerTradeParty")
	g.SellerName = docextract.Str(seller.Str("Name"))
	for _, reg := range seller.All("SpecifiedTaxRegistration", "ID") {
		if strings.EqualFold(reg.AttrValue("schemeID"), "VA") {
			g.SellerVATId = docextract.Str(reg.Text())
			break
		}
	}
	g.BuyerName = docextract.Str(agr.Str("BuyerTradeParty", "Name"))

	set := tx.Get(nm.settlement)
	cur := set.Str("InvoiceCurrencyCode")
	g.Currency = docextract.Str(strings.ToUpper(cur))
	g.PaymentReference = docextract.Str(set.Str("PaymentReference"))
	for _, pm := range set.All("SpecifiedTradeSettlementPaymentMeans") {
		acct := pm.Get("PayeePartyCreditorFinancialAccount")
		if iban := acct.Str("IBANID"); iban != "" {
			g.IBAN = docextract.Str(normIBAN(iban))
			break
		}
	}
	for _, pt := range set.All("SpecifiedTradePaymentTerms") {
		if dt := pt.Get("DueDateDateTime", "DateTimeString"); dt != nil {
			if d := isoDate(dt.Text(), dt.AttrValue("format")); d != nil {
				g.DueDate = d
				break
			}
		}
	}

	sum := set.Get(nm.summation)
	pick := func(name string) *docextract.Amount { return amountIn(sum.All(name), cur) }
	g.TotalNetPrice = pick("TaxBasisTotalAmount")
	g.TotalTaxAmount = pick("TaxTotalAmount")
	g.TotalGrossPrice = pick("GrandTotalAmount")
	g.AmountDue = pick("DuePayableAmount")
	inv.Extra = &docextract.InvoiceDetails{
		LineTotal:      pick("LineTotalAmount"),
		AllowanceTotal: pick("AllowanceTotalAmount"),
		ChargeTotal:    pick("ChargeTotalAmount"),
		PrepaidAmount:  pick("TotalPrepaidAmount"),
		RoundingAmount: pick("RoundingAmount"),
	}

	for _, t := range set.All("ApplicableTradeTax") {
		inv.Taxes = append(inv.Taxes, docextract.TaxBreakdown{
			TaxRate:       amount(t.Get(nm.percent)),
			TaxableAmount: amountIn(t.All("BasisAmount"), cur),
			TaxAmount:     amountIn(t.All("CalculatedAmount"), cur),
		})
	}

	for _, li := range tx.All("IncludedSupplyChainTradeLineItem") {
		doc := li.Get("AssociatedDocumentLineDocument")
		if doc.Get("ParentLineID") != nil {
			continue // EXTENDED sub-line: its parent carries the amount
		}
		name := li.Str("SpecifiedTradeProduct", "Name")
		total := amountIn(li.Get(nm.lineSettlement).Get(nm.lineSummation).All("LineTotalAmount"), cur)
		if name == "" && total == nil {
			continue // note-only line
		}
		net := li.Get(nm.lineAgreement).Get("NetPriceProductTradePrice")
		qty := li.Get(nm.lineDelivery).Get("BilledQuantity")
		item := docextract.LineItem{
			ProductName:       docextract.Str(name),
			ProductQuantity:   amount(qty),
			ProductUnitPrice:  unitPrice(amountIn(net.All("ChargeAmount"), cur), amount(net.Get("BasisQuantity"))),
			ProductTotalPrice: total,
			Unit:              docextract.Str(qty.AttrValue("unitCode")),
		}
		item.ProductAllowanceCharge = lineAllowanceCharge(li.Get(nm.lineSettlement).All("SpecifiedTradeAllowanceCharge"), cur,
			func(ac *node) bool { return strings.EqualFold(ac.Str("ChargeIndicator", "Indicator"), "true") }, "ActualAmount")
		for _, t := range li.Get(nm.lineSettlement).All("ApplicableTradeTax") {
			if r := amount(t.Get(nm.percent)); r != nil {
				item.TaxRate = r
				break
			}
		}
		inv.LineItems = append(inv.LineItems, item)
	}
	return inv, info
}

func newInvoice() *docextract.InvoiceData {
	return &docextract.InvoiceData{
		DocType:   string(docextract.Invoice),
		LineItems: []docextract.LineItem{},
		Taxes:     []docextract.TaxBreakdown{},
	}
}

// normIBAN removes the spaces some generators put inside an IBAN and upper-
// cases it.
func normIBAN(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), ""))
}

// lineAllowanceCharge sums a line's charges minus its allowances (by
// magnitude: some generators write allowances as negative amounts); nil when
// the line has none.
func lineAllowanceCharge(acs []*node, cur string, isCharge func(*node) bool, amountName string) *docextract.Amount {
	var sum *docextract.Amount
	for _, ac := range acs {
		a := amountIn(ac.All(amountName), cur)
		if a == nil {
			continue
		}
		v := a.Abs()
		if !isCharge(ac) {
			v = v.Neg()
		}
		if sum == nil {
			sum = docextract.NewAmount(v)
		} else {
			sum = docextract.NewAmount(sum.Add(v))
		}
	}
	return sum
}
