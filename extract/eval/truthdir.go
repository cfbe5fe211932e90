package eval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// A truth folder holds documents (PDF, JPEG, PNG) each with a JSON file of
// the same stem beside it, in any subfolder: invoice.pdf and invoice.json.
// The JSON is what extraction should return, in the shape of the API's
// extraction_data (only the fields to score need be there):
//
//	{"docType": "invoice",
//	 "general": {"InvoiceNumber": "R-1001", "TotalGrossPrice": 119.00, "Currency": "EUR"},
//	 "lineItems": [{"ProductName": "Paper", "ProductTotalPrice": 100.00}]}
//
// An object without "general" is taken as the general fields themselves. A
// "lineItems" or "transactions" list is scored as its count ("lineItems")
// and one field per key of its entries ("lineItems.ProductTotalPrice"),
// right only when every entry's value matches, in order: a list with one
// wrong entry is a wrong list. "docType", when present, is the type the
// document is extracted as (else the caller's default).

// TruthCase is one document of a truth folder.
type TruthCase struct {
	// Name is the document's path relative to the folder, without
	// extension; Part(Name) gives its part of the corpus.
	Name string
	// Path is the document file.
	Path string
	// DocType is the truth's "docType", or "".
	DocType string
	// Truth holds the flattened truth (FlattenData).
	Truth map[string]string
	// Fields are Truth's fields in the order the JSON lists them.
	Fields []string
}

// documentExts are the file types a truth folder's documents may have.
var documentExts = []string{".pdf", ".jpg", ".jpeg", ".png"}

// LoadTruthDir returns the documents of dir that have a truth JSON beside
// them, in lexical order of Name. A JSON file with no document beside it
// is skipped (it may be a receipt corpus's or anything else's); a truth
// file that does not parse is an error naming it.
func LoadTruthDir(dir string) ([]TruthCase, error) {
	var cases []TruthCase
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".json") {
			return nil
		}
		stem := strings.TrimSuffix(p, filepath.Ext(p))
		doc := ""
		for _, ext := range documentExts {
			for _, e := range []string{ext, strings.ToUpper(ext)} {
				if st, err := os.Stat(stem + e); err == nil && st.Mode().IsRegular() {
					doc = stem + e
					break
				}
			}
			if doc != "" {
				break
			}
		}
		if doc == "" {
			return nil
		}
		data, err := readFileCapped(p)
		if err != nil {
			return err
		}
		docType, truth, fields, err := FlattenTruth(data)
		if err != nil {
			return fmt.Errorf("eval: %s: %w", p, err)
		}
		cases = append(cases, TruthCase{Name: relName(dir, stem), Path: doc, DocType: docType, Truth: truth, Fields: fields})
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(cases, func(i, j int) bool { return cases[i].Name < cases[j].Name })
	return cases, nil
}

// FlattenTruth reads a truth JSON (see the comment at the top of this
// file) into its docType, flattened fields (FlattenData) and their order.
func FlattenTruth(data []byte) (docType string, flat map[string]string, order []string, err error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		return "", nil, nil, fmt.Errorf("truth is not a JSON object: %w", err)
	}
	if dt, ok := obj["docType"].(string); ok {
		docType = dt
	}
	flat, order = flatten(obj)
	if len(flat) == 0 {
		return "", nil, nil, errors.New("truth names no field to score")
	}
	return docType, flat, order, nil
}

// FlattenData flattens extraction output (any value that marshals to the
// API's extraction_data shape) the way FlattenTruth flattens a truth.
func FlattenData(v any) (map[string]string, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		return nil, err
	}
	flat, _ := flatten(obj)
	return flat, nil
}

// listKeys are the lists of extraction_data that are scored.
var listKeys = []string{"lineItems", "transactions", "taxes"}

// flatten turns an extraction_data object into field -> value: general
// fields by name, each list as its count and one joined value per key.
func flatten(obj map[string]any) (map[string]string, []string) {
	flat := map[string]string{}
	var order []string
	put := func(k, v string) {
		if _, seen := flat[k]; !seen {
			order = append(order, k)
		}
		flat[k] = v
	}
	general, ok := obj["general"].(map[string]any)
	if !ok {
		general = map[string]any{}
		for k, v := range obj {
			if k == "docType" || isList(k) {
				continue
			}
			general[k] = v
		}
	}
	for _, k := range sortedKeys(general) {
		if s, ok := scalar(general[k]); ok {
			put(k, s)
		}
	}
	for _, lk := range listKeys {
		list, ok := obj[lk].([]any)
		if !ok {
			continue
		}
		put(lk, strconv.Itoa(len(list)))
		keys := map[string]bool{}
		for _, e := range list {
			if m, ok := e.(map[string]any); ok {
				for k := range m {
					keys[k] = true
				}
			}
		}
		for _, k := range sortedKeys(keys) {
			vals := make([]string, len(list))
			for i, e := range list {
				if m, ok := e.(map[string]any); ok {
					vals[i], _ = scalar(m[k])
				}
			}
			put(lk+"."+k, strings.Join(vals, listSep))
		}
	}
	return flat, order
}

// listSep joins the values of one key over a list's entries.
const listSep = "\x1f"

func isList(k string) bool {
	for _, l := range listKeys {
		if k == l {
			return true
		}
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// scalar renders a JSON scalar as a string; null, objects and arrays are
// not scalars.
func scalar(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		return strconv.FormatBool(x), true
	}
	return "", false
}

// ScoreAny compares a value read with the truth for any field of a truth
// folder: list fields entry by entry (every entry must match), amounts as
// decimals, dates as days (the forms normDate knows), identifiers (IBAN,
// numbers, VAT ids) without spaces, and everything else after case and
// white-space normalisation.
func ScoreAny(field, got, want string) bool {
	if strings.Contains(want, listSep) || strings.Contains(got, listSep) || strings.Contains(field, ".") {
		gs, ws := strings.Split(got, listSep), strings.Split(want, listSep)
		if len(gs) != len(ws) {
			return false
		}
		for i := range ws {
			if strings.TrimSpace(ws[i]) == "" {
				continue // the truth does not say for this entry
			}
			if !scoreScalar(field, gs[i], ws[i]) {
				return false
			}
		}
		return true
	}
	return scoreScalar(field, got, want)
}

func scoreScalar(field, got, want string) bool {
	got, want = squash(got), squash(want)
	if got == "" || want == "" {
		return got == want
	}
	if plain(got) && plain(want) {
		g, err1 := decimal.NewFromString(got)
		w, err2 := decimal.NewFromString(want)
		if err1 == nil && err2 == nil {
			return g.Equal(w)
		}
	}
	if d := normDate(want); d != want || normDate(got) != got {
		return normDate(got) == d
	}
	name := field
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	if identifier(name) {
		return strings.EqualFold(strings.ReplaceAll(got, " ", ""), strings.ReplaceAll(want, " ", ""))
	}
	return strings.EqualFold(got, want)
}

// identifier reports whether a field holds a code compared without spaces.
func identifier(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "iban") || strings.Contains(n, "bic") || strings.HasSuffix(n, "number") ||
		strings.Contains(n, "vat") || strings.HasSuffix(n, "id")
}
