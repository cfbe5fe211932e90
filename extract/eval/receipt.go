package eval

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
)

// The fields scored on receipts, in report order (TotalGrossPrice is shared
// with invoices).
const (
	FieldMerchantName    = "MerchantName"
	FieldReceiptDate     = "ReceiptDate"
	FieldMerchantAddress = "MerchantAddress"
)

// ReceiptFields lists the scored receipt fields in report order; set
// Report.Fields to it when scoring receipts.
var ReceiptFields = []string{FieldMerchantName, FieldReceiptDate, FieldTotalGrossPrice, FieldMerchantAddress}

// Paths of a receipt evaluation.
const (
	// PathBox is extraction from ground-truth text lines with their boxes
	// (no OCR): it measures the rules alone.
	PathBox = "box"
	// PathOCR is extraction from the OCR of the receipt's image.
	PathOCR = "ocr"
)

// maxReceiptFile bounds the truth and box files LoadReceipts reads.
const maxReceiptFile = 1 << 20

// ReceiptCase is one receipt of a corpus with its ground truth.
type ReceiptCase struct {
	// Name identifies the receipt: the file stem ("000"), or the image's
	// path relative to the corpus without extension. Part(Name) gives its
	// part of the corpus.
	Name string
	// Truth holds the ground truth under the ReceiptFields names.
	Truth map[string]string
	// Box is the file of ground-truth text lines with boxes, or "".
	Box string
	// Image is the receipt's image (JPEG or PNG), or "".
	Image string
}

// LoadReceipts returns the receipts of dir in lexical order of Name. Two
// layouts are understood:
//
//   - the SROIE layout: key/NAME.json holds the truth, box/NAME.csv or
//     box/NAME.txt the text lines with boxes (see ParseBoxes) and img/NAME.jpg
//     (or .jpeg, .png) the image; either may be missing;
//   - any other folder: every .json file with an image of the same stem
//     beside it, in any subfolder.
//
// A truth file is a JSON object with the SROIE keys "company", "date",
// "address" and "total" (see ReceiptTruth).
func LoadReceipts(dir string) ([]ReceiptCase, error) {
	var cases []ReceiptCase
	if st, err := os.Stat(filepath.Join(dir, "key")); err == nil && st.IsDir() {
		keys, err := filepath.Glob(filepath.Join(dir, "key", "*.json"))
		if err != nil {
			return nil, fmt.Errorf("eval: load receipts: %w", err)
		}
		for _, k := range keys {
			name := strings.TrimSuffix(filepath.Base(k), filepath.Ext(k))
			c := ReceiptCase{Name: name}
			if c.Truth, err = readReceiptTruth(k); err != nil {
				return nil, err
			}
			c.Box = firstFile(filepath.Join(dir, "box", name), ".csv", ".txt")
			c.Image = firstFile(filepath.Join(dir, "img", name), ".jpg", ".jpeg", ".png", ".JPG", ".PNG")
			cases = append(cases, c)
		}
	} else {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".json") {
				return nil
			}
			stem := strings.TrimSuffix(p, filepath.Ext(p))
			img := firstFile(stem, ".jpg", ".jpeg", ".png", ".JPG", ".JPEG", ".PNG")
			if img == "" {
				return nil
			}
			t, err := readReceiptTruth(p)
			if err != nil {
				return err
			}
			cases = append(cases, ReceiptCase{Name: relName(dir, stem), Truth: t, Image: img})
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("eval: load receipts: %w", err)
		}
	}
	sort.Slice(cases, func(i, j int) bool { return cases[i].Name < cases[j].Name })
	return cases, nil
}

func firstFile(stem string, exts ...string) string {
	for _, e := range exts {
		if st, err := os.Stat(stem + e); err == nil && st.Mode().IsRegular() {
			return stem + e
		}
	}
	return ""
}

func readFileCapped(p string) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxReceiptFile+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxReceiptFile {
		return nil, fmt.Errorf("%s is larger than %d bytes", p, maxReceiptFile)
	}
	return b, nil
}

func readReceiptTruth(p string) (map[string]string, error) {
	b, err := readFileCapped(p)
	if err != nil {
		return nil, fmt.Errorf("eval: load receipts: %w", err)
	}
	t, err := ReceiptTruth(b)
	if err != nil {
		return nil, fmt.Errorf("eval: truth of %s: %w", p, err)
	}
	return t, nil
}

// ReceiptTruth reads a receipt's ground truth from a JSON object with the
// SROIE keys "company", "date", "address" and "total", returning it under
// the ReceiptFields names. The date is normalised to YYYY-MM-DD (day first
// unless the year leads, as printed in Malaysia and Europe; two-digit years
// are 20YY; month names in English); a date that does not parse is kept as
// printed, so it matches nothing. The total loses a currency sign or code
// and thousands commas ("$8.20", "RM 1,234.50").
func ReceiptTruth(data []byte) (map[string]string, error) {
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	str := func(k string) string {
		if v, ok := raw[k].(string); ok {
			return squash(v)
		}
		if v, ok := raw[k].(float64); ok {
			return strconv.FormatFloat(v, 'f', -1, 64)
		}
		return ""
	}
	out := map[string]string{}
	put := func(f, v string) {
		if v != "" {
			out[f] = v
		}
	}
	put(FieldMerchantName, str("company"))
	put(FieldMerchantAddress, str("address"))
	if d := str("date"); d != "" {
		if iso, ok := truthDate(d); ok {
			d = iso
		}
		put(FieldReceiptDate, d)
	}
	put(FieldTotalGrossPrice, truthAmount(str("total")))
	if len(out) == 0 {
		return nil, ErrNoTruth
	}
	return out, nil
}

