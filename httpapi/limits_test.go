package httpapi_test

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
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/httpapi"
)

// liveServer serves b.srv on a real loopback listener wrapped like serve
// wraps it, with net/http's own timeouts set.
func liveServer(t *testing.T, b *bundle, limits httpapi.Limits, ll httpapi.ListenerLimits) string {
	t.Helper()
	b.srv.Limits = limits
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	hs := &http.Server{Handler: b.srv, ReadHeaderTimeout: time.Second, IdleTimeout: 5 * time.Second, MaxHeaderBytes: 4096}
	go func() { _ = hs.Serve(httpapi.LimitListener(ln, ll)) }()
	t.Cleanup(func() { _ = hs.Close() })
	return ln.Addr().String()
}

// rawAnswer is a response read off a raw connection.
type rawAnswer struct {
	resp   *http.Response
	body   map[string]any
	closed bool // the server closed the connection after it
	after  time.Duration
}

// sendRaw writes head on a new connection and reads the answer, then
// whether the server closes the connection within wait.
func sendRaw(t *testing.T, addr, head string, wait time.Duration) rawAnswer {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer c.Close()
	start := time.Now()
	_, err = io.WriteString(c, head)
	require.NoError(t, err)
	require.NoError(t, c.SetReadDeadline(time.Now().Add(wait)))
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	require.NoError(t, err, "no answer within %s", wait)
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	a := rawAnswer{resp: resp, after: time.Since(start)}
	require.NoError(t, json.Unmarshal(raw, &a.body), "%s", raw)
	_, err = br.ReadByte()
	a.closed = err == io.EOF
	return a
}

// A request that announces a body and sends none is answered 401 at once
// when it has no valid key, and its connection closed, on every endpoint.
func TestHalfSentRequestWithoutKeyAnsweredAtOnce(t *testing.T) {
	b := setup(t, options{noWorkers: true})
	addr := liveServer(t, b, httpapi.Limits{}, httpapi.ListenerLimits{})
	for _, path := range []string{"/api/v1/documents/invoice", "/api/v1/documents/download_selected", "/api/v1/webhook_endpoints"} {
		a := sendRaw(t, addr, "POST "+path+" HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n", 3*time.Second)
		require.Equal(t, http.StatusUnauthorized, a.resp.StatusCode, path)
		require.Equal(t, "Invalid API key.", a.body["detail"])
		require.True(t, a.closed, "%s: connection left open", path)
		require.Less(t, a.after, 2*time.Second, path)
	}
}

// Rate limiting is decided before the body too.
func TestRateLimitedBeforeBody(t *testing.T) {
	b := setup(t, options{noWorkers: true, rate: "1/1m"})
	addr := liveServer(t, b, httpapi.Limits{}, httpapi.ListenerLimits{})
	require.Equal(t, http.StatusOK, b.upload(b.key, "invoice", "a.pdf", makePDF(t, 1)).Status)
	a := sendRaw(t, addr, "POST /api/v1/documents/invoice HTTP/1.1\r\nHost: x\r\nX-API-Key: "+b.key+
		"\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 5000000\r\n\r\n", 3*time.Second)
	require.Equal(t, http.StatusTooManyRequests, a.resp.StatusCode)
	require.NotEmpty(t, a.resp.Header.Get("Retry-After"))
	require.True(t, a.closed)
}

// A body that stops arriving is cut after the grace with 408; one that
// arrives slowly but above the minimum rate passes.
func TestBodyMinimumRate(t *testing.T) {
	b := setup(t, options{noWorkers: true})
	const rate = 64 << 10
	addr := liveServer(t, b, httpapi.Limits{MinBodyRate: rate, BodyGrace: 300 * time.Millisecond}, httpapi.ListenerLimits{})
	// A 96 KiB field the server skips, then the file.
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	require.NoError(t, mw.WriteField("note", strings.Repeat("x", 96<<10)))
	w, err := mw.CreateFormFile("file", "a.pdf")
	require.NoError(t, err)
	_, _ = w.Write(makePDF(t, 1))
	require.NoError(t, mw.Close())
	payload, ct := buf.Bytes(), mw.FormDataContentType()
	head := fmt.Sprintf("POST /api/v1/documents/invoice HTTP/1.1\r\nHost: x\r\nX-API-Key: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n", b.key, ct, len(payload))

	t.Run("stalled", func(t *testing.T) {
		// Half the body at once, then nothing: cut once the schedule of
		// what was sent runs out (0.3 s + 48 KiB at 64 KiB/s).
		a := sendRaw(t, addr, head+string(payload[:len(payload)/2]), 5*time.Second)
		require.Equal(t, http.StatusRequestTimeout, a.resp.StatusCode)
		require.Equal(t, "Request body arrived too slowly.", a.body["detail"])
		require.True(t, a.closed)
		require.Less(t, a.after, 3*time.Second)
	})
	t.Run("slow but steady", func(t *testing.T) {
		// 8 KiB every 80 ms is 100 KiB/s: slower than loopback by far,
		// faster than the minimum; takes about a second.
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		defer c.Close()
		_, err = io.WriteString(c, head)
		require.NoError(t, err)
		// Paced by the clock, not by sleeps: a sleep that overruns on a
		// busy machine is made up by sending the next chunk at once, so the
		// client's rate stays 100 KiB/s however the scheduler treats it.
		start := time.Now()
		for i, p := 0, payload; len(p) > 0; i++ {
			if d := time.Until(start.Add(time.Duration(i) * 80 * time.Millisecond)); d > 0 {
				time.Sleep(d)
			}
			n := min(len(p), 8<<10)
			_, err := c.Write(p[:n])
			require.NoError(t, err)
			p = p[n:]
		}
		require.NoError(t, c.SetReadDeadline(time.Now().Add(5*time.Second)))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		require.NoError(t, err)
		raw, _ := io.ReadAll(resp.Body)
		require.Equal(t, http.StatusOK, resp.StatusCode, "%s", raw)
	})
}

