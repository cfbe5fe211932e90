package bank

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/validate"
	"github.com/docextract/docextract/internal/testdocs"
)

// A seeded combinatorial generator of bank statements (issue 10). Where the
// batches of layouts*_test.go each draw one bank's layout, written by hand
// and scored once before the rules were fixed for it, this one composes a
// statement from independent draws, so that most seeds are combinations
// nobody wrote and no rule was written against: the language (German
// mostly, English, French, Dutch, Spanish, Italian), the bank's header
// block (bank name and address, the holder's window, the IBAN with or
// without its label, BIC, account number, statement number, period as a
// range or "vom ... bis ..." or not at all), where the currency is printed
// (a header line, a column title, on every amount as a code or "€", or
// nowhere but the IBAN's country), the balance labels and where they stand
// (table rows, a box above or under the table, labels over values), the
// table's columns and their order (one or two date columns or the value
// date in the text, one signed amount column or debit and credit columns,
// an "S"/"H" column, a running balance), how signs are printed, dates with
// or without a year, descriptions of one to four lines above or below the
// amount line (counterparty IBAN, card payments in another currency with
// the rate), 3 to 40 transactions over pages with carried balances,
// repeated headers and footers, and distractors after the closing balance
// (credit line, interest rates, closing fees, sums with counts, a notice
// full of amounts and dates). The statements are drawn as report
// generators write PDFs (testdocs.Produced: a text object per word,
// shuffled, jittered baselines, sometimes kerned glyphs) and read back
// through PDFium. TestStatementRandom scores them.

// rTxn is one generated transaction.
type rTxn struct {
	date, value time.Time
	// lines are the description lines in print order; payee is the line
	// the reader must keep in the transaction's description.
	lines  []string
	payee  string
	amount decimal.Decimal
	// card adds a card-payment line with an amount in another currency.
	card bool
}

// rStmt is one generated statement and its truth: what was drawn.
type rStmt struct {
	seed             uint64
	lang             string
	iban             string
	currency         string
	start, end       time.Time
	periodPrinted    bool
	opening, closing decimal.Decimal
	txns             []rTxn
	// desc names the draws, for the report's rows.
	desc []string
	pdf  []byte
}

// rLang is one language's vocabulary.
type rLang struct {
	country, currency string
	banks             [][2]string // name, address line
	holders           [][3]string // salutation+name, street, city
	title             []string
	number            []string // format with %d month, %d year
	period            []string // format with two dates
	ibanLabel         []string
	bicLabel          string
	accLabel          []string
	curLabel          []string // "Währung: %s"
	// column titles
	booking, value, text, debit, credit, amount, balance []string
	// balance label pairs; "%s" is replaced by a date.
	balances                [][2]string
	carryOut, carryIn, page []string
	footer                  []string
	// transactions: kinds of money out and in, payees, purposes
	outKinds, inKinds, payees, purposes []string
	refLabel, ibanRef, cardWord         string
	valueInText                         string
	// distractors after the closing balance: format with an amount
	overdraft, interest, fees, notice []string
	sumDebit, sumCredit, count        string
	// months for "2 March 2024" style dates
	months []string
	sh     [2]string // debit, credit markers
}

