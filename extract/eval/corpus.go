package eval

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/docextract/docextract/extract/pdf"
)

// Kind is the kind of input a Case feeds to the extractor.
type Kind string

// The kinds of case.
const (
	// KindPDF is a PDF: run it through the XML path (embedded invoice XML)
	// and through the text path (embedded XML ignored).
	KindPDF Kind = "pdf"
	// KindXML is a standalone invoice XML: run it through the XML path only.
	KindXML Kind = "xml"
)

// Case is one file of the corpus with its ground truth.
type Case struct {
	// Path is the file to extract.
	Path string
	// Name is Path relative to the corpus directory, with forward slashes;
	// use it as the file name in a Report.
	Name string
	Kind Kind
	// TruthPath is the XML the truth was read from: the .xml beside a PDF
	// (same stem, or the stem without a trailing "_fx"), or Path itself for
	// an XML case. Empty when the truth is embedded in the PDF.
	TruthPath string
	// Embedded is true for a PDF without an XML beside it: its truth is the
	// invoice XML attached to the PDF; call ResolveTruth with the PDF's
	// attachments before scoring.
	Embedded bool
	// Truth holds the ground-truth fields (see Truth). Nil until resolved for
	// an Embedded case.
	Truth map[string]string
}

// LoadCorpus walks dir and returns its cases in lexical order of Name:
//
//   - every .pdf file; its truth is the .xml beside it with the same stem (or
//     the stem without "_fx", the FeRD sample naming), read now, else the
//     invoice XML embedded in it (Embedded; see ResolveTruth);
//   - every .xml file that is not the truth of a PDF and whose root is an
//     invoice (CII, ZUGFeRD 1, UBL), as a KindXML case. Other XML (Order-X
//     orders, unrelated files) is skipped.
//
// Extensions compare case-insensitively. A truth XML that cannot be read is
// an error.
func LoadCorpus(dir string) ([]Case, error) {
	var pdfs, xmls []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".pdf":
			pdfs = append(pdfs, p)
		case ".xml":
			xmls = append(xmls, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("eval: load corpus: %w", err)
	}
	xmlSet := map[string]string{} // lower-case path without extension -> path
	for _, x := range xmls {
		xmlSet[strings.ToLower(strings.TrimSuffix(x, filepath.Ext(x)))] = x
	}
	used := map[string]bool{}
	var cases []Case
	for _, p := range pdfs {
		c := Case{Path: p, Name: relName(dir, p), Kind: KindPDF}
		stem := strings.ToLower(strings.TrimSuffix(p, filepath.Ext(p)))
		x, ok := xmlSet[stem]
		if !ok && strings.HasSuffix(stem, "_fx") {
			x, ok = xmlSet[strings.TrimSuffix(stem, "_fx")]
		}
		if ok {
			b, err := os.ReadFile(x)
			if err != nil {
				return nil, fmt.Errorf("eval: load corpus: %w", err)
			}
			if c.Truth, err = Truth(b); err != nil {
				return nil, fmt.Errorf("eval: truth of %s from %s: %w", c.Name, x, err)
			}
			c.TruthPath = x
			used[x] = true
		} else {
			c.Embedded = true
		}
		cases = append(cases, c)
	}
	for _, x := range xmls {
		if used[x] {
			continue
		}
		b, err := os.ReadFile(x)
		if err != nil {
			return nil, fmt.Errorf("eval: load corpus: %w", err)
		}
		t, err := Truth(b)
		if errors.Is(err, ErrNoTruth) {
			continue
		} else if err != nil {
			return nil, fmt.Errorf("eval: truth of %s: %w", x, err)
		}
		cases = append(cases, Case{Path: x, Name: relName(dir, x), Kind: KindXML, TruthPath: x, Truth: t})
	}
	sort.Slice(cases, func(i, j int) bool { return cases[i].Name < cases[j].Name })
	return cases, nil
}

// ResolveTruth sets c.Truth from the invoice XML among atts, the attachments
// of c's PDF. Attachments named factur-x.xml, zugferd-invoice.xml,
// ZUGFeRD-invoice.xml or xrechnung.xml are tried first (case-insensitively),
// then any other. It returns ErrNoTruth when none is an invoice (such a PDF
// cannot be scored) and does nothing for a case whose truth is already set.
func (c *Case) ResolveTruth(atts []pdf.Attachment) error {
	if c.Truth != nil {
		return nil
	}
	pref := func(name string) int {
		base := strings.ToLower(filepath.Base(strings.ReplaceAll(name, `\`, "/")))
		for i, n := range []string{"factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml"} {
			if base == n {
				return i
			}
		}
		return 3
	}
	order := make([]int, len(atts))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return pref(atts[order[i]].Name) < pref(atts[order[j]].Name) })
	for _, i := range order {
		if t, err := Truth(atts[i].Data); err == nil {
			c.Truth = t
			return nil
		}
	}
	return fmt.Errorf("%w: %s has no invoice XML attached", ErrNoTruth, c.Name)
}

func relName(dir, p string) string {
	if r, err := filepath.Rel(dir, p); err == nil {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(p)
}
