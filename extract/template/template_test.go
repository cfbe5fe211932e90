package template

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/internal/testdocs"
)

func loadTestdata(t *testing.T) *Set {
	t.Helper()
	s, err := Load("testdata/templates")
	require.NoError(t, err)
	return s
}

func TestLoad(t *testing.T) {
	t.Parallel()
	s := loadTestdata(t)
	require.Len(t, s.Templates, 3)
	// Priority order: 10, 5 (default), 3.
	require.Equal(t, "acme-supplies-en.yml", s.Templates[0].Name)
	require.Equal(t, "acme", s.Templates[0].Group)
	require.Equal(t, "legacy", s.Templates[1].Group)
	require.Equal(t, DefaultGroup, s.Templates[2].Group)
	require.Equal(t, ID("acme", "acme-supplies-en.yml"), s.Templates[0].ID)
	require.Equal(t, s.Templates[0].ID, ID("acme", "acme-supplies-en.yml"), "stable")
	require.NotEqual(t, ID("acme", "x.yml"), ID("legacy", "x.yml"))
	require.Equal(t, []string{"date", "amount", "invoice_number", "issuer"}, s.Templates[2].RequiredFields)
}

// requireInvoice compares the fields an invoice template declares with the
// generator's truth.
func requireInvoice(t *testing.T, want, got *docextract.InvoiceData, buyer bool) {
	t.Helper()
	w, g := want.General, got.General
	require.Equal(t, *w.InvoiceNumber, *g.InvoiceNumber)
	require.Equal(t, *w.InvoiceDate, *g.InvoiceDate)
	require.Equal(t, *w.DueDate, *g.DueDate)
	require.Equal(t, *w.SellerName, *g.SellerName)
	require.Equal(t, *w.SellerVATId, *g.SellerVATId)
	require.Equal(t, "EUR", *g.Currency)
	require.True(t, w.TotalGrossPrice.Equal(g.TotalGrossPrice.Decimal), "gross %s vs %s", w.TotalGrossPrice, g.TotalGrossPrice)
	require.True(t, w.TotalNetPrice.Equal(g.TotalNetPrice.Decimal))
	require.True(t, w.TotalTaxAmount.Equal(g.TotalTaxAmount.Decimal))
	if buyer {
		require.Equal(t, *w.BuyerName, *g.BuyerName)
		require.Equal(t, *w.IBAN, *g.IBAN)
	}
	require.Len(t, got.LineItems, len(want.LineItems))
	for i, l := range want.LineItems {
		gl := got.LineItems[i]
		require.Equal(t, *l.ProductName, *gl.ProductName, "line %d", i+1)
		require.True(t, l.ProductQuantity.Equal(gl.ProductQuantity.Decimal), "line %d qty", i+1)
		require.True(t, l.ProductUnitPrice.Equal(gl.ProductUnitPrice.Decimal), "line %d price", i+1)
		require.True(t, l.ProductTotalPrice.Equal(gl.ProductTotalPrice.Decimal), "line %d total", i+1)
	}
}

var (
	engOnce sync.Once
	eng     *pdfium.Engine
	engErr  error
)

func pdfiumPages(t *testing.T, data []byte) []layout.Page {
	engOnce.Do(func() { eng, engErr = pdfium.New(pdfium.Config{Workers: 1}) })
	require.NoError(t, engErr)
	pages, err := testdocs.ReadPages(context.Background(), eng, data)
	require.NoError(t, err)
	return pages
}

func TestExtractGeneratedInvoices(t *testing.T) {
	s := loadTestdata(t)
	for _, lang := range []string{"en", "de"} {
		for seed := range uint64(4) {
			for _, reader := range []string{"drawn", "pdfium"} {
				t.Run(fmt.Sprintf("%s/%d/%s", lang, seed, reader), func(t *testing.T) {
					if reader == "pdfium" && testing.Short() {
						t.Skip("starts PDFium")
					}
					inv, err := testdocs.NewInvoice(testdocs.InvoiceOptions{Lang: lang, Seed: seed, Seller: 0, Lines: 3 + int(seed)*7, LinesPerPage: 12})
					require.NoError(t, err)
					pages := inv.Pages
					if reader == "pdfium" {
						pages = pdfiumPages(t, inv.PDF)
					}
					text := Text(pages)
					tpl, ok := s.Match(text)
					require.True(t, ok, text)
					require.Equal(t, map[string]string{"en": "acme", "de": "legacy"}[lang], tpl.Group)
					got, err := tpl.Extract(text)
					require.NoError(t, err, text)
					requireInvoice(t, inv.Truth, got, lang == "en")
					if lang == "en" {
						r, err := tpl.Fields(text)
						require.NoError(t, err)
						require.Equal(t, "30 days net", r["payment_terms"])
					}
				})
			}
		}
	}
	// Another seller's invoice matches the low-priority template only.
	inv, err := testdocs.NewInvoice(testdocs.InvoiceOptions{Seed: 1, Seller: 1})
	require.NoError(t, err)
	tpl, ok := s.Match(Text(inv.Pages))
	require.True(t, ok)
	require.Equal(t, "other-vendor.yml", tpl.Name)
	// A statement matches nothing.
	st, err := testdocs.NewStatement(testdocs.StatementOptions{Seed: 1})
	require.NoError(t, err)
	_, ok = s.Match(Text(st.Pages))
	require.False(t, ok)
}

