package invoice

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// wantHeader is what a header test expects; "" means null, "*" means not
// checked.
type wantHeader struct {
	date, net, tax, gross, due, cur string
}

func checkHeader(t *testing.T, rows []string, w wantHeader) {
	t.Helper()
	got := Extract(grid(rows...))
	g := got.General
	check := func(name, want, got string) {
		t.Helper()
		if want != "*" {
			require.Equal(t, want, got, name)
		}
	}
	check("invoice date", w.date, str(g.InvoiceDate))
	check("net", w.net, amt2(g.TotalNetPrice))
	check("tax", w.tax, amt2(g.TotalTaxAmount))
	check("gross", w.gross, amt2(g.TotalGrossPrice))
	check("amount due", w.due, amt2(g.AmountDue))
	check("currency", w.cur, str(g.Currency))
}

// TestHeaderNetGrossQualifiers: a total label qualified as excluding tax is
// the net, one qualified as including tax the gross, in six languages.
func TestHeaderNetGrossQualifiers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		rows []string
		want wantHeader
	}{
		{"nl exclusief", []string{
			"40 14 b|50:Schildersbedrijf Jansen", "60 9|50:Dorpsstraat 4, 3511 AB Utrecht", "72 9|50:IBAN NL91 ABNA 0417 1643 00",
			"120 10|50:Factuurdatum: 18 april 2014",
			"300 10|350:Totaal Exclusief BTW|540>€ 250,00", "315 10|350:BTW 21%|540>€ 52,50", "330 10 b|350:Totaal Inclusief BTW|540>€ 302,50",
		}, wantHeader{date: "2014-04-18", net: "250", tax: "52.5", gross: "302.5", due: "", cur: "EUR"}},
		{"nl excl. without total word", []string{
			"40 14 b|50:Jansen B.V.", "120 10|50:Datum: 3. Aug. 2014",
			"300 10|350:Excl. BTW|540>1.250,00", "315 10|350:BTW 21%|540>262,50", "330 10 b|350:Incl. BTW|540>1.512,50",
		}, wantHeader{date: "2014-08-03", net: "1250", tax: "262.5", gross: "1512.5", due: "", cur: ""}},
		{"de zzgl. and inkl.", []string{
			"40 14 b|50:Malerei Huber GmbH", "120 10|50:Rechnungsdatum: 03.08.2014",
			"300 10|330:Gesamtbetrag zzgl. MwSt.|540>400,00 EUR", "315 10|330:zzgl. 19% MwSt.|540>76,00 EUR", "330 10 b|330:Gesamtbetrag inkl. MwSt.|540>476,00 EUR",
		}, wantHeader{date: "2014-08-03", net: "400", tax: "76", gross: "476", due: "", cur: "EUR"}},
		{"fr HT / TTC", []string{
			"40 14 b|50:Plomberie Martin SARL", "120 10|50:Date : 2014/08/03",
			"300 10|350:Montant HT|540>100,00 €", "315 10|350:TVA 20 %|540>20,00 €", "330 10 b|350:Montant TTC|540>120,00 €",
		}, wantHeader{date: "2014-08-03", net: "100", tax: "20", gross: "120", due: "", cur: "EUR"}},
		{"es sin IVA / total a pagar", []string{
			"40 14 b|50:Talleres García S.L.", "120 10|50:Fecha: 3 de agosto de 2014",
			"300 10|350:Total sin IVA|540>200,00 €", "315 10|350:IVA 21%|540>42,00 €", "330 10 b|350:Total a pagar|540>242,00 €",
		}, wantHeader{date: "2014-08-03", net: "200", tax: "42", gross: "242", due: "242", cur: "EUR"}},
		{"it imponibile / totale IVA inclusa", []string{
			"40 14 b|50:Ferramenta Rossi S.r.l.", "120 10|50:Data: 3 agosto 2014",
			"300 10|350:Imponibile|540>€ 500,00", "315 10|350:IVA 22%|540>€ 110,00", "330 10 b|350:Totale IVA inclusa|540>€ 610,00",
		}, wantHeader{date: "2014-08-03", net: "500", tax: "110", gross: "610", due: "", cur: "EUR"}},
		{"en excl. / incl. VAT", []string{
			"40 14 b|50:Harbour Supplies Ltd", "60 9|50:12 Quay Street, Bristol BS1 4RN, United Kingdom", "120 10|50:Invoice date: August 3 , 2014",
			"300 10|330:Total excl. VAT|540>£80.00", "315 10|330:VAT 20%|540>£16.00", "330 10 b|330:Total incl. VAT|540>£96.00",
		}, wantHeader{date: "2014-08-03", net: "80", tax: "16", gross: "96", due: "", cur: "GBP"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			checkHeader(t, tt.rows, tt.want)
		})
	}
}

