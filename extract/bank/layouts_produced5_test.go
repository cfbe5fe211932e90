package bank

import (
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/docextract/docextract/internal/testdocs"
)

// A fifth produced batch (TestStatementLayoutSuiteProduced, batch 5),
// written after reading how real German statements come out of a PDF text
// layer: the text public statement parsers keep in their tests (PDFBox,
// pdftotext, pdfplumber output) and the patterns they match. No text was
// copied; these notes were, and the layouts below draw them with our own
// made-up names, numbers and addresses:
//
//   - a direct bank's current statement: one "Datum" column with full dates,
//     "Betrag Soll EUR"/"Betrag Haben EUR" with the minus printed in the Soll
//     column too, "Kontostand am <date>, Auszug Nr. 2" and "Kontostand am
//     <date> um 18:04 Uhr", the IBAN printed after the account number with
//     no "IBAN" label, card purposes with "2024-03-02T14:22" and an amount in
//     another currency, a long imprint footer on every page, and after the
//     closing balance a credit line ("Ihr Dispositionskredit EUR: 2.000,00")
//     and a "Gesamtumsatzsummen" box of Soll/Haben totals with counts;
//   - a broker's "Finanzreport": a letter page, an overview box of every
//     account's balance with a "Gesamtsaldo", the account's table with two
//     header lines ("Buchungstag Vorgang Auftraggeber/Empfänger Buchungstext
//     Ausgang" over "Valuta Referenz IBAN/BIC Eingang"), the value date and
//     a reference under each booking date, "Alter Saldo <date> +40.526,63",
//     then a securities table and a tax summary full of amounts;
//   - a cooperative bank's format: the currency only in "EUR-Konto
//     Kontonummer", "Bu-Tag Wert Vorgang" with no amount column title,
//     "S"/"H" after every amount, "alter/neuer Kontostand vom", "Übertrag
//     auf/von Blatt", a quarter-end "Abschluss lt. Anlage 1" booking and
//     the "Anlage 1" with the fee and interest lines after the closing
//     balance;
//   - a savings bank's new format: one date, the value date inside the
//     text ("Lastschrift / Wert: 04.03.2024"), a minus before debits and
//     nothing before credits;
//   - a savings bank's older format: both dates and the booking text on the
//     first line, the amount with a trailing "+"/"-" alone on the line under
//     it, the payee and the purpose side by side in two columns below;
//   - a former postal bank's current format: labels over values in a grid
//     ("Auszug Seite von IBAN Alter Saldo per <date>" over "3 1 2 DE.. EUR +
//     1.234,56", "Filialnummer Kontonummer Neuer Saldo" over its values at
//     the end), "Buchung Valuta Vorgang Soll Haben", dates "02.03." with the
//     year of both dates on the line below ("2024 2024"), "- 12,34"/"+
//     2.853,82";
//   - a big bank's current format: "Kontowährung Euro" with "zu Ihren
//     Lasten"/"zu Ihren Gunsten", the booking date as a heading
//     ("Buchungsdatum: 01.03.2024") over the rows booked that day, each row
//     the payee, the value date "01.03" and the amount ("17,60-" or
//     "592,00"), "Alter/Neuer Kontostand vom <date>".
//
// First scored as it came, before any rule: 161 of 189 fields (85.2%); 189
// after the rules stmtProduced5Bar lists.

// pagesOf counts the pages paginate makes of s.
func pagesOf(s stmt, rowsPerPage int) int {
	n := 0
	paginate(s, rowsPerPage, func(bool) { n++ }, func(gTxn, decimal.Decimal) {}, nil)
	return n
}

// ref is a made-up bank reference for transaction i.
func ref(i int, d time.Time) string {
	return fmt.Sprintf("%dK%02d%05dX%d", d.Year()%10, int(d.Month()), 31337*(i+7)%99991, i%7)
}

// wrapTo breaks s into lines no wider than w at the current font.
func wrapTo(c *testdocs.Produced, s string, w float64) []string {
	out := []string{""}
	for _, f := range strings.Fields(s) {
		l := &out[len(out)-1]
		switch {
		case *l == "":
			*l = f
		case c.Width(*l+" "+f) > w:
			out = append(out, f)
		default:
			*l += " " + f
		}
	}
	return out
}