var rLangs = map[string]*rLang{
	"de": {
		country: "DE", currency: "EUR",
		banks: [][2]string{{"Sparkasse Oberland", "Marktplatz 4 · 83022 Rosenheim"}, {"Volksbank Mittelrhein eG", "Hauptstraße 17, 56068 Koblenz"},
			{"Nordbank Direkt AG", "Postfach 11 20 · 10117 Berlin"}, {"Stadtsparkasse Wendelstein", "Am Anger 2, 91126 Schwabach"}},
		holders: [][3]string{{"Herrn Tobias Kranich", "Lindenweg 8", "83024 Rosenheim"}, {"Frau Katrin Obermaier", "Bergstraße 21a", "56070 Koblenz"},
			{"Firma Holzbau Ritter GmbH", "Gewerbering 5", "91126 Schwabach"}},
		title:     []string{"Kontoauszug", "Girokonto Kontoauszug", "Kontoauszug Girokonto", "Umsatzübersicht"},
		number:    []string{"Auszug %d/%d", "Kontoauszug Nr. %d/%d", "Auszug Nr. %d / %d"},
		period:    []string{"%s - %s", "vom %s bis %s", "Zeitraum: %s - %s", "Abrechnungszeitraum %s bis %s"},
		ibanLabel: []string{"IBAN: ", "IBAN ", ""}, bicLabel: "BIC: ",
		accLabel: []string{"Kontonummer ", "Konto-Nr. "},
		curLabel: []string{"Währung: %s", "Kontowährung: %s", "Kontowährung %s"},
		booking:  []string{"Buchungstag", "Buchung", "Datum", "Bu-Tag", "Buchungsdatum"},
		value:    []string{"Valuta", "Wert", "Wertstellung"},
		text:     []string{"Verwendungszweck", "Buchungstext", "Vorgang", "Erläuterung", "Buchungstext / Verwendungszweck"},
		debit:    []string{"Soll", "Belastung", "Lastschriften", "Ausgang"},
		credit:   []string{"Haben", "Gutschrift", "Gutschriften", "Eingang"},
		amount:   []string{"Betrag", "Umsatz"},
		balance:  []string{"Saldo", "Kontostand"},
		balances: [][2]string{{"Alter Kontostand", "Neuer Kontostand"}, {"Anfangssaldo", "Endsaldo"}, {"Saldo alt", "Saldo neu"},
			{"Kontostand am %s", "Kontostand am %s"}, {"Alter Saldo", "Neuer Saldo"}, {"Alter Kontostand vom %s", "Neuer Kontostand vom %s"},
			{"Kontostand vom %s", "Kontostand vom %s"}},
		carryOut: []string{"Übertrag", "Übertrag auf Seite", "Zwischensaldo"},
		carryIn:  []string{"Übertrag", "Übertrag von Seite"},
		page:     []string{"Seite %d von %d", "Blatt %d/%d", "Seite %d/%d"},
		footer: []string{"Sparkasse Oberland · Anstalt des öffentlichen Rechts · Amtsgericht Traunstein HRA 1234 · USt-IdNr. DE129876543",
			"Vorstand: Dr. Petra Hülsmann (Vors.), Jan Reiter · Sitz Koblenz · Registergericht Koblenz GnR 112",
			"Guthaben sind als Einlagen nach Maßgabe des Einlagensicherungsgesetzes bis zu 100.000 Euro gesichert."},
		outKinds: []string{"Lastschrift", "SEPA-Basislastschrift", "Überweisung", "Kartenzahlung", "Dauerauftrag", "Bargeldauszahlung", "Entgelt"},
		inKinds:  []string{"Gutschrift", "Lohn/Gehalt", "SEPA-Gutschrift", "Rückerstattung"},
		payees: []string{"Stadtwerke Rosenheim GmbH", "REWE Markt GmbH", "Hausverwaltung Brandl", "Allianz Versicherungs-AG",
			"Deutsche Telekom AG", "Amazon EU S.a.r.l.", "Bäckerei Huber KG", "Finanzamt Koblenz", "Muster Technik GmbH", "Vodafone GmbH",
			"Aral Tankstelle 2231", "DB Vertrieb GmbH"},
		purposes: []string{"Abschlag Strom Kd-Nr. 7781", "Miete Whg. 3 OG links", "Beitrag Hausrat 2024", "Rechnung 2024-0311",
			"Gehalt März", "Kundennummer 4471 RG 02/24", "Erstattung Steuer 2022", "Mitgliedsbeitrag", "Bestellung 302-8812"},
		refLabel: "EREF: ", ibanRef: "IBAN: ", cardWord: "Karte", valueInText: "Wert: ",
		overdraft: []string{"Ihr Dispositionskredit: %s", "Eingeräumte Kontoüberziehung %s"},
		interest:  []string{"Sollzinssatz für Dispositionskredit 11,75 % p.a.", "Zinssatz für geduldete Überziehung 13,25 %"},
		fees:      []string{"Abschluss per %s: Kontoführung %s, Zinsen %s"},
		notice: []string{"Bitte erheben Sie Einwendungen gegen einzelne Buchungen unverzüglich, spätestens innerhalb von sechs Wochen nach Zugang.",
			"Ab dem %s beträgt der Preis für die Kontoführung %s monatlich."},
		sumDebit: "Summe Soll", sumCredit: "Summe Haben", count: "Anzahl",
		months: []string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"},
		sh:     [2]string{"S", "H"},
	},
	"en": {
		country: "GB", currency: "GBP",
		banks: [][2]string{{"Thames Valley Bank plc", "14 Market Street, Reading RG1 2AB"}, {"Northgate Building Society", "PO Box 77, Leeds LS1 4DY"}},
		holders: [][3]string{{"Mr Daniel Hartley", "22 Orchard Close", "Oxford OX2 7HJ"}, {"Ms Priya Natarajan", "Flat 5, 9 Mill Lane", "Leeds LS6 2QE"},
			{"Brightwater Cafe Ltd", "3 Quay Road", "Bristol BS1 5TT"}},
		title:     []string{"Statement of Account", "Current Account Statement", "Your statement"},
		number:    []string{"Statement no. %d/%d", "Statement number %d-%d", "Sheet %d/%d"},
		period:    []string{"%s to %s", "Period: %s - %s", "Statement period %s to %s", "from %s to %s"},
		ibanLabel: []string{"IBAN: ", "IBAN ", ""}, bicLabel: "BIC: ",
		accLabel: []string{"Account number ", "Account no. "},
		curLabel: []string{"Currency: %s", "Account currency: %s", "All amounts in %s"},
		booking:  []string{"Date", "Posting date", "Transaction date"},
		value:    []string{"Value date", "Effective date"},
		text:     []string{"Description", "Details", "Transaction details", "Payment type and details"},
		debit:    []string{"Debit", "Paid out", "Money out", "Withdrawals"},
		credit:   []string{"Credit", "Paid in", "Money in", "Deposits"},
		amount:   []string{"Amount"},
		balance:  []string{"Balance"},
		balances: [][2]string{{"Opening balance", "Closing balance"}, {"Previous balance", "New balance"}, {"Start balance", "End balance"},
			{"Balance on %s", "Balance on %s"}},
		carryOut: []string{"Balance carried forward", "Carried forward"},
		carryIn:  []string{"Balance brought forward", "Brought forward"},
		page:     []string{"Page %d of %d", "Page %d/%d"},
		footer: []string{"Thames Valley Bank plc is authorised by the Prudential Regulation Authority. Registered in England No. 0123456.",
			"Eligible deposits are protected by the Financial Services Compensation Scheme up to £85,000."},
		outKinds: []string{"Card payment", "Direct debit", "Standing order", "Faster payment", "Cash withdrawal", "Bill payment"},
		inKinds:  []string{"Salary", "Transfer in", "Refund", "Interest paid"},
		payees: []string{"TESCO STORES 2041", "British Gas", "Thames Water", "Amazon Marketplace", "Council Tax Reading", "Vodafone Ltd",
			"ACME Widgets Ltd", "Pret A Manger", "Shell Oxford Rd", "HMRC"},
		purposes: []string{"Energy account 8812", "Order 204-1182", "Rent April", "Ref INV-2024-118", "Monthly subscription", "Membership 2024"},
		refLabel: "Ref: ", ibanRef: "IBAN ", cardWord: "Card", valueInText: "Value ",
		overdraft: []string{"Arranged overdraft limit %s", "Your overdraft limit: %s"},
		interest:  []string{"Overdraft interest rate 19.90% EAR", "Credit interest 1.25% AER"},
		fees:      []string{"Charges to %s: account fee %s, interest %s"},
		notice: []string{"Please check this statement and tell us at once about any entry you do not recognise.",
			"From %s the monthly account fee will be %s."},
		sumDebit: "Total paid out", sumCredit: "Total paid in", count: "Items",
		months: []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
		sh:     [2]string{"DR", "CR"},
	},
	"fr": {
		country: "FR", currency: "EUR",
		banks:     [][2]string{{"Banque Populaire du Léman", "12 rue de la Gare, 74000 Annecy"}, {"Crédit Mutuel de l'Ouest", "5 place Royale, 44000 Nantes"}},
		holders:   [][3]string{{"M. Julien Moreau", "8 avenue des Tilleuls", "74000 Annecy"}, {"Mme Claire Lefèvre", "3 rue Kervégan", "44000 Nantes"}},
		title:     []string{"Relevé de compte", "Extrait de compte", "Relevé de compte courant"},
		number:    []string{"Relevé n° %d/%d", "Relevé numéro %d - %d"},
		period:    []string{"du %s au %s", "Période du %s au %s", "%s - %s"},
		ibanLabel: []string{"IBAN : ", "IBAN ", ""}, bicLabel: "BIC : ",
		accLabel: []string{"N° de compte ", "Compte n° "},
		curLabel: []string{"Devise : %s", "Montants exprimés en %s"},
		booking:  []string{"Date", "Date opé.", "Date d'opération"},
		value:    []string{"Valeur", "Date valeur"},
		text:     []string{"Libellé", "Opération", "Nature de l'opération", "Libellé de l'opération"},
		debit:    []string{"Débit"},
		credit:   []string{"Crédit"},
		amount:   []string{"Montant"},
		balance:  []string{"Solde"},
		balances: [][2]string{{"Solde précédent", "Nouveau solde"}, {"Ancien solde", "Nouveau solde"}, {"Solde au %s", "Solde au %s"},
			{"Solde initial", "Solde final"}},
		carryOut: []string{"À reporter", "Total à reporter"},
		carryIn:  []string{"Report", "Report page précédente"},
		page:     []string{"Page %d/%d", "Page %d sur %d"},
		footer:   []string{"Banque Populaire du Léman - SA coopérative au capital variable - RCS Annecy 552 000 111 - ORIAS 07 022 000"},
		outKinds: []string{"Prélèvement", "Paiement CB", "Virement émis", "Retrait DAB", "Frais"},
		inKinds:  []string{"Virement reçu", "Remise chèque", "Remboursement"},
		payees: []string{"EDF Clients Particuliers", "Carrefour Annecy", "SFR Mobile", "Loyer SCI Les Pins", "MAIF Assurances",
			"Boulangerie Dupain", "Salaire SARL Alpes Bois", "Orange SA"},
		purposes: []string{"Facture électricité 02/2024", "Échéance 3/12", "Réf. client 881204", "Cotisation annuelle", "Mars 2024"},
		refLabel: "Réf. ", ibanRef: "IBAN ", cardWord: "Carte", valueInText: "Valeur ",
		overdraft: []string{"Autorisation de découvert : %s"},
		interest:  []string{"Taux annuel effectif global du découvert 16,50 %"},
		fees:      []string{"Arrêté au %s : frais de tenue de compte %s, intérêts %s"},
		notice:    []string{"Toute réclamation doit être formulée dans un délai de deux mois.", "À compter du %s, la cotisation mensuelle sera de %s."},
		sumDebit:  "Total des débits", sumCredit: "Total des crédits", count: "Nombre",
		months: []string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"},
		sh:     [2]string{"D", "C"},
	},
	"nl": {
		country: "NL", currency: "EUR",
		banks:     [][2]string{{"Noordbank N.V.", "Postbus 100, 9700 AA Groningen"}, {"Polderbank", "Stationsplein 3, 3511 CE Utrecht"}},
		holders:   [][3]string{{"Dhr. J. de Vries", "Kerkstraat 12", "9712 AB Groningen"}, {"Mevr. S. Bakker", "Oudegracht 88", "3511 AS Utrecht"}},
		title:     []string{"Rekeningafschrift", "Afschrift betaalrekening"},
		number:    []string{"Afschrift %d/%d", "Afschriftnummer %d-%d"},
		period:    []string{"%s t/m %s", "Periode: %s - %s", "van %s tot %s"},
		ibanLabel: []string{"IBAN: ", "IBAN ", ""}, bicLabel: "BIC: ",
		accLabel: []string{"Rekeningnummer "},
		curLabel: []string{"Valuta: %s", "Munteenheid: %s"},
		booking:  []string{"Datum", "Boekdatum"},
		value:    []string{"Valutadatum", "Rentedatum"},
		text:     []string{"Omschrijving", "Mededelingen"},
		debit:    []string{"Af", "Debet"},
		credit:   []string{"Bij", "Credit"},
		amount:   []string{"Bedrag"},
		balance:  []string{"Saldo"},
		balances: [][2]string{{"Beginsaldo", "Eindsaldo"}, {"Vorig saldo", "Nieuw saldo"}, {"Saldo per %s", "Saldo per %s"}, {"Oud saldo", "Nieuw saldo"}},
		carryOut: []string{"Transport", "Naar volgende pagina"},
		carryIn:  []string{"Transport", "Van vorige pagina"},
		page:     []string{"Pagina %d van %d", "Blad %d/%d"},
		footer:   []string{"Noordbank N.V. is statutair gevestigd te Groningen, KvK 33012345. Deposito's zijn gegarandeerd tot 100.000 euro."},
		outKinds: []string{"Betaalautomaat", "Incasso", "Overboeking", "Geldautomaat", "iDEAL"},
		inKinds:  []string{"Salaris", "Bijschrijving", "Terugbetaling"},
		payees: []string{"Albert Heijn 1234", "Vattenfall Klantenservice", "Zorgverzekering CZ", "Huur woning", "Bol.com B.V.",
			"Gemeente Utrecht", "Voorbeeld B.V.", "KPN B.V."},
		purposes: []string{"Termijn maart", "Polis 7788", "Factuur 2024-031", "Kenmerk 9912", "Periodieke overboeking"},
		refLabel: "Kenmerk: ", ibanRef: "IBAN: ", cardWord: "Pas", valueInText: "Valuta ",
		overdraft: []string{"Kredietlimiet: %s"},
		interest:  []string{"Debetrente 12,40 % op jaarbasis"},
		fees:      []string{"Kosten tot %s: pakket %s, rente %s"},
		notice:    []string{"Controleer dit afschrift en meld onjuistheden binnen 30 dagen.", "Vanaf %s bedragen de kosten %s per maand."},
		sumDebit:  "Totaal af", sumCredit: "Totaal bij", count: "Aantal",
		months: []string{"januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"},
		sh:     [2]string{"Af", "Bij"},
	},
	"es": {
		country: "ES", currency: "EUR",
		banks:     [][2]string{{"Banco del Turia S.A.", "Calle Colón 14, 46004 Valencia"}, {"Caja Rural del Duero", "Plaza Mayor 3, 47001 Valladolid"}},
		holders:   [][3]string{{"D. Carlos Ruiz Martín", "C/ Sorní 21, 3º", "46004 Valencia"}, {"Dña. Lucía Gómez Pardo", "Av. de Salamanca 8", "47006 Valladolid"}},
		title:     []string{"Extracto de cuenta", "Extracto de movimientos"},
		number:    []string{"Extracto nº %d/%d"},
		period:    []string{"Periodo: %s - %s", "del %s al %s", "%s a %s"},
		ibanLabel: []string{"IBAN: ", "IBAN ", ""}, bicLabel: "BIC: ",
		accLabel: []string{"Cuenta nº "},
		curLabel: []string{"Moneda: %s", "Divisa: %s"},
		booking:  []string{"Fecha", "F. Operación", "Fecha operación"},
		value:    []string{"F. Valor", "Fecha valor"},
		text:     []string{"Concepto", "Descripción"},
		debit:    []string{"Cargo", "Debe"},
		credit:   []string{"Abono", "Haber"},
		amount:   []string{"Importe"},
		balance:  []string{"Saldo"},
		balances: [][2]string{{"Saldo anterior", "Saldo final"}, {"Saldo inicial", "Saldo final"}, {"Saldo anterior", "Saldo actual"}},
		carryOut: []string{"Suma y sigue"},
		carryIn:  []string{"Suma anterior", "Suma y sigue"},
		page:     []string{"Página %d de %d", "Pág. %d/%d"},
		footer:   []string{"Banco del Turia S.A. Registro Mercantil de Valencia, Tomo 1234, Folio 56, CIF A-46000000."},
		outKinds: []string{"Recibo", "Compra tarjeta", "Transferencia emitida", "Reintegro cajero", "Comisión"},
		inKinds:  []string{"Nómina", "Transferencia recibida", "Devolución"},
		payees:   []string{"Iberdrola Clientes", "Mercadona Valencia", "Movistar", "Comunidad de Propietarios", "Seguros Mapfre", "Empresa Levante S.L."},
		purposes: []string{"Factura luz 02/2024", "Cuota marzo", "Ref. 004411", "Recibo 2024/118"},
		refLabel: "Ref. ", ibanRef: "IBAN ", cardWord: "Tarjeta", valueInText: "Valor ",
		overdraft: []string{"Límite de descubierto: %s"},
		interest:  []string{"Tipo deudor 7,25 % TAE 7,49 %"},
		fees:      []string{"Liquidación al %s: comisión mantenimiento %s, intereses %s"},
		notice:    []string{"Le rogamos compruebe este extracto.", "A partir del %s la comisión de mantenimiento será de %s."},
		sumDebit:  "Total cargos", sumCredit: "Total abonos", count: "Nº",
		months: []string{"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"},
		sh:     [2]string{"D", "H"},
	},
	"it": {
		country: "IT", currency: "EUR",
		banks:     [][2]string{{"Banca del Garda S.p.A.", "Via Roma 12, 37121 Verona"}, {"Credito Emiliano Nord", "Piazza Grande 5, 41121 Modena"}},
		holders:   [][3]string{{"Sig. Marco Bianchi", "Via Mazzini 44", "37122 Verona"}, {"Sig.ra Giulia Conti", "Corso Canalgrande 9", "41121 Modena"}},
		title:     []string{"Estratto conto", "Estratto conto corrente"},
		number:    []string{"Estratto n. %d/%d"},
		period:    []string{"dal %s al %s", "Periodo: %s - %s"},
		ibanLabel: []string{"IBAN: ", "IBAN ", ""}, bicLabel: "BIC: ",
		accLabel: []string{"Conto n. "},
		curLabel: []string{"Divisa: %s", "Valuta del conto: %s"},
		booking:  []string{"Data", "Data contabile", "Data operazione"},
		value:    []string{"Data valuta", "Valuta"},
		text:     []string{"Descrizione", "Causale", "Descrizione operazione"},
		debit:    []string{"Dare", "Addebiti", "Uscite"},
		credit:   []string{"Avere", "Accrediti", "Entrate"},
		amount:   []string{"Importo"},
		balance:  []string{"Saldo"},
		balances: [][2]string{{"Saldo iniziale", "Saldo finale"}, {"Saldo precedente", "Saldo finale"}, {"Saldo al %s", "Saldo al %s"}},
		carryOut: []string{"A riportare"},
		carryIn:  []string{"Riporto"},
		page:     []string{"Pagina %d di %d", "Pag. %d/%d"},
		footer:   []string{"Banca del Garda S.p.A. - Capitale sociale 50.000.000 euro - Iscritta all'Albo delle Banche n. 5678 - Aderente al Fondo Interbancario"},
		outKinds: []string{"Addebito SDD", "Pagamento POS", "Bonifico disposto", "Prelievo Bancomat", "Commissioni"},
		inKinds:  []string{"Bonifico a vostro favore", "Stipendio", "Rimborso"},
		payees:   []string{"Enel Energia S.p.A.", "Esselunga Verona", "TIM S.p.A.", "Condominio Via Mazzini", "UnipolSai Assicurazioni", "Ditta Rossi S.r.l."},
		purposes: []string{"Fattura 2024/0311", "Rata marzo", "Rif. 55812", "Canone mensile"},
		refLabel: "Rif. ", ibanRef: "IBAN ", cardWord: "Carta", valueInText: "Valuta ",
		overdraft: []string{"Fido accordato: %s"},
		interest:  []string{"Tasso debitore annuo nominale 9,50 %"},
		fees:      []string{"Competenze al %s: spese tenuta conto %s, interessi %s"},
		notice:    []string{"Eventuali contestazioni devono pervenire entro 60 giorni.", "Dal %s il canone mensile sarà di %s."},
		sumDebit:  "Totale addebiti", sumCredit: "Totale accrediti", count: "N.",
		months: []string{"gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"},
		sh:     [2]string{"D", "A"},
	},
}

