package dispatch

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/docextract/docextract/store"
)

// recorder records attempt outcomes with group commit: the outcomes that
// arrive while a transaction commits are stored together in the next one.
type recorder struct {
	store Store
	log   *slog.Logger
	max   int
	ch    chan store.AttemptRecord
	done  chan<- int // the number of outcomes of each commit
	// sending counts the attempts whose outcome is not handed in yet.
	sending atomic.Int64
}

func newRecorder(s Store, log *slog.Logger, max int, done chan<- int) *recorder {
	return &recorder{store: s, log: log, max: max, ch: make(chan store.AttemptRecord, max), done: done}
}

// submit queues rec for the next commit. A failed commit is logged: the
// lease then expires, and the attempt is closed as interrupted and
// retried.
func (r *recorder) submit(rec store.AttemptRecord) { r.ch <- rec }

// close ends run once the outcomes submitted so far are recorded; call it
// when no submit is running or will start.
func (r *recorder) close() { close(r.ch) }

func (r *recorder) run() {
	batch := make([]store.AttemptRecord, 0, r.max)
	linger := time.NewTimer(0)
	defer linger.Stop()
	for req := range r.ch {
		batch = append(batch[:0], req)
		// While attempts are still being sent, wait a moment for their
		// outcomes: one transaction then commits them all.
		linger.Reset(recordLinger)
	more:
		for len(batch) < r.max {
			select {
			case req, ok := <-r.ch:
				if !ok {
					break more
				}
				batch = append(batch, req)
				continue
			default:
			}
			if r.sending.Load() == 0 {
				break
			}
			select {
			case req, ok := <-r.ch:
				if !ok {
					break more
				}
				batch = append(batch, req)
			case <-linger.C:
				break more
			}
		}
		linger.Stop()
		r.commit(batch)
	}
}

func (r *recorder) commit(rs []store.AttemptRecord) {
	var results []error
	var err error
	for try := 0; try < 2; try++ { // one retry: a lost batch would be sent again
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		results, err = r.store.RecordWebhookAttempts(ctx, rs)
		cancel()
		if err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	for i, rec := range rs {
		e := err
		if e == nil {
			e = results[i]
		}
		if e != nil {
			r.log.Error("webhooks: record attempt", "delivery", rec.DeliveryID, "err", e)
		}
	}
	r.done <- len(rs)
}
