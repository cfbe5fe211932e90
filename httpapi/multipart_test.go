package httpapi

import (
	"bytes"
	"io"
	"mime/multipart"
	"testing"

	"github.com/docextract/docextract"
	"github.com/stretchr/testify/require"
)

func TestSanitizeFileName(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"invoice.pdf":                    "invoice.pdf",
		"../../etc/passwd":               "passwd",
		`C:\Users\me\scan.pdf`:           "scan.pdf",
		"":                               "upload",
		"..":                             "upload",
		"a\x00b\nc.pdf":                  "abc.pdf",
		"\xff\xfe.pdf":                   ".pdf",
		"invoice\u202efdp.exe":           "invoicefdp.exe",
		"\u2066a\u2069\u200fb\u061c.pdf": "ab.pdf",
		"c1\u0085\u009b.pdf":             "c1.pdf",
	} {
		require.Equal(t, want, sanitizeFileName(in), in)
	}
	require.Len(t, sanitizeFileName(string(bytes.Repeat([]byte("é"), 300))), 254)
}

func TestReadUpload(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	require.NoError(t, mw.WriteField("note", "skipped"))
	w, _ := mw.CreateFormFile("file", "dir/a.pdf")
	_, _ = w.Write([]byte("%PDF-1.7 body"))
	require.NoError(t, mw.Close())

	var out bytes.Buffer
	f, err := readUpload(&buf, mw.FormDataContentType(), &out)
	require.NoError(t, err)
	require.Equal(t, "a.pdf", f.Name)
	require.Equal(t, int64(13), f.Size)
	require.Equal(t, "%PDF-1.7 body", out.String())
	require.Equal(t, out.Bytes(), f.Head)
}

// FuzzReadUpload feeds arbitrary bodies to the streaming multipart reader:
// it must never panic, never write more than the limit, and fail only with
// the client errors of the spec or a read error.
func FuzzReadUpload(f *testing.F) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.SetBoundary("BOUNDARY")
	w, _ := mw.CreateFormFile("file", "a.pdf")
	_, _ = w.Write([]byte("%PDF-1.4\n1 0 obj\n"))
	_ = mw.Close()
	f.Add(buf.Bytes())
	f.Add([]byte("--BOUNDARY\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x\"\r\n\r\n\xff\xd8\xff\r\n--BOUNDARY--\r\n"))
	f.Add([]byte("--BOUNDARY\r\nContent-Disposition: form-data; name=\"other\"\r\n\r\nv\r\n--BOUNDARY--\r\n"))
	f.Add([]byte("--BOUNDARY--"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, body []byte) {
		var out bytes.Buffer
		up, err := readUpload(bytes.NewReader(body), "multipart/form-data; boundary=BOUNDARY", &out)
		if err != nil {
			switch docextract.ErrorCode(err) {
			case docextract.EINVALID, docextract.ETOOLARGE, docextract.EINTERNAL:
				return
			}
			t.Fatalf("unexpected error %v", err)
		}
		if up.Size == 0 || up.Size > docextract.MaxFileSize || int64(out.Len()) != up.Size || up.Name == "" {
			t.Fatalf("bad upload %+v (wrote %d)", up, out.Len())
		}
		if !bytes.HasPrefix(out.Bytes(), up.Head) || len(up.Head) > sniffLen {
			t.Fatalf("head is not the file's start")
		}
		_ = io.Discard
	})
}
