package classify

import (
	"math"
	"regexp"
	"strings"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/textparse"
)

// Cue is a phrase (folded: lower case, no accents, see textparse.Fold)
// worth Weight points of evidence for a type, counted as a whole word at
// most Max times. A document's title word is worth 3 to 4 points, a
// field label 1 to 2: 3 points are the least Decide acts on.
type Cue struct {
	Phrase string
	Weight float64
	Max    int
}

var invoiceCues = []Cue{
	{"invoice", 3, 2}, {"tax invoice", 1, 1}, {"invoice number", 2, 1}, {"invoice no", 2, 1}, {"invoice date", 2, 1},
	{"rechnung", 3, 2}, {"rechnungsnummer", 2, 1}, {"rechnungsdatum", 2, 1}, {"rechnungsbetrag", 2, 1},
	{"facture", 3, 2}, {"numero de facture", 2, 1}, {"date de facture", 2, 1},
	{"factuur", 3, 2}, {"factuurnummer", 2, 1}, {"factuurdatum", 2, 1},
	{"factura", 3, 2}, {"numero de factura", 2, 1}, {"fecha de factura", 2, 1},
	{"fattura", 3, 2}, {"numero fattura", 2, 1}, {"data fattura", 2, 1},
	{"due date", 2, 1}, {"payment due", 2, 1}, {"payment terms", 2, 1}, {"faellig", 2, 1}, {"fallig", 2, 1}, {"zahlbar bis", 2, 1},
	{"zahlungsziel", 2, 1}, {"zahlungsbedingungen", 2, 1}, {"echeance", 2, 1}, {"vervaldatum", 2, 1}, {"vencimiento", 2, 1}, {"scadenza", 2, 1},
	{"bill to", 2, 1}, {"ship to", 1, 1}, {"sold to", 1, 1}, {"customer no", 1, 1}, {"kundennummer", 1, 1}, {"rechnungsempfanger", 2, 1},
	{"vat id", 2, 1}, {"vat no", 1, 1}, {"vat reg", 1, 1}, {"ust-idnr", 2, 1}, {"ust-id", 2, 1}, {"steuernummer", 1, 1},
	{"n° tva", 2, 1}, {"tva intracommunautaire", 2, 1}, {"btw-nummer", 2, 1}, {"btw nr", 2, 1}, {"partita iva", 2, 1}, {"nif", 1, 1}, {"cif", 1, 1},
	{"net amount", 1, 1}, {"nettobetrag", 1, 1}, {"total ht", 1, 1}, {"subtotal", 0.5, 1}, {"unit price", 1, 1}, {"einzelpreis", 1, 1},
	{"prix unitaire", 1, 1}, {"quantity", 0.5, 1}, {"menge", 0.5, 1}, {"purchase order", 1, 1}, {"po number", 1, 1},
	{"amount due", 1, 1}, {"please pay", 1, 1}, {"bank details", 1, 1}, {"bankverbindung", 1, 1}, {"remit", 1, 1},
}

