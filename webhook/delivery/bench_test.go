package delivery

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/docextract/docextract/webhook"
)

func benchServer(b *testing.B) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.WriteHeader(http.StatusNoContent)
	}))
	b.Cleanup(srv.Close)
	return srv
}

var benchBody = bytes.Repeat([]byte(`{"id":"x","type":"task.completed"}`), 60) // ~2 KiB

// BenchmarkSend is one signed delivery attempt to a loopback receiver;
// compare with BenchmarkRawPost, the same request without signing or
// checks.
func BenchmarkSend(b *testing.B) {
	srv := benchServer(b)
	s := NewSender(Config{AllowPrivate: true})
	req := Request{URL: srv.URL, Secrets: []webhook.Secret{webhook.NewSecret()}, EventID: "e", EventType: "task.completed", DeliveryID: "d", Attempt: 1, Body: benchBody}
	b.ReportAllocs()
	for b.Loop() {
		if res := s.Send(context.Background(), req); res.Outcome != Acknowledged {
			b.Fatal(res.Error)
		}
	}
}

// BenchmarkRawPost is the floor for BenchmarkSend.
func BenchmarkRawPost(b *testing.B) {
	srv := benchServer(b)
	c := &http.Client{}
	b.ReportAllocs()
	for b.Loop() {
		resp, err := c.Post(srv.URL, "application/json", bytes.NewReader(benchBody))
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}
