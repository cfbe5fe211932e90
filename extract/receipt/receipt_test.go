package receipt

import (
	"fmt"
	"strings"
	"testing"

	"github.com/docextract/docextract/extract/layout"
	"github.com/stretchr/testify/require"
)

// page lays out text lines as OCR would: words 7 px per character, lines
// 20 px apart; "  " (two spaces) in a line opens a wide gap (a column).
func page(text string) layout.Page {
	p := layout.Page{Number: 1, Width: 460, Height: 1000, OCR: true}
	for i, l := range strings.Split(strings.Trim(text, "\n"), "\n") {
		x := 20.0
		y := 20 + float64(i)*20
		for j, part := range strings.Split(l, "  ") {
			if j > 0 {
				x += 80
			}
			for _, word := range strings.Fields(part) {
				x1 := x + float64(len([]rune(word)))*7
				p.Words = append(p.Words, layout.Word{Text: word, X0: x, Y0: y, X1: x1, Y1: y + 12, Conf: 90, Size: 12})
				x = x1 + 7
			}
		}
	}
	return p
}

type want struct {
	merchant, address, number, date, time, currency, total, tax, payment string
	items                                                                int
}

func TestExtract(t *testing.T) {
	tests := []struct {
		name string
		text string
		want want
	}{
		{"malaysian rounded", `
tan woon yann
GROCERY MART SDN BHD
(123456-W)
NO 5, JALAN BESAR,
81100 JOHOR BAHRU
TEL: 07-1234567
GST ID: 000123456789
TAX INVOICE
Receipt No: CS00012345
Date: 25/12/2018 8:13:39 PM
MILK 1L  1 X 6.50  6.50
BREAD  1 X 2.52  2.52
Total Qty 2
SUB TOTAL  9.02
TOTAL GST  0.51
TOTAL (RM)  9.02
ROUNDING ADJ  -0.02
TOTAL ROUNDED  RM 9.00
CASH  RM 10.00
CHANGE  RM 1.00
THANK YOU PLEASE COME AGAIN`, want{
			merchant: "GROCERY MART SDN BHD", address: "NO 5, JALAN BESAR, 81100 JOHOR BAHRU", number: "CS00012345",
			date: "2018-12-25", time: "20:13:39", currency: "MYR", total: "9", tax: "0.51", payment: "cash", items: 2}},
		{"german bakery", `
Bäckerei Müller GmbH
Hauptstr. 3
80331 München
Kassenbon Bon-Nr. 4711
Datum: 02.01.2024 Uhrzeit: 09:15
Brötchen  4 x 0,45  1,80
Kaffee  2,90
Zwischensumme  4,70
MwSt 7%  0,31
Zu zahlen EUR  4,70
Girocard  4,70
Vielen Dank`, want{
			merchant: "Bäckerei Müller GmbH", address: "Hauptstr. 3 80331 München", number: "4711",
			date: "2024-01-02", time: "09:15:00", currency: "EUR", total: "4.7", tax: "0.31", payment: "girocard", items: 2}},
		{"french ticket", `
CARREFOUR CITY
12 rue de la Paix 75002 Paris
Tél 01 23 45 67 89
Ticket 0042 le 14/07/2023 à 18h05
PAIN  1,20
FROMAGE  4,35
TOTAL TTC  5,55 €
TVA 5,5%  0,29
CB  5,55
MERCI DE VOTRE VISITE`, want{
			merchant: "CARREFOUR CITY", address: "12 rue de la Paix 75002 Paris", number: "0042",
			date: "2023-07-14", time: "18:05:00", currency: "EUR", total: "5.55", tax: "0.29", payment: "card", items: 2}},
		{"cash minus change confirms garbled label", `
ABC TRADING
Date 09/01/2019
WIDGET A  2 15.50  31.00
T0TAI AMOUNT  31.00
Cash Received  50.00
Change  19.00`, want{merchant: "ABC TRADING", date: "2019-01-09", total: "31", payment: "cash", items: 1}},
		{"empty", ``, want{}},
	}
	s := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var pages []layout.Page
			if tt.text != "" {
				pages = []layout.Page{page(tt.text)}
			}
			d := Extract(pages)
			g := d.General
			require.Equal(t, "receipt", d.DocType)
			require.NotNil(t, d.LineItems)
			got := want{merchant: s(g.MerchantName), address: s(g.MerchantAddress), number: s(g.ReceiptNumber),
				date: s(g.ReceiptDate), time: s(g.ReceiptTime), currency: s(g.Currency), payment: s(g.PaymentMethod),
				items: len(d.LineItems)}
			if g.TotalGrossPrice != nil {
				got.total = g.TotalGrossPrice.String()
			}
			if g.TotalTaxAmount != nil {
				got.tax = g.TotalTaxAmount.String()
			}
			require.Equal(t, tt.want, got)
		})
	}
}