var receiptCues = []Cue{
	{"receipt", 3, 2}, {"cash", 1.5, 2}, {"change", 2, 1}, {"change due", 1, 1}, {"tendered", 2, 1}, {"cashier", 2, 1},
	{"thank you", 1.5, 1}, {"thanks", 1, 1}, {"come again", 2, 1}, {"please come again", 1, 1}, {"rounding", 1.5, 1}, {"rounded", 1, 1},
	{"total qty", 2, 1}, {"qty", 0.5, 1}, {"item(s)", 1, 1}, {"items", 0.5, 1}, {"terminal", 1, 1}, {"counter", 1, 1}, {"pos", 1, 1},
	{"visa", 1, 1}, {"mastercard", 1, 1}, {"card", 0.5, 1}, {"goods sold", 2, 1}, {"not refundable", 1, 1}, {"not returnable", 1, 1},
	{"cash bill", 2, 1}, {"simplified tax invoice", 2, 1}, {"table", 0.5, 1}, {"guest", 1, 1}, {"server", 0.5, 1}, {"tip", 1, 1},
	{"kassenbon", 3, 1}, {"kassenbeleg", 3, 1}, {"quittung", 2, 1}, {"bar", 1, 1}, {"ruckgeld", 2, 1}, {"gegeben", 1, 1}, {"kasse", 1, 1}, {"vielen dank", 1, 1},
	{"ticket de caisse", 3, 1}, {"ticket", 1, 1}, {"especes", 1.5, 1}, {"rendu", 1.5, 1}, {"monnaie", 1, 1}, {"merci", 1, 1},
	{"kassabon", 3, 1}, {"kassa", 1, 1}, {"contant", 1.5, 1}, {"wisselgeld", 2, 1}, {"bedankt", 1, 1},
	{"ticket de compra", 2, 1}, {"recibo", 2, 1}, {"efectivo", 1.5, 1}, {"cambio", 1, 1}, {"gracias", 1, 1},
	{"scontrino", 3, 1}, {"ricevuta", 2, 1}, {"contanti", 1.5, 1}, {"resto", 1, 1}, {"grazie", 1, 1},
}

var statementCues = []Cue{
	{"bank statement", 4, 1}, {"statement of account", 4, 1}, {"account statement", 4, 1}, {"statement", 1.5, 1}, {"statement period", 2, 1},
	{"opening balance", 3, 1}, {"closing balance", 3, 1}, {"previous balance", 2, 1}, {"new balance", 2, 1}, {"balance brought forward", 2, 1},
	{"balance carried forward", 2, 1}, {"available balance", 2, 1}, {"balance", 1, 1}, {"withdrawal", 1, 1}, {"withdrawals", 1, 1}, {"deposits", 1, 1},
	{"debit", 1, 1}, {"credit", 0.5, 1}, {"account number", 1, 1}, {"account no", 1, 1}, {"sort code", 1, 1}, {"bic", 1, 1}, {"swift", 0.5, 1},
	{"kontoauszug", 4, 1}, {"alter kontostand", 3, 1}, {"neuer kontostand", 3, 1}, {"kontostand", 2, 1}, {"saldo", 1.5, 1}, {"buchungstag", 2, 1}, {"wertstellung", 2, 1}, {"valuta", 1, 1},
	{"releve de compte", 4, 1}, {"releve", 1.5, 1}, {"ancien solde", 3, 1}, {"nouveau solde", 3, 1}, {"solde", 1.5, 1}, {"date de valeur", 2, 1},
	{"rekeningafschrift", 4, 1}, {"afschrift", 2, 1}, {"beginsaldo", 3, 1}, {"eindsaldo", 3, 1}, {"oud saldo", 3, 1}, {"nieuw saldo", 3, 1},
	{"extracto", 3, 1}, {"extracto de cuenta", 2, 1}, {"saldo anterior", 3, 1}, {"saldo final", 3, 1}, {"saldo inicial", 3, 1},
	{"estratto conto", 4, 1}, {"saldo iniziale", 3, 1}, {"saldo finale", 3, 1}, {"saldo contabile", 2, 1},
	// A card account's statement ("Kreditkartenabrechnung", "Saldo der
	// letzten Abrechnung", "Neuer Saldo", "Minimum payment") and an
	// online-banking turnover list ("Umsätze", "Umsatzanzeige") are the
	// statements account holders upload besides the classic one.
	{"kreditkartenabrechnung", 4, 1}, {"kartenabrechnung", 3, 1}, {"kreditkartenumsatze", 3, 1},
	{"saldo der letzten abrechnung", 3, 1}, {"saldo letzte abrechnung", 3, 1}, {"neuer saldo", 3, 1}, {"alter saldo", 3, 1},
	{"umsatze", 2, 1}, {"umsatzanzeige", 3, 1}, {"umsatzubersicht", 3, 1}, {"kontoumsatze", 3, 1},
	{"credit card statement", 3, 1}, {"minimum payment", 2, 1}, {"beginning balance", 3, 1}, {"ending balance", 3, 1},
}

