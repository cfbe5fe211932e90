package bank

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/internal/testdocs"
)

// A tenth batch (TestStatementLayoutSuiteKinds10): kinds of statement no
// earlier suite drew, written from how banks print them; our own made-up
// banks, names, numbers and addresses. Drawn before (see the earlier
// batches' notes): German banks of every sort in EUR, cards, turnover
// lists, quarterly and multi-page statements, two German accounts in one
// file, a multi-currency e-money file; UK, Irish, French, Italian,
// Spanish, Swiss (postal, in German), Dutch, Belgian (in French),
// Austrian and US statements. Split before the first score:
//
// tune:
//   - a German cooperative bank's foreign-currency account: "USD-Konto
//     Kontonummer" the only word of its currency (a German IBAN, German
//     words, "1.234,56 H"/"12,34 S" amounts), "alter/neuer Kontostand
//     vom", and under a foreign transfer's row its counter-value
//     "Gegenwert EUR 1.152,34 Kurs 1,0712" (an amount that is no row);
//   - a US bank's checking statement with a summary box ("Beginning
//     Balance", "Deposits and Additions", "Checks Paid", "Electronic
//     Withdrawals", "Ending Balance", each with a count), then the
//     sections "DEPOSITS AND ADDITIONS" ("Date | Description | Amount"),
//     "CHECKS PAID" ("Check No. | Description | Date Paid | Amount": the
//     check's number first, "^" as its description, the date third) and
//     "ELECTRONIC WITHDRAWALS", dates "03/06" month first with the year in
//     the period only, unsigned amounts whose sign is their section's, and
//     a "DAILY ENDING BALANCE" table of three date/amount pairs a line;
//   - a Spanish bank's "Cargo | Abono | Saldo": "Fecha | Concepto | Fecha
//     valor | Cargo | Abono | Saldo" (the value date after the text),
//     dates "03-03-2023", no balance rows in the table, and under it a
//     grid of labels over values ("Saldo anterior | Total cargos | Total
//     abonos | Saldo actual");
//   - an Italian postal-style statement whose amount columns come before
//     the text: "DATA CONTABILE | DATA VALUTA | ADDEBITI | ACCREDITI |
//     DESCRIZIONE DELLE OPERAZIONI", "03/03/2023", "SALDO INIZIALE" and
//     "SALDO FINALE" in the text column with their amount in a column,
//     "TOTALE USCITE"/"TOTALE ENTRATE" rows;
//   - a US credit union's member statement of two accounts: a summary of
//     both, the share savings account (a dividend, transfers) on the first
//     page, the share draft checking account from the second page, each
//     with "Beginning Balance"/"Ending Balance" rows and "Withdrawals |
//     Deposits | Balance" columns, one member number on every page, no
//     IBAN, "Page 1 of 3" running through the file.
//
// report (scored once, after the tune rules, never studied):
//   - a Geneva bank's statement in French and CHF: "Date | Libellé |
//     Débit | Crédit | Valeur | Solde", "03.03.23", "1'234.56", "Solde
//     reporté" first and "Solde au 31.03.2023" last;
//   - a Luxembourg private bank's statement in English with debits in
//     parentheses: "Booking date | Value date | Description | Amount |
//     Balance", "(1,234.56)" for money out, "Opening balance" and "Closing
//     balance" rows;
//   - a Dutch bank with month names in the dates ("03 mrt"), "Datum |
//     Omschrijving | Af | Bij | Saldo", "Beginsaldo" and "Eindsaldo" rows.
//
// later (a second report part, written once the tune rules were done and
// the report part scored, then scored once as it came):
//   - a French postal bank's "Relevé de vos comptes": a "Situation de vos
//     comptes" box over the operations naming every account's balance
//     (the current account's closing balance and a Livret A's, with their
//     total), then "Date | Opérations | Débit (€) | Crédit (€)", "03/03",
//     "Ancien solde au", "Total des opérations", "Nouveau solde au";
//   - a Catalan savings bank's "Fecha | Valor | Descripción | Debe | Haber
//     | Saldo", "03/03" with the year in "Extracto del ... al ...", the
//     opening balance in the header ("Saldo anterior al 28/02/2023:
//     1.234,56 EUR"), no closing row (the last running balance);
//   - a German direct bank's statement in English: "Booking date | Value
//     date | Transaction | Debit | Credit", German dates and numbers
//     ("03.03.2023", "1.234,56") under English words, "Old balance as of"
//     and "New balance as of".
//
// later2 (a third report part, written once the later part was scored,
// then scored once as it came):
//   - a UK building society's current account: "DATE | DESCRIPTION |
//     MONEY OUT | MONEY IN | BALANCE", dates printed glued ("03MAR23"),
//     "£12.34" amounts, balances "£1,234.56 CR"/"DR", "OPENING BALANCE"
//     and "CLOSING BALANCE" rows;
//   - an Italian bank's "Lista movimenti": "Data contabile | Data valuta
//     | Importo | Divisa | Causale | Descrizione" (a signed amount, then
//     "EUR" in a column of its own on every row), the balances only
//     above the table as labels over values ("Saldo contabile iniziale |
//     Saldo contabile finale");
//   - a Flemish bank's "Rekeninguittreksel": a running number before each
//     row, "03-03" dates, "Valuta", "Bedrag in EUR" with "-12,34" and
//     "+1.200,00", "Mededeling:" lines, "Vorig saldo op"/"Nieuw saldo op".
//
// later3 (a fourth report part, written once the later2 part was scored
// and studied, then scored once as it came):
//   - a German app bank: "Datum | Beschreibung | Betrag", dates "3. März"
//     without a year, "+1.200,00 €"/"-12,34 €", "Kontostand am 1. März
//     2023" above and "Kontostand am 31. März 2023" below;
//   - a US community bank's mainframe print: "DATE | DESCRIPTION | AMOUNT
//     | BALANCE" in capitals, "03/04", debits with a trailing minus
//     ("45.67-"), "PREVIOUS BALANCE" and "NEW BALANCE" outside the table,
//     no "$" or currency code anywhere;
//   - a Liechtenstein private bank in English and CHF: "Date | Text |
//     Debit | Credit | Value | Balance", "03.03.2023", "1'234.56",
//     "Balance carried forward" atop every page and "Balance to be carried
//     forward" at a page's foot, "Balance as of".
//
// What the right result is where the schema is silent, decided here:
//   - a foreign-currency account is read in its own currency (USD at a
//     German bank); a counter-value in another currency printed in the
//     text is no transaction.
//   - a credit union's member statement of two accounts is two statements
//     (as the eighth batch's file of two accounts), the savings first as
//     printed; neither has an IBAN.
//   - a US statement's sections are kept in the printed order; a check's
//     description holds its number; the daily ending balances are no
//     transactions.
//   - an amount in parentheses is negative.
//   - a summary of every account of the customer above one account's
//     operations: the other accounts' balances are not the statement's.
//
// Cost: 9 and 60 transactions for every layout.

