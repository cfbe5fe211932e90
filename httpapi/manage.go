package httpapi

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/export"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/webhook"
)

// The operations below are the management API without HTTP: the JSON
// handlers and the dashboard (package httpapi/dashboard) both call them,
// so the rules live in one place. Each takes the caller's team and never
// acts on another team's data: another team's endpoint or delivery is
// not found, as an unknown one is.

// errWebhooksOff answers the management API when webhooks are not configured.
var errWebhooksOff = errors.New("webhooks are not configured")

// WebhooksEnabled reports whether the server manages webhooks (Webhooks set).
func (s *Server) WebhooksEnabled() bool { return s.Webhooks != nil }

func (s *Server) webhooksOn() error {
	if s.Webhooks == nil {
		return &docextract.Error{Code: docextract.ENOTIMPLEMENTED, Message: "Webhooks are not enabled on this server.", Err: errWebhooksOff}
	}
	return nil
}

// AuthenticateKey returns the stored API key of key, or EUNAUTHORIZED
// ("Invalid API key.").
func (s *Server) AuthenticateKey(ctx context.Context, key string) (*store.APIKey, error) {
	if key == "" || len(key) > 256 {
		return nil, errorf(docextract.EUNAUTHORIZED, msgInvalidAPIKey)
	}
	k, err := s.Store.FindAPIKey(ctx, HashAPIKey(key))
	if docextract.ErrorCode(err) == docextract.ENOTFOUND {
		return nil, errorf(docextract.EUNAUTHORIZED, msgInvalidAPIKey)
	} else if err != nil {
		return nil, err
	}
	return k, nil
}

// TeamEndpoint returns the team's webhook endpoint id, or ENOTFOUND
// ("Webhook endpoint not found.") when it is unknown or another team's.
func (s *Server) TeamEndpoint(ctx context.Context, teamID, id string) (*store.WebhookEndpoint, error) {
	if err := s.webhooksOn(); err != nil {
		return nil, err
	}
	e, err := s.Store.FindWebhookEndpoint(ctx, id)
	if docextract.ErrorCode(err) == docextract.ENOTFOUND || err == nil && e.TeamID != teamID {
		return nil, errorf(docextract.ENOTFOUND, msgEndpointNotFound)
	}
	return e, err
}

// TeamDelivery returns the team's webhook delivery id with its attempts,
// or ENOTFOUND ("Webhook delivery not found.").
func (s *Server) TeamDelivery(ctx context.Context, teamID, id string) (*store.WebhookDelivery, error) {
	if err := s.webhooksOn(); err != nil {
		return nil, err
	}
	d, err := s.Store.FindWebhookDelivery(ctx, id)
	if docextract.ErrorCode(err) == docextract.ENOTFOUND || err == nil && d.TeamID != teamID {
		return nil, errorf(docextract.ENOTFOUND, msgDeliveryNotFound)
	}
	return d, err
}

// CreateEndpoint validates in and stores a new endpoint of the team:
// enabled, subscribed to task.completed and task.failed unless in says
// otherwise, with a new secret (returned in the endpoint, to be shown
// once). The URL is required.
func (s *Server) CreateEndpoint(ctx context.Context, teamID string, in *EndpointInput) (*store.WebhookEndpoint, error) {
	if err := s.webhooksOn(); err != nil {
		return nil, err
	}
	if in.URL == nil {
		return nil, errorf(docextract.EINVALID, "url is required.")
	}
	e := &store.WebhookEndpoint{TeamID: teamID, Enabled: true,
		EventTypes: []string{webhook.EventTaskCompleted, webhook.EventTaskFailed}, Secret: webhook.NewSecret().String()}
	if err := s.applyEndpointInput(e, in); err != nil {
		return nil, err
	}
	if err := s.Store.CreateWebhookEndpoint(ctx, e); err != nil {
		return nil, err
	}
	return e, nil
}

// UpdateEndpoint validates in, applies it to e and stores it. A change of
// URL, headers or enabled state cancels the endpoint's pending deliveries,
// and deliveries leased with the old settings are not sent.
func (s *Server) UpdateEndpoint(ctx context.Context, e *store.WebhookEndpoint, in *EndpointInput) error {
	if err := s.webhooksOn(); err != nil {
		return err
	}
	if err := s.applyEndpointInput(e, in); err != nil {
		return err
	}
	if _, err := s.Store.UpdateWebhookEndpoint(ctx, e); err != nil {
		return err
	}
	s.Webhooks.EndpointChanged(e.ID, e.UpdatedAt)
	return nil
}

