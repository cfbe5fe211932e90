package delivery

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"code.dny.dev/ssrf"
	"github.com/docextract/docextract"
	"github.com/stretchr/testify/require"
)

// The dialer checks the resolved address: names and literal forms that
// reach loopback are refused before any byte is sent. Only loopback is
// dialled here.
func TestClientRefusesLoopbackAtDial(t *testing.T) {
	t.Parallel()
	var hits int
	srv := httptest.NewTLSServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits++ }))
	t.Cleanup(srv.Close)
	u, _ := url.Parse(srv.URL)
	port := u.Port()
	client := NewClient(Config{TLSConfig: srv.Client().Transport.(*http.Transport).TLSClientConfig})
	for _, target := range []string{
		"https://localhost:" + port,          // a DNS name resolving to 127.0.0.1
		"https://127.0.0.1:" + port,          // literal loopback
		"https://[::ffff:127.0.0.1]:" + port, // IPv4-mapped IPv6 loopback
		"http://localhost:" + port,
	} {
		resp, err := client.Get(target)
		if resp != nil {
			resp.Body.Close()
		}
		require.Error(t, err, target)
		require.True(t, errors.Is(err, ssrf.ErrProhibitedIP), "%s: %v", target, err)
		require.Equal(t, Terminal, Classify(0, err), target)
		require.Contains(t, describe(err), "destination refused")
	}
	require.Zero(t, hits)

	// The development switch admits the same loopback receiver.
	allowed := NewClient(Config{AllowPrivate: true, TLSConfig: srv.Client().Transport.(*http.Transport).TLSClientConfig})
	resp, err := allowed.Get("https://127.0.0.1:" + port)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 1, hits)
}

// The dial-time check itself, for ranges that must not be dialled in tests.
func TestGuardianRanges(t *testing.T) {
	t.Parallel()
	strict, dev := guardian(false), guardian(true)
	for _, tc := range []struct {
		network, addr string
		strictOK      bool
		devOK         bool
	}{
		{"tcp4", "127.0.0.1:443", false, true},
		{"tcp4", "127.8.9.10:8080", false, true},
		{"tcp4", "10.1.2.3:443", false, true},
		{"tcp4", "172.16.0.1:443", false, true},
		{"tcp4", "172.31.255.254:443", false, true},
		{"tcp4", "192.168.1.1:443", false, true},
		{"tcp4", "169.254.169.254:80", false, false}, // cloud metadata: never
		{"tcp4", "0.0.0.0:443", false, false},
		{"tcp4", "100.64.0.1:443", false, false},
		{"tcp6", "[::1]:443", false, true},
		{"tcp6", "[::ffff:127.0.0.1]:443", false, false},
		{"tcp6", "[::ffff:10.0.0.1]:443", false, false},
		{"tcp6", "[fe80::1]:443", false, false},
		{"tcp6", "[fd00::1]:443", false, true},
		{"tcp4", "8.8.8.8:443", true, true},
		{"tcp4", "172.32.0.1:8443", true, true},
		{"tcp6", "[2606:4700:4700::1111]:443", true, true},
		{"udp4", "8.8.8.8:53", false, false},
	} {
		require.Equal(t, tc.strictOK, strict.Safe(tc.network, tc.addr, nil) == nil, "strict %s", tc.addr)
		require.Equal(t, tc.devOK, dev.Safe(tc.network, tc.addr, nil) == nil, "dev %s", tc.addr)
	}
}

func TestValidateURL(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		url      string
		strictOK bool
		devOK    bool
	}{
		{"https://hooks.example.com/docextract", true, true},
		{"https://hooks.example.com:8443/x?y=1", true, true},
		{"https://8.8.8.8/hook", true, true},
		{"http://hooks.example.com/x", false, true},
		{"https://localhost/x", false, true},
		{"https://LOCALHOST./x", false, true},
		{"https://api.localhost/x", false, true},
		{"https://127.0.0.1/x", false, true},
		{"https://10.0.0.8/x", false, true},
		{"https://172.16.3.4/x", false, true},
		{"https://192.168.0.10/x", false, true},
		{"https://169.254.169.254/latest", false, true},
		{"https://[::1]/x", false, true},
		{"https://[::ffff:127.0.0.1]/x", false, true},
		{"https://[fe80::1%25eth0]/x", false, true},
		{"https://user:pw@hooks.example.com/x", false, false},
		{"https://hooks.example.com/x#frag", false, false},
		{"ftp://hooks.example.com/x", false, false},
		{"hooks.example.com/x", false, false},
		{"https:///x", false, false},
		{"https://hooks.example.com:0/x", false, false},
		{"https://hooks.example.com:99999/x", false, false},
		{"mailto:a@b.c", false, false},
		{"", false, false},
		{"https://h.example/" + strings.Repeat("a", MaxURLLength), false, false},
	} {
		err := ValidateURL(tc.url, false)
		require.Equal(t, tc.strictOK, err == nil, "strict %q: %v", tc.url, err)
		if err != nil {
			require.Equal(t, docextract.EINVALID, docextract.ErrorCode(err))
		}
		require.Equal(t, tc.devOK, ValidateURL(tc.url, true) == nil, "dev %q", tc.url)
	}
}

func TestValidateHeaders(t *testing.T) {
	t.Parallel()
	require.NoError(t, ValidateHeaders(nil))
	require.NoError(t, ValidateHeaders(map[string]string{"Authorization": "Bearer x", "X-Tenant": "a b", "x-empty": ""}))
	for _, h := range []map[string]string{
		{"Content-Type": "text/plain"},
		{"content-type": "text/plain"},
		{"User-Agent": "x"},
		{"X-Service-Signature": "v1=0"},
		{"x-service-anything": "x"},
		{"Host": "evil"},
		{"Bad Name": "x"},
		{"": "x"},
		{"X-A": "line\r\nInjected: yes"},
		{"X-A": "nul\x00"},
		{"X-A": "a", "x-a": "b"},
	} {
		err := ValidateHeaders(h)
		require.Error(t, err, "%v", h)
		require.Equal(t, docextract.EINVALID, docextract.ErrorCode(err))
	}
	eleven := map[string]string{}
	for i := range 11 {
		eleven["X-H"+string(rune('a'+i))] = "v"
	}
	require.Error(t, ValidateHeaders(eleven))
	delete(eleven, "X-Ha")
	require.NoError(t, ValidateHeaders(eleven))
}
