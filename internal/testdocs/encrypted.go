package testdocs

import (
	"bytes"

	"github.com/go-pdf/fpdf"
)

// EncryptedInvoice returns a one-page text invoice (number INV-4711, total
// 119.00 EUR) encrypted with the user password password.
func EncryptedInvoice(password string) ([]byte, error) {
	f := fpdf.New("P", "pt", "A4", "")
	f.SetProtection(fpdf.CnProtectPrint, password, "owner-"+password)
	f.SetFont("Helvetica", "", 11)
	f.AddPage()
	for i, line := range []string{"ACME GmbH", "Invoice No. INV-4711", "Invoice date: 2026-03-01",
		"Net amount 100.00 EUR", "VAT 19% 19.00 EUR", "Total 119.00 EUR"} {
		f.Text(50, 80+float64(i)*16, line)
	}
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
