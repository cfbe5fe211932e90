package bank

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/validate"
)

// rowsPage builds pages from rows "y|x:text|x>text" ("x>" right-aligns the
// text at x); a row "page" starts a new page. Words are 4.5 pt per
// character at size 9.
func rowsPage(rows ...string) []layout.Page {
	pages := []layout.Page{{Number: 1, Width: 595, Height: 842}}
	for _, r := range rows {
		if r == "page" {
			pages = append(pages, layout.Page{Number: len(pages) + 1, Width: 595, Height: 842})
			continue
		}
		parts := strings.Split(r, "|")
		var y float64
		fmt.Sscanf(parts[0], "%g", &y)
		for _, p := range parts[1:] {
			i := strings.IndexAny(p, ":>")
			var x float64
			fmt.Sscanf(p[:i], "%g", &x)
			text := p[i+1:]
			if p[i] == '>' {
				x -= 4.5 * float64(len([]rune(text)))
			}
			for _, t := range strings.Fields(text) {
				w := 4.5 * float64(len([]rune(t)))
				pg := &pages[len(pages)-1]
				pg.Words = append(pg.Words, layout.Word{Text: t, X0: x, Y0: y, X1: x + w, Y1: y + 9, Conf: 100, Size: 9})
				x += w + 2.5
			}
		}
	}
	return pages
}

// TestBroughtForward: a UK statement opens with "Balance brought forward"
// and carries its balance across pages; rows print "3 Jul" without the
// year; Paid out / Paid in / Balance columns carry no signs.
func TestBroughtForward(t *testing.T) {
	t.Parallel()
	got := Extract(rowsPage(
		"40|50:Northern Savings Bank plc",
		"70|50:Statement period 1 July 2023 to 31 July 2023",
		"84|50:Sort code 12-34-56 Account number 12345678",
		"110|50:Date|90:Description|400>Paid out|480>Paid in|560>Balance",
		"126|90:Balance brought forward|560>1,250.00",
		"140|50:3 Jul|90:Card payment TESCO STORES 2041|400>45.20|560>1,204.80",
		"154|50:5 Jul|90:Bank credit ACME LTD SALARY|480>2,100.00|560>3,304.80",
		"168|90:Balance carried forward|560>3,304.80",
		"page",
		"110|50:Date|90:Description|400>Paid out|480>Paid in|560>Balance",
		"126|90:Balance brought forward|560>3,304.80",
		"140|50:28 Jul|90:Direct debit COUNCIL TAX|400>154.00|560>3,150.80",
		"154|90:Balance carried forward|560>3,150.80",
	))
	g := got.General
	require.Equal(t, "1250", g.OpeningBalance.String())
	require.Equal(t, "3150.8", g.ClosingBalance.String())
	require.Equal(t, "2023-07-01", *g.PeriodStart)
	require.Len(t, got.Transactions, 3)
	require.Equal(t, "2023-07-03", *got.Transactions[0].Date)
	require.Equal(t, "-45.2", got.Transactions[0].Amount.String())
	require.Equal(t, "2100", got.Transactions[1].Amount.String())
	require.Equal(t, "2023-07-28", *got.Transactions[2].Date)
	require.Nil(t, g.Currency, "no code or symbol printed: no currency")
	v := validate.BankStatement(got)
	require.True(t, v.Passed, v.Details.CalculationLogic)
}
