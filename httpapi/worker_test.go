package httpapi_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/store/sqlite"
	"github.com/docextract/docextract/webhook/event"
	"github.com/stretchr/testify/require"
)

// blockingExtractor makes Extract wait until released (or its context ends).
func blockingExtractor(b *bundle) (started chan string, release chan struct{}) {
	started, release = make(chan string, 10), make(chan struct{})
	b.x.fn = func(ctx context.Context, in extract.Input, pages int) (*extract.Result, error) {
		started <- in.FileName
		select {
		case <-release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return &extract.Result{ContentType: extract.TypePDF, PageCount: pages,
			Documents: []extract.Document{invoiceDoc(in.DocType, 1, pages)}}, nil
	}
	return started, release
}

func TestDeleteRacingProcessingLeavesNothing(t *testing.T) {
	t.Parallel()
	b := setup(t, options{grant: 10})
	started, release := blockingExtractor(b)
	id := b.upload(b.key, "invoice", "a.pdf", makePDF(t, 2)).Body["document_id"].(string)
	<-started

	require.Equal(t, http.StatusNoContent, b.do("DELETE", "/api/v1/documents/"+id, b.key, nil, "").Status)
	close(release)

	// The worker's completion finds no task: no rows, no file, no event, no charge.
	require.Eventually(t, func() bool { return b.srv.Store != nil }, time.Second, time.Millisecond)
	time.Sleep(300 * time.Millisecond)
	_, err := b.db.FindTask(b.ctx, id)
	require.Equal(t, docextract.ENOTFOUND, docextract.ErrorCode(err))
	docs, err := b.db.ListDocuments(b.ctx, id)
	require.NoError(t, err)
	require.Empty(t, docs)
	_, err = b.db.ReadFile(b.ctx, id)
	require.Equal(t, docextract.ENOTFOUND, docextract.ErrorCode(err))
	_, err = b.db.FindTaskEvent(b.ctx, id)
	require.Equal(t, docextract.ENOTFOUND, docextract.ErrorCode(err))
	bal, err := b.db.Balance(b.ctx, b.team.ID)
	require.NoError(t, err)
	require.Equal(t, credits.Balance{Granted: 10}, bal)
	require.Equal(t, http.StatusNotFound, b.result(b.key, id).Status)
}

func TestShutdownReleasesInFlightJobs(t *testing.T) {
	t.Parallel()
	b := setup(t, options{noWorkers: true})
	started, release := blockingExtractor(b)
	defer close(release)
	id := b.upload(b.key, "invoice", "a.pdf", makePDF(t, 1)).Body["document_id"].(string)

	b.pool.ShutdownGrace = 100 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.pool.Run(ctx) }()
	<-started
	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("workers did not stop")
	}

	// The job is visible again at once, its attempt not counted.
	job, err := b.db.LeaseJob(b.ctx, time.Minute)
	require.NoError(t, err)
	require.NotNil(t, job)
	require.Equal(t, id, job.TaskID)
	require.Equal(t, 1, job.Attempts)
}

func TestShutdownLetsInFlightJobsFinish(t *testing.T) {
	t.Parallel()
	b := setup(t, options{noWorkers: true})
	started, release := blockingExtractor(b)
	id := b.upload(b.key, "invoice", "a.pdf", makePDF(t, 1)).Body["document_id"].(string)

	b.pool.ShutdownGrace = 10 * time.Second
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.pool.Run(ctx) }()
	<-started
	cancel()
	time.Sleep(50 * time.Millisecond)
	close(release)
	require.NoError(t, <-done)
	require.Equal(t, http.StatusOK, b.result(b.key, id).Status)
}

func TestPoisonJobFailsAfterMaxAttempts(t *testing.T) {
	t.Parallel()
	b := setup(t, options{noWorkers: true})
	id := b.upload(b.key, "invoice", "a.pdf", makePDF(t, 1)).Body["document_id"].(string)
	// Three crashed attempts: leases that were never finished.
	for range 3 {
		j, err := b.db.LeaseJob(b.ctx, -time.Second)
		require.NoError(t, err)
		require.NotNil(t, j)
	}
	b.pool.MaxAttempts = 3
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { _ = b.pool.Run(ctx) }()
	ev := b.waitEvent(id)
	require.Equal(t, "task.failed", ev.Type)
	require.Equal(t, docextract.FailProcessing, ev.ErrorCode)
	require.Equal(t, 0, b.x.calls, "never extracted again")
}

