package dashboard

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/httpapi"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/webhook"
)

// deliveriesPerPage is the length of a page of an endpoint's deliveries.
const deliveriesPerPage = 25

// refreshWithin: a pending delivery's page reloads itself every second
// while an attempt is in progress (leased) or due within this, not while
// it waits hours for a retry.
const refreshWithin = 30 * time.Second

func (h *Handler) webhookRoutes() {
	h.mux.HandleFunc("GET "+prefix+"webhooks", h.authed(h.handleEndpoints))
	h.mux.HandleFunc("POST "+prefix+"webhooks", h.authed(h.handleCreate))
	h.mux.HandleFunc("GET "+prefix+"webhooks/{id}", h.authed(h.withEndpoint(h.handleEndpoint)))
	h.mux.HandleFunc("POST "+prefix+"webhooks/{id}", h.authed(h.withEndpoint(h.handleUpdate)))
	h.mux.HandleFunc("POST "+prefix+"webhooks/{id}/enable", h.authed(h.withEndpoint(h.handleEnable(true))))
	h.mux.HandleFunc("POST "+prefix+"webhooks/{id}/disable", h.authed(h.withEndpoint(h.handleEnable(false))))
	h.mux.HandleFunc("POST "+prefix+"webhooks/{id}/rotate", h.authed(h.withEndpoint(h.handleRotate)))
	h.mux.HandleFunc("POST "+prefix+"webhooks/{id}/test", h.authed(h.withEndpoint(h.handleTest)))
	h.mux.HandleFunc("GET "+prefix+"webhooks/{id}/delete", h.authed(h.withEndpoint(h.handleDeletePage)))
	h.mux.HandleFunc("POST "+prefix+"webhooks/{id}/delete", h.authed(h.withEndpoint(h.handleDelete)))
	h.mux.HandleFunc("GET "+prefix+"deliveries", h.authed(h.handleDeliveries))
	h.mux.HandleFunc("GET "+prefix+"deliveries/{id}", h.authed(h.withDelivery(h.handleDelivery)))
	h.mux.HandleFunc("POST "+prefix+"deliveries/{id}/redeliver", h.authed(h.withDelivery(h.handleRedeliver)))
}

// withEndpoint loads the endpoint {id} of the session's team through the
// API's TeamEndpoint: another team's endpoint is not found.
func (h *Handler) withEndpoint(fn func(http.ResponseWriter, *http.Request, *session, *store.WebhookEndpoint)) func(http.ResponseWriter, *http.Request, *session) {
	return func(w http.ResponseWriter, r *http.Request, s *session) {
		e, err := h.API.TeamEndpoint(r.Context(), s.key.TeamID, r.PathValue("id"))
		if err != nil {
			h.fail(w, r, s, err)
			return
		}
		fn(w, r, s, e)
	}
}

func (h *Handler) withDelivery(fn func(http.ResponseWriter, *http.Request, *session, *store.WebhookDelivery)) func(http.ResponseWriter, *http.Request, *session) {
	return func(w http.ResponseWriter, r *http.Request, s *session) {
		d, err := h.API.TeamDelivery(r.Context(), s.key.TeamID, r.PathValue("id"))
		if err != nil {
			h.fail(w, r, s, err)
			return
		}
		fn(w, r, s, d)
	}
}

// endpointForm is the create and edit form's content.
type endpointForm struct {
	URL              string
	Description      string
	EventTypes       []string
	IngestSources    []string
	TemplateGroupIDs string
	Headers          string // "Name: value" lines
}

// Choices of the form's checkboxes.
var (
	eventChoices  = []string{webhook.EventTaskCompleted, webhook.EventTaskFailed}
	sourceChoices = []string{docextract.SourceUpload, docextract.SourceEmail}
)

func formOf(e *store.WebhookEndpoint) endpointForm {
	names := make([]string, 0, len(e.Headers))
	for k := range e.Headers {
		names = append(names, k+":")
	}
	slices.Sort(names)
	return endpointForm{URL: e.URL, Description: e.Description, EventTypes: e.EventTypes, IngestSources: e.IngestSources,
		TemplateGroupIDs: strings.Join(e.TemplateGroupIDs, ", "), Headers: strings.Join(names, "\n")}
}

