package main

import (
	"context"
	"net/http"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/store/sqlite"
	"github.com/stretchr/testify/require"
)

// startBinary starts the built docextract serve on port 0, with extra
// flags after the common ones, and returns the process, its base URL and
// its output.
func startBinary(t *testing.T, bin, dbPath, workers string, extra ...string) (*exec.Cmd, string, *lockedBuffer, *lockedBuffer) {
	t.Helper()
	args := append([]string{"serve", "--db", dbPath, "--addr", "127.0.0.1:0", "--workers", workers,
		"--job-lease", "2s", "--shutdown-grace", "5s"}, extra...)
	cmd := exec.Command(bin, args...)
	stdout, stderr := &lockedBuffer{}, &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return cmd, waitFor(t, stdout, listeningRE, stderr), stdout, stderr
}

// TestCrashRecovery builds the real binary, uploads 50 documents, kills the
// server with SIGKILL while it processes them, restarts it, and checks every
// document completes exactly once and is charged exactly once.
func TestCrashRecovery(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := t.TempDir()
	bin := buildBinary(t)
	dbPath := filepath.Join(dir, "crash.db")

	proc, base, stdout, stderr := startBinary(t, bin, dbPath, "1")
	key := waitFor(t, stdout, apiKeyRE, stderr)
	c := &client{t: t, base: base, key: key}

	const n = 50
	ids := make([]string, n)
	pdfs := make([][]byte, n)
	for i := range n {
		pdfs[i] = invoicePDF(t, i, 8)
	}
	start := time.Now()
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, body := c.upload("invoice", "invoice.pdf", pdfs[i])
			if st != http.StatusOK {
				t.Errorf("upload %d: %d %v", i, st, body)
				return
			}
			ids[i] = body["document_id"].(string)
		}()
	}
	wg.Wait()
	require.False(t, t.Failed())
	t.Logf("50 uploads in %v", time.Since(start))

	// Kill -9 as soon as any task is done, while the one worker is busy
	// with the rest. (Waiting for ids[0] could wait for the last job: the
	// uploads raced, and on a quiet machine the queue can drain first.)
	deadline := time.Now().Add(60 * time.Second)
	for done := false; !done && time.Now().Before(deadline); {
		for _, id := range ids {
			if st, _ := c.do(http.MethodGet, "/api/v1/documents/"+id+"/result", nil, ""); st != http.StatusAccepted {
				done = true
				break
			}
		}
	}
	require.NoError(t, proc.Process.Signal(syscall.SIGKILL))
	_ = proc.Wait()

	db, err := sqlite.Open(context.Background(), dbPath)
	require.NoError(t, err)
	finished := 0
	for _, id := range ids {
		if task, err := db.FindTask(context.Background(), id); err == nil && task.Finished() {
			finished++
		}
	}
	require.NoError(t, db.Close())
	t.Logf("killed with %d of %d tasks finished", finished, n)
	require.Less(t, finished, n, "the kill should interrupt processing")

	// Restart: the expired leases are leased again and everything completes.
	proc, base, _, stderr = startBinary(t, bin, dbPath, "2")
	c.base = base
	for _, id := range ids {
		st, body := c.waitDone(id, 120*time.Second)
		require.Equal(t, http.StatusOK, st, "%s: %v\nstderr:\n%s", id, body, stderr)
	}
	require.NoError(t, proc.Process.Signal(syscall.SIGTERM))
	require.NoError(t, proc.Wait(), "graceful shutdown exits 0")

	// Exactly once: one event per task, one capture per document, nothing
	// held, and what was captured is what the documents used.
	ctx := context.Background()
	db, err = sqlite.Open(ctx, dbPath)
	require.NoError(t, err)
	defer db.Close()
	var teamID string
	var used int64
	docs := 0
	for _, id := range ids {
		task, err := db.FindTask(ctx, id)
		require.NoError(t, err)
		require.Equal(t, docextract.TaskCompleted, task.Status)
		teamID = task.TeamID
		ev, err := db.FindTaskEvent(ctx, id)
		require.NoError(t, err)
		require.Equal(t, "task.completed", ev.Type)
		ds, err := db.ListDocuments(ctx, id)
		require.NoError(t, err)
		for _, d := range ds {
			used += d.CreditsUsed
			docs++
		}
	}
	entries, err := db.LedgerEntries(ctx, teamID)
	require.NoError(t, err)
	captures, holds, voids := 0, 0, 0
	var captured int64
	for _, e := range entries {
		switch e.Action {
		case credits.ActionCapture:
			captures++
			captured += e.Amount
		case credits.ActionHold:
			holds++
		case credits.ActionVoid:
			voids++
		}
	}
	require.Equal(t, docs, captures)
	require.Equal(t, n, holds)
	require.Equal(t, n, voids)
	require.Equal(t, used, captured)
	bal, err := db.Balance(ctx, teamID)
	require.NoError(t, err)
	require.Equal(t, credits.Balance{Granted: starterCredits, Captured: used}, bal)
	job, err := db.LeaseJob(ctx, 0)
	require.NoError(t, err)
	require.Nil(t, job, "no job left")
}
