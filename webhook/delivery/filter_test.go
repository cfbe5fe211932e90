package delivery

import (
	"testing"

	"github.com/docextract/docextract/webhook"
	"github.com/stretchr/testify/require"
)

func TestMatch(t *testing.T) {
	t.Parallel()
	email, upload := "email", "upload"
	d := func(id string, groups ...string) Candidate {
		return Candidate{Document: webhook.ResultDocument{ID: id}, TemplateGroupIDs: groups}
	}
	completed := func(src *string, docs ...Candidate) TaskEvent {
		return TaskEvent{Type: webhook.EventTaskCompleted, TeamID: "t1", IngestSource: src, Documents: docs}
	}
	failed := func(src *string, docs ...Candidate) TaskEvent {
		return TaskEvent{Type: webhook.EventTaskFailed, TeamID: "t1", IngestSource: src, Documents: docs}
	}
	all := Subscription{TeamID: "t1"}
	for _, tc := range []struct {
		name string
		sub  Subscription
		ev   TaskEvent
		ok   bool
		docs []string
	}{
		{"no filters, all documents", all, completed(&upload, d("a", "g1"), d("b")), true, []string{"a", "b"}},
		{"no filters, no documents", all, completed(nil), true, []string{}},
		{"other team", Subscription{TeamID: "t2"}, completed(&upload), false, nil},
		{"type subscribed", Subscription{TeamID: "t1", EventTypes: []string{"task.completed"}}, completed(nil), true, []string{}},
		{"type not subscribed", Subscription{TeamID: "t1", EventTypes: []string{"task.failed"}}, completed(nil), false, nil},
		{"failed subscribed", Subscription{TeamID: "t1", EventTypes: []string{"task.failed"}}, failed(nil), true, nil},
		{"both subscribed", Subscription{TeamID: "t1", EventTypes: []string{"task.completed", "task.failed"}}, failed(nil), true, nil},
		{"source matches", Subscription{TeamID: "t1", IngestSources: []string{"email"}}, completed(&email, d("a"), d("b")), true, []string{"a", "b"}},
		{"source differs", Subscription{TeamID: "t1", IngestSources: []string{"email"}}, completed(&upload), false, nil},
		{"source unknown with filter", Subscription{TeamID: "t1", IngestSources: []string{"email", "upload"}}, completed(nil), false, nil},
		{"source unknown without filter", all, failed(nil), true, nil},
		{"template filter keeps matching documents", Subscription{TeamID: "t1", TemplateGroupIDs: []string{"g1", "g3"}}, completed(&email, d("a", "g1"), d("b", "g2"), d("c", "g2", "g3")), true, []string{"a", "c"}},
		{"template filter, no match", Subscription{TeamID: "t1", TemplateGroupIDs: []string{"g9"}}, completed(&email, d("a", "g1")), false, nil},
		{"template filter, no documents", Subscription{TeamID: "t1", TemplateGroupIDs: []string{"g1"}}, completed(nil), false, nil},
		{"failed, template filter, some document in group", Subscription{TeamID: "t1", TemplateGroupIDs: []string{"g2"}}, failed(nil, d("a", "g1"), d("b", "g2")), true, nil},
		{"failed, template filter, none in group", Subscription{TeamID: "t1", TemplateGroupIDs: []string{"g2"}}, failed(nil, d("a", "g1")), false, nil},
		{"failed before template assignment, filter", Subscription{TeamID: "t1", TemplateGroupIDs: []string{"g2"}}, failed(nil, d("a")), false, nil},
		{"failed before template assignment, no filter", all, failed(nil, d("a")), true, nil},
		{"all filters together", Subscription{TeamID: "t1", EventTypes: []string{"task.completed"}, IngestSources: []string{"email"}, TemplateGroupIDs: []string{"g1"}}, completed(&email, d("a", "g1"), d("b")), true, []string{"a"}},
		{"test events are not matched here", all, TaskEvent{Type: webhook.EventEndpointTest, TeamID: "t1"}, false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			docs, ok := Match(tc.sub, tc.ev)
			require.Equal(t, tc.ok, ok)
			if tc.docs == nil {
				require.Nil(t, docs)
				return
			}
			ids := []string{}
			for _, doc := range docs {
				ids = append(ids, doc.ID)
			}
			require.Equal(t, tc.docs, ids)
			require.NotNil(t, docs, "inline documents are an array, never null")
		})
	}
}