func ExampleExtract() {
	p := page(`
CORNER SHOP LTD
1 High Street, London
Date: 03/02/2024 12:30
TOTAL  £4.50
VISA  4.50`)
	d := Extract([]layout.Page{p})
	g := d.General
	fmt.Println(*g.MerchantName, *g.ReceiptDate, g.TotalGrossPrice, *g.Currency, *g.PaymentMethod)
	// Output: CORNER SHOP LTD 2024-02-03 4.5 GBP visa
}

func TestFixName(t *testing.T) {
	tests := []struct {
		in      string
		english bool
		want    string
	}{
		{"MR D.1.Y. (JOHOR) SDN BHD", true, "MR D.I.Y. (JOHOR) SDN BHD"},
		{"ACME S0N. BHD", true, "ACME SDN. BHD"},
		{"TEO HENG STATIONERY E BOOKS", true, "TEO HENG STATIONERY & BOOKS"},
		{"BIANCHI E FIGLI", false, "BIANCHI E FIGLI"},
		{"€ W KHOO HARDWARE", true, "C W KHOO HARDWARE"},
		{"7-ELEVEN 1010", true, "7-ELEVEN 1010"},
		{"Shop 10 Ltd", true, "Shop 10 Ltd"},
		{"99 SPEED MART 5/0", true, "99 SPEED MART S/B"},
		{"KEDAI MAJU S/8", true, "KEDAI MAJU S/B"},
		{"5/8", true, "5/8"},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, fixName(tt.in, tt.english), tt.in)
	}
}

func TestEnglish(t *testing.T) {
	lines := func(s string) []line {
		var out []line
		for _, l := range layout.Lines(&[]layout.Page{page(s)}[0]) {
			out = append(out, newLine(l))
		}
		return out
	}
	require.True(t, english(lines("THANK YOU\nTOTAL 9.00\nCASH 10.00\nCHANGE 1.00")))
	require.False(t, english(lines("Summe 9,00\nBar 10,00\nRückgeld 1,00\nDanke und auf Wiedersehen")))
}

// TestCurrencyNoGuess: a company form that is also an ISO code ("SDN BHD",
// the Bahraini dinar) and a bare dollar sign name no currency; RM, a glued
// ISO code and an ISO code beside an amount do.
func TestCurrencyNoGuess(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"ACME TRADING SDN BHD\nNO 5, JALAN BESAR\nTOTAL  9.00", ""},
		{"ACME SDN BHD\nTOTAL  $9.00\nCASH  $10.00", ""},
		{"ACME SDN BHD\nTOTAL  $ 9.00", ""},
		{"ACME SDN BHD\nTOTAL  RM9.00", "MYR"},
		{"ACME SDN BHD\nTOTAL (RM)  9.00\nCASH  RM 10.00", "MYR"},
		{"ACME LTD\nTOTAL  USD 9.00", "USD"},
		{"ACME LTD\nTOTAL  US$9.00", "USD"},
		{"ACME LTD\nCurrency: SGD\nTOTAL  9.00", "SGD"},
		{"ACME GMBH\nSUMME  9,00 EUR", "EUR"},
		{"ACME GMBH\nSUMME  €9,00", "EUR"},
	} {
		got := Extract([]layout.Page{page(tc.text)}).General.Currency
		if tc.want == "" {
			require.Nil(t, got, tc.text)
		} else {
			require.NotNil(t, got, tc.text)
			require.Equal(t, tc.want, *got, tc.text)
		}
	}
}

