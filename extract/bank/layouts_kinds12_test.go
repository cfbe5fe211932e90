package bank

import (
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/internal/testdocs"
)

// A twelfth batch (TestStatementLayoutSuiteKinds12), small and blind:
// three kinds of statement no earlier suite drew, written from how banks
// print them; our own made-up banks, names, numbers and addresses. It has
// no tune part: written after the eleventh batch's rules, it is scored
// once as it comes, an estimate of how statements of kinds nobody has
// seen are read.
//
//   - a German savings bank's "Kontoauszug" from the statement printer in
//     the branch: a narrow column of monospace text (every field at a
//     fixed character position), "Buchungstag Wert Erläuterung Betrag",
//     "03.03.2023 03.03." dates, amounts with a sign after a space
//     ("12,34 -", "1.234,56 +"), the opening balance as "Kontostand am
//     28.02.2023, Auszug Nr. 2" and the closing one as "Kontostand am
//     31.03.2023 um 14:22 Uhr" at the end only, and the month's
//     "Rechnungsabschluss" booked as one row whose text lines itemise its
//     fees with amounts of their own ("Kontoführung 4,95 -");
//   - a Spanish savings bank's "Extracto de cuenta": "F. Oper. | F. Valor
//     | Concepto | Importe | Saldo", dates "03/03" without the year (the
//     year in the period), signed amounts ("-12,34"), a box of labels over
//     values above the table ("Saldo anterior | Total cargos | Total
//     abonos | Saldo final");
//   - a Dutch sustainable bank's statement: "Datum | Omschrijving | Bedrag
//     | Af/Bij", the direction word after an unsigned amount, the
//     counterparty's name on the row and its IBAN on a line of its own
//     under it, then the remittance text, "Saldo begin periode" and
//     "Saldo einde periode".
//
// What the right result is where the schema is silent, decided here: a
// quarter's or month's closing booking is one transaction (as the eighth
// batch decided), the fee lines itemising it are none; a counterparty's
// IBAN is never the account's.
//
// Cost: 9 and 60 transactions for every layout.

// deKadStmt: a German savings bank's current account's month, closed by
// its fee booking.
func deKadStmt(seed uint64, n int) kindStmt {
	r := rand.New(rand.NewPCG(seed, 0x4ad))
	st := newStmt(seed, n, "DE")
	st.iban = ibanFor("DE", "29152070"+digitsOf(st, 10))
	posts := 3 + r.IntN(20)
	fee := decimal.New(495, -2).Add(decimal.New(int64(posts*30), -2))
	st.txns = append(st.txns, gTxn{date: st.end, value: st.end, desc: []string{"Rechnungsabschluss", "Entgeltabrechnung", "Kontoführung 4,95 -", fmt.Sprintf("Buchungsposten %d x 0,30 %s -", posts, gMoney(decimal.New(int64(posts*30), -2)))}, amount: fee.Neg()})
	st.closing = st.closing.Sub(fee)
	return kindStmt{stmt: st, extra: make([]kindExtra, len(st.txns)), valid: true}
}

