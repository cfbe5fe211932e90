// Package deliverynote adds a fourth document type, the delivery note
// ("delivery_note"), to docextract: the worked example of the document-type
// registry. Everything the type needs lives here: its extraction_data
// schema (DeliveryNoteData, registered with docextract.RegisterType), the
// classifier's evidence and the reader (extract.RegisterReader), and its
// CSV and XLSX layout (export.RegisterTable). A program that wants the type
// calls Register once before extracting or serving; nothing else changes:
// uploads to /api/v1/documents/delivery_note, the classifier, results and
// exports all take it from the registries.
//
// The reader is deliberately small (labels and an item table in English,
// German, French and Dutch); it shows the shape of a reader, not the depth
// of the built-in ones.
package deliverynote

import (
	"regexp"
	"strings"
	"sync"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/export"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/classify"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/textparse"
)

// Type is the name of the type in URLs and JSON.
const Type docextract.DocType = "delivery_note"

// TemplateID is the stable template_id of documents this reader read.
const TemplateID = "6f1c7c2e-0b7a-5d0e-9a51-3c1f2d6b8d01"

// DeliveryNoteData is the extraction_data of a delivery note.
type DeliveryNoteData struct {
	DocType string  `json:"docType"`
	General General `json:"general"`
	Items   []Item  `json:"items"`
}

// General holds the document-level fields; nil means not found.
type General struct {
	DeliveryNoteNumber *string `json:"DeliveryNoteNumber"`
	DeliveryDate       *string `json:"DeliveryDate"` // YYYY-MM-DD
	OrderNumber        *string `json:"OrderNumber"`
	SupplierName       *string `json:"SupplierName"`
	RecipientName      *string `json:"RecipientName"`
}

// Item is one delivered line.
type Item struct {
	ProductName *string            `json:"ProductName"`
	Quantity    *docextract.Amount `json:"Quantity"`
	Unit        *string            `json:"Unit"`
}

// Type implements docextract.ExtractionData.
func (*DeliveryNoteData) Type() docextract.DocType { return Type }

var once sync.Once

// Register adds the delivery note to the registries of docextract, extract
// and export. It is safe to call more than once.
func Register() {
	once.Do(func() {
		docextract.RegisterType(docextract.TypeSpec{
			Type: Type,
			New:  func() docextract.ExtractionData { return &DeliveryNoteData{DocType: string(Type), Items: []Item{}} },
			Key: func(d docextract.ExtractionData) string {
				if n := d.(*DeliveryNoteData).General.DeliveryNoteNumber; n != nil {
					return *n
				}
				return ""
			},
		})
		extract.RegisterReader(extract.Reader{Type: Type, Evidence: Evidence, Read: Read})
		export.RegisterTable(export.TableSpec{Type: Type, Table: Table})
	})
}

// cues are the phrases that make a page a delivery note, on the classifier's
// scale (a title word 3 to 4 points, a label 1 to 2).
var cues = []classify.Cue{
	{Phrase: "delivery note", Weight: 4, Max: 1}, {Phrase: "packing slip", Weight: 4, Max: 1}, {Phrase: "dispatch note", Weight: 4, Max: 1},
	{Phrase: "lieferschein", Weight: 4, Max: 1}, {Phrase: "bon de livraison", Weight: 4, Max: 1}, {Phrase: "pakbon", Weight: 4, Max: 1},
	{Phrase: "delivery date", Weight: 2, Max: 1}, {Phrase: "lieferdatum", Weight: 2, Max: 1}, {Phrase: "date de livraison", Weight: 2, Max: 1},
	{Phrase: "leverdatum", Weight: 2, Max: 1}, {Phrase: "deliver to", Weight: 2, Max: 1}, {Phrase: "lieferanschrift", Weight: 2, Max: 1},
	{Phrase: "qty delivered", Weight: 2, Max: 1}, {Phrase: "received by", Weight: 2, Max: 1}, {Phrase: "goods received", Weight: 2, Max: 1},
	{Phrase: "ware erhalten", Weight: 2, Max: 1}, {Phrase: "order number", Weight: 1, Max: 1}, {Phrase: "order no", Weight: 1, Max: 1},
	{Phrase: "bestellnummer", Weight: 1, Max: 1}, {Phrase: "shipped", Weight: 1, Max: 1},
}

// Evidence is the classifier's evidence for the delivery note: its cues.
// A delivery note states no prices, so a page that has the cues and no
// amount due reads as one even beside an invoice's vocabulary.
func Evidence(d *classify.Doc) float64 { return d.Cues(cues) }

var (
	numberRE    = regexp.MustCompile(`(?i)^(?:delivery note|packing slip|dispatch note|lieferschein|bon de livraison|pakbon)\s*(?:no\.?|number|nr\.?|nummer|n°|#)\s*[:#]?\s*([A-Za-z0-9][A-Za-z0-9./-]*)$`)
	dateRE      = regexp.MustCompile(`(?i)^(?:delivery date|lieferdatum|date de livraison|leverdatum|date)\s*:?\s*(.+)$`)
	orderRE     = regexp.MustCompile(`(?i)^(?:order (?:no\.?|number)|po (?:no\.?|number)|bestellnummer|commande)\s*[:#]?\s*([A-Za-z0-9][A-Za-z0-9./-]*)$`)
	supplierRE  = regexp.MustCompile(`(?i)^(?:from|supplier|lieferant|fournisseur|leverancier)\s*:\s*(.+)$`)
	recipientRE = regexp.MustCompile(`(?i)^(?:deliver to|ship to|lieferanschrift|livrer a|afleveradres)\s*:\s*(.+)$`)
	headerRE    = regexp.MustCompile(`(?i)\b(?:qty|quantity|menge|quantite|aantal)\b`)
	itemRE      = regexp.MustCompile(`^(\d+(?:[.,]\d+)?)\s+(?:(pcs|pc|stk|units?|boxes|box|kg|m)\s+)?(.+)$`)
	endRE       = regexp.MustCompile(`(?i)^(?:received by|signature|unterschrift|ware erhalten|goods received)`)
)

