// Package export turns completed docextract results into the downloadable
// files of docs/api.md, Download selected documents: JSON, CSV, XLSX and an accounting-import CSV, one file
// per document, several documents as a ZIP archive of those files. It needs
// no server and no database: give it []Document, get bytes.
//
// It is not the HTTP endpoint (httpapi serves POST
// /api/v1/documents/download_selected with it) and it does not decide who may
// see a document.
//
// # Use
//
//	e, err := export.Build(ctx, export.CSV, docs, export.Options{})
//	if err != nil { ... }          // *docextract.Error: EINVALID / EUNPROCESSABLE
//	defer e.Close()
//	w.Header().Set("Content-Type", e.ContentType)
//	w.Header().Set("Content-Disposition", e.ContentDisposition())
//	e.WriteTo(w)
//
// or, without headers, Write(ctx, w, format, docs, opt).
//
// Every file is built and checked before the first byte is written: a ZIP is
// assembled in memory up to Options.MemoryLimit (8 MiB) and in a temporary
// file beyond, then re-opened and its entries counted. Each document's file is
// rendered completely into a buffer before it becomes a ZIP entry, so memory
// is bounded by the largest single file, not by the number of documents.
//
// # Formats and document types
//
//	format          invoice  receipt  bank_statement
//	json            yes      yes      yes
//	csv             yes      yes      yes
//	xlsx            yes      yes      yes
//	accounting_csv  yes      yes      no
//
// Documents whose type does not support the format are skipped (File.Skipped);
// when none is left Build fails with EUNPROCESSABLE "Failed to generate any
// valid CSV files." (the format in capitals: JSON, CSV, XLSX, ACCOUNTING_CSV).
// An unknown format is EINVALID "Unsupported format: X".
//
// File names are ASCII, <type>_<number>_<first 8 hex of id>.<ext> (invoice
// number, receipt number or statement period end, sanitised to [A-Za-z0-9.-_],
// at most 40 characters), e.g. invoice_INV-2024-001_3f2a9c1b.csv; accounting
// files start with the profile: xero_invoice_INV-1_3f2a9c1b.csv. Names are
// made unique inside a ZIP with -2, -3 before the extension. A ZIP is named
// documents_<format>.zip. ContentDisposition builds the header value with an
// ASCII filename and an RFC 5987 filename*.
//
// # JSON
//
// The document result of docs/api.md, Get a result — document_id, extraction_data, validation,
// credits_used, passed_validation — plus doc_type, file_name, page_start,
// page_end, template_id, created_at and (when Document.Confidence is set)
// confidence, the 0..1 confidence per field read, indented. Content type
// application/json.
//
// # CSV
//
// RFC 4180 (encoding/csv, CRLF line ends), UTF-8 starting with a byte-order
// mark so that Excel reads it as UTF-8 (Options.OmitBOM removes it). One row
// per line item or transaction, the document columns repeated on every row; a
// document without lines still gives one row with empty line columns. Column
// names are the JSON keys of the API:
//
//	invoice:        document_id, file_name, InvoiceNumber, InvoiceDate, DueDate,
//	                SellerName, SellerVATId, BuyerName, Currency, TotalNetPrice,
//	                TotalTaxAmount, TotalGrossPrice, AmountDue, IBAN,
//	                PaymentReference, passed_validation, + line columns
//	receipt:        document_id, file_name, MerchantName, MerchantAddress,
//	                ReceiptNumber, ReceiptDate, ReceiptTime, Currency,
//	                TotalGrossPrice, TotalTaxAmount, PaymentMethod,
//	                passed_validation, + line columns
//	line columns:   LineNumber, ProductName, ProductQuantity, Unit,
//	                ProductUnitPrice, ProductTotalPrice, TaxRate
//	bank_statement: document_id, file_name, BankName, AccountHolder, IBAN,
//	                AccountNumber, Currency, PeriodStart, PeriodEnd,
//	                OpeningBalance, ClosingBalance, passed_validation,
//	                LineNumber, Date, ValueDate, Description, Reference,
//	                Amount, Balance
//
// Amounts are plain exact decimals with at least two places (119.00, -2150.25,
// 0.125); quantities and rates as extracted (2.5, 19); dates YYYY-MM-DD (an
// unparsable extracted date is kept as text); booleans true/false; a value
// that was not extracted is an empty field. Options.European switches to ';'
// separators and decimal commas (-2150,25); dates stay ISO.
//
// # XLSX
//
// Written with excelize's StreamWriter. Sheets: "Document" (Field | Value, one
// row per document column above), "Line items" or "Transactions" (the line
// columns), "Taxes" for invoices (TaxRate, TaxableAmount, TaxAmount) and
// "Validation" (name, passed, expected, actual, message per check, then passed
// and calculation_logic). Amounts are number cells formatted #,##0.00,
// quantities, unit prices and rates number cells in General, dates real date
// cells formatted yyyy-mm-dd, booleans boolean cells; every header row is bold
// and frozen. Text longer than Excel's 32,767-character cell limit is cut
// there. Inside a ZIP, workbook parts are stored and the archive deflates
// each .xlsx as a whole; a single .xlsx is deflated at the fastest level.
//
// # accounting_csv
//
// A bill (accounts payable) import, one row per line item with the bill's
// fields repeated; comma-separated, '.' decimals, no byte-order mark (European
// does not apply). A document without line items gives one line: description
// "<type> <number>", quantity 1, amount the net total (gross - tax, or gross,
// when the net total was not read).
//
// Profile "xero" (default) uses the columns of Xero's bills import template
// (Business > Bills to pay > Import), '*' marking the ones Xero requires, all
// of which are always filled:
//
//	*ContactName      seller name (invoice) or merchant name (receipt); "Unknown supplier" if unread
//	EmailAddress      empty
//	POAddressLine1    merchant address on one line (receipts); empty for invoices
//	POAddressLine2-4, POCity, PORegion, POPostalCode, POCountry   empty
//	*InvoiceNumber    invoice or receipt number; the document id if unread
//	*InvoiceDate      invoice or receipt date in DateFormat; created_at's day if unread
//	*DueDate          due date; the invoice date if unread (a receipt is due on its date)
//	Total             empty: Xero computes it
//	InventoryItemCode empty
//	Description       ProductName ("Item" if unread)
//	*Quantity         ProductQuantity; 1 when quantity or unit price is unread
//	*UnitAmount       ProductUnitPrice; ProductTotalPrice when quantity or price is unread; 0 if none
//	*AccountCode      AccountingOptions.AccountCode, default 429 (General Expenses)
//	*TaxType          AccountingOptions.TaxTypeByRate[line TaxRate], else TaxType, default "Tax on Purchases"
//	TaxAmount, TrackingName1, TrackingOption1, TrackingName2, TrackingOption2   empty
//	Currency          Currency
//
// Unit amounts are as printed on the document: invoices usually show net
// prices (choose "Tax exclusive" when importing), receipts gross prices ("Tax
// inclusive"). DateFormat defaults to DD/MM/YYYY; use the format of the Xero
// organisation's region (MM/DD/YYYY in the US).
//
// Profile "quickbooks" targets QuickBooks Online's bill import
// (Settings > Import data > Bills), one row per line:
//
//	Bill No.          as *InvoiceNumber
//	Vendor            as *ContactName
//	Bill Date         as *InvoiceDate, DateFormat default MM/DD/YYYY
//	Due Date          as *DueDate
//	Memo              "docextract <document id>"
//	Account           AccountingOptions.AccountCode, default "Uncategorized Expense"
//	Line Description  as Description
//	Line Amount       ProductTotalPrice, else quantity × unit price
//	Line Tax Code     as *TaxType, default empty
//	Currency          Currency
//
// # Safety
//
// Every text cell, in CSV, XLSX and accounting CSV alike, goes through
// SafeText: a value that starts with = + - @ TAB CR or LF (also after leading
// white space, and their full-width forms) is prefixed with a single quote so
// no spreadsheet evaluates it. Numbers are never prefixed: a negative amount
// is a plain number field or a number cell. XLSX text cells are string cells,
// never formulas.
package export
