package credits_test

import (
	"context"
	"sync"
	"testing"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/stretchr/testify/require"
)

func TestApply(t *testing.T) {
	t.Parallel()

	t.Run("HoldRefusedWhenShort", func(t *testing.T) {
		t.Parallel()
		_, _, err := credits.ApplyHold(credits.Balance{Granted: 3, Captured: 1, Held: 1}, "h", "t", 2)
		require.Equal(t, docextract.EPAYMENT, docextract.ErrorCode(err))
		require.Equal(t, credits.InsufficientMessage, docextract.ErrorMessage(err))
	})
	t.Run("CaptureBeyondHoldDrawsBalance", func(t *testing.T) {
		t.Parallel()
		b, h, err := credits.ApplyHold(credits.Balance{Granted: 4}, "h", "t", 2)
		require.NoError(t, err)
		b, h, err = credits.ApplyCapture(b, h, 3)
		require.NoError(t, err)
		require.Equal(t, credits.Balance{Granted: 4, Held: 0, Captured: 3}, b)
		require.Equal(t, int64(0), h.Remaining)
	})
	t.Run("CaptureNotCovered", func(t *testing.T) {
		t.Parallel()
		b, h, err := credits.ApplyHold(credits.Balance{Granted: 2}, "h", "t", 2)
		require.NoError(t, err)
		require.False(t, credits.CanCapture(b, h, 3))
		_, _, err = credits.ApplyCapture(b, h, 3)
		require.Equal(t, docextract.EPAYMENT, docextract.ErrorCode(err))
		require.Equal(t, "Insufficient credits to process this task.", docextract.ErrorMessage(err))
	})
	t.Run("VoidClosesOnce", func(t *testing.T) {
		t.Parallel()
		b, h, _ := credits.ApplyHold(credits.Balance{Granted: 2}, "h", "t", 2)
		b, h = credits.ApplyVoid(b, h)
		b, h = credits.ApplyVoid(b, h)
		require.Equal(t, credits.Balance{Granted: 2}, b)
		require.True(t, h.Closed)
		_, _, err := credits.ApplyCapture(b, h, 1)
		require.Equal(t, docextract.ECONFLICT, docextract.ErrorCode(err))
	})
	t.Run("SettleCapturesThenVoids", func(t *testing.T) {
		t.Parallel()
		b, h, _ := credits.ApplyHold(credits.Balance{Granted: 10}, "h", "t", 5)
		nb, nh, entries, err := credits.Settle(b, h, []credits.Charge{{Ref: "d1", Amount: 2}, {Ref: "d2", Amount: 1}})
		require.NoError(t, err)
		require.Equal(t, credits.Balance{Granted: 10, Captured: 3}, nb)
		require.Equal(t, credits.Hold{ID: "h", TeamID: "t", Amount: 5, Captured: 3, Closed: true}, nh)
		require.Equal(t, []credits.Entry{
			{TeamID: "t", HoldID: "h", Action: credits.ActionCapture, Ref: "d1", Amount: 2},
			{TeamID: "t", HoldID: "h", Action: credits.ActionCapture, Ref: "d2", Amount: 1},
			{TeamID: "t", HoldID: "h", Action: credits.ActionVoid, Amount: 2},
		}, entries)

		// Beyond the hold, from the balance; beyond both, refused whole.
		nb, _, _, err = credits.Settle(b, h, []credits.Charge{{Ref: "d1", Amount: 7}})
		require.NoError(t, err)
		require.Equal(t, credits.Balance{Granted: 10, Captured: 7}, nb)
		nb, nh, entries, err = credits.Settle(b, h, []credits.Charge{{Ref: "d1", Amount: 6}, {Ref: "d2", Amount: 5}})
		require.Equal(t, docextract.EPAYMENT, docextract.ErrorCode(err))
		require.Equal(t, b, nb)
		require.Equal(t, h, nh)
		require.Nil(t, entries)

		// A closed hold: voiding again is nothing, capturing is a conflict.
		_, closed, _, _ := credits.Settle(b, h, nil)
		_, _, entries, err = credits.Settle(b, closed, nil)
		require.NoError(t, err)
		require.Empty(t, entries)
		_, _, _, err = credits.Settle(b, closed, []credits.Charge{{Ref: "d", Amount: 1}})
		require.Equal(t, docextract.ECONFLICT, docextract.ErrorCode(err))
	})
	t.Run("ForPages", func(t *testing.T) {
		t.Parallel()
		require.Equal(t, int64(1), credits.ForPages(0))
		require.Equal(t, int64(7), credits.ForPages(7))
	})
}

func TestMemoryConcurrentHolds(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var l credits.Memory
	require.NoError(t, l.Grant(ctx, "team", 100))
	var wg sync.WaitGroup
	var mu sync.Mutex
	accepted := 0
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if l.Hold(ctx, "team", string(rune('a'+i%26))+string(rune(i)), 1) == nil {
				mu.Lock()
				accepted++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	require.Equal(t, 100, accepted)
	b, err := l.Balance(ctx, "team")
	require.NoError(t, err)
	require.Equal(t, int64(0), b.Available())
}
