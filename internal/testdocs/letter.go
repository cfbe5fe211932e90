package testdocs

import (
	"fmt"
	"math/rand/v2"

	"github.com/shopspring/decimal"

	"github.com/docextract/docextract"
)

// LetterKind is what a business letter is (NewLetter).
type LetterKind string

const (
	// LetterReminder is a payment reminder: the subject names the unpaid
	// invoice, a table lists its number, date, due date and amount, then
	// a reminder fee and the amount outstanding, and the account to pay
	// to.
	LetterReminder LetterKind = "reminder"
	// LetterQuotation is a quotation written as a letter: a subject with
	// its number, a table of items with quantities and prices, net, VAT
	// and total, and how long the offer stands.
	LetterQuotation LetterKind = "quotation"
	// LetterInvoice is an invoice written as a letter (as craftsmen and
	// freelancers write them): a subject with its number, the same table
	// and totals, and the payment terms. It is an invoice.
	LetterInvoice LetterKind = "invoice"
)

// LetterOptions configures NewLetter.
type LetterOptions struct {
	Kind LetterKind
	// Lang is "de" (default), "en", "fr" or "nl".
	Lang string
	Seed uint64
}

// NewLetter draws a one-page business letter in the manner of DIN 5008
// and its neighbours abroad: letterhead, return-address line, addressee,
// place and date on the right, a subject line in bold at the size of the
// text (no large title anywhere), a salutation, a paragraph, a table,
// totals, a closing and a footer with the bank account. A reminder or a
// quotation carries an invoice's fields (a number, dates, amounts, an
// IBAN) and is no invoice; the same letter as an invoice is one.
func NewLetter(o LetterOptions) (*Doc, error) {
	if o.Lang == "" {
		o.Lang = "de"
	}
	tx, ok := letterTexts[o.Lang]
	if !ok {
		return nil, fmt.Errorf("testdocs: unknown letter language %q", o.Lang)
	}
	r := rand.New(rand.NewPCG(o.Seed, 0x1e77e4))
	num := numDE
	switch o.Lang {
	case "en":
		num = numEN
	case "fr":
		num = numFR
	}
	money := func(d decimal.Decimal) string {
		if o.Lang == "en" {
			return tx.cur + num.format(d)
		}
		return num.format(d) + " " + tx.cur
	}
	// A reminder's subject names the invoice it is about; the others
	// their own number.
	number := fmt.Sprintf("%s2024-%04d", tx.prefix[o.Kind], 100+r.IntN(9000))
	invoiceNo := fmt.Sprintf("%s2024-%04d", tx.prefix[LetterInvoice], 100+r.IntN(9000))
	if o.Kind == LetterReminder {
		number = invoiceNo
	}
	kind := docextract.Invoice
	if o.Kind != LetterInvoice {
		kind = docextract.Other
	}
	draw := func(c *canvas) {
		c.addPage()
		c.font(true, 14)
		c.text(40, 40, tx.sender)
		c.font(false, 8)
		c.text(40, 58, tx.senderLine)
		c.font(false, 7)
		c.text(40, 120, tx.sender+" · "+tx.senderLine)
		c.font(false, 10)
		for i, l := range tx.addressee {
			c.text(40, 134+float64(i)*12, l)
		}
		c.right(555, 200, tx.placeDate)
		y := 240.0
		c.font(true, 10)
		subject := fmt.Sprintf(tx.subject[o.Kind], number)
		c.text(40, y, subject)
		y += 28
		c.font(false, 10)
		for _, par := range []string{tx.salutation, tx.intro[o.Kind]} {
			for _, l := range wrap(c, par, 500) {
				c.text(40, y, l)
				y += 13
			}
			y += 8
		}
		y += 6
		cols := []float64{40, 300, 380, 470}
		c.font(true, 9)
		heads := tx.itemCols
		if o.Kind == LetterReminder {
			heads = tx.reminderCols
		}
		for i, h := range heads {
			if i == 0 {
				c.text(cols[i], y, h)
			} else {
				c.right(cols[i]+85, y, h)
			}
		}
		c.rule(40, 555, y+12)
		y += 20
		c.font(false, 9)
		var total decimal.Decimal
		if o.Kind == LetterReminder {
			amount := cents(r, 300, 4000)
			c.text(cols[0], y, invoiceNo)
			c.right(cols[1]+85, y, tx.invoiceDate)
			c.right(cols[2]+85, y, tx.dueDate)
			c.right(cols[3]+85, y, money(amount))
			y += 14
			fee := decimal.New(500, -2)
			c.text(cols[0], y, tx.fee)
			c.right(cols[3]+85, y, money(fee))
			y += 6
			c.rule(380, 555, y+8)
			y += 14
			total = amount.Add(fee)
			c.font(true, 9)
			c.text(cols[2]-40, y, tx.outstanding)
			c.right(cols[3]+85, y, money(total))
			y += 14
		} else {
			var net decimal.Decimal
			for i := range 2 + r.IntN(3) {
				qty := decimal.NewFromInt(int64(1 + r.IntN(8)))
				price := cents(r, 20, 400)
				line := qty.Mul(price)
				net = net.Add(line)
				c.text(cols[0], y, tx.items[i%len(tx.items)])
				c.right(cols[1]+85, y, qty.String())
				c.right(cols[2]+85, y, money(price))
				c.right(cols[3]+85, y, money(line))
				y += 14
			}
			c.rule(380, 555, y)
			y += 8
			tax := net.Mul(decimal.NewFromInt(tx.rate)).Div(decimal.NewFromInt(100)).Round(2)
			total = net.Add(tax)
			for i, row := range [][2]string{{tx.net, money(net)}, {fmt.Sprintf(tx.tax, tx.rate), money(tax)}, {tx.total[o.Kind], money(total)}} {
				c.font(i == 2, 9)
				c.text(cols[2]-40, y, row[0])
				c.right(cols[3]+85, y, row[1])
				y += 14
			}
		}
		y += 16
		c.font(false, 10)
		for _, l := range wrap(c, tx.outro[o.Kind], 500) {
			c.text(40, y, l)
			y += 13
		}
		y += 14
		c.text(40, y, tx.closing)
		c.text(40, y+36, tx.signer)
		c.font(false, 7)
		c.rule(40, 555, 790)
		c.text(40, 796, tx.footer[0])
		c.text(230, 796, tx.footer[1])
		c.text(400, 796, tx.footer[2])
	}
	return render(kind, draw)
}

