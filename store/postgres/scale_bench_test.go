package postgres_test

import (
	"bytes"
	"context"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/postgres"
	"github.com/docextract/docextract/store/postgres/pgtest"
	"github.com/docextract/docextract/store/sqlite"
)

// BenchmarkScaleOut measures the store's share of the pipeline, without
// HTTP or extraction, on SQLite and on PostgreSQL with 1, 2 and 3
// "processes" (separate connection pools on one schema, each with its own
// goroutines, as separate servers would be):
//
//   - upload: CreateUpload of a 20 KB file (credit hold, task, document,
//     job and file chunks in one transaction); reports uploads/s.
//   - complete: LeaseJob, StartTask and CompleteTask of one queued
//     one-page task (lease, capture, event); reports docs/s.
//
// Each process runs 4 goroutines. Run with
// go test -run '^$' -bench ScaleOut -benchtime 2000x ./store/postgres/
func BenchmarkScaleOut(b *testing.B) {
	backends := []struct {
		name  string
		procs int
	}{{"sqlite", 1}, {"postgres-1", 1}, {"postgres-2", 2}, {"postgres-3", 3}}
	for _, be := range backends {
		for _, phase := range []string{"upload", "complete"} {
			b.Run(be.name+"/"+phase, func(b *testing.B) {
				stores := openStores(b, be.name, be.procs)
				benchPhase(b, stores, phase)
			})
		}
	}
}

func openStores(b *testing.B, name string, procs int) []store.Store {
	ctx := context.Background()
	if name == "sqlite" {
		db, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
		require.NoError(b, err)
		b.Cleanup(func() { db.Close() })
		return []store.Store{db}
	}
	url := pgtest.Schema(b, 6)
	var out []store.Store
	for range procs {
		db, err := postgres.Open(ctx, url)
		require.NoError(b, err)
		b.Cleanup(func() { db.Close() })
		out = append(out, db)
	}
	return out
}

func benchPhase(b *testing.B, stores []store.Store, phase string) {
	ctx := context.Background()
	s0 := stores[0]
	team, err := s0.CreateTeam(ctx, "Acme")
	require.NoError(b, err)
	require.NoError(b, s0.Grant(ctx, team.ID, int64(b.N)+1))
	file := bytes.Repeat([]byte("%PDF-1.7 bench "), 20<<10/15)
	upload := func(s store.Store) error {
		t := &store.Task{ID: uuid.NewString(), TeamID: team.ID, DocType: docextract.Invoice, FileName: "a.pdf",
			ContentType: "application/pdf", PageCount: 1, FileSize: int64(len(file))}
		return s.CreateUpload(ctx, &store.Upload{Task: t, Credits: 1, File: bytes.NewReader(file)})
	}
	if phase == "complete" {
		for range b.N {
			require.NoError(b, upload(s0))
		}
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	var failed atomic.Value
	b.ResetTimer()
	start := time.Now()
	for _, s := range stores {
		for range 4 {
			wg.Go(func() {
				for next.Add(1) <= int64(b.N) {
					var err error
					if phase == "upload" {
						err = upload(s)
					} else {
						err = completeOne(ctx, s)
					}
					if err != nil {
						failed.Store(err)
						return
					}
				}
			})
		}
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if err, _ := failed.Load().(error); err != nil {
		b.Fatal(err)
	}
	unit := "uploads/s"
	if phase == "complete" {
		unit = "docs/s"
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), unit)
}

// completeOne leases a job and completes its task with one page, as a
// worker would without the extraction.
func completeOne(ctx context.Context, s store.Store) error {
	for {
		j, err := s.LeaseJob(ctx, time.Minute)
		if err != nil {
			return err
		}
		if j == nil {
			time.Sleep(time.Millisecond) // another goroutine holds the rest
			continue
		}
		if _, err := s.StartTask(ctx, j.TaskID); err != nil {
			return err
		}
		d := &store.Document{ID: j.TaskID, DocType: docextract.Invoice, PageStart: 1, PageEnd: 1, Data: []byte(`{"docType":"invoice"}`),
			Validation: []byte(`{"passed":true}`), Passed: true, CreditsUsed: 1}
		_, err = s.CompleteTask(ctx, &store.Completion{TaskID: j.TaskID, ContentType: "application/pdf", PageCount: 1, Documents: []*store.Document{d}})
		return err
	}
}