func TestPanickingExtractorFailsTask(t *testing.T) {
	t.Parallel()
	b := setup(t, options{})
	b.x.fn = func(context.Context, extract.Input, int) (*extract.Result, error) { panic("reader bug") }
	id := b.upload(b.key, "invoice", "a.pdf", makePDF(t, 1)).Body["document_id"].(string)
	ev := b.waitEvent(id)
	require.Equal(t, "task.failed", ev.Type)
	require.Equal(t, http.StatusNotFound, b.result(b.key, id).Status)
}

// TestUploadStoresFileWithTask: the uploaded bytes come back exactly, in
// one chunk or many, from a spool file that was reused (no tail of an
// earlier, longer upload); a refused upload stores nothing.
func TestUploadStoresFileWithTask(t *testing.T) {
	t.Parallel()
	b := setup(t, options{noWorkers: true, grant: 1000})
	small := makePDF(t, 1)
	big := append(append([]byte{}, small...), bytes.Repeat([]byte("% padding\n"), 70_000)...) // about 700 KB: 3 chunks
	for _, content := range [][]byte{big, small, big} {
		r := b.upload(b.key, "invoice", "a.pdf", content)
		require.Equal(t, http.StatusOK, r.Status, "%s", r.Raw)
		got, err := b.db.ReadFile(b.ctx, r.Body["document_id"].(string))
		require.NoError(t, err)
		require.True(t, bytes.Equal(content, got), "stored %d bytes, uploaded %d", len(got), len(content))
	}

	poor, poorKey := b.newTeam(0)
	r := b.upload(poorKey, "invoice", "a.pdf", small)
	require.Equal(t, http.StatusPaymentRequired, r.Status)
	require.Equal(t, 3, countRows(t, b, `SELECT count(DISTINCT task_id) FROM task_files`))
	require.Equal(t, 0, countRows(t, b, `SELECT count(*) FROM tasks WHERE team_id = '`+poor.ID+`'`))
}

// countRows runs a count query on the bundle's database file.
func countRows(t testing.TB, b *bundle, query string) int {
	t.Helper()
	conn, err := sql.Open("sqlite", sqlite.DSN(b.db.Path(), true))
	require.NoError(t, err)
	defer conn.Close()
	var n int
	require.NoError(t, conn.QueryRowContext(b.ctx, query).Scan(&n))
	return n
}

// While one team's slow documents hold every worker, another team's
// upload is answered at once and its extraction starts before theirs end:
// the spare worker takes only jobs of teams with nothing running.
func TestFairSchedulingAcrossTeams(t *testing.T) {
	b := setup(t, options{workers: 2})
	release := make(chan struct{})
	started := make(chan string, 10)
	b.x.fn = func(ctx context.Context, in extract.Input, pages int) (*extract.Result, error) {
		started <- in.FileName
		if strings.HasPrefix(in.FileName, "slow") {
			select {
			case <-release:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		return &extract.Result{ContentType: extract.TypePDF, PageCount: pages,
			Documents: []extract.Document{invoiceDoc(in.DocType, 1, pages)}}, nil
	}
	defer close(release)
	for i := range 4 {
		require.Equal(t, http.StatusOK, b.upload(b.key, "invoice", fmt.Sprintf("slow-%d.pdf", i), makePDF(t, 1)).Status)
	}
	// Two regular workers hold two slow documents; the spare does not
	// take the others of the same team.
	for range 2 {
		select {
		case name := <-started:
			require.True(t, strings.HasPrefix(name, "slow"), name)
		case <-time.After(10 * time.Second):
			t.Fatal("slow documents did not start")
		}
	}
	select {
	case name := <-started:
		t.Fatalf("%s started beside two slow documents of its team", name)
	case <-time.After(200 * time.Millisecond):
	}
	_, otherKey := b.newTeam(10)
	start := time.Now()
	up := b.upload(otherKey, "invoice", "quick.pdf", makePDF(t, 1))
	require.Equal(t, http.StatusOK, up.Status)
	require.Less(t, time.Since(start), time.Second, "the upload waited")
	select {
	case name := <-started:
		require.Equal(t, "quick.pdf", name, "the other team's document goes first")
	case <-time.After(10 * time.Second):
		t.Fatal("the other team's document waited for the slow ones")
	}
	id := up.Body["document_id"].(string)
	require.Equal(t, event.TaskCompleted, b.waitEvent(id).Type)
}