var (
	dateStartRE = regexp.MustCompile(`^(\d{1,2}[./-]\d{1,2}([./-]\d{2,4})?|\d{4}-\d{2}-\d{2}|\d{1,2}\s?[A-Za-z]{3})\b`)
	// (a sign may be set apart after the amount: a German card
	// statement's "170,50 -")
	amountRE = regexp.MustCompile(`-?\d{1,3}(?:[.,' ]\d{3})*[.,]\d{2}(?:-|\s[-+])?$`)
	// a line ending in an amount, possibly with a currency: "CASH RM 10.00"
	amountTailRE = regexp.MustCompile(`\d[.,]\d{2}\s*(?:[A-Z]{3}|[€$£])?$`)
)

// Classify returns the most likely built-in type of the document made of
// pages and a confidence in 0..1. It answers docextract.Other when the
// evidence for every type is weak.
func Classify(pages []layout.Page) (docextract.DocType, float64) {
	return Evidence(pages).Decide()
}

// Points are the evidence points for one type.
type Points struct {
	Type   docextract.DocType
	Points float64
}

// Decide returns the type the evidence points to and a confidence in 0..1:
// Other when the evidence for every type is weak (under 3 points). On a tie
// the earlier entry of all wins.
func Decide(all []Points) (docextract.DocType, float64) {
	best, second := Points{docextract.Other, 0}, 0.0
	for _, c := range all {
		if c.Points > best.Points {
			second = best.Points
			best = c
		} else if c.Points > second {
			second = c.Points
		}
	}
	if best.Points < 3 {
		// Too little evidence: other, the more confident the less there is.
		return docextract.Other, round2(0.5 + 0.5*(1-best.Points/3))
	}
	// Strength of the evidence times its margin over the runner-up.
	strength := 1 - math.Exp(-best.Points/6)
	margin := (best.Points - second) / best.Points
	return best.Type, round2(math.Max(0.05, math.Min(1, strength*(0.4+0.6*margin))))
}

// Decide decides among the built-in types: Decide of their points.
func (s Scores) Decide() (docextract.DocType, float64) {
	return Decide([]Points{{docextract.Invoice, s.Invoice}, {docextract.Receipt, s.Receipt}, {docextract.BankStatement, s.BankStatement}})
}

// Scores are the evidence points per built-in type behind Classify's
// answer, for diagnostics and for callers with their own thresholds.
type Scores struct {
	Invoice, Receipt, BankStatement float64
}

// Doc is a document prepared once for every type's evidence: its pages,
// their lines, and the folded text of the lines (one per text line).
type Doc struct {
	Pages  []layout.Page
	Lines  []layout.Line
	Folded string

	scores    *Scores
	pageLines [][]layout.Line // Lines, page by page
}

// Prepare returns pages prepared for evidence.
func Prepare(pages []layout.Page) *Doc {
	var text strings.Builder
	d := &Doc{Pages: pages}
	for i := range pages {
		ls := layout.Lines(&pages[i])
		d.pageLines = append(d.pageLines, ls)
		d.Lines = append(d.Lines, ls...)
		for _, l := range ls {
			text.WriteString(textparse.Fold(l.Text()))
			text.WriteByte('\n')
		}
	}
	d.Folded = text.String()
	return d
}

// Cues sums the weights of the cues found in d's text.
func (d *Doc) Cues(cs []Cue) float64 { return cues(d.Folded, cs) }

// Scores returns the evidence points of the built-in types, computed once.
func (d *Doc) Scores() Scores {
	if d.scores == nil {
		s := builtinEvidence(d)
		d.scores = &s
	}
	return *d.scores
}

// Evidence returns the evidence points per built-in type in pages.
func Evidence(pages []layout.Page) Scores { return Prepare(pages).Scores() }

