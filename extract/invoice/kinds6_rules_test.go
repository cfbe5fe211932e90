package invoice

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSoldByNamesSeller: a marketplace invoice names its seller in a
// column "Verkauft von" / "Sold by" / "Vendu par" / "Verkocht door" /
// "Vendido por" / "Venduto da" beside the buyer's addresses.
func TestSoldByNamesSeller(t *testing.T) {
	for _, label := range []string{"Verkauft von", "Sold by", "Vendu par", "Verkocht door", "Vendido por", "Venduto da"} {
		t.Run(label, func(t *testing.T) {
			g := Extract(grid("40 18 b|50:Rechnung|390:Bezahlt|540>59,98 €", "76 8.5|300:Rechnungsnummer|545>DE4-1",
				"130 8.5 b|50:Rechnungsadresse|380:"+label, "142 8.5|50:Sabine Krüger|380:Technikwerk Hahn GmbH",
				"152 8.5|50:Lindenstraße 41|380:Industriestraße 5", "163 8.5|50:50674 Köln|380:74076 Heilbronn",
				"280 8 b|50:Beschreibung|545>Zwischensumme", "300 8.5|50:Funkmaus|545>59,98 €", "330 9 b|50:Gesamtpreis|545>59,98 €")).General
			require.Equal(t, "Technikwerk Hahn GmbH", str(g.SellerName))
		})
	}
}

// TestQuantityBeforeTotal: "Total 870 kg Rs. 1,31,814.85": the quantity
// summed with its unit is no amount, and a tax summary's "Total" row
// below (the net and the tax) does not take the gross's place.
func TestQuantityBeforeTotal(t *testing.T) {
	g := Extract(grid("30 12 b|265:Tax Invoice", "54 9.5 b|44:Shreeji Polymers Pvt. Ltd.",
		"234 8 b|75:Description of Goods|400>Quantity|455>Rate|553>Amount", "252 9|75:LDPE Granules|400>500 kg|455>200.00|553>1,00,000.00",
		"270 9|553>1,00,000.00", "284 9|380>IGST|553>18,000.00", "344 9 b|200>Total|400>500 kg|553>Rs. 1,18,000.00",
		"400 8|44:HSN/SAC|240:Taxable Value|400:Tax Amount", "420 8|44:39011010|290>1,00,000.00|445>18,000.00",
		"431 8 b|200>Total|290>1,00,000.00|445>18,000.00")).General
	require.Equal(t, "100000", amt2(g.TotalNetPrice))
	require.Equal(t, "18000", amt2(g.TotalTaxAmount))
	require.Equal(t, "118000", amt2(g.TotalGrossPrice))
}

// TestDirectDebitOwesGross: a bill paid by direct debit that prints no
// amount due under a label owes its gross.
func TestDirectDebitOwesGross(t *testing.T) {
	for _, note := range []string{"Montant prélevé le 20/09/2024 sur votre compte", "Der Betrag wird am 20.09.2024 abgebucht.",
		"This amount will be debited on 20 September 2024.", "Het bedrag wordt op 20-09-2024 geïncasseerd.",
		"El importe se cargará en su cuenta el 20/09/2024.", "L'importo sarà addebitato il 20/09/2024."} {
		t.Run(note, func(t *testing.T) {
			g := Extract(grid("40 16 b|50:Orbiane Telecom|330:Invoice", "56 9|330:Invoice No|545>F24-1", "200 8 b|50:Description|545>Amount",
				"215 9|50:Fibre|545>100.00", "300 9|340:Total HT|545>100.00", "314 9|340:TVA 20 %|545>20.00", "328 9 b|340:Total TTC|545>120.00",
				"360 8|50:"+note)).General
			require.Equal(t, "120", amt2(g.AmountDue))
		})
	}
	g := Extract(grid("40 16 b|50:Orbiane Telecom|330:Invoice", "200 8 b|50:Description|545>Amount", "215 9|50:Fibre|545>100.00",
		"300 9|340:Net|545>100.00", "314 9|340:VAT 20 %|545>20.00", "328 9 b|340:Total|545>120.00", "360 8|50:Payable within 30 days.")).General
	require.Nil(t, g.AmountDue, "no debit, no amount due label")
}

// TestUntitledChargesUnderTitles: charge lines with no column titles
// whose amounts make the net are the items, with short titles between
// them ("Remises") left out.
func TestUntitledChargesUnderTitles(t *testing.T) {
	got := Extract(grid("40 16 b|50:Orbiane Telecom|330:Facture n° F24-1", "232 8 b|545>Montant HT", "252 9 b|50:Abonnements et options",
		"265 8.5|62:Forfait Fibre Max|545>33,32 €", "277 8.5|62:Option TV Essentiel|545>4,17 €", "295 9 b|50:Remises",
		"308 8.5|62:Remise fidélité 12 mois|545>-4,17 €", "330 9|340:Total HT|545>33,32 €", "344 9|340:TVA 20 %|545>6,66 €",
		"358 9 b|340:Total TTC|545>39,98 €"))
	require.Len(t, got.LineItems, 3)
	require.Equal(t, "Remise fidélité 12 mois", str(got.LineItems[2].ProductName))
}

// TestMoneyTitlesOnlyTable: "VAT £ | Amount £" over the right half
// heads the items, the untitled left column their description; a bold
// "Disbursements" between items is a title; "Totals" sums the columns;
// "Less: money held on account" is paid.
func TestMoneyTitlesOnlyTable(t *testing.T) {
	got := Extract(grid("40 16 b|215:Hartley & Moss LLP", "115 9|350:Invoice No|545>HM/24/1", "232 8.5 b|460>VAT £|545>Amount £",
		"252 9|50:Professional charges|460>200.00|545>1,000.00", "268 9 b|50:Disbursements", "282 9|50:Search fees|460>20.00|545>100.00",
		"298 9|50:Land Registry fee|460>no VAT|545>150.00", "320 9 b|50:Totals|460>220.00|545>1,250.00",
		"340 9|300:Total including VAT|545>£1,470.00", "354 9|300:Less: money held on account|545>(500.00)", "368 9 b|300:Balance due|545>£970.00"))
	g := got.General
	require.Len(t, got.LineItems, 3)
	require.Equal(t, "Search fees", str(got.LineItems[1].ProductName))
	require.Equal(t, "1250", amt2(g.TotalNetPrice))
	require.Equal(t, "220", amt2(g.TotalTaxAmount))
	require.Equal(t, "1470", amt2(g.TotalGrossPrice))
	require.Equal(t, "970", amt2(g.AmountDue))
	require.NotNil(t, got.Extra)
	require.Equal(t, "500", amt2(got.Extra.PrepaidAmount))
}
