package classify

import (
	"slices"
	"strings"
	"unicode"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/textparse"
)

// Kinds of documents that carry an invoice's fields (numbers, dates,
// parties, items, totals) and are no invoice: booked as one, a quotation
// or a reminder would enter the books as a debt that does not exist (or
// twice). Each is known by its title, in the six languages.
var notInvoiceTitles = []struct {
	kind   string
	titles []string
}{
	{"quotation", []string{"angebot", "kostenvoranschlag", "quotation", "quote", "estimate", "sales quote", "devis", "offerte",
		"presupuesto", "preventivo", "offerta"}},
	{"order confirmation", []string{"auftragsbestatigung", "bestellbestatigung", "order confirmation", "sales order",
		"confirmation de commande", "orderbevestiging", "opdrachtbevestiging", "confirmacion de pedido", "conferma d'ordine",
		"conferma ordine"}},
	{"purchase order", []string{"bestellung", "purchase order", "bon de commande", "inkooporder", "orden de compra",
		"ordine d'acquisto", "ordine di acquisto"}},
	{"payment reminder", []string{"zahlungserinnerung", "mahnung", "payment reminder", "reminder", "rappel", "relance",
		"lettre de relance", "betalingsherinnering", "herinnering", "aanmaning", "recordatorio de pago", "sollecito di pagamento",
		"sollecito"}},
	{"delivery note", DeliveryTitles},
}

// DeliveryTitles are the titles of a delivery note in the six languages
// and English's other names for it.
var DeliveryTitles = []string{"lieferschein", "delivery note", "packing slip", "packing list", "dispatch note", "bon de livraison",
	"bordereau de livraison", "pakbon", "afleverbon", "leveringsbon", "albaran", "albaran de entrega", "nota de entrega",
	"bolla di consegna", "documento di trasporto", "ddt"}

// invoiceTitles are the titles of invoices and credit notes (which are
// read as invoices).
var invoiceTitles = []string{"rechnung", "invoice", "tax invoice", "commercial invoice", "gutschrift", "rechnungskorrektur",
	"credit note", "facture", "avoir", "factuur", "creditnota", "creditfactuur", "factura", "factura simplificada",
	"nota de credito", "fattura", "nota di credito", "faktura"}

// titleOrdinals may stand before a title: "1. Mahnung", "Final reminder".
var titleOrdinals = []string{"erste", "zweite", "dritte", "letzte", "first", "second", "third", "final", "premier", "deuxieme",
	"dernier", "derniere", "eerste", "tweede", "laatste", "primer", "segundo", "ultimo", "primo", "secondo"}

// TitleNumberLabels may follow a title before its number.
var TitleNumberLabels = []string{"nr", "no", "n°", "nº", "no°", "number", "nummer", "numero", "num", "#"}

// NotInvoice returns the kind of document ("quotation", "order
// confirmation", "purchase order", "payment reminder", "delivery note")
// whose title the pages print, and that title; "" when a page's first
// title is an invoice's or no page has a title. (A delivery note or a
// cover letter may come before its invoice in one document: the invoice's
// page still makes the document an invoice.)
//
// A title is a cell (words set apart from their neighbours on a line) of
// one of a page's first 15 lines that is the title word or phrase alone
// ("ANGEBOT", "Payment reminder"), after an ordinal ("1. Mahnung",
// "Final reminder") or before its number ("Quotation No. Q-1042",
// "Angebot AN-2024-17"). Labels that name such a document on an invoice
// are no title: the title must be the whole cell ("Angebots-Nr.: 17",
// "Your order confirmation of 3 May" are not), printed larger than the
// page's text (at least 1.25 times its median word height: an invoice's
// info block may print "Lieferschein" or "Bestellung" as a label in a cell
// of its own, at the size of the text), and the invoice's own title, in
// any size, decides when it comes first on its page.
//
// A letter names what it is in its subject line, printed at the size of
// the text (in bold or not) right above the salutation (DIN 5008 and its
// neighbours abroad): "Zahlungserinnerung zu unserer Rechnung Nr. 4711",
// "Objet : Devis n° DV-2024-17 – placards", "Payment reminder: invoice
// INV-1042". In one of the two lines right above a page's first
// salutation, a cell that opens with such a title (after "Betreff:",
// "Objet :", "Subject:" ...) counts at any size when the title stands
// alone, before its number, before " – ", ":" or "," and a subject, or
// before the invoice it is about. An invoice's own subject line
// ("Rechnung Nr. 2024-117") keeps it an invoice as before.
func NotInvoice(pages []layout.Page) (kind, title string) { return Prepare(pages).NotInvoice() }