// TestHeaderAmountNotFromDate: the day of a date between a label and its
// amount is not the amount.
func TestHeaderAmountNotFromDate(t *testing.T) {
	t.Parallel()
	checkHeader(t, []string{
		"40 14 b|50:City Water Utility", "60 9|50:PO Box 100, Springfield, IL 62701, USA",
		"120 10|50:Statement date: 07/15/2014",
		"300 10 b|50:TOTAL AMOUNT DUE ON August 3 , 2014|540>$4.11",
	}, wantHeader{date: "2014-07-15", net: "*", tax: "", gross: "4.11", due: "4.11", cur: "USD"})
	checkHeader(t, []string{
		"40 14 b|50:City Water Utility", "60 9|50:PO Box 100, Springfield, IL 62701, USA",
		"120 10|50:Statement date: 07/15/2014",
		"300 10 b|50:TOTAL AMOUNT DUE ON 08/03/2014|540>$4.11",
	}, wantHeader{date: "2014-07-15", net: "*", tax: "", gross: "4.11", due: "4.11", cur: "USD"})
}

// TestHeaderDueOn: the date inside an amount-due label is the due date.
func TestHeaderDueOn(t *testing.T) {
	t.Parallel()
	for _, row := range []string{"300 10 b|50:TOTAL AMOUNT DUE ON August 3 , 2014|540>$4.11", "300 10 b|50:Amount due by 08/03/2014|540>$4.11",
		"300 10 b|50:Zu zahlen bis 03.08.2014|540>4,11 EUR"} {
		got := Extract(grid("40 14 b|50:City Water Utility", "120 10|50:Statement date: 07/15/2014", row))
		require.Equal(t, "2014-08-03", str(got.General.DueDate), row)
		require.Equal(t, "4.11", amt2(got.General.AmountDue), row)
	}
	got := Extract(grid("40 14 b|50:City Water Utility", "120 10|50:Invoice date: 07/15/2014", "300 10 b|50:Balance 07/20/2014|540>$4.11"))
	require.Nil(t, got.General.DueDate, "a date after a bare amount label is not a due date")
}

// TestHeaderCurrencyEitherSide: amounts with a symbol or code before or
// after the number, glued or spaced.
func TestHeaderCurrencyEitherSide(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		net, gross string
		want       wantHeader
	}{
		{"code before", "USD 1,000.00", "USD 1,200.00", wantHeader{net: "1000", gross: "1200", cur: "USD"}},
		{"code after", "1.000,00 EUR", "1.200,00 EUR", wantHeader{net: "1000", gross: "1200", cur: "EUR"}},
		{"code glued", "CHF1'000.00", "CHF1'200.00", wantHeader{net: "1000", gross: "1200", cur: "CHF"}},
		{"symbol after spaced", "1 000,00 €", "1 200,00 €", wantHeader{net: "1000", gross: "1200", cur: "EUR"}},
		{"symbol before glued", "€1,000.00", "€1,200.00", wantHeader{net: "1000", gross: "1200", cur: "EUR"}},
		{"symbol after glued", "1.000,00€", "1.200,00€", wantHeader{net: "1000", gross: "1200", cur: "EUR"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.want.date, tt.want.tax, tt.want.due = "*", "*", "*"
			checkHeader(t, []string{
				"40 14 b|50:Alpine Tools AG", "120 10|50:Invoice date: 2014-08-03",
				"300 10|350:Net amount|540>" + tt.net, "330 10 b|350:Total|540>" + tt.gross,
			}, tt.want)
		})
	}
}