// usdKontoStmt: a German cooperative bank's USD account's month.
func usdKontoStmt(seed uint64, n int) kindStmt {
	st := newStmt(seed, n, "DE")
	st.iban = ibanFor("DE", "62091800"+digitsOf(st, 10))
	for i, x := range st.txns {
		if x.desc[0] == "Lohn/Gehalt" || x.desc[0] == "Gutschrift" {
			x.desc = []string{"Auslandsüberweisung", x.desc[1], x.desc[2]}
			st.txns[i] = x
		}
	}
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindUSDKonto: see the batch notes (a German bank's USD account).
func kindUSDKonto(c *testdocs.Produced, s kindStmt) {
	const rows = 36
	acct := digitsOf(s.stmt, 10)
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Volksbank Tauberfeld eG")
		c.Font(false, 8)
		c.Text(350, 36, "USD-Konto   Kontonummer "+acct)
		c.Text(350, 46, fmt.Sprintf("Kontoauszug %d/%d   Blatt %d", int(s.start.Month()), s.start.Year(), c.Page()))
		c.Text(350, 56, "IBAN "+groups4(s.iban)+"   BIC GENODE61TBF")
		c.Font(false, 6.5)
		c.Text(50, 810, "Volksbank Tauberfeld eG · Marktplatz 4 · 97941 Tauberfeld · Genossenschaftsregister GnR 3318 Amtsgericht Mannheim")
		y = 84
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "Herrn Tobias Engel")
			c.Text(50, 91, "Lindenweg 12")
			c.Text(50, 102, "97941 Tauberfeld")
			y = 130
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Bu-Tag")
		c.Text(90, y, "Wert")
		c.Text(130, y, "Vorgang")
		c.Right(545, y, "Umsatz")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
		if first {
			c.Font(true, 8)
			c.Text(130, y, "alter Kontostand vom "+s.start.AddDate(0, 0, -1).Format("02.01.2006"))
			c.Right(545, y, sh(s.opening))
			c.Font(false, 8)
			y += 14
		}
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, x.date.Format("02.01."))
		c.Text(90, y, x.value.Format("02.01."))
		c.Text(130, y, x.desc[0])
		c.Right(545, y, sh(x.amount))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(130, y, d)
		}
		if x.desc[0] == "Auslandsüberweisung" {
			eur := x.amount.Div(decimal.RequireFromString("1.0712")).Round(2)
			y += 10
			c.Text(130, y, "Gegenwert EUR "+gMoney(eur)+" Kurs 1,0712")
		}
		y += 13
	}, func(b decimal.Decimal, out bool) {
		c.Font(true, 8)
		if out {
			c.Text(130, y, fmt.Sprintf("Übertrag auf Blatt %d", c.Page()+1))
		} else {
			c.Text(130, y, fmt.Sprintf("Übertrag von Blatt %d", c.Page()-1))
			defer func() { y += 14 }()
		}
		c.Right(545, y, sh(b))
		c.Font(false, 8)
	})
	c.Line(50, 545, y)
	y += 5
	c.Font(true, 8)
	c.Text(130, y, "neuer Kontostand vom "+s.end.Format("02.01.2006"))
	c.Right(545, y, sh(s.closing))
}

// usChecksStmt: a US checking month in its printed order: deposits, then
// checks, then electronic withdrawals.
func usChecksStmt(seed uint64, n int) kindStmt {
	s := usChkStmt(seed, n)
	var dep, chk, wd []gTxn
	no := 1041
	for i, x := range s.txns {
		switch {
		case x.amount.Sign() > 0:
			dep = append(dep, x)
		case i%3 == 0:
			x.desc = []string{"Check", fmt.Sprint(no)}
			x.value = x.date
			no += 1 + i%2
			chk = append(chk, x)
		default:
			wd = append(wd, x)
		}
	}
	s.txns = append(append(dep, chk...), wd...)
	return s
}

// kindUSChecks: see the batch notes (a US statement with checks paid).
func kindUSChecks(c *testdocs.Produced, s kindStmt) {
	const rows = 50
	var y float64
	n := 0
	newPage := func() {
		c.AddPage()
		c.Font(true, 13)
		c.Text(50, 36, "Great Plains Trust Bank")
		c.Font(false, 8)
		c.Text(50, 50, "PO Box 6620 · Omaha, NE 68106")
		c.Text(360, 36, usDate(s.start)+" through "+usDate(s.end))
		c.Text(360, 46, "Account Number: "+s.acct)
		c.Text(360, 56, fmt.Sprintf("Page %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 812, "Great Plains Trust Bank, N.A. Member FDIC. Web site: greatplainstrust.example · Service Center: 1-800-555-0107")
		y = 84
		n = 0
	}
	kinds := []struct {
		title, name string
		rows        []gTxn
		sum         decimal.Decimal
	}{{title: "DEPOSITS AND ADDITIONS", name: "Deposits and Additions"}, {title: "CHECKS PAID", name: "Checks Paid"}, {title: "ELECTRONIC WITHDRAWALS", name: "Electronic Withdrawals"}}
	for _, x := range s.txns {
		k := 2
		if x.amount.Sign() > 0 {
			k = 0
		} else if x.desc[0] == "Check" {
			k = 1
		}
		kinds[k].rows = append(kinds[k].rows, x)
		kinds[k].sum = kinds[k].sum.Add(x.amount)
	}
	newPage()
	c.Font(false, 9)
	c.Text(50, 80, "MARY E JOHANSEN")
	c.Text(50, 91, "4418 DODGE ST")
	c.Text(50, 102, "OMAHA NE 68131-2207")
	y = 128
	c.Font(true, 10)
	c.Text(50, y, "CHECKING SUMMARY")
	c.Font(true, 7.5)
	c.Right(400, y, "INSTANCES")
	c.Right(480, y, "AMOUNT")
	y += 14
	c.Font(false, 8.5)
	c.Text(50, y, "Beginning Balance")
	c.Right(480, y, "$"+enMoney(s.opening))
	y += 11
	for _, k := range kinds {
		c.Text(50, y, k.name)
		c.Right(400, y, fmt.Sprint(len(k.rows)))
		c.Right(480, y, minus(k.sum)+enMoney(k.sum))
		y += 11
	}
	c.Text(50, y, "Ending Balance")
	c.Right(400, y, fmt.Sprint(len(s.txns)))
	c.Right(480, y, minus(s.closing)+"$"+enMoney(s.closing))
	y += 30
	for ki, k := range kinds {
		if len(k.rows) == 0 {
			continue
		}
		head := func() {
			c.Font(true, 7.5)
			if ki == 1 {
				c.Text(50, y, "CHECK NO.")
				c.Text(120, y, "DESCRIPTION")
				c.Text(300, y, "DATE PAID")
			} else {
				c.Text(50, y, "DATE")
				c.Text(100, y, "DESCRIPTION")
			}
			c.Right(545, y, "AMOUNT")
			c.Line(50, 545, y+11)
			y += 16
			c.Font(false, 8)
		}
		if n+4 > rows {
			newPage()
		}
		c.Font(true, 10)
		c.Text(50, y, k.title)
		y += 16
		n += 2
		head()
		for _, x := range k.rows {
			if n+len(x.desc) > rows {
				newPage()
				c.Font(true, 9)
				c.Text(50, y, k.title+" (continued)")
				y += 14
				head()
			}
			if ki == 1 {
				c.Text(50, y, x.desc[1])
				c.Text(120, y, "^")
				c.Text(300, y, x.date.Format("01/02"))
			} else {
				c.Text(50, y, x.date.Format("01/02"))
				c.Text(100, y, strings.Join(x.desc[1:], " "))
			}
			c.Right(545, y, enMoney(x.amount))
			y += 12
			n += len(x.desc)
		}
		c.Line(50, 545, y)
		y += 4
		c.Font(true, 8)
		c.Text(100, y, "Total "+k.name)
		c.Right(545, y, "$"+enMoney(k.sum))
		y += 24
		n += 3
	}
	// the daily ending balances, three date/amount pairs a line
	var days []time.Time
	var bals []decimal.Decimal
	bal := s.opening
	chron := append([]gTxn{}, s.txns...)
	sortByDate(chron)
	for i, x := range chron {
		bal = bal.Add(x.amount)
		if i == len(chron)-1 || !chron[i+1].date.Equal(x.date) {
			days = append(days, x.date)
			bals = append(bals, bal)
		}
	}
	if n+4 > rows {
		newPage()
	}
	c.Font(true, 10)
	c.Text(50, y, "DAILY ENDING BALANCE")
	y += 16
	c.Font(true, 7.5)
	for k := range 3 {
		c.Text(50+float64(k)*170, y, "DATE")
		c.Right(190+float64(k)*170, y, "AMOUNT")
	}
	y += 14
	c.Font(false, 8)
	for i := range days {
		k := i % 3
		if k == 0 && i > 0 {
			y += 11
			n++
			if n > rows {
				newPage()
			}
		}
		c.Text(50+float64(k)*170, y, days[i].Format("01/02"))
		c.Right(190+float64(k)*170, y, minus(bals[i])+enMoney(bals[i]))
	}
}

// esCargoStmt: a Spanish current account's month.
func esCargoStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "ES"), "es")
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindEsCargoAbono: see the batch notes (a Spanish bank, Cargo/Abono).
func kindEsCargoAbono(c *testdocs.Produced, s kindStmt) {
	const rows = 40
	var cargos, abonos decimal.Decimal
	for _, x := range s.txns {
		if x.amount.Sign() < 0 {
			cargos = cargos.Sub(x.amount)
		} else {
			abonos = abonos.Add(x.amount)
		}
	}
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Banca Marítima del Norte")
		c.Font(false, 8)
		c.Text(340, 36, "Extracto de cuenta corriente")
		c.Text(340, 46, "IBAN "+groups4(s.iban))
		c.Text(340, 56, fmt.Sprintf("Periodo: %s a %s", s.start.Format("02-01-2006"), s.end.Format("02-01-2006")))
		c.Text(340, 66, fmt.Sprintf("Página %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 810, "Banca Marítima del Norte, S.A. · Paseo de Pereda 40 · 39004 Santander · NIF A39118822 · Inscrita en el Registro de Entidades del Banco de España")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "Dña. LUCÍA FERNÁNDEZ RUIZ")
			c.Text(50, 91, "C/ Castilla 12, 3º B")
			c.Text(50, 102, "39009 SANTANDER")
			y = 130
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Fecha")
		c.Text(100, y, "Concepto")
		c.Text(300, y, "Fecha valor")
		c.Right(410, y, "Cargo")
		c.Right(475, y, "Abono")
		c.Right(545, y, "Saldo")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
	}, func(x gTxn, bal decimal.Decimal) {
		c.Text(50, y, x.date.Format("02-01-2006"))
		c.Text(100, y, x.desc[0])
		c.Text(300, y, x.value.Format("02-01-2006"))
		if x.amount.Sign() < 0 {
			c.Right(410, y, gMoney(x.amount))
		} else {
			c.Right(475, y, gMoney(x.amount))
		}
		c.Right(545, y, esSigned(bal))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(100, y, d)
		}
		y += 13
	}, nil)
	c.Line(50, 545, y)
	y += 14
	c.Font(true, 7.5)
	for i, l := range []string{"Saldo anterior", "Total cargos", "Total abonos", "Saldo actual"} {
		c.Right(200+float64(i)*115, y, l)
	}
	c.Font(false, 8.5)
	for i, v := range []string{esSigned(s.opening) + " EUR", gMoney(cargos) + " EUR", gMoney(abonos) + " EUR", esSigned(s.closing) + " EUR"} {
		c.Right(200+float64(i)*115, y+12, v)
	}
}