func TestFixCompanyForm(t *testing.T) {
	for in, want := range map[string]string{
		"SAR MOTOR SON, BED,":            "SAR MOTOR SDN, BHD,",
		"BOOK TA .K(TAMAN DAYA) SDN BND": "BOOK TA .K(TAMAN DAYA) SDN BHD",
		"ACME SDN BRD (12345-X)":         "ACME SDN BHD (12345-X)",
		"UNIHAKKA INTERNATIONAL-SDN BHD": "UNIHAKKA INTERNATIONAL SDN BHD",
		"ACME S0N. BHD.":                 "ACME SDN. BHD.",
		"ACME SDN BHD":                   "ACME SDN BHD",
		// two edits in the middle of a line: no certainty
		"SUN BED CO LTD": "SUN BED CO LTD",
		// lower case, other words
		"son bed":     "son bed",
		"THE BIG BED": "THE BIG BED",
	} {
		require.Equal(t, want, fixCompanyForm(in), in)
	}
	require.Equal(t, 1, editDistance("BRD", "BHD"))
	require.Equal(t, 3, editDistance("", "SDN"))
}

// TestTotalArithmetic: the receipt's own arithmetic (subtotal + tax +
// rounding, cash - change) decides between amounts when labels are misread.
func TestTotalArithmetic(t *testing.T) {
	for name, tc := range map[string]struct {
		text string
		want string // "" for none
	}{
		"amount paid misread": {
			"HARDWARE SDN BHD\nGross Amount : 40.00\nTotal GST Amt : 2.40\nTotal (RM): 42.40\nAmount Paid : 2.40\nAmount Change : 0.00\n",
			"42.40",
		},
		"total label misread, the sum printed": {
			"STATIONERY SDN BHD\nSUB-TOTAL (EX) 26.00\nTOTAL TAX : 1.56\nROUNDING -0.01\ndar AN hi 27.55\nGST SUMMARY\nSR 6.00 26.00 1.56\nTOTAL: 26.00 1.56\n",
			"27.55",
		},
		"a total label that disagrees with the arithmetic": {
			"CAFE SDN BHD\nSUB TOTAL 150.00\nSERVICE CHARGE 10% 15.00\nGST 6% 9.90\nTOTAL 14.90\nNET TOTAL 174.90\n",
			"174.90",
		},
		"a payment heading borrows the tax above it, the cash is below": {
			"SHOP\nTOTAL 25.50\nGST 1.44\nPAYMENT DETAILS\nCASH 50.00\nCHANGE 24.50\n",
			"25.50",
		},
		"a total label without its amount above the cash, no change": {
			"FUEL STATION\nDIESEL 1.000 40 40.00\nTOTAL AMOUNT\nCASH RM 40.00\nTHANK YOU\n",
			"40.00",
		},
		"a total label without its amount, the cash elsewhere": {
			"FUEL STATION\nTOTAL AMOUNT\nTHANK YOU\nCASH RM 40.00\n",
			"",
		},
		"labels and arithmetic agree": {
			"SHOP\nSUBTOTAL 10.00\nGST 0.60\nTOTAL 10.60\nCASH 20.00\nCHANGE 9.40\n",
			"10.60",
		},
		"total read with one decimal, the tax table prints it": {
			"SPEED MART S/B\n05 X RM 15.80\nTotal Sales (Inclusive GST) RM 141.5\nCASH RM 150.00\nGST Summary Amount (RM) Tax (RM)\nSR 141.50 0.00\n",
			"141.50",
		},
		"total read with one decimal, the arithmetic gives it": {
			"CAFE SDN BHD\nSUB TOTAL 150.00\nSERVICE CHARGE 10% 15.00\nGST 6% 9.90\nNET TOTAL 174,9\n",
			"174.90",
		},
		"total read with one decimal, a tax summary row adds up to it": {
			"KOPITIAM\nSUB TOTAL 80.00\nGST 6%\nNET TOTAL 84,8\nGST Summary Amount Tax\nSR 6% 80.00 4.80\n",
			"84.80",
		},
		"total read with one decimal, a tax summary row adds up to another": {
			"KOPITIAM\nSUB TOTAL 80.00\nGST 6%\nNET TOTAL 84,7\nGST Summary Amount Tax\nSR 6% 80.00 4.80\n",
			"",
		},
		"total read with one decimal and nothing confirms it": {
			"CAFE SDN BHD\nITEM 3 X 5.00 15.00\nNET TOTAL 174,9\n",
			"",
		},
		"two taxes on their own lines, no total label: the sum printed after them": {
			"KOPITIAM\nGROSS AMT : 40.00\nSVC TAX : 4.00\nGST (6%) : 2.40\nNET AMT : 46.40\nTHANK YOU\n",
			"46.40",
		},
		"two taxes, the amount after them is not their sum": {
			"KOPITIAM\nGROSS AMT : 40.00\nSVC TAX : 4.00\nGST (6%) : 2.40\nNET AMT : 46.90\nTHANK YOU\n",
			"",
		},
		"subtotal and taxes rounded to 5 cents without a rounding line": {
			"KOPITIAM\nGROSS AMT : 47.80\nSVR TAX : 2.87\nGST (6%) : 2.86\nNET AMT : 53.55\nTHANK YOU\n",
			"53.55",
		},
		"no total label, the amount under CASH is the items' sum": {
			"RESTAURANT\n09/03/2018 21:26\nDPT.05 RM 149.00\nDPT.04 RM 21.00\nCASH\nRM 170.00\n",
			"170.00",
		},
		"no total label, the amount under CASH is not the items' sum": {
			"RESTAURANT\n09/03/2018 21:26\nDPT.05 RM 149.00\nDPT.04 RM 21.00\nCASH\nRM 200.00\n",
			"",
		},
		"no total label, one item is no sum": {
			"RESTAURANT\nDPT.05 RM 21.00\nCASH\nRM 21.00\n",
			"",
		},
		"only a tax table's total": {
			"STATIONERY SDN BHD\nSUB-TOTAL (EX) 26.00\nTOTAL TAX : 1.56\nGST SUMMARY\nTOTAL: 26.00 1.56\n",
			"",
		},
	} {
		t.Run(name, func(t *testing.T) {
			d := Extract([]layout.Page{page(tc.text)})
			if tc.want == "" {
				require.Nil(t, d.General.TotalGrossPrice)
				return
			}
			require.NotNil(t, d.General.TotalGrossPrice)
			require.Equal(t, tc.want, d.General.TotalGrossPrice.Dec().StringFixed(2))
		})
	}
}

