package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"regexp"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/postgres"
	"github.com/docextract/docextract/store/postgres/pgtest"
	"github.com/docextract/docextract/webhook"
)

// fleet is several docextract serve processes on one PostgreSQL schema.
type fleet struct {
	t     *testing.T
	bin   string
	url   string
	extra []string
	procs []*server
}

type server struct {
	cmd    *exec.Cmd
	base   string
	stdout *lockedBuffer
	stderr *lockedBuffer
}

func newFleet(t *testing.T, n int, extra ...string) (*fleet, string) {
	t.Helper()
	f := &fleet{t: t, bin: buildBinary(t), url: pgtest.Schema(t, 6), extra: extra}
	// The first start creates the default team and prints its key; the
	// others start on the migrated, bootstrapped schema.
	f.procs = append(f.procs, f.start())
	key := waitFor(t, f.procs[0].stdout, apiKeyRE, f.procs[0].stderr)
	for range n - 1 {
		f.procs = append(f.procs, f.start())
	}
	return f, key
}

func (f *fleet) start() *server {
	f.t.Helper()
	cmd, base, stdout, stderr := startBinary(f.t, f.bin, f.url, "1", f.extra...)
	return &server{cmd: cmd, base: base, stdout: stdout, stderr: stderr}
}

func (f *fleet) stderr() string {
	var b bytes.Buffer
	for i, p := range f.procs {
		fmt.Fprintf(&b, "--- server %d\n%s", i, p.stderr)
	}
	return b.String()
}

// fleetReceiver acknowledges every delivery at once and records each
// request, so a delivery sent twice by two servers would show.
type fleetReceiver struct {
	mu       sync.Mutex
	secret   webhook.Secret
	requests map[string][]int // delivery id -> attempt numbers received
	bad      int              // requests whose signature did not verify
}

