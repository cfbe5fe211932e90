package bank

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/validate"
	"github.com/docextract/docextract/internal/testdocs"
)

// The statements below imitate banks the reader was not written for, in
// the ways their printouts differ: a balance summary box instead of
// balance rows (Deutsche Bank, N26), a trailing minus on debits
// (Commerzbank), full dates and "Beträge in Euro" above the table (DKB),
// the date in the middle column and counterparty IBANs under each row
// (N26), "Af"/"Bij" words instead of signs (ING Netherlands), separate
// "Bedrag af"/"Bedrag bij" columns (Rabobank), "1 234,56" grouped with
// spaces and "SOLDE CREDITEUR AU" rows (French banks), a running balance
// column and "3 Jul" dates (UK banks). Each is printed on one page and,
// with more transactions, over several pages. TestStatementLayoutSuite
// scores every field.

// stmt is one generated statement's content.
type stmt struct {
	start, end       time.Time
	iban             string
	opening, closing decimal.Decimal
	txns             []gTxn
}

// mod97 returns the IBAN check digits for country and bban.
func ibanFor(country, bban string) string {
	var digits strings.Builder
	for _, ch := range bban + country + "00" {
		switch {
		case ch >= '0' && ch <= '9':
			digits.WriteRune(ch)
		default:
			fmt.Fprint(&digits, int(ch-'A')+10)
		}
	}
	n, _ := new(big.Int).SetString(digits.String(), 10)
	rem := new(big.Int).Mod(n, big.NewInt(97)).Int64()
	return fmt.Sprintf("%s%02d%s", country, 98-rem, bban)
}

func newStmt(seed uint64, n int, country string) stmt {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	start := time.Date(2023, time.Month(1+r.IntN(12)), 1, 0, 0, 0, 0, time.UTC)
	end := start.AddDate(0, 1, -1)
	s := stmt{start: start, end: end, opening: decimal.New(int64(50000+r.IntN(900000)), -2)}
	bal := s.opening
	day := 0
	for range n {
		day = min(day+r.IntN(3), end.Day()-1)
		dt := start.AddDate(0, 0, day)
		p := gPayees[r.IntN(len(gPayees))]
		v := decimal.New(int64(100+r.IntN(150000)), -2)
		if p[0] != "Lohn/Gehalt" && p[0] != "Gutschrift" {
			v = v.Neg()
		}
		bal = bal.Add(v)
		s.txns = append(s.txns, gTxn{date: dt, value: dt.AddDate(0, 0, r.IntN(2)), desc: p, amount: v})
	}
	s.closing = bal
	bban := ""
	switch country {
	case "NL":
		bban = "INGB"
		for range 10 {
			bban += string(rune('0' + r.IntN(10)))
		}
	case "FR":
		for range 21 {
			bban += string(rune('0' + r.IntN(10)))
		}
		bban += "89"
	case "ES":
		for range 20 {
			bban += string(rune('0' + r.IntN(10)))
		}
	case "IT":
		bban = "X"
		for range 22 {
			bban += string(rune('0' + r.IntN(10)))
		}
	case "BE":
		for range 12 {
			bban += string(rune('0' + r.IntN(10)))
		}
	case "GB":
		bban = "BARC200000"
		for range 8 {
			bban += string(rune('0' + r.IntN(10)))
		}
	default:
		bban = "10070000"
		for range 10 {
			bban += string(rune('0' + r.IntN(10)))
		}
	}
	s.iban = ibanFor(country, bban)
	return s
}

// moneyIn formats an unsigned amount in a locale: "de" 1.234,56, "fr"
// 1 234,56, "en" 1,234.56.
func moneyIn(v decimal.Decimal, style string) string {
	m := gMoney(v)
	switch style {
	case "fr":
		return strings.ReplaceAll(m, ".", " ")
	case "en":
		return strings.NewReplacer(".", ",", ",", ".").Replace(m)
	}
	return m
}

// minus is "-" for a negative amount, printed before its absolute value.
func minus(v decimal.Decimal) string {
	if v.Sign() < 0 {
		return "-"
	}
	return ""
}

