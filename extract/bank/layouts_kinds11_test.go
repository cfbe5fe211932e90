package bank

import (
	"fmt"
	"os"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/internal/testdocs"
)

// An eleventh batch (TestStatementLayoutSuiteKinds11), small and blind:
// three kinds of statement no earlier suite drew, written from how banks
// print them; our own made-up banks, names, numbers and addresses. It has
// no tune part: written after the tenth batch's rules, it was scored once
// as it came, an estimate of how statements of kinds nobody has seen are
// read.
//
//   - a Dutch bank's list of transactions exported from its online
//     banking as PDF ("Af- en bijschrijvingen"): one line per
//     transaction, "Datum | Naam / Omschrijving | Tegenrekening | Af Bij |
//     Bedrag (EUR)", the sign only as the word "Af" or "Bij" in a column
//     of its own before an unsigned amount, "03-03-2023", no running
//     balance and no opening balance, only "Saldo op 31-03-2023" under the
//     list;
//   - an Austrian savings bank's "Kontoauszug": "Buchungsdatum |
//     Buchungstext | Valuta | Betrag", dates "03.03." without the year
//     (the year in the statement's date), the booking text over two or
//     three lines, the value date "0303" as the Austrian savings banks
//     print it, amounts with a trailing sign ("1.234,56-", "12,34+"),
//     "Kontostand alt per" and "Kontostand neu per" with a trailing sign;
//   - a Ticino bank's statement in Italian and CHF: "Data | Testo |
//     Addebito | Accredito | Valuta | Saldo", "03.03.2023", "1'234.56",
//     "Saldo precedente" as the first row and "Saldo a vostro favore al
//     31.03.2023" under the table.
//
// What the right result is where the schema is silent, decided here: a
// list with no opening balance printed has none (null), and with nothing
// to reconcile it does not validate.
//
// Cost: 9 and 60 transactions for every layout.

// nlExportStmt: a Dutch current account's month, exported.
func nlExportStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "NL"), "nl")
	return kindStmt{stmt: st, extra: make([]kindExtra, n), noOpening: true, valid: false}
}

// kindNlExport: see the batch notes (an online banking export, "Af"/"Bij").
func kindNlExport(c *testdocs.Produced, s kindStmt) {
	const rows = 52
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(false, 7)
		c.Text(50, 24, "Polderbank Internetbankieren - afgedrukt op "+s.end.AddDate(0, 0, 2).Format("02-01-2006")+" 09:41")
		y = 44
		if first {
			c.Font(true, 13)
			c.Text(50, y, "Af- en bijschrijvingen")
			c.Font(false, 8.5)
			c.Text(50, y+18, "Rekening "+groups4(s.iban)+" · J.M. de Vries")
			c.Text(50, y+30, "Periode "+s.start.Format("02-01-2006")+" t/m "+s.end.Format("02-01-2006"))
			y += 54
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Datum")
		c.Text(105, y, "Naam / Omschrijving")
		c.Text(320, y, "Tegenrekening")
		c.Text(435, y, "Af Bij")
		c.Right(545, y, "Bedrag (EUR)")
		c.Line(50, 545, y+11)
		y += 15
		c.Font(false, 7.5)
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, x.date.Format("02-01-2006"))
		c.Text(105, y, x.desc[1])
		c.Text(320, y, groups4(ibanFor("NL", fmt.Sprintf("ZEEL%010d", 1000003+int(x.amount.Abs().IntPart())*7))))
		if x.amount.Sign() < 0 {
			c.Text(435, y, "Af")
		} else {
			c.Text(435, y, "Bij")
		}
		c.Right(545, y, gMoney(x.amount))
		y += 12
	}, nil)
	y += 10
	c.Font(true, 8.5)
	c.Text(50, y, "Saldo op "+s.end.Format("02-01-2006"))
	c.Right(545, y, minus(s.closing)+gMoney(s.closing))
	c.Font(false, 6.5)
	c.Text(50, 815, "Dit overzicht is geen rekeningafschrift. Aan dit overzicht kunnen geen rechten worden ontleend.")
}

