// Package netlimit caps the connections a listener holds open, in all and
// per client address, for the servers of cmd/docextract (HTTP and SMTP):
// neither file descriptors nor goroutines grow with what one client opens,
// and one client cannot take every connection from the others.
package netlimit

import (
	"net"
	"sync"
)

// Limits bound the connections open at once. Zero means no cap.
type Limits struct {
	// MaxConns caps every connection together.
	MaxConns int
	// MaxConnsPerIP caps the connections of one client IP address (an IPv6
	// client counts by its /64). Behind a proxy every client has the
	// proxy's address: raise it or set it to 0 there.
	MaxConnsPerIP int
}

// Listen wraps ln. A connection over a cap is given to refuse, which must
// answer it (a 503, a 421) and close it without blocking for long; Accept
// goes on with the next one. An admitted connection counts until it is
// closed.
func Listen(ln net.Listener, l Limits, refuse func(net.Conn)) net.Listener {
	return &listener{Listener: ln, limits: l, refuse: refuse, perIP: map[string]int{}}
}

type listener struct {
	net.Listener
	limits Limits
	refuse func(net.Conn)

	mu    sync.Mutex
	open  int
	perIP map[string]int
}

func (l *listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := ClientKey(c.RemoteAddr())
		if l.admit(ip) {
			return &conn{Conn: c, l: l, ip: ip}, nil
		}
		l.refuse(c)
	}
}

func (l *listener) admit(ip string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.limits.MaxConns > 0 && l.open >= l.limits.MaxConns {
		return false
	}
	if l.limits.MaxConnsPerIP > 0 && l.perIP[ip] >= l.limits.MaxConnsPerIP {
		return false
	}
	l.open++
	l.perIP[ip]++
	return true
}

func (l *listener) release(ip string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.open--
	if l.perIP[ip]--; l.perIP[ip] <= 0 {
		delete(l.perIP, ip)
	}
}

// ClientKey is the key of the per-client cap: the IP address, or for IPv6
// its /64 (one subscriber's usual allocation).
func ClientKey(a net.Addr) string {
	ta, ok := a.(*net.TCPAddr)
	if !ok {
		return a.String()
	}
	if ip4 := ta.IP.To4(); ip4 != nil {
		return ip4.String()
	}
	return ta.IP.Mask(net.CIDRMask(64, 128)).String()
}

type conn struct {
	net.Conn
	l    *listener
	ip   string
	once sync.Once
}

// Close closes the connection and gives its place back, once.
func (c *conn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.release(c.ip) })
	return err
}
