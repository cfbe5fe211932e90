// Package email receives documents by e-mail: an SMTP server (RFC 5321,
// on github.com/emersion/go-smtp) whose every PDF, JPEG or PNG attachment
// becomes a task with ingest_source "email", made by package ingest
// exactly as an HTTP upload is (the same checks, credit hold, page count,
// limits and job).
//
// Each team has inbox addresses <type>+<token>@<domain>, type being
// invoice, receipt or bank_statement, and <token>@<domain> for the team's
// default type (ingest.InboxAddress). The token is the team's inbox token
// (store.Team.InboxToken), not an API key.
//
// Rules, decided at SMTP time with a reply code the sending server
// understands:
//   - RCPT TO an address outside Domain: 550 5.7.1 (no open relay); an
//     address of Domain that is no team's inbox: 550 5.1.1. Both before DATA.
//   - A message with no PDF, JPEG or PNG attachment: 554 5.6.1. Other
//     attachments (a .docx, a signature's inline logo) are ignored.
//   - An attachment that claims to be a PDF, JPEG or PNG but is not one, a
//     PDF over 200 pages: 554 5.6.0 naming the file; over 20 MB (decoded):
//     552 5.3.4; the whole message over MaxMessageBytes: 552 5.3.4; more than
//     MaxAttachments documents: 552 5.3.4. The whole message is refused:
//     nothing of it is stored.
//   - A team's inbox over RateLimiter: 451 4.7.0 at RCPT TO.
//   - Credits short for the documents of a team: 452 4.2.2 (the sending
//     server retries, so mail sent while the team tops up is not lost).
//     Engines busy or a store error: 451 4.3.0.
//   - Accepted: every task of the message (one per attachment and
//     recipient) is committed in one transaction before the 250 reply to
//     DATA, so a message that got 250 is never lost, even when the process
//     is killed the moment after; one that did not get it has nothing
//     stored, and the sender retries.
//
// It is not the store and not the extraction: it depends on the narrow
// Store interface below and on an ingest.Inspector, and package worker
// extracts the tasks it queues.
package email

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-smtp"
	"github.com/google/uuid"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/ingest"
	"github.com/docextract/docextract/ratelimit"
	"github.com/docextract/docextract/store"
)

// Store is what the SMTP intake needs of the store (store.Store satisfies
// it).
type Store interface {
	// FindTeamByInboxToken returns the team whose inbox token is token, or
	// ENOTFOUND.
	FindTeamByInboxToken(ctx context.Context, token string) (*store.Team, error)
	// CreateUploads stores all uploads or none, in one transaction.
	CreateUploads(ctx context.Context, us []*store.Upload) error
}

// Defaults of the Server's limits.
const (
	// DefaultMaxMessageBytes fits one file of the upload limit (20 MB)
	// base64-encoded in 76-character lines, plus 1 MiB of headers and text.
	DefaultMaxMessageBytes = (docextract.MaxFileSize+2)/3*4*78/76 + 1<<20
	DefaultMaxRecipients   = 10
	DefaultMaxAttachments  = 20
	DefaultMaxConns        = 100
	DefaultMaxConnsPerIP   = 10
	DefaultReadTimeout     = time.Minute
	DefaultWriteTimeout    = time.Minute
	DefaultMaxDataTime     = 10 * time.Minute
)

