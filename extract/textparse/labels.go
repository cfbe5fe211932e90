package textparse

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Field is an invoice field that a printed label announces.
type Field int

// Fields announced by labels. FieldOtherDate and FieldOther exist so that a
// longer label ("Delivery date", "Order number") wins over the shorter
// label it contains ("Date", "Number") and is then ignored.
const (
	FieldNone Field = iota
	FieldInvoiceNumber
	FieldInvoiceDate
	FieldDueDate
	FieldNet
	FieldTax
	FieldGross
	FieldAmountDue
	FieldPrepaid
	FieldLineTotal
	FieldAllowanceTotal
	FieldChargeTotal
	FieldCurrency
	FieldBuyer
	FieldSeller
	FieldIBAN
	FieldPaymentRef
	FieldVATID
	FieldName
	FieldOtherDate
	FieldOther
	// FieldTitle is a document title word ("Invoice", "Rechnung", "Facture")
	// that is often followed by the invoice number.
	FieldTitle
	// FieldWithheld labels an amount the customer keeps back from the
	// total instead of paying it to the seller: a tax it pays itself
	// ("Retención IRPF", "Ritenuta d'acconto", "Less CIS deduction", the
	// VAT under "scissione dei pagamenti") or a guarantee it holds
	// ("Retenue de garantie", "Sicherheitseinbehalt", "Retentie").
	FieldWithheld
)

var fieldNames = [...]string{"none", "invoice_number", "invoice_date", "due_date", "net", "tax", "gross",
	"amount_due", "prepaid", "line_total", "allowance_total", "charge_total", "currency", "buyer", "seller",
	"iban", "payment_ref", "vat_id", "name", "other_date", "other", "title", "withheld"}

// String returns a short name of f.
func (f Field) String() string {
	if int(f) < len(fieldNames) {
		return fieldNames[f]
	}
	return "field?"
}

// Column is a line-item table column announced by a header label.
type Column int

// Table columns.
const (
	ColNone Column = iota
	ColPosition
	ColDescription
	ColQuantity
	ColUnit
	ColUnitPrice
	ColAmount
	ColVATRate
	ColVATAmount
	ColOther
)

// labelDef is one phrase of a dictionary with its strength in 0..1.
type labelDef struct {
	toks     []string
	field    int
	strength float64
}

type dict struct {
	byFirst map[string][]labelDef
	// joined are the phrases with two neighbouring words run together,
	// added after every phrase as printed (see addJoined).
	joined []labelDef
}

func (d *dict) add(field int, strength float64, phrases string) {
	for _, p := range strings.Split(phrases, "|") {
		toks := Tokens(p)
		if len(toks) == 0 {
			continue
		}
		d.byFirst[toks[0]] = append(d.byFirst[toks[0]], labelDef{toks: toks, field: field, strength: strength})
		for i := 0; i+1 < len(toks); i++ {
			j := append(append(append([]string{}, toks[:i]...), toks[i]+toks[i+1]), toks[i+2:]...)
			d.joined = append(d.joined, labelDef{toks: j, field: field, strength: strength})
		}
	}
}

// addJoined registers the joined phrases: a label whose words are printed
// as one hyphenated compound ("USt-Betrag", "RE-Nummer", "BTW-bedrag",
// "Rechnungs-ID") is one token, the hyphen dropped, and reads as the
// phrase of its words. They come after every phrase as printed, so a
// phrase spelled that way in the dictionary wins over a joined one.
func (d *dict) addJoined() {
	for _, def := range d.joined {
		d.byFirst[def.toks[0]] = append(d.byFirst[def.toks[0]], def)
	}
	d.joined = nil
}

var fieldDict = dict{byFirst: map[string][]labelDef{}}
var columnDict = dict{byFirst: map[string][]labelDef{}}

