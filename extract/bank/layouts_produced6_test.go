package bank

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/internal/testdocs"
)

// A sixth produced batch (TestStatementLayoutSuiteProduced6), the first
// outside Germany's banks and with the transactions' words in their own
// language: statements of UK high-street banks, app banks and fintechs
// and of French, Spanish, Italian, Swiss and Dutch banks, written from
// what is known of how they print (and the notes public statement parsers
// keep on them: the UK bank's date printed once per day, its payment type
// codes, its balance shown only at the day's last row); our own made-up
// names, numbers and addresses. Split before the first score:
//
// tune:
//   - a UK high-street bank: "Date | Payment type and details | Paid out |
//     Paid in | Balance", "03 Mar 23" printed on the day's first row only,
//     "DD"/"CR"/"VIS"/"SO"/"BP"/"ATM" codes before the details, the amount
//     on the transaction's last line, the balance only on the day's last
//     row with " D" when overdrawn, "BALANCE BROUGHT/CARRIED FORWARD"
//     rows at every page break, a summary box (Opening Balance, Payments
//     In/Out, Closing Balance), the sort code and account number beside
//     the IBAN;
//   - an app bank's EUR statement: a "Balance summary" table (Product |
//     Opening balance | Money out | Money in | Closing balance, and a
//     "Total" row), "Account transactions from 1 March 2023 to 31 March
//     2023", "Date | Description | Money out | Money in | Balance", dates
//     "3 Mar 2023", "€1,234.56" and "-€12.34", "To:"/"Card:"/"Reference:"
//     lines, a help footer with a phone number and "Page 1 of 3";
//   - a French business account from a fintech: the balances only in a
//     grid of labels over values at the top ("Solde initial | Total des
//     débits | Total des crédits | Solde final" over "1 234,56 €"), "Date
//     | Transactions | Débit | Crédit" with "03/03", "- 12,34 €"/"+ 1
//     200,00 €", the payee bold over the type and reference, a register
//     line "SAS au capital de 50 000 €" in the footer;
//   - a French regional bank: "Date opé. | Date valeur | Libellé des
//     opérations | Débit | Crédit", "03.03", "Ancien solde créditeur au
//     28.02.2023" (or "débiteur", its amount then in the Débit column),
//     card payments "CARTE X4471 02/03 CARREFOUR ..." with another date in
//     the text, "Total des opérations" then "Nouveau solde créditeur au";
//   - an Italian bank: a two-line header ("Data" over "contabile", "Data"
//     over "valuta"), "Descrizione | Uscite | Entrate", "03.03.2023",
//     "SALDO INIZIALE"/"SALDO FINALE" rows, a "Riepilogo" of totals;
//   - a Spanish bank: "Saldo inicial"/"Saldo final ... EUR" above the
//     table, "Fecha | Fecha valor | Concepto | Importe | Saldo" with a
//     signed "-12,34" and a running balance.
//
// report (scored once, after the tune rules, never studied):
//   - a money-transfer fintech's EUR statement: the description line
//     ("Card transaction of 12.34 EUR issued by ...", "Sent money to ...")
//     over a line starting with the date ("3 March 2023 Card ending in
//     ..."), "Description | Incoming | Outgoing | Balance", "-12.34";
//   - a Swiss postal bank: CHF, "1'234.56", "Datum | Text | Gutschrift |
//     Lastschrift | Valuta | Saldo" (credits left of debits), "03.03.23",
//     "Kontostand" first and last, a "Total" row;
//   - a UK app bank: "DATE | TYPE | TRANSACTION | IN | OUT | ACCOUNT
//     BALANCE" (in left of out), "03/03/2023", "£12.34", "-£12.34";
//   - a Dutch app bank: "03-03-2023", "€ -12,34", "Beginsaldo"/"Eindsaldo"
//     in a box, the counterparty's IBAN under its name.
//
// The report part scored once after the tune rules was then studied for
// rules too, and a later report part of three more layouts written
// (stmtProduced6Later) and scored as it came.
//
// The figures are in stmtProduced6Bar and the constants after it; a
// later report part (stmtProduced6Later) was written once the report
// part above had been scored and then studied.

// prod6Layout is one layout of the sixth batch with its country (its
// IBAN, its payees' language) and currency.
type prod6Layout struct {
	name, country, cur string
	draw               func(*testdocs.Produced, stmt)
	// iban makes the account's IBAN from the statement's random one.
	iban func(stmt) string
}

// prod6Payees: the generated payees (by their German type) in each
// language: type, payee, purpose.
var prod6Payees = map[string]map[string][]string{
	"en": {
		"Basislastschrift":  {"Direct Debit", "OCTOPUS ENERGY LTD", "REF 0049-118273"},
		"Lohn/Gehalt":       {"Credit", "HARTWELL DESIGN LTD", "SALARY"},
		"Kartenzahlung":     {"Card Payment", "TESCO STORES 2231"},
		"Dauerauftrag":      {"Standing Order", "J MORRISON", "RENT FLAT 2"},
		"Überweisung":       {"Bill Payment", "THAMES WATER", "ACC 88412093"},
		"Gutschrift":        {"Credit", "HMRC TAX REFUND", "REF 2022 SA"},
		"Bargeldauszahlung": {"Cash", "CASH HIGH ST 14"},
		"Lastschrift":       {"Direct Debit", "VODAFONE LTD", "ACC 7729 1104"},
	},
	"fr": {
		"Basislastschrift":  {"Prélèvement SEPA", "EDF CLIENTS PARTICULIERS", "RUM EDF-2208-4410"},
		"Lohn/Gehalt":       {"Virement reçu", "ATELIERS MOREAU SARL", "SALAIRE"},
		"Kartenzahlung":     {"Paiement carte", "CARREFOUR MARKET LYON 7"},
		"Dauerauftrag":      {"Virement permanent", "SCI LES TILLEULS", "LOYER APPT 12"},
		"Überweisung":       {"Virement émis", "VEOLIA EAU", "FACTURE 2023-4471"},
		"Gutschrift":        {"Virement reçu", "DGFIP REMBOURSEMENT", "IMPOT 2022"},
		"Bargeldauszahlung": {"Retrait DAB", "DAB PART DIEU"},
		"Lastschrift":       {"Prélèvement SEPA", "ORANGE SA", "CONTRAT 00458812"},
	},
	"es": {
		"Basislastschrift":  {"Recibo domiciliado", "IBERDROLA CLIENTES SAU", "FACTURA 2023-0871"},
		"Lohn/Gehalt":       {"Transferencia recibida", "TALLERES GARCIA SL", "NOMINA"},
		"Kartenzahlung":     {"Pago con tarjeta", "MERCADONA VALENCIA 04"},
		"Dauerauftrag":      {"Transferencia periódica", "INMOBILIARIA SOL SL", "ALQUILER PISO 3B"},
		"Überweisung":       {"Transferencia emitida", "CANAL DE ISABEL II", "CONTRATO 4471"},
		"Gutschrift":        {"Abono", "AEAT DEVOLUCION", "IRPF 2022"},
		"Bargeldauszahlung": {"Reintegro cajero", "CAJERO 0482 VALENCIA"},
		"Lastschrift":       {"Recibo", "MOVISTAR TELEFONICA", "CLIENTE 88120394"},
	},
	"it": {
		"Basislastschrift":  {"Addebito SDD", "ENEL ENERGIA SPA", "FATTURA 004471"},
		"Lohn/Gehalt":       {"Bonifico a vostro favore", "OFFICINE ROSSI SRL", "STIPENDIO"},
		"Kartenzahlung":     {"Pagamento POS", "ESSELUNGA MILANO 12"},
		"Dauerauftrag":      {"Bonifico periodico", "IMMOBILIARE VERDI", "AFFITTO INT. 4"},
		"Überweisung":       {"Bonifico disposto", "A2A CICLO IDRICO", "UTENZA 772190"},
		"Gutschrift":        {"Bonifico a vostro favore", "AGENZIA ENTRATE RIMBORSO", "IRPEF 2022"},
		"Bargeldauszahlung": {"Prelievo bancomat", "ATM 03069 MILANO"},
		"Lastschrift":       {"Addebito SDD", "TIM SPA", "CLIENTE 88120394"},
	},
	"nl": {
		"Basislastschrift":  {"Incasso", "VATTENFALL KLANTEN BV", "Factuur 2023-0871"},
		"Lohn/Gehalt":       {"Overboeking", "DE VRIES TECHNIEK BV", "Salaris"},
		"Kartenzahlung":     {"Betaalautomaat", "ALBERT HEIJN 1204 UTRECHT"},
		"Dauerauftrag":      {"Periodieke overboeking", "WONINGSTICHTING EEMLAND", "Huur woning"},
		"Überweisung":       {"Overboeking", "WATERNET", "Klantnr 4471"},
		"Gutschrift":        {"Overboeking", "BELASTINGDIENST", "Teruggaaf 2022"},
		"Bargeldauszahlung": {"Geldautomaat", "GEA UTRECHT CS"},
		"Lastschrift":       {"Incasso", "KPN BV", "Klantnr 88120394"},
	},
	"ch": {
		"Basislastschrift":  {"Lastschrift", "SWISSCOM (SCHWEIZ) AG", "RECHNUNG 2023-0871"},
		"Lohn/Gehalt":       {"Gutschrift", "MEIER AG BAUTECHNIK", "LOHN"},
		"Kartenzahlung":     {"Kauf/Dienstleistung", "MIGROS ZUERICH HB"},
		"Dauerauftrag":      {"Dauerauftrag", "IMMO BRUNNER GMBH", "MIETE WHG 3"},
		"Überweisung":       {"Zahlung", "EWZ ELEKTRIZITAETSWERK", "KD 4471"},
		"Gutschrift":        {"Gutschrift", "STEUERAMT ZUERICH", "RUECKERSTATTUNG 2022"},
		"Bargeldauszahlung": {"Bargeldbezug", "POSTOMAT BERN BAHNHOF"},
		"Lastschrift":       {"Lastschrift", "SUNRISE GMBH", "KUNDE 88120394"},
	},
}

