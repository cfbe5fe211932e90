package invoice

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// vocabRowsSoftware is a third batch of label rows, taken from the
// translation files of open-source invoicing programs (the labels their
// invoice templates print: Odoo's account module .po files, Dolibarr's
// langs/*/bills.lang and main.lang, ERPNext's Sales Invoice fields,
// Invoice Ninja's lang/*/texts.php); the values are made up, in the
// formats those programs print in each locale.
var vocabRowsSoftware = []vocabRow{
	{"number", "Re-Nr.", "2024-0412", "2024-0412", "de"},
	{"number", "N° Facture", "FA2403-0042", "FA2403-0042", "fr"},
	{"number", "Factura Nº", "2024-0042", "2024-0042", "es"},
	{"number", "Factuur #", "INV/2024/00112", "INV/2024/00112", "nl"},
	{"number", "Invoice Number", "ACC-SINV-2024-00023", "ACC-SINV-2024-00023", "gb"},
	{"number", "Rechnungsnummer", "RE/2024/00031", "RE/2024/00031", "de"},

	{"date", "Date facturation :", "15/03/2024", "2024-03-15", "fr"},
	{"date", "Posting Date", "15-03-2024", "2024-03-15", "gb"},
	{"date", "Fecha de Factura", "15/03/2024", "2024-03-15", "es"},
	{"date", "Factuurdatum:", "15-03-2024", "2024-03-15", "nl"},
	{"date", "Invoice Date:", "03/15/2024", "2024-03-15", "en"},
	{"date", "Rechnungsdatum :", "15.03.2024", "2024-03-15", "de"},

	{"due", "Date échéance :", "14/04/2024", "2024-04-14", "fr"},
	{"due", "Vencimiento", "30/03/2024", "2024-03-30", "es"},
	{"due", "Fällig am", "29.03.2024", "2024-03-29", "de"},
	{"due", "Vervaldatum:", "14-04-2024", "2024-04-14", "nl"},
	{"due", "Payment Due Date:", "14-04-2024", "2024-04-14", "gb"},
	{"due", "Fecha de Vencimiento", "30/03/2024", "2024-03-30", "es"},
	{"due", "Date limite règlement :", "14/04/2024", "2024-04-14", "fr"},
	{"due", "Fälligkeitsdatum :", "29.03.2024", "2024-03-29", "de"},

	{"net", "Untaxed Amount", "$ 3,685.40", "3685.40", "en"},
	{"net", "Montant hors taxes", "1 234,56 €", "1234.56", "fr"},
	{"net", "Nettosumme", "2.611,80", "2611.80", "de"},
	{"net", "Gesamtpreis", "2.611,80", "2611.80", "de"},
	{"net", "Base imp.", "840,00 €", "840.00", "es"},
	{"net", "Totaal (excl. BTW)", "€ 1.040,00", "1040.00", "nl"},
	{"net", "Net Total", "£ 976.20", "976.20", "gb"},
	{"net", "Neto", "840,00 €", "840.00", "es"},

	{"gross", "Rounded Total", "£ 1,171.00", "1171.00", "gb"},
	{"gross", "Bruttosumme", "3.108,04", "3108.04", "de"},
	{"gross", "Totaal (incl. BTW)", "€ 1.258,40", "1258.40", "nl"},
	{"gross", "Gesamt", "1.190,00 €", "1190.00", "de"},
	{"gross", "Importe total", "1.016,40 €", "1016.40", "es"},
	{"gross", "Total TTC", "1 481,47", "1481.47", "fr"},

	{"tax", "Total Taxes and Charges", "£ 195.24", "195.24", "gb"},
	{"tax", "Tax 15%", "$ 552.81", "552.81", "en"},
	{"tax", "Total TVA 20%", "246,91", "246.91", "fr"},
	{"tax", "Btw 21%", "€ 218,40", "218.40", "nl"},
	{"tax", "zzgl. 19% MwSt.", "443,61 €", "443.61", "de"},
	{"tax", "VAT @ 20.0", "£ 195.24", "195.24", "gb"},
}

// (Dolibarr's de_DE main.lang prints TotalHT as "Gesamtpreis", the net
// under a word other invoices print for the gross.)

// TestRealLabelVocabularySoftware scores the invoicing programs' label
// rows in the four placements (see TestRealLabelVocabularyGrid).
func TestRealLabelVocabularySoftware(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	all := append([]string{}, vocabPlacements...)
	all = append(all, "grid")
	share, rep := scoreVocab(t, vocabRowsSoftware, all, 11000)
	t.Logf("invoicing programs' labels, %d rows x %d placements\n%s", len(vocabRowsSoftware), len(all), rep)
	require.GreaterOrEqual(t, share, vocabSoftwareBar, "invoicing programs' labels")
}

// vocabSoftwareBar: first scored as it came, before any label was added
// for it: 156 of 160 (97.5%; number, date, net, gross and tax all read;
// due 28/32: "Date échéance :" and "Date limite règlement :" lost their
// date when it stood below the label or in a grid). 160 of 160 once
// "date echeance" and "date limite reglement" were due labels (with the
// other wording of the same files: see textparse's label table).
const vocabSoftwareBar = 1.0
