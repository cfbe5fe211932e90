package einvoice_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/einvoice"
	"github.com/docextract/docextract/extract/pdf"
	"github.com/docextract/docextract/extract/validate"
)

// ciiInvoice is a Factur-X EN16931 invoice with a price per 100 units, a
// line allowance, a tax total in two currencies, and an EXTENDED-style group
// line with two sub-lines. Prefixes are deliberately unusual.
const ciiInvoice = `<?xml version="1.0" encoding="UTF-8"?>
<x:CrossIndustryInvoice xmlns:x="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:r="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:u="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <x:ExchangedDocumentContext>
    <r:GuidelineSpecifiedDocumentContextParameter><r:ID>urn:cen.eu:en16931:2017</r:ID></r:GuidelineSpecifiedDocumentContextParameter>
  </x:ExchangedDocumentContext>
  <x:ExchangedDocument>
    <r:ID> INV-2024-001 </r:ID>
    <r:TypeCode>380</r:TypeCode>
    <r:IssueDateTime><u:DateTimeString format="102">20240131</u:DateTimeString></r:IssueDateTime>
  </x:ExchangedDocument>
  <x:SupplyChainTradeTransaction>
    <r:IncludedSupplyChainTradeLineItem>
      <r:AssociatedDocumentLineDocument><r:LineID>1</r:LineID></r:AssociatedDocumentLineDocument>
      <r:SpecifiedTradeProduct><r:Name>Screws</r:Name></r:SpecifiedTradeProduct>
      <r:SpecifiedLineTradeAgreement>
        <r:NetPriceProductTradePrice><r:ChargeAmount>12.50</r:ChargeAmount><r:BasisQuantity unitCode="H87">100</r:BasisQuantity></r:NetPriceProductTradePrice>
      </r:SpecifiedLineTradeAgreement>
      <r:SpecifiedLineTradeDelivery><r:BilledQuantity unitCode="H87">400</r:BilledQuantity></r:SpecifiedLineTradeDelivery>
      <r:SpecifiedLineTradeSettlement>
        <r:ApplicableTradeTax><r:TypeCode>VAT</r:TypeCode><r:CategoryCode>S</r:CategoryCode><r:RateApplicablePercent>19.00</r:RateApplicablePercent></r:ApplicableTradeTax>
        <r:SpecifiedTradeAllowanceCharge>
          <r:ChargeIndicator><u:Indicator>false</u:Indicator></r:ChargeIndicator>
          <r:ActualAmount>5.00</r:ActualAmount>
        </r:SpecifiedTradeAllowanceCharge>
        <r:SpecifiedTradeSettlementLineMonetarySummation><r:LineTotalAmount>45.00</r:LineTotalAmount></r:SpecifiedTradeSettlementLineMonetarySummation>
      </r:SpecifiedLineTradeSettlement>
    </r:IncludedSupplyChainTradeLineItem>
    <r:IncludedSupplyChainTradeLineItem>
      <r:AssociatedDocumentLineDocument><r:LineID>0201</r:LineID><r:ParentLineID>02</r:ParentLineID></r:AssociatedDocumentLineDocument>
      <r:SpecifiedTradeProduct><r:Name>Part A</r:Name></r:SpecifiedTradeProduct>
      <r:SpecifiedLineTradeAgreement><r:NetPriceProductTradePrice><r:ChargeAmount>30.00</r:ChargeAmount></r:NetPriceProductTradePrice></r:SpecifiedLineTradeAgreement>
      <r:SpecifiedLineTradeDelivery><r:BilledQuantity unitCode="H87">1</r:BilledQuantity></r:SpecifiedLineTradeDelivery>
      <r:SpecifiedLineTradeSettlement><r:SpecifiedTradeSettlementLineMonetarySummation><r:LineTotalAmount>30.00</r:LineTotalAmount></r:SpecifiedTradeSettlementLineMonetarySummation></r:SpecifiedLineTradeSettlement>
    </r:IncludedSupplyChainTradeLineItem>
    <r:IncludedSupplyChainTradeLineItem>
      <r:AssociatedDocumentLineDocument><r:LineID>0202</r:LineID><r:ParentLineID>02</r:ParentLineID></r:AssociatedDocumentLineDocument>
      <r:SpecifiedTradeProduct><r:Name>Part B</r:Name></r:SpecifiedTradeProduct>
      <r:SpecifiedLineTradeAgreement><r:NetPriceProductTradePrice><r:ChargeAmount>25.00</r:ChargeAmount></r:NetPriceProductTradePrice></r:SpecifiedLineTradeAgreement>
      <r:SpecifiedLineTradeDelivery><r:BilledQuantity unitCode="H87">1</r:BilledQuantity></r:SpecifiedLineTradeDelivery>
      <r:SpecifiedLineTradeSettlement><r:SpecifiedTradeSettlementLineMonetarySummation><r:LineTotalAmount>25.00</r:LineTotalAmount></r:SpecifiedTradeSettlementLineMonetarySummation></r:SpecifiedLineTradeSettlement>
    </r:IncludedSupplyChainTradeLineItem>
    <r:IncludedSupplyChainTradeLineItem>
      <r:AssociatedDocumentLineDocument><r:LineID>02</r:LineID><r:LineStatusReasonCode>GROUP</r:LineStatusReasonCode></r:AssociatedDocumentLineDocument>
      <r:SpecifiedTradeProduct><r:Name>Kit</r:Name></r:SpecifiedTradeProduct>
      <r:SpecifiedLineTradeAgreement><r:NetPriceProductTradePrice><r:ChargeAmount>55.00</r:ChargeAmount></r:NetPriceProductTradePrice></r:SpecifiedLineTradeAgreement>
      <r:SpecifiedLineTradeDelivery><r:BilledQuantity unitCode="C62">1</r:BilledQuantity></r:SpecifiedLineTradeDelivery>
      <r:SpecifiedLineTradeSettlement>
        <r:ApplicableTradeTax><r:RateApplicablePercent>19</r:RateApplicablePercent></r:ApplicableTradeTax>
        <r:SpecifiedTradeSettlementLineMonetarySummation><r:LineTotalAmount>55.00</r:LineTotalAmount></r:SpecifiedTradeSettlementLineMonetarySummation>
      </r:SpecifiedLineTradeSettlement>
    </r:IncludedSupplyChainTradeLineItem>
    <r:ApplicableHeaderTradeAgreement>
      <r:SellerTradeParty>
        <r:Name>Lieferant GmbH</r:Name>
        <r:SpecifiedTaxRegistration><r:ID schemeID="FC">201/113/40209</r:ID></r:SpecifiedTaxRegistration>
        <r:SpecifiedTaxRegistration><r:ID schemeID="VA">DE123456789</r:ID></r:SpecifiedTaxRegistration>
      </r:SellerTradeParty>
      <r:BuyerTradeParty><r:Name>Kunden AG</r:Name></r:BuyerTradeParty>
    </r:ApplicableHeaderTradeAgreement>
    <r:ApplicableHeaderTradeSettlement>
      <r:PaymentReference>RE 2024 001</r:PaymentReference>
      <r:TaxCurrencyCode>CHF</r:TaxCurrencyCode>
      <r:InvoiceCurrencyCode>eur</r:InvoiceCurrencyCode>
      <r:SpecifiedTradeSettlementPaymentMeans>
        <r:TypeCode>58</r:TypeCode>
        <r:PayeePartyCreditorFinancialAccount><r:IBANID>DE02 1203 0000 0000 2020 51</r:IBANID></r:PayeePartyCreditorFinancialAccount>
      </r:SpecifiedTradeSettlementPaymentMeans>
      <r:ApplicableTradeTax>
        <r:CalculatedAmount>19.00</r:CalculatedAmount><r:TypeCode>VAT</r:TypeCode><r:BasisAmount>100.00</r:BasisAmount>
        <r:CategoryCode>S</r:CategoryCode><r:RateApplicablePercent>19.00</r:RateApplicablePercent>
      </r:ApplicableTradeTax>
      <r:SpecifiedTradePaymentTerms><r:DueDateDateTime><u:DateTimeString format="102">20240229</u:DateTimeString></r:DueDateDateTime></r:SpecifiedTradePaymentTerms>
      <r:SpecifiedTradeSettlementHeaderMonetarySummation>
        <r:LineTotalAmount>100.00</r:LineTotalAmount>
        <r:ChargeTotalAmount>0.00</r:ChargeTotalAmount>
        <r:AllowanceTotalAmount>0.00</r:AllowanceTotalAmount>
        <r:TaxBasisTotalAmount>100.00</r:TaxBasisTotalAmount>
        <r:TaxTotalAmount currencyID="CHF">18.10</r:TaxTotalAmount>
        <r:TaxTotalAmount currencyID="EUR">19.00</r:TaxTotalAmount>
        <r:GrandTotalAmount>119.00</r:GrandTotalAmount>
        <r:TotalPrepaidAmount>20.00</r:TotalPrepaidAmount>
        <r:DuePayableAmount>99.00</r:DuePayableAmount>
      </r:SpecifiedTradeSettlementHeaderMonetarySummation>
    </r:ApplicableHeaderTradeSettlement>
  </x:SupplyChainTradeTransaction>
</x:CrossIndustryInvoice>`

