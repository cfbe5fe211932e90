package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"net/smtp"
	"net/textproto"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/internal/testdocs"
	"github.com/docextract/docextract/store/sqlite"
)

var smtpRE = regexp.MustCompile(`smtp listening on (\S+) for`)

// mailPart is one attachment of a test message.
type mailPart struct {
	name, contentType string
	data              []byte
}

// mailMessage builds a MIME message to rcpt with a text body and parts as
// base64 attachments, as a mail client sends it.
func mailMessage(t testing.TB, rcpt string, parts ...mailPart) []byte {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	text, err := mw.CreatePart(textproto.MIMEHeader{"Content-Type": {"text/plain; charset=utf-8"}})
	require.NoError(t, err)
	fmt.Fprint(text, "Please find the documents attached.\r\n")
	for _, p := range parts {
		w, err := mw.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {p.contentType + `; name="` + p.name + `"`},
			"Content-Disposition":       {`attachment; filename="` + p.name + `"`},
			"Content-Transfer-Encoding": {"base64"},
		})
		require.NoError(t, err)
		enc := base64.StdEncoding.EncodeToString(p.data)
		for len(enc) > 76 {
			fmt.Fprint(w, enc[:76]+"\r\n")
			enc = enc[76:]
		}
		fmt.Fprint(w, enc+"\r\n")
	}
	require.NoError(t, mw.Close())
	var msg bytes.Buffer
	fmt.Fprintf(&msg, "From: Supplier <billing@supplier.example>\r\nTo: %s\r\nSubject: Documents\r\nMIME-Version: 1.0\r\n", rcpt)
	fmt.Fprintf(&msg, "Content-Type: multipart/mixed; boundary=%s\r\n\r\n", mw.Boundary())
	msg.Write(body.Bytes())
	return msg.Bytes()
}

// smtpReply is what the server answered a step of a mail transaction.
type smtpReply struct {
	code int
	msg  string
}

// sendMail sends msg from one sender to rcpts over a new connection with
// net/smtp and returns the reply to the first refused RCPT TO (then no
// DATA is sent), or else the reply to the end of DATA.
func sendMail(t testing.TB, addr string, rcpts []string, msg []byte) smtpReply {
	t.Helper()
	c, err := smtp.Dial(addr)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.Hello("client.test"))
	require.NoError(t, c.Mail("billing@supplier.example"))
	for _, r := range rcpts {
		if err := c.Rcpt(r); err != nil {
			return replyOf(t, err)
		}
	}
	// DATA by hand, to read the text of the final reply (net/smtp's
	// Data keeps only its code).
	id, err := c.Text.Cmd("DATA")
	require.NoError(t, err)
	c.Text.StartResponse(id)
	_, _, err = c.Text.ReadResponse(354)
	c.Text.EndResponse(id)
	require.NoError(t, err)
	dw := c.Text.DotWriter()
	_, err = dw.Write(msg)
	if err != nil {
		// The server may answer and stop reading before the whole
		// message is sent (over the size limit).
		code, text, rerr := c.Text.ReadResponse(250)
		require.Error(t, rerr, "a reply after a broken write")
		return smtpReply{code, text}
	}
	require.NoError(t, dw.Close())
	code, text, err := c.Text.ReadResponse(250)
	if err != nil {
		return replyOf(t, err)
	}
	_ = c.Quit()
	return smtpReply{code, text}
}

func replyOf(t testing.TB, err error) smtpReply {
	t.Helper()
	var te *textproto.Error
	require.True(t, errors.As(err, &te), "%v", err)
	return smtpReply{te.Code, te.Msg}
}

// hookReceiver records the webhook events an endpoint receives.
type hookReceiver struct {
	mu     sync.Mutex
	events []map[string]any
}

func (h *hookReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var ev map[string]any
	if json.Unmarshal(raw, &ev) == nil {
		h.mu.Lock()
		h.events = append(h.events, ev)
		h.mu.Unlock()
	}
	w.WriteHeader(http.StatusNoContent)
}

// tasks returns the task summaries received, by task id.
func (h *hookReceiver) tasks() map[string]map[string]any {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := map[string]map[string]any{}
	for _, ev := range h.events {
		data := ev["data"].(map[string]any)
		task := data["task"].(map[string]any)
		task["_documents"] = data["documents"]
		out[task["id"].(string)] = task
	}
	return out
}