// Server is the SMTP intake. Set the fields, then call Serve. Zero values
// mean the documented defaults.
type Server struct {
	// Store and Inspector are required: the teams and tasks, and the page
	// counting of package ingest (the HTTP API's inspector).
	Store     Store
	Inspector ingest.Inspector
	// Domain is the mail domain of the inbox addresses (the part after
	// @); required. Mail for any other domain is refused.
	Domain string
	// Hostname is announced in the greeting; "" means Domain.
	Hostname string
	// SpoolDir is where attachments are decoded to before they are stored;
	// "" means os.TempDir(). The files are unlinked at creation.
	SpoolDir string
	// OnReply, when set, is told each answer to a recipient (stage
	// "rcpt") and to a message (stage "data") with its reply code: 250
	// accepted, 4xx try later, 5xx refused (for metrics). It must not
	// block.
	OnReply func(stage string, code int)
	// OnTaskQueued, when set, is called after a message queued tasks
	// (worker.Pool.Notify wakes an idle worker).
	OnTaskQueued func()
	// MaxMessageBytes bounds a whole message as sent (headers, text,
	// encoded attachments); over it the message is refused with 552.
	MaxMessageBytes int64
	// MaxRecipients bounds the RCPT TO commands of one message; more are
	// answered 452 (RFC 5321 asks servers to take at least 100, but inbox
	// mail has one or two).
	MaxRecipients int
	// MaxAttachments bounds the documents of one message; more refuse it.
	MaxAttachments int
	// MaxConns bounds the connections open at once, and MaxConnsPerIP
	// those of one client address (an IPv6 client by its /64); more are
	// answered 421 and closed. Behind another mail server every message
	// comes from its address: raise MaxConnsPerIP to MaxConns there.
	MaxConns, MaxConnsPerIP int
	// RateLimiter, when set, limits the messages each team's inbox takes,
	// as the HTTP API limits uploads per API key (the serve command passes
	// the same limiter): its key is "inbox:" + the team id, one decision per
	// team and message, made at RCPT TO before any data is sent. A refused
	// recipient is answered 451 4.7.0 with the limit's text, and the
	// sending server retries later.
	RateLimiter *ratelimit.Limiter
	// ReadTimeout bounds the wait for each command and, during DATA, for
	// each read of the message: a stalled sender is cut, a slow but
	// steady one is not. WriteTimeout bounds each reply. MaxDataTime
	// bounds the whole DATA transfer of one message.
	ReadTimeout, WriteTimeout, MaxDataTime time.Duration
	// Logger receives structured logs; nil means slog.Default().
	Logger *slog.Logger
	// NewID returns task ids; nil means random UUIDs.
	NewID func() string

	once sync.Once
	smtp *smtp.Server

	mu      sync.Mutex
	conns   map[net.Conn]bool // open connections: true from an accepted RCPT to the message's end
	closing bool              // Shutdown began
}

func (s *Server) init() {
	s.once.Do(func() {
		if s.Logger == nil {
			s.Logger = slog.Default()
		}
		if s.NewID == nil {
			s.NewID = uuid.NewString
		}
		if s.MaxMessageBytes <= 0 {
			s.MaxMessageBytes = DefaultMaxMessageBytes
		}
		if s.MaxRecipients <= 0 {
			s.MaxRecipients = DefaultMaxRecipients
		}
		if s.MaxAttachments <= 0 {
			s.MaxAttachments = DefaultMaxAttachments
		}
		if s.MaxConns <= 0 {
			s.MaxConns = DefaultMaxConns
		}
		if s.MaxConnsPerIP <= 0 {
			s.MaxConnsPerIP = min(DefaultMaxConnsPerIP, s.MaxConns)
		}
		if s.ReadTimeout <= 0 {
			s.ReadTimeout = DefaultReadTimeout
		}
		if s.WriteTimeout <= 0 {
			s.WriteTimeout = DefaultWriteTimeout
		}
		if s.MaxDataTime <= 0 {
			s.MaxDataTime = DefaultMaxDataTime
		}
		s.conns = map[net.Conn]bool{}
		srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
			s.mu.Lock()
			defer s.mu.Unlock()
			if s.closing {
				return nil, errShuttingDown
			}
			return &session{srv: s, conn: c}, nil
		}))
		srv.Domain = s.Hostname
		if srv.Domain == "" {
			srv.Domain = s.Domain
		}
		srv.MaxMessageBytes = s.MaxMessageBytes
		srv.MaxRecipients = s.MaxRecipients
		srv.ReadTimeout, srv.WriteTimeout = s.ReadTimeout, s.WriteTimeout
		srv.ErrorLog = slog.NewLogLogger(s.Logger.Handler(), slog.LevelWarn)
		s.smtp = srv
	})
}

// Serve accepts SMTP connections on ln until Shutdown or Close; it returns
// nil then.
func (s *Server) Serve(ln net.Listener) error {
	if s.Domain == "" || s.Store == nil || s.Inspector == nil {
		return errors.New("email: Server needs Domain, Store and Inspector")
	}
	s.init()
	err := s.smtp.Serve(limitListener(ln, s.MaxConns, s.MaxConnsPerIP, s.track))
	if errors.Is(err, smtp.ErrServerClosed) {
		return nil
	}
	return err
}

