package split

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/extract/textparse"
	"github.com/docextract/docextract/internal/testdocs"
)

// randomFile concatenates 2..6 random invoices and statements of 1..3
// pages and returns it with the true ranges.
func randomFile(t testing.TB, seed uint64) (*testdocs.Doc, []Range) {
	r := rand.New(rand.NewPCG(seed, 99))
	n := 2 + r.IntN(5)
	var docs []*testdocs.Doc
	for i := range n {
		s := seed*100 + uint64(i)
		if r.IntN(2) == 0 {
			pages := 1 + r.IntN(3)
			inv, err := testdocs.NewInvoice(testdocs.InvoiceOptions{
				Lang: []string{"en", "de"}[r.IntN(2)], Seed: s, Lines: (pages-1)*10 + 1 + r.IntN(10), LinesPerPage: 10,
				NoPageMarkers: r.IntN(2) == 0, Seller: r.IntN(2) - 1, FirstPageOnly: r.IntN(2) == 0,
			})
			require.NoError(t, err)
			docs = append(docs, inv.Doc)
		} else {
			ls := testdocs.StatementLayouts()
			st, err := testdocs.NewStatement(testdocs.StatementOptions{
				Layout: ls[r.IntN(len(ls))], Seed: s, Transactions: 3 + r.IntN(20), LinesPerPage: 22,
				NoPageMarkers: r.IntN(2) == 0,
			})
			require.NoError(t, err)
			docs = append(docs, st.Doc)
		}
	}
	all, err := testdocs.Concat(docs...)
	require.NoError(t, err)
	var want []Range
	for _, p := range all.Parts {
		want = append(want, Range{p.Start, p.End})
	}
	return all, want
}

func TestSplitRandomCombinations(t *testing.T) {
	t.Parallel()
	files := 200
	if testing.Short() {
		files = 50
	}
	ok := 0
	for seed := range uint64(files) {
		f, want := randomFile(t, seed)
		got := Split(f.Pages)
		if equal(got, want) {
			ok++
		} else if ok+int(seed) < 20 {
			t.Logf("seed %d: want %v got %v", seed, want, got)
		}
	}
	pct := 100 * float64(ok) / float64(files)
	t.Logf("split exactly right: %d/%d files (%.1f%%)", ok, files, pct)
	require.GreaterOrEqual(t, pct, 95.0)
}

var (
	engOnce sync.Once
	eng     *pdfium.Engine
	engErr  error
)

func TestSplitThroughPDFium(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	engOnce.Do(func() { eng, engErr = pdfium.New(pdfium.Config{Workers: 1}) })
	require.NoError(t, engErr)
	const files = 60
	ok := 0
	for seed := range uint64(files) {
		f, want := randomFile(t, 1000+seed)
		pages, err := testdocs.ReadPages(context.Background(), eng, f.PDF)
		require.NoError(t, err)
		got := Split(pages)
		if equal(got, want) {
			ok++
		} else {
			t.Logf("seed %d: want %v got %v", 1000+seed, want, got)
		}
	}
	pct := 100 * float64(ok) / files
	t.Logf("split exactly right through PDFium: %d/%d files (%.1f%%)", ok, files, pct)
	require.GreaterOrEqual(t, pct, 95.0)
}

func equal(a, b []Range) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func page(lines ...string) layout.Page {
	p := layout.Page{Width: 595, Height: 842}
	for i, l := range lines {
		x := 40.0
		for _, w := range splitWords(l) {
			p.Words = append(p.Words, layout.Word{Text: w, X0: x, X1: x + 6*float64(len(w)), Y0: 40 + 14*float64(i), Y1: 50 + 14*float64(i), Size: 10})
			x += 6*float64(len(w)) + 3
		}
	}
	return p
}

