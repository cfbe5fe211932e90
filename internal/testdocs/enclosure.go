package testdocs

import (
	"fmt"
	"strings"
)

// EnclosureKind names a page that travels with a document in the same file
// without being a document of its own: the terms printed on the back of an
// invoice, the cover letter before it, the notices a bank adds after a
// statement.
type EnclosureKind string

const (
	// EnclosureTerms is a page of general terms and conditions: numbered
	// clauses of running text naming amounts, rates, days and dates.
	EnclosureTerms EnclosureKind = "terms"
	// EnclosureCover is a cover letter: letterhead, addressee, date,
	// subject, a salutation and a few sentences about the enclosed
	// document (its number and amount when EnclosureOptions gives them).
	EnclosureCover EnclosureKind = "cover"
	// EnclosureNotices is a bank's page of notices after a statement:
	// deposit protection, objections to the closing, interest rates.
	EnclosureNotices EnclosureKind = "notices"
	// EnclosureSlip is a payment slip on a page of its own: a Swiss QR-bill
	// (receipt and payment part, the account, the creditor, the currency
	// and amount twice) for the amount EnclosureOptions.Amount.
	EnclosureSlip EnclosureKind = "slip"
	// EnclosureDelivery is a delivery note (Lieferschein, packing slip,
	// bon de livraison, pakbon): its own number and date, the addressee,
	// the invoice it goes with (EnclosureOptions.Number, when set) and a
	// table of the goods delivered (EnclosureOptions.Items) with their
	// quantities and no prices, then a line for the recipient's signature.
	EnclosureDelivery EnclosureKind = "delivery"
)

// EnclosureOptions configures NewEnclosure.
type EnclosureOptions struct {
	Kind EnclosureKind
	// Lang is "en" (default), "de", "fr" or "nl".
	Lang string
	// Sender is the company printed in the letterhead or page header.
	Sender string
	// Number and Amount, when set, are named in a cover letter's subject
	// and text ("Rechnung Nr. ... über 1.234,56 EUR"); Amount is the
	// amount of a payment slip.
	Number, Amount string
	// IBAN and Currency are the account and currency of a payment slip
	// (default CHF; a QR-bill is in CHF or EUR). Currency also replaces
	// the currency the terms name (GBP in English, EUR or € elsewhere).
	IBAN, Currency string
	// Pages is the number of pages of terms or notices; 0 means 1. A
	// cover letter is one page.
	Pages int
	// Items are the goods on a delivery note: name and quantity.
	Items [][2]string
}

