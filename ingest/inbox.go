package ingest

import (
	"strings"

	"github.com/docextract/docextract"
)

// InboxAddress returns a team's e-mail inbox address: <type>+<token>@<domain>
// for a document type, or <token>@<domain> (the team's default type) when
// docType is "". Mail to it becomes tasks of the team (package
// ingest/email).
func InboxAddress(token string, docType docextract.DocType, domain string) string {
	if docType == "" {
		return token + "@" + domain
	}
	return string(docType) + "+" + token + "@" + domain
}

// InboxAddresses returns the addresses of InboxAddress keyed "default",
// "invoice", "receipt" and "bank_statement".
func InboxAddresses(token, domain string) map[string]string {
	m := map[string]string{"default": InboxAddress(token, "", domain)}
	for _, t := range docextract.Types() {
		m[string(t)] = InboxAddress(token, t, domain)
	}
	return m
}

// ParseInboxAddress splits an address of InboxAddress into its token and
// document type ("" for the team's default). ours reports whether the
// address is in domain (ASCII case-insensitive, a trailing dot ignored);
// ok whether it also has the form of an inbox address (a known type, if
// any, and a token of letters and digits). The token is lowercased, as senders may change the
// case of a local part; it is not checked against any team.
func ParseInboxAddress(addr, domain string) (token string, docType docextract.DocType, ok, ours bool) {
	at := strings.LastIndexByte(addr, '@')
	if at <= 0 {
		return "", "", false, false
	}
	local, dom := addr[:at], strings.TrimSuffix(addr[at+1:], ".")
	if !strings.EqualFold(dom, strings.TrimSuffix(domain, ".")) {
		return "", "", false, false
	}
	local = strings.ToLower(local)
	typ, tok, found := strings.Cut(local, "+")
	if !found {
		typ, tok = "", local
	}
	if !isToken(tok) {
		return "", "", false, true
	}
	if !found {
		return tok, "", true, true
	}
	dt, known := docextract.ParseDocType(typ)
	if !known {
		return "", "", false, true
	}
	return tok, dt, true, true
}

// isToken reports whether s could be an inbox token: 1 to 64 ASCII
// letters and digits (the store makes 20 hex characters).
func isToken(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'z') {
			return false
		}
	}
	return true
}