// itPosteStmt: an Italian current account's month.
func itPosteStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "IT"), "it")
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindItPoste: see the batch notes (the amounts before the text).
func kindItPoste(c *testdocs.Produced, s kindStmt) {
	const rows = 40
	side := func(v decimal.Decimal) float64 {
		if v.Sign() < 0 {
			return 240
		}
		return 300
	}
	var out, in decimal.Decimal
	for _, x := range s.txns {
		if x.amount.Sign() < 0 {
			out = out.Sub(x.amount)
		} else {
			in = in.Add(x.amount)
		}
	}
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Banca dei Colli Euganei")
		c.Font(false, 8)
		c.Text(350, 36, "ESTRATTO CONTO")
		c.Text(350, 46, "IBAN "+s.iban)
		c.Text(350, 56, fmt.Sprintf("Dal %s al %s", s.start.Format("02/01/2006"), s.end.Format("02/01/2006")))
		c.Text(350, 66, fmt.Sprintf("Pagina %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 810, "Banca dei Colli Euganei S.p.A. · Via Roma 55, 35043 Monselice (PD) · Aderente al Fondo Interbancario di Tutela dei Depositi")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "GIULIA BERTIN")
			c.Text(50, 91, "VIA CAVOUR 21")
			c.Text(50, 102, "35042 ESTE PD")
			y = 130
		}
		c.Font(true, 7)
		c.Text(50, y, "DATA")
		c.Text(50, y+8, "CONTABILE")
		c.Text(105, y, "DATA")
		c.Text(105, y+8, "VALUTA")
		c.Right(240, y+8, "ADDEBITI")
		c.Right(300, y+8, "ACCREDITI")
		c.Text(315, y+8, "DESCRIZIONE DELLE OPERAZIONI")
		c.Line(50, 545, y+19)
		y += 24
		c.Font(false, 8)
		if first {
			c.Text(50, y, s.start.AddDate(0, 0, -1).Format("02/01/2006"))
			c.Right(side(s.opening), y, gMoney(s.opening))
			c.Text(315, y, "SALDO INIZIALE")
			y += 13
		}
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, x.date.Format("02/01/2006"))
		c.Text(105, y, x.value.Format("02/01/2006"))
		c.Right(side(x.amount), y, gMoney(x.amount))
		c.Text(315, y, strings.ToUpper(x.desc[0]))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(315, y, d)
		}
		y += 13
	}, nil)
	c.Line(50, 545, y)
	y += 5
	c.Font(true, 8)
	c.Right(240, y, gMoney(out))
	c.Text(315, y, "TOTALE USCITE")
	y += 11
	c.Right(300, y, gMoney(in))
	c.Text(315, y, "TOTALE ENTRATE")
	y += 14
	c.Text(50, y, s.end.Format("02/01/2006"))
	c.Right(side(s.closing), y, gMoney(s.closing))
	c.Text(315, y, "SALDO FINALE")
}

// cuTwoStmt: the share savings account's month, the checking account's in
// next.
func cuTwoStmt(seed uint64, n int) kindStmt {
	chk := usCUStmt(seed, n)
	r := rand.New(rand.NewPCG(seed, 0x5a11))
	sv := stmt{start: chk.start, end: chk.end, opening: decimal.New(int64(100000+r.IntN(900000)), -2)}
	in := decimal.New(int64(5000+r.IntN(30000)), -2)
	out := decimal.New(int64(2000+r.IntN(20000)), -2).Neg()
	div := sv.opening.Mul(decimal.RequireFromString("0.0021")).Round(2)
	sv.txns = []gTxn{
		{date: sv.start.AddDate(0, 0, 4), desc: []string{"Transfer", "Transfer From Share Draft 0010"}, amount: in},
		{date: sv.start.AddDate(0, 0, 15), desc: []string{"Transfer", "Transfer To Share Draft 0010"}, amount: out},
		{date: sv.end, desc: []string{"Dividend", "Dividend Deposit 2.50% APY"}, amount: div},
	}
	sv.closing = sv.opening.Add(in).Add(out).Add(div)
	s := kindStmt{stmt: sv, extra: make([]kindExtra, 3), valid: true, acct: chk.acct}
	chk.acct = ""
	s.next = &chk
	return s
}