func TestTotalCashRounding(t *testing.T) {
	for text, want := range map[string]string{
		// the rounding printed after the total, no rounded total
		"GIFT SHOP\nTOTAL AMT. RM 60.31\nROUNDING ADJ. -0.01\n": "60.30",
		"GIFT SHOP\nTOTAL AMT. RM 60.32\nROUNDING ADJ. 0.03\n":  "60.35",
		// the rounding before the total is already in it
		"GIFT SHOP\nROUNDING ADJ. -0.01\nTOTAL AMT. RM 60.31\n": "60.31",
		// a minus before the cash is no negative payment
		"BOOK SHOP\nTotal RM Incl. of GST\nCash -50.00\nCHANGE 40.35\n": "9.65",
	} {
		d := Extract([]layout.Page{page(text)})
		require.NotNil(t, d.General.TotalGrossPrice, text)
		require.Equal(t, want, d.General.TotalGrossPrice.Dec().StringFixed(2), text)
	}
}

// TestOCRDateSlips: a numeric date OCR split at a separator, glued to its
// label or time, read with two different separators, with one or all of
// its separators lost or one read as a space is still the date,
// as is a Malay month name; a date read whole elsewhere on the receipt
// wins over a repaired one.
func TestOCRDateSlips(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"Date: 12/03/ 2018", "2018-03-12"},
		{"Date: 12 /03/2018", "2018-03-12"},
		{"Date: 12/03 / 2018", "2018-03-12"},
		{"DATE12/03/2018", "2018-03-12"},
		{"Date: 12/03/201811:23", "2018-03-12"},
		{"Date: 12/03/2018-11:23", "2018-03-12"},
		{"Date:12/03/2018Time:11:23", "2018-03-12"},
		{"Date: 12/03/2018(Tue)", "2018-03-12"},
		{"Date: 12/03.2018", "2018-03-12"},
		{"Date: 12-03/2018", "2018-03-12"},
		{"Date: 12,03/2018", "2018-03-12"},
		{"DATE: 12-Mac-2018", "2018-03-12"},
		{"TARIKH: 5 Ogos 2018", "2018-08-05"},
		{"Date: 1203/2018", "2018-03-12"}, // a separator lost
		{"Date: 12/032018", "2018-03-12"},
		{"Date: 1203-18", "2018-03-12"},
		{"12032018 No: CS-20243", "2018-03-12"},   // every separator lost
		{"01:34PM 568017 12 03-18", "2018-03-12"}, // a separator read as a space
		{"Date: 12-03 18", "2018-03-12"},
		{"Date: 32032018", ""},    // no day 32
		{"Date: 12031818", ""},    // no year 18xx
		{"Date: 12/03/20181", ""}, // a fifth year digit
	} {
		r := Extract([]layout.Page{page("SHOP SDN BHD\n" + tc.line + "\nTOTAL 5.00\n")})
		got := ""
		if r.General.ReceiptDate != nil {
			got = *r.General.ReceiptDate
		}
		require.Equal(t, tc.want, got, tc.line)
	}
	// The whole date on another line wins over a repaired one.
	for _, text := range []string{
		"SHOP SDN BHD\nDate: 01/02.2017\n12/03/2018 11:23\nTOTAL 5.00\n",
		"SHOP SDN BHD\nBill No: 01022017\n12/03/2018 11:23\nTOTAL 5.00\n",
	} {
		r := Extract([]layout.Page{page(text)})
		require.NotNil(t, r.General.ReceiptDate)
		require.Equal(t, "2018-03-12", *r.General.ReceiptDate)
		_, level := Settled([]layout.Page{page(text)})
		require.Equal(t, DateRead, level)
	}
	// A repaired date alone is weak: worth a second reading.
	s, lacking, weak := OCRCheck(page("SHOP SDN BHD\nDate: 1203/2018\nSUBTOTAL 10.00\nGST 0.60\nTOTAL 10.60\n"))
	require.Equal(t, TotalChecked+DateRepaired, s)
	require.False(t, lacking)
	require.True(t, weak)
}