// prod6Lang is the payees' language of a country.
var prod6Lang = map[string]string{"GB": "en", "LT": "en", "BE": "en", "FR": "fr", "ES": "es", "IT": "it", "NL": "nl", "CH": "ch"}

// localize gives s's transactions the payees of lang.
func localize(s stmt, lang string) stmt {
	txns := make([]gTxn, len(s.txns))
	for i, x := range s.txns {
		x.desc = prod6Payees[lang][x.desc[0]]
		txns[i] = x
	}
	s.txns = txns
	return s
}

// digitsOf is n digits drawn from s's IBAN and balance, for made-up
// account numbers.
func digitsOf(s stmt, n int) string {
	src := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s.iban+s.opening.String()+"7315904826")
	for len(src) < n {
		src += src
	}
	return src[len(src)-n:]
}

var enMonths = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
var frMonths = []string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"}

// enMoney is 1,234.56 (unsigned).
func enMoney(v decimal.Decimal) string { return moneyIn(v, "en") }

// frMoney is 1 234,56 (unsigned).
func frMoney(v decimal.Decimal) string { return moneyIn(v, "fr") }

// lastOfDay tells for each transaction whether it is its day's last.
func lastOfDay(s stmt) []bool {
	out := make([]bool, len(s.txns))
	for i, x := range s.txns {
		out[i] = i == len(s.txns)-1 || !s.txns[i+1].date.Equal(x.date)
	}
	return out
}

// prod6UKBank: see the batch notes (a UK high-street bank).
func prod6UKBank(c *testdocs.Produced, s stmt) {
	rowsPerPage := 34
	sort := "40-11-62"
	acct := s.iban[14:]
	codes := map[string]string{"Direct Debit": "DD", "Credit": "CR", "Card Payment": "VIS", "Standing Order": "SO", "Bill Payment": "BP", "Cash": "ATM"}
	bal := func(v decimal.Decimal) string {
		if v.Sign() < 0 {
			return enMoney(v) + " D"
		}
		return enMoney(v)
	}
	last := lastOfDay(s)
	var y float64
	var day time.Time
	var in, out decimal.Decimal
	for _, x := range s.txns {
		if x.amount.Sign() < 0 {
			out = out.Sub(x.amount)
		} else {
			in = in.Add(x.amount)
		}
	}
	i := 0
	running := s.opening
	paginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 14)
		c.Text(50, 36, "Your Statement")
		c.Font(false, 8)
		c.Text(330, 36, "Account Name")
		c.Text(330, 46, "MR DANIEL J PRICE")
		c.Text(330, 60, "Sortcode")
		c.Text(400, 60, "Account Number")
		c.Text(480, 60, "Sheet Number")
		c.Text(330, 70, sort)
		c.Text(400, 70, acct)
		c.Text(480, 70, fmt.Sprint(140+c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 806, "Hillside Bank UK plc. Registered in England and Wales number 9928114. Registered office: 8 Tower Row, London E14 5HQ.")
		c.Text(50, 814, "Authorised by the Prudential Regulation Authority. Financial Services Register number 765112.")
		y = 100
		if first {
			c.Font(false, 9)
			c.Text(50, 64, "Mr Daniel J Price")
			c.Text(50, 75, "27 Orchard Close")
			c.Text(50, 86, "Reading RG4 7PL")
			c.Font(true, 9)
			c.Text(50, 110, "Your Advance Account details")
			c.Font(false, 8.5)
			c.Text(50, 124, fmt.Sprintf("%d %s to %d %s %d", s.start.Day(), enMonths[s.start.Month()-1], s.end.Day(), enMonths[s.end.Month()-1], s.end.Year()))
			c.Text(50, 138, "Opening Balance")
			c.Right(250, 138, "£"+bal(s.opening))
			c.Text(50, 149, "Payments In")
			c.Right(250, 149, "£"+enMoney(in))
			c.Text(50, 160, "Payments Out")
			c.Right(250, 160, "£"+enMoney(out))
			c.Text(50, 171, "Closing Balance")
			c.Right(250, 171, "£"+bal(s.closing))
			c.Text(330, 124, "International Bank Account Number")
			c.Text(330, 135, groups4(s.iban))
			c.Text(330, 149, "Branch Identifier Code")
			c.Text(330, 160, "HLSDGB2L")
			y = 196
		}
		c.Font(true, 8)
		c.Text(50, y, "Your Advance Account details")
		y += 14
		c.Text(50, y, "Date")
		c.Text(100, y, "Payment type and details")
		c.Right(400, y, "Paid out")
		c.Right(470, y, "Paid in")
		c.Right(545, y, "Balance")
		c.Font(false, 8.5)
		y += 14
		d := s.start
		if !first {
			d = s.txns[i].date
		}
		c.Text(50, y, d.Format("02 Jan 06"))
		c.Text(100, y, "BALANCE BROUGHT FORWARD")
		c.Right(545, y, bal(running))
		y += 13
		day = d
	}, func(x gTxn, b decimal.Decimal) {
		if !x.date.Equal(day) {
			c.Text(50, y, x.date.Format("02 Jan 06"))
			day = x.date
		}
		c.Text(100, y, codes[x.desc[0]])
		lines := x.desc[1:]
		for k, d := range lines {
			if k > 0 {
				y += 10
			}
			c.Text(125, y, d)
		}
		if x.amount.Sign() < 0 {
			c.Right(400, y, enMoney(x.amount))
		} else {
			c.Right(470, y, enMoney(x.amount))
		}
		if last[i] {
			c.Right(545, y, bal(b))
		}
		y += 13
		running = b
		i++
	}, func(b decimal.Decimal, outgoing bool) {
		if outgoing {
			c.Text(100, y, "BALANCE CARRIED FORWARD")
			c.Right(545, y, bal(b))
		}
	})
	c.Text(100, y, "BALANCE CARRIED FORWARD")
	c.Right(545, y, bal(s.closing))
	y += 24
	c.Font(false, 7)
	c.Text(50, y, "Information about the Financial Services Compensation Scheme: your eligible deposits are protected up to a total of £85,000.")
	c.Text(50, y+9, "Arranged overdraft limit 14 Feb 23 £500.00. Overdraft interest rate 39.9% EAR (variable).")
}

