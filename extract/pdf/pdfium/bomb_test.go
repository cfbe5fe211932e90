package pdfium

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// flateBomb returns a one-page PDF whose content stream inflates to n
// bytes of spaces (a few hundred KB of file for hundreds of MiB).
func flateBomb(t testing.TB, n int) []byte {
	t.Helper()
	var z bytes.Buffer
	w, err := zlib.NewWriterLevel(&z, zlib.BestCompression)
	require.NoError(t, err)
	chunk := bytes.Repeat([]byte{' '}, 1<<20)
	for left := n; left > 0; left -= len(chunk) {
		_, err := w.Write(chunk[:min(left, len(chunk))])
		require.NoError(t, err)
	}
	require.NoError(t, w.Close())
	var b bytes.Buffer
	offs := []int{}
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
	return b.Bytes()
}

// A page whose content stream inflates past the instance's memory limit
// fails with an error naming the limit, the instance is replaced, and the
// engine goes on reading other documents.
func TestFlateBombHitsMemoryLimit(t *testing.T) {
	e, err := New(Config{Workers: 1, MemoryLimit: 64 << 20})
	require.NoError(t, err)
	defer e.Close()
	bomb := flateBomb(t, 128<<20)
	t.Logf("bomb: %d KB of file", len(bomb)>>10)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	start := time.Now()
	doc, err := e.Open(ctx, bomb, "")
	if err == nil {
		_, err = doc.Text(ctx, 0)
		doc.Close()
	}
	t.Logf("bomb: %v after %s", err, time.Since(start))
	require.Error(t, err)
	require.True(t, errors.Is(err, ErrMemoryLimit), "%v", err)
	require.Contains(t, err.Error(), "memory limit of 64 MiB")

	// The engine still reads an honest document.
	doc, err = e.Open(ctx, makePDF(t, []string{"Invoice 42"}), "")
	require.NoError(t, err)
	defer doc.Close()
	p, err := doc.Text(ctx, 0)
	require.NoError(t, err)
	require.NotEmpty(t, p.Words)
}
