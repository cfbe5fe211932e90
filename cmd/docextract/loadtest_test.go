//go:build loadtest

// The hostile-load reproduction of issue 11, against the real binary
// serving on loopback as a process of its own, so that its memory and file
// descriptors are measured apart from the test's (/proc/PID/status,
// /proc/PID/fd). Each part starts its own server with default limits:
//
//   - HalfSent: 25,000 requests that announce a body and send nothing,
//     without a key, held open by two helper processes (one process may not
//     open that many files), while /healthz is polled: every /healthz
//     answers within 100 ms, no database error is logged, and the server's
//     file descriptors return to their baseline after.
//   - FlateBombs: two 522 KB PDFs whose content streams inflate to 512 MiB,
//     uploaded at once, while /healthz and another document's result are
//     polled: the server's RSS never exceeds its baseline + 512 MB, is back
//     within 100 MB of the baseline within 30 s, both bombs fail naming the
//     memory limit in the log and in its task's error.detail, and every poll
//     answers within 100 ms.
//   - Fairness: four pathological PDFs (200 blank pages, OCR on each) from
//     one team occupy the workers; another team's one-page upload answers in
//     under 1 s and its extraction finishes before theirs.
//
// Run it alone, on a machine that is otherwise quiet (it asserts times):
//
//	go test -tags loadtest -run TestLoad -v ./cmd/docextract/
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/internal/testdocs"
)

// loadServer is a docextract serve process of a load test.
type loadServer struct {
	t      *testing.T
	cmd    *exec.Cmd
	db     string
	base   string
	addr   string
	key    string
	stderr *lockedBuffer
}

func startLoadServer(t *testing.T, extra ...string) *loadServer {
	t.Helper()
	bin := buildBinary(t)
	db := filepath.Join(t.TempDir(), "load.db")
	args := append([]string{"serve", "--db", db, "--addr", "127.0.0.1:0"}, extra...)
	cmd := exec.Command(bin, args...)
	stdout, stderr := &lockedBuffer{}, &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	s := &loadServer{t: t, cmd: cmd, db: db, stderr: stderr}
	s.key = waitFor(t, stdout, apiKeyRE, stderr)
	s.base = waitFor(t, stdout, listeningRE, stderr)
	s.addr = strings.TrimPrefix(s.base, "http://")
	return s
}

// status returns a field of /proc/PID/status in KiB (VmRSS, VmHWM).
func (s *loadServer) status(field string) int {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	require.NoError(s.t, err)
	for _, l := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(l, field+":"); ok {
			kb, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			require.NoError(s.t, err)
			return kb
		}
	}
	s.t.Fatalf("no %s in /proc/PID/status", field)
	return 0
}

func (s *loadServer) rssMB() int { return s.status("VmRSS") >> 10 }

func (s *loadServer) fds() int {
	ents, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", s.cmd.Process.Pid))
	require.NoError(s.t, err)
	return len(ents)
}

// otherTeam creates a team with credits and returns its client.
func (s *loadServer) otherTeam(name string, credits int) *client {
	t := s.t
	code, out, errOut := runMain(t, "team", "create", "--db", s.db, "--name", name, "--json")
	require.Equal(t, 0, code, errOut)
	var team struct{ ID string }
	require.NoError(t, json.Unmarshal([]byte(out), &team))
	code, _, errOut = runMain(t, "credits", "grant", "--db", s.db, "--team", team.ID, "--amount", strconv.Itoa(credits))
	require.Equal(t, 0, code, errOut)
	code, out, errOut = runMain(t, "key", "create", "--db", s.db, "--team", team.ID, "--json")
	require.Equal(t, 0, code, errOut)
	var k struct{ Key string }
	require.NoError(t, json.Unmarshal([]byte(out), &k))
	return &client{t: t, base: s.base, key: k.Key}
}

// poller times GETs of paths, one after the other, until stopped, over
// one keep-alive connection per path as a monitoring client would.
type poller struct {
	mu    sync.Mutex
	worst map[string]time.Duration
	fails []string
	n     int
	stop  chan struct{}
	done  chan struct{}
}

func startPoller(base, key string, every time.Duration, paths ...string) *poller {
	p := &poller{worst: map[string]time.Duration{}, stop: make(chan struct{}), done: make(chan struct{})}
	clients := make([]*http.Client, len(paths))
	for i := range clients {
		clients[i] = &http.Client{Timeout: 10 * time.Second}
	}
	go func() {
		defer close(p.done)
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			for i, path := range paths {
				req, _ := http.NewRequest(http.MethodGet, base+path, nil)
				req.Header.Set("X-API-Key", key)
				start := time.Now()
				resp, err := clients[i].Do(req)
				d := time.Since(start)
				p.mu.Lock()
				p.n++
				if err != nil {
					p.fails = append(p.fails, fmt.Sprintf("%s: %v", path, err))
				} else {
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if resp.StatusCode >= 500 {
						p.fails = append(p.fails, fmt.Sprintf("%s: %d", path, resp.StatusCode))
					}
				}
				p.worst[path] = max(p.worst[path], d)
				p.mu.Unlock()
			}
			select {
			case <-p.stop:
				return
			case <-tick.C:
			}
		}
	}()
	return p
}

