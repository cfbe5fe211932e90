package email

import (
	"net"
	"sync"
	"time"
)

// limitListener admits at most n connections at once; one over the cap is
// answered "421 4.7.0" (RFC 5321: the service is not available, try
// later) and closed, so file descriptors stay for the database. track is
// told of each admitted connection (open true) and of its close; when it
// answers false the connection is closed at once.
func limitListener(ln net.Listener, n int, track func(c net.Conn, open bool) bool) net.Listener {
	return &capListener{Listener: ln, sem: make(chan struct{}, n), track: track}
}

type capListener struct {
	net.Listener
	sem   chan struct{}
	track func(c net.Conn, open bool) bool
}

func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		select {
		case l.sem <- struct{}{}:
			cc := &capConn{Conn: c}
			cc.release = func() { l.track(cc, false); <-l.sem }
			if !l.track(cc, true) {
				_ = cc.Close()
				continue
			}
			return cc, nil
		default:
			go func() {
				_ = c.SetWriteDeadline(time.Now().Add(5 * time.Second))
				_, _ = c.Write([]byte("421 4.7.0 Too many connections, try again later\r\n"))
				_ = c.Close()
			}()
		}
	}
}

type capConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *capConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
