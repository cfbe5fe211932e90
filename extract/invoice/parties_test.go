package invoice

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract/layout"
)

// TestSellerAndAddressee: a letter whose letterhead is a logo image (no
// text) names its seller only in the footer; the addressee in the window
// is never the seller, and a salutation is no part of the addressee's
// name. Before these rules the window's first line was taken for the
// seller ("Anna Schmidt") and "Frau" for the buyer.
func TestSellerAndAddressee(t *testing.T) {
	t.Parallel()
	body := []string{"380 125 9|Rechnungsnummer:||R-4471", "380 137 9|Datum:||12.03.2024",
		"50 230 13|Rechnung",
		"50 260 9|Pos||Beschreibung||Menge||Preis||Gesamt",
		"50 275 10|1||Dachlatten 30x50||20||2,50||50,00",
		"350 320 10|Nettobetrag||50,00 €", "350 335 10|USt 19 %||9,50 €", "350 350 10|Gesamtbetrag||59,50 €"}
	footer := []string{"50 780 7|Holzbau Meier GmbH||Sparkasse Freiburg||Geschäftsführer: Hans Meier",
		"50 790 7|Sägewerkstr. 4, 79098 Freiburg||IBAN: DE89 3704 0044 0532 0130 00||Amtsgericht Freiburg HRB 1234"}
	bankFooter := []string{"50 780 7|Sparkasse Freiburg-Nördlicher Breisgau AG||Deutsche Bank AG",
		"50 790 7|IBAN: DE89 3704 0044 0532 0130 00||Amtsgericht Freiburg HRB 1234"}
	rows := func(groups ...[]string) []string {
		var out []string
		for _, g := range groups {
			out = append(out, g...)
		}
		return out
	}
	for _, tc := range []struct {
		name          string
		rows          []string
		seller, buyer string
	}{
		{"sender line, salutation on its own line",
			rows([]string{"50 110 6|Holzbau Meier GmbH · Sägewerkstr. 4 · 79098 Freiburg", "50 125 10|Frau", "50 137 10|Anna Schmidt", "50 149 10|Lindenweg 3", "50 161 10|79100 Freiburg"}, body, footer),
			"Holzbau Meier GmbH", "Anna Schmidt"},
		{"logo letterhead, the seller only in the footer",
			rows([]string{"50 125 10|Herrn Max Schmidt", "50 137 10|Lindenweg 3", "50 149 10|79100 Freiburg"}, body, footer),
			"Holzbau Meier GmbH", "Max Schmidt"},
		{"logo letterhead, a company addressee",
			rows([]string{"50 125 10|Bäckerei Sonnenschein KG", "50 137 10|Lindenweg 3", "50 149 10|79100 Freiburg"}, body, footer),
			"Holzbau Meier GmbH", "Bäckerei Sonnenschein KG"},
		{"letterhead block at the top, a footer of banks only",
			rows([]string{"50 40 14|Holzbau Meier GmbH", "50 56 9|Sägewerkstr. 4", "50 68 9|79098 Freiburg", "50 125 10|Anna Schmidt", "50 137 10|Lindenweg 3", "50 149 10|79100 Freiburg"}, body, bankFooter),
			"Holzbau Meier GmbH", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := Extract([]layout.Page{page(tc.rows...)}).General
			require.NotNil(t, g.SellerName)
			require.Equal(t, tc.seller, *g.SellerName)
			if tc.buyer != "" {
				require.NotNil(t, g.BuyerName)
				require.Equal(t, tc.buyer, *g.BuyerName)
			}
		})
	}
}

// TestPartyNameTrim: a name line that ends with a comma before the address
// on the next line gives the name without it.
func TestPartyNameTrim(t *testing.T) {
	t.Parallel()
	g := Extract([]layout.Page{page(
		"50 40 14|Tax Invoice", "300 60 9|Invoice No: FAABCD2400012345", "300 72 9|Invoice Date: 13-03-2024",
		"50 110 9|Sold By: Bright Retail Private Limited,", "50 122 9|Plot 5, Electronic City, Bengaluru 560100",
		"300 110 9|Billing Address", "300 122 10|Ravi Kumar,", "300 134 9|12 MG Road, Pune 411001",
		"300 240 11|Grand Total||₹ 999.00",
	)}).General
	require.NotNil(t, g.SellerName)
	require.Equal(t, "Bright Retail Private Limited", *g.SellerName)
	require.NotNil(t, g.BuyerName)
	require.Equal(t, "Ravi Kumar", *g.BuyerName)
}