// prod6AppEUR: see the batch notes (an app bank's EUR statement).
func prod6AppEUR(c *testdocs.Produced, s stmt) {
	rowsPerPage := 30
	total := pagesOf(s, rowsPerPage)
	eur := func(v decimal.Decimal) string { return minus(v) + "€" + enMoney(v) }
	var in, out decimal.Decimal
	for _, x := range s.txns {
		if x.amount.Sign() < 0 {
			out = out.Sub(x.amount)
		} else {
			in = in.Add(x.amount)
		}
	}
	var y float64
	head := func() {
		c.Font(true, 8)
		c.Text(50, y, "Date")
		c.Text(125, y, "Description")
		c.Right(395, y, "Money out")
		c.Right(470, y, "Money in")
		c.Right(545, y, "Balance")
		c.Font(false, 8.5)
		y += 16
	}
	paginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 16)
		c.Text(50, 40, "EUR Statement")
		c.Font(false, 8)
		c.Text(50, 60, fmt.Sprintf("Generated on the %d %s %d", 3, s.end.AddDate(0, 0, 3).Format("Jan"), s.end.AddDate(0, 0, 3).Year()))
		c.Text(400, 40, "Nordlys Bank UAB")
		c.Text(400, 50, "Konstitucijos ave. 21B")
		c.Text(400, 60, "08130 Vilnius, Lithuania")
		c.Font(false, 6.5)
		c.Text(50, 790, "Report lost or stolen card")
		c.Text(50, 798, "+370 5 214 0912")
		c.Text(200, 790, "Get help directly in app")
		c.Text(200, 798, "Scan the QR code")
		c.Text(50, 810, "© 2023 Nordlys Bank UAB. Licensed and regulated by the Bank of Lithuania, company code 304580906.")
		c.Right(545, 810, fmt.Sprintf("Page %d of %d", c.Page(), total))
		y = 84
		if first {
			c.Font(true, 9)
			c.Text(50, y, "Sofia Lindqvist")
			c.Font(false, 8.5)
			c.Text(50, y+11, "Calle de Toledo 41, 3A")
			c.Text(50, y+22, "28005 Madrid")
			c.Text(330, y, "IBAN")
			c.Text(380, y, groups4(s.iban))
			c.Text(330, y+11, "BIC")
			c.Text(380, y+11, "NRLYLT21XXX")
			y += 46
			c.Font(true, 11)
			c.Text(50, y, "Balance summary")
			y += 18
			c.Font(true, 8)
			c.Text(50, y, "Product")
			c.Right(300, y, "Opening balance")
			c.Right(380, y, "Money out")
			c.Right(460, y, "Money in")
			c.Right(545, y, "Closing balance")
			c.Font(false, 8.5)
			for _, row := range []string{"Account (Current Account)", "Total"} {
				y += 13
				c.Text(50, y, row)
				c.Right(300, y, eur(s.opening))
				c.Right(380, y, "€"+enMoney(out))
				c.Right(460, y, "€"+enMoney(in))
				c.Right(545, y, eur(s.closing))
			}
			y += 16
			c.Font(false, 7)
			c.Text(50, y, "The balance on your statement might differ from the balance shown in your app. The statement balance only reflects completed transactions.")
			y += 22
			c.Font(true, 11)
			c.Text(50, y, fmt.Sprintf("Account transactions from %d %s %d to %d %s %d", s.start.Day(), enMonths[s.start.Month()-1], s.start.Year(), s.end.Day(), enMonths[s.end.Month()-1], s.end.Year()))
			y += 20
		}
		head()
	}, func(x gTxn, b decimal.Decimal) {
		c.Text(50, y, fmt.Sprintf("%d %s", x.date.Day(), x.date.Format("Jan 2006")))
		c.Text(125, y, x.desc[1])
		if x.amount.Sign() < 0 {
			c.Right(395, y, "€"+enMoney(x.amount))
		} else {
			c.Right(470, y, "€"+enMoney(x.amount))
		}
		c.Right(545, y, eur(b))
		c.Font(false, 7.5)
		switch {
		case x.desc[0] == "Card Payment":
			y += 10
			c.Text(125, y, "Card: 537410******"+digitsOf(s, 4))
		case x.amount.Sign() < 0 && len(x.desc) > 2:
			y += 10
			c.Text(125, y, "To: "+x.desc[1]+", "+x.desc[0])
			y += 10
			c.Text(125, y, "Reference: "+x.desc[2])
		case len(x.desc) > 2:
			y += 10
			c.Text(125, y, "From: "+x.desc[1])
			y += 10
			c.Text(125, y, "Reference: "+x.desc[2])
		}
		c.Font(false, 8.5)
		y += 15
	}, nil)
}

// prod6FrFintech: see the batch notes (a French business account).
func prod6FrFintech(c *testdocs.Produced, s stmt) {
	rowsPerPage := 30
	eur := func(v decimal.Decimal) string { return frMoney(v) + " €" }
	signed := func(v decimal.Decimal) string {
		if v.Sign() < 0 {
			return "- " + eur(v)
		}
		return "+ " + eur(v)
	}
	var in, out decimal.Decimal
	for _, x := range s.txns {
		if x.amount.Sign() < 0 {
			out = out.Sub(x.amount)
		} else {
			in = in.Add(x.amount)
		}
	}
	var y float64
	paginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 14)
		c.Text(50, 34, "Kelvo")
		c.Font(false, 8)
		c.Text(330, 34, "Relevé de compte")
		c.Text(330, 44, fmt.Sprintf("Du %s au %s", s.start.Format("02/01/2006"), s.end.Format("02/01/2006")))
		c.Text(330, 54, fmt.Sprintf("Page %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 800, "Kelvo est une marque de la société Olbia Paiements, SAS au capital de 50 000 €, RCS Paris 845 112 908, 18 rue de Navarin, 75009 Paris.")
		c.Text(50, 808, "Établissement de paiement agréé par l'ACPR sous le numéro 17418.")
		y = 80
		if first {
			c.Font(true, 9)
			c.Text(50, y, "ATELIER LUMEN SAS")
			c.Font(false, 8.5)
			c.Text(50, y+11, "12 rue des Capucins")
			c.Text(50, y+22, "69001 Lyon")
			c.Text(330, y, "Compte principal")
			c.Text(330, y+11, "IBAN : "+groups4(s.iban))
			c.Text(330, y+22, "BIC : KLVOFRP1XXX")
			y += 50
			c.Font(false, 7.5)
			c.Text(50, y, "Solde initial")
			c.Text(170, y, "Total des débits")
			c.Text(290, y, "Total des crédits")
			c.Text(410, y, "Solde final")
			c.Font(true, 10)
			y += 11
			c.Text(50, y, minus(s.opening)+eur(s.opening))
			c.Text(170, y, eur(out))
			c.Text(290, y, eur(in))
			c.Text(410, y, minus(s.closing)+eur(s.closing))
			y += 30
		}
		c.Font(true, 8)
		c.Text(50, y, "Date")
		c.Text(100, y, "Transactions")
		c.Right(470, y, "Débit")
		c.Right(545, y, "Crédit")
		c.Font(false, 8.5)
		y += 16
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, x.date.Format("02/01"))
		c.Font(true, 8.5)
		c.Text(100, y, x.desc[1])
		c.Font(false, 8.5)
		if x.amount.Sign() < 0 {
			c.Right(470, y, signed(x.amount))
		} else {
			c.Right(545, y, signed(x.amount))
		}
		y += 10
		c.Font(false, 7.5)
		more := x.desc[0]
		if len(x.desc) > 2 {
			more += " · " + x.desc[2]
		}
		c.Text(100, y, more)
		c.Font(false, 8.5)
		y += 15
	}, nil)
}

