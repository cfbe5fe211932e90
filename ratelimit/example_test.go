package ratelimit_test

import (
	"fmt"
	"time"

	"github.com/docextract/docextract/ratelimit"
)

func Example() {
	rate, err := ratelimit.ParseRate("2/1s")
	if err != nil {
		panic(err)
	}
	now := time.Unix(0, 0)
	l := ratelimit.New(rate, func() time.Time { return now })

	for range 3 {
		d := l.Allow("api-key-1")
		fmt.Println(d.Allowed, d.Remaining, d.RetryAfter)
	}
	fmt.Println("Rate limit exceeded: " + rate.Text())
	// Output:
	// true 1 0s
	// true 0 0s
	// false 0 500ms
	// Rate limit exceeded: 2 per 1 second
}