// kindCUTwo: see the batch notes (a credit union, two accounts).
func kindCUTwo(c *testdocs.Produced, s kindStmt) {
	const rows = 48
	member := s.acct[:7]
	total := 1 + pagesOf(s.next.stmt, rows)
	var y float64
	head := func() {
		c.AddPage()
		c.Font(true, 13)
		c.Text(50, 36, "Prairie Hearth Community Credit Union")
		c.Font(false, 8)
		c.Text(50, 50, "1200 W 9th St · Sioux Falls, SD 57104")
		c.Text(380, 36, "Member Number "+member)
		c.Text(380, 46, "Statement Period "+s.start.Format("01/02/2006")+" - "+s.end.Format("01/02/2006"))
		c.Text(380, 56, fmt.Sprintf("Page %d of %d", c.Page(), total))
		c.Font(false, 6.5)
		c.Text(50, 812, "Your savings federally insured to at least $250,000 by NCUA. Questions? Call (605) 555-0140.")
		y = 84
	}
	sums := func(st stmt) (dep, wd decimal.Decimal) {
		for _, x := range st.txns {
			if x.amount.Sign() > 0 {
				dep = dep.Add(x.amount)
			} else {
				wd = wd.Sub(x.amount)
			}
		}
		return
	}
	cols := func() {
		c.Font(true, 7.5)
		c.Text(50, y, "Date")
		c.Text(110, y, "Transaction Description")
		c.Right(400, y, "Withdrawals")
		c.Right(470, y, "Deposits")
		c.Right(545, y, "Balance")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
	}
	row := func(x gTxn, bal decimal.Decimal) {
		c.Text(50, y, x.date.Format("01/02"))
		c.Text(110, y, x.desc[1])
		if x.amount.Sign() < 0 {
			c.Right(400, y, enMoney(x.amount))
		} else {
			c.Right(470, y, enMoney(x.amount))
		}
		c.Right(545, y, minus(bal)+enMoney(bal))
		for _, d := range x.desc[2:] {
			y += 10
			c.Text(110, y, d)
		}
		y += 13
	}
	ends := func(st stmt, first bool) {
		d, l, v := st.start.AddDate(0, 0, -1), "Beginning Balance", st.opening
		if !first {
			d, l, v = st.end, "Ending Balance", st.closing
		}
		c.Text(50, y, d.Format("01/02"))
		c.Text(110, y, l)
		c.Right(545, y, minus(v)+enMoney(v))
		y += 13
	}
	head()
	c.Font(false, 9)
	c.Text(50, 80, "DANIEL R OKAFOR")
	c.Text(50, 91, "3310 S MINNESOTA AVE")
	c.Text(50, 102, "SIOUX FALLS SD 57105")
	y = 128
	c.Font(true, 9)
	c.Text(50, y, "Account Summary")
	y += 13
	c.Font(true, 7.5)
	for i, l := range []string{"Previous Balance", "Deposits", "Withdrawals", "New Balance"} {
		c.Right(280+float64(i)*88, y, l)
	}
	y += 11
	c.Font(false, 8)
	for _, a := range []struct {
		name string
		st   stmt
	}{{"0000 Share Savings", s.stmt}, {"0010 Share Draft Checking", s.next.stmt}} {
		dep, wd := sums(a.st)
		c.Text(50, y, a.name)
		for i, v := range []decimal.Decimal{a.st.opening, dep, wd, a.st.closing} {
			c.Right(280+float64(i)*88, y, minus(v)+enMoney(v))
		}
		y += 11
	}
	y += 20
	c.Font(true, 10)
	c.Text(50, y, "SHARE SAVINGS - ID 0000")
	y += 16
	cols()
	ends(s.stmt, true)
	bal := s.opening
	for _, x := range s.txns {
		bal = bal.Add(x.amount)
		row(x, bal)
	}
	ends(s.stmt, false)
	y += 10
	c.Font(false, 7.5)
	c.Text(50, y, "Dividend rate 2.47% · Annual percentage yield earned 2.50% · Dividends paid year to date $"+enMoney(s.txns[2].amount.Mul(decimal.NewFromInt(int64(s.end.Month())))))
	paginate(s.next.stmt, rows, func(first bool) {
		head()
		c.Font(true, 10)
		if first {
			c.Text(50, y, "SHARE DRAFT CHECKING - ID 0010")
		} else {
			c.Text(50, y, "SHARE DRAFT CHECKING - ID 0010 (continued)")
		}
		y += 16
		cols()
		if first {
			ends(s.next.stmt, true)
		}
	}, row, nil)
	ends(s.next.stmt, false)
}

// chFrStmt: a Geneva bank's CHF account's month.
func chFrStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "FR"), "fr")
	st.iban = ibanFor("CH", "08755"+digitsOf(st, 12))
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindChFr: see the batch notes (a Geneva bank in French and CHF).
func kindChFr(c *testdocs.Produced, s kindStmt) {
	const rows = 42
	bal := func(v decimal.Decimal) string { return minus(v) + chf(v) }
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Banque du Rhône et du Salève SA")
		c.Font(false, 8)
		c.Text(340, 36, "Extrait de compte")
		c.Text(340, 46, "Compte privé CHF   "+groups4(s.iban))
		c.Text(340, 56, fmt.Sprintf("Période du %s au %s", s.start.Format("02.01.2006"), s.end.Format("02.01.2006")))
		c.Text(340, 66, fmt.Sprintf("Page %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 810, "Banque du Rhône et du Salève SA · Rue du Rhône 61 · 1204 Genève · Sauf erreur ou omission, veuillez contrôler cet extrait.")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "Madame Claire Dubois")
			c.Text(50, 91, "Chemin des Crêts 8")
			c.Text(50, 102, "1218 Le Grand-Saconnex")
			y = 130
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Date")
		c.Text(95, y, "Libellé")
		c.Right(365, y, "Débit")
		c.Right(425, y, "Crédit")
		c.Text(440, y, "Valeur")
		c.Right(545, y, "Solde")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
		if first {
			c.Text(50, y, s.start.AddDate(0, 0, -1).Format("02.01.06"))
			c.Text(95, y, "Solde reporté")
			c.Right(545, y, bal(s.opening))
			y += 13
		}
	}, func(x gTxn, b decimal.Decimal) {
		c.Text(50, y, x.date.Format("02.01.06"))
		c.Text(95, y, x.desc[0]+" "+x.desc[1])
		if x.amount.Sign() < 0 {
			c.Right(365, y, chf(x.amount))
		} else {
			c.Right(425, y, chf(x.amount))
		}
		c.Text(440, y, x.value.Format("02.01.06"))
		c.Right(545, y, bal(b))
		for _, d := range x.desc[2:] {
			y += 10
			c.Text(95, y, d)
		}
		y += 13
	}, nil)
	c.Line(50, 545, y)
	y += 5
	c.Font(true, 8)
	c.Text(95, y, "Solde au "+s.end.Format("02.01.2006"))
	c.Right(545, y, bal(s.closing))
}

// luStmt: a Luxembourg private bank's EUR account's month.
func luStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "GB"), "en")
	st.iban = ibanFor("LU", "418"+digitsOf(st, 13))
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// paren is "1,234.56" or "(12.34)".
func paren(v decimal.Decimal) string {
	if v.Sign() < 0 {
		return "(" + enMoney(v) + ")"
	}
	return enMoney(v)
}

// kindLuParen: see the batch notes (debits in parentheses).
func kindLuParen(c *testdocs.Produced, s kindStmt) {
	const rows = 42
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Banque Privée de la Moselle S.A.")
		c.Font(false, 8)
		c.Text(340, 36, "Statement of account")
		c.Text(340, 46, "Current account EUR")
		c.Text(340, 56, "IBAN "+groups4(s.iban))
		c.Text(340, 66, fmt.Sprintf("From %s to %s · Page %d", s.start.Format("02/01/2006"), s.end.Format("02/01/2006"), c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 810, "Banque Privée de la Moselle S.A. · 12, boulevard Royal · L-2449 Luxembourg · R.C.S. Luxembourg B 41.208 · supervised by the CSSF")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "Mr and Mrs Peter Lindqvist")
			c.Text(50, 91, "7, rue des Aubépines")
			c.Text(50, 102, "L-1145 Luxembourg")
			y = 130
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Booking date")
		c.Text(110, y, "Value date")
		c.Text(170, y, "Description")
		c.Right(470, y, "Amount")
		c.Right(545, y, "Balance")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
		if first {
			c.Text(170, y, "Opening balance")
			c.Right(545, y, paren(s.opening))
			y += 13
		}
	}, func(x gTxn, b decimal.Decimal) {
		c.Text(50, y, x.date.Format("02/01/2006"))
		c.Text(110, y, x.value.Format("02/01/2006"))
		c.Text(170, y, x.desc[0]+" "+x.desc[1])
		c.Right(470, y, paren(x.amount))
		c.Right(545, y, paren(b))
		for _, d := range x.desc[2:] {
			y += 10
			c.Text(170, y, d)
		}
		y += 13
	}, nil)
	c.Line(50, 545, y)
	y += 5
	c.Font(true, 8)
	c.Text(170, y, "Closing balance")
	c.Right(545, y, paren(s.closing))
}

// nlMonths: the Dutch months' short names.
var nlMonths = []string{"jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"}

// nlShort is "03 mrt".
func nlShort(d time.Time) string { return fmt.Sprintf("%02d %s", d.Day(), nlMonths[d.Month()-1]) }