func (rc *fleetReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	attempt, _ := strconv.Atoi(r.Header.Get(webhook.HeaderAttempt))
	rc.mu.Lock()
	if webhook.Verify(body, r.Header, rc.secret) != nil {
		rc.bad++
	}
	id := r.Header.Get(webhook.HeaderDeliveryID)
	rc.requests[id] = append(rc.requests[id], attempt)
	rc.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

var taskFinishedRE = regexp.MustCompile(`msg="task finished" task_id=(\S+)`)

// TestScaleOutPostgres runs three serve processes on one PostgreSQL
// schema: 600 uploads spread over them, one process killed with SIGKILL
// while they are extracted and started again. Every task completes exactly
// once (one finish, one event, charged once), no job is left, and every
// task event is delivered to the webhook endpoint by one delivery, no
// attempt sent twice. Then 200 parallel uploads over the three against a
// balance of 100 pages: exactly 100 are accepted.
func TestScaleOutPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs three servers")
	}
	t.Parallel()
	rc := &fleetReceiver{requests: map[string][]int{}}
	recv := httptest.NewServer(rc)
	defer recv.Close()
	f, key := newFleet(t, 3, "--webhook-allow-private")
	clients := make([]*client, len(f.procs))
	for i, p := range f.procs {
		clients[i] = &client{t: t, base: p.base, key: key}
	}
	st, ep := clients[1].do(http.MethodPost, "/api/v1/webhook_endpoints", bytes.NewReader([]byte(`{"url":"`+recv.URL+`/hook"}`)), "application/json")
	require.Equal(t, http.StatusCreated, st, "%v", ep)
	sec, err := webhook.ParseSecret(ep["secret"].(string))
	require.NoError(t, err)
	rc.mu.Lock()
	rc.secret = sec
	rc.mu.Unlock()
	endpointID := ep["id"].(string)

	ctx := context.Background()
	db, err := postgres.Open(ctx, f.url)
	require.NoError(t, err)
	defer db.Close()
	finished := func() int {
		var n int
		require.NoError(t, db.Pool().QueryRow(ctx, `SELECT count(*) FROM tasks WHERE status IN ('completed', 'failed')`).Scan(&n))
		return n
	}

	const n = 600
	pdf := invoicePDF(t, 1, 1)
	ids := make([]string, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range 12 {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n || t.Failed() {
					return
				}
				st, body := clients[i%3].upload("invoice", fmt.Sprintf("invoice-%d.pdf", i), pdf)
				if st != http.StatusOK {
					t.Errorf("upload %d to server %d: %d %v", i, i%3, st, body)
					return
				}
				ids[i] = body["document_id"].(string)
			}
		})
	}
	wg.Wait()
	require.False(t, t.Failed())
	t.Logf("%d uploads over 3 servers in %v", n, time.Since(start))

	// SIGKILL server 2 while the fleet extracts, then start it again.
	require.Eventually(t, func() bool { return finished() >= n/4 }, 5*time.Minute, 50*time.Millisecond, "stderr:\n%s", f.stderr())
	require.NoError(t, f.procs[2].cmd.Process.Signal(syscall.SIGKILL))
	_ = f.procs[2].cmd.Wait()
	killedAt := finished()
	t.Logf("killed server 2 with %d of %d tasks finished", killedAt, n)
	require.Less(t, killedAt, n, "the kill should interrupt processing")
	f.procs = append(f.procs, f.start())

	require.Eventually(t, func() bool { return finished() == n }, 5*time.Minute, 100*time.Millisecond, "stderr:\n%s", f.stderr())
	t.Logf("all %d tasks finished %v after the first upload", n, time.Since(start))

	// The killed process's webhook leases would expire after 90 s. The
	// live servers' attempts are answered at once, so a lease that stays
	// the same for a second is the dead process's: expire those (by
	// lease token) instead of waiting, and the live servers recover them.
	leased := func() map[int64]string {
		rows, err := db.Pool().Query(ctx, `SELECT seq, lease_token FROM webhook_deliveries WHERE lease_token <> ''`)
		require.NoError(t, err)
		defer rows.Close()
		m := map[int64]string{}
		for rows.Next() {
			var seq int64
			var tok string
			require.NoError(t, rows.Scan(&seq, &tok))
			m[seq] = tok
		}
		require.NoError(t, rows.Err())
		return m
	}
	pending := func() int {
		var n int
		require.NoError(t, db.Pool().QueryRow(ctx, `SELECT count(*) FROM webhook_deliveries WHERE status = 'pending'`).Scan(&n))
		return n
	}
	var delivered int
	require.Eventually(t, func() bool {
		require.NoError(t, db.Pool().QueryRow(ctx, `SELECT count(*) FROM webhook_deliveries`).Scan(&delivered))
		if delivered < n {
			return false // fan-out still running
		}
		before := leased()
		if pending() == 0 {
			return true
		}
		if len(before) == 0 || pending() > len(before) {
			return false
		}
		time.Sleep(time.Second)
		for seq, tok := range leased() {
			if before[seq] == tok {
				_, err := db.Pool().Exec(ctx, `UPDATE webhook_deliveries SET next_attempt_at = $1 WHERE seq = $2 AND lease_token = $3`,
					time.Now().Add(-time.Second).UnixMilli(), seq, tok)
				require.NoError(t, err)
			}
		}
		return false
	}, 3*time.Minute, 200*time.Millisecond, "stderr:\n%s", f.stderr())

	// Exactly once. No task was finished by two processes (the logs of
	// all four, the killed one included), and each has one event.
	finishes := map[string]int{}
	for _, p := range f.procs {
		for _, m := range taskFinishedRE.FindAllStringSubmatch(p.stderr.String(), -1) {
			finishes[m[1]]++
		}
	}
	var teamID string
	var used int64
	docs := 0
	events := map[string]bool{}
	for _, id := range ids {
		// (0 when the killed process committed the task and died before
		// its log line.)
		require.LessOrEqual(t, finishes[id], 1, "task %s finished %d times", id, finishes[id])
		task, err := db.FindTask(ctx, id)
		require.NoError(t, err)
		require.Equal(t, docextract.TaskCompleted, task.Status, "%s", id)
		teamID = task.TeamID
		ev, err := db.FindTaskEvent(ctx, id)
		require.NoError(t, err)
		events[ev.ID] = true
		ds, err := db.ListDocuments(ctx, id)
		require.NoError(t, err)
		for _, d := range ds {
			used += d.CreditsUsed
			docs++
		}
	}
	entries, err := db.LedgerEntries(ctx, teamID)
	require.NoError(t, err)
	count := map[credits.Action]int{}
	var captured int64
	for _, e := range entries {
		count[e.Action]++
		if e.Action == credits.ActionCapture {
			captured += e.Amount
		}
	}
	require.Equal(t, n, count[credits.ActionHold])
	require.Equal(t, docs, count[credits.ActionCapture], "one capture per document")
	require.Equal(t, n, count[credits.ActionVoid])
	require.Equal(t, used, captured)
	bal, err := db.Balance(ctx, teamID)
	require.NoError(t, err)
	require.Equal(t, credits.Balance{Granted: starterCredits, Captured: used}, bal)
	job, err := db.LeaseJob(ctx, 0)
	require.NoError(t, err)
	require.Nil(t, job, "no job left")

	// One delivery per event, acknowledged; no attempt sent twice. An
	// attempt cut by the kill is stored as interrupted and retried under
	// the same delivery id, so only those deliveries may have reached the
	// receiver more than once.
	list, err := db.ListWebhookDeliveries(ctx, endpointID, 0, 2*n)
	require.NoError(t, err)
	require.Len(t, list, n, "one delivery per task event")
	rc.mu.Lock()
	defer rc.mu.Unlock()
	require.Zero(t, rc.bad, "every request signed with the endpoint's secret")
	retried := 0
	for _, l := range list {
		require.True(t, events[l.EventID], "a delivery of a task event of this run")
		delete(events, l.EventID)
		d, err := db.FindWebhookDelivery(ctx, l.ID)
		require.NoError(t, err)
		require.Equal(t, store.DeliveryAcknowledged, d.Status)
		require.Len(t, d.Attempts, d.AttemptCount)
		got := rc.requests[d.ID]
		require.NotEmpty(t, got, "delivery %s reached the receiver", d.ID)
		seen := map[int]bool{}
		for _, a := range got {
			require.False(t, seen[a], "delivery %s attempt %d sent twice", d.ID, a)
			seen[a] = true
		}
		if len(got) > 1 {
			retried++
			require.Equal(t, store.InterruptedAttempt, d.Attempts[0].Error, "only an interrupted attempt is retried here")
		}
	}
	require.Empty(t, events, "every task event delivered")
	t.Logf("%d deliveries, %d retried after the kill", len(list), retried)

	// 200 parallel uploads over the three live servers against a balance
	// of 100 pages: exactly 100 accepted. (Invoices the servers extract
	// and charge: a task charged nothing would give its page back and
	// let one more in.)
	code, out, errOut := runMain(t, "team", "create", "--db", f.url, "--name", "race", "--json")
	require.Equal(t, 0, code, errOut)
	team := regexp.MustCompile(`"id":\s*"([^"]+)"`).FindStringSubmatch(out)
	require.NotNil(t, team, out)
	code, out, errOut = runMain(t, "key", "create", "--db", f.url, "--team", team[1], "--json")
	require.Equal(t, 0, code, errOut)
	raceKey := regexp.MustCompile(`"key":\s*"([^"]+)"`).FindStringSubmatch(out)
	require.NotNil(t, raceKey, out)
	code, _, errOut = runMain(t, "credits", "grant", "--db", f.url, "--team", team[1], "--amount", "100")
	require.Equal(t, 0, code, errOut)
	live := []string{f.procs[0].base, f.procs[1].base, f.procs[3].base}
	var accepted, refused atomic.Int64
	for i := range 200 {
		wg.Go(func() {
			c := &client{t: t, base: live[i%3], key: raceKey[1]}
			switch st, body := c.upload("invoice", "r.pdf", pdf); st {
			case http.StatusOK:
				accepted.Add(1)
			case http.StatusPaymentRequired:
				refused.Add(1)
			default:
				t.Errorf("upload: %d %v", st, body)
			}
		})
	}
	wg.Wait()
	require.Equal(t, int64(100), accepted.Load())
	require.Equal(t, int64(100), refused.Load())
	bal, err = db.Balance(ctx, team[1])
	require.NoError(t, err)
	require.Equal(t, int64(100), bal.Held+bal.Captured, "every page of the balance held or captured, none more")
}

// TestScaleOutSharedRateLimit runs three servers with a limit of 60 per
// key: 100 uploads with one key spread over them are accepted exactly 60
// times. The rate is 60/1h, not 60/1m: the burst is the same 60, and a
// refill of one a minute (not one a second) keeps the count exact however
// slowly a loaded machine sends the 100.
func TestScaleOutSharedRateLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs three servers")
	}
	t.Parallel()
	f, key := newFleet(t, 3, "--rate-limit", "60/1h")
	pdf := invoicePDF(t, 1, 1)
	var accepted, limited atomic.Int64
	var wg sync.WaitGroup
	for i := range 100 {
		wg.Go(func() {
			c := &client{t: t, base: f.procs[i%3].base, key: key}
			switch st, body := c.upload("invoice", "i.pdf", pdf); st {
			case http.StatusOK:
				accepted.Add(1)
			case http.StatusTooManyRequests:
				limited.Add(1)
			default:
				t.Errorf("upload: %d %v", st, body)
			}
		})
	}
	wg.Wait()
	require.Equal(t, int64(60), accepted.Load(), "stderr:\n%s", f.stderr())
	require.Equal(t, int64(40), limited.Load())
}