type letterText struct {
	sender, senderLine, placeDate, signer string
	addressee                             []string
	prefix                                map[LetterKind]string
	subject, intro, outro, total          map[LetterKind]string
	salutation, closing                   string
	itemCols, reminderCols                []string
	items                                 []string
	net, tax, fee, outstanding            string
	invoiceDate, dueDate, cur             string
	rate                                  int64
	footer                                [3]string
}

// The texts are our own, written as such letters are: the subject names
// the document (and, in a reminder, the invoice it is about), the body
// speaks to the reader.
var letterTexts = map[string]letterText{
	"de": {
		sender: "Tischlerei Brandl GmbH", senderLine: "Werkstraße 12 · 93047 Regensburg", placeDate: "Regensburg, 18.06.2024", signer: "Georg Brandl",
		addressee: []string{"Firma", "Kanzlei Weber & Partner", "Herrn Stefan Weber", "Domplatz 3", "93047 Regensburg"},
		prefix:    map[LetterKind]string{LetterInvoice: "RE-", LetterQuotation: "AN-"},
		subject: map[LetterKind]string{
			LetterReminder:  "Zahlungserinnerung zu unserer Rechnung Nr. %s",
			LetterQuotation: "Angebot Nr. %s – Einbauschrank Besprechungsraum",
			LetterInvoice:   "Rechnung Nr. %s",
		},
		salutation: "Sehr geehrter Herr Weber,",
		intro: map[LetterKind]string{
			LetterReminder:  "sicherlich haben Sie im Trubel des Alltags übersehen, dass die folgende Rechnung noch offen ist. Wir bitten Sie, den offenen Betrag innerhalb der nächsten 10 Tage zu überweisen.",
			LetterQuotation: "vielen Dank für Ihre Anfrage vom 10.06.2024. Gerne bieten wir Ihnen die folgenden Arbeiten an:",
			LetterInvoice:   "für die in Ihrem Auftrag ausgeführten Arbeiten erlauben wir uns, Ihnen Folgendes zu berechnen:",
		},
		outro: map[LetterKind]string{
			LetterReminder:  "Sollten Sie die Zahlung inzwischen veranlasst haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.",
			LetterQuotation: "An dieses Angebot halten wir uns 30 Tage gebunden. Über Ihren Auftrag würden wir uns sehr freuen.",
			LetterInvoice:   "Bitte überweisen Sie den Betrag innerhalb von 14 Tagen ohne Abzug auf unser unten genanntes Konto.",
		},
		total:        map[LetterKind]string{LetterQuotation: "Angebotssumme", LetterInvoice: "Rechnungsbetrag"},
		closing:      "Mit freundlichen Grüßen",
		itemCols:     []string{"Leistung", "Menge", "Einzelpreis", "Gesamt"},
		reminderCols: []string{"Rechnungsnr.", "Datum", "Fällig am", "Betrag"},
		items:        []string{"Einbauschrank Eiche, Maßanfertigung", "Montage vor Ort", "Schiebetürbeschlag", "Anfahrt"},
		net:          "Nettobetrag", tax: "zzgl. %d %% MwSt.", fee: "Mahngebühr", outstanding: "Offener Betrag",
		invoiceDate: "03.05.2024", dueDate: "17.05.2024", cur: "€", rate: 19,
		footer: [3]string{"Sparkasse Regensburg", "IBAN DE89 3704 0044 0532 0130 00", "USt-IdNr. DE 129 273 380"},
	},
	"en": {
		sender: "Harwood Joinery Ltd", senderLine: "14 Mill Lane · Leeds LS2 7HY", placeDate: "18 June 2024", signer: "Tom Harwood",
		addressee: []string{"Ms Claire Bennett", "Bennett Associates", "22 Park Row", "Leeds LS1 5JL"},
		prefix:    map[LetterKind]string{LetterInvoice: "INV-", LetterQuotation: "Q-"},
		subject: map[LetterKind]string{
			LetterReminder:  "Payment reminder: invoice %s",
			LetterQuotation: "Quotation %s: fitted cupboards, meeting room",
			LetterInvoice:   "Invoice %s",
		},
		salutation: "Dear Ms Bennett,",
		intro: map[LetterKind]string{
			LetterReminder:  "According to our records the invoice below has not yet been paid. We would be grateful if you could settle the outstanding amount within the next 10 days.",
			LetterQuotation: "Thank you for your enquiry of 10 June 2024. We are pleased to quote for the following work:",
			LetterInvoice:   "For the work carried out on your instructions we are pleased to charge as follows:",
		},
		outro: map[LetterKind]string{
			LetterReminder:  "If you have already made this payment, please disregard this letter.",
			LetterQuotation: "This quotation is valid for 30 days. We look forward to hearing from you.",
			LetterInvoice:   "Payment is due within 14 days to the account shown below.",
		},
		total:        map[LetterKind]string{LetterQuotation: "Total quoted", LetterInvoice: "Total due"},
		closing:      "Yours sincerely",
		itemCols:     []string{"Description", "Qty", "Unit price", "Amount"},
		reminderCols: []string{"Invoice no.", "Date", "Due", "Amount"},
		items:        []string{"Fitted cupboard, oak, made to measure", "Installation on site", "Sliding door gear", "Travel"},
		net:          "Subtotal", tax: "VAT %d%%", fee: "Late payment fee", outstanding: "Amount outstanding",
		invoiceDate: "03/05/2024", dueDate: "17/05/2024", cur: "£", rate: 20,
		footer: [3]string{"Barclays Bank, Leeds", "IBAN GB33 BUKB 2020 1555 5555 55", "VAT Reg. No. GB 123 4567 89"},
	},
	"fr": {
		sender: "Menuiserie Lefort SARL", senderLine: "12 rue des Artisans · 69003 Lyon", placeDate: "Lyon, le 18 juin 2024", signer: "Paul Lefort",
		addressee: []string{"Cabinet Girard", "Mme Claire Girard", "8 place Bellecour", "69002 Lyon"},
		prefix:    map[LetterKind]string{LetterInvoice: "FA-", LetterQuotation: "DV-"},
		subject: map[LetterKind]string{
			LetterReminder:  "Objet : Relance – facture n° %s",
			LetterQuotation: "Objet : Devis n° %s – placards de la salle de réunion",
			LetterInvoice:   "Objet : Facture n° %s",
		},
		salutation: "Madame,",
		intro: map[LetterKind]string{
			LetterReminder:  "Sauf erreur de notre part, la facture ci-dessous reste impayée à ce jour. Nous vous remercions de bien vouloir régler le montant dû sous 10 jours.",
			LetterQuotation: "Suite à votre demande du 10 juin 2024, nous avons le plaisir de vous proposer les travaux suivants :",
			LetterInvoice:   "Pour les travaux réalisés à votre demande, nous vous prions de trouver ci-dessous notre décompte :",
		},
		outro: map[LetterKind]string{
			LetterReminder:  "Si votre règlement a été effectué entre-temps, nous vous prions de ne pas tenir compte de ce courrier.",
			LetterQuotation: "Ce devis est valable 30 jours. Dans l'attente de votre accord, nous restons à votre disposition.",
			LetterInvoice:   "Règlement à 30 jours par virement sur le compte indiqué ci-dessous.",
		},
		total:        map[LetterKind]string{LetterQuotation: "Total TTC", LetterInvoice: "Total TTC"},
		closing:      "Veuillez agréer, Madame, nos salutations distinguées.",
		itemCols:     []string{"Désignation", "Qté", "P.U. HT", "Montant HT"},
		reminderCols: []string{"Facture n°", "Date", "Échéance", "Montant"},
		items:        []string{"Placard en chêne sur mesure", "Pose sur site", "Quincaillerie coulissante", "Déplacement"},
		net:          "Total HT", tax: "TVA %d %%", fee: "Frais de relance", outstanding: "Reste dû",
		invoiceDate: "03/05/2024", dueDate: "17/05/2024", cur: "€", rate: 20,
		footer: [3]string{"Crédit Lyonnais", "IBAN FR76 3000 6000 0112 3456 7890 189", "TVA FR 40 123 456 789"},
	},
	"nl": {
		sender: "Timmerbedrijf De Vries B.V.", senderLine: "Ambachtsweg 12 · 3542 DB Utrecht", placeDate: "Utrecht, 18 juni 2024", signer: "Jan de Vries",
		addressee: []string{"Advocatenkantoor Bakker", "T.a.v. mevrouw S. Bakker", "Oudegracht 44", "3511 AR Utrecht"},
		prefix:    map[LetterKind]string{LetterInvoice: "F", LetterQuotation: "OF"},
		subject: map[LetterKind]string{
			LetterReminder:  "Betalingsherinnering factuur %s",
			LetterQuotation: "Offerte %s: inbouwkasten vergaderruimte",
			LetterInvoice:   "Factuur %s",
		},
		salutation: "Geachte mevrouw Bakker,",
		intro: map[LetterKind]string{
			LetterReminder:  "Volgens onze administratie is de onderstaande factuur nog niet voldaan. Wij verzoeken u het openstaande bedrag binnen 10 dagen over te maken.",
			LetterQuotation: "Hartelijk dank voor uw aanvraag van 10 juni 2024. Graag bieden wij u de volgende werkzaamheden aan:",
			LetterInvoice:   "Voor de in uw opdracht uitgevoerde werkzaamheden brengen wij u het volgende in rekening:",
		},
		outro: map[LetterKind]string{
			LetterReminder:  "Heeft u inmiddels betaald, dan kunt u deze herinnering als niet verzonden beschouwen.",
			LetterQuotation: "Deze offerte is 30 dagen geldig. Wij zien uw opdracht graag tegemoet.",
			LetterInvoice:   "Wij verzoeken u het bedrag binnen 14 dagen over te maken op de onderstaande rekening.",
		},
		total:        map[LetterKind]string{LetterQuotation: "Totaal offerte", LetterInvoice: "Totaal te betalen"},
		closing:      "Met vriendelijke groet,",
		itemCols:     []string{"Omschrijving", "Aantal", "Prijs", "Bedrag"},
		reminderCols: []string{"Factuurnr.", "Datum", "Vervaldatum", "Bedrag"},
		items:        []string{"Inbouwkast eiken, op maat", "Montage op locatie", "Schuifdeurbeslag", "Voorrijkosten"},
		net:          "Subtotaal", tax: "BTW %d%%", fee: "Herinneringskosten", outstanding: "Openstaand bedrag",
		invoiceDate: "03-05-2024", dueDate: "17-05-2024", cur: "€", rate: 21,
		footer: [3]string{"Rabobank Utrecht", "IBAN NL91 ABNA 0417 1643 00", "BTW-nr. NL 8123.45.678.B01"},
	},
}