// prod5DKB: see the batch notes (a direct bank's current statement).
func prod5DKB(c *testdocs.Produced, s stmt, _ int) {
	// Rows per page for this layout's line spacing.
	rowsPerPage := 34
	total := pagesOf(s, rowsPerPage)
	var y float64
	var soll, haben decimal.Decimal
	var ns, nh int
	put := func(v decimal.Decimal) {
		if v.Sign() < 0 {
			c.Right(470, y, "-"+gMoney(v))
		} else {
			c.Right(545, y, gMoney(v))
		}
	}
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(false, 7)
		c.Text(50, 30, "Deutsche Kreditbank AG · 10919 Berlin")
		c.Font(false, 9)
		if first {
			c.Text(50, 50, "Frau")
			c.Text(50, 61, "Lena Brückmann")
			c.Text(50, 72, "Amselweg 14")
			c.Text(50, 83, "04177 Leipzig")
			c.Text(380, 50, "Internes Zeichen:")
			c.Text(380, 61, "271 08 15")
		}
		c.Right(545, 100, fmt.Sprintf("%d. %s %d", 5, deMonths[s.end.AddDate(0, 0, 5).Month()-1], s.end.AddDate(0, 0, 5).Year()))
		c.Font(true, 10)
		c.Text(50, 116, fmt.Sprintf("Kontoauszug %d/%d", int(s.start.Month()), s.start.Year()))
		c.Font(false, 9)
		c.Right(545, 116, fmt.Sprintf("Seite %d von %d", c.Page(), total))
		c.Text(50, 128, "Girokonto "+s.iban[12:]+", "+groups4(s.iban))
		c.Font(false, 6.5)
		c.Text(50, 790, "Deutsche Kreditbank AG   Vorsitzender des Aufsichtsrats   Telefon 030 555 010 20   BIC: DKBXDEB1XXX")
		c.Text(50, 798, "Taubenweg 11   Dr. Jonas Feldkamp   Telefax 030 555 010 21   USt-ID-Nr.: DE998877665")
		c.Text(50, 806, "10117 Berlin   Vorstand   Handelsregister Berlin-Charlottenburg (HRB 99001 B)")
		c.Font(true, 8)
		c.Text(50, 146, "Datum")
		c.Text(110, 146, "Erläuterung")
		c.Right(470, 146, "Betrag Soll EUR")
		c.Right(545, 146, "Betrag Haben EUR")
		c.Font(false, 8.5)
		y = 162
		if first {
			c.Text(110, y, fmt.Sprintf("Kontostand am %s, Auszug Nr. %d", s.start.AddDate(0, 0, -1).Format("02.01.2006"), int(s.start.Month())-1))
			put(s.opening)
			y += 15
		}
	}, func(x gTxn) {
		if x.amount.Sign() < 0 {
			soll, ns = soll.Add(x.amount), ns+1
		} else {
			haben, nh = haben.Add(x.amount), nh+1
		}
		c.Text(50, y, x.date.Format("02.01.2006"))
		c.Text(110, y, x.desc[0])
		put(x.amount)
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(110, y, d)
		}
		if x.desc[0] == "Kartenzahlung" {
			y += 10
			c.Text(110, y, x.date.AddDate(0, 0, -1).Format("2006-01-02")+"T14:22 Debitk.21 2029-08")
			y += 10
			c.Text(110, y, fmt.Sprintf("Original %s CHF 1 Euro=0,9412 Zahl.System VISA Debit", gMoney(x.amount.Mul(decimal.RequireFromString("0.9412")).Round(2))))
		}
		y += 13
	}, nil)
	c.Text(110, y+4, fmt.Sprintf("Kontostand am %s um 18:04 Uhr", s.end.AddDate(0, 0, 4).Format("02.01.2006")))
	y += 4
	put(s.closing)
	y += 18
	c.Text(50, y, "Ihr Dispositionskredit EUR: 2.000,00")
	y += 20
	c.Font(true, 8)
	c.Text(50, y, "Gesamtumsatzsummen")
	c.Right(300, y, "Summe Soll EUR")
	c.Right(360, y, "Anzahl")
	c.Right(470, y, "Summe Haben EUR")
	c.Right(545, y, "Anzahl")
	c.Font(false, 8.5)
	y += 11
	c.Right(300, y, "-"+gMoney(soll))
	c.Right(360, y, fmt.Sprint(ns))
	c.Right(470, y, gMoney(haben))
	c.Right(545, y, fmt.Sprint(nh))
	y += 18
	c.Font(false, 7.5)
	c.Text(50, y, "Bitte prüfen Sie den Kontoauszug. Nicht autorisierte oder fehlerhaft ausgeführte Aufträge zeigen Sie uns bitte unverzüglich an.")
	c.Text(50, y+9, "Der angegebene Kontostand berücksichtigt nicht die Wertstellung der einzelnen Buchungen.")
}