// TestHeaderCurrencyNoGuess: a bare "$" is a currency only where the
// document says which dollar; a company suffix is not a currency code.
func TestHeaderCurrencyNoGuess(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		rows []string
		cur  string
	}{
		{"dollar in the US", []string{"40 14 b|50:Acme Corp", "60 9|50:100 Main St, Austin, TX 78701", "300 10|350:Total|540>$12.00"}, "USD"},
		{"dollar in Canada", []string{"40 14 b|50:Maple Goods Inc", "60 9|50:100 King St W, Toronto, ON M5X 1A9, Canada", "300 10|350:Total|540>$12.00"}, "CAD"},
		{"dollar in Malaysia", []string{"40 14 b|50:KEDAI MAJU SDN BHD", "60 9|50:JALAN BUKIT 3, 81100 JOHOR BAHRU, MALAYSIA", "300 10|350:Total|540>$12.00"}, "MYR"},
		{"dollar, no country", []string{"40 14 b|50:Northwind", "300 10|350:Total|540>$12.00"}, ""},
		{"SDN BHD is not Bahrain", []string{"40 14 b|50:KEDAI MAJU SDN BHD", "300 10|350:Total|540>12.00"}, ""},
		{"ringgit", []string{"40 14 b|50:KEDAI MAJU SDN BHD", "300 10|350:Total|540>RM 12.00"}, "MYR"},
		{"code in a column header", []string{"40 14 b|50:Northwind", "200 9 b|50:Description|540>Amount (EUR)", "220 10|50:Widgets|540>12.00", "300 10|350:Total|540>12.00"}, "EUR"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := Extract(grid(tt.rows...))
			require.Equal(t, tt.cur, str(got.General.Currency))
		})
	}
}

// TestHeaderNoInventedTaxRow: a cash-discount line with a percentage is
// not a VAT breakdown row.
func TestHeaderNoInventedTaxRow(t *testing.T) {
	t.Parallel()
	got := Extract(grid(
		"40 14 b|50:Holzbau Weber GmbH", "120 10|50:Rechnungsdatum: 03.08.2014",
		"300 10|350:Nettobetrag|540>100,00 EUR", "315 10|350:MwSt. 19%|540>19,00 EUR", "330 10 b|350:Gesamtbetrag|540>119,00 EUR",
		"360 9|50:Bei Zahlung bis 13.08.2014 2% Skonto: 2,38 EUR, Zahlbetrag 116,62 EUR",
		"375 9|50:Zahlbar mit 2 % Skonto vom Betrag 119,00 = 2,38",
	))
	require.Empty(t, got.Taxes)
	require.Equal(t, "119", amt2(got.General.TotalGrossPrice))
}

// TestConfidence: amounts that add up are trusted more than amounts that
// do not; a seller guessed from the top line less than a labelled one; a
// valid IBAN more than one that only has the shape.
func TestConfidence(t *testing.T) {
	t.Parallel()
	_, good := ExtractScored(grid(
		"40 14 b|50:Harbour Supplies Ltd", "60 9|50:IBAN GB29 NWBK 6016 1331 9268 19",
		"120 10|50:Invoice number: INV-77", "135 10|50:Invoice date: 2014-08-03",
		"300 10|330:Total excl. VAT|540>£80.00", "315 10|330:VAT 20%|540>£16.00", "330 10 b|330:Total incl. VAT|540>£96.00",
	))
	_, bad := ExtractScored(grid(
		"40 14 b|50:Harbour Supplies Ltd", "60 9|50:IBAN GB00 NWBK 6016 1331 9268 19",
		"120 10|50:Invoice number: INV-77",
		"300 10|330:Total excl. VAT|540>£80.00", "315 10|330:VAT 20%|540>£17.00", "330 10 b|330:Total incl. VAT|540>£96.00",
	))
	for _, f := range []string{"TotalNetPrice", "TotalTaxAmount", "TotalGrossPrice"} {
		require.GreaterOrEqual(t, good[f], 0.95, f)
		require.Less(t, bad[f], good[f], f)
	}
	require.Equal(t, 0.99, good["IBAN"])
	require.Less(t, bad["IBAN"], 0.8)
	require.Equal(t, 0.5, good["SellerName"], "the top line is a guess")
	require.Greater(t, good["InvoiceNumber"], 0.8)
	require.NotContains(t, bad, "InvoiceDate")
	for k, v := range good {
		require.True(t, v > 0 && v <= 1, "%s: %v", k, v)
	}
}

