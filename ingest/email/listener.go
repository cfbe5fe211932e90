package email

import (
	"net"
	"sync"
	"time"

	"github.com/docextract/docextract/internal/netlimit"
)

// limitListener admits at most max connections at once, and at most
// perIP from one client address (netlimit); one over a cap is answered
// "421 4.7.0" (RFC 5321: the service is not available, try later) and
// closed, so file descriptors stay for the database and one sender cannot
// hold every connection. track is told of each admitted connection (open
// true) and of its close; when it answers false the connection is closed
// at once.
func limitListener(ln net.Listener, max, perIP int, track func(c net.Conn, open bool) bool) net.Listener {
	return &trackListener{Listener: netlimit.Listen(ln, netlimit.Limits{MaxConns: max, MaxConnsPerIP: perIP}, refuse), track: track}
}

// refuse answers a connection over a cap, off the accept loop.
func refuse(c net.Conn) {
	go func() {
		_ = c.SetWriteDeadline(time.Now().Add(5 * time.Second))
		_, _ = c.Write([]byte("421 4.7.0 Too many connections, try again later\r\n"))
		_ = c.Close()
	}()
}

type trackListener struct {
	net.Listener
	track func(c net.Conn, open bool) bool
}

func (l *trackListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		tc := &trackConn{Conn: c, track: l.track}
		if !l.track(tc, true) {
			_ = tc.Close()
			continue
		}
		return tc, nil
	}
}

type trackConn struct {
	net.Conn
	track func(c net.Conn, open bool) bool
	once  sync.Once
}

func (c *trackConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.track(c, false) })
	return err
}
