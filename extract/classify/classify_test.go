package classify

import (
	"fmt"
	"strings"
	"testing"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
	"github.com/stretchr/testify/require"
)

// page lays out text lines (words 8 units per character, lines 14 apart)
// on a page of the given size, starting at x0.
func page(w, h, x0 float64, text string) layout.Page {
	p := layout.Page{Number: 1, Width: w, Height: h}
	for i, l := range strings.Split(strings.TrimSpace(text), "\n") {
		x := x0
		y := 20 + float64(i)*14
		for _, word := range strings.Fields(l) {
			x1 := x + float64(len([]rune(word)))*6
			p.Words = append(p.Words, layout.Word{Text: word, X0: x, Y0: y, X1: x1, Y1: y + 10, Conf: 100, Size: 10})
			x = x1 + 6
		}
	}
	return p
}

const invoiceEN = `ACME Widgets Ltd
VAT ID GB123456789
Bill To: Example Corp
Invoice Number: INV-2024-001
Invoice Date: 02/01/2024
Due Date: 01/02/2024
Description Quantity Unit Price Amount
Widget 2 10.00 20.00
Subtotal 20.00
VAT 20% 4.00
Total 24.00
Payment terms: 30 days net`

const invoiceDE = `Muster GmbH
Musterstraße 1, 10115 Berlin
USt-IdNr. DE123456789
Rechnung
Rechnungsnummer: R-1001
Rechnungsdatum: 02.01.2024
Zahlbar bis 16.01.2024
Pos. Bezeichnung Menge Einzelpreis Betrag
1 Beratung 2 100,00 200,00
Nettobetrag 200,00
MwSt 19% 38,00
Rechnungsbetrag 238,00`

const invoiceFR = `Société Exemple SARL
N° TVA FR12345678901
Facture
Numéro de facture : F-2024-12
Date de facture : 02/01/2024
Échéance : 01/02/2024
Désignation Quantité Prix unitaire Montant
Conseil 1 500,00 500,00
Total HT 500,00
TVA 20% 100,00
Total TTC 600,00`

const receiptMY = `GROCERY MART SDN BHD
NO 5 JALAN BESAR 81100 JOHOR BAHRU
TEL 07-1234567
RECEIPT
Date: 25/12/2018 8:13 PM Cashier: ANN
MILK 1L 1 X 6.50 6.50
BREAD 1 X 2.50 2.50
Total Qty 2
TOTAL 9.00
ROUNDING 0.00
CASH 10.00
CHANGE 1.00
THANK YOU PLEASE COME AGAIN`

const receiptDE = `BÄCKEREI MÜLLER
Hauptstr. 3 80331 München
Kassenbon
Brötchen 4 x 0,45 1,80
Kaffee 2,90
SUMME EUR 4,70
Bar 5,00
Rückgeld 0,30
Vielen Dank`

const statementEN = `Example Bank plc
Statement of Account
Account Number 12345678 Sort Code 12-34-56
IBAN GB82WEST12345698765432
Statement period 01/01/2024 to 31/01/2024
Opening balance 1,000.00
Date Description Paid out Paid in Balance
02/01/2024 Coffee shop 3.50 996.50
05/01/2024 Salary 2,000.00 2,996.50
08/01/2024 Rent 900.00 2,096.50
12/01/2024 Groceries 45.20 2,051.30
20/01/2024 Electricity 60.00 1,991.30
28/01/2024 Transfer 100.00 1,891.30
Closing balance 1,891.30`

const statementDE = `Beispielbank AG
Kontoauszug Nr. 1/2024
IBAN DE89 3704 0044 0532 0130 00
Alter Kontostand 1.000,00
Buchungstag Wertstellung Verwendungszweck Betrag
02.01. 02.01. Miete -900,00
05.01. 05.01. Gehalt 2.000,00
10.01. 10.01. Supermarkt -45,20
15.01. 15.01. Strom -60,00
20.01. 20.01. Versicherung -30,00
Neuer Kontostand 1.964,80`

const otherLetter = `Dear Sir or Madam,
we are writing to inform you about the new opening hours of our library.
From Monday the library opens at nine in the morning.
Kind regards
The Library Team`

func TestClassify(t *testing.T) {
	tests := []struct {
		name    string
		pages   []layout.Page
		want    docextract.DocType
		minConf float64
	}{
		{"invoice EN", []layout.Page{page(595, 842, 50, invoiceEN)}, docextract.Invoice, 0.6},
		{"invoice DE", []layout.Page{page(595, 842, 50, invoiceDE)}, docextract.Invoice, 0.6},
		{"invoice FR", []layout.Page{page(595, 842, 50, invoiceFR)}, docextract.Invoice, 0.6},
		{"receipt MY narrow photo", []layout.Page{page(460, 1000, 40, receiptMY)}, docextract.Receipt, 0.6},
		{"receipt DE till roll", []layout.Page{page(230, 600, 10, receiptDE)}, docextract.Receipt, 0.5},
		{"statement EN", []layout.Page{page(595, 842, 50, statementEN)}, docextract.BankStatement, 0.6},
		{"statement DE", []layout.Page{page(595, 842, 50, statementDE)}, docextract.BankStatement, 0.6},
		{"letter", []layout.Page{page(595, 842, 50, otherLetter)}, docextract.Other, 0.5},
		{"empty", nil, docextract.Other, 0.9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, conf := Classify(tt.pages)
			require.Equal(t, tt.want, got, "evidence %+v", Evidence(tt.pages))
			require.GreaterOrEqual(t, conf, tt.minConf)
			require.LessOrEqual(t, conf, 1.0)
		})
	}
}

func TestConfidenceFallsWithMixedEvidence(t *testing.T) {
	clear := []layout.Page{page(595, 842, 50, invoiceEN)}
	mixed := []layout.Page{page(595, 842, 50, invoiceEN+"\n"+statementEN)}
	_, c1 := Classify(clear)
	_, c2 := Classify(mixed)
	require.Less(t, c2, c1)
}

func ExampleClassify() {
	p := layout.Page{Number: 1, Width: 300, Height: 900}
	for i, line := range []string{"RECEIPT", "Cashier: 3", "TOTAL 9.00", "CASH 10.00", "CHANGE 1.00", "THANK YOU"} {
		x := 20.0
		for _, w := range strings.Fields(line) {
			p.Words = append(p.Words, layout.Word{Text: w, X0: x, Y0: float64(20 + 15*i), X1: x + 8*float64(len(w)), Y1: float64(31 + 15*i)})
			x += 8*float64(len(w)) + 8
		}
	}
	t, conf := Classify([]layout.Page{p})
	fmt.Println(t, conf > 0.5)
	// Output: receipt true
}
