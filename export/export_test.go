package export_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/export"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

func build(t *testing.T, f export.Format, opt export.Options, docs ...export.Document) (export.File, []byte) {
	t.Helper()
	var buf bytes.Buffer
	file, err := export.Write(context.Background(), &buf, f, docs, opt)
	require.NoError(t, err)
	require.Equal(t, int64(buf.Len()), file.Size)
	return file, buf.Bytes()
}

func readCSV(t *testing.T, b []byte, comma rune) [][]string {
	t.Helper()
	b = bytes.TrimPrefix(b, []byte("\uFEFF"))
	r := csv.NewReader(bytes.NewReader(b))
	r.Comma = comma
	rows, err := r.ReadAll()
	require.NoError(t, err)
	return rows
}

// col returns the value of the named column in row i (header is row 0).
func col(t *testing.T, rows [][]string, i int, name string) string {
	t.Helper()
	for j, h := range rows[0] {
		if h == name {
			return rows[i][j]
		}
	}
	t.Fatalf("no column %q in %v", name, rows[0])
	return ""
}

func TestParseFormat(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]export.Format{"": export.JSON, "json": export.JSON, "csv": export.CSV, "xlsx": export.XLSX, "accounting_csv": export.AccountingCSV} {
		got, err := export.ParseFormat(in)
		require.NoError(t, err)
		require.Equal(t, want, got)
	}
	for _, bad := range []string{"pdf", "CSV", "xls", " csv"} {
		_, err := export.ParseFormat(bad)
		require.Error(t, err)
		require.Equal(t, docextract.EINVALID, docextract.ErrorCode(err))
		require.Equal(t, "Unsupported format: "+bad, docextract.ErrorMessage(err))
	}
}

func TestSupports(t *testing.T) {
	t.Parallel()
	tests := []struct {
		f    export.Format
		t    docextract.DocType
		want bool
	}{
		{export.JSON, docextract.BankStatement, true},
		{export.CSV, docextract.BankStatement, true},
		{export.XLSX, docextract.BankStatement, true},
		{export.AccountingCSV, docextract.BankStatement, false},
		{export.AccountingCSV, docextract.Invoice, true},
		{export.AccountingCSV, docextract.Receipt, true},
		{export.CSV, docextract.Other, false},
		{"pdf", docextract.Invoice, false},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, export.Supports(tt.f, tt.t), "%s/%s", tt.f, tt.t)
	}
}

func TestSafeText(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"", ""},
		{"Widget", "Widget"},
		{"=1+1", "'=1+1"},
		{"+49 30 1234", "'+49 30 1234"},
		{"-Discount", "'-Discount"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\tx", "'\tx"},
		{"\rx", "'\rx"},
		{"  =1+1", "'  =1+1"},
		{"\u00a0=1", "'\u00a0=1"},
		{"＝1+1", "'＝1+1"},
		{"a=b", "a=b"},
		{"12-3", "12-3"},
		{"bad\xffutf8", "bad\uFFFDutf8"},
		{"nul\x00byte", "nulbyte"},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, export.SafeText(tt.in), "%q", tt.in)
	}
}

func TestContentDisposition(t *testing.T) {
	t.Parallel()
	require.Equal(t, `attachment; filename="documents_csv.zip"; filename*=UTF-8''documents_csv.zip`,
		export.ContentDisposition("documents_csv.zip"))
	require.Equal(t, `attachment; filename="Rechnung_M_ller _1_.csv"; filename*=UTF-8''Rechnung_M%C3%BCller%20%221%22.csv`,
		export.ContentDisposition(`Rechnung_Müller "1".csv`))
}