// prod6FrRegional: see the batch notes (a French regional bank).
func prod6FrRegional(c *testdocs.Produced, s stmt) {
	rowsPerPage := 36
	var y float64
	put := func(v decimal.Decimal) {
		if v.Sign() < 0 {
			c.Right(470, y, frMoney(v))
		} else {
			c.Right(545, y, frMoney(v))
		}
	}
	state := func(v decimal.Decimal) string {
		if v.Sign() < 0 {
			return "débiteur"
		}
		return "créditeur"
	}
	var deb, cred decimal.Decimal
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "BANQUE RÉGIONALE DU VAL DE LOIRE")
		c.Font(false, 8)
		c.Text(50, 48, "Société coopérative à capital variable · 5 place de la Loire · 45000 Orléans")
		c.Text(360, 70, fmt.Sprintf("Date d'arrêté : %d %s %d", s.end.Day(), frMonths[s.end.Month()-1], s.end.Year()))
		c.Text(360, 80, fmt.Sprintf("Relevé n° %d  Page %d", int(s.start.Month()), c.Page()))
		c.Text(50, 70, "Compte de Dépôt n° "+s.iban[14:25])
		c.Text(50, 80, "IBAN : "+groups4(s.iban)+"   BIC : AGRIFRPP845")
		c.Font(true, 8)
		c.Text(50, 104, "Date")
		c.Text(50, 113, "opé.")
		c.Text(85, 104, "Date")
		c.Text(85, 113, "valeur")
		c.Text(125, 110, "Libellé des opérations")
		c.Right(470, 110, "Débit")
		c.Right(545, 110, "Crédit")
		c.Font(false, 8.5)
		y = 128
		if first {
			c.Font(true, 8.5)
			c.Text(125, y, fmt.Sprintf("Ancien solde %s au %s", state(s.opening), s.start.AddDate(0, 0, -1).Format("02.01.2006")))
			put(s.opening)
			c.Font(false, 8.5)
			y += 15
		}
	}, func(x gTxn) {
		if x.amount.Sign() < 0 {
			deb = deb.Sub(x.amount)
		} else {
			cred = cred.Add(x.amount)
		}
		c.Text(50, y, x.date.Format("02.01"))
		c.Text(85, y, x.value.Format("02.01"))
		switch x.desc[0] {
		case "Paiement carte":
			c.Text(125, y, fmt.Sprintf("CARTE X%s %s %s", digitsOf(s, 4), x.date.AddDate(0, 0, -1).Format("02/01"), x.desc[1]))
		case "Retrait DAB":
			c.Text(125, y, fmt.Sprintf("RETRAIT DAB %s %s", x.date.Format("02/01"), x.desc[1]))
		default:
			c.Text(125, y, strings.ToUpper(x.desc[0])+" "+x.desc[1])
			for _, d := range x.desc[2:] {
				y += 10
				c.Text(125, y, d)
			}
		}
		put(x.amount)
		y += 12
	}, nil)
	y += 4
	c.Font(true, 8.5)
	c.Text(125, y, "Total des opérations")
	c.Right(470, y, frMoney(deb))
	c.Right(545, y, frMoney(cred))
	y += 14
	c.Text(125, y, fmt.Sprintf("Nouveau solde %s au %s", state(s.closing), s.end.Format("02.01.2006")))
	put(s.closing)
	c.Font(false, 7)
	y += 24
	c.Text(50, y, "Votre conseiller : Mme Claire Dumas · Agence Orléans Bannier · 02 38 55 01 22")
}

// prod6Italian: see the batch notes (an Italian bank).
func prod6Italian(c *testdocs.Produced, s stmt) {
	rowsPerPage := 34
	var y float64
	put := func(v decimal.Decimal) {
		if v.Sign() < 0 {
			c.Right(470, y, gMoney(v))
		} else {
			c.Right(545, y, gMoney(v))
		}
	}
	var in, out decimal.Decimal
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "Banca Lombarda Unita S.p.A.")
		c.Font(false, 8)
		c.Text(330, 34, "ESTRATTO CONTO")
		c.Text(330, 44, fmt.Sprintf("Periodo dal %s al %s", s.start.Format("02.01.2006"), s.end.Format("02.01.2006")))
		c.Text(330, 54, fmt.Sprintf("Pagina %d", c.Page()))
		c.Text(50, 60, "Conto corrente n. "+s.iban[15:])
		c.Text(50, 70, "IBAN "+s.iban)
		c.Font(false, 6.5)
		c.Text(50, 806, "Banca Lombarda Unita S.p.A. · Sede legale Piazza Cordusio 9, 20123 Milano · Capitale sociale € 21.133.469,87 · Aderente al Fondo Interbancario di Tutela dei Depositi")
		y = 96
		if first {
			c.Font(false, 9)
			c.Text(330, 70, "Sig. MARCO BELLINI")
			c.Text(330, 80, "VIA DEI MILLE 18")
			c.Text(330, 90, "20129 MILANO MI")
			y = 114
		}
		c.Font(true, 8)
		c.Text(50, y, "Data")
		c.Text(50, y+9, "contabile")
		c.Text(100, y, "Data")
		c.Text(100, y+9, "valuta")
		c.Text(150, y+9, "Descrizione")
		c.Right(470, y+9, "Uscite")
		c.Right(545, y+9, "Entrate")
		c.Font(false, 8.5)
		y += 26
		if first {
			c.Text(50, y, s.start.Format("02.01.2006"))
			c.Text(150, y, "SALDO INIZIALE")
			put(s.opening)
			y += 14
		}
	}, func(x gTxn) {
		if x.amount.Sign() < 0 {
			out = out.Sub(x.amount)
		} else {
			in = in.Add(x.amount)
		}
		c.Text(50, y, x.date.Format("02.01.2006"))
		c.Text(100, y, x.value.Format("02.01.2006"))
		c.Text(150, y, strings.ToUpper(x.desc[0]))
		put(x.amount)
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(150, y, d)
		}
		y += 13
	}, nil)
	c.Text(50, y, s.end.Format("02.01.2006"))
	c.Text(150, y, "SALDO FINALE")
	put(s.closing)
	y += 26
	c.Font(true, 9)
	c.Text(50, y, "Riepilogo")
	c.Font(false, 8.5)
	for _, r := range []struct {
		l string
		v decimal.Decimal
	}{{"Saldo iniziale", s.opening}, {"Totale entrate", in}, {"Totale uscite", out.Neg()}, {"Saldo finale", s.closing}} {
		y += 12
		c.Text(50, y, r.l)
		c.Right(300, y, minus(r.v)+gMoney(r.v))
	}
}