func builtinEvidence(d *Doc) Scores {
	t, lines, pages := d.Folded, d.Lines, d.Pages
	var s Scores
	s.Invoice = cues(t, invoiceCues)
	s.Receipt = cues(t, receiptCues)
	s.BankStatement = cues(t, statementCues)

	// IBAN: printed on invoices (payee) and statements (the account).
	var toks []string
	for _, l := range lines {
		for _, w := range l.Words {
			toks = append(toks, w.Text)
		}
	}
	if textparse.FindIBAN(toks) != "" {
		s.BankStatement += 1
		s.Invoice += 1
	}

	// Rows starting with a date and ending with an amount: many of them are
	// a statement's transactions; a running balance (two amounts) more so.
	dated, twoAmounts := 0, 0
	for _, l := range lines {
		txt := strings.TrimSpace(l.Text())
		if !dateStartRE.MatchString(txt) || !amountRE.MatchString(txt) {
			continue
		}
		dated++
		f := strings.Fields(txt)
		if n := len(f); n > 0 && (f[n-1] == "-" || f[n-1] == "+") {
			f = f[:n-1]
		}
		if len(f) >= 3 && amountRE.MatchString(f[len(f)-2]) {
			twoAmounts++
		}
	}
	if dated >= 5 {
		s.BankStatement += math.Min(6, float64(dated)/2)
	}
	if twoAmounts >= 3 {
		s.BankStatement += math.Min(4, float64(twoAmounts)/2)
	}

	// Money handed over and change given back, both with amounts: a
	// point-of-sale payment.
	tendered, change := false, false
	for _, l := range lines {
		f := textparse.Fold(l.Text())
		txt := strings.TrimSpace(l.Text())
		if !amountTailRE.MatchString(txt) {
			continue
		}
		if countWord(f, "change")+countWord(f, "ruckgeld")+countWord(f, "rendu")+countWord(f, "wisselgeld")+countWord(f, "cambio")+countWord(f, "resto") > 0 {
			change = true
		} else if countWord(f, "cash")+countWord(f, "tendered")+countWord(f, "bar")+countWord(f, "gegeben")+countWord(f, "especes")+countWord(f, "contant")+countWord(f, "efectivo")+countWord(f, "contanti") > 0 {
			tendered = true
		}
	}
	if tendered && change {
		s.Receipt += 3
	}

	// Point-of-sale layout: a tall, narrow page (till roll; A4 is 1.41)
	// or text confined to a narrow column.
	for _, p := range pages {
		if p.Width > 0 && p.Height/p.Width >= 1.5 {
			s.Receipt += 2
			break
		}
		if w := textWidth(p); p.Width > 0 && w > 0 && w/p.Width < 0.45 && len(p.Words) >= 15 {
			s.Receipt += 1.5
			break
		}
	}
	return s
}

// cues sums the weights of the phrases found as whole words in t.
func cues(t string, cs []Cue) float64 {
	sum := 0.0
	for _, c := range cs {
		n := countWord(t, c.Phrase)
		sum += c.Weight * float64(min(n, c.Max))
	}
	return sum
}

func countWord(t, p string) int {
	n, i := 0, 0
	for {
		j := strings.Index(t[i:], p)
		if j < 0 {
			return n
		}
		j += i
		end := j + len(p)
		if (j == 0 || !isWordByte(t[j-1])) && (end == len(t) || !isWordByte(t[end])) {
			n++
		}
		i = j + 1
	}
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b >= 0x80
}

// textWidth is the horizontal extent of the words of p.
func textWidth(p layout.Page) float64 {
	if len(p.Words) == 0 {
		return 0
	}
	x0, x1 := math.Inf(1), math.Inf(-1)
	for _, w := range p.Words {
		x0 = math.Min(x0, w.X0)
		x1 = math.Max(x1, w.X1)
	}
	return x1 - x0
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }
