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
	for i, l := range lines {
		if i >= 15 {
			break
		}
		for _, c := range l.Cells(0) {
			f := strings.TrimRight(textparse.Fold(c.Text()), " :")
			for _, t := range invoiceTitles {
				if isTitle(f, t) {
					return "", "", true
				}
			}
			if medianWordHeight(c.Words) < 1.25*body {
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
