package invoice

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract/validate"
)

// TestExclInclVATColumns: "Exclusief BTW | Inclusief BTW" head two money
// columns; the lines' amounts are those without VAT, which add up to the
// net.
func TestExclInclVATColumns(t *testing.T) {
	pages := grid(
		"40 14 b|50:Garage De Vries B.V.",
		"120 9|50:Factuurnummer 24-0091|350:Factuurdatum 03-06-2024",
		"200 8 b|50:Omschrijving|300>Aantal|370>Prijs|405:Exclusief BTW|490:Inclusief BTW",
		"215 9|50:Oliefilter|300>1|370>14,95|460>14,95|545>18,09",
		"229 9|50:Remblokken vooras|300>1|370>68,40|460>68,40|545>82,76",
		"243 9|50:Kleine onderhoudsbeurt|300>1,5|370>79,50|460>119,25|545>144,29",
		"270 9|330:Totaal exclusief BTW|545>€ 202,60",
		"284 9|330:BTW 21%|545>€ 42,55",
		"298 9 b|330:Totaal inclusief BTW|545>€ 245,15",
	)
	got := Extract(pages)
	checkItems(t, got.LineItems, []wantItem{
		{"Oliefilter", "1", "14.95", "14.95"},
		{"Remblokken vooras", "1", "68.4", "68.4"},
		{"Kleine onderhoudsbeurt", "1.5", "79.5", "119.25"},
	})
	require.True(t, validate.Invoice(got).Passed, validate.Invoice(got).Details.CalculationLogic)
}

// TestSurchargeBreakdown: a breakdown row printing VAT and the Spanish
// equivalence surcharge over one base counts both taxes and the base once.
func TestSurchargeBreakdown(t *testing.T) {
	pages := grid(
		"40 14 b|50:Distribuciones Norte, S.L.",
		"120 9|50:Factura A-2024/0012|350:Fecha 14/05/2024",
		"200 8 b|50:Descripción|330>Cant.|400>Precio|545>Importe",
		"215 9|50:Aceite de oliva 1 l|330>10|400>6,00|545>60,00",
		"229 9|50:Detergente 750 ml|330>10|400>4,00|545>40,00",
		"260 8 b|170>Base imponible|240>% IVA|310>Cuota IVA|380>% R.E.|450>Cuota R.E.",
		"272 8|170>60,00|240>10|310>6,00|380>1,40|450>0,84",
		"284 8|170>40,00|240>21|310>8,40|380>5,20|450>2,08",
		"310 11 b|400:TOTAL FACTURA",
		"324 11 b|470>117,32 €",
	)
	got := Extract(pages)
	require.Equal(t, "100", amt2(got.General.TotalNetPrice))
	require.Equal(t, "17.32", amt2(got.General.TotalTaxAmount))
	require.Equal(t, "117.32", amt2(got.General.TotalGrossPrice))
	require.Len(t, got.Taxes, 4)
}

// TestChargeRowsAndStampDuty: rows between the lines' sum and the total
// that add up to the difference are charges; "Marca da bollo" and
// "Imposta di bollo" are no tax.
func TestChargeRowsAndStampDuty(t *testing.T) {
	pages := grid(
		"40 14 b|50:Marco Bianchi",
		"120 9|50:FATTURA N. 7/2024|350:Data: 08/05/2024",
		"200 8 b|50:Descrizione|370>Q.tà|460>Prezzo|545>Importo",
		"215 9|50:Consulenza SEO|370>1|460>€ 500,00|545>€ 500,00",
		"229 9|50:Redazione testi|370>1|460>€ 300,00|545>€ 300,00",
		"255 9|330:Totale compensi|545>€ 800,00",
		"269 9|330:Rivalsa INPS 4%|545>€ 32,00",
		"283 9|330:Marca da bollo|545>€ 2,00",
		"297 9 b|330:Totale documento|545>€ 834,00",
		"330 8|50:Operazione senza applicazione dell'IVA - Regime forfettario.",
		"342 8|50:Imposta di bollo da 2,00 euro assolta sull'originale.",
	)
	got := Extract(pages)
	require.Equal(t, "0", amt2(got.General.TotalTaxAmount))
	require.Equal(t, "834", amt2(got.General.TotalNetPrice))
	require.NotNil(t, got.Extra)
	require.Equal(t, "800", amt2(got.Extra.LineTotal))
	require.Equal(t, "34", amt2(got.Extra.ChargeTotal))
	require.True(t, validate.Invoice(got).Passed, validate.Invoice(got).Details.CalculationLogic)
}
