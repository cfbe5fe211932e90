package httpapi

import (
	"context"
	"errors"

	"github.com/docextract/docextract"
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

// RotateEndpointSecret replaces e's secret at once (spec §5.7): every
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