// prod6Spanish: see the batch notes (a Spanish bank).
func prod6Spanish(c *testdocs.Produced, s stmt) {
	rowsPerPage := 34
	var y float64
	paginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "Banco Levante")
		c.Font(false, 8)
		c.Text(330, 34, "Extracto de cuenta")
		c.Text(330, 44, fmt.Sprintf("Periodo: %s - %s", s.start.Format("02/01/2006"), s.end.Format("02/01/2006")))
		c.Text(330, 54, fmt.Sprintf("Hoja %d", c.Page()))
		c.Text(50, 60, "Cuenta "+groups4(s.iban))
		c.Text(50, 70, "Titular: LUCIA FERNANDEZ ORTEGA")
		c.Font(false, 6.5)
		c.Text(50, 806, "Banco Levante, S.A. · Avda. del Puerto 120, 46023 Valencia · Reg. Merc. de Valencia, Tomo 4471, Folio 1, Hoja V-2201 · NIF A46000001")
		y = 92
		if first {
			c.Font(false, 9)
			c.Text(50, y, "Saldo inicial:")
			c.Right(250, y, minus(s.opening)+gMoney(s.opening)+" EUR")
			c.Text(50, y+11, "Saldo final:")
			c.Right(250, y+11, minus(s.closing)+gMoney(s.closing)+" EUR")
			y += 34
		}
		c.Font(true, 8)
		c.Text(50, y, "Fecha")
		c.Text(100, y, "Fecha valor")
		c.Text(160, y, "Concepto")
		c.Right(470, y, "Importe")
		c.Right(545, y, "Saldo")
		c.Font(false, 8.5)
		y += 15
	}, func(x gTxn, b decimal.Decimal) {
		c.Text(50, y, x.date.Format("02/01/2006"))
		c.Text(100, y, x.value.Format("02/01/2006"))
		c.Text(160, y, x.desc[0])
		c.Right(470, y, minus(x.amount)+gMoney(x.amount))
		c.Right(545, y, minus(b)+gMoney(b))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(160, y, d)
		}
		y += 13
	}, nil)
}

// prod6Transfer: see the batch notes (a money-transfer fintech).
func prod6Transfer(c *testdocs.Produced, s stmt) {
	rowsPerPage := 30
	long := func(d time.Time) string {
		return fmt.Sprintf("%d %s %d", d.Day(), enMonths[d.Month()-1], d.Year())
	}
	var y float64
	paginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 14)
		c.Text(50, 36, "EUR statement")
		c.Font(false, 8)
		c.Text(50, 52, long(s.start)+" [GMT+01:00] - "+long(s.end)+" [GMT+01:00]")
		c.Text(380, 36, "Remitly Europe SA")
		c.Text(380, 46, "Avenue Louise 54, Room S52")
		c.Text(380, 56, "1050 Brussels, Belgium")
		c.Font(false, 6.5)
		c.Text(50, 806, "Remitly Europe SA is authorised by the National Bank of Belgium as an Electronic Money Institution, enterprise number 0708.022.517.")
		c.Right(545, 814, fmt.Sprintf("Page %d", c.Page()))
		y = 80
		if first {
			c.Font(false, 8.5)
			c.Text(50, y, "Account Holder")
			c.Font(true, 8.5)
			c.Text(50, y+11, "Tomás Novak")
			c.Font(false, 8.5)
			c.Text(50, y+22, "Lindengracht 77")
			c.Text(50, y+33, "1015 KH Amsterdam")
			c.Text(330, y, "IBAN")
			c.Text(330, y+11, groups4(s.iban))
			c.Text(330, y+22, "Swift/BIC")
			c.Text(330, y+33, "RMTLBEB1XXX")
			y += 56
			c.Font(true, 10)
			c.Text(50, y, "EUR on "+long(s.end))
			c.Right(545, y, minus(s.closing)+enMoney(s.closing)+" EUR")
			c.Font(false, 8.5)
			y += 16
			c.Text(50, y, "Opening balance")
			c.Right(545, y, minus(s.opening)+enMoney(s.opening)+" EUR")
			y += 24
		}
		c.Font(true, 8)
		c.Text(50, y, "Description")
		c.Right(380, y, "Incoming")
		c.Right(460, y, "Outgoing")
		c.Right(545, y, "Balance")
		c.Font(false, 8.5)
		y += 16
	}, func(x gTxn, b decimal.Decimal) {
		var what string
		switch {
		case x.desc[0] == "Card Payment":
			what = fmt.Sprintf("Card transaction of %s EUR issued by %s", enMoney(x.amount), x.desc[1])
		case x.desc[0] == "Cash":
			what = "Cash withdrawal at " + x.desc[1]
		case x.amount.Sign() < 0:
			what = "Sent money to " + x.desc[1]
		default:
			what = "Received money from " + x.desc[1]
		}
		if len(x.desc) > 2 {
			what += " with reference " + x.desc[2]
		}
		c.Font(true, 8.5)
		c.Text(50, y, what)
		c.Font(false, 8.5)
		if x.amount.Sign() < 0 {
			c.Right(460, y, "-"+enMoney(x.amount))
		} else {
			c.Right(380, y, enMoney(x.amount))
		}
		c.Right(545, y, minus(b)+enMoney(b))
		y += 10
		c.Font(false, 7.5)
		more := long(x.date)
		if x.desc[0] == "Card Payment" {
			more += "   Card ending in " + digitsOf(s, 4) + "   Transaction: CARD-" + digitsOf(s, 9)
		} else {
			more += "   Transaction: TRANSFER-" + digitsOf(s, 9)
		}
		c.Text(50, y, more)
		c.Font(false, 8.5)
		y += 16
	}, nil)
}

// chf is 1'234.56 (unsigned).
func chf(v decimal.Decimal) string { return strings.ReplaceAll(enMoney(v), ",", "'") }

// prod6SwissPost: see the batch notes (a Swiss postal bank).
func prod6SwissPost(c *testdocs.Produced, s stmt) {
	rowsPerPage := 36
	var y float64
	var in, out decimal.Decimal
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "Alpenpost Finanz AG")
		c.Font(false, 8)
		c.Text(330, 34, "Kontoauszug")
		c.Text(330, 44, "Privatkonto CHF")
		c.Text(330, 54, "IBAN "+groups4(s.iban))
		c.Text(330, 64, fmt.Sprintf("Datum von - bis %s - %s", s.start.Format("02.01.06"), s.end.Format("02.01.06")))
		c.Right(545, 74, fmt.Sprintf("Seite %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 808, "Alpenpost Finanz AG · Mingerstrasse 20 · 3030 Bern · Telefon +41 848 888 710")
		y = 100
		if first {
			c.Font(false, 9)
			c.Text(50, 60, "Herr")
			c.Text(50, 71, "Reto Aebischer")
			c.Text(50, 82, "Gartenstrasse 9")
			c.Text(50, 93, "8002 Zürich")
			y = 118
		}
		c.Font(true, 8)
		c.Text(50, y, "Datum")
		c.Text(95, y, "Text")
		c.Right(360, y, "Gutschrift")
		c.Right(430, y, "Lastschrift")
		c.Text(440, y, "Valuta")
		c.Right(545, y, "Saldo")
		c.Font(false, 8.5)
		y += 15
		if first {
			c.Text(50, y, s.start.Format("02.01.06"))
			c.Text(95, y, "Kontostand")
			c.Right(545, y, minus(s.opening)+chf(s.opening))
			y += 13
		}
	}, func(x gTxn) {
		c.Text(50, y, x.date.Format("02.01.06"))
		c.Text(95, y, strings.ToUpper(x.desc[0][:1])+x.desc[0][1:])
		if x.amount.Sign() < 0 {
			out = out.Sub(x.amount)
			c.Right(430, y, chf(x.amount))
		} else {
			in = in.Add(x.amount)
			c.Right(360, y, chf(x.amount))
		}
		c.Text(440, y, x.value.Format("02.01.06"))
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(95, y, d)
		}
		y += 13
	}, nil)
	c.Text(95, y, "Total")
	c.Right(360, y, chf(in))
	c.Right(430, y, chf(out))
	y += 13
	c.Text(50, y, s.end.Format("02.01.06"))
	c.Text(95, y, "Kontostand")
	c.Right(545, y, minus(s.closing)+chf(s.closing))
}