// minimumInvoice is a Factur-X MINIMUM invoice: header totals only.
const minimumInvoice = `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:factur-x.eu:1p0:minimum</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument><ram:ID>M-1</ram:ID><ram:TypeCode>381</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20240301</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction>
<ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>S</ram:Name></ram:SellerTradeParty></ram:ApplicableHeaderTradeAgreement>
<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:TaxBasisTotalAmount>10.00</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">1.90</ram:TaxTotalAmount><ram:GrandTotalAmount>11.90</ram:GrandTotalAmount><ram:DuePayableAmount>11.90</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`

// zugferd1 is a ZUGFeRD 1.0 COMFORT invoice with a text-only line.
const zugferd1 = `<?xml version="1.0" encoding="ISO-8859-1"?>
<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
<rsm:SpecifiedExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:ferd:CrossIndustryDocument:invoice:1p0:comfort</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:SpecifiedExchangedDocumentContext>
<rsm:HeaderExchangedDocument><ram:ID>Z1-77</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20131006</udt:DateTimeString></ram:IssueDateTime></rsm:HeaderExchangedDocument>
<rsm:SpecifiedSupplyChainTradeTransaction>
<ram:ApplicableSupplyChainTradeAgreement><ram:SellerTradeParty><ram:Name>M` + "\xfc" + `ller KG</ram:Name></ram:SellerTradeParty></ram:ApplicableSupplyChainTradeAgreement>
<ram:ApplicableSupplyChainTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
<ram:ApplicableTradeTax><ram:CalculatedAmount currencyID="EUR">3.80</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount currencyID="EUR">20.00</ram:BasisAmount><ram:ApplicablePercent>19.00</ram:ApplicablePercent></ram:ApplicableTradeTax>
<ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="EUR">20.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount currencyID="EUR">20.00</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">3.80</ram:TaxTotalAmount><ram:GrandTotalAmount currencyID="EUR">23.80</ram:GrandTotalAmount><ram:DuePayableAmount currencyID="EUR">23.80</ram:DuePayableAmount></ram:SpecifiedTradeSettlementMonetarySummation>
</ram:ApplicableSupplyChainTradeSettlement>
<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:IncludedNote><ram:Content>Note only</ram:Content></ram:IncludedNote></ram:AssociatedDocumentLineDocument><ram:SpecifiedSupplyChainTradeSettlement/></ram:IncludedSupplyChainTradeLineItem>
<ram:IncludedSupplyChainTradeLineItem>
<ram:SpecifiedSupplyChainTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount currencyID="EUR">4.0000</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedSupplyChainTradeAgreement>
<ram:SpecifiedSupplyChainTradeDelivery><ram:BilledQuantity unitCode="C62">5.0000</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>
<ram:SpecifiedSupplyChainTradeSettlement><ram:ApplicableTradeTax><ram:ApplicablePercent>19.00</ram:ApplicablePercent></ram:ApplicableTradeTax><ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="EUR">20.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation></ram:SpecifiedSupplyChainTradeSettlement>
<ram:SpecifiedTradeProduct><ram:Name>Widget</ram:Name></ram:SpecifiedTradeProduct>
</ram:IncludedSupplyChainTradeLineItem>
</rsm:SpecifiedSupplyChainTradeTransaction></rsm:CrossIndustryDocument>`

