package email_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net"
	"net/smtp"
	"net/textproto"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/extract/withpdfium"
	"github.com/docextract/docextract/ingest"
	"github.com/docextract/docextract/ingest/email"
	"github.com/docextract/docextract/ratelimit"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/sqlite"
)

// bundle is an SMTP intake on a real SQLite store and the real page
// counter, listening on loopback.
type bundle struct {
	ctx  context.Context
	db   *sqlite.DB
	addr string
	a, b *store.Team // teams with 100 and 0 credits
	// stop shuts the server down (within 5 s) and returns what Serve
	// returned; later calls return the same.
	stop func() error
}

func setup(t *testing.T, configure func(*email.Server)) *bundle {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "mail.db"))
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	insp, err := withpdfium.New(extract.Config{Timeout: 10 * time.Second}, pdfium.Config{Workers: 1})
	require.NoError(t, err)
	t.Cleanup(func() { insp.Close() })
	a, err := db.CreateTeam(ctx, "A")
	require.NoError(t, err)
	require.NoError(t, db.Grant(ctx, a.ID, 100))
	b, err := db.CreateTeam(ctx, "B")
	require.NoError(t, err)

	srv := &email.Server{Store: db, Inspector: insp, Domain: "docs.test", SpoolDir: t.TempDir(),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if configure != nil {
		configure(srv)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	var once sync.Once
	var serveErr error
	stop := func() error {
		once.Do(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			serveErr = errors.Join(srv.Shutdown(ctx), <-done)
		})
		return serveErr
	}
	t.Cleanup(func() { require.NoError(t, stop()) })
	return &bundle{ctx: ctx, db: db, addr: ln.Addr().String(), a: a, b: b, stop: stop}
}

func pdfFile(t *testing.T, pages int) []byte {
	t.Helper()
	f := fpdf.New("P", "pt", "A4", "")
	f.SetFont("Helvetica", "", 12)
	for p := range pages {
		f.AddPage()
		f.Text(50, 60, fmt.Sprintf("Invoice INV-1, page %d", p+1))
	}
	var b bytes.Buffer
	require.NoError(t, f.Output(&b))
	return b.Bytes()
}

type part struct {
	header textproto.MIMEHeader
	data   []byte
}

func attachment(name, contentType string, data []byte) part {
	return part{textproto.MIMEHeader{
		"Content-Type":              {contentType + `; name="` + name + `"`},
		"Content-Disposition":       {`attachment; filename="` + name + `"`},
		"Content-Transfer-Encoding": {"base64"},
	}, data}
}

func message(t testing.TB, parts ...part) []byte {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	text, err := mw.CreatePart(textproto.MIMEHeader{"Content-Type": {"text/plain"}})
	require.NoError(t, err)
	fmt.Fprint(text, "Hello\r\n")
	for _, p := range parts {
		w, err := mw.CreatePart(p.header)
		require.NoError(t, err)
		enc := base64.StdEncoding.EncodeToString(p.data)
		for len(enc) > 76 {
			fmt.Fprint(w, enc[:76]+"\r\n")
			enc = enc[76:]
		}
		fmt.Fprint(w, enc+"\r\n")
	}
	require.NoError(t, mw.Close())
	return []byte("From: a@supplier.example\r\nSubject: docs\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=" +
		mw.Boundary() + "\r\n\r\n" + body.String())
}

// send sends msg to rcpts and returns the code and text of the reply that
// ended the transaction: a refused RCPT TO or the end of DATA.
func send(t *testing.T, addr string, rcpts []string, msg []byte) (int, string) {
	t.Helper()
	c, err := smtp.Dial(addr)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.Mail("a@supplier.example"))
	for _, r := range rcpts {
		if err := c.Rcpt(r); err != nil {
			return code(t, err)
		}
	}
	w, err := c.Data()
	require.NoError(t, err)
	_, err = w.Write(msg)
	require.NoError(t, err)
	if err := w.Close(); err != nil {
		return code(t, err)
	}
	return 250, ""
}

func code(t *testing.T, err error) (int, string) {
	t.Helper()
	var te *textproto.Error
	require.True(t, errors.As(err, &te), "%v", err)
	return te.Code, te.Msg
}