// atSparkasseStmt: an Austrian savings bank's current account's month.
func atSparkasseStmt(seed uint64, n int) kindStmt {
	st := newStmt(seed, n, "AT")
	st.iban = ibanFor("AT", "20815"+digitsOf(st, 11))
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindAtSparkasse: see the batch notes (an Austrian "Kontoauszug").
func kindAtSparkasse(c *testdocs.Produced, s kindStmt) {
	const rows = 40
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Sparkasse Mühlviertel-Süd")
		c.Font(false, 8)
		c.Text(350, 36, fmt.Sprintf("Kontoauszug Nr. %d/%d vom %s", int(s.end.Month()), s.end.Year(), s.end.Format("02.01.2006")))
		c.Text(350, 46, "IBAN "+groups4(s.iban))
		c.Text(350, 56, "BIC SPMSAT21XXX")
		c.Text(350, 66, fmt.Sprintf("Blatt %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 812, "Sparkasse Mühlviertel-Süd AG · Hauptplatz 12 · 4150 Rohrbach · FN 41177 m LG Linz · UID ATU23456789")
		y = 92
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "Frau Mag. Theresa Gruber")
			c.Text(50, 91, "Linzer Straße 44/3")
			c.Text(50, 102, "4150 Rohrbach")
			y = 128
			c.Font(false, 8.5)
			c.Text(50, y, "Kontostand alt per "+s.start.AddDate(0, 0, -1).Format("02.01.2006"))
			c.Right(545, y, trailSign(s.opening))
			y += 20
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Buchungsdatum")
		c.Text(120, y, "Buchungstext")
		c.Text(430, y, "Valuta")
		c.Right(545, y, "Betrag")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, x.date.Format("02.01."))
		c.Text(120, y, x.desc[0])
		c.Text(430, y, x.value.Format("0201"))
		c.Right(545, y, trailSign(x.amount))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(120, y, d)
		}
		y += 13
	}, nil)
	c.Line(50, 545, y)
	y += 6
	c.Font(true, 8.5)
	c.Text(50, y, "Kontostand neu per "+s.end.Format("02.01.2006"))
	c.Right(545, y, trailSign(s.closing))
}

// chItStmt: a Ticino bank's CHF account's month.
func chItStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "IT"), "it")
	st.iban = ibanFor("CH", "80808"+digitsOf(st, 12))
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindChIt: see the batch notes (a Ticino bank in Italian and CHF).
func kindChIt(c *testdocs.Produced, s kindStmt) {
	const rows = 42
	bal := func(v decimal.Decimal) string { return minus(v) + chf(v) }
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Banca del Ceresio e della Valle SA")
		c.Font(false, 8)
		c.Text(340, 36, "Estratto conto")
		c.Text(340, 46, "Conto privato CHF   "+groups4(s.iban))
		c.Text(340, 56, fmt.Sprintf("Periodo dal %s al %s", s.start.Format("02.01.2006"), s.end.Format("02.01.2006")))
		c.Text(340, 66, fmt.Sprintf("Pagina %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 810, "Banca del Ceresio e della Valle SA · Via Nassa 21 · 6900 Lugano · Salvo errori od omissioni.")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "Signor Marco Bernasconi")
			c.Text(50, 91, "Via Cantonale 15")
			c.Text(50, 102, "6926 Montagnola")
			y = 130
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Data")
		c.Text(100, y, "Testo")
		c.Right(365, y, "Addebito")
		c.Right(430, y, "Accredito")
		c.Text(445, y, "Valuta")
		c.Right(545, y, "Saldo")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
		if first {
			c.Text(50, y, s.start.AddDate(0, 0, -1).Format("02.01.2006"))
			c.Text(100, y, "Saldo precedente")
			c.Right(545, y, bal(s.opening))
			y += 13
		}
	}, func(x gTxn, b decimal.Decimal) {
		c.Text(50, y, x.date.Format("02.01.2006"))
		c.Text(100, y, x.desc[0]+" "+x.desc[1])
		if x.amount.Sign() < 0 {
			c.Right(365, y, chf(x.amount))
		} else {
			c.Right(430, y, chf(x.amount))
		}
		c.Text(445, y, x.value.Format("02.01.06"))
		c.Right(545, y, bal(b))
		for _, d := range x.desc[2:] {
			y += 10
			c.Text(100, y, d)
		}
		y += 13
	}, nil)
	c.Line(50, 545, y)
	y += 5
	c.Font(true, 8)
	c.Text(100, y, "Saldo a vostro favore al "+s.end.Format("02.01.2006"))
	c.Right(545, y, bal(s.closing))
}

