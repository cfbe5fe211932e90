package bank

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/classify"
	"github.com/docextract/docextract/extract/split"
	"github.com/docextract/docextract/extract/validate"
	"github.com/docextract/docextract/internal/testdocs"
)

// A seventh produced batch (TestStatementLayoutSuiteKinds): documents
// account holders upload as their "bank statement" that are not a bank
// account's classic statement, and banks of countries no earlier suite
// drew. Written from what is known of how they print; our own made-up
// names, numbers and addresses. Split before the first score:
//
// tune:
//   - a German credit-card statement (Kreditkartenabrechnung): a masked
//     card number and no IBAN of its own, "Saldo der letzten Abrechnung"
//     as the first row and "Neuer Saldo" as the last, amounts with a
//     trailing "-"/"+", columns "Belegdatum | Buchungsdatum |
//     Umsatzbeschreibung | Fremdwährung | Kurs | Betrag in EUR", a row in
//     a foreign currency printing its original amount and rate beside the
//     EUR amount and an "Auslandseinsatzentgelt" booked on the line under
//     it, the last bill settled by "Lastschrift vom Referenzkonto", and a
//     closing note naming the reference account's IBAN;
//   - an English (UK) credit-card statement: "Previous balance",
//     "Payments and credits", "New balance", "Minimum payment", "Credit
//     limit", "Card ending 4471", rows "03 Mar | 04 Mar | description |
//     12.34" with payments as "523.45 CR", a foreign row's original amount
//     and rate on the line under it and a "NON-STERLING TRANSACTION FEE"
//     row;
//   - a PayPal-style account statement in English, EUR: a summary of
//     "Beginning balance", money in, money out, fees and "Ending
//     balance", rows "Mar 3, 2023 | description | EUR | Gross | Fee |
//     Net" with a transaction ID and e-mail under the name;
//   - an online-banking turnover list printed from a browser
//     ("Umsätze"): the print date and time and the page title in the
//     header, the page's URL and "1/3" in the footer, newest row first,
//     "Kontostand" (the current balance) and "Verfügbarer Betrag" (the
//     balance plus the overdraft) above the table, no opening balance;
//   - an Austrian bank's Kontoauszug: "Buch.-Dat. | Text | Valuta |
//     Betrag", dates "03.03" without a year, "1.234,56-", card payments
//     "Bezahlung Karte MC/000001234" over "POS 12,34 0001 K1 03.03.
//     14:22" (the amount again in the text), "Kontostand alt/neu".
//
// report (scored once as it came, after the tune rules, never studied):
//   - a Belgian bank's "Extrait de compte" in French: an operation number
//     before each row, "03-03" dates, "- 12,34"/"+ 1.200,00", "Solde
//     précédent"/"Nouveau solde", the counterparty's IBAN and a
//     structured communication "+++090/9337/55493+++" in the rows;
//   - a US credit-card statement: "Previous Balance", "Payments, Credits",
//     "Purchases", "Fees Charged", "New Balance", "Minimum Payment Due",
//     rows "03/04" (month first, no year) grouped in sections (payments
//     first, then purchases, then fees), payments "-1,234.56", a foreign
//     row's "CAD 120.00 X 0.7350 (EXCHG RATE)" under it.
//
// What the right result is where the schema is silent, decided here:
//   - no IBAN printed for the account itself (a card, a payment service):
//     IBAN null. The reference account a card bill is debited from is
//     another account: its IBAN is not the statement's.
//   - a card statement is read in the account holder's frame, the one the
//     schema's "money out is negative" states and German card statements
//     print: a purchase or fee is negative, a payment or refund positive,
//     and a balance owed on the card is negative (German banks print it
//     "612,30 -"; English and US statements print the sum owed unsigned,
//     and its sign is the bank's meaning: a debit balance). Then opening
//     + transactions = closing holds as it does for a bank account.
//   - a payment service's row moves the balance by its net amount: the
//     Amount is the net (gross less the fee), the gross and fee are not
//     separate transactions.
//   - a turnover list with no opening balance printed: OpeningBalance
//     null, ClosingBalance the current balance printed ("Kontostand"),
//     not the available amount; the transactions in printed order,
//     newest first; with nothing to reconcile, validation does not pass.
//   - transactions in the printed order (a US card's sections included).
//
// Cost: 320 transactions only for the three layouts of a bank account
// (umsatz-browser, at-bank, be-bank), 9 and 60 for the others; the suite
// reads its 17 statements in about 1.5 s (skipped under -short, as every
// PDFium suite).

// kindStmt is one statement of the batch and its right result.
type kindStmt struct {
	stmt
	// extra: per transaction, the printed extras (the original amount in
	// a foreign currency, its rate, the gross and fee of a payment).
	extra []kindExtra
	// noOpening: no opening balance printed (the right result is null).
	noOpening bool
	// valid is the right validation result.
	valid bool
	// next: a second account's statement printed after this one in the
	// same file (the eighth batch's file of two accounts).
	next *kindStmt
	// acct: an account number printed where no IBAN is (US accounts).
	acct string
	// cur: this statement's currency where it is not its layout's (the
	// ninth batch's second currency section).
	cur string
}

type kindExtra struct {
	orig, cur, rate string
	gross, fee      decimal.Decimal
}

type kindLayout struct {
	name, cur string
	make      func(seed uint64, n int) kindStmt
	draw      func(*testdocs.Produced, kindStmt)
	// ns: the transaction counts drawn (320 only for a few layouts, to
	// keep the suite's cost modest).
	ns []int
}

// kindFields scores one statement of the batch (the fields of
// stmtFields, with the right result's nulls and validation).
func kindFields(s kindStmt, cur string, got *docextract.BankStatementData) (map[string]bool, []string) {
	g := got.General
	var f testdocs.Fields
	sv := testdocs.Str
	f.Check("IBAN", s.iban, sv(g.IBAN))
	f.Check("Currency", cur, sv(g.Currency))
	open := s.opening.String()
	if s.noOpening {
		open = ""
	}
	f.Check("OpeningBalance", open, av(g.OpeningBalance))
	f.Check("ClosingBalance", s.closing.String(), av(g.ClosingBalance))
	f.Check("TxnCount", fmt.Sprint(len(s.txns)), fmt.Sprint(len(got.Transactions)))
	var wd, hd, wa, ha, wn, hn []string
	for _, x := range s.txns {
		wd = append(wd, x.date.Format(time.DateOnly))
		wa = append(wa, x.amount.String())
		wn = append(wn, x.desc[1])
	}
	for i, x := range got.Transactions {
		hd = append(hd, sv(x.Date))
		ha = append(ha, av(x.Amount))
		if i < len(wn) && strings.Contains(sv(x.Description), wn[i]) {
			hn = append(hn, wn[i])
		} else {
			hn = append(hn, sv(x.Description))
		}
	}
	f.Check("TxnDates", strings.Join(wd, " "), strings.Join(hd, " "))
	f.Check("TxnAmounts", strings.Join(wa, " "), strings.Join(ha, " "))
	f.Check("TxnPayees", strings.Join(wn, " | "), strings.Join(hn, " | "))
	v := validate.BankStatement(got)
	f.Set("Validation", v.Passed == s.valid, fmt.Sprintf("Validation: passed %v, want %v: %s", v.Passed, s.valid, v.Details.CalculationLogic))
	return f.Res, f.Misses
}

