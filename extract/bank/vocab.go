package bank

import (
	"strings"
	"unicode"

	"github.com/docextract/docextract/extract/textparse"
)

type colKind int

const (
	colDate colKind = iota + 1
	colValue
	colDesc
	colRef
	colDebit
	colCredit
	colAmount
	colBalance
	// colDir holds a word giving the direction of the amount: "Af"/"Bij",
	// "D"/"C", "S"/"H".
	colDir
	// colAside holds an amount that is not the transaction's: a card
	// row's original amount in a foreign currency and its exchange rate
	// ("Fremdwährung", "Kurs"), a payment service's gross and fee beside
	// the net that moves the balance ("Gross | Fee | Net"). Its amounts
	// are taken out of the row and dropped.
	colAside
)

func (k colKind) numeric() bool { return k >= colDebit && k <= colBalance || k == colAside }

// headerVocab maps folded column titles to their kind (EN, DE, FR, NL, ES,
// IT).
var headerVocab = map[string]colKind{}

func init() {
	add := func(k colKind, titles string) {
		for _, t := range strings.Split(titles, "|") {
			headerVocab[t] = k
		}
	}
	add(colDate, "date|booking date|posting date|transaction date|trans date|txn date|datum|buchungstag|buchungsdatum|buchung|"+
		"bu-tag|bu tag|butag|buch.-tag|buchung/wert|buchung / wert|buchungstag/wert|datum/wert|buchung valuta|booking/value|"+
		"date operation|date d'operation|date ope|date op|date comptable|boekdatum|transactiedatum|fecha|fecha operacion|f. operacion|"+
		"data|data operazione|data contabile|"+
		// a card's purchase date and posting date ("Belegdatum", "Date posted")
		"belegdatum|kaufdatum|umsatzdatum|transaktionsdatum|date posted|post date|posting|date de transaction|"+
		// the day a check was paid, in a table of checks
		"date paid|paid date|bezahlt am|date de paiement|fecha de pago|data pagamento|betaaldatum")
	add(colValue, "value date|value|valuta|wertstellung|valutadatum|wert|valeur|date valeur|date de valeur|rentedatum|"+
		"f. valor|fecha valor|valor|data valuta")
	add(colDesc, "description|details|transaction details|particulars|narrative|transaction|payee|"+
		"verwendungszweck|buchungstext|beschreibung|vorgang|erlauterung|text|libelle|libelle de l'operation|operation|"+
		"nature de l'operation|designation|omschrijving|mededelingen|naam / omschrijving|concepto|descripcion|movimiento|"+
		"descrizione|causale|descrizione operazione|vorgang/buchungsinformation|vorgang / buchungsinformation|buchungsinformation|"+
		"buchung / verwendungszweck|buchung/verwendungszweck|buchungstext / verwendungszweck|erlauterung / verwendungszweck|"+
		"auftraggeber / empfanger|auftraggeber/empfanger|empfanger/auftraggeber|empfanger / auftraggeber|empfanger / verwendungszweck|umsatzart|text/verwendungszweck|"+
		"angaben zu den umsatzen|buchungsdetails|nature des operations|libelle des operations|libelle / reference|operations|"+
		"naam|tegenrekening|omschrijving / mededelingen|concepto / referencia|umsatzbeschreibung|umsatz / beschreibung|"+
		"merchant|merchant name")
	add(colRef, "reference|ref|ref.|referenz|reference client|referentie|kenmerk|referencia|riferimento")
	add(colDebit, "debit|debits|withdrawals|withdrawal|paid out|money out|payments|out|outgoing|outgoings|soll|lastschrift|belastung|ausgang|"+
		"debit eur|af|debet|cargo|cargos|debe|dare|addebiti|uscite|addebito|bedrag af|af eur|soll eur|debit en euros|"+
		"zu ihren lasten|belastungen|ausgange|lastschriften|abbuchungen|auszahlungen")
	add(colCredit, "credit|credits|deposits|deposit|paid in|money in|receipts|in|incoming|haben|gutschrift|eingang|"+
		"bij|abono|abonos|haber|ingresos|avere|accrediti|entrate|accredito|bedrag bij|bij eur|haben eur|credit en euros|"+
		"zu ihren gunsten|gutschriften|eingange|einzahlungen")
	add(colDir, "af/bij|bij/af|af / bij|af bij|bij af|debit/credit|credit/debit|d/c|c/d|dr/cr|cr/dr|s/h|soll/haben|+/-|-/+")
	add(colAmount, "amount|betrag|umsatz|montant|bedrag|importe|importo|amount eur|betrag eur|betrag in eur|montant eur|"+
		"umsatz eur|umsatz in eur|betrag/eur|bedrag eur|importe eur|importo eur|amount (eur)|betrag (eur)")
	add(colBalance, "balance|running balance|account balance|saldo|kontostand|solde|saldo eur|balance eur")
	// A payment service prints gross, fee and net: the net moves the
	// balance and is the amount. A card row prints the original amount in
	// a foreign currency and its rate beside the amount in the card's.
	add(colAmount, "net|net amount|netto|nettobetrag|montant net|importe neto|importo netto|netto bedrag")
	add(colAside, "gross|gross amount|fee|fees|brutto|bruttobetrag|gebuhr|gebuhren|montant brut|frais|"+
		"importe bruto|comision|importo lordo|commissione|commissioni|"+
		"fremdwahrung|betrag in fremdwahrung|originalbetrag|originalwahrung|kurs|umrechnungskurs|devisenkurs|wechselkurs|"+
		"foreign currency|foreign amount|original amount|amount in foreign currency|exchange rate|fx rate|"+
		"montant en devise|montant devise|taux de change|importe en divisa|tipo de cambio|"+
		"importo in valuta|tasso di cambio|vreemde valuta|bedrag in vreemde valuta|wisselkoers|koers")
}

