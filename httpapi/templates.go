package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/template"
	"github.com/docextract/docextract/store"
)

// templateRoutes registers the template API (docs/api.md, Templates): a
// team's invoice2data YAML templates in named groups. The worker reads a
// team's templates for each extraction (worker.StoredTemplates), so a
// change applies to the next extraction without a restart; a document read
// with a template carries its id as template_id, and its group's id is
// what template_group_ids filters match.
func (s *Server) templateRoutes() {
	s.handle("POST /api/v1/template_groups", apiKey, s.handleCreateTemplateGroup)
	s.handle("GET /api/v1/template_groups", apiKey, s.handleListTemplateGroups)
	s.handle("GET /api/v1/template_groups/{id}", apiKey, s.handleGetTemplateGroup)
	s.handle("DELETE /api/v1/template_groups/{id}", apiKey, s.handleDeleteTemplateGroup)
	s.handle("POST /api/v1/templates", apiKey, s.handleCreateTemplate)
	s.handle("GET /api/v1/templates", apiKey, s.handleListTemplates)
	s.handle("GET /api/v1/templates/{id}", apiKey, s.handleGetTemplate)
	s.handle("PUT /api/v1/templates/{id}", apiKey, s.handleReplaceTemplate)
	s.handle("DELETE /api/v1/templates/{id}", apiKey, s.handleDeleteTemplate)
}

const (
	msgTemplateGroupNotFound = "Template group not found."
	msgTemplateNotFound      = "Template not found."
	// A template's JSON body: the YAML (up to store.MaxTemplateSize) may
	// grow when escaped as a JSON string.
	maxTemplateBody = 2*store.MaxTemplateSize + 4<<10
)

type templateGroupJSON struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

func templateGroupBody(g *store.TemplateGroup) templateGroupJSON {
	return templateGroupJSON{ID: g.ID, Name: g.Name, CreatedAt: g.CreatedAt, UpdatedAt: g.UpdatedAt}
}

type templateJSON struct {
	ID        string    `json:"id"`
	GroupID   string    `json:"group_id"`
	Name      string    `json:"name"`
	Issuer    string    `json:"issuer"`
	Priority  int       `json:"priority"`
	Content   *string   `json:"content,omitempty"` // on fetch, create and replace only
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// templateBody describes t, with its content when withContent; its issuer
// and priority are those parsed when it was stored.
func templateBody(t *store.Template, withContent bool) templateJSON {
	out := templateJSON{ID: t.ID, GroupID: t.GroupID, Name: t.Name, Issuer: t.Issuer, Priority: t.Priority,
		CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt}
	if withContent {
		c := string(t.Content)
		out.Content = &c
	}
	return out
}

// TemplateInput is the body of a template's upload or replacement.
type TemplateInput struct {
	GroupID string `json:"group_id"`
	Name    string `json:"name"`
	Content string `json:"content"` // invoice2data YAML
}

// decodeLimited decodes a JSON body of at most limit bytes into v: no
// unknown fields, nothing after it; "Invalid request body." otherwise.
func decodeLimited(r *http.Request, v any, limit int64) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, limit))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, errBodyTimeout) {
			return errBodyTimeout
		}
		return errorf(docextract.EINVALID, msgInvalidBody)
	}
	if dec.More() {
		return errorf(docextract.EINVALID, msgInvalidBody)
	}
	return nil
}

// templateOf parses in's content as the worker will and returns the
// template to store (its issuer and priority kept beside the content, so
// lists need not read it), or refuses it with the parser's line-numbered
// reason: "Invalid template: line 4: keywords: ...".
func templateOf(in *TemplateInput, id, teamID string) (*store.Template, error) {
	if len(in.Content) == 0 || len(in.Content) > store.MaxTemplateSize {
		return nil, errorf(docextract.EINVALID, fmt.Sprintf("content must be 1 byte to %d KiB.", store.MaxTemplateSize>>10))
	}
	p, err := template.Parse(in.GroupID, in.Name, []byte(in.Content))
	var pe *template.ParseError
	switch {
	case err == nil:
		return &store.Template{ID: id, TeamID: teamID, GroupID: in.GroupID, Name: in.Name, Content: []byte(in.Content),
			Issuer: p.Issuer, Priority: p.Priority}, nil
	case errors.As(err, &pe) && pe.Line > 0:
		return nil, errorf(docextract.EINVALID, fmt.Sprintf("Invalid template: line %d: %s", pe.Line, pe.Msg))
	case errors.As(err, &pe):
		return nil, errorf(docextract.EINVALID, "Invalid template: "+pe.Msg)
	}
	return nil, errorf(docextract.EINVALID, "Invalid template.")
}

// teamTemplateGroup returns the team's group id, or ENOTFOUND for an
// unknown or another team's group.
func (s *Server) teamTemplateGroup(r *http.Request, teamID, id string) (*store.TemplateGroup, error) {
	g, err := s.Store.FindTemplateGroup(r.Context(), id)
	if docextract.ErrorCode(err) == docextract.ENOTFOUND || err == nil && g.TeamID != teamID {
		return nil, errorf(docextract.ENOTFOUND, msgTemplateGroupNotFound)
	}
	return g, err
}