// prod6UKApp: see the batch notes (a UK app bank).
func prod6UKApp(c *testdocs.Produced, s stmt) {
	rowsPerPage := 34
	gbp := func(v decimal.Decimal) string { return minus(v) + "£" + enMoney(v) }
	types := map[string]string{"Direct Debit": "DIRECT DEBIT", "Credit": "FASTER PAYMENT", "Card Payment": "CARD PAYMENT", "Standing Order": "STANDING ORDER", "Bill Payment": "ONLINE PAYMENT", "Cash": "CASH WITHDRAWAL"}
	var in, out decimal.Decimal
	for _, x := range s.txns {
		if x.amount.Sign() < 0 {
			out = out.Sub(x.amount)
		} else {
			in = in.Add(x.amount)
		}
	}
	var y float64
	paginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 14)
		c.Text(50, 36, "Statement")
		c.Font(false, 8)
		c.Text(330, 36, "Account number "+s.iban[14:]+"   Sort code 60-83-71")
		c.Text(330, 46, "IBAN "+groups4(s.iban))
		c.Text(330, 56, "BIC QRRYGB2L")
		c.Font(false, 6.5)
		c.Text(50, 806, "Quarry Bank Limited is registered in England and Wales (No. 09090119) and authorised by the Prudential Regulation Authority.")
		c.Right(545, 814, fmt.Sprintf("Page %d", c.Page()))
		y = 80
		if first {
			c.Font(false, 9)
			c.Text(50, y, "Ms Priya Raman")
			c.Text(50, y+11, "Flat 5, 22 Canal Street")
			c.Text(50, y+22, "Manchester M1 3HE")
			y += 44
			c.Text(50, y, fmt.Sprintf("Summary %s - %s", s.start.Format("02/01/2006"), s.end.Format("02/01/2006")))
			y += 13
			for _, r := range []struct {
				l string
				v string
			}{{"Opening Balance", gbp(s.opening)}, {"Money In", "£" + enMoney(in)}, {"Money Out", "£" + enMoney(out)}, {"Closing Balance", gbp(s.closing)}} {
				c.Text(50, y, r.l)
				c.Right(250, y, r.v)
				y += 11
			}
			y += 14
		}
		c.Font(true, 7.5)
		c.Text(50, y, "DATE")
		c.Text(105, y, "TYPE")
		c.Text(195, y, "TRANSACTION")
		c.Right(390, y, "IN")
		c.Right(450, y, "OUT")
		c.Right(545, y, "ACCOUNT BALANCE")
		c.Font(false, 8.5)
		y += 15
	}, func(x gTxn, b decimal.Decimal) {
		c.Text(50, y, x.date.Format("02/01/2006"))
		c.Text(105, y, types[x.desc[0]])
		c.Text(195, y, x.desc[1])
		if x.amount.Sign() < 0 {
			c.Right(450, y, "£"+enMoney(x.amount))
		} else {
			c.Right(390, y, "£"+enMoney(x.amount))
		}
		c.Right(545, y, gbp(b))
		for _, d := range x.desc[2:] {
			y += 10
			c.Text(195, y, d)
		}
		y += 13
	}, nil)
}

// prod6NLApp: see the batch notes (a Dutch app bank).
func prod6NLApp(c *testdocs.Produced, s stmt) {
	rowsPerPage := 30
	eur := func(v decimal.Decimal) string { return "€ " + minus(v) + gMoney(v) }
	var y float64
	paginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 14)
		c.Text(50, 36, "Rekeningafschrift")
		c.Font(false, 8)
		c.Text(330, 36, fmt.Sprintf("Periode %s t/m %s", s.start.Format("02-01-2006"), s.end.Format("02-01-2006")))
		c.Text(330, 46, "Rekening "+groups4(s.iban))
		c.Text(330, 56, "J. de Boer")
		c.Font(false, 6.5)
		c.Text(50, 806, "Zuiderbank B.V. · Naritaweg 131 · 1043 BS Amsterdam · KvK 54992060 · Onder toezicht van De Nederlandsche Bank")
		c.Right(545, 814, fmt.Sprintf("Pagina %d", c.Page()))
		y = 84
		if first {
			c.Font(false, 9)
			c.Text(50, y, "Beginsaldo")
			c.Right(250, y, eur(s.opening))
			c.Text(50, y+12, "Eindsaldo")
			c.Right(250, y+12, eur(s.closing))
			y += 36
		}
		c.Font(true, 8)
		c.Text(50, y, "Datum")
		c.Text(115, y, "Omschrijving")
		c.Right(470, y, "Bedrag")
		c.Right(545, y, "Saldo")
		c.Font(false, 8.5)
		y += 15
	}, func(x gTxn, b decimal.Decimal) {
		c.Text(50, y, x.date.Format("02-01-2006"))
		c.Text(115, y, x.desc[1])
		c.Right(470, y, eur(x.amount))
		c.Right(545, y, eur(b))
		c.Font(false, 7.5)
		y += 10
		c.Text(115, y, x.desc[0])
		if len(x.desc) > 2 {
			y += 10
			c.Text(115, y, "NL"+digitsOf(s, 2)+" RABO 0"+digitsOf(s, 3)+" "+digitsOf(s, 4)+" "+digitsOf(s, 2)+"   "+x.desc[2])
		}
		c.Font(false, 8.5)
		y += 14
	}, nil)
}

