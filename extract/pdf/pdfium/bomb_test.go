package pdfium

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/docextract/docextract/extract/pdf"
	"github.com/docextract/docextract/internal/testdocs"
	"github.com/stretchr/testify/require"
)

// flateBomb returns a one-page PDF whose content stream inflates to n
// bytes (testdocs.FlateBomb).
func flateBomb(t testing.TB, n int) []byte {
	t.Helper()
	b, err := testdocs.FlateBomb(n)
	require.NoError(t, err)
	return b
}

// A page whose content stream inflates past the instance's memory limit
// fails with an error naming the limit, the instance is replaced, and the
// engine goes on reading other documents.
func TestFlateBombHitsMemoryLimit(t *testing.T) {
	e, err := New(Config{Workers: 1, MemoryLimit: 64 << 20})
	require.NoError(t, err)
	defer e.Close()
	bomb := flateBomb(t, 128<<20)
	t.Logf("bomb: %d KB of file", len(bomb)>>10)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	start := time.Now()
	doc, err := e.Open(ctx, bomb, "")
	if err == nil {
		_, err = doc.Text(ctx, 0)
		doc.Close()
	}
	t.Logf("bomb: %v after %s", err, time.Since(start))
	require.Error(t, err)
	require.True(t, errors.Is(err, ErrMemoryLimit), "%v", err)
	require.Contains(t, err.Error(), "memory limit of 64 MiB")
	var le *pdf.LimitError
	require.True(t, errors.As(err, &le), "an engine-agnostic limit error: %v", err)
	require.Equal(t, "PDF engine memory limit of 64 MiB per document", le.Limit)

	// The engine still reads an honest document.
	doc, err = e.Open(ctx, makePDF(t, []string{"Invoice 42"}), "")
	require.NoError(t, err)
	defer doc.Close()
	p, err := doc.Text(ctx, 0)
	require.NoError(t, err)
	require.NotEmpty(t, p.Words)
}

// Two flate bombs read at once by two engines sharing one budget: neither
// gets the process past the budget, both fail naming it, the memory is
// given back when their instances are discarded, and an honest document
// is read after.
func TestFlateBombsShareBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("inflates two bombs: about 20 s")
	}
	budget := NewMemoryBudget(160 << 20)
	a, err := New(Config{Workers: 1, MemoryLimit: 128 << 20, Budget: budget})
	require.NoError(t, err)
	defer a.Close()
	b, err := New(Config{Workers: 1, MemoryLimit: 128 << 20, Budget: budget})
	require.NoError(t, err)
	defer b.Close()
	idle := budget.Used()
	t.Logf("two idle instances: %d MiB of the budget", idle>>20)

	bomb := flateBomb(t, 256<<20)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var peak atomic.Int64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			peak.Store(max(peak.Load(), budget.Used()))
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, e := range []*Engine{a, b} {
		wg.Go(func() {
			doc, err := e.Open(ctx, bomb, "")
			if err == nil {
				_, err = doc.Text(ctx, 0)
				doc.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	close(stop)
	<-sampled
	t.Logf("errors: %v; peak %d MiB, after %d MiB", errs, peak.Load()>>20, budget.Used()>>20)
	for _, err := range errs {
		require.ErrorIs(t, err, ErrMemoryLimit)
		require.Regexp(t, `memory (limit of 128 MiB per document|budget of 160 MiB for all documents) reached`, err.Error())
		var le *pdf.LimitError
		require.ErrorAs(t, err, &le)
	}
	require.LessOrEqual(t, peak.Load(), int64(160<<20))
	require.LessOrEqual(t, budget.Used(), idle, "the bombs' memory is given back")

	doc, err := a.Open(ctx, makePDF(t, []string{"Invoice 42"}), "")
	require.NoError(t, err)
	defer doc.Close()
	p, err := doc.Text(ctx, 0)
	require.NoError(t, err)
	require.NotEmpty(t, p.Words)
}

// An instance refused memory by the budget waits for memory given back
// before failing: a grant that fits after another instance's release
// succeeds.
func TestBudgetWaitsForRelease(t *testing.T) {
	b := NewMemoryBudget(100)
	require.True(t, b.take(80))
	got := make(chan bool)
	go func() { got <- b.take(50) }()
	time.Sleep(50 * time.Millisecond)
	select {
	case <-got:
		t.Fatal("granted over the budget")
	default:
	}
	b.give(60)
	require.True(t, <-got)
	require.Equal(t, int64(70), b.Used())
}