// rRand wraps the seed's generator with the draws the generator uses.
type rRand struct{ *rand.Rand }

func (r rRand) pick(xs []string) string { return xs[r.IntN(len(xs))] }
func (r rRand) chance(p float64) bool   { return r.Float64() < p }

// weighted returns an index into weights drawn by weight.
func (r rRand) weighted(weights ...float64) int {
	sum := 0.0
	for _, w := range weights {
		sum += w
	}
	x := r.Float64() * sum
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return len(weights) - 1
}

// Sign styles of a single signed amount column.
const (
	sgLead      = "lead"      // "-12,34" / "12,34"
	sgLeadPlus  = "leadplus"  // "-12,34" / "+12,34"
	sgTrail     = "trail"     // "12,34-" / "12,34"
	sgTrailPlus = "trailplus" // "12,34-" / "12,34+"
	sgMarker    = "marker"    // "12,34 S" / "12,34 H" ("DR"/"CR" ...)
	sgSpaced    = "spaced"    // "- 12,34" / "+ 2.853,82"
	sgParen     = "paren"     // "(12,34)" / "12,34"
	sgMarkerCol = "markercol" // "12,34" and "S"/"H" in a column of their own
)

// rFmt holds how a statement prints numbers, dates and signs.
type rFmt struct {
	num      string // "de" 1.234,56, "en" 1,234.56, "fr" 1 234,56
	sign     string // a sg* style, for a single amount column
	curPre   string // printed before every amount ("EUR ", "€")
	curPost  string // printed after every amount (" EUR", " €")
	dateFull func(time.Time) string
	dateRow  func(time.Time) string // the table's dates, maybe without year
	marker   [2]string
}