// Shutdown stops accepting connections and waits, until ctx is done, for
// the open ones to end; then it closes them. A message cut short got no
// 250 and had nothing stored: its sender sends it again.
func (s *Server) Shutdown(ctx context.Context) error {
	s.init()
	// Sessions between messages are closed at once (their senders have
	// every reply they were owed); a message under way (a recipient
	// accepted, DATA perhaps begun) is finished, stored and answered, or
	// cut at ctx's end unanswered. The mark is set at the accepted RCPT,
	// not when go-smtp calls Data: go-smtp sends its 354 before that call,
	// so a sender could be mid-message while the session still looked idle.
	s.mu.Lock()
	s.closing = true
	var idle []net.Conn
	for c, busy := range s.conns {
		if !busy {
			idle = append(idle, c)
		}
	}
	s.mu.Unlock()
	for _, c := range idle {
		_ = c.Close() // outside mu: Close tells track
	}
	err := s.smtp.Shutdown(ctx)
	if ctx.Err() != nil {
		_ = s.smtp.Close()
	}
	if errors.Is(err, smtp.ErrServerClosed) {
		return nil
	}
	return err
}

// Close closes the listener and every connection at once.
func (s *Server) Close() error {
	s.init()
	if err := s.smtp.Close(); err != nil && !errors.Is(err, smtp.ErrServerClosed) {
		return err
	}
	return nil
}

// noInbox is the reply to an address of Domain that is no team's inbox; it
// names the types registered when it is sent (docextract.RegisterType).
func noInbox() *smtp.SMTPError {
	return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1},
		Message: "No such inbox: use <type>+<token>@<domain>, type " + docextract.TypeNames()}
}

// Replies of the rules in the package comment.
var (
	errRelay = &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 7, 1},
		Message: "Relaying denied: this server accepts mail for its document inboxes only"}
	errNoDocument = &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 6, 1},
		Message: "No PDF, JPEG or PNG attachment: nothing to extract"}
	errMalformed = &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 6, 0},
		Message: "Malformed message"}
	errCredits = &smtp.SMTPError{Code: 452, EnhancedCode: smtp.EnhancedCode{4, 2, 2},
		Message: "Insufficient credits to process new documents. Please review your account balance."}
	errBusy = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0},
		Message: "Server busy. Please retry."}
	errTransfer = &smtp.SMTPError{Code: 421, EnhancedCode: smtp.EnhancedCode{4, 4, 2},
		Message: "Message transfer stalled or broken; nothing was stored"}
	errShuttingDown = &smtp.SMTPError{Code: 421, EnhancedCode: smtp.EnhancedCode{4, 3, 2},
		Message: "Shutting down, try again later"}
	errInternal = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0},
		Message: "Internal error. Please retry."}
)

// tooLarge is the reply to a message or attachment over a limit.
func tooLarge(msg string) *smtp.SMTPError {
	return &smtp.SMTPError{Code: 552, EnhancedCode: smtp.EnhancedCode{5, 3, 4}, Message: msg}
}

// recipient is an inbox a message is for.
type recipient struct {
	team    *store.Team
	docType docextract.DocType
}

type session struct {
	srv   *Server
	conn  *smtp.Conn
	from  string
	rcpts []recipient
}

func (ss *session) Reset() {
	ss.from, ss.rcpts = "", nil
	ss.inMessage(false)
}
func (ss *session) Logout() error { return nil }

// inMessage records whether the session has a message under way (from an
// accepted RCPT until the message is answered or reset); Shutdown closes at
// once the connections that have not.
func (ss *session) inMessage(b bool) {
	s := ss.srv
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := ss.conn.Conn(); c != nil {
		if _, open := s.conns[c]; open {
			s.conns[c] = b
		}
	}
}

