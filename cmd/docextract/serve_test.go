package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/stretchr/testify/require"
)

// lockedBuffer collects a process's output while it runs.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

var (
	listeningRE = regexp.MustCompile(`listening on (http://\S+)`)
	apiKeyRE    = regexp.MustCompile(`API key \(shown once, keep it\): (\S+)`)
)

// waitFor polls out until re matches, and returns the first group.
func waitFor(t testing.TB, out fmt.Stringer, re *regexp.Regexp, errOut fmt.Stringer) string {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			return m[1]
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no %s in output:\n%s\nstderr:\n%s", re, out, errOut)
	return ""
}

// invoicePDF returns a text-layer invoice of the given number.
func invoicePDF(t testing.TB, n, pages int) []byte {
	f := fpdf.New("P", "pt", "A4", "")
	f.SetFont("Helvetica", "", 10)
	for p := range pages {
		f.AddPage()
		if p > 0 {
			f.Text(50, 60, fmt.Sprintf("Terms and conditions, page %d", p+1))
			continue
		}
		f.Text(50, 60, "ACME Supplies Ltd")
		f.Text(50, 74, "1 Main Street, Springfield")
		f.Text(380, 100, fmt.Sprintf("Invoice Number: INV-%04d", n))
		f.Text(380, 114, "Invoice Date: 2024-02-01")
		f.Text(50, 200, "Description")
		f.Text(300, 200, "Qty")
		f.Text(360, 200, "Unit price")
		f.Text(460, 200, "Amount")
		f.Text(50, 220, "Widget")
		f.Text(300, 220, "2")
		f.Text(360, 220, "50.00")
		f.Text(460, 220, "100.00")
		f.Text(380, 280, "Subtotal: EUR 100.00")
		f.Text(380, 294, "VAT 19%: EUR 19.00")
		f.Text(380, 308, "Total: EUR 119.00")
	}
	var b bytes.Buffer
	require.NoError(t, f.Output(&b))
	return b.Bytes()
}

type client struct {
	t    testing.TB
	base string
	key  string
}

func (c *client) do(method, path string, body io.Reader, contentType string) (int, map[string]any) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, body)
	require.NoError(c.t, err)
	req.Header.Set("X-API-Key", c.key)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(c.t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(c.t, err)
	var m map[string]any
	if len(raw) > 0 {
		require.NoError(c.t, json.Unmarshal(raw, &m), "%s", raw)
	}
	return resp.StatusCode, m
}

func (c *client) upload(docType, name string, content []byte) (int, map[string]any) {
	c.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	w, err := mw.CreateFormFile("file", name)
	require.NoError(c.t, err)
	_, _ = w.Write(content)
	require.NoError(c.t, mw.Close())
	return c.do(http.MethodPost, "/api/v1/documents/"+docType, &buf, mw.FormDataContentType())
}

