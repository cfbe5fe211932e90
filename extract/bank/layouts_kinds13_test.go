package bank

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/internal/testdocs"
)

// A thirteenth batch (TestStatementLayoutSuiteKinds13), small and blind:
// three kinds of statement no earlier suite drew, written from how banks
// print them; our own made-up banks, names, numbers and addresses. It has
// no tune part: written after the twelfth batch's rules, it is scored
// once as it comes, an estimate of how statements of kinds nobody has
// seen are read.
//
//   - a French retail bank's "Relevé de compte" in the French number
//     style ("1 234,56", a space between thousands), "Date | Opération |
//     Valeur | Débit | Crédit" with dates "03.03" (dots, no year, the year
//     in the period), an overdrawn start printed "SOLDE DEBITEUR AU
//     28.02.2023" in the Débit column, a "TOTAL DES OPERATIONS" line
//     summing both columns before the closing "SOLDE CREDITEUR AU" or
//     "SOLDE DEBITEUR AU";
//   - an Italian postal account's "Estratto conto BancoPosta": the month
//     named in the heading ("MESE DI MARZO 2023"), "Data contabile | Data
//     valuta | Addebiti | Accrediti | Descrizione operazioni" with dates
//     "03/03" without the year, each page closed by "A RIPORTARE" and the
//     next opened by "RIPORTO" with the balance carried (in the Accrediti
//     or Addebiti column by its sign), "SALDO INIZIALE" and "SALDO
//     FINALE" rows;
//   - a German commercial bank's statement: "Angaben zu den Umsätzen |
//     Valuta | zu Ihren Lasten | zu Ihren Gunsten", the booking date
//     "03.03" before the text and the value date "03.03" after it, the
//     year only in the heading, amounts with their sign glued after them
//     ("12,34-", "1.234,56+"), "Alter Kontostand vom 28.02." and "Neuer
//     Kontostand vom 31.03." in the column of their sign.
//
// What the right result is where the schema is silent, decided here: a
// carried balance ("RIPORTO", "A RIPORTARE") and a column's total are no
// transactions; an overdrawn balance is negative.
//
// Cost: 9 and 60 transactions for every layout.

// frLclStmt: a French current account's month that starts overdrawn.
func frLclStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "FR"), "fr")
	st.closing = st.closing.Sub(st.opening.Mul(decimal.NewFromInt(2)))
	st.opening = st.opening.Neg()
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindFrLcl: see the batch notes ("SOLDE DEBITEUR AU", "1 234,56").
func kindFrLcl(c *testdocs.Produced, s kindStmt) {
	const rows = 42
	var out, in decimal.Decimal
	for _, x := range s.txns {
		if x.amount.Sign() < 0 {
			out = out.Sub(x.amount)
		} else {
			in = in.Add(x.amount)
		}
	}
	col := func(v decimal.Decimal) float64 {
		if v.Sign() < 0 {
			return 470
		}
		return 545
	}
	solde := func(v decimal.Decimal) string {
		if v.Sign() < 0 {
			return "SOLDE DEBITEUR AU "
		}
		return "SOLDE CREDITEUR AU "
	}
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Crédit Ligérien")
		c.Font(false, 8)
		c.Text(340, 36, "RELEVÉ DE COMPTE")
		c.Text(340, 46, fmt.Sprintf("du %s au %s", s.start.Format("02.01.2006"), s.end.Format("02.01.2006")))
		c.Text(340, 56, "IBAN : "+groups4(s.iban))
		c.Text(340, 66, fmt.Sprintf("Page %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 812, "Crédit Ligérien SA au capital de 210 000 000 € · 9 quai de la Fosse 44000 Nantes · RCS Nantes 512 300 771 · ORIAS 07 001 234")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "M. ou Mme Hervé Le Goff")
			c.Text(50, 91, "14 rue des Olivettes")
			c.Text(50, 102, "44000 Nantes")
			y = 128
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Date")
		c.Text(85, y, "Opération")
		c.Text(380, y, "Valeur")
		c.Right(470, y, "Débit")
		c.Right(545, y, "Crédit")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
		if first {
			c.Font(true, 8)
			c.Text(85, y, solde(s.opening)+s.start.AddDate(0, 0, -1).Format("02.01.2006"))
			c.Right(col(s.opening), y, frMoney(s.opening))
			c.Font(false, 8)
			y += 14
		}
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, x.date.Format("02.01"))
		c.Text(85, y, strings.ToUpper(x.desc[0]))
		c.Text(380, y, x.value.Format("02.01"))
		c.Right(col(x.amount), y, frMoney(x.amount))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(85, y, d)
		}
		y += 13
	}, nil)
	c.Line(50, 545, y)
	y += 8
	c.Font(true, 8)
	c.Text(85, y, "TOTAL DES OPERATIONS")
	c.Right(470, y, frMoney(out))
	c.Right(545, y, frMoney(in))
	y += 14
	c.Text(85, y, solde(s.closing)+s.end.Format("02.01.2006"))
	c.Right(col(s.closing), y, frMoney(s.closing))
	c.Font(false, 7)
	c.Text(50, y+24, "Sauf erreur ou omission. Conservez ce relevé, il n'en sera pas délivré de duplicata.")
}

