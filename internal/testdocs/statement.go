package testdocs

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/docextract/docextract"
)

// StatementLayout names one bank statement layout.
type StatementLayout string

// The bank statement layouts. Each has its own language, number and date
// notation, columns and balance-carrying convention.
const (
	// StatementEN: "Statement of Account", dates "05 Mar 2024", separate
	// Debit and Credit columns, a Reference column, running Balance,
	// "1,234.56", "Balance carried/brought forward" between pages.
	StatementEN StatementLayout = "en"
	// StatementDE: "Kontoauszug", Buchungstag and Valuta dates, one Betrag
	// column with Soll/Haben markers ("45,20 S"), "1.234,56", "Übertrag",
	// references on an "EREF:" description line.
	StatementDE StatementLayout = "de"
	// StatementFR: "Relevé de compte", Date, Libellé, Valeur, Débit and
	// Crédit columns, "1 234,56", "À reporter"/"Report".
	StatementFR StatementLayout = "fr"
	// StatementNL: "Rekeningafschrift", signed Bedrag (+/-) and a running
	// Saldo column, dates "05-03-2024", "Transport" between pages.
	StatementNL StatementLayout = "nl"
	// StatementES: "Extracto de cuenta", Fecha, F. Valor, Concepto, signed
	// Importe and Saldo, "Suma y sigue" between pages.
	StatementES StatementLayout = "es"
)

// StatementLayouts returns every layout.
func StatementLayouts() []StatementLayout {
	return []StatementLayout{StatementEN, StatementDE, StatementFR, StatementNL, StatementES}
}

// StatementOptions configures NewStatement. Zero values mean defaults.
type StatementOptions struct {
	Layout StatementLayout // default StatementEN
	Seed   uint64
	// Transactions is the number of rows; 0 picks 4..24 at random.
	Transactions int
	// LinesPerPage is the number of table lines per page; 0 means 40.
	LinesPerPage int
	// NoPageMarkers omits the "Page i of N" markers.
	NoPageMarkers bool
	// Follows, when set, makes this the next statement of the same
	// account: the same layout's bank, holder and IBAN, the month after
	// Follows' period, its closing balance as the opening one (a file of
	// several months' statements). Layout must be Follows'.
	Follows *Statement
}

// Statement is a generated bank statement.
type Statement struct {
	*Doc
	Layout StatementLayout
	Truth  *docextract.BankStatementData
	// Number is the printed statement number.
	Number string
}

type colKind int

const (
	cDate colKind = iota
	cValue
	cDesc
	cRef
	cDebit
	cCredit
	cAmount
	cBalance
)

type col struct {
	kind   colKind
	header string
	x      float64 // left edge for text columns, right edge for amounts
}

func (c col) numeric() bool { return c.kind >= cDebit }

type signStyle int

const (
	signColumns   signStyle = iota // debit/credit columns, absolute values
	signMinus                      // "-45,20" / "45,20"
	signPlusMinus                  // "-45,20" / "+45,20"
	signSH                         // "45,20 S" / "45,20 H"
)

type stmtStyle struct {
	country, currency, bank, title string
	number                         func(r *rand.Rand, start time.Time) string
	bban                           func(r *rand.Rand) string
	header                         func(s *stmtData) []string // lines under the bank name
	marker                         func(i, n int) string
	markerTop                      bool
	footer                         string
	cols                           []col
	date                           func(time.Time) string
	num                            numFormat
	sign                           signStyle
	opening, closing               func(s *stmtData) string
	carryOut, carryIn              string
	refLine                        func(ref string) string // nil: Reference column
	holders                        []string
	descs                          [][]string
}

type stmtData struct {
	st                  *stmtStyle
	holder, iban, accNo string
	number              string
	start, end          time.Time
}

var monthsEN = []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

func dateEN(t time.Time) string {
	return fmt.Sprintf("%02d %s %d", t.Day(), monthsEN[t.Month()-1], t.Year())
}
func dateFmt(layout string) func(time.Time) string {
	return func(t time.Time) string { return t.Format(layout) }
}