// nlMaandStmt: a Dutch current account's month.
func nlMaandStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "NL"), "nl")
	st.iban = ibanFor("NL", "DLTA0"+digitsOf(st, 9))
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindNlMaand: see the batch notes (Dutch month names in the dates).
func kindNlMaand(c *testdocs.Produced, s kindStmt) {
	const rows = 42
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Deltabank")
		c.Font(false, 8)
		c.Text(340, 36, "Afschrift betaalrekening")
		c.Text(340, 46, groups4(s.iban))
		c.Text(340, 56, fmt.Sprintf("%d %s %d - %d %s %d", s.start.Day(), nlMonths[s.start.Month()-1], s.start.Year(), s.end.Day(), nlMonths[s.end.Month()-1], s.end.Year()))
		c.Text(340, 66, fmt.Sprintf("Pagina %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 810, "Deltabank N.V. · Coolsingel 61 · 3012 AB Rotterdam · KvK 24411873 · Bedragen in euro")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "Mevr. S. de Boer")
			c.Text(50, 91, "Mathenesserlaan 212")
			c.Text(50, 102, "3014 HH Rotterdam")
			y = 130
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Datum")
		c.Text(95, y, "Omschrijving")
		c.Right(400, y, "Af")
		c.Right(470, y, "Bij")
		c.Right(545, y, "Saldo")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
		if first {
			c.Text(50, y, nlShort(s.start))
			c.Text(95, y, "Beginsaldo")
			c.Right(545, y, esSigned(s.opening))
			y += 13
		}
	}, func(x gTxn, b decimal.Decimal) {
		c.Text(50, y, nlShort(x.date))
		c.Text(95, y, x.desc[1])
		if x.amount.Sign() < 0 {
			c.Right(400, y, gMoney(x.amount))
		} else {
			c.Right(470, y, gMoney(x.amount))
		}
		c.Right(545, y, esSigned(b))
		c.Font(false, 7.5)
		y += 10
		line := x.desc[0]
		if len(x.desc) > 2 {
			line += " · " + x.desc[2]
		}
		c.Text(95, y, line)
		c.Font(false, 8)
		y += 13
	}, nil)
	c.Line(50, 545, y)
	y += 5
	c.Font(true, 8)
	c.Text(50, y, nlShort(s.end))
	c.Text(95, y, "Eindsaldo")
	c.Right(545, y, esSigned(s.closing))
}

var stmtKinds10Tune = []kindLayout{
	{"de-usd-konto", "USD", usdKontoStmt, kindUSDKonto, []int{9, 60}},
	{"us-checks-paid", "USD", usChecksStmt, kindUSChecks, []int{9, 60}},
	{"es-cargo-abono", "EUR", esCargoStmt, kindEsCargoAbono, []int{9, 60}},
	{"it-amounts-first", "EUR", itPosteStmt, kindItPoste, []int{9, 60}},
	{"cu-two-accounts", "USD", cuTwoStmt, kindCUTwo, []int{9, 60}},
}

var stmtKinds10Report = []kindLayout{
	{"ch-fr-chf", "CHF", chFrStmt, kindChFr, []int{9, 60}},
	{"lu-parentheses", "EUR", luStmt, kindLuParen, []int{9, 60}},
	{"nl-month-names", "EUR", nlMaandStmt, kindNlMaand, []int{9, 60}},
}

// frSituationStmt: a French postal bank's current account's month.
func frSituationStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "FR"), "fr")
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindFrSituation: see the batch notes (a summary of every account
// above the current account's operations).
func kindFrSituation(c *testdocs.Produced, s kindStmt) {
	const rows = 40
	livret := s.opening.Mul(decimal.NewFromInt(3)).Add(decimal.New(123456, -2)).Round(2)
	side := func(v decimal.Decimal) float64 {
		if v.Sign() < 0 {
			return 470
		}
		return 545
	}
	var deb, cred decimal.Decimal
	for _, x := range s.txns {
		if x.amount.Sign() < 0 {
			deb = deb.Sub(x.amount)
		} else {
			cred = cred.Add(x.amount)
		}
	}
	num := digitsOf(s.stmt, 11)
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "La Banque des Postes Régionales")
		c.Font(false, 8)
		c.Text(350, 36, "Relevé de vos comptes")
		c.Text(350, 46, fmt.Sprintf("du %s au %s", s.start.Format("02/01/2006"), s.end.Format("02/01/2006")))
		c.Text(350, 56, fmt.Sprintf("Page %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 810, "La Banque des Postes Régionales · SA à directoire et conseil de surveillance · 115 rue de Sèvres 75006 Paris · RCS Paris 421 100 645")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "M. ANTOINE GIRARD")
			c.Text(50, 91, "14 RUE DU MARECHAL FOCH")
			c.Text(50, 102, "33000 BORDEAUX")
			y = 130
			c.Font(true, 9)
			c.Text(50, y, "Situation de vos comptes au "+s.end.Format("02/01/2006"))
			y += 14
			c.Font(false, 8.5)
			c.Text(50, y, "Compte courant postal n° "+num)
			c.Right(545, y, minus(s.closing)+frMoney(s.closing)+" €")
			y += 11
			c.Text(50, y, "Livret A n° "+num[:9]+"A")
			c.Right(545, y, frMoney(livret)+" €")
			y += 11
			c.Font(true, 8.5)
			c.Text(50, y, "Total de vos avoirs")
			c.Right(545, y, frMoney(livret.Add(s.closing))+" €")
			y += 26
			c.Font(true, 9)
			c.Text(50, y, "Vos opérations — Compte courant postal n° "+num)
			y += 11
			c.Font(false, 8)
			c.Text(50, y, "IBAN : "+groups4(s.iban)+"   BIC : PSTRFRPPBOR")
			y += 18
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Date")
		c.Text(95, y, "Opérations")
		c.Right(470, y, "Débit (€)")
		c.Right(545, y, "Crédit (€)")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
		if first {
			c.Font(true, 8)
			c.Text(95, y, "Ancien solde au "+s.start.AddDate(0, 0, -1).Format("02/01/2006"))
			c.Right(side(s.opening), y, frMoney(s.opening))
			c.Font(false, 8)
			y += 13
		}
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, x.date.Format("02/01"))
		c.Text(95, y, strings.ToUpper(x.desc[0]))
		c.Right(side(x.amount), y, frMoney(x.amount))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(95, y, d)
		}
		y += 13
	}, nil)
	c.Line(50, 545, y)
	y += 5
	c.Font(true, 8)
	c.Text(95, y, "Total des opérations")
	c.Right(470, y, frMoney(deb))
	c.Right(545, y, frMoney(cred))
	y += 13
	c.Text(95, y, "Nouveau solde au "+s.end.Format("02/01/2006"))
	c.Right(side(s.closing), y, frMoney(s.closing))
}

// esDebeStmt: a Spanish current account's month.
func esDebeStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "ES"), "es")
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindEsDebeHaber: see the batch notes (Debe/Haber, no closing row).
func kindEsDebeHaber(c *testdocs.Produced, s kindStmt) {
	const rows = 40
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Caixa Vallès Oriental")
		c.Font(false, 8)
		c.Text(340, 36, fmt.Sprintf("Extracto del %s al %s", s.start.Format("02/01/2006"), s.end.Format("02/01/2006")))
		c.Text(340, 46, "Cuenta "+groups4(s.iban))
		c.Text(340, 56, fmt.Sprintf("Hoja %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 810, "Caixa Vallès Oriental, S.C.C. · Rambla 44 · 08401 Granollers · NIF F08120334")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "Sr. JORDI PUIG SOLÀ")
			c.Text(50, 91, "C/ Anselm Clavé 9, 2n 1a")
			c.Text(50, 102, "08402 GRANOLLERS")
			c.Font(false, 8.5)
			c.Text(340, 80, "Saldo anterior al "+s.start.AddDate(0, 0, -1).Format("02/01/2006")+": "+esSigned(s.opening)+" EUR")
			y = 130
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Fecha")
		c.Text(85, y, "Valor")
		c.Text(120, y, "Descripción")
		c.Right(400, y, "Debe")
		c.Right(470, y, "Haber")
		c.Right(545, y, "Saldo")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
	}, func(x gTxn, b decimal.Decimal) {
		c.Text(50, y, x.date.Format("02/01"))
		c.Text(85, y, x.value.Format("02/01"))
		c.Text(120, y, strings.ToUpper(x.desc[0])+" · "+x.desc[1])
		if x.amount.Sign() < 0 {
			c.Right(400, y, gMoney(x.amount))
		} else {
			c.Right(470, y, gMoney(x.amount))
		}
		c.Right(545, y, esSigned(b))
		for _, d := range x.desc[2:] {
			y += 10
			c.Text(120, y, d)
		}
		y += 13
	}, nil)
}