// prod5Finanzreport: see the batch notes (a broker's "Finanzreport").
func prod5Finanzreport(c *testdocs.Produced, s stmt, _ int) {
	// Rows per page for this layout's line spacing.
	rowsPerPage := 30
	depot := decimal.RequireFromString("41377.25")
	head := func() {
		c.Font(false, 7)
		c.Text(50, 800, "comdirect – eine Marke der Musterbank AG   USt-ID: DE 998 877 001")
		c.Text(50, 808, "25449 Quickborn")
		c.Font(false, 8)
		c.Text(50, 34, fmt.Sprintf("Finanzreport Nr. %d per %s - Seite %d", int(s.start.Month()), s.end.Format("02.01.2006"), c.Page()))
		c.Text(50, 44, "Kundennummer 702 5518830")
	}
	c.AddPage()
	c.Font(false, 8)
	c.Text(50, 40, "comdirect, 25449 Quickborn")
	c.Text(350, 40, "Telefon: 04106 - 555 70 00")
	c.Text(50, 60, "Herrn")
	c.Text(50, 70, "Tobias Wendland")
	c.Text(50, 80, "Lindenallee 3")
	c.Text(50, 90, "22089 Hamburg")
	c.Text(350, 90, "Kundennummer: 702 5518830")
	c.Font(true, 11)
	c.Text(50, 130, fmt.Sprintf("Finanzreport Nr. %d per %s", int(s.start.Month()), s.end.Format("02.01.2006")))
	c.Font(false, 9)
	c.Text(50, 160, "Sehr geehrter Herr Wendland,")
	c.Text(50, 172, "in Ihrem aktuellen Finanzreport finden Sie alle Informationen rund um Ihre Kundenverbindung.")
	c.Text(50, 196, "Mit freundlichen Grüßen")
	c.Text(50, 208, "Ihre comdirect")
	c.Font(false, 7)
	c.Text(50, 800, "comdirect – eine Marke der Musterbank AG   USt-ID: DE 998 877 001")
	var y float64
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		head()
		y = 70
		if first {
			c.Font(true, 10)
			c.Text(50, y, "Kontoübersicht")
			y += 16
			c.Font(true, 8)
			c.Text(50, y, "Ihre aktuellen Salden")
			c.Text(250, y, "IBAN")
			c.Right(545, y, "Saldo in")
			c.Right(545, y+9, "EUR")
			c.Font(false, 8.5)
			y += 22
			c.Text(50, y, "Girokonto")
			c.Text(250, y, groups4(s.iban))
			c.Right(545, y, glued(s.closing))
			y += 11
			c.Text(50, y, "Depot")
			c.Right(545, y, glued(depot))
			y += 11
			c.Font(true, 8.5)
			c.Text(50, y, "Gesamtsaldo "+s.end.Format("02.01.2006"))
			c.Right(545, y, glued(depot.Add(s.closing)))
			y += 26
			c.Font(true, 10)
			c.Text(50, y, "Girokonto")
			y += 16
		}
		c.Font(true, 8)
		c.Text(50, y, "Buchungstag")
		c.Text(105, y, "Vorgang")
		c.Text(190, y, "Auftraggeber/Empfänger")
		c.Text(350, y, "Buchungstext")
		c.Right(545, y, "Ausgang")
		y += 9
		c.Text(50, y, "Valuta")
		c.Text(105, y, "Referenz")
		c.Text(190, y, "IBAN/BIC")
		c.Right(545, y, "Eingang")
		c.Font(false, 8.5)
		y += 14
		if first {
			c.Text(105, y, "Alter Saldo")
			c.Text(190, y, s.start.AddDate(0, 0, -1).Format("02.01.2006"))
			c.Right(545, y, glued(s.opening))
			y += 14
		}
	}, func(x gTxn) {
		i := x.date.Day()*31 + len(x.desc[0])
		c.Text(50, y, x.date.Format("02.01.2006"))
		c.Text(105, y, x.desc[0])
		payee := x.desc[0]
		if len(x.desc) > 1 {
			payee = x.desc[1]
		}
		// The payee column is 155 pt wide: a longer name wraps onto the
		// next line, the IBAN under it.
		col := wrapTo(c, payee, 155)
		if x.desc[0] == "Überweisung" || x.desc[0] == "Dauerauftrag" || x.desc[0] == "Lohn/Gehalt" {
			col = append(col, "DE44500105175407324931")
		}
		rest := x.desc[min(2, len(x.desc)):]
		if len(rest) > 0 {
			c.Text(350, y, rest[0])
		}
		c.Text(190, y, col[0])
		c.Right(545, y, glued(x.amount))
		top := y
		y += 10
		c.Text(50, y, x.value.Format("02.01.2006"))
		c.Text(105, y, ref(i, x.date))
		for k, l := range col[1:] {
			c.Text(190, top+10*float64(k+1), l)
		}
		for k, d := range rest[min(1, len(rest)):] {
			if k > 0 {
				y += 10
			}
			c.Text(350, y, d)
		}
		y = max(y, top+10*float64(len(col)-1))
		y += 14
	}, nil)
	c.Text(105, y, "Neuer Saldo")
	c.Text(190, y, s.end.Format("02.01.2006"))
	c.Right(545, y, glued(s.closing))
	y += 28
	if y > 600 {
		c.AddPage()
		head()
		y = 70
	}
	c.Font(true, 10)
	c.Text(50, y, "Depot")
	y += 16
	c.Font(true, 8)
	c.Text(50, y, "Depotbestand")
	c.Right(400, y, "EUR")
	c.Right(470, y, "EUR")
	c.Right(545, y, "EUR")
	y += 9
	c.Text(50, y, "WKN / Verwahrart")
	c.Text(190, y, "Anzahl / Nominal")
	c.Text(270, y, "Kurs")
	c.Right(400, y, "Kurswert")
	c.Right(470, y, "Kaufwert")
	c.Right(545, y, "Gewinn / Verlust")
	c.Font(false, 8.5)
	y += 14
	for _, p := range []struct{ wkn, name, n, kurs, wert, kauf, gv string }{
		{"A1XB7Q / Girosammelverwahrung", "MUSTER WORLD ETF", "215,000", "88,412 EUR", "19.008,58", "17.950,00", "+1.058,58"},
		{"B7Z2KM / Girosammelverwahrung", "BEISPIEL GOLD ETC", "410,000", "54,558 EUR", "22.368,67", "23.120,00", "-751,33"},
	} {
		c.Text(50, y, p.wkn)
		c.Right(240, y, p.n)
		c.Text(270, y, p.kurs)
		c.Right(400, y, p.wert)
		c.Right(470, y, p.kauf)
		c.Right(545, y, p.gv)
		y += 10
		c.Text(50, y, p.name)
		c.Right(545, y, "+0,00")
		y += 14
	}
	c.Text(50, y, "Gesamtkurswert")
	c.Right(400, y, gMoney(depot))
	c.Right(470, y, "41.070,00")
	c.Right(545, y, "+307,25")
	y += 24
	c.Font(true, 10)
	c.Text(50, y, "Steuerübersicht")
	c.Font(false, 8.5)
	y += 4
	for _, r := range []string{"Gewinne/Verluste Aktien (Saldo)", "Verlustverrechnungstopf Aktien", "Eingereichter Freibetrag", "Abgeführte Kapitalertragsteuer"} {
		y += 11
		c.Text(50, y, r)
		c.Right(545, y, "0,00")
	}
}