// cardMerchant: a card's payee, with the currency it charges in ("" the
// card's own).
type cardMerchant struct{ name, cur string }

var cardMerchants = map[string][]cardMerchant{
	"de": {{"REWE SAGT DANKE 4471 BERLIN", ""}, {"ARAL STATION 0815 POTSDAM", ""}, {"DB VERTRIEB GMBH FRANKFURT", ""},
		{"LIDL DIENSTL. BERLIN", ""}, {"NETFLIX.COM AMSTERDAM", ""}, {"ZALANDO SE BERLIN", ""}, {"LUFTHANSA 2201833 FRANKFURT", ""},
		{"AMAZON.COM*2K4TL SEATTLE", "USD"}, {"PRET A MANGER LONDON", "GBP"}, {"SBB CFF FFS BERN", "CHF"}, {"DELTA AIR 0062318 ATLANTA", "USD"}},
	"en": {{"TESCO STORES 2231 READING", ""}, {"TFL TRAVEL CH LONDON", ""}, {"AMAZON UK MARKETPLACE", ""},
		{"SAINSBURYS S/MKT 0412", ""}, {"SHELL ORCHARD 33", ""}, {"DELIVEROO LONDON", ""}, {"BOOTS 1187 OXFORD ST", ""},
		{"HOTEL LA PERGOLA ROMA", "EUR"}, {"UBER *TRIP NEW YORK", "USD"}, {"RENFE VIAJEROS MADRID", "EUR"}},
	"us": {{"WHOLEFDS MKT 10234 AUSTIN TX", ""}, {"SHELL OIL 57442139 AUSTIN TX", ""}, {"AMAZON MKTPL*2K4TL AMZN.COM/BILL WA", ""},
		{"TARGET 00023115 ROUND ROCK TX", ""}, {"SPOTIFY USA NEW YORK NY", ""}, {"HEB #482 AUSTIN TX", ""},
		{"AIR CANADA MONTREAL QC", "CAD"}, {"FAIRMONT BANFF SPRINGS AB", "CAD"}, {"OXXO CANCUN QROO", "MXN"}},
}

// cardRates: units of a foreign currency per unit of the card's.
var cardRates = map[string]string{"USD": "1.0842", "GBP": "0.8731", "CHF": "0.9874", "EUR": "1.1392", "CAD": "1.3605", "MXN": "18.4102"}

// cardStmt generates a card statement in lang ("de", "en", "us"): the
// balance owed before (negative, the holder's frame), the last bill's
// settlement as the second row, purchases (a fifth in a foreign currency,
// each followed by its fee), a few refunds.
func cardStmt(seed uint64, n int, lang string) kindStmt {
	r := rand.New(rand.NewPCG(seed, 0xca7d))
	start := time.Date(2023, time.Month(1+r.IntN(12)), 15, 0, 0, 0, 0, time.UTC)
	end := start.AddDate(0, 1, -1)
	s := kindStmt{stmt: stmt{start: start, end: end, opening: decimal.New(-int64(20000+r.IntN(130000)), -2)}, valid: true}
	feeRate := map[string]decimal.Decimal{"de": decimal.RequireFromString("0.0175"), "en": decimal.RequireFromString("0.0299"), "us": decimal.RequireFromString("0.03")}[lang]
	pay := map[string][]string{"de": {"Zahlung", "Lastschrift vom Referenzkonto"}, "en": {"Payment", "PAYMENT RECEIVED - THANK YOU"},
		"us": {"Payment", "AUTOPAY PAYMENT - THANK YOU"}}[lang]
	refund := map[string]string{"de": "Gutschrift", "en": "Refund", "us": "Credit"}[lang]
	feeName := map[string]string{"de": "Auslandseinsatzentgelt", "en": "NON-STERLING TRANSACTION FEE", "us": "FOREIGN TRANSACTION FEE"}[lang]
	day := 0
	add := func(x gTxn, e kindExtra) {
		s.txns = append(s.txns, x)
		s.extra = append(s.extra, e)
	}
	for len(s.txns) < n {
		day = min(day+r.IntN(2), end.Day()+14)
		dt := start.AddDate(0, 0, day)
		if dt.After(end) {
			dt = end
		}
		booked := dt.AddDate(0, 0, 1+r.IntN(2))
		if booked.After(end) {
			booked = end
		}
		if len(s.txns) == 1 || n == 1 {
			add(gTxn{date: dt, value: booked, desc: pay, amount: s.opening.Neg()}, kindExtra{})
			continue
		}
		m := cardMerchants[lang][r.IntN(len(cardMerchants[lang]))]
		v := decimal.New(int64(300+r.IntN(25000)), -2)
		if m.cur == "" && r.IntN(12) == 0 {
			add(gTxn{date: dt, value: booked, desc: []string{refund, m.name}, amount: v}, kindExtra{})
			continue
		}
		if m.cur != "" && len(s.txns)+2 <= n {
			rate := decimal.RequireFromString(cardRates[m.cur])
			orig := v.Mul(rate).Round(2)
			add(gTxn{date: dt, value: booked, desc: []string{"Kartenzahlung", m.name}, amount: v.Neg()},
				kindExtra{orig: orig.StringFixed(2), cur: m.cur, rate: cardRates[m.cur]})
			fee := v.Mul(feeRate).Round(2)
			add(gTxn{date: dt, value: booked, desc: []string{"Entgelt", feeName}, amount: fee.Neg()}, kindExtra{})
			continue
		}
		if m.cur != "" {
			m = cardMerchants[lang][0]
		}
		add(gTxn{date: dt, value: booked, desc: []string{"Kartenzahlung", m.name}, amount: v.Neg()}, kindExtra{})
	}
	s.closing = s.opening
	for _, x := range s.txns {
		s.closing = s.closing.Add(x.amount)
	}
	return s
}

// deSigned is "1.234,56 -" or "1.234,56 +" (a card statement's sign after
// the amount).
func deSigned(v decimal.Decimal) string {
	if v.Sign() < 0 {
		return gMoney(v) + " -"
	}
	return gMoney(v) + " +"
}

// localMoney prints a decimal string ("49.90") in style.
func localMoney(s, style string) string { return moneyIn(decimal.RequireFromString(s), style) }