// ublCreditNote is a UBL 2.1 credit note with two TaxTotals (document and tax
// currency) and a price base quantity.
const ublCreditNote = "\xef\xbb\xbf" + `<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>
<cbc:ID>CN-9</cbc:ID><cbc:IssueDate>2024-05-02</cbc:IssueDate><cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>
<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cbc:TaxCurrencyCode>SEK</cbc:TaxCurrencyCode>
<cac:AccountingSupplierParty><cac:Party><cac:PartyName><cbc:Name>Trade Name</cbc:Name></cac:PartyName>
<cac:PartyTaxScheme><cbc:CompanyID>DE999999999</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
<cac:PartyLegalEntity><cbc:RegistrationName>Legal Seller GmbH</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
<cac:AccountingCustomerParty><cac:Party><cac:PartyName><cbc:Name>Buyer Ltd</cbc:Name></cac:PartyName></cac:Party></cac:AccountingCustomerParty>
<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cbc:PaymentDueDate>2024-06-01</cbc:PaymentDueDate><cbc:PaymentID>CN9</cbc:PaymentID><cac:PayeeFinancialAccount><cbc:ID>de75512108001245126199</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>
<cac:TaxTotal><cbc:TaxAmount currencyID="SEK">21.00</cbc:TaxAmount></cac:TaxTotal>
<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">1.90</cbc:TaxAmount>
<cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">10.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">1.90</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>
<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">10.00</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">10.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">11.90</cbc:TaxInclusiveAmount><cbc:PayableRoundingAmount currencyID="EUR">0.10</cbc:PayableRoundingAmount><cbc:PayableAmount currencyID="EUR">12.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
<cac:CreditNoteLine><cbc:ID>1</cbc:ID><cbc:CreditedQuantity unitCode="KGM">4</cbc:CreditedQuantity><cbc:LineExtensionAmount currencyID="EUR">10.00</cbc:LineExtensionAmount>
<cac:Item><cbc:Name>Flour</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent></cac:ClassifiedTaxCategory></cac:Item>
<cac:Price><cbc:PriceAmount currencyID="EUR">25.00</cbc:PriceAmount><cbc:BaseQuantity unitCode="KGM">10</cbc:BaseQuantity></cac:Price></cac:CreditNoteLine>
</CreditNote>`