func (f *rFmt) number(v decimal.Decimal) string { return moneyIn(v, f.num) }

// signed prints v in the statement's sign style, with its currency.
func (f *rFmt) signed(v decimal.Decimal, style string) string {
	n := f.number(v)
	neg := v.Sign() < 0
	var s string
	switch style {
	case sgLead:
		s = minus(v) + n
	case sgLeadPlus:
		s = "+" + n
		if neg {
			s = "-" + n
		}
	case sgTrail:
		s = n
		if neg {
			s = n + "-"
		}
	case sgTrailPlus:
		s = n + "+"
		if neg {
			s = n + "-"
		}
	case sgMarker:
		s = n + " " + f.marker[1]
		if neg {
			s = n + " " + f.marker[0]
		}
	case sgSpaced:
		s = "+ " + n
		if neg {
			s = "- " + n
		}
	case sgParen:
		s = n
		if neg {
			s = "(" + n + ")"
		}
	default: // unsigned
		s = n
	}
	return f.curPre + s + f.curPost
}

// balanceStyle is the sign style of balances printed beside the table's
// amounts: the table's own where it prints a sign on a balance, else a
// leading minus (or the marker, for a marker column).
func (f *rFmt) balanceStyle() string {
	switch f.sign {
	case sgParen, "":
		return sgLead
	case sgMarkerCol:
		return sgMarker
	}
	return f.sign
}

// rCol is one column of the drawn table.
type rCol struct {
	kind  int
	title string
	x     float64 // left edge for text and dates, right edge for amounts
	w     float64
}

const (
	rcDate = iota
	rcValue
	rcText
	rcDebit
	rcCredit
	rcAmount
	rcMarker
	rcBalance
)