func splitWords(s string) []string {
	var out []string
	cur := ""
	for _, r := range s {
		if r == ' ' {
			if cur != "" {
				out = append(out, cur)
			}
			cur = ""
			continue
		}
		cur += string(r)
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// terms is a page of general terms: clauses of running text naming amounts
// and days, no total and no label.
var terms = page("General Terms and Conditions",
	"1. Invoices are payable within 30 days of the invoice date without any deduction.",
	"2. The minimum order value is 50.00 EUR; smaller orders carry a charge of 7.50 EUR.",
	"3. Goods remain our property until all amounts due to us have been paid in full.",
	"4. These terms are governed by the laws of England and Wales.")

func TestSplitTable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		pages []layout.Page
		want  []Range
	}{
		{"empty", nil, nil},
		{"one page", []layout.Page{page("ACME", "Invoice No: A-1")}, []Range{{1, 1}}},
		{"markers", []layout.Page{page("ACME", "Page 1 of 2"), page("ACME", "Page 2 of 2"), page("ACME", "Seite 1 von 1")},
			[]Range{{1, 2}, {3, 3}}},
		{"page i/n", []layout.Page{page("X", "Page 1/1"), page("X", "Page 1/2"), page("X", "Page 2/2")}, []Range{{1, 1}, {2, 3}}},
		{"bare page number continues", []layout.Page{page("Bank", "Dear customer,", "Your report"), page("Report No. 4 - Seite 2", "Buchungstag Valuta")},
			[]Range{{1, 2}}},
		{"number changes under the same header", []layout.Page{
			page("ACME Ltd", "Invoice No: A-1", "Subtotal 10.00"), page("ACME Ltd", "Invoice No: A-2", "Total 12.00")},
			[]Range{{1, 1}, {2, 2}}},
		{"same number continues", []layout.Page{
			page("ACME Ltd", "Invoice No: A-1", "Item 10.00"), page("ACME Ltd", "Invoice No: A-1", "Total 12.00")},
			[]Range{{1, 2}}},
		{"total closes a document", []layout.Page{
			page("ACME Ltd", "Item 10.00", "Total 12.00"), page("ACME Ltd", "Item 5.00", "Total 6.00")},
			[]Range{{1, 1}, {2, 2}}},
		{"carried forward continues", []layout.Page{
			page("Bank", "Statement", "Balance carried forward 10.00"), page("Bank", "Statement", "Balance brought forward 10.00", "Closing balance 3.00")},
			[]Range{{1, 2}}},
		// A member statement of two accounts, page numbers running on:
		// one account's "Ending Balance", then the next page's
		// "Beginning Balance" under another account number.
		{"another account's section begins", []layout.Page{
			page("Credit Union", "Member Number 4471203", "Page 1 of 3", "SHARE SAVINGS - ID 0000", "Date Description Balance",
				"02/28 Beginning Balance 1,204.50", "03/05 Transfer 1,254.50", "03/31 Ending Balance 1,254.50"),
			page("Credit Union", "Member Number 4471203", "Page 2 of 3", "SHARE DRAFT CHECKING - ID 0010", "Date Description Balance",
				"02/28 Beginning Balance 310.20", "03/02 Payroll 1,310.20"),
			page("Credit Union", "Member Number 4471203", "Page 3 of 3", "SHARE DRAFT CHECKING - ID 0010 (continued)", "Date Description Balance",
				"03/20 Grocery 1,210.20", "03/31 Ending Balance 1,210.20")},
			[]Range{{1, 1}, {2, 3}}},
		{"ein anderes Konto beginnt", []layout.Page{
			page("Volksbank", "Seite 1 von 2", "Girokonto Kontonummer 1204471", "Datum Buchungstext Betrag",
				"alter Kontostand 1.204,50", "03.03. Miete -500,00", "neuer Kontostand 704,50"),
			page("Volksbank", "Seite 2 von 2", "Sparkonto Kontonummer 1204499", "Datum Buchungstext Betrag",
				"alter Kontostand 5.000,00", "31.03. Zinsen 2,10", "neuer Kontostand 5.002,10")},
			[]Range{{1, 1}, {2, 2}}},
		// Guards: a balance box repeated atop every page of one account,
		// and a balance carried to the next page, continue the statement.
		{"a balance box on every page", []layout.Page{
			page("Bank", "Page 1 of 2", "Account 12345678", "Opening balance 1,000.00", "Closing balance 820.00",
				"03/01 Rent -200.00 800.00", "03/02 Refund 20.00 820.00"),
			page("Bank", "Page 2 of 2", "Account 12345678", "Opening balance 1,000.00", "Closing balance 820.00",
				"03/05 Coffee -3.00 817.00", "03/06 Refund 3.00 820.00")},
			[]Range{{1, 2}}},
		{"a carried balance continues the account", []layout.Page{
			page("Bank", "Page 1 of 2", "Account 12345678", "Opening balance 1,000.00",
				"03/01 Rent -200.00 800.00", "Balance carried forward 800.00"),
			page("Bank", "Page 2 of 2", "Account 12345678", "Balance brought forward 800.00",
				"03/05 Coffee -3.00 797.00", "Closing balance 797.00")},
			[]Range{{1, 2}}},
		{"a page's own previous and new balance continue the account", []layout.Page{
			page("Bank", "Statement 2023/03", "Page 1", "Account 12345678", "Previous balance 1,000.00",
				"03/01 Rent -200.00", "New balance 800.00"),
			page("Bank", "Statement 2023/03", "Page 2", "Sheet 0002", "Previous balance 800.00",
				"03/05 Coffee -3.00", "New balance 797.00")},
			[]Range{{1, 2}}},
		{"Übertrag continues the account", []layout.Page{
			page("Sparkasse", "Seite 1 von 2", "Konto 12345678", "alter Kontostand 1.000,00",
				"01.03. Miete -200,00", "neuer Kontostand 800,00", "Übertrag 800,00"),
			page("Sparkasse", "Seite 2 von 2", "Konto 12345678", "Übertrag 800,00", "alter Kontostand 800,00",
				"05.03. Kaffee -3,00", "neuer Kontostand 797,00")},
			[]Range{{1, 2}}},
		// Enclosed pages (isEnclosure) stay with the document beside them.
		{"terms after each invoice", []layout.Page{
			page("ACME Ltd", "Invoice No: A-1", "Item 10.00", "Total 12.00"), terms,
			page("ACME Ltd", "Invoice No: A-2", "Item 5.00", "Total 6.00"), terms},
			[]Range{{1, 2}, {3, 4}}},
		{"terms first join the document after them", []layout.Page{terms, page("ACME Ltd", "Invoice No: A-1", "Total 12.00")},
			[]Range{{1, 2}}},
		{"an empty back side", []layout.Page{page("ACME Ltd", "Invoice No: A-1", "Total 12.00"), page("ACME Ltd"),
			page("ACME Ltd", "Invoice No: A-2", "Total 6.00"), page("")},
			[]Range{{1, 2}, {3, 4}}},
		{"a cover letter opens the document after it", []layout.Page{
			page("ACME Ltd", "Invoice No: A-1", "Item 10.00", "Total 12.00"),
			page("ACME Ltd", "Dear Sir or Madam,", "please find enclosed our invoice for the goods delivered in March this year.",
				"We would be grateful if you would settle the amount within thirty days of its date.", "Yours faithfully,"),
			page("ACME Ltd", "Invoice No: A-2", "Item 5.00", "Total 6.00")},
			[]Range{{1, 1}, {2, 3}}},
		{"a payment slip pays the document before it", []layout.Page{
			page("ACME AG", "Rechnung Nr. A-1", "Total CHF 12.00"),
			page("Empfangsschein Zahlteil", "Konto / Zahlbar an", "CH44 3199 9123 0008 8901 2", "Währung Betrag", "CHF 12.00", "CHF 12.00")},
			[]Range{{1, 2}}},
		{"a copy stays with its document", []layout.Page{
			page("ACME Ltd", "Original", "Item 10.00", "Total 12.00 2024-03-01"),
			page("ACME Ltd", "Copy", "Item 10.00", "Total 12.00 2024-03-01")},
			[]Range{{1, 2}}},
		{"next month's invoice is no copy", []layout.Page{
			page("ACME Ltd", "Item 10.00", "Total 12.00 2024-03-01"),
			page("ACME Ltd", "Item 10.00", "Total 12.00 2024-04-01")},
			[]Range{{1, 1}, {2, 2}}},
		{"a letter closing the file belongs to the document before it", []layout.Page{
			page("ACME Ltd", "Invoice No: A-1", "Item 10.00", "Total 12.00"),
			page("ACME Ltd", "Dear Sir or Madam,", "please pay the amount of this invoice within thirty days of its date.",
				"We thank you for your order and look forward to working with you again.", "Yours faithfully,")},
			[]Range{{1, 2}}},
		{"only prose pages are judged as pages", []layout.Page{terms, page("General Terms and Conditions",
			"1. Invoices are payable within 14 days of the invoice date without any deduction.",
			"2. The minimum order value is 25.00 EUR; smaller orders carry a charge of 5.00 EUR.",
			"3. Goods remain our property until all amounts due to us have been paid in full.")}, []Range{{1, 1}, {2, 2}}},
		// Not enclosures: a page with a total, two amounts outside
		// sentences, or a first-page label outside its sentences.
		{"prose invoice with a total", []layout.Page{page("ACME Ltd", "Invoice No: A-1", "Total 12.00"),
			page("Dear Sir or Madam,", "we charge you for the work done at your premises in March this year:",
				"the repair of the heating system in the basement and the kitchen of the house.", "Total 240.00")},
			[]Range{{1, 1}, {2, 2}}},
		{"amounts outside sentences", []layout.Page{page("ACME Ltd", "Invoice No: A-1", "Total 12.00"),
			page("ACME Ltd", "Repair 10.00", "Parts 20.00")},
			[]Range{{1, 1}, {2, 2}}},
		{"first-page label", []layout.Page{page("ACME Ltd", "Invoice No: A-1", "Total 12.00"),
			page("ACME Ltd", "Invoice date: 2024-03-01")},
			[]Range{{1, 1}, {2, 2}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, tc.want, Split(tc.pages))
		})
	}
}

