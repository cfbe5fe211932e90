package invoice

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract/validate"
)

// TestWithheldIRPFGrid: in a grid of totals "Base imponible | IVA 21% |
// IRPF -15% | Total", IRPF is no VAT rate: the tax is the IVA alone, the
// IRPF is the amount withheld, the "Total" after it the amount due and the
// gross net + IVA.
func TestWithheldIRPFGrid(t *testing.T) {
	pages := grid(
		"40 14 b|50:Lucía Ortega|390:FACTURA",
		"64 9|390:Número:|545>2024-037",
		"76 9|390:Fecha:|545>11/06/2024",
		"200 8 b|50:Concepto|380>Horas|460>Precio/h|545>Importe",
		"215 9|50:Diseño de logotipo|380>20|460>45,00|545>900,00 €",
		"229 9|50:Maquetación catálogo|380>25|460>40,00|545>1.000,00 €",
		"270 8 b|260>Base imponible|355>IVA 21%|450>IRPF -15%|545>Total",
		"284 9|260>1.900,00 €|355>399,00 €|450>-285,00 €|545>2.014,00 €",
	)
	got := Extract(pages)
	g := got.General
	require.Equal(t, "1900", amt2(g.TotalNetPrice))
	require.Equal(t, "399", amt2(g.TotalTaxAmount))
	require.Equal(t, "2299", amt2(g.TotalGrossPrice))
	require.Equal(t, "2014", amt2(g.AmountDue))
	require.NotNil(t, got.Extra)
	require.Equal(t, "285", amt2(got.Extra.WithheldAmount))
	for _, r := range got.Taxes {
		require.Equal(t, "21", amt2(r.TaxRate), "IRPF is no tax row")
	}
	require.True(t, validate.Invoice(got).Passed, validate.Invoice(got).Details.CalculationLogic)
}

// TestWithheldRows: a withheld amount printed as a row of the totals, with
// a minus or after "Less", is never the net, tax, gross or amount due; the
// amount due after it makes gross - withheld = due hold. Under split
// payment the VAT is withheld and the net is due.
func TestWithheldRows(t *testing.T) {
	for _, tc := range []struct {
		name                           string
		rows                           []string
		net, tax, gross, due, withheld string
	}{
		{"cis", []string{"255 9|325:Subtotal|540>£3,000.00", "269 9|325:VAT @ 20%|540>£600.00", "283 9|325:Total|540>£3,600.00",
			"297 9|325:Less CIS deduction (20% of £2,000.00)|540>-£400.00", "311 9 b|325:Amount due|540>£3,200.00"},
			"3000", "600", "3600", "3200", "400"},
		{"ritenuta", []string{"255 9|300:Imponibile|545>€ 3.000,00", "269 9|300:IVA 22%|545>€ 660,00", "283 9|300:Totale fattura|545>€ 3.660,00",
			"297 9|300:Ritenuta d'acconto 20% su € 3.000,00|545>- € 600,00", "311 9 b|300:Netto a pagare|545>€ 3.060,00"},
			"3000", "660", "3660", "3060", "600"},
		{"split payment", []string{"255 9|300:Imponibile|545>€ 3.000,00", "269 9|300:IVA 22%|545>€ 660,00", "283 9|300:Totale documento|545>€ 3.660,00",
			"297 9|300:IVA in scissione dei pagamenti|545>- € 660,00", "311 9 b|300:Netto a pagare|545>€ 3.000,00"},
			"3000", "660", "3660", "3000", "660"},
		{"retenue de garantie", []string{"255 9|330:Total HT|545>3 000,00 €", "269 9|330:TVA 20 %|545>600,00 €", "283 9|330:Total TTC|545>3 600,00 €",
			"297 9|330:Retenue de garantie 5 %|545>- 180,00 €", "311 9 b|330:Net à payer|545>3 420,00 €"},
			"3000", "600", "3600", "3420", "180"},
		{"Sicherheitseinbehalt", []string{"255 9|320:Nettobetrag|545>3.000,00 €", "269 9|320:zzgl. 19 % USt.|545>570,00 €", "283 9|320:Bruttobetrag|545>3.570,00 €",
			"297 9|320:abzgl. 5 % Sicherheitseinbehalt|545>-178,50 €", "311 9 b|320:Zahlbetrag|545>3.391,50 €"},
			"3000", "570", "3570", "3391.5", "178.5"},
		{"total retenciones", []string{"255 9|330:Base imponible|545>3.000,00 €", "269 9|330:Total IVA|545>630,00 €",
			"283 9|330:Total retenciones|545>-450,00 €", "297 9 b|330:Total a pagar|545>3.180,00 €"},
			"3000", "630", "3630", "3180", "450"},
		{"IRPF total factura", []string{"255 9|330:Base imponible|545>3.000,00 €", "269 9|330:IVA (21%)|545>630,00 €",
			"283 9|330:Retención IRPF (15%)|545>-450,00 €", "297 9 b|330:Total factura|545>3.180,00 €"},
			"3000", "630", "3630", "3180", "450"},
		{"IVA a carico dell'ente", []string{"255 9|300:Totale imponibile|545>€ 3.000,00", "269 9|300:IVA 22% (split payment)|545>€ 660,00",
			"283 9|300:Totale fattura|545>€ 3.660,00", "297 9|300:IVA a carico dell'ente (art. 17-ter)|545>-€ 660,00", "311 9 b|300:Totale da pagare|545>€ 3.000,00",
			"340 8|50:Scissione dei pagamenti: IVA da versare a cura del committente. Pagamento a 60 giorni d.f."},
			"3000", "660", "3660", "3000", "660"},
		{"Suma before the rows", []string{"255 9|350:Suma|545>3.000,00 €", "269 9|350:21% I.V.A.|545>630,00 €",
			"283 9|350:-15% I.R.P.F.|545>-450,00 €", "297 9 b|350:TOTAL A PAGAR|545>3.180,00 €"},
			"3000", "630", "3630", "3180", "450"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows := append([]string{
				"40 14 b|50:Seller Name|390:INVOICE 17",
				"200 8 b|50:Description|545>Amount",
				"215 9|50:Work done|545>2.000,00",
				"229 9|50:More work|545>1.000,00",
			}, tc.rows...)
			if tc.name == "cis" {
				rows[2], rows[3] = "215 9|50:Work done|545>2,000.00", "229 9|50:More work|545>1,000.00"
			}
			got := Extract(grid(rows...))
			g := got.General
			require.Equal(t, tc.net, amt2(g.TotalNetPrice), "net")
			require.Equal(t, tc.tax, amt2(g.TotalTaxAmount), "tax")
			require.Equal(t, tc.gross, amt2(g.TotalGrossPrice), "gross")
			require.Equal(t, tc.due, amt2(g.AmountDue), "due")
			require.NotNil(t, got.Extra)
			require.Equal(t, tc.withheld, amt2(got.Extra.WithheldAmount), "withheld")
			require.Nil(t, got.Extra.PrepaidAmount, "a withheld amount is no payment")
			for _, r := range got.Taxes {
				require.NotEqual(t, tc.withheld, amt2(r.TaxAmount), "a withheld amount is no tax row")
			}
			require.True(t, validate.Invoice(got).Passed, validate.Invoice(got).Details.CalculationLogic)
		})
	}
}

