package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/sqlite"
	"github.com/docextract/docextract/webhook"
	"github.com/stretchr/testify/require"
)

// crashReceiver records every delivery request. Before the crash it
// acknowledges one request in three, answers 503 to one in three and holds
// the rest until the sender goes away; after it, it acknowledges all.
type crashReceiver struct {
	mu       sync.Mutex
	secret   webhook.Secret
	after    bool
	n        int
	hanging  int
	requests []crashRequest
}

type crashRequest struct {
	deliveryID, eventID string
	attempt             int
	verified            bool
	answer              int // 0: held until the sender died
}

func (rc *crashReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	attempt, _ := strconv.Atoi(r.Header.Get(webhook.HeaderAttempt))
	req := crashRequest{deliveryID: r.Header.Get(webhook.HeaderDeliveryID), eventID: r.Header.Get(webhook.HeaderEventID), attempt: attempt}
	rc.mu.Lock()
	req.verified = webhook.Verify(body, r.Header, rc.secret) == nil
	switch {
	case rc.after || rc.n%3 == 0:
		req.answer = http.StatusNoContent
	case rc.n%3 == 1:
		req.answer = http.StatusServiceUnavailable
	}
	rc.n++
	i := len(rc.requests)
	rc.requests = append(rc.requests, req)
	if req.answer == 0 {
		rc.hanging++
	}
	rc.mu.Unlock()
	if req.answer != 0 {
		w.WriteHeader(req.answer)
		return
	}
	<-r.Context().Done() // held until the server is killed
	rc.mu.Lock()
	rc.hanging--
	rc.requests[i].answer = 0
	rc.mu.Unlock()
}

func (rc *crashReceiver) held() int {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return rc.hanging
}