// paginate calls row for each transaction and newPage before the first
// and whenever rowsPerPage lines of text would be exceeded; carry is
// called at a page break with the balance so far.
func paginate(s stmt, rowsPerPage int, newPage func(first bool), row func(x gTxn, bal decimal.Decimal), carry func(bal decimal.Decimal, out bool)) {
	newPage(true)
	rows := 0
	bal := s.opening
	for _, x := range s.txns {
		if rows+len(x.desc) > rowsPerPage {
			if carry != nil {
				carry(bal, true)
			}
			newPage(false)
			if carry != nil {
				carry(bal, false)
			}
			rows = 0
		}
		bal = bal.Add(x.amount)
		row(x, bal)
		rows += len(x.desc)
	}
}

// drawDeutscheBank: summary box with "Alter Saldo"/"Neuer Saldo" and a
// trailing sign, "Buchung Valuta Vorgang Soll Haben", dates "03.07.", the
// year under the heading, signed amounts in Soll/Haben.
func drawDeutscheBank(c *pdfCanvas, s stmt, rowsPerPage int) {
	var y float64
	page := 0
	paginate(s, rowsPerPage, func(first bool) {
		c.addPage()
		page++
		c.font(true, 14)
		c.text(50, 36, "Deutsche Bank")
		c.font(false, 9)
		c.text(330, 40, fmt.Sprintf("Kontoauszug vom %s bis %s", s.start.Format("02.01.2006"), s.end.Format("02.01.2006")))
		c.text(330, 52, fmt.Sprintf("Auszug %d  Seite %d", int(s.start.Month()), page))
		c.text(50, 80, "Herrn Max Mustermann")
		c.text(50, 91, "Beethovenallee 12, 53173 Bonn")
		c.text(330, 80, "IBAN "+groups4(s.iban))
		c.text(330, 91, "BIC DEUTDEDBBON")
		if first {
			c.text(330, 110, "Alter Saldo")
			c.right(520, 110, "EUR "+gMoney(s.opening))
			c.text(524, 110, "+")
			c.text(330, 122, "Neuer Saldo")
			c.right(520, 122, "EUR "+gMoney(s.closing))
			sign := "+"
			if s.closing.Sign() < 0 {
				sign = "-"
			}
			c.text(524, 122, sign)
		}
		c.font(true, 9)
		if !c.untitled {
			c.text(50, 150, "Buchung")
			c.text(95, 150, "Valuta")
			c.text(140, 150, "Vorgang")
			c.right(470, 150, "Soll EUR")
			c.right(545, 150, "Haben EUR")
		}
		c.font(false, 9)
		c.text(50, 161, fmt.Sprint(s.start.Year()))
		y = 176
	}, func(x gTxn, _ decimal.Decimal) {
		c.text(50, y, x.date.Format("02.01."))
		c.text(95, y, x.value.Format("02.01."))
		c.text(140, y, x.desc[0])
		if x.amount.Sign() < 0 {
			c.right(470, y, "- "+gMoney(x.amount))
		} else {
			c.right(545, y, "+ "+gMoney(x.amount))
		}
		for _, d := range x.desc[1:] {
			y += 10.5
			c.text(140, y, d)
		}
		y += 14
	}, nil)
	c.font(false, 8)
	c.text(50, y+10, "Ihr Dispositionskredit beträgt 2.000,00 EUR. Sollzinssatz ab 01.08.2023 11,25 % p.a.")
	c.font(false, 7)
	c.text(50, 805, "Deutsche Bank AG · Taunusanlage 12 · 60325 Frankfurt am Main")
}

