package dashboard

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
)

// A session is a signed cookie, not a row (a sign-out records its id in
// the store until it would expire, and it is refused from then on): its value is
// base64url("v1|" + session id + "|" + hex(key hash) + "|" + expiry) + "." +
// base64url(HMAC-SHA256 of that text under the store's "dashboard-session"
// signing key). The key hash is the stored form of the API key the user
// signed in with; each request looks it up again, so the session belongs
// to that key's team and to nobody else. The session id binds the CSRF
// token of the session's forms.

const (
	signingKeyName = "dashboard-session"
	signinCookie   = "dex_signin" // binds the sign-in form's CSRF token
	maxCookieLen   = 512
)

var errBadSession = errors.New("dashboard: no valid session")

type session struct {
	id      string
	keyHash []byte
	expires time.Time
	key     *store.APIKey
}

func (h *Handler) signingKey(ctx context.Context) ([]byte, error) {
	h.keyMu.Lock()
	defer h.keyMu.Unlock()
	if h.key != nil {
		return h.key, nil
	}
	k, err := h.API.Store.SigningKey(ctx, signingKeyName)
	if err != nil {
		return nil, err
	}
	h.key = k
	return k, nil
}

func mac(key []byte, parts ...string) []byte {
	m := hmac.New(sha256.New, key)
	for _, p := range parts {
		m.Write([]byte(p))
		m.Write([]byte{0})
	}
	return m.Sum(nil)
}

func randomID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// cookieName is __Host- prefixed when the cookie is Secure, which pins it
// to this host and path /.
func (h *Handler) cookieName(name string) string {
	if h.secure() {
		return "__Host-" + name
	}
	return name
}

func (h *Handler) secure() bool { return strings.HasPrefix(h.API.BaseURL, "https://") }

func (h *Handler) setCookie(w http.ResponseWriter, name, value string, maxAge int) {
	c := &http.Cookie{Name: h.cookieName(name), Value: value, Path: "/", MaxAge: maxAge,
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: h.secure()}
	if !h.secure() {
		c.Path = prefix
	}
	http.SetCookie(w, c)
}

// newSession signs a session for key and sets its cookie.
func (h *Handler) newSession(ctx context.Context, w http.ResponseWriter, key *store.APIKey) error {
	sk, err := h.signingKey(ctx)
	if err != nil {
		return err
	}
	exp := h.now().Add(h.sessionTTL())
	payload := "v1|" + randomID() + "|" + hex.EncodeToString(key.Hash) + "|" + strconv.FormatInt(exp.Unix(), 10)
	v := base64.RawURLEncoding.EncodeToString([]byte(payload)) + "." + base64.RawURLEncoding.EncodeToString(mac(sk, "session", payload))
	h.setCookie(w, "dex_session", v, int(h.sessionTTL().Seconds()))
	return nil
}

// session returns the request's valid session with its API key, or
// errBadSession.
func (h *Handler) session(r *http.Request) (*session, error) {
	c, err := r.Cookie(h.cookieName("dex_session"))
	if err != nil || len(c.Value) > maxCookieLen {
		return nil, errBadSession
	}
	p64, m64, ok := strings.Cut(c.Value, ".")
	if !ok {
		return nil, errBadSession
	}
	payload, err1 := base64.RawURLEncoding.DecodeString(p64)
	got, err2 := base64.RawURLEncoding.DecodeString(m64)
	if err1 != nil || err2 != nil {
		return nil, errBadSession
	}
	sk, err := h.signingKey(r.Context())
	if err != nil {
		return nil, err
	}
	if !hmac.Equal(got, mac(sk, "session", string(payload))) {
		return nil, errBadSession
	}
	f := strings.Split(string(payload), "|")
	if len(f) != 4 || f[0] != "v1" {
		return nil, errBadSession
	}
	hash, err1 := hex.DecodeString(f[2])
	exp, err2 := strconv.ParseInt(f[3], 10, 64)
	if err1 != nil || err2 != nil || !h.now().Before(time.Unix(exp, 0)) {
		return nil, errBadSession
	}
	// Signed out (on any server): the cookie is dead even if copied.
	if revoked, err := h.API.Store.SessionRevoked(r.Context(), f[1]); err != nil {
		return nil, err
	} else if revoked {
		return nil, errBadSession
	}
	k, err := h.API.Store.FindAPIKey(r.Context(), hash)
	if docextract.ErrorCode(err) == docextract.ENOTFOUND {
		return nil, errBadSession
	} else if err != nil {
		return nil, err
	}
	return &session{id: f[1], keyHash: hash, expires: time.Unix(exp, 0), key: k}, nil
}

// csrfToken is the token every form of the session carries.
func (h *Handler) csrfToken(ctx context.Context, s *session) (string, error) {
	sk, err := h.signingKey(ctx)
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(mac(sk, "csrf", s.id)), nil
}

// checkCSRF reports whether the form's csrf field is the session's token.
func (h *Handler) checkCSRF(r *http.Request, s *session) bool {
	want, err := h.csrfToken(r.Context(), s)
	if err != nil {
		return false
	}
	got := r.PostFormValue("csrf")
	return hmac.Equal([]byte(got), []byte(want))
}

// signinToken sets (or reuses) the sign-in cookie and returns the token
// of the sign-in form, so a cross-site page cannot sign a user in with
// its own key (login CSRF).
func (h *Handler) signinToken(w http.ResponseWriter, r *http.Request) (string, error) {
	sk, err := h.signingKey(r.Context())
	if err != nil {
		return "", err
	}
	v := ""
	if c, err := r.Cookie(h.cookieName(signinCookie)); err == nil && len(c.Value) == 22 {
		v = c.Value
	} else {
		v = randomID()
		h.setCookie(w, signinCookie, v, 3600)
	}
	return base64.RawURLEncoding.EncodeToString(mac(sk, "signin", v)), nil
}

func (h *Handler) checkSigninCSRF(r *http.Request) bool {
	c, err := r.Cookie(h.cookieName(signinCookie))
	if err != nil || len(c.Value) != 22 {
		return false
	}
	sk, err := h.signingKey(r.Context())
	if err != nil {
		return false
	}
	got, err := base64.RawURLEncoding.DecodeString(r.PostFormValue("csrf"))
	return err == nil && hmac.Equal(got, mac(sk, "signin", c.Value))
}