// TestOCRAmountSlips: an amount OCR split before its separator, glued to
// its label by a colon, followed by its currency or a mark, or read with a
// look-alike letter for a digit is still the amount.
func TestOCRAmountSlips(t *testing.T) {
	for _, line := range []string{
		"TOTAL 12 .50", "TOTAL:12.50", "TOTAL RM:12.50", "TOTAL=12.50", "TOTAL 12.50RM", "TOTAL RM 12.50*",
		"TOTAL 12.50.", "TOTAL RM12.5O", "TOTAL l2.50", "TOTAL 12.5o",
	} {
		r := Extract([]layout.Page{page("SHOP SDN BHD\nDate: 12/03/2018\nITEM A  3.50\nITEM B  9.10\n" + line + "\nTHANK YOU\n")})
		require.NotNil(t, r.General.TotalGrossPrice, line)
		require.Equal(t, "12.5", r.General.TotalGrossPrice.String(), line)
	}
	// A time is no amount, nor is a word with letters for digits only.
	for _, tok := range []string{"11:23", "IO.OO", "Date:12.03.2018"} {
		_, ok := parseAmount(tok)
		require.False(t, ok, tok)
	}
}

// TestMerchantRegGarbled: a registration number after the name whose
// closing OCR garbled ("(519537 à") is no part of the name, nor does it
// make the line too poor in letters to be one.
func TestMerchantRegGarbled(t *testing.T) {
	r := Extract([]layout.Page{page("99 SPEED MART 5/0 (519537 à\nLOT 2811, JALAN ANGSA,\n41150 KLANG\nDate: 12/03/2018\nTOTAL 5.00\n")})
	require.NotNil(t, r.General.MerchantName)
	require.Equal(t, "99 SPEED MART S/B", *r.General.MerchantName)
}