func (b *bundle) queued(t *testing.T) int {
	t.Helper()
	st, err := b.db.QueueStats(b.ctx)
	require.NoError(t, err)
	return st.Jobs
}

func (b *bundle) inbox(team *store.Team, docType docextract.DocType) string {
	return ingest.InboxAddress(team.InboxToken, docType, "docs.test")
}

// A message to inboxes of two teams is stored for both or for neither:
// team B has no credits, so the whole message waits (452) and team A
// gets nothing either; once B has credits, both get their tasks.
func TestTwoTeamsAllOrNothing(t *testing.T) {
	b := setup(t, nil)
	msg := message(t, attachment("a.pdf", "application/pdf", pdfFile(t, 2)))
	rcpts := []string{b.inbox(b.a, docextract.Invoice), b.inbox(b.b, "")}
	c, text := send(t, b.addr, rcpts, msg)
	require.Equal(t, 452, c, text)
	require.Contains(t, text, "Insufficient credits")
	require.Zero(t, b.queued(t))
	bal, err := b.db.Balance(b.ctx, b.a.ID)
	require.NoError(t, err)
	require.Equal(t, credits.Balance{Granted: 100}, bal, "nothing held for A")

	require.NoError(t, b.db.Grant(b.ctx, b.b.ID, 2))
	require.NoError(t, b.db.SetInboxDocType(b.ctx, b.b.ID, docextract.Receipt))
	c, text = send(t, b.addr, rcpts, msg)
	require.Equal(t, 250, c, text)
	require.Equal(t, 2, b.queued(t))
	for _, team := range []*store.Team{b.a, b.b} {
		bal, err := b.db.Balance(b.ctx, team.ID)
		require.NoError(t, err)
		require.EqualValues(t, 2, bal.Held, "two pages held for %s", team.Name)
		docs, err := b.db.ListTeamDocuments(b.ctx, team.ID, store.DocumentKey{}, 10)
		require.NoError(t, err)
		require.Len(t, docs, 1)
		want := docextract.Invoice
		if team == b.b {
			want = docextract.Receipt // B's default type, set after the first try
		}
		require.Equal(t, want, docs[0].DocType)
		task, err := b.db.FindTask(b.ctx, docs[0].TaskID)
		require.NoError(t, err)
		require.Equal(t, docextract.SourceEmail, task.IngestSource)
		require.Equal(t, "a.pdf", task.FileName)
	}
}

// What counts as a document: attachments sniffed as PDF, JPEG or PNG
// whatever their declared type; not an inline image with a Content-ID
// (a signature's logo), not other files.
func TestWhichPartsAreDocuments(t *testing.T) {
	b := setup(t, nil)
	logo := part{textproto.MIMEHeader{
		"Content-Type": {"image/png"}, "Content-Disposition": {"inline"}, "Content-Id": {"<logo@x>"},
		"Content-Transfer-Encoding": {"base64"}}, pdfFile(t, 1)}
	octet := attachment("scan", "application/octet-stream", pdfFile(t, 3))
	notes := attachment("notes.txt", "text/plain", []byte("not a document"))
	c, text := send(t, b.addr, []string{b.inbox(b.a, docextract.Invoice)}, message(t, logo, octet, notes))
	require.Equal(t, 250, c, text)
	require.Equal(t, 1, b.queued(t), "only the octet-stream PDF")
	bal, err := b.db.Balance(b.ctx, b.a.ID)
	require.NoError(t, err)
	require.EqualValues(t, 3, bal.Held)

	// Only a logo and notes: nothing to extract.
	c, text = send(t, b.addr, []string{b.inbox(b.a, docextract.Invoice)}, message(t, logo, notes))
	require.Equal(t, 554, c, text)
	require.Contains(t, text, "No PDF, JPEG or PNG attachment")
	// A PDF over 200 pages refuses the whole message, naming the file.
	c, text = send(t, b.addr, []string{b.inbox(b.a, docextract.Invoice)},
		message(t, attachment("ok.pdf", "application/pdf", pdfFile(t, 1)), attachment("long.pdf", "application/pdf", pdfFile(t, 201))))
	require.Equal(t, 554, c, text)
	require.Equal(t, `5.6.0 "long.pdf": PDF exceeds the maximum of 200 pages.`, text)
	require.Equal(t, 1, b.queued(t))
}

