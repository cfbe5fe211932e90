package invoice

import (
	"fmt"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/validate"
)

// grid builds a page from rows "y size [b]|x:text|x>text": "x:text" starts
// the text at x, "x>text" ends it at x (right-aligned, as numbers are
// printed); "b" makes the row bold. Words are 0.5 × size per character wide.
// A row "page" starts a new page.
func grid(rows ...string) []layout.Page {
	var pages []layout.Page
	newPage := func() {
		pages = append(pages, layout.Page{Number: len(pages) + 1, Width: 595, Height: 842})
	}
	newPage()
	for _, r := range rows {
		if r == "page" {
			newPage()
			continue
		}
		parts := strings.Split(r, "|")
		var y, size float64
		fmt.Sscanf(parts[0], "%g %g", &y, &size)
		bold := strings.HasSuffix(strings.TrimSpace(parts[0]), "b")
		for _, p := range parts[1:] {
			i := strings.IndexAny(p, ":>")
			var x float64
			fmt.Sscanf(p[:i], "%g", &x)
			text := p[i+1:]
			width := func(s string) float64 { return float64(len([]rune(s))) * 0.5 * size }
			if p[i] == '>' {
				x -= width(text)
			}
			for _, t := range strings.Fields(text) {
				w := width(t)
				pg := &pages[len(pages)-1]
				pg.Words = append(pg.Words, layout.Word{Text: t, X0: x, Y0: y, X1: x + w, Y1: y + size*1.15, Conf: 100, Size: size, Bold: bold})
				x += w + 0.5*size
			}
		}
	}
	return pages
}

type wantItem struct {
	name              string
	qty, price, total string
}

func checkItems(t *testing.T, got []docextract.LineItem, want []wantItem) {
	t.Helper()
	var names []string
	for _, it := range got {
		names = append(names, str(it.ProductName))
	}
	require.Len(t, got, len(want), "items: %q", names)
	for i, w := range want {
		it := got[i]
		require.Equal(t, w.name, str(it.ProductName), "item %d name", i)
		require.Equal(t, w.qty, amt2(it.ProductQuantity), "item %d quantity", i)
		require.Equal(t, w.price, amt2(it.ProductUnitPrice), "item %d unit price", i)
		require.Equal(t, w.total, amt2(it.ProductTotalPrice), "item %d total", i)
	}
}

