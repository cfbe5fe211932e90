package classify

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract/layout"
)

// titled is page(text) with the words of line big printed twice as high
// (a title), the lines below moved down to make room.
func titled(text string, big int) []layout.Page {
	p := page(595, 842, 40, text)
	y := 20 + float64(big)*14
	for i, w := range p.Words {
		switch {
		case w.Y0 == y:
			p.Words[i].Y1 = w.Y0 + 20
		case w.Y0 > y:
			p.Words[i].Y0 += 12
			p.Words[i].Y1 += 12
		}
	}
	return []layout.Page{p}
}

func TestNotInvoice(t *testing.T) {
	t.Parallel()
	const body = "Muster GmbH\nMusterstraße 1, 10115 Berlin\n%s\nNummer: 2024-17\nDatum: 02.01.2024\n" +
		"Pos. Bezeichnung Menge Einzelpreis Betrag\n1 Beratung 2 100,00 200,00\nNettobetrag 200,00\nMwSt 19%% 38,00\nGesamtbetrag 238,00"
	for _, c := range []struct {
		title string
		big   bool
		kind  string
	}{
		{"ANGEBOT", true, "quotation"},
		{"Quotation No. Q-1042", true, "quotation"},
		{"Angebot AN-2024-17", true, "quotation"},
		{"Auftragsbestätigung", true, "order confirmation"},
		{"1. Mahnung", true, "payment reminder"},
		{"Final reminder", true, "payment reminder"},
		{"Bon de commande", true, "purchase order"},
		{"Pakbon", true, "delivery note"},
		// Invoices, credit notes and pro forma invoices stay invoices.
		{"RECHNUNG", true, ""},
		{"Invoice INV-2024-001", true, ""},
		{"Gutschrift", true, ""},
		{"Proforma-Rechnung", true, ""},
		// A title at the text's size is an info block's label.
		{"Lieferschein", false, ""},
		{"Bestellung", false, ""},
		// A cell that names such a document is no title.
		{"Angebots-Nr.: 17", true, ""},
		{"Unser Angebot vom 3. Mai", true, ""},
	} {
		text := fmt.Sprintf(body, c.title)
		pages := []layout.Page{page(595, 842, 40, text)}
		if c.big {
			pages = titled(text, 2)
		}
		kind, _ := NotInvoice(pages)
		require.Equal(t, c.kind, kind, "%q", c.title)
	}
	// The invoice's title first decides, whatever comes after it.
	pages := titled("Muster GmbH\nRECHNUNG\nAngebot\nNummer: 17", 2)
	pages[0].Words[1].Y1 = pages[0].Words[1].Y0 + 20
	kind, _ := NotInvoice(pages)
	require.Equal(t, "", kind)
	kind, title := NotInvoice(titled("Muster GmbH\nAngebot\nRechnungsnummer: 17", 1))
	require.Equal(t, "quotation", kind)
	require.Equal(t, "Angebot", title)
}

// TestNotInvoicePages: a delivery note before its invoice in one document
// leaves it an invoice; a quotation of two pages stays a quotation.
func TestNotInvoicePages(t *testing.T) {
	t.Parallel()
	note := titled("Muster GmbH\nLieferschein\nPos. Bezeichnung Menge\n1 Beratung 2", 1)
	inv := titled("Muster GmbH\nRechnung\nRechnungsnummer: 17\nGesamtbetrag 238,00", 1)
	quote := titled("Muster GmbH\nAngebot\nNummer: 17\nPos. Bezeichnung Menge\n1 Beratung 2", 1)
	more := []layout.Page{page(595, 842, 40, "Muster GmbH\n2 Schulung 1 100,00\nGesamtbetrag 238,00")}
	kind, _ := NotInvoice(append(note, inv...))
	require.Equal(t, "", kind)
	kind, _ = NotInvoice(append(quote, more...))
	require.Equal(t, "quotation", kind)
	kind, _ = NotInvoice(nil)
	require.Equal(t, "", kind)
}