// withAbschluss ends s with the quarter's closing booking (fees and
// interest), booked on the last day with the value date of the quarter's
// end.
func withAbschluss(s stmt) stmt {
	fee := decimal.RequireFromString("-9.35")
	s.txns = append(append([]gTxn{}, s.txns...), gTxn{date: s.end, value: s.end, desc: []string{"Abschluss lt. Anlage 1"}, amount: fee})
	s.closing = s.closing.Add(fee)
	return s
}

// prod5Genossenschaft: see the batch notes (a cooperative bank's format).
func prod5Genossenschaft(c *testdocs.Produced, s stmt, rowsPerPage int) {
	total := pagesOf(s, rowsPerPage)
	var y float64
	amt := func(v decimal.Decimal) {
		c.Right(545, y, sh(v))
	}
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 10)
		c.Text(50, 30, "Volksbank Rhein-Lahn eG")
		c.Font(false, 8)
		c.Text(50, 40, "Am Bahnhof 9, 56130 Bad Ems")
		c.Text(50, 50, "Telefon: 02603-55500")
		c.Text(400, 50, "www.vb-rheinlahn.example")
		c.Font(true, 9)
		c.Text(50, 66, "Girokonto Privat")
		c.Font(false, 8)
		c.Text(50, 76, "EUR-Konto Kontonummer "+s.iban[12:])
		c.Text(330, 76, fmt.Sprintf("Kontoauszug Nr. %d/%d", int(s.start.Month()), s.start.Year()))
		c.Text(330, 86, fmt.Sprintf("erstellt am %s 22:31 Blatt %d von %d", s.end.Format("02.01.2006"), c.Page(), total))
		c.Text(330, 96, "IBAN: "+groups4(s.iban)+" BIC: GENODE51XMP")
		if first {
			c.Font(false, 9)
			c.Text(50, 100, "Herrn")
			c.Text(50, 111, "Paul Achterberg")
			c.Text(50, 122, "Kirchgasse 7")
			c.Text(50, 133, "56112 Lahnstein")
		}
		c.Font(true, 8)
		c.Text(50, 160, "Bu-Tag")
		c.Text(88, 160, "Wert")
		c.Text(126, 160, "Vorgang")
		c.Font(false, 8.5)
		y = 176
		if first {
			c.Text(126, y, "alter Kontostand vom "+s.start.AddDate(0, 0, -1).Format("02.01.2006"))
			amt(s.opening)
			y += 14
		}
	}, func(x gTxn) {
		c.Text(50, y, x.date.Format("02.01."))
		c.Text(88, y, x.value.Format("02.01."))
		text := x.desc[0]
		if len(x.desc) > 1 {
			text += fmt.Sprintf(" PN:%d", 900+x.date.Day())
		}
		c.Text(126, y, text)
		amt(x.amount)
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(126, y, d)
		}
		y += 13
	}, func(bal decimal.Decimal, out bool) {
		if out {
			c.Text(126, y+2, fmt.Sprintf("Übertrag auf Blatt %d", c.Page()+1))
			amt(bal)
		} else {
			c.Text(126, y, fmt.Sprintf("Übertrag von Blatt %d", c.Page()-1))
			amt(bal)
			y += 14
		}
	})
	c.Text(126, y+4, "neuer Kontostand vom "+s.end.Format("02.01.2006"))
	y += 4
	amt(s.closing)
	c.Font(false, 6.5)
	c.Text(20, y+30, "0217")
	c.Text(20, y+37, "000")
	c.Text(20, y+44, "K00004471")
	c.Font(false, 8)
	c.Text(50, y+60, "Bitte beachten Sie die Hinweise auf der Rückseite oder am Ende des Dokuments")
	y += 84
	c.Font(true, 9)
	c.Text(50, y, "Anlage 1")
	c.Font(false, 8.5)
	c.Text(50, y+12, "Buchungstag: "+s.end.Format("02.01.2006"))
	c.Text(50, y+22, "Wert: "+s.end.Format("02.01.2006"))
	c.Text(50, y+36, fmt.Sprintf("Kontoabschluss vom %s bis %s für Konto %s", s.start.Format("02.01.2006"), s.end.Format("02.01.2006"), s.iban[12:]))
	c.Text(50, y+50, "Entgelt Kontoführung")
	c.Right(545, y+50, "6,90 S")
	c.Text(50, y+60, "Sollzinsen 11,250 % für 3 Tage auf 2.650,00")
	c.Right(545, y+60, "2,45 S")
	c.Text(50, y+74, "Abschluss lt. Anlage 1")
	c.Right(545, y+74, "9,35 S")
}

