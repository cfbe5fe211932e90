package eval

import (
	"fmt"
	"hash/fnv"
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
	// Part, when set, names the part of the corpus each file belongs to
	// (Part: "tune" or "report"). Print then gives, beside each path's
	// accuracy over all files, its accuracy on each part, and the per-file
	// table names the part of every file.
	Part func(file string) string
	// ShowFile, when set, limits the per-file table of Print to the files it
	// accepts (to keep the report part out of sight while tuning).
	ShowFile func(file string) bool
	// Fields are the fields scored, in report order; nil means the invoice
	// fields (Fields). Receipts use ReceiptFields.
	Fields []string
	// Compare, when set, replaces Score as the comparison of a value read
	// with the truth (truth folders use ScoreAny).
	Compare func(field, got, want string) bool
}

func (r *Report) fields() []string {
	if r.Fields != nil {
		return r.Fields
	}
	return Fields
}

func (r *Report) compare(field, got, want string) bool {
	if r.Compare != nil {
		return r.Compare(field, got, want)
	}
	return Score(field, got, want)
}

// Part splits a corpus, once and for all, into the files rules and weights
// may be tuned on ("tune") and the files that only measure ("report"): a
// file is in the report part when the FNV-1a hash of its name (as in
// Case.Name) is odd. The split depends on nothing but the name, so a file
// keeps its part whatever else the corpus holds.
func Part(name string) string {
	h := fnv.New32a()
	h.Write([]byte(name))
	if h.Sum32()%2 == 1 {
		return PartReport
	}
	return PartTune
}

// The parts of a corpus (see Part).
const (
	PartTune   = "tune"
	PartReport = "report"
)

// Add scores one file extracted along path (PathXML, PathText, ...): each
// field of r.Fields present in truth is compared with got by Score. A field
// absent from truth is not scored; a field absent from got counts as wrong.
func (r *Report) Add(path, file string, got, truth map[string]string) {
	rw := row{path: path, file: file, out: map[string]string{}, got: got, want: truth}
	for _, f := range r.fields() {
		w, ok := truth[f]
		switch {
		case !ok || strings.TrimSpace(w) == "":
			rw.out[f] = outNoTruth
		case strings.TrimSpace(got[f]) == "":
			rw.out[f] = outMissing
		case r.compare(f, got[f], w):
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
	return r.AccuracyPart(path, "", field)
}

// AccuracyPart is Accuracy over the files of one part (see Report.Part);
// part "" means every file.
func (r *Report) AccuracyPart(path, part, field string) (correct, scored int) {
	for _, rw := range r.rows {
		if rw.path != path || part != "" && (r.Part == nil || r.Part(rw.file) != part) {
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
// each as "file: got X, want Y" (only files ShowFile accepts, when set).
func (r *Report) Failures(path, field string) []string {
	var out []string
	for _, rw := range r.rows {
		if r.ShowFile != nil && !r.ShowFile(rw.file) {
			continue
		}
		if rw.path == path && (rw.out[field] == outWrong || rw.out[field] == outMissing) {
			shown := func(v string) string { return strings.ReplaceAll(v, listSep, " | ") }
			out = append(out, fmt.Sprintf("%s: got %q, want %q", rw.file, shown(rw.got[field]), shown(rw.want[field])))
		}
	}
	return out
}

// Print writes the per-field table (accuracy per path), the per-file table
// (one row per file and path, one column per field: ok, DIFF, MISS or - when
// the truth has no value) and the errors, aligned with spaces.
func (r *Report) Print(w io.Writer) error {
	paths := r.Paths()
	type col struct{ path, part string }
	var cols []col
	for _, p := range paths {
		cols = append(cols, col{p, ""})
		for _, pt := range r.parts(p) {
			cols = append(cols, col{p, pt})
		}
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "FIELD")
	for _, c := range cols {
		name := strings.ToUpper(c.path)
		if c.part != "" {
			name += "/" + c.part
		}
		fmt.Fprintf(tw, "\t%s", name)
	}
	fmt.Fprintln(tw)
	for _, f := range append(append([]string{}, r.fields()...), "ALL") {
		fmt.Fprint(tw, f)
		for _, c := range cols {
			var k, n int
			if f == "ALL" {
				for _, ff := range r.fields() {
					kk, nn := r.AccuracyPart(c.path, c.part, ff)
					k, n = k+kk, n+nn
				}
			} else {
				k, n = r.AccuracyPart(c.path, c.part, f)
			}
			fmt.Fprintf(tw, "\t%s", pct(k, n))
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
	if r.Part != nil {
		fmt.Fprint(tw, "\tPART")
	}
	for _, f := range r.fields() {
		fmt.Fprintf(tw, "\t%s", f)
	}
	fmt.Fprintln(tw, "\tSCORE")
	for _, rw := range rows {
		if r.ShowFile != nil && !r.ShowFile(rw.file) {
			continue
		}
		fmt.Fprintf(tw, "%s\t%s", rw.file, rw.path)
		if r.Part != nil {
			fmt.Fprintf(tw, "\t%s", r.Part(rw.file))
		}
		c, n := 0, 0
		for _, f := range r.fields() {
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

// parts returns the parts the files of path fall in, sorted, or nil when
// the report has no Part function.
func (r *Report) parts(path string) []string {
	if r.Part == nil {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for _, rw := range r.rows {
		if rw.path != path {
			continue
		}
		if p := r.Part(rw.file); !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

func pct(c, n int) string {
	if n == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%d/%d %5.1f%%", c, n, 100*float64(c)/float64(n))
}