// The limits: SIZE announced over the limit is refused at MAIL FROM, an
// attachment over 20 MB decoded and more documents than MaxAttachments at
// the end of DATA; a sender that stalls mid-message is cut after
// ReadTimeout. None stores anything.
func TestLimits(t *testing.T) {
	b := setup(t, func(s *email.Server) {
		s.MaxMessageBytes = 40 << 20
		s.MaxAttachments = 2
		s.ReadTimeout = 500 * time.Millisecond
	})
	rcpt := b.inbox(b.a, "")

	conn, err := net.Dial("tcp", b.addr)
	require.NoError(t, err)
	tc := textproto.NewConn(conn)
	_, _, err = tc.ReadResponse(220)
	require.NoError(t, err)
	require.NoError(t, tc.PrintfLine("EHLO client.test"))
	_, msg, err := tc.ReadResponse(250)
	require.NoError(t, err)
	require.Contains(t, msg, fmt.Sprintf("SIZE %d", 40<<20))
	require.NoError(t, tc.PrintfLine("MAIL FROM:<a@supplier.example> SIZE=%d", 41<<20))
	c, _, _ := tc.ReadResponse(250)
	require.Equal(t, 552, c)

	// A stalled sender: DATA begun, then silence.
	require.NoError(t, tc.PrintfLine("MAIL FROM:<a@supplier.example>"))
	_, _, err = tc.ReadResponse(250)
	require.NoError(t, err)
	require.NoError(t, tc.PrintfLine("RCPT TO:<%s>", rcpt))
	_, _, err = tc.ReadResponse(250)
	require.NoError(t, err)
	require.NoError(t, tc.PrintfLine("DATA"))
	_, _, err = tc.ReadResponse(354)
	require.NoError(t, err)
	require.NoError(t, tc.PrintfLine("Subject: half"))
	start := time.Now()
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, err = io.ReadAll(conn)
	require.NoError(t, err, "the server closes the connection")
	require.Less(t, time.Since(start), 5*time.Second)
	conn.Close()

	if !testing.Short() { // a 28 MB message: seconds under -race
		big := bytes.Repeat([]byte("%PDF-1.4\n"), (docextract.MaxFileSize/9)+2)
		c, text := send(t, b.addr, []string{rcpt}, message(t, attachment("big.pdf", "application/pdf", big)))
		require.Equal(t, 552, c, text)
		require.Equal(t, `5.3.4 "big.pdf": File too large. Maximum size is 20MB.`, text)
	}

	one := pdfFile(t, 1)
	c, text := send(t, b.addr, []string{rcpt}, message(t,
		attachment("1.pdf", "application/pdf", one), attachment("2.pdf", "application/pdf", one), attachment("3.pdf", "application/pdf", one)))
	require.Equal(t, 552, c, text)
	require.Contains(t, text, "Too many attachments: at most 2")
	require.Zero(t, b.queued(t))

	// Within the limits, two attachments pass.
	c, text = send(t, b.addr, []string{rcpt}, message(t,
		attachment("1.pdf", "application/pdf", one), attachment("2.pdf", "application/pdf", one)))
	require.Equal(t, 250, c, text)
	require.Equal(t, 2, b.queued(t))
}

// Addresses are matched without regard to case; one inbox named twice in
// a message makes one set of tasks.
func TestRecipients(t *testing.T) {
	b := setup(t, nil)
	upper := strings.ToUpper(b.inbox(b.a, docextract.Invoice))
	c, text := send(t, b.addr, []string{upper, b.inbox(b.a, docextract.Invoice)},
		message(t, attachment("a.pdf", "application/pdf", pdfFile(t, 1))))
	require.Equal(t, 250, c, text)
	require.Equal(t, 1, b.queued(t))
	c, text = send(t, b.addr, []string{"postmaster@elsewhere.example"}, nil)
	require.Equal(t, 550, c, text)
	require.Contains(t, text, "Relaying denied")
}

