package webhook

import (
	"context"
	"errors"
	"io"
	"log"
	"net/http"
	"sync"
)

// DefaultMaxBodyBytes is the Handler's default body limit: five times the
// 1 MiB a receiver must accept (docs/api.md, Limits).
const DefaultMaxBodyBytes = 5 << 20

// Store records which events a receiver has already taken, so that a
// redelivered or retried event is acknowledged without being processed
// twice. Deduplicate per receiver path or integration by event id, never by
// delivery id (docs/api.md, Webhooks): give each Handler its own Store or namespace.
type Store interface {
	// SeenOrRecord durably records eventID and reports whether it had been
	// recorded before. It must be atomic: of two concurrent calls with the
	// same id, at most one reports seen == false.
	SeenOrRecord(ctx context.Context, eventID string) (seen bool, err error)
}

// Forgetter is an optional interface of a Store. When OnEvent fails, the
// Handler calls Forget so that the service's retry of the event is
// processed instead of being taken for a duplicate.
type Forgetter interface {
	Forget(ctx context.Context, eventID string) error
}

// Handler is an http.Handler that receives deliveries. It answers as a
// receiver should (docs/api.md, Webhooks):
//
//   - 405 for a method other than POST;
//   - 413 for a body over MaxBodyBytes;
//   - 401 when verification fails (any Verify error);
//   - 400 when the verified body is not JSON or lacks a string id or type;
//   - 500 when Store or OnEvent fails (the service retries);
//   - 204 otherwise, including for an event id seen before, which is not
//     passed to OnEvent again.
//
// OnEvent receives every verified, new event, whatever its Type or
// WebhookVersion: route on Type, acknowledge ignored types by returning nil,
// and alert on a WebhookVersion other than Version.
type Handler struct {
	// Secrets are the endpoint's current secrets; several during rotation.
	Secrets []Secret

	// Store deduplicates by event id. Nil means no deduplication (not
	// recommended: the service delivers at least once).
	Store Store

	// OnEvent processes a new event. Returning an error answers 500.
	OnEvent func(ctx context.Context, e Event) error

	// Verifier checks signatures; the zero value uses DefaultTolerance.
	Verifier Verifier

	// MaxBodyBytes limits the body; zero means DefaultMaxBodyBytes.
	MaxBodyBytes int64

	// ErrorLog receives verification and processing failures; nil means
	// the standard logger.
	ErrorLog *log.Logger
}

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	limit := h.MaxBodyBytes
	if limit <= 0 {
		limit = DefaultMaxBodyBytes
	}
	body, err := readBody(w, r, limit)
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "cannot read body", http.StatusBadRequest)
		return
	}
	if err := h.Verifier.Verify(body, r.Header, h.Secrets...); err != nil {
		h.logf("webhook: refused delivery %q: %v", r.Header.Get(HeaderDeliveryID), err)
		http.Error(w, "invalid signature", http.StatusUnauthorized)
		return
	}
	ev, err := ParseEvent(body)
	if err != nil {
		http.Error(w, "invalid event", http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	if h.Store != nil {
		seen, err := h.Store.SeenOrRecord(ctx, ev.ID)
		if err != nil {
			h.logf("webhook: store event %s: %v", ev.ID, err)
			http.Error(w, "storage failure", http.StatusInternalServerError)
			return
		}
		if seen {
			w.WriteHeader(http.StatusNoContent)
			return
		}
	}
	if h.OnEvent != nil {
		if err := h.OnEvent(ctx, ev); err != nil {
			h.logf("webhook: process event %s: %v", ev.ID, err)
			if f, ok := h.Store.(Forgetter); ok {
				if ferr := f.Forget(context.WithoutCancel(ctx), ev.ID); ferr != nil {
					h.logf("webhook: forget event %s: %v", ev.ID, ferr)
				}
			}
			http.Error(w, "processing failure", http.StatusInternalServerError)
			return
		}
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) logf(format string, args ...any) {
	if h.ErrorLog != nil {
		h.ErrorLog.Printf(format, args...)
		return
	}
	log.Printf(format, args...)
}

// readBody reads at most limit bytes, sizing the buffer from Content-Length.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	if r.ContentLength > limit {
		return nil, &http.MaxBytesError{Limit: limit}
	}
	rd := http.MaxBytesReader(w, r.Body, limit)
	if r.ContentLength > 0 {
		buf := make([]byte, r.ContentLength)
		if _, err := io.ReadFull(rd, buf); err != nil {
			return nil, err
		}
		// Anything beyond Content-Length is a protocol error the server
		// already handles; nothing more to read.
		return buf, nil
	}
	return io.ReadAll(rd)
}

// MemoryStore is an in-memory Store and Forgetter for tests and examples.
// It is not durable: a restarted receiver forgets every event. The zero
// value is ready to use.
type MemoryStore struct {
	mu   sync.Mutex
	seen map[string]struct{}
}

// SeenOrRecord implements Store.
func (m *MemoryStore) SeenOrRecord(_ context.Context, eventID string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.seen[eventID]; ok {
		return true, nil
	}
	if m.seen == nil {
		m.seen = make(map[string]struct{})
	}
	m.seen[eventID] = struct{}{}
	return false, nil
}

// Forget implements Forgetter.
func (m *MemoryStore) Forget(_ context.Context, eventID string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.seen, eventID)
	return nil
}