// TestWebhookCrashRecovery builds the real binary, sends the deliveries of
// real tasks to a receiver that holds some requests open, kills the server
// with SIGKILL while those attempts are in flight, restarts it, and checks
// that every task event is delivered: one delivery per event, acknowledged;
// its attempt rows numbered 1..attempt_count; the attempts cut by the kill
// stored as interrupted; every request of a delivery signed, under the same
// delivery id, with the attempt number the history gives it.
//
// The killed process's leases would expire after 90 s (two sender
// timeouts and room to record); instead of waiting, the test moves their
// expiry to now in the database file before the restart. The restarted
// server then runs the real recovery: it closes each expired lease and
// leases the delivery again.
func TestWebhookCrashRecovery(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := t.TempDir()
	bin := buildBinary(t)
	dbPath := filepath.Join(dir, "crash.db")
	start := func() (*exec.Cmd, string, *lockedBuffer, *lockedBuffer) {
		return startBinary(t, bin, dbPath, "1", "--webhook-allow-private", "--webhook-retry-schedule", "50ms")
	}

	rc := &crashReceiver{}
	recv := httptest.NewServer(rc)
	defer recv.Close()

	proc, base, stdout, stderr := start()
	c := &client{t: t, base: base, key: waitFor(t, stdout, apiKeyRE, stderr)}
	st, ep := c.do(http.MethodPost, "/api/v1/webhook_endpoints", bytes.NewReader([]byte(`{"url":"`+recv.URL+`/hook"}`)), "application/json")
	require.Equal(t, http.StatusCreated, st, "%v", ep)
	sec, err := webhook.ParseSecret(ep["secret"].(string))
	require.NoError(t, err)
	rc.mu.Lock()
	rc.secret = sec
	rc.mu.Unlock()
	endpointID := ep["id"].(string)

	const n = 12
	ids := make([]string, n)
	for i := range n {
		st, body := c.upload("invoice", fmt.Sprintf("invoice-%d.pdf", i), invoicePDF(t, i, 1))
		require.Equal(t, http.StatusOK, st, "%v", body)
		ids[i] = body["document_id"].(string)
	}
	// Kill -9 while at least two attempts are held open.
	require.Eventually(t, func() bool { return rc.held() >= 2 }, 120*time.Second, 10*time.Millisecond, "stderr:\n%s", stderr)
	require.NoError(t, proc.Process.Signal(syscall.SIGKILL))
	_ = proc.Wait()
	require.Eventually(t, func() bool { return rc.held() == 0 }, 10*time.Second, 10*time.Millisecond)
	rc.mu.Lock()
	rc.after = true
	cut := map[string]int{} // delivery id -> attempt number held at the kill
	for _, r := range rc.requests {
		if r.answer == 0 {
			cut[r.deliveryID] = r.attempt
		}
	}
	rc.mu.Unlock()
	t.Logf("killed with %d attempts in flight", len(cut))

	// Instead of waiting out the dead process's leases: expire them now.
	raw, err := sql.Open("sqlite", sqlite.DSN(dbPath, false))
	require.NoError(t, err)
	res, err := raw.Exec(`UPDATE webhook_deliveries SET next_attempt_at = ? WHERE lease_token <> ''`, time.Now().Add(-time.Second).UnixMilli())
	require.NoError(t, err)
	leased, _ := res.RowsAffected()
	require.NoError(t, raw.Close())
	require.GreaterOrEqual(t, leased, int64(len(cut)), "every attempt in flight was under a lease")

	proc, base, _, stderr = start()
	c.base = base
	for _, id := range ids {
		st, body := c.waitDone(id, 120*time.Second)
		require.Equal(t, http.StatusOK, st, "%s: %v\nstderr:\n%s", id, body, stderr)
	}
	require.Eventually(t, func() bool {
		st, list := c.do(http.MethodGet, "/api/v1/webhook_endpoints/"+endpointID+"/deliveries?limit=100", nil, "")
		if st != http.StatusOK || len(list["data"].([]any)) != n {
			return false
		}
		for _, d := range list["data"].([]any) {
			if d.(map[string]any)["status"] != store.DeliveryAcknowledged {
				return false
			}
		}
		return true
	}, 60*time.Second, 50*time.Millisecond, "stderr:\n%s", stderr)
	require.NoError(t, proc.Process.Signal(syscall.SIGTERM))
	require.NoError(t, proc.Wait(), "graceful shutdown exits 0")

	// The state table, delivery by delivery, against what the receiver saw.
	ctx := context.Background()
	db, err := sqlite.Open(ctx, dbPath)
	require.NoError(t, err)
	defer db.Close()
	list, err := db.ListWebhookDeliveries(ctx, endpointID, 0, 100)
	require.NoError(t, err)
	require.Len(t, list, n, "one delivery per task event, none lost, none doubled")
	byEvent := map[string]bool{}
	for _, id := range ids {
		ev, err := db.FindTaskEvent(ctx, id)
		require.NoError(t, err)
		byEvent[ev.ID] = true
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	interrupted := 0
	for _, l := range list {
		d, err := db.FindWebhookDelivery(ctx, l.ID)
		require.NoError(t, err)
		require.True(t, byEvent[d.EventID], "delivery of a recorded task event")
		delete(byEvent, d.EventID)
		require.Equal(t, store.DeliveryAcknowledged, d.Status)
		require.Empty(t, d.LeaseToken)
		require.Len(t, d.Attempts, d.AttemptCount, "attempt_count equals the attempt rows")
		seen := map[int]crashRequest{}
		for _, r := range rc.requests {
			if r.deliveryID == d.ID {
				require.True(t, r.verified, "signed with the endpoint's secret")
				require.Equal(t, d.EventID, r.eventID)
				seen[r.attempt] = r
			}
		}
		for i, a := range d.Attempts {
			require.Equal(t, i+1, a.Number, "consecutive attempt numbers")
			r, sent := seen[a.Number]
			switch {
			case a.Error == store.InterruptedAttempt:
				// Held at the kill, answered after the sender died, or
				// answered but not yet committed: no outcome was
				// recorded, so the attempt counts and is retried.
				interrupted++
				require.Zero(t, a.StatusCode)
			case i == len(d.Attempts)-1:
				require.True(t, sent)
				require.Equal(t, http.StatusNoContent, a.StatusCode)
			default:
				require.True(t, sent)
				require.Equal(t, r.answer, a.StatusCode, "attempt %d", a.Number)
			}
		}
		if k, ok := cut[d.ID]; ok {
			require.Equal(t, store.InterruptedAttempt, d.Attempts[k-1].Error, "the attempt held at the kill")
			require.Greater(t, d.AttemptCount, k, "and retried after the restart")
		}
		require.Len(t, seen, len(d.Attempts)-countInterruptedUnsent(d, seen), "every request is an attempt of the history")
	}
	require.Empty(t, byEvent, "every task event was delivered")
	require.GreaterOrEqual(t, interrupted, len(cut))
	var summary []string
	for _, l := range list {
		summary = append(summary, fmt.Sprint(l.AttemptCount))
	}
	b, _ := json.Marshal(summary)
	t.Logf("attempts per delivery: %s; interrupted attempts: %d", b, interrupted)
}

// countInterruptedUnsent counts the attempts of d that were closed as
// interrupted before their request reached the receiver (leased, then the
// process died before sending).
func countInterruptedUnsent(d *store.WebhookDelivery, seen map[int]crashRequest) int {
	n := 0
	for _, a := range d.Attempts {
		if _, ok := seen[a.Number]; !ok && a.Error == store.InterruptedAttempt {
			n++
		}
	}
	return n
}