func TestCSV(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		doc      export.Document
		rows     int // data rows
		fileName string
		check    func(t *testing.T, rows [][]string)
	}{
		{"invoice", invoiceDoc("3f2a9c1b-0000-4000-8000-000000000001", "INV/2024 001", 3), 3, "invoice_INV_2024_001_3f2a9c1b.csv", func(t *testing.T, rows [][]string) {
			require.Equal(t, "INV/2024 001", col(t, rows, 1, "InvoiceNumber"))
			require.Equal(t, "2024-03-15", col(t, rows, 1, "InvoiceDate"))
			require.Equal(t, "119.00", col(t, rows, 3, "TotalGrossPrice"), "money has two decimals at least")
			require.Equal(t, `'=HYPERLINK("http://evil","x")`, col(t, rows, 2, "BuyerName"))
			require.Equal(t, "Müller & Söhne GmbH", col(t, rows, 1, "SellerName"))
			require.Equal(t, "3", col(t, rows, 3, "LineNumber"))
			require.Equal(t, "2.5", col(t, rows, 3, "ProductUnitPrice"))
			require.Equal(t, "true", col(t, rows, 1, "passed_validation"))
		}},
		{"invoice without lines", invoiceDoc("3f2a9c1b-0000-4000-8000-000000000001", "", 0), 1, "invoice_3f2a9c1b.csv", func(t *testing.T, rows [][]string) {
			require.Equal(t, "", col(t, rows, 1, "ProductName"))
			require.Equal(t, "100.00", col(t, rows, 1, "TotalNetPrice"))
		}},
		{"receipt", receiptDoc("aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"), 3, "receipt_R-77_aaaaaaaa.csv", func(t *testing.T, rows [][]string) {
			require.Equal(t, "'+Corner Café", col(t, rows, 1, "MerchantName"))
			require.Equal(t, "1 Main St\nSpringfield", col(t, rows, 1, "MerchantAddress"))
			require.Equal(t, "'-Discount", col(t, rows, 2, "ProductName"))
			require.Equal(t, "-1.00", col(t, rows, 2, "ProductTotalPrice"))
			require.Equal(t, "'@card", col(t, rows, 2, "PaymentMethod"))
		}},
		{"bank statement", statementDoc("12345678-bbbb-4ccc-8ddd-eeeeeeeeeeee"), 2, "bank_statement_2024-03-31_12345678.csv", func(t *testing.T, rows [][]string) {
			require.Equal(t, "-2150.25", col(t, rows, 2, "Amount"))
			require.Equal(t, "'\t=cmd|' /C calc'!A0", col(t, rows, 2, "Description"))
			require.Equal(t, "'-REF", col(t, rows, 2, "Reference"))
			require.Equal(t, "2024-03-06", col(t, rows, 2, "ValueDate"))
			require.Equal(t, "", col(t, rows, 1, "ValueDate"))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			file, b := build(t, export.CSV, export.Options{}, tt.doc)
			require.Equal(t, tt.fileName, file.Name)
			require.Equal(t, "text/csv; charset=utf-8", file.ContentType)
			require.True(t, bytes.HasPrefix(b, []byte("\uFEFF")), "BOM by default")
			require.Contains(t, string(b), "\r\n")
			rows := readCSV(t, b, ',')
			require.Len(t, rows, tt.rows+1)
			for _, r := range rows[1:] {
				require.Equal(t, tt.doc.ID, col(t, rows, 1, "document_id"))
				require.Len(t, r, len(rows[0]))
			}
			tt.check(t, rows)
		})
	}
}

func TestCSVEuropean(t *testing.T) {
	t.Parallel()
	_, b := build(t, export.CSV, export.Options{European: true, OmitBOM: true}, statementDoc("12345678-bbbb-4ccc-8ddd-eeeeeeeeeeee"))
	require.False(t, bytes.HasPrefix(b, []byte("\uFEFF")))
	rows := readCSV(t, b, ';')
	require.Equal(t, "-2150,25", col(t, rows, 2, "Amount"))
	require.Equal(t, "849,75", col(t, rows, 1, "ClosingBalance"))
	require.Equal(t, "2024-03-05", col(t, rows, 2, "Date"))
}

