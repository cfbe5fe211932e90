package textparse

import "strings"

// noTaxPhrases are the statements an invoice prints when it charges no
// VAT or sales tax at all, as the law of each country asks it to say why
// (folded tokens, as Tokens returns them): the German small-business rule
// ("Gemäß § 19 UStG wird keine Umsatzsteuer berechnet"), reverse charge
// ("Steuerschuldnerschaft des Leistungsempfängers", "btw verlegd",
// "autoliquidation", "inversione contabile", "inversión del sujeto
// pasivo"), the French "TVA non applicable, art. 293 B du CGI", the Dutch
// small-business scheme, the Italian flat-rate regime, a US sale for
// resale ("Tax exempt"). Generic words that also title a net column
// ("ohne MwSt", "sin IVA", "steuerfrei" of one item) are not among them.
var noTaxPhrases = []string{
	"19 ustg", "19 abs 1 ustg", "kleinunternehmer", "kleinunternehmerregelung", "keine umsatzsteuer", "keine mehrwertsteuer",
	"keine mwst", "keine ust", "steuerschuldnerschaft des leistungsempfangers", "umkehr der steuerschuld",
	"reverse charge", "vat to be accounted for by the recipient", "tax exempt", "vat exempt", "exempt from vat",
	"exempt from tax", "exempt from sales tax", "sales tax exempt", "no vat charged", "no vat is charged", "not registered for vat",
	"tva non applicable", "exonere de tva", "exoneration de tva", "autoliquidation",
	"btw verlegd", "vrijgesteld van btw", "vrijgesteld van omzetbelasting", "kleineondernemersregeling", "geen btw",
	"esente iva", "esente da iva", "senza applicazione dell iva", "regime forfettario", "non soggetta a iva", "fuori campo iva",
	"inversione contabile", "exento de iva", "exenta de iva", "inversion del sujeto pasivo",
	// Exempt supplies under § 4 UStG (a doctor's treatment, § 4 Nr. 14):
	// "Ärztliche Heilbehandlung, umsatzsteuerfrei gemäß § 4 Nr. 14 UStG".
	"umsatzsteuerfrei", "mehrwertsteuerfrei", "steuerfrei gemass 4", "steuerfrei nach 4", "4 nr 14 ustg",
}

// NoTaxCharged reports whether the tokens of a line (as Tokens or
// WordTokens return them) state that the invoice charges no VAT or sales
// tax.
func NoTaxCharged(toks []string) bool {
	if len(toks) == 0 {
		return false
	}
	s := " " + strings.Join(toks, " ") + " "
	for _, p := range noTaxPhrases {
		if strings.Contains(s, " "+p+" ") {
			return true
		}
	}
	return false
}