func TestLineItemsLayouts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		rows []string
		want []wantItem
	}{
		{
			name: "sections, notes and subtotals are not items",
			rows: []string{
				"40 14 b|50:Fresh Foods Wholesale Ltd", "60 9|50:12 Market Street, Leeds LS1 2AB",
				"100 9|50:Bill to:", "112 10|50:Corner Cafe", "124 10|50:8 High Road, York YO1 7HH",
				"200 9 b|50:Description|330>Qty|420>Unit Price|540>Amount",
				"220 10 b|50:--- Food Products ---",
				"236 10|50:Organic flour 25 kg|330>2|420>18.50|540>37.00",
				"251 10|50:Free-range eggs (tray of 30)|330>4|420>6.25|540>25.00",
				"266 10|50:Subtotal Food Products|540>62.00",
				"286 10 b|50:--- Beverages ---",
				"302 10|50:Sparkling water 24 x 0.5 l|330>3|420>9.90|540>29.70",
				"317 10|50:Note: beverages delivered separately",
				"332 10|50:Apple juice 12 x 1 l|330>1|420>14.40|540>14.40",
				"360 10|380:Subtotal|540>106.10", "375 10|380:VAT 20%|540>21.22", "390 10 b|380:Total|540>127.32",
			},
			want: []wantItem{
				{"Organic flour 25 kg", "2", "18.5", "37"}, {"Free-range eggs (tray of 30)", "4", "6.25", "25"},
				{"Sparkling water 24 x 0.5 l", "3", "9.9", "29.7"}, {"Apple juice 12 x 1 l", "1", "14.4", "14.4"},
			},
		},
		{
			name: "two-line header, multi-line descriptions, incl. VAT row (Dutch)",
			rows: []string{
				"40 14 b|50:Bakkerij de Molen B.V.",
				"190 9 b|50:Omschrijving|330>Aantal|420>Prijs per|540>Bedrag",
				"201 9 b|420>stuk",
				"222 10|50:Taart op maat|330>1|420>45,00|540>45,00",
				"236 10|50:chocolade, 12 personen",
				"250 10|50:met opschrift",
				"268 10|50:Koffiebroodjes|330>24|420>1,25|540>30,00",
				"282 10|50:incl. 9% BTW|540>6,19",
				"310 10|380:Totaal|540>75,00",
			},
			want: []wantItem{
				{"Taart op maat chocolade, 12 personen met opschrift", "1", "45", "45"}, {"Koffiebroodjes", "24", "1.25", "30"},
			},
		},
		{
			name: "description above its amounts, codes below",
			rows: []string{
				"180 8 b|50:Pos|80:Article / Description|340>Qty|420>Price|540>Total",
				"200 8|80:Annual maintenance contract",
				"210 8|80:for the ticketing system",
				"220 8|50:1|80:SKU: MNT-12|340>1|420>1,200.00|540>1,200.00",
				"245 8|80:On-site training day",
				"255 8|50:2|80:SKU: TRN-01|340>2|420>650.00|540>1,300.00",
				"290 9|380:Net amount|540>2,500.00",
			},
			want: []wantItem{
				{"Annual maintenance contract for the ticketing system", "1", "1200", "1200"},
				{"On-site training day", "2", "650", "1300"},
			},
		},
		{
			name: "a quantity next to the amount is not the total; the last item is kept",
			rows: []string{
				"40 12|50:Werkstatt Krause GmbH", "70 9|50:Musterstraße 1 · 12345 Musterstadt",
				"180 9 b|50:Bezeichnung|400>Menge|470>Einzelpreis|540>Gesamtpreis",
				"200 10|50:Ölwechsel inkl. Filter|400>1|470>89,00|540>89,00",
				"215 10|50:Bremsbeläge vorne|400>2|470>64,50|540>129,00",
				"230 10|50:Arbeitszeit (Std.)|400>3,5|470>72,00|540>252,00",
				"245 10|50:Altölentsorgung|400>1|540>4,90",
				"275 10|380:Nettobetrag|540>474,90", "290 10|380:zzgl. 19 % MwSt.|540>90,23", "305 10|380:Gesamtbetrag|540>565,13",
			},
			want: []wantItem{
				{"Ölwechsel inkl. Filter", "1", "89", "89"}, {"Bremsbeläge vorne", "2", "64.5", "129"},
				{"Arbeitszeit (Std.)", "3.5", "72", "252"}, {"Altölentsorgung", "1", "", "4.9"},
			},
		},
		{
			name: "table over two pages with a repeated header and carried totals",
			rows: []string{
				"180 9 b|50:Désignation|360>Qté|450>Prix unitaire|540>Montant HT",
				"200 10|50:Audit sécurité|360>1|450>2 400,00|540>2 400,00",
				"215 10|50:Rapport détaillé|360>1|450>800,00|540>800,00",
				"780 10|380:À reporter|540>3 200,00",
				"page",
				"60 9 b|50:Désignation|360>Qté|450>Prix unitaire|540>Montant HT",
				"80 10|380:Report|540>3 200,00",
				"95 10|50:Formation équipe|360>2|450>750,00|540>1 500,00",
				"130 10|380:Total HT|540>4 700,00", "145 10|380:TVA 20 %|540>940,00", "160 10|380:Total TTC|540>5 640,00",
			},
			want: []wantItem{
				{"Audit sécurité", "1", "2400", "2400"}, {"Rapport détaillé", "1", "800", "800"}, {"Formation équipe", "2", "750", "1500"},
			},
		},
		{
			name: "unit beside the quantity, VAT column, discount row for the document",
			rows: []string{
				"180 9 b|50:Descripción|300>Cantidad|380>Precio|450>IVA|540>Importe",
				"200 10|50:Silla de oficina|280>4|300:ud|380>120,00|450>21%|540>480,00",
				"215 10|50:Mesa 160x80|280>1|300:ud|380>310,00|450>21%|540>310,00",
				"230 10|50:Descuento 5%|540>-39,50",
				"260 10|380:Base imponible|540>750,50",
			},
			want: []wantItem{{"Silla de oficina", "4", "120", "480"}, {"Mesa 160x80", "1", "310", "310"}},
		},
		{
			name: "section titles, a subtotal, a delivery-note line, a note and an incl. row between items",
			rows: []string{
				"180 9 b|50:Bezeichnung|330>Menge|420>Einzelpreis|540>Gesamt",
				"200 10 b|50:Getränke",
				"214 10|50:Wasser 12 x 0,75 l Glas|330>10|420>6,49|540>64,90",
				"228 9|50:dont éco-participation : 0,50 €",
				"242 10|50:Saft 24 x 0,33 l|330>4|420>11,90|540>47,60",
				"258 10|300:Summe Getränke|540>112,50",
				"276 10 b|50:Lieferschein 80031 vom 12.03.2024",
				"290 10|50:Kaffee Crema|330>2,5|420>18,90|540>47,25",
				"304 9|50:Die Lieferung erfolgte auf Wunsch ohne Verpackung an den Hintereingang.",
				"318 10|50:Credit: Milch 3,5 % 12 x 1 l|330>3|420>13,56|540>40,68",
				"345 10|380:Nettobetrag|540>200,43",
			},
			want: []wantItem{
				{"Wasser 12 x 0,75 l Glas", "10", "6.49", "64.9"}, {"Saft 24 x 0,33 l", "4", "11.9", "47.6"},
				{"Kaffee Crema", "2.5", "18.9", "47.25"}, {"Credit: Milch 3,5 % 12 x 1 l", "3", "13.56", "40.68"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := Extract(grid(tt.rows...))
			checkItems(t, got.LineItems, tt.want)
		})
	}
}

