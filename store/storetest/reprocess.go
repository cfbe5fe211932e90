package storetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
)

// leaseReprocess leases the next job and requires it to be task's
// reprocessing.
func (b *bundle) leaseReprocess(t *testing.T, task *store.Task) *store.Job {
	t.Helper()
	j, err := b.s.LeaseJob(b.ctx, time.Minute)
	require.NoError(t, err)
	require.NotNil(t, j)
	require.Equal(t, task.ID, j.TaskID)
	require.Equal(t, store.JobReprocess, j.Kind)
	return j
}

func testReprocess(t *testing.T, open Open) {
	t.Run("ReplacesDocumentsChargesAndRecordsNoEvent", func(t *testing.T) {
		b := setup(t, open, 5)
		task := b.upload(t, 2)
		requireCode(t, docextract.ECONFLICT, b.s.ReprocessTask(b.ctx, task.ID)) // not finished
		first, err := b.s.CompleteTask(b.ctx, &store.Completion{TaskID: task.ID, Documents: []*store.Document{doc(task.ID, 1, 2)}})
		require.NoError(t, err)
		_, err = b.s.LeaseJob(b.ctx, time.Minute)
		require.NoError(t, err)
		require.Equal(t, int64(2), b.balance(t).Captured)

		require.NoError(t, b.s.ReprocessTask(b.ctx, task.ID))
		got, err := b.s.FindTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.True(t, got.Reprocessing)
		require.Equal(t, docextract.TaskCompleted, got.Status)
		require.Equal(t, int64(2), b.balance(t).Held)
		requireCode(t, docextract.ECONFLICT, b.s.ReprocessTask(b.ctx, task.ID)) // already

		j := b.leaseReprocess(t, task)
		split := []*store.Document{doc("", 1, 1), doc("", 2, 2)}
		split[1].TemplateID = "other"
		replaced, err := b.s.CompleteReprocess(b.ctx, j.ID, &store.Completion{TaskID: task.ID, ContentType: "application/pdf", PageCount: 2, Documents: split})
		require.NoError(t, err)
		require.True(t, replaced)
		docs, err := b.s.ListDocuments(b.ctx, task.ID)
		require.NoError(t, err)
		require.Len(t, docs, 2)
		require.Equal(t, task.ID, docs[0].ID)
		require.NotEqual(t, task.ID, docs[1].ID)
		require.Equal(t, "other", docs[1].TemplateID)
		require.Equal(t, 2, docs[1].PageStart)
		require.Equal(t, docextract.StatusCompleted, docs[1].Status)
		got, err = b.s.FindTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.False(t, got.Reprocessing)
		require.Equal(t, docextract.TaskCompleted, got.Status)
		require.Equal(t, docextract.OutcomeExtracted, got.Outcome)
		ev, err := b.s.FindTaskEvent(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, first.ID, ev.ID) // the one event, unchanged
		bal := b.balance(t)
		require.Equal(t, int64(4), bal.Captured)
		require.Equal(t, int64(0), bal.Held)
		_, err = b.s.CompleteReprocess(b.ctx, j.ID, &store.Completion{TaskID: task.ID})
		requireCode(t, docextract.ENOTFOUND, err) // the job is done

		// Not enough credits for the hold: refused, nothing held.
		requireCode(t, docextract.EPAYMENT, b.s.ReprocessTask(b.ctx, task.ID))
		require.Equal(t, int64(0), b.balance(t).Held)

		// Nothing found this time: the first document stays without data,
		// the others go; the outcome follows.
		require.NoError(t, b.s.Grant(b.ctx, b.team.ID, 10))
		require.NoError(t, b.s.ReprocessTask(b.ctx, task.ID))
		j = b.leaseReprocess(t, task)
		replaced, err = b.s.CompleteReprocess(b.ctx, j.ID, &store.Completion{TaskID: task.ID})
		require.NoError(t, err)
		require.True(t, replaced)
		docs, err = b.s.ListDocuments(b.ctx, task.ID)
		require.NoError(t, err)
		require.Len(t, docs, 1)
		require.Equal(t, task.ID, docs[0].ID)
		require.False(t, docs[0].HasResult())
		got, err = b.s.FindTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.OutcomeNoMatchingDocuments, got.Outcome)
		require.Equal(t, int64(4), b.balance(t).Captured)

		// A capture the hold and balance cannot cover: documents kept,
		// nothing charged.
		require.NoError(t, b.s.ReprocessTask(b.ctx, task.ID))
		j = b.leaseReprocess(t, task)
		big := doc("", 1, 2)
		big.CreditsUsed = 1000
		replaced, err = b.s.CompleteReprocess(b.ctx, j.ID, &store.Completion{TaskID: task.ID, Documents: []*store.Document{big}})
		require.NoError(t, err)
		require.False(t, replaced)
		docs, err = b.s.ListDocuments(b.ctx, task.ID)
		require.NoError(t, err)
		require.Len(t, docs, 1)
		require.False(t, docs[0].HasResult())
		bal = b.balance(t)
		require.Equal(t, int64(4), bal.Captured)
		require.Equal(t, int64(0), bal.Held)

		// Abandoned (extraction failed): the hold is voided.
		require.NoError(t, b.s.ReprocessTask(b.ctx, task.ID))
		j = b.leaseReprocess(t, task)
		require.NoError(t, b.s.AbandonReprocess(b.ctx, j.ID))
		requireCode(t, docextract.ENOTFOUND, b.s.AbandonReprocess(b.ctx, j.ID))
		require.Equal(t, int64(0), b.balance(t).Held)
		got, err = b.s.FindTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.False(t, got.Reprocessing)

		// Deleting the task while it waits releases its hold.
		require.NoError(t, b.s.ReprocessTask(b.ctx, task.ID))
		require.Equal(t, int64(2), b.balance(t).Held)
		res, err := b.s.DeleteDocument(b.ctx, task.ID)
		require.NoError(t, err)
		require.True(t, res.TaskDeleted)
		require.Equal(t, int64(0), b.balance(t).Held)
		requireCode(t, docextract.ENOTFOUND, b.s.ReprocessTask(b.ctx, task.ID))
	})

	t.Run("FailedTaskKeepsItsStatus", func(t *testing.T) {
		b := setup(t, open, 10)
		task := b.upload(t, 1)
		_, err := b.s.FailTask(b.ctx, task.ID, docextract.FailProcessing, "")
		require.NoError(t, err)
		require.NoError(t, b.s.ReprocessTask(b.ctx, task.ID))
		j := b.leaseReprocess(t, task)
		replaced, err := b.s.CompleteReprocess(b.ctx, j.ID, &store.Completion{TaskID: task.ID, Documents: []*store.Document{doc("", 1, 1)}})
		require.NoError(t, err)
		require.True(t, replaced)
		got, err := b.s.FindTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.TaskFailed, got.Status)
		require.Equal(t, docextract.FailProcessing, got.ErrorCode)
		d, err := b.s.FindDocument(b.ctx, task.ID)
		require.NoError(t, err)
		require.True(t, d.HasResult())
		require.Equal(t, int64(1), b.balance(t).Captured)
	})
}