// newRandomStatement composes the statement of seed.
func newRandomStatement(seed uint64) *rStmt {
	r := rRand{rand.New(rand.NewPCG(seed, 0x57a7e))}
	// The second version's draws come from a stream of their own, so a
	// seed none of them applies to draws the statement of the first.
	r2 := rRand{rand.New(rand.NewPCG(seed, 0x57a7e2))}
	v2 := struct {
		dateLast, valueUnder, carryOpen, titlesOnce, untitled, issued, foreign bool
	}{r2.chance(0.12), r2.chance(0.35), r2.chance(0.2), r2.chance(0.15), r2.chance(0.07), r2.chance(0.4), r2.chance(0.1)}
	langs := []string{"de", "en", "fr", "nl", "es", "it"}
	lang := langs[r.weighted(50, 12, 10, 10, 9, 9)]
	L := rLangs[lang]
	s := &rStmt{seed: seed, lang: lang, currency: L.currency}
	year := 2023 + r.IntN(3)
	month := time.Month(1 + r.IntN(12))
	s.start = time.Date(year, month, 1, 0, 0, 0, 0, time.UTC)
	s.end = s.start.AddDate(0, 1, -1)
	s.iban = randomIBAN(r, L.country)
	s.desc = append(s.desc, lang)

	f := &rFmt{marker: L.sh}
	switch lang {
	case "en":
		f.num = "en"
	case "fr":
		f.num = []string{"fr", "fr", "de"}[r.IntN(3)]
	default:
		f.num = []string{"de", "de", "de", "de", "fr", "en"}[r.IntN(6)]
	}
	// dates: the language's numeric form, or the month's name for English
	sep := map[string]string{"de": ".", "en": "/", "fr": "/", "nl": "-", "es": "/", "it": "/"}[lang]
	if lang == "nl" && r.chance(0.4) {
		sep = "."
	}
	f.dateFull = func(t time.Time) string {
		return fmt.Sprintf("%02d%s%02d%s%d", t.Day(), sep, int(t.Month()), sep, t.Year())
	}
	if lang == "en" && r.chance(0.5) {
		f.dateFull = func(t time.Time) string {
			return fmt.Sprintf("%02d %s %d", t.Day(), L.months[t.Month()-1][:3], t.Year())
		}
	}
	f.dateRow = f.dateFull
	switch r.weighted(6, 3, 1) {
	case 1: // day and month, the year only in the period or number
		f.dateRow = func(t time.Time) string {
			if sep == "." {
				return fmt.Sprintf("%02d.%02d.", t.Day(), int(t.Month()))
			}
			return fmt.Sprintf("%02d%s%02d", t.Day(), sep, int(t.Month()))
		}
		if lang == "en" && r.chance(0.5) {
			f.dateRow = func(t time.Time) string { return fmt.Sprintf("%d %s", t.Day(), L.months[t.Month()-1][:3]) }
		}
		s.desc = append(s.desc, "no-year")
	case 2: // two-digit year
		f.dateRow = func(t time.Time) string {
			return fmt.Sprintf("%02d%s%02d%s%02d", t.Day(), sep, int(t.Month()), sep, t.Year()%100)
		}
		s.desc = append(s.desc, "yy")
	}

	// columns: dates, text, amounts, balance
	dates := r.weighted(5, 4, 2) // 0 one date, 1 booking and value, 2 value date in the text
	split := r.chance(0.4)       // debit and credit columns
	if !split {
		styles := []string{sgLead, sgLeadPlus, sgTrail, sgTrailPlus, sgSpaced, sgParen}
		if lang == "de" || lang == "en" || r.chance(0.3) {
			styles = append(styles, sgMarker)
		}
		if lang == "de" {
			styles = append(styles, sgMarker, sgMarkerCol, sgTrail)
		}
		f.sign = r.pick(styles)
	}
	running := r.chance(0.3)
	s.desc = append(s.desc, fmt.Sprintf("dates%d", dates))
	if split {
		s.desc = append(s.desc, "debit/credit")
	} else {
		s.desc = append(s.desc, f.sign)
	}
	if running {
		s.desc = append(s.desc, "running")
	}

	// where the currency is printed
	curSrc := r.weighted(3, 2, 2, 1.5, 1)
	cur := L.currency
	if v2.foreign && curSrc <= 2 && !v2.untitled {
		// a foreign-currency account: printed, never the IBAN's country's
		cur = "USD"
		if lang == "en" {
			cur = "CHF"
		}
		s.currency = cur
		s.desc = append(s.desc, "v2:foreign")
	}
	cardCur := "USD"
	if cur == "USD" {
		cardCur = "CHF"
	}
	curTitle := ""
	switch curSrc {
	case 0: // a header line
		s.desc = append(s.desc, "cur:header")
	case 1: // the amount columns' titles
		curTitle = r.pick([]string{" (%s)", " %s", " in %s"})
		curTitle = fmt.Sprintf(curTitle, cur)
		s.desc = append(s.desc, "cur:title")
	case 2: // every amount
		sym := map[string]string{"EUR": "€", "GBP": "£", "USD": "US$"}[cur]
		switch r.IntN(3) {
		case 0:
			f.curPost = " " + cur
		case 1:
			f.curPre = cur + " "
		default:
			if sym == "" {
				f.curPost = " " + cur
			} else if f.num == "en" {
				f.curPre = sym
			} else {
				f.curPost = " " + sym
			}
		}
		if f.sign == sgParen || f.sign == sgMarkerCol {
			f.sign = sgLead
		}
		s.desc = append(s.desc, "cur:amounts")
	case 3: // "€"/"£" on the balances only
		s.desc = append(s.desc, "cur:symbol-balances")
	default: // nothing but the IBAN's country
		s.desc = append(s.desc, "cur:iban")
	}

	// transactions
	n := 3 + r.IntN(38)
	s.opening = decimal.New(int64(r.IntN(900000)), -2)
	if r.chance(0.12) {
		s.opening = s.opening.Neg()
	}
	bal := s.opening
	day := 0
	for range n {
		day = min(day+r.IntN(3), s.end.Day()-1)
		d := s.start.AddDate(0, 0, day)
		x := rTxn{date: d, value: d.AddDate(0, 0, r.IntN(3))}
		if x.value.After(s.end) {
			x.value = s.end
		}
		in := r.chance(0.25)
		kind := r.pick(L.outKinds)
		if in {
			kind = r.pick(L.inKinds)
			x.amount = decimal.New(int64(5000+r.IntN(400000)), -2)
		} else {
			x.amount = decimal.New(-int64(100+r.IntN(r.weighted(3, 1)*150000+20000)), -2)
		}
		x.payee = r.pick(L.payees)
		x.card = !in && r.chance(0.15)
		nl := 1 + r.IntN(4)
		lines := []string{kind, x.payee}
		if r.chance(0.3) {
			lines = []string{x.payee}
		}
		extra := []string{r.pick(L.purposes)}
		if r.chance(0.4) {
			extra = append(extra, L.refLabel+fmt.Sprintf("%d%02d%05d", d.Year()%100, int(d.Month()), r.IntN(99999)))
		}
		if r.chance(0.3) {
			extra = append(extra, L.ibanRef+randomIBAN(r, []string{"DE", "FR", "NL", "ES", "IT", "AT"}[r.IntN(6)]))
		}
		for len(lines) < nl && len(extra) > 0 {
			lines, extra = append(lines, extra[0]), extra[1:]
		}
		if x.card {
			rate := decimal.New(int64(8500+r.IntN(3000)), -4)
			lines = append(lines, fmt.Sprintf("%s 4871 %s %s %s %s %s", L.cardWord, f.dateFull(d.AddDate(0, 0, -1)),
				f.number(x.amount.Mul(rate).Round(2)), cardCur, strings.Replace(rate.String(), ".", map[bool]string{true: ".", false: ","}[f.num == "en"], 1), "1 "+cur))
		}
		if dates == 2 {
			lines[0] += " / " + L.valueInText + f.dateFull(x.value)
		}
		x.lines = lines
		bal = bal.Add(x.amount)
		s.txns = append(s.txns, x)
	}
	s.closing = bal

	// balances: labels and where they stand
	pair := L.balances[r.IntN(len(L.balances))]
	openLabel, closeLabel := pair[0], pair[1]
	if strings.Contains(openLabel, "%s") {
		openLabel = fmt.Sprintf(openLabel, f.dateFull(s.start.AddDate(0, 0, -1)))
		closeLabel = fmt.Sprintf(closeLabel, f.dateFull(s.end))
	}
	if r.chance(0.3) {
		openLabel, closeLabel = strings.ToUpper(openLabel), strings.ToUpper(closeLabel)
	}
	place := []string{"rows", "top", "bottom", "grid"}[r.weighted(5, 2, 2, 1)]
	s.desc = append(s.desc, "bal:"+place)
	balFmt := func(v decimal.Decimal) string {
		out := f.signed(v, f.balanceStyle())
		if curSrc == 3 {
			sym := map[string]string{"EUR": "€", "GBP": "£"}[cur]
			if f.num == "en" {
				return strings.Replace(out, f.number(v), sym+f.number(v), 1)
			}
			return out + " " + sym
		}
		return out
	}

	// the table's columns
	var cols []rCol
	fontSize := 8.5
	if r.chance(0.4) {
		fontSize = 8
	}
	dateW := 52.0
	if strings.Count(f.dateRow(s.start), "") < 8 {
		dateW = 36
	}
	addDates := func() {
		cols = append(cols, rCol{kind: rcDate, title: r.pick(L.booking), w: dateW})
		if dates == 1 {
			cols = append(cols, rCol{kind: rcValue, title: r.pick(L.value), w: dateW})
		}
	}
	order := r.weighted(8, 1, 1) // 0 dates first, 1 text first, 2 value date after the text
	text := rCol{kind: rcText, title: r.pick(L.text)}
	switch {
	case order == 1:
		cols = append(cols, text)
		addDates()
		s.desc = append(s.desc, "text-first")
	case order == 2 && dates == 1:
		cols = append(cols, rCol{kind: rcDate, title: r.pick(L.booking), w: dateW}, text, rCol{kind: rcValue, title: r.pick(L.value), w: dateW})
		s.desc = append(s.desc, "value-after-text")
	default:
		addDates()
		cols = append(cols, text)
	}
	valueTitle := ""
	if v2.valueUnder && dates == 1 && order == 0 && !v2.dateLast {
		for i, col := range cols {
			if col.kind == rcValue {
				valueTitle = col.title
				cols = append(cols[:i], cols[i+1:]...)
				break
			}
		}
		s.desc = append(s.desc, "v2:value-under")
	}
	amtW := 70.0
	if f.curPre != "" || f.curPost != "" {
		amtW = 84
	}
	if split {
		d := rCol{kind: rcDebit, title: r.pick(L.debit) + curTitle, w: amtW}
		c := rCol{kind: rcCredit, title: r.pick(L.credit) + curTitle, w: amtW}
		if r.chance(0.15) {
			cols = append(cols, c, d)
		} else {
			cols = append(cols, d, c)
		}
	} else {
		cols = append(cols, rCol{kind: rcAmount, title: r.pick(L.amount) + curTitle, w: amtW})
		if f.sign == sgMarkerCol {
			cols = append(cols, rCol{kind: rcMarker, title: "S/H", w: 18})
		}
	}
	if running {
		cols = append(cols, rCol{kind: rcBalance, title: r.pick(L.balance) + curTitle, w: amtW})
	}
	// a column is as wide as its title at least ("Money in" takes no
	// " in GBP"), so that no title runs into the next
	c := testdocs.NewProduced(seed)
	c.Font(true, fontSize)
	for i := range cols {
		col := &cols[i]
		if strings.HasSuffix(col.title, " in"+curTitle) && strings.HasPrefix(curTitle, " in ") {
			col.title = strings.TrimSuffix(col.title, curTitle) + " (" + cur + ")"
		}
		if col.kind != rcText {
			col.w = max(col.w, c.Width(col.title)+6)
		}
	}
	left, right := 40+float64(r.IntN(20)), 545+float64(r.IntN(12))
	fixed := 0.0
	for _, c := range cols {
		fixed += c.w + 8
	}
	x := left
	textW := right - left - fixed
	for i := range cols {
		c := &cols[i]
		switch c.kind {
		case rcText:
			c.x, c.w = x, textW
			x += textW + 8
		case rcDate, rcValue:
			c.x = x
			x += c.w + 8
		default:
			x += c.w + 8
			c.x = x - 8
			if c.kind == rcMarker {
				c.x = x - 8
			}
		}
	}
	colOf := func(k int) *rCol {
		for i := range cols {
			if cols[i].kind == k {
				return &cols[i]
			}
		}
		return nil
	}

	// the header block
	bank := L.banks[r.IntN(len(L.banks))]
	holder := L.holders[r.IntN(len(L.holders))]
	title := r.pick(L.title)
	number := ""
	if r.chance(0.75) {
		number = fmt.Sprintf(r.pick(L.number), int(s.start.Month()), s.start.Year())
	}
	periodText := ""
	if r.chance(0.8) || number == "" {
		pf := r.pick(L.period)
		a, b := f.dateFull(s.start), f.dateFull(s.end)
		if lang == "en" && r.chance(0.3) {
			a = fmt.Sprintf("%d %s %d", s.start.Day(), L.months[s.start.Month()-1], s.start.Year())
			b = fmt.Sprintf("%d %s %d", s.end.Day(), L.months[s.end.Month()-1], s.end.Year())
		}
		periodText = fmt.Sprintf(pf, a, b)
		s.periodPrinted = true
	}
	ibanLine := r.pick(L.ibanLabel) + groups4(s.iban)
	if r.chance(0.2) {
		ibanLine = r.pick(L.ibanLabel) + s.iban
	}
	accNo := s.iban[len(s.iban)-10:]
	var info []string
	if number != "" {
		info = append(info, number)
	}
	if periodText != "" {
		info = append(info, periodText)
	}
	if r.chance(0.5) {
		info = append(info, r.pick(L.accLabel)+strings.TrimLeft(accNo, "0"))
	}
	info = append(info, ibanLine)
	if r.chance(0.5) {
		info = append(info, L.bicLabel+strings.ToUpper(bank[0][:4])+L.country+"XX"+"XXX")
	}
	if curSrc == 0 {
		info = append(info, fmt.Sprintf(r.pick(L.curLabel), cur))
	}
	if v2.issued {
		// the day the statement was printed, after the period
		issued := map[string]string{"de": "Erstellt am ", "en": "Date of issue: ", "fr": "Édité le ", "nl": "Datum aanmaak: ",
			"es": "Fecha de emisión: ", "it": "Data di emissione: "}[lang]
		info = append(info, issued+f.dateFull(s.end.AddDate(0, 0, 2)))
		s.desc = append(s.desc, "v2:issued")
	}
	r.Shuffle(len(info)-1, func(i, j int) { info[i+1], info[j+1] = info[j+1], info[i+1] })
	footer := r.pick(L.footer)
	pageFmt := r.pick(L.page)
	pageTop := r.chance(0.5)
	carry := r.chance(0.6)
	carryOut, carryIn := r.pick(L.carryOut), r.pick(L.carryIn)
	amountAbove := r.chance(0.15) // the amount line is the last line of a transaction
	if v2.dateLast {
		// the dates and the amount on the last line, the description above
		amountAbove = false
		s.desc = append(s.desc, "v2:date-last")
	}
	if amountAbove {
		s.desc = append(s.desc, "amount-last")
	}
	if v2.carryOpen && place == "rows" {
		openLabel = carryIn // "Übertrag", "Balance brought forward" as the first row
		s.desc = append(s.desc, "v2:carry-open")
	}
	if v2.untitled {
		s.desc = append(s.desc, "v2:untitled")
	} else if v2.titlesOnce {
		s.desc = append(s.desc, "v2:titles-once")
	}
	lineH := fontSize + 2 + float64(r.IntN(3))
	rowGap := 2 + float64(r.IntN(5))
	kern := 0.0
	if r.chance(0.25) {
		kern = 0.04
		s.desc = append(s.desc, "kerned")
	}
	c.Kern = kern

	// lines of each transaction, wrapped to the text column
	c.Font(false, fontSize)
	tc := colOf(rcText)
	wrapped := make([][]string, len(s.txns))
	for i, x := range s.txns {
		var out []string
		for _, l := range x.lines {
			out = append(out, wrapTo(c, l, tc.w-4)...)
		}
		if valueTitle != "" && len(out) == 1 {
			out = append(out, "")
		}
		wrapped[i] = out
	}

	// paginate: the header height depends on the page
	tableTop := func(first bool) float64 {
		if first {
			return 215
		}
		return 110
	}
	bottom := 760.0
	type pageRows struct{ idx []int }
	var pages []pageRows
	{
		y := tableTop(true) + 14
		if place == "rows" {
			y += lineH + rowGap
		}
		if place == "top" || place == "grid" {
			y += 30
		}
		cur := pageRows{}
		for i := range s.txns {
			h := float64(len(wrapped[i]))*lineH + rowGap
			if y+h+2*lineH > bottom && len(cur.idx) > 0 {
				pages = append(pages, cur)
				cur = pageRows{}
				y = tableTop(false) + 14 + lineH + rowGap
			}
			cur.idx = append(cur.idx, i)
			y += h
		}
		pages = append(pages, cur)
		// the closing rows and distractors need room on the last page
		if y+8*lineH > bottom-20 && len(cur.idx) > 1 {
			last := pages[len(pages)-1]
			k := len(last.idx) / 2
			pages[len(pages)-1] = pageRows{last.idx[:k]}
			pages = append(pages, pageRows{last.idx[k:]})
		}
	}
	total := len(pages)
	if total > 1 {
		s.desc = append(s.desc, fmt.Sprintf("%dpages", total))
	}

	// putAmount prints v in the table's amount columns on line y.
	putAmount := func(y float64, v decimal.Decimal) {
		if a := colOf(rcAmount); a != nil {
			st := f.sign
			if st == sgMarkerCol {
				st = ""
			}
			c.Right(a.x, y, f.signed(v, st))
			if m := colOf(rcMarker); m != nil {
				mk := f.marker[1]
				if v.Sign() < 0 {
					mk = f.marker[0]
				}
				c.Right(m.x, y, mk)
			}
			return
		}
		col := colOf(rcCredit)
		if v.Sign() < 0 {
			col = colOf(rcDebit)
		}
		c.Right(col.x, y, f.signed(v, ""))
	}
	// putBalance prints a balance on a table row: in the running balance
	// column, else in the amount columns.
	putBalance := func(y float64, v decimal.Decimal) {
		if b := colOf(rcBalance); b != nil {
			c.Right(b.x, y, f.signed(v, f.balanceStyle()))
			return
		}
		if a := colOf(rcAmount); a != nil && f.sign != sgMarkerCol {
			c.Right(a.x, y, f.signed(v, f.balanceStyle()))
			return
		}
		putAmount(y, v)
	}
	header := func(page int) float64 {
		c.Font(true, 12+float64(r.IntN(3)))
		c.Text(left, 34, bank[0])
		c.Font(false, 7)
		c.Text(left, 50, bank[1])
		marker := fmt.Sprintf(pageFmt, page, total)
		if pageTop {
			c.Font(false, 8)
			c.Right(right, 34, marker)
		}
		c.Font(true, 10)
		c.Text(320, 62, title)
		c.Font(false, 8)
		if page == 1 {
			y := 90.0
			c.Text(left, 80, bank[0]+" · "+bank[1])
			for _, l := range holder {
				c.Text(left, y, l)
				y += 10
			}
			y = 76
			for _, l := range info {
				c.Text(320, y, l)
				y += 10
			}
			switch place {
			case "top":
				y += 6
				c.Text(320, y, openLabel)
				c.Right(right, y, balFmt(s.opening))
				c.Text(320, y+11, closeLabel)
				c.Right(right, y+11, balFmt(s.closing))
			case "grid":
				// under the holder's window, which ends at 120
				y = max(y+8, 134)
				c.Text(left, y, openLabel)
				c.Text(300, y, closeLabel)
				c.Text(left, y+11, balFmt(s.opening))
				c.Text(300, y+11, balFmt(s.closing))
			}
		} else {
			y := 76.0
			c.Text(320, y, ibanLine)
			if number != "" {
				c.Text(left, y, number)
			}
		}
		// footer
		c.Font(false, 6.5)
		for i, l := range wrapTo(c, footer, right-left) {
			c.Text(left, 792+float64(i)*8, l)
		}
		if !pageTop {
			c.Font(false, 8)
			c.Right(right, 775, marker)
		}
		// column titles
		top := tableTop(page == 1)
		if v2.untitled || (v2.titlesOnce && page > 1) {
			return top + fontSize + 6
		}
		c.Font(true, fontSize)
		for _, col := range cols {
			if col.kind == rcText || col.kind == rcDate || col.kind == rcValue {
				c.Text(col.x, top, col.title)
			} else {
				c.Right(col.x, top, col.title)
			}
		}
		if valueTitle != "" {
			c.Text(colOf(rcDate).x, top+fontSize+1, valueTitle)
			top += fontSize + 1
		}
		c.Line(left, right, top+fontSize+3)
		c.Font(false, fontSize)
		return top + fontSize + 6
	}

	bal = s.opening
	var y float64
	for pi, pg := range pages {
		c.AddPage()
		y = header(pi + 1)
		if pi == 0 && place == "rows" {
			c.Text(tc.x, y, openLabel)
			putBalance(y, s.opening)
			y += lineH + rowGap
		}
		if pi > 0 && carry {
			c.Text(tc.x, y, carryIn)
			putBalance(y, bal)
			y += lineH + rowGap
		}
		for _, i := range pg.idx {
			x := s.txns[i]
			lines := wrapped[i]
			// the line that holds the dates and the amount
			main, dateK := 0, 0
			if amountAbove {
				main = len(lines) - 1
			}
			if v2.dateLast {
				main, dateK = len(lines)-1, len(lines)-1
			}
			bal = bal.Add(x.amount)
			for k, l := range lines {
				ly := y + float64(k)*lineH
				c.Text(tc.x, ly, l)
				if k == dateK {
					if d := colOf(rcDate); d != nil {
						c.Text(d.x, ly, f.dateRow(x.date))
					}
					if v := colOf(rcValue); v != nil {
						c.Text(v.x, ly, f.dateRow(x.value))
					}
				}
				if k == 1 && valueTitle != "" {
					c.Text(colOf(rcDate).x, ly, f.dateRow(x.value))
				}
				if k == main {
					putAmount(ly, x.amount)
					if b := colOf(rcBalance); b != nil {
						c.Right(b.x, ly, f.signed(bal, f.balanceStyle()))
					}
				}
			}
			y += float64(len(lines))*lineH + rowGap
		}
		if pi < len(pages)-1 {
			if carry {
				c.Text(tc.x, y, carryOut)
				putBalance(y, bal)
			}
			continue
		}
	}
	// after the table
	y += 4
	switch place {
	case "rows":
		c.Line(left, right, y)
		y += 3
		c.Font(true, fontSize)
		c.Text(tc.x, y, closeLabel)
		putBalance(y, s.closing)
		c.Font(false, fontSize)
		y += lineH + 8
	case "bottom":
		// the box's amounts carry their sign; under a debit column an
		// unsigned amount would read as money out, so with debit and
		// credit columns they stand under the credit column
		bx := right
		if cr := colOf(rcCredit); cr != nil {
			bx = cr.x
		}
		y += 6
		c.Text(300, y, openLabel)
		c.Right(bx, y, balFmt(s.opening))
		c.Text(300, y+lineH, closeLabel)
		c.Right(bx, y+lineH, balFmt(s.closing))
		y += 2*lineH + 8
	}
	// distractors after the closing balance
	c.Font(false, 7.5)
	var sd, sc decimal.Decimal
	var nd, nc int
	for _, x := range s.txns {
		if x.amount.Sign() < 0 {
			sd, nd = sd.Add(x.amount), nd+1
		} else {
			sc, nc = sc.Add(x.amount), nc+1
		}
	}
	var dist []string
	if r.chance(0.5) {
		dist = append(dist, fmt.Sprintf(r.pick(L.overdraft), f.number(decimal.New(int64(500+r.IntN(10))*100, 0))+" "+cur))
	}
	if r.chance(0.4) {
		dist = append(dist, r.pick(L.interest))
	}
	if r.chance(0.4) {
		dist = append(dist, fmt.Sprintf(r.pick(L.fees), f.dateFull(s.end), f.number(decimal.New(495, -2)), f.number(decimal.New(int64(r.IntN(900)), -2))))
	}
	if r.chance(0.4) {
		dist = append(dist, fmt.Sprintf("%s %s %s %d    %s %s %s %d", L.sumDebit, f.number(sd), L.count, nd, L.sumCredit, f.number(sc), L.count, nc))
	}
	if r.chance(0.5) {
		nt := r.pick(L.notice)
		if strings.Contains(nt, "%s") {
			nt = fmt.Sprintf(nt, f.dateFull(s.end.AddDate(0, 2, 1)), f.number(decimal.New(690, -2))+" "+cur)
		}
		dist = append(dist, nt)
	}
	if len(dist) > 0 {
		s.desc = append(s.desc, fmt.Sprintf("dist%d", len(dist)))
	}
	for _, l := range dist {
		for _, w := range wrapTo(c, l, right-left) {
			if y > bottom {
				break
			}
			c.Text(left, y, w)
			y += 9.5
		}
	}
	data, err := c.Bytes()
	if err != nil {
		panic(err)
	}
	s.pdf = data
	return s
}