// TestTotalLostPoint: a total whose decimal point OCR lost ("1250", "47
// 80") is taken only when the receipt's own figures confirm it.
func TestTotalLostPoint(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"SUBTOTAL  11.80\nGST 6%  0.70\nTOTAL  1250\nTHANK YOU\n", "12.5"},
		{"SUBTOTAL  45.09\nSVR TAX  2.71\nNET TOTAL  47 80\nTHANK YOU\n", "47.8"},
		{"SUBTOTAL  32.08\nGST 6%  1.92\nTotal Amount: 34:00\"\nTHANK YOU\n", "34"},
		// nothing confirms it: no total from the label
		{"ITEM A  3.00\nTOTAL  1250\nTHANK YOU\n", ""},
	} {
		r := Extract([]layout.Page{page("SHOP SDN BHD\nDate: 12/03/2018\n" + tc.text)})
		got := ""
		if r.General.TotalGrossPrice != nil {
			got = r.General.TotalGrossPrice.String()
		}
		require.Equal(t, tc.want, got, tc.text)
	}
}

// TestMerchantEdgeNoise: an unsure word of one or two characters, or of
// no letter or digit, at either end of the name line is logo noise; a
// sure one ("99 SPEED MART") is part of the name.
func TestMerchantEdgeNoise(t *testing.T) {
	for _, tc := range []struct {
		line  string
		confs map[string]float64
		want  string
	}{
		{"5 THAI DELICIOUS RESTAURANT", map[string]float64{"5": 55}, "THAI DELICIOUS RESTAURANT"},
		{"RESTAURANT SIN Di) ©", map[string]float64{"Di)": 45, "©": 25}, "RESTAURANT SIN"},
		{"99 SPEED MART", map[string]float64{"99": 83}, "99 SPEED MART"},
		{"5 THAI DELICIOUS RESTAURANT", nil, "5 THAI DELICIOUS RESTAURANT"},
		{"AB MART SDN BHD", map[string]float64{"AB": 40, "MART": 40}, "MART SDN BHD"},
		{"TEO HENG STATIONERY", map[string]float64{"TEO": 40}, "TEO HENG STATIONERY"}, // three letters: a word
	} {
		p := page(tc.line + "\nNO. 5, JALAN BESAR, 45600 BATANG\nDate: 12/03/2018\nTOTAL 5.00\n")
		for i, w := range p.Words {
			if c, ok := tc.confs[w.Text]; ok && w.Y0 < 30 {
				p.Words[i].Conf = c
			}
		}
		r := Extract([]layout.Page{p})
		require.NotNil(t, r.General.MerchantName, tc.line)
		require.Equal(t, tc.want, *r.General.MerchantName, tc.line)
	}
}