// NotInvoice is NotInvoice of d's pages, from the lines Prepare built.
func (d *Doc) NotInvoice() (kind, title string) {
	for i := range d.Pages {
		k, t, invoice := firstTitle(&d.Pages[i], d.pageLines[i])
		if invoice {
			return "", ""
		}
		if kind == "" {
			kind, title = k, t
		}
	}
	return kind, title
}

// firstTitle returns the first title of page p (see NotInvoice): an
// invoice's (invoice true) or another kind's.
func firstTitle(p *layout.Page, lines []layout.Line) (kind, title string, invoice bool) {
	body := medianWordHeight(p.Words)
	greeting := salutationLine(lines)
	for i, l := range lines {
		if i >= 15 && i >= greeting {
			break
		}
		subject := greeting >= 0 && i < greeting && i >= greeting-2
		for _, c := range l.Cells(0) {
			f := strings.TrimRight(textparse.Fold(c.Text()), " :")
			if subject {
				f = withoutSubjectLabel(f)
			}
			for _, t := range invoiceTitles {
				if isTitle(f, t) {
					return "", "", true
				}
			}
			if subject {
				for _, k := range notInvoiceTitles {
					for _, t := range k.titles {
						if isSubject(f, t) {
							return k.kind, c.Text(), false
						}
					}
				}
			}
			if i >= 15 || medianWordHeight(c.Words) < 1.25*body {
				continue
			}
			for _, k := range notInvoiceTitles {
				for _, t := range k.titles {
					if isTitle(f, t) {
						return k.kind, c.Text(), false
					}
				}
			}
		}
	}
	return "", "", false
}

func medianWordHeight(ws []layout.Word) float64 {
	if len(ws) == 0 {
		return 0
	}
	hs := make([]float64, len(ws))
	for i, w := range ws {
		hs[i] = w.H()
	}
	slices.Sort(hs)
	return hs[len(hs)/2]
}

// isTitle reports whether the folded cell f is title t alone, after an
// ordinal, or before a number (with or without a number label).
func isTitle(f, t string) bool {
	if first, rest, ok := strings.Cut(f, " "); ok && (ordinal(first) || isOrdinalWord(first)) {
		f = rest
	}
	if f == t {
		return true
	}
	rest, ok := strings.CutPrefix(f, t+" ")
	if !ok {
		return false
	}
	for _, nl := range TitleNumberLabels {
		if r, ok := strings.CutPrefix(rest, nl); ok && (r == "" || strings.ContainsAny(r[:1], ".:# ")) {
			return true
		}
	}
	// The number itself: one token holding a digit ("AN-2024-17").
	return !strings.Contains(rest, " ") && strings.ContainsFunc(rest, unicode.IsDigit)
}

// ordinal reports whether w is a numeral with a point: "1.", "2.".
func ordinal(w string) bool {
	d, ok := strings.CutSuffix(w, ".")
	return ok && d != "" && len(d) <= 2 && strings.Trim(d, "0123456789") == ""
}

func isOrdinalWord(w string) bool {
	for _, o := range titleOrdinals {
		if w == o {
			return true
		}
	}
	return false
}

// Salutations open a letter, in the six languages (folded, see
// textparse.Fold; a trailing space keeps "liebe " from "lieferung").
var Salutations = []string{"sehr geehrte", "guten tag", "liebe ", "lieber ", "dear ", "madame", "monsieur", "chere ", "cher ",
	"geachte", "beste ", "estimado", "estimada", "muy senor", "muy senores", "gentile", "egregio", "spettabile", "gentili"}