// waitDone polls the result until it is no longer 202.
func (c *client) waitDone(id string, timeout time.Duration) (int, map[string]any) {
	c.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		st, body := c.do(http.MethodGet, "/api/v1/documents/"+id+"/result", nil, "")
		if st != http.StatusAccepted || time.Now().After(deadline) {
			return st, body
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// runMain runs Main with args and returns its exit code and output.
func runMain(t testing.TB, args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := Main(context.Background(), args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestServeEndToEnd runs the real Main: serve on port 0 with the real
// extractor, then upload, result, delete, and the admin sub-commands.
// startServe runs `docextract serve` with args in-process on the SQLite
// file dbPath and returns its output; stop cancels it and checks that it
// exits 0 and says so.
func startServe(t *testing.T, dbPath string, args ...string) (stdout, stderr *lockedBuffer, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stdout, stderr = &lockedBuffer{}, &lockedBuffer{}
	exited := make(chan int, 1)
	go func() {
		exited <- Main(ctx, append([]string{"serve", "--db", dbPath, "--addr", "127.0.0.1:0"}, args...), stdout, stderr)
	}()
	return stdout, stderr, func() {
		cancel()
		select {
		case code := <-exited:
			require.Equal(t, 0, code, "stderr:\n%s", stderr)
		case <-time.After(60 * time.Second):
			t.Fatal("serve did not stop")
		}
		require.Contains(t, stderr.String(), "stopped")
	}
}

func TestServeEndToEnd(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "e2e.db")
	stdout, stderr, stop := startServe(t, dbPath, "--workers", "2", "--rate-limit", "100/1s")
	defer stop()
	key := waitFor(t, stdout, apiKeyRE, stderr)
	base := waitFor(t, stdout, listeningRE, stderr)
	c := &client{t: t, base: base, key: key}

	st, _ := c.do(http.MethodGet, "/healthz", nil, "")
	require.Equal(t, http.StatusOK, st)
	checkServeLimits(t, strings.TrimPrefix(base, "http://"))

	// Refused by the real inspector: a broken JPEG, a 201-page PDF.
	st, body := c.upload("receipt", "photo.jpg", []byte("\xff\xd8\xff\xe0 not really a jpeg"))
	require.Equal(t, http.StatusBadRequest, st)
	require.Equal(t, "Invalid file type", body["detail"])
	st, body = c.upload("invoice", "long.pdf", invoicePDF(t, 1, 201))
	require.Equal(t, http.StatusBadRequest, st)
	require.Equal(t, "PDF exceeds the maximum of 200 pages.", body["detail"])

	st, up := c.upload("invoice", "invoice.pdf", invoicePDF(t, 1, 1))
	require.Equal(t, http.StatusOK, st, "%v", up)
	require.Equal(t, "queued", up["status"])
	id := up["document_id"].(string)

	st, res := c.waitDone(id, 60*time.Second)
	require.Equal(t, http.StatusOK, st, "%v\nstderr:\n%s", res, stderr)
	require.Equal(t, id, res["document_id"])
	require.Equal(t, "invoice", res["extraction_data"].(map[string]any)["docType"])
	// The real reader's confidence per field reaches the API: every field
	// it scored was read (non-null), and every figure is in 0..1.
	conf, ok := res["confidence"].(map[string]any)
	require.True(t, ok, "confidence beside extraction_data: %v", res)
	require.Contains(t, conf, "InvoiceNumber")
	general := res["extraction_data"].(map[string]any)["general"].(map[string]any)
	for k, v := range conf {
		require.True(t, v.(float64) >= 0 && v.(float64) <= 1, "%s: %v", k, v)
		if k != "lineItems" {
			require.NotNil(t, general[k], "%s has a confidence but no value", k)
		}
	}
	require.EqualValues(t, 1, res["credits_used"])
	require.Contains(t, res, "passed_validation")
	require.Contains(t, res["validation"], "details")

	// The same team's balance, through the admin commands on the live DB.
	code, out, errOut := runMain(t, "team", "create", "--db", dbPath, "--name", "Second", "--json")
	require.Equal(t, 0, code, errOut)
	var team map[string]string
	require.NoError(t, json.Unmarshal([]byte(out), &team))
	require.NotEmpty(t, team["id"])
	code, out, errOut = runMainArgs(t, []string{"key", "create", "--db", dbPath, "--team", team["id"], "--json"})
	require.Equal(t, 0, code, errOut)
	var k map[string]string
	require.NoError(t, json.Unmarshal([]byte(out), &k))
	require.True(t, strings.HasPrefix(k["key"], "dex_"))
	code, out, errOut = runMainArgs(t, []string{"credits", "grant", "--db", dbPath, "--team", team["id"], "--amount", "7", "--json"})
	require.Equal(t, 0, code, errOut)
	require.JSONEq(t, `{"available":7,"held":0,"captured":0,"granted":7}`, out)
	code, out, _ = runMainArgs(t, []string{"credits", "balance", "--db", dbPath, "--team", team["id"], "--json"})
	require.Equal(t, 0, code)
	require.JSONEq(t, `{"available":7,"held":0,"captured":0,"granted":7}`, out)
	code, _, _ = runMainArgs(t, []string{"credits", "grant", "--db", dbPath, "--team", team["id"]})
	require.Equal(t, 2, code, "--amount is required")

	// The second team's key works and cannot see the first team's document.
	other := &client{t: t, base: base, key: k["key"]}
	st, body = other.do(http.MethodGet, "/api/v1/documents/"+id+"/result", nil, "")
	require.Equal(t, http.StatusForbidden, st)
	require.Equal(t, "Not authorized to access this document", body["detail"])

	st, _ = c.do(http.MethodDelete, "/api/v1/documents/"+id, nil, "")
	require.Equal(t, http.StatusNoContent, st)
	st, body = c.do(http.MethodGet, "/api/v1/documents/"+id+"/result", nil, "")
	require.Equal(t, http.StatusNotFound, st)
	require.Equal(t, "Document not found", body["detail"])
}

func runMainArgs(t testing.TB, args []string) (int, string, string) { return runMain(t, args...) }

// checkServeLimits checks that serve wires the connection limits: a
// half-sent upload without a key is answered 401 at once and closed, and
// net/http's own 400 comes as JSON.
func checkServeLimits(t *testing.T, addr string) {
	t.Helper()
	for _, tc := range []struct {
		head   string
		status int
		detail string
	}{
		{"POST /api/v1/documents/invoice HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n", 401, "Invalid API key."},
		{"GET /healthz HTTP/1.1\r\n\r\n", 400, "Bad Request: missing required Host header"},
	} {
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		_, err = io.WriteString(c, tc.head)
		require.NoError(t, err)
		require.NoError(t, c.SetReadDeadline(time.Now().Add(5*time.Second)))
		br := bufio.NewReader(c)
		resp, err := http.ReadResponse(br, nil)
		require.NoError(t, err)
		var body map[string]string
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&body))
		require.Equal(t, tc.status, resp.StatusCode)
		require.Equal(t, tc.detail, body["detail"])
		_, err = io.ReadAll(br) // the server closes the connection
		require.NoError(t, err)
		c.Close()
	}
}

func TestServeLimitFlags(t *testing.T) {
	for _, args := range [][]string{{"--min-body-rate", "0"}, {"--max-conns", "-1"}, {"--write-timeout", "0s"}, {"--max-header-bytes", "10"}} {
		code, _, stderr := runMain(t, append([]string{"serve", "--db", filepath.Join(t.TempDir(), "x.db")}, args...)...)
		require.Equal(t, 2, code, "%v: %s", args, stderr)
	}
}