// TestHeaderUnseenLayoutRules pins, on small grids, the rules the
// generated layouts (layouts_test.go) needed: each failed before them.
func TestHeaderUnseenLayoutRules(t *testing.T) {
	t.Parallel()
	// A rate printed apart from its "%" is not the tax amount.
	checkHeader(t, []string{
		"40 14 b|50:Plomberie Martin SARL", "120 10|50:Date : 3 août 2014",
		"300 10|350:Total HT|540>100,00 €", "315 10|350:TVA 20 %|540>20,50 €", "330 10 b|350:Total TTC|540>120,50 €",
	}, wantHeader{date: "2014-08-03", net: "100", tax: "20.5", gross: "120.5", due: "", cur: "EUR"})
	// "enthaltene MwSt. 19 %": the VAT included in a gross total.
	checkHeader(t, []string{
		"40 14 b|50:Kaffeewelt Online GmbH", "120 10|50:Rechnungsdatum 03.08.2014",
		"300 10 b|330:Gesamtsumme|540>383,80 €", "315 10|330:Summe netto|540>322,52 €", "330 10|330:enthaltene MwSt. 19 %|540>61,28 €",
	}, wantHeader{date: "2014-08-03", net: "322.52", tax: "61.28", gross: "383.8", due: "", cur: "EUR"})
	// A US address decides 08/03/2014 when no date does.
	checkHeader(t, []string{
		"40 14 b|50:Sunrise Food Distributors, Inc.", "55 9|50:2200 Commerce Blvd, Fresno, CA 93721",
		"70 9|420:Date: 08/03/2014", "330 10 b|350:TOTAL|540>$253.70",
	}, wantHeader{date: "2014-08-03", net: "*", tax: "", gross: "253.7", due: "*", cur: "USD"})
	for _, tt := range []struct{ row, want string }{
		{"60 9|420:Invoice #: 58812", "58812"},
		{"60 9|350:Nº factura: 2014/117", "2014/117"},
		{"60 9|380:Numéro : 2014-0456", "2014-0456"},
	} {
		got := Extract(grid("40 14 b|50:Northwind Ltd", tt.row, "300 10 b|350:Total|540>12,00 EUR"))
		require.Equal(t, tt.want, str(got.General.InvoiceNumber), tt.row)
	}
	// "Invoice #" as a title over its value.
	got := Extract(grid("40 14 b|50:Oakridge Flooring LLC", "72 8 b|400:Date|480:Invoice #", "84 9|400:August 3 , 2014|480:1047",
		"300 10 b|400:Total|540>$1,607.20"))
	require.Equal(t, "1047", str(got.General.InvoiceNumber))
	require.Equal(t, "2014-08-03", str(got.General.InvoiceDate))
	// The seller's name comes back (signature, account holder); the
	// addressee's does not.
	got = Extract(grid("40 14 b|50:Lena Fischer", "120 10|50:Bäckerei Krause OHG", "132 10|50:Venloer Str. 300", "144 10|50:50823 Köln",
		"200 12 b|50:Rechnung Nr. 2014-17", "300 10 b|330:Gesamtbetrag|540>3.287,38 €", "400 10|50:Mit freundlichen Grüßen", "414 10|50:Lena Fischer",
		"780 8|50:Kontoinhaber: Lena Fischer"))
	require.Equal(t, "Lena Fischer", str(got.General.SellerName))
	// An IBAN split over two lines of one footer column, other columns beside it.
	got = Extract(grid("40 14 b|50:Malerbetrieb Huber GmbH", "300 10 b|330:Rechnungsbetrag|540>1.215,70 €",
		"793 7|50:50968 Köln|220:IBAN DE89 3704 0044|390:USt-IdNr. DE123456789", "802 7|220:0532 0130 00"))
	require.Equal(t, "DE89370400440532013000", str(got.General.IBAN))
}

