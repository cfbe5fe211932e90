package webhook_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/docextract/docextract/webhook"
)

// A receiver verifies the raw body before decoding it.
func ExampleVerify() {
	secret, _ := webhook.ParseSecret("whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8")
	body := []byte(`{"webhook_version":"1","id":"e1","type":"endpoint.test","data":{}}`)

	// What the service sends:
	h := http.Header{}
	h.Set(webhook.HeaderTimestamp, fmt.Sprint(time.Now().Unix()))
	h.Set(webhook.HeaderDeliveryID, "d1")
	h.Set(webhook.HeaderSignature, webhook.Sign(secret, time.Now().Unix(), "d1", body))

	fmt.Println(webhook.Verify(body, h, secret))
	err := webhook.Verify(append(body, ' '), h, secret)
	fmt.Println(errors.Is(err, webhook.ErrNoValidSignature))
	// Output:
	// <nil>
	// true
}

// Sign is what the service computes for each attempt.
func ExampleSign() {
	secret, _ := webhook.ParseSecret("whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8")
	fmt.Println(webhook.Sign(secret, 1767225600, "5f0c6a0e-8d8f-4c55-9a3b-2f1d1c0b9e77", []byte("")))
	// Output: v1=55fc5ccde7e9de715591eae175f76f57535903d508aab30a7094778f8b16adab
}

// A Verifier with a tighter window and an injected clock.
func ExampleVerifier() {
	secret := webhook.NewSecret()
	body := []byte(`{"id":"e1","type":"task.failed"}`)
	sent := time.Unix(1767225600, 0)
	h := http.Header{}
	webhook.SignHeaders(h, body, sent, "d1", 1, secret)

	v := webhook.Verifier{
		Tolerance: time.Minute,
		Now:       func() time.Time { return sent.Add(2 * time.Minute) },
	}
	fmt.Println(v.Verify(body, h, secret))
	// Output: webhook: timestamp is older than the tolerance
}

// The ready Handler: 401 on a bad signature, 400 on a bad envelope, 500 on a
// storage or processing failure, 204 otherwise, duplicates acknowledged once.
func ExampleHandler() {
	secret := webhook.NewSecret()
	h := &webhook.Handler{
		Secrets: []webhook.Secret{secret},
		Store:   &webhook.MemoryStore{}, // use a durable Store in production
		OnEvent: func(ctx context.Context, e webhook.Event) error {
			if e.WebhookVersion != webhook.Version {
				log.Printf("unsupported webhook_version %q", e.WebhookVersion)
			}
			switch e.Type {
			case webhook.EventTaskCompleted:
				var d webhook.TaskCompletedData
				if err := json.Unmarshal(e.Data, &d); err != nil {
					return err
				}
				fmt.Println("task", d.Task.ID, d.ResultMode, len(d.Documents), "documents")
			}
			return nil // other types are acknowledged without action
		},
	}
	body := webhook.NewTestEvent(webhook.EventTaskCompleted, webhook.TaskCompletedData{
		Task:       webhook.Task{ID: "1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d", Status: "completed", Outcome: "extracted"},
		ResultMode: webhook.ResultModeInline,
		Documents:  []webhook.ResultDocument{{ID: "d1", FileName: "a.pdf", ExtractionData: json.RawMessage(`{}`)}},
	})
	for range 2 {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, webhook.NewTestRequest("https://receiver.example/hooks", body, secret))
		fmt.Println(w.Code)
	}
	// Output:
	// task 1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d inline 1 documents
	// 204
	// 204
}

// Secrets are whsec_ followed by unpadded Base64URL of 32 bytes.
func ExampleParseSecret() {
	_, err := webhook.ParseSecret("whsec_not-32-bytes")
	fmt.Println(err != nil)
	s := webhook.NewSecret()
	p, _ := webhook.ParseSecret(s.String())
	fmt.Println(len(s.String()), len(p.Key()))
	// Output:
	// true
	// 49 32
}
