package export_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/export"
	"github.com/stretchr/testify/require"
)

// TestLibreOffice opens the XLSX and CSV exports in LibreOffice Calc
// (headless), converts them to CSV and checks that numbers, dates and
// neutralised text arrive as intended. It is skipped when soffice is not
// installed (apt-get install -y libreoffice-calc-nogui) or under -short.
func TestLibreOffice(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping LibreOffice round trip in -short mode")
	}
	soffice, err := exec.LookPath("soffice")
	if err != nil {
		if soffice, err = exec.LookPath("libreoffice"); err != nil {
			t.Skip("LibreOffice not installed (apt-get install -y libreoffice-calc-nogui); skipping the round trip")
		}
	}
	dir := t.TempDir()
	inv := invoiceDoc("3f2a9c1b-0000-4000-8000-000000000001", "INV-1", 2)
	inv.Data.(*docextract.InvoiceData).LineItems[0].ProductName = docextract.Str("=1+1")
	st := statementDoc("12345678-bbbb-4ccc-8ddd-eeeeeeeeeeee")
	write := func(name string, f export.Format, doc export.Document) string {
		var buf bytes.Buffer
		_, err := export.Write(context.Background(), &buf, f, []export.Document{doc}, export.Options{})
		require.NoError(t, err)
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, buf.Bytes(), 0o600))
		return p
	}
	inputs := []string{
		write("inv.xlsx", export.XLSX, inv),
		write("st.xlsx", export.XLSX, st),
		write("invcsv.csv", export.CSV, inv),
		write("stcsv.csv", export.CSV, st),
	}
	out := filepath.Join(dir, "out")
	// 44,34,76: comma, double quote, UTF-8; 1: first line; ,,0,false,true:
	// cells as shown; -1: every sheet to its own file (<name>-<Sheet>.csv).
	filter := "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1"
	args := append([]string{"-env:UserInstallation=file://" + filepath.Join(dir, "profile"), "--headless",
		"--infilter=CSV:44,34,76,1", "--convert-to", filter, "--outdir", out}, inputs...)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmdOut, err := exec.CommandContext(ctx, soffice, args...).CombinedOutput()
	if d := os.Getenv("LO_KEEP"); d != "" {
		_ = exec.Command("cp", "-r", out, d).Run()
	}
	require.NoError(t, err, "%s", cmdOut)

	read := func(name string) [][]string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(out, name))
		require.NoError(t, err, "LibreOffice output %s; soffice said: %s", name, cmdOut)
		r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(b, []byte("\uFEFF"))))
		r.FieldsPerRecord = -1
		rows, err := r.ReadAll()
		require.NoError(t, err)
		return rows
	}
	field := func(rows [][]string, name string) string {
		t.Helper()
		for _, r := range rows {
			if len(r) > 1 && r[0] == name {
				return r[1]
			}
		}
		t.Fatalf("no field %s in %v", name, rows)
		return ""
	}

	// XLSX: Document sheet as shown (dates yyyy-mm-dd, money #,##0.00).
	doc := read("inv-Document.csv")
	require.Equal(t, "2024-03-15", field(doc, "InvoiceDate"))
	require.Equal(t, "119.00", field(doc, "TotalGrossPrice"))
	require.Equal(t, `'=HYPERLINK("http://evil","x")`, field(doc, "BuyerName"))
	require.Equal(t, "TRUE", field(doc, "passed_validation"))
	lines := read("inv-Line items.csv")
	require.Equal(t, []string{"1", "'=1+1", "2", "pcs", "2.5", "5.00", "19"}, lines[1])
	tr := read("st-Transactions.csv")
	require.Equal(t, []string{"2", "2024-03-05", "2024-03-06", "'\t=cmd|' /C calc'!A0", "'-REF", "-2,150.25", "849.75"}, tr[2])

	// CSV: LibreOffice reads the numbers and dates back, the text stays text.
	c := read("invcsv-invcsv.csv")
	require.Equal(t, "'=1+1", col(t, c, 1, "ProductName"))
	require.Equal(t, "119", col(t, c, 1, "TotalGrossPrice"))
	require.Contains(t, []string{"2024-03-15", "03/15/24", "03/15/2024"}, col(t, c, 1, "InvoiceDate"))
	s := read("stcsv-stcsv.csv")
	require.Equal(t, "-2150.25", col(t, s, 2, "Amount"))
	require.True(t, strings.HasPrefix(col(t, s, 2, "Description"), "'"))
}
