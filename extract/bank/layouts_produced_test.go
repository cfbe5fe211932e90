package bank

import (
	"context"
	"fmt"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/internal/testdocs"
)

// The statements of this file imitate how real statement PDFs are
// produced, not only how they look: every word is its own text object,
// a page's objects are written in no reading order, the cells of one row
// sit on baselines up to 2 pt apart, right-aligned amounts end at edges
// that wander by a point, the bank's header and footer are repeated on
// every page, and the layouts are those of German savings banks,
// Postbank, Commerzbank, DKB, ING and Volksbanks: "Buchungstag/Wert"
// dates without a year (the year is in "Kontoauszug 3/2024" or the
// period), trailing "-"/"+" and "S"/"H" markers, separate Soll and Haben
// columns, "+ 2.853,82" with a space after the sign, "Alter/Neuer
// Kontostand", "Kontostand am", "Saldo", "Übertrag" rows carrying the
// balance across pages, the currency only in a column title ("Betrag
// (EUR)"), a phrase ("Umsätze in EUR") or the balance line, and a
// statement of several hundred transactions over many pages. They were
// written for issue 10 after the other batches and scored as they came:
// the first figure is in TestStatementLayoutSuiteProduced.

// prodPaginate is paginate with a page footer: newPage draws the header
// (and may draw the footer), row a transaction, carry the "Übertrag"
// rows at the foot of a page (out) and the head of the next.
func prodPaginate(s stmt, rowsPerPage int, newPage func(first bool), row func(x gTxn), carry func(bal decimal.Decimal, out bool)) {
	paginate(s, rowsPerPage, newPage, func(x gTxn, _ decimal.Decimal) { row(x) }, carry)
}

// signSpaced is "+ 2.853,82" or "- 12,34".
func signSpaced(v decimal.Decimal) string {
	if v.Sign() < 0 {
		return "- " + gMoney(v)
	}
	return "+ " + gMoney(v)
}

// trailSign is "2.853,82+" or "12,34-".
func trailSign(v decimal.Decimal) string {
	if v.Sign() < 0 {
		return gMoney(v) + "-"
	}
	return gMoney(v) + "+"
}

// sh is "2.853,82 H" or "12,34 S".
func sh(v decimal.Decimal) string {
	if v.Sign() < 0 {
		return gMoney(v) + " S"
	}
	return gMoney(v) + " H"
}

// prodSparkasse: "Kontoauszug 3/2024" as the only year, dates "03.03."
// in Buchungstag and Wert columns, "Kontostand am ..." rows, the currency
// only in the balance line, a footer with the bank's address on every
// page, no carried balances.
func prodSparkasse(c *testdocs.Produced, s stmt, rowsPerPage int) {
	var y float64
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "Sparkasse Hannover")
		c.Font(false, 8)
		c.Text(400, 34, fmt.Sprintf("Kontoauszug %d/%d", int(s.start.Month()), s.start.Year()))
		c.Text(400, 44, fmt.Sprintf("Blatt %d", c.Page()))
		c.Text(50, 60, "Giro Comfort  IBAN "+groups4(s.iban)+"  BIC SPKHDE2HXXX")
		c.Font(false, 7)
		c.Text(50, 806, "Sparkasse Hannover · Raschplatz 4 · 30161 Hannover · Anstalt des öffentlichen Rechts · Sitz Hannover")
		c.Text(50, 815, "Bitte prüfen Sie diesen Kontoauszug. Einwendungen sind unverzüglich zu erheben.")
		c.Font(true, 8)
		c.Text(50, 100, "Buchungstag")
		c.Text(105, 100, "Wert")
		c.Text(150, 100, "Erläuterung")
		c.Right(545, 100, "Betrag")
		c.Font(false, 9)
		y = 116
		if first {
			c.Font(true, 9)
			c.Text(150, y, fmt.Sprintf("Kontostand am %s, Auszug Nr. %d", s.start.AddDate(0, 0, -1).Format("02.01.2006"), int(s.start.Month())-1))
			c.Right(545, y, minus(s.opening)+gMoney(s.opening))
			c.Font(false, 9)
			y += 16
		}
	}, func(x gTxn) {
		c.Text(50, y, x.date.Format("02.01."))
		c.Text(105, y, x.value.Format("02.01."))
		c.Text(150, y, x.desc[0])
		c.Right(545, y, minus(x.amount)+gMoney(x.amount))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(150, y, d)
		}
		y += 14
	}, nil)
	c.Font(true, 9)
	c.Text(150, y+6, fmt.Sprintf("Kontostand am %s um 20:00 Uhr", s.end.Format("02.01.2006")))
	c.Right(545, y+6, minus(s.closing)+gMoney(s.closing)+" EUR")
}

