package bank

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/docextract/docextract/internal/testdocs"
)

// A third produced batch, written after the second one's rules and scored
// as it came (TestStatementLayoutSuiteProduced, batch 3): a running balance column
// beside the amount, "EUR" after every amount, and the amount printed on
// the last line of each transaction rather than the first.

// prod3VolksbankSaldo: "Buchungstag Valuta Text Betrag Saldo" with a
// running balance on every row, full dates, "Anfangssaldo"/"Endsaldo".
func prod3VolksbankSaldo(c *testdocs.Produced, s stmt, rowsPerPage int) {
	var y float64
	paginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "Volksbank Stuttgart eG")
		c.Font(false, 8)
		c.Text(350, 34, fmt.Sprintf("Kontoauszug %02d/%d  Seite %d", int(s.start.Month()), s.start.Year(), c.Page()))
		c.Text(50, 56, "IBAN "+groups4(s.iban)+"  BIC GENODES1VBS")
		c.Font(false, 6.5)
		c.Text(50, 812, "Volksbank Stuttgart eG · Börsenstraße 3 · 70174 Stuttgart")
		c.Font(true, 8)
		c.Text(50, 90, "Buchungstag")
		c.Text(103, 90, "Valuta")
		c.Text(150, 90, "Text")
		c.Right(470, 90, "Betrag EUR")
		c.Right(545, 90, "Saldo EUR")
		c.Font(false, 9)
		y = 106
		if first {
			c.Text(150, y, "Anfangssaldo")
			c.Right(545, y, minus(s.opening)+gMoney(s.opening))
			y += 16
		}
	}, func(x gTxn, bal decimal.Decimal) {
		c.Text(50, y, x.date.Format("02.01.2006"))
		c.Text(103, y, x.value.Format("02.01.2006"))
		c.Text(150, y, x.desc[0])
		c.Right(470, y, minus(x.amount)+gMoney(x.amount))
		c.Right(545, y, minus(bal)+gMoney(bal))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(150, y, d)
		}
		y += 14
	}, nil)
	c.Font(true, 9)
	c.Text(150, y+6, "Endsaldo")
	c.Right(545, y+6, minus(s.closing)+gMoney(s.closing))
}

// prod3Targobank: the period "Zeitraum: 01.03.2023 - 31.03.2023", dates
// "03.03." without a year, "EUR" after every amount, and the amount on the
// last line of each transaction, under its text.
func prod3Targobank(c *testdocs.Produced, s stmt, rowsPerPage int) {
	var y float64
	paginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "TARGOBANK")
		c.Font(false, 8)
		c.Text(350, 34, "Zeitraum: "+s.start.Format("02.01.2006")+" - "+s.end.Format("02.01.2006"))
		c.Text(350, 44, fmt.Sprintf("Seite %d", c.Page()))
		c.Text(50, 56, "Online-Konto  IBAN "+groups4(s.iban))
		c.Font(false, 6.5)
		c.Text(50, 812, "TARGOBANK AG · Kasernenstraße 10 · 40213 Düsseldorf")
		c.Font(true, 8)
		c.Text(50, 90, "Datum")
		c.Text(95, 90, "Buchungstext")
		c.Right(545, 90, "Betrag")
		c.Font(false, 9)
		y = 106
		if first {
			c.Text(95, y, "Kontostand am "+s.start.AddDate(0, 0, -1).Format("02.01.2006"))
			c.Right(545, y, minus(s.opening)+gMoney(s.opening)+" EUR")
			y += 16
		}
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, x.date.Format("02.01."))
		for i, d := range x.desc {
			if i > 0 {
				y += 10
			}
			c.Text(95, y, d)
		}
		c.Right(545, y, minus(x.amount)+gMoney(x.amount)+" EUR")
		y += 14
	}, nil)
	c.Font(true, 9)
	c.Text(95, y+6, "Kontostand am "+s.end.Format("02.01.2006"))
	c.Right(545, y+6, minus(s.closing)+gMoney(s.closing)+" EUR")
}

var stmtProduced3Layouts = []prodLayout{{"volksbank-saldo", prod3VolksbankSaldo, nil}, {"targobank", prod3Targobank, nil}}