// classifyHeader returns the column kind of a header cell text.
func classifyHeader(s string) colKind {
	f := normLabel(s)
	if k, ok := headerVocab[f]; ok {
		return k
	}
	// "Money in (GBP)", "Withdrawals in GBP", "Abono EUR": the title before
	// its currency's code or symbol (and an "in"/"en" before that).
	ws := strings.Fields(f)
	if n := len(ws); n > 1 && (textparse.IsISOCurrency(strings.ToUpper(ws[n-1])) || textparse.NormalizeCurrency(ws[n-1]) != "") {
		rest := ws[:n-1]
		if k, ok := headerVocab[strings.Join(rest, " ")]; ok {
			return k
		}
		if m := len(rest); m > 1 && (rest[m-1] == "in" || rest[m-1] == "en") {
			if k, ok := headerVocab[strings.Join(rest[:m-1], " ")]; ok {
				return k
			}
		}
	}
	// "Amount (EUR)", "Betrag in EUR", "Balance £".
	if len(ws) > 1 {
		if k, ok := headerVocab[ws[0]]; ok {
			return k
		}
	}
	return 0
}

// normLabel folds accents and case and trims punctuation around a label.
func normLabel(s string) string {
	f := textparse.Fold(s)
	f = strings.NewReplacer("(", " ", ")", " ", ":", " ", "’", "'").Replace(f)
	return strings.Join(strings.Fields(strings.Trim(f, " .:*")), " ")
}