// deEnglishStmt: a German current account's month.
func deEnglishStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "GB"), "en")
	st.iban = ibanFor("DE", "12030000"+digitsOf(st, 10))
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindDeEnglish: see the batch notes (English words, German numbers).
func kindDeEnglish(c *testdocs.Produced, s kindStmt) {
	const rows = 40
	var y float64
	side := func(v decimal.Decimal) float64 {
		if v.Sign() < 0 {
			return 470
		}
		return 545
	}
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Spreebank Direkt AG")
		c.Font(false, 8)
		c.Text(340, 36, fmt.Sprintf("Account statement no. %d/%d", int(s.start.Month()), s.start.Year()))
		c.Text(340, 46, "Current account "+groups4(s.iban))
		c.Text(340, 56, fmt.Sprintf("Period %s - %s", s.start.Format("02.01.2006"), s.end.Format("02.01.2006")))
		c.Text(340, 66, fmt.Sprintf("Page %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 810, "Spreebank Direkt AG · Friedrichstraße 88 · 10117 Berlin · Local court Berlin-Charlottenburg HRB 99127 · All amounts in EUR")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "Ms Hannah Becker")
			c.Text(50, 91, "Kastanienallee 31")
			c.Text(50, 102, "10435 Berlin")
			y = 130
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Booking date")
		c.Text(110, y, "Value date")
		c.Text(170, y, "Transaction")
		c.Right(470, y, "Debit")
		c.Right(545, y, "Credit")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
		if first {
			c.Font(true, 8)
			c.Text(170, y, "Old balance as of "+s.start.AddDate(0, 0, -1).Format("02.01.2006"))
			c.Right(side(s.opening), y, gMoney(s.opening))
			c.Font(false, 8)
			y += 13
		}
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, x.date.Format("02.01.2006"))
		c.Text(110, y, x.value.Format("02.01.2006"))
		c.Text(170, y, x.desc[0])
		c.Right(side(x.amount), y, gMoney(x.amount))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(170, y, d)
		}
		y += 13
	}, nil)
	c.Line(50, 545, y)
	y += 5
	c.Font(true, 8)
	c.Text(170, y, "New balance as of "+s.end.Format("02.01.2006"))
	c.Right(side(s.closing), y, gMoney(s.closing))
}

// stmtKinds10Later: a second report part, written once the tune part's
// rules were done (and the first report part scored), scored once as it
// came.
var stmtKinds10Later = []kindLayout{
	{"fr-situation", "EUR", frSituationStmt, kindFrSituation, []int{9, 60}},
	{"es-debe-haber", "EUR", esDebeStmt, kindEsDebeHaber, []int{9, 60}},
	{"de-in-english", "EUR", deEnglishStmt, kindDeEnglish, []int{9, 60}},
}

// ukCompactStmt: a UK building society's current account's month.
func ukCompactStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "GB"), "en")
	st.iban = ibanFor("GB", "PENN"+"404412"+digitsOf(st, 8))
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// compact is "03MAR23".
func compact(d time.Time) string { return strings.ToUpper(d.Format("02Jan06")) }

// kindUKCompact: see the batch notes (a building society, "03MAR23").
func kindUKCompact(c *testdocs.Produced, s kindStmt) {
	const rows = 42
	bal := func(v decimal.Decimal) string {
		if v.Sign() < 0 {
			return "£" + enMoney(v) + " DR"
		}
		return "£" + enMoney(v) + " CR"
	}
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Pennine Mutual Building Society")
		c.Font(false, 8)
		c.Text(350, 36, "FlexDirect Current Account")
		c.Text(350, 46, "Sort code 40-44-12   Account "+s.iban[len(s.iban)-8:])
		c.Text(350, 56, "IBAN "+groups4(s.iban))
		c.Text(350, 66, fmt.Sprintf("Statement %s to %s · Sheet %d", compact(s.start), compact(s.end), c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 810, "Pennine Mutual Building Society, 1 Market Street, Halifax HX1 1PB. Authorised by the PRA and regulated by the FCA and the PRA (FRN 100047).")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "MR D ASHWORTH")
			c.Text(50, 91, "17 SAVILE PARK ROAD")
			c.Text(50, 102, "HALIFAX HX1 3EU")
			y = 130
		}
		c.Font(true, 7.5)
		c.Text(50, y, "DATE")
		c.Text(100, y, "DESCRIPTION")
		c.Right(400, y, "MONEY OUT")
		c.Right(470, y, "MONEY IN")
		c.Right(545, y, "BALANCE")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
		if first {
			c.Text(50, y, compact(s.start))
			c.Text(100, y, "OPENING BALANCE")
			c.Right(545, y, bal(s.opening))
			y += 13
		}
	}, func(x gTxn, b decimal.Decimal) {
		c.Text(50, y, compact(x.date))
		c.Text(100, y, strings.ToUpper(x.desc[0])+" "+x.desc[1])
		if x.amount.Sign() < 0 {
			c.Right(400, y, "£"+enMoney(x.amount))
		} else {
			c.Right(470, y, "£"+enMoney(x.amount))
		}
		c.Right(545, y, bal(b))
		for _, d := range x.desc[2:] {
			y += 10
			c.Text(100, y, d)
		}
		y += 13
	}, nil)
	c.Text(50, y, compact(s.end))
	c.Text(100, y, "CLOSING BALANCE")
	c.Right(545, y, bal(s.closing))
}

// itListaStmt: an Italian current account's month.
func itListaStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "IT"), "it")
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindItLista: see the batch notes (a currency column on every row).
func kindItLista(c *testdocs.Produced, s kindStmt) {
	const rows = 40
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Banca Popolare del Sannio")
		c.Font(false, 8)
		c.Text(350, 36, "Lista movimenti conto corrente")
		c.Text(350, 46, "IBAN "+groups4(s.iban))
		c.Text(350, 56, fmt.Sprintf("Periodo dal %s al %s", s.start.Format("02/01/2006"), s.end.Format("02/01/2006")))
		c.Text(350, 66, fmt.Sprintf("Pag. %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 810, "Banca Popolare del Sannio S.c.p.A. · Corso Garibaldi 90, 82100 Benevento · Iscritta all'Albo delle Banche")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "ANNA DE LUCA")
			c.Text(50, 91, "VIALE MELLUSI 40")
			c.Text(50, 102, "82100 BENEVENTO BN")
			y = 124
			c.Font(true, 7.5)
			c.Text(50, y, "Saldo contabile iniziale")
			c.Text(250, y, "Saldo contabile finale")
			c.Font(false, 9)
			c.Text(50, y+11, esSigned(s.opening)+" EUR")
			c.Text(250, y+11, esSigned(s.closing)+" EUR")
			y += 36
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Data contabile")
		c.Text(110, y, "Data valuta")
		c.Right(230, y, "Importo")
		c.Text(240, y, "Divisa")
		c.Text(275, y, "Causale")
		c.Text(380, y, "Descrizione")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, x.date.Format("02/01/2006"))
		c.Text(110, y, x.value.Format("02/01/2006"))
		c.Right(230, y, esSigned(x.amount))
		c.Text(240, y, "EUR")
		c.Text(275, y, strings.ToUpper(x.desc[0]))
		c.Text(380, y, x.desc[1])
		for _, d := range x.desc[2:] {
			y += 10
			c.Text(380, y, d)
		}
		y += 13
	}, nil)
}

// beNlStmt: a Flemish bank's current account's month.
func beNlStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "BE"), "nl")
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindBeNl: see the batch notes (a Flemish bank's "Rekeninguittreksel").
func kindBeNl(c *testdocs.Produced, s kindStmt) {
	const rows = 34
	sg := func(v decimal.Decimal) string {
		if v.Sign() < 0 {
			return "-" + gMoney(v)
		}
		return "+" + gMoney(v)
	}
	var y float64
	nr := 1
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Rekeninguittreksel")
		c.Font(false, 8)
		c.Text(50, 50, fmt.Sprintf("Nummer %d · %s", int(s.end.Month()), s.end.Format("02-01-2006")))
		c.Text(350, 36, "Scheldebank NV")
		c.Text(350, 46, "Zichtrekening "+groups4(s.iban))
		c.Text(350, 56, "BIC SCHDBE22")
		c.Text(350, 66, fmt.Sprintf("Blad %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 810, "Scheldebank NV · Meir 48 · 2000 Antwerpen · RPR Antwerpen · BTW BE 0412.551.208")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "Dhr. Pieter Janssens")
			c.Text(50, 91, "Lange Leemstraat 120")
			c.Text(50, 102, "2018 Antwerpen")
			c.Font(false, 8.5)
			y = 128
			c.Text(50, y, "Vorig saldo op "+s.start.AddDate(0, 0, -1).Format("02-01-2006"))
			c.Right(545, y, sg(s.opening)+" EUR")
			y += 18
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Nr")
		c.Text(75, y, "Datum")
		c.Text(125, y, "Omschrijving")
		c.Text(420, y, "Valuta")
		c.Right(545, y, "Bedrag in EUR")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, fmt.Sprintf("%03d", nr))
		nr++
		c.Text(75, y, x.date.Format("02-01"))
		c.Text(125, y, x.desc[0]+" "+x.desc[1])
		c.Text(420, y, x.value.Format("02-01"))
		c.Right(545, y, sg(x.amount))
		for _, d := range x.desc[2:] {
			y += 10
			c.Text(125, y, "Mededeling: "+d)
		}
		y += 13
	}, nil)
	c.Line(50, 545, y)
	y += 5
	c.Font(true, 8.5)
	c.Text(50, y, "Nieuw saldo op "+s.end.Format("02-01-2006"))
	c.Right(545, y, sg(s.closing)+" EUR")
}

