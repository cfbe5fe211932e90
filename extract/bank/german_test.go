package bank

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/validate"
	"github.com/docextract/docextract/internal/testdocs"
)

// The generators below imitate how two kinds of German banks print their
// statements, as opposed to the tidy tables of internal/testdocs:
//
//   - "sh" (savings and cooperative banks): columns "Bu-Tag Wert Vorgang
//     Umsatz", day-month dates without the year, amounts followed by an "S"
//     (debit) or "H" (credit) marker, "ALTER KONTOSTAND vom <date>" and
//     "NEUER KONTOSTAND vom <date>" rows, and "Übertrag auf Blatt 2" /
//     "Übertrag von Blatt 1" rows carrying the balance across pages.
//   - "ing": the booking date over the value date in one column, the
//     balances in a box above the table, "-45,99" in one amount column.
//   - "signed" (Postbank style): a combined "Buchung/Wert" column with
//     "03.07./03.07.", signed amounts with a space after the sign
//     ("- 45,99", "+ 2.853,82") in Soll and Haben columns, descriptions of
//     up to three lines under the amount line, and "Kontostand am <date>"
//     for both the opening and the closing balance.

// pdfCanvas draws with fpdf and records the words it draws.
type pdfCanvas struct {
	pdf   *fpdf.Fpdf
	tr    func(string) string
	pages []layout.Page
	size  float64
	// untitled drops the column titles and the lines naming the currency.
	untitled bool
}

func newPDFCanvas() *pdfCanvas {
	p := fpdf.New("P", "pt", "A4", "")
	p.SetCreationDate(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	p.SetAutoPageBreak(false, 0)
	c := &pdfCanvas{pdf: p, tr: p.UnicodeTranslatorFromDescriptor("")}
	return c
}

func (c *pdfCanvas) addPage() {
	c.pdf.AddPage()
	c.pages = append(c.pages, layout.Page{Number: len(c.pages) + 1, Width: 595.28, Height: 841.89})
	c.font(false, 9)
}

func (c *pdfCanvas) font(bold bool, size float64) {
	style := ""
	if bold {
		style = "B"
	}
	c.pdf.SetFont("Helvetica", style, size)
	c.size = size
}

func (c *pdfCanvas) width(s string) float64 { return c.pdf.GetStringWidth(c.tr(s)) }

func (c *pdfCanvas) text(x, top float64, s string) {
	if strings.TrimSpace(s) == "" {
		return
	}
	c.pdf.Text(x, top+c.size*0.8, c.tr(s))
	pg := &c.pages[len(c.pages)-1]
	off := 0
	for _, f := range strings.Fields(s) {
		i := strings.Index(s[off:], f) + off
		x0 := x + c.width(s[:i])
		pg.Words = append(pg.Words, layout.Word{Text: f, X0: x0, X1: x0 + c.width(f), Y0: top, Y1: top + c.size, Conf: 100, Size: c.size})
		off = i + len(f)
	}
}

func (c *pdfCanvas) right(xr, top float64, s string) { c.text(xr-c.width(s), top, s) }

// germanStatement is a generated statement and what must be read from it.
type germanStatement struct {
	pages []layout.Page
	pdf   []byte
	truth *docextract.BankStatementData
}

type gTxn struct {
	date, value time.Time
	desc        []string
	amount      decimal.Decimal
}

var gPayees = [][]string{
	{"Basislastschrift", "AMAZON EU S.A R.L., NIEDERLASSUNG DEUTSCHLAND", "EREF: 302-1234567-7654321"},
	{"Lohn/Gehalt", "MUSTER TECHNIK GMBH", "GEHALT 07/2023"},
	{"Kartenzahlung", "REWE Markt GmbH//Koeln/DE"},
	{"Dauerauftrag", "Hausverwaltung Becker", "Miete Whg. 3 OG links"},
	{"Überweisung", "Stadtwerke Bonn GmbH", "Abschlag Strom Kd-Nr. 4711"},
	{"Gutschrift", "Finanzamt Bonn-Innenstadt", "EStErstattung 2022"},
	{"Bargeldauszahlung", "GA NR00001234 BLZ37050198 0"},
	{"Lastschrift", "Telekom Deutschland GmbH", "Kundenkonto 123456789 RG 07/23"},
}

func gMoney(d decimal.Decimal) string {
	s := d.Abs().StringFixed(2)
	intPart, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(r)
	}
	return b.String() + "," + frac
}

