package invoice

import (
	"testing"

	"github.com/shopspring/decimal"
)

// A seventh batch of invoice kinds no earlier suite imitated, written from
// how each kind is printed, with our own made-up data and names, and
// scored once as it came before any rule was written for it: all of it is
// a report part, an estimate of how invoices nobody here has seen are
// read (TestLayoutSuiteKinds7). A Mexican "factura", the printed form of
// an electronic invoice ("Serie y folio", "Folio fiscal", "Fecha de
// emisión" with its time, the issuer's and the receiver's "RFC", "Clave
// prod./serv. | Cantidad | Clave unidad | Descripción | Valor unitario |
// Importe" with the description in the middle, "Subtotal", "IVA 16%",
// "Total", "Importe con letra", "Moneda MXN", the digital seals as long
// lines of characters); an Irish plumber's invoice in English with labour
// at 13.5% and materials at 23% VAT ("VAT @ 13.5%", "VAT @ 23%", "Total
// €", payment by EFT to an IE IBAN); the courtesy copy of an Italian
// "fattura elettronica" as the common style sheets print it
// ("Cedente/prestatore (fornitore)" with "Denominazione:",
// "Cessionario/committente (cliente)", a "Tipologia documento | Numero
// documento | Data documento" row of cells, "Cod. articolo | Descrizione |
// Quantità | Prezzo unitario | UM | %IVA | Prezzo totale", "RIEPILOGHI IVA
// E TOTALI" with "Totale imponibile | Totale imposta", "Totale documento",
// and "Modalità pagamento | IBAN | Data scadenza | Importo").

// mxn prints "$12,345.60" as a Mexican invoice does.
func mxn(v decimal.Decimal) string { return "$" + money(v, "en") }