func str(t *testing.T, p *string) string {
	t.Helper()
	if p == nil {
		return "<nil>"
	}
	return *p
}

func amt(t *testing.T, a *docextract.Amount) string {
	t.Helper()
	if a == nil {
		return "<nil>"
	}
	return a.String()
}

func TestParse(t *testing.T) {
	t.Parallel()
	type line struct{ name, qty, price, total, rate, unit, ac string }
	tests := []struct {
		name     string
		xml      string
		info     einvoice.Info
		general  map[string]string
		lines    []line
		taxes    [][3]string // rate, taxable, tax
		details  [5]string   // line total, allowances, charges, prepaid, rounding
		validate bool
	}{
		{
			name: "CII EN16931 with basis quantity, sub-lines, two tax totals",
			xml:  ciiInvoice,
			info: einvoice.Info{Syntax: einvoice.SyntaxCII, Profile: "urn:cen.eu:en16931:2017", ProfileName: "EN16931", TypeCode: "380"},
			general: map[string]string{
				"InvoiceNumber": "INV-2024-001", "InvoiceDate": "2024-01-31", "DueDate": "2024-02-29",
				"SellerName": "Lieferant GmbH", "SellerVATId": "DE123456789", "BuyerName": "Kunden AG",
				"Currency": "EUR", "TotalNetPrice": "100", "TotalTaxAmount": "19", "TotalGrossPrice": "119",
				"AmountDue": "99", "IBAN": "DE02120300000000202051", "PaymentReference": "RE 2024 001",
			},
			lines: []line{
				{"Screws", "400", "0.125", "45", "19", "H87", "-5"},
				{"Kit", "1", "55", "55", "19", "C62", "<nil>"},
			},
			taxes:    [][3]string{{"19", "100", "19"}},
			details:  [5]string{"100", "0", "0", "20", "<nil>"},
			validate: true,
		},
		{
			name: "CII MINIMUM credit note: header only",
			xml:  minimumInvoice,
			info: einvoice.Info{Syntax: einvoice.SyntaxCII, Profile: "urn:factur-x.eu:1p0:minimum", ProfileName: "MINIMUM", TypeCode: "381", CreditNote: true},
			general: map[string]string{
				"InvoiceNumber": "M-1", "InvoiceDate": "2024-03-01", "DueDate": "<nil>", "SellerName": "S",
				"SellerVATId": "<nil>", "BuyerName": "<nil>", "Currency": "EUR", "TotalNetPrice": "10",
				"TotalTaxAmount": "1.9", "TotalGrossPrice": "11.9", "AmountDue": "11.9", "IBAN": "<nil>", "PaymentReference": "<nil>",
			},
			details:  [5]string{"<nil>", "<nil>", "<nil>", "<nil>", "<nil>"},
			validate: true,
		},
		{
			name: "ZUGFeRD 1 in ISO-8859-1 with a note-only line",
			xml:  zugferd1,
			info: einvoice.Info{Syntax: einvoice.SyntaxZUGFeRD1, Profile: "urn:ferd:CrossIndustryDocument:invoice:1p0:comfort", ProfileName: "COMFORT", TypeCode: "380"},
			general: map[string]string{
				"InvoiceNumber": "Z1-77", "InvoiceDate": "2013-10-06", "SellerName": "Müller KG", "Currency": "EUR",
				"TotalNetPrice": "20", "TotalTaxAmount": "3.8", "TotalGrossPrice": "23.8", "AmountDue": "23.8",
			},
			lines:    []line{{"Widget", "5", "4", "20", "19", "C62", "<nil>"}},
			taxes:    [][3]string{{"19", "20", "3.8"}},
			details:  [5]string{"20", "<nil>", "<nil>", "<nil>", "<nil>"},
			validate: true,
		},
		{
			name: "UBL credit note with BOM, tax currency and rounding",
			xml:  ublCreditNote,
			info: einvoice.Info{Syntax: einvoice.SyntaxUBL, Profile: "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0", ProfileName: "XRECHNUNG", TypeCode: "381", CreditNote: true},
			general: map[string]string{
				"InvoiceNumber": "CN-9", "InvoiceDate": "2024-05-02", "DueDate": "2024-06-01",
				"SellerName": "Legal Seller GmbH", "SellerVATId": "DE999999999", "BuyerName": "Buyer Ltd",
				"Currency": "EUR", "TotalNetPrice": "10", "TotalTaxAmount": "1.9", "TotalGrossPrice": "11.9",
				"AmountDue": "12", "IBAN": "DE75512108001245126199", "PaymentReference": "CN9",
			},
			lines:    []line{{"Flour", "4", "2.5", "10", "19", "KGM", "<nil>"}},
			taxes:    [][3]string{{"19", "10", "1.9"}},
			details:  [5]string{"10", "<nil>", "<nil>", "<nil>", "0.1"},
			validate: true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			inv, info, err := einvoice.Parse([]byte(tc.xml))
			require.NoError(t, err)
			require.Equal(t, tc.info, info)
			require.Equal(t, "invoice", inv.DocType)
			g := inv.General
			got := map[string]string{
				"InvoiceNumber": str(t, g.InvoiceNumber), "InvoiceDate": str(t, g.InvoiceDate), "DueDate": str(t, g.DueDate),
				"SellerName": str(t, g.SellerName), "SellerVATId": str(t, g.SellerVATId), "BuyerName": str(t, g.BuyerName),
				"Currency": str(t, g.Currency), "TotalNetPrice": amt(t, g.TotalNetPrice), "TotalTaxAmount": amt(t, g.TotalTaxAmount),
				"TotalGrossPrice": amt(t, g.TotalGrossPrice), "AmountDue": amt(t, g.AmountDue), "IBAN": str(t, g.IBAN),
				"PaymentReference": str(t, g.PaymentReference),
			}
			for k, want := range tc.general {
				require.Equal(t, want, got[k], k)
			}
			require.Len(t, inv.LineItems, len(tc.lines))
			for i, want := range tc.lines {
				li := inv.LineItems[i]
				require.Equal(t, want, line{str(t, li.ProductName), amt(t, li.ProductQuantity), amt(t, li.ProductUnitPrice),
					amt(t, li.ProductTotalPrice), amt(t, li.TaxRate), str(t, li.Unit), amt(t, li.ProductAllowanceCharge)}, "line %d", i+1)
			}
			require.Len(t, inv.Taxes, len(tc.taxes))
			for i, want := range tc.taxes {
				tx := inv.Taxes[i]
				require.Equal(t, want, [3]string{amt(t, tx.TaxRate), amt(t, tx.TaxableAmount), amt(t, tx.TaxAmount)})
			}
			x := inv.Extra
			require.NotNil(t, x)
			require.Equal(t, tc.details, [5]string{amt(t, x.LineTotal), amt(t, x.AllowanceTotal), amt(t, x.ChargeTotal), amt(t, x.PrepaidAmount), amt(t, x.RoundingAmount)})
			require.Equal(t, tc.info.CreditNote, x.IsCreditNote)
			require.Equal(t, tc.info.ProfileName, x.Profile)
			if tc.validate {
				v := validate.Invoice(inv)
				require.True(t, v.Passed, v.Details.CalculationLogic)
			}
		})
	}
}