// readForm reads the posted form into the API's EndpointInput; the API
// validates it. Header lines are "Name: value"; a blank value on edit
// keeps the stored one, as in the API.
func readForm(r *http.Request) (endpointForm, *httpapi.EndpointInput, error) {
	f := endpointForm{URL: strings.TrimSpace(r.PostFormValue("url")), Description: r.PostFormValue("description"),
		EventTypes: r.PostForm["event_types"], IngestSources: r.PostForm["ingest_sources"],
		TemplateGroupIDs: r.PostFormValue("template_group_ids"), Headers: r.PostFormValue("headers")}
	groups := []string{}
	for _, g := range strings.Split(f.TemplateGroupIDs, ",") {
		if g = strings.TrimSpace(g); g != "" {
			groups = append(groups, g)
		}
	}
	headers := map[string]string{}
	for _, line := range strings.Split(f.Headers, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok || strings.TrimSpace(name) == "" {
			return f, nil, &docextract.Error{Code: docextract.EINVALID, Message: "Each header line must be \"Name: value\"."}
		}
		headers[strings.TrimSpace(name)] = strings.TrimSpace(value)
	}
	events, sources := nonNil(f.EventTypes), nonNil(f.IngestSources)
	in := &httpapi.EndpointInput{URL: &f.URL, Description: &f.Description, EventTypes: &events,
		IngestSources: &sources, TemplateGroupIDs: &groups, Headers: &headers}
	return f, in, nil
}

func nonNil(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}

type endpointsData struct {
	Enabled   bool
	Endpoints []*store.WebhookEndpoint
	Form      endpointForm
	Events    []string
	Sources   []string
}

func (h *Handler) handleEndpoints(w http.ResponseWriter, r *http.Request, s *session) {
	h.endpointsPage(w, r, s, http.StatusOK, endpointForm{EventTypes: eventChoices}, "")
}

func (h *Handler) endpointsPage(w http.ResponseWriter, r *http.Request, s *session, status int, f endpointForm, msg string) {
	v := h.baseView(r, s, "Webhook endpoints", "webhooks")
	d := endpointsData{Enabled: h.API.WebhooksEnabled(), Form: f, Events: eventChoices, Sources: sourceChoices}
	if d.Enabled {
		eps, err := h.API.Store.ListWebhookEndpoints(r.Context(), s.key.TeamID)
		if err != nil {
			h.fail(w, r, s, err)
			return
		}
		d.Endpoints = eps
	}
	v.Data, v.Error = d, msg
	h.render(w, r, status, "webhooks", v)
}

// secretData is the page that shows a secret, once.
type secretData struct {
	Endpoint *store.WebhookEndpoint
	Created  bool
}

func (h *Handler) handleCreate(w http.ResponseWriter, r *http.Request, s *session) {
	f, in, err := readForm(r)
	if err == nil {
		var e *store.WebhookEndpoint
		if e, err = h.API.CreateEndpoint(r.Context(), s.key.TeamID, in); err == nil {
			v := h.baseView(r, s, "Endpoint created", "webhooks")
			v.Data = secretData{Endpoint: e, Created: true}
			h.render(w, r, http.StatusCreated, "secret", v)
			return
		}
	}
	if docextract.ErrorCode(err) == docextract.EINVALID {
		h.endpointsPage(w, r, s, http.StatusBadRequest, f, h.message(r, err))
		return
	}
	h.fail(w, r, s, err)
}

type endpointData struct {
	Endpoint   *store.WebhookEndpoint
	Form       endpointForm
	Events     []string
	Sources    []string
	Deliveries []*store.WebhookDelivery
	Next       string // the "before" of the next page, or ""
}

func (h *Handler) handleEndpoint(w http.ResponseWriter, r *http.Request, s *session, e *store.WebhookEndpoint) {
	h.endpointPage(w, r, s, e, http.StatusOK, formOf(e), "", r.URL.Query().Get("notice"))
}

func (h *Handler) endpointPage(w http.ResponseWriter, r *http.Request, s *session, e *store.WebhookEndpoint, status int, f endpointForm, msg, notice string) {
	var before int64
	if b := r.URL.Query().Get("before"); b != "" {
		n, err := strconv.ParseInt(b, 10, 64)
		if err != nil || n <= 0 {
			h.fail(w, r, s, &docextract.Error{Code: docextract.EINVALID, Message: "Invalid page."})
			return
		}
		before = n
	}
	ds, err := h.API.Store.ListWebhookDeliveries(r.Context(), e.ID, before, deliveriesPerPage+1)
	if err != nil {
		h.fail(w, r, s, err)
		return
	}
	d := endpointData{Endpoint: e, Form: f, Events: eventChoices, Sources: sourceChoices, Deliveries: ds}
	if len(ds) > deliveriesPerPage {
		d.Deliveries = ds[:deliveriesPerPage]
		d.Next = strconv.FormatInt(ds[deliveriesPerPage-1].Seq, 10)
	}
	v := h.baseView(r, s, "Endpoint "+e.URL, "webhooks")
	v.Data, v.Error, v.Notice = d, msg, noticeText(notice)
	h.render(w, r, status, "endpoint", v)
}