func init() {
	f := func(fl Field, s float64, p string) { fieldDict.add(int(fl), s, p) }
	// Invoice number.
	f(FieldInvoiceNumber, 1, "invoice number|invoice no|invoice nr|invoice num|invoice id|invoice n|inv no|inv nr|invoice ref|invoice reference|bill number|bill no|"+
		"credit note number|credit note no|"+
		"rechnungsnummer|rechnungsnr|rechnung nr|rechnungs nr|rechnung nummer|gutschriftsnummer|gutschrift nr|belegnummer|belegnr|beleg nr|"+
		"facture n|facture no|facture numero|facture d acompte n|facture d acompte no|facture d acompte numero|numero de facture|n de facture|no de facture|numero facture|avoir n|numero d avoir|"+
		"factuurnummer|factuurnr|factuur nr|factuur nummer|creditnota nummer|"+
		"numero de factura|factura n|factura no|factura nro|n factura|no factura|num factura|"+
		"numero fattura|fattura n|fattura nr|fattura numero|n fattura|nr fattura|numero documento|"+
		"re nummer|re nr|rechnungs id|rechnung id|notanummer|nota nummer|nota nr|"+
		"numero de la facture|n de la facture|n facture|no facture|reference facture|reference de la facture|ref facture|numero de document|n de document|"+
		"numero de la factura|n de la factura|no de la factura|factura numero|faktuurnummer|faktuur nr|faktuurnr|sales invoice n|sales invoice no|sales invoice number|"+
		"n de factura|no de factura|nro de factura|num de factura|documento n|documento nr|n documento|nr documento|"+
		// A Mexican invoice's printed form: "Serie y folio: FB-20931"
		// (its "Folio fiscal" is the tax authority's UUID, no number).
		"serie y folio|serie folio|folio y serie")
	f(FieldOther, 1, "folio fiscal|folio fiscal uuid|uuid|folio sat")
	f(FieldInvoiceNumber, 0.6, "document number|document no|doc no|number|nummer|numero|no|nr")
	f(FieldTitle, 1, "invoice|tax invoice|commercial invoice|credit note|rechnung|handelsrechnung|gutschrift|rechnungskorrektur|"+
		"facture|avoir|factuur|creditnota|factura|fattura|nota di credito|sales invoice|quittierte rechnung|receipted invoice")
	// Dates.
	f(FieldInvoiceDate, 1, "invoice date|date of invoice|date of issue|issue date|invoice dated|billing date|issued|issued on|date issued|"+
		"rechnungsdatum|belegdatum|beleg datum|ausstellungsdatum|rechnungs datum|"+
		"date de facture|date facture|date d emission|date de facturation|date facturation|posting date|"+
		"factuurdatum|datum factuur|factuur datum|"+
		"fecha de factura|fecha factura|fecha de emision|fecha emision|"+
		"date de la facture|date de la facturation|fecha de la factura|datum van de factuur|"+
		"data fattura|data della fattura|data documento|data emissione")
	f(FieldInvoiceDate, 0.6, "date|datum|fecha|data|dated|a la date du")
	f(FieldDueDate, 1, "due date|date due|payment due|payment due date|due by|pay by|payable by|due on|"+
		"falligkeitsdatum|falligkeit|fallig am|fallig bis|zahlbar bis|zahlungsziel|"+
		"please pay by|payment before|pay before|payable before|to be paid before|niet later dan|uiterlijk op|"+
		"date d echeance|date echeance|echeance|date limite de paiement|date limite reglement|date limite de reglement|a payer avant le|"+
		"vervaldatum|vervaldag|uiterste betaaldatum|betalen voor|te betalen voor|betaling voor|uiterlijk betalen voor|"+
		"fecha de vencimiento|vencimiento|fecha vencimiento|"+
		"data scadenza|scadenza|data di scadenza")
	f(FieldDueDate, 0.8, "due|payable|fallig|zahlbar")
	f(FieldOtherDate, 1, "delivery date|date of delivery|ship date|shipping date|shipment date|order date|service date|service period|period|"+
		"lieferdatum|leistungsdatum|liefer und leistungsdatum|bestelldatum|auftragsdatum|lieferscheindatum|lieferschein datum|leistungszeitraum|abrechnungszeitraum|zeitraum|"+
		"date de livraison|date de commande|date de prestation|periode|"+
		"leverdatum|besteldatum|fecha de entrega|fecha de pedido|data di consegna|data ordine|"+
		"bestell datum|auftrag datum|auftrag datum lief|date de debut|date de fin|date facture associee|date de facture associee|"+
		"fecha de servicio|fecha servicio|fecha de prestacion|data ddt|data consegna|consegnato il|livre le|date d expedition|"+
		"afleverdatum|datum levering|leveringsdatum|shipped|delivered|date of supply|supply date|delivery|liefertermin|versanddatum")
	f(FieldOther, 1, "order number|order no|order nr|po number|purchase order|customer number|customer no|customer id|account number|tax number|"+
		"bestellnummer|bestellnr|bestell nr|auftragsnummer|auftrag nr|kundennummer|kunden nr|kundennr|lieferscheinnummer|lieferschein nr|steuernummer|"+
		"numero de commande|n de commande|n bon de commande|numero client|n de client|n client|"+
		"ordernummer|klantnummer|numero de pedido|numero de cliente|numero ordine|codice cliente|"+
		"n de cliente|no de cliente|n cliente|n de pedido|no de pedido|n pedido|"+
		"page|seite|pagina|tel|phone|telefon|fax|"+
		"n de facture associee|facture liee|related invoice")
	// Stamp duty is no VAT: "Marca da bollo 2,00", "Imposta di bollo
	// assolta" (Italy), "Timbre fiscal" (France, Tunisia), "Stempelgebühr".
	// As whole phrases they keep "imposta" from reading as the tax.
	f(FieldOther, 1, "imposta di bollo|marca da bollo|bollo|bollo virtuale|spese di bollo|timbre fiscal|droit de timbre|stempelgebuhr|stempelsteuer|stamp duty")
	// Totals. Invoicing programs' own wording, from their translation
	// files, is among them: "Untaxed Amount" (Odoo), "Base imp." and
	// "Date facturation"/"Date limite règlement" (Dolibarr), "Rounded
	// Total", "Total Taxes and Charges", "Outstanding Amount", "Posting
	// Date" (ERPNext), "Bereits gezahlt", "Payé à ce jour", "Pagato a
	// oggi", "Te voldoen" (Invoice Ninja).
	f(FieldNet, 1, "subtotal|sub total|net amount|untaxed amount|total untaxed|amount untaxed|untaxed total|merchandise|merchandise total|merchandise subtotal|total net|net total|total net amount|total excl vat|total excluding vat|total excl tax|total excluding tax|total before tax|"+
		"amount excl vat|total exclusive of vat|taxable amount|total taxable|taxable value|total taxable value|"+
		"nettobetrag|netto|nettosumme|summe netto|rechnungssumme netto|rechnungsbetrag netto|gesamt netto|nettogesamtbetrag|rechnungssumme ohne ust|rechnungsbetrag netto|zwischensumme|warenwert netto|"+
		"total ht|montant ht|sous total|sous total ht|total hors taxes|montant hors taxes|net ht|net hors taxes|total net ht|montant net ht|"+
		"subtotaal|totaal excl btw|netto bedrag|totaal exclusief btw|goederenbedrag|totaal goederenbedrag|bedrag excl btw|bedrag exclusief btw|"+
		"base imponible|base imp|subtotal sin iva|total sin iva|importe neto|"+
		"imponibile|totale imponibile|subtotale|totale netto")
	f(FieldTax, 1, "vat|tax|taxes|cgst|sgst|igst|total taxes|total vat|vat amount|tax amount|total tax|sales tax|gst|"+
		// Canada: the federal GST or HST, the provincial PST, Quebec's QST
		// (in French TPS and TVQ), often on rows of their own.
		"hst|pst|qst|gst hst|gst pst|tps|tvq|tps tvq|"+
		"mwst|ust|umsatzsteuer|mehrwertsteuer|steuerbetrag|summe mwst|summe ust|mwst betrag|ust betrag|zzgl mwst|zzgl ust|"+
		"tva|total tva|montant tva|montant de la tva|"+
		"btw|btw bedrag|totaal btw|"+
		"iva|total iva|importe iva|cuota iva|imposta|totale iva|iva totale|totale imposta|"+
		"enthaltene mwst|enthaltene ust|enthaltene umsatzsteuer|darin enthaltene mwst|darin enthaltene ust|davon mwst|davon ust|"+
		"dont tva|waarvan btw|includes vat|vat included|iva incluido|di cui iva|"+
		"total taxes and charges|taxe|taxes|taxe totale|taxes totales|total taxe|btw kosten|totale btw kosten|totaal btw bedrag|impuesto|impuestos|total impuestos")
	f(FieldGross, 1, "grand total|rounded total|total amount|invoice total|total incl vat|total including vat|total inc vat|total incl tax|total including tax|total gross|gross amount|gross total|"+
		"gesamtbetrag|bruttobetrag|brutto|bruttosumme|rechnungsbetrag|rechnungssumme|endbetrag|gesamtsumme|summe gesamt|gesamt brutto|gesamtbetrag brutto|"+
		"total ttc|montant ttc|montant total|total toutes taxes comprises|"+
		"totaal incl btw|totaalbedrag|totaal bedrag|factuurbedrag|bedrag incl btw|bedrag inclusief btw|"+
		"total factura|importe total|total con iva|"+
		"totale fattura|totale documento|importo totale|totale complessivo")
	// "Suma" over the tax rows of a Spanish invoice is the lines' sum,
	// before any tax.
	f(FieldNet, 0.8, "suma")
	f(FieldNet, 1, "suma parcial|suma importes|suma de importes|suma base imponible")
	f(FieldGross, 0.7, "total|summe|totaal|totale|gesamt|totals|summen|totaux|totalen|totales|totali")
	f(FieldGross, 0.9, "gesamtpreis|gesamtbetrag inkl|preis gesamt")
	f(FieldAmountDue, 1, "amount due|balance due|total due|outstanding amount|amount payable|total payable|to pay|please pay|payment amount|balance|"+
		"net payable|net amount payable|net amount due|"+
		"zahlbetrag|zu zahlen|zu zahlender betrag|zahlbarer betrag|offener betrag|restbetrag|restforderung|verbleibende restforderung|"+
		"net a payer|reste a payer|montant du|montant a payer|a payer|"+
		"te betalen|totaal te betalen|openstaand bedrag|te voldoen|"+
		"total a pagar|importe a pagar|"+
		"netto a pagare|totale da pagare|da pagare|"+
		"noch zu zahlen|verbleibender betrag|solde du|solde a payer|reste du|nog te betalen|restbedrag|resterend bedrag|"+
		"pendiente de pago|importe pendiente|saldo pendiente|saldo da pagare|importo da pagare|residuo|residuo da pagare")
	f(FieldPrepaid, 1, "prepaid|prepaid amount|amount paid|paid|payment made|payments made|deposit|advance payment|already paid|payments credits|payment received|payments received|less payment|paid to date|"+
		"money on account|money held on account|monies on account|monies held on account|payment on account|payments on account|"+
		"less money on account|less money held on account|less monies on account|less monies held on account|less payment on account|less payments on account|"+
		"bereits gezahlt|anzahlung|erhaltene anzahlungen|erhaltene anzahlung|bereits bezahlt|geleistete anzahlungen|abschlagszahlung|abschlagszahlungen|"+
		"acompte|deja paye|montant deja paye|acomptes|paye a ce jour|"+
		"vooruitbetaling|reeds betaald|aanbetaling|"+
		"anticipo|pagado|importe pagado|acconto|gia pagato|pagato a oggi|"+
		"less deposit|deposit received|less deposit received|deja regle|montant regle|voldaan|reeds voldaan|entregado a cuenta|pagado a cuenta")
	// Withheld amounts, in the six languages: a tax the customer pays to
	// the tax office itself (Spanish IRPF, Italian ritenuta d'acconto,
	// the UK Construction Industry Scheme, a withholding tax, the German
	// Bauabzugsteuer; under Italian split payment the VAT) or a guarantee
	// it holds back until the work is accepted. As whole phrases they keep
	// "acconto" from reading as a payment made and "IVA" as the tax.
	f(FieldWithheld, 1, "withholding tax|withholding|tax withheld|withheld|less withholding tax|cis deduction|less cis|less cis deduction|cis deducted|cis|"+
		"retention|less retention|retention held|retainage|less retainage|"+
		"sicherheitseinbehalt|abzgl sicherheitseinbehalt|abzuglich sicherheitseinbehalt|einbehalt|gewahrleistungseinbehalt|bauabzugsteuer|abzugsteuer|quellensteuer|"+
		"retenue de garantie|retenue garantie|retenue a la source|retenue|"+
		"retentie|ingehouden retentie|inhouding|ingehouden|bronbelasting|"+
		"retencion|retencion irpf|irpf|retencion a cuenta|retencion a cuenta del irpf|retencion a cuenta irpf|retenciones|ret irpf|"+
		"ritenuta|ritenuta d acconto|ritenuta di acconto|ritenuta acconto|ritenuta fiscale|ritenute|ritenuta irpef|"+
		"scissione dei pagamenti|scissione pagamenti|iva in scissione dei pagamenti|iva in scissione|iva scissione dei pagamenti|iva split payment|iva in split payment|"+
		"iva a carico dell ente|iva a carico del committente|iva a carico del cliente|iva a carico dell amministrazione|iva a carico della pa|"+
		"iva a carico del cessionario|iva versata dall ente|iva versata dal committente|iva trattenuta|iva trattenuta dall ente")
	f(FieldLineTotal, 1, "line total|lines total|total lines|sum of lines|positionssumme|summe positionen|warenwert|total des lignes|total articles")
	f(FieldAllowanceTotal, 1, "total discount|discount total|total allowances|gesamtbetrag der abschlage|summe rabatte|abschlage|total remises|remise globale")
	f(FieldChargeTotal, 1, "total charges|gesamtbetrag der zuschlage|zuschlage|total frais")
	f(FieldCurrency, 1, "currency|wahrung|devise|monnaie|valuta|moneda|divisa")
	f(FieldBuyer, 1, "bill to|billed to|invoice to|invoiced to|sold to|customer|buyer|client|recipient|invoice address|billing address|"+
		"rechnungsempfanger|rechnungsadresse|kunde|kaufer|leistungsempfanger|auftraggeber|empfanger|"+
		"adresse du client|facture a|facturer a|adresse de facturation|destinataire|"+
		"factuur aan|factureren aan|klant|afnemer|factuuradres|"+
		"facturar a|cliente|destinatario|comprador|intestatario|spett le|spettle|spettabile")
	f(FieldSeller, 1, "seller|supplier|vendor|from|sold by|issued by|verkauft von|verkauft durch|vendu par|verkocht door|vendido por|venduto da|"+
		"verkaufer|lieferant|rechnungssteller|absender|leistungserbringer|"+
		"fournisseur|vendeur|emetteur|leverancier|verkoper|proveedor|vendedor|emisor|fornitore|cedente|venditore")
	f(FieldIBAN, 1, "iban")
	f(FieldPaymentRef, 1, "payment reference|reference|remittance information|verwendungszweck|zahlungsreferenz|referenz|"+
		"reference de paiement|communication|betalingskenmerk|kenmerk|betalingsreferentie|referencia de pago|concepto de pago|causale|riferimento pagamento")
	f(FieldVATID, 1, "vat id|vat no|vat number|vat reg no|vat registration no|vat registration number|tax id|"+
		"ust idnr|ustidnr|ust id|ust id nr|umsatzsteuer id|umsatzsteuer identifikationsnummer|ust identnr|"+
		"n tva|tva intracommunautaire|numero de tva|no tva|tva intracom|"+
		"btw nummer|btw nr|btw id|nif|cif|nif iva|n iva|partita iva|p iva")
	f(FieldName, 1, "name|firma|nom|naam|nombre|nome|company|company name|firmenname|raison sociale|bedrijfsnaam|razon social|denominacion|denominazione|ragione sociale")
	// Polish, as Polish accounting programs print an invoice ("Faktura VAT
	// nr", "Data wystawienia", "Sprzedawca"/"Nabywca", "Do zapłaty"),
	// folded: ł is l, ą a, ę e, ś s, ż and ź z.
	f(FieldInvoiceNumber, 1, "faktura nr|faktura vat nr|nr faktury|numer faktury|faktura numer|faktura vat numer|faktura korygujaca nr|"+
		"faktura proforma nr|nr dokumentu|numer dokumentu")
	f(FieldInvoiceNumber, 0.6, "numer")
	f(FieldTitle, 1, "faktura|faktura vat|faktura korygujaca|faktura proforma")
	f(FieldInvoiceDate, 1, "data wystawienia|data faktury|data wystawienia faktury|data dokumentu")
	f(FieldOtherDate, 1, "data sprzedazy|data dostawy|data wykonania uslugi|data zakonczenia dostawy|data dostawy towarow|data zamowienia")
	f(FieldOther, 1, "miejsce wystawienia|nr zamowienia|numer zamowienia|sposob platnosci|forma platnosci|strona")
	f(FieldDueDate, 1, "termin platnosci|termin zaplaty|platne do|zaplata do|zaplacic do|termin platnosci do")
	f(FieldNet, 1, "wartosc netto|razem netto|suma netto|kwota netto|netto razem|wartosc netto razem")
	f(FieldTax, 1, "kwota vat|wartosc vat|podatek vat|razem vat|suma vat|kwota podatku|podatek")
	f(FieldGross, 1, "wartosc brutto|razem brutto|suma brutto|kwota brutto|brutto razem|wartosc brutto razem|ogolem")
	// Not "suma": Spanish prints a table's carried sum as "Suma y sigue" /
	// "Suma anterior", which is no total.
	f(FieldGross, 0.7, "razem")
	f(FieldAmountDue, 1, "do zaplaty|razem do zaplaty|pozostalo do zaplaty|kwota do zaplaty|pozostaje do zaplaty")
	f(FieldPrepaid, 1, "zaplacono|wplacono|zaliczka|otrzymana zaliczka")
	f(FieldBuyer, 1, "nabywca|odbiorca|platnik")
	f(FieldSeller, 1, "sprzedawca|wystawca|dostawca|wykonawca")
	f(FieldVATID, 1, "nip|nip ue")
	f(FieldName, 1, "nazwa firmy")
	f(FieldCurrency, 1, "waluta")
	// The bank account: Polish invoices print its domestic number (NRB),
	// the IBAN without "PL".
	f(FieldIBAN, 1, "nr konta|numer konta|nr rachunku|numer rachunku|rachunek bankowy|konto bankowe|nr konta bankowego|numer konta bankowego")
	fieldDict.addJoined()

	c := func(col Column, s float64, p string) { columnDict.add(int(col), s, p) }
	c(ColPosition, 1, "pos|position|item no|line|ligne|nr|no|#|lfd nr|regel")
	c(ColDescription, 1, "description|desc|item|items|article|product|products|service|services|details|designation|libelle|"+
		"bezeichnung|beschreibung|artikel|artikelbezeichnung|leistung|leistungsbeschreibung|text|"+
		"produit|prestation|omschrijving|artikelomschrijving|descripcion|concepto|articulo|producto|descrizione|articolo|prodotto|detalle|detalles|dettaglio")
	c(ColQuantity, 1, "qty|quantity|quantities|menge|anzahl|anz|qte|quantite|aantal|cantidad|cant|quantita|qta|hours|hrs|stunden|hoeveelheid|"+
		"unidades|uds|pcs|stk|uren|aant|qty shipped|qty ordered")
	c(ColUnit, 1, "unit|units|uom|einheit|me|unite|eenheid|unidad|unita")
	c(ColUnitPrice, 1, "unit price|price|rate|unit cost|price per unit|einzelpreis|preis|nettopreis|e preis|ep|stuckpreis|einzelpreis netto|"+
		"prix unitaire|pu|pu ht|prix|prix ht|prix unitaire ht|stukprijs|prijs|eenheidsprijs|precio unitario|precio|prezzo unitario|prezzo|"+
		"price each|each|u price|uprice|unitprice|unit rate|hourly rate|tarief|uurtarief|satz|ansatz|stundensatz|p u|p u ht|prix u|precio unidad|prezzo unit|einzelpr|p unit|prezzo un|precio ud|"+
		"cout unitaire|costo unitario|coste unitario|prix unit|prix unit ht|prix unit htva|prix htva|pu htva|p u htva")
	c(ColAmount, 1, "amount|total|line total|total price|net amount|line amount|subtotal|"+
		"gesamtpreis|gesamt|betrag|nettobetrag|nettowert|summe|gesamtbetrag|"+
		"montant|montant ht|total ht|bedrag|totaal|importe|total linea|importo|totale|"+
		"charge|charges|ext price|extended price|extension|extended|prix total|total price|totaalprijs|regeltotaal|importe total|"+
		"positionsbetrag|zeilensumme|amount gbp|amount eur|amount usd|net|nett|net value|net total|netto|imponibile|totale riga")
	c(ColVATRate, 1, "vat|vat %|vat rate|tax|tax %|tax rate|mwst|mwst %|ust|ust %|steuersatz|steuer|tva|taux tva|btw|btw %|iva|iva %")
	c(ColOther, 1, "discount|rabatt|remise|korting|descuento|sconto|reference|referenzen|ref|sku|code|art nr|artikelnummer|gtin|ean|date|"+
		"item code|product code|article code|artikelcode|artnr|artikel nr|code article|codigo|codice|part no|part number|artikelnr")
	// Polish item tables: "Lp. | Nazwa towaru lub usługi | J.m. | Ilość |
	// Cena netto | Wartość netto | Stawka VAT | Kwota VAT | Wartość brutto".
	c(ColPosition, 1, "lp")
	c(ColDescription, 1, "nazwa|nazwa towaru|nazwa towaru lub uslugi|nazwa towaru uslugi|nazwa uslugi|towar|usluga|opis|towar usluga")
	c(ColQuantity, 1, "ilosc|il")
	c(ColUnit, 1, "jm|j m|jednostka")
	c(ColUnitPrice, 1, "cena|cena netto|cena jedn|cena jedn netto|cena jednostkowa|cena jednostkowa netto|cena brutto|cena jedn brutto")
	c(ColAmount, 1, "wartosc|wartosc netto|wartosc brutto|kwota|brutto")
	c(ColVATRate, 1, "stawka|stawka vat|vat %")
	c(ColOther, 1, "kwota vat|pkwiu|kod|rabat|indeks")
	// "MontantHT", "Unit-Price": a title's words run together.
	columnDict.addJoined()
}