// drawCommerzbank: "Angaben zu den Umsätzen", value date on the right,
// "Betrag in EUR", a trailing minus on debits, balance rows with "vom",
// carry rows "Übertrag auf Seite"/"Übertrag von Seite".
func drawCommerzbank(c *pdfCanvas, s stmt, rowsPerPage int) {
	var y float64
	page := 0
	trail := func(v decimal.Decimal) string {
		if v.Sign() < 0 {
			return gMoney(v) + "-"
		}
		return gMoney(v)
	}
	paginate(s, rowsPerPage, func(first bool) {
		c.addPage()
		page++
		c.font(true, 13)
		c.text(50, 36, "COMMERZBANK")
		c.font(false, 9)
		c.text(330, 40, fmt.Sprintf("Kontoauszug vom %s", s.end.Format("02.01.2006")))
		c.text(330, 52, fmt.Sprintf("Seite %d", page))
		c.text(50, 80, "Max Mustermann")
		c.text(330, 80, "Kontokorrentkonto")
		c.text(330, 91, "IBAN: "+groups4(s.iban))
		c.font(true, 9)
		if !c.untitled {
			c.text(50, 130, "Datum")
			c.text(100, 130, "Angaben zu den Umsätzen")
			c.text(390, 130, "Valuta")
			c.right(545, 130, "Betrag in EUR")
		}
		c.font(false, 9)
		y = 146
		if first {
			c.text(100, y, fmt.Sprintf("Alter Kontostand vom %s", s.start.AddDate(0, 0, -1).Format("02.01.2006")))
			c.right(545, y, trail(s.opening))
			y += 16
		}
	}, func(x gTxn, _ decimal.Decimal) {
		c.text(50, y, x.date.Format("02.01"))
		c.text(100, y, x.desc[0])
		c.text(390, y, x.value.Format("02.01"))
		c.right(545, y, trail(x.amount))
		for _, d := range x.desc[1:] {
			y += 10.5
			c.text(100, y, d)
		}
		y += 14
	}, func(bal decimal.Decimal, out bool) {
		if out {
			c.text(100, y+4, fmt.Sprintf("Übertrag auf Seite %d", page+1))
			c.right(545, y+4, trail(bal))
		} else {
			c.text(100, y, fmt.Sprintf("Übertrag von Seite %d", page-1))
			c.right(545, y, trail(bal))
			y += 14
		}
	})
	c.font(true, 9)
	c.text(100, y+6, fmt.Sprintf("Neuer Kontostand vom %s", s.end.Format("02.01.2006")))
	c.right(545, y+6, trail(s.closing))
}

// drawDKB: "Beträge in Euro" above the table, full dates, unsigned
// amounts in Soll and Haben columns, "Kontostand am" before and after.
func drawDKB(c *pdfCanvas, s stmt, rowsPerPage int) {
	var y float64
	page := 0
	paginate(s, rowsPerPage, func(first bool) {
		c.addPage()
		page++
		c.font(true, 13)
		c.text(50, 36, "DKB")
		c.font(false, 8)
		c.text(50, 50, "Deutsche Kreditbank AG")
		c.font(false, 9)
		c.text(330, 40, fmt.Sprintf("Kontoauszug Nummer %03d / %d", int(s.start.Month()), s.start.Year()))
		c.text(330, 52, fmt.Sprintf("vom %s bis %s", s.start.Format("02.01.2006"), s.end.Format("02.01.2006")))
		c.text(330, 64, "IBAN "+groups4(s.iban))
		c.text(50, 90, "Max Mustermann")
		c.text(470, 100, fmt.Sprintf("Blatt %d", page))
		c.text(50, 112, "Beträge in Euro")
		c.font(true, 9)
		if !c.untitled {
			c.text(50, 130, "Buchungstag")
			c.text(110, 130, "Wertstellung")
			c.text(175, 130, "Erläuterung")
			c.right(470, 130, "Soll")
			c.right(545, 130, "Haben")
		}
		c.font(false, 9)
		y = 146
		if first {
			c.text(175, y, fmt.Sprintf("Kontostand am %s", s.start.Format("02.01.2006")))
			c.right(545, y, minus(s.opening)+gMoney(s.opening))
			y += 16
		}
	}, func(x gTxn, _ decimal.Decimal) {
		c.text(50, y, x.date.Format("02.01.2006"))
		c.text(110, y, x.value.Format("02.01.2006"))
		c.text(175, y, x.desc[0])
		if x.amount.Sign() < 0 {
			c.right(470, y, gMoney(x.amount))
		} else {
			c.right(545, y, gMoney(x.amount))
		}
		for _, d := range x.desc[1:] {
			y += 10.5
			c.text(175, y, d)
		}
		y += 14
	}, nil)
	c.font(true, 9)
	c.text(175, y+6, fmt.Sprintf("Kontostand am %s", s.end.Format("02.01.2006")))
	c.right(545, y+6, minus(s.closing)+gMoney(s.closing))
}

