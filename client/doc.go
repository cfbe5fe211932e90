// Package client is a Go client for the docextract HTTP API (docs/api.md):
// upload documents, wait for their results, page through a task's results,
// export documents, delete them, and manage webhook endpoints and their
// deliveries.
//
// It depends on the standard library and the schema types of the root
// package (github.com/docextract/docextract: InvoiceData, ReceiptData, ...),
// which link no PDF engine, database or HTTP server. Every method takes a context;
// errors from the server are *Error values that carry the status code and
// the server's detail text, and match the sentinel errors of this package
// with errors.Is (ErrNotFound, ErrInsufficientCredits, ...).
//
//	c, err := client.New("https://dx.example.com", os.Getenv("DOCEXTRACT_KEY"))
//	up, err := c.UploadFile(ctx, client.Invoice, "invoice.pdf")
//	res, err := c.Wait(ctx, up.DocumentID, client.WaitOptions{})
//	inv, err := res.Invoice()
//	fmt.Println(*inv.General.InvoiceNumber)
package client
