package bank

import (
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/docextract/docextract/internal/testdocs"
)

// A second produced batch, written after the first one's rules, and
// scored as it came (TestStatementLayoutSuiteProduced, batch 2): the column titles
// printed on the first page only, a December statement whose value dates
// run into January, no currency printed at all (only the German IBAN
// implies the euro), two-digit years ("03.03.24"), a sign glued to every
// amount ("+1.234,56"), an en dash as the minus, a balance summary box above the
// table with "Summe Soll"/"Summe Haben", and the value date on the line
// under the booking date.

// inDecember re-dates s into December 2023, keeping each day, and lets the
// last transactions' value dates run into January.
func inDecember(s stmt) stmt {
	s.start = time.Date(2023, 12, 1, 0, 0, 0, 0, time.UTC)
	s.end = time.Date(2023, 12, 31, 0, 0, 0, 0, time.UTC)
	txns := make([]gTxn, len(s.txns))
	for i, x := range s.txns {
		off := x.value.Sub(x.date)
		x.date = time.Date(2023, 12, min(x.date.Day(), 29), 0, 0, 0, 0, time.UTC)
		x.value = x.date.Add(off)
		if i >= len(s.txns)-2 {
			x.date = time.Date(2023, 12, 29, 0, 0, 0, 0, time.UTC)
			x.value = time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)
		}
		txns[i] = x
	}
	s.txns = txns
	return s
}

// unicodeMinus is "–12,34" (an en dash for the minus, as typesetting
// systems print it; the core fonts' encoding has no U+2212) or "1.234,56".
func unicodeMinus(v decimal.Decimal) string {
	if v.Sign() < 0 {
		return "–" + gMoney(v)
	}
	return gMoney(v)
}

// glued is "+1.234,56" or "-12,34".
func glued(v decimal.Decimal) string {
	if v.Sign() < 0 {
		return "-" + gMoney(v)
	}
	return "+" + gMoney(v)
}

// prod2SparkasseDecember: column titles on page 1 only, later pages start
// with the transactions under a short page header; December with January
// value dates; no currency printed; an en dash for the minus.
func prod2SparkasseDecember(c *testdocs.Produced, s stmt, rowsPerPage int) {
	var y float64
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 11)
		c.Text(50, 34, "Kreissparkasse Ludwigsburg")
		c.Font(false, 8)
		c.Text(380, 34, fmt.Sprintf("Kontoauszug %d/%d  Blatt %d", int(s.start.Month()), s.start.Year(), c.Page()))
		c.Text(50, 46, "Girokonto "+groups4(s.iban))
		c.Font(false, 6.5)
		c.Text(50, 812, "Kreissparkasse Ludwigsburg · Schillerplatz 6 · 71638 Ludwigsburg · BIC SOLADES1LBG")
		y = 70
		if first {
			c.Font(true, 8)
			c.Text(50, 90, "Buchungstag")
			c.Text(105, 90, "Wert")
			c.Text(145, 90, "Erläuterung")
			c.Right(545, 90, "Betrag")
			c.Font(false, 9)
			y = 106
			c.Text(145, y, fmt.Sprintf("Kontostand am %s, Auszug Nr. 11", s.start.AddDate(0, 0, -1).Format("02.01.2006")))
			c.Right(545, y, unicodeMinus(s.opening))
			y += 16
		}
		c.Font(false, 9)
	}, func(x gTxn) {
		c.Text(50, y, x.date.Format("02.01."))
		c.Text(105, y, x.value.Format("02.01."))
		c.Text(145, y, x.desc[0])
		c.Right(545, y, unicodeMinus(x.amount))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(145, y, d)
		}
		y += 14
	}, nil)
	c.Font(true, 9)
	c.Text(145, y+6, fmt.Sprintf("Kontostand am %s um 20:00 Uhr", s.end.Format("02.01.2006")))
	c.Right(545, y+6, unicodeMinus(s.closing))
}

// prod2Comdirect: two-digit years "03.03.24", a sign glued to every amount,
// "Umsatz in EUR", "Alter Saldo"/"Neuer Saldo" rows, a summary box at the
// end with "Summe Soll" and "Summe Haben".
func prod2Comdirect(c *testdocs.Produced, s stmt, rowsPerPage int) {
	var y float64
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "comdirect")
		c.Font(false, 8)
		c.Text(350, 34, fmt.Sprintf("Finanzreport Nr. %d per %s", int(s.start.Month()), s.end.Format("02.01.2006")))
		c.Text(350, 44, fmt.Sprintf("Seite %d", c.Page()))
		c.Text(50, 56, "Girokonto  IBAN "+groups4(s.iban))
		c.Font(false, 6.5)
		c.Text(50, 812, "comdirect – eine Marke der Commerzbank AG · Pascalkehre 15 · 25451 Quickborn")
		c.Font(true, 8)
		c.Text(50, 90, "Buchungstag")
		c.Text(102, 90, "Valuta")
		c.Text(145, 90, "Vorgang")
		c.Text(232, 90, "Buchungstext")
		c.Right(545, 90, "Umsatz in EUR")
		c.Font(false, 9)
		y = 106
		if first {
			c.Text(232, y, "Alter Saldo")
			c.Right(545, y, glued(s.opening))
			y += 16
		}
	}, func(x gTxn) {
		c.Text(50, y, x.date.Format("02.01.06"))
		c.Text(102, y, x.value.Format("02.01.06"))
		c.Text(145, y, x.desc[0])
		if len(x.desc) > 1 {
			c.Text(232, y, x.desc[1])
		}
		c.Right(545, y, glued(x.amount))
		for _, d := range x.desc[min(2, len(x.desc)):] {
			y += 10
			c.Text(232, y, d)
		}
		y += 14
	}, nil)
	var soll, haben decimal.Decimal
	for _, x := range s.txns {
		if x.amount.Sign() < 0 {
			soll = soll.Add(x.amount)
		} else {
			haben = haben.Add(x.amount)
		}
	}
	c.Font(true, 9)
	c.Text(232, y+6, "Neuer Saldo")
	c.Right(545, y+6, glued(s.closing))
	y += 30
	c.Font(false, 8)
	for i, r := range [][2]string{{"Summe Soll", glued(soll)}, {"Summe Haben", glued(haben)}} {
		c.Text(350, y+float64(i)*11, r[0])
		c.Right(545, y+float64(i)*11, r[1])
	}
}

