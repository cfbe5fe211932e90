package httpapi_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/extract"
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
	_, err = b.files.ReadFile(id)
	require.Error(t, err)
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

	b.srv.ShutdownGrace = 100 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.srv.RunWorkers(ctx) }()
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

	b.srv.ShutdownGrace = 10 * time.Second
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.srv.RunWorkers(ctx) }()
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
	b.srv.MaxAttempts = 3
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { _ = b.srv.RunWorkers(ctx) }()
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

func TestSweepFilesRemovesOrphans(t *testing.T) {
	t.Parallel()
	b := setup(t, options{noWorkers: true})
	kept := b.upload(b.key, "invoice", "a.pdf", makePDF(t, 1)).Body["document_id"].(string)
	orphan := "0b6f2d1e-0000-4000-8000-000000000001"
	tmp, err := b.files.CreateTemp()
	require.NoError(t, err)
	require.NoError(t, tmp.Commit(orphan))

	n, err := b.srv.SweepFiles(b.ctx)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	_, err = b.files.ReadFile(orphan)
	require.Error(t, err)
	_, err = b.files.ReadFile(kept)
	require.NoError(t, err)
}
