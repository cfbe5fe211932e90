package client

import (
	"context"
	"iter"
	"net/http"
	"net/url"
	"time"

	"github.com/docextract/docextract"
)

// Reprocess queues a completed or failed task to be extracted again from
// its stored file (docs/api.md, Reprocess a task). The task keeps its
// status and its webhook event; read it with Task until Reprocessing is
// false. One credit per page is held now (ErrInsufficientCredits when
// short).
func (c *Client) Reprocess(ctx context.Context, taskID string) error {
	_, err := c.doJSON(ctx, http.MethodPost, "/api/v1/tasks/"+url.PathEscape(taskID)+"/reprocess", nil, nil, nil, http.StatusAccepted)
	return err
}

// Approve resolves a task waiting in needs_review (docs/api.md,
// Classification review): it is queued again and read as docType whatever
// the classifier says; its webhook event follows that extraction.
func (c *Client) Approve(ctx context.Context, taskID string, docType docextract.DocType) error {
	_, err := c.doJSON(ctx, http.MethodPost, "/api/v1/tasks/"+url.PathEscape(taskID)+"/approve", nil,
		map[string]string{"doc_type": string(docType)}, nil, http.StatusAccepted)
	return err
}

// Reject resolves a task waiting in needs_review by completing it with
// nothing extracted (outcome no_matching_documents); its credits are
// released and its task.completed event is sent.
func (c *Client) Reject(ctx context.Context, taskID string) error {
	_, err := c.doJSON(ctx, http.MethodPost, "/api/v1/tasks/"+url.PathEscape(taskID)+"/reject", nil, nil, nil, http.StatusOK)
	return err
}

// Team is the key's team and its settings.
type Team struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Classification is "auto" (extract only what matches the requested
	// type) or "review" (park a file whose content clearly disagrees in
	// needs_review until Approve or Reject).
	Classification docextract.Classification `json:"classification"`
}

// Team fetches the key's team.
func (c *Client) Team(ctx context.Context) (*Team, error) {
	var out Team
	_, err := c.doJSON(ctx, http.MethodGet, "/api/v1/team", nil, nil, &out, http.StatusOK)
	return valueOrErr(&out, err)
}

// SetClassification changes the team's classification setting.
func (c *Client) SetClassification(ctx context.Context, cl docextract.Classification) (*Team, error) {
	var out Team
	_, err := c.doJSON(ctx, http.MethodPatch, "/api/v1/team", nil, map[string]string{"classification": string(cl)}, &out, http.StatusOK)
	return valueOrErr(&out, err)
}

// TemplateGroup is a named group of the team's templates; its ID is what
// template_group_ids filters match.
type TemplateGroup struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Template is an invoice2data YAML template of the team (docs/api.md,
// Templates). Its ID becomes the template_id of the documents it reads.
type Template struct {
	ID        string    `json:"id"`
	GroupID   string    `json:"group_id"`
	Name      string    `json:"name"`
	Issuer    string    `json:"issuer"`
	Priority  int       `json:"priority"`
	Content   string    `json:"content"` // "" in Templates' listing
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// CreateTemplateGroup creates a template group.
func (c *Client) CreateTemplateGroup(ctx context.Context, name string) (*TemplateGroup, error) {
	var out TemplateGroup
	_, err := c.doJSON(ctx, http.MethodPost, "/api/v1/template_groups", nil, map[string]string{"name": name}, &out, http.StatusCreated)
	return valueOrErr(&out, err)
}

// TemplateGroups lists the team's template groups, by name.
func (c *Client) TemplateGroups(ctx context.Context) ([]TemplateGroup, error) {
	var out struct {
		Data []TemplateGroup `json:"data"`
	}
	_, err := c.doJSON(ctx, http.MethodGet, "/api/v1/template_groups", nil, nil, &out, http.StatusOK)
	return out.Data, err
}

// DeleteTemplateGroup deletes a template group and its templates.
func (c *Client) DeleteTemplateGroup(ctx context.Context, id string) error {
	_, err := c.doJSON(ctx, http.MethodDelete, "/api/v1/template_groups/"+url.PathEscape(id), nil, nil, nil, http.StatusNoContent)
	return err
}

// CreateTemplate uploads an invoice2data YAML template into a group. A
// template that cannot be used is refused with ErrBadRequest and the line
// in the message ("Invalid template: line 4: ...").
func (c *Client) CreateTemplate(ctx context.Context, groupID, name, content string) (*Template, error) {
	var out Template
	_, err := c.doJSON(ctx, http.MethodPost, "/api/v1/templates", nil,
		map[string]string{"group_id": groupID, "name": name, "content": content}, &out, http.StatusCreated)
	return valueOrErr(&out, err)
}

// ReplaceTemplate replaces a template's content, keeping its id (and its
// name and group).
func (c *Client) ReplaceTemplate(ctx context.Context, id, content string) (*Template, error) {
	var out Template
	_, err := c.doJSON(ctx, http.MethodPut, "/api/v1/templates/"+url.PathEscape(id), nil, map[string]string{"content": content}, &out, http.StatusOK)
	return valueOrErr(&out, err)
}

// Template fetches a template with its content.
func (c *Client) Template(ctx context.Context, id string) (*Template, error) {
	var out Template
	_, err := c.doJSON(ctx, http.MethodGet, "/api/v1/templates/"+url.PathEscape(id), nil, nil, &out, http.StatusOK)
	return valueOrErr(&out, err)
}

// Templates iterates over the team's templates (without their content),
// of one group or, with groupID "", all.
func (c *Client) Templates(ctx context.Context, groupID string) iter.Seq2[Template, error] {
	return func(yield func(Template, error) bool) {
		q := url.Values{}
		if groupID != "" {
			q.Set("group_id", groupID)
		}
		var out struct {
			Data []Template `json:"data"`
		}
		if _, err := c.doJSON(ctx, http.MethodGet, "/api/v1/templates", q, nil, &out, http.StatusOK); err != nil {
			yield(Template{}, err)
			return
		}
		for _, t := range out.Data {
			if !yield(t, nil) {
				return
			}
		}
	}
}

// DeleteTemplate deletes a template; documents read with it keep their
// template_id.
func (c *Client) DeleteTemplate(ctx context.Context, id string) error {
	_, err := c.doJSON(ctx, http.MethodDelete, "/api/v1/templates/"+url.PathEscape(id), nil, nil, nil, http.StatusNoContent)
	return err
}
