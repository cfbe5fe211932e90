package textparse

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestIBAN(t *testing.T) {
	t.Parallel()
	require.True(t, ValidIBAN("DE89 3704 0044 0532 0130 00"))
	require.True(t, ValidIBAN("GB82WEST12345698765432"))
	require.True(t, ValidIBAN("FR1420041010050500013M02606"))
	require.False(t, ValidIBAN("DE89 3704 0044 0532 0130 01"))
	require.False(t, ValidIBAN("DE89370400440532013"))
	require.Equal(t, "DE89370400440532013000", FindIBAN(strings.Fields("IBAN: DE89 3704 0044 0532 0130 00 BIC: COBADEFFXXX")))
	require.Equal(t, "DE89370400440532013000", FindIBAN(strings.Fields("IBAN:DE89370400440532013000")))
	require.Equal(t, "", FindIBAN(strings.Fields("DE123456789 and nothing")))
	// Made-up IBANs (wrong check digits) only where a label vouches.
	require.Equal(t, "", FindIBAN(strings.Fields("IBAN : DE12 1234 5678 9012 3456 78")))
	require.Equal(t, "DE12123456789012345678", FindPlausibleIBAN(strings.Fields("DE12 1234 5678 9012 3456 78")))
	require.Equal(t, "NL00BANK0123456789", FindPlausibleIBAN(strings.Fields("NL00 BANK 0123 4567 89")))
	require.Equal(t, "DE89370400440532013000", FindPlausibleIBAN(strings.Fields("DE89 3704 0044 0532 0130 00 BIC COBADEFF")))
	require.Equal(t, "", FindPlausibleIBAN(strings.Fields("DE12 1234 5678 9012 3456 7")))   // one digit short
	require.Equal(t, "", FindPlausibleIBAN(strings.Fields("DE12 1234 5678 9012 3456 789"))) // one too many
	require.Equal(t, "", FindPlausibleIBAN(strings.Fields("DEUTSCHE BANK AG FILIALE")))
	require.True(t, PlausibleIBAN("FR76 1254 2547 2569 8542 5874 698"))
	require.False(t, PlausibleIBAN("FR76 1254 2547 2569 8542 5874 69"))
}

func TestVATID(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"DE123456789", "FR 32 123 456 789", "NL123456789B01", "ATU12345678", "ESX1234567X", "IT12345678901", "BE0123456789", "GB123456789", "CHE-123.456.789 MWST"} {
		require.True(t, ValidVATID(s), s)
	}
	for _, s := range []string{"DE12345678", "XX123456789", "NL123456789", "FR"} {
		require.False(t, ValidVATID(s), s)
	}
	require.Equal(t, "FR32123456789", FindVATID(strings.Fields("N° TVA : FR 32 123 456 789")))
	require.Equal(t, "DE123456789", FindVATID(strings.Fields("USt-IdNr: DE123456789")))
}

func TestNormalizeCurrency(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"€": "EUR", "eur": "EUR", "EURO": "EUR", "(EUR)": "EUR", "$": "USD", "£": "GBP", "Fr.": "CHF", "kr": "SEK", "CHF": "CHF", "zł": "PLN", "RM": "MYR", "rm": "MYR", "xyz": ""} {
		require.Equal(t, want, NormalizeCurrency(in), in)
	}
}

func ExampleValidIBAN() {
	fmt.Println(ValidIBAN("DE89 3704 0044 0532 0130 00"))
	// Output: true
}

func TestRepairIBAN(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"NLO2ABNA0123456789", "NL02ABNA0123456789"}, // O in the check digits
		{"DE89370400440532O13000", "DE89370400440532013000"},
		{"DE89370400440532013000", "DE89370400440532013000"}, // valid as it is
		{"NL91ABNA0417164301", ""},                           // no misread letter makes it valid
	} {
		got, ok := RepairIBAN(c.in)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("RepairIBAN(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
	if got := FindIBANOCR(strings.Fields("Graag overmaken naar NLO2 ABNA 0123 4567 89 ten name van")); got != "NL02ABNA0123456789" {
		t.Errorf("FindIBANOCR = %q", got)
	}
	if got := FindIBAN(strings.Fields("naar NLO2 ABNA 0123 4567 89")); got != "" {
		t.Errorf("FindIBAN repaired a text layer's IBAN: %q", got)
	}
}

// TestIBANStructure: the registry's examples pass; runs of ordinary words
// that happen to pass the mod-97 check (as OCR text does about once in 97
// country-code-led words) are refused by the country's account structure.
func TestIBANStructure(t *testing.T) {
	for _, s := range []string{
		"DE89370400440532013000", "GB29NWBK60161331926819", "FR1420041010050500013M02606",
		"IT60X0542811101000000123456", "NL91ABNA0417164300", "CH9300762011623852957",
		"ES9121000418450200051332", "BE68539007547034", "AT611904300234573201",
		"SE4550000000058398257466", "LT121000011101001000", "PL61109010140000071219812874",
		"PT50000201231234567890154", "IE29AIBK93115212345678", "LU280019400644750000",
	} {
		assert.True(t, ValidIBAN(s), s)
		assert.True(t, PlausibleIBAN(s), s)
	}
	// Both pass the mod-97 check; read by OCR from a bank line of a scanned
	// invoice ("... LLOYDS BANK PLC BIC ...") and a Spanish photographer's
	// letterhead.
	for _, s := range []string{"LT01LOYDSBANKPICBIC1", "SE51ONDEFOTOGRAFIADEPRO0"} {
		assert.False(t, ValidIBAN(s), s)
		assert.False(t, PlausibleIBAN(s), s)
		_, ok := RepairIBAN(s)
		assert.False(t, ok, s)
		assert.Empty(t, FindIBANOCR(strings.Fields(s)), s)
	}
	// A German account part is all digits: every O misread in it is a zero,
	// however many there are.
	got, ok := RepairIBAN("DE89370O44O532O13OOO")
	assert.False(t, ok, "too short: %s", got)
	got, ok = RepairIBAN("DE8937O4OO44O532O13OOO")
	assert.True(t, ok)
	assert.Equal(t, "DE89370400440532013000", got)
	// A GB sort-code bank part is letters: a digit there is not repaired.
	_, ok = RepairIBAN("GB29NW8K60161331926819")
	assert.False(t, ok)
}