func TestXLSX(t *testing.T) {
	t.Parallel()
	file, b := build(t, export.XLSX, export.Options{}, invoiceDoc("3f2a9c1b-0000-4000-8000-000000000001", "INV-1", 2))
	require.Equal(t, "invoice_INV-1_3f2a9c1b.xlsx", file.Name)
	require.Equal(t, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", file.ContentType)
	x, err := excelize.OpenReader(bytes.NewReader(b))
	require.NoError(t, err)
	defer x.Close()
	require.Equal(t, []string{"Document", "Line items", "Taxes", "Validation"}, x.GetSheetList())

	// Document sheet: Field | Value.
	rows, err := x.GetRows("Document")
	require.NoError(t, err)
	require.Equal(t, []string{"Field", "Value"}, rows[0])
	find := func(field string) string {
		for i, r := range rows {
			if r[0] == field {
				name, _ := excelize.CoordinatesToCellName(2, i+1)
				return name
			}
		}
		t.Fatalf("no field %s", field)
		return ""
	}
	gross := find("TotalGrossPrice")
	requireNumberCell(t, x, "Document", gross)
	v, err := x.GetCellValue("Document", gross, excelize.Options{RawCellValue: true})
	require.NoError(t, err)
	require.Equal(t, "119", v)
	v, err = x.GetCellValue("Document", gross)
	require.NoError(t, err)
	require.Equal(t, "119.00", v)

	date := find("InvoiceDate")
	v, err = x.GetCellValue("Document", date, excelize.Options{RawCellValue: true})
	require.NoError(t, err)
	require.Equal(t, "45366", v, "2024-03-15 as an Excel serial date")
	v, err = x.GetCellValue("Document", date)
	require.NoError(t, err)
	require.Equal(t, "2024-03-15", v)

	buyer := find("BuyerName")
	f, err := x.GetCellFormula("Document", buyer)
	require.NoError(t, err)
	require.Empty(t, f)
	v, err = x.GetCellValue("Document", buyer)
	require.NoError(t, err)
	require.Equal(t, `'=HYPERLINK("http://evil","x")`, v)

	typ, err := x.GetCellType("Document", find("passed_validation"))
	require.NoError(t, err)
	require.Equal(t, excelize.CellTypeBool, typ)

	// Lines: frozen header, numbers as numbers.
	panes, err := x.GetPanes("Line items")
	require.NoError(t, err)
	require.True(t, panes.Freeze)
	require.Equal(t, 1, panes.YSplit)
	lines, err := x.GetRows("Line items")
	require.NoError(t, err)
	require.Len(t, lines, 3)
	require.Equal(t, []string{"LineNumber", "ProductName", "ProductQuantity", "Unit", "ProductUnitPrice", "ProductTotalPrice", "TaxRate"}, lines[0])
	require.Equal(t, []string{"2", "Widget 2", "2", "pcs", "2.5", "5.00", "19"}, lines[2])
	requireNumberCell(t, x, "Line items", "F3")
	requireNumberCell(t, x, "Line items", "C3")
}

func TestXLSXBankStatementNegative(t *testing.T) {
	t.Parallel()
	_, b := build(t, export.XLSX, export.Options{}, statementDoc("12345678-bbbb-4ccc-8ddd-eeeeeeeeeeee"))
	x, err := excelize.OpenReader(bytes.NewReader(b))
	require.NoError(t, err)
	defer x.Close()
	rows, err := x.GetRows("Transactions")
	require.NoError(t, err)
	require.Equal(t, []string{"LineNumber", "Date", "ValueDate", "Description", "Reference", "Amount", "Balance"}, rows[0])
	requireNumberCell(t, x, "Transactions", "F3")
	v, err := x.GetCellValue("Transactions", "F3", excelize.Options{RawCellValue: true})
	require.NoError(t, err)
	require.Equal(t, "-2150.25", v)
	require.Equal(t, "'\t=cmd|' /C calc'!A0", rows[2][3])
	require.Equal(t, "'-REF", rows[2][4])
	v, err = x.GetCellValue("Transactions", "B3")
	require.NoError(t, err)
	require.Equal(t, "2024-03-05", v)
}

// requireNumberCell checks that a cell is numeric: no string, inline-string,
// formula or boolean type (excelize reports plain numbers as unset or number).
func requireNumberCell(t *testing.T, x *excelize.File, sheet, cell string) {
	t.Helper()
	typ, err := x.GetCellType(sheet, cell)
	require.NoError(t, err)
	require.Contains(t, []excelize.CellType{excelize.CellTypeUnset, excelize.CellTypeNumber}, typ, "%s!%s", sheet, cell)
	raw, err := x.GetCellValue(sheet, cell, excelize.Options{RawCellValue: true})
	require.NoError(t, err)
	_, err = strconv.ParseFloat(raw, 64)
	require.NoError(t, err, "%s!%s = %q", sheet, cell, raw)
}

func TestAccountingXero(t *testing.T) {
	t.Parallel()
	file, b := build(t, export.AccountingCSV, export.Options{Accounting: export.AccountingOptions{
		AccountCode: "300", TaxTypeByRate: map[string]string{"19.0": "19% (VAT on Expenses)"},
	}}, invoiceDoc("3f2a9c1b-0000-4000-8000-000000000001", "INV-1", 2))
	require.Equal(t, "xero_invoice_INV-1_3f2a9c1b.csv", file.Name)
	require.False(t, bytes.HasPrefix(b, []byte("\uFEFF")), "no BOM for importers")
	rows := readCSV(t, b, ',')
	require.Equal(t, strings.Split("*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,*InvoiceNumber,*InvoiceDate,*DueDate,Total,InventoryItemCode,Description,*Quantity,*UnitAmount,*AccountCode,*TaxType,TaxAmount,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2,Currency", ","), rows[0])
	require.Len(t, rows, 3)
	for _, r := range rows[1:] {
		for j, h := range rows[0] {
			if strings.HasPrefix(h, "*") {
				require.NotEmpty(t, r[j], "required %s", h)
			}
		}
	}
	require.Equal(t, "Müller & Söhne GmbH", col(t, rows, 1, "*ContactName"))
	require.Equal(t, "15/03/2024", col(t, rows, 1, "*InvoiceDate"))
	require.Equal(t, "14/04/2024", col(t, rows, 1, "*DueDate"))
	require.Equal(t, "Widget 2", col(t, rows, 2, "Description"))
	require.Equal(t, "2", col(t, rows, 2, "*Quantity"))
	require.Equal(t, "2.50", col(t, rows, 2, "*UnitAmount"))
	require.Equal(t, "300", col(t, rows, 2, "*AccountCode"))
	require.Equal(t, "19% (VAT on Expenses)", col(t, rows, 2, "*TaxType"))
	require.Equal(t, "EUR", col(t, rows, 2, "Currency"))
}

func TestAccountingReceiptDefaults(t *testing.T) {
	t.Parallel()
	_, b := build(t, export.AccountingCSV, export.Options{}, receiptDoc("aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"))
	rows := readCSV(t, b, ',')
	require.Len(t, rows, 4)
	require.Equal(t, "'+Corner Café", col(t, rows, 1, "*ContactName"))
	require.Equal(t, "1 Main St Springfield", col(t, rows, 1, "POAddressLine1"))
	require.Equal(t, "29/02/2024", col(t, rows, 1, "*DueDate"), "a receipt is due on its date")
	require.Equal(t, "'-Discount", col(t, rows, 2, "Description"))
	require.Equal(t, "1", col(t, rows, 2, "*Quantity"))
	require.Equal(t, "-1.00", col(t, rows, 2, "*UnitAmount"))
	require.Equal(t, "429", col(t, rows, 2, "*AccountCode"))
	require.Equal(t, "Tax on Purchases", col(t, rows, 2, "*TaxType"))
}

func TestAccountingQuickBooks(t *testing.T) {
	t.Parallel()
	doc := invoiceDoc("3f2a9c1b-0000-4000-8000-000000000001", "INV-1", 0)
	doc.Data.(*docextract.InvoiceData).General.InvoiceDate = nil
	_, b := build(t, export.AccountingCSV, export.Options{Accounting: export.AccountingOptions{Profile: "quickbooks", DateFormat: "YYYY-MM-DD"}}, doc)
	rows := readCSV(t, b, ',')
	require.Equal(t, []string{"Bill No.", "Vendor", "Bill Date", "Due Date", "Memo", "Account", "Line Description", "Line Amount", "Line Tax Code", "Currency"}, rows[0])
	require.Len(t, rows, 2)
	require.Equal(t, "INV-1", col(t, rows, 1, "Bill No."))
	require.Equal(t, "2024-03-16", col(t, rows, 1, "Bill Date"), "created_at stands in for a missing date")
	require.Equal(t, "2024-04-14", col(t, rows, 1, "Due Date"))
	require.Equal(t, "Uncategorized Expense", col(t, rows, 1, "Account"))
	require.Equal(t, "100.00", col(t, rows, 1, "Line Amount"), "net total when no lines were read")
	require.Equal(t, "invoice INV-1", col(t, rows, 1, "Line Description"))
}

func TestAccountingBadOptions(t *testing.T) {
	t.Parallel()
	for _, opt := range []export.AccountingOptions{{Profile: "sage"}, {DateFormat: "D/M/Y"}, {DateFormat: "YYYY-MM-DD %s"}} {
		_, err := export.Write(context.Background(), io.Discard, export.AccountingCSV, []export.Document{receiptDoc("a")}, export.Options{Accounting: opt})
		require.Equal(t, docextract.EINVALID, docextract.ErrorCode(err), "%+v", opt)
	}
	// Accounting options do not matter to other formats.
	_, err := export.Write(context.Background(), io.Discard, export.CSV, []export.Document{receiptDoc("a")}, export.Options{Accounting: export.AccountingOptions{Profile: "sage"}})
	require.NoError(t, err)
}

func TestJSON(t *testing.T) {
	t.Parallel()
	file, b := build(t, export.JSON, export.Options{}, invoiceDoc("3f2a9c1b-0000-4000-8000-000000000001", "INV-1", 1))
	require.Equal(t, "invoice_INV-1_3f2a9c1b.json", file.Name)
	require.Equal(t, "application/json", file.ContentType)
	var got map[string]any
	require.NoError(t, json.Unmarshal(b, &got))
	require.Equal(t, "3f2a9c1b-0000-4000-8000-000000000001", got["document_id"])
	require.Equal(t, true, got["passed_validation"])
	require.Equal(t, float64(1), got["credits_used"])
	require.Equal(t, "net + tax = gross", got["validation"].(map[string]any)["details"].(map[string]any)["calculation_logic"])
	general := got["extraction_data"].(map[string]any)["general"].(map[string]any)
	require.Equal(t, float64(119), general["TotalGrossPrice"])
	require.Contains(t, string(b), `"ProductUnitPrice": 2.5,`, "amounts are JSON numbers")
	require.NotContains(t, got, "confidence", "no confidence given, none written")

	d := invoiceDoc("3f2a9c1b-0000-4000-8000-000000000001", "INV-1", 1)
	d.Confidence = map[string]float64{"TotalGrossPrice": 0.97, "InvoiceNumber": 0.8}
	_, b = build(t, export.JSON, export.Options{}, d)
	got = nil
	require.NoError(t, json.Unmarshal(b, &got))
	require.Equal(t, map[string]any{"TotalGrossPrice": 0.97, "InvoiceNumber": 0.8}, got["confidence"])
}

func TestZip(t *testing.T) {
	t.Parallel()
	docs := []export.Document{
		invoiceDoc("3f2a9c1b-0000-4000-8000-000000000001", "INV-1", 2),
		invoiceDoc("3f2a9c1b-0000-4000-8000-000000000002", "INV-1", 2), // same number and short id
		receiptDoc("aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"),
		statementDoc("12345678-bbbb-4ccc-8ddd-eeeeeeeeeeee"),
	}
	for _, f := range []export.Format{export.JSON, export.CSV, export.XLSX} {
		t.Run(string(f), func(t *testing.T) {
			t.Parallel()
			file, b := build(t, f, export.Options{}, docs...)
			require.Equal(t, "documents_"+string(f)+".zip", file.Name)
			require.Equal(t, "application/zip", file.ContentType)
			require.Equal(t, 4, file.Files)
			zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
			require.NoError(t, err)
			var names []string
			for _, zf := range zr.File {
				names = append(names, zf.Name)
				rc, err := zf.Open()
				require.NoError(t, err)
				_, err = io.Copy(io.Discard, rc) // checks the CRC
				require.NoError(t, err)
				require.NoError(t, rc.Close())
			}
			ext := "." + string(f)
			require.Equal(t, []string{"invoice_INV-1_3f2a9c1b" + ext, "invoice_INV-1_3f2a9c1b-2" + ext, "receipt_R-77_aaaaaaaa" + ext, "bank_statement_2024-03-31_12345678" + ext}, names)
			checkZipTools(t, b)
		})
	}
}

// checkZipTools opens the archive with `unzip -t` and Python's zipfile.
func checkZipTools(t *testing.T, b []byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "x.zip")
	require.NoError(t, os.WriteFile(path, b, 0o600))
	if _, err := exec.LookPath("unzip"); err != nil {
		t.Log("unzip not installed; skipping `unzip -t` check (apt-get install -y unzip)")
	} else {
		out, err := exec.Command("unzip", "-t", path).CombinedOutput()
		require.NoError(t, err, "%s", out)
		require.Contains(t, string(out), "No errors detected")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Log("python3 not installed; skipping zipfile check")
	} else {
		out, err := exec.Command("python3", "-c", "import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); bad=z.testzip(); assert bad is None, bad; print(len(z.namelist()))", path).CombinedOutput()
		require.NoError(t, err, "%s", out)
	}
}