// randomIBAN makes a valid IBAN of country.
func randomIBAN(r rRand, country string) string {
	n := map[string]int{"DE": 18, "GB": 18, "FR": 23, "NL": 14, "ES": 20, "IT": 23, "AT": 16}[country]
	var b strings.Builder
	for i := range n {
		switch {
		case (country == "GB" || country == "NL") && i < 4:
			b.WriteByte(byte('A' + r.IntN(26)))
		case country == "IT" && i == 0:
			b.WriteByte(byte('A' + r.IntN(26)))
		default:
			b.WriteByte(byte('0' + r.IntN(10)))
		}
	}
	return ibanFor(country, b.String())
}

// score checks got against what s drew: field -> ok, with the misses, and
// how many of the drawn transactions were read with their date and amount
// in order (a longest common subsequence).
func (s *rStmt) score(got *docextract.BankStatementData) (map[string]bool, []string, int) {
	g := got.General
	var f testdocs.Fields
	check := f.Check
	sv := testdocs.Str
	check("IBAN", s.iban, sv(g.IBAN))
	check("Currency", s.currency, sv(g.Currency))
	if s.periodPrinted {
		check("Period", s.start.Format(time.DateOnly)+" "+s.end.Format(time.DateOnly), sv(g.PeriodStart)+" "+sv(g.PeriodEnd))
	}
	check("OpeningBalance", s.opening.String(), av(g.OpeningBalance))
	check("ClosingBalance", s.closing.String(), av(g.ClosingBalance))
	check("TxnCount", fmt.Sprint(len(s.txns)), fmt.Sprint(len(got.Transactions)))
	var wd, hd, wa, ha, wn, hn, wk, hk []string
	for _, x := range s.txns {
		wd = append(wd, x.date.Format(time.DateOnly))
		wa = append(wa, x.amount.String())
		wn = append(wn, x.payee)
		wk = append(wk, x.date.Format(time.DateOnly)+" "+x.amount.String())
	}
	for i, x := range got.Transactions {
		hd = append(hd, sv(x.Date))
		ha = append(ha, av(x.Amount))
		hk = append(hk, sv(x.Date)+" "+av(x.Amount))
		if i < len(wn) && strings.Contains(sv(x.Description), wn[i]) {
			hn = append(hn, wn[i])
		} else {
			hn = append(hn, sv(x.Description))
		}
	}
	check("TxnDates", strings.Join(wd, " "), strings.Join(hd, " "))
	check("TxnAmounts", strings.Join(wa, " "), strings.Join(ha, " "))
	check("TxnDescs", strings.Join(wn, " | "), strings.Join(hn, " | "))
	v := validate.BankStatement(got)
	f.Set("Validation", v.Passed, "Validation: "+v.Details.CalculationLogic)
	return f.Res, f.Misses, lcs(wk, hk)
}