var stmtStyles = map[StatementLayout]*stmtStyle{
	StatementEN: {
		country: "GB", currency: "GBP", bank: "Northwind Bank plc", title: "Statement of Account",
		number: func(r *rand.Rand, t time.Time) string {
			return fmt.Sprintf("%d/%02d-%d", t.Year(), t.Month(), 10+r.IntN(89))
		},
		bban: func(r *rand.Rand) string { return "NWBK" + digits(r, 14) },
		header: func(s *stmtData) []string {
			return []string{
				"Statement no. " + s.number,
				"Account holder: " + s.holder,
				"IBAN: " + groups4(s.iban),
				"Account number: " + s.accNo,
				"Currency: GBP",
				"Statement period: " + dateEN(s.start) + " to " + dateEN(s.end),
			}
		},
		marker: func(i, n int) string { return fmt.Sprintf("Page %d of %d", i, n) }, markerTop: true,
		footer: "Northwind Bank plc, 1 King Street, London EC2V 8AU. Authorised by the PRA.",
		cols: []col{{cDate, "Date", 40}, {cDesc, "Description", 110}, {cRef, "Reference", 285},
			{cDebit, "Debit", 405}, {cCredit, "Credit", 480}, {cBalance, "Balance", 555}},
		date: dateEN, num: numEN, sign: signColumns,
		opening:  func(*stmtData) string { return "Opening balance" },
		closing:  func(*stmtData) string { return "Closing balance" },
		carryOut: "Balance carried forward", carryIn: "Balance brought forward",
		holders: []string{"Jane Elizabeth Doe", "Oliver Smith", "Acme Widgets Ltd"},
		descs: [][]string{{"Card payment TESCO STORES 2041"}, {"Direct debit British Gas", "Energy account 8812"},
			{"Salary ACME WIDGETS LTD"}, {"Transfer to savings"}, {"Standing order Rent", "Flat 3, 12 Baker Street"},
			{"Card payment Amazon Marketplace", "Order 204-1182 books", "and stationery"}, {"Interest paid"}, {"ATM withdrawal Camden High St"}},
	},
	StatementDE: {
		country: "DE", currency: "EUR", bank: "Sparkasse Musterstadt", title: "Kontoauszug",
		number: func(r *rand.Rand, t time.Time) string {
			return fmt.Sprintf("%d/%d", int(t.Month())+r.IntN(3), t.Year())
		},
		bban: func(r *rand.Rand) string { return "37040044" + digits(r, 10) },
		header: func(s *stmtData) []string {
			return []string{
				"Kontoauszug Nr. " + s.number,
				"Kontoinhaber: " + s.holder,
				"IBAN: " + groups4(s.iban),
				"Kontonummer: " + s.accNo,
				"Währung: EUR",
				"Zeitraum: " + s.start.Format("02.01.2006") + " - " + s.end.Format("02.01.2006"),
			}
		},
		marker: func(i, n int) string { return fmt.Sprintf("Seite %d von %d", i, n) },
		footer: "Sparkasse Musterstadt - Anstalt des öffentlichen Rechts - Marktplatz 1, 12345 Musterstadt",
		cols: []col{{cDate, "Buchungstag", 40}, {cValue, "Valuta", 108}, {cDesc, "Verwendungszweck", 170},
			{cAmount, "Betrag", 555}},
		date: dateFmt("02.01.2006"), num: numDE, sign: signSH,
		opening: func(s *stmtData) string {
			return "Alter Kontostand vom " + s.start.AddDate(0, 0, -1).Format("02.01.2006")
		},
		closing:  func(s *stmtData) string { return "Neuer Kontostand vom " + s.end.Format("02.01.2006") },
		carryOut: "Übertrag", carryIn: "Übertrag",
		refLine: func(ref string) string { return "EREF: " + ref },
		holders: []string{"Max Mustermann", "Erika Musterfrau", "Müller & Söhne GmbH"},
		descs: [][]string{{"SEPA-Lastschrift Stadtwerke Musterstadt", "Strom Abschlag März"}, {"Gehalt Muster AG"},
			{"Kartenzahlung REWE Markt", "Filiale 0815"}, {"Dauerauftrag Miete"}, {"Überweisung an Anna Schmidt", "Geburtstag", "Danke für alles"},
			{"Bargeldauszahlung Geldautomat"}, {"Gutschrift Rückerstattung Versandhaus"}},
	},
	StatementFR: {
		country: "FR", currency: "EUR", bank: "Banque du Léman", title: "Relevé de compte",
		number: func(r *rand.Rand, t time.Time) string {
			return fmt.Sprintf("%d-%02d%d", t.Year(), t.Month(), r.IntN(10))
		},
		bban: func(r *rand.Rand) string { return "30006" + digits(r, 5) + digits(r, 11) + digits(r, 2) },
		header: func(s *stmtData) []string {
			return []string{
				"Relevé de compte n° " + s.number,
				"Titulaire : " + s.holder,
				"IBAN : " + groups4(s.iban),
				"Numéro de compte : " + s.accNo,
				"Devise : EUR",
				"Période du " + s.start.Format("02/01/2006") + " au " + s.end.Format("02/01/2006"),
			}
		},
		marker: func(i, n int) string { return fmt.Sprintf("Page %d/%d", i, n) },
		footer: "Banque du Léman - SA au capital de 10 000 000 EUR - RCS Annecy 123 456 789",
		cols: []col{{cDate, "Date", 40}, {cDesc, "Libellé", 100}, {cValue, "Valeur", 330},
			{cDebit, "Débit", 465}, {cCredit, "Crédit", 555}},
		date: dateFmt("02/01/2006"), num: numFR, sign: signColumns,
		opening: func(s *stmtData) string {
			return "Solde précédent au " + s.start.AddDate(0, 0, -1).Format("02/01/2006")
		},
		closing:  func(s *stmtData) string { return "Nouveau solde au " + s.end.Format("02/01/2006") },
		carryOut: "À reporter", carryIn: "Report",
		refLine: func(ref string) string { return "Réf. " + ref },
		holders: []string{"Marie Dupont", "Jean-Luc Lefèvre", "SARL Les Délices"},
		descs: [][]string{{"Prélèvement EDF", "Facture électricité"}, {"Virement reçu Salaire"}, {"Paiement CB Carrefour Annecy"},
			{"Retrait DAB Crédit Agricole"}, {"Virement émis Loyer", "Appartement rue des Lilas", "Mars"}, {"Frais de tenue de compte"}},
	},
	StatementNL: {
		country: "NL", currency: "EUR", bank: "Noordbank N.V.", title: "Rekeningafschrift",
		number: func(r *rand.Rand, t time.Time) string { return fmt.Sprintf("%d", 1+r.IntN(300)) },
		bban:   func(r *rand.Rand) string { return "NOBK" + digits(r, 10) },
		header: func(s *stmtData) []string {
			return []string{
				"Rekeningafschrift nr. " + s.number,
				"Rekeninghouder: " + s.holder,
				"IBAN: " + groups4(s.iban),
				"Valuta: EUR",
				"Periode: " + s.start.Format("02-01-2006") + " t/m " + s.end.Format("02-01-2006"),
			}
		},
		marker: func(i, n int) string { return fmt.Sprintf("Pagina %d van %d", i, n) }, markerTop: true,
		footer: "Noordbank N.V., Postbus 100, 9700 AA Groningen",
		cols:   []col{{cDate, "Datum", 40}, {cDesc, "Omschrijving", 110}, {cAmount, "Bedrag", 460}, {cBalance, "Saldo", 555}},
		date:   dateFmt("02-01-2006"), num: numDE, sign: signPlusMinus,
		opening:  func(*stmtData) string { return "Beginsaldo" },
		closing:  func(*stmtData) string { return "Eindsaldo" },
		carryOut: "Transport naar volgende pagina", carryIn: "Transport van vorige pagina",
		refLine: func(ref string) string { return "Kenmerk: " + ref },
		holders: []string{"J. de Vries", "Bakkerij Jansen B.V.", "P. van den Berg"},
		descs: [][]string{{"Albert Heijn 1234 Amsterdam", "Betaalautomaat"}, {"Salaris Voorbeeld B.V."}, {"Huur woning", "Periodieke overboeking"},
			{"Vattenfall Klantenservice"}, {"Geldautomaat Utrecht"}, {"Zorgverzekering CZ", "Premie maart", "Polis 7788"}},
	},
	StatementES: {
		country: "ES", currency: "EUR", bank: "Banco Ejemplo S.A.", title: "Extracto de cuenta",
		number: func(r *rand.Rand, t time.Time) string {
			return fmt.Sprintf("%d%02d%d", t.Year(), t.Month(), r.IntN(10))
		},
		bban: func(r *rand.Rand) string { return "2100" + digits(r, 16) },
		header: func(s *stmtData) []string {
			return []string{
				"Extracto nº " + s.number,
				"Titular: " + s.holder,
				"IBAN: " + groups4(s.iban),
				"Moneda: EUR",
				"Periodo: " + s.start.Format("02/01/2006") + " - " + s.end.Format("02/01/2006"),
			}
		},
		marker: func(i, n int) string { return fmt.Sprintf("Página %d de %d", i, n) },
		footer: "Banco Ejemplo S.A. - Paseo de la Castellana 1, 28046 Madrid",
		cols: []col{{cDate, "Fecha", 40}, {cValue, "F. Valor", 100}, {cDesc, "Concepto", 165},
			{cAmount, "Importe", 460}, {cBalance, "Saldo", 555}},
		date: dateFmt("02/01/2006"), num: numDE, sign: signMinus,
		opening:  func(*stmtData) string { return "Saldo inicial" },
		closing:  func(*stmtData) string { return "Saldo final" },
		carryOut: "Suma y sigue", carryIn: "Suma y sigue",
		refLine: func(ref string) string { return "Ref. " + ref },
		holders: []string{"María García López", "Construcciones Ruiz S.L."},
		descs: [][]string{{"Recibo Iberdrola", "Factura luz"}, {"Nómina Empresa S.A."}, {"Compra tarjeta Mercadona"},
			{"Transferencia a Juan Pérez", "Cena cumpleaños"}, {"Reintegro cajero"}},
	},
}

