package delivery

import (
	"crypto/tls"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"code.dny.dev/ssrf"
	"github.com/docextract/docextract"
)

// Defaults of Config, and limits the management API enforces.
const (
	DefaultTimeout          = 30 * time.Second
	DefaultMaxResponseBytes = 64 << 10
	MaxURLLength            = 2048
	MaxCustomHeaders        = 10

	// MaxIdleConnsPerHost is how many connections to one receiver the
	// client keeps open between attempts. A sender with more attempts in
	// flight to one receiver than this would close and dial connections
	// all the time; keep per-receiver concurrency at or below it.
	MaxIdleConnsPerHost = 32
)

// privatePrefixes are admitted by Config.AllowPrivate: loopback and private
// ranges. Link-local (cloud metadata) and other special ranges stay refused.
var privatePrefixes = struct{ v4, v6 []netip.Prefix }{
	v4: []netip.Prefix{
		netip.MustParsePrefix("127.0.0.0/8"),
		netip.MustParsePrefix("10.0.0.0/8"),
		netip.MustParsePrefix("172.16.0.0/12"),
		netip.MustParsePrefix("192.168.0.0/16"),
	},
	v6: []netip.Prefix{
		netip.MustParsePrefix("::1/128"),
		netip.MustParsePrefix("fc00::/7"),
	},
}

// guardian returns the dial-time address check for allowPrivate.
func guardian(allowPrivate bool) *ssrf.Guardian {
	opts := []ssrf.Option{ssrf.WithAnyPort()}
	if allowPrivate {
		opts = append(opts,
			ssrf.WithAllowedV4Prefixes(privatePrefixes.v4...),
			ssrf.WithAllowedV6Prefixes(privatePrefixes.v6...))
	}
	return ssrf.New(opts...)
}