// k7FacturaMX: a Mexican hardware wholesaler's printed electronic invoice.
func k7FacturaMX(t testing.TB) invLayout {
	c := newProduced(711)
	c.AddPage()
	its := []p5Item{
		{code: "31161500", desc: []string{"Tornillo hexagonal galvanizado 3/8 x 2 in (caja 100 pzas)"}, qty: d("12"), unitName: "XBX", price: d("389.50")},
		{code: "27111700", desc: []string{"Juego de llaves combinadas 12 piezas"}, qty: d("6"), unitName: "H87", price: d("745.00")},
		{code: "39121700", desc: []string{"Cable THW calibre 12 rollo 100 m"}, qty: d("8"), unitName: "H87", price: d("1218.90")},
		{code: "78101800", desc: []string{"Flete y maniobras"}, qty: d("1"), unitName: "E48", price: d("850.00")},
	}
	net := p5Sum(its)
	iva := net.Mul(d("0.16")).Round(2)
	gross := net.Add(iva)
	c.Font(true, 13)
	c.Text(50, 38, "Ferretera Industrial del Bajío, S.A. de C.V.")
	c.Font(false, 8)
	for k, s := range []string{"RFC: FIB0903174K2", "Régimen fiscal: 601 General de Ley Personas Morales", "Blvd. Adolfo López Mateos 1820, León, Gto., C.P. 37270"} {
		c.Text(50, 54+float64(k)*10, s)
	}
	c.Font(true, 12)
	c.Text(390, 38, "FACTURA")
	c.Font(false, 8)
	for k, m := range [][2]string{{"Serie y folio:", "FB-20931"}, {"Folio fiscal:", "7D3A91C2-55E4-4B0F-9A61-2F08C3E1B774"},
		{"Fecha de emisión:", "2024-10-07T11:32:15"}, {"Lugar de expedición:", "37270"}, {"Tipo de comprobante:", "I - Ingreso"}} {
		c.Text(390, 54+float64(k)*10, m[0])
		c.Right(560, 54+float64(k)*10, m[1])
	}
	c.Font(true, 9)
	c.Text(50, 120, "Receptor")
	c.Font(false, 8.5)
	for k, s := range []string{"Construcciones Altamira del Norte, S.A. de C.V.", "RFC: CAN1506229T1", "Uso CFDI: G03 Gastos en general",
		"Régimen fiscal receptor: 601", "Domicilio fiscal: 64000"} {
		c.Text(50, 133+float64(k)*10, s)
	}
	cols := []p5Col{
		{"Clave prod./serv.", 50, false, func(it p5Item) string { return it.code }, false},
		{"Cantidad", 160, true, func(it p5Item) string { return qtyStr(it.qty, "en") }, false},
		{"Clave unidad", 170, false, func(it p5Item) string { return it.unitName }, false},
		{"Descripción", 225, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Valor unitario", 500, true, func(it p5Item) string { return money(it.price, "en") }, false},
		{"Importe", 560, true, func(it p5Item) string { return money(it.amount(), "en") }, false},
	}
	y := 200.0
	p5Head(c, cols, y)
	c.Line(50, 560, y+5)
	y += 18
	c.Font(false, 8)
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 13
	}
	c.Line(50, 560, y-4)
	c.Font(false, 8)
	c.Text(50, y+8, "Moneda: MXN - Peso Mexicano")
	c.Text(50, y+18, "Forma de pago: 03 - Transferencia electrónica de fondos")
	c.Text(50, y+28, "Método de pago: PUE - Pago en una sola exhibición")
	y2 := swPairs(c, 400, 560, y+8, 13, [][2]string{{"Subtotal", mxn(net)}, {"IVA 16%", mxn(iva)}, {"Total", mxn(gross)}}, lastBold(3))
	c.Font(false, 8)
	c.Text(50, y2+14, "Importe con letra: VEINTIDÓS MIL NOVECIENTOS CUATRO PESOS 43/100 M.N.")
	c.Font(false, 6)
	yy := y2 + 34
	for _, s := range []string{"Sello digital del CFDI:",
		"kQ8v3Xb0Zr9mT2pL4wN7cY1eH6sJ5uF0aG3dK8iO2qR7tV9xB1nM4zC6yE0wP5lS3hU8jD2gA7fK1oI9rT4vX6bN0mQ3zL5cY8eW2pH7sJ1uF4aG9dK0iO",
		"Sello digital del SAT:",
		"Zp4Lq8Wm2Xn6Vb0Tc5Yr9Ue3Is7Od1Kf4Gh8Jl2Aq6Sw0De5Rf9Tg3Yh7Uj1Ik4Ol8Pz2Xc6Vb0Nm5Qa9Ws3Ed7Rf1Tg4Yh8Uj2Ik6Ol0Pz=",
		"Cadena original del complemento de certificación digital del SAT:",
		"||1.1|7D3A91C2-55E4-4B0F-9A61-2F08C3E1B774|2024-10-07T11:33:02|SAT970701NN3|kQ8v3Xb0Zr9mT2pL4wN7cY1eH6sJ5uF0|00001000000509846663||",
		"Este documento es una representación impresa de un CFDI. No. de serie del certificado del SAT: 00001000000509846663"} {
		c.Text(50, yy, s)
		yy += 8
	}
	items := truthOf(its)
	return invLayout{"mx-factura-cfdi-letra", invTruth{number: "FB-20931", date: "2024-10-07", seller: "Ferretera Industrial del Bajío, S.A. de C.V.", cur: "MXN",
		iban: noIBAN, net: net.String(), tax: iva.String(), gross: gross.String(), items: items}, producedBytes(t, c)}
}