// stmtKinds10Later2: a third report part, written after the later part
// was scored, scored once as it came.
var stmtKinds10Later2 = []kindLayout{
	{"uk-compact-dates", "GBP", ukCompactStmt, kindUKCompact, []int{9, 60}},
	{"it-lista-divisa", "EUR", itListaStmt, kindItLista, []int{9, 60}},
	{"be-nl-uittreksel", "EUR", beNlStmt, kindBeNl, []int{9, 60}},
}

// deLongStmt: a German app bank's current account's month.
func deLongStmt(seed uint64, n int) kindStmt {
	st := newStmt(seed, n, "DE")
	st.iban = ibanFor("DE", "71120400"+digitsOf(st, 10))
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// deLong is "3. März".
func deLong(d time.Time) string { return fmt.Sprintf("%d. %s", d.Day(), deMonths[d.Month()-1]) }

// kindDeLong: see the batch notes (dates "3. März" without a year).
func kindDeLong(c *testdocs.Produced, s kindStmt) {
	const rows = 36
	eur := func(v decimal.Decimal) string {
		if v.Sign() < 0 {
			return "-" + gMoney(v) + " €"
		}
		return "+" + gMoney(v) + " €"
	}
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Lindenbank")
		c.Font(false, 8)
		c.Text(350, 36, fmt.Sprintf("Kontoauszug %s %d", deMonths[s.start.Month()-1], s.start.Year()))
		c.Text(350, 46, "IBAN "+groups4(s.iban))
		c.Text(350, 56, fmt.Sprintf("Seite %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 810, "Lindenbank GmbH · Torstraße 140 · 10119 Berlin · Amtsgericht Charlottenburg HRB 201447 · BaFin-reguliert")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "Lea Hoffmann")
			c.Text(50, 91, "Boxhagener Str. 17")
			c.Text(50, 102, "10245 Berlin")
			c.Font(false, 8.5)
			y = 126
			c.Text(50, y, fmt.Sprintf("Kontostand am %s %d", deLong(s.start), s.start.Year()))
			c.Right(545, y, eur(s.opening))
			y += 20
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Datum")
		c.Text(110, y, "Beschreibung")
		c.Right(545, y, "Betrag")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, deLong(x.date))
		c.Text(110, y, x.desc[1])
		c.Right(545, y, eur(x.amount))
		c.Font(false, 7)
		y += 10
		line := x.desc[0]
		if len(x.desc) > 2 {
			line += " · " + x.desc[2]
		}
		c.Text(110, y, line)
		c.Font(false, 8)
		y += 14
	}, nil)
	c.Line(50, 545, y)
	y += 6
	c.Font(true, 8.5)
	c.Text(50, y, fmt.Sprintf("Kontostand am %s %d", deLong(s.end), s.end.Year()))
	c.Right(545, y, eur(s.closing))
}

// usTrailStmt: a US community bank's checking month, in date order.
func usTrailStmt(seed uint64, n int) kindStmt {
	s := usChkStmt(seed, n)
	sortByDate(s.txns)
	return s
}

// trail is "45.67-" or "1,234.56".
func trail(v decimal.Decimal) string {
	if v.Sign() < 0 {
		return enMoney(v) + "-"
	}
	return enMoney(v)
}

// kindUSTrail: see the batch notes (a trailing minus, one amount column).
func kindUSTrail(c *testdocs.Produced, s kindStmt) {
	const rows = 46
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "FIRST FARMERS STATE BANK")
		c.Font(false, 8)
		c.Text(50, 48, "MAIN OFFICE 210 S MAIN ST  HUTCHINSON KS 67501")
		c.Text(360, 36, "STATEMENT DATE "+s.end.Format("01/02/06"))
		c.Text(360, 46, "ACCOUNT "+s.acct)
		c.Text(360, 56, fmt.Sprintf("PAGE %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 812, "MEMBER FDIC. TELEPHONE BANKING 620-555-0190.")
		y = 84
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "ROBERT L MILLER")
			c.Text(50, 91, "1408 N PLUM ST")
			c.Text(50, 102, "HUTCHINSON KS 67502")
			y = 126
			c.Font(false, 8)
			c.Text(50, y, "PREVIOUS BALANCE "+s.start.AddDate(0, 0, -1).Format("01/02/06"))
			c.Right(300, y, trail(s.opening))
			y += 22
		}
		c.Font(true, 7.5)
		c.Text(50, y, "DATE")
		c.Text(100, y, "DESCRIPTION")
		c.Right(450, y, "AMOUNT")
		c.Right(545, y, "BALANCE")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
	}, func(x gTxn, b decimal.Decimal) {
		c.Text(50, y, x.date.Format("01/02"))
		c.Text(100, y, x.desc[1])
		c.Right(450, y, trail(x.amount))
		c.Right(545, y, trail(b))
		for _, d := range x.desc[2:] {
			y += 10
			c.Text(100, y, d)
		}
		y += 12
	}, nil)
	y += 8
	c.Text(50, y, "NEW BALANCE "+s.end.Format("01/02/06"))
	c.Right(300, y, trail(s.closing))
}

// liStmt: a Liechtenstein private bank's CHF account's month.
func liStmt(seed uint64, n int) kindStmt {
	st := localize(newStmt(seed, n, "GB"), "en")
	st.iban = ibanFor("LI", "08807"+digitsOf(st, 12))
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindLiCHF: see the batch notes (English, CHF, "Balance carried forward").
func kindLiCHF(c *testdocs.Produced, s kindStmt) {
	const rows = 40
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Rheintal Privatbank AG")
		c.Font(false, 8)
		c.Text(340, 36, "Account statement")
		c.Text(340, 46, "Private account CHF · "+groups4(s.iban))
		c.Text(340, 56, fmt.Sprintf("%s - %s · Page %d", s.start.Format("02.01.2006"), s.end.Format("02.01.2006"), c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 810, "Rheintal Privatbank AG · Städtle 18 · 9490 Vaduz · Principality of Liechtenstein · supervised by the FMA")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "Mr Andreas Frick")
			c.Text(50, 91, "Landstrasse 52")
			c.Text(50, 102, "9494 Schaan")
			y = 130
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Date")
		c.Text(95, y, "Text")
		c.Right(365, y, "Debit")
		c.Right(425, y, "Credit")
		c.Text(440, y, "Value")
		c.Right(545, y, "Balance")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
		if first {
			c.Text(95, y, "Balance carried forward")
			c.Right(545, y, minus(s.opening)+chf(s.opening))
			y += 13
		}
	}, func(x gTxn, b decimal.Decimal) {
		c.Text(50, y, x.date.Format("02.01.2006"))
		c.Text(95, y, x.desc[0]+" "+x.desc[1])
		if x.amount.Sign() < 0 {
			c.Right(365, y, chf(x.amount))
		} else {
			c.Right(425, y, chf(x.amount))
		}
		c.Text(440, y, x.value.Format("02.01.2006"))
		c.Right(545, y, minus(b)+chf(b))
		for _, d := range x.desc[2:] {
			y += 10
			c.Text(95, y, d)
		}
		y += 13
	}, func(b decimal.Decimal, out bool) {
		c.Font(true, 8)
		if out {
			c.Text(95, y, "Balance to be carried forward")
		} else {
			c.Text(95, y, "Balance carried forward")
			defer func() { y += 13 }()
		}
		c.Right(545, y, minus(b)+chf(b))
		c.Font(false, 8)
	})
	c.Line(50, 545, y)
	y += 5
	c.Font(true, 8)
	c.Text(95, y, "Balance as of "+s.end.Format("02.01.2006"))
	c.Right(545, y, minus(s.closing)+chf(s.closing))
}