// reply reports the answer err (nil or a 250 SMTPError is an acceptance)
// at stage to OnReply.
func (s *Server) reply(stage string, err error) {
	if s.OnReply == nil {
		return
	}
	code := 250
	if se, ok := err.(*smtp.SMTPError); ok { // go-smtp's own test: no unwrapping
		code = se.Code
	} else if err != nil {
		// What go-smtp answers other errors with.
		code = map[string]int{"rcpt": 451, "data": 554}[stage]
	}
	s.OnReply(stage, code)
}

// track records an accepted connection (open) or its end; it reports
// false when the server is shutting down and the connection must close.
func (s *Server) track(c net.Conn, open bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !open {
		delete(s.conns, c)
		return true
	}
	if s.closing {
		return false
	}
	s.conns[c] = false
	return true
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	// Any sender may mail an inbox: the token in the address is what
	// admits the mail. (go-smtp refuses a SIZE over MaxMessageBytes.)
	ss.from = from
	return nil
}

// Rcpt answers RCPT TO (see rcpt) and reports the reply to OnReply.
func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	err := ss.rcpt(to)
	if err == nil {
		ss.inMessage(true)
	}
	ss.srv.reply("rcpt", err)
	return err
}

func (ss *session) rcpt(to string) error {
	token, docType, ok, ours := ingest.ParseInboxAddress(to, ss.srv.Domain)
	if !ours {
		ss.srv.Logger.Info("smtp: relay refused", "rcpt", to, "remote", ss.remote())
		return errRelay
	}
	if !ok {
		return noInbox()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	team, err := ss.srv.Store.FindTeamByInboxToken(ctx, token)
	if docextract.ErrorCode(err) == docextract.ENOTFOUND {
		ss.srv.Logger.Info("smtp: unknown inbox", "rcpt", to, "remote", ss.remote())
		return noInbox()
	} else if err != nil {
		ss.srv.Logger.Error("smtp: find inbox", "err", err)
		return errInternal
	}
	if docType == "" {
		docType = team.InboxDocType
		if docType == "" {
			docType = docextract.Invoice
		}
	}
	counted := false
	for _, r := range ss.rcpts {
		if r.team.ID == team.ID && r.docType == docType {
			return nil // the same inbox twice: one set of tasks
		}
		counted = counted || r.team.ID == team.ID
	}
	if l := ss.srv.RateLimiter; l != nil && !counted && !l.Allow("inbox:"+team.ID).Allowed {
		e := &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 7, 0}, Message: "Rate limit exceeded: " + l.Rate().Text()}
		ss.log("smtp: recipient refused", e)
		return e
	}
	ss.rcpts = append(ss.rcpts, recipient{team: team, docType: docType})
	return nil
}

func (ss *session) remote() string {
	if ss.conn == nil || ss.conn.Conn() == nil {
		return ""
	}
	return ss.conn.Conn().RemoteAddr().String()
}

// attachment is a document of the message, decoded into its spool file.
type attachment struct {
	name  string
	spool *os.File
	size  int64
}

// Data answers a message (see data) and reports the reply to OnReply.
func (ss *session) Data(r io.Reader) error {
	err := ss.data(r)
	ss.srv.reply("data", err)
	return err
}