// kindDeKad: see the batch notes (a savings bank's statement printer).
func kindDeKad(c *testdocs.Produced, s kindStmt) {
	const rows, cw = 46, 4.9
	col := func(n int) float64 { return 40 + float64(n)*cw }
	signed := func(v decimal.Decimal) string {
		if v.Sign() < 0 {
			return gMoney(v) + " -"
		}
		return gMoney(v) + " +"
	}
	no := int(s.end.Month())
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(false, 8)
		c.Text(col(0), 40, "Sparkasse Unterweser-Land")
		c.Text(col(38), 40, fmt.Sprintf("Kontoauszug %d/%d", no, s.end.Year()))
		c.Text(col(0), 50, "Girokonto "+digitsOf(s.stmt, 10))
		c.Text(col(38), 50, fmt.Sprintf("Blatt %d", c.Page()))
		c.Text(col(0), 60, "IBAN "+groups4(s.iban))
		c.Text(col(38), 60, "BIC NOLADE21UWL")
		y = 78
		if first {
			c.Text(col(0), y, "Herrn Dirk Ostendorf")
			c.Text(col(0), y+10, "Deichstr. 7, 27628 Hagen i. Br.")
			y += 30
			c.Text(col(0), y, fmt.Sprintf("Kontostand am %s, Auszug Nr. %d", s.start.AddDate(0, 0, -1).Format("02.01.2006"), no-1+12*btoi(no == 1)))
			c.Right(col(60), y, signed(s.opening))
			y += 16
		}
		c.Text(col(0), y, "Buchungstag Wert   Erläuterung")
		c.Right(col(60), y, "Betrag")
		y += 8
		c.Text(col(0), y, "------------------------------------------------------------")
		y += 10
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(col(0), y, x.date.Format("02.01.2006"))
		c.Text(col(11), y, x.value.Format("02.01."))
		c.Text(col(18), y, x.desc[0])
		c.Right(col(60), y, signed(x.amount))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(col(18), y, d)
		}
		y += 12
	}, nil)
	c.Text(col(0), y, "------------------------------------------------------------")
	y += 10
	c.Text(col(0), y, fmt.Sprintf("Kontostand am %s um 14:22 Uhr", s.end.AddDate(0, 0, 3).Format("02.01.2006")))
	c.Right(col(60), y, signed(s.closing))
	y += 20
	c.Text(col(0), y, "Bitte prüfen Sie diesen Kontoauszug. Einwendungen")
	c.Text(col(0), y+10, "gegen Rechnungsabschlüsse sind innerhalb von sechs")
	c.Text(col(0), y+20, "Wochen nach Zugang zu erheben.")
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// esCajaStmt: a Spanish savings bank's current account's month.
func esCajaStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "ES"), "es")
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindEsCaja: see the batch notes (an "Extracto de cuenta", "F. Oper.").
func kindEsCaja(c *testdocs.Produced, s kindStmt) {
	const rows = 44
	signed := func(v decimal.Decimal) string { return minus(v) + gMoney(v) }
	var out, in decimal.Decimal
	for _, x := range s.txns {
		if x.amount.Sign() < 0 {
			out = out.Add(x.amount.Neg())
		} else {
			in = in.Add(x.amount)
		}
	}
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Caixa Rural de la Ribera")
		c.Font(false, 8)
		c.Text(340, 36, "EXTRACTO DE CUENTA")
		c.Text(340, 46, "IBAN "+groups4(s.iban))
		c.Text(340, 56, fmt.Sprintf("Periodo: %s - %s", s.start.Format("02/01/2006"), s.end.Format("02/01/2006")))
		c.Text(340, 66, fmt.Sprintf("Hoja %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 812, "Caixa Rural de la Ribera, S.C.C. · Av. del País Valencià 18 · 46600 Alzira · NIF F46012345")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "D. Vicent Ferrer Puig")
			c.Text(50, 91, "C/ Major 23, 2º")
			c.Text(50, 102, "46600 Alzira (Valencia)")
			y = 126
			c.Font(true, 7.5)
			for i, l := range []string{"Saldo anterior", "Total cargos", "Total abonos", "Saldo final"} {
				c.Right(200+float64(i)*110, y, l)
			}
			c.Font(false, 8.5)
			for i, v := range []string{signed(s.opening), gMoney(out), gMoney(in), signed(s.closing)} {
				c.Right(200+float64(i)*110, y+12, v)
			}
			y += 36
		}
		c.Font(true, 7.5)
		c.Text(50, y, "F. Oper.")
		c.Text(95, y, "F. Valor")
		c.Text(140, y, "Concepto")
		c.Right(470, y, "Importe")
		c.Right(545, y, "Saldo")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
	}, func(x gTxn, b decimal.Decimal) {
		c.Text(50, y, x.date.Format("02/01"))
		c.Text(95, y, x.value.Format("02/01"))
		c.Text(140, y, x.desc[0]+" "+x.desc[1])
		c.Right(470, y, signed(x.amount))
		c.Right(545, y, signed(b))
		for _, d := range x.desc[2:] {
			y += 10
			c.Text(140, y, d)
		}
		y += 13
	}, nil)
}

