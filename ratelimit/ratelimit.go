package ratelimit

import (
	"sync"
	"time"
)

// Decision is the outcome of one Allow.
type Decision struct {
	Allowed bool
	// Limit is the configured N.
	Limit int
	// Remaining is how many more requests would be allowed right now.
	Remaining int
	// RetryAfter is how long to wait before a denied request would be
	// allowed; zero when allowed.
	RetryAfter time.Duration
	// Reset is how long until the key's full quota is available again.
	Reset time.Duration
}

// Limiter limits each key to Rate. It is safe for concurrent use; the zero
// value is not usable, call New.
type Limiter struct {
	rate     Rate
	interval time.Duration // emission interval: Period / N
	now      func() time.Time

	mu    sync.Mutex
	tat   map[string]time.Time // theoretical arrival time per key
	calls int
}

// New returns a Limiter for r. now is the clock; nil means time.Now.
func New(r Rate, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{rate: r, interval: r.Period / time.Duration(r.N), now: now, tat: map[string]time.Time{}}
}

// Rate returns the configured rate.
func (l *Limiter) Rate() Rate { return l.rate }

// Allow spends one request of key's quota if it can.
func (l *Limiter) Allow(key string) Decision {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.calls++
	if l.calls%4096 == 0 {
		l.sweep(now)
	}
	tat, ok := l.tat[key]
	if !ok || tat.Before(now) {
		tat = now
	}
	next := tat.Add(l.interval)
	allowAt := next.Add(-l.rate.Period) // GCRA: allowed when now >= TAT + T - tau - T
	d := Decision{Limit: l.rate.N}
	if now.Before(allowAt) {
		d.RetryAfter = allowAt.Sub(now)
		d.Reset = tat.Sub(now)
		return d
	}
	l.tat[key] = next
	d.Allowed = true
	d.Remaining = int((l.rate.Period - next.Sub(now)) / l.interval)
	d.Reset = next.Sub(now)
	return d
}

// sweep forgets keys whose quota is full again; they behave as new keys.
func (l *Limiter) sweep(now time.Time) {
	for k, t := range l.tat {
		if !t.After(now) {
			delete(l.tat, k)
		}
	}
}