// A team's inbox takes as many messages as the rate limit admits (one
// decision per team and message, at RCPT TO); over it, 451 4.7.0 and
// nothing stored. Another team's inbox has its own budget.
func TestRateLimit(t *testing.T) {
	rate, err := ratelimit.ParseRate("2/1h")
	require.NoError(t, err)
	b := setup(t, func(s *email.Server) { s.RateLimiter = ratelimit.New(rate, nil) })
	require.NoError(t, b.db.Grant(b.ctx, b.b.ID, 10))
	msg := message(t, attachment("a.pdf", "application/pdf", pdfFile(t, 1)))
	// Two addresses of team A in one message count once.
	for range 2 {
		c, text := send(t, b.addr, []string{b.inbox(b.a, docextract.Invoice), b.inbox(b.a, docextract.Receipt)}, msg)
		require.Equal(t, 250, c, text)
	}
	c, text := send(t, b.addr, []string{b.inbox(b.a, "")}, msg)
	require.Equal(t, 451, c, text)
	require.Equal(t, "4.7.0 Rate limit exceeded: 2 per 1 hour", text)
	require.Equal(t, 4, b.queued(t))
	c, text = send(t, b.addr, []string{b.inbox(b.b, "")}, msg)
	require.Equal(t, 250, c, text)
}

// Multiparts nested deeper than any mail client nests them are refused as
// malformed, whatever they hold; the reply of a message with many tasks
// names as many ids as fit one reply line, then how many more.
func TestNestingAndLongReply(t *testing.T) {
	b := setup(t, func(s *email.Server) { s.MaxAttachments = 50 })
	var msg strings.Builder
	msg.WriteString("Subject: deep\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b0\r\n\r\n")
	const depth = 40
	for i := 1; i <= depth; i++ {
		fmt.Fprintf(&msg, "--b%d\r\nContent-Type: multipart/mixed; boundary=b%d\r\n\r\n", i-1, i)
	}
	msg.WriteString("--b40\r\nContent-Type: application/pdf\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
		base64.StdEncoding.EncodeToString(pdfFile(t, 1)) + "\r\n--b40--\r\n")
	for i := depth - 1; i >= 0; i-- {
		fmt.Fprintf(&msg, "--b%d--\r\n", i)
	}
	c, text := send(t, b.addr, []string{b.inbox(b.a, "")}, []byte(msg.String()))
	require.Equal(t, 554, c, text)
	require.Equal(t, "5.6.0 Malformed message", text)
	require.Zero(t, b.queued(t))

	one := pdfFile(t, 1)
	var parts []part
	for i := range 30 {
		parts = append(parts, attachment(fmt.Sprintf("%d.pdf", i), "application/pdf", one))
	}
	conn, err := net.Dial("tcp", b.addr)
	require.NoError(t, err)
	defer conn.Close()
	tc := textproto.NewConn(conn)
	_, _, err = tc.ReadResponse(220)
	require.NoError(t, err)
	for _, cmd := range []string{"HELO client.test", "MAIL FROM:<a@supplier.example>", "RCPT TO:<" + b.inbox(b.a, "") + ">"} {
		require.NoError(t, tc.PrintfLine("%s", cmd))
		_, _, err = tc.ReadResponse(250)
		require.NoError(t, err, cmd)
	}
	require.NoError(t, tc.PrintfLine("DATA"))
	_, _, err = tc.ReadResponse(354)
	require.NoError(t, err)
	w := tc.DotWriter()
	_, err = w.Write(message(t, parts...))
	require.NoError(t, err)
	require.NoError(t, w.Close())
	line, err := tc.ReadLine()
	require.NoError(t, err)
	require.Regexp(t, `^250 2\.0\.0 OK: 30 documents queued:( [0-9a-f-]{36})+ and \d+ more$`, line)
	require.LessOrEqual(t, len(line), 512)
	require.Equal(t, 30, b.queued(t))
}