// NewEnclosure draws the pages of o.Kind. Its Parts name no document: the
// pages belong to the document beside them in a Concat.
func NewEnclosure(o EnclosureOptions) (*Doc, error) {
	if o.Lang == "" {
		o.Lang = "en"
	}
	tx, ok := enclosureTexts[o.Lang]
	if !ok {
		return nil, fmt.Errorf("testdocs: unknown enclosure language %q", o.Lang)
	}
	if o.Pages <= 0 || o.Kind == EnclosureCover || o.Kind == EnclosureSlip || o.Kind == EnclosureDelivery {
		o.Pages = 1
	}
	var draw func(c *canvas)
	switch o.Kind {
	case EnclosureTerms, EnclosureNotices:
		title, clauses := tx.termsTitle, tx.terms
		if o.Kind == EnclosureNotices {
			title, clauses = tx.noticesTitle, tx.notices
		}
		if o.Currency != "" {
			named := make([][2]string, len(clauses))
			for i, cl := range clauses {
				named[i] = [2]string{cl[0], strings.NewReplacer("GBP", o.Currency, "EUR", o.Currency, "€", o.Currency).Replace(cl[1])}
			}
			clauses = named
		}
		draw = func(c *canvas) {
			k := 0
			for p := range o.Pages {
				c.addPage()
				c.font(false, 7)
				c.text(40, 28, o.Sender)
				c.font(true, 12)
				y := 50.0
				if p == 0 {
					c.text(40, y, title)
					y += 24
				}
				// Each page holds about half the clauses; later pages
				// start again from the first when they run out.
				for range (len(clauses) + 1) / 2 {
					cl := clauses[k%len(clauses)]
					k++
					c.font(true, 8)
					c.text(40, y, cl[0])
					y += 11
					c.font(false, 8)
					for _, l := range wrap(c, cl[1], 515) {
						c.text(40, y, l)
						y += 10
					}
					y += 8
				}
			}
		}
	case EnclosureCover:
		draw = func(c *canvas) {
			letterPage(c, o.Sender, tx)
			c.right(555, 200, tx.placeDate)
			y := 240.0
			c.font(true, 10)
			subject := tx.subject
			if o.Number != "" {
				subject += " " + o.Number
			}
			c.text(40, y, subject)
			y += 30
			c.font(false, 10)
			body := tx.coverPlain
			if o.Number != "" && o.Amount != "" {
				body = fmt.Sprintf(tx.coverRef, o.Number, o.Amount)
			}
			for _, par := range append([]string{tx.salutation}, strings.Split(body, "\n")...) {
				for _, l := range wrap(c, par, 500) {
					c.text(40, y, l)
					y += 13
				}
				y += 8
			}
			y += 10
			c.text(40, y, tx.closing)
			c.text(40, y+40, o.Sender)
		}
	case EnclosureSlip:
		cur := o.Currency
		if cur == "" {
			cur = "CHF"
		}
		draw = func(c *canvas) {
			c.addPage()
			c.font(false, 8)
			c.text(40, 40, o.Sender)
			c.rule(0, pageW, 540)
			c.font(true, 11)
			c.text(20, 555, tx.slipReceipt)
			c.text(190, 555, tx.slipPayment)
			for _, x := range []float64{20, 370} {
				c.font(true, 6)
				c.text(x, 580, tx.slipAccount)
				c.font(false, 8)
				c.text(x, 590, groups4(o.IBAN))
				c.text(x, 600, o.Sender)
				c.font(true, 6)
				c.text(x, 625, tx.slipRef)
				c.font(false, 8)
				c.text(x, 635, "21 00000 00003 13947 14300 09017")
			}
			for _, at := range [][2]float64{{20, 700}, {190, 770}} {
				c.font(true, 6)
				c.text(at[0], at[1], tx.slipCurrency)
				c.text(at[0]+45, at[1], tx.slipAmount)
				c.font(false, 8)
				c.text(at[0], at[1]+10, cur)
				c.text(at[0]+45, at[1]+10, o.Amount)
			}
			c.font(true, 6)
			c.text(100, 800, tx.slipPoint)
		}
	case EnclosureDelivery:
		draw = func(c *canvas) {
			letterPage(c, o.Sender, tx)
			c.font(true, 16)
			c.text(40, 215, tx.dnTitle)
			c.font(false, 9)
			meta := [][2]string{{tx.dnNumber, tx.dnPrefix + "2024-" + fmt.Sprint(4100+len(o.Items)*7)}, {tx.dnDate, tx.dnDay}}
			if o.Number != "" {
				meta = append(meta, [2]string{tx.dnInvoice, o.Number})
			}
			for i, m := range meta {
				c.text(360, 140+float64(i)*13, m[0])
				c.right(555, 140+float64(i)*13, m[1])
			}
			y := 250.0
			c.font(true, 9)
			for i, h := range tx.dnCols {
				c.text([]float64{40, 80, 170, 470}[i], y, h)
			}
			c.rule(40, 555, y+12)
			c.font(false, 9)
			y += 20
			for i, it := range o.Items {
				c.text(40, y, fmt.Sprint(i+1))
				c.text(80, y, fmt.Sprintf("%s-%04d", tx.dnArt, 1000+37*i))
				c.text(170, y, it[0])
				c.text(470, y, it[1])
				y += 14
			}
			c.rule(40, 555, y)
			y += 30
			for _, l := range wrap(c, tx.dnNote, 515) {
				c.text(40, y, l)
				y += 12
			}
			y += 40
			c.rule(40, 250, y)
			c.rule(320, 555, y)
			c.font(false, 7)
			c.text(40, y+4, tx.dnSign[0])
			c.text(320, y+4, tx.dnSign[1])
		}
	default:
		return nil, fmt.Errorf("testdocs: unknown enclosure kind %q", o.Kind)
	}
	c := newCanvas()
	draw(c)
	b, err := c.output()
	if err != nil {
		return nil, err
	}
	return &Doc{PDF: b, Pages: c.pages, draw: draw}, nil
}