// k7PlumberIE: an Irish plumber's invoice: the firm and its "VAT Reg. No."
// top left; "INVOICE" right with "Invoice No.", "Date" and "Account";
// "To:" and the customer; "Description Qty Rate VAT % Amount €" with
// labour at 13.5% and materials at 23%; "Sub-total", "VAT @ 13.5%", "VAT
// @ 23%", "Total €"; "Payment due within 30 days" and an IE IBAN with its
// BIC for payment by EFT.
func k7PlumberIE(t testing.TB) invLayout {
	c := newProduced(712)
	c.AddPage()
	iban := ibanOf("IE", "AIBK"+"93115212"+"345678")
	its := []p5Item{
		{desc: []string{"Supply and fit new combi boiler, remove old unit"}, qty: d("1"), price: d("1450.00"), vat: "23"},
		{desc: []string{"Labour - boiler installation and commissioning"}, qty: d("9.5"), price: d("55.00"), vat: "13.5"},
		{desc: []string{"Magnetic system filter and fittings"}, qty: d("1"), price: d("138.40"), vat: "23"},
		{desc: []string{"System power flush (labour)"}, qty: d("1"), price: d("260.00"), vat: "13.5"},
	}
	net := p5Sum(its)
	var b23, b135 decimal.Decimal
	for _, it := range its {
		if it.vat == "23" {
			b23 = b23.Add(it.amount())
		} else {
			b135 = b135.Add(it.amount())
		}
	}
	v23 := b23.Mul(d("0.23")).Round(2)
	v135 := b135.Mul(d("0.135")).Round(2)
	vat := v23.Add(v135)
	gross := net.Add(vat)
	c.Font(true, 15)
	c.Text(50, 40, "Dunne Plumbing & Heating Ltd")
	c.Font(false, 8.5)
	for k, s := range []string{"Unit 4, Ballymount Business Park, Dublin 12, D12 X7K4", "Tel: 01 555 4821 · RGII Reg. No. 8841", "VAT Reg. No. IE 3284715LH"} {
		c.Text(50, 56+float64(k)*11, s)
	}
	c.Font(true, 16)
	c.Right(545, 40, "INVOICE")
	c.Font(false, 9)
	for k, m := range [][2]string{{"Invoice No.", "DPH-1047"}, {"Date", "14/10/2024"}, {"Account", "MUR-022"}} {
		c.Text(380, 62+float64(k)*12, m[0])
		c.Right(545, 62+float64(k)*12, m[1])
	}
	c.Font(true, 9)
	c.Text(50, 115, "To:")
	c.Font(false, 9)
	for k, s := range []string{"Ms Aoife Murphy", "17 Orwell Park Grove", "Rathgar, Dublin 6"} {
		c.Text(75, 115+float64(k)*11, s)
	}
	c.Text(50, 165, "Job: 17 Orwell Park Grove - boiler replacement, completed 11/10/2024")
	cols := []p5Col{
		{"Description", 50, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Qty", 330, true, func(it p5Item) string { return qtyStr(it.qty, "en") }, false},
		{"Rate", 400, true, func(it p5Item) string { return money(it.price, "en") }, false},
		{"VAT %", 450, true, func(it p5Item) string { return it.vat }, false},
		{"Amount €", 545, true, func(it p5Item) string { return money(it.amount(), "en") }, false},
	}
	y := 190.0
	p5Head(c, cols, y)
	c.Line(50, 545, y+5)
	y += 18
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 15
	}
	c.Line(50, 545, y-5)
	y = swPairs(c, 360, 545, y+8, 14, [][2]string{{"Sub-total", money(net, "en")}, {"VAT @ 13.5%", money(v135, "en")}, {"VAT @ 23%", money(v23, "en")},
		{"Total €", money(gross, "en")}}, lastBold(4))
	c.Font(false, 8.5)
	c.Text(50, y+16, "Payment due within 30 days. Payment by EFT to:")
	c.Text(50, y+27, "Dunne Plumbing & Heating Ltd · AIB Bank, Walkinstown · IBAN "+grouped(iban)+" · BIC AIBKIE2D")
	c.Text(50, y+38, "Please quote the invoice number as your payment reference. Thank you for your business.")
	c.Font(false, 7)
	c.Text(50, 790, "Dunne Plumbing & Heating Ltd, registered in Ireland No. 512274. Directors: S. Dunne, M. Dunne.")
	items := truthOf(its)
	return invLayout{"ie-plumber-vat-two-rates", invTruth{number: "DPH-1047", date: "2024-10-14", seller: "Dunne Plumbing & Heating Ltd", cur: "EUR",
		iban: iban, net: net.String(), tax: vat.String(), gross: gross.String(), items: items}, producedBytes(t, c)}
}

