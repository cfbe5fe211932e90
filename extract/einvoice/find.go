package einvoice

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"

	"github.com/docextract/docextract/extract/pdf"
)

// PreferredNames are the attachment names under which the e-invoice standards
// embed the invoice XML in a PDF/A-3, in the order FindInvoiceXML prefers them:
// Factur-X / ZUGFeRD 2.1+, ZUGFeRD 2.0, ZUGFeRD 1.0, XRechnung.
var PreferredNames = []string{"factur-x.xml", "zugferd-invoice.xml", "ZUGFeRD-invoice.xml", "xrechnung.xml"}

// FindInvoiceXML picks the invoice XML among a PDF's embedded files. It takes
// the first attachment named like PreferredNames (in that order; an exact name
// beats a case-insensitive one) whose root element is an invoice, else the
// first attachment of any name whose root element is a CII, ZUGFeRD 1 or UBL
// invoice. Other attachments (a second PDF, an Order-X order, images) are
// ignored. ok is false when there is none.
func FindInvoiceXML(atts []pdf.Attachment) (name string, data []byte, ok bool) {
	isInv := func(b []byte) bool { _, err := DetectSyntax(b); return err == nil }
	for _, exact := range []bool{true, false} {
		for _, want := range PreferredNames {
			for _, a := range atts {
				base := a.Name
				if i := strings.LastIndexAny(base, `/\`); i >= 0 {
					base = base[i+1:]
				}
				match := base == want
				if !exact {
					match = strings.EqualFold(base, want)
				}
				if match && isInv(a.Data) {
					return a.Name, a.Data, true
				}
			}
		}
	}
	for _, a := range atts {
		if isInv(a.Data) {
			return a.Name, a.Data, true
		}
	}
	return "", nil, false
}

// DetectSyntax reads only as far as the root element of data and reports
// which e-invoice syntax it is. It returns ErrNotInvoice for other XML (and
// for bytes that are not XML at all).
func DetectSyntax(data []byte) (Syntax, error) {
	if len(data) > MaxSize {
		return "", fmt.Errorf("%w: %d bytes (limit %d)", ErrTooLarge, len(data), MaxSize)
	}
	d := xml.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))))
	d.CharsetReader = charsetReader
	for i := 0; i < 10_000; i++ { // prolog: declaration, comments, PIs
		tok, err := d.Token()
		if err != nil {
			return "", fmt.Errorf("%w: no XML root element (%v)", ErrNotInvoice, err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			return rootSyntax(se.Name.Space, se.Name.Local)
		}
	}
	return "", fmt.Errorf("%w: no XML root element", ErrNotInvoice)
}