// DeleteEndpoint removes e and its deliveries.
func (s *Server) DeleteEndpoint(ctx context.Context, e *store.WebhookEndpoint) error {
	if err := s.webhooksOn(); err != nil {
		return err
	}
	if err := s.Store.DeleteWebhookEndpoint(ctx, e.ID); err != nil {
		return err
	}
	s.init()
	s.Webhooks.EndpointChanged(e.ID, s.Now())
	return nil
}

// RotateEndpointSecret replaces e's secret at once (docs/api.md, Webhooks): every
// later request, including the next attempts of pending deliveries, is
// signed with the new secret, set in e to be shown once; a request in
// progress may still carry the old one.
func (s *Server) RotateEndpointSecret(ctx context.Context, e *store.WebhookEndpoint) error {
	if err := s.webhooksOn(); err != nil {
		return err
	}
	e.Secret = webhook.NewSecret().String()
	if _, err := s.Store.UpdateWebhookEndpoint(ctx, e); err != nil {
		return err
	}
	s.Webhooks.EndpointChanged(e.ID, e.UpdatedAt)
	return nil
}

// MaxAPIKeys is the most API keys a team may hold; creating one more is
// refused.
const MaxAPIKeys = 20

// CreateTeamAPIKey creates an API key of the team and returns it, to be
// shown once, with its stored record. A team with MaxAPIKeys keys gets
// EINVALID.
func (s *Server) CreateTeamAPIKey(ctx context.Context, teamID string) (string, *store.APIKey, error) {
	keys, err := s.Store.ListAPIKeys(ctx, teamID)
	if err != nil {
		return "", nil, err
	}
	if len(keys) >= MaxAPIKeys {
		return "", nil, errorf(docextract.EINVALID, fmt.Sprintf("A team has at most %d API keys; revoke one first.", MaxAPIKeys))
	}
	key, rec := GenerateAPIKey(teamID)
	if err := s.Store.CreateAPIKey(ctx, rec); err != nil {
		return "", nil, err
	}
	return key, rec, nil
}

// RevokeTeamAPIKey deletes the team's API key id at once: requests and
// dashboard sessions made with it are refused from now on. ENOTFOUND
// ("API key not found.") when the team has no such key.
func (s *Server) RevokeTeamAPIKey(ctx context.Context, teamID, id string) error {
	err := s.Store.DeleteAPIKey(ctx, teamID, id)
	if docextract.ErrorCode(err) == docextract.ENOTFOUND {
		return errorf(docextract.ENOTFOUND, "API key not found.")
	}
	return err
}

// TeamDocument returns the team's document id, or ENOTFOUND ("Document
// not found") when id is not a document of the team. (The JSON API tells
// another team's document apart with 403, as the spec asks; the dashboard
// does not need to.)
func (s *Server) TeamDocument(ctx context.Context, teamID, id string) (*store.Document, error) {
	if u, err := uuid.Parse(id); err != nil || len(id) != 36 || u.String() != strings.ToLower(id) {
		return nil, errorf(docextract.ENOTFOUND, msgNotFound)
	}
	d, err := s.Store.FindDocument(ctx, strings.ToLower(id))
	if docextract.ErrorCode(err) == docextract.ENOTFOUND || err == nil && d.TeamID != teamID {
		return nil, errorf(docextract.ENOTFOUND, msgNotFound)
	}
	return d, err
}

// DeleteDocument removes d irreversibly (docs/api.md, Delete): its rows, its data
// and, with the task's last document, the stored file.
func (s *Server) DeleteDocument(ctx context.Context, d *store.Document) error {
	s.init()
	res, err := s.Store.DeleteDocument(ctx, d.ID)
	if docextract.ErrorCode(err) == docextract.ENOTFOUND {
		return errorf(docextract.ENOTFOUND, msgNotFound)
	} else if err != nil {
		return err
	}
	s.Logger.InfoContext(ctx, "document deleted", "document_id", d.ID, "task_id", res.TaskID, "task_deleted", res.TaskDeleted)
	return nil
}

// ExportDocuments builds the export of the team's documents ids in format
// (docs/api.md, Download selected documents): at most docextract.MaxDocumentsDownload ids; ids that are
// not the team's, or have no result, are skipped as if missing and
// duplicates are exported once; nothing left is ENOTFOUND ("No accessible
// documents found for the specified IDs."). The caller closes the export.
func (s *Server) ExportDocuments(ctx context.Context, teamID string, ids []string, format export.Format, opt export.Options) (*export.Export, error) {
	s.init()
	if len(ids) > docextract.MaxDocumentsDownload {
		return nil, errorf(docextract.EINVALID, msgTooManyDocuments)
	}
	docs, err := s.accessibleDocuments(ctx, teamID, ids)
	if err != nil {
		return nil, err
	}
	if len(docs) == 0 {
		return nil, errorf(docextract.ENOTFOUND, msgNoAccessible)
	}
	return export.Build(ctx, format, docs, opt)
}