// prod2DeutscheBankBox: the balances in a box above the table ("Kontostand
// am ... EUR"), Soll and Haben columns with signs, the value date on the
// line under the booking date, a page header on every page.
func prod2DeutscheBankBox(c *testdocs.Produced, s stmt, rowsPerPage int) {
	var y float64
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "Deutsche Bank")
		c.Font(false, 8)
		c.Text(350, 34, fmt.Sprintf("Kontoauszug vom %s bis %s", s.start.Format("02.01.2006"), s.end.Format("02.01.2006")))
		c.Text(350, 44, fmt.Sprintf("Auszug %d   Seite %d", int(s.start.Month()), c.Page()))
		c.Text(350, 54, "IBAN "+groups4(s.iban))
		c.Font(false, 6.5)
		c.Text(50, 812, "Deutsche Bank AG · Taunusanlage 12 · 60325 Frankfurt am Main · Filiale Stuttgart")
		y = 80
		if first {
			c.Font(false, 9)
			c.Text(350, y, "Kontostand am "+s.start.AddDate(0, 0, -1).Format("02.01.2006"))
			c.Right(545, y, minus(s.opening)+gMoney(s.opening)+" EUR")
			c.Text(350, y+12, "Kontostand am "+s.end.Format("02.01.2006"))
			c.Right(545, y+12, minus(s.closing)+gMoney(s.closing)+" EUR")
			y += 40
		}
		c.Font(true, 8)
		c.Text(50, y, "Buchung")
		c.Text(100, y, "Vorgang")
		c.Right(470, y, "Soll")
		c.Right(545, y, "Haben")
		c.Text(50, y+9, "Valuta")
		c.Font(false, 9)
		y += 26
	}, func(x gTxn) {
		c.Text(50, y, x.date.Format("02.01.2006"))
		c.Text(100, y, x.desc[0])
		if x.amount.Sign() < 0 {
			c.Right(470, y, "- "+gMoney(x.amount))
		} else {
			c.Right(545, y, "+ "+gMoney(x.amount))
		}
		for i, d := range x.desc[1:] {
			y += 10
			if i == 0 {
				c.Text(50, y, x.value.Format("02.01.2006"))
			}
			c.Text(100, y, d)
		}
		y += 14
	}, nil)
}

// prod2HVB: no currency printed anywhere but the IBAN, "Buchungsdatum"
// and "Valuta" full dates, a sign glued before debits, "Saldo alt"/"Saldo
// neu", and "Übertrag" rows at each page foot and head.
func prod2HVB(c *testdocs.Produced, s stmt, rowsPerPage int) {
	var y float64
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "HypoVereinsbank")
		c.Font(false, 8)
		c.Text(350, 34, "Zeitraum "+s.start.Format("02.01.2006")+" bis "+s.end.Format("02.01.2006"))
		c.Text(350, 44, fmt.Sprintf("Seite %d", c.Page()))
		c.Text(50, 56, "Kontonummer 1234567890  IBAN "+groups4(s.iban))
		c.Font(false, 6.5)
		c.Text(50, 812, "UniCredit Bank GmbH · Arabellastraße 12 · 81925 München")
		c.Font(true, 8)
		c.Text(50, 90, "Buchungsdatum")
		c.Text(115, 90, "Valuta")
		c.Text(165, 90, "Text")
		c.Right(545, 90, "Betrag")
		c.Font(false, 9)
		y = 106
		if first {
			c.Text(165, y, "Saldo alt")
			c.Right(545, y, minus(s.opening)+gMoney(s.opening))
			y += 16
		}
	}, func(x gTxn) {
		c.Text(50, y, x.date.Format("02.01.2006"))
		c.Text(115, y, x.value.Format("02.01.2006"))
		c.Text(165, y, strings.ToUpper(x.desc[0]))
		c.Right(545, y, minus(x.amount)+gMoney(x.amount))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(165, y, d)
		}
		y += 14
	}, func(bal decimal.Decimal, out bool) {
		if out {
			c.Text(165, y+2, "Übertrag")
			c.Right(545, y+2, minus(bal)+gMoney(bal))
		} else {
			c.Text(165, y, "Übertrag")
			c.Right(545, y, minus(bal)+gMoney(bal))
			y += 14
		}
	})
	c.Font(true, 9)
	c.Text(165, y+6, "Saldo neu")
	c.Right(545, y+6, minus(s.closing)+gMoney(s.closing))
}

var stmtProduced2Layouts = []prodLayout{
	{"sparkasse-december", prod2SparkasseDecember, inDecember}, {"comdirect", prod2Comdirect, nil}, {"deutsche-bank-box", prod2DeutscheBankBox, nil}, {"hvb", prod2HVB, nil},
}
