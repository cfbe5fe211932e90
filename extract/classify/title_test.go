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

// TestNotInvoiceSubject: a letter's subject line right above its
// salutation names the kind at the text's size; anywhere else, or naming
// an invoice, it does not.
func TestNotInvoiceSubject(t *testing.T) {
	t.Parallel()
	const letter = "Muster GmbH\nMusterstraße 1, 10115 Berlin\nKanzlei Weber\nDomplatz 3\n93047 Regensburg\nRegensburg, 18.06.2024\n" +
		"%s\n%s\nwir bitten Sie, den folgenden Betrag zu überweisen.\nRechnungsnr. Datum Betrag\nRE-2024-117 03.05.2024 1.249,50\nOffener Betrag 1.249,50"
	for _, c := range []struct {
		subject, greeting, kind string
	}{
		{"Zahlungserinnerung zu unserer Rechnung Nr. RE-2024-117", "Sehr geehrter Herr Weber,", "payment reminder"},
		{"Betreff: Zahlungserinnerung", "Sehr geehrte Damen und Herren,", "payment reminder"},
		{"Betr.: Zahlungserinnerung", "Sehr geehrte Damen und Herren,", "payment reminder"},
		{"Concerne : Rappel facture n° FA-2024-117", "Madame,", "payment reminder"},
		{"2. Mahnung – Rechnung RE-2024-117 vom 03.05.2024", "Sehr geehrte Damen und Herren,", "payment reminder"},
		{"Payment reminder: invoice INV-2024-117", "Dear Ms Bennett,", "payment reminder"},
		{"Objet : Relance – facture n° FA-2024-117", "Madame,", "payment reminder"},
		{"Objet : Devis n° DV-2024-17 – placards", "Madame, Monsieur,", "quotation"},
		{"Angebot Nr. AN-2024-17 – Einbauschrank", "Guten Tag Herr Weber,", "quotation"},
		{"Betalingsherinnering factuur F2024-117", "Geachte mevrouw Bakker,", "payment reminder"},
		{"Offerte OF2024-17: inbouwkasten", "Geachte mevrouw Bakker,", "quotation"},
		// An invoice's own subject keeps it an invoice.
		{"Rechnung Nr. RE-2024-117", "Sehr geehrter Herr Weber,", ""},
		{"Objet : Facture n° FA-2024-117 – placards", "Madame,", ""},
		// A subject that only mentions such a document is none.
		{"Ihr Angebot vom 10.06.2024", "Sehr geehrter Herr Weber,", ""},
		{"Unsere Zahlungserinnerung vom 01.06.2024", "Sehr geehrter Herr Weber,", ""},
		{"Bestellung vom 10.06.2024", "Sehr geehrter Herr Weber,", ""},
		// Without a salutation under it, a line at the text's size is no
		// subject.
		{"Zahlungserinnerung zu unserer Rechnung Nr. RE-2024-117", "Bitte beachten Sie:", ""},
	} {
		kind, _ := NotInvoice([]layout.Page{page(595, 842, 40, fmt.Sprintf(letter, c.subject, c.greeting))})
		require.Equal(t, c.kind, kind, "%q", c.subject)
	}
	// A reminder's subject three lines above the salutation is too far.
	kind, _ := NotInvoice([]layout.Page{page(595, 842, 40, fmt.Sprintf(letter, "Zahlungserinnerung\nKundennr. 4711\nIhr Zeichen: SW", "Sehr geehrter Herr Weber,"))})
	require.Equal(t, "", kind)
}
