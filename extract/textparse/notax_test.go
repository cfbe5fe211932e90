package textparse

import "testing"

func TestNoTaxCharged(t *testing.T) {
	for s, want := range map[string]bool{
		"Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.":             true,
		"Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)": true,
		"TVA non applicable, art. 293 B du CGI":                          true,
		"Tax exempt: California resale certificate on file":              true,
		"Btw verlegd": true,
		"Operazione senza applicazione dell'IVA ai sensi dell'art. 1 L. 190/2014": true,
		"Ärztliche Heilbehandlung, umsatzsteuerfrei gemäß § 4 Nr. 14 UStG.":       true,
		"Steuerfrei nach § 4 Nr. 21 UStG":                                         true,
		"Total sin IVA":                                                           false,
		"Summe steuerfrei":                                                        false,
		"Preise ohne MwSt.":                                                       false,
		"zzgl. 19 % USt.":                                                         false,
		"Steuernummer 112/5023/4471":                                              false,
		"Reverse osmosis filter charge":                                           false,
	} {
		if got := NoTaxCharged(Tokens(s)); got != want {
			t.Errorf("NoTaxCharged(%q) = %v, want %v", s, got, want)
		}
	}
}