// prod6FrBig: see the later report notes (a big French bank).
func prod6FrBig(c *testdocs.Produced, s stmt) {
	rowsPerPage := 34
	var y float64
	put := func(v decimal.Decimal) {
		if v.Sign() < 0 {
			c.Right(470, y, frMoney(v))
		} else {
			c.Right(545, y, frMoney(v))
		}
	}
	var deb, cred decimal.Decimal
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 11)
		c.Text(50, 34, "BANQUE DU MIDI")
		c.Font(false, 8)
		c.Text(330, 34, "RELEVÉ DE COMPTE")
		c.Text(330, 44, fmt.Sprintf("du %s au %s", s.start.Format("02/01/2006"), s.end.Format("02/01/2006")))
		c.Text(330, 54, fmt.Sprintf("envoi n° %d   Page %d", int(s.start.Month()), c.Page()))
		c.Text(50, 60, "Compte courant particuliers")
		c.Text(50, 70, "n° 30003 01234 "+s.iban[17:25]+" 89")
		c.Font(false, 6.5)
		c.Text(50, 800, "Banque du Midi · S.A. au capital de 1 066 714 367,50 € · 552 120 222 RCS Paris · Siège social 29 bd Haussmann 75009 Paris")
		c.Text(50, 808, "Votre IBAN : "+groups4(s.iban)+"   BIC : BDMIFRPPXXX")
		c.Font(true, 8)
		c.Text(50, 100, "Date")
		c.Text(100, 100, "Valeur")
		c.Text(150, 100, "Nature de l'opération")
		c.Right(470, 100, "Débit")
		c.Right(545, 100, "Crédit")
		c.Font(false, 8.5)
		y = 116
		if first {
			c.Font(true, 8.5)
			c.Text(150, y, "SOLDE PRÉCÉDENT AU "+s.start.AddDate(0, 0, -1).Format("02/01/2006"))
			put(s.opening)
			c.Font(false, 8.5)
			y += 15
		}
	}, func(x gTxn) {
		if x.amount.Sign() < 0 {
			deb = deb.Sub(x.amount)
		} else {
			cred = cred.Add(x.amount)
		}
		c.Text(50, y, x.date.Format("02/01/2006"))
		c.Text(100, y, x.value.Format("02/01/2006"))
		c.Text(150, y, strings.ToUpper(x.desc[0])+" "+x.desc[1])
		put(x.amount)
		for _, d := range x.desc[2:] {
			y += 10
			c.Text(160, y, d)
		}
		y += 13
	}, nil)
	y += 4
	c.Font(true, 8.5)
	c.Text(150, y, "TOTAUX DES MOUVEMENTS")
	c.Right(470, y, frMoney(deb))
	c.Right(545, y, frMoney(cred))
	y += 14
	c.Text(150, y, "NOUVEAU SOLDE AU "+s.end.Format("02/01/2006"))
	put(s.closing)
}

// prod6ItOnline: see the later report notes (an Italian online bank).
func prod6ItOnline(c *testdocs.Produced, s stmt) {
	rowsPerPage := 34
	var y float64
	prodPaginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 34, "Banca Vela")
		c.Font(false, 8)
		c.Text(330, 34, "Movimenti conto corrente")
		c.Text(330, 44, "Intestatario: GIULIA FERRARI")
		c.Text(330, 54, "IBAN: "+s.iban)
		c.Right(545, 64, fmt.Sprintf("Pag. %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 806, "Banca Vela S.p.A. · Piazza Durante 11, 20131 Milano · Iscritta all'Albo delle Banche n. 5614 · P.IVA 12962340159")
		y = 84
		if first {
			c.Font(false, 9)
			c.Text(50, y, fmt.Sprintf("Saldo iniziale al %s: %s", s.start.Format("02/01/2006"), minus(s.opening)+gMoney(s.opening)))
			c.Text(50, y+11, fmt.Sprintf("Saldo finale al %s: %s", s.end.Format("02/01/2006"), minus(s.closing)+gMoney(s.closing)))
			y += 32
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Data Operazione")
		c.Text(115, y, "Data Valuta")
		c.Right(230, y, "Entrate")
		c.Right(290, y, "Uscite")
		c.Text(305, y, "Descrizione")
		c.Text(400, y, "Descrizione Completa")
		c.Font(false, 8)
		y += 14
	}, func(x gTxn) {
		c.Text(50, y, x.date.Format("02/01/2006"))
		c.Text(115, y, x.value.Format("02/01/2006"))
		if x.amount.Sign() < 0 {
			c.Right(290, y, "-"+gMoney(x.amount))
		} else {
			c.Right(230, y, gMoney(x.amount))
		}
		c.Text(305, y, x.desc[0])
		full := x.desc[1:]
		for k, d := range wrapTo(c, strings.Join(full, " "), 140) {
			if k > 0 {
				y += 10
			}
			c.Text(400, y, d)
		}
		y += 13
	}, nil)
}

// prod6UKApp2: see the later report notes (a UK app bank's export).
func prod6UKApp2(c *testdocs.Produced, s stmt) {
	rowsPerPage := 32
	var y float64
	paginate(s, rowsPerPage, func(first bool) {
		c.AddPage()
		c.Font(true, 13)
		c.Text(50, 36, "Personal Account statement")
		c.Font(false, 8)
		c.Text(50, 52, fmt.Sprintf("%s - %s", s.start.Format("02/01/2006"), s.end.Format("02/01/2006")))
		c.Text(360, 36, "Sort code: 04-00-"+digitsOf(s, 2))
		c.Text(360, 46, "Account number: "+s.iban[14:])
		c.Text(360, 56, "IBAN: "+groups4(s.iban))
		c.Text(360, 66, "BIC: CORAGB21")
		c.Font(false, 6.5)
		c.Text(50, 800, "Coral Bank Ltd is a company registered in England No. 09446231. Registered office: 38 Finsbury Square, London EC2A 1PX.")
		c.Right(545, 810, fmt.Sprintf("%d/%d", c.Page(), pagesOf(s, rowsPerPage)))
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, y, "Start balance")
			c.Right(250, y, "£"+minus(s.opening)+enMoney(s.opening))
			c.Text(50, y+11, "End balance")
			c.Right(250, y+11, "£"+minus(s.closing)+enMoney(s.closing))
			y += 34
		}
		c.Font(true, 8)
		c.Text(50, y, "Date")
		c.Text(110, y, "Description")
		c.Right(470, y, "(GBP) Amount")
		c.Right(545, y, "(GBP) Balance")
		c.Font(false, 8.5)
		y += 15
	}, func(x gTxn, b decimal.Decimal) {
		c.Text(50, y, x.date.Format("02/01/2006"))
		c.Text(110, y, x.desc[1])
		c.Right(470, y, minus(x.amount)+enMoney(x.amount))
		c.Right(545, y, minus(b)+enMoney(b))
		c.Font(false, 7.5)
		if len(x.desc) > 2 {
			y += 10
			c.Text(110, y, "Reference: "+x.desc[2])
		}
		y += 10
		c.Text(110, y, x.desc[0])
		c.Font(false, 8.5)
		y += 13
	}, nil)
}

// stmtProduced6Later is the report part written after the rules from the
// first report part's misses (see TestStatementLayoutSuiteProduced6).
var stmtProduced6Later = []prod6Layout{
	{"fr-big", "FR", "EUR", prod6FrBig, nil},
	{"it-online", "IT", "EUR", prod6ItOnline, nil},
	{"uk-app-export", "GB", "GBP", prod6UKApp2, ibanNew("GB", "CORA040075", 8)},
}

// ibanNew makes an IBAN of country from a bank code and the digits of s.
func ibanNew(country, bank string, digits int) func(stmt) string {
	return func(s stmt) string { return ibanFor(country, bank+digitsOf(s, digits)) }
}

var stmtProduced6Tune = []prod6Layout{
	{"uk-highstreet", "GB", "GBP", prod6UKBank, ibanNew("GB", "HLSD401162", 8)},
	{"app-eur", "LT", "EUR", prod6AppEUR, ibanNew("LT", "32500", 11)},
	{"fr-fintech", "FR", "EUR", prod6FrFintech, nil},
	{"fr-regional", "FR", "EUR", prod6FrRegional, nil},
	{"it-bank", "IT", "EUR", prod6Italian, nil},
	{"es-bank", "ES", "EUR", prod6Spanish, nil},
}

var stmtProduced6Report = []prod6Layout{
	{"transfer-eur", "BE", "EUR", prod6Transfer, nil},
	{"ch-post", "CH", "CHF", prod6SwissPost, ibanNew("CH", "09000", 12)},
	{"uk-app", "GB", "GBP", prod6UKApp, ibanNew("GB", "QRRY608371", 8)},
	{"nl-app", "NL", "EUR", prod6NLApp, ibanNew("NL", "ZUID", 10)},
}