// k7FatturaPA: the courtesy copy of an Italian electronic invoice as the
// common style sheets print it: two boxes "Cedente/prestatore
// (fornitore)" and "Cessionario/committente (cliente)" of labelled lines;
// a row of cells under "Tipologia documento | Art. 73 | Numero documento
// | Data documento | Codice destinatario"; the lines with "Cod. articolo"
// first; "RIEPILOGHI IVA E TOTALI" with one summary row and "Totale
// documento" in a row of cells under its titles; the payment as a row of
// cells with the IBAN, the due date and the amount.
func k7FatturaPA(t testing.TB) invLayout {
	c := newProduced(713)
	c.AddPage()
	iban := ibanOf("IT", "K"+"0503401633"+"000000017284")
	its := []p5Item{
		{code: "CONS-01", desc: []string{"Consulenza sistemistica on-site"}, qty: d("12.00"), unitName: "ore", price: d("65.00")},
		{code: "LIC-NAS", desc: []string{"Licenza software backup annuale"}, qty: d("1.00"), unitName: "pz", price: d("420.00")},
		{code: "HW-SSD2", desc: []string{"Disco SSD 2 TB enterprise"}, qty: d("4.00"), unitName: "pz", price: d("189.90")},
	}
	net := p5Sum(its)
	iva := net.Mul(d("0.22")).Round(2)
	gross := net.Add(iva)
	c.Font(false, 7.5)
	c.Text(50, 30, "Versione FPR12")
	c.Font(true, 8.5)
	c.Text(50, 50, "Cedente/prestatore (fornitore)")
	c.Text(310, 50, "Cessionario/committente (cliente)")
	c.Font(false, 8)
	for k, s := range []string{"Identificativo fiscale ai fini IVA: IT02871640359", "Codice fiscale: 02871640359", "Denominazione: Sistemi Informativi Emiliani S.r.l.",
		"Regime fiscale: RF01 (ordinario)", "Indirizzo: Via Emilia Ovest 1140", "Comune: Modena Provincia: MO", "Cap: 41123 Nazione: IT", "Telefono: 059 555 7720"} {
		c.Text(50, 64+float64(k)*10, s)
	}
	for k, s := range []string{"Identificativo fiscale ai fini IVA: IT01944280364", "Codice fiscale: 01944280364", "Denominazione: Ceramiche Sassuolesi Riunite S.p.A.",
		"Indirizzo: Via Radici in Piano 510", "Comune: Sassuolo Provincia: MO", "Cap: 41049 Nazione: IT", "Pec: amministrazione@pec.csr.example"} {
		c.Text(310, 64+float64(k)*10, s)
	}
	y := 160.0
	c.Line(50, 545, y-9)
	c.Font(true, 7.5)
	for _, h := range []struct {
		x float64
		s string
	}{{50, "Tipologia documento"}, {160, "Art. 73"}, {210, "Numero documento"}, {300, "Data documento"}, {390, "Codice destinatario"}} {
		c.Text(h.x, y, h.s)
	}
	c.Font(false, 8)
	for _, h := range []struct {
		x float64
		s string
	}{{50, "TD01 fattura"}, {210, "FE/2024/0318"}, {300, "2024-10-15"}, {390, "M5UXCR1"}} {
		c.Text(h.x, y+12, h.s)
	}
	c.Line(50, 545, y+17)
	y += 36
	cols := []p5Col{
		{"Cod. articolo", 50, false, func(it p5Item) string { return it.code }, false},
		{"Descrizione", 110, false, func(it p5Item) string { return it.desc[0] }, true},
		{"Quantità", 330, true, func(it p5Item) string { return money(it.qty, "de") }, false},
		{"Prezzo unitario", 400, true, func(it p5Item) string { return money(it.price, "de") }, false},
		{"UM", 410, false, func(it p5Item) string { return it.unitName }, false},
		{"%IVA", 470, true, func(it p5Item) string { return "22,00" }, false},
		{"Prezzo totale", 545, true, func(it p5Item) string { return money(it.amount(), "de") }, false},
	}
	p5Head(c, cols, y)
	c.Line(50, 545, y+5)
	y += 17
	c.Font(false, 8)
	for _, it := range its {
		y = p5Row(c, cols, y, it) + 13
	}
	c.Line(50, 545, y-4)
	y += 12
	c.Font(true, 8.5)
	c.Text(50, y, "RIEPILOGHI IVA E TOTALI")
	y += 14
	c.Font(true, 7.5)
	c.Text(50, y, "esigibilità iva / riferimenti normativi")
	c.Right(260, y, "%IVA")
	c.Right(330, y, "Spese accessorie")
	c.Right(370, y, "Arr.")
	c.Right(460, y, "Totale imponibile")
	c.Right(545, y, "Totale imposta")
	c.Font(false, 8)
	c.Text(50, y+12, "I (IVA ad esigibilità immediata)")
	c.Right(260, y+12, "22,00")
	c.Right(460, y+12, money(net, "de"))
	c.Right(545, y+12, money(iva, "de"))
	c.Line(50, 545, y+17)
	y += 32
	c.Font(true, 7.5)
	c.Text(50, y, "Importo bollo")
	c.Right(250, y, "Sconto/Maggiorazione")
	c.Right(330, y, "Arr.")
	c.Right(545, y, "Totale documento")
	c.Font(false, 8)
	c.Right(545, y+12, money(gross, "de"))
	c.Line(50, 545, y+17)
	y += 32
	c.Font(true, 7.5)
	c.Text(50, y, "Modalità pagamento")
	c.Text(150, y, "IBAN")
	c.Text(320, y, "Istituto")
	c.Text(410, y, "Data scadenza")
	c.Right(545, y, "Importo")
	c.Font(false, 8)
	c.Text(50, y+12, "MP05 Bonifico")
	c.Text(150, y+12, iban)
	c.Text(320, y+12, "BPER Banca")
	c.Text(410, y+12, "2024-11-14")
	c.Right(545, y+12, money(gross, "de"))
	items := truthOf(its)
	return invLayout{"it-fattura-elettronica-cortesia", invTruth{number: "FE/2024/0318", date: "2024-10-15", due: "2024-11-14", seller: "Sistemi Informativi Emiliani S.r.l.", cur: "EUR",
		iban: iban, net: net.String(), tax: iva.String(), gross: gross.String(), amountDue: gross.String(), items: items}, producedBytes(t, c)}
}

