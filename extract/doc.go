// Package extract turns a PDF, JPEG or PNG invoice, receipt or bank statement
// into structured, validated data (docextract.ExtractionData plus a
// docextract.Validation), without the server: bytes in, documents out.
//
// An Extractor is created once per process and is safe for concurrent use.
// It reads PDFs with the engine it is given (Config.PDF, the small pdf.Engine
// interface), so this package links no PDF engine; package withpdfium wires
// in PDFium (WebAssembly, no cgo) in one call:
//
//	x, err := withpdfium.New(extract.Config{}, pdfium.Config{})
//	defer x.Close()
//	res, err := x.Extract(ctx, extract.Input{Data: b, DocType: docextract.Invoice})
//
// Embedded e-invoices (Factur-X / ZUGFeRD / XRechnung CII, UBL) are read
// exactly; other PDFs go through the layout-based text path; images and scanned
// pages through OCR. It is not a storage or HTTP layer.
package extract