func truthAmount(s string) string {
	s = strings.TrimSpace(s)
	up := strings.ToUpper(s)
	for _, p := range []string{"MYR", "RM", "USD", "EUR", "$", "€", "£"} {
		up = strings.TrimSpace(strings.TrimPrefix(up, p))
	}
	return strings.ReplaceAll(up, ",", "")
}

var monthNames = map[string]int{"JAN": 1, "FEB": 2, "MAR": 3, "APR": 4, "MAY": 5, "JUN": 6, "JUL": 7, "AUG": 8, "SEP": 9, "SEPT": 9, "OCT": 10, "NOV": 11, "DEC": 12}

// truthDate normalises a printed date of a truth file to YYYY-MM-DD. It is
// deliberately separate from the extractor's date reader.
func truthDate(s string) (string, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '-' || r == '.' || r == ' ' })
	num := func(x string) int {
		n, err := strconv.Atoi(x)
		if err != nil {
			return -1
		}
		return n
	}
	var d, m, y int
	switch {
	case len(parts) == 1 && len(s) == 8 && num(s) >= 0:
		if s[:2] == "19" || s[:2] == "20" {
			y, m, d = num(s[:4]), num(s[4:6]), num(s[6:])
		} else {
			d, m, y = num(s[:2]), num(s[2:4]), num(s[4:])
		}
	case len(parts) == 3 && len(parts[0]) == 4:
		y, m, d = num(parts[0]), num(parts[1]), num(parts[2])
	case len(parts) == 3:
		d, y = num(parts[0]), num(parts[2])
		if m = num(parts[1]); m < 0 {
			m = monthNames[parts[1]]
			if m == 0 && len(parts[1]) > 3 {
				m = monthNames[parts[1][:3]]
			}
		}
		if len(parts[2]) == 2 {
			y += 2000
		}
	default:
		return "", false
	}
	if d < 1 || d > 31 || m < 1 || m > 12 || y < 1900 || y > 2199 {
		return "", false
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, m, d), true
}

// FieldsFromReceipt turns receipt extraction output into the scored fields.
// A field that was not read is absent. d == nil gives an empty map.
func FieldsFromReceipt(d *docextract.ReceiptData) map[string]string {
	out := map[string]string{}
	if d == nil {
		return out
	}
	g := d.General
	put := func(f string, s *string) {
		if s != nil && *s != "" {
			out[f] = *s
		}
	}
	put(FieldMerchantName, g.MerchantName)
	put(FieldMerchantAddress, g.MerchantAddress)
	put(FieldReceiptDate, g.ReceiptDate)
	if g.TotalGrossPrice != nil {
		out[FieldTotalGrossPrice] = g.TotalGrossPrice.String()
	}
	return out
}

// ParseBoxes builds a page from text lines with boxes, one a line as
// "x1,y1,x2,y2,x3,y3,x4,y4,TEXT" (the four corners of the line's box, in
// pixels, clockwise from top-left; TEXT may hold commas). Each line is split
// into words at spaces, a word's box taking the share of the line's width
// its characters take. Words get confidence 100 and their line's height as
// size. Blank lines are skipped; a line that does not parse is an error.
func ParseBoxes(data []byte) (layout.Page, error) {
	p := layout.Page{Number: 1}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		s := strings.TrimRight(sc.Text(), "\r")
		s = strings.TrimPrefix(s, "\ufeff")
		if strings.TrimSpace(s) == "" {
			continue
		}
		f := strings.SplitN(s, ",", 9)
		if len(f) != 9 {
			return layout.Page{}, fmt.Errorf("eval: box line %d: want 8 coordinates and a text", n)
		}
		var xs, ys []float64
		for i := 0; i < 8; i++ {
			v, err := strconv.ParseFloat(strings.TrimSpace(f[i]), 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e6 {
				return layout.Page{}, fmt.Errorf("eval: box line %d: bad coordinate %q", n, f[i])
			}
			if i%2 == 0 {
				xs = append(xs, v)
			} else {
				ys = append(ys, v)
			}
		}
		x0, x1 := minMax(xs)
		y0, y1 := minMax(ys)
		text := f[8]
		if !utf8.ValidString(text) {
			text = strings.ToValidUTF8(text, "?")
		}
		total := utf8.RuneCountInString(text)
		if total == 0 || strings.TrimSpace(text) == "" {
			continue
		}
		// Words are the runs between white space of any kind (a tab is a
		// separator too), placed by their rune offsets along the box.
		w := (x1 - x0) / float64(total)
		start := -1
		i := 0
		var tok []rune
		flush := func(end int) {
			if len(tok) > 0 {
				p.Words = append(p.Words, layout.Word{
					Text: string(tok), X0: x0 + float64(start)*w, X1: x0 + float64(end)*w, Y0: y0, Y1: y1,
					Conf: 100, Size: y1 - y0,
				})
			}
			tok, start = tok[:0], -1
		}
		for _, r := range text {
			if unicode.IsSpace(r) {
				flush(i)
			} else {
				if start < 0 {
					start = i
				}
				tok = append(tok, r)
			}
			i++
		}
		flush(i)
		p.Width = math.Max(p.Width, x1)
		p.Height = math.Max(p.Height, y1)
	}
	if err := sc.Err(); err != nil {
		return layout.Page{}, fmt.Errorf("eval: boxes: %w", err)
	}
	return p, nil
}

func minMax(v []float64) (lo, hi float64) {
	lo, hi = v[0], v[0]
	for _, x := range v[1:] {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return lo, hi
}

// ReadBoxes reads a file of text lines with boxes (see ParseBoxes).
func ReadBoxes(path string) (layout.Page, error) {
	b, err := readFileCapped(path)
	if err != nil {
		return layout.Page{}, fmt.Errorf("eval: %w", err)
	}
	return ParseBoxes(b)
}