// lcs is the length of the longest common subsequence of a and b.
func lcs(a, b []string) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(cur[j], prev[j+1])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// rPart adds up one part (tune or report) of the random statements.
type rPart struct {
	name          string
	tally         testdocs.Tally
	lists, exact  int // statements, transaction lists read exactly
	txns, matched int // transactions drawn, read with date and amount
}

func (p *rPart) add(s *rStmt, got *docextract.BankStatementData) {
	res, misses, m := s.score(got)
	p.tally.Add(fmt.Sprintf("seed %3d %-60s", s.seed, strings.Join(s.desc, " ")), res, misses)
	p.lists++
	if res["TxnCount"] && res["TxnDates"] && res["TxnAmounts"] && res["TxnDescs"] {
		p.exact++
	}
	p.txns += len(s.txns)
	p.matched += m
}

func (p *rPart) summary() string {
	return fmt.Sprintf("%s: fields %.1f%%, transaction lists exact %d/%d, transactions read (date and amount, in order) %d/%d (%.1f%%)",
		p.name, 100*p.tally.Share(), p.exact, p.lists, p.matched, p.txns, 100*float64(p.matched)/float64(max(p.txns, 1)))
}

// rSeeds is the number of random statements scored: seeds 1..rSeeds.
const rSeeds = 240