// nlSustStmt: a Dutch sustainable bank's current account's month.
func nlSustStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "NL"), "nl")
	st.iban = ibanFor("NL", "TRIO"+digitsOf(st, 10))
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindNlSust: see the batch notes ("Bedrag | Af/Bij", the counterparty's
// IBAN on a line of its own).
func kindNlSust(c *testdocs.Produced, s kindStmt) {
	const rows = 40
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Groene Vallei Bank N.V.")
		c.Font(false, 8)
		c.Text(340, 36, "Rekeningafschrift")
		c.Text(340, 46, "Betaalrekening "+groups4(s.iban))
		c.Text(340, 56, fmt.Sprintf("Periode %s t/m %s", s.start.Format("02-01-2006"), s.end.Format("02-01-2006")))
		c.Text(340, 66, fmt.Sprintf("Blad %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 812, "Groene Vallei Bank N.V. · Postbus 2410 · 3500 GK Utrecht · KvK 30123456")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "Mw. A.C. Bakker-Smit")
			c.Text(50, 91, "Lindenlaan 8")
			c.Text(50, 102, "3705 AB Zeist")
			y = 128
			c.Font(false, 8.5)
			c.Text(50, y, "Saldo begin periode")
			c.Right(480, y, gMoney(s.opening))
			c.Text(490, y, map[bool]string{true: "Af", false: "Bij"}[s.opening.Sign() < 0])
			y += 20
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Datum")
		c.Text(110, y, "Omschrijving")
		c.Right(480, y, "Bedrag")
		c.Text(490, y, "Af/Bij")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, x.date.Format("02-01-2006"))
		c.Text(110, y, x.desc[1])
		c.Right(480, y, gMoney(x.amount))
		if x.amount.Sign() < 0 {
			c.Text(490, y, "Af")
		} else {
			c.Text(490, y, "Bij")
		}
		y += 10
		c.Text(110, y, groups4(ibanFor("NL", fmt.Sprintf("RABO%010d", 3000017+int(x.amount.Abs().IntPart())*13))))
		for _, d := range append([]string{x.desc[0]}, x.desc[2:]...) {
			y += 10
			c.Text(110, y, d)
		}
		y += 13
	}, nil)
	c.Line(50, 545, y)
	y += 6
	c.Font(true, 8.5)
	c.Text(50, y, "Saldo einde periode")
	c.Right(480, y, gMoney(s.closing))
	c.Text(490, y, map[bool]string{true: "Af", false: "Bij"}[s.closing.Sign() < 0])
}

var stmtKinds12 = []kindLayout{
	{"de-sparkasse-printer", "EUR", deKadStmt, kindDeKad, []int{9, 60}},
	{"es-caja-extracto", "EUR", esCajaStmt, kindEsCaja, []int{9, 60}},
	{"nl-sustainable-afbij", "EUR", nlSustStmt, kindNlSust, []int{9, 60}},
}

// stmtKinds12Bar: the share of the batch's fields that must be read, one
// field under the figure reached.
//
// Scored once as it came (written after the eleventh batch's rules, never
// tuned; our estimate for statements of these kinds nobody has seen): 52
// of 54 (96.3%), 5 of 6 statements all right. The statement printer's
// monospace columns, its "Rechnungsabschluss" with itemised fees and the
// Spanish "F. Oper." table with its box of balances read right as they
// came; the Dutch 60-row statement's negative closing balance, printed
// unsigned with "Af" after it, read positive (and so did not validate).
// Then studied after its blind score (no longer blind): 54 of 54, 6 of 6,
// with the Dutch "Af"/"Bij" after an amount a debit/credit marker as
// "DR"/"CR" and "S"/"H" are (amountAt; every other statement suite
// unchanged).
const stmtKinds12Bar = 53.0 / 54

// TestStatementLayoutSuiteKinds12 scores the twelfth batch. The table is
// logged (-v).
func TestStatementLayoutSuiteKinds12(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	share, report := scoreKinds(t, stmtKinds12, 1000, "")
	t.Logf("statement kinds 12\n%s", report)
	require.GreaterOrEqual(t, share, stmtKinds12Bar, "share of fields read, statement kinds 12")
}

// TestKinds12Dump prints one statement of the batch as the reader sees
// it: KINDS12=name/n (a debugging aid; skipped without it).
func TestKinds12Dump(t *testing.T) {
	spec := os.Getenv("KINDS12")
	if spec == "" {
		t.Skip("KINDS12=layout/n")
	}
	scoreKinds(t, stmtKinds12, 1000, spec)
}
