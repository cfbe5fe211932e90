package einvoice

import (
	"strings"

	"github.com/docextract/docextract"
)

// parseUBL maps a UBL 2.1 Invoice or CreditNote (root already identified).
func parseUBL(root *node) (*docextract.InvoiceData, Info) {
	inv := newInvoice()
	g := &inv.General
	credit := root.Local == "CreditNote"
	info := Info{Profile: root.Str("CustomizationID"), CreditNote: credit}
	lineName, qtyName := "InvoiceLine", "InvoicedQuantity"
	info.TypeCode = root.Str("InvoiceTypeCode")
	if credit {
		lineName, qtyName = "CreditNoteLine", "CreditedQuantity"
		info.TypeCode = root.Str("CreditNoteTypeCode")
	}

	g.InvoiceNumber = docextract.Str(root.Str("ID"))
	g.InvoiceDate = isoDate(root.Str("IssueDate"), "")
	g.DueDate = isoDate(root.Str("DueDate"), "")
	cur := root.Str("DocumentCurrencyCode")
	g.Currency = docextract.Str(strings.ToUpper(cur))

	seller := root.Get("AccountingSupplierParty", "Party")
	g.SellerName = docextract.Str(ublPartyName(seller))
	for _, ts := range seller.All("PartyTaxScheme") {
		if strings.EqualFold(ts.Str("TaxScheme", "ID"), "VAT") {
			g.SellerVATId = docextract.Str(ts.Str("CompanyID"))
			break
		}
	}
	g.BuyerName = docextract.Str(ublPartyName(root.Get("AccountingCustomerParty", "Party")))

	for _, pm := range root.All("PaymentMeans") {
		if g.DueDate == nil {
			g.DueDate = isoDate(pm.Str("PaymentDueDate"), "")
		}
		if g.PaymentReference == nil {
			g.PaymentReference = docextract.Str(pm.Str("PaymentID"))
		}
		if g.IBAN == nil {
			if id := pm.Str("PayeeFinancialAccount", "ID"); id != "" {
				g.IBAN = docextract.Str(normIBAN(id))
			}
		}
	}

	mt := root.Get("LegalMonetaryTotal")
	if credit && mt == nil {
		mt = root.Get("RequestedMonetaryTotal")
	}
	pick := func(name string) *docextract.Amount { return amountIn(mt.All(name), cur) }
	g.TotalNetPrice = pick("TaxExclusiveAmount")
	g.TotalGrossPrice = pick("TaxInclusiveAmount")
	g.AmountDue = pick("PayableAmount")
	inv.Extra = &docextract.InvoiceDetails{
		LineTotal:      pick("LineExtensionAmount"),
		AllowanceTotal: pick("AllowanceTotalAmount"),
		ChargeTotal:    pick("ChargeTotalAmount"),
		PrepaidAmount:  pick("PrepaidAmount"),
		RoundingAmount: pick("PayableRoundingAmount"),
	}

	// A second TaxTotal may state the VAT in the tax currency (BT-111); the
	// one in the document currency carries the breakdown.
	var taxTotal *node
	for _, tt := range root.All("TaxTotal") {
		ta := tt.Get("TaxAmount")
		if taxTotal == nil || strings.EqualFold(ta.AttrValue("currencyID"), cur) {
			taxTotal = tt
			if strings.EqualFold(ta.AttrValue("currencyID"), cur) {
				break
			}
		}
	}
	g.TotalTaxAmount = amount(taxTotal.Get("TaxAmount"))
	for _, st := range taxTotal.All("TaxSubtotal") {
		inv.Taxes = append(inv.Taxes, docextract.TaxBreakdown{
			TaxRate:       amount(st.Get("TaxCategory", "Percent")),
			TaxableAmount: amount(st.Get("TaxableAmount")),
			TaxAmount:     amount(st.Get("TaxAmount")),
		})
	}

	for _, li := range root.All(lineName) {
		qty := li.Get(qtyName)
		price := li.Get("Price")
		inv.LineItems = append(inv.LineItems, docextract.LineItem{
			ProductName:       docextract.Str(li.Str("Item", "Name")),
			ProductQuantity:   amount(qty),
			ProductUnitPrice:  unitPrice(amount(price.Get("PriceAmount")), amount(price.Get("BaseQuantity"))),
			ProductTotalPrice: amount(li.Get("LineExtensionAmount")),
			TaxRate:           amount(li.Get("Item", "ClassifiedTaxCategory", "Percent")),
			Unit:              docextract.Str(qty.AttrValue("unitCode")),
			ProductAllowanceCharge: lineAllowanceCharge(li.All("AllowanceCharge"), cur,
				func(ac *node) bool { return strings.EqualFold(ac.Str("ChargeIndicator"), "true") }, "Amount"),
		})
	}
	return inv, info
}

// ublPartyName is the legal name (BT-27/BT-44 RegistrationName), else the
// trading name (PartyName/Name).
func ublPartyName(p *node) string {
	if s := p.Str("PartyLegalEntity", "RegistrationName"); s != "" {
		return s
	}
	return p.Str("PartyName", "Name")
}
