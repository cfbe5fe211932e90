package withpdfium_test

import (
	"context"
	"fmt"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/extract/withpdfium"
)

// An Extractor with PDFium is made once per process and shared: one PDFium
// instance per document read at once.
func Example() {
	x, err := withpdfium.New(extract.Config{NoOCR: true}, pdfium.Config{Workers: 1})
	if err != nil {
		panic(err)
	}
	defer x.Close()

	_, err = x.Extract(context.Background(), extract.Input{Data: []byte("%PDF-1.7 broken"), DocType: docextract.Invoice})
	fmt.Println(err != nil)
	// Output:
	// true
}
