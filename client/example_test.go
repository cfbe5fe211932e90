package client_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/docextract/docextract/client"
)

// Upload an invoice, wait for its result and print the invoice number.
func Example() {
	c, err := client.New("https://dx.example.com", os.Getenv("DOCEXTRACT_KEY"))
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	up, err := c.UploadFile(ctx, client.Invoice, "invoice.pdf")
	if err != nil {
		log.Fatal(err) // e.g. errors.Is(err, client.ErrInsufficientCredits)
	}
	res, err := c.Wait(ctx, up.DocumentID, client.WaitOptions{})
	if err != nil {
		log.Fatal(err)
	}
	inv, err := res.Invoice()
	if err != nil {
		log.Fatal(err)
	}
	if inv.General.InvoiceNumber != nil {
		fmt.Println("invoice", *inv.General.InvoiceNumber, "passed validation:", res.PassedValidation)
	}
}
