package bank

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/validate"
	"github.com/docextract/docextract/internal/testdocs"
)

// requireSame compares extracted data with the truth, amounts by value.
func requireSame(t *testing.T, want, got *docextract.BankStatementData) {
	t.Helper()
	norm := func(d *docextract.BankStatementData) string {
		b, err := json.MarshalIndent(d, "", " ")
		require.NoError(t, err)
		var v any
		require.NoError(t, json.Unmarshal(b, &v))
		b, _ = json.MarshalIndent(v, "", " ")
		return string(b)
	}
	require.Equal(t, norm(want), norm(got))
}

func TestExtractGenerated(t *testing.T) {
	t.Parallel()
	for _, l := range testdocs.StatementLayouts() {
		for seed := range uint64(6) {
			t.Run(fmt.Sprintf("%s/%d", l, seed), func(t *testing.T) {
				t.Parallel()
				s, err := testdocs.NewStatement(testdocs.StatementOptions{Layout: l, Seed: seed, LinesPerPage: 20 + int(seed)*4})
				require.NoError(t, err)
				got := Extract(s.Pages)
				requireSame(t, s.Truth, got)
				v := validate.BankStatement(got)
				require.True(t, v.Passed, v.Details.CalculationLogic)
			})
		}
	}
}

func TestKindOfDecoratedLabel(t *testing.T) {
	require.Equal(t, rowBalance, kindOf(foldWords([]string{"***", "Kontostand", "zum", "31.03.2024", "***"})))
	require.Equal(t, rowOther, kindOf(foldWords([]string{"Miete", "Kontostand", "31.03.2024"})))
}

func TestKindOfCarryWording(t *testing.T) {
	for _, l := range [][]string{{"Saldo", "van", "vorige", "pagina"}, {"Naar", "volgende", "pagina"}, {"Suma", "anterior"},
		{"Report", "de", "la", "page", "précédente"}, {"A", "reporter"}, {"Balance", "carried", "forward"}, {"Riporto"}, {"Suma", "y", "sigue"}} {
		require.Equal(t, rowCarry, kindOf(foldWords(l)), "%v", l)
	}
}

func TestSplitGluedDates(t *testing.T) {
	text := func(ws []layout.Word) string {
		var s []string
		for _, w := range ws {
			s = append(s, w.Text)
		}
		return strings.Join(s, " ")
	}
	words := func(ts ...string) []layout.Word {
		var ws []layout.Word
		for i, s := range ts {
			ws = append(ws, layout.Word{Text: s, X0: float64(100 * i), X1: float64(100*i + 70)})
		}
		return ws
	}
	require.Equal(t, "01 Oct 23 BALANCE", text(splitGluedDates(words("01", "Oct23", "BALANCE"), true)))
	require.Equal(t, "04 Oct 23 SO", text(splitGluedDates(words("040ct23", "SO"), true)))
	require.Equal(t, "Invoice Mar24", text(splitGluedDates(words("Invoice", "Mar24"), true)), "no day before it")
	require.Equal(t, "12 Ref23", text(splitGluedDates(words("12", "Ref23"), true)), "no month")
	require.Equal(t, "03 MAR 23 BP", text(splitGluedDates(words("03MAR23", "BP"), false)), "printed glued")
	require.Equal(t, "04 OCT 23", text(splitGluedDates(words("040CT23"), true)), "capitals, an O read as a zero")
	require.Equal(t, "01 Oct23", text(splitGluedDates(words("01", "Oct23"), false)), "a text layer's glued word with no day")
	require.Equal(t, "040ct23", text(splitGluedDates(words("040ct23"), false)), "no zero read as O on a text layer")
}

func TestMonthWithYear(t *testing.T) {
	for _, c := range []struct {
		text, want string
	}{
		{"ESTRATTO CONTO BANCOPOSTA MESE DI GIUGNO 2023", "2023-06"},
		{"Kontoauszug März 2024", "2024-03"},
		{"Relevé du mois de mars 2024,", "2024-03"},
		{"Statement for December 2023.", "2023-12"},
		{"Afschrift 4 2025", ""},               // no month name
		{"Juni 23", ""},                        // no four-digit year
		{"Mai 1850", ""},                       // no year of a statement
		{"Saldo al 30 giugno 2023", "2023-06"}, // a full date also reads as its month
	} {
		require.Equal(t, c.want, monthWithYear(strings.Fields(c.text)), c.text)
	}
}