// TestOriginals: the pages of a document without those that repeat an
// earlier page of it with another mark; pages whose digits differ (next
// month's invoice, a page with other items) stay.
func TestOriginals(t *testing.T) {
	t.Parallel()
	p1 := page("ACME Ltd Invoice A-1", "ORIGINAL FOR RECIPIENT", "Item one 10.00", "Item two 2.00", "Total 12.00")
	p2 := page("ACME Ltd Invoice A-1", "Item three 5.00", "Total 17.00")
	c1 := page("ACME Ltd Invoice A-1", "DUPLICATE FOR TRANSPORTER", "Item one 10.00", "Item two 2.00", "Total 12.00")
	c2 := page("ACME Ltd Invoice A-1", "DUPLICATE FOR TRANSPORTER", "Item three 5.00", "Total 17.00")
	other := page("ACME Ltd Invoice A-2", "Item one 10.00", "Item two 2.00", "Total 12.00")
	texts := func(ps []layout.Page) []string {
		var out []string
		for _, p := range ps {
			out = append(out, p.Words[len(p.Words)-1].Text)
		}
		return out
	}
	require.Equal(t, []string{"12.00", "17.00"}, texts(Originals([]layout.Page{p1, p2, c1, c2})))
	require.Equal(t, []string{"12.00", "12.00"}, texts(Originals([]layout.Page{p1, other})))
	require.Len(t, Originals([]layout.Page{p1}), 1)
	// Too few words with digits to tell a copy: both stay.
	require.Len(t, Originals([]layout.Page{page("Terms", "1. Scope"), page("Terms", "1. Scope")}), 2)
	// Enclosures are read with their document.
	require.Len(t, Originals([]layout.Page{p1, terms}), 2)
}

