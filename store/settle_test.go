package store_test

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/webhook/event"
	"github.com/stretchr/testify/require"
)

func TestSettle(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 2, 3, 4, 5, 6_000_000, time.UTC)
	task := store.Task{ID: "t1", TeamID: "team", FileName: "a.pdf", IngestSource: docextract.SourceEmail, Status: docextract.TaskProcessing,
		ContentType: "application/pdf", PageCount: 3, CreatedAt: now.Add(-time.Minute)}
	b, h, err := credits.ApplyHold(credits.Balance{Granted: 10}, "t1", "team", 3)
	require.NoError(t, err)

	t.Run("Extracted", func(t *testing.T) {
		t.Parallel()
		docs := []*store.Document{{ID: "t1", CreditsUsed: 2}, {ID: "d2", CreditsUsed: 2}}
		s, err := store.Complete(task, &store.Completion{TaskID: "t1", PageCount: 4, Documents: docs}, b, h, now)
		require.NoError(t, err)
		require.Equal(t, docextract.TaskCompleted, s.Task.Status)
		require.Equal(t, docextract.OutcomeExtracted, s.Task.Outcome)
		require.Equal(t, 4, s.Task.PageCount)
		require.Equal(t, now, s.Task.CompletedAt)
		require.Len(t, s.Documents, 2)
		require.Equal(t, 1, s.Documents[1].Position)
		require.Equal(t, "a.pdf", s.Documents[1].FileName)
		require.Equal(t, docextract.StatusCompleted, s.Documents[1].Status)
		require.Empty(t, docs[1].TaskID, "the caller's documents are not changed")
		require.Equal(t, credits.Balance{Granted: 10, Captured: 4}, s.Balance)
		require.True(t, s.Hold.Closed)
		require.Len(t, s.Entries, 3)
		require.Equal(t, &store.TaskEvent{TeamID: "team", TaskID: "t1", Type: event.TaskCompleted, Outcome: docextract.OutcomeExtracted,
			IngestSource: docextract.SourceEmail, FileName: "a.pdf", ContentType: "application/pdf", PageCount: 4,
			TaskCreatedAt: task.CreatedAt, CreatedAt: now}, s.Event)
	})
	t.Run("NoMatchingDocuments", func(t *testing.T) {
		t.Parallel()
		s, err := store.Complete(task, &store.Completion{TaskID: "t1"}, b, h, now)
		require.NoError(t, err)
		require.Equal(t, docextract.OutcomeNoMatchingDocuments, s.Task.Outcome)
		require.Equal(t, credits.Balance{Granted: 10}, s.Balance, "nothing charged, the hold released")
	})
	t.Run("NotCoveredFails", func(t *testing.T) {
		t.Parallel()
		s, err := store.Complete(task, &store.Completion{TaskID: "t1", ContentType: "image/png", Documents: []*store.Document{{ID: "t1", CreditsUsed: 11}}}, b, h, now)
		require.NoError(t, err)
		require.Equal(t, docextract.TaskFailed, s.Task.Status)
		require.Equal(t, docextract.FailInsufficientCredits, s.Task.ErrorCode)
		require.Equal(t, "application/pdf", s.Task.ContentType, "a failed completion changes nothing else")
		require.Empty(t, s.Documents)
		require.Equal(t, credits.Balance{Granted: 10}, s.Balance)
		require.Equal(t, event.TaskFailed, s.Event.Type)
		require.Equal(t, docextract.FailInsufficientCredits, s.Event.ErrorCode)
	})
	t.Run("FailDetail", func(t *testing.T) {
		t.Parallel()
		s, err := store.Fail(task, docextract.FailProcessing, "  Image size limit of 60 megapixels reached. ", b, h, now)
		require.NoError(t, err)
		require.Equal(t, "Image size limit of 60 megapixels reached.", s.Task.ErrorDetail)
		long := strings.Repeat("é", store.MaxErrorDetail) // 2 bytes a rune: cut mid-rune without care
		s, err = store.Fail(task, docextract.FailProcessing, long, b, h, now)
		require.NoError(t, err)
		require.LessOrEqual(t, len(s.Task.ErrorDetail), store.MaxErrorDetail)
		require.True(t, utf8.ValidString(s.Task.ErrorDetail))
		require.Equal(t, store.MaxErrorDetail/2, utf8.RuneCountInString(s.Task.ErrorDetail))

		failed := s.Task
		done, err := store.Complete(failed, &store.Completion{TaskID: "t1"}, b, h, now)
		require.NoError(t, err)
		require.Empty(t, done.Task.ErrorDetail, "a completion clears an earlier failure's detail")
	})
	t.Run("Refused", func(t *testing.T) {
		t.Parallel()
		_, err := store.Complete(task, &store.Completion{TaskID: "t1", Documents: []*store.Document{{ID: "other"}}}, b, h, now)
		require.Equal(t, docextract.EINVALID, docextract.ErrorCode(err))
		_, err = store.Fail(task, "bogus", "", b, h, now)
		require.Equal(t, docextract.EINVALID, docextract.ErrorCode(err))
	})
}