func (p *poller) finish() (int, map[string]time.Duration, []string) {
	close(p.stop)
	<-p.done
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.n, p.worst, p.fails
}

// TestLoadHalfSentHelper is not a test: run by TestLoad/HalfSent as a
// process of its own (LOADTEST_HALFSENT_ADDR set), it opens
// LOADTEST_HALFSENT_N connections that each announce a 100000-byte body
// without a key and send nothing, prints "opened N answered M" once every
// connection has been dialled and answered or has waited 2 s, and holds
// them until its standard input closes.
func TestLoadHalfSentHelper(t *testing.T) {
	addr := os.Getenv("LOADTEST_HALFSENT_ADDR")
	if addr == "" {
		t.Skip("helper process of TestLoad/HalfSent")
	}
	n, _ := strconv.Atoi(os.Getenv("LOADTEST_HALFSENT_N"))
	var opened, answered atomic.Int64
	var mu sync.Mutex
	var conns []net.Conn
	var wg sync.WaitGroup
	sem := make(chan struct{}, 500)
	for range n {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			c, err := net.DialTimeout("tcp", addr, 5*time.Second)
			if err != nil {
				return
			}
			opened.Add(1)
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
			_, _ = io.WriteString(c, "POST /api/v1/documents/invoice HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n")
			_ = c.SetReadDeadline(time.Now().Add(2 * time.Second))
			if resp, err := http.ReadResponse(bufio.NewReader(c), nil); err == nil {
				resp.Body.Close()
				answered.Add(1)
			}
		})
	}
	wg.Wait()
	fmt.Printf("opened %d answered %d\n", opened.Load(), answered.Load())
	_, _ = io.Copy(io.Discard, os.Stdin)
	for _, c := range conns {
		c.Close()
	}
}

func TestLoad(t *testing.T) {
	t.Run("HalfSent", testLoadHalfSent)
	t.Run("FlateBombs", testLoadFlateBombs)
	t.Run("Fairness", testLoadFairness)
}

func testLoadHalfSent(t *testing.T) {
	s := startLoadServer(t)
	health := startPoller(s.base, "", 50*time.Millisecond, "/healthz")
	time.Sleep(500 * time.Millisecond)
	baseFDs := s.fds()

	const total, procs = 25000, 2
	var helpers []*exec.Cmd
	var stdins []io.WriteCloser
	var outs []*bufio.Reader
	start := time.Now()
	for range procs {
		h := exec.Command(os.Args[0], "-test.run", "^TestLoadHalfSentHelper$")
		h.Env = append(os.Environ(), "LOADTEST_HALFSENT_ADDR="+s.addr, fmt.Sprintf("LOADTEST_HALFSENT_N=%d", total/procs))
		in, err := h.StdinPipe()
		require.NoError(t, err)
		out, err := h.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, h.Start())
		t.Cleanup(func() { _ = h.Process.Kill(); _ = h.Wait() })
		helpers, stdins, outs = append(helpers, h), append(stdins, in), append(outs, bufio.NewReader(out))
	}
	var opened, answered int
	for _, out := range outs {
		for {
			line, err := out.ReadString('\n')
			require.NoError(t, err)
			var o, a int
			if n, _ := fmt.Sscanf(line, "opened %d answered %d", &o, &a); n == 2 {
				opened, answered = opened+o, answered+a
				break
			}
		}
	}
	peakFDs := s.fds()
	t.Logf("%d half-sent connections opened in %s, %d answered at once (401, or 503 over --max-conns); server fds %d -> %d",
		opened, time.Since(start).Round(time.Millisecond), answered, baseFDs, peakFDs)
	for _, in := range stdins {
		in.Close()
	}
	for _, h := range helpers {
		_ = h.Wait()
	}
	var fds int
	require.Eventually(t, func() bool { fds = s.fds(); return fds <= baseFDs+5 }, 30*time.Second, 100*time.Millisecond,
		"server fds %d, baseline %d", fds, baseFDs)
	n, worst, fails := health.finish()
	t.Logf("/healthz: %d polls, slowest %s, failures %d; server fds back to %d", n, worst["/healthz"], len(fails), fds)
	require.Equal(t, total, opened)
	require.Empty(t, fails)
	require.Less(t, worst["/healthz"], 100*time.Millisecond)
	for _, bad := range []string{"database", "unable to open", "too many open files"} {
		require.NotContains(t, strings.ToLower(s.stderr.String()), bad)
	}
}

