package invoice

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract/validate"
)

// TestIncludedTaxUnderSubtotal: where the prices include the tax, a
// subtotal equal to the total is the gross, and a tax row that says the
// tax is included ("Includes GST 10%", "enthaltene MwSt.", "dont TVA",
// "waarvan btw") leaves the net as gross - tax.
func TestIncludedTaxUnderSubtotal(t *testing.T) {
	for _, tc := range []struct {
		name string
		rows []string
	}{
		{"en gst", []string{"300 9|360:Subtotal|545>1,100.00", "314 9|360:Includes GST 10%|545>100.00", "328 9 b|360:TOTAL AUD|545>1,100.00"}},
		{"de mwst", []string{"300 9|360:Zwischensumme|545>1.100,00 €", "314 9|360:enthaltene MwSt. 10 %|545>100,00 €", "328 9 b|360:Gesamtbetrag|545>1.100,00 €"}},
		{"fr tva", []string{"300 9|360:Sous-total|545>1 100,00 €", "314 9|360:dont TVA 10 %|545>100,00 €", "328 9 b|360:Total TTC|545>1 100,00 €"}},
		{"nl btw", []string{"300 9|360:Subtotaal|545>€ 1.100,00", "314 9|360:waarvan btw 10%|545>€ 100,00", "328 9 b|360:Totaal|545>€ 1.100,00"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows := append([]string{"40 14 b|50:Northgate Supplies|400:INVOICE", "200 8 b|50:Description|545>Amount",
				"215 9|50:Fitting and supply|545>1,100.00"}, tc.rows...)
			g := Extract(grid(rows...)).General
			require.Equal(t, "1000", amt2(g.TotalNetPrice))
			require.Equal(t, "100", amt2(g.TotalTaxAmount))
			require.Equal(t, "1100", amt2(g.TotalGrossPrice))
		})
	}
}

// TestCanadianSalesTaxRows: Canada's taxes on rows of their own, in
// English ("GST 5%", "PST 7%", "HST 13%") and in French ("TPS", "TVQ"),
// with the registration number between label and amount, are the tax,
// summed; "$" with a Canadian postal code or business number is CAD.
func TestCanadianSalesTaxRows(t *testing.T) {
	for _, tc := range []struct {
		name string
		rows []string
		tax  string
	}{
		{"tps tvq", []string{"300 9|290:Sous-total|545>1 000,00 $", "314 9|290:TPS (5 %) no 812345678 RT0001|545>50,00 $",
			"328 9|290:TVQ (9,975 %) no 1219876543 TQ0001|545>99,75 $", "342 9 b|290:Total|545>1 149,75 $"}, "149.75"},
		{"gst pst", []string{"300 9|360:Subtotal|545>$1,000.00", "314 9|360:GST 5%|545>$50.00", "328 9|360:PST 7%|545>$70.00",
			"342 9 b|360:Total|545>$1,120.00"}, "120"},
		{"hst", []string{"300 9|360:Subtotal|545>$1,000.00", "314 9|360:HST 13%|545>$130.00", "342 9 b|360:Total|545>$1,130.00"}, "130"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows := append([]string{"40 14 b|50:Tremblay Services inc.|400:INVOICE", "55 9|50:Montréal (Québec) H2K 2S5",
				"200 8 b|50:Description|545>Amount", "215 9|50:Travaux|545>1 000,00 $"}, tc.rows...)
			got := Extract(grid(rows...))
			g := got.General
			require.Equal(t, "1000", amt2(g.TotalNetPrice))
			require.Equal(t, tc.tax, amt2(g.TotalTaxAmount))
			require.Equal(t, "CAD", str(g.Currency))
			require.True(t, validate.Invoice(got).Passed, validate.Invoice(got).Details.CalculationLogic)
		})
	}
}

// TestBelgianColumnQualifiers: "Prix unit. HTVA" and "Total HTVA" are one
// title each, so an item at no charge ("2 0,00 0,00") under them is still
// an item and not a line of the one above.
func TestBelgianColumnQualifiers(t *testing.T) {
	pages := grid(
		"40 14 b|50:Électro Dumont SRL",
		"238 8 b|50:Réf.|105:Description|370>Qté|460>Prix unit. HTVA|545>Total HTVA",
		"258 9|50:INST-01|105:Installation et raccordement|370>2|460>49,59|545>99,18",
		"273 9|50:ENL-01|105:Enlèvement anciens appareils|370>2|460>0,00|545>0,00",
		"300 9|350:Total HTVA|545>99,18 €", "314 9|350:TVA 21 %|545>20,83 €", "328 9 b|350:Total TVAC|545>120,01 €",
	)
	got := Extract(pages)
	require.Len(t, got.LineItems, 2)
	require.Equal(t, "Enlèvement anciens appareils", str(got.LineItems[1].ProductName))
	require.Equal(t, "0", amt2(got.LineItems[1].ProductTotalPrice))
}

