package delivery

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"time"

	"github.com/docextract/docextract/webhook"
)

// Config configures a Sender. Zero values mean the documented defaults.
type Config struct {
	// AllowPrivate is the development switch: it admits http URLs and
	// loopback and private (RFC 1918, ULA) receivers. Off by default.
	AllowPrivate bool

	// Timeout bounds one attempt, from dialing to the end of the response
	// body. Zero means DefaultTimeout (30 s).
	Timeout time.Duration

	// MaxResponseBytes is how much of a response body is kept for the
	// delivery history. Zero means DefaultMaxResponseBytes (64 KiB).
	MaxResponseBytes int64

	// TLSConfig overrides the TLS client configuration (tests trust a
	// test certificate with it). Nil means the system roots.
	TLSConfig *tls.Config

	// Now returns the current time (signing timestamps, durations). Nil
	// means time.Now.
	Now func() time.Time
}

func (c Config) withDefaults() Config {
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxResponseBytes <= 0 {
		c.MaxResponseBytes = DefaultMaxResponseBytes
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// Outcome classifies one attempt (docs/api.md, Concepts and Webhooks).
type Outcome int

const (
	// Acknowledged: the receiver answered 2xx. No more attempts.
	Acknowledged Outcome = iota + 1
	// Retryable: network failure, timeout, 408, 409, 425, 429 or 5xx.
	Retryable
	// Terminal: any other answer, including redirects and other 4xx, and
	// a refused destination. No automatic retry.
	Terminal
)

// String returns "acknowledged", "retryable" or "terminal".
func (o Outcome) String() string {
	switch o {
	case Acknowledged:
		return "acknowledged"
	case Retryable:
		return "retryable"
	case Terminal:
		return "terminal"
	}
	return "unknown"
}

// Classify returns the outcome of an attempt that ended with HTTP status
// code (0 when there was no response) or with the transport error err.
func Classify(code int, err error) Outcome {
	if err != nil {
		if refusedError(err) {
			return Terminal
		}
		return Retryable
	}
	switch {
	case code >= 200 && code <= 299:
		return Acknowledged
	case code == http.StatusRequestTimeout, code == http.StatusConflict,
		code == http.StatusTooEarly, code == http.StatusTooManyRequests,
		code >= 500 && code <= 599:
		return Retryable
	}
	return Terminal
}

// Request is one attempt of one delivery.
type Request struct {
	URL        string
	Headers    map[string]string // custom headers; reserved names are skipped
	Secrets    []webhook.Secret  // usually one; each yields a signature
	EventID    string
	EventType  string
	DeliveryID string // the same across the automatic attempts of a delivery
	Attempt    int    // one-based
	Body       []byte // the stored body bytes, sent unchanged
}

// Result is what one attempt produced, for the delivery history.
type Result struct {
	Outcome      Outcome
	StartedAt    time.Time
	Duration     time.Duration
	StatusCode   int           // 0 when no response arrived
	Error        string        // transport error or refusal; "" when a response arrived
	RetryAfter   time.Duration // a valid Retry-After of a 429 or 503, else 0
	ResponseBody []byte        // at most Config.MaxResponseBytes
	Timestamp    int64         // the signed X-Service-Timestamp
}

// Sender sends signed delivery attempts. It is safe for concurrent use.
type Sender struct {
	cfg    Config
	client *http.Client
}

// NewSender returns a Sender using NewClient(cfg).
func NewSender(cfg Config) *Sender {
	cfg = cfg.withDefaults()
	return &Sender{cfg: cfg, client: NewClient(cfg)}
}

// Send makes one attempt: a POST of req.Body to req.URL with the headers of
// docs/api.md, Webhooks, signed with a timestamp taken now. It never returns an error:
// every failure is a Result with Outcome Retryable or Terminal.
func (s *Sender) Send(ctx context.Context, req Request) Result {
	now := s.cfg.Now()
	res := Result{StartedAt: now.UTC(), Timestamp: now.Unix()}
	u, err := parseURL(req.URL, s.cfg.AllowPrivate)
	if err != nil {
		res.Outcome, res.Error = Terminal, "refused URL: "+err.Error()
		return res
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, "", bytes.NewReader(req.Body))
	if err != nil {
		res.Outcome, res.Error = Terminal, "invalid request: "+err.Error()
		return res
	}
	hr.URL, hr.Host = u, u.Host
	hr.Header = make(http.Header, len(req.Headers)+8)
	for k, v := range req.Headers {
		if !reservedHeader(k) {
			hr.Header.Set(k, v)
		}
	}
	sig := make([]byte, 0, 68*len(req.Secrets))
	for _, sec := range req.Secrets {
		if sec.IsZero() {
			continue
		}
		if len(sig) > 0 {
			sig = append(sig, ' ')
		}
		sig = append(sig, webhook.Sign(sec, res.Timestamp, req.DeliveryID, req.Body)...)
	}
	// The names are in canonical form already: assigned, not Set.
	h := hr.Header
	h["Content-Type"] = []string{"application/json"}
	h["User-Agent"] = []string{webhook.UserAgent}
	h[webhook.HeaderEvent] = []string{req.EventType}
	h[webhook.HeaderEventID] = []string{req.EventID}
	h[webhook.HeaderDeliveryID] = []string{req.DeliveryID}
	h[webhook.HeaderAttempt] = []string{strconv.Itoa(req.Attempt)}
	h[webhook.HeaderTimestamp] = []string{strconv.FormatInt(res.Timestamp, 10)}
	h[webhook.HeaderSignature] = []string{string(sig)}

	start := time.Now()
	resp, err := s.client.Do(hr)
	if err != nil {
		res.Duration = time.Since(start)
		res.Outcome = Classify(0, err)
		res.Error = describe(err)
		return res
	}
	body, rerr := io.ReadAll(io.LimitReader(resp.Body, s.cfg.MaxResponseBytes))
	// Drain a little more so the connection can be reused, then close.
	_, _ = io.CopyN(io.Discard, resp.Body, 64<<10)
	resp.Body.Close()
	res.Duration = time.Since(start)
	res.StatusCode = resp.StatusCode
	res.ResponseBody = body
	res.Outcome = Classify(resp.StatusCode, nil)
	if rerr != nil && res.Outcome == Acknowledged {
		// The status line arrived: a 2xx acknowledges even if reading the
		// rest of the body failed.
		res.Error = "reading response: " + describe(rerr)
	}
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
		if d, ok := ParseRetryAfter(resp.Header.Get("Retry-After"), s.cfg.Now()); ok {
			res.RetryAfter = d
		}
	}
	if res.Outcome != Acknowledged && res.Error == "" {
		res.Error = fmt.Sprintf("HTTP %d", resp.StatusCode)
		if resp.StatusCode >= 300 && resp.StatusCode <= 399 {
			res.Error += " (redirects are not followed)"
		}
	}
	return res
}

// describe turns a transport error into a short history line for the
// endpoint's owner. It never shows an IP address: not the one a name
// resolved to (an internal address is the server operator's business,
// and telling it would let a customer map the network), nor the
// resolver's.
func describe(err error) string {
	var ne net.Error
	var dns *net.DNSError
	var sys *os.SyscallError
	switch {
	case refusedError(err):
		return "destination refused: the host resolves to an address that is not public, or the port is not allowed"
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return "timeout"
	case errors.As(err, &dns):
		if dns.IsNotFound {
			return "DNS lookup failed: no such host"
		}
		return "DNS lookup failed"
	case errors.As(err, &sys):
		return "connection failed: " + sys.Err.Error()
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err // the URL is the owner's own; the cause is what matters
	}
	return hideAddresses(err.Error())
}

// ipAddress matches IPv4 and bracketed or bare IPv6 addresses, with a port.
var ipAddress = regexp.MustCompile(`\[[0-9A-Fa-f:.]+(%[^\]]*)?\](:\d+)?|\b\d{1,3}(\.\d{1,3}){3}(:\d+)?\b|\b[0-9A-Fa-f]{0,4}(:[0-9A-Fa-f]{0,4}){3,7}\b`)

func hideAddresses(s string) string { return ipAddress.ReplaceAllString(s, "<address>") }