// Shutdown closes connections between messages at once, and lets a
// message in DATA finish: it is stored and answered 250 before Serve
// returns.
func TestShutdownFinishesMessageInData(t *testing.T) {
	b := setup(t, nil)
	dial := func() (*textproto.Conn, net.Conn) {
		conn, err := net.Dial("tcp", b.addr)
		require.NoError(t, err)
		tc := textproto.NewConn(conn)
		_, _, err = tc.ReadResponse(220)
		require.NoError(t, err)
		return tc, conn
	}
	_, silent := dial() // greeted, never said HELO
	idle, idleConn := dial()
	require.NoError(t, idle.PrintfLine("HELO client.test"))
	_, _, err := idle.ReadResponse(250)
	require.NoError(t, err)

	busy, _ := dial()
	for _, cmd := range []string{"HELO client.test", "MAIL FROM:<a@supplier.example>", "RCPT TO:<" + b.inbox(b.a, "") + ">"} {
		require.NoError(t, busy.PrintfLine("%s", cmd))
		_, _, err = busy.ReadResponse(250)
		require.NoError(t, err, cmd)
	}
	require.NoError(t, busy.PrintfLine("DATA"))
	_, _, err = busy.ReadResponse(354)
	require.NoError(t, err)
	msg := message(t, attachment("a.pdf", "application/pdf", pdfFile(t, 1)))
	w := busy.DotWriter()
	_, err = w.Write(msg[:len(msg)/2])
	require.NoError(t, err)

	stopped := make(chan error, 1)
	go func() { stopped <- b.stop() }()
	// The other two are closed at once.
	for _, c := range []net.Conn{silent, idleConn} {
		require.NoError(t, c.SetReadDeadline(time.Now().Add(3*time.Second)))
		_, err := io.ReadAll(c)
		require.NoError(t, err, "closed by the server, not timed out")
	}
	select {
	case err := <-stopped:
		t.Fatalf("Shutdown returned during a message: %v", err)
	case <-time.After(200 * time.Millisecond):
	}
	_, err = w.Write(msg[len(msg)/2:])
	require.NoError(t, err)
	require.NoError(t, w.Close())
	code, text, err := busy.ReadResponse(250)
	require.NoError(t, err, "%d %s", code, text)
	require.Equal(t, 1, b.queued(t), "stored before the 250")
	_ = busy.Close()
	require.NoError(t, <-stopped)
}

// TestConnectionsPerClient: one client address holds at most
// MaxConnsPerIP connections, though the total cap has room; the one over
// it is answered 421 and closed, and a freed slot admits the next.
func TestConnectionsPerClient(t *testing.T) {
	b := setup(t, func(s *email.Server) { s.MaxConns, s.MaxConnsPerIP = 10, 2 })
	greet := func() (net.Conn, string) {
		c, err := net.Dial("tcp", b.addr)
		require.NoError(t, err)
		require.NoError(t, c.SetReadDeadline(time.Now().Add(10*time.Second)))
		line, err := textproto.NewReader(bufio.NewReader(c)).ReadLine()
		require.NoError(t, err)
		return c, line
	}
	c1, l1 := greet()
	defer c1.Close()
	c2, l2 := greet()
	require.True(t, strings.HasPrefix(l1, "220 ") && strings.HasPrefix(l2, "220 "), "%s / %s", l1, l2)
	c3, l3 := greet()
	c3.Close()
	require.Equal(t, "421 4.7.0 Too many connections, try again later", l3)
	c2.Close()
	require.Eventually(t, func() bool {
		c, l := greet()
		c.Close()
		return strings.HasPrefix(l, "220 ")
	}, 10*time.Second, 20*time.Millisecond, "a freed slot admits the next")
}

// TestOnReply: every answer to a recipient and to a message reaches
// OnReply with its code (the serve command counts them as metrics).
func TestOnReply(t *testing.T) {
	var mu sync.Mutex
	var got []string
	b := setup(t, func(s *email.Server) {
		s.OnReply = func(stage string, code int) {
			mu.Lock()
			defer mu.Unlock()
			got = append(got, fmt.Sprintf("%s %d", stage, code))
		}
	})
	msg := message(t, attachment("a.pdf", "application/pdf", pdfFile(t, 1)))
	c, text := send(t, b.addr, []string{b.inbox(b.a, docextract.Invoice)}, msg)
	require.Equal(t, 250, c, text)
	c, _ = send(t, b.addr, []string{"someone@elsewhere.example"}, msg)
	require.Equal(t, 550, c)
	c, _ = send(t, b.addr, []string{b.inbox(b.a, docextract.Invoice)}, message(t))
	require.Equal(t, 554, c)
	mu.Lock()
	defer mu.Unlock()
	require.Equal(t, []string{"rcpt 250", "data 250", "rcpt 550", "rcpt 250", "data 554"}, got)
}
