package httpapi

import (
	"net/http"

	"github.com/docextract/docextract/ingest"
	"github.com/docextract/docextract/store"
)

// inboxRoutes registers the team's e-mail inbox (docs/api.md, E-mail
// inbox).
func (s *Server) inboxRoutes() {
	s.handle("GET /api/v1/inbox", apiKeyOrBearer, s.handleInbox)
}

// inboxJSON is the answer of GET /api/v1/inbox (docs/api.md, Inbox).
type inboxJSON struct {
	Token          string            `json:"token"`
	DefaultDocType string            `json:"default_doc_type"`
	Domain         *string           `json:"domain"`
	Addresses      map[string]string `json:"addresses"` // null without a domain
}

// handleInbox answers the team's e-mail inbox: its token, the type of mail
// sent to the address without a type, and the addresses (keyed default,
// invoice, receipt, bank_statement) when the server takes mail.
func (s *Server) handleInbox(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	team, err := s.Store.FindTeam(r.Context(), key.TeamID)
	if err != nil {
		return err
	}
	out := inboxJSON{Token: team.InboxToken, DefaultDocType: string(team.InboxDocType)}
	if s.InboxDomain != "" {
		d := s.InboxDomain
		out.Domain = &d
		out.Addresses = ingest.InboxAddresses(team.InboxToken, d)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