// prod5SparkasseNew: see the batch notes (a savings bank's new format).
func prod5SparkasseNew(c *testdocs.Produced, s stmt, rowsPerPage int) {
	var y float64
	signed := func(v decimal.Decimal) string {
		if v.Sign() < 0 {
			return "-" + gMoney(v)
		}
		return gMoney(v)
	}
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "Sparkasse Vorderpfalz")
		c.Font(false, 8)
		c.Text(360, 34, fmt.Sprintf("Kontoauszug %d/%d", int(s.start.Month()), s.start.Year()))
		c.Text(360, 44, fmt.Sprintf("Blatt %d", c.Page()))
		c.Text(50, 58, "Girokonto "+s.iban[12:]+", IBAN "+groups4(s.iban))
		c.Font(false, 6.5)
		c.Text(50, 808, "Sparkasse Vorderpfalz · Ludwigsplatz 3 · 67059 Ludwigshafen · Anstalt des öffentlichen Rechts")
		c.Font(true, 8)
		c.Text(50, 90, "Datum")
		c.Text(110, 90, "Erläuterung")
		c.Right(545, 90, "Betrag")
		c.Font(false, 9)
		y = 106
		if first {
			c.Font(true, 9)
			c.Text(110, y, fmt.Sprintf("Kontostand am %s, Auszug Nr. %d", s.start.AddDate(0, 0, -1).Format("02.01.2006"), int(s.start.Month())-1))
			c.Right(545, y, signed(s.opening))
			c.Font(false, 9)
			y += 16
		}
	}, func(x gTxn) {
		c.Text(50, y, x.date.Format("02.01.2006"))
		c.Text(110, y, x.desc[0]+" / Wert: "+x.value.Format("02.01.2006"))
		c.Right(545, y, signed(x.amount))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(110, y, d)
		}
		y += 14
	}, nil)
	c.Font(true, 9)
	c.Text(110, y+6, fmt.Sprintf("Kontostand am %s um 20:00 Uhr", s.end.Format("02.01.2006")))
	c.Right(545, y+6, signed(s.closing))
}

