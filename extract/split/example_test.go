package split_test

import (
	"fmt"

	"github.com/docextract/docextract/extract/split"
	"github.com/docextract/docextract/internal/testdocs"
)

func ExampleSplit() {
	a, _ := testdocs.NewInvoice(testdocs.InvoiceOptions{Seed: 1, Lines: 30, LinesPerPage: 18})
	b, _ := testdocs.NewStatement(testdocs.StatementOptions{Layout: testdocs.StatementNL, Seed: 2, Transactions: 5})
	file, err := testdocs.Concat(a.Doc, b.Doc, a.Doc)
	if err != nil {
		panic(err)
	}
	fmt.Println(split.Split(file.Pages))
	// Output: [{1 2} {3 3} {4 5}]
}
