package httpapi

import (
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/docextract/docextract"
)

// Limits bound how long one request may hold its connection. Zero values
// mean the defaults. They are enforced by the Server itself through the
// connection's deadlines, so they hold under any http.Server; the server
// also needs ReadHeaderTimeout and IdleTimeout set (cmd/docextract does).
type Limits struct {
	// MinBodyRate is the slowest average rate, in bytes per second, at
	// which a request body may arrive after BodyGrace: a body of n bytes
	// must be complete within BodyGrace + n/MinBodyRate of its headers,
	// and every read must come in on that schedule, so a stalled body is
	// cut after BodyGrace whatever length it announced. Default 16 KiB/s
	// (a 20 MB upload may take 21 minutes).
	MinBodyRate int64
	// BodyGrace is the head start of a body before MinBodyRate applies.
	// Default 10 s.
	BodyGrace time.Duration
	// WriteTimeout bounds each write of a response (every 1 MiB of a large
	// download gets a fresh WriteTimeout): a client that stops reading is
	// cut. Default 30 s.
	WriteTimeout time.Duration
}

// Default limits.
const (
	DefaultMinBodyRate  = 16 << 10
	DefaultBodyGrace    = 10 * time.Second
	DefaultWriteTimeout = 30 * time.Second
)

func (l Limits) withDefaults() Limits {
	if l.MinBodyRate <= 0 {
		l.MinBodyRate = DefaultMinBodyRate
	}
	if l.BodyGrace <= 0 {
		l.BodyGrace = DefaultBodyGrace
	}
	if l.WriteTimeout <= 0 {
		l.WriteTimeout = DefaultWriteTimeout
	}
	return l
}

// msgBodyTimeout answers a body that did not arrive at the minimum rate.
const msgBodyTimeout = "Request body arrived too slowly."

// errBodyTimeout is what reading a body returns once it fell behind the
// minimum rate; Error answers it with 408.
var errBodyTimeout = &docextract.Error{Code: codeTimeout, Message: msgBodyTimeout}

// codeTimeout is the error code of errBodyTimeout, local to this package.
const codeTimeout = "request_timeout"

// bodyLinger is how long, after the handler answered without reading the
// whole body, the server still reads (and drops) what the client sends, so
// that the client sees the answer rather than a reset; a client that sends
// nothing is cut after it.
const bodyLinger = 500 * time.Millisecond

// Guard returns h under the Server's Limits, for handlers served beside
// the API (the Server applies them to its own requests): deadlines on body
// reads that follow the minimum rate, a deadline on every response write,
// and a response written while the body is still unread (an
// authentication or rate-limit refusal, a body too large) closes the
// connection at once instead of waiting for a body the handler does not
// want. A request already under Guard passes through unchanged.
func (s *Server) Guard(h http.Handler) http.Handler { return s.guard(h) }

func (s *Server) guard(next http.Handler) http.Handler {
	l := s.Limits.withDefaults()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := w.(*guardedWriter); ok {
			next.ServeHTTP(w, r)
			return
		}
		rc := http.NewResponseController(w)
		if rc.SetWriteDeadline(time.Time{}) != nil {
			// No connection under w (a ResponseRecorder, a wrapper without
			// Unwrap): nothing to bound here.
			next.ServeHTTP(w, r)
			return
		}
		gw := &guardedWriter{ResponseWriter: w, rc: rc, timeout: l.WriteTimeout}
		var body *guardedBody
		if r.Body != nil && r.Body != http.NoBody && r.ContentLength != 0 {
			body = &guardedBody{src: r.Body, rc: rc, start: time.Now(), limits: l}
			gw.body = body
			r2 := new(http.Request)
			*r2 = *r // net/http keeps its own view of r.Body
			r2.Body = body
			r = r2
		}
		next.ServeHTTP(gw, r)
		if body != nil && !body.eof {
			// The handler is done with a body it did not read to the end:
			// net/http would wait for up to 256 KiB of it before closing.
			_ = rc.SetReadDeadline(time.Now().Add(bodyLinger))
		}
	})
}

// guardedBody reads a request body under the minimum-rate schedule.
type guardedBody struct {
	src    io.ReadCloser
	rc     *http.ResponseController
	start  time.Time
	limits Limits
	n      int64 // bytes read so far
	eof    bool  // read to the end
	late   bool  // a read missed its deadline
}

func (b *guardedBody) Read(p []byte) (int, error) {
	if b.late {
		return 0, errBodyTimeout
	}
	if b.eof {
		return 0, io.EOF
	}
	due := b.start.Add(b.limits.BodyGrace + time.Duration(float64(b.n)/float64(b.limits.MinBodyRate)*float64(time.Second)))
	if err := b.rc.SetReadDeadline(due); err != nil {
		return 0, err
	}
	n, err := b.src.Read(p)
	b.n += int64(n)
	if err != nil {
		if errors.Is(err, io.EOF) {
			b.eof = true
			// net/http now reads in the background to notice a client
			// that goes away; that read must not inherit the deadline.
			_ = b.rc.SetReadDeadline(time.Time{})
		} else if isTimeout(err) {
			b.late = true
			return n, errBodyTimeout
		}
	}
	return n, err
}

func (b *guardedBody) Close() error { return b.src.Close() }

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}

// guardedWriter sets a write deadline before each write and closes the
// connection after a response given before the body was read.
type guardedWriter struct {
	http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
	body    *guardedBody
	wrote   bool
}

// copyChunk is how much of a large response one write deadline covers.
const copyChunk = 1 << 20

func (g *guardedWriter) WriteHeader(code int) {
	if !g.wrote {
		g.wrote = true
		if g.body != nil && !g.body.eof {
			g.Header().Set("Connection", "close")
		}
		g.deadline()
	}
	g.ResponseWriter.WriteHeader(code)
}

func (g *guardedWriter) Write(p []byte) (int, error) {
	if !g.wrote {
		g.WriteHeader(http.StatusOK)
	}
	if len(p) <= copyChunk {
		g.deadline()
		return g.ResponseWriter.Write(p)
	}
	var n int
	for len(p) > 0 {
		g.deadline()
		m, err := g.ResponseWriter.Write(p[:min(len(p), copyChunk)])
		n += m
		if err != nil {
			return n, err
		}
		p = p[m:]
	}
	return n, nil
}

// ReadFrom keeps net/http's sendfile path for downloads, one write deadline
// per chunk.
func (g *guardedWriter) ReadFrom(src io.Reader) (int64, error) {
	if !g.wrote {
		g.WriteHeader(http.StatusOK)
	}
	rf, ok := g.ResponseWriter.(io.ReaderFrom)
	if !ok {
		return io.Copy(struct{ io.Writer }{g}, src)
	}
	var total int64
	for {
		g.deadline()
		n, err := rf.ReadFrom(io.LimitReader(src, copyChunk))
		total += n
		if err != nil || n < copyChunk {
			return total, err
		}
	}
}

func (g *guardedWriter) deadline() {
	_ = g.rc.SetWriteDeadline(time.Now().Add(g.timeout))
}

// Unwrap lets http.ResponseController reach the connection.
func (g *guardedWriter) Unwrap() http.ResponseWriter { return g.ResponseWriter }