var invKinds7Layouts = []func(testing.TB) invLayout{k7FacturaMX, k7PlumberIE, k7FatturaPA}

// TestLayoutSuiteKinds7 scores the seventh batch of invoice kinds, all of
// it a report part.
func TestLayoutSuiteKinds7(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	runLayoutParts(t, "kinds7", []layoutPart{{"report", invKinds7Layouts, layoutKinds7Bar}})
}

// layoutKinds7Bar: scored once as it came, before any rule was written
// for it: 35 of 38 fields (92.1%), 1 of 3 invoices all right:
// ie-plumber-vat-two-rates 12/12; mx-factura-cfdi-letra 10/12 (no number
// read after "Serie y folio:"; the seller read without its company form
// ", S.A. de C.V."); it-fattura-elettronica-cortesia 13/14 (the amount due,
// the "Importo" cell of the payment row, not read).
//
// Studied after its blind score, 38 of 38 after general rules: "Serie y
// folio" labels the number of a Mexican invoice ("Folio fiscal", the tax
// authority's UUID, labels no number); a legal form after a comma keeps
// its tail as the name's end (", S.A. de C.V.", ", S. de R.L. de C.V.",
// ", S.L.U.", ", S.p.A.", ", s.n.c."); a row of payment terms under
// titles, a due date's label with an amount title right of it ("Importo",
// "Amount", "Betrag", "Montant", "Bedrag", "Importe"), the gross under
// that title, says the gross is due when nothing was paid or withheld.
const layoutKinds7Bar = 0.97