func testLoadFlateBombs(t *testing.T) {
	s := startLoadServer(t)
	c := &client{t: t, base: s.base, key: s.key}
	// One honest document first: the engines have started and read a page,
	// as on a server that has been running a while.
	st, up := c.upload("invoice", "one.pdf", invoicePDF(t, 1, 1))
	require.Equal(t, 200, st, "%v", up)
	honest := up["document_id"].(string)
	st, _ = c.waitDone(honest, time.Minute)
	require.Equal(t, 200, st)
	time.Sleep(2 * time.Second)
	baseline := s.rssMB()

	bomb, err := testdocs.FlateBomb(512 << 20)
	require.NoError(t, err)
	t.Logf("bomb: %d KB inflating to 512 MiB; server RSS baseline %d MB", len(bomb)>>10, baseline)
	polls := startPoller(s.base, s.key, 50*time.Millisecond, "/healthz", "/api/v1/documents/"+honest+"/result")

	var peak atomic.Int64
	sample := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			peak.Store(max(peak.Load(), int64(s.rssMB())))
			select {
			case <-sample:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	ids := make([]string, 2)
	var wg sync.WaitGroup
	for i := range ids {
		wg.Go(func() {
			st, up := c.upload("invoice", "bomb.pdf", bomb)
			require.Equal(t, 200, st, "%v", up)
			ids[i] = up["document_id"].(string)
		})
	}
	wg.Wait()
	start := time.Now()
	for _, id := range ids {
		st, _ := c.waitDone(id, 3*time.Minute)
		require.Equal(t, 404, st, "a failed document reads as not found")
	}
	failedAfter := time.Since(start)
	var after int
	settled := time.Now()
	for after = s.rssMB(); after > baseline+100 && time.Since(settled) < 30*time.Second; after = s.rssMB() {
		time.Sleep(100 * time.Millisecond)
	}
	back := time.Since(settled)
	close(sample)
	<-sampled
	n, worst, fails := polls.finish()
	hwm := s.status("VmHWM") >> 10
	t.Logf("bombs failed %s after upload; RSS baseline %d MB, peak sampled %d MB (VmHWM %d MB), %d MB %s after",
		failedAfter.Round(time.Millisecond), baseline, peak.Load(), hwm, after, back.Round(time.Millisecond))
	t.Logf("%d polls meanwhile: slowest %v, failures %v", n, worst, fails)
	limitLines := 0
	for _, l := range strings.Split(s.stderr.String(), "\n") {
		if strings.Contains(l, "processing_failed") || strings.Contains(l, "memory") {
			t.Logf("log: %s", l)
		}
		if strings.Contains(l, "memory limit") {
			limitLines++
		}
	}
	require.LessOrEqual(t, peak.Load(), int64(baseline+512), "RSS over baseline + 512 MB")
	require.LessOrEqual(t, hwm, baseline+512, "VmHWM over baseline + 512 MB")
	require.LessOrEqual(t, after, baseline+100, "RSS not back within 100 MB of the baseline 30 s after")
	require.GreaterOrEqual(t, limitLines, 2, "each bomb's failure names the memory limit in the log")
	for _, id := range ids {
		st, task := c.do("GET", "/api/v1/tasks/"+id, nil, "")
		require.Equal(t, 200, st, "%v", task)
		e, _ := task["error"].(map[string]any)
		require.Equal(t, "processing_failed", e["code"], "%v", task)
		require.Regexp(t, `^PDF engine memory (limit of \d+ MiB per document|budget of \d+ MiB for all documents) reached\.$`, e["detail"],
			"the task names the limit its file hit")
	}
	require.Empty(t, fails)
	for path, d := range worst {
		require.Less(t, d, 100*time.Millisecond, path)
	}
}

// blankPDF returns a PDF of n pages without text: every page goes to OCR.
func blankPDF(t *testing.T, n int) []byte {
	f := fpdf.New("P", "pt", "A4", "")
	for range n {
		f.AddPage()
	}
	var b bytes.Buffer
	require.NoError(t, f.Output(&b))
	return b.Bytes()
}

func testLoadFairness(t *testing.T) {
	s := startLoadServer(t)
	c := &client{t: t, base: s.base, key: s.key}
	blank := blankPDF(t, 200)
	var heavy []string
	for range 4 {
		st, up := c.upload("invoice", "blank.pdf", blank)
		require.Equal(t, 200, st, "%v", up)
		heavy = append(heavy, up["document_id"].(string))
	}
	time.Sleep(time.Second) // the workers have leased them
	other := s.otherTeam("other", 10)
	start := time.Now()
	st, up := other.upload("invoice", "one.pdf", invoicePDF(t, 1, 1))
	answered := time.Since(start)
	require.Equal(t, 200, st, "%v", up)
	st, res := other.waitDone(up["document_id"].(string), 2*time.Minute)
	done := time.Since(start)
	require.Equal(t, 200, st, "%v", res)
	var unfinished int
	for _, id := range heavy {
		if st, _ := c.do(http.MethodGet, "/api/v1/documents/"+id+"/result", nil, ""); st == http.StatusAccepted {
			unfinished++
		}
	}
	t.Logf("another team's one-page upload answered in %s, extracted %s after; %d of 4 pathological PDFs still running then",
		answered.Round(time.Millisecond), done.Round(time.Millisecond), unfinished)
	require.Less(t, answered, time.Second)
	require.Positive(t, unfinished, "the one-page document waited for the pathological ones")
}