// TestLineItemsValidation: a document whose items do not add up to its
// totals does not pass.
func TestLineItemsValidation(t *testing.T) {
	t.Parallel()
	rows := []string{
		"40 14 b|50:ACME Tools Inc", "60 12 b|380:INVOICE", "75 9|380:Invoice No:|460:A-1001", "87 9|380:Date:|460:03/14/2024",
		"180 9 b|50:Item|330>Qty|420>Price|540>Amount",
		"200 10|50:Hammer|330>2|420>$12.00|540>$24.00",
		"215 10|50:Saw|330>1|420>$30.00|540>$30.00",
		"250 10|380:Subtotal|540>$54.00", "265 10|380:Tax|540>$4.32", "280 10|380:Total|540>$58.32",
	}
	got := Extract(grid(rows...))
	require.Len(t, got.LineItems, 2)
	require.True(t, validate.Invoice(got).Passed, validate.Invoice(got).Details.CalculationLogic)
	// The same document with a lost item row no longer adds up.
	short := append(append([]string{}, rows[:6]...), rows[7:]...)
	got = Extract(grid(short...))
	require.Len(t, got.LineItems, 1)
	v := validate.Invoice(got)
	require.False(t, v.Passed)
	require.Contains(t, v.Details.CalculationLogic, "line totals")
}

// TestLineItemsUnseenLayoutRules pins the item rules the generated layouts
// needed: a section title right under the header is not part of it, an
// article-code column left of the description is not description, a long
// description runs on past its column, "Continued on page 2" is no text of
// the last item.
func TestLineItemsUnseenLayoutRules(t *testing.T) {
	t.Parallel()
	got := Extract(grid(
		"181 9 b|50:ITEM/DESC.|400>QTY|470>U.PRICE|545>AMOUNT",
		"192 9 b|50:--- Food Products ---",
		"206 10|60:Tomato sauce #10 can|400>6|470>7.25|545>43.50",
		"220 10|60:Spring water 24 pk|400>10|470>4.99|545>49.90",
		"234 9|300:Subtotal Food Products|545>93.40",
		"300 10|380:Subtotal|545>93.40",
	))
	checkItems(t, got.LineItems, []wantItem{{"Tomato sauce #10 can", "6", "7.25", "43.5"}, {"Spring water 24 pk", "10", "4.99", "49.9"}})
	got = Extract(grid(
		"220 8 b|50:Artikel|110:Omschrijving|380>Aantal|460>Prijs|545>Totaal",
		"236 9|50:80231|110:Fietsband 28 inch|380>2|460>18,95|545>37,90",
		"250 9|50:80412|110:Fietsverlichting LED set|380>1|460>24,50|545>24,50",
		"300 10|330:Subtotaal excl. BTW|545>€ 62,40",
	))
	checkItems(t, got.LineItems, []wantItem{{"Fietsband 28 inch", "2", "18.95", "37.9"}, {"Fietsverlichting LED set", "1", "24.5", "24.5"}})
	got = Extract(grid(
		"230 9 b|175:Bezeichnung|470>Einzelpreis|545>Gesamtpreis",
		"248 10|175:Wandflächen streichen, Dispersion weiß|470>8,40|545>726,60",
		"266 10|175:Anfahrtspauschale|470>35,00|545>35,00",
		"300 10|330:Summe netto|545>761,60 €",
	))
	checkItems(t, got.LineItems, []wantItem{{"Wandflächen streichen, Dispersion weiß", "", "8.4", "726.6"}, {"Anfahrtspauschale", "", "35", "35"}})
	got = Extract(grid(
		"160 9 b|110:Description|380>Qty|460>Unit price|545>Total",
		"176 9|110:Rubber bands|380>3|460>£1.99|545>£5.97",
		"196 9|110:Glue sticks|380>4|460>£2.50|545>£10.00",
		"240 8|50:Continued on page 2",
		"page",
		"80 9 b|110:Description|380>Qty|460>Unit price|545>Total",
		"96 9|110:Rulers 30 cm|380>5|460>£1.00|545>£5.00",
		"140 10|360:Net total|545>£20.97",
	))
	checkItems(t, got.LineItems, []wantItem{{"Rubber bands", "3", "1.99", "5.97"}, {"Glue sticks", "4", "2.5", "10"}, {"Rulers 30 cm", "5", "1", "5"}})
}

