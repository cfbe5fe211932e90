package httpapi_test

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"runtime"
	"testing"

	"github.com/docextract/docextract"
	"github.com/stretchr/testify/require"
)

// streamingUpload returns a request whose multipart body of a size-byte PDF
// is generated while it is read, so the client side holds no copy of it.
func streamingUpload(t testing.TB, key string, size int) *http.Request {
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		w, err := mw.CreateFormFile("file", "big.pdf")
		if err != nil {
			pw.CloseWithError(err)
			return
		}
		head := []byte("%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n")
		chunk := bytes.Repeat([]byte("% padding padding padding padding\n"), 2000)
		n, _ := w.Write(head)
		for n < size {
			m, err := w.Write(chunk[:min(len(chunk), size-n)])
			if err != nil {
				pw.CloseWithError(err)
				return
			}
			n += m
		}
		pw.CloseWithError(mw.Close())
	}()
	req := httptest.NewRequest(http.MethodPost, "/api/v1/documents/invoice", pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("X-API-Key", key)
	return req
}

// TestUploadMemoryIsBounded proves a 20 MB upload is streamed: the whole
// request costs a small fraction of the file in heap allocations.
func TestUploadMemoryIsBounded(t *testing.T) {
	b := setup(t, options{noWorkers: true})
	// Warm up (lazy init, SQLite statements, pools).
	rec := httptest.NewRecorder()
	b.srv.ServeHTTP(rec, streamingUpload(t, b.key, 1<<20))
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	rec = httptest.NewRecorder()
	b.srv.ServeHTTP(rec, streamingUpload(t, b.key, docextract.MaxFileSize))
	runtime.ReadMemStats(&after)
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())

	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("20 MB upload allocated %.2f MB in total", float64(allocated)/(1<<20))
	require.Less(t, allocated, uint64(8<<20), "a 20 MB upload must not be buffered in memory")
}

func BenchmarkUpload20MB(b *testing.B) {
	bb := setup(b, options{grant: 1 << 40, noWorkers: true})
	b.ReportAllocs()
	b.SetBytes(docextract.MaxFileSize)
	for b.Loop() {
		rec := httptest.NewRecorder()
		bb.srv.ServeHTTP(rec, streamingUpload(b, bb.key, docextract.MaxFileSize))
		if rec.Code != http.StatusOK {
			b.Fatal(fmt.Sprint(rec.Code, rec.Body.String()))
		}
	}
}