// TestSectionTitleSetApart: a short line between two items that print
// their own descriptions, set farther from the item above than items
// stand from each other and nearer to the next, titles the items below; a
// wrapped line close under its item stays part of it.
func TestSectionTitleSetApart(t *testing.T) {
	pages := grid(
		"40 14 b|50:Smaakvol Catering B.V.",
		"258 8 b|50:Omschrijving|340>Aantal|410>Prijs|545>Bedrag",
		"278 9 b|50:Buffet",
		"292 9|50:Lunchbuffet Hollands|340>45|410>€ 18,50|545>€ 832,50",
		"302 9|50:met broodjes en salades",
		"316 9|50:Soep van het seizoen|340>45|410>€ 3,75|545>€ 168,75",
		"330 9|50:Brood en boter|340>45|410>€ 1,50|545>€ 67,50",
		"346 9 b|50:Dranken",
		"360 9|50:Huiswijn wit en rood|340>12|410>€ 16,50|545>€ 198,00",
		"374 9|50:Speciaalbier|340>20|410>€ 3,90|545>€ 78,00",
		"400 9|330:Totaal exclusief BTW|545>€ 1.344,75",
	)
	got := Extract(pages)
	var names []string
	for _, it := range got.LineItems {
		names = append(names, str(it.ProductName))
	}
	require.Equal(t, []string{"Lunchbuffet Hollands met broodjes en salades", "Soep van het seizoen", "Brood en boter", "Huiswijn wit en rood", "Speciaalbier"}, names)
}

// TestTaxPartsInTotalsBlock: a tax printed in parts whose rows are no
// rate of the net (PST on part of the lines) is their sum when the parts
// printed between the net and the gross add up to gross - net, though a
// note under the totals ("PST applies to plants only. Please pay within
// 30 days.") gives a tax-labelled figure too.
func TestTaxPartsInTotalsBlock(t *testing.T) {
	got := Extract(grid(
		"40 14 b|50:Coastline Landscaping Ltd.|400:INVOICE",
		"74 8|50:GST No. 81234 5678 RT0001",
		"86 8|50:PST No. PST-1029-4471",
		"200 8 b|50:Service|450>Amount",
		"215 9|50:Cleanup and edging|450>400.00",
		"229 9|50:Cedar hedge plants|450>600.00",
		"290 9|360:Subtotal|545>$1,000.00",
		"304 9|360:GST 5%|545>$50.00",
		"318 9|360:PST 7%|545>$42.00",
		"333 9 b|360:Total|545>$1,092.00",
		"380 8|50:PST applies to plants and materials only. Please pay by e-Transfer",
		"390 8|50:within 30 days. Thank you!",
	))
	require.Equal(t, "92", amt2(got.General.TotalTaxAmount))
	require.True(t, validate.Invoice(got).Passed, validate.Invoice(got).Details.CalculationLogic)
}

// TestEarlierBillsPayment: on a bill whose amount due is its gross, a
// payment in its account summary settled the bill before; nothing was
// paid on this one. A tax phrase after capitalised names and "&" ("State
// & Local Sales Tax") is a tax label without a rate.
func TestEarlierBillsPayment(t *testing.T) {
	got := Extract(grid(
		"36 16 b|50:Summit Fiber Networks|370:Invoice Number|545>INV0845229107",
		"160 10 b|50:Account Summary",
		"176 9|50:Previous Balance|300>$86.35",
		"189 9|50:Payment Received 07/22 - Thank You|300>-$86.35",
		"202 9|50:Balance Forward|300>$0.00",
		"215 9|50:New Charges|300>$87.13",
		"235 11 b|50:TOTAL AMOUNT DUE ON 08/25/2024|300>$87.13",
		"339 9 b|50:Taxes & Fees",
		"351 9|60:State & Local Sales Tax|545>$5.13",
		"370 9 b|50:Total Current Charges|545>$87.13",
	))
	g := got.General
	require.Equal(t, "87.13", amt2(g.TotalGrossPrice))
	require.Equal(t, "87.13", amt2(g.AmountDue))
	require.Equal(t, "5.13", amt2(g.TotalTaxAmount))
	require.True(t, got.Extra == nil || got.Extra.PrepaidAmount == nil, "no payment on this bill")
	require.True(t, validate.Invoice(got).Passed, validate.Invoice(got).Details.CalculationLogic)
}

// TestUntitledChargeLines: with no item table found, a run of charge
// lines under a heading with no column titles, each its text and one
// amount, is the items when their amounts add up to the net; a run that
// does not is none.
func TestUntitledChargeLines(t *testing.T) {
	rows := []string{
		"36 16 b|50:Summit Fiber Networks|370:Invoice Number|545>INV0845229107",
		"267 10 b|50:Current Charges",
		"282 9|60:Fiber Internet 500 Mbps 08/05 - 09/04|545>$75.00",
		"295 9|60:WiFi Gateway Rental 08/05 - 09/04|545>$12.00",
		"308 9|60:Static IP Address|545>$10.00",
		"321 9|60:Loyalty Promotion Credit|545>-$15.00",
		"339 9 b|50:Taxes & Fees",
		"351 9|60:State & Local Sales Tax|545>$5.13",
		"370 9 b|50:Total Current Charges|545>$87.13",
	}
	got := Extract(grid(rows...))
	var names, totals []string
	for _, it := range got.LineItems {
		names = append(names, str(it.ProductName))
		totals = append(totals, amt2(it.ProductTotalPrice))
	}
	require.Equal(t, []string{"Fiber Internet 500 Mbps 08/05 - 09/04", "WiFi Gateway Rental 08/05 - 09/04", "Static IP Address", "Loyalty Promotion Credit"}, names)
	require.Equal(t, []string{"75", "12", "10", "-15"}, totals)
	require.Equal(t, "82", amt2(got.General.TotalNetPrice))
	require.True(t, validate.Invoice(got).Passed, validate.Invoice(got).Details.CalculationLogic)

	rows[5] = "321 9|60:Loyalty Promotion Credit|545>-$14.00" // the lines no longer make the net
	require.Empty(t, Extract(grid(rows...)).LineItems)
}
