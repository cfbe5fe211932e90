//go:build loadtest

// The hostile-load reproduction of issue 11, against the real server on
// loopback, with bounded counts: 2000 half-sent requests without a key
// while /healthz is polled, then two flate bombs (510 KB inflating to
// 512 MiB each) and a one-page upload of another team. It logs what it
// sees: the process's RSS (server and client share the process) is
// reported, not asserted. Run it alone:
//
//	go test -tags loadtest -run TestLoad -v ./cmd/docextract/
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/docextract/docextract/internal/testdocs"
	"github.com/stretchr/testify/require"
)

// loadBomb is a one-page PDF whose content stream inflates to n bytes.
func loadBomb(t *testing.T, n int) []byte {
	b, err := testdocs.FlateBomb(n)
	require.NoError(t, err)
	return b
}

func rssMB() int {
	raw, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(raw), "\n") {
		if strings.HasPrefix(l, "VmRSS:") {
			var kb int
			fmt.Sscanf(strings.TrimSpace(strings.TrimPrefix(l, "VmRSS:")), "%d", &kb)
			return kb >> 10
		}
	}
	return -1
}

func TestLoad(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "load.db")
	ctx, cancel := context.WithCancel(context.Background())
	stdout, stderr := &lockedBuffer{}, &lockedBuffer{}
	exited := make(chan int, 1)
	go func() {
		exited <- Main(ctx, []string{"serve", "--db", dbPath, "--addr", "127.0.0.1:0", "--workers", "2",
			"--max-conns-per-ip", "0", "--extract-timeout", "60s"}, stdout, stderr)
	}()
	defer func() { cancel(); <-exited }()
	key := waitFor(t, stdout, apiKeyRE, stderr)
	base := waitFor(t, stdout, listeningRE, stderr)
	addr := strings.TrimPrefix(base, "http://")
	health := &http.Client{Timeout: 5 * time.Second}
	healthz := func() time.Duration {
		start := time.Now()
		resp, err := health.Get(base + "/healthz")
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, 200, resp.StatusCode)
		return time.Since(start)
	}
	healthz()
	baseline := rssMB()

	// 1. Half-sent requests without a key, 200 at a time, 2000 in all.
	var worst time.Duration
	var answered int
	var mu sync.Mutex
	for round := 0; round < 10; round++ {
		var wg sync.WaitGroup
		for range 200 {
			wg.Go(func() {
				c, err := net.Dial("tcp", addr)
				if err != nil {
					return
				}
				defer c.Close()
				_, _ = io.WriteString(c, "POST /api/v1/documents/invoice HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n")
				_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
				if resp, err := http.ReadResponse(bufio.NewReader(c), nil); err == nil && resp.StatusCode == 401 {
					mu.Lock()
					answered++
					mu.Unlock()
				}
			})
		}
		worst = max(worst, healthz())
		wg.Wait()
	}
	t.Logf("half-sent: %d of 2000 answered 401; slowest /healthz %s", answered, worst)
	require.Less(t, worst, time.Second)

	// 2 and 3. Two flate bombs (512 MiB inflated each) from the default
	// team, then a one-page invoice from another team.
	c := &client{t: t, base: base, key: key}
	bomb := loadBomb(t, 512<<20)
	t.Logf("bomb: %d KB", len(bomb)>>10)
	var bombs []string
	for range 2 {
		st, up := c.upload("invoice", "bomb.pdf", bomb)
		require.Equal(t, 200, st, "%v", up)
		bombs = append(bombs, up["document_id"].(string))
	}
	code, out, errOut := runMain(t, "team", "create", "--db", dbPath, "--name", "other", "--json")
	require.Equal(t, 0, code, errOut)
	var team struct{ ID string }
	require.NoError(t, json.Unmarshal([]byte(out), &team))
	require.Equal(t, 0, Main(ctx, []string{"credits", "grant", "--db", dbPath, "--team", team.ID, "--amount", "10"}, io.Discard, io.Discard))
	var kout bytes.Buffer
	require.Equal(t, 0, Main(ctx, []string{"key", "create", "--db", dbPath, "--team", team.ID, "--json"}, &kout, io.Discard))
	var k struct{ Key string }
	require.NoError(t, json.Unmarshal(kout.Bytes(), &k))
	other := &client{t: t, base: base, key: k.Key}
	start := time.Now()
	st, up := other.upload("invoice", "one.pdf", invoicePDF(t, 1, 1))
	require.Equal(t, 200, st, "%v", up)
	t.Logf("one-page upload of another team answered in %s", time.Since(start))
	peak := rssMB()
	st, res := other.waitDone(up["document_id"].(string), 60*time.Second)
	t.Logf("its result: %d after %s", st, time.Since(start))
	for _, id := range bombs {
		st, _ := c.waitDone(id, 120*time.Second)
		t.Logf("bomb %s: %d", id, st)
		peak = max(peak, rssMB())
	}
	_ = res
	t.Logf("RSS: baseline %d MB, peak seen %d MB, after %d MB; log lines naming the limit: %d",
		baseline, peak, rssMB(), strings.Count(stderr.String(), "memory limit"))
}
