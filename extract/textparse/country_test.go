package textparse

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCurrencyContextResolve(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		lines   []string
		printed string
		want    string
	}{
		{"ISO code needs no context", nil, "CAD", "CAD"},
		{"euro sign needs no context", nil, "€", "EUR"},
		{"ringgit", nil, "RM", "MYR"},
		{"dollar without context", []string{"Northwind Traders", "Total 12.00"}, "$", ""},
		{"dollar, US ZIP", []string{"100 Main St, Austin, TX 78701"}, "$", "USD"},
		{"dollar, US company form", []string{"Widget Works LLC"}, "$", "USD"},
		{"dollar, Canadian postal code", []string{"100 King St W, Toronto, ON M5X 1A9"}, "$", "CAD"},
		{"dollar, province written out and postal code", []string{"Montréal (Québec) H2K 2S5"}, "$", "CAD"},
		{"dollar, Canadian postal code alone", []string{"4410 avenue De Lorimier, H2H 2B1"}, "$", "CAD"},
		{"dollar, Canadian business number", []string{"TPS (5 %) no 812345678 RT0001"}, "$", "CAD"},
		{"dollar, QST number", []string{"TVQ 1219876543 TQ0001"}, "$", "CAD"},
		{"dollar, HST", []string{"HST 13%"}, "$", "CAD"},
		{"dollar, UK postcode is no Canadian one", []string{"14 Ashgrove Road, Leicester LE3 0GH", "E1W 1AA"}, "$", ""},
		{"dollar, Australian ABN", []string{"ABN 51 824 753 556"}, "$", "AUD"},
		{"dollar, Malaysian company", []string{"KEDAI MAJU SDN BHD"}, "$", "MYR"},
		{"dollar, two dollar countries", []string{"Toronto, Canada", "Ships from Austin, TX 78701"}, "$", ""},
		{"dollar, European IBAN only", []string{"IBAN DE89 3704 0044 0532 0130 00"}, "$", ""},
		{"crown from a Danish IBAN", []string{"IBAN DK50 0040 0440 1162 43"}, "kr.", "DKK"},
		{"crown without context", []string{"Total 100,00"}, "kr", ""},
		{"yen from the country name", []string{"Tokyo, Japan"}, "¥", "JPY"},
		{"franc from a Swiss VAT id", []string{"Schweiz"}, "Fr.", "CHF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, tt.want, NewCurrencyContext(tt.lines).Resolve(tt.printed))
		})
	}
	require.True(t, AmbiguousSymbol("$"))
	require.False(t, AmbiguousSymbol("€"))
}

func TestAmountSymbol(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"$4.11": "$", "4,11 €": "€", "EUR 12,00": "EUR", "12,00EUR": "EUR", "-CHF 5.00": "CHF", "12.00": ""} {
		m, err := ParseAmount(in)
		require.NoError(t, err, in)
		require.Equal(t, want, m.Symbol, in)
	}
}

func TestIBANCurrency(t *testing.T) {
	t.Parallel()
	require.Equal(t, "EUR", IBANCurrency("DE89370400440532013000"))
	require.Equal(t, "EUR", IBANCurrency("NL91ABNA0417164300"))
	require.Equal(t, "GBP", IBANCurrency("GB29NWBK60161331926819"))
	require.Equal(t, "CHF", IBANCurrency("CH9300762011623852957"))
	require.Equal(t, "", IBANCurrency("DE00370400440532013000"), "check digits fail")
	require.Equal(t, "", IBANCurrency("SA0380000000608010167519"), "a country not mapped")
	require.Equal(t, "", IBANCurrency(""))
}
