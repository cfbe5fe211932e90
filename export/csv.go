package export

import (
	"encoding/csv"
	"io"
)

// utf8BOM is the byte-order mark that makes Excel read a CSV as UTF-8.
const utf8BOM = "\uFEFF"

// writeCSV writes the csv export of d: a header row, then one row per line
// item (or transaction) with the document columns repeated in front of it.
// A document without lines still gives one row, its line columns empty.
func writeCSV(w io.Writer, d *Document, opt Options) error {
	t, _ := tableOf(d)
	if !opt.OmitBOM {
		if _, err := io.WriteString(w, utf8BOM); err != nil {
			return err
		}
	}
	cw := csv.NewWriter(w)
	cw.UseCRLF = true // RFC 4180
	if opt.European {
		cw.Comma = ';'
	}
	n := len(t.docCols) + len(t.lineCols)
	row := make([]string, 0, n)
	for _, c := range t.docCols {
		row = append(row, c.name)
	}
	for _, c := range t.lineCols {
		row = append(row, c.name)
	}
	if err := cw.Write(row); err != nil {
		return err
	}
	docPart := make([]string, len(t.docVals))
	for i, v := range t.docVals {
		docPart[i] = v.csvString(opt.European)
	}
	lines := t.lines
	if len(lines) == 0 {
		lines = [][]value{nil}
	}
	for _, line := range lines {
		row = append(row[:0], docPart...)
		for i := range t.lineCols {
			if line == nil {
				row = append(row, "")
				continue
			}
			row = append(row, line[i].csvString(opt.European))
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
