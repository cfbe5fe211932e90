package testdocs

import (
	"bytes"
	"compress/zlib"
	"fmt"
)

// FlateBomb returns a one-page PDF whose content stream inflates to n bytes
// of spaces: a few hundred KB of file for hundreds of MiB decoded, the shape
// of the hostile upload the PDF engine's memory limit is there for.
func FlateBomb(n int) ([]byte, error) {
	var z bytes.Buffer
	w, err := zlib.NewWriterLevel(&z, zlib.BestCompression)
	if err != nil {
		return nil, err
	}
	chunk := bytes.Repeat([]byte{' '}, 1<<20)
	for left := n; left > 0; left -= len(chunk) {
		if _, err := w.Write(chunk[:min(left, len(chunk))]); err != nil {
			return nil, err
		}
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	var offs []int
	obj := func(s string) {
		offs = append(offs, b.Len())
		b.WriteString(s)
	}
	b.WriteString("%PDF-1.7\n")
	obj("1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n")
	obj("2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n")
	obj("3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >> endobj\n")
	obj(fmt.Sprintf("4 0 obj << /Length %d /Filter /FlateDecode >> stream\n", z.Len()))
	b.Write(z.Bytes())
	b.WriteString("\nendstream endobj\n")
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer << /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offs)+1, xref)
	return b.Bytes(), nil
}