func TestPointLost(t *testing.T) {
	a := func(s string) *docextract.Amount { return docextract.NewAmount(decimal.RequireFromString(s)) }
	for _, c := range []struct{ qty, unit, total, want string }{
		{"125", "120", "1500", "12.5"}, // "12.5" read as "125"
		{"125", "1.2", "1.5", "1.25"},  // "1.25"
		{"125", "12", "1500", "125"},   // right as read
		{"125", "120", "1400", "125"},  // nothing fits: left alone
		{"12.5", "120", "150", "12.5"}, // not a whole number
		{"5", "120", "60", "5"},        // one digit: no point to lose
	} {
		got := pointLost(a(c.qty), a(c.unit), a(c.total))
		require.Equal(t, c.want, got.String(), "%v", c)
	}
	require.Nil(t, pointLost(nil, a("1"), a("1")))
}

func TestMendLineTotal(t *testing.T) {
	a := func(s string) *docextract.Amount { return docextract.NewAmount(decimal.RequireFromString(s)) }
	item := func(q, u, tot string) docextract.LineItem {
		return docextract.LineItem{ProductQuantity: a(q), ProductUnitPrice: a(u), ProductTotalPrice: a(tot)}
	}
	gross := decimal.RequireFromString("4.11")
	items := []docextract.LineItem{item("1", "2.75", "215"), item("1", "1.36", "1.36")}
	mendLineTotal(items, nil, nil, &gross)
	require.Equal(t, "2.75", items[0].ProductTotalPrice.String(), "2.75 read as 215")
	// the lines do not reach a total with the product either: left alone
	items = []docextract.LineItem{item("1", "2.75", "215"), item("1", "1.36", "1.36")}
	other := decimal.RequireFromString("5.00")
	mendLineTotal(items, nil, nil, &other)
	require.Equal(t, "215", items[0].ProductTotalPrice.String())
	// two lines disagree: no single misreading to mend
	items = []docextract.LineItem{item("1", "2.75", "215"), item("1", "1.36", "136")}
	mendLineTotal(items, nil, nil, &gross)
	require.Equal(t, "215", items[0].ProductTotalPrice.String())
	// the lines add up as read: the quantity was misread ("3" as "9")
	sum := decimal.RequireFromString("16.36")
	items = []docextract.LineItem{item("9", "5.00", "15.00"), item("1", "1.36", "1.36")}
	mendLineTotal(items, nil, &sum)
	require.Equal(t, "3", items[0].ProductQuantity.String())
	// ... or the unit price ("5.00" as "6.00")
	items = []docextract.LineItem{item("3", "6.00", "15.00"), item("1", "1.36", "1.36")}
	mendLineTotal(items, nil, &sum)
	require.Equal(t, "5.00", items[0].ProductUnitPrice.StringFixed(2))
	// two digits off: neither is changed
	items = []docextract.LineItem{item("9", "7.00", "15.00"), item("1", "1.36", "1.36")}
	mendLineTotal(items, nil, &sum)
	require.Equal(t, "9", items[0].ProductQuantity.String())
	require.Equal(t, "7.00", items[0].ProductUnitPrice.StringFixed(2))
}

// TestDescLine: codes and labelled identifiers are not description; other
// labelled lines are.
func TestDescLine(t *testing.T) {
	for text, want := range map[string]bool{
		"SKU: MNT-12": false, "Art-Nr-Lieferant: ZS997": false, "S/N 5CG4081KQZ": false, "4123456000014 (GTIN)": false, "Seriennummer:": false,
		"Credit: damaged case, mozzarella": true, "Pack: 4 x 10 lb": true, "Periodo: 01/03/2024 - 31/03/2024": true,
		"inkl. Einrichtung und Datenübernahme": true, "garantie 2 ans pièces et main-d'œuvre": true,
	} {
		require.Equal(t, want, descLine(text), text)
	}
}