type stmtRow struct {
	date, value time.Time
	desc        []string
	ref         string
	amount      decimal.Decimal
	balance     decimal.Decimal
}

func (r stmtRow) lines(st *stmtStyle) int {
	n := len(r.desc)
	if r.ref != "" && st.refLine != nil {
		n++
	}
	return n
}

// NewStatement generates a bank statement.
func NewStatement(o StatementOptions) (*Statement, error) {
	if o.Layout == "" {
		o.Layout = StatementEN
	}
	st, ok := stmtStyles[o.Layout]
	if !ok {
		return nil, fmt.Errorf("testdocs: unknown statement layout %q", o.Layout)
	}
	if o.LinesPerPage <= 0 {
		o.LinesPerPage = 40
	}
	r := rand.New(rand.NewPCG(o.Seed, 0x5eed))
	n := o.Transactions
	if n <= 0 {
		n = 4 + r.IntN(21)
	}
	start := time.Date(2023+r.IntN(3), time.Month(1+r.IntN(12)), 1, 0, 0, 0, 0, time.UTC)
	end := start.AddDate(0, 1, -1)
	bban := st.bban(r)
	s := &stmtData{st: st, holder: pick(r, st.holders), iban: iban(st.country, bban), start: start, end: end}
	f := o.Follows
	if f != nil {
		if f.Layout != o.Layout {
			return nil, fmt.Errorf("testdocs: a statement follows one of its own layout, not %q", f.Layout)
		}
		prev, err := time.Parse(time.DateOnly, *f.Truth.General.PeriodEnd)
		if err != nil {
			return nil, err
		}
		start = prev.AddDate(0, 0, 1)
		end = start.AddDate(0, 1, -1)
		s.start, s.end = start, end
		s.holder, s.iban = *f.Truth.General.AccountHolder, *f.Truth.General.IBAN
		bban = s.iban[4:]
	}
	s.accNo = bban[len(bban)-10:]
	s.number = st.number(r, start)
	// The draws keep their order with or without Follows: every seeded
	// statement of the suites stays the same.
	opening := cents(r, 2000, 9000)
	if f != nil {
		opening = f.Truth.General.ClosingBalance.Decimal
	}

	bal := opening
	rows := make([]stmtRow, n)
	day := 0
	for i := range rows {
		day += r.IntN(3)
		if day > end.Day()-1 {
			day = end.Day() - 1
		}
		d := start.AddDate(0, 0, day)
		row := stmtRow{date: d, value: d.AddDate(0, 0, r.IntN(3)), desc: pick(r, st.descs)}
		if row.value.After(end) {
			row.value = end
		}
		if r.IntN(3) == 0 {
			row.amount = cents(r, 100, 3000)
		} else {
			row.amount = cents(r, 1, 400).Neg()
		}
		if bal.Add(row.amount).Sign() < 0 {
			row.amount = row.amount.Neg()
		}
		if st.refLine == nil || r.IntN(2) == 0 {
			row.ref = letters(r, 2) + digits(r, 6)
		}
		bal = bal.Add(row.amount)
		row.balance = bal
		rows[i] = row
	}

	truth := &docextract.BankStatementData{DocType: string(docextract.BankStatement), Transactions: []docextract.Transaction{}}
	g := &truth.General
	g.BankName, g.AccountHolder, g.IBAN = docextract.Str(st.bank), docextract.Str(s.holder), docextract.Str(s.iban)
	if st.country == "GB" || st.country == "DE" || st.country == "FR" {
		g.AccountNumber = docextract.Str(s.accNo)
	} else {
		s.accNo = ""
	}
	g.Currency = docextract.Str(st.currency)
	g.PeriodStart, g.PeriodEnd = docextract.Str(start.Format(time.DateOnly)), docextract.Str(end.Format(time.DateOnly))
	g.OpeningBalance, g.ClosingBalance = amt(opening), amt(bal)
	hasCol := func(k colKind) bool {
		for _, c := range st.cols {
			if c.kind == k {
				return true
			}
		}
		return false
	}
	for _, row := range rows {
		t := docextract.Transaction{
			Date:        docextract.Str(row.date.Format(time.DateOnly)),
			Description: docextract.Str(strings.Join(row.desc, " ")),
			Amount:      amt(row.amount),
			Reference:   docextract.Str(row.ref),
		}
		if hasCol(cValue) {
			t.ValueDate = docextract.Str(row.value.Format(time.DateOnly))
		}
		if hasCol(cBalance) {
			t.Balance = amt(row.balance)
		}
		truth.Transactions = append(truth.Transactions, t)
	}

	// Paginate: each page holds LinesPerPage table lines including the
	// opening, carry and closing rows.
	var pages [][]int
	cur, used := []int{}, 1 // opening row
	for i, row := range rows {
		need := row.lines(st)
		if used+need+1 > o.LinesPerPage && len(cur) > 0 {
			pages = append(pages, cur)
			cur, used = nil, 1
		}
		cur = append(cur, i)
		used += need
	}
	pages = append(pages, cur)

	draw := func(c *canvas) {
		bal := opening
		for pi, idx := range pages {
			c.addPage()
			drawStmtHeader(c, s, pi+1, len(pages), o.NoPageMarkers)
			y := 232.0
			if pi == 0 {
				stmtBalanceRow(c, st, y, st.opening(s), opening)
			} else {
				stmtBalanceRow(c, st, y, st.carryIn, bal)
			}
			y += 12
			for _, i := range idx {
				y = drawStmtRow(c, st, y, rows[i])
				bal = rows[i].balance
			}
			if pi == len(pages)-1 {
				c.rule(40, 555, y+1)
				stmtBalanceRow(c, st, y+3, st.closing(s), bal)
			} else {
				stmtBalanceRow(c, st, y, st.carryOut, bal)
			}
			c.font(false, 7)
			c.text(40, 805, st.footer)
			c.font(false, 9)
		}
	}
	doc, err := render(docextract.BankStatement, draw)
	if err != nil {
		return nil, err
	}
	return &Statement{Doc: doc, Layout: o.Layout, Truth: truth, Number: s.number}, nil
}