func (ss *session) data(r io.Reader) error {
	s := ss.srv
	defer ss.inMessage(false)
	dr := &dataReader{r: r, conn: ss.conn.Conn(), idle: s.ReadTimeout, end: time.Now().Add(s.MaxDataTime)}
	var atts []*attachment
	defer func() {
		for _, a := range atts {
			a.spool.Close()
		}
	}()
	err := ss.readAttachments(dr, &atts)
	var se *smtp.SMTPError
	switch {
	case dr.err != nil && errors.As(dr.err, &se):
		return se // over MaxMessageBytes
	case dr.err != nil:
		// The connection stalled (ReadTimeout, MaxDataTime) or broke.
		s.Logger.Info("smtp: transfer cut", "err", dr.err, "from", ss.from, "remote", ss.remote())
		return errTransfer
	case errors.As(err, &se):
		return se
	case err != nil:
		s.Logger.Error("smtp: read message", "err", err, "remote", ss.remote())
		return errInternal
	}
	if len(atts) == 0 {
		ss.log("smtp: message refused", errNoDocument)
		return errNoDocument
	}

	// One task per attachment and recipient, all stored in one
	// transaction before the 250: either the sender has our 250 and every
	// task is committed, or it has an error and nothing is.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var uploads []*store.Upload
	for _, a := range atts {
		var first *store.Upload
		for _, rc := range ss.rcpts {
			to := ingest.Target{TeamID: rc.team.ID, DocType: rc.docType, Source: docextract.SourceEmail}
			if first != nil {
				// The file was checked for the first recipient: the others
				// get the same task in their team, not a second inspection.
				task := *first.Task
				task.ID, task.TeamID, task.DocType = s.NewID(), to.TeamID, to.DocType
				uploads = append(uploads, &store.Upload{Task: &task, Credits: first.Credits,
					File: io.NewSectionReader(a.spool, 0, a.size)})
				continue
			}
			up, err := ingest.Prepare(ctx, s.Inspector, ingest.File{Spool: a.spool, Size: a.size, Name: a.name}, to, s.NewID())
			if err != nil {
				return ss.fileError(a.name, err)
			}
			first = up
			uploads = append(uploads, up)
		}
	}
	if err := s.Store.CreateUploads(ctx, uploads); err != nil {
		if docextract.ErrorCode(err) == docextract.EPAYMENT {
			ss.log("smtp: message refused", errCredits)
			return errCredits
		}
		s.Logger.Error("smtp: store message", "err", err, "remote", ss.remote())
		return errInternal
	}
	ids := make([]string, len(uploads))
	for i, u := range uploads {
		ids[i] = u.Task.ID
		s.Logger.Info("email accepted", "task_id", u.Task.ID, "team_id", u.Task.TeamID, "doc_type", u.Task.DocType,
			"content_type", u.Task.ContentType, "pages", u.Task.PageCount, "bytes", u.Task.FileSize, "from", ss.from)
	}
	if s.OnTaskQueued != nil {
		s.OnTaskQueued()
	}
	return &smtp.SMTPError{Code: 250, EnhancedCode: smtp.EnhancedCode{2, 0, 0}, Message: queuedText(ids)}
}

// queuedText is the text of the 250 reply: the number of tasks and their
// ids, as many as fit a reply line of RFC 5321 (512 octets) with room to
// spare, then how many more.
func queuedText(ids []string) string {
	text := fmt.Sprintf("OK: %d documents queued:", len(ids))
	for i, id := range ids {
		if len(text)+1+len(id) > 400 {
			return text + fmt.Sprintf(" and %d more", len(ids)-i)
		}
		text += " " + id
	}
	return text
}

func (ss *session) log(msg string, e *smtp.SMTPError) {
	ss.srv.Logger.Info(msg, "code", e.Code, "reply", e.Message, "from", ss.from, "remote", ss.remote())
}

// fileError maps an error of ingest.Prepare for the attachment name to
// its reply.
func (ss *session) fileError(name string, err error) error {
	var reply *smtp.SMTPError
	switch docextract.ErrorCode(err) {
	case docextract.EINVALID:
		reply = &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 6, 0}, Message: quoteName(name) + ": " + docextract.ErrorMessage(err)}
	case docextract.ETOOLARGE:
		reply = tooLarge(quoteName(name) + ": " + docextract.ErrorMessage(err))
	case ingest.CodeBusy:
		reply = errBusy
	default:
		ss.srv.Logger.Error("smtp: check attachment", "err", err, "file", name)
		return errInternal
	}
	ss.log("smtp: message refused", reply)
	return reply
}

// quoteName makes a file name safe for a one-line reply.
func quoteName(name string) string {
	name = ingest.SanitizeFileName(name)
	if len(name) > 100 {
		name = name[:100]
	}
	return `"` + strings.ToValidUTF8(name, "") + `"`
}

// maxDepth bounds how deep multiparts may nest in a message (mail clients
// nest three or four: mixed, alternative, related).
const maxDepth = 16

