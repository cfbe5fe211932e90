package netlimit

import (
	"net"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestClientKey(t *testing.T) {
	require.Equal(t, "192.0.2.7", ClientKey(&net.TCPAddr{IP: net.ParseIP("192.0.2.7"), Port: 1}))
	a := ClientKey(&net.TCPAddr{IP: net.ParseIP("2001:db8:1:2:aaaa::1"), Port: 1})
	b := ClientKey(&net.TCPAddr{IP: net.ParseIP("2001:db8:1:2:bbbb::9"), Port: 2})
	c := ClientKey(&net.TCPAddr{IP: net.ParseIP("2001:db8:1:3::1"), Port: 1})
	require.Equal(t, a, b, "one /64 is one client")
	require.NotEqual(t, a, c)
}

// Over the per-client cap a connection is refused; closing one admits the
// next; the total cap counts every client.
func TestCaps(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	var refused atomic.Int32
	ln := Listen(raw, Limits{MaxConns: 3, MaxConnsPerIP: 2}, func(c net.Conn) { refused.Add(1); c.Close() })
	defer ln.Close()
	accepted := make(chan net.Conn, 10)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	dial := func() net.Conn {
		c, err := net.Dial("tcp", raw.Addr().String())
		require.NoError(t, err)
		t.Cleanup(func() { c.Close() })
		return c
	}
	dial()
	dial()
	a1, a2 := <-accepted, <-accepted
	dial() // third from 127.0.0.1: over the per-client cap
	require.Eventually(t, func() bool { return refused.Load() == 1 }, 5*time.Second, 5*time.Millisecond)

	require.NoError(t, a1.Close())
	_ = a1.Close() // a second Close gives nothing back twice (checked below)
	dial()
	a3 := <-accepted
	require.Equal(t, int32(1), refused.Load())

	l := ln.(*listener)
	l.mu.Lock()
	open, perIP := l.open, l.perIP["127.0.0.1"]
	l.mu.Unlock()
	require.Equal(t, 2, open)
	require.Equal(t, 2, perIP)
	a2.Close()
	a3.Close()
	l.mu.Lock()
	defer l.mu.Unlock()
	require.Equal(t, 0, l.open)
	require.Empty(t, l.perIP, "no key left behind")
}

func TestTotalCap(t *testing.T) {
	l := &listener{limits: Limits{MaxConns: 2}, perIP: map[string]int{}}
	require.True(t, l.admit("a"))
	require.True(t, l.admit("b"))
	require.False(t, l.admit("c"), "the total cap counts every client")
	l.release("a")
	require.True(t, l.admit("c"))
}
