package export

import (
	"archive/zip"
	"compress/flate"
	"fmt"
	"io"
	"sync"

	"github.com/docextract/docextract"
	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"
)

const xlsxContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// Number formats of the XLSX export.
const (
	xlsxMoneyFormat = "#,##0.00"
	xlsxDateFormat  = "yyyy-mm-dd"
)

// xlsxStyles are the style ids of one workbook.
type xlsxStyles struct {
	header, money, date int
}

// writeXLSX writes the xlsx export of d, built with excelize's StreamWriter:
//
//   - "Document": two columns, Field and Value, one row per document field;
//   - "Line items" (invoices, receipts) or "Transactions" (bank statements):
//     a header row and one row per line;
//   - "Taxes" (invoices): TaxRate, TaxableAmount, TaxAmount per VAT rate;
//   - "Validation": name, passed, expected, actual, message per check, and
//     the calculation_logic sentence above them.
//
// Amounts are number cells formatted #,##0.00, quantities, unit prices and
// rates are number cells in the General format, dates are date cells
// formatted yyyy-mm-dd, booleans are boolean cells. Every header row is
// frozen. Text cells are string cells (never formulas) and are neutralised
// with SafeText as in CSV, so a sheet saved again as CSV stays safe.
func writeXLSX(w io.Writer, d *Document, storeParts bool) error {
	t, _ := tableOf(d)
	f := excelize.NewFile()
	defer f.Close()
	if storeParts {
		f.SetZipWriter(storedZip)
	} else {
		f.SetZipWriter(fastZip)
	}
	var st xlsxStyles
	var err error
	if st.header, err = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}}); err != nil {
		return err
	}
	if st.money, err = f.NewStyle(&excelize.Style{CustomNumFmt: ptr(xlsxMoneyFormat)}); err != nil {
		return err
	}
	if st.date, err = f.NewStyle(&excelize.Style{CustomNumFmt: ptr(xlsxDateFormat)}); err != nil {
		return err
	}

	if err := f.SetSheetName("Sheet1", "Document"); err != nil {
		return err
	}
	sw, err := f.NewStreamWriter("Document")
	if err != nil {
		return err
	}
	if err := startSheet(sw, st, []column{{"Field", kText, 20}, {"Value", kText, 40}}); err != nil {
		return err
	}
	for i, c := range t.docCols {
		if err := sw.SetRow(cellName(1, i+2), []any{c.name, st.cell(t.docVals[i])}); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}

	if err := writeSheet(f, st, t.lineName, t.lineCols, t.lines); err != nil {
		return err
	}
	if t.taxCols != nil {
		if err := writeSheet(f, st, "Taxes", t.taxCols, t.taxes); err != nil {
			return err
		}
	}
	if err := writeValidation(f, st, d.Validation); err != nil {
		return err
	}
	return f.Write(w)
}

// writeSheet adds a sheet with a frozen header row and one row per entry.
func writeSheet(f *excelize.File, st xlsxStyles, name string, cols []column, rows [][]value) error {
	if _, err := f.NewSheet(name); err != nil {
		return err
	}
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return err
	}
	if err := startSheet(sw, st, cols); err != nil {
		return err
	}
	cells := make([]any, len(cols))
	for r, row := range rows {
		for i, v := range row {
			cells[i] = st.cell(v)
		}
		if err := sw.SetRow(cellName(1, r+2), cells); err != nil {
			return err
		}
	}
	return sw.Flush()
}

func writeValidation(f *excelize.File, st xlsxStyles, v docextract.Validation) error {
	cols := []column{{"name", kText, 28}, {"passed", kBool, 8}, {"expected", kNumber, 14}, {"actual", kNumber, 14}, {"message", kText, 60}}
	rows := make([][]value, 0, len(v.Details.Checks)+2)
	for _, c := range v.Details.Checks {
		rows = append(rows, []value{textS(c.Name), boolean(c.Passed), decimalOrText(c.Expected), decimalOrText(c.Actual), textS(c.Message)})
	}
	rows = append(rows,
		[]value{textS("passed"), boolean(v.Passed), {null: true}, {null: true}, {null: true}},
		[]value{textS("calculation_logic"), {null: true}, {null: true}, {null: true}, textS(v.Details.CalculationLogic)})
	return writeSheet(f, st, "Validation", cols, rows)
}

// decimalOrText is a number cell for a decimal string, text otherwise.
func decimalOrText(p *string) value {
	if p == nil {
		return value{kind: kNumber, null: true}
	}
	if d, err := decimal.NewFromString(*p); err == nil {
		return value{kind: kNumber, d: d}
	}
	return textS(*p)
}

// startSheet sets column widths, freezes row 1 and writes the bold header.
func startSheet(sw *excelize.StreamWriter, st xlsxStyles, cols []column) error {
	for i, c := range cols {
		if c.width > 0 {
			if err := sw.SetColWidth(i+1, i+1, c.width); err != nil {
				return err
			}
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	header := make([]any, len(cols))
	for i, c := range cols {
		header[i] = excelize.Cell{StyleID: st.header, Value: c.name}
	}
	return sw.SetRow("A1", header)
}

// cell turns v into a stream-writer cell of the right type and style.
func (st xlsxStyles) cell(v value) any {
	if v.null {
		return nil
	}
	switch v.kind {
	case kMoney:
		f, _ := v.d.Float64()
		return excelize.Cell{StyleID: st.money, Value: f}
	case kNumber:
		f, _ := v.d.Float64()
		return f
	case kDate:
		return excelize.Cell{StyleID: st.date, Value: v.t}
	case kInt:
		return v.i
	case kBool:
		return v.b
	}
	return SafeText(v.s)
}

func cellName(col, row int) string {
	name, err := excelize.CoordinatesToCellName(col, row)
	if err != nil {
		panic(fmt.Sprintf("export: cell %d,%d: %v", col, row, err))
	}
	return name
}

// fastZip writes the workbook package with the fastest deflate level: the
// parts are small and repetitive, so it costs little size and saves most of
// the time excelize spends compressing at the default level.
func fastZip(w io.Writer) excelize.ZipWriter {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, fastDeflate)
	return zw
}

// storedZip writes the workbook package uncompressed, for an XLSX that goes
// into an export ZIP which deflates it as a whole: one compression pass over
// the file instead of one per part, and a smaller archive.
func storedZip(w io.Writer) excelize.ZipWriter { return storeWriter{zip.NewWriter(w)} }

type storeWriter struct{ *zip.Writer }

func (s storeWriter) Create(name string) (io.Writer, error) {
	return s.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store})
}

// flatePool reuses BestSpeed compressors: each holds about a megabyte of
// tables, too much to allocate per workbook part.
var flatePool sync.Pool

func fastDeflate(out io.Writer) (io.WriteCloser, error) {
	if fw, ok := flatePool.Get().(*flate.Writer); ok {
		fw.Reset(out)
		return pooledFlate{fw}, nil
	}
	fw, err := flate.NewWriter(out, flate.BestSpeed)
	if err != nil {
		return nil, err
	}
	return pooledFlate{fw}, nil
}

type pooledFlate struct{ *flate.Writer }

func (p pooledFlate) Close() error {
	err := p.Writer.Close()
	flatePool.Put(p.Writer)
	return err
}

func ptr[T any](v T) *T { return &v }