// FuzzyColumn returns the column a single title word read by OCR stands
// for when it is one letter off a one-word column title of three letters
// or more ("até" for "Qté", "Mengc" for "Menge"): the same length, one
// letter replaced, and every title it is that close to of one column. Use
// it only on a line that already holds two titles read exactly.
func FuzzyColumn(tok string) (Column, bool) {
	if utf8.RuneCountInString(tok) < 3 {
		return 0, false
	}
	found, n := -1, 0
	for _, defs := range columnDict.byFirst {
		for _, def := range defs {
			if len(def.toks) != 1 || !oneOff(tok, def.toks[0]) {
				continue
			}
			if found >= 0 && found != def.field {
				return 0, false
			}
			found = def.field
			n++
		}
	}
	return Column(found), n > 0
}

// oneOff reports whether a and b, of three letters or more, differ in
// exactly one letter at the same place.
func oneOff(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) != len(rb) || len(ra) < 3 {
		return false
	}
	d := 0
	for i := range ra {
		if ra[i] != rb[i] {
			d++
		}
	}
	return d == 1
}

// Tokens splits s into normalised label tokens: words are lower-cased,
// accent-folded and stripped of punctuation ("Rechnungs-Nr.:" ->
// "rechnungsnr", "N°" -> "n", "d'échéance" -> "d", "echeance"); a slash
// splits a word ("Käufer/Leistungsempfänger"); tokens that are only symbols
// are dropped.
func Tokens(s string) []string {
	var out []string
	for _, w := range strings.Fields(s) {
		out = appendNorm(out, w)
	}
	return out
}