func drawStmtHeader(c *canvas, s *stmtData, page, pages int, noMarker bool) {
	st := s.st
	c.font(true, 16)
	c.text(40, 40, st.bank)
	c.font(true, 12)
	c.text(330, 44, st.title)
	c.font(false, 9)
	y := 72.0
	for _, l := range st.header(s) {
		if strings.HasPrefix(l, "Account number: ") && s.accNo == "" {
			continue
		}
		c.text(40, y, l)
		y += 13
	}
	if !noMarker {
		if st.markerTop {
			c.right(555, 72, st.marker(page, pages))
		} else {
			c.right(555, 805, st.marker(page, pages))
		}
	}
	c.font(true, 9)
	for _, col := range st.cols {
		if col.numeric() {
			c.right(col.x, 212, col.header)
		} else {
			c.text(col.x, 212, col.header)
		}
	}
	c.font(false, 9)
	c.rule(40, 555, 224)
}

func colOf(st *stmtStyle, k colKind) (col, bool) {
	for _, c := range st.cols {
		if c.kind == k {
			return c, true
		}
	}
	return col{}, false
}

// money formats a signed amount for a single-column layout.
func money(st *stmtStyle, d decimal.Decimal) string {
	s := st.num.format(d)
	switch st.sign {
	case signSH:
		if d.Sign() < 0 {
			return s + " S"
		}
		return s + " H"
	case signPlusMinus:
		if d.Sign() < 0 {
			return "-" + s
		}
		return "+" + s
	}
	if d.Sign() < 0 {
		return "-" + s
	}
	return s
}