// prod5SparkasseTwoCol: see the batch notes (a savings bank's older format).
func prod5SparkasseTwoCol(c *testdocs.Produced, s stmt, _ int) {
	// Rows per page for this layout's line spacing.
	rowsPerPage := 26
	var y float64
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "Kreissparkasse Südholstein")
		c.Font(false, 8)
		c.Text(360, 34, fmt.Sprintf("Kontoauszug %d/%d  Blatt %d", int(s.start.Month()), s.start.Year(), c.Page()))
		c.Text(50, 58, "Giro Classic, Konto "+s.iban[12:]+", IBAN "+groups4(s.iban))
		c.Font(false, 6.5)
		c.Text(50, 808, "Kreissparkasse Südholstein · Marktplatz 1 · 25421 Pinneberg")
		c.Font(true, 8)
		c.Text(50, 90, "Buchungstag")
		c.Text(105, 90, "Wert")
		c.Text(160, 90, "Erläuterung")
		c.Right(545, 90, "Betrag")
		c.Font(false, 9)
		y = 106
		if first {
			c.Text(160, y, fmt.Sprintf("Kontostand am %s", s.start.AddDate(0, 0, -1).Format("02.01.2006")))
			c.Right(545, y, trailSign(s.opening))
			y += 16
		}
	}, func(x gTxn) {
		c.Text(50, y, x.date.Format("02.01.2006"))
		c.Text(105, y, x.value.Format("02.01.2006"))
		c.Text(160, y, x.desc[0])
		y += 10
		c.Right(545, y, trailSign(x.amount))
		if len(x.desc) > 1 {
			// The payee column is 180 pt wide, the purpose beside it.
			y += 10
			top := y
			payee := wrapTo(c, x.desc[1], 180)
			for k, p := range payee {
				c.Text(160, top+10*float64(k), p)
			}
			for k, d := range x.desc[2:] {
				if k > 0 {
					y += 10
				}
				c.Text(350, y, d)
			}
			y = max(y, top+10*float64(len(payee)-1))
		}
		y += 14
	}, nil)
	c.Text(160, y+6, fmt.Sprintf("Kontostand am %s um 20:00 Uhr", s.end.Format("02.01.2006")))
	c.Right(545, y+6, trailSign(s.closing))
}