// drawN26: English, description on the left, the booking date in the
// middle, "-45,99€" amounts, the counterparty's IBAN and the value date
// under each row, the balances in a summary at the end.
func drawN26(c *pdfCanvas, s stmt, rowsPerPage int) {
	var y float64
	page := 0
	eur := func(v decimal.Decimal) string {
		if v.Sign() < 0 {
			return "-" + gMoney(v) + "€"
		}
		return "+" + gMoney(v) + "€"
	}
	r := rand.New(rand.NewPCG(uint64(len(s.txns)), 9))
	paginate(s, rowsPerPage*2/3, func(first bool) {
		c.addPage()
		page++
		c.font(true, 14)
		c.text(50, 36, "N26")
		c.font(false, 9)
		c.text(50, 70, "Max Mustermann")
		c.text(50, 81, "Kastanienallee 5, 10435 Berlin")
		c.text(330, 70, "IBAN: "+groups4(s.iban))
		c.text(330, 81, "BIC: NTSBDEB1XXX")
		c.text(330, 100, fmt.Sprintf("%s until %s", s.start.Format("02.01.2006"), s.end.Format("02.01.2006")))
		c.text(330, 112, fmt.Sprintf("Statement No. %d  Page %d", int(s.start.Month()), page))
		c.font(true, 9)
		if !c.untitled {
			c.text(50, 140, "Description")
			c.text(330, 140, "Booking Date")
			c.right(545, 140, "Amount")
		}
		c.font(false, 9)
		y = 158
	}, func(x gTxn, _ decimal.Decimal) {
		name := x.desc[0]
		if len(x.desc) > 1 {
			name = x.desc[1]
		}
		c.text(50, y, name)
		c.text(330, y, x.date.Format("02.01.2006"))
		c.right(545, y, eur(x.amount))
		c.font(false, 7)
		y += 10
		c.text(50, y, "IBAN: "+groups4(ibanFor("DE", fmt.Sprintf("%08d%010d", 10000000+r.IntN(89999999), r.IntN(1e9))))+" • BIC: COBADEFFXXX")
		y += 9
		c.text(50, y, "Value Date "+x.value.Format("02.01.2006"))
		c.font(false, 9)
		y += 16
	}, nil)
	var in, out decimal.Decimal
	for _, x := range s.txns {
		if x.amount.Sign() < 0 {
			out = out.Add(x.amount)
		} else {
			in = in.Add(x.amount)
		}
	}
	y += 10
	c.font(true, 10)
	c.text(50, y, "Overview")
	c.font(false, 9)
	for k, row := range [][2]string{{"Previous balance", eur(s.opening)}, {"Outgoing transactions", eur(out)}, {"Incoming transactions", eur(in)}, {"Your new balance", eur(s.closing)}} {
		c.text(50, y+16+float64(k)*12, row[0])
		c.right(545, y+16+float64(k)*12, row[1])
	}
}

// drawINGNL: "Datum Omschrijving Af/Bij Bedrag (EUR)", dates "03-07-2023",
// unsigned amounts signed by the words "Af" and "Bij", "Beginsaldo" and
// "Eindsaldo" rows.
func drawINGNL(c *pdfCanvas, s stmt, rowsPerPage int) {
	var y float64
	page := 0
	paginate(s, rowsPerPage, func(first bool) {
		c.addPage()
		page++
		c.font(true, 14)
		c.text(50, 36, "ING")
		c.font(false, 9)
		c.text(330, 40, "Rekeningafschrift")
		c.text(330, 52, fmt.Sprintf("Periode %s t/m %s", s.start.Format("02-01-2006"), s.end.Format("02-01-2006")))
		c.text(330, 64, fmt.Sprintf("Pagina %d", page))
		c.text(50, 80, "Dhr. J. de Vries")
		c.text(330, 80, "Rekeningnummer "+groups4(s.iban))
		c.font(true, 9)
		if !c.untitled {
			c.text(50, 120, "Datum")
			c.text(120, 120, "Omschrijving")
			c.text(400, 120, "Af/Bij")
			c.right(545, 120, "Bedrag (EUR)")
		}
		c.font(false, 9)
		y = 136
		if first {
			c.text(120, y, fmt.Sprintf("Beginsaldo op %s", s.start.Format("02-01-2006")))
			c.right(545, y, minus(s.opening)+gMoney(s.opening))
			y += 15
		}
	}, func(x gTxn, _ decimal.Decimal) {
		c.text(50, y, x.date.Format("02-01-2006"))
		c.text(120, y, x.desc[0])
		if x.amount.Sign() < 0 {
			c.text(400, y, "Af")
		} else {
			c.text(400, y, "Bij")
		}
		c.right(545, y, gMoney(x.amount))
		for _, d := range x.desc[1:] {
			y += 10.5
			c.text(120, y, d)
		}
		y += 14
	}, nil)
	c.font(true, 9)
	c.text(120, y+6, fmt.Sprintf("Eindsaldo op %s", s.end.Format("02-01-2006")))
	c.right(545, y+6, minus(s.closing)+gMoney(s.closing))
}