// prodPostbank: "Buchung/Wert" pairs in one cell, separate Soll and
// Haben columns with "- 12,34"/"+ 2.853,82", "Alter/Neuer Kontostand",
// "Übertrag" rows, "Umsätze in EUR", the period in the header.
func prodPostbank(c *testdocs.Produced, s stmt, rowsPerPage int) {
	var y float64
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 13)
		c.Text(50, 34, "Postbank")
		c.Font(false, 8)
		c.Text(330, 34, fmt.Sprintf("Kontoauszug: Postbank Giro plus vom %s bis %s", s.start.Format("02.01.2006"), s.end.Format("02.01.2006")))
		c.Text(330, 44, fmt.Sprintf("Seite %d", c.Page()))
		c.Text(330, 54, "IBAN: "+groups4(s.iban)+"  BIC: PBNKDEFFXXX")
		c.Font(false, 7)
		c.Text(50, 810, "Postbank – eine Niederlassung der Deutsche Bank AG · Friedrich-Ebert-Allee 114-126 · 53113 Bonn")
		c.Font(false, 8)
		c.Text(50, 84, "Umsätze in EUR")
		c.Font(true, 8)
		c.Text(50, 100, "Buchung/Wert")
		c.Text(125, 100, "Vorgang/Buchungsinformation")
		c.Right(470, 100, "Soll")
		c.Right(545, 100, "Haben")
		c.Font(false, 9)
		y = 116
		if first {
			c.Text(125, y, "Alter Kontostand")
			c.Right(545, y, signSpaced(s.opening))
			y += 16
		}
	}, func(x gTxn) {
		c.Text(50, y, x.date.Format("02.01.")+"/"+x.value.Format("02.01."))
		c.Text(125, y, x.desc[0])
		if x.amount.Sign() < 0 {
			c.Right(470, y, signSpaced(x.amount))
		} else {
			c.Right(545, y, signSpaced(x.amount))
		}
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(125, y, d)
		}
		y += 14
	}, func(bal decimal.Decimal, out bool) {
		if out {
			c.Text(125, y+2, "Übertrag")
			c.Right(545, y+2, signSpaced(bal))
		} else {
			c.Text(125, y, "Übertrag")
			c.Right(545, y, signSpaced(bal))
			y += 14
		}
	})
	c.Font(true, 9)
	c.Text(125, y+6, "Neuer Kontostand")
	c.Right(545, y+6, signSpaced(s.closing))
}

// prodCommerzbank: the period "01.03.2024 - 31.03.2024", dates "03.03"
// without a year, value date on the right, every amount with a trailing
// "-" or "+", "Saldo" rows, the currency in the closing balance line.
func prodCommerzbank(c *testdocs.Produced, s stmt, rowsPerPage int) {
	var y float64
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "COMMERZBANK")
		c.Font(false, 8)
		c.Text(350, 34, "Periode "+s.start.Format("02.01.2006")+" - "+s.end.Format("02.01.2006"))
		c.Text(350, 44, fmt.Sprintf("Seite %d", c.Page()))
		c.Text(50, 60, "Kontokorrentkonto  IBAN "+groups4(s.iban))
		c.Font(false, 7)
		c.Text(50, 810, "Commerzbank AG · Kaiserplatz · 60311 Frankfurt am Main · Amtsgericht Frankfurt HRB 32000")
		c.Font(true, 8)
		c.Text(50, 100, "Buchungsdatum")
		c.Text(115, 100, "Angaben zu den Umsätzen")
		c.Text(400, 100, "Valuta")
		c.Right(545, 100, "Betrag")
		c.Font(false, 9)
		y = 116
		if first {
			c.Text(115, y, "Saldo vom "+s.start.AddDate(0, 0, -1).Format("02.01.2006"))
			c.Right(545, y, trailSign(s.opening))
			y += 16
		}
	}, func(x gTxn) {
		c.Text(50, y, x.date.Format("02.01"))
		c.Text(115, y, x.desc[0])
		c.Text(400, y, x.value.Format("02.01"))
		c.Right(545, y, trailSign(x.amount))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(115, y, d)
		}
		y += 14
	}, nil)
	c.Font(true, 9)
	c.Text(115, y+6, "Saldo vom "+s.end.Format("02.01.2006")+" in EUR")
	c.Right(545, y+6, trailSign(s.closing))
}