// noticeText maps the notice codes of redirects to their text, so a
// link cannot put words on the page.
func noticeText(code string) string {
	return map[string]string{
		"saved":    "Saved.",
		"enabled":  "Endpoint enabled.",
		"disabled": "Endpoint disabled; its pending deliveries were cancelled.",
	}[code]
}

func (h *Handler) handleUpdate(w http.ResponseWriter, r *http.Request, s *session, e *store.WebhookEndpoint) {
	f, in, err := readForm(r)
	if err == nil {
		if err = h.API.UpdateEndpoint(r.Context(), e, in); err == nil {
			http.Redirect(w, r, prefix+"webhooks/"+e.ID+"?notice=saved", http.StatusSeeOther)
			return
		}
	}
	if docextract.ErrorCode(err) == docextract.EINVALID {
		// Show the stored endpoint again, with the user's input.
		stored, ferr := h.API.TeamEndpoint(r.Context(), s.key.TeamID, e.ID)
		if ferr != nil {
			h.fail(w, r, s, ferr)
			return
		}
		h.endpointPage(w, r, s, stored, http.StatusBadRequest, f, h.message(r, err), "")
		return
	}
	h.fail(w, r, s, err)
}

func (h *Handler) handleEnable(on bool) func(http.ResponseWriter, *http.Request, *session, *store.WebhookEndpoint) {
	return func(w http.ResponseWriter, r *http.Request, s *session, e *store.WebhookEndpoint) {
		if err := h.API.UpdateEndpoint(r.Context(), e, &httpapi.EndpointInput{Enabled: &on}); err != nil {
			h.fail(w, r, s, err)
			return
		}
		notice := "disabled"
		if on {
			notice = "enabled"
		}
		http.Redirect(w, r, prefix+"webhooks/"+e.ID+"?notice="+notice, http.StatusSeeOther)
	}
}

func (h *Handler) handleRotate(w http.ResponseWriter, r *http.Request, s *session, e *store.WebhookEndpoint) {
	if err := h.API.RotateEndpointSecret(r.Context(), e); err != nil {
		h.fail(w, r, s, err)
		return
	}
	v := h.baseView(r, s, "Secret rotated", "webhooks")
	v.Data = secretData{Endpoint: e}
	h.render(w, r, http.StatusOK, "secret", v)
}

// handleTest queues an endpoint.test delivery (docs/api.md, Webhooks) and shows it; its
// page reloads itself until the attempt is done.
func (h *Handler) handleTest(w http.ResponseWriter, r *http.Request, s *session, e *store.WebhookEndpoint) {
	d, err := h.API.Webhooks.SendTest(r.Context(), e)
	if err != nil {
		h.fail(w, r, s, err)
		return
	}
	http.Redirect(w, r, prefix+"deliveries/"+d.ID, http.StatusSeeOther)
}

func (h *Handler) handleDeletePage(w http.ResponseWriter, r *http.Request, s *session, e *store.WebhookEndpoint) {
	v := h.baseView(r, s, "Delete endpoint", "webhooks")
	v.Data = e
	h.render(w, r, http.StatusOK, "delete", v)
}

func (h *Handler) handleDelete(w http.ResponseWriter, r *http.Request, s *session, e *store.WebhookEndpoint) {
	if err := h.API.DeleteEndpoint(r.Context(), e); err != nil {
		h.fail(w, r, s, err)
		return
	}
	http.Redirect(w, r, prefix+"webhooks", http.StatusSeeOther)
}

type deliveryData struct {
	Delivery *store.WebhookDelivery
	Endpoint *store.WebhookEndpoint // nil when gone
	Body     string                 // pretty-printed when JSON
	Pending  bool
}

func (h *Handler) handleDelivery(w http.ResponseWriter, r *http.Request, s *session, d *store.WebhookDelivery) {
	h.deliveryPage(w, r, s, d, http.StatusOK, "", r.URL.Query().Get("notice"))
}