// drawRabobank: "Bedrag af" and "Bedrag bij" columns, dates "03-07"
// without the year, "Saldo begin"/"Saldo einde" in a box at the top, the
// currency only in the account line "(EUR)".
func drawRabobank(c *pdfCanvas, s stmt, rowsPerPage int) {
	var y float64
	page := 0
	paginate(s, rowsPerPage, func(first bool) {
		c.addPage()
		page++
		c.font(true, 14)
		c.text(50, 36, "Rabobank")
		c.font(false, 9)
		c.text(330, 40, fmt.Sprintf("Datum %s t/m %s", s.start.Format("02-01-2006"), s.end.Format("02-01-2006")))
		c.text(330, 52, fmt.Sprintf("Blad %d", page))
		c.text(50, 80, "Mevr. A. Bakker")
		c.text(330, 80, "Rekening "+groups4(s.iban)+" (EUR)")
		if first {
			c.text(330, 96, "Saldo begin")
			c.right(545, 96, minus(s.opening)+gMoney(s.opening))
			c.text(330, 108, "Saldo einde")
			c.right(545, 108, minus(s.closing)+gMoney(s.closing))
		}
		c.font(true, 9)
		if !c.untitled {
			c.text(50, 135, "Datum")
			c.text(95, 135, "Omschrijving")
			c.right(470, 135, "Bedrag af")
			c.right(545, 135, "Bedrag bij")
		}
		c.font(false, 9)
		y = 151
	}, func(x gTxn, _ decimal.Decimal) {
		c.text(50, y, x.date.Format("02-01"))
		c.text(95, y, x.desc[0])
		if x.amount.Sign() < 0 {
			c.right(470, y, gMoney(x.amount))
		} else {
			c.right(545, y, gMoney(x.amount))
		}
		for _, d := range x.desc[1:] {
			y += 10.5
			c.text(95, y, d)
		}
		y += 14
	}, nil)
}

// drawFrench: "RELEVE DE COMPTE", "du 1er juillet 2023 au 31 juillet
// 2023", "Date Nature des opérations Valeur Débit Crédit", "1 234,56",
// "SOLDE CREDITEUR AU" rows, "Montants en euros".
func drawFrench(c *pdfCanvas, s stmt, rowsPerPage int) {
	var y float64
	page := 0
	months := []string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"}
	long := func(t time.Time) string {
		day := fmt.Sprint(t.Day())
		if t.Day() == 1 {
			day = "1er"
		}
		return fmt.Sprintf("%s %s %d", day, months[t.Month()-1], t.Year())
	}
	paginate(s, rowsPerPage, func(first bool) {
		c.addPage()
		page++
		c.font(true, 13)
		c.text(50, 36, "BNP PARIBAS")
		c.font(false, 9)
		c.text(300, 40, "RELEVE DE COMPTE CHEQUES")
		c.text(300, 52, fmt.Sprintf("du %s au %s", long(s.start), long(s.end)))
		c.text(300, 64, fmt.Sprintf("Page %d", page))
		c.text(50, 80, "M. JEAN DUPONT")
		c.text(300, 80, "IBAN : "+groups4(s.iban))
		c.text(50, 104, "Montants en euros")
		c.font(true, 9)
		if !c.untitled {
			c.text(50, 125, "Date")
			c.text(90, 125, "Nature des opérations")
			c.text(380, 125, "Valeur")
			c.right(470, 125, "Débit")
			c.right(545, 125, "Crédit")
		}
		c.font(false, 9)
		y = 141
		if first {
			c.text(90, y, fmt.Sprintf("SOLDE CREDITEUR AU %s", s.start.AddDate(0, 0, -1).Format("02.01.2006")))
			c.right(545, y, moneyIn(s.opening, "fr"))
			y += 15
		}
	}, func(x gTxn, _ decimal.Decimal) {
		c.text(50, y, x.date.Format("02.01"))
		c.text(90, y, x.desc[0])
		c.text(380, y, x.value.Format("02.01"))
		if x.amount.Sign() < 0 {
			c.right(470, y, moneyIn(x.amount, "fr"))
		} else {
			c.right(545, y, moneyIn(x.amount, "fr"))
		}
		for _, d := range x.desc[1:] {
			y += 10.5
			c.text(90, y, d)
		}
		y += 14
	}, nil)
	var deb, cred decimal.Decimal
	for _, x := range s.txns {
		if x.amount.Sign() < 0 {
			deb = deb.Add(x.amount.Abs())
		} else {
			cred = cred.Add(x.amount)
		}
	}
	c.font(true, 9)
	c.text(90, y+6, "TOTAL DES OPERATIONS")
	c.right(470, y+6, moneyIn(deb, "fr"))
	c.right(545, y+6, moneyIn(cred, "fr"))
	if s.closing.Sign() < 0 {
		c.text(90, y+20, fmt.Sprintf("SOLDE DEBITEUR AU %s", s.end.Format("02.01.2006")))
		c.right(470, y+20, moneyIn(s.closing, "fr"))
	} else {
		c.text(90, y+20, fmt.Sprintf("SOLDE CREDITEUR AU %s", s.end.Format("02.01.2006")))
		c.right(545, y+20, moneyIn(s.closing, "fr"))
	}
}

