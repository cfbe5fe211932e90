// Package benchutil helps benchmarks report figures that stay meaningful on a
// shared, noisy machine: process CPU time per operation next to wall time.
package benchutil

import (
	"syscall"
	"testing"
	"time"
)

// CPUTime returns the user+system CPU time this process has used.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Meter measures CPU time across a benchmark loop.
type Meter struct{ start time.Duration }

// Start begins measuring; call it right after b.ResetTimer.
func Start() Meter { return Meter{start: CPUTime()} }

// Report adds cpu-ms/op and ops/cpu-s (what one fully used core would do)
// metrics, with unit naming the operation (e.g. "pages").
func (m Meter) Report(b *testing.B, unit string) {
	cpu := CPUTime() - m.start
	if b.N == 0 || cpu <= 0 {
		return
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(b.N)/cpu.Seconds(), unit+"/cpu-s")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), unit+"/s")
}
