package bank_test

import (
	"fmt"

	"github.com/docextract/docextract/extract/bank"
	"github.com/docextract/docextract/internal/testdocs"
)

func ExampleExtract() {
	s, err := testdocs.NewStatement(testdocs.StatementOptions{Layout: testdocs.StatementDE, Seed: 3, Transactions: 2})
	if err != nil {
		panic(err)
	}
	d := bank.Extract(s.Pages)
	fmt.Println(*d.General.BankName, *d.General.Currency, len(d.Transactions))
	fmt.Println(d.General.OpeningBalance, d.Transactions[0].Amount)
	// Output:
	// Sparkasse Musterstadt EUR 2
	// 6902.13 -288.5
}