// drawUK: "Date Description Money out Money in Balance", "3 Jul" dates,
// a running balance, "Start balance"/"End balance", "£" in the summary.
func drawUK(c *pdfCanvas, s stmt, rowsPerPage int) {
	var y float64
	page := 0
	paginate(s, rowsPerPage, func(first bool) {
		c.addPage()
		page++
		c.font(true, 14)
		c.text(50, 36, "Barclays")
		c.font(false, 9)
		c.text(330, 40, fmt.Sprintf("Statement %s - %s", s.start.Format("2 Jan"), s.end.Format("2 Jan 2006")))
		c.text(330, 52, fmt.Sprintf("Page %d", page))
		c.text(50, 80, "Mr John Smith")
		c.text(50, 91, "14 Acacia Avenue, Reading RG1 2AB")
		c.text(330, 80, "Sort code 20-00-00  Account 12345678")
		c.text(330, 91, "IBAN "+groups4(s.iban))
		if first {
			c.text(330, 106, "Start balance")
			c.right(545, 106, minus(s.opening)+"£"+moneyIn(s.opening, "en"))
			c.text(330, 118, "End balance")
			c.right(545, 118, minus(s.closing)+"£"+moneyIn(s.closing, "en"))
		}
		c.font(true, 9)
		if !c.untitled {
			c.text(50, 140, "Date")
			c.text(95, 140, "Description")
			c.right(400, 140, "Money out")
			c.right(470, 140, "Money in")
			c.right(545, 140, "Balance")
		}
		c.font(false, 9)
		y = 156
	}, func(x gTxn, bal decimal.Decimal) {
		c.text(50, y, x.date.Format("2 Jan"))
		c.text(95, y, x.desc[0])
		if x.amount.Sign() < 0 {
			c.right(400, y, moneyIn(x.amount, "en"))
		} else {
			c.right(470, y, moneyIn(x.amount, "en"))
		}
		b := moneyIn(bal, "en")
		if bal.Sign() < 0 {
			b += " OD"
		}
		c.right(545, y, b)
		for _, d := range x.desc[1:] {
			y += 10.5
			c.text(95, y, d)
		}
		y += 14
	}, nil)
}

type stmtLayout struct {
	name    string
	country string
	draw    func(*pdfCanvas, stmt, int)
}

var stmtLayouts = []stmtLayout{
	{"deutsche-bank", "DE", drawDeutscheBank}, {"commerzbank", "DE", drawCommerzbank}, {"dkb", "DE", drawDKB}, {"n26", "DE", drawN26},
	{"ing-nl", "NL", drawINGNL}, {"rabobank", "NL", drawRabobank}, {"bnp-fr", "FR", drawFrench}, {"barclays-uk", "GB", drawUK},
}

// av is the value of a read amount, "" when it was not read.
func av(a *docextract.Amount) string {
	if a == nil {
		return ""
	}
	return a.Decimal.String()
}

