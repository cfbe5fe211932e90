package httpapi_test

import (
	"bytes"
	"context"
	"database/sql"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/internal/benchutil"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/sqlite"
	"github.com/docextract/docextract/webhook"
	"github.com/docextract/docextract/webhook/delivery"
	"github.com/docextract/docextract/webhook/dispatch"
)

// benchWorkers is the attempts in flight in BenchmarkWebhookDeliveries, for
// the durable sender and the raw loop alike: the runner's default.
const benchWorkers = dispatch.DefaultWorkers

// BenchmarkWebhookDeliveries measures, in one run on one receiver:
//
//   - raw-req/s: the loopback request rate of a plain POST loop, with the
//     sender's HTTP client (delivery.NewClient) and benchWorkers requests
//     in flight, the same body, no database;
//   - deliveries/s: durable deliveries, b.N of them queued in SQLite and
//     sent by the dispatcher (batch lease, sign, POST, group-commit
//     record), timed until every one is recorded acknowledged;
//   - durable/raw: the ratio of the two;
//   - cpu-us/delivery and raw-cpu-us/req: process CPU time (the receiver
//     included, it runs in this process) per delivery and per raw request.
//
// Run it with a fixed count, e.g. -benchtime 3000x.
func BenchmarkWebhookDeliveries(b *testing.B) {
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "bench.db")
	db, err := sqlite.Open(ctx, path)
	require.NoError(b, err)
	defer db.Close()
	team, err := db.CreateTeam(ctx, "Acme")
	require.NoError(b, err)
	var received atomic.Int64
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		received.Add(1)
		w.WriteHeader(http.StatusNoContent)
	}))
	defer recv.Close()
	body := bytes.Repeat([]byte(`{"id":"x","type":"task.completed"}`), 60) // ~2 KiB

	// Raw loop first, on its own client, before the database is busy.
	rawStart, rawCPU := time.Now(), benchutil.CPUTime()
	rawPosts(b, delivery.NewClient(delivery.Config{AllowPrivate: true}), recv.URL, body, b.N, benchWorkers)
	rawElapsed, rawCPU := time.Since(rawStart), benchutil.CPUTime()-rawCPU

	ep := &store.WebhookEndpoint{TeamID: team.ID, URL: recv.URL, Enabled: true, Secret: webhook.NewSecret().String()}
	require.NoError(b, db.CreateWebhookEndpoint(ctx, ep))
	// Queued in one transaction, as the fan-out of one event log position
	// (the runner's fan-out then finds nothing more to do).
	ds := make([]*store.WebhookDelivery, b.N)
	for i := range ds {
		ds[i] = &store.WebhookDelivery{TeamID: team.ID, EndpointID: ep.ID, EventID: uuid.NewString(), EventType: "task.completed", MaxAttempts: 8, Body: body}
	}
	require.NoError(b, db.FanOut(ctx, 1, ds))
	// The end is seen on a separate read connection: the receiver counts
	// the requests, then the last outcomes are awaited in the database.
	rd, err := sql.Open("sqlite", sqlite.DSN(path, true))
	require.NoError(b, err)
	defer rd.Close()
	pending := func() int {
		var n int
		require.NoError(b, rd.QueryRow(`SELECT count(*) FROM webhook_deliveries WHERE status <> 'acknowledged'`).Scan(&n))
		return n
	}
	require.Equal(b, b.N, pending())
	received.Store(0)

	wh := &dispatch.Dispatcher{Store: db, AllowPrivate: true, Workers: benchWorkers, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	runCtx, cancel := context.WithCancel(ctx)
	runDone := make(chan struct{})
	b.ResetTimer()
	start, cpu := time.Now(), benchutil.CPUTime()
	go func() { _ = wh.Run(runCtx); close(runDone) }()
	for received.Load() < int64(b.N) {
		time.Sleep(time.Millisecond)
	}
	for pending() > 0 {
		time.Sleep(time.Millisecond)
	}
	elapsed, cpu := time.Since(start), benchutil.CPUTime()-cpu
	b.StopTimer()
	cancel()
	<-runDone
	require.EqualValues(b, b.N, received.Load(), "one request per delivery")

	rate, raw := float64(b.N)/elapsed.Seconds(), float64(b.N)/rawElapsed.Seconds()
	b.ReportMetric(rate, "deliveries/s")
	b.ReportMetric(raw, "raw-req/s")
	b.ReportMetric(rate/raw, "durable/raw")
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-us/delivery")
	b.ReportMetric(float64(rawCPU.Microseconds())/float64(b.N), "raw-cpu-us/req")
}

// rawPosts POSTs body to url n times with c, workers at a time.
func rawPosts(b *testing.B, c *http.Client, url string, body []byte, n, workers int) {
	var left atomic.Int64
	left.Store(int64(n))
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for left.Add(-1) >= 0 {
				resp, err := c.Post(url, "application/json", bytes.NewReader(body))
				if err != nil {
					b.Error(err)
					return
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		}()
	}
	wg.Wait()
}