// TestSplitCorpusConcatenated: e-invoice visualisations whose first page
// holds only the header (parties, labels, no amount) and whose items
// follow, concatenated into one file, split where each begins. A rule that
// took such a header page for an enclosure of the document before it got
// this wrong.
func TestSplitCorpusConcatenated(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	const dir = "../../../shared/corpus/einvoice/zugferd24"
	files := []string{"3. EN16931/EN16931_Miete/EN16931_Miete_fx.pdf", "3. EN16931/EN16931_Einfach/EN16931_Einfach_fx.pdf",
		"4. EXTENDED/EXTENDED_Fremdwaehrung/EXTENDED_Fremdwaehrung_fx.pdf"}
	engOnce.Do(func() { eng, engErr = pdfium.New(pdfium.Config{Workers: 1}) })
	require.NoError(t, engErr)
	var all []layout.Page
	var want []Range
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if os.IsNotExist(err) {
			t.Skipf("corpus not found (%s): run from a checkout beside ../shared", dir)
		}
		require.NoError(t, err)
		ps, err := testdocs.ReadPages(context.Background(), eng, b)
		require.NoError(t, err)
		want = append(want, Range{len(all) + 1, len(all) + len(ps)})
		all = append(all, ps...)
	}
	require.Equal(t, want, Split(all))
}

// TestDeliveryNote: a delivery note's title stands alone or before its
// number; an invoice naming its delivery note in a label is no delivery
// note, nor is a page with a total.
func TestDeliveryNote(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lines []string
		want  bool
	}{
		{[]string{"Acme GmbH", "Lieferschein", "Pos. Art.-Nr. Bezeichnung Menge", "1 A-1 Schrauben 100"}, true},
		{[]string{"Acme Ltd", "Delivery note no.: DN-2024-12", "Line Description Quantity", "1 Bolts 100"}, true},
		{[]string{"Acme S.A.", "Albarán", "Ref. Descripción Cantidad", "1 Tornillos 100"}, true},
		{[]string{"Acme GmbH", "Lieferschein-Nr.: 4711", "Pos. Bezeichnung Menge", "1 Schrauben 100"}, false},
		{[]string{"Acme GmbH", "Lieferschein 4711", "Pos. Bezeichnung Menge", "1 Schrauben 100"}, false},
		{[]string{"Acme Ltd", "Our delivery note DN-1 dated 3 March", "Line Description Quantity", "1 Bolts 100"}, false},
	} {
		p := page(c.lines...)
		folded := make([]string, 0, len(c.lines))
		for _, l := range layout.Lines(&p) {
			folded = append(folded, textparse.Fold(l.Text()))
		}
		require.Equal(t, c.want, deliveryNote(folded), "%q", c.lines)
	}
	// With a total it is a document, whatever its title.
	withTotal := page("Acme GmbH", "Lieferschein", "1 Schrauben 100 12,00", "Gesamtbetrag 12,00")
	require.False(t, inspect(&withTotal).enclosure)
	note := page("Acme GmbH", "Lieferschein", "Pos. Bezeichnung Menge", "1 Schrauben 100")
	require.True(t, inspect(&note).enclosure)
}