// TestEmailIngest sends mail with net/smtp to the SMTP intake of a real
// serve (in-process, SQLite, the real extractor): the two PDF attachments
// of a message become two tasks with ingest_source "email", holding and
// then capturing credits as the same file uploaded over HTTP does; webhook
// deliveries reach only the endpoints whose source filter admits e-mail,
// also for a task that is split into two documents; bad messages are
// refused with 5xx replies and store nothing.
func TestEmailIngest(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the server with the real extractor")
	}
	dbPath := filepath.Join(t.TempDir(), "mail.db")
	stdout, stderr, stop := startServe(t, dbPath, "--workers", "1", "--webhook-allow-private",
		"--smtp-addr", "127.0.0.1:0", "--smtp-domain", "docs.test", "--smtp-max-message-bytes", "1048576",
		"--smtp-max-recipients", "3")
	defer stop()
	key := waitFor(t, stdout, apiKeyRE, stderr)
	base := waitFor(t, stdout, listeningRE, stderr)
	smtpAddr := waitFor(t, stdout, smtpRE, stderr)
	c := &client{t: t, base: base, key: key}
	require.Regexp(t, `Inbox: [0-9a-f]{20}@docs\.test`, stdout.String(), "the first serve prints the inbox")

	// The inbox by the API.
	st, inbox := c.do(http.MethodGet, "/api/v1/inbox", nil, "")
	require.Equal(t, http.StatusOK, st, "%v", inbox)
	token := inbox["token"].(string)
	require.Regexp(t, `^[0-9a-f]{20}$`, token)
	require.Equal(t, "invoice", inbox["default_doc_type"])
	require.Equal(t, "docs.test", inbox["domain"])
	addrs := inbox["addresses"].(map[string]any)
	require.Equal(t, "invoice+"+token+"@docs.test", addrs["invoice"])
	require.Equal(t, token+"@docs.test", addrs["default"])

	// Three endpoints: e-mail only, uploads only, every source.
	recv := map[string]*hookReceiver{"email": {}, "upload": {}, "all": {}}
	endpoints := map[string]string{}
	for name, h := range recv {
		srv := httptest.NewServer(h)
		defer srv.Close()
		filter := `,"ingest_sources":["` + name + `"]`
		if name == "all" {
			filter = ""
		}
		st, ep := c.do(http.MethodPost, "/api/v1/webhook_endpoints", strings.NewReader(`{"url":"`+srv.URL+`/hook"`+filter+`}`), "application/json")
		require.Equal(t, http.StatusCreated, st, "%v", ep)
		endpoints[name] = ep["id"].(string)
	}

	// One message, two PDFs (generated with fpdf): a one-page invoice and
	// a file of two invoices, which extraction splits.
	single := invoicePDF(t, 7, 1)
	inv1, err := testdocs.NewInvoice(testdocs.InvoiceOptions{Lang: "en", Seed: 11})
	require.NoError(t, err)
	inv2, err := testdocs.NewInvoice(testdocs.InvoiceOptions{Lang: "en", Seed: 12})
	require.NoError(t, err)
	batch, err := testdocs.Concat(inv1.Doc, inv2.Doc)
	require.NoError(t, err)
	batchPages := batch.Parts[len(batch.Parts)-1].End
	msg := mailMessage(t, addrs["invoice"].(string),
		mailPart{"invoice-7.pdf", "application/pdf", single},
		mailPart{"batch.pdf", "application/pdf", batch.PDF})
	reply := sendMail(t, smtpAddr, []string{addrs["invoice"].(string)}, msg)
	require.Equal(t, 250, reply.code, reply.msg)
	m := regexp.MustCompile(`^2\.0\.0 OK: 2 documents queued: (\S+) (\S+)$`).FindStringSubmatch(reply.msg)
	require.NotNil(t, m, reply.msg)
	mailed := []string{m[1], m[2]}

	// The same one-page invoice uploaded over HTTP, to compare with.
	st, up := c.upload("invoice", "invoice-7.pdf", single)
	require.Equal(t, http.StatusOK, st, "%v", up)
	uploaded := up["document_id"].(string)

	// Stored before the 250: the tasks exist at once, held like uploads.
	wantPages := map[string]float64{mailed[0]: 1, mailed[1]: float64(batchPages), uploaded: 1}
	for _, id := range []string{mailed[0], mailed[1], uploaded} {
		st, task := c.do(http.MethodGet, "/api/v1/tasks/"+id, nil, "")
		require.Equal(t, http.StatusOK, st, "%v", task)
		require.Equal(t, wantPages[id], task["credits_held"], "holds one credit per page: %v", task)
		require.Equal(t, "invoice", task["doc_type"])
		src := "email"
		if id == uploaded {
			src = "upload"
		}
		require.Equal(t, src, task["ingest_source"])
	}
	st, task := c.do(http.MethodGet, "/api/v1/tasks/"+mailed[0], nil, "")
	require.Equal(t, http.StatusOK, st)
	require.Equal(t, "invoice-7.pdf", task["original_file"].(map[string]any)["name"])

	// Deliveries: e-mail → "email" and "all"; the upload → "upload" and "all".
	deadline := time.Now().Add(120 * time.Second)
	for len(recv["all"].tasks()) < 3 || len(recv["email"].tasks()) < 2 || len(recv["upload"].tasks()) < 1 {
		require.True(t, time.Now().Before(deadline), "webhooks: all %d, email %d, upload %d\nstderr:\n%s",
			len(recv["all"].tasks()), len(recv["email"].tasks()), len(recv["upload"].tasks()), stderr)
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // room for a wrong extra delivery
	emailTasks, uploadTasks := recv["email"].tasks(), recv["upload"].tasks()
	require.Len(t, emailTasks, 2)
	require.Len(t, uploadTasks, 1)
	require.Len(t, recv["all"].tasks(), 3)
	require.Contains(t, uploadTasks, uploaded)
	for _, id := range mailed {
		task := emailTasks[id]
		require.NotNil(t, task, "the e-mail endpoint got task %s", id)
		require.Equal(t, "email", task["ingest_source"])
		require.Equal(t, "completed", task["status"])
	}
	// The batch was split, and its event still matched the e-mail filter.
	require.Len(t, emailTasks[mailed[1]]["_documents"], 2, "the two invoices of batch.pdf")
	require.Equal(t, "upload", recv["all"].tasks()[uploaded]["ingest_source"])

	// Credits: captured as for the upload of the same file, nothing held.
	_, r1 := c.waitDone(mailed[0], 10*time.Second)
	_, r2 := c.waitDone(uploaded, 10*time.Second)
	require.Equal(t, r2["credits_used"], r1["credits_used"])
	require.EqualValues(t, 1, r1["credits_used"])
	st, bal := c.do(http.MethodGet, "/api/v1/credits", nil, "")
	require.Equal(t, http.StatusOK, st)
	require.EqualValues(t, 0, bal["held"], "%v", bal)
	require.EqualValues(t, 1+1+batchPages, bal["captured"], "%v", bal)

	// Refused at SMTP time, nothing stored.
	before := countDocuments(t, c)
	pdf := mailPart{"invoice.pdf", "application/pdf", single}
	for _, tc := range []struct {
		name  string
		rcpts []string
		msg   []byte
		code  int
		text  string
	}{
		{"relay", []string{"someone@example.com"}, mailMessage(t, "someone@example.com", pdf), 550, "5.7.1 Relaying denied"},
		{"relay after a good recipient", []string{addrs["receipt"].(string), "x@docs.test.example.com"}, nil, 550, "5.7.1 Relaying denied"},
		{"unknown token", []string{"invoice+0123456789abcdef0123@docs.test"}, nil, 550, "5.1.1 No such inbox"},
		{"unknown type", []string{"letter+" + token + "@docs.test"}, nil, 550, "5.1.1 No such inbox"},
		{"no attachment", []string{addrs["default"].(string)}, mailMessage(t, "x"), 554, "5.6.1 No PDF, JPEG or PNG attachment"},
		{"not a PDF", []string{addrs["default"].(string)},
			mailMessage(t, "x", pdf, mailPart{"scan.pdf", "application/pdf", []byte("this is no PDF")}), 554, `5.6.0 "scan.pdf": Invalid file type`},
		{"too big", []string{addrs["default"].(string)},
			mailMessage(t, "x", pdf, mailPart{"big.png", "image/png", bytes.Repeat([]byte{0x89}, 1<<20)}), 552, "5.3.4"},
		{"too many recipients", []string{addrs["default"].(string), addrs["invoice"].(string), addrs["receipt"].(string), addrs["bank_statement"].(string)}, nil, 452, "4.5.3"},
	} {
		reply := sendMail(t, smtpAddr, tc.rcpts, tc.msg)
		require.Equal(t, tc.code, reply.code, "%s: %s", tc.name, reply.msg)
		require.Contains(t, reply.msg, tc.text, tc.name)
	}
	require.Equal(t, before, countDocuments(t, c), "refused mail stores nothing")

	// The receipt address makes receipts; an image attachment is one page.
	png := pngImage(t)
	reply = sendMail(t, smtpAddr, []string{addrs["receipt"].(string)}, mailMessage(t, "x", mailPart{"photo.png", "image/png", png}))
	require.Equal(t, 250, reply.code, reply.msg)
	id := strings.Fields(reply.msg)[len(strings.Fields(reply.msg))-1]
	st, task = c.do(http.MethodGet, "/api/v1/tasks/"+id, nil, "")
	require.Equal(t, http.StatusOK, st)
	require.Equal(t, "receipt", task["doc_type"])
	require.Equal(t, "email", task["ingest_source"])
	require.EqualValues(t, 1, task["credits_held"])

	// A leaked token is rotated: the old addresses are refused, the new
	// ones take mail.
	st, rotated := c.do(http.MethodPost, "/api/v1/inbox/rotate_token", nil, "")
	require.Equal(t, http.StatusOK, st, "%v", rotated)
	fresh := rotated["token"].(string)
	require.NotEqual(t, token, fresh)
	newAddr := rotated["addresses"].(map[string]any)["receipt"].(string)
	require.Equal(t, "receipt+"+fresh+"@docs.test", newAddr)
	reply = sendMail(t, smtpAddr, []string{addrs["receipt"].(string)}, mailMessage(t, "x", mailPart{"photo.png", "image/png", png}))
	require.Equal(t, 550, reply.code, reply.msg)
	reply = sendMail(t, smtpAddr, []string{newAddr}, mailMessage(t, "x", mailPart{"photo.png", "image/png", png}))
	require.Equal(t, 250, reply.code, reply.msg)
}