// IsSalutation reports whether the folded line f opens with a salutation
// ("Liebe" alone on its line counts).
func IsSalutation(f string) bool {
	for _, s := range Salutations {
		if strings.HasPrefix(f+" ", s) {
			return true
		}
	}
	return false
}

// salutationLine returns the index of the first line among a page's first
// 30 that opens with a salutation and is short (a salutation is a line of
// its own, at most eight words: "Sehr geehrte Damen und Herren,"), or -1.
func salutationLine(lines []layout.Line) int {
	for i, l := range lines {
		if i >= 30 {
			break
		}
		f := textparse.Fold(l.Text())
		if IsSalutation(f) && len(strings.Fields(f)) <= 8 {
			return i
		}
	}
	return -1
}

// withoutSubjectLabel drops a subject label (textparse.SubjectLabels:
// "Betreff:", "Betr.:", "Objet :") from the start of folded cell f.
func withoutSubjectLabel(f string) string {
	for _, l := range textparse.SubjectLabels {
		if rest, ok := strings.CutPrefix(f, l); ok {
			if rest = strings.TrimLeft(rest, ". "); strings.HasPrefix(rest, ":") {
				return strings.TrimLeft(rest[1:], " ")
			}
		}
	}
	return f
}

// invoiceReferences may follow a letter's title to name the invoice it is
// about: "Zahlungserinnerung zu unserer Rechnung", "Payment reminder for
// invoice", "Relance facture", "Herinnering betreffende factuur".
var invoiceReferences = []string{"zur rechnung", "zu rechnung", "zu unserer rechnung", "zu ihrer rechnung", "fur rechnung",
	"fur unsere rechnung", "uber rechnung", "rechnung", "for invoice", "for our invoice", "regarding invoice",
	"re invoice", "invoice", "pour la facture", "concernant la facture", "de la facture", "sur facture", "facture",
	"voor factuur", "betreffende factuur", "van factuur", "inzake factuur", "factuur", "de la factura", "sobre la factura",
	"factura", "della fattura", "per la fattura", "relativo alla fattura", "fattura"}

// isSubject reports whether folded cell f is a subject line naming title
// t (see NotInvoice): t as isTitle takes it, or t (with its number) before
// a clause break and a subject, or before an invoice reference.
func isSubject(f, t string) bool {
	if isTitle(f, t) {
		return true
	}
	if first, rest, ok := strings.Cut(f, " "); ok && (ordinal(first) || isOrdinalWord(first)) {
		f = rest
	}
	rest, ok := strings.CutPrefix(f, t)
	if !ok || rest == "" {
		return false
	}
	if rest[0] == ':' || rest[0] == ',' {
		return strings.TrimSpace(rest[1:]) != ""
	}
	if rest[0] != ' ' {
		return false
	}
	rest = strings.TrimLeft(rest, " ")
	// The number (with or without its label) before the break.
	for _, nl := range TitleNumberLabels {
		if r, ok := strings.CutPrefix(rest, nl); ok && r != "" && strings.ContainsAny(r[:1], ".: ") {
			rest = strings.TrimLeft(r, ".: ")
			break
		}
	}
	if tok, r, _ := strings.Cut(rest, " "); strings.ContainsFunc(tok, unicode.IsDigit) {
		if strings.HasSuffix(tok, ":") || strings.HasSuffix(tok, ",") {
			return strings.TrimSpace(r) != ""
		}
		rest = r
	}
	for _, b := range []string{"- ", "– ", "— ", ": "} {
		if r, ok := strings.CutPrefix(rest, b); ok && strings.TrimSpace(r) != "" {
			return true
		}
	}
	rest = strings.TrimLeft(rest, "-–—: ")
	for _, ref := range invoiceReferences {
		if r, ok := strings.CutPrefix(rest, ref); ok && (r == "" || r[0] == ' ') {
			return true
		}
	}
	return false
}
