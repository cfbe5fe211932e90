package textparse

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTokens(t *testing.T) {
	t.Parallel()
	require.Equal(t, []string{"rechnungsnr"}, Tokens("Rechnungs-Nr.:"))
	require.Equal(t, []string{"n"}, Tokens("N°"))
	require.Equal(t, []string{"date", "d", "echeance"}, Tokens("Date d'échéance :"))
	require.Equal(t, []string{"kaufer", "leistungsempfanger"}, Tokens("Käufer/Leistungsempfänger"))
	require.Equal(t, []string{"total", "incl", "vat"}, Tokens("Total € Incl. VAT"))
}

func TestMatchLabels(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in    string
		field Field
	}{
		{"Invoice No.", FieldInvoiceNumber},
		{"RE-Nummer", FieldInvoiceNumber},
		{"Rechnungs-ID", FieldInvoiceNumber},
		{"Notanummer", FieldInvoiceNumber},
		{"N° de la facture", FieldInvoiceNumber},
		{"Número de la factura", FieldInvoiceNumber},
		{"USt-Betrag", FieldTax},
		{"Totaal BTW-bedrag", FieldTax},
		{"Totale btw-kosten", FieldTax},
		{"Taxe totale", FieldTax},
		{"Please Pay By:", FieldDueDate},
		{"Niet later dan:", FieldDueDate},
		{"Date de la facture", FieldInvoiceDate},
		{"Nº de cliente", FieldOther},
		{"Imposta di bollo assolta", FieldOther},
		{"Marca da bollo", FieldOther},
		{"Faktuurnummer", FieldInvoiceNumber},
		{"SALES INVOICE N°", FieldInvoiceNumber},
		{"Totaal goederenbedrag", FieldNet},
		{"Rechnungsnummer:", FieldInvoiceNumber},
		{"FACTURE N° :", FieldInvoiceNumber},
		{"Factuurnummer", FieldInvoiceNumber},
		{"Número de factura", FieldInvoiceNumber},
		{"Fattura n.", FieldInvoiceNumber},
		{"Invoice Date", FieldInvoiceDate},
		{"Rechnungsdatum", FieldInvoiceDate},
		{"Date de facture", FieldInvoiceDate},
		{"Fecha de factura", FieldInvoiceDate},
		{"Data fattura", FieldInvoiceDate},
		{"Due Date", FieldDueDate},
		{"Date d'échéance", FieldDueDate},
		{"Fälligkeit", FieldDueDate},
		{"Vervaldatum", FieldDueDate},
		{"Delivery date", FieldOtherDate},
		{"Subtotal", FieldNet},
		{"Untaxed Amount", FieldNet},
		{"Total HT", FieldNet},
		{"Rechnungssumme ohne USt.", FieldNet},
		{"Totaal excl. BTW", FieldNet},
		{"Base imponible", FieldNet},
		{"Imponibile", FieldNet},
		{"MwSt.", FieldTax},
		{"TVA", FieldTax},
		{"Grand Total", FieldGross},
		{"Total TTC", FieldGross},
		{"Bruttosumme", FieldGross},
		{"Total € Incl. VAT", FieldGross},
		{"Importe total", FieldGross},
		{"Amount due", FieldAmountDue},
		{"Net à payer", FieldAmountDue},
		{"Zahlbetrag", FieldAmountDue},
		{"Te betalen", FieldAmountDue},
		{"Erhaltene Anzahlungen", FieldPrepaid},
		{"Acompte", FieldPrepaid},
		// invoicing programs' translated labels (Dolibarr, ERPNext,
		// Invoice Ninja)
		{"Date facturation :", FieldInvoiceDate},
		{"Posting Date", FieldInvoiceDate},
		{"Date échéance :", FieldDueDate},
		{"Date limite règlement", FieldDueDate},
		{"Rounded Total", FieldGross},
		{"Total Taxes and Charges", FieldTax},
		{"Base imp.", FieldNet},
		{"Outstanding Amount", FieldAmountDue},
		{"Te voldoen", FieldAmountDue},
		{"Bereits gezahlt", FieldPrepaid},
		{"Payé à ce jour", FieldPrepaid},
		{"Pagato a oggi", FieldPrepaid},
		{"Währung:", FieldCurrency},
		{"Bill to", FieldBuyer},
		{"Rechnungsempfänger", FieldBuyer},
		{"Verkäufer", FieldSeller},
		{"IBAN", FieldIBAN},
		{"Verwendungszweck", FieldPaymentRef},
		{"USt-IdNr.", FieldVATID},
		{"Rechnung", FieldTitle},
		// Withheld amounts in the six languages: whole phrases win over the
		// payment ("acconto") and the tax ("IVA") they contain.
		{"Retención IRPF (15%)", FieldWithheld},
		{"-7% I.R.P.F.", FieldWithheld},
		{"Ritenuta d'acconto 20%", FieldWithheld},
		{"IVA in scissione dei pagamenti", FieldWithheld},
		{"Less CIS deduction", FieldWithheld},
		{"Withholding tax", FieldWithheld},
		{"Retenue de garantie 5 %", FieldWithheld},
		{"Sicherheitseinbehalt", FieldWithheld},
		{"Retentie", FieldWithheld},
		{"Net payable", FieldAmountDue},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			ms := MatchLabels(Tokens(tt.in))
			require.NotEmpty(t, ms)
			require.Equal(t, tt.field, ms[0].Field)
		})
	}
}

func TestMatchColumns(t *testing.T) {
	t.Parallel()
	ms := MatchColumns(Tokens("Pos Beschreibung Menge Einheit Einzelpreis MwSt. Gesamtpreis"))
	var cols []Column
	for _, m := range ms {
		cols = append(cols, m.Column)
	}
	require.Equal(t, []Column{ColPosition, ColDescription, ColQuantity, ColUnit, ColUnitPrice, ColVATRate, ColAmount}, cols)
	// Invoice Ninja's item table in French and Italian
	for _, h := range []string{"Article Description Coût unitaire Quantité Total", "Articolo Descrizione Costo unitario Quantità Totale riga"} {
		cols = nil
		for _, m := range MatchColumns(Tokens(h)) {
			cols = append(cols, m.Column)
		}
		require.Equal(t, []Column{ColDescription, ColDescription, ColUnitPrice, ColQuantity, ColAmount}, cols, h)
	}
}

func ExampleMatchLabels() {
	for _, m := range MatchLabels(Tokens("Rechnungsnummer: 2024-17 Datum: 02.01.2024")) {
		fmt.Println(m.Field, m.Start, m.End)
	}
	// Output:
	// invoice_number 0 1
	// invoice_date 2 3
}

// TestColumnOCRForms: a title's words run together are that title, and a
// one-word title one letter off is found by FuzzyColumn when it is
// unambiguous.
func TestColumnOCRForms(t *testing.T) {
	ms := MatchColumns(Tokens("Ref. Designation Qté P.U.HT MontantHT TVA"))
	var cols []Column
	for _, m := range ms {
		cols = append(cols, m.Column)
	}
	require.Contains(t, cols, ColAmount, "MontantHT")
	for tok, want := range map[string]Column{"ate": ColQuantity, "mengc": ColQuantity, "prcis": ColUnitPrice, "bctrag": ColAmount} {
		got, ok := FuzzyColumn(tok)
		require.True(t, ok, tok)
		require.Equal(t, want, got, tok)
	}
	for _, tok := range []string{"xx", "the", "berlin", "total123"} {
		_, ok := FuzzyColumn(tok)
		require.False(t, ok, tok)
	}
}
