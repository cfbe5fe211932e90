package pdfium

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/docextract/docextract/internal/testdocs"
	"github.com/stretchr/testify/require"
)

// flateBomb returns a one-page PDF whose content stream inflates to n
// bytes (testdocs.FlateBomb).
func flateBomb(t testing.TB, n int) []byte {
	t.Helper()
	b, err := testdocs.FlateBomb(n)
	require.NoError(t, err)
	return b
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