// letterPage starts a page of a letter: the sender's name as the
// letterhead, its return-address line and the addressee's window.
func letterPage(c *canvas, sender string, tx enclosureText) {
	c.addPage()
	c.font(true, 14)
	c.text(40, 40, sender)
	c.font(false, 7)
	c.text(40, 120, sender+" · "+tx.senderStreet)
	c.font(false, 10)
	for i, l := range tx.addressee {
		c.text(40, 134+float64(i)*12, l)
	}
}

// wrap breaks s into lines no wider than w points in c's current font.
func wrap(c *canvas, s string, w float64) []string {
	var out []string
	line := ""
	for _, f := range strings.Fields(s) {
		next := f
		if line != "" {
			next = line + " " + f
		}
		if line != "" && c.width(next) > w {
			out = append(out, line)
			next = f
		}
		line = next
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

type enclosureText struct {
	termsTitle, noticesTitle     string
	terms, notices               [][2]string
	senderStreet, placeDate      string
	addressee                    []string
	subject, salutation, closing string
	coverRef, coverPlain         string
	// The titles of a QR-bill in the language (Swiss German, French,
	// English; Dutch prints the English ones).
	slipReceipt, slipPayment, slipAccount, slipRef, slipCurrency, slipAmount, slipPoint string
	// A delivery note's title, labels, column titles, closing note and
	// signature captions.
	dnTitle, dnNumber, dnPrefix, dnDate, dnDay, dnInvoice, dnArt, dnNote string
	dnCols                                                               []string
	dnSign                                                               [2]string
}

// The texts are our own, written in the manner of such pages: clauses that
// name amounts, rates, periods and dates in running text, as real terms
// and bank notices do.
var enclosureTexts = map[string]enclosureText{
	"de": {
		dnTitle: "Lieferschein", dnNumber: "Lieferschein-Nr.:", dnPrefix: "LS-", dnDate: "Lieferdatum:", dnDay: "11.03.2024", dnInvoice: "zu Rechnung:", dnArt: "ART",
		dnCols:      []string{"Pos.", "Art.-Nr.", "Bezeichnung", "Menge"},
		dnNote:      "Bitte prüfen Sie die Ware bei Erhalt auf Vollständigkeit und Beschädigungen. Beanstandungen können nur berücksichtigt werden, wenn sie innerhalb von 8 Tagen schriftlich mitgeteilt werden.",
		dnSign:      [2]string{"Ware vollständig erhalten", "Datum, Unterschrift Empfänger"},
		slipReceipt: "Empfangsschein", slipPayment: "Zahlteil", slipAccount: "Konto / Zahlbar an", slipRef: "Referenz", slipCurrency: "Währung", slipAmount: "Betrag", slipPoint: "Annahmestelle",
		termsTitle: "Allgemeine Geschäftsbedingungen (Stand: 01.01.2024)",
		terms: [][2]string{
			{"§ 1 Geltungsbereich", "Diese Bedingungen gelten für alle Lieferungen und Leistungen an Unternehmer. Abweichende Bedingungen des Kunden gelten nur, wenn wir ihnen schriftlich zugestimmt haben."},
			{"§ 2 Preise und Versand", "Alle Preise verstehen sich zuzüglich der gesetzlichen Mehrwertsteuer. Der Mindestbestellwert beträgt 50,00 EUR netto; für Bestellungen darunter berechnen wir einen Zuschlag von 7,50 EUR. Die Versandkosten betragen 5,90 EUR je Sendung."},
			{"§ 3 Zahlung", "Rechnungen sind innerhalb von 14 Tagen ab Rechnungsdatum ohne Abzug zahlbar. Bei Zahlung innerhalb von 7 Tagen gewähren wir 2 % Skonto auf den Warenwert. Der Gesamtbetrag ist auf das in der Rechnung genannte Konto zu überweisen."},
			{"§ 4 Zahlungsverzug", "Gerät der Kunde in Verzug, berechnen wir Verzugszinsen in Höhe von 9 Prozentpunkten über dem Basiszinssatz sowie eine Pauschale von 40,00 EUR. Für jede Mahnung erheben wir eine Gebühr von 5,00 EUR."},
			{"§ 5 Eigentumsvorbehalt", "Die gelieferte Ware bleibt bis zur vollständigen Bezahlung aller Forderungen aus der Geschäftsbeziehung unser Eigentum."},
			{"§ 6 Gewährleistung", "Offensichtliche Mängel sind innerhalb von 8 Tagen nach Lieferung schriftlich anzuzeigen. Die Gewährleistungsfrist beträgt 12 Monate ab Lieferung."},
			{"§ 7 Gerichtsstand", "Erfüllungsort und Gerichtsstand ist München. Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts."},
		},
		noticesTitle: "Wichtige Hinweise zu Ihrem Kontoauszug",
		notices: [][2]string{
			{"Rechnungsabschluss", "Bitte prüfen Sie die Buchungen und den Rechnungsabschluss. Einwendungen gegen den Rechnungsabschluss müssen innerhalb von sechs Wochen nach seinem Zugang erhoben werden; das Unterlassen gilt als Genehmigung."},
			{"Einlagensicherung", "Guthaben sind als Einlagen nach Maßgabe des Einlagensicherungsgesetzes bis zu 100.000 Euro je Einleger gesichert. Weitere Informationen erhalten Sie in unseren Geschäftsstellen und im Informationsbogen für den Einleger."},
			{"Zinsen und Entgelte", "Für eingeräumte Überziehungen berechnen wir derzeit einen Sollzinssatz von 11,25 % p. a., für geduldete Überziehungen 15,25 % p. a. Das Kontoführungsentgelt beträgt 4,95 EUR monatlich und wird zum Quartalsende belastet."},
			{"Kontoauszüge", "Kontoauszüge werden Ihnen monatlich im elektronischen Postfach bereitgestellt. Ein Ersatzauszug kostet 2,50 EUR."},
			{"Freistellungsauftrag", "Bitte denken Sie daran, einen Freistellungsauftrag zu erteilen, damit Kapitalerträge bis 1.000,00 EUR ohne Abzug von Steuern gutgeschrieben werden."},
		},
		senderStreet: "Industriestraße 5 · 80331 München",
		placeDate:    "München, 12.03.2024",
		addressee:    []string{"Contoso Retail AG", "Frau Anna Berger", "Hauptstraße 12", "10115 Berlin"},
		subject:      "Unsere Rechnung",
		salutation:   "Sehr geehrte Damen und Herren,",
		coverRef:     "anbei erhalten Sie unsere Rechnung Nr. %s über %s EUR für die im März gelieferte Ware.\nBitte überweisen Sie den Betrag innerhalb von 14 Tagen auf das in der Rechnung genannte Konto. Für Rückfragen stehen wir Ihnen gerne zur Verfügung.",
		coverPlain:   "anbei erhalten Sie unsere Rechnung für die im März gelieferte Ware.\nBitte überweisen Sie den Betrag innerhalb von 14 Tagen auf das in der Rechnung genannte Konto. Für Rückfragen stehen wir Ihnen gerne zur Verfügung.",
		closing:      "Mit freundlichen Grüßen",
	},
	"en": {
		dnTitle: "Delivery Note", dnNumber: "Delivery note no.:", dnPrefix: "DN-", dnDate: "Delivery date:", dnDay: "11 March 2024", dnInvoice: "Invoice:", dnArt: "SKU",
		dnCols:      []string{"Line", "Item code", "Description", "Quantity"},
		dnNote:      "Please check the goods on receipt for completeness and damage. Shortages or damage must be reported to us in writing within 7 days of delivery.",
		dnSign:      [2]string{"Goods received in good condition", "Date, signature of recipient"},
		slipReceipt: "Receipt", slipPayment: "Payment part", slipAccount: "Account / Payable to", slipRef: "Reference", slipCurrency: "Currency", slipAmount: "Amount", slipPoint: "Acceptance point",
		termsTitle: "General Terms and Conditions of Sale",
		terms: [][2]string{
			{"1. Scope", "These terms apply to all supplies and services to business customers. Other terms of the customer apply only where we have agreed to them in writing."},
			{"2. Prices and delivery", "All prices are exclusive of VAT. The minimum order value is 50.00 GBP; orders below it carry a handling charge of 7.50 GBP. Delivery costs 5.90 GBP per consignment."},
			{"3. Payment", "Invoices are payable within 30 days of the invoice date without deduction. The total amount shall be paid to the account named on the invoice, quoting the invoice number as reference."},
			{"4. Late payment", "If payment is late we may charge interest at 8% above the Bank of England base rate and a fixed sum of 40.00 GBP for each invoice, as the Late Payment of Commercial Debts (Interest) Act 1998 allows."},
			{"5. Title", "Goods remain our property until all amounts due to us have been paid in full."},
			{"6. Warranty", "Defects must be notified in writing within 7 days of delivery. Our liability is limited to the value of the goods supplied."},
			{"7. Law", "These terms are governed by the laws of England and Wales, and the courts of London have exclusive jurisdiction."},
		},
		noticesTitle: "Important information about your account",
		notices: [][2]string{
			{"Checking your statement", "Please check your statement carefully and tell us within 60 days if there is an entry you do not recognise. You can call us on 0345 600 0000."},
			{"Protecting your money", "Your eligible deposits are protected up to a total of 85,000 GBP by the Financial Services Compensation Scheme. Any deposits you hold above the limit are unlikely to be covered."},
			{"Overdraft interest", "The interest rate on arranged overdrafts is 39.9% EAR (variable). A monthly account fee of 3.00 GBP is charged on the first working day of each month."},
			{"Paper statements", "You can ask for a copy statement at any time; a copy costs 5.00 GBP."},
		},
		senderStreet: "221 Fleet Street · London EC4A 2AB",
		placeDate:    "London, 12 March 2024",
		addressee:    []string{"Fabrikam Trading Ltd", "Accounts Payable", "14 King Street", "Manchester M2 4LQ"},
		subject:      "Your invoice",
		salutation:   "Dear Sir or Madam,",
		coverRef:     "Please find enclosed our invoice %s for %s for the goods delivered in March.\nWe would be grateful if you would settle the amount within 30 days. Please do not hesitate to contact us should you have any questions.",
		coverPlain:   "Please find enclosed our invoice for the goods delivered in March.\nWe would be grateful if you would settle the amount within 30 days. Please do not hesitate to contact us should you have any questions.",
		closing:      "Yours faithfully,",
	},
	"fr": {
		dnTitle: "Bon de livraison", dnNumber: "Bon de livraison n° :", dnPrefix: "BL-", dnDate: "Date de livraison :", dnDay: "11/03/2024", dnInvoice: "Facture :", dnArt: "REF",
		dnCols:      []string{"Ligne", "Référence", "Désignation", "Quantité"},
		dnNote:      "Merci de vérifier la marchandise à la réception. Toute réserve doit être portée sur le bon du transporteur et confirmée par écrit sous 3 jours.",
		dnSign:      [2]string{"Marchandise reçue en bon état", "Date, signature du destinataire"},
		slipReceipt: "Récépissé", slipPayment: "Section paiement", slipAccount: "Compte / Payable à", slipRef: "Référence", slipCurrency: "Monnaie", slipAmount: "Montant", slipPoint: "Point de dépôt",
		termsTitle: "Conditions générales de vente",
		terms: [][2]string{
			{"Article 1 - Objet", "Les présentes conditions s'appliquent à toutes les ventes conclues avec des clients professionnels."},
			{"Article 2 - Prix", "Les prix sont exprimés hors taxes. Une participation aux frais de port de 9,90 € est facturée pour toute commande inférieure à 150,00 € HT."},
			{"Article 3 - Paiement", "Les factures sont payables à 30 jours date de facture. Aucun escompte n'est accordé pour paiement anticipé. Le montant total est à régler par virement sur le compte indiqué sur la facture."},
			{"Article 4 - Retard de paiement", "Tout retard entraîne des pénalités au taux de trois fois le taux d'intérêt légal et une indemnité forfaitaire pour frais de recouvrement de 40,00 €."},
			{"Article 5 - Réserve de propriété", "Les marchandises restent notre propriété jusqu'au paiement intégral du prix."},
			{"Article 6 - Litiges", "Tout litige relève de la compétence du Tribunal de commerce de Lyon."},
		},
		noticesTitle: "Informations importantes",
		notices: [][2]string{
			{"Réclamations", "Toute réclamation relative aux opérations figurant sur ce relevé doit nous parvenir dans un délai de deux mois."},
			{"Garantie des dépôts", "Vos dépôts sont garantis par le Fonds de Garantie des Dépôts et de Résolution dans la limite de 100 000 € par déposant."},
			{"Tarifs", "La cotisation à l'offre groupée de services s'élève à 2,50 € par mois. Le taux débiteur du découvert autorisé est de 16,50 % l'an."},
		},
		senderStreet: "12 rue de la République · 69002 Lyon",
		placeDate:    "Lyon, le 12 mars 2024",
		addressee:    []string{"Société Durand SARL", "Service comptabilité", "8 avenue Jean Jaurès", "75019 Paris"},
		subject:      "Notre facture",
		salutation:   "Madame, Monsieur,",
		coverRef:     "Veuillez trouver ci-joint notre facture n° %s d'un montant de %s € relative aux marchandises livrées en mars.\nNous vous remercions de bien vouloir régler ce montant sous 30 jours.",
		coverPlain:   "Veuillez trouver ci-joint notre facture relative aux marchandises livrées en mars.\nNous vous remercions de bien vouloir régler ce montant sous 30 jours.",
		closing:      "Veuillez agréer, Madame, Monsieur, nos salutations distinguées.",
	},
	"nl": {
		dnTitle: "Pakbon", dnNumber: "Pakbonnummer:", dnPrefix: "PB-", dnDate: "Leverdatum:", dnDay: "11-03-2024", dnInvoice: "Factuur:", dnArt: "ART",
		dnCols:      []string{"Regel", "Artikelnr.", "Omschrijving", "Aantal"},
		dnNote:      "Controleer de goederen bij ontvangst op volledigheid en schade. Klachten dienen binnen 8 dagen schriftelijk te worden gemeld.",
		dnSign:      [2]string{"Goederen in goede staat ontvangen", "Datum, handtekening ontvanger"},
		slipReceipt: "Receipt", slipPayment: "Payment part", slipAccount: "Account / Payable to", slipRef: "Reference", slipCurrency: "Currency", slipAmount: "Amount", slipPoint: "Acceptance point",
		termsTitle: "Algemene voorwaarden",
		terms: [][2]string{
			{"Artikel 1 - Toepasselijkheid", "Deze voorwaarden zijn van toepassing op alle aanbiedingen en overeenkomsten met zakelijke klanten."},
			{"Artikel 2 - Prijzen", "Alle prijzen zijn exclusief BTW. Voor bestellingen onder € 75,00 rekenen wij € 6,95 verzendkosten."},
			{"Artikel 3 - Betaling", "Betaling dient te geschieden binnen 14 dagen na factuurdatum. Het totaalbedrag dient te worden overgemaakt op de rekening vermeld op de factuur, onder vermelding van het factuurnummer."},
			{"Artikel 4 - Incassokosten", "Bij te late betaling is de klant de wettelijke handelsrente verschuldigd, vermeerderd met incassokosten van ten minste € 40,00."},
			{"Artikel 5 - Eigendomsvoorbehoud", "Geleverde zaken blijven eigendom van de leverancier totdat alle facturen volledig zijn voldaan."},
			{"Artikel 6 - Geschillen", "Op deze voorwaarden is Nederlands recht van toepassing. Geschillen worden voorgelegd aan de rechtbank Amsterdam."},
		},
		noticesTitle: "Belangrijke informatie",
		notices: [][2]string{
			{"Controleer uw afschrift", "Controleer de afschrijvingen en bijschrijvingen en meld onjuistheden binnen 13 maanden."},
			{"Depositogarantiestelsel", "Uw tegoeden zijn beschermd tot € 100.000 per rekeninghouder door het depositogarantiestelsel."},
			{"Rente en kosten", "De rente over een toegestane roodstand bedraagt 9,60 % per jaar. De kosten van uw betaalpakket zijn € 3,25 per maand."},
		},
		senderStreet: "Keizersgracht 100 · 1015 AA Amsterdam",
		placeDate:    "Amsterdam, 12 maart 2024",
		addressee:    []string{"Stark Components B.V.", "t.a.v. de crediteurenadministratie", "Stationsplein 3", "3511 ED Utrecht"},
		subject:      "Onze factuur",
		salutation:   "Geachte heer, mevrouw,",
		coverRef:     "Hierbij ontvangt u onze factuur %s ter hoogte van € %s voor de in maart geleverde goederen.\nWij verzoeken u het bedrag binnen 14 dagen over te maken.",
		coverPlain:   "Hierbij ontvangt u onze factuur voor de in maart geleverde goederen.\nWij verzoeken u het bedrag binnen 14 dagen over te maken.",
		closing:      "Met vriendelijke groet,",
	},
}
