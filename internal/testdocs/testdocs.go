package testdocs

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
)

// Doc is one generated file.
type Doc struct {
	// Kind is the document type, or "" for a concatenation of several.
	Kind docextract.DocType
	// PDF is the rendered file.
	PDF []byte
	// Pages are the words as drawn: the text layer a PDF reader should find.
	Pages []layout.Page
	// Parts lists the documents in the file with their one-based page
	// ranges; a single document has one part.
	Parts []Part

	draw func(c *canvas)
}

// Part is one document inside a generated file.
type Part struct {
	Kind  docextract.DocType
	Start int // one-based, inclusive
	End   int // one-based, inclusive
}

// render draws d alone and fills PDF, Pages and Parts.
func render(kind docextract.DocType, draw func(c *canvas)) (*Doc, error) {
	c := newCanvas()
	draw(c)
	b, err := c.output()
	if err != nil {
		return nil, err
	}
	return &Doc{Kind: kind, PDF: b, Pages: c.pages, Parts: []Part{{kind, 1, len(c.pages)}}, draw: draw}, nil
}

// Concat renders docs one after the other into a single PDF, as a scanner
// or mail merge would. Parts of the result give each document's page range.
func Concat(docs ...*Doc) (*Doc, error) {
	c := newCanvas()
	var parts []Part
	for _, d := range docs {
		if d == nil || d.draw == nil {
			return nil, fmt.Errorf("testdocs: Concat needs documents made by this package")
		}
		start := len(c.pages) + 1
		d.draw(c)
		for _, p := range d.Parts {
			parts = append(parts, Part{p.Kind, start + p.Start - 1, start + p.End - 1})
		}
	}
	b, err := c.output()
	if err != nil {
		return nil, err
	}
	all := func(c *canvas) {
		for _, d := range docs {
			d.draw(c)
		}
	}
	return &Doc{PDF: b, Pages: c.pages, Parts: parts, draw: all}, nil
}

// numFormat writes non-negative amounts with a thousands and a decimal
// separator.
type numFormat struct{ thousands, dec string }

func (f numFormat) format(d decimal.Decimal) string {
	s := d.Abs().StringFixed(2)
	ip, fp, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range ip {
		if i > 0 && (len(ip)-i)%3 == 0 {
			b.WriteString(f.thousands)
		}
		b.WriteRune(r)
	}
	return b.String() + f.dec + fp
}

var (
	numEN = numFormat{",", "."}
	numDE = numFormat{".", ","}
	numFR = numFormat{" ", ","}
)

// cents returns a random amount between lo and hi (in whole units) with
// two decimals.
func cents(r *rand.Rand, lo, hi int) decimal.Decimal {
	return decimal.New(int64(lo*100+r.IntN((hi-lo)*100)), -2)
}

// iban builds a valid IBAN (mod-97) from a country code and BBAN.
func iban(country, bban string) string {
	check := 98 - mod97(bban+country+"00")
	return fmt.Sprintf("%s%02d%s", country, check, bban)
}

func mod97(s string) int {
	r := 0
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			r = (r*10 + int(c-'0')) % 97
		case c >= 'A' && c <= 'Z':
			r = (r*100 + int(c-'A'+10)) % 97
		}
	}
	return r
}

// groups4 prints an IBAN in groups of four characters.
func groups4(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func digits(r *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('0' + r.IntN(10))
	}
	return string(b)
}

func letters(r *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('A' + r.IntN(26))
	}
	return string(b)
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

func amt(d decimal.Decimal) *docextract.Amount { return docextract.NewAmount(d) }
