package ratelimit_test

import (
	"sync"
	"testing"
	"time"

	"github.com/docextract/docextract/ratelimit"
	"github.com/stretchr/testify/require"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func TestParseRate(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want ratelimit.Rate
		text string
	}{
		{"1000/1m", ratelimit.Rate{1000, time.Minute}, "1000 per 1 minute"},
		{"5/1s", ratelimit.Rate{5, time.Second}, "5 per 1 second"},
		{"100/10s", ratelimit.Rate{100, 10 * time.Second}, "100 per 10 seconds"},
		{"1000/m", ratelimit.Rate{1000, time.Minute}, "1000 per 1 minute"},
		{"60/1h", ratelimit.Rate{60, time.Hour}, "60 per 1 hour"},
		{"10/2d", ratelimit.Rate{10, 48 * time.Hour}, "10 per 2 days"},
		{"3/90s", ratelimit.Rate{3, 90 * time.Second}, "3 per 90 seconds"},
		{"2/1500ms", ratelimit.Rate{2, 1500 * time.Millisecond}, "2 per 1500 milliseconds"},
	} {
		r, err := ratelimit.ParseRate(tt.in)
		require.NoError(t, err, tt.in)
		require.Equal(t, tt.want, r, tt.in)
		require.Equal(t, tt.text, r.Text(), tt.in)
		again, err := ratelimit.ParseRate(r.String())
		require.NoError(t, err)
		require.Equal(t, r, again)
	}
	for _, bad := range []string{"", "1000", "0/1m", "-1/1m", "x/1m", "10/", "10/0s", "10/-1m", "10/abc", "5/1ns", "1/400d", "1/9999999h"} {
		_, err := ratelimit.ParseRate(bad)
		require.Error(t, err, bad)
	}
}

func TestLimiter(t *testing.T) {
	t.Parallel()
	c := &clock{t: time.Unix(1_700_000_000, 0)}
	l := ratelimit.New(ratelimit.Rate{N: 5, Period: time.Second}, c.now)

	for i := range 5 {
		d := l.Allow("k")
		require.True(t, d.Allowed, i)
		require.Equal(t, 4-i, d.Remaining)
		require.Equal(t, 5, d.Limit)
	}
	d := l.Allow("k")
	require.False(t, d.Allowed)
	require.Equal(t, 200*time.Millisecond, d.RetryAfter)
	require.Equal(t, 0, d.Remaining)

	// Another key is independent.
	require.True(t, l.Allow("other").Allowed)

	// After one emission interval exactly one more request passes.
	c.add(200 * time.Millisecond)
	require.True(t, l.Allow("k").Allowed)
	require.False(t, l.Allow("k").Allowed)

	// After a full period the whole burst is back.
	c.add(time.Second)
	d = l.Allow("k")
	require.True(t, d.Allowed)
	require.Equal(t, 4, d.Remaining)
}

func TestLimiterConcurrent(t *testing.T) {
	t.Parallel()
	c := &clock{t: time.Unix(1_700_000_000, 0)}
	l := ratelimit.New(ratelimit.Rate{N: 1000, Period: time.Minute}, c.now)
	var wg sync.WaitGroup
	var mu sync.Mutex
	allowed := 0
	for range 1500 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if l.Allow("k").Allowed {
				mu.Lock()
				allowed++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	require.Equal(t, 1000, allowed)
}

func FuzzParseRate(f *testing.F) {
	for _, s := range []string{"1000/1m", "5/1s", "1/d", "3/1h30m", "0/0", "9999999999/1ns", "1/.5s"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ratelimit.ParseRate(s)
		if err != nil {
			return
		}
		if r.N <= 0 || r.Period <= 0 || r.Period/time.Duration(r.N) <= 0 {
			t.Fatalf("%q parsed to invalid %+v", s, r)
		}
		again, err := ratelimit.ParseRate(r.String())
		if err != nil || again != r {
			t.Fatalf("%q: String %q does not round-trip: %+v %v", s, r.String(), again, err)
		}
		_ = ratelimit.New(r, nil).Allow("k")
	})
}
