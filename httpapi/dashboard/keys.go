package dashboard

import (
	"net/http"

	"github.com/docextract/docextract/httpapi"
	"github.com/docextract/docextract/store"
)

func (h *Handler) keyRoutes() {
	h.mux.HandleFunc("GET "+prefix+"keys", h.authed(h.handleKeys))
	h.mux.HandleFunc("POST "+prefix+"keys", h.authed(h.handleCreateKey))
	h.mux.HandleFunc("POST "+prefix+"keys/{id}/revoke", h.authed(h.handleRevokeKey))
}

type keysData struct {
	Keys    []*store.APIKey
	Current string // the id of the key the session signed in with
	NewKey  string // a key just created, shown once
}

func (h *Handler) handleKeys(w http.ResponseWriter, r *http.Request, s *session) {
	h.keysPage(w, r, s, http.StatusOK, "", "")
}

func (h *Handler) keysPage(w http.ResponseWriter, r *http.Request, s *session, status int, newKey, msg string) {
	keys, err := h.API.Store.ListAPIKeys(r.Context(), s.key.TeamID)
	if err != nil {
		h.fail(w, r, s, err)
		return
	}
	v := h.baseView(r, s, "API keys", "keys")
	v.Data, v.Error = keysData{Keys: keys, Current: s.key.ID, NewKey: newKey}, msg
	if r.URL.Query().Get("notice") == "revoked" {
		v.Notice = "Key revoked: requests with it are refused from now on."
	}
	h.render(w, r, status, "keys", v)
}

func (h *Handler) handleCreateKey(w http.ResponseWriter, r *http.Request, s *session) {
	key, _, err := h.API.CreateTeamAPIKey(r.Context(), s.key.TeamID)
	if err != nil {
		h.keysPage(w, r, s, httpapi.ErrorStatus(err), "", h.message(r, err))
		return
	}
	h.keysPage(w, r, s, http.StatusCreated, key, "")
}

// handleRevokeKey revokes a key of the team. Revoking the key this
// session signed in with ends the session too.
func (h *Handler) handleRevokeKey(w http.ResponseWriter, r *http.Request, s *session) {
	if err := h.API.RevokeTeamAPIKey(r.Context(), s.key.TeamID, r.PathValue("id")); err != nil {
		h.fail(w, r, s, err)
		return
	}
	if r.PathValue("id") == s.key.ID {
		h.setCookie(w, "dex_session", "", -1)
		http.Redirect(w, r, prefix+"signin", http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, prefix+"keys?notice=revoked", http.StatusSeeOther)
}
