package delivery

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// DefaultSchedule is the wait before attempts 2..8 (docs/api.md, Webhooks).
var DefaultSchedule = []time.Duration{
	time.Minute, 5 * time.Minute, 15 * time.Minute, time.Hour,
	6 * time.Hour, 24 * time.Hour, 48 * time.Hour,
}

// Defaults of Policy.
const (
	DefaultMaxAttempts   = 8
	DefaultJitter        = 0.1
	DefaultMaxRetryAfter = 24 * time.Hour
)

// Policy decides whether and when a delivery is attempted again. The zero
// Policy is the spec's: DefaultSchedule, 8 attempts, ±10% jitter, a
// Retry-After honoured up to one day.
type Policy struct {
	// Schedule is the wait after attempt n at index n-1; attempts beyond
	// it wait its last entry. Nil means DefaultSchedule.
	Schedule []time.Duration

	// MaxAttempts is the number of attempts, the first included. Zero
	// means DefaultMaxAttempts (8).
	MaxAttempts int

	// Jitter spreads each wait uniformly by ±Jitter of its length. Zero
	// means DefaultJitter; negative means none.
	Jitter float64

	// MaxRetryAfter caps how far a Retry-After may lengthen a wait. Zero
	// means DefaultMaxRetryAfter.
	MaxRetryAfter time.Duration

	// Rand returns a number in [0, 1); nil means math/rand/v2.
	Rand func() float64
}

// Next reports whether another attempt follows attempt (one-based) that
// ended with res, and how long to wait before it. Only Retryable outcomes
// are retried, at most MaxAttempts attempts in all. A valid Retry-After
// (res.RetryAfter) lengthens the wait, never shortens it, up to
// MaxRetryAfter.
func (p Policy) Next(attempt int, res Result) (time.Duration, bool) {
	maxAttempts := p.MaxAttempts
	if maxAttempts <= 0 {
		maxAttempts = DefaultMaxAttempts
	}
	if res.Outcome != Retryable || attempt >= maxAttempts {
		return 0, false
	}
	sched := p.Schedule
	if len(sched) == 0 {
		sched = DefaultSchedule
	}
	i := min(max(attempt-1, 0), len(sched)-1)
	wait := sched[i]
	j := p.Jitter
	if j == 0 {
		j = DefaultJitter
	}
	if j > 0 {
		r := rand.Float64
		if p.Rand != nil {
			r = p.Rand
		}
		wait += time.Duration((2*r() - 1) * j * float64(wait))
	}
	capRA := p.MaxRetryAfter
	if capRA <= 0 {
		capRA = DefaultMaxRetryAfter
	}
	if ra := min(res.RetryAfter, capRA); ra > wait {
		wait = ra
	}
	return wait, true
}

// ParseSchedule parses a comma-separated list of positive durations, such
// as "1m,5m,15m,1h,6h,24h,48h" or "1s,2s" (the --webhook-retry-schedule
// flag).
func ParseSchedule(s string) ([]time.Duration, error) {
	if strings.TrimSpace(s) == "" {
		return nil, errors.New("empty retry schedule")
	}
	parts := strings.Split(s, ",")
	if len(parts) > 32 {
		return nil, errors.New("retry schedule: at most 32 entries")
	}
	out := make([]time.Duration, 0, len(parts))
	for _, p := range parts {
		d, err := time.ParseDuration(strings.TrimSpace(p))
		if err != nil {
			return nil, fmt.Errorf("retry schedule: %w", err)
		}
		if d <= 0 {
			return nil, fmt.Errorf("retry schedule: %q is not positive", p)
		}
		out = append(out, d)
	}
	return out, nil
}

// ParseRetryAfter parses a Retry-After value, delta-seconds or an HTTP
// date, relative to now. A date in the past is valid and means no wait.
func ParseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if v[0] >= '0' && v[0] <= '9' {
		for i := 0; i < len(v); i++ {
			if v[i] < '0' || v[i] > '9' {
				return 0, false
			}
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n > int64(365*24*time.Hour/time.Second) {
			return 0, false
		}
		return time.Duration(n) * time.Second, true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	if d := t.Sub(now); d > 0 {
		return d, true
	}
	return 0, true
}
