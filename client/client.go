package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/docextract/docextract"
)

// The document types an upload may request.
const (
	Invoice       = docextract.Invoice
	Receipt       = docextract.Receipt
	BankStatement = docextract.BankStatement
)

// maxErrorBody bounds how much of an error answer is read.
const maxErrorBody = 64 << 10

// Client calls one docextract server with one team's API key. It is safe
// for concurrent use.
type Client struct {
	base      *url.URL
	key       string
	hc        *http.Client
	userAgent string
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient sends requests with hc instead of http.DefaultClient (for
// timeouts, proxies, TLS settings or tests).
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.hc = hc } }

// WithUserAgent sets the User-Agent header of every request.
func WithUserAgent(ua string) Option { return func(c *Client) { c.userAgent = ua } }

// New returns a client of the server at baseURL (e.g.
// "https://dx.example.com", without /api/v1) authenticating with apiKey
// (X-API-Key).
func New(baseURL, apiKey string, opts ...Option) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil {
		return nil, fmt.Errorf("docextract: base URL: %w", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("docextract: base URL %q: want http(s)://host[:port]", baseURL)
	}
	if apiKey == "" {
		return nil, errors.New("docextract: empty API key")
	}
	c := &Client{base: u, key: apiKey, hc: http.DefaultClient, userAgent: "docextract-go-client/1"}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

// url joins the API path (already escaped) and query to the base URL.
func (c *Client) url(path string, q url.Values) string {
	u := *c.base
	u.RawPath = c.base.EscapedPath() + path
	u.Path, _ = url.PathUnescape(u.RawPath) // path segments were escaped by the caller
	if len(q) > 0 {
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// do sends a request and returns the response when its status is one of
// ok; otherwise it reads the body and returns an *Error. The caller closes
// the returned body.
func (c *Client) do(ctx context.Context, method, path string, q url.Values, body io.Reader, contentType string, ok ...int) (*http.Response, error) {
	return c.send(ctx, method, path, q, body, contentType, nil, ok...)
}

// send is do with options that set request headers.
func (c *Client) send(ctx context.Context, method, path string, q url.Values, body io.Reader, contentType string, opts []UploadOption, ok ...int) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.url(path, q), body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-API-Key", c.key)
	req.Header.Set("Accept", "application/json")
	if c.userAgent != "" {
		req.Header.Set("User-Agent", c.userAgent)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for _, o := range opts {
		o(req)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	for _, s := range ok {
		if resp.StatusCode == s {
			return resp, nil
		}
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	if resp.StatusCode < 400 {
		return nil, fmt.Errorf("docextract: %s %s: unexpected status %d", method, path, resp.StatusCode)
	}
	return nil, errorFrom(resp, raw)
}

// doJSON sends in (if not nil) as JSON and decodes the answer into out (if
// not nil).
func (c *Client) doJSON(ctx context.Context, method, path string, q url.Values, in, out any, ok ...int) (*http.Response, error) {
	var body io.Reader
	ct := ""
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return nil, err
		}
		body, ct = bytes.NewReader(b), "application/json"
	}
	resp, err := c.do(ctx, method, path, q, body, ct, ok...)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if out != nil && resp.StatusCode != http.StatusNoContent {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			return resp, fmt.Errorf("docextract: %s %s: decode answer: %w", method, path, err)
		}
	}
	return resp, nil
}

// Upload is the answer to an upload.
type Upload struct {
	DocumentID string `json:"document_id"`
	Status     string `json:"status"`
	// Replayed is true when the server answered an upload it had already
	// accepted with the same idempotency key (no second task, no second
	// hold of credits).
	Replayed bool `json:"-"`
}

// UploadOption configures one upload.
type UploadOption func(*http.Request)

// IdempotencyKey makes an upload safe to retry: the server accepts the
// first upload of the team with this key (1 to 255 visible ASCII
// characters) and answers repeats within 24 hours with the first answer.
// Use one key per file you mean to upload once, e.g. your own record id.
func IdempotencyKey(key string) UploadOption {
	return func(r *http.Request) { r.Header.Set("Idempotency-Key", key) }
}

// Upload sends the file read from r, named name, to be extracted as docType
// (Invoice, Receipt or BankStatement). The server sniffs PDF, JPEG or PNG
// from the content; name is kept as the document's file_name. The body is
// streamed, never held whole in memory.
func (c *Client) Upload(ctx context.Context, docType docextract.DocType, name string, r io.Reader, opts ...UploadOption) (*Upload, error) {
	if _, ok := docextract.ParseDocType(string(docType)); !ok {
		return nil, fmt.Errorf("docextract: document type %q: want invoice, receipt or bank_statement", docType)
	}
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		h := make(textproto.MIMEHeader)
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="file"; filename=%q`, filepath.Base(name)))
		h.Set("Content-Type", "application/octet-stream")
		part, err := mw.CreatePart(h)
		if err == nil {
			_, err = io.Copy(part, r)
		}
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err)
	}()
	resp, err := c.send(ctx, http.MethodPost, "/api/v1/documents/"+url.PathEscape(string(docType)), nil,
		pr, mw.FormDataContentType(), opts, http.StatusOK)
	// The server may answer (401, 413, 429) before it read the whole
	// body: stop the writer either way.
	pr.CloseWithError(errors.New("docextract: upload answered"))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	up := Upload{Replayed: resp.Header.Get("Idempotent-Replayed") == "true"}
	if err := json.NewDecoder(resp.Body).Decode(&up); err != nil {
		return nil, fmt.Errorf("docextract: upload: decode answer: %w", err)
	}
	return &up, nil
}

// UploadFile uploads the file at path (see Upload).
func (c *Client) UploadFile(ctx context.Context, docType docextract.DocType, path string, opts ...UploadOption) (*Upload, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return c.Upload(ctx, docType, filepath.Base(path), f, opts...)
}

// Delete deletes a document irreversibly (its extracted data, and the
// stored file with the task's last document).
func (c *Client) Delete(ctx context.Context, documentID string) error {
	_, err := c.doJSON(ctx, http.MethodDelete, "/api/v1/documents/"+url.PathEscape(documentID), nil, nil, nil, http.StatusNoContent)
	return err
}

// SendPassword sends the password of an encrypted PDF waiting in
// password_required; the task is queued again.
func (c *Client) SendPassword(ctx context.Context, documentID, password string) error {
	_, err := c.doJSON(ctx, http.MethodPost, "/api/v1/documents/"+url.PathEscape(documentID)+"/password", nil,
		map[string]string{"password": password}, nil, http.StatusAccepted, http.StatusOK)
	return err
}