// stmtProduced6Bar is the share of fields of the sixth batch's tune part
// that must be read. The whole batch first scored as it came, before any
// rule: 223 of 270 (82.6%; our estimate for statements nobody has seen),
// 16 of 30 statements all right; tune 148 of 162 (91.4%), 13 of 18;
// report 75 of 108 (69.4%), 3 of 12. Tune per layout (27 fields each):
// app-eur, fr-fintech, it-bank, es-bank 27; uk-highstreet 21 (a day's
// date printed on its first row only: the rows below it dateless; the
// code and payee line of a row whose amount is on its last line read as
// the row above's); fr-regional 19 (the title "Date" over "opé.", "Date"
// over "valeur" not read as a header: no table found on pages whose rows
// set the amount on their last line, and on the others one found by its
// rows with a single signed amount column, every debit read as money in).
//
// 162 of 162 after these general rules: a header printed over two lines
// (the upper line's words each over a title of the lower one, set close
// above it) is read as one line of titles, "Date opé." a date title; in
// a table that prints many rows' amounts on their last line (on a page,
// at least two dated rows without an amount completed by an amount line
// below, and at least half as many as dated rows with one; a page with
// fewer dated rows keeps the last page's finding), a text line after a
// finished transaction begins the next one when an amount line without
// a date follows close below it before any dated line; a row without a
// date kept for the balances (an orphan) takes the last date printed in
// the date column above it, a balance row's included. All other
// statement suites unchanged.
const stmtProduced6Bar = 162.0 / 162

// stmtProduced6LaterBar: a later report part, three layouts written after
// the rules from the first report part's misses and scored as it came
// (never studied): a big French bank ("Date | Valeur | Nature de
// l'opération | Débit | Crédit", full dates, "SOLDE PRÉCÉDENT AU",
// "TOTAUX DES MOUVEMENTS", "NOUVEAU SOLDE AU", the IBAN only in the
// footer); an Italian online bank ("Data Operazione | Data Valuta |
// Entrate | Uscite | Descrizione | Descrizione Completa", the amounts
// left of the text, "Saldo iniziale al 01/10/2023: 8.352,21" above); a
// UK app bank's export ("(GBP) Amount", "(GBP) Balance", "Start/End
// balance", the type under the payee). First scored: 75 of 81 (92.6%),
// 6 of 9 all right; fr-big 21 (the IBAN printed only in the page footer
// "Votre IBAN : FR76 ..." not read, and so no currency).
//
// The part was then studied: 81 of 81 once an IBAN after the word "IBAN"
// on a line in a page's bottom tenth, below the table (a footer), is the
// account's when none is read above the table. The other parts and every
// other statement suite unchanged.
const stmtProduced6LaterBar = 81.0 / 81

// stmtProduced6ReportBar: the report part, 75 of 108 as first scored and
// 75 of 108 when scored once after the tune rules (they did not reach
// its misses): transfer-eur 9 (a description line over a line starting
// with the date, no date column title: no table found, no transaction
// read), ch-post 18 (no balance read from "Kontostand" rows with the
// balance in the Saldo column), uk-app 21 (amounts read from the account
// balance column), nl-app 27.
//
// The part was then studied (a second tune part; the later part below
// reports for it). A generator bug was fixed first: uk-app's "OUT" title
// ended inside the span of "ACCOUNT BALANCE" (overlapping titles); 75 of
// 108 with it fixed, before any rule. 108 of 108 after these general
// rules: "Account balance" is a balance title, "Incoming"/"Outgoing"
// credit and debit titles; a header with no date title, the
// description's title first, over two amount columns or more, is read
// when the page has no header with a date title, a row's date then a
// date starting its line; a table whose first row has an amount and no
// date, the line right below it a date and no amount, and the next row
// starting the same way, prints each row's date under its first line,
// and such a line dates the row above it; a
// balance row may print its date before its label ("01.10.23 Kontostand
// 8'352.21": dates, a balance label of at most four words, then nothing
// but amounts and currency codes); with no closing balance printed as
// such, the running balance after the last transaction is the closing
// balance. The tune part stayed at 162 of 162, every other statement
// suite unchanged.
const stmtProduced6ReportBar = 108.0 / 108

// TestStatementLayoutSuiteProduced6 scores the sixth batch, each layout
// with 9, 60 and 320 transactions, its tune and report parts apart. The
// tables are logged (-v).
func TestStatementLayoutSuiteProduced6(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	for _, part := range []struct {
		name    string
		layouts []prod6Layout
		bar     float64
	}{{"tune", stmtProduced6Tune, stmtProduced6Bar}, {"report", stmtProduced6Report, stmtProduced6ReportBar},
		{"later", stmtProduced6Later, stmtProduced6LaterBar}} {
		t.Run(part.name, func(t *testing.T) {
			share, report := scoreProduced6(t, part.layouts)
			t.Logf("produced batch 6, %s part\n%s", part.name, report)
			require.GreaterOrEqual(t, share, part.bar, "share of fields read, produced batch 6 %s", part.name)
		})
	}
}

func scoreProduced6(t *testing.T, layouts []prod6Layout) (float64, string) {
	e := engine(t)
	var tally testdocs.Tally
	for _, l := range layouts {
		for k, n := range []int{9, 60, 320} {
			s := localize(newStmt(uint64(600+k), n, l.country), prod6Lang[l.country])
			if l.iban != nil {
				s.iban = l.iban(s)
			}
			c := testdocs.NewProduced(uint64(k))
			l.draw(c, s)
			data, err := c.Bytes()
			require.NoError(t, err)
			pages, err := testdocs.ReadPages(context.Background(), e, data)
			require.NoError(t, err)
			res, misses := stmtFields(s, l.cur, Extract(pages))
			tally.Add(fmt.Sprintf("%-14s %3d txns %2d pages", l.name, n, len(pages)), res, misses)
		}
	}
	return tally.Share(), tally.Report("statements")
}

// TestProduced6Dump prints one statement of the sixth batch as the reader
// sees it: PROD6=name/n (a debugging aid; skipped without it).
func TestProduced6Dump(t *testing.T) {
	spec := os.Getenv("PROD6")
	if spec == "" {
		t.Skip("PROD6=layout/n")
	}
	name, ns, _ := strings.Cut(spec, "/")
	n, _ := strconv.Atoi(ns)
	for k, m := range []int{9, 60, 320} {
		for _, l := range append(append(append([]prod6Layout{}, stmtProduced6Tune...), stmtProduced6Report...), stmtProduced6Later...) {
			if l.name != name || m != n {
				continue
			}
			s := localize(newStmt(uint64(600+k), n, l.country), prod6Lang[l.country])
			if l.iban != nil {
				s.iban = l.iban(s)
			}
			c := testdocs.NewProduced(uint64(k))
			l.draw(c, s)
			data, err := c.Bytes()
			require.NoError(t, err)
			pages, err := testdocs.ReadPages(context.Background(), engine(t), data)
			require.NoError(t, err)
			for _, p := range pages {
				for _, ln := range layout.Lines(&p) {
					var b strings.Builder
					for _, w := range ln.Words {
						fmt.Fprintf(&b, "%s@%.0f ", w.Text, w.X0)
					}
					t.Logf("p%d %s", p.Number, b.String())
				}
			}
			got := Extract(pages)
			for i, x := range got.Transactions {
				want := ""
				if i < len(s.txns) {
					want = s.txns[i].date.Format(time.DateOnly) + " " + s.txns[i].amount.String()
				}
				t.Logf("txn %d %s %s %q (want %s)", i, testdocs.Str(x.Date), av(x.Amount), testdocs.Str(x.Description), want)
			}
			t.Logf("open %s close %s", av(got.General.OpeningBalance), av(got.General.ClosingBalance))
		}
	}
}
