package delivery

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/docextract/docextract/webhook"
	"github.com/stretchr/testify/require"
)

type bundle struct {
	srv    *httptest.Server
	sender *Sender
	secret webhook.Secret
	hits   *atomic.Int32
}

// setup starts a loopback receiver running h and a Sender allowed to reach it.
func setup(t *testing.T, h http.HandlerFunc) bundle {
	t.Helper()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	return bundle{
		srv:    srv,
		sender: NewSender(Config{AllowPrivate: true, Timeout: 2 * time.Second}),
		secret: webhook.NewSecret(),
		hits:   &hits,
	}
}

func (b bundle) request(body string) Request {
	return Request{
		URL:        b.srv.URL + "/hook",
		Headers:    map[string]string{"Authorization": "Bearer abc", "User-Agent": "evil", "X-Service-Event": "evil"},
		Secrets:    []webhook.Secret{b.secret},
		EventID:    "ev-1",
		EventType:  webhook.EventTaskCompleted,
		DeliveryID: "dl-1",
		Attempt:    3,
		Body:       []byte(body),
	}
}

func TestSendAcknowledged(t *testing.T) {
	t.Parallel()
	var got http.Header
	var gotBody []byte
	b := setup(t, func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Clone()
		gotBody, _ = io.ReadAll(r.Body)
		w.WriteHeader(http.StatusNoContent)
	})
	body := `{"id":"ev-1","type":"task.completed","x":"  exact bytes  "}`
	res := b.sender.Send(context.Background(), b.request(body))
	require.Equal(t, Acknowledged, res.Outcome, res.Error)
	require.Equal(t, 204, res.StatusCode)
	require.Empty(t, res.Error)
	require.Equal(t, body, string(gotBody))
	require.Equal(t, "application/json", got.Get("Content-Type"))
	require.Equal(t, webhook.UserAgent, got.Get("User-Agent"))
	require.Equal(t, webhook.EventTaskCompleted, got.Get(webhook.HeaderEvent))
	require.Equal(t, "ev-1", got.Get(webhook.HeaderEventID))
	require.Equal(t, "dl-1", got.Get(webhook.HeaderDeliveryID))
	require.Equal(t, "3", got.Get(webhook.HeaderAttempt))
	require.Equal(t, "Bearer abc", got.Get("Authorization"))
	require.NoError(t, webhook.Verify(gotBody, got, b.secret))

	// Rotation: two secrets, two signatures; either verifies.
	next := webhook.NewSecret()
	req := b.request(body)
	req.Secrets = append(req.Secrets, next)
	require.Equal(t, Acknowledged, b.sender.Send(context.Background(), req).Outcome)
	require.Len(t, strings.Fields(got.Get(webhook.HeaderSignature)), 2)
	require.NoError(t, webhook.Verify(gotBody, got, next))
}

func TestSendTimestampPerAttempt(t *testing.T) {
	t.Parallel()
	var stamps []string
	b := setup(t, func(w http.ResponseWriter, r *http.Request) {
		stamps = append(stamps, r.Header.Get(webhook.HeaderTimestamp)+"/"+r.Header.Get(webhook.HeaderDeliveryID))
	})
	now := time.Unix(1_767_225_600, 0)
	b.sender = NewSender(Config{AllowPrivate: true, Now: func() time.Time { return now }})
	b.sender.Send(context.Background(), b.request("{}"))
	now = now.Add(time.Minute)
	res := b.sender.Send(context.Background(), b.request("{}"))
	require.Equal(t, []string{"1767225600/dl-1", "1767225660/dl-1"}, stamps)
	require.Equal(t, int64(1767225660), res.Timestamp)
}