// kindDECard: see the batch notes (a German credit-card statement).
func kindDECard(c *testdocs.Produced, s kindStmt) {
	const rows = 40
	ref := ibanFor("DE", "10050000"+digitsOf(s.stmt, 10))
	total := (len(s.txns)+rows-1)/rows + 0
	var y float64
	i := 0
	for page := 1; i < len(s.txns) || page == 1; page++ {
		c.AddPage()
		c.Font(true, 14)
		c.Text(50, 36, "Kreditkartenabrechnung")
		c.Font(false, 8)
		c.Text(50, 56, "Hanse Kartenbank AG · Kartenservice · Postfach 11 02 33 · 20402 Hamburg")
		c.Text(360, 36, "Kartennummer")
		c.Text(450, 36, "5232 22XX XXXX "+digitsOf(s.stmt, 4))
		c.Text(360, 46, "Abrechnungsdatum")
		c.Text(450, 46, s.end.Format("02.01.2006"))
		c.Text(360, 56, "Kreditrahmen")
		c.Text(450, 56, "3.000,00 EUR")
		c.Text(360, 66, "Seite")
		c.Text(450, 66, fmt.Sprintf("%d von %d", page, max(total, 1)))
		c.Font(false, 6.5)
		c.Text(50, 806, "Hanse Kartenbank AG · Sitz Hamburg · Amtsgericht Hamburg HRB 88412 · USt-IdNr. DE 811 204 557")
		c.Text(50, 814, "Bei Fragen zu Ihrer Abrechnung erreichen Sie uns unter 040 822 119 40, rund um die Uhr.")
		y = 90
		if page == 1 {
			c.Font(false, 9)
			c.Text(50, 80, "Frau")
			c.Text(50, 91, "Katrin Albers")
			c.Text(50, 102, "Lindenallee 14")
			c.Text(50, 113, "22605 Hamburg")
			c.Font(false, 8)
			c.Text(360, 91, "Abrechnungszeitraum")
			c.Text(360, 101, s.start.Format("02.01.2006")+" bis "+s.end.Format("02.01.2006"))
			y = 140
			c.Font(true, 10)
			c.Text(50, y, "Ihre Umsätze mit der Mastercard Gold")
			y += 18
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Belegdatum")
		c.Text(100, y, "Buchungsdatum")
		c.Text(160, y, "Umsatzbeschreibung")
		c.Right(400, y, "Fremdwährung")
		c.Right(450, y, "Kurs")
		c.Right(545, y, "Betrag in EUR")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
		if page == 1 {
			c.Text(160, y, "Saldo der letzten Abrechnung")
			c.Right(545, y, deSigned(s.opening))
			y += 13
		}
		for k := 0; k < rows && i < len(s.txns); k++ {
			x, e := s.txns[i], s.extra[i]
			c.Text(50, y, x.date.Format("02.01.06"))
			c.Text(100, y, x.value.Format("02.01.06"))
			name := x.desc[1]
			if x.desc[0] == "Entgelt" {
				name += " 1,75 %"
			}
			c.Text(160, y, name)
			if e.cur != "" {
				c.Right(400, y, e.cur+" "+localMoney(e.orig, "de"))
				c.Right(450, y, strings.ReplaceAll(e.rate, ".", ","))
			}
			c.Right(545, y, deSigned(x.amount))
			y += 13
			i++
		}
		if i < len(s.txns) {
			c.Font(false, 7.5)
			c.Text(160, y+4, "Fortsetzung auf der nächsten Seite")
		}
	}
	c.Line(50, 545, y)
	y += 5
	c.Font(true, 8.5)
	c.Text(160, y, "Neuer Saldo")
	c.Right(545, y, deSigned(s.closing))
	y += 26
	c.Font(false, 7.5)
	c.Text(50, y, fmt.Sprintf("Der Saldo von %s EUR wird am %s per Lastschrift von Ihrem Referenzkonto", gMoney(s.closing), s.end.AddDate(0, 0, 6).Format("02.01.2006")))
	c.Text(50, y+10, "IBAN "+groups4(ref)+" eingezogen. Bitte sorgen Sie für ausreichende Deckung.")
	c.Text(50, y+24, "Verfügbarer Betrag nach dieser Abrechnung: "+gMoney(decimal.New(300000, -2).Add(s.closing))+" EUR")
}

// enCardSummary sums a card statement's rows for its summary box.
func cardSums(s kindStmt) (payments, purchases, fees decimal.Decimal) {
	for _, x := range s.txns {
		switch {
		case x.amount.Sign() > 0:
			payments = payments.Add(x.amount)
		case x.desc[0] == "Entgelt":
			fees = fees.Sub(x.amount)
		default:
			purchases = purchases.Sub(x.amount)
		}
	}
	return
}

// kindENCard: see the batch notes (a UK credit-card statement).
func kindENCard(c *testdocs.Produced, s kindStmt) {
	const rows = 34
	payments, purchases, fees := cardSums(s)
	owed := func(v decimal.Decimal) string { // the bank's sign: a sum owed unsigned, a credit with "CR"
		if v.Sign() > 0 {
			return enMoney(v) + " CR"
		}
		return enMoney(v)
	}
	var y float64
	i := 0
	for page := 1; i < len(s.txns) || page == 1; page++ {
		c.AddPage()
		c.Font(true, 15)
		c.Text(50, 36, "Your Credit Card statement")
		c.Font(false, 8)
		c.Text(380, 36, "Card ending "+digitsOf(s.stmt, 4))
		c.Text(380, 46, "Statement date "+fmt.Sprintf("%d %s %d", s.end.Day(), enMonths[s.end.Month()-1], s.end.Year()))
		c.Text(380, 56, fmt.Sprintf("Page %d", page))
		c.Font(false, 6.5)
		c.Text(50, 806, "Redwood Card Services is a trading name of Redwood Bank UK PLC. Registered in England No. 4471190. Registered Office: 1 Mint Lane, Leeds LS1 4AB.")
		c.Text(50, 814, "Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the PRA (FRN 711203).")
		y = 80
		if page == 1 {
			c.Font(false, 9)
			c.Text(50, 70, "Mr Thomas Greaves")
			c.Text(50, 81, "14 Beech Road")
			c.Text(50, 92, "Leeds LS6 2QT")
			y = 118
			c.Font(true, 10)
			c.Text(50, y, "Account summary")
			c.Text(330, y, "Your payment")
			y += 16
			c.Font(false, 8.5)
			for k, row := range [][2]string{
				{"Previous balance", "£" + owed(s.opening)},
				{"Payments and credits", "-£" + enMoney(payments)},
				{"New transactions", "£" + enMoney(purchases)},
				{"Interest and charges", "£" + enMoney(fees)},
				{"New balance", "£" + owed(s.closing)},
			} {
				c.Text(50, y+float64(k)*12, row[0])
				c.Right(260, y+float64(k)*12, row[1])
			}
			minPay := decimal.Max(decimal.New(2500, -2), s.closing.Neg().Mul(decimal.RequireFromString("0.03")).Round(2))
			c.Text(330, y, "Minimum payment")
			c.Right(545, y, "£"+enMoney(minPay))
			c.Text(330, y+12, "Payment due by")
			c.Right(545, y+12, s.end.AddDate(0, 0, 25).Format("02 Jan 2006"))
			c.Text(330, y+24, "Credit limit")
			c.Right(545, y+24, "£4,500.00")
			c.Text(330, y+36, "Available credit")
			c.Right(545, y+36, "£"+enMoney(decimal.New(450000, -2).Add(s.closing)))
			y += 74
			c.Font(true, 10)
			c.Text(50, y, "Your transactions")
			y += 18
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Transaction date")
		c.Text(120, y, "Date posted")
		c.Text(180, y, "Description")
		c.Right(545, y, "Amount £")
		y += 15
		c.Font(false, 8)
		for k := 0; k < rows && i < len(s.txns); k++ {
			x, e := s.txns[i], s.extra[i]
			c.Text(50, y, x.date.Format("02 Jan"))
			c.Text(120, y, x.value.Format("02 Jan"))
			c.Text(180, y, x.desc[1])
			c.Right(545, y, owed(x.amount))
			if e.cur != "" {
				y += 10
				c.Font(false, 7)
				c.Text(180, y, e.cur+" "+localMoney(e.orig, "en")+" Exchange rate "+e.rate)
				c.Font(false, 8)
			}
			y += 13
			i++
		}
	}
	y += 10
	c.Font(false, 7.5)
	c.Text(50, y, "If you only make the minimum payment each month, it will take you longer and cost you more to clear your balance.")
}

// paypalStmt generates a payment-service statement: payments received
// (a fee of 2.49% + 0.35 taken), payments sent, transfers to the bank.
func paypalStmt(seed uint64, n int) kindStmt {
	r := rand.New(rand.NewPCG(seed, 0x9a79))
	start := time.Date(2023, time.Month(1+r.IntN(12)), 1, 0, 0, 0, 0, time.UTC)
	end := start.AddDate(0, 1, -1)
	s := kindStmt{stmt: stmt{start: start, end: end, opening: decimal.New(int64(10000+r.IntN(200000)), -2)}, valid: true}
	names := []string{"Jonas Becker", "Marie Dubois", "Lukas Novak", "Anna Visser", "Giulia Conti"}
	shops := []string{"Etsy Ireland UC", "Steam Games", "Vinted UAB", "Spotify AB", "Ryanair DAC", "Humble Bundle Inc"}
	bal := s.opening
	day := 0
	for range n {
		day = min(day+r.IntN(3), end.Day()-1)
		dt := start.AddDate(0, 0, day)
		v := decimal.New(int64(500+r.IntN(30000)), -2)
		var x gTxn
		var e kindExtra
		switch k := r.IntN(10); {
		case k < 4 || bal.LessThan(v.Add(decimal.NewFromInt(5))):
			fee := v.Mul(decimal.RequireFromString("0.0249")).Add(decimal.RequireFromString("0.35")).Round(2)
			x = gTxn{desc: []string{"Payment received", names[r.IntN(len(names))]}, amount: v.Sub(fee)}
			e = kindExtra{gross: v, fee: fee.Neg()}
		case k < 9:
			x = gTxn{desc: []string{"Express Checkout Payment", shops[r.IntN(len(shops))]}, amount: v.Neg()}
			e = kindExtra{gross: v.Neg()}
		default:
			x = gTxn{desc: []string{"Transfer to bank", "Bank account ending " + digitsOf(s.stmt, 4)}, amount: v.Neg()}
			e = kindExtra{gross: v.Neg()}
		}
		x.date, x.value = dt, dt
		bal = bal.Add(x.amount)
		s.txns = append(s.txns, x)
		s.extra = append(s.extra, e)
	}
	s.closing = bal
	return s
}

// kindPayPal: see the batch notes (a PayPal-style account statement).
func kindPayPal(c *testdocs.Produced, s kindStmt) {
	const rows = 22
	usd := func(v decimal.Decimal) string { return minus(v) + enMoney(v) }
	date := func(d time.Time) string { return fmt.Sprintf("%s %d, %d", d.Format("Jan"), d.Day(), d.Year()) }
	var in, out, fees decimal.Decimal
	for k, x := range s.txns {
		if s.extra[k].gross.Sign() > 0 {
			in = in.Add(s.extra[k].gross)
		} else {
			out = out.Sub(x.amount)
		}
		fees = fees.Sub(s.extra[k].fee)
	}
	var y float64
	i := 0
	for page := 1; i < len(s.txns) || page == 1; page++ {
		c.AddPage()
		c.Font(true, 16)
		c.Text(50, 36, "PayPal")
		c.Font(false, 8)
		c.Text(360, 36, "Account statement")
		c.Text(360, 46, date(s.start)+" - "+date(s.end))
		c.Text(360, 56, "Account ID: 4XK7TQ2LMR9WE")
		c.Font(false, 6.5)
		c.Text(50, 806, "PayPal (Europe) S.à r.l. et Cie, S.C.A., 22-24 Boulevard Royal, L-2449 Luxembourg. R.C.S. Luxembourg B 118 349.")
		c.Right(545, 814, fmt.Sprintf("Page %d", page))
		y = 80
		if page == 1 {
			c.Font(false, 9)
			c.Text(50, 76, "Felix Hartmann")
			c.Text(50, 87, "felix.hartmann@example.net")
			y = 114
			c.Font(true, 9)
			c.Text(50, y, "Balance summary (EUR)")
			y += 14
			c.Font(false, 7.5)
			labels := []string{"Beginning balance", "Money in", "Money out", "Fees", "Ending balance"}
			vals := []string{usd(s.opening), enMoney(in), "-" + enMoney(out), "-" + enMoney(fees), usd(s.closing)}
			for k := range labels {
				c.Text(50+float64(k)*100, y, labels[k])
			}
			c.Font(true, 9)
			for k := range vals {
				c.Text(50+float64(k)*100, y+11, vals[k])
			}
			y += 36
			c.Font(true, 9)
			c.Text(50, y, "Activity")
			y += 16
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Date")
		c.Text(110, y, "Description")
		c.Text(330, y, "Currency")
		c.Right(420, y, "Gross")
		c.Right(480, y, "Fee")
		c.Right(545, y, "Net")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
		for k := 0; k < rows && i < len(s.txns); k++ {
			x, e := s.txns[i], s.extra[i]
			c.Text(50, y, date(x.date))
			c.Text(110, y, x.desc[0]+": "+x.desc[1])
			c.Text(330, y, "EUR")
			c.Right(420, y, usd(e.gross))
			c.Right(480, y, usd(e.fee))
			c.Right(545, y, usd(x.amount))
			c.Font(false, 7)
			y += 10
			c.Text(110, y, "Transaction ID: "+fmt.Sprintf("%02dK%05d%s", x.date.Day(), 40000+i*37, "LW8812Q"))
			c.Font(false, 8)
			y += 14
			i++
		}
	}
}

// umsatzStmt is a turnover list: newStmt's rows printed newest first, no
// opening balance.
func umsatzStmt(seed uint64, n int) kindStmt {
	st := newStmt(seed, n, "DE")
	rev := make([]gTxn, len(st.txns))
	for i, x := range st.txns {
		rev[len(rev)-1-i] = x
	}
	st.txns = rev
	return kindStmt{stmt: st, extra: make([]kindExtra, n), noOpening: true, valid: false}
}

// kindUmsatz: see the batch notes (an online-banking turnover list
// printed from a browser, newest first).
func kindUmsatz(c *testdocs.Produced, s kindStmt) {
	const rows = 22
	printed := s.end.AddDate(0, 0, 2)
	pages := (len(s.txns)+rows-1)/rows + 0
	var y float64
	i := 0
	for page := 1; i < len(s.txns) || page == 1; page++ {
		c.AddPage()
		c.Font(false, 7)
		c.Text(30, 16, printed.Format("02.01.06")+", 09:14")
		c.Text(240, 16, "Umsätze | Nordbank Online-Banking")
		c.Text(30, 820, "https://banking.nordbank.de/portal/konten/umsaetze?konto=1&zeitraum=30")
		c.Right(565, 820, fmt.Sprintf("%d/%d", page, max(pages, 1)))
		y = 44
		if page == 1 {
			c.Font(true, 16)
			c.Text(50, y, "Umsätze")
			y += 26
			c.Font(false, 8.5)
			c.Text(50, y, "Girokonto")
			c.Text(130, y, groups4(s.iban))
			y += 12
			c.Text(50, y, "Kontostand")
			c.Text(130, y, minus(s.closing)+gMoney(s.closing)+" EUR")
			y += 12
			c.Text(50, y, "Verfügbarer Betrag")
			c.Text(130, y, gMoney(s.closing.Add(decimal.NewFromInt(2000)))+" EUR")
			y += 18
			c.Text(50, y, "Zeitraum: "+s.start.Format("02.01.2006")+" - "+s.end.Format("02.01.2006"))
			c.Text(300, y, "Suchbegriff:")
			y += 22
		}
		c.Font(true, 8)
		c.Text(50, y, "Buchungstag")
		c.Text(115, y, "Empfänger/Auftraggeber")
		c.Text(290, y, "Verwendungszweck")
		c.Right(545, y, "Betrag")
		c.Line(50, 545, y+12)
		y += 18
		c.Font(false, 8)
		for k := 0; k < rows && i < len(s.txns); k++ {
			x := s.txns[i]
			c.Text(50, y, x.date.Format("02.01.2006"))
			// A long name wraps in its cell (a generator fix: first drawn
			// on one line, it ran into the purpose column).
			names := wrapTo(c, x.desc[1], 165)
			for k, nm := range names {
				c.Text(115, y+float64(k)*10, nm)
			}
			purpose := x.desc[0]
			if len(x.desc) > 2 {
				purpose = x.desc[2]
			}
			c.Text(290, y, purpose)
			c.Right(545, y, minus(x.amount)+gMoney(x.amount)+" EUR")
			c.Font(false, 7)
			c.Text(290, y+10, x.desc[0])
			c.Font(false, 8)
			h := float64(max(len(names), 2)-2) * 10
			c.Line(50, 545, y+21+h)
			y += 26 + h
			i++
		}
	}
}

// atPayees: an Austrian account's rows by the generator's German type:
// the booking text, the payee, the detail.
var atPayees = map[string][]string{
	"Basislastschrift":  {"Abbuchung Einzug", "WIENER STADTWERKE GMBH", "Mandat 00448812 Strom 03/2023"},
	"Lohn/Gehalt":       {"Gutschrift Überweisung", "MAYR BAU GMBH", "Gehalt"},
	"Kartenzahlung":     {"Bezahlung Karte", "BILLA DANKT 1234 WIEN"},
	"Dauerauftrag":      {"Dauerauftrag", "GEMEINNUETZIGE WOHNBAU GMBH", "Miete Top 12"},
	"Überweisung":       {"Überweisung", "WIENER WOHNEN", "Zahlungsreferenz 4471208"},
	"Gutschrift":        {"Gutschrift Überweisung", "FINANZAMT OESTERREICH", "Arbeitnehmerveranlagung 2022"},
	"Bargeldauszahlung": {"Auszahlung Bankomat", "BANKOMAT 0412 WIEN MITTE"},
	"Lastschrift":       {"Abbuchung Einzug", "A1 TELEKOM AUSTRIA AG", "Kundennr 88120394"},
}

func atStmt(seed uint64, n int) kindStmt {
	st := newStmt(seed, n, "DE")
	st.iban = ibanFor("AT", "20111"+digitsOf(st, 11))
	for i, x := range st.txns {
		x.desc = atPayees[x.desc[0]]
		st.txns[i] = x
	}
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// atMoney is "1.234,56-" for money out, "1.234,56" for money in.
func atMoney(v decimal.Decimal) string {
	if v.Sign() < 0 {
		return gMoney(v) + "-"
	}
	return gMoney(v)
}

// kindAustria: see the batch notes (an Austrian bank's Kontoauszug).
func kindAustria(c *testdocs.Produced, s kindStmt) {
	const rows = 38
	var y float64
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 12)
		c.Text(50, 36, "Raiffeisenbank Donaustadt eGen")
		c.Font(false, 8)
		c.Text(360, 36, fmt.Sprintf("Kontoauszug Nr. %d/%d", int(s.end.Month()), s.end.Year()))
		c.Text(360, 46, "IBAN "+groups4(s.iban))
		c.Text(360, 56, "BIC RLNWATWWDON")
		c.Text(360, 66, fmt.Sprintf("Blatt %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 810, "Raiffeisenbank Donaustadt eGen, Wagramer Straße 110, 1220 Wien, FN 118803 k, Handelsgericht Wien, DVR 0031542")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "Herrn")
			c.Text(50, 91, "Mag. Stefan Huber")
			c.Text(50, 102, "Erzherzog-Karl-Straße 51/3/12")
			c.Text(50, 113, "1220 Wien")
			c.Font(false, 8)
			c.Text(360, 91, "Girokonto")
			c.Text(360, 101, "Kontowährung EUR")
			y = 140
			c.Font(false, 8.5)
			c.Text(110, y, "Kontostand alt per "+s.start.AddDate(0, 0, -1).Format("02.01.2006"))
			c.Right(545, y, atMoney(s.opening))
			y += 18
		}
		c.Font(true, 7.5)
		c.Text(50, y, "Buch.-Dat.")
		c.Text(110, y, "Text")
		c.Text(400, y, "Valuta")
		c.Right(545, y, "Betrag")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, x.date.Format("02.01"))
		c.Text(110, y, x.desc[0])
		c.Text(400, y, x.value.Format("02.01"))
		c.Right(545, y, atMoney(x.amount))
		if x.desc[0] == "Bezahlung Karte" {
			y += 10
			c.Text(110, y, fmt.Sprintf("MC/000001234 POS %s 0001 K1 %s 14:22", gMoney(x.amount), x.date.Format("02.01.")))
		}
		for _, d := range x.desc[1:] {
			y += 10
			c.Text(110, y, d)
		}
		y += 13
	}, func(b decimal.Decimal, out bool) {
		if out {
			c.Text(110, y, "Übertrag")
			c.Right(545, y, atMoney(b))
		}
	})
	c.Line(50, 545, y)
	y += 5
	c.Font(true, 8.5)
	c.Text(110, y, "Kontostand neu per "+s.end.Format("02.01.2006"))
	c.Right(545, y, atMoney(s.closing))
}

// bePayees: a Belgian account's rows: the operation, the counterparty,
// its details.
var bePayees = map[string][]string{
	"Basislastschrift":  {"DOMICILIATION EUROPEENNE DE", "ENGIE ELECTRABEL", "REFERENCE DU MANDAT : 0042-118273"},
	"Lohn/Gehalt":       {"VIREMENT EUROPEEN DE", "ATELIERS DUPONT SRL", "COMMUNICATION : SALAIRE"},
	"Kartenzahlung":     {"PAIEMENT AVEC LA CARTE DE DEBIT 6703 04XX XXXX 1234 4", "DELHAIZE BRUXELLES"},
	"Dauerauftrag":      {"ORDRE PERMANENT EN FAVEUR DE", "IMMO LOUISE SA", "COMMUNICATION : LOYER APP 3B"},
	"Überweisung":       {"VIREMENT EUROPEEN EN FAVEUR DE", "VIVAQUA SCRL", "COMMUNICATION : +++090/9337/55493+++"},
	"Gutschrift":        {"VIREMENT EUROPEEN DE", "SPF FINANCES", "COMMUNICATION : REMBOURSEMENT IPP 2022"},
	"Bargeldauszahlung": {"RETRAIT D'ESPECES", "BANCONTACT BRUXELLES CENTRE"},
	"Lastschrift":       {"DOMICILIATION EUROPEENNE DE", "PROXIMUS SA", "REFERENCE DU MANDAT : 8812-0394"},
}

func beStmt(seed uint64, n int) kindStmt {
	st := newStmt(seed, n, "BE")
	for i, x := range st.txns {
		x.desc = bePayees[x.desc[0]]
		st.txns[i] = x
	}
	return kindStmt{stmt: st, extra: make([]kindExtra, n), valid: true}
}

// kindBelgium: see the batch notes (a Belgian bank's "Extrait de compte").
func kindBelgium(c *testdocs.Produced, s kindStmt) {
	const rows = 32
	sg := func(v decimal.Decimal) string {
		if v.Sign() < 0 {
			return "- " + gMoney(v)
		}
		return "+ " + gMoney(v)
	}
	cpIBAN := ibanFor("BE", "0961"+digitsOf(s.stmt, 8))
	var y float64
	op := 11
	paginate(s.stmt, rows, func(first bool) {
		c.AddPage()
		c.Font(true, 13)
		c.Text(50, 36, "Extrait de compte")
		c.Font(false, 8)
		c.Text(50, 52, fmt.Sprintf("n° %d du %s", int(s.end.Month()), s.end.Format("02-01-2006")))
		c.Text(360, 36, "Banque Brabant SA")
		c.Text(360, 46, "Compte à vue "+groups4(s.iban))
		c.Text(360, 56, "BIC BRABBEBB")
		c.Text(360, 66, fmt.Sprintf("Page %d", c.Page()))
		c.Font(false, 6.5)
		c.Text(50, 810, "Banque Brabant SA, Montagne du Parc 3, 1000 Bruxelles, RPM Bruxelles, TVA BE 0403.199.702, FSMA 25879 A.")
		y = 90
		if first {
			c.Font(false, 9)
			c.Text(50, 80, "Madame Claire Lambert")
			c.Text(50, 91, "Rue des Alexiens 22 bte 4")
			c.Text(50, 102, "1000 Bruxelles")
			y = 130
			c.Font(false, 8.5)
			c.Text(50, y, "Solde précédent au "+s.start.AddDate(0, 0, -1).Format("02-01-2006"))
			c.Right(545, y, sg(s.opening)+" EUR")
			y += 18
		}
		c.Font(true, 7.5)
		c.Text(50, y, "N°")
		c.Text(80, y, "Date")
		c.Text(115, y, "Description")
		c.Text(420, y, "Valeur")
		c.Right(545, y, "Montant en EUR")
		c.Line(50, 545, y+11)
		y += 16
		c.Font(false, 8)
	}, func(x gTxn, _ decimal.Decimal) {
		c.Text(50, y, fmt.Sprintf("%04d", op))
		op++
		c.Text(80, y, x.date.Format("02-01"))
		c.Text(115, y, x.desc[0])
		c.Text(420, y, x.value.Format("02-01"))
		c.Right(545, y, sg(x.amount))
		y += 10
		c.Text(115, y, x.desc[1])
		if strings.HasPrefix(x.desc[0], "VIREMENT") {
			c.Text(260, y, groups4(cpIBAN))
		}
		for _, d := range x.desc[2:] {
			y += 10
			c.Text(115, y, d)
		}
		y += 13
	}, nil)
	c.Line(50, 545, y)
	y += 5
	c.Font(true, 8.5)
	c.Text(50, y, "Nouveau solde au "+s.end.Format("02-01-2006"))
	c.Right(545, y, sg(s.closing)+" EUR")
}

// usCardStmt: a US card statement's rows in printed order: payments and
// credits, purchases, fees.
func usCardStmt(seed uint64, n int) kindStmt {
	s := cardStmt(seed, n, "us")
	var pay, buy, fee []int
	for i, x := range s.txns {
		switch {
		case x.amount.Sign() > 0:
			pay = append(pay, i)
		case x.desc[0] == "Entgelt":
			fee = append(fee, i)
		default:
			buy = append(buy, i)
		}
	}
	var txns []gTxn
	var extra []kindExtra
	for _, i := range append(append(pay, buy...), fee...) {
		txns = append(txns, s.txns[i])
		extra = append(extra, s.extra[i])
	}
	s.txns, s.extra = txns, extra
	return s
}

// kindUSCard: see the batch notes (a US credit-card statement).
func kindUSCard(c *testdocs.Produced, s kindStmt) {
	const rows = 30
	payments, purchases, fees := cardSums(s)
	usd := func(v decimal.Decimal) string { return minus(v) + enMoney(v) }
	var y float64
	page := 0
	newPage := func() {
		c.AddPage()
		page++
		c.Font(true, 14)
		c.Text(50, 36, "Lone Star Rewards Visa Signature")
		c.Font(false, 8)
		c.Text(380, 36, "Account Number: XXXX XXXX XXXX "+digitsOf(s.stmt, 4))
		c.Text(380, 46, "Opening/Closing Date "+s.start.Format("01/02/06")+" - "+s.end.Format("01/02/06"))
		c.Text(380, 56, fmt.Sprintf("Page %d", page))
		c.Font(false, 6.5)
		c.Text(50, 810, "Lone Star National Bank, N.A., P.O. Box 15298, Wilmington, DE 19850. Member FDIC.")
		y = 80
	}
	newPage()
	c.Font(false, 9)
	c.Text(50, 72, "MARIA L GONZALEZ")
	c.Text(50, 83, "2210 BARTON HILLS DR")
	c.Text(50, 94, "AUSTIN TX 78704-3318")
	y = 120
	c.Font(true, 10)
	c.Text(50, y, "ACCOUNT SUMMARY")
	c.Text(330, y, "PAYMENT INFORMATION")
	y += 16
	c.Font(false, 8.5)
	minPay := decimal.Max(decimal.New(3500, -2), s.closing.Neg().Mul(decimal.RequireFromString("0.02")).Round(2))
	for k, row := range [][2]string{
		{"Previous Balance", "$" + enMoney(s.opening)},
		{"Payment, Credits", "-$" + enMoney(payments)},
		{"Purchases", "+$" + enMoney(purchases)},
		{"Cash Advances", "$0.00"},
		{"Fees Charged", "+$" + enMoney(fees)},
		{"Interest Charged", "+$0.00"},
		{"New Balance", "$" + enMoney(s.closing)},
	} {
		c.Text(50, y+float64(k)*12, row[0])
		c.Right(260, y+float64(k)*12, row[1])
	}
	c.Text(330, y, "New Balance")
	c.Right(545, y, "$"+enMoney(s.closing))
	c.Text(330, y+12, "Minimum Payment Due")
	c.Right(545, y+12, "$"+enMoney(minPay))
	c.Text(330, y+24, "Payment Due Date")
	c.Right(545, y+24, s.end.AddDate(0, 0, 25).Format("01/02/06"))
	c.Text(330, y+36, "Credit Access Line")
	c.Right(545, y+36, "$8,000")
	y += 98
	c.Font(true, 10)
	c.Text(50, y, "ACCOUNT ACTIVITY")
	y += 16
	c.Font(true, 7.5)
	c.Text(50, y, "Date of Transaction")
	c.Text(140, y, "Merchant Name or Transaction Description")
	c.Right(545, y, "$ Amount")
	y += 15
	section := ""
	n := 0
	for i, x := range s.txns {
		sec := "PURCHASE"
		switch {
		case x.amount.Sign() > 0:
			sec = "PAYMENTS AND OTHER CREDITS"
		case x.desc[0] == "Entgelt":
			sec = "FEES CHARGED"
		}
		if n >= rows {
			newPage()
			c.Font(true, 7.5)
			c.Text(50, y, "Date of Transaction")
			c.Text(140, y, "Merchant Name or Transaction Description")
			c.Right(545, y, "$ Amount")
			y += 15
			n = 0
		}
		if sec != section {
			c.Font(true, 8)
			c.Text(50, y+3, sec)
			y += 16
			section = sec
		}
		c.Font(false, 8)
		c.Text(50, y, x.date.Format("01/02"))
		c.Text(140, y, x.desc[1])
		c.Right(545, y, usd(x.amount.Neg()))
		if e := s.extra[i]; e.cur != "" {
			y += 10
			c.Text(140, y, fmt.Sprintf("%s %s X %s (EXCHG RATE)", localMoney(e.orig, "en"), e.cur, e.rate))
		}
		y += 12
		n++
	}
	y += 6
	c.Font(true, 8)
	c.Text(140, y, "TOTAL FEES FOR THIS PERIOD")
	c.Right(545, y, "$"+enMoney(fees))
}

var stmtKindsTune = []kindLayout{
	{"de-card", "EUR", func(seed uint64, n int) kindStmt { return cardStmt(seed, n, "de") }, kindDECard, []int{9, 60}},
	{"en-card", "GBP", func(seed uint64, n int) kindStmt { return cardStmt(seed, n, "en") }, kindENCard, []int{9, 60}},
	{"paypal", "EUR", paypalStmt, kindPayPal, []int{9, 60}},
	{"umsatz-browser", "EUR", umsatzStmt, kindUmsatz, []int{9, 60, 320}},
	{"at-bank", "EUR", atStmt, kindAustria, []int{9, 60, 320}},
}

var stmtKindsReport = []kindLayout{
	{"be-bank", "EUR", beStmt, kindBelgium, []int{9, 60, 320}},
	{"us-card", "USD", usCardStmt, kindUSCard, []int{9, 60}},
}

// stmtKindsBar and stmtKindsReportBar: the shares of fields of the tune
// and report parts that must be read.
//
// First scored as it came, before any rule (our estimate for statements
// of these kinds nobody has seen): the batch 116 of 153 (75.8%), 7 of 17
// statements all right; tune 86 of 108 (79.6%), 4 of 12; report 30 of 45
// (66.7%), 3 of 5. Per layout: at-bank 27/27, umsatz-browser 19/27 (no
// opening balance printed, the current "Kontostand" taken as the opening
// balance; a long payee run into the purpose column), paypal 14/18 (the
// Gross column read as the amount, not Net), de-card 16/18 (a foreign
// row's original amount added to its EUR amount), en-card 10/18 (the
// bank's frame: purchases read as money in, balances owed as positive);
// be-bank 27/27, us-card 3/18 (no table found under "Date of
// Transaction", no currency from "$").
//
// A generator bug was then fixed (umsatz-browser's long payees ran into
// the purpose column; now wrapped in their cell): tune 85 of 108 (78.7%),
// the same layouts all right, before any rule.
//
// Tune 108 of 108, 12 of 12, after these general rules (each stated where
// it is used): amounts under a title naming an original amount in a
// foreign currency, a rate, a gross or a fee are not the row's, "Net" is
// its amount (colAside); titles set closer than a wide gap are columns of
// their own when each word is a title (titleCells); a balance's amount is
// the one after its label, not the line's last, when another label
// follows it (balances); a card statement whose rows are mostly printed
// unsigned is read in the holder's frame (cardFrame); a balance label
// without date or direction above a newest-first list is the closing
// balance (newestFirst); "Belegdatum", "Date posted",
// "Umsatzbeschreibung", "Empfänger/Auftraggeber" as column titles.
//
// The report part, scored once after them as it came (never studied): 31
// of 45 (68.9%), 3 of 5 all right: be-bank 27/27; us-card 4/18 (no
// table found under its "Date of Transaction | Merchant Name or
// Transaction Description | $ Amount" header; rows dated "03/04" month
// first; no currency from "$" with a US address). The card rule was then
// made to require that the statement reconcile in the holder's frame (a
// current account naming a credit limit must never be turned), a safety
// change made for no layout of the batch: the tune part stayed at 108;
// the report part fell to 29 of 45 (64.4%), the US card's balances, read
// with 9 of its 60 rows, no longer turned.
//
// The eighth batch's general rules (layouts_kinds8_test.go: a document's
// date order decided from evidence, "$" read as the dollar the document
// names) took the report part to 44 of 45 (97.8%), 4 of 5: the US card's
// "03/04" rows are read month first (its period "Opening/Closing Date
// 02/15/23 - 03/14/23" has a part over 12) and its whole table found. Left:
// its 60-row draw's currency: merchants "AIR CANADA MONTREAL QC" and rows
// in "CAD" and "MXN" name other dollars beside its Texas address, so "$"
// is not resolved (no guess).
const (
	stmtKindsBar       = 108.0 / 108
	stmtKindsReportBar = 44.0 / 45
)

// TestStatementLayoutSuiteKinds scores the seventh batch, tune and report
// parts apart. The tables are logged (-v).
func TestStatementLayoutSuiteKinds(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	for _, part := range []struct {
		name    string
		layouts []kindLayout
		bar     float64
	}{{"tune", stmtKindsTune, stmtKindsBar}, {"report", stmtKindsReport, stmtKindsReportBar}} {
		t.Run(part.name, func(t *testing.T) {
			share, report := scoreKinds(t, part.layouts, 700, "")
			t.Logf("statement kinds, %s part\n%s", part.name, report)
			require.GreaterOrEqual(t, share, part.bar, "share of fields read, statement kinds %s", part.name)
		})
	}
}

// scoreKinds draws each layout of a statement batch at each of its sizes
// (seeds from seed up), reads it and scores it against what was drawn;
// dump ("name/n") logs one statement as the reader sees it instead. A file
// of two accounts (kindStmt.next) is split as the extractor splits it: a
// field "Documents" (the number of statements found) and each account
// scored against the statement read from its range (a missing range
// scores as an empty statement).
func scoreKinds(t *testing.T, layouts []kindLayout, seed uint64, dump string) (float64, string) {
	e := engine(t)
	var tally testdocs.Tally
	for _, l := range layouts {
		for k, n := range l.ns {
			if dump != "" && dump != fmt.Sprintf("%s/%d", l.name, n) {
				continue
			}
			s := l.make(seed+uint64(k), n)
			c := testdocs.NewProduced(uint64(k))
			l.draw(c, s)
			data, err := c.Bytes()
			require.NoError(t, err)
			pages, err := testdocs.ReadPages(context.Background(), e, data)
			require.NoError(t, err)
			label := fmt.Sprintf("%-15s %3d txns %2d pages", l.name, n, len(pages))
			var gots []*docextract.BankStatementData
			if s.next == nil {
				gots = append(gots, Extract(pages))
			} else {
				ranges := split.Split(pages)
				for _, r := range ranges {
					gots = append(gots, Extract(pages[r.Start-1:r.End]))
				}
				var f testdocs.Fields
				f.Check("Documents", "2", fmt.Sprint(len(ranges)))
				tally.Add(label+" file", f.Res, f.Misses)
			}
			for i, want := range []*kindStmt{&s, s.next} {
				if want == nil {
					continue
				}
				got := &docextract.BankStatementData{}
				if i < len(gots) {
					got = gots[i]
				}
				cur := l.cur
				if want.cur != "" {
					cur = want.cur
				}
				res, misses := kindFields(*want, cur, got)
				tally.Add(fmt.Sprintf("%s #%d", label, i+1), res, misses)
			}
			if dump == "" {
				continue
			}
			dumpPages(t, pages)
			for _, got := range gots {
				for i, x := range got.Transactions {
					t.Logf("txn %d %s %s %q", i, testdocs.Str(x.Date), av(x.Amount), testdocs.Str(x.Description))
				}
				t.Logf("iban %s cur %s open %s close %s", testdocs.Str(got.General.IBAN), testdocs.Str(got.General.Currency), av(got.General.OpeningBalance), av(got.General.ClosingBalance))
			}
			for i, x := range s.txns {
				t.Logf("want %d %s %s %q", i, x.date.Format(time.DateOnly), x.amount, x.desc[1])
			}
		}
	}
	return tally.Share(), tally.Report("statements")
}

// TestKindsDump prints one statement of the batch as the reader sees it:
// KINDS=name/n (a debugging aid; skipped without it).
func TestKindsDump(t *testing.T) {
	spec := os.Getenv("KINDS")
	if spec == "" {
		t.Skip("KINDS=layout/n")
	}
	scoreKinds(t, append(append([]kindLayout{}, stmtKindsTune...), stmtKindsReport...), 700, spec)
}

// TestStatementKindsClassified: each layout of the batch (9 transactions)
// is told a bank statement by the classifier, as an upload of unknown type
// is. First measured after the batch's rules, as it came: 6 of 7 (the
// German card statement an invoice: no statement cue in
// "Kreditkartenabrechnung", "Saldo der letzten Abrechnung", "Neuer Saldo",
// and its rows, ending "170,50 -", not counted as dated rows). 7 of 7 with
// the card and turnover-list cues and a sign set apart after a row's
// amount (extract/classify).
func TestStatementKindsClassified(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	classifyKinds(t, append(append([]kindLayout{}, stmtKindsTune...), stmtKindsReport...), 700)
}

// classifyKinds requires each layout, drawn with 9 transactions from
// seed, to be classified a bank statement.
func classifyKinds(t *testing.T, layouts []kindLayout, seed uint64) {
	for _, l := range layouts {
		s := l.make(seed, 9)
		c := testdocs.NewProduced(0)
		l.draw(c, s)
		data, err := c.Bytes()
		require.NoError(t, err)
		pages, err := testdocs.ReadPages(context.Background(), engine(t), data)
		require.NoError(t, err)
		got, _ := classify.Classify(pages)
		require.Equal(t, docextract.BankStatement, got, l.name)
	}
}
