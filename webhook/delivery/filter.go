package delivery

import (
	"slices"

	"github.com/docextract/docextract/webhook"
)

// Subscription is what an endpoint receives (docs/api.md, Webhooks). Empty lists mean
// no filter.
type Subscription struct {
	TeamID           string
	EventTypes       []string // task.completed, task.failed
	IngestSources    []string // upload, email
	TemplateGroupIDs []string
}

// Candidate is a document of a finished task with the template groups its
// template belongs to (none before template assignment).
type Candidate struct {
	Document         webhook.ResultDocument
	TemplateGroupIDs []string
}

// TaskEvent is a task's finished state as the filters see it.
type TaskEvent struct {
	Type         string // webhook.EventTaskCompleted or EventTaskFailed
	TeamID       string
	IngestSource *string // nil when unknown
	// Documents: for completed events, the result documents; for failed
	// events, the task's accessible documents (its split parts, or the
	// original when not split) with their template assignment.
	Documents []Candidate
}

// Match decides whether an endpoint with subscription sub receives ev, and
// with which documents (docs/api.md, Webhooks):
//
//   - the task's team must be the endpoint's, the type subscribed, and the
//     ingest source among the filter's (an unknown source matches only
//     endpoints without a source filter);
//   - completed, no template filter: every document, possibly none;
//   - completed, template filter: only when at least one document is in a
//     selected group, and only those documents;
//   - failed, template filter: only when at least one document is in a
//     selected group (any document, not necessarily the failed one), so a
//     failure before template assignment reaches only endpoints without a
//     template filter. Failed events carry no documents.
//
// Endpoint test events bypass filters and are not matched here.
func Match(sub Subscription, ev TaskEvent) ([]webhook.ResultDocument, bool) {
	if sub.TeamID != ev.TeamID {
		return nil, false
	}
	if ev.Type != webhook.EventTaskCompleted && ev.Type != webhook.EventTaskFailed {
		return nil, false
	}
	if len(sub.EventTypes) > 0 && !slices.Contains(sub.EventTypes, ev.Type) {
		return nil, false
	}
	if len(sub.IngestSources) > 0 && (ev.IngestSource == nil || !slices.Contains(sub.IngestSources, *ev.IngestSource)) {
		return nil, false
	}
	inFilter := func(c Candidate) bool {
		for _, g := range c.TemplateGroupIDs {
			if slices.Contains(sub.TemplateGroupIDs, g) {
				return true
			}
		}
		return false
	}
	filtered := len(sub.TemplateGroupIDs) > 0
	if ev.Type == webhook.EventTaskFailed {
		if filtered && !slices.ContainsFunc(ev.Documents, inFilter) {
			return nil, false
		}
		return nil, true
	}
	docs := make([]webhook.ResultDocument, 0, len(ev.Documents))
	for _, c := range ev.Documents {
		if !filtered || inFilter(c) {
			docs = append(docs, c.Document)
		}
	}
	if filtered && len(docs) == 0 {
		return nil, false
	}
	return docs, true
}
