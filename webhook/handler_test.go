package webhook

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

type failingStore struct{}

func (failingStore) SeenOrRecord(context.Context, string) (bool, error) {
	return false, errors.New("disk full")
}

func TestHandler(t *testing.T) {
	t.Parallel()
	s := NewSecret()
	var calls atomic.Int32
	var fail atomic.Bool
	var got Event
	h := &Handler{
		Secrets:  []Secret{s},
		Store:    &MemoryStore{},
		ErrorLog: log.New(io.Discard, "", 0),
		OnEvent: func(_ context.Context, e Event) error {
			calls.Add(1)
			if fail.Load() {
				return errors.New("downstream down")
			}
			got = e
			return nil
		},
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	do := func(r *http.Request) int {
		t.Helper()
		resp, err := srv.Client().Do(r)
		require.NoError(t, err)
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}

	body := NewTestEvent(EventTaskFailed, TaskFailedData{
		Task:  Task{ID: NewID(), Status: "failed"},
		Error: EventError{Code: "processing_failed", Message: "Document processing failed."},
	})
	require.Equal(t, http.StatusNoContent, do(NewTestRequest(srv.URL, body, s)))
	require.EqualValues(t, 1, calls.Load())
	require.Equal(t, EventTaskFailed, got.Type)
	require.Equal(t, Version, got.WebhookVersion)

	// A redelivery (new delivery id, same event id) is acknowledged, not processed.
	require.Equal(t, http.StatusNoContent, do(NewTestRequest(srv.URL, body, s)))
	require.EqualValues(t, 1, calls.Load())

	// Processing failure: 500, and the event is forgotten so a retry processes it.
	body2 := NewTestEvent(EventTaskCompleted, map[string]any{"x": 1})
	fail.Store(true)
	require.Equal(t, http.StatusInternalServerError, do(NewTestRequest(srv.URL, body2, s)))
	fail.Store(false)
	require.Equal(t, http.StatusNoContent, do(NewTestRequest(srv.URL, body2, s)))
	require.EqualValues(t, 3, calls.Load())

	// Verification failures: 401.
	require.Equal(t, http.StatusUnauthorized, do(NewTestRequest(srv.URL, body, NewSecret())))
	r := NewTestRequest(srv.URL, body, s)
	r.Header.Del(HeaderTimestamp)
	require.Equal(t, http.StatusUnauthorized, do(r))
	r = NewTestRequest(srv.URL, body, s)
	r.Header.Set(HeaderTimestamp, "1000")
	require.Equal(t, http.StatusUnauthorized, do(r))

	// Signed but not an envelope: 400.
	for _, b := range []string{`not json`, `{"id":"x"}`, `{"id":1,"type":"task.failed"}`, `{"id":"x","type":""}`, `[]`} {
		require.Equal(t, http.StatusBadRequest, do(NewTestRequest(srv.URL, []byte(b), s)), b)
	}

	// Unknown types and versions reach OnEvent; extra fields are tolerated.
	require.Equal(t, http.StatusNoContent, do(NewTestRequest(srv.URL, []byte(`{"webhook_version":"2","id":"v2","type":"task.new","extra":{"a":1}}`), s)))
	require.Equal(t, "2", got.WebhookVersion)

	// Method.
	req, _ := http.NewRequest(http.MethodGet, srv.URL, nil)
	require.Equal(t, http.StatusMethodNotAllowed, do(req))

	// A 1 MiB body is accepted; above the limit is 413.
	big := bytes.Repeat([]byte("a"), MaxInlineBody)
	bigBody := []byte(`{"id":"big","type":"task.completed","pad":"` + string(big) + `"}`)
	require.Equal(t, http.StatusNoContent, do(NewTestRequest(srv.URL, bigBody, s)))
	huge := make([]byte, DefaultMaxBodyBytes+1)
	require.Equal(t, http.StatusRequestEntityTooLarge, do(NewTestRequest(srv.URL, huge, s)))
	// Without Content-Length (chunked), the limit still holds.
	r = NewTestRequest(srv.URL, nil, s)
	r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(huge)))
	r.ContentLength = -1
	require.Equal(t, http.StatusRequestEntityTooLarge, do(r))
}

func TestHandlerStoreFailure(t *testing.T) {
	t.Parallel()
	s := NewSecret()
	h := &Handler{Secrets: []Secret{s}, Store: failingStore{}, ErrorLog: log.New(io.Discard, "", 0),
		OnEvent: func(context.Context, Event) error { t.Fatal("must not process"); return nil }}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, NewTestRequest("http://example.test/hook", NewTestEvent(EventEndpointTest, TestData{Test: true}), s))
	require.Equal(t, http.StatusInternalServerError, w.Code)
}

func TestHandlerNoStore(t *testing.T) {
	t.Parallel()
	s := NewSecret()
	n := 0
	h := &Handler{Secrets: []Secret{s}, OnEvent: func(context.Context, Event) error { n++; return nil }}
	body := NewTestEvent(EventEndpointTest, TestData{Test: true})
	for range 2 {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, NewTestRequest("http://example.test/hook", body, s))
		require.Equal(t, http.StatusNoContent, w.Code)
	}
	require.Equal(t, 2, n)
}