func countDocuments(t *testing.T, c *client) int {
	t.Helper()
	st, list := c.do(http.MethodGet, "/api/v1/documents?limit=100", nil, "")
	require.Equal(t, http.StatusOK, st, "%v", list)
	return len(list["data"].([]any))
}

// TestEmailConnectionCap checks --smtp-max-conns: the connection over the
// cap is answered 421 and closed; a freed slot admits the next.
func TestEmailConnectionCap(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "cap.db")
	stdout, stderr, stop := startServe(t, dbPath, "--workers", "1", "--smtp-addr", "127.0.0.1:0", "--smtp-domain", "docs.test", "--smtp-max-conns", "2",
		"--shutdown-grace", "30s")
	addr := waitFor(t, stdout, smtpRE, stderr)
	greet := func() (net.Conn, string) {
		conn, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		require.NoError(t, conn.SetReadDeadline(time.Now().Add(10*time.Second)))
		line, err := textproto.NewReader(bufioReader(conn)).ReadLine()
		require.NoError(t, err)
		return conn, line
	}
	a, l1 := greet()
	b, l2 := greet()
	require.True(t, strings.HasPrefix(l1, "220 ") && strings.HasPrefix(l2, "220 "), "%s / %s", l1, l2)
	c, l3 := greet()
	require.Equal(t, "421 4.7.0 Too many connections, try again later", l3)
	c.Close()
	a.Close()
	require.Eventually(t, func() bool {
		d, l := greet()
		d.Close()
		return strings.HasPrefix(l, "220 ")
	}, 10*time.Second, 50*time.Millisecond, "a freed slot admits the next")
	b.Close()

	// SIGTERM with a client idle between messages: serve stops at once,
	// not after --shutdown-grace or --smtp-read-timeout.
	idle, _ := greet()
	defer idle.Close()
	start := time.Now()
	stop()
	require.Less(t, time.Since(start), 10*time.Second)
}