// Row labels, folded. Carry labels are checked first.
var (
	carryLabels = []string{"carried forward", "brought forward", "carried over", "balance forward", "ubertrag", "uebertrag",
		"a reporter", "report", "report solde", "transport", "suma y sigue", "riporto", "a riportare", "saldo a riportare",
		"continued", "continued on next page", "van vorige pagina", "naar volgende pagina", "suma anterior",
		// a balance carried into the period ("Solde reporté" in French
		// Switzerland, "Saldovortrag" in German, "saldo riportato")
		"solde reporte", "saldovortrag", "saldo vortrag", "saldo riportato", "saldo overgebracht"}
	openingLabels = []string{"opening balance", "previous balance", "starting balance", "start balance", "balance at start",
		"beginning balance", "alter kontostand", "alter saldo", "anfangssaldo", "anfangsbestand", "kontostand alt", "saldo alt",
		"solde precedent", "solde initial", "ancien solde", "solde au debut", "solde d'ouverture", "solde debut de periode",
		"beginsaldo", "saldo begin", "vorig saldo", "oud saldo", "saldo vorig", "begin saldo", "saldo inicial", "saldo anterior",
		"saldo iniziale", "saldo precedente", "saldo di apertura", "saldo apertura",
		// the booked balance named as such ("Saldo contabile iniziale")
		"saldo contabile iniziale", "saldo contable inicial", "solde comptable initial"}
	closingLabels = []string{"closing balance", "new balance", "ending balance", "final balance", "balance at end", "end balance",
		"neuer kontostand", "neuer saldo", "endsaldo", "schlusssaldo", "kontostand neu", "saldo neu", "nouveau solde",
		"solde final", "solde de cloture", "solde fin de periode", "eindsaldo", "saldo einde", "saldo eind", "nieuw saldo", "eind saldo", "saldo final",
		"saldo finale", "saldo di chiusura", "saldo chiusura", "saldo actual", "saldo attuale",
		"saldo contabile finale", "saldo contable final", "solde comptable final"}
	// balanceLabels name a balance without saying which: the first one of
	// a statement (before any transaction) is the opening balance, a later
	// one the closing balance ("Kontostand am 30.06.2023").
	balanceLabels = []string{"kontostand am", "kontostand vom", "kontostand per", "saldo am", "saldo per", "saldo vom",
		"balance on", "balance as at", "balance as of", "balance at", "solde au", "solde le", "saldo op", "saldo per",
		"saldo a", "saldo al", "saldo en", "saldo a fecha", "kontostand", "saldo", "solde crediteur", "solde debiteur",
		"solde crediteur au", "solde debiteur au"}
	totalLabels = []string{"total", "totals", "summe", "gesamt", "total des operations", "totaux", "totaal", "totale",
		"sous-total", "subtotal", "suma"}
	holderLabels = []string{"account holder", "account name", "account owner", "kontoinhaber", "inhaber", "titulaire",
		"titulaire du compte", "rekeninghouder", "tenaamstelling", "titular", "titular de la cuenta", "intestatario",
		"intestato a"}
	accountLabels = []string{"account number", "account no", "account no.", "acct no", "kontonummer", "konto-nr", "konto-nr.",
		"konto nr", "konto nr.", "numero de compte", "n° de compte", "no de compte", "n° compte", "rekeningnummer",
		"numero de cuenta", "n.º de cuenta", "no de cuenta", "numero conto", "conto n", "conto n.", "conto corrente n."}
	currencyLabels = []string{"currency", "account currency", "wahrung", "kontowahrung", "devise", "monnaie", "valuta", "munteenheid",
		"moneda", "divisa"}
	bankLabels   = []string{"bank", "bank name", "kreditinstitut", "institut", "banque", "etablissement", "banco", "entidad", "banca"}
	periodLabels = []string{"period", "statement period", "for the period", "from", "zeitraum", "abrechnungszeitraum",
		"vom", "periode", "du", "van", "periodo", "del", "dal", "auszugszeitraum"}
	refLabels = []string{"eref", "ref", "ref.", "reference", "referenz", "mref", "kref", "kenmerk", "referentie",
		"betalingskenmerk", "referencia", "riferimento", "rif", "rif.", "end-to-end-ref", "end-to-end-ref."}
	// dayLabels head the rows booked on one day ("Buchungsdatum:
	// 01.04.2024" over the rows, each with its value date).
	dayLabels = []string{"buchungsdatum", "buchungstag", "booking date", "posting date", "date de comptabilisation",
		"boekdatum", "boekingsdatum", "data contabile", "data di contabilizzazione", "fecha contable"}
	titleWords = []string{"statement", "kontoauszug", "releve", "extrait", "rekeningafschrift", "afschrift", "extracto",
		"estratto"}
)

// hasLabel reports whether the folded words fw contain label as whole
// words; when atStart it must begin the line, after any decoration.
func hasLabel(fw []string, label string, atStart bool) bool {
	lw := strings.Fields(label)
	for i := 0; i+len(lw) <= len(fw); i++ {
		ok := true
		for j, w := range lw {
			if fw[i+j] != w {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
		if atStart && !decoration(fw[i]) {
			return false
		}
	}
	return false
}

// decoration reports whether the folded word w has no letter and no digit
// ("***", "--", "•"): a row label set between stars is still at the start
// of its row ("*** Kontostand zum 31.03.2024 ***").
func decoration(w string) bool {
	return strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0
}

// labelValue finds label at the start of the folded words fw (possibly
// followed by ":" tokens) and returns the index of the first value word.
func labelValue(fw []string, labels []string) (int, bool) {
	best := -1
	for _, l := range labels {
		lw := strings.Fields(l)
		if len(lw) > len(fw) || len(lw) <= best {
			continue
		}
		ok := true
		for j, w := range lw {
			if fw[j] != w {
				ok = false
				break
			}
		}
		if ok {
			best = len(lw)
		}
	}
	if best < 0 {
		return 0, false
	}
	for best < len(fw) && fw[best] == "" {
		best++
	}
	return best, true
}

// foldWords folds each token for label matching: accents and case removed,
// surrounding ":" dropped (a lone ":" becomes "").
func foldWords(tokens []string) []string {
	out := make([]string, len(tokens))
	for i, t := range tokens {
		out[i] = strings.Trim(textparse.Fold(t), ":")
	}
	return out
}
