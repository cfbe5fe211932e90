package ratelimit

import (
	"context"
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

	shared  Shared      // nil: the state above, in this process
	onError func(error) // a shared decision that failed
}

// Shared keeps the GCRA state of every key where all the processes of a
// fleet see it, so a limit holds for the fleet, not per process.
type Shared interface {
	// GCRA decides one request of key at now, atomically: with tat the
	// key's theoretical arrival time (now when unknown or past), it is
	// allowed when tat+interval-period <= now, and tat becomes
	// tat+interval. It returns whether it was allowed and the key's tat
	// after the decision.
	GCRA(ctx context.Context, key string, now time.Time, interval, period time.Duration) (tat time.Time, allowed bool, err error)
	// SweepGCRA forgets keys whose tat is before now (a full quota).
	SweepGCRA(ctx context.Context, now time.Time) error
}

// sharedTimeout bounds one shared decision.
const sharedTimeout = 10 * time.Second

// NewShared returns a Limiter for r whose state lives in s. now is the
// clock (nil: time.Now). When a decision cannot be made (s fails or is
// slower than 10 s) the request is refused, to be retried in a second, and
// onError (when not nil) is told: letting it through would break the limit
// exactly when the fleet is overloaded, and a request that needs the same
// database to proceed would fail anyway.
func NewShared(r Rate, s Shared, now func() time.Time, onError func(error)) *Limiter {
	l := New(r, now)
	l.shared, l.onError = s, onError
	return l
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
	if l.shared != nil {
		return l.allowShared(key)
	}
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

func (l *Limiter) allowShared(key string) Decision {
	now := l.now()
	ctx, cancel := context.WithTimeout(context.Background(), sharedTimeout)
	defer cancel()
	l.mu.Lock()
	l.calls++
	sweep := l.calls%4096 == 0
	l.mu.Unlock()
	if sweep {
		if err := l.shared.SweepGCRA(ctx, now); err != nil && l.onError != nil {
			l.onError(err)
		}
	}
	d := Decision{Limit: l.rate.N}
	tat, ok, err := l.shared.GCRA(ctx, key, now, l.interval, l.rate.Period)
	if err != nil {
		if l.onError != nil {
			l.onError(err)
		}
		d.RetryAfter, d.Reset = time.Second, time.Second
		return d
	}
	if !ok {
		allowAt := tat.Add(l.interval - l.rate.Period)
		d.RetryAfter = max(allowAt.Sub(now), 0)
		d.Reset = max(tat.Sub(now), 0)
		return d
	}
	d.Allowed = true
	d.Remaining = max(int((l.rate.Period-tat.Sub(now))/l.interval), 0)
	d.Reset = max(tat.Sub(now), 0)
	return d
}
