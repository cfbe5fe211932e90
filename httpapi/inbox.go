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
	s.handle("POST /api/v1/inbox/rotate_token", apiKeyOrBearer, s.handleRotateInboxToken)
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
	s.writeInbox(w, team)
	return nil
}

// handleRotateInboxToken gives the team a new inbox token, for a token that
// leaked: mail to the old addresses is refused (550) from then on. It
// answers the inbox with the new addresses.
func (s *Server) handleRotateInboxToken(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	token, err := s.Store.RotateInboxToken(r.Context(), key.TeamID)
	if err != nil {
		return err
	}
	team, err := s.Store.FindTeam(r.Context(), key.TeamID)
	if err != nil {
		return err
	}
	team.InboxToken = token
	s.Logger.Info("inbox token rotated", "team_id", key.TeamID)
	s.writeInbox(w, team)
	return nil
}

func (s *Server) writeInbox(w http.ResponseWriter, team *store.Team) {
	out := inboxJSON{Token: team.InboxToken, DefaultDocType: string(team.InboxDocType)}
	if s.InboxDomain != "" {
		d := s.InboxDomain
		out.Domain = &d
		out.Addresses = ingest.InboxAddresses(team.InboxToken, d)
	}
	writeJSON(w, http.StatusOK, out)
}
