package ratelimit

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Rate is N requests per Period.
type Rate struct {
	N      int
	Period time.Duration
}

// maxPeriod bounds a configured period; a longer one is almost surely a typo.
const maxPeriod = 366 * 24 * time.Hour

// ParseRate parses "N/DURATION": a positive count, a slash and a Go duration
// ("1000/1m", "5/1s", "100/10s", "20/1h30m"). The duration's number may be
// left out for one unit: "1000/m" is "1000/1m". "d" is accepted for days.
func ParseRate(s string) (Rate, error) {
	n, d, ok := strings.Cut(strings.TrimSpace(s), "/")
	if !ok {
		return Rate{}, fmt.Errorf("ratelimit: %q: want N/DURATION, e.g. 1000/1m", s)
	}
	count, err := strconv.Atoi(n)
	if err != nil || count <= 0 {
		return Rate{}, fmt.Errorf("ratelimit: %q: count must be a positive integer", s)
	}
	if d != "" && (d[0] < '0' || d[0] > '9') && d[0] != '.' {
		d = "1" + d
	}
	var period time.Duration
	if days, ok := strings.CutSuffix(d, "d"); ok {
		k, err := strconv.Atoi(days)
		if err != nil || k <= 0 || k > 366 {
			return Rate{}, fmt.Errorf("ratelimit: %q: bad duration", s)
		}
		period = time.Duration(k) * 24 * time.Hour
	} else {
		period, err = time.ParseDuration(d)
		if err != nil {
			return Rate{}, fmt.Errorf("ratelimit: %q: bad duration", s)
		}
	}
	if period <= 0 || period > maxPeriod {
		return Rate{}, fmt.Errorf("ratelimit: %q: duration must be positive and at most 366 days", s)
	}
	if period/time.Duration(count) <= 0 {
		return Rate{}, fmt.Errorf("ratelimit: %q: more than one request per nanosecond", s)
	}
	return Rate{N: count, Period: period}, nil
}

// String returns the rate in the form ParseRate reads.
func (r Rate) String() string {
	v, unit := r.periodUnit()
	return fmt.Sprintf("%d/%d%s", r.N, v, map[string]string{"day": "d", "hour": "h", "minute": "m", "second": "s", "millisecond": "ms", "nanosecond": "ns"}[unit])
}

// Text returns the rate as prose, as the 429 body says it:
// "1000 per 1 minute", "5 per 1 second", "100 per 10 seconds".
func (r Rate) Text() string {
	v, unit := r.periodUnit()
	if v != 1 {
		unit += "s"
	}
	return fmt.Sprintf("%d per %d %s", r.N, v, unit)
}

// periodUnit returns the period in the largest unit that divides it.
func (r Rate) periodUnit() (int64, string) {
	for _, u := range []struct {
		d    time.Duration
		name string
	}{{24 * time.Hour, "day"}, {time.Hour, "hour"}, {time.Minute, "minute"}, {time.Second, "second"}, {time.Millisecond, "millisecond"}} {
		if r.Period >= u.d && r.Period%u.d == 0 {
			return int64(r.Period / u.d), u.name
		}
	}
	return int64(r.Period), "nanosecond"
}