// prod5Postbank: see the batch notes (a former postal bank's current
// format).
func prod5Postbank(c *testdocs.Produced, s stmt, _ int) {
	// Rows per page for this layout's line spacing.
	rowsPerPage := 32
	total := pagesOf(s, rowsPerPage)
	var y float64
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 13)
		c.Text(50, 34, "Postbank")
		c.Font(false, 8)
		c.Text(330, 34, "Kontoauszug vom "+s.start.Format("02.01.2006")+" bis "+s.end.Format("02.01.2006"))
		if first {
			c.Font(false, 9)
			c.Text(50, 60, "Frau Mira Oltmanns")
			c.Text(50, 71, "Deichstraße 21")
			c.Text(50, 82, "26721 Emden")
		}
		c.Font(false, 7)
		c.Text(50, 104, "Auszug")
		c.Text(90, 104, "Seite")
		c.Text(120, 104, "von")
		c.Text(150, 104, "IBAN")
		if first {
			c.Right(545, 104, "Alter Saldo per "+s.start.AddDate(0, 0, -1).Format("02.01.2006"))
		}
		c.Font(false, 9)
		c.Text(50, 113, fmt.Sprint(int(s.start.Month())))
		c.Text(90, 113, fmt.Sprint(c.Page()))
		c.Text(120, 113, fmt.Sprint(total))
		c.Text(150, 113, groups4(s.iban))
		if first {
			c.Right(545, 113, "EUR "+signSpaced(s.opening))
		}
		c.Font(false, 6.5)
		c.Text(50, 810, "Postbank – eine Niederlassung der Musterbank AG · Am Postpark 4 · 53113 Bonn")
		c.Font(true, 8)
		c.Text(50, 140, "Buchung")
		c.Text(90, 140, "Valuta")
		c.Text(130, 140, "Vorgang")
		c.Right(470, 140, "Soll")
		c.Right(545, 140, "Haben")
		c.Font(false, 9)
		y = 156
	}, func(x gTxn) {
		c.Text(50, y, x.date.Format("02.01."))
		c.Text(90, y, x.value.Format("02.01."))
		c.Text(130, y, x.desc[0])
		if x.amount.Sign() < 0 {
			c.Right(470, y, signSpaced(x.amount))
		} else {
			c.Right(545, y, signSpaced(x.amount))
		}
		y += 10
		c.Text(50, y, x.date.Format("2006"))
		c.Text(90, y, x.value.Format("2006"))
		for k, d := range x.desc[1:] {
			if k > 0 {
				y += 10
			}
			c.Text(130, y, d)
		}
		y += 14
	}, nil)
	y += 10
	c.Font(false, 7)
	c.Text(50, y, "Filialnummer")
	c.Text(120, y, "Kontonummer")
	c.Right(545, y, "Neuer Saldo")
	c.Font(false, 9)
	c.Text(50, y+9, "553")
	c.Text(120, y+9, s.iban[12:19])
	c.Right(545, y+9, "EUR "+signSpaced(s.closing))
}

// prod5Commerzbank: see the batch notes (a big bank's current format).
func prod5Commerzbank(c *testdocs.Produced, s stmt, _ int) {
	// Rows per page for this layout's line spacing.
	rowsPerPage := 30
	var y float64
	var day time.Time
	put := func(v decimal.Decimal) {
		if v.Sign() < 0 {
			c.Right(470, y, gMoney(v)+"-")
		} else {
			c.Right(545, y, gMoney(v))
		}
	}
	cols := func() {
		c.Font(false, 8)
		c.Text(50, y, "Kontowährung Euro")
		c.Right(470, y, "zu Ihren Lasten")
		c.Right(545, y, "zu Ihren Gunsten")
	}
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 30, "COMMERZBANK")
		c.Font(false, 8)
		c.Text(360, 40, "Kontoauszug vom "+s.end.Format("02.01.2006"))
		c.Text(360, 50, fmt.Sprintf("Auszug-Nr. %d Seite-Nr. %d", int(s.start.Month()), c.Page()))
		c.Text(360, 60, "IBAN: "+groups4(s.iban))
		c.Text(360, 70, "BIC : COBAXEFFXXX")
		c.Font(false, 6.5)
		c.Text(50, 808, "Guthaben sind als Einlagen nach Maßgabe des Einlagensicherungsgesetzes entschädigungsfähig.")
		y = 100
		if first {
			cols()
			y += 14
			c.Font(false, 9)
			c.Text(50, y, "Alter Kontostand vom "+s.start.AddDate(0, 0, -1).Format("02.01.2006"))
			put(s.opening)
			y += 20
		} else {
			cols()
			y += 14
		}
		c.Font(true, 8)
		c.Text(50, y, "Angaben zu den Umsätzen")
		c.Text(380, y, "Valuta")
		c.Font(false, 9)
		y += 16
		day = time.Time{}
	}, func(x gTxn) {
		if !x.date.Equal(day) {
			c.Font(true, 8.5)
			c.Text(50, y, "Buchungsdatum: "+x.date.Format("02.01.2006"))
			c.Font(false, 9)
			y += 12
			day = x.date
		}
		payee := x.desc[0]
		if len(x.desc) > 1 {
			payee = x.desc[1]
		}
		c.Text(50, y, payee)
		c.Text(380, y, x.value.Format("02.01"))
		put(x.amount)
		lines := append([]string{}, x.desc[min(2, len(x.desc)):]...)
		lines = append(lines, x.desc[0])
		for _, d := range lines {
			y += 10
			c.Text(50, y, d)
		}
		y += 16
	}, nil)
	c.Text(50, y+4, "Neuer Kontostand vom "+s.end.Format("02.01.2006"))
	y += 4
	put(s.closing)
}

