package ocr

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRunCache: a recognition served by the run cache is the one tesseract
// made, without running tesseract again, and counts the CPU time it cost.
func TestRunCache(t *testing.T) {
	e := newEngine(t, Config{Languages: []string{"eng"}})
	img, _ := renderText(testLines, 40)
	var buf bytes.Buffer
	require.NoError(t, png.Encode(&buf, img))
	dir := t.TempDir()

	c := e.WithRunCache(dir)
	start := c.TesseractCPU() // the version and language probes of NewTesseract
	first, err := c.RecognizeEncoded(context.Background(), buf.Bytes())
	require.NoError(t, err)
	cpu := c.TesseractCPU() - start
	require.Positive(t, cpu)
	files, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.NotEmpty(t, files)

	// The same engine with no program to run: every run comes from the
	// cache.
	gone := *c
	gone.path = "/nonexistent/tesseract"
	again, err := gone.RecognizeEncoded(context.Background(), buf.Bytes())
	require.NoError(t, err)
	require.Equal(t, first, again)
	require.Equal(t, start+2*cpu, c.TesseractCPU(), "a cached run counts what it cost when made")

	// Without the cache the missing program is an error.
	_, err = gone.WithRunCache("").RecognizeEncoded(context.Background(), buf.Bytes())
	require.Error(t, err)
}