// itBancoPostaStmt: an Italian postal current account's month.
func itBancoPostaStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "IT"), "it")
	st.iban = ibanFor("IT", "X07601"+digitsOf(st, 17))
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

var itMonths = []string{"GENNAIO", "FEBBRAIO", "MARZO", "APRILE", "MAGGIO", "GIUGNO", "LUGLIO", "AGOSTO", "SETTEMBRE", "OTTOBRE", "NOVEMBRE", "DICEMBRE"}

// kindItBancoPosta: see the batch notes ("A RIPORTARE", "RIPORTO").
func kindItBancoPosta(c *testdocs.Produced, s kindStmt) {
	const rows = 38
	side := func(v decimal.Decimal) float64 {
		if v.Sign() < 0 {
			return 215
		}
		return 280
	}
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 11)
		c.Text(50, 36, "Poste Lagunari")
		c.Font(false, 8)
		c.Text(330, 36, "Estratto conto BancoPosta")
		c.Text(330, 46, fmt.Sprintf("MESE DI %s %d", itMonths[s.end.Month()-1], s.end.Year()))
		c.Text(330, 56, "IBAN "+s.iban)
		c.Text(330, 66, fmt.Sprintf("Pag. %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 812, "Poste Lagunari S.p.A. · Patrimonio BancoPosta · Fondamenta Nuove 5, 30121 Venezia · P.IVA 01234560279")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "SIG.RA LUCIA ZANON")
			c.Text(50, 91, "CALLE DEL FORNO 1204")
			c.Text(50, 102, "30122 VENEZIA VE")
			y = 128
		}
		c.Font(true, 7)
		c.Text(50, y, "Data")
		c.Text(50, y+8, "contabile")
		c.Text(95, y, "Data")
		c.Text(95, y+8, "valuta")
		c.Right(215, y+8, "Addebiti")
		c.Right(280, y+8, "Accrediti")
		c.Text(295, y+8, "Descrizione operazioni")
		c.Line(50, 545, y+19)
		y += 24
		c.Font(false, 8)
		if first {
			c.Right(side(s.opening), y, gMoney(s.opening))
			c.Text(295, y, "SALDO INIZIALE")
			y += 13
		}
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, x.date.Format("02/01"))
		c.Text(95, y, x.value.Format("02/01"))
		c.Right(side(x.amount), y, gMoney(x.amount))
		c.Text(295, y, strings.ToUpper(x.desc[0]))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(295, y, d)
		}
		y += 13
	}, func(bal decimal.Decimal, out bool) {
		c.Font(true, 8)
		if out {
			y += 4
			c.Right(side(bal), y, gMoney(bal))
			c.Text(295, y, "A RIPORTARE")
		} else {
			c.Right(side(bal), y, gMoney(bal))
			c.Text(295, y, "RIPORTO")
			y += 13
		}
		c.Font(false, 8)
	})
	c.Line(50, 545, y)
	y += 8
	c.Font(true, 8)
	c.Right(side(s.closing), y, gMoney(s.closing))
	c.Text(295, y, "SALDO FINALE")
}