// stmtFields scores one statement: field -> ok, with the misses.
func stmtFields(s stmt, cur string, got *docextract.BankStatementData) (map[string]bool, []string) {
	g := got.General
	var f testdocs.Fields
	check := f.Check
	sv := testdocs.Str
	check("IBAN", s.iban, sv(g.IBAN))
	check("Currency", cur, sv(g.Currency))
	check("OpeningBalance", s.opening.String(), av(g.OpeningBalance))
	check("ClosingBalance", s.closing.String(), av(g.ClosingBalance))
	check("TxnCount", fmt.Sprint(len(s.txns)), fmt.Sprint(len(got.Transactions)))
	var wd, hd, wa, ha, wn, hn []string
	for _, x := range s.txns {
		wd = append(wd, x.date.Format(time.DateOnly))
		wa = append(wa, x.amount.String())
		name := x.desc[0]
		if len(x.desc) > 1 {
			name = x.desc[1]
		}
		wn = append(wn, name)
	}
	for i, x := range got.Transactions {
		hd = append(hd, sv(x.Date))
		ha = append(ha, av(x.Amount))
		if i < len(wn) && strings.Contains(sv(x.Description), wn[i]) {
			hn = append(hn, wn[i])
		} else {
			hn = append(hn, sv(x.Description))
		}
	}
	check("TxnDates", strings.Join(wd, " "), strings.Join(hd, " "))
	check("TxnAmounts", strings.Join(wa, " "), strings.Join(ha, " "))
	check("TxnPayees", strings.Join(wn, " | "), strings.Join(hn, " | "))
	v := validate.BankStatement(got)
	f.Set("Validation", v.Passed, "Validation: "+v.Details.CalculationLogic)
	return f.Res, f.Misses
}

// TestStatementLayoutSuite reads every layout through PDFium, on one page,
// over several and without column titles, and scores each field: the
// layouts the reader was changed for (tune) and those written afterwards
// (report, layouts_report_test.go). The tables are logged (-v).
func TestStatementLayoutSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	for _, part := range []struct {
		name    string
		layouts []stmtLayout
		bar     float64
	}{{"tune", stmtLayouts, stmtBar}, {"report", stmtReportLayouts, stmtReportBar}} {
		share, report := scoreStatements(t, part.layouts)
		t.Logf("%s part\n%s", part.name, report)
		require.GreaterOrEqual(t, share, part.bar, "share of fields read, %s part", part.name)
	}
}

func scoreStatements(t *testing.T, layouts []stmtLayout) (float64, string) {
	e := engine(t)
	var tally testdocs.Tally
	for _, l := range layouts {
		for k, v := range []struct {
			n        int
			untitled bool
		}{{7, false}, {34, false}, {12, true}} {
			s := newStmt(uint64(100+k), v.n, l.country)
			c := newPDFCanvas()
			c.untitled = v.untitled
			l.draw(c, s, 30)
			var b bytes.Buffer
			require.NoError(t, c.pdf.Output(&b))
			pages, err := testdocs.ReadPages(context.Background(), e, b.Bytes())
			require.NoError(t, err)
			cur := "EUR"
			if l.country == "GB" {
				cur = "GBP"
			}
			res, misses := stmtFields(s, cur, Extract(pages))
			name := l.name
			if v.untitled {
				name += " untitled"
			}
			tally.Add(fmt.Sprintf("%-23s %d pages", name, len(pages)), res, misses)
		}
	}
	return tally.Share(), tally.Report("statements")
}

// stmtBar is the share of statement fields that must be read: every
// field of the tune layouts was read when it was set.
const stmtBar = 0.97

// stmtReportBar is the share of fields of the report layouts that must be
// read: every field was read when they were first scored.
const stmtReportBar = 0.97

// TestStatementLayoutsDrawn reads the same layouts from the words the
// generator drew, without PDFium, so that -short runs check them too.
func TestStatementLayoutsDrawn(t *testing.T) {
	t.Parallel()
	for _, l := range append(append([]stmtLayout{}, stmtLayouts...), stmtReportLayouts...) {
		for k, v := range []struct {
			n        int
			untitled bool
		}{{7, false}, {34, false}, {12, true}} {
			s := newStmt(uint64(100+k), v.n, l.country)
			c := newPDFCanvas()
			c.untitled = v.untitled
			l.draw(c, s, 30)
			cur := "EUR"
			if l.country == "GB" {
				cur = "GBP"
			}
			res, misses := stmtFields(s, cur, Extract(c.pages))
			for f, ok := range res {
				require.True(t, ok, "%s/%d %s: %v", l.name, k, f, misses)
			}
		}
	}
}
