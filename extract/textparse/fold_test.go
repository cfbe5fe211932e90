package textparse

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestHasWord(t *testing.T) {
	for _, c := range []struct {
		text  string
		words []string
		want  bool
	}{
		{"Ending Balance 1,204.55", []string{"ending balance"}, true},
		{"Pending Balance 12.00", []string{"ending balance"}, false},
		{"ending balances", []string{"ending balance"}, false},
		{"Saldo: neuer Kontostand", []string{"alter kontostand", "neuer kontostand"}, true},
		{"Solde précédent 10,00", []string{"solde precedent"}, true},
		{"Crédit Agricole", []string{"credit"}, true},
		{"Accréditif", []string{"credit"}, false},
		{"12ending balance", []string{"ending balance"}, true}, // a digit is no letter
		{"Ωcredit", []string{"credit"}, false},                 // a letter Fold leaves outside ASCII bounds a word
		{"ending balance", nil, false},
		{"ending balance", []string{""}, false},
		{"balance balance ending balance", []string{"ending balance"}, true},
	} {
		require.Equal(t, c.want, HasWord(Fold(c.text), c.words...), "%q %q", c.text, c.words)
	}
}
