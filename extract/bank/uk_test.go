package bank

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/textparse"
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
// year; Paid out / Paid in / Balance columns carry no signs. It prints no
// currency code or symbol, no IBAN and no address with a postcode: no
// currency is read. A currency is read from an address only where the
// bank's own letterhead ends it with a postcode of a country's shape (a
// US state and ZIP, TestHeaderAddressCurrency); a bank's name alone, or
// an address anywhere else, is no evidence of the account's currency.
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

// TestHeaderAddressCurrency: a US bank's statement printing no "$", no
// code and no IBAN is read in dollars from the bank's own address in its
// letterhead (its name, then a line ending in a state code and ZIP), with
// a lower confidence than a printed currency; the same statement whose
// only US address is the addressee's, under a letterhead with no postcode,
// reads no currency.
func TestHeaderAddressCurrency(t *testing.T) {
	t.Parallel()
	rows := func(head ...string) []string {
		return append(head,
			"110|50:DATE|100:DESCRIPTION|450>AMOUNT|545>BALANCE",
			"126|50:03/01|100:PREVIOUS BALANCE|545>1,000.00",
			"140|50:03/03|100:GROCERY OUTLET 0412|450>45.67-|545>954.33",
			"154|50:03/31|100:NEW BALANCE|545>954.33")
	}
	got, conf := ExtractScored(rowsPage(rows("36|50:FIRST FARMERS STATE BANK", "48|50:MAIN OFFICE 210 S MAIN ST HUTCHINSON KS 67501",
		"80|50:ROBERT L MILLER", "91|50:HUTCHINSON KS 67502")...))
	require.NotNil(t, got.General.Currency)
	require.Equal(t, "USD", *got.General.Currency)
	require.Equal(t, 0.5, conf["Currency"])
	got = Extract(rowsPage(rows("36|50:FIRST FARMERS STATE BANK", "48|50:Telephone banking 620-555-0190",
		"80|50:ROBERT L MILLER", "91|50:HUTCHINSON KS 67502")...))
	require.Nil(t, got.General.Currency, "the addressee's address is no evidence")
}

// TestSectionTables: a US statement's sections, each a table under its
// own heading and header: the unsigned amounts under a heading of money
// going out are negative, a check's date stands in its third column
// ("DATE PAID"), and the daily ending balances are no rows.
func TestSectionTables(t *testing.T) {
	t.Parallel()
	got := Extract(rowsPage(
		"40|50:Prairie National Bank",
		"60|50:March 1, 2023 through March 31, 2023",
		"80|50:Beginning Balance|480>$1,000.00",
		"92|50:Ending Balance|480>$1,500.00",
		"120|50:DEPOSITS AND ADDITIONS",
		"134|50:DATE|100:DESCRIPTION|560>AMOUNT",
		"148|50:03/02|100:PAYROLL ACME INC|560>1,000.00",
		"162|100:Total Deposits and Additions|560>$1,000.00",
		"190|50:CHECKS PAID",
		"204|50:CHECK NO.|120:DESCRIPTION|300:DATE PAID|560>AMOUNT",
		"218|50:1041|120:^|300:03/06|560>125.00",
		"232|100:Total Checks Paid|560>$125.00",
		"260|50:ELECTRONIC WITHDRAWALS",
		"274|50:DATE|100:DESCRIPTION|560>AMOUNT",
		"288|50:03/09|100:CITY WATER WEB PMT|560>375.00",
		"302|100:Total Electronic Withdrawals|560>$375.00",
		"330|50:DAILY ENDING BALANCE",
		"344|50:DATE|150>AMOUNT|220:DATE|320>AMOUNT|390:DATE|490>AMOUNT",
		"358|50:03/02|150>2,000.00|220:03/06|320>1,875.00|390:03/09|490>1,500.00",
	))
	require.Len(t, got.Transactions, 3)
	for i, want := range []struct{ date, amount, desc string }{
		{"2023-03-02", "1000", "PAYROLL ACME INC"},
		{"2023-03-06", "-125", "1041"},
		{"2023-03-09", "-375", "CITY WATER WEB PMT"},
	} {
		x := got.Transactions[i]
		require.Equal(t, want.date, *x.Date, "row %d", i)
		require.Equal(t, want.amount, x.Amount.String(), "row %d", i)
		require.Contains(t, *x.Description, want.desc, "row %d", i)
	}
	v := validate.BankStatement(got)
	require.True(t, v.Passed, v.Details.CalculationLogic)
}

// TestBalanceList tells a line of date/amount pairs (a table of daily
// balances) from a transaction's line.
func TestBalanceList(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		line string
		want bool
	}{
		{"03/02 2,000.00 03/06 1,875.00 03/09 1,500.00", true},
		{"03/02 2,000.00 03/06 1,875.00", true},
		{"03/02 2,000.00", false},
		{"03/02 PAYROLL ACME INC 1,000.00 03/06 1,875.00", false},
		{"03.03. 04.03. 12,34-", false},
		{"03/02 2,000.00 03/06", false},
	} {
		var ws []layout.Word
		for _, f := range strings.Fields(c.line) {
			ws = append(ws, layout.Word{Text: f})
		}
		require.Equal(t, c.want, balanceList(ws, textparse.MDY), c.line)
	}
}