// readAttachments reads the message from r and decodes each document
// attachment into a spool file of its own, appended to atts (the caller
// closes them). A reply error refuses the message.
func (ss *session) readAttachments(r io.Reader, atts *[]*attachment) error {
	s := ss.srv
	ent, err := message.Read(r)
	if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
		return errMalformed
	}
	err = ent.Walk(func(path []int, part *message.Entity, err error) error {
		if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
			return errMalformed
		}
		if len(path) > maxDepth {
			// Each level holds a multipart reader and its buffer: a
			// message nested thousands deep would hold them all.
			return errMalformed
		}
		if part.MultipartReader() != nil {
			return nil
		}
		name, claims, candidate := describe(part.Header)
		if !candidate {
			return nil
		}
		f, err := os.CreateTemp(s.SpoolDir, "docextract-mail-*")
		if err != nil {
			return err
		}
		_ = os.Remove(f.Name()) // unlinked: the descriptor keeps it until closed
		a := &attachment{name: name, spool: f}
		n, err := io.Copy(f, io.LimitReader(part.Body, docextract.MaxFileSize+1))
		if err != nil {
			f.Close()
			return err
		}
		if n > docextract.MaxFileSize {
			f.Close()
			return ss.fileError(name, docextract.Errorf(docextract.ETOOLARGE, ingest.MsgFileTooLarge))
		}
		a.size = n
		head := make([]byte, min(n, ingest.SniffLen))
		if _, err := f.ReadAt(head, 0); err != nil && !errors.Is(err, io.EOF) {
			f.Close()
			return err
		}
		if extract.Sniff(head) == "" {
			f.Close()
			if claims {
				// Named or typed as a document but not one: say so
				// rather than drop it silently.
				return ss.fileError(name, docextract.Errorf(docextract.EINVALID, ingest.MsgInvalidFileType))
			}
			return nil // some other file: not for us
		}
		*atts = append(*atts, a)
		if len(*atts) > s.MaxAttachments {
			e := tooLarge(fmt.Sprintf("Too many attachments: at most %d documents per message", s.MaxAttachments))
			ss.log("smtp: message refused", e)
			return e
		}
		return nil
	})
	if err != nil {
		var se *smtp.SMTPError
		if errors.As(err, &se) {
			return se
		}
		if strings.Contains(err.Error(), "multipart") || errors.Is(err, io.ErrUnexpectedEOF) {
			return errMalformed
		}
		return err
	}
	return nil
}

// describe tells whether a leaf part of a message may be a document: an
// attachment, a part with a file name, or a part typed PDF, JPEG or PNG,
// but not an inline part with a Content-ID (an image the HTML body shows,
// such as a signature's logo). claims is true when its type or file name
// says PDF, JPEG or PNG.
func describe(h message.Header) (name string, claims, candidate bool) {
	disp, _, _ := h.ContentDisposition()
	ct, _, _ := h.ContentType()
	name, _ = (&mail.AttachmentHeader{Header: h}).Filename()
	if name == "" {
		_, params, _ := h.ContentType()
		name = params["name"]
	}
	lower := strings.ToLower(name)
	switch {
	case ct == "application/pdf", ct == "image/jpeg", ct == "image/png",
		strings.HasSuffix(lower, ".pdf"), strings.HasSuffix(lower, ".jpg"),
		strings.HasSuffix(lower, ".jpeg"), strings.HasSuffix(lower, ".png"):
		claims = true
	}
	candidate = claims || name != "" || disp == "attachment"
	if disp == "inline" && h.Get("Content-Id") != "" {
		candidate = false
	}
	if name == "" {
		name = "attachment"
	}
	return name, claims, candidate
}

// dataReader reads the DATA of a message: it gives each read ReadTimeout
// (the connection's deadline moves forward before each), never past the
// end of MaxDataTime, and keeps the transfer's own error (over
// MaxMessageBytes, a broken connection), which the MIME parser may hide.
type dataReader struct {
	r    io.Reader
	conn net.Conn
	idle time.Duration
	end  time.Time
	err  error
}

func (d *dataReader) Read(p []byte) (int, error) {
	if d.conn != nil {
		deadline := time.Now().Add(d.idle)
		if deadline.After(d.end) {
			deadline = d.end
		}
		_ = d.conn.SetReadDeadline(deadline)
	}
	n, err := d.r.Read(p)
	if err != nil && err != io.EOF && d.err == nil {
		d.err = err
	}
	return n, err
}