// prodDKB: unsigned amounts in "Soll (EUR)" and "Haben (EUR)" columns,
// dates "03.03." under "Buchungstag Wertstellung", "Kontostand am" rows
// before and after, "Übertrag" at page breaks, the year only in the
// statement period.
func prodDKB(c *testdocs.Produced, s stmt, rowsPerPage int) {
	var y float64
	bal := func(v decimal.Decimal) {
		if v.Sign() < 0 {
			c.Right(470, y, gMoney(v))
		} else {
			c.Right(545, y, gMoney(v))
		}
	}
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "DKB")
		c.Font(false, 8)
		c.Text(330, 34, fmt.Sprintf("Kontoauszug Nummer %03d / %d vom %s bis %s", int(s.start.Month()), s.start.Year(), s.start.Format("02.01.2006"), s.end.Format("02.01.2006")))
		c.Text(330, 44, "Girokonto "+groups4(s.iban))
		c.Font(false, 7)
		c.Text(50, 808, "Deutsche Kreditbank AG · Taubenstraße 7-9 · 10117 Berlin")
		c.Right(545, 808, fmt.Sprintf("Seite %d", c.Page()))
		c.Font(true, 8)
		c.Text(50, 100, "Buchungstag")
		c.Text(102, 100, "Wertstellung")
		c.Text(160, 100, "Verwendungszweck")
		c.Right(470, 100, "Soll (EUR)")
		c.Right(545, 100, "Haben (EUR)")
		c.Font(false, 9)
		y = 116
		if first {
			c.Text(160, y, "Kontostand am "+s.start.AddDate(0, 0, -1).Format("02.01.2006"))
			bal(s.opening)
			y += 16
		}
	}, func(x gTxn) {
		c.Text(50, y, x.date.Format("02.01."))
		c.Text(102, y, x.value.Format("02.01."))
		c.Text(160, y, x.desc[0])
		bal(x.amount)
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(160, y, d)
		}
		y += 14
	}, func(v decimal.Decimal, out bool) {
		if !out {
			c.Text(160, y, "Übertrag")
			bal(v)
			y += 14
		}
	})
	c.Font(true, 9)
	c.Text(160, y+6, "Kontostand am "+s.end.Format("02.01.2006"))
	y += 6
	bal(s.closing)
}

// prodINGDE: full dates with the value date under the booking date,
// "Betrag (EUR)", "Alter Saldo"/"Neuer Saldo", a header and "Seite x von"
// footer on every page.
func prodINGDE(c *testdocs.Produced, s stmt, rowsPerPage int) {
	var y float64
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "ING")
		c.Font(false, 8)
		c.Text(330, 34, "Girokonto Nummer 5407012345")
		c.Text(330, 44, fmt.Sprintf("Kontoauszug %s %d", deMonths[s.start.Month()-1], s.start.Year()))
		c.Text(330, 54, "IBAN "+groups4(s.iban)+"   BIC INGDDEFFXXX")
		c.Font(false, 7)
		c.Text(50, 808, "ING-DiBa AG · Theodor-Heuss-Allee 2 · 60486 Frankfurt am Main")
		c.Right(545, 808, fmt.Sprintf("Seite %d", c.Page()))
		c.Font(true, 8)
		c.Text(50, 100, "Buchung")
		c.Text(110, 100, "Buchung / Verwendungszweck")
		c.Right(545, 100, "Betrag (EUR)")
		c.Font(false, 9)
		y = 116
		if first {
			c.Text(110, y, "Alter Saldo")
			c.Right(545, y, minus(s.opening)+gMoney(s.opening))
			y += 16
		}
	}, func(x gTxn) {
		c.Text(50, y, x.date.Format("02.01.2006"))
		c.Text(110, y, x.desc[0])
		c.Right(545, y, minus(x.amount)+gMoney(x.amount))
		for i, d := range x.desc[1:] {
			y += 10
			if i == 0 {
				c.Font(false, 8)
				c.Text(50, y, x.value.Format("02.01.2006"))
				c.Font(false, 9)
			}
			c.Text(110, y, d)
		}
		y += 14
	}, nil)
	c.Font(true, 9)
	c.Text(110, y+6, "Neuer Saldo")
	c.Right(545, y+6, minus(s.closing)+gMoney(s.closing))
}