// newGermanStatement generates a statement in style "sh" or "signed" with n
// transactions, rowsPerPage rows of text per page. A style ending in
// "-untitled" prints no column titles (and so no currency but the IBAN's).
func newGermanStatement(t testing.TB, style string, seed uint64, n, rowsPerPage int) *germanStatement {
	t.Helper()
	style, untitled := strings.CutSuffix(style, "-untitled")
	r := rand.New(rand.NewPCG(seed, 0xba4c))
	start := time.Date(2022+r.IntN(3), time.Month(1+r.IntN(12)), 1, 0, 0, 0, 0, time.UTC)
	end := start.AddDate(0, 1, -1)
	opening := decimal.New(int64(100000+r.IntN(900000)), -2)
	bal := opening
	var txns []gTxn
	day := 0
	for range n {
		day += r.IntN(3)
		day = min(day, end.Day()-1)
		d := start.AddDate(0, 0, day)
		p := gPayees[r.IntN(len(gPayees))]
		v := decimal.New(int64(100+r.IntN(150000)), -2)
		if p[0] != "Lohn/Gehalt" && p[0] != "Gutschrift" {
			v = v.Neg()
		}
		bal = bal.Add(v)
		txns = append(txns, gTxn{date: d, value: d.AddDate(0, 0, r.IntN(2)), desc: p, amount: v})
	}
	iban := testIBAN(r)
	truth := &docextract.BankStatementData{DocType: string(docextract.BankStatement), Transactions: []docextract.Transaction{}}
	g := &truth.General
	g.IBAN = docextract.Str(iban)
	g.Currency = docextract.Str("EUR")
	g.OpeningBalance = docextract.NewAmount(opening)
	g.ClosingBalance = docextract.NewAmount(bal)
	g.AccountHolder = docextract.Str("Max Mustermann")
	for _, x := range txns {
		// A line "EREF: <ref>" is the end-to-end reference, not description.
		var desc, ref []string
		for _, d := range x.desc {
			if r, ok := strings.CutPrefix(d, "EREF: "); ok {
				ref = append(ref, r)
			} else {
				desc = append(desc, d)
			}
		}
		tr := docextract.Transaction{Date: docextract.Str(x.date.Format(time.DateOnly)), ValueDate: docextract.Str(x.value.Format(time.DateOnly)),
			Description: docextract.Str(strings.Join(desc, " ")), Amount: docextract.NewAmount(x.amount), Reference: docextract.Str(strings.Join(ref, " "))}
		truth.Transactions = append(truth.Transactions, tr)
	}

	c := newPDFCanvas()
	// Untitled statements print no currency: it comes from the IBAN's
	// country.
	c.untitled = untitled
	switch style {
	case "sh":
		g.BankName = docextract.Str("Sparkasse Musterstadt")
		drawSH(c, start, end, iban, opening, txns, rowsPerPage)
	case "ing":
		g.BankName = docextract.Str("ING")
		drawING(c, iban, opening, bal, txns, rowsPerPage)
	case "signed":
		g.BankName = docextract.Str("Postbank")
		g.PeriodStart, g.PeriodEnd = docextract.Str(start.Format(time.DateOnly)), docextract.Str(end.Format(time.DateOnly))
		drawSigned(c, start, end, iban, opening, txns, rowsPerPage)
	default:
		t.Fatalf("unknown style %q", style)
	}
	var b bytes.Buffer
	require.NoError(t, c.pdf.Output(&b))
	return &germanStatement{pages: c.pages, pdf: b.Bytes(), truth: truth}
}

func testIBAN(r *rand.Rand) string {
	bban := "37050198"
	for range 10 {
		bban += string(rune('0' + r.IntN(10)))
	}
	// check digits: mod 97 of BBAN + "DE00" as digits
	s := bban + "131400"
	rem := 0
	for _, ch := range s {
		rem = (rem*10 + int(ch-'0')) % 97
	}
	return fmt.Sprintf("DE%02d%s", 98-rem, bban)
}

func groups4(s string) string {
	var parts []string
	for len(s) > 4 {
		parts = append(parts, s[:4])
		s = s[4:]
	}
	return strings.Join(append(parts, s), " ")
}