func TestSkipUnsupported(t *testing.T) {
	t.Parallel()
	file, b := build(t, export.AccountingCSV, export.Options{},
		statementDoc("12345678-bbbb-4ccc-8ddd-eeeeeeeeeeee"), invoiceDoc("3f2a9c1b-0000-4000-8000-000000000001", "INV-1", 1))
	require.Equal(t, []string{"12345678-bbbb-4ccc-8ddd-eeeeeeeeeeee"}, file.Skipped)
	require.Equal(t, "xero_invoice_INV-1_3f2a9c1b.csv", file.Name, "one exportable document gives the file itself")
	require.Len(t, readCSV(t, b, ','), 2)
}

func TestErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var w bytes.Buffer
	_, err := export.Write(ctx, &w, "pdf", []export.Document{receiptDoc("a")}, export.Options{})
	require.Equal(t, docextract.EINVALID, docextract.ErrorCode(err))
	require.Equal(t, "Unsupported format: pdf", docextract.ErrorMessage(err))

	_, err = export.Write(ctx, &w, export.AccountingCSV, []export.Document{statementDoc("a"), statementDoc("b")}, export.Options{})
	require.Equal(t, docextract.EUNPROCESSABLE, docextract.ErrorCode(err))
	require.Equal(t, "Failed to generate any valid ACCOUNTING_CSV files.", docextract.ErrorMessage(err))

	_, err = export.Write(ctx, &w, export.CSV, []export.Document{{ID: "x", DocType: docextract.Other}}, export.Options{})
	require.Equal(t, "Failed to generate any valid CSV files.", docextract.ErrorMessage(err))

	_, err = export.Write(ctx, &w, export.CSV, nil, export.Options{})
	require.Equal(t, docextract.EINVALID, docextract.ErrorCode(err))

	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = export.Write(cctx, &w, export.CSV, []export.Document{receiptDoc("a"), receiptDoc("b")}, export.Options{})
	require.ErrorIs(t, err, context.Canceled)
	require.Zero(t, w.Len(), "nothing is written on error")
}

func TestSpoolToTempFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	docs := make([]export.Document, 20)
	for i := range docs {
		docs[i] = invoiceDoc("3f2a9c1b-0000-4000-8000-0000000000"+string(rune('a'+i))+"0", "INV", 50)
	}
	e, err := export.Build(context.Background(), export.CSV, docs, export.Options{TempDir: dir, MemoryLimit: 1024})
	require.NoError(t, err)
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, ents, 1, "spooled to a temporary file")
	var buf bytes.Buffer
	n, err := e.WriteTo(&buf)
	require.NoError(t, err)
	require.Equal(t, e.Size, n)
	require.NoError(t, e.Close())
	require.NoError(t, e.Close())
	ents, err = os.ReadDir(dir)
	require.NoError(t, err)
	require.Empty(t, ents, "Close removes the temporary file")
	checkZipTools(t, buf.Bytes())
}
