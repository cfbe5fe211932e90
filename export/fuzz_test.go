package export_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/export"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

// formulaLike reports whether a spreadsheet could take s for a formula: its
// first non-space rune is one of the trigger characters.
func formulaLike(s string) bool {
	for _, r := range s {
		if strings.ContainsRune("=+-@\t\r\n＝＋－＠", r) {
			return true
		}
		if !unicode.IsSpace(r) {
			return false
		}
	}
	return false
}

var fuzzSeeds = []string{
	"", "plain", "=1+1", "+1", "-1", "@SUM(A1)", "\t=x", "\r=x", " \n=x", "=cmd|' /C calc'!A0",
	"\"quoted\",comma;semi", "line\nbreak", "\x00nul", "\xff\xfe", "＝1", "\u00a0-3", "'already",
}

func FuzzCSVCell(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		safe := export.SafeText(s)
		require.True(t, utf8.ValidString(safe))
		require.False(t, formulaLike(safe), "%q -> %q", s, safe)
		if formulaLike(s) && utf8.ValidString(s) && !strings.Contains(s, "\x00") {
			require.Equal(t, "'"+s, safe)
		}
		// A CSV field round-trips through encoding/csv.
		var buf bytes.Buffer
		w := csv.NewWriter(&buf)
		require.NoError(t, w.Write([]string{safe, "x"}))
		w.Flush()
		rows, err := csv.NewReader(&buf).ReadAll()
		require.NoError(t, err)
		require.Len(t, rows, 1)
		// encoding/csv turns \r\n inside quoted fields into \n.
		require.Equal(t, strings.ReplaceAll(safe, "\r\n", "\n"), rows[0][0])
	})
}

// FuzzExport puts arbitrary extracted text into every text field of an
// invoice and checks that CSV, accounting CSV and XLSX exports parse back,
// keep their shape, and contain no formula.
func FuzzExport(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, s, "2024-01-31", "-12.5")
	}
	f.Fuzz(func(t *testing.T, name, number, date, amount string) {
		a, err := docextract.ParseAmount(amount)
		if err != nil || a.Exponent() < -20 || a.Exponent() > 20 {
			a = nil
		}
		doc := invoiceDoc("3f2a9c1b-0000-4000-8000-000000000001", number, 2)
		data := doc.Data.(*docextract.InvoiceData)
		data.General.SellerName, data.General.BuyerName, data.General.InvoiceDate = &name, &name, &date
		data.LineItems[1].ProductName, data.LineItems[1].ProductTotalPrice, data.LineItems[1].ProductUnitPrice = &name, a, a
		doc.FileName = name
		ctx := context.Background()

		for _, opt := range []export.Options{{}, {European: true}} {
			var buf bytes.Buffer
			_, err := export.Write(ctx, &buf, export.CSV, []export.Document{doc}, opt)
			require.NoError(t, err)
			r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(buf.Bytes(), []byte("\uFEFF"))))
			if opt.European {
				r.Comma = ';'
			}
			rows, err := r.ReadAll()
			require.NoError(t, err)
			require.Len(t, rows, 3)
			for _, c := range []string{"SellerName", "BuyerName", "InvoiceNumber", "file_name", "ProductName", "InvoiceDate"} {
				for i := 1; i < len(rows); i++ {
					require.False(t, formulaLike(col(t, rows, i, c)), "%s = %q", c, col(t, rows, i, c))
				}
			}
		}

		var buf bytes.Buffer
		_, err = export.Write(ctx, &buf, export.AccountingCSV, []export.Document{doc}, export.Options{})
		require.NoError(t, err)
		rows, err := csv.NewReader(&buf).ReadAll()
		require.NoError(t, err)
		require.Len(t, rows, 3)
		for i := 1; i < 3; i++ {
			for _, c := range []string{"*ContactName", "*InvoiceNumber", "Description"} {
				require.False(t, formulaLike(col(t, rows, i, c)))
			}
		}

		buf.Reset()
		file, err := export.Write(ctx, &buf, export.XLSX, []export.Document{doc}, export.Options{})
		require.NoError(t, err)
		require.Regexp(t, `^[A-Za-z0-9._-]+$`, file.Name)
		x, err := excelize.OpenReader(&buf)
		require.NoError(t, err)
		defer x.Close()
		for _, sheet := range x.GetSheetList() {
			rows, err := x.GetRows(sheet)
			require.NoError(t, err)
			for r, row := range rows {
				for c, v := range row {
					cell, _ := excelize.CoordinatesToCellName(c+1, r+1)
					formula, err := x.GetCellFormula(sheet, cell)
					require.NoError(t, err)
					require.Empty(t, formula)
					typ, err := x.GetCellType(sheet, cell)
					require.NoError(t, err)
					if typ == excelize.CellTypeInlineString || typ == excelize.CellTypeSharedString {
						require.False(t, formulaLike(v), "%s!%s = %q", sheet, cell, v)
					}
				}
			}
		}
	})
}