// drawSH draws the savings-bank layout with S/H markers.
func drawSH(c *pdfCanvas, start, end time.Time, iban string, opening decimal.Decimal, txns []gTxn, rowsPerPage int) {
	const xDate, xValue, xText, xAmt, xMark = 50.0, 95.0, 140.0, 520.0, 524.0
	sh := func(v decimal.Decimal) string {
		if v.Sign() < 0 {
			return "S"
		}
		return "H"
	}
	pages := (len(txns)*3 + rowsPerPage - 1) / rowsPerPage
	page := 0
	var y float64
	header := func() {
		c.addPage()
		page++
		c.font(true, 13)
		c.text(50, 40, "Sparkasse Musterstadt")
		c.font(false, 9)
		c.text(380, 44, fmt.Sprintf("Kontoauszug %d/%d", int(start.Month()), start.Year()))
		c.text(380, 56, fmt.Sprintf("Blatt %d von %d", page, pages))
		c.text(50, 90, "Herrn")
		c.text(50, 101, "Max Mustermann")
		c.text(50, 112, "Musterweg 1, 53111 Bonn")
		c.text(50, 140, "Konto-Nr. 1234567890")
		c.text(200, 140, "IBAN "+groups4(iban))
		c.text(420, 140, "BIC COLSDE33XXX")
		c.font(true, 9)
		if !c.untitled {
			c.text(xDate, 170, "Bu-Tag")
			c.text(xValue, 170, "Wert")
			c.text(xText, 170, "Vorgang")
			c.right(xAmt, 170, "Umsatz EUR")
		}
		c.font(false, 9)
		y = 188
	}
	header()
	c.text(300, y, fmt.Sprintf("ALTER KONTOSTAND vom %s", start.AddDate(0, 0, -1).Format("02.01.2006")))
	c.right(xAmt, y, gMoney(opening))
	c.text(xMark, y, sh(opening))
	y += 12
	bal := opening
	rows := 0
	for _, x := range txns {
		if rows+len(x.desc) > rowsPerPage {
			c.text(300, y+4, fmt.Sprintf("Übertrag auf Blatt %d", page+1))
			c.right(xAmt, y+4, gMoney(bal))
			c.text(xMark, y+4, sh(bal))
			header()
			c.text(300, y, fmt.Sprintf("Übertrag von Blatt %d", page-1))
			c.right(xAmt, y, gMoney(bal))
			c.text(xMark, y, sh(bal))
			y += 12
			rows = 0
		}
		c.text(xDate, y, x.date.Format("02.01."))
		c.text(xValue, y, x.value.Format("02.01."))
		c.text(xText, y, x.desc[0])
		c.right(xAmt, y, gMoney(x.amount))
		c.text(xMark, y, sh(x.amount))
		for _, d := range x.desc[1:] {
			y += 10.5
			c.text(xText, y, d)
		}
		y += 13
		rows += len(x.desc)
		bal = bal.Add(x.amount)
	}
	y += 6
	c.font(true, 9)
	c.text(300, y, fmt.Sprintf("NEUER KONTOSTAND vom %s", end.Format("02.01.2006")))
	c.right(xAmt, y, gMoney(bal))
	c.text(xMark, y, sh(bal))
	c.font(false, 8)
	c.text(50, 800, "Sparkasse Musterstadt · Anstalt des öffentlichen Rechts · Sitz Musterstadt")
}