func appendNorm(out []string, w string) []string {
	w = Fold(w)
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	for _, r := range w {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		case r == '/' || r == '\'' || r == '’' || r == '(' || r == ')':
			flush()
		}
	}
	flush()
	return out
}

// WordTokens normalises each word of a line and returns the tokens with, for
// each token, the index of the word it came from.
func WordTokens(words []string) (toks []string, wordOf []int) {
	for i, w := range words {
		n := len(toks)
		toks = appendNorm(toks, w)
		for j := n; j < len(toks); j++ {
			wordOf = append(wordOf, i)
		}
	}
	return toks, wordOf
}

// LabelMatch is a label found in a token sequence.
type LabelMatch struct {
	// Field is the announced field (for MatchColumns: the Column as int).
	Field Field
	// Start and End delimit the matched tokens, End exclusive.
	Start, End int
	// Strength is how specific the label is, in 0..1.
	Strength float64
}

// MatchLabels finds the field labels in toks (as returned by Tokens or
// WordTokens), longest phrase first, without overlaps.
func MatchLabels(toks []string) []LabelMatch { return fieldDict.match(toks) }

// MatchColumns finds the line-table column headers in toks.
func MatchColumns(toks []string) []ColumnMatch {
	ms := columnDict.match(toks)
	out := make([]ColumnMatch, len(ms))
	for i, m := range ms {
		out[i] = ColumnMatch{Column: Column(m.Field), Start: m.Start, End: m.End}
	}
	return out
}

// ColumnMatch is a column header found in a token sequence.
type ColumnMatch struct {
	Column     Column
	Start, End int
}

func (d *dict) match(toks []string) []LabelMatch {
	var out []LabelMatch
	for i := 0; i < len(toks); {
		best := -1
		var bd labelDef
		for _, def := range d.byFirst[toks[i]] {
			n := len(def.toks)
			if n <= best || i+n > len(toks) {
				continue
			}
			ok := true
			for k := 1; k < n; k++ {
				if toks[i+k] != def.toks[k] {
					ok = false
					break
				}
			}
			if ok {
				best, bd = n, def
			}
		}
		if best < 0 {
			i++
			continue
		}
		out = append(out, LabelMatch{Field: Field(bd.field), Start: i, End: i + best, Strength: bd.strength})
		i += best
	}
	return out
}
