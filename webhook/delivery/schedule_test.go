package delivery

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestPolicyNext(t *testing.T) {
	t.Parallel()
	noJitter := Policy{Jitter: -1}
	retry := Result{Outcome: Retryable}
	want := []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute, time.Hour, 6 * time.Hour, 24 * time.Hour, 48 * time.Hour}
	for i, w := range want {
		d, ok := noJitter.Next(i+1, retry)
		require.True(t, ok, "after attempt %d", i+1)
		require.Equal(t, w, d)
	}
	_, ok := noJitter.Next(8, retry)
	require.False(t, ok, "eight attempts at most")
	_, ok = noJitter.Next(1, Result{Outcome: Terminal})
	require.False(t, ok)
	_, ok = noJitter.Next(1, Result{Outcome: Acknowledged})
	require.False(t, ok)

	// Jitter stays within ±10% by default.
	for _, r := range []float64{0, 0.5, 0.999999} {
		p := Policy{Rand: func() float64 { return r }}
		d, _ := p.Next(1, retry)
		require.InDelta(t, float64(time.Minute), float64(d), float64(6*time.Second)+1)
	}
	lo, _ := Policy{Rand: func() float64 { return 0 }}.Next(2, retry)
	require.Equal(t, 270*time.Second, lo)

	// Retry-After lengthens, never shortens, and is capped.
	d, _ := noJitter.Next(1, Result{Outcome: Retryable, RetryAfter: 10 * time.Second})
	require.Equal(t, time.Minute, d)
	d, _ = noJitter.Next(1, Result{Outcome: Retryable, RetryAfter: 10 * time.Minute})
	require.Equal(t, 10*time.Minute, d)
	d, _ = noJitter.Next(1, Result{Outcome: Retryable, RetryAfter: 30 * 24 * time.Hour})
	require.Equal(t, DefaultMaxRetryAfter, d)
	d, _ = noJitter.Next(7, Result{Outcome: Retryable, RetryAfter: 30 * 24 * time.Hour})
	require.Equal(t, 48*time.Hour, d, "the cap never shortens the schedule")

	// A configured schedule repeats its last entry; MaxAttempts bounds it.
	short := Policy{Schedule: []time.Duration{time.Second, 2 * time.Second}, Jitter: -1, MaxAttempts: 4}
	for i, w := range []time.Duration{time.Second, 2 * time.Second, 2 * time.Second} {
		d, ok := short.Next(i+1, retry)
		require.True(t, ok)
		require.Equal(t, w, d)
	}
	_, ok = short.Next(4, retry)
	require.False(t, ok)
}

func TestParseSchedule(t *testing.T) {
	t.Parallel()
	s, err := ParseSchedule("1s, 2s,1m30s")
	require.NoError(t, err)
	require.Equal(t, []time.Duration{time.Second, 2 * time.Second, 90 * time.Second}, s)
	s, err = ParseSchedule("1m,5m,15m,1h,6h,24h,48h")
	require.NoError(t, err)
	require.Equal(t, DefaultSchedule, s)
	for _, bad := range []string{"", " ", "1s,", "1s,x", "0s", "-1s", "1"} {
		_, err := ParseSchedule(bad)
		require.Error(t, err, bad)
	}
}

func TestParseRetryAfter(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"0", 0, true},
		{"120", 2 * time.Minute, true},
		{" 5 ", 5 * time.Second, true},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second, true},
		{now.Add(-time.Hour).Format(http.TimeFormat), 0, true},
		{"Thursday, 01-Jan-26 12:10:00 GMT", 0, false}, // RFC 850 two-digit year parses to 2026
		{"", 0, false},
		{"-5", 0, false},
		{"1.5", 0, false},
		{"12abc", 0, false},
		{"99999999999999999999", 0, false},
		{"tomorrow", 0, false},
	} {
		d, ok := ParseRetryAfter(tc.in, now)
		if tc.in == "Thursday, 01-Jan-26 12:10:00 GMT" {
			require.True(t, ok)
			require.Equal(t, 10*time.Minute, d)
			continue
		}
		require.Equal(t, tc.ok, ok, tc.in)
		require.Equal(t, tc.want, d, tc.in)
	}
}