// teamTemplate returns the team's template id, or ENOTFOUND.
func (s *Server) teamTemplate(r *http.Request, teamID, id string) (*store.Template, error) {
	t, err := s.Store.FindTemplate(r.Context(), id)
	if docextract.ErrorCode(err) == docextract.ENOTFOUND || err == nil && t.TeamID != teamID {
		return nil, errorf(docextract.ENOTFOUND, msgTemplateNotFound)
	}
	return t, err
}

func (s *Server) handleCreateTemplateGroup(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	var in struct {
		Name string `json:"name"`
	}
	if err := decodeStrict(r, &in); err != nil {
		return err
	}
	g := &store.TemplateGroup{TeamID: key.TeamID, Name: in.Name}
	if err := s.Store.CreateTemplateGroup(r.Context(), g); err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, templateGroupBody(g))
	return nil
}

func (s *Server) handleListTemplateGroups(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	gs, err := s.Store.ListTemplateGroups(r.Context(), key.TeamID)
	if err != nil {
		return err
	}
	data := make([]templateGroupJSON, 0, len(gs))
	for _, g := range gs {
		data = append(data, templateGroupBody(g))
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": data, "next_cursor": nil})
	return nil
}

func (s *Server) handleGetTemplateGroup(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	g, err := s.teamTemplateGroup(r, key.TeamID, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, templateGroupBody(g))
	return nil
}

func (s *Server) handleDeleteTemplateGroup(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	switch err := s.Store.DeleteTemplateGroup(r.Context(), key.TeamID, r.PathValue("id")); docextract.ErrorCode(err) {
	case "":
	case docextract.ENOTFOUND:
		return errorf(docextract.ENOTFOUND, msgTemplateGroupNotFound)
	default:
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) handleCreateTemplate(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	var in TemplateInput
	if err := decodeLimited(r, &in, maxTemplateBody); err != nil {
		return err
	}
	if err := store.CheckTemplateName(in.Name); err != nil {
		return err
	}
	t, err := templateOf(&in, "", key.TeamID)
	if err != nil {
		return err
	}
	switch err := s.Store.CreateTemplate(r.Context(), t); docextract.ErrorCode(err) {
	case "":
	case docextract.ENOTFOUND:
		return errorf(docextract.ENOTFOUND, msgTemplateGroupNotFound)
	default:
		return err
	}
	writeJSON(w, http.StatusCreated, templateBody(t, true))
	return nil
}

func (s *Server) handleListTemplates(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	group := r.URL.Query().Get("group_id")
	if group != "" {
		if _, err := s.teamTemplateGroup(r, key.TeamID, group); err != nil {
			return err
		}
	}
	ts, err := s.Store.ListTemplateInfo(r.Context(), key.TeamID, group)
	if err != nil {
		return err
	}
	data := make([]templateJSON, 0, len(ts))
	for _, t := range ts {
		data = append(data, templateBody(t, false))
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": data, "next_cursor": nil})
	return nil
}

func (s *Server) handleGetTemplate(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	t, err := s.teamTemplate(r, key.TeamID, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, templateBody(t, true))
	return nil
}

// handleReplaceTemplate replaces a template's content (and, when given,
// its name and group), keeping its id: documents read with it keep
// template_id. An empty name or group_id keeps the current one.
func (s *Server) handleReplaceTemplate(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	cur, err := s.teamTemplate(r, key.TeamID, r.PathValue("id"))
	if err != nil {
		return err
	}
	var in TemplateInput
	if err := decodeLimited(r, &in, maxTemplateBody); err != nil {
		return err
	}
	if in.Name == "" {
		in.Name = cur.Name
	}
	if in.GroupID == "" {
		in.GroupID = cur.GroupID
	}
	if err := store.CheckTemplateName(in.Name); err != nil {
		return err
	}
	t, err := templateOf(&in, cur.ID, key.TeamID)
	if err != nil {
		return err
	}
	switch err := s.Store.ReplaceTemplate(r.Context(), t); {
	case err == nil:
	case docextract.ErrorCode(err) == docextract.ENOTFOUND && in.GroupID != cur.GroupID:
		return errorf(docextract.ENOTFOUND, msgTemplateGroupNotFound)
	case docextract.ErrorCode(err) == docextract.ENOTFOUND:
		return errorf(docextract.ENOTFOUND, msgTemplateNotFound)
	default:
		return err
	}
	writeJSON(w, http.StatusOK, templateBody(t, true))
	return nil
}

func (s *Server) handleDeleteTemplate(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	switch err := s.Store.DeleteTemplate(r.Context(), key.TeamID, r.PathValue("id")); docextract.ErrorCode(err) {
	case "":
	case docextract.ENOTFOUND:
		return errorf(docextract.ENOTFOUND, msgTemplateNotFound)
	default:
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
