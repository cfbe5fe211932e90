package delivery

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// A delivery's error, shown to the endpoint's owner, names no IP address:
// neither where the host resolved to nor the resolver.
func TestDescribeHidesAddresses(t *testing.T) {
	dial := &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(10, 0, 0, 5), Port: 443},
		Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	dns := &net.DNSError{Err: "no such host", Name: "hooks.example.com", Server: "127.0.0.53:53", IsNotFound: true}
	dnsTemp := &net.DNSError{Err: "server misbehaving", Name: "hooks.example.com", Server: "[fd00::53]:53", IsTemporary: true}
	wrap := func(err error) error { return &url.Error{Op: "Post", URL: "https://hooks.example.com/x", Err: err} }
	for _, c := range []struct {
		err  error
		want string
	}{
		{wrap(dial), "connection failed: connection refused"},
		{wrap(dns), "DNS lookup failed: no such host"},
		{wrap(dnsTemp), "DNS lookup failed"},
		{wrap(errors.New("remote error from 192.168.1.7:8443 and [fe80::1%eth0]:443 and fd00:0:0:0::1 at 13:50:00")),
			"remote error from <address> and <address> and <address> at 13:50:00"},
	} {
		got := describe(c.err)
		require.Equal(t, c.want, got, fmt.Sprint(c.err))
	}
}