func TestParseRefuses(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("<a>", einvoice.MaxDepth+1) + strings.Repeat("</a>", einvoice.MaxDepth+1)
	laughs := `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>` +
		`<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><x>&lol2;</x></rsm:CrossIndustryInvoice>`
	tests := []struct {
		name string
		data []byte
		err  error
	}{
		{"Order-X", []byte(`<rsm:SCRDMCCBDACIOMessageStructure xmlns:rsm="urn:un:unece:uncefact:data:SCRDMCCBDACIOMessageStructure:100"/>`), einvoice.ErrNotInvoice},
		{"foreign namespace Invoice", []byte(`<Invoice xmlns="urn:example:not-ubl"/>`), einvoice.ErrNotInvoice},
		{"XHTML", []byte(`<html><body>hi</body></html>`), einvoice.ErrNotInvoice},
		{"empty", nil, einvoice.ErrMalformed},
		{"not XML", []byte("%PDF-1.7 binary"), einvoice.ErrMalformed},
		{"truncated", []byte(ciiInvoice[:len(ciiInvoice)/2]), einvoice.ErrMalformed},
		{"billion laughs", []byte(laughs), einvoice.ErrMalformed},
		{"deep nesting", []byte(deep), einvoice.ErrTooDeep},
		{"too large", make([]byte, einvoice.MaxSize+1), einvoice.ErrTooLarge},
		{"too many elements", []byte("<r>" + strings.Repeat("<a/>", einvoice.MaxElements) + "</r>"), einvoice.ErrTooLarge},
		{"unknown charset", []byte(`<?xml version="1.0" encoding="EBCDIC"?><a/>`), einvoice.ErrMalformed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			inv, _, err := einvoice.Parse(tc.data)
			require.ErrorIs(t, err, tc.err)
			require.Nil(t, inv)
		})
	}
}