// prodVolksbank: "Bu-Tag Wert" dates without a year, "S"/"H" after every
// amount, "alter/neuer Kontostand vom", "Übertrag" at the foot and head of
// each page, "Kontoauszug Nr. 3/2024", the currency in the balance line.
func prodVolksbank(c *testdocs.Produced, s stmt, rowsPerPage int) {
	var y float64
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "Volksbank Mittelhessen eG")
		c.Font(false, 8)
		c.Text(350, 34, fmt.Sprintf("Kontoauszug Nr. %d/%d", int(s.start.Month()), s.start.Year()))
		c.Text(350, 44, fmt.Sprintf("Blatt %d", c.Page()))
		c.Text(50, 60, "Kontokorrent  IBAN "+groups4(s.iban)+"  BIC VBMHDE5FXXX")
		c.Font(false, 7)
		c.Text(50, 810, "Volksbank Mittelhessen eG · Schiffenberger Weg 110 · 35394 Gießen")
		c.Font(true, 8)
		c.Text(50, 100, "Bu-Tag")
		c.Text(90, 100, "Wert")
		c.Text(130, 100, "Vorgang")
		c.Right(545, 100, "Umsatz")
		c.Font(false, 9)
		y = 116
		if first {
			c.Text(130, y, "alter Kontostand vom "+s.start.AddDate(0, 0, -1).Format("02.01.2006"))
			c.Right(545, y, "EUR "+sh(s.opening))
			y += 16
		}
	}, func(x gTxn) {
		c.Text(50, y, x.date.Format("02.01."))
		c.Text(90, y, x.value.Format("02.01."))
		c.Text(130, y, x.desc[0])
		c.Right(545, y, sh(x.amount))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(130, y, d)
		}
		y += 14
	}, func(bal decimal.Decimal, out bool) {
		if out {
			c.Text(130, y+2, fmt.Sprintf("Übertrag auf Blatt %d", c.Page()+1))
			c.Right(545, y+2, sh(bal))
		} else {
			c.Text(130, y, fmt.Sprintf("Übertrag von Blatt %d", c.Page()-1))
			c.Right(545, y, sh(bal))
			y += 14
		}
	})
	c.Font(true, 9)
	c.Text(130, y+6, "neuer Kontostand vom "+s.end.Format("02.01.2006"))
	c.Right(545, y+6, "EUR "+sh(s.closing))
}

var deMonths = []string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"}

type prodLayout struct {
	name string
	draw func(*testdocs.Produced, stmt, int)
	// prep, when set, changes the generated statement before it is drawn
	// (and scored).
	prep func(stmt) stmt
}

var stmtProducedLayouts = []prodLayout{
	{"sparkasse", prodSparkasse, nil}, {"postbank", prodPostbank, nil}, {"commerzbank", prodCommerzbank, nil},
	{"dkb", prodDKB, nil}, {"ing-de", prodINGDE, nil}, {"volksbank", prodVolksbank, nil},
}

// stmtProducedBar is the share of fields of the produced statements that
// must be read. First scored as they came: 150 of 162 (92.6%; Commerzbank's
// trailing "+" and DKB's title cells read as one word, "BuchungstagWert-
// stellung", when drawn in one order and not another); every field after
// the two general rules those misses called for.
const stmtProducedBar = 0.97