func parse(t *testing.T, y string) *Template {
	t.Helper()
	tpl, err := Parse("g", "t.yml", []byte(y))
	require.NoError(t, err)
	return tpl
}

func TestRegexSemantics(t *testing.T) {
	t.Parallel()
	text := "Invoice 17\nItem 1.000,50\nItem 2,25\nDate: 03/04/2024\nRef A\nRef B\nRef A\n"
	tests := []struct {
		name string
		yml  string
		key  string
		want any
	}{
		{"dedupe keeps order", "regex: Ref (\\w)", "f", []any{"A", "B"}},
		{"single value alone", "regex: Invoice (\\d+)", "f", "17"},
		{"int", "regex: Invoice (\\d+)\n    type: int", "f", int64(17)},
		{"sum with decimal comma", "regex: Item ([\\d.,]+)\n    type: float\n    group: sum", "f", decimal.RequireFromString("1002.75")},
		{"first", "regex: Ref (\\w)\n    group: first", "f", "A"},
		{"last", "regex: Ref (\\w)\n    group: last", "f", "A"},
		{"join", "regex: Ref (\\w)\n    group: join", "f", "A B A"},
		{"max", "regex: Item ([\\d.,]+)\n    type: float\n    group: max", "f", decimal.RequireFromString("1000.50")},
		{"date with format", "regex: 'Date: (\\S+)'\n    type: date", "f", Date("2024-04-03")},
		{"list of regexes", "regex:\n      - Invoice (\\d+)\n      - Nothing (\\d+)", "f", "17"},
		{"two groups fail", "regex: (Ref) (\\w)", "f", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tpl := parse(t, "keywords: [Invoice]\nrequired_fields: []\noptions:\n  decimal_separator: ','\n  date_formats: ['%d/%m/%Y']\nfields:\n  f:\n    parser: "+
				"regex\n    "+tc.yml+"\n")
			r, err := tpl.Fields(text)
			require.NoError(t, err)
			if tc.want == nil {
				require.NotContains(t, r, tc.key)
				return
			}
			if d, ok := tc.want.(decimal.Decimal); ok {
				require.True(t, d.Equal(r[tc.key].(decimal.Decimal)), "%v", r[tc.key])
				return
			}
			require.Equal(t, tc.want, r[tc.key])
		})
	}
}

func TestLegacyAndOptions(t *testing.T) {
	t.Parallel()
	tpl := parse(t, `
keywords: ['lieferant gmbh']
fields:
  invoice_number: 'nr (\d+)'
  date: 'datum (\S+)'
  amount: 'summe (\S+)'
  sum_amount_tax: ['mwst (\S+)', 'ust (\S+)']
  static_vendor: Lieferant
options:
  lowercase: true
  remove_accents: true
  replace:
    - ['euro', 'eur']
    - ['nr\.? (\d+)-(\d+)', 'nr \1\2']
  decimal_separator: ','
  languages: [de]
`)
	require.Equal(t, "lieferant gmbh", tpl.Issuer, "issuer defaults to the first keyword")
	text := "Lieferant GmbH\nNr. 12-34\nDatum 05.06.2024\nSumme 1.190,00 EURO\nMwSt 100,00\nUSt 90,00\nMärz"
	require.True(t, tpl.Matches(text))
	require.Contains(t, tpl.Prepare(text), "marz")
	r, err := tpl.Fields(text)
	require.NoError(t, err)
	require.Equal(t, "1234", r["invoice_number"])
	require.Equal(t, Date("2024-06-05"), r["date"])
	require.True(t, decimal.RequireFromString("1190").Equal(r["amount"].(decimal.Decimal)))
	require.True(t, decimal.RequireFromString("190").Equal(r["amount_tax"].(decimal.Decimal)))
	require.Equal(t, "Lieferant", r["vendor"])
	require.Equal(t, "EUR", r["currency"])

	_, err = tpl.Fields("lieferant gmbh nr 5")
	require.ErrorIs(t, err, ErrRequiredFields)
}

