package delivery

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/webhook"
	"github.com/stretchr/testify/require"
)

var meta = Meta{ID: "9b2f3c1e-7a4d-4e8b-b1c2-3d4e5f6a7b8c", CreatedAt: time.Date(2026, 1, 1, 1, 0, 0, 0, time.FixedZone("x", 3600)), TeamID: "0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f70"}

func task(status string) webhook.Task {
	src := docextract.SourceEmail
	ct := "application/pdf"
	pages := 3
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	return webhook.Task{ID: "1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d", Status: status, IngestSource: &src,
		CreatedAt: &at, CompletedAt: &at, OriginalFile: &webhook.OriginalFile{Name: "in.pdf", ContentType: &ct, PageCount: &pages}}
}

func decode(t *testing.T, body []byte) (webhook.Event, map[string]any) {
	t.Helper()
	e, err := webhook.ParseEvent(body)
	require.NoError(t, err)
	var data map[string]any
	require.NoError(t, json.Unmarshal(e.Data, &data))
	return e, data
}

func TestTaskCompletedInline(t *testing.T) {
	t.Parallel()
	tk := task(docextract.StatusCompleted)
	tk.Outcome = docextract.OutcomeNoMatchingDocuments
	body, err := TaskCompleted(meta, tk, nil, "unused")
	require.NoError(t, err)
	e, data := decode(t, body)
	require.Equal(t, "1", e.WebhookVersion)
	require.Equal(t, webhook.EventTaskCompleted, e.Type)
	require.Equal(t, meta.ID, e.ID)
	require.Equal(t, meta.TeamID, e.TeamID)
	require.Contains(t, string(body), `"created_at":"2026-01-01T00:00:00Z"`)
	require.Equal(t, "inline", data["result_mode"])
	require.Equal(t, []any{}, data["documents"], "empty documents is an empty array")
	require.NotContains(t, data, "results_url")
	taskJSON := data["task"].(map[string]any)
	require.Equal(t, "email", taskJSON["ingest_source"])
	require.Equal(t, "no_matching_documents", taskJSON["outcome"])

	p := 1
	docs := []webhook.ResultDocument{{ID: "d1", FileName: "in.pdf", PageStart: &p, PageEnd: &p, PageCount: &p}, {ID: "d2", FileName: "in.pdf", ExtractionData: json.RawMessage(`{"docType":"invoice"}`)}}
	body, err = TaskCompleted(meta, task(docextract.StatusCompleted), docs, "unused")
	require.NoError(t, err)
	_, data = decode(t, body)
	require.Len(t, data["documents"], 2)
	first := data["documents"].([]any)[0].(map[string]any)
	require.Equal(t, map[string]any{}, first["extraction_data"])
	require.Nil(t, first["template_id"])
	require.Contains(t, first, "template_id", "nullable fields are present as null")
}

func TestTaskCompletedReference(t *testing.T) {
	t.Parallel()
	big := json.RawMessage(`{"pad":"` + strings.Repeat("x", 400<<10) + `"}`)
	docs := []webhook.ResultDocument{{ID: "a", ExtractionData: big}, {ID: "b", ExtractionData: big}, {ID: "c", ExtractionData: big}}
	url := ResultsURL("https://api.example.com/", "1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d", []string{"g1", "g2"})
	require.Equal(t, "https://api.example.com/api/v1/tasks/1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d/results?template_group_ids=g1%2Cg2", url)

	body, err := TaskCompleted(meta, task(docextract.StatusCompleted), docs[:3], url)
	require.NoError(t, err)
	require.Less(t, len(body), 4096)
	_, data := decode(t, body)
	require.Equal(t, "reference", data["result_mode"])
	require.EqualValues(t, 3, data["document_count"])
	require.Equal(t, url, data["results_url"])
	require.NotContains(t, data, "documents")

	// Exactly at the limit stays inline; one byte more switches.
	inline, err := taskCompleted(meta, task(docextract.StatusCompleted), docs[:1], url, 1<<30)
	require.NoError(t, err)
	same, err := taskCompleted(meta, task(docextract.StatusCompleted), docs[:1], url, len(inline))
	require.NoError(t, err)
	require.Equal(t, inline, same)
	ref, err := taskCompleted(meta, task(docextract.StatusCompleted), docs[:1], url, len(inline)-1)
	require.NoError(t, err)
	_, data = decode(t, ref)
	require.Equal(t, "reference", data["result_mode"])
	require.Equal(t, "https://h/api/v1/tasks/t/results", ResultsURL("https://h", "t", nil))
}

func TestTaskFailed(t *testing.T) {
	t.Parallel()
	for code, msg := range map[string]string{
		"processing_failed":    "Document processing failed.",
		"insufficient_credits": "Insufficient credits to process this task.",
		"weird":                "Document processing failed.",
	} {
		body, err := TaskFailed(meta, task(docextract.StatusFailed), code)
		require.NoError(t, err)
		e, data := decode(t, body)
		require.Equal(t, webhook.EventTaskFailed, e.Type)
		errObj := data["error"].(map[string]any)
		require.Equal(t, msg, errObj["message"])
		require.NotContains(t, data, "result_mode")
		require.NotContains(t, data, "documents")
		require.Equal(t, "failed", data["task"].(map[string]any)["status"])
	}
}

func TestEndpointTest(t *testing.T) {
	t.Parallel()
	body, err := EndpointTest(meta)
	require.NoError(t, err)
	e, _ := decode(t, body)
	require.Equal(t, webhook.EventEndpointTest, e.Type)
	var d webhook.TestData
	require.NoError(t, json.Unmarshal(e.Data, &d))
	require.True(t, d.Test)
	require.Equal(t, "inline", d.ResultMode)
	require.Len(t, d.Documents, 1)
	require.NotEmpty(t, d.Task.ID)
	require.Equal(t, "completed", d.Task.Status)
}
