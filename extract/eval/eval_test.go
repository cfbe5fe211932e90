package eval_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/eval"
	"github.com/docextract/docextract/extract/pdf"
)

// cii builds a CII invoice with n top-level lines, each with two sub-lines
// when sub is true, plus one note-only line.
func cii(id string, n int, sub bool) string {
	var lines strings.Builder
	for i := 1; i <= n; i++ {
		if sub {
			for j := 1; j <= 2; j++ {
				fmt.Fprintf(&lines, `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>%d.%d</ram:LineID><ram:ParentLineID>%d</ram:ParentLineID></ram:AssociatedDocumentLineDocument><ram:SpecifiedTradeProduct><ram:Name>sub</ram:Name></ram:SpecifiedTradeProduct><ram:SpecifiedLineTradeSettlement><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>5.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>`, i, j, i)
			}
		}
		fmt.Fprintf(&lines, `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>%d</ram:LineID></ram:AssociatedDocumentLineDocument><ram:SpecifiedTradeProduct><ram:Name>Item %d</ram:Name></ram:SpecifiedTradeProduct><ram:SpecifiedLineTradeSettlement><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>10.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>`, i, i)
	}
	lines.WriteString(`<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:IncludedNote><ram:Content>note</ram:Content></ram:IncludedNote></ram:AssociatedDocumentLineDocument></ram:IncludedSupplyChainTradeLineItem>`)
	return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
<rsm:ExchangedDocument><ram:ID>` + id + `</ram:ID><ram:IssueDateTime><udt:DateTimeString format="102">20240131</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction>` + lines.String() + `
<ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>Seller GmbH</ram:Name></ram:SellerTradeParty><ram:BuyerTradeParty><ram:Name>Buyer</ram:Name></ram:BuyerTradeParty></ram:ApplicableHeaderTradeAgreement>
<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount><ram:GrandTotalAmount>119.00</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`
}

const zf1 = `<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
<rsm:HeaderExchangedDocument><ram:ID>Z-1</ram:ID><ram:IssueDateTime><udt:DateTimeString format="102">20131006</udt:DateTimeString></ram:IssueDateTime></rsm:HeaderExchangedDocument>
<rsm:SpecifiedSupplyChainTradeTransaction>
<ram:ApplicableSupplyChainTradeAgreement><ram:SellerTradeParty><ram:Name>Z Seller</ram:Name></ram:SellerTradeParty></ram:ApplicableSupplyChainTradeAgreement>
<ram:ApplicableSupplyChainTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode><ram:SpecifiedTradeSettlementMonetarySummation><ram:TaxBasisTotalAmount currencyID="EUR">5.00</ram:TaxBasisTotalAmount><ram:GrandTotalAmount currencyID="EUR">5.95</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation></ram:ApplicableSupplyChainTradeSettlement>
<ram:IncludedSupplyChainTradeLineItem><ram:SpecifiedSupplyChainTradeSettlement><ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount>5.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation></ram:SpecifiedSupplyChainTradeSettlement></ram:IncludedSupplyChainTradeLineItem>
</rsm:SpecifiedSupplyChainTradeTransaction></rsm:CrossIndustryDocument>`

const ublCredit = `<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:ID>CN-1</cbc:ID><cbc:IssueDate>2024-05-02</cbc:IssueDate><cbc:DocumentCurrencyCode>CHF</cbc:DocumentCurrencyCode>
<cac:AccountingSupplierParty><cac:Party><cac:PartyName><cbc:Name>Trading Name</cbc:Name></cac:PartyName></cac:Party></cac:AccountingSupplierParty>
<cac:LegalMonetaryTotal><cbc:TaxExclusiveAmount currencyID="CHF">10.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="CHF">10.81</cbc:TaxInclusiveAmount></cac:LegalMonetaryTotal>
<cac:CreditNoteLine><cbc:ID>1</cbc:ID><cac:SubCreditNoteLine><cbc:ID>1.1</cbc:ID></cac:SubCreditNoteLine></cac:CreditNoteLine>
<cac:CreditNoteLine><cbc:ID>2</cbc:ID></cac:CreditNoteLine>
</CreditNote>`

const orderX = `<rsm:SCRDMCCBDACIOMessageStructure xmlns:rsm="urn:un:unece:uncefact:data:SCRDMCCBDACIOMessageStructure:100"><rsm:ExchangedDocument/></rsm:SCRDMCCBDACIOMessageStructure>`

func TestTruth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		xml  string
		want map[string]string
	}{
		{"CII with sub-lines and a note line", cii("INV-7", 3, true), map[string]string{
			"InvoiceNumber": "INV-7", "InvoiceDate": "2024-01-31", "TotalGrossPrice": "119.00", "Currency": "EUR",
			"TotalNetPrice": "100.00", "SellerName": "Seller GmbH", "LineCount": "3",
		}},
		{"CII MINIMUM-like without lines", cii("M", 0, false), map[string]string{
			"InvoiceNumber": "M", "InvoiceDate": "2024-01-31", "TotalGrossPrice": "119.00", "Currency": "EUR",
			"TotalNetPrice": "100.00", "SellerName": "Seller GmbH", "LineCount": "0",
		}},
		{"ZUGFeRD 1", zf1, map[string]string{
			"InvoiceNumber": "Z-1", "InvoiceDate": "2013-10-06", "TotalGrossPrice": "5.95", "Currency": "EUR",
			"TotalNetPrice": "5.00", "SellerName": "Z Seller", "LineCount": "1",
		}},
		{"UBL credit note, trading name fallback, sub-lines not counted", ublCredit, map[string]string{
			"InvoiceNumber": "CN-1", "InvoiceDate": "2024-05-02", "TotalGrossPrice": "10.81", "Currency": "CHF",
			"TotalNetPrice": "10.00", "SellerName": "Trading Name", "LineCount": "2",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := eval.Truth([]byte(tc.xml))
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
	for _, bad := range []string{orderX, "<html/>", "", "not xml"} {
		_, err := eval.Truth([]byte(bad))
		require.ErrorIs(t, err, eval.ErrNoTruth, bad)
	}
	_, err := eval.Truth([]byte(cii("X", 1, false)[:200]))
	require.Error(t, err)
}

func TestScore(t *testing.T) {
	t.Parallel()
	tests := []struct {
		field, got, want string
		ok               bool
	}{
		{eval.FieldInvoiceNumber, " inv-7 ", "INV-7", true},
		{eval.FieldInvoiceNumber, "INV 7", "INV7", true},
		{eval.FieldInvoiceNumber, "INV-8", "INV-7", false},
		{eval.FieldInvoiceNumber, "", "INV-7", false},
		{eval.FieldInvoiceNumber, "", "", true},
		{eval.FieldTotalGrossPrice, "1190", "1190.00", true},
		{eval.FieldTotalGrossPrice, "1190.001", "1190.00", false},
		{eval.FieldTotalNetPrice, "-5.5", "-5.50", true},
		{eval.FieldTotalNetPrice, "1.190,00", "1190.00", false},
		{eval.FieldTotalNetPrice, "1e-99999999", "0", false},
		{eval.FieldTotalNetPrice, "1e3", "1000", false},
		{eval.FieldCurrency, "eur", "EUR", true},
		{eval.FieldCurrency, "USD", "EUR", false},
		{eval.FieldInvoiceDate, "2024-01-31", "20240131", true},
		{eval.FieldInvoiceDate, "31.01.2024", "2024-01-31", true},
		{eval.FieldInvoiceDate, "31/01/2024", "2024-01-31", true},
		{eval.FieldInvoiceDate, "2024-01-30", "2024-01-31", false},
		{eval.FieldSellerName, "seller   GMBH", "Seller GmbH\n", true},
		{eval.FieldSellerName, "Seller AG", "Seller GmbH", false},
		{eval.FieldLineCount, "3", " 3", true},
		{eval.FieldLineCount, "2", "3", false},
		{eval.FieldLineCount, "x", "3", false},
	}
	for _, tc := range tests {
		require.Equal(t, tc.ok, eval.Score(tc.field, tc.got, tc.want), "%s %q %q", tc.field, tc.got, tc.want)
	}
}

func TestFieldsFromInvoice(t *testing.T) {
	t.Parallel()
	require.Empty(t, eval.FieldsFromInvoice(nil))
	d := &docextract.InvoiceData{
		General: docextract.InvoiceGeneral{
			InvoiceNumber: docextract.Str("A1"), Currency: docextract.Str("EUR"),
			TotalGrossPrice: docextract.MustAmount("119.00"),
		},
		LineItems: []docextract.LineItem{{}, {}},
	}
	require.Equal(t, map[string]string{"InvoiceNumber": "A1", "Currency": "EUR", "TotalGrossPrice": "119", "LineCount": "2"}, eval.FieldsFromInvoice(d))
}

func write(t *testing.T, dir, name, data string) {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.WriteFile(p, []byte(data), 0o644))
}

func TestLoadCorpus(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write(t, dir, "a/Inv_fx.pdf", "%PDF-1.7")
	write(t, dir, "a/Inv.xml", cii("A", 2, false)) // truth of Inv_fx.pdf
	write(t, dir, "b/same.PDF", "%PDF-1.7")
	write(t, dir, "b/same.xml", zf1) // truth of same.PDF
	write(t, dir, "c/hybrid.pdf", "%PDF-1.7")
	write(t, dir, "x/ubl.xml", ublCredit)
	write(t, dir, "x/order.xml", orderX)
	write(t, dir, "x/readme.txt", "ignored")

	cases, err := eval.LoadCorpus(dir)
	require.NoError(t, err)
	var names []string
	for _, c := range cases {
		names = append(names, c.Name)
	}
	require.Equal(t, []string{"a/Inv_fx.pdf", "b/same.PDF", "c/hybrid.pdf", "x/ubl.xml"}, names)

	require.Equal(t, eval.KindPDF, cases[0].Kind)
	require.Equal(t, filepath.Join(dir, "a/Inv.xml"), cases[0].TruthPath)
	require.Equal(t, "A", cases[0].Truth["InvoiceNumber"])
	require.Equal(t, "Z-1", cases[1].Truth["InvoiceNumber"])

	hy := cases[2]
	require.True(t, hy.Embedded)
	require.Nil(t, hy.Truth)
	require.ErrorIs(t, hy.ResolveTruth([]pdf.Attachment{{Name: "order-x.xml", Data: []byte(orderX)}}), eval.ErrNoTruth)
	require.NoError(t, hy.ResolveTruth([]pdf.Attachment{
		{Name: "other.xml", Data: []byte(zf1)},
		{Name: "factur-x.xml", Data: []byte(cii("H", 1, false))},
	}))
	require.Equal(t, "H", hy.Truth["InvoiceNumber"], "factur-x.xml is preferred")

	require.Equal(t, eval.KindXML, cases[3].Kind)
	require.Equal(t, "CN-1", cases[3].Truth["InvoiceNumber"])

	_, err = eval.LoadCorpus(filepath.Join(dir, "missing"))
	require.Error(t, err)

	write(t, dir, "d/broken_fx.pdf", "%PDF")
	write(t, dir, "d/broken.xml", "<rsm:CrossIndustryInvoice")
	_, err = eval.LoadCorpus(dir)
	require.Error(t, err, "a truth XML that cannot be read is an error")
}

func TestReport(t *testing.T) {
	t.Parallel()
	truth := map[string]string{"InvoiceNumber": "A1", "InvoiceDate": "2024-01-31", "TotalGrossPrice": "119.00",
		"Currency": "EUR", "TotalNetPrice": "100.00", "SellerName": "Seller GmbH", "LineCount": "2"}
	var r eval.Report
	r.Add(eval.PathXML, "a.pdf", map[string]string{"InvoiceNumber": "a1", "InvoiceDate": "2024-01-31", "TotalGrossPrice": "119",
		"Currency": "EUR", "TotalNetPrice": "100", "SellerName": "Seller GmbH", "LineCount": "2"}, truth)
	r.Add(eval.PathText, "a.pdf", map[string]string{"InvoiceNumber": "A1", "TotalGrossPrice": "191.00", "LineCount": "2"}, truth)
	noSeller := map[string]string{"InvoiceNumber": "B2", "LineCount": "0"}
	r.Add(eval.PathXML, "b.xml", map[string]string{"InvoiceNumber": "B2", "SellerName": "x", "LineCount": "0"}, noSeller)
	r.AddError(eval.PathText, "b.xml", errors.New("no text layer"), noSeller)

	require.Equal(t, []string{eval.PathXML, eval.PathText}, r.Paths())
	c, n := r.Accuracy(eval.PathXML, eval.FieldInvoiceNumber)
	require.Equal(t, [2]int{2, 2}, [2]int{c, n})
	c, n = r.Accuracy(eval.PathText, eval.FieldInvoiceNumber)
	require.Equal(t, [2]int{1, 2}, [2]int{c, n})
	c, n = r.Accuracy(eval.PathXML, eval.FieldSellerName)
	require.Equal(t, [2]int{1, 1}, [2]int{c, n}, "a field without truth is not scored")
	c, n = r.Accuracy(eval.PathText, eval.FieldTotalGrossPrice)
	require.Equal(t, [2]int{0, 1}, [2]int{c, n})
	require.Equal(t, []string{`a.pdf: got "191.00", want "119.00"`}, r.Failures(eval.PathText, eval.FieldTotalGrossPrice))

	var sb strings.Builder
	require.NoError(t, r.Print(&sb))
	out := sb.String()
	t.Log("\n" + out)
	require.Contains(t, out, "FIELD            XML         TEXT")
	require.Contains(t, out, "InvoiceNumber    2/2 100.0%  1/2  50.0%")
	require.Contains(t, out, "b.xml  text  MISS           -")
	require.Contains(t, out, "b.xml [text]: no text layer")
	// Every line of a table has its columns at the same offsets.
	lines := strings.Split(out, "\n")
	require.Equal(t, strings.Index(lines[0], "XML"), strings.Index(lines[1], "2/2"))
}

func TestReportParts(t *testing.T) {
	t.Parallel()
	// The split depends on the name only, and both parts are used.
	parts := map[string]int{}
	for i := range 200 {
		name := fmt.Sprintf("dir/invoice-%03d.pdf", i)
		p := eval.Part(name)
		require.Equal(t, p, eval.Part(name))
		parts[p]++
	}
	require.Len(t, parts, 2)
	require.InDelta(t, 100, parts[eval.PartTune], 25)

	truth := map[string]string{"InvoiceNumber": "A1"}
	r := eval.Report{Part: func(f string) string { return map[string]string{"a.pdf": "tune", "b.pdf": "report"}[f] }}
	r.ShowFile = func(f string) bool { return r.Part(f) == eval.PartTune }
	r.Add(eval.PathText, "a.pdf", map[string]string{"InvoiceNumber": "A1"}, truth)
	r.Add(eval.PathText, "b.pdf", map[string]string{"InvoiceNumber": "B1"}, truth)
	c, n := r.AccuracyPart(eval.PathText, eval.PartReport, eval.FieldInvoiceNumber)
	require.Equal(t, [2]int{0, 1}, [2]int{c, n})
	c, n = r.AccuracyPart(eval.PathText, eval.PartTune, eval.FieldInvoiceNumber)
	require.Equal(t, [2]int{1, 1}, [2]int{c, n})
	require.Empty(t, r.Failures(eval.PathText, eval.FieldInvoiceNumber), "the report part stays out of sight")
	var sb strings.Builder
	require.NoError(t, r.Print(&sb))
	out := sb.String()
	require.Contains(t, out, "FIELD            TEXT        TEXT/report  TEXT/tune")
	require.Contains(t, out, "InvoiceNumber    1/2  50.0%  0/1   0.0%   1/1 100.0%")
	require.Contains(t, out, "a.pdf  text  tune")
	require.NotContains(t, out, "b.pdf")
}

func TestCorpus(t *testing.T) {
	t.Parallel()
	dir := "../../../shared/corpus/einvoice"
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("corpus not present: %v", err)
	}
	cases, err := eval.LoadCorpus(dir)
	require.NoError(t, err)
	var pdfs, embedded, xmls int
	for _, c := range cases {
		switch {
		case c.Kind == eval.KindXML:
			xmls++
		case c.Embedded:
			embedded++
		default:
			pdfs++
		}
		if !c.Embedded {
			require.NotEmpty(t, c.Truth[eval.FieldInvoiceNumber], c.Name)
			require.NotEmpty(t, c.Truth[eval.FieldTotalGrossPrice], c.Name)
			require.NotEmpty(t, c.Truth[eval.FieldCurrency], c.Name)
		}
	}
	t.Logf("%d cases: %d PDFs with XML beside, %d PDFs with embedded truth, %d standalone XMLs", len(cases), pdfs, embedded, xmls)
	require.Equal(t, 54, pdfs)
	require.Equal(t, 11, embedded)
	require.Equal(t, 10, xmls)
}
