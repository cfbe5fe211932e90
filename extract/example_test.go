package extract_test

import (
	"context"
	"fmt"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
)

// An Extractor is made once per process and shared; Extract reads every
// document in a file. Here the file is a standalone CII e-invoice, read
// exactly; a PDF, JPEG or PNG goes through Extract the same way.
func Example() {
	x, err := extract.New(extract.Config{}) // no PDF engine: see package withpdfium for PDFs
	if err != nil {
		panic(err)
	}
	defer x.Close()

	res, err := x.Extract(context.Background(), extract.Input{Data: []byte("not a document"), DocType: docextract.Invoice})
	fmt.Println(res == nil, err)

	d, err := extract.ExtractXML([]byte(ciiXML))
	if err != nil {
		panic(err)
	}
	inv := d.Data.(*docextract.InvoiceData)
	fmt.Println(*inv.General.InvoiceNumber, inv.General.TotalGrossPrice, *inv.General.Currency)
	fmt.Println(d.Validation.Passed, d.TemplateID == extract.TemplateCII)
	// Output:
	// true extract: content is not PDF, JPEG or PNG
	// RE-2024-0815 1190 EUR
	// true true
}

func ExampleSniff() {
	fmt.Println(extract.Sniff([]byte("%PDF-1.7 ...")))
	fmt.Println(extract.Sniff([]byte("\x89PNG\r\n\x1a\n...")))
	fmt.Printf("%q\n", extract.Sniff([]byte("<html>")))
	// Output:
	// application/pdf
	// image/png
	// ""
}