// TestWithheldInNoteIsNotTaken: a withholding word in a note of an
// invoice whose amount due is its gross is not an amount withheld.
func TestWithheldInNoteIsNotTaken(t *testing.T) {
	got := Extract(grid(
		"40 14 b|50:Seller Name|390:INVOICE 17",
		"200 8 b|50:Description|545>Amount",
		"215 9|50:Work done|545>1,000.00",
		"255 9|325:Subtotal|540>£1,000.00",
		"269 9|325:VAT @ 20%|540>£200.00",
		"283 9 b|325:Amount due|540>£1,200.00",
		"320 8|50:Retention|200:£50.00|260:to be released on completion, invoiced separately.",
	))
	require.Equal(t, "1200", amt2(got.General.AmountDue))
	if got.Extra != nil {
		require.Nil(t, got.Extra.WithheldAmount)
	}
	require.True(t, validate.Invoice(got).Passed, validate.Invoice(got).Details.CalculationLogic)
}

// TestChargePercentOfSubtotal: a row after the subtotal of every item that
// prints a percentage of it is a charge on the items, not an item.
func TestChargePercentOfSubtotal(t *testing.T) {
	got := Extract(grid(
		"40 14 b|50:Arch. Rossi|390:Fattura n. 3/2024",
		"200 8 b|50:Descrizione|545>Importo",
		"215 9|50:Progetto esecutivo|545>€ 2.000,00",
		"229 9|50:Pratica edilizia|545>€ 500,00",
		"255 9|270:Onorari|545>€ 2.500,00",
		"269 9|270:Contributo integrativo 4%|545>€ 100,00",
		"283 9|270:Imponibile IVA|545>€ 2.600,00",
		"297 9|270:IVA 22%|545>€ 572,00",
		"311 9 b|270:Totale fattura|545>€ 3.172,00",
	))
	require.Len(t, got.LineItems, 2)
	require.NotNil(t, got.Extra)
	require.Equal(t, "2500", amt2(got.Extra.LineTotal))
	require.Equal(t, "100", amt2(got.Extra.ChargeTotal))
	require.True(t, validate.Invoice(got).Passed, validate.Invoice(got).Details.CalculationLogic)
}

// TestWithheldLabelVariants: the withheld row as Spanish invoices print it
// (the rate before or after "IRPF", the base after "s/" or "sobre", a sum
// word before it, a minus or none) is read as the amount withheld, never
// as a tax row, and the "TOTAL" after it as the amount due.
func TestWithheldLabelVariants(t *testing.T) {
	for _, row := range []string{
		"Total IRPF (15%)|545>-450,00 €",
		"IRPF|430>15%|545>-450,00 €",
		"IRPF|545>-450,00 €",
		"Retención IRPF 15% s/ 3.000,00|545>-450,00 €",
		"Retención 15% IRPF sobre 3.000,00|545>-450,00 €",
		"Withholding tax 15% of 3.000,00|545>-450,00 €",
		"Retenciones|545>450,00 €",
		"Menos retención IRPF|545>450,00 €",
	} {
		got := Extract(grid("40 14 b|50:Seller Name|390:FACTURA 17", "200 8 b|50:Concepto|545>Importe", "215 9|50:Trabajo|545>2.000,00", "229 9|50:Más trabajo|545>1.000,00",
			"255 9|330:Base imponible|545>3.000,00 €", "269 9|330:IVA 21%|545>630,00 €", "297 9|330:"+row, "311 9 b|330:TOTAL|545>3.180,00 €"))
		g := got.General
		require.Equal(t, []string{"3000", "630", "3630", "3180"}, []string{amt2(g.TotalNetPrice), amt2(g.TotalTaxAmount), amt2(g.TotalGrossPrice), amt2(g.AmountDue)}, row)
		require.NotNil(t, got.Extra, row)
		require.Equal(t, "450", amt2(got.Extra.WithheldAmount), row)
		require.Empty(t, got.Taxes, row)
		require.True(t, validate.Invoice(got).Passed, validate.Invoice(got).Details.CalculationLogic)
	}
}