// drawSigned draws the Postbank/ING-like layout with signed amounts.
func drawSigned(c *pdfCanvas, start, end time.Time, iban string, opening decimal.Decimal, txns []gTxn, rowsPerPage int) {
	const xDate, xText, xSoll, xHaben = 50.0, 125.0, 455.0, 545.0
	signed := func(v decimal.Decimal) string {
		if v.Sign() < 0 {
			return "- " + gMoney(v)
		}
		return "+ " + gMoney(v)
	}
	amount := func(y float64, v decimal.Decimal) {
		if v.Sign() < 0 {
			c.right(xSoll, y, signed(v))
		} else {
			c.right(xHaben, y, signed(v))
		}
	}
	page := 0
	var y float64
	header := func() {
		c.addPage()
		page++
		c.font(true, 14)
		c.text(50, 36, "Postbank")
		c.font(false, 9)
		c.text(50, 70, fmt.Sprintf("Kontoauszug: Postbank Giro plus vom %s bis %s", start.Format("02.01.2006"), end.Format("02.01.2006")))
		c.text(470, 70, fmt.Sprintf("Seite %d", page))
		c.text(50, 84, "IBAN: "+groups4(iban)+"   BIC: PBNKDEFFXXX")
		c.text(50, 98, "Kontoinhaber: Max Mustermann")
		c.font(true, 9)
		if !c.untitled {
			c.text(50, 112, "Alle Beträge in EUR")
			c.text(xDate, 140, "Buchung/Wert")
			c.text(xText, 140, "Vorgang/Buchungsinformation")
			c.right(xSoll, 140, "Soll")
			c.right(xHaben, 140, "Haben")
		}
		c.font(false, 9)
		y = 158
	}
	header()
	c.text(xText, y, fmt.Sprintf("Kontostand am %s", start.AddDate(0, 0, -1).Format("02.01.2006")))
	amount(y, opening)
	y += 14
	bal := opening
	rows := 0
	for _, x := range txns {
		if rows+len(x.desc) > rowsPerPage {
			c.text(xText, y+4, "Übertrag")
			amount(y+4, bal)
			header()
			c.text(xText, y, "Übertrag")
			amount(y, bal)
			y += 14
			rows = 0
		}
		c.text(xDate, y, x.date.Format("02.01.")+"/"+x.value.Format("02.01."))
		c.text(xText, y, x.desc[0])
		amount(y, x.amount)
		for _, d := range x.desc[1:] {
			y += 10.5
			c.text(xText, y, d)
		}
		y += 14
		rows += len(x.desc)
		bal = bal.Add(x.amount)
	}
	c.text(xText, y+4, fmt.Sprintf("Kontostand am %s", end.Format("02.01.2006")))
	amount(y+4, bal)
	c.font(false, 7)
	c.text(50, 805, "Postbank – eine Niederlassung der Deutsche Bank AG")
}

// drawING draws an ING-like layout: the balances in a box above the table,
// the booking date over the value date ("Buchung" over "Valuta"), amounts
// with a glued minus in one "Betrag (EUR)" column.
func drawING(c *pdfCanvas, iban string, opening, closing decimal.Decimal, txns []gTxn, rowsPerPage int) {
	const xDate, xText, xAmt = 50.0, 120.0, 545.0
	signed := func(v decimal.Decimal) string {
		if v.Sign() < 0 {
			return "-" + gMoney(v)
		}
		return gMoney(v)
	}
	page := 0
	var y float64
	header := func() {
		c.addPage()
		page++
		c.font(true, 16)
		c.text(50, 36, "ING")
		c.font(false, 9)
		c.text(300, 40, "Girokonto Nummer 5403201234")
		c.text(300, 52, fmt.Sprintf("Kontoauszug Seite %d", page))
		c.text(50, 90, "Max Mustermann")
		c.text(300, 90, "IBAN "+groups4(iban))
		if page == 1 {
			c.text(300, 110, "Alter Saldo")
			c.right(xAmt, 110, signed(opening)+" EUR")
			c.text(300, 122, "Neuer Saldo")
			c.right(xAmt, 122, signed(closing)+" EUR")
		}
		c.font(true, 9)
		if !c.untitled {
			c.text(xDate, 150, "Buchung")
			c.text(xText, 150, "Buchung / Verwendungszweck")
			c.right(xAmt, 150, "Betrag (EUR)")
			c.text(xDate, 160, "Valuta")
		}
		c.font(false, 9)
		y = 178
	}
	header()
	rows := 0
	for _, x := range txns {
		if rows+len(x.desc) > rowsPerPage {
			header()
			rows = 0
		}
		c.text(xDate, y, x.date.Format("02.01.2006"))
		c.text(xText, y, x.desc[0])
		c.right(xAmt, y, signed(x.amount))
		y += 10.5
		c.text(xDate, y, x.value.Format("02.01.2006"))
		c.text(xText, y, x.desc[1])
		for _, d := range x.desc[2:] {
			y += 10.5
			c.text(xText, y, d)
		}
		y += 14
		rows += len(x.desc)
	}
}