func TestSendOutcomes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		code int
		want Outcome
	}{
		{200, Acknowledged}, {201, Acknowledged}, {202, Acknowledged}, {299, Acknowledged},
		{408, Retryable}, {409, Retryable}, {425, Retryable}, {429, Retryable},
		{500, Retryable}, {502, Retryable}, {503, Retryable}, {504, Retryable},
		{301, Terminal}, {302, Terminal}, {307, Terminal}, {308, Terminal}, {304, Terminal},
		{400, Terminal}, {401, Terminal}, {403, Terminal}, {404, Terminal}, {410, Terminal}, {413, Terminal}, {422, Terminal},
	} {
		b := setup(t, func(w http.ResponseWriter, r *http.Request) {
			if tc.code >= 300 && tc.code < 400 {
				w.Header().Set("Location", "/elsewhere")
			}
			w.WriteHeader(tc.code)
			_, _ = io.WriteString(w, "answer")
		})
		res := b.sender.Send(context.Background(), b.request("{}"))
		require.Equal(t, tc.want, res.Outcome, "HTTP %d", tc.code)
		require.Equal(t, tc.code, res.StatusCode)
		require.EqualValues(t, 1, b.hits.Load(), "HTTP %d: redirects are not followed", tc.code)
		if tc.code != 304 {
			require.Equal(t, "answer", string(res.ResponseBody))
		}
		if tc.want != Acknowledged {
			require.Contains(t, res.Error, "HTTP")
		}
	}
}

func TestSendRetryAfter(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		code  int
		value string
		want  time.Duration
	}{
		{429, "120", 2 * time.Minute},
		{503, now.Add(time.Hour).Format(http.TimeFormat), time.Hour},
		{429, "soon", 0},
		{500, "120", 0}, // only 429 and 503 carry a meaningful Retry-After
	} {
		b := setup(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", tc.value)
			w.WriteHeader(tc.code)
		})
		b.sender = NewSender(Config{AllowPrivate: true, Now: func() time.Time { return now }})
		res := b.sender.Send(context.Background(), b.request("{}"))
		require.Equal(t, Retryable, res.Outcome)
		require.Equal(t, tc.want, res.RetryAfter, tc.value)
	}
}

func TestSendTimeout(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	b := setup(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-time.After(5 * time.Second):
		}
	})
	defer close(release)
	b.sender = NewSender(Config{AllowPrivate: true, Timeout: 200 * time.Millisecond})
	start := time.Now()
	res := b.sender.Send(context.Background(), b.request("{}"))
	require.Less(t, time.Since(start), 2*time.Second)
	require.Equal(t, Retryable, res.Outcome)
	require.Equal(t, 0, res.StatusCode)
	require.Contains(t, res.Error, "timeout")
}

func TestSendConnectionReset(t *testing.T) {
	t.Parallel()
	b := setup(t, func(w http.ResponseWriter, r *http.Request) {
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
	})
	res := b.sender.Send(context.Background(), b.request("{}"))
	require.Equal(t, Retryable, res.Outcome)
	require.Equal(t, 0, res.StatusCode)
	require.NotEmpty(t, res.Error)
}

func TestSendRefusedConnection(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close() // nothing listens there now
	s := NewSender(Config{AllowPrivate: true})
	res := s.Send(context.Background(), Request{URL: url, Body: []byte("{}"), DeliveryID: "d", Attempt: 1})
	require.Equal(t, Retryable, res.Outcome)
}

func TestSendCapsResponse(t *testing.T) {
	t.Parallel()
	b := setup(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(500)
		_, _ = w.Write(make([]byte, 1<<20))
	})
	res := b.sender.Send(context.Background(), b.request("{}"))
	require.Len(t, res.ResponseBody, DefaultMaxResponseBytes)
}

func TestSendRefusesWithoutSwitch(t *testing.T) {
	t.Parallel()
	b := setup(t, func(w http.ResponseWriter, r *http.Request) {})
	s := NewSender(Config{})
	for _, u := range []string{b.srv.URL, strings.Replace(b.srv.URL, "http:", "https:", 1), "https://localhost/hook"} {
		res := s.Send(context.Background(), Request{URL: u, Body: []byte("{}"), DeliveryID: "d", Attempt: 1})
		require.Equal(t, Terminal, res.Outcome, u)
		require.Contains(t, res.Error, "refused", u)
	}
	require.Zero(t, b.hits.Load())
}