// deCobaStmt: a German commercial bank's current account's month.
func deCobaStmt(seed uint64, n int) kindStmt {
	st := newStmt(seed, n, "DE")
	st.iban = ibanFor("DE", "21040000"+digitsOf(st, 10))
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindDeCoba: see the batch notes (the sign glued after the amount, the
// year only in the heading).
func kindDeCoba(c *testdocs.Produced, s kindStmt) {
	const rows = 42
	signed := func(v decimal.Decimal) string {
		if v.Sign() < 0 {
			return gMoney(v) + "-"
		}
		return gMoney(v) + "+"
	}
	side := func(v decimal.Decimal) float64 {
		if v.Sign() < 0 {
			return 470
		}
		return 545
	}
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Hanseatische Handelsbank")
		c.Font(false, 8)
		c.Text(340, 36, fmt.Sprintf("Kontoauszug Nr. %d/%d", int(s.end.Month()), s.end.Year()))
		c.Text(340, 46, "Kontokorrent "+groups4(s.iban))
		c.Text(340, 56, fmt.Sprintf("Blatt %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 812, "Hanseatische Handelsbank AG · Ballindamm 40 · 20095 Hamburg · Amtsgericht Hamburg HRB 12345")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "Frau Birte Claussen")
			c.Text(50, 91, "Mühlenkamp 31")
			c.Text(50, 102, "22303 Hamburg")
			y = 128
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Angaben zu den Umsätzen")
		c.Text(350, y, "Valuta")
		c.Right(470, y, "zu Ihren Lasten")
		c.Right(545, y, "zu Ihren Gunsten")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
		if first {
			c.Text(50, y, "Alter Kontostand vom "+s.start.AddDate(0, 0, -1).Format("02.01."))
			c.Right(side(s.opening), y, signed(s.opening))
			y += 14
		}
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, x.date.Format("02.01"))
		c.Text(80, y, x.desc[0])
		c.Text(350, y, x.value.Format("02.01"))
		c.Right(side(x.amount), y, signed(x.amount))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(80, y, d)
		}
		y += 13
	}, nil)
	c.Line(50, 545, y)
	y += 8
	c.Font(true, 8)
	c.Text(50, y, "Neuer Kontostand vom "+s.end.Format("02.01."))
	c.Right(side(s.closing), y, signed(s.closing))
}

var stmtKinds13 = []kindLayout{
	{"fr-releve-debiteur", "EUR", frLclStmt, kindFrLcl, []int{9, 60}},
	{"it-bancoposta-riporto", "EUR", itBancoPostaStmt, kindItBancoPosta, []int{9, 60}},
	{"de-sign-glued", "EUR", deCobaStmt, kindDeCoba, []int{9, 60}},
}

// stmtKinds13Bar: the share of the batch's fields that must be read, one
// field under the figure reached.
//
// Scored once as it came (written after the twelfth batch's rules, never
// tuned; our estimate for statements of these kinds nobody has seen): 52
// of 54 (96.3%), 4 of 6 statements all right. The French overdrawn
// relevé in the French number style with its column totals and the
// German statement with the sign glued after its amounts read right as
// they came; the Italian BancoPosta statement's dates ("03/03", the year
// only in "MESE DI GIUGNO 2023") were not read at all, in both sizes,
// while its amounts, payees and carried balances were.
// Then studied after its blind score (no longer blind): 54 of 54, 6 of 6,
// with a month named with its year outside the rows ("MESE DI GIUGNO
// 2023", "März 2024") giving yearless rows their year when no full date
// is printed anywhere (completeDates, monthWithYear; every other
// statement suite unchanged).
const stmtKinds13Bar = 53.0 / 54

// TestStatementLayoutSuiteKinds13 scores the thirteenth batch. The table
// is logged (-v).
func TestStatementLayoutSuiteKinds13(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	share, report := scoreKinds(t, stmtKinds13, 1300, "")
	t.Logf("statement kinds 13\n%s", report)
	require.GreaterOrEqual(t, share, stmtKinds13Bar, "share of fields read, statement kinds 13")
}

// TestKinds13Dump prints one statement of the batch as the reader sees
// it: KINDS13=name/n (a debugging aid; skipped without it).
func TestKinds13Dump(t *testing.T) {
	spec := os.Getenv("KINDS13")
	if spec == "" {
		t.Skip("KINDS13=layout/n")
	}
	scoreKinds(t, stmtKinds13, 1300, spec)
}