// NewClient returns the HTTP client deliveries are sent with: the resolved
// address of every connection is checked at dial time (see the package
// comment), no proxy, no redirects followed (the 3xx response is returned
// as is), cfg.Timeout for the whole exchange.
func NewClient(cfg Config) *http.Client {
	cfg = cfg.withDefaults()
	dialer := &net.Dialer{
		Timeout:   10 * time.Second,
		KeepAlive: 30 * time.Second,
		Control:   guardian(cfg.AllowPrivate).Safe,
	}
	var tlsConf *tls.Config
	if cfg.TLSConfig != nil {
		tlsConf = cfg.TLSConfig.Clone()
	}
	tr := &http.Transport{
		Proxy:                  nil,
		DialContext:            dialer.DialContext,
		TLSClientConfig:        tlsConf,
		TLSHandshakeTimeout:    10 * time.Second,
		ForceAttemptHTTP2:      true,
		MaxIdleConns:           256,
		MaxIdleConnsPerHost:    MaxIdleConnsPerHost,
		IdleConnTimeout:        90 * time.Second,
		ExpectContinueTimeout:  time.Second,
		MaxResponseHeaderBytes: 64 << 10,
	}
	return &http.Client{
		Transport: tr,
		Timeout:   cfg.Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// refusedError reports whether err is the dial-time refusal of a
// destination address.
func refusedError(err error) bool {
	return errors.Is(err, ssrf.ErrProhibitedIP) || errors.Is(err, ssrf.ErrProhibitedNetwork) ||
		errors.Is(err, ssrf.ErrProhibitedPort) || errors.Is(err, ssrf.ErrInvalidHostPort)
}

func invalid(format string, args ...any) error {
	return docextract.Errorf(docextract.EINVALID, format, args...)
}

// ValidateURL checks an endpoint URL for the management API. It wants an
// absolute https URL (http too when allowPrivate) with a host, no user
// information, no fragment, at most MaxURLLength bytes. When allowPrivate is
// false, a literal IP address that is not public and the names "localhost"
// and "*.localhost" are refused; names are checked again on their resolved
// address at every connection. Errors are *docextract.Error with code
// EINVALID and a message safe to show.
func ValidateURL(raw string, allowPrivate bool) error {
	_, err := parseURL(raw, allowPrivate)
	return err
}

// parseURL is ValidateURL returning the parsed URL.
func parseURL(raw string, allowPrivate bool) (*url.URL, error) {
	if raw == "" {
		return nil, invalid("url is required.")
	}
	if len(raw) > MaxURLLength {
		return nil, invalid("url is longer than %d characters.", MaxURLLength)
	}
	u, err := url.Parse(raw)
	if err != nil || u.Opaque != "" {
		return nil, invalid("url is not a valid URL.")
	}
	return u, checkURL(u, raw, allowPrivate)
}

func checkURL(u *url.URL, raw string, allowPrivate bool) error {
	switch u.Scheme {
	case "https":
	case "http":
		if !allowPrivate {
			return invalid("url must use https.")
		}
	default:
		return invalid("url must use https.")
	}
	if u.User != nil {
		return invalid("url must not contain user information.")
	}
	if u.Fragment != "" || strings.Contains(raw, "#") {
		return invalid("url must not contain a fragment.")
	}
	host := u.Hostname()
	if host == "" {
		return invalid("url must have a host.")
	}
	if p := u.Port(); p != "" {
		if n, err := netip.ParseAddrPort("0.0.0.0:" + p); err != nil || n.Port() == 0 {
			return invalid("url has an invalid port.")
		}
	}
	if allowPrivate {
		return nil
	}
	lower := strings.ToLower(strings.TrimSuffix(host, "."))
	if lower == "localhost" || strings.HasSuffix(lower, ".localhost") {
		return invalid("url must point to a public address.")
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		if guardian(false).SafeAddr(ip.WithZone("")) != nil {
			return invalid("url must point to a public address.")
		}
	}
	return nil
}

// reservedHeader reports whether name may not be set as a custom header:
// Content-Type, User-Agent and X-Service-* (docs/api.md, Webhooks), and the headers
// that belong to the transport.
func reservedHeader(name string) bool {
	c := http.CanonicalHeaderKey(name)
	if strings.HasPrefix(c, "X-Service-") {
		return true
	}
	switch c {
	case "Content-Type", "User-Agent", "Host", "Content-Length", "Transfer-Encoding",
		"Connection", "Keep-Alive", "Te", "Trailer", "Upgrade", "Expect",
		"Proxy-Authorization", "Proxy-Connection", "Content-Encoding", "Accept-Encoding":
		return true
	}
	return false
}

// ValidateHeaders checks custom request headers for the management API: at
// most MaxCustomHeaders, names HTTP tokens and not reserved (Content-Type,
// User-Agent, X-Service-* and transport headers), values without control
// characters. Errors are *docextract.Error with code EINVALID.
func ValidateHeaders(h map[string]string) error {
	if len(h) > MaxCustomHeaders {
		return invalid("At most %d custom headers are allowed.", MaxCustomHeaders)
	}
	seen := map[string]bool{}
	for name, value := range h {
		if !validToken(name) {
			return invalid("Invalid header name: %q.", name)
		}
		c := http.CanonicalHeaderKey(name)
		if reservedHeader(c) {
			return invalid("Header %s cannot be overridden.", c)
		}
		if seen[c] {
			return invalid("Duplicate header: %s.", c)
		}
		seen[c] = true
		if len(value) > 4096 {
			return invalid("Value of header %s is too long.", c)
		}
		for i := 0; i < len(value); i++ {
			if b := value[i]; (b < 0x20 && b != '\t') || b == 0x7f {
				return invalid("Value of header %s contains a control character.", c)
			}
		}
	}
	return nil
}

// validToken reports whether s is a non-empty RFC 9110 token.
func validToken(s string) bool {
	if s == "" || len(s) > 256 {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b >= 'a' && b <= 'z', b >= 'A' && b <= 'Z', b >= '0' && b <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", b) >= 0:
		default:
			return false
		}
	}
	return true
}
