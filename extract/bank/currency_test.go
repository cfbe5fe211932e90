package bank

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCurrencyEvidence: German statements print their currency in many
// places, never always the same; each is evidence on its own, with no IBAN
// printed to fall back on ("Kontowährung Euro", "EUR-Konto Kontonummer",
// "Alter Saldo 1.234,56 Euro", "Betrag Soll EUR" over the amounts). With
// no code, symbol or currency name anywhere, no currency is read.
func TestCurrencyEvidence(t *testing.T) {
	t.Parallel()
	rows := func(head, title, opening string) []string {
		return []string{
			"40|50:Musterbank",
			"60|50:" + head,
			"110|50:Datum|110:Erläuterung|" + title,
			"126|110:" + opening,
			"140|50:03.04.2024|110:Lastschrift Stadtwerke|470>-45,20",
			"154|50:05.04.2024|110:Gutschrift Lohn|545>2.100,00",
			"168|110:Kontostand am 30.04.2024|545>3.304,80",
		}
	}
	for _, c := range []struct {
		name  string
		rows  []string
		want  string
		empty bool
	}{
		{"Kontowährung Euro", rows("Kontowährung Euro", "470>Soll|545>Haben", "Kontostand am 31.03.2024|545>1.250,00"), "EUR", false},
		{"EUR-Konto", rows("EUR-Konto Kontonummer 4471203", "470>Soll|545>Haben", "Kontostand am 31.03.2024|545>1.250,00"), "EUR", false},
		{"Euro after a balance", rows("Girokonto 4471203", "470>Soll|545>Haben", "Kontostand am 31.03.2024|545>1.250,00 Euro"), "EUR", false},
		{"column title", rows("Girokonto 4471203", "470>Betrag Soll EUR|545>Betrag Haben EUR", "Kontostand am 31.03.2024|545>1.250,00"), "EUR", false},
		{"CHF-Konto", rows("CHF-Konto Kontonummer 4471203", "470>Soll|545>Haben", "Kontostand am 31.03.2024|545>1.250,00"), "CHF", false},
		{"nothing", rows("Girokonto 4471203", "470>Soll|545>Haben", "Kontostand am 31.03.2024|545>1.250,00"), "", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Extract(rowsPage(c.rows...))
			require.Len(t, got.Transactions, 2)
			require.Equal(t, "3304.8", got.General.ClosingBalance.String())
			if c.empty {
				require.Nil(t, got.General.Currency)
				return
			}
			require.NotNil(t, got.General.Currency)
			require.Equal(t, c.want, *got.General.Currency)
		})
	}
}