func (h *Handler) deliveryPage(w http.ResponseWriter, r *http.Request, s *session, d *store.WebhookDelivery, status int, msg, notice string) {
	dd := deliveryData{Delivery: d, Pending: d.Status == store.DeliveryPending}
	dd.Body = indent(d.Body)
	if e, err := h.API.TeamEndpoint(r.Context(), s.key.TeamID, d.EndpointID); err == nil {
		dd.Endpoint = e
	} else if docextract.ErrorCode(err) != docextract.ENOTFOUND {
		h.fail(w, r, s, err)
		return
	}
	v := h.baseView(r, s, "Delivery "+d.ID, "webhooks")
	v.Data, v.Error = dd, msg
	if dd.Pending && msg == "" && (d.LeaseToken != "" || d.NextAttemptAt.Sub(h.now()) < refreshWithin) {
		v.Refresh = 1 // reload until the attempt is done, without script
	}
	if notice == "redelivered" {
		v.Notice = "Redelivery queued: this is the new delivery."
	}
	h.render(w, r, status, "delivery", v)
}

// handleRedeliver asks the dispatcher for a redelivery; where docs/api.md, Concepts does
// not allow one (a test event, a delivery not failed or cancelled, a
// disabled endpoint) the delivery is shown again with the reason.
func (h *Handler) handleRedeliver(w http.ResponseWriter, r *http.Request, s *session, d *store.WebhookDelivery) {
	nd, err := h.API.Webhooks.Redeliver(r.Context(), d)
	if err != nil {
		if c := docextract.ErrorCode(err); c == docextract.EINVALID || c == docextract.ECONFLICT {
			h.deliveryPage(w, r, s, d, httpapi.ErrorStatus(err), h.message(r, err), "")
			return
		}
		h.fail(w, r, s, err)
		return
	}
	http.Redirect(w, r, prefix+"deliveries/"+nd.ID+"?notice=redelivered", http.StatusSeeOther)
}

type deliveriesData struct {
	Deliveries        []*store.WebhookDelivery
	URLs              map[string]string // endpoint id -> URL
	Statuses, Events  []string
	Status, EventType string
	Next              string // link to the next page, or ""
}

var (
	deliveryStatuses = []string{store.DeliveryPending, store.DeliveryAcknowledged, store.DeliveryFailed, store.DeliveryCancelled}
	deliveryEvents   = []string{webhook.EventTaskCompleted, webhook.EventTaskFailed, webhook.EventEndpointTest}
)

// handleDeliveries lists the team's deliveries across its endpoints, newest
// first, filtered by status and event type, paged by "before".
func (h *Handler) handleDeliveries(w http.ResponseWriter, r *http.Request, s *session) {
	q := r.URL.Query()
	f := store.DeliveryFilter{Status: q.Get("status"), EventType: q.Get("event_type")}
	if f.Status != "" && !slices.Contains(deliveryStatuses, f.Status) || f.EventType != "" && !slices.Contains(deliveryEvents, f.EventType) {
		h.fail(w, r, s, &docextract.Error{Code: docextract.EINVALID, Message: "Invalid filter."})
		return
	}
	var before int64
	if b := q.Get("before"); b != "" {
		n, err := strconv.ParseInt(b, 10, 64)
		if err != nil || n <= 0 {
			h.fail(w, r, s, &docextract.Error{Code: docextract.EINVALID, Message: "Invalid page."})
			return
		}
		before = n
	}
	ds, err := h.API.Store.ListTeamWebhookDeliveries(r.Context(), s.key.TeamID, f, before, deliveriesPerPage+1)
	if err != nil {
		h.fail(w, r, s, err)
		return
	}
	eps, err := h.API.Store.ListWebhookEndpoints(r.Context(), s.key.TeamID)
	if err != nil {
		h.fail(w, r, s, err)
		return
	}
	d := deliveriesData{Deliveries: ds, URLs: map[string]string{}, Statuses: deliveryStatuses, Events: deliveryEvents,
		Status: f.Status, EventType: f.EventType}
	for _, e := range eps {
		d.URLs[e.ID] = e.URL
	}
	if len(ds) > deliveriesPerPage {
		d.Deliveries = ds[:deliveriesPerPage]
		next := url.Values{"before": {strconv.FormatInt(ds[deliveriesPerPage-1].Seq, 10)}}
		if f.Status != "" {
			next.Set("status", f.Status)
		}
		if f.EventType != "" {
			next.Set("event_type", f.EventType)
		}
		d.Next = prefix + "deliveries?" + next.Encode()
	}
	v := h.baseView(r, s, "Deliveries", "deliveries")
	v.Data = d
	h.render(w, r, http.StatusOK, "deliveries", v)
}
