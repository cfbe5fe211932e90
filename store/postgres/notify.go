package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// Notification channels. A transaction that queues work notifies its
// channel; PostgreSQL delivers the notification at commit, to every
// process listening on the database, so an idle worker elsewhere starts at
// once instead of at its next poll. The channel's name is the constant,
// ":" and the store's schema, so deployments in different schemas of one
// database do not wake each other.
const (
	// ChannelJobs: a job became visible (upload, password, release).
	ChannelJobs = "docextract_jobs"
	// ChannelEvents: a task event was recorded (webhook fan-out).
	ChannelEvents = "docextract_events"
)

// notify queues a notification on channel inside q's transaction.
func (db *DB) notify(ctx context.Context, q querier, channel string) error {
	_, err := q.Exec(ctx, `SELECT pg_notify($1, '')`, db.channel(channel))
	return err
}

// Listen calls onJobs and onEvents (either may be nil) when a process on
// the database notifies ChannelJobs or ChannelEvents, until ctx ends. It
// keeps a connection of its own, outside the pool, and reconnects after a
// failure; the callers also poll, so a notification lost meanwhile only
// delays work. Callbacks must not block.
func (db *DB) Listen(ctx context.Context, onJobs, onEvents func()) error {
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := db.listen(ctx, onJobs, onEvents)
		if ctx.Err() != nil {
			break
		}
		_ = err // the connection broke: reconnect below
		select {
		case <-ctx.Done():
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, 5*time.Second)
	}
	return nil
}

func (db *DB) listen(ctx context.Context, onJobs, onEvents func()) error {
	conn, err := pgx.ConnectConfig(ctx, db.pool.Config().ConnConfig.Copy())
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	for _, ch := range []string{ChannelJobs, ChannelEvents} {
		if _, err := conn.Exec(ctx, `LISTEN `+pgx.Identifier{db.channel(ch)}.Sanitize()); err != nil {
			return err
		}
	}
	// Work queued while this connection was down is found by polling;
	// wake both now so nothing waits for the next poll.
	wake(onJobs)
	wake(onEvents)
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		switch n.Channel {
		case db.channel(ChannelJobs):
			wake(onJobs)
		case db.channel(ChannelEvents):
			wake(onEvents)
		}
	}
}

func wake(f func()) {
	if f != nil {
		f()
	}
}

// channel returns the name of channel for this store's schema.
func (db *DB) channel(channel string) string { return channel + ":" + db.schema }