var stmtProduced5Layouts = []prodLayout{
	{"dkb-2023", prod5DKB, nil}, {"finanzreport", prod5Finanzreport, nil},
	{"genossenschaft", prod5Genossenschaft, withAbschluss}, {"sparkasse-new", prod5SparkasseNew, nil},
	{"sparkasse-twocol", prod5SparkasseTwoCol, nil}, {"postbank-grid", prod5Postbank, nil},
	{"commerzbank-days", prod5Commerzbank, nil},
}

// stmtProduced5Bar is the share of fields of the fifth produced batch that
// must be read. First scored as it came, before any rule (our estimate for
// statements nobody has seen): 161 of 189 (85.2%), 9 of 21 statements all
// right. Per layout (27 fields each): dkb-2023, genossenschaft and
// sparkasse-new 27; commerzbank-days 24 (the value date after the payee
// read as the booking date, the "Buchungsdatum:" heading ignored);
// sparkasse-twocol 24 (the payee and purpose lines under the amount line
// lost); postbank-grid 18 (balances set under their labels in a grid not
// read, the payee on the line with the years lost); finanzreport 14
// (every amount in the column titled "Ausgang" over "Eingang" taken as
// money out, "+7.442,83" included). Two generator bugs were fixed after
// that first score (a long payee overlapping the purpose column in
// finanzreport and sparkasse-twocol, where real statements wrap it); the
// batch scored 161 of 189 again with them fixed, before any rule.
//
// 189 of 189 after these general rules: an amount printed with a plus is
// money in even under a title for money out; a transaction completed by an
// amount on a line of its own stays open to the lines close below it; the
// words left of the description column on such a line that are all years
// ("2024 2024") complete the dates printed without one above them; a
// balance label on a line of labels with no amount takes the amount under
// it on the next line (labels over values); "Buchungsdatum: <date>" alone
// on its line dates the rows below it, their own date becoming the value
// date; a transaction whose lines hold two text cells apart by about a
// line height is read column by column (payee and purpose side by side).
const stmtProduced5Bar = 189.0 / 189

// stmtProduced5GlyphBar: the fifth batch glyph by glyph in shuffled order.
// First scored as it came, before any rule: 161 of 189 (85.2%), the same
// misses as drawn word by word; 188 of 189 after the rules above (the
// miss: a "-" in "Bonn-Innenstadt" the PDF reader does not return when
// the glyphs come in shuffled order, as in the fourth batch).
const stmtProduced5GlyphBar = 188.0 / 189

// stmtProduced5KernBar: the fifth batch with 4% of glyphs set 0.12-0.22 em
// apart from the one before (testdocs.Produced.Kern), as the text layers of
// real statements show ("1 7.02.2025", "G  irokonto" in a public parser's
// test text). First scored as it came, before any rule: 76 of 189 (40.2%),
// no statement all right, the transaction list right in none of 21 (1 of
// 21 counts right): dates read from "7.02.2025" after a lone "1", amounts
// from "34,56" after "1.2", payees split ("Hausverw altung"), balance labels
// broken ("Kontos tand"). Much like the figure from real statements nobody
// on the project has seen (35%, no transaction list found). 87 of 189 once
// words less than 0.2 em apart were joined (a gap of 0.2-0.22 em still
// broke a date or amount in most statements); 189 of 189 once the limit
// came from the page itself: 0.85 of its word space (the upper quartile
// of its gaps between 0.1 and 0.6 em), at most 0.25 em (now layout.JoinKerned).
// The rule has since moved to layout.JoinKerned, shared with the invoice
// reader, which measures each font's word space over the whole document
// (the page-wide quartile joined the narrow spaces of real e-invoices):
// 189 of 189 with it too.
const stmtProduced5KernBar = 189.0 / 189

// stmtKerned14Bar: batches 1-4 with kerned glyphs (as stmtProduced5KernBar),
// measured only after the join (layout.JoinKerned) was written for batch 5, so not an
// estimate for unseen statements: 449 of 459 (97.8%; a date joined to the
// next column's word, "30.04.2023Gutschrift"), 458 once a whole date or
// amount is never joined to a word of letters beside it. The miss left:
// kerning that pushes a cell onto the next one, which PDF readers then
// return as one word.
const stmtKerned14Bar = 458.0 / 459