// stmtBalanceRow draws an opening, carry or closing row.
func stmtBalanceRow(c *canvas, st *stmtStyle, y float64, label string, bal decimal.Decimal) {
	desc, _ := colOf(st, cDesc)
	c.font(true, 9)
	c.text(desc.x, y, label)
	if b, ok := colOf(st, cBalance); ok {
		c.right(b.x, y, money(st, bal))
	} else if a, ok := colOf(st, cAmount); ok {
		c.right(a.x, y, money(st, bal))
	} else if bal.Sign() < 0 {
		d, _ := colOf(st, cDebit)
		c.right(d.x, y, st.num.format(bal))
	} else {
		cr, _ := colOf(st, cCredit)
		c.right(cr.x, y, st.num.format(bal))
	}
	c.font(false, 9)
}

func drawStmtRow(c *canvas, st *stmtStyle, y float64, row stmtRow) float64 {
	for _, col := range st.cols {
		switch col.kind {
		case cDate:
			c.text(col.x, y, st.date(row.date))
		case cValue:
			c.text(col.x, y, st.date(row.value))
		case cRef:
			c.text(col.x, y, row.ref)
		case cDebit:
			if row.amount.Sign() < 0 {
				c.right(col.x, y, st.num.format(row.amount))
			}
		case cCredit:
			if row.amount.Sign() >= 0 {
				c.right(col.x, y, st.num.format(row.amount))
			}
		case cAmount:
			c.right(col.x, y, money(st, row.amount))
		case cBalance:
			c.right(col.x, y, money(st, row.balance))
		}
	}
	desc, _ := colOf(st, cDesc)
	for _, l := range row.desc {
		c.text(desc.x, y, l)
		y += 12
	}
	if row.ref != "" && st.refLine != nil {
		c.text(desc.x, y, st.refLine(row.ref))
		y += 12
	}
	return y
}
