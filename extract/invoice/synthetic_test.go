package invoice

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract/layout"
)

// page builds a synthetic page: each row is "x y size|text", words laid out
// at 0.5 size per character with single spaces; "||" inside the text puts a
// wide gap (4 × size) between two runs.
func page(rows ...string) layout.Page {
	p := layout.Page{Number: 1, Width: 595, Height: 842}
	for _, r := range rows {
		var x, y, size float64
		head, text, _ := strings.Cut(r, "|")
		fmt.Sscanf(head, "%g %g %g", &x, &y, &size)
		for i, run := range strings.Split(text, "||") {
			if i > 0 {
				x += 4 * size
			}
			for _, t := range strings.Fields(run) {
				w := float64(len([]rune(t))) * 0.5 * size
				p.Words = append(p.Words, layout.Word{Text: t, X0: x, Y0: y, X1: x + w, Y1: y + size*1.15, Conf: 100, Size: size})
				x += w + 0.28*size
			}
		}
	}
	return p
}

func TestExtractSynthetic(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		rows  []string
		check map[string]string
	}{
		{
			name: "english two columns, total due with prepaid",
			rows: []string{
				"50 40 18|Widget Works LLC", "350 40 12|Invoice # 10-442",
				"50 62 9|400 Main Street, Springfield", "350 62 9|Date:||03/14/2024",
				"50 120 9|Bill To:", "50 132 10|Acme Corp",
				"50 200 9|Description||Qty||Unit price||Amount",
				"50 215 10|Blue widgets||12||$4.50||$54.00",
				"350 260 10|Subtotal||$54.00", "350 275 10|Sales Tax (8%)||$4.32", "350 290 10|Total||$58.32",
				"350 305 10|Amount paid||$8.32", "350 320 10|Balance due||$50.00",
			},
			check: map[string]string{"InvoiceNumber": "10-442", "InvoiceDate": "2024-03-14", "TotalNetPrice": "54", "TotalTaxAmount": "4.32",
				"TotalGrossPrice": "58.32", "AmountDue": "50", "Currency": "USD", "BuyerName": "Acme Corp", "SellerName": "Widget Works LLC"},
		},
		{
			name: "german letter, totals without labels for gross",
			rows: []string{
				"50 40 14|Schreinerei Holz & Co. KG", "50 60 7|Schreinerei Holz & Co. KG · Waldweg 3 · 01067 Dresden",
				"50 80 10|Herrn Max Mustermann", "380 80 10|Dresden, den 5. Februar 2024",
				"50 140 13|Rechnung Nr. R-2024-007",
				"50 180 9|Pos||Bezeichnung||Menge||Einzelpreis||Betrag",
				"50 195 10|1||Eichentisch massiv||1||1.250,00||1.250,00",
				"350 240 10|Summe netto||1.250,00 €", "350 255 10|zzgl. 19 % USt.||237,50 €", "350 270 10|Rechnungsbetrag||1.487,50 €",
			},
			check: map[string]string{"InvoiceNumber": "R-2024-007", "InvoiceDate": "2024-02-05", "TotalNetPrice": "1250", "TotalTaxAmount": "237.5",
				"TotalGrossPrice": "1487.5", "Currency": "EUR"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Extract([]layout.Page{page(tt.rows...)})
			b, err := json.Marshal(got.General)
			require.NoError(t, err)
			var m map[string]any
			require.NoError(t, json.Unmarshal(b, &m))
			for k, want := range tt.check {
				require.Equal(t, want, fmt.Sprint(m[k]), k)
			}
		})
	}
}

func TestExtractEmpty(t *testing.T) {
	t.Parallel()
	got := Extract(nil)
	require.Equal(t, "invoice", got.DocType)
	require.Nil(t, got.General.InvoiceNumber)
	require.NotNil(t, got.LineItems)
	got = Extract([]layout.Page{{Number: 1}})
	require.Nil(t, got.General.TotalGrossPrice)
}

func ExampleExtract() {
	p := page(
		"50 40 16|ACME GmbH", "350 40 10|Rechnungsnummer:||2024-17",
		"350 55 10|Rechnungsdatum:||02.01.2024",
		"350 200 10|Nettobetrag||100,00 €", "350 215 10|MwSt. 19 %||19,00 €", "350 230 10|Gesamtbetrag||119,00 €",
	)
	inv := Extract([]layout.Page{p})
	g := inv.General
	fmt.Println(*g.InvoiceNumber, *g.InvoiceDate, *g.Currency, g.TotalNetPrice, g.TotalTaxAmount, g.TotalGrossPrice)
	// Output: 2024-17 2024-01-02 EUR 100 19 119
}

func FuzzExtract(f *testing.F) {
	f.Add("Invoice No: 12||Total 1.234,56 €")
	f.Add("Rechnung Nr. 5 vom 01.02.2024||MwSt 19% 1,00")
	f.Fuzz(func(t *testing.T, s string) {
		rows := strings.Split(s, "\n")
		for i := range rows {
			rows[i] = fmt.Sprintf("50 %d 10|%s", 40+15*i, rows[i])
		}
		_ = Extract([]layout.Page{page(rows...)})
	})
}
