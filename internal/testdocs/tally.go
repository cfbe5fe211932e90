package testdocs

import (
	"fmt"
	"sort"
	"strings"
)

// Tally adds up the scores of a suite of generated documents: each
// document's fields (right or not) and misses, for the suite's share of
// fields read and the table its test logs. The zero value is ready.
type Tally struct {
	perField            map[string][2]int // field -> right, scored
	okFields, allFields int
	okDocs, docs        int
	rows                []string
}

// maxMiss bounds one miss as the table shows it.
const maxMiss = 240

// Add records one document: res maps each scored field to whether it was
// read right, misses says what went wrong. label starts its row of the
// table (the layout's name, padded, and whatever else the suite shows).
func (t *Tally) Add(label string, res map[string]bool, misses []string) {
	if t.perField == nil {
		t.perField = map[string][2]int{}
	}
	n := 0
	for f, ok := range res {
		c := t.perField[f]
		c[1]++
		if ok {
			c[0]++
			n++
		}
		t.perField[f] = c
	}
	t.okFields += n
	t.allFields += len(res)
	t.docs++
	if n == len(res) {
		t.okDocs++
	}
	shown := make([]string, len(misses))
	for i, m := range misses {
		if len(m) > maxMiss {
			m = m[:maxMiss] + "…"
		}
		shown[i] = m
	}
	t.rows = append(t.rows, fmt.Sprintf("%s %2d/%2d  %s", label, n, len(res), strings.Join(shown, "; ")))
}

// Share is the share of all scored fields read right (0 when none was
// scored).
func (t *Tally) Share() float64 {
	return float64(t.okFields) / float64(max(t.allFields, 1))
}

// Report returns the table: a row per document, a row per field and a
// last line counting the documents (named by what, e.g. "layouts") whose
// every field was right.
func (t *Tally) Report(what string) string {
	lines := append([]string(nil), t.rows...)
	fields := make([]string, 0, len(t.perField))
	for f := range t.perField {
		fields = append(fields, f)
	}
	sort.Strings(fields)
	for _, f := range fields {
		lines = append(lines, fmt.Sprintf("  %-16s %2d/%2d", f, t.perField[f][0], t.perField[f][1]))
	}
	lines = append(lines, fmt.Sprintf("%s all right %d/%d, fields %d/%d (%.1f%%)", what, t.okDocs, t.docs, t.okFields, t.allFields, 100*t.Share()))
	return strings.Join(lines, "\n")
}

// Fields scores one document's fields for Tally.Add: Res maps each scored
// field to whether it was read right, Misses says what went wrong ("field:
// got X, want Y"). The zero value is ready.
type Fields struct {
	Res    map[string]bool
	Misses []string
}

// Check scores one field: right when have equals want.
func (f *Fields) Check(field, want, have string) {
	f.Set(field, want == have, fmt.Sprintf("%s: got %q, want %q", field, have, want))
}

// CheckSet is Check for a field the truth may leave out: a want of "" is
// not scored.
func (f *Fields) CheckSet(field, want, have string) {
	if want != "" {
		f.Check(field, want, have)
	}
}

// Set records a field scored otherwise, with the miss to show when it is
// wrong.
func (f *Fields) Set(field string, ok bool, miss string) {
	if f.Res == nil {
		f.Res = map[string]bool{}
	}
	f.Res[field] = ok
	if !ok {
		f.Misses = append(f.Misses, miss)
	}
}

// Str is the text of a read string field, "" when it was not read.
func Str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