// TestStatementRandom composes a statement for each seed 1..rSeeds
// (newRandomStatement), reads it through PDFium and scores every field.
// The seeds are split once: seed%4 == 0 is the report part, which no rule
// was studied on, the rest the tune part whose misses the rules were
// mended for. Both parts' tables are logged (-v), per field, with the
// transaction lists read exactly and the share of transactions read.
func TestStatementRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	e := engine(t)
	tune, report, all := &rPart{name: "tune"}, &rPart{name: "report"}, &rPart{name: "all"}
	for seed := uint64(1); seed <= rSeeds; seed++ {
		s := newRandomStatement(seed)
		pages, err := testdocs.ReadPages(context.Background(), e, s.pdf)
		require.NoError(t, err)
		got := Extract(pages)
		part := tune
		if seed%4 == 0 {
			part = report
		}
		part.add(s, got)
		all.add(s, got)
	}
	for _, p := range []*rPart{tune, report} {
		t.Logf("%s part\n%s", p.name, p.tally.Report("statements"))
	}
	t.Log(tune.summary())
	t.Log(report.summary())
	t.Log(all.summary())
	require.GreaterOrEqual(t, tune.tally.Share(), rTuneBar, "share of fields read, tune part")
	require.GreaterOrEqual(t, report.tally.Share(), rReportBar, "share of fields read, report part")
}

// rTuneBar and rReportBar are the shares of fields the parts must read.
//
// First scored as the generator came, before any rule: tune 1595/1776
// (89.8%), report 544/590 (92.2%). Two bugs of the generator itself were
// then fixed (column titles wider than their column ran into the next,
// "BuchungstagBuchungstext"; "Money in in GBP"), still before any rule:
// tune 1639/1776 (92.3%), 106 of 180 statements all right, the
// transaction list exact in 160, 93.1% of transactions read with date and
// amount; report 547/590 (92.7%), 41 of 60 all right, lists exact 50,
// 86.0% of transactions. The misses: balances set under their labels in a
// grid or in a box under the table, the period printed without a label,
// "USD" from a card payment's line taken as the statement's currency,
// debit and credit columns told apart wrongly, transactions lost where the
// amount closes the block or the value date is in the text.
//
// A third generator bug was found studying the tune misses: a balance box
// under the table set its unsigned amounts under the rightmost column,
// which with the credit column first is the debit column (read as money
// out, as a human would); it now sets them under the credit column (tune
// 1677/1776 with the period rule below, report 547 -> 548/590).
//
// After these general rules, studied on tune seeds only: tune 1766/1776
// (99.4%), 172 of 180 all right, lists exact 176, 98.0% of transactions;
// report 588/590 (99.7%), 58 of 60 all right, lists exact 58, 95.5% of
// transactions:
//   - two full dates joined by a range word ("-", "bis", "to", "a", "au",
//     "t/m") above the table, with no label, are the period when no
//     labelled one is printed (Period 121 -> 156/156);
//   - a line of balance labels over a line of values holds more than one
//     label ("Alter Kontostand ... Neuer Kontostand" over both amounts),
//     and a label that does not say which balance counts there with its
//     date, the first opening, the second closing;
//   - a date line right under a one-line transaction is its value date
//     only when no amount line without a date follows close below it
//     (else it opens a transaction whose amount closes its block);
//   - a balance label that does not say which ("Kontostand am
//     31.07.2024"), dated before the period (or before every transaction),
//     is the opening balance even under the table;
//   - a currency code on a table line counts only in the amount columns or
//     right before an amount read there, not in a description ("Karte ...
//     82,63 USD");
//   - a column title followed by its currency ("Money in (GBP)",
//     "Withdrawals in GBP") is that title; "Lastschriften", "Abbuchungen",
//     "Auszahlungen", "Einzahlungen" are debit and credit titles.
//
// Then, still on tune seeds: with no full date printed but the statement's
// number, "Auszug Nr. 12/2023" gives the rows' year (and a value date
// takes the year nearest its booking date); "Saldo actual"/"Saldo
// attuale" close; "9 Feb 10 Feb" is two dates, not 9 Feb 2010. A fourth
// generator bug: the labels-over-values grid overlapped the holder's
// window. Tune and report 100% (1776/1776, 590/590): the first version
// was exhausted.
//
// Second version (the v2 draws, from a stream of their own so that seeds
// none applies to are unchanged): the description above the line of date
// and amount, the value date under the booking date in one column with
// its title under the other, "Übertrag"/"Balance brought forward" as the
// first row, column titles on page 1 only or none at all, the date the
// statement was issued among the header lines, an account in USD (CHF in
// English). First scored before any rule for them (after a crash they
// exposed, an index out of range in the value-date rule on a mid-row
// block, was fixed): tune 1732/1776 (97.5%), 151 of 180 all right, lists
// exact 152; report 579/590 (98.1%), 51 of 60, lists exact 52. After:
// tune 1757/1776 (98.9%), 169 all right, lists exact 170; report 583/590
// (98.8%), 55, lists exact 56 (tune 1756 since validation fails a
// statement with neither both balances nor a running balance, seed 138);
// tune 1758/1776, 170 all right, lists exact 170, and report 584/590, 56,
// lists exact 57, once the sixth produced batch's carry wording ("Van
// vorige pagina", "Naar volgende pagina", "Suma anterior") became carry
// labels (a general label list, not a rule from these seeds' misses),
// with these rules: a table whose first row
// is a text line and whose lines keep closer to the dated line below them
// than to the one above prints descriptions above the date line (text
// lines go to the next transaction); a currency glued before a number
// ("US$119.57", "EUR12,34") is read, as amount and as currency;
// "Munteenheid" (Dutch) is a currency label. Left (tune): descriptions
// above the date line when the row gaps do not tell (no wider gap between
// rows), a value date under the booking date with the amount on the
// block's last line, a table with no titles and debit and credit columns
// whose signs the balances cannot settle.
const (
	rTuneBar   = 0.985
	rReportBar = 0.985
)

// TestStatementRandomDump writes the statement of $RANDOM_SEED to
// $RANDOM_DUMP, to look at one seed's drawing.
func TestStatementRandomDump(t *testing.T) {
	seed, path := os.Getenv("RANDOM_SEED"), os.Getenv("RANDOM_DUMP")
	if seed == "" || path == "" {
		t.Skip("RANDOM_SEED and RANDOM_DUMP not set")
	}
	n, err := strconv.ParseUint(seed, 10, 64)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, newRandomStatement(n).pdf, 0o600))
}