// Read reads the pages of one delivery note.
func Read(pages []layout.Page) extract.Reading {
	d := &DeliveryNoteData{DocType: string(Type), Items: []Item{}}
	conf := map[string]float64{}
	set := func(field string, p **string, v string) {
		if v = strings.TrimSpace(v); v != "" && *p == nil {
			*p = &v
			conf[field] = 0.8
		}
	}
	inItems := false
	for i := range pages {
		for _, l := range layout.Lines(&pages[i]) {
			txt := strings.TrimSpace(l.Text())
			switch {
			case txt == "":
			case endRE.MatchString(txt):
				inItems = false
			case inItems && itemRE.MatchString(txt):
				m := itemRE.FindStringSubmatch(txt)
				it := Item{ProductName: ptr(m[3])}
				if q, err := textparse.ParseAmount(m[1]); err == nil {
					it.Quantity = &docextract.Amount{Decimal: q.Value}
				}
				if m[2] != "" {
					it.Unit = ptr(strings.ToLower(m[2]))
				}
				d.Items = append(d.Items, it)
			case headerRE.MatchString(txt):
				inItems = true
			case numberRE.MatchString(txt):
				set("DeliveryNoteNumber", &d.General.DeliveryNoteNumber, numberRE.FindStringSubmatch(txt)[1])
			case orderRE.MatchString(txt):
				set("OrderNumber", &d.General.OrderNumber, orderRE.FindStringSubmatch(txt)[1])
			case supplierRE.MatchString(txt):
				set("SupplierName", &d.General.SupplierName, supplierRE.FindStringSubmatch(txt)[1])
			case recipientRE.MatchString(txt):
				set("RecipientName", &d.General.RecipientName, recipientRE.FindStringSubmatch(txt)[1])
			case dateRE.MatchString(txt):
				if iso, ok := textparse.ParseDate(dateRE.FindStringSubmatch(txt)[1], textparse.DMY); ok {
					set("DeliveryDate", &d.General.DeliveryDate, iso)
				}
			}
		}
	}
	if len(d.Items) > 0 {
		conf["items"] = 0.7
	}
	return extract.Reading{Data: d, Validation: validation(d), TemplateID: TemplateID, FieldConfidence: conf}
}

// validation passes a delivery note that names itself and lists what was
// delivered, each line with a quantity above zero.
func validation(d *DeliveryNoteData) docextract.Validation {
	checks := []docextract.Check{}
	check := func(name string, ok bool, msg string) {
		checks = append(checks, docextract.Check{Name: name, Passed: ok, Message: msg})
	}
	check("delivery_note_number_present", d.General.DeliveryNoteNumber != nil, "The delivery note number was found.")
	check("items_present", len(d.Items) > 0, "At least one delivered item was found.")
	for _, it := range d.Items {
		check("item_quantity_positive", it.Quantity != nil && it.Quantity.IsPositive(), "The item's quantity is above zero.")
	}
	passed := true
	for _, c := range checks {
		passed = passed && c.Passed
	}
	return docextract.Validation{Passed: passed, Details: docextract.ValidationDetails{
		CalculationLogic: "A delivery note passes when its number and at least one item are found, each item with a quantity above zero.",
		Checks:           checks,
	}}
}

// Table is the CSV and XLSX layout of a delivery note.
func Table(data docextract.ExtractionData) export.Table {
	d := data.(*DeliveryNoteData)
	g := d.General
	t := export.Table{
		Fields: []export.Column{
			{Name: "DeliveryNoteNumber", Kind: export.KindText, Width: 18}, {Name: "DeliveryDate", Kind: export.KindDate, Width: 12},
			{Name: "OrderNumber", Kind: export.KindText, Width: 16}, {Name: "SupplierName", Kind: export.KindText, Width: 28},
			{Name: "RecipientName", Kind: export.KindText, Width: 28},
		},
		Values: []export.Value{export.Text(g.DeliveryNoteNumber), export.Date(g.DeliveryDate), export.Text(g.OrderNumber),
			export.Text(g.SupplierName), export.Text(g.RecipientName)},
		LinesSheet: "Items",
		LineCols: []export.Column{{Name: "LineNumber", Kind: export.KindInt, Width: 11}, {Name: "ProductName", Kind: export.KindText, Width: 40},
			{Name: "Quantity", Kind: export.KindNumber, Width: 10}, {Name: "Unit", Kind: export.KindText, Width: 8}},
	}
	for i, it := range d.Items {
		t.Lines = append(t.Lines, []export.Value{export.Int(int64(i + 1)), export.Text(it.ProductName), export.Number(it.Quantity), export.Text(it.Unit)})
	}
	return t
}

func ptr(s string) *string {
	s = strings.TrimSpace(s)
	return &s
}
