package dispatch

import (
	"context"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/webhook"
	"github.com/docextract/docextract/webhook/delivery"
	"github.com/docextract/docextract/webhook/event"
)

// fanOutBatch is how many task events one fan-out step reads.
const fanOutBatch = 50

// fanOutAll turns a batch of recorded task events into deliveries.
func (d *Dispatcher) fanOutAll(ctx context.Context) (bool, error) {
	cur, err := d.Store.WebhookFanoutCursor(ctx)
	if err != nil {
		return false, err
	}
	evs, err := d.Store.TaskEventsAfter(ctx, cur, fanOutBatch)
	if err != nil {
		return false, err
	}
	for _, ev := range evs {
		ds, err := d.deliveriesFor(ctx, ev.TaskEvent)
		if err != nil {
			return false, err
		}
		if err := d.Store.FanOut(ctx, ev.Seq, ds); err != nil {
			if docextract.ErrorCode(err) == docextract.ECONFLICT {
				return true, nil // another process fanned it out; reread the cursor
			}
			return false, err
		}
		if len(ds) > 0 {
			d.wakeSenders()
		}
	}
	return len(evs) == fanOutBatch, nil
}

// TaskSummary returns the task summary of a task event, as webhook bodies
// carry it: id, status, outcome, ingest source, times and original file.
func TaskSummary(ev *store.TaskEvent) webhook.Task {
	t := webhook.Task{ID: ev.TaskID, Outcome: ev.Outcome, OriginalFile: &webhook.OriginalFile{Name: ev.FileName}}
	t.Status = docextract.StatusCompleted
	if ev.Type == event.TaskFailed {
		t.Status, t.Outcome = docextract.StatusFailed, ""
	}
	if ev.IngestSource != "" {
		src := ev.IngestSource
		t.IngestSource = &src
	}
	if !ev.TaskCreatedAt.IsZero() {
		c := ev.TaskCreatedAt.UTC()
		t.CreatedAt = &c
	}
	done := ev.CreatedAt.UTC()
	t.CompletedAt = &done
	if ev.ContentType != "" {
		ct := ev.ContentType
		t.OriginalFile.ContentType = &ct
	}
	if ev.PageCount > 0 {
		n := ev.PageCount
		t.OriginalFile.PageCount = &n
	}
	return t
}

// ResultDocument returns the wire form of a stored document, as webhook
// bodies and the task-results endpoint carry it.
func ResultDocument(d *store.Document) webhook.ResultDocument {
	r := webhook.ResultDocument{ID: d.ID, FileName: d.FileName, ExtractionData: d.Data, Confidence: d.FieldConfidence}
	if d.PageStart > 0 {
		ps, pe, pc := d.PageStart, d.PageEnd, d.PageCount()
		r.PageStart, r.PageEnd = &ps, &pe
		if pc > 0 {
			r.PageCount = &pc
		}
	}
	if d.TemplateID != "" {
		id := d.TemplateID
		r.TemplateID = &id
	}
	return r
}

func (d *Dispatcher) groupsOf(templateID string) []string {
	if templateID == "" || d.TemplateGroups == nil {
		return nil
	}
	return d.TemplateGroups(templateID)
}

// candidates returns the task's documents as the filters see them: for a
// completed task its results, for a failed one every remaining document.
func (d *Dispatcher) candidates(ctx context.Context, ev *store.TaskEvent) ([]delivery.Candidate, error) {
	docs, err := d.Store.ListDocuments(ctx, ev.TaskID)
	if docextract.ErrorCode(err) == docextract.ENOTFOUND {
		return nil, nil // deleted since: nothing accessible
	} else if err != nil {
		return nil, err
	}
	var out []delivery.Candidate
	for _, doc := range docs {
		if ev.Type == event.TaskCompleted && !doc.HasResult() {
			continue
		}
		out = append(out, delivery.Candidate{Document: ResultDocument(doc), TemplateGroupIDs: d.groupsOf(doc.TemplateID)})
	}
	return out, nil
}

// deliveriesFor builds one delivery per enabled endpoint of the team that
// matches ev. Endpoints created after the event do not get it (no backfill).
func (d *Dispatcher) deliveriesFor(ctx context.Context, ev *store.TaskEvent) ([]*store.WebhookDelivery, error) {
	eps, err := d.Store.ListWebhookEndpoints(ctx, ev.TeamID)
	if err != nil || len(eps) == 0 {
		return nil, err
	}
	cands, err := d.candidates(ctx, ev)
	if err != nil {
		return nil, err
	}
	var src *string
	if ev.IngestSource != "" {
		src = &ev.IngestSource
	}
	te := delivery.TaskEvent{Type: ev.Type, TeamID: ev.TeamID, IngestSource: src, Documents: cands}
	meta := delivery.Meta{ID: ev.ID, CreatedAt: ev.CreatedAt, TeamID: ev.TeamID}
	task := TaskSummary(ev)
	var out []*store.WebhookDelivery
	for _, ep := range eps {
		if !ep.Enabled || ep.CreatedAt.After(ev.CreatedAt) {
			continue
		}
		docs, ok := delivery.Match(delivery.Subscription{TeamID: ep.TeamID, EventTypes: ep.EventTypes,
			IngestSources: ep.IngestSources, TemplateGroupIDs: ep.TemplateGroupIDs}, te)
		if !ok {
			continue
		}
		var body []byte
		if ev.Type == event.TaskFailed {
			body, err = delivery.TaskFailed(meta, task, ev.ErrorCode)
		} else {
			body, err = delivery.TaskCompleted(meta, task, docs, delivery.ResultsURL(d.BaseURL, ev.TaskID, ep.TemplateGroupIDs))
		}
		if err != nil {
			return nil, err
		}
		out = append(out, &store.WebhookDelivery{TeamID: ev.TeamID, EndpointID: ep.ID, EventID: ev.ID, EventType: ev.Type,
			MaxAttempts: d.maxAttempts(), Body: body})
	}
	return out, nil
}