func TestParseMissingStaysNil(t *testing.T) {
	t.Parallel()
	// A bare CII root: every value nil, never a guess; lists empty, not nil.
	inv, info, err := einvoice.Parse([]byte(`<CrossIndustryInvoice xmlns="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><ExchangedDocument><IssueDateTime><DateTimeString format="610">202401</DateTimeString></IssueDateTime></ExchangedDocument></CrossIndustryInvoice>`))
	require.NoError(t, err)
	require.Equal(t, einvoice.SyntaxCII, info.Syntax)
	require.Equal(t, docextract.InvoiceGeneral{}, inv.General)
	require.NotNil(t, inv.LineItems)
	require.NotNil(t, inv.Taxes)
	require.Empty(t, inv.LineItems)
}

func TestFindInvoiceXML(t *testing.T) {
	t.Parallel()
	order := []byte(`<rsm:SCRDMCCBDACIOMessageStructure xmlns:rsm="urn:un:unece:uncefact:data:SCRDMCCBDACIOMessageStructure:100"/>`)
	tests := []struct {
		name string
		atts []pdf.Attachment
		want string
		ok   bool
	}{
		{"none", nil, "", false},
		{"factur-x beats xrechnung", []pdf.Attachment{{Name: "xrechnung.xml", Data: []byte(ublCreditNote)}, {Name: "factur-x.xml", Data: []byte(ciiInvoice)}}, "factur-x.xml", true},
		{"exact name beats case-folded", []pdf.Attachment{{Name: "Factur-X.XML", Data: []byte(ciiInvoice)}, {Name: "ZUGFeRD-invoice.xml", Data: []byte(zugferd1)}}, "ZUGFeRD-invoice.xml", true},
		{"preferred name that is not an invoice is skipped", []pdf.Attachment{{Name: "factur-x.xml", Data: order}, {Name: "data.xml", Data: []byte(minimumInvoice)}}, "data.xml", true},
		{"any invoice root", []pdf.Attachment{{Name: "logo.png", Data: []byte("\x89PNG")}, {Name: "invoice.xml", Data: []byte(ublCreditNote)}}, "invoice.xml", true},
		{"only non-invoices", []pdf.Attachment{{Name: "order-x.xml", Data: order}, {Name: "a.pdf", Data: []byte("%PDF-1.4")}}, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			name, data, ok := einvoice.FindInvoiceXML(tc.atts)
			require.Equal(t, tc.ok, ok)
			require.Equal(t, tc.want, name)
			if ok {
				_, err := einvoice.DetectSyntax(data)
				require.NoError(t, err)
			}
		})
	}
}

func TestProfileName(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"urn:factur-x.eu:1p0:minimum":                                           "MINIMUM",
		"urn:factur-x.eu:1p0:basicwl":                                           "BASIC WL",
		"urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic":           "BASIC",
		"urn:cen.eu:en16931:2017":                                               "EN16931",
		"urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended":       "EXTENDED",
		"urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0": "XRECHNUNG",
		"urn:ferd:CrossIndustryDocument:invoice:1p0:comfort":                    "COMFORT",
		"": "", "urn:example": "",
	} {
		require.Equal(t, want, einvoice.ProfileName(in), in)
	}
}

func BenchmarkParse(b *testing.B) {
	data := []byte(ciiInvoice)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, _, err := einvoice.Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}