// stmtKinds10Later3: a fourth report part, written after the later2 part
// was scored and studied, scored once as it came.
var stmtKinds10Later3 = []kindLayout{
	{"de-long-dates", "EUR", deLongStmt, kindDeLong, []int{9, 60}},
	{"us-trailing-minus", "USD", usTrailStmt, kindUSTrail, []int{9, 60}},
	{"li-chf-english", "CHF", liStmt, kindLiCHF, []int{9, 60}},
}

// stmtKinds10Bar, stmtKinds10ReportBar, stmtKinds10LaterBar,
// stmtKinds10Later2Bar and stmtKinds10Later3Bar: the shares of fields of
// the tune, report and later parts that must be read.
//
// First scored as it came, before any rule (our estimate for statements of
// these kinds nobody has seen): tune 71 of 110 (64.5%), 6 of 14
// statements all right; report 52 of 54 (96.3%), 4 of 6. Per layout: the
// USD account at a German bank, the Spanish Cargo/Abono and the Italian
// amounts-first layouts all right as they came (the currency read from
// "USD-Konto", the counter-value in EUR left in the text); us-checks-paid
// 5/9 and 4/9 (the withdrawals' unsigned amounts read positive, the
// checks, dated in their third column, lost, and the daily ending
// balances read as rows); cu-two-accounts 3/9 and 1/9 each draw and its
// file 0/1 (one document: the checking account's rows read into the
// savings statement); ch-fr-chf 8/9 each (the opening balance, "Solde
// reporté", not read); lu-parentheses and nl-month-names all right.
//
// Tune 80 of 110 (72.7%), 8 of 14, after these general rules (each
// stated where it is used): a header line lower on the page under which
// another table starts gives that table its columns (a check's date in a
// "DATE PAID" column); a heading right over a table's header that names
// money going out ("CHECKS PAID", "ELECTRONIC WITHDRAWALS", "Abbuchungen",
// "Prélèvements", "Cargos", "Addebiti", "Afschrijvingen") signs its
// unsigned amounts (sectionAbove); a line of two or more date/amount
// pairs and nothing else is a table of daily balances, no row
// (balanceList). What is left is the credit union's file of two accounts
// (30 fields): the document splitter keeps its pages together, page
// numbers running through the file and no IBAN to tell the accounts
// apart; the splitter has no rule for an account whose "Ending Balance"
// is followed, on the next page, by another account's "Beginning
// Balance".
//
// Tune 110 of 110 (100%), 14 of 14, once the document splitter starts a
// new statement on a page that opens with an opening balance under
// another account number than the one over the document's first opening
// balance, right after a page whose last balance is a closing one and
// carries nothing on (split.accountSections: the opening and closing
// labels in the six languages; carried balances, an opening balance
// that is the page before's closing one, and a balance box repeated atop
// every page of one account, do not split).
//
// The report part, scored once after them: 52 of 54 (96.3%), 4 of 6,
// unchanged. The later part, scored once as it came: 54 of 54, 6 of 6.
// Then the report part was studied (no longer blind): 54 of 54 with a
// balance carried into the period named as French Switzerland, German
// and Italian banks name it ("Solde reporté", "Saldovortrag", "saldo
// riportato") read as a carried balance, the opening one before any row
// (carryLabels).
//
// The later2 part, scored once as it came: 46 of 54 (85.2%), 2 of 6
// (the building society's glued dates "03MAR23" not read, 8/9 each; the
// Italian list's balances, labelled "Saldo contabile iniziale/finale",
// not read, 6/9 each). Then studied (no longer blind): 54 of 54 with a
// date printed glued, day, month name and year in one word, split on a
// text layer as on an OCR line (splitGluedDates), and the booked balance
// named as such ("saldo contabile iniziale/finale", "saldo contable
// inicial/final", "solde comptable initial/final") an opening or closing
// balance label.
//
// The later3 part, scored once as it came: 52 of 54 (96.3%), 4 of 6: the
// German app bank's dates "3. März" without a year and the Liechtenstein
// statement read right; the US community bank's currency, printed
// nowhere (no "$", no code; a Kansas address and ZIP code), read null
// where the right result here is USD, as a German IBAN alone implies the
// euro. Left as it came: an earlier decision reads a UK statement with no
// symbol printed as of no currency (TestBroughtForward), and the two
// should be settled together.
//
// Settled (54 of 54, 6 of 6): a statement naming its currency nowhere
// (no code, no symbol, no IBAN) is read in dollars when the bank's own
// letterhead, a line naming a bank among the first page's first two and
// the two lines under it, ends a US address (a state code and ZIP), with
// a lower confidence (headerCurrency); an address is weak evidence, so
// no other (the addressee's, one without a country's postcode shape) is
// read, and the UK statement of TestBroughtForward, naming no address,
// still reads none.
//
// Each bar is one field under the figures reached.
const (
	stmtKinds10Bar       = 109.0 / 110
	stmtKinds10ReportBar = 53.0 / 54
	stmtKinds10LaterBar  = 53.0 / 54
	stmtKinds10Later2Bar = 53.0 / 54
	stmtKinds10Later3Bar = 53.0 / 54
)

// TestStatementLayoutSuiteKinds10 scores the tenth batch, its tune,
// report, later, later2 and later3 parts apart (KINDS10_PART=tune scores one
// part). The tables are logged (-v).
func TestStatementLayoutSuiteKinds10(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	for _, part := range []struct {
		name    string
		layouts []kindLayout
		bar     float64
	}{{"tune", stmtKinds10Tune, stmtKinds10Bar}, {"report", stmtKinds10Report, stmtKinds10ReportBar}, {"later", stmtKinds10Later, stmtKinds10LaterBar}, {"later2", stmtKinds10Later2, stmtKinds10Later2Bar}, {"later3", stmtKinds10Later3, stmtKinds10Later3Bar}} {
		if os.Getenv("KINDS10_PART") != "" && os.Getenv("KINDS10_PART") != part.name {
			continue
		}
		t.Run(part.name, func(t *testing.T) {
			share, report := scoreKinds(t, part.layouts, 1000, "")
			t.Logf("statement kinds 10, %s part\n%s", part.name, report)
			require.GreaterOrEqual(t, share, part.bar, "share of fields read, statement kinds 10 %s", part.name)
		})
	}
}

// TestKinds10Dump prints one statement of the batch as the reader sees
// it: KINDS10=name/n (a debugging aid; skipped without it).
func TestKinds10Dump(t *testing.T) {
	spec := os.Getenv("KINDS10")
	if spec == "" {
		t.Skip("KINDS10=layout/n")
	}
	scoreKinds(t, append(append(append(append(append([]kindLayout{}, stmtKinds10Tune...), stmtKinds10Report...), stmtKinds10Later...), stmtKinds10Later2...), stmtKinds10Later3...), 1000, spec)
}

// TestStatementKinds10Classified: each layout of the batch (9
// transactions) is told a bank statement by the classifier, as an upload
// of unknown type is. All 17 were, as they came (first run after the tune
// rules, none of which touches the classifier).
func TestStatementKinds10Classified(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	classifyKinds(t, append(append(append(append(append([]kindLayout{}, stmtKinds10Tune...), stmtKinds10Report...), stmtKinds10Later...), stmtKinds10Later2...), stmtKinds10Later3...), 1000)
}

// Kinds10ScanStatements is every one-statement layout of the tenth batch
// with 9 transactions, as TestStatementLayoutSuiteKinds10 draws it, for
// the scanned suite (the credit union's file of two statements is left
// out: the scanned suite reads one statement per upload).
func Kinds10ScanStatements(t testing.TB) []ScanStatement {
	var ss []ScanStatement
	for _, l := range append(append(append(append(append([]kindLayout{}, stmtKinds10Tune...), stmtKinds10Report...), stmtKinds10Later...), stmtKinds10Later2...), stmtKinds10Later3...) {
		s := l.make(1000, 9)
		if s.next != nil {
			continue
		}
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