var stmtKinds11 = []kindLayout{
	{"nl-export-af-bij", "EUR", nlExportStmt, kindNlExport, []int{9, 60}},
	{"at-sparkasse-valuta", "EUR", atSparkasseStmt, kindAtSparkasse, []int{9, 60}},
	{"ch-it-ticino", "CHF", chItStmt, kindChIt, []int{9, 60}},
}

// stmtKinds11Bar: the share of the batch's fields that must be read, one
// field under the figure reached.
//
// Scored once as it came (written after the tenth batch's rules, never
// tuned; our estimate for statements of these kinds nobody has seen): 50
// of 54 (92.6%), 4 of 6 statements all right. The Austrian savings bank
// and the Ticino bank read right as they came; the Dutch export's
// amounts read unsigned (the "Af Bij" title, one column of direction
// words, not known), and its 60-row list's negative closing balance
// printed without its minus, a fault of the layout, not the reader (51 of
// 54 once fixed). Then studied (no longer blind): 53 of 54 with "Af Bij"
// (and "Bij Af") in one cell a title of a column of direction words
// (colDir) as "Af/Bij" was. Left: one payee of the 60-row list read with
// its counter-account's IBAN ("DE VRIES TECHNIEKBV NL17 ZEEL ...") where
// the same payee's other rows read right. Its cause found after: the PDF
// reader gave "BV" on that row the page title's size (13 pt for 7.5), and
// the word space, measured against the larger size, looked a kerning
// break; two words whose sizes read differ are now measured against the
// smaller (layout.JoinKerned): 54 of 54, 6 of 6, no other suite changed.
const stmtKinds11Bar = 53.0 / 54

// TestStatementLayoutSuiteKinds11 scores the eleventh batch. The table is
// logged (-v).
func TestStatementLayoutSuiteKinds11(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	share, report := scoreKinds(t, stmtKinds11, 1000, "")
	t.Logf("statement kinds 11\n%s", report)
	require.GreaterOrEqual(t, share, stmtKinds11Bar, "share of fields read, statement kinds 11")
}

// TestKinds11Dump prints one statement of the batch as the reader sees
// it: KINDS11=name/n (a debugging aid; skipped without it).
func TestKinds11Dump(t *testing.T) {
	spec := os.Getenv("KINDS11")
	if spec == "" {
		t.Skip("KINDS11=layout/n")
	}
	scoreKinds(t, stmtKinds11, 1000, spec)
}

// TestStatementKinds11Classified: each layout of the eleventh and twelfth
// batches (9 transactions) is told a bank statement by the classifier, as
// an upload of unknown type is.
func TestStatementKinds11Classified(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	classifyKinds(t, append(append([]kindLayout{}, stmtKinds11...), stmtKinds12...), 1000)
}

// Kinds11ScanStatements is every layout of the eleventh and twelfth
// batches with 9 transactions, as their suites draw them, for the scanned
// suite.
func Kinds11ScanStatements(t testing.TB) []ScanStatement {
	var ss []ScanStatement
	for _, l := range append(append([]kindLayout{}, stmtKinds11...), stmtKinds12...) {
		s := l.make(1000, 9)
		c := testdocs.NewProduced(0)
		l.draw(c, s)
		data, err := c.Bytes()
		require.NoError(t, err)
		cur := l.cur
		ss = append(ss, ScanStatement{Name: l.name, PDF: data, Pages: c.Page(), Score: func(got *docextract.BankStatementData) (map[string]bool, []string) {
			return kindFields(s, cur, got)
		}})
	}
	return ss
}
