package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/docextract/docextract/webhook"
	"github.com/stretchr/testify/require"
)

type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) { s.mu.Lock(); defer s.mu.Unlock(); return s.b.Write(p) }
func (s *syncBuf) String() string              { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// start runs the receiver on a loopback port and returns its URL and a stop function.
func start(t *testing.T, store string, secrets ...webhook.Secret) (string, *syncBuf, func()) {
	t.Helper()
	var names []string
	for _, s := range secrets {
		names = append(names, s.String())
	}
	env := map[string]string{"WEBHOOK_SECRETS": strings.Join(names, ",")}
	ctx, cancel := context.WithCancel(context.Background())
	out := &syncBuf{}
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-store", store}, func(k string) string { return env[k] }, out, io.Discard, ready)
	}()
	var addr string
	select {
	case addr = <-ready:
	case err := <-done:
		t.Fatal(err)
	case <-time.After(5 * time.Second):
		t.Fatal("receiver did not start")
	}
	stop := func() {
		cancel()
		require.NoError(t, <-done)
	}
	return "http://" + addr + "/webhooks/docextract", out, stop
}

func post(t *testing.T, r *http.Request) int {
	t.Helper()
	resp, err := http.DefaultClient.Do(r)
	require.NoError(t, err)
	resp.Body.Close()
	return resp.StatusCode
}

func TestReceiver(t *testing.T) {
	store := filepath.Join(t.TempDir(), "events.log")
	old, cur := webhook.NewSecret(), webhook.NewSecret()
	url, out, stop := start(t, store, old, cur)

	ev := webhook.NewTestEvent(webhook.EventTaskFailed, webhook.TaskFailedData{Error: webhook.EventError{Code: "processing_failed"}})
	require.Equal(t, 204, post(t, webhook.NewTestRequest(url, ev, cur)))
	require.Equal(t, 204, post(t, webhook.NewTestRequest(url, ev, old)), "old secret during rotation; duplicate acknowledged")
	require.Equal(t, 401, post(t, webhook.NewTestRequest(url, ev, webhook.NewSecret())))
	require.Equal(t, 400, post(t, webhook.NewTestRequest(url, []byte(`{"type":"task.failed"}`), cur)))
	require.Equal(t, 204, post(t, webhook.NewTestRequest(url, []byte(`{"id":"other","type":"future.type"}`), cur)))
	require.Equal(t, 1, strings.Count(out.String(), "\n"), "one event handed on: %s", out.String())
	stop()

	// Restart on the same store: the event is still known.
	url, out, stop = start(t, store, cur)
	defer stop()
	require.Equal(t, 204, post(t, webhook.NewTestRequest(url, ev, cur)))
	require.Empty(t, out.String())
	ev2 := webhook.NewTestEvent(webhook.EventEndpointTest, webhook.TestData{Test: true})
	require.Equal(t, 204, post(t, webhook.NewTestRequest(url, ev2, cur)))
	require.Contains(t, out.String(), `"type":"endpoint.test"`)
}

func TestConfig(t *testing.T) {
	_, err := parseConfig(nil, func(string) string { return "" }, io.Discard)
	require.ErrorContains(t, err, "no secret")
	_, err = parseConfig([]string{"-secrets", "whsec_bad"}, func(string) string { return "" }, io.Discard)
	require.ErrorIs(t, err, webhook.ErrInvalidSecret)
}

func TestFileStoreForget(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.log")
	s, err := OpenFileStore(path)
	require.NoError(t, err)
	ctx := context.Background()
	seen, err := s.SeenOrRecord(ctx, "a")
	require.NoError(t, err)
	require.False(t, seen)
	require.NoError(t, s.Forget(ctx, "a"))
	_, _ = s.SeenOrRecord(ctx, "b")
	require.NoError(t, s.Close())
	s, err = OpenFileStore(path)
	require.NoError(t, err)
	defer s.Close()
	seen, _ = s.SeenOrRecord(ctx, "a")
	require.False(t, seen)
	seen, _ = s.SeenOrRecord(ctx, "b")
	require.True(t, seen)
}

// TestDepsStdlibAndWebhook keeps the example a receiver's honest build: the
// standard library and package webhook (with its event-type names,
// webhook/event, which imports nothing), nothing else.
func TestDepsStdlibAndWebhook(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").CombinedOutput()
	require.NoError(t, err, string(out))
	require.ElementsMatch(t, []string{"github.com/docextract/docextract/webhook", "github.com/docextract/docextract/webhook/event",
		"github.com/docextract/docextract/examples/receiver"}, strings.Fields(string(out)))
}
