package httpapi_test

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/docextract/docextract/store"
)

// BenchmarkThroughput measures the server around extraction on SQLite:
// uploads accepted per second (HTTP, multipart, durable file, credit hold,
// enqueue) and documents completed per second (lease, store results,
// capture, event) with an instant stand-in extractor, so the figures are the
// server's ceiling, not extraction speed. Run:
//
//	go test -run '^$' -bench Throughput -benchtime 500x ./httpapi/
func BenchmarkThroughput(b *testing.B) {
	bb := setup(b, options{grant: 1 << 40})
	bb.srv.Workers = 4
	pdf := makePDF(b, 1)
	start := time.Now()
	var wg sync.WaitGroup
	ids := make(chan string, b.N)
	sem := make(chan struct{}, 8)
	for range b.N {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			r := bb.upload(bb.key, "invoice", "a.pdf", pdf)
			if r.Status != http.StatusOK {
				b.Errorf("upload: %d %s", r.Status, r.Raw)
				return
			}
			ids <- r.Body["document_id"].(string)
		}()
	}
	wg.Wait()
	uploaded := time.Since(start)
	close(ids)
	done := 0
	for done < len(ids) {
		select {
		case ev := <-bb.events:
			if ev.Type == store.EventTaskCompleted {
				done++
			}
		case <-time.After(30 * time.Second):
			b.Fatalf("%d of %d documents completed", done, len(ids))
		}
	}
	completed := time.Since(start)
	b.ReportMetric(float64(b.N)/uploaded.Seconds(), "uploads/s")
	b.ReportMetric(float64(done)/completed.Seconds(), "docs/s")
}