// stmtProduced2Bar is the share of fields of the second produced batch
// that must be read. First scored as it came: 83 of 108 (76.9%); 93 once
// two generator bugs were fixed (a U+2212 minus the core font cannot
// encode, overlapping columns); all 108 after an en dash was read as a
// minus.
const stmtProduced2Bar = 0.97

// TestStatementLayoutSuiteProduced scores every produced batch, each bank
// with 9 transactions on one page, 60 over three pages and 320 over about
// fifteen, drawn word by word, character by character (a word's
// characters in order, the words shuffled) or glyph by glyph in shuffled
// order, each batch against its own bar (the constants say how it first
// scored). The tables are logged (-v); one batch: -run
// 'TestStatementLayoutSuiteProduced/4$'.
func TestStatementLayoutSuiteProduced(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	first2 := append(append([]prodLayout{}, stmtProducedLayouts...), stmtProduced2Layouts...)
	for _, b := range []struct {
		name                string
		layouts             []prodLayout
		perChar, glyphOrder bool
		bar                 float64
		// kern: the chance of a glyph set apart from the one before
		// (testdocs.Produced.Kern).
		kern float64
	}{
		{"1", stmtProducedLayouts, false, false, stmtProducedBar, 0},
		{"2", stmtProduced2Layouts, false, false, stmtProduced2Bar, 0},
		{"3", stmtProduced3Layouts, false, false, stmtProduced3Bar, 0},
		{"4", stmtProduced4Layouts, false, false, stmtProduced4Bar, 0},
		{"1+2 per char", first2, true, false, stmtPerCharBar, 0},
		// First scored after touching words were joined (for the per-char run).
		{"1+2 glyph order", first2, true, true, stmtPerCharBar, 0},
		{"4 glyph order", stmtProduced4Layouts, true, true, stmtPerCharBar, 0},
		{"browser print", []prodLayout{{"browser-print", prod4BrowserPrint, nil}}, false, false, stmtBrowserPrintBar, 0},
		{"5", stmtProduced5Layouts, false, false, stmtProduced5Bar, 0},
		{"5 glyph order", stmtProduced5Layouts, true, true, stmtProduced5GlyphBar, 0},
		{"5 kerned", stmtProduced5Layouts, false, false, stmtProduced5KernBar, 0.04},
		{"1-4 kerned", append(append(append(append([]prodLayout{}, stmtProducedLayouts...), stmtProduced2Layouts...), stmtProduced3Layouts...), stmtProduced4Layouts...), false, false, stmtKerned14Bar, 0.04},
	} {
		t.Run(b.name, func(t *testing.T) {
			share, report := scoreProduced(t, b.layouts, b.perChar, b.glyphOrder, b.kern)
			t.Logf("produced batch %s\n%s", b.name, report)
			require.GreaterOrEqual(t, share, b.bar, "share of fields read, produced batch %s", b.name)
		})
	}
}

// stmtProduced3Bar is the share of fields of the third produced batch that
// must be read. First scored as it came: 39 of 54 (72.2%, no transaction
// read where the amount closes the block); all 54 once a date line without
// an amount could be completed by an amount line below it.
const stmtProduced3Bar = 0.97

// stmtPerCharBar: first scored as it came, 259 of 270 (95.9%); all 270
// once touching words of a text layer were joined.
const stmtPerCharBar = 0.97

func scoreProduced(t *testing.T, layouts []prodLayout, perChar, glyphOrder bool, kern float64) (float64, string) {
	e := engine(t)
	var tally testdocs.Tally
	for _, l := range layouts {
		for k, n := range []int{9, 60, 320} {
			s := newStmt(uint64(300+k), n, "DE")
			if l.prep != nil {
				s = l.prep(s)
			}
			c := testdocs.NewProduced(uint64(k))
			c.PerChar = perChar
			c.GlyphOrder = glyphOrder
			c.Kern = kern
			l.draw(c, s, 40)
			data, err := c.Bytes()
			require.NoError(t, err)
			pages, err := testdocs.ReadPages(context.Background(), e, data)
			require.NoError(t, err)
			res, misses := stmtFields(s, "EUR", Extract(pages))
			tally.Add(fmt.Sprintf("%-20s %3d txns %2d pages", l.name, n, len(pages)), res, misses)
		}
	}
	return tally.Share(), tally.Report("statements")
}