// Errors net/http answers itself come as JSON through LimitListener.
func TestServerErrorsAreJSON(t *testing.T) {
	b := setup(t, options{noWorkers: true})
	addr := liveServer(t, b, httpapi.Limits{}, httpapi.ListenerLimits{})
	a := sendRaw(t, addr, "GET /healthz HTTP/1.1\r\n\r\n", 3*time.Second)
	require.Equal(t, http.StatusBadRequest, a.resp.StatusCode)
	require.Equal(t, "application/json", a.resp.Header.Get("Content-Type"))
	require.Equal(t, "Bad Request: missing required Host header", a.body["detail"])

	a = sendRaw(t, addr, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: "+strings.Repeat("a", 20000)+"\r\n\r\n", 3*time.Second)
	require.Equal(t, http.StatusRequestHeaderFieldsTooLarge, a.resp.StatusCode)
	require.Equal(t, "Request Header Fields Too Large", a.body["detail"])
	require.Equal(t, "nosniff", a.resp.Header.Get("X-Content-Type-Options"))

	a = sendRaw(t, addr, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 3*time.Second)
	require.Equal(t, http.StatusOK, a.resp.StatusCode)
	require.Equal(t, "nosniff", a.resp.Header.Get("X-Content-Type-Options"))
}

// Connections over the caps are answered 503 and closed; a slot freed is
// usable again.
func TestLimitListenerCaps(t *testing.T) {
	b := setup(t, options{noWorkers: true})
	addr := liveServer(t, b, httpapi.Limits{}, httpapi.ListenerLimits{MaxConns: 10, MaxConnsPerIP: 2})
	held := make([]net.Conn, 2)
	for i := range held {
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		defer c.Close()
		held[i] = c
	}
	// The server counts a connection when it accepts it: wait for that.
	require.Eventually(t, func() bool {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			return false
		}
		defer c.Close()
		_ = c.SetReadDeadline(time.Now().Add(time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		return err == nil && resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") != ""
	}, 5*time.Second, 20*time.Millisecond)
	held[0].Close()
	require.Eventually(t, func() bool {
		resp, err := http.Get("http://" + addr + "/healthz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}, 5*time.Second, 20*time.Millisecond)
}

// While hundreds of half-sent requests arrive, /healthz keeps answering on
// a kept-alive connection and every flood connection ends quickly.
func TestHealthzDuringHalfSentFlood(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 400 connections")
	}
	b := setup(t, options{noWorkers: true})
	addr := liveServer(t, b, httpapi.Limits{}, httpapi.ListenerLimits{MaxConns: 1000, MaxConnsPerIP: 300})
	health := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
	check := func() time.Duration {
		start := time.Now()
		resp, err := health.Get("http://" + addr + "/healthz")
		require.NoError(t, err)
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		return time.Since(start)
	}
	check()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var open, answered int
	for range 400 {
		wg.Go(func() {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				return
			}
			defer c.Close()
			mu.Lock()
			open++
			mu.Unlock()
			_, _ = io.WriteString(c, "POST /api/v1/documents/invoice HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n")
			_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
			if resp, err := http.ReadResponse(bufio.NewReader(c), nil); err == nil {
				mu.Lock()
				answered++
				mu.Unlock()
				resp.Body.Close()
				_, _ = io.Copy(io.Discard, c) // until the server closes
			}
		})
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	var worst time.Duration
	for waiting := true; waiting; {
		select {
		case <-done:
			waiting = false
		case <-time.After(20 * time.Millisecond):
			worst = max(worst, check())
		}
	}
	require.Less(t, worst, time.Second)
	require.Positive(t, open)
	t.Logf("%d flood connections, %d answered (the rest refused at the cap); slowest /healthz %s", open, answered, worst)
}

type inspectorFunc func(ctx context.Context, data []byte, password string) (extract.Info, error)

func (f inspectorFunc) Inspect(ctx context.Context, data []byte, password string) (extract.Info, error) {
	return f(ctx, data, password)
}

// An upload whose pages could not be counted in time (every inspector
// engine busy) is answered 503 with Retry-After, and nothing is stored.
func TestUploadInspectTimeoutIsBusy(t *testing.T) {
	b := setup(t, options{noWorkers: true})
	b.srv.Inspector = inspectorFunc(func(context.Context, []byte, string) (extract.Info, error) {
		return extract.Info{}, extract.ErrTimeout
	})
	r := b.upload(b.key, "invoice", "a.pdf", makePDF(t, 1))
	require.Equal(t, http.StatusServiceUnavailable, r.Status, "%s", r.Raw)
	require.Equal(t, "Server busy. Please retry.", r.Body["detail"])
	require.Equal(t, "5", r.Header.Get("Retry-After"))
	bal, err := b.db.Balance(b.ctx, b.team.ID)
	require.NoError(t, err)
	require.Zero(t, bal.Held)
}