// pngImage returns a small PNG photo stand-in: a white page with a dark
// bar.
func pngImage(t testing.TB) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 300, 200))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	for y := 90; y < 110; y++ {
		for x := 30; x < 270; x++ {
			img.SetGray(x, y, color.Gray{Y: 0x20})
		}
	}
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, img))
	return b.Bytes()
}

func bufioReader(r io.Reader) *bufio.Reader { return bufio.NewReader(r) }

// TestEmailCrashSafety builds the real binary, sends a mail with two PDF
// attachments, kills the server with SIGKILL the moment the 250 reply
// arrives, and checks that both tasks are in the database (files, holds,
// jobs), then that a restarted server extracts them and records their
// events with ingest_source "email".
func TestEmailCrashSafety(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := t.TempDir()
	start := time.Now()
	bin := buildBinary(t)
	t.Logf("binary built in %v", time.Since(start))
	dbPath := filepath.Join(dir, "mailcrash.db")
	smtpFlags := []string{"--smtp-addr", "127.0.0.1:0", "--smtp-domain", "docs.test"}
	proc, base, stdout, stderr := startBinary(t, bin, dbPath, "1", smtpFlags...)
	key := waitFor(t, stdout, apiKeyRE, stderr)
	smtpAddr := waitFor(t, stdout, smtpRE, stderr)
	c := &client{t: t, base: base, key: key}
	st, inbox := c.do(http.MethodGet, "/api/v1/inbox", nil, "")
	require.Equal(t, http.StatusOK, st, "%v", inbox)
	rcpt := inbox["addresses"].(map[string]any)["invoice"].(string)

	files := [][]byte{invoicePDF(t, 1, 2), invoicePDF(t, 2, 3)}
	reply := sendMail(t, smtpAddr, []string{rcpt}, mailMessage(t, rcpt,
		mailPart{"one.pdf", "application/pdf", files[0]}, mailPart{"two.pdf", "application/pdf", files[1]}))
	require.NoError(t, proc.Process.Signal(syscall.SIGKILL)) // right after the 250
	_ = proc.Wait()
	require.Equal(t, 250, reply.code, reply.msg)
	ids := strings.Fields(reply.msg)[len(strings.Fields(reply.msg))-2:]

	ctx := context.Background()
	db, err := sqlite.Open(ctx, dbPath)
	require.NoError(t, err)
	var teamID string
	for i, id := range ids {
		task, err := db.FindTask(ctx, id)
		require.NoError(t, err, "task %d survived the kill", i)
		require.Equal(t, docextract.SourceEmail, task.IngestSource)
		require.Equal(t, docextract.Invoice, task.DocType)
		require.EqualValues(t, 2+i, task.CreditsHeld)
		data, err := db.ReadFile(ctx, id)
		require.NoError(t, err)
		require.Equal(t, files[i], data, "the attachment is stored whole")
		teamID = task.TeamID
	}
	bal, err := db.Balance(ctx, teamID)
	require.NoError(t, err)
	require.Equal(t, credits.Balance{Granted: starterCredits, Held: 5}, bal)
	require.NoError(t, db.Close())

	// Restart: the queued jobs run, each task completes once.
	proc, base, _, stderr = startBinary(t, bin, dbPath, "1", smtpFlags...)
	c.base = base
	for _, id := range ids {
		st, body := c.waitDone(id, 120*time.Second)
		require.Equal(t, http.StatusOK, st, "%s: %v\nstderr:\n%s", id, body, stderr)
	}
	require.NoError(t, proc.Process.Signal(syscall.SIGTERM))
	require.NoError(t, proc.Wait())
	db, err = sqlite.Open(ctx, dbPath)
	require.NoError(t, err)
	defer db.Close()
	var used int64
	for _, id := range ids {
		ev, err := db.FindTaskEvent(ctx, id)
		require.NoError(t, err)
		require.Equal(t, "task.completed", ev.Type)
		require.Equal(t, docextract.SourceEmail, ev.IngestSource)
		docs, err := db.ListDocuments(ctx, id)
		require.NoError(t, err)
		for _, d := range docs {
			used += d.CreditsUsed
		}
	}
	require.Positive(t, used)
	bal, err = db.Balance(ctx, teamID)
	require.NoError(t, err)
	require.Equal(t, credits.Balance{Granted: starterCredits, Captured: used}, bal, "captured what the documents used, nothing held")
}
