package httpapi

import (
	"bytes"
	"encoding/json"
	"net"
	"strconv"
	"time"

	"github.com/docextract/docextract/internal/netlimit"
)

// ListenerLimits bound the connections a LimitListener holds open: MaxConns
// in all, MaxConnsPerIP per client IP address (an IPv6 client counts by
// its /64); 0 means no cap. Behind a reverse proxy every client has the
// proxy's address: raise MaxConnsPerIP or set it to 0 there.
type ListenerLimits = netlimit.Limits

// msgTooManyConnections answers a connection over a cap.
const msgTooManyConnections = "Too many connections."

// LimitListener wraps ln for an http.Server serving a Server:
//
//   - a connection over MaxConns, or over MaxConnsPerIP for its client, is
//     answered 503 {"detail": "Too many connections."} with Retry-After
//     and closed at once, so that neither file descriptors nor goroutines
//     grow with what a client opens;
//   - the few errors net/http answers itself, before any handler runs (400
//     for a malformed request, 431 for headers over MaxHeaderBytes, 501 for
//     an unknown transfer encoding), are answered in JSON like every other
//     error: {"detail": "Bad Request"}, instead of plain text.
func LimitListener(ln net.Listener, l ListenerLimits) net.Listener {
	return jsonErrors{netlimit.Listen(ln, l, refuse)}
}

// refused is the whole answer to a connection over a cap.
var refused = rawJSONResponse(503, "Service Unavailable", msgTooManyConnections, "Retry-After: 1\r\n")

// refuse answers c 503 and closes it, without ever blocking Accept: a new
// connection's send buffer takes the few bytes at once.
func refuse(c net.Conn) {
	_ = c.SetWriteDeadline(time.Now().Add(10 * time.Millisecond))
	_, _ = c.Write(refused)
	_ = c.Close()
}

// jsonErrors hands out connections whose net/http error answers are JSON.
type jsonErrors struct{ net.Listener }

func (l jsonErrors) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return jsonConn{c}, nil
}

type jsonConn struct{ net.Conn }

// Write turns net/http's own plain-text error answers into JSON.
func (c jsonConn) Write(p []byte) (int, error) {
	if q, ok := jsonServerError(p); ok {
		if _, err := c.Conn.Write(q); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return c.Conn.Write(p)
}

// serverErrorHeaders are the headers net/http writes, directly to the
// connection in one write, with the errors it answers before a handler
// runs: "HTTP/1.1 <code> <text>" + serverErrorHeaders + "<code> <text>".
const serverErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// jsonServerError returns the JSON form of p when p is such an error
// answer. Answers of handlers never match: they carry a Date header.
func jsonServerError(p []byte) ([]byte, bool) {
	const proto = "HTTP/1.1 "
	if len(p) > 4096 || !bytes.HasPrefix(p, []byte(proto)) || len(p) < len(proto)+4 || p[len(proto)] < '4' || p[len(proto)] > '5' {
		return nil, false
	}
	head, body, ok := bytes.Cut(p, []byte(serverErrorHeaders))
	if !ok || bytes.Contains(head, []byte("\r\n")) {
		return nil, false
	}
	code, err := strconv.Atoi(string(head[len(proto) : len(proto)+3]))
	if err != nil || code < 400 || code > 599 {
		return nil, false
	}
	status := string(head[len(proto)+4:])
	detail := string(body)
	// The body repeats the status line: "400 Bad Request: missing required
	// Host header"; the detail is the text after the code.
	if len(detail) > 4 && detail[:3] == string(head[len(proto):len(proto)+3]) {
		detail = detail[4:]
	}
	if i := bytes.IndexByte([]byte(status), ':'); i > 0 {
		status = status[:i]
	}
	return rawJSONResponse(code, status, detail, ""), true
}

// rawJSONResponse is a whole HTTP/1.1 answer {"detail": detail} that closes
// the connection.
func rawJSONResponse(code int, status, detail, extraHeaders string) []byte {
	body, _ := json.Marshal(map[string]string{"detail": detail})
	body = append(body, '\n')
	var b bytes.Buffer
	b.WriteString("HTTP/1.1 " + strconv.Itoa(code) + " " + status + "\r\n")
	b.WriteString("Content-Type: application/json\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n")
	b.WriteString(extraHeaders)
	b.WriteString("Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n")
	b.Write(body)
	return b.Bytes()
}