// checkGerman compares what matters of a statement: the balances, IBAN,
// currency, period and every transaction's dates, amount and description.
func checkGerman(t *testing.T, want *germanStatement, got *docextract.BankStatementData) {
	t.Helper()
	w, g := want.truth.General, got.General
	str := func(s *string) string {
		if s == nil {
			return "<nil>"
		}
		return *s
	}
	am := func(a *docextract.Amount) string {
		if a == nil {
			return "<nil>"
		}
		return a.Decimal.String()
	}
	require.Equal(t, str(w.IBAN), str(g.IBAN), "IBAN")
	require.Equal(t, str(w.Currency), str(g.Currency), "currency")
	require.Equal(t, str(w.BankName), str(g.BankName), "bank")
	require.Equal(t, am(w.OpeningBalance), am(g.OpeningBalance), "opening")
	require.Equal(t, am(w.ClosingBalance), am(g.ClosingBalance), "closing")
	require.Equal(t, str(w.PeriodStart), str(g.PeriodStart), "period start")
	require.Equal(t, str(w.PeriodEnd), str(g.PeriodEnd), "period end")
	require.Len(t, got.Transactions, len(want.truth.Transactions))
	for i, wt := range want.truth.Transactions {
		gt := got.Transactions[i]
		require.Equal(t, str(wt.Date), str(gt.Date), "txn %d date", i)
		require.Equal(t, str(wt.ValueDate), str(gt.ValueDate), "txn %d value date", i)
		require.Equal(t, am(wt.Amount), am(gt.Amount), "txn %d amount", i)
		require.Equal(t, str(wt.Description), str(gt.Description), "txn %d description", i)
		require.Equal(t, str(wt.Reference), str(gt.Reference), "txn %d reference", i)
	}
	v := validate.BankStatement(got)
	require.True(t, v.Passed, v.Details.CalculationLogic)
}

func TestGermanBankLayouts(t *testing.T) {
	t.Parallel()
	for _, style := range []string{"sh", "signed", "ing", "sh-untitled", "signed-untitled", "ing-untitled"} {
		for seed := range uint64(5) {
			t.Run(fmt.Sprintf("%s/%d", style, seed), func(t *testing.T) {
				t.Parallel()
				s := newGermanStatement(t, style, seed, 6+int(seed)*5, 30)
				checkGerman(t, s, Extract(s.pages))
			})
		}
	}
}

// TestGermanBankLayoutsThroughPDFium reads the same layouts with the real
// text reader.
func TestGermanBankLayoutsThroughPDFium(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	e := engine(t)
	for _, style := range []string{"sh", "signed", "ing", "sh-untitled", "signed-untitled", "ing-untitled"} {
		for seed := range uint64(3) {
			t.Run(fmt.Sprintf("%s/%d", style, seed), func(t *testing.T) {
				s := newGermanStatement(t, style, 50+seed, 8+int(seed)*9, 28)
				pages, err := testdocs.ReadPages(context.Background(), e, s.pdf)
				require.NoError(t, err)
				checkGerman(t, s, Extract(pages))
			})
		}
	}
}

// TestConfidence: a statement that reconciles has trusted balances and
// transactions; one amount misread makes them doubtful.
func TestConfidence(t *testing.T) {
	t.Parallel()
	s := newGermanStatement(t, "signed", 7, 8, 30)
	_, conf := ExtractScored(s.pages)
	require.GreaterOrEqual(t, conf["OpeningBalance"], 0.95)
	require.GreaterOrEqual(t, conf["transactions"], 0.95)
	require.Equal(t, 0.99, conf["IBAN"])
	// Change one printed amount: the statement no longer reconciles.
	pages := make([]layout.Page, len(s.pages))
	copy(pages, s.pages)
	pages[0].Words = append([]layout.Word(nil), s.pages[0].Words...)
	changed := false
	for i, w := range pages[0].Words {
		if i > 0 && pages[0].Words[i-1].Text == "-" && !changed {
			pages[0].Words[i].Text = "1,00"
			changed = w.Text != "1,00"
		}
	}
	require.True(t, changed)
	_, conf = ExtractScored(pages)
	require.Less(t, conf["transactions"], 0.6)
	require.Less(t, conf["ClosingBalance"], 0.8)
}
