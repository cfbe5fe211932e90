package delivery_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/docextract/docextract/webhook"
	"github.com/docextract/docextract/webhook/delivery"
)

// One attempt to a receiver, then the retry decision.
func ExampleSender_Send() {
	secret := webhook.NewSecret()
	receiver := httptest.NewServer(&webhook.Handler{Secrets: []webhook.Secret{secret}, Store: &webhook.MemoryStore{}})
	defer receiver.Close()

	body, _ := delivery.EndpointTest(delivery.Meta{ID: webhook.NewID(), CreatedAt: time.Now(), TeamID: webhook.NewID()})
	// AllowPrivate admits the loopback test receiver; production leaves it off.
	s := delivery.NewSender(delivery.Config{AllowPrivate: true})
	res := s.Send(context.Background(), delivery.Request{
		URL: receiver.URL, Secrets: []webhook.Secret{secret},
		EventID: "e1", EventType: webhook.EventEndpointTest, DeliveryID: webhook.NewID(), Attempt: 1,
		Body: body,
	})
	fmt.Println(res.Outcome, res.StatusCode)
	_, again := delivery.Policy{}.Next(1, res)
	fmt.Println("retry:", again)
	// Output:
	// acknowledged 204
	// retry: false
}

// Waits between attempts: the schedule, lengthened by Retry-After.
func ExamplePolicy_Next() {
	p := delivery.Policy{Jitter: -1} // no jitter, for a stable output
	for attempt := 1; attempt <= 8; attempt++ {
		wait, ok := p.Next(attempt, delivery.Result{Outcome: delivery.Retryable})
		fmt.Println(attempt, wait, ok)
	}
	wait, _ := p.Next(1, delivery.Result{Outcome: delivery.Retryable, RetryAfter: 10 * time.Minute})
	fmt.Println("with Retry-After: 600:", wait)
	// Output:
	// 1 1m0s true
	// 2 5m0s true
	// 3 15m0s true
	// 4 1h0m0s true
	// 5 6h0m0s true
	// 6 24h0m0s true
	// 7 48h0m0s true
	// 8 0s false
	// with Retry-After: 600: 10m0s
}

// Outcomes of docs/api.md, Concepts.
func ExampleClassify() {
	for _, code := range []int{204, 302, 404, 409, 429, 503} {
		fmt.Println(code, delivery.Classify(code, nil))
	}
	fmt.Println("reset", delivery.Classify(0, http.ErrHandlerTimeout))
	// Output:
	// 204 acknowledged
	// 302 terminal
	// 404 terminal
	// 409 retryable
	// 429 retryable
	// 503 retryable
	// reset retryable
}

// Endpoint URLs are checked when they are saved, and again at every dial.
func ExampleValidateURL() {
	fmt.Println(delivery.ValidateURL("https://hooks.example.com/docextract", false))
	fmt.Println(delivery.ValidateURL("http://hooks.example.com/docextract", false))
	fmt.Println(delivery.ValidateURL("https://192.168.1.10/hook", false))
	fmt.Println(delivery.ValidateURL("http://localhost:9000/hook", true))
	// Output:
	// <nil>
	// docextract: invalid: url must use https.
	// docextract: invalid: url must point to a public address.
	// <nil>
}