// TestHeaderTaxFromRate: a tax amount OCR garbled ("DINT" for "57,77")
// under a totals row whose net and gross were read is gross - net when
// the one printed rate of the net gives exactly that; with a second rate,
// or a rate that does not give it, the tax stays unknown.
func TestHeaderTaxFromRate(t *testing.T) {
	t.Parallel()
	rows := func(rates ...string) []string {
		r := []string{
			"40 14 b|50:Büro Krämer GmbH", "120 10|50:Datum 03.08.2014",
			"300 9|50:Warenwert netto|" + rates[0] + "|500:Gesamtbetrag EUR",
			"315 10|50:304,04|300:DINT|540>361,81",
		}
		for _, x := range rates[1:] {
			r = append(r, "340 9|50:"+x)
		}
		return r
	}
	checkHeader(t, rows("300:USt 19%"), wantHeader{date: "*", net: "304.04", tax: "57.77", gross: "361.81", due: "*", cur: "*"})
	checkHeader(t, rows("300:USt 19 %"), wantHeader{date: "*", net: "304.04", tax: "57.77", gross: "361.81", due: "*", cur: "*"})
	checkHeader(t, rows("300:USt 16%"), wantHeader{date: "*", net: "304.04", tax: "", gross: "361.81", due: "*", cur: "*"})
	checkHeader(t, rows("300:USt 19%", "USt 7% auf Bücher"), wantHeader{date: "*", net: "304.04", tax: "", gross: "361.81", due: "*", cur: "*"})
}

// TestAccentedName: on a page read by OCR, a name read without an accent
// takes the spelling of the same name read elsewhere with it; on a text
// layer, or with no accented reading, it stays as read.
func TestAccentedName(t *testing.T) {
	t.Parallel()
	rows := []string{
		"40 8|50:Büro Kramer GmbH - Hafenstraße 8 - 70173 Stuttgart",
		"800 7|50:Büro Krämer GmbH|250:Geschäftsführerin: Petra Krämer",
	}
	pages := grid(rows...)
	d := newDoc(pages)
	require.Equal(t, "Büro Kramer GmbH", d.accented("Büro Kramer GmbH"), "text layer")
	pages[0].OCR = true
	d = newDoc(pages)
	require.Equal(t, "Büro Krämer GmbH", d.accented("Büro Kramer GmbH"))
	require.Equal(t, "Büro Krämer GmbH", d.accented("Büro Krämer GmbH"))
	require.Equal(t, "Hafenstraße Verlag", d.accented("Hafenstraße Verlag"))
	require.Equal(t, "Petra Krämer", d.accented("Petra Kramer"))
}

// TestHeaderLetterSubject: an invoice written as a letter names itself in
// the subject line after a subject label ("Objet :", "Betreff:",
// "Subject:"); before this rule the label hid the number (all four
// below read none).
func TestHeaderLetterSubject(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"Objet : Facture n° FA-2024-3302", "Betreff: Rechnung Nr. FA-2024-3302",
		"Subject: Invoice FA-2024-3302", "Re: Invoice no. FA-2024-3302", "Facture n° FA-2024-3302"} {
		got := Extract(grid("40 14 b|50:Menuiserie Lefort SARL", "240 10 b|40:"+s, "268 10|40:Madame,",
			"300 10|350:Total HT|540>100,00 €", "315 10|350:TVA 20 %|540>20,00 €", "330 10 b|350:Total TTC|540>120,00 €"))
		require.Equal(t, "FA-2024-3302", str(got.General.InvoiceNumber), s)
	}
}

// TestHeaderVATIDNoAmount: a VAT identifier printed in groups after a tax
// label ("TVA FR 40 123 456 789") is no tax amount, nor is a law's article
// ("TVA non applicable, art. 293 B du CGI", "§ 19 UStG"); before these
// rules a French invoice with no tax row read 293 as its tax (and the
// gross less 293 as its net), and 40 123 456 without the article line.
// The statements why no tax is charged make the tax 0 and the net the
// gross (textparse.NoTaxCharged).
func TestHeaderVATIDNoAmount(t *testing.T) {
	t.Parallel()
	checkHeader(t, []string{
		"40 14 b|50:Menuiserie Lefort", "120 10|50:Date : 18/06/2024",
		"300 10 b|350:Total à payer|540>651,65 €", "330 9|50:TVA non applicable, art. 293 B du CGI",
		"790 7|50:SIRET 123 456 789 00012|300:TVA FR 40 123 456 789",
	}, wantHeader{date: "2024-06-18", net: "651.65", tax: "0", gross: "651.65", due: "*", cur: "EUR"})
	checkHeader(t, []string{
		"40 14 b|50:Tischlerei Brandl", "120 10|50:Datum: 18.06.2024",
		"300 10 b|350:Gesamtbetrag|540>651,65 €", "330 9|50:Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.",
		"790 7|50:USt-IdNr. DE 129 273 380",
	}, wantHeader{date: "2024-06-18", net: "651.65", tax: "0", gross: "651.65", due: "*", cur: "EUR"})
}
