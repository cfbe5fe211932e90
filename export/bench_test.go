package export_test

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/export"
)

// cpuTime is the user+system CPU time consumed by this process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchDocs returns n invoices of lines line items each.
func benchDocs(n, lines int) []export.Document {
	docs := make([]export.Document, n)
	for i := range docs {
		docs[i] = invoiceDoc(fmt.Sprintf("%08x-0000-4000-8000-%012x", i, i), fmt.Sprintf("INV-%05d", i), lines)
	}
	return docs
}

// peakHeap samples HeapInuse every 5 ms while f runs and returns the
// highest value seen, in bytes.
func peakHeap(f func()) uint64 {
	var peak atomic.Uint64
	done := make(chan struct{})
	stopped := make(chan struct{})
	sample := func() {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		if m.HeapInuse > peak.Load() {
			peak.Store(m.HeapInuse)
		}
	}
	go func() {
		defer close(stopped)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				sample()
			}
		}
	}()
	f()
	close(done)
	<-stopped
	sample()
	return peak.Load()
}

func benchmarkExport(b *testing.B, f export.Format) {
	docs := benchDocs(docextract.MaxDocumentsDownload, 20)
	runtime.GC()
	var peak uint64
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for b.Loop() {
		p := peakHeap(func() {
			if _, err := export.Write(context.Background(), io.Discard, f, docs, export.Options{}); err != nil {
				b.Fatal(err)
			}
		})
		peak = max(peak, p)
	}
	// CPU time of the process (user+sys, GC included) per export: on a
	// shared machine wall time (ns/op) also counts waiting for a core.
	b.ReportMetric(float64((cpuTime()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}

// BenchmarkExportXLSXZip is the acceptance case: 300 invoices of 20 lines as
// XLSX files in a ZIP; it must stay under 1 s on one core and 100 MB of heap.
func BenchmarkExportXLSXZip(b *testing.B) { benchmarkExport(b, export.XLSX) }

// BenchmarkExportCSVZip is the same export as CSV.
func BenchmarkExportCSVZip(b *testing.B) { benchmarkExport(b, export.CSV) }

// BenchmarkExportAccountingZip is the same export as Xero accounting CSV.
func BenchmarkExportAccountingZip(b *testing.B) { benchmarkExport(b, export.AccountingCSV) }

// BenchmarkExportJSONZip is the same export as JSON.
func BenchmarkExportJSONZip(b *testing.B) { benchmarkExport(b, export.JSON) }