func TestLinesFirstLastSkip(t *testing.T) {
	t.Parallel()
	tpl := parse(t, `
keywords: [X]
required_fields: [lines]
fields:
  lines:
    parser: lines
    start: BEGIN
    end: END
    first_line: '^(?P<description>\w+)\s+(?P<qty>\d+)$'
    line: '^\s+(?P<description>\w.*)$'
    last_line: '^\s+total (?P<price_subtotal>\d+)$'
    skip_line: 'ignore'
    types:
      qty: int
`)
	text := "X\nBEGIN\nnoise\napple 2\n  red\n  ignore me\n  total 10\npear 3\n  total 7\nEND\nBEGIN\nkiwi 1\nEND\n"
	r, err := tpl.Fields(text)
	require.NoError(t, err)
	require.Equal(t, []map[string]any{
		{"description": "apple\nred", "qty": int64(2), "price_subtotal": "10"},
		{"description": "pear", "qty": int64(3), "price_subtotal": "7"},
		{"description": "kiwi", "qty": int64(1)},
	}, r["lines"])
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	for name, y := range map[string]string{
		"not yaml":        "keywords: [",
		"not a mapping":   "- a",
		"no keywords":     "issuer: x",
		"look-ahead":      "keywords: ['a(?=b)']",
		"bad priority":    "keywords: [a]\npriority: high",
		"bad type":        "keywords: [a]\nfields:\n  f:\n    parser: regex\n    regex: a\n    type: money",
		"lines w/o start": "keywords: [a]\nlines:\n  end: x\n  line: y",
		"bad replace":     "keywords: [a]\noptions:\n  replace: [[a]]",
	} {
		_, err := Parse("g", name, []byte(y))
		require.ErrorIs(t, err, ErrInvalid, name)
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bad.yml"), []byte("issuer: x"), 0o600))
	_, err := Load(dir)
	require.ErrorContains(t, err, "bad.yml")
}

func TestStrptime(t *testing.T) {
	t.Parallel()
	tests := []struct{ v, f, want string }{
		{"05.06.2024", "%d.%m.%Y", "2024-06-05"},
		{"5 June 2024", "%d %B %Y", "2024-06-05"},
		{"5 juin 2024", "%d %B %Y", "2024-06-05"},
		{"Jun 5, 24", "%b %d, %y", "2024-06-05"},
		{"2024-06-05", "%Y-%m-%d", "2024-06-05"},
		{"31.02.2024", "%d.%m.%Y", ""},
		{"x", "%Q", ""},
	}
	for _, tc := range tests {
		got, _ := strptime(tc.v, tc.f)
		require.Equal(t, tc.want, got, tc.v)
	}
}

func FuzzParse(f *testing.F) {
	for _, p := range []string{"testdata/templates/acme/acme-supplies-en.yml", "testdata/templates/legacy/acme-supplies-de.yml"} {
		b, err := os.ReadFile(p)
		require.NoError(f, err)
		f.Add(b, "Acme Supplies GmbH INVOICE\nInvoice No: INV-2024-0001\nTotal EUR 1,00")
	}
	f.Add([]byte("keywords: ['(']\n"), "")
	f.Add([]byte("keywords: [a]\nfields:\n  lines:\n    parser: lines\n    start: ''\n    end: ''\n    line: ''\n"), "aaa")
	f.Add([]byte("keywords: [a]\noptions:\n  replace: [['a', '\\1$']]\n  decimal_separator: ','\nfields:\n  amount: '(\\d+)'\n"), "a 1,2,3")
	f.Fuzz(func(t *testing.T, y []byte, text string) {
		tpl, err := Parse("g", "f.yml", y)
		if err != nil {
			return
		}
		if tpl.Matches(text) {
			_, _ = tpl.Extract(text)
		}
		_, _ = tpl.Fields(text)
	})
}

func TestParseErrorLines(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		line      int
		msg       string
	}{
		{"yaml syntax", "issuer: Acme\nkeywords:\n  - Acme\n fields: x\n", 3, "did not find expected key"},
		{"bad keyword regex", "issuer: Acme\nkeywords:\n  - Acme\n  - '(?<=x)y'\n", 4, "keywords: regular expression"},
		{"bad field regex", "issuer: Acme\nkeywords: [Acme]\nfields:\n  amount: Total\n  invoice_number:\n    parser: regex\n    regex: 'No(\\d+'\n", 7, "field invoice_number: regular expression"},
		{"unknown type", "keywords: [Acme]\nfields:\n  amount:\n    parser: regex\n    regex: x\n    type: money\n", 6, `unknown type "money"`},
		{"priority", "keywords: [Acme]\npriority: high\n", 2, "priority"},
		{"no keywords", "issuer: Acme\n", 1, "keywords missing"},
		{"lines", "keywords: [Acme]\nlines:\n  start: a\n", 2, "lines: start, end and line are required"},
	} {
		_, err := Parse("g", "t.yml", []byte(tc.src))
		require.ErrorIs(t, err, ErrInvalid, tc.name)
		var pe *ParseError
		require.ErrorAs(t, err, &pe, tc.name)
		require.Equal(t, tc.line, pe.Line, "%s: %v", tc.name, err)
		require.Contains(t, pe.Msg, tc.msg, tc.name)
		require.Contains(t, err.Error(), fmt.Sprintf("line %d: ", tc.line), tc.name)
	}
}
