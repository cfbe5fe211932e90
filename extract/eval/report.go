package eval

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
)

// Names of the extraction paths a caller usually reports; any string works.
const (
	// PathXML is extraction from the embedded or standalone invoice XML.
	PathXML = "xml"
	// PathText is extraction from the PDF text layer (or OCR) with any
	// embedded XML ignored.
	PathText = "text"
)

// Outcome of one field of one file.
const (
	outOK      = "ok"   // matches the truth
	outWrong   = "DIFF" // extracted, but different
	outMissing = "MISS" // not extracted
	outNoTruth = "-"    // the truth has no value: not scored
)

// row is one (path, file) result.
type row struct {
	path, file string
	err        string
	out        map[string]string // field -> outcome
	got, want  map[string]string
}

// Report accumulates scores per extraction path, field and file. The zero
// value is ready to use; it is not safe for concurrent use.
type Report struct {
	rows []row
}

// Add scores one file extracted along path (PathXML, PathText, ...): each
// field of Fields present in truth is compared with got by Score. A field
// absent from truth is not scored; a field absent from got counts as wrong.
func (r *Report) Add(path, file string, got, truth map[string]string) {
	rw := row{path: path, file: file, out: map[string]string{}, got: got, want: truth}
	for _, f := range Fields {
		w, ok := truth[f]
		switch {
		case !ok || strings.TrimSpace(w) == "":
			rw.out[f] = outNoTruth
		case strings.TrimSpace(got[f]) == "":
			rw.out[f] = outMissing
		case Score(f, got[f], w):
			rw.out[f] = outOK
		default:
			rw.out[f] = outWrong
		}
	}
	r.rows = append(r.rows, rw)
}

// AddError records that extraction of file along path failed: every field
// the truth has counts as missing, and the error is listed.
func (r *Report) AddError(path, file string, err error, truth map[string]string) {
	r.Add(path, file, nil, truth)
	r.rows[len(r.rows)-1].err = err.Error()
}

// Paths returns the extraction paths seen, in the order first added.
func (r *Report) Paths() []string {
	var ps []string
	seen := map[string]bool{}
	for _, rw := range r.rows {
		if !seen[rw.path] {
			seen[rw.path] = true
			ps = append(ps, rw.path)
		}
	}
	return ps
}

// Accuracy returns how many scored values of field along path matched, and
// how many were scored.
func (r *Report) Accuracy(path, field string) (correct, scored int) {
	for _, rw := range r.rows {
		if rw.path != path {
			continue
		}
		switch rw.out[field] {
		case outOK:
			correct++
			scored++
		case outWrong, outMissing:
			scored++
		}
	}
	return correct, scored
}

// Failures returns, for path and field, the files whose value did not match,
// each as "file: got X, want Y".
func (r *Report) Failures(path, field string) []string {
	var out []string
	for _, rw := range r.rows {
		if rw.path == path && (rw.out[field] == outWrong || rw.out[field] == outMissing) {
			out = append(out, fmt.Sprintf("%s: got %q, want %q", rw.file, rw.got[field], rw.want[field]))
		}
	}
	return out
}

// Print writes the per-field table (accuracy per path), the per-file table
// (one row per file and path, one column per field: ok, DIFF, MISS or - when
// the truth has no value) and the errors, aligned with spaces.
func (r *Report) Print(w io.Writer) error {
	paths := r.Paths()
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "FIELD")
	for _, p := range paths {
		fmt.Fprintf(tw, "\t%s", strings.ToUpper(p))
	}
	fmt.Fprintln(tw)
	for _, f := range append(append([]string{}, Fields...), "ALL") {
		fmt.Fprint(tw, f)
		for _, p := range paths {
			var c, n int
			if f == "ALL" {
				for _, ff := range Fields {
					cc, nn := r.Accuracy(p, ff)
					c, n = c+cc, n+nn
				}
			} else {
				c, n = r.Accuracy(p, f)
			}
			fmt.Fprintf(tw, "\t%s", pct(c, n))
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	fmt.Fprintln(w)
	rows := append([]row(nil), r.rows...)
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].file < rows[j].file })
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "FILE\tPATH")
	for _, f := range Fields {
		fmt.Fprintf(tw, "\t%s", f)
	}
	fmt.Fprintln(tw, "\tSCORE")
	for _, rw := range rows {
		fmt.Fprintf(tw, "%s\t%s", rw.file, rw.path)
		c, n := 0, 0
		for _, f := range Fields {
			o := rw.out[f]
			fmt.Fprintf(tw, "\t%s", o)
			if o == outOK {
				c++
			}
			if o != outNoTruth {
				n++
			}
		}
		fmt.Fprintf(tw, "\t%d/%d\n", c, n)
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	var errs []string
	for _, rw := range rows {
		if rw.err != "" {
			errs = append(errs, fmt.Sprintf("%s [%s]: %s", rw.file, rw.path, rw.err))
		}
	}
	if len(errs) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "ERRORS")
		for _, e := range errs {
			fmt.Fprintln(w, e)
		}
	}
	return nil
}

func pct(c, n int) string {
	if n == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%d/%d %5.1f%%", c, n, 100*float64(c)/float64(n))
}
