package storetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/webhook/event"
)

func testReview(t *testing.T, open Open) {
	t.Run("TeamClassificationSetting", func(t *testing.T) {
		b := setup(t, open, 0)
		require.Equal(t, docextract.ClassificationAuto, b.team.Classification)
		got, err := b.s.FindTeam(b.ctx, b.team.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.ClassificationAuto, got.Classification)
		require.NoError(t, b.s.SetClassification(b.ctx, b.team.ID, docextract.ClassificationReview))
		got, err = b.s.FindTeam(b.ctx, b.team.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.ClassificationReview, got.Classification)
		requireCode(t, docextract.EINVALID, b.s.SetClassification(b.ctx, b.team.ID, "sometimes"))
		requireCode(t, docextract.ENOTFOUND, b.s.SetClassification(b.ctx, "00000000-0000-0000-0000-000000000000", docextract.ClassificationAuto))
	})

	t.Run("ApproveQueuesAsTheApprovedType", func(t *testing.T) {
		b := setup(t, open, 10)
		task := b.upload(t, 2)
		requireCode(t, docextract.ECONFLICT, b.s.ApproveTask(b.ctx, task.ID, docextract.Receipt)) // not in review
		j, err := b.s.LeaseJob(b.ctx, time.Minute)
		require.NoError(t, err)
		_, err = b.s.StartTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.NoError(t, b.s.ReviewTask(b.ctx, task.ID, docextract.Receipt))
		got, err := b.s.FindTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.TaskNeedsReview, got.Status)
		require.Equal(t, docextract.Receipt, got.DetectedType)
		require.False(t, got.ReviewApproved)
		require.Equal(t, int64(2), b.balance(t).Held) // the hold stays
		_, err = b.s.FindTaskEvent(b.ctx, task.ID)
		requireCode(t, docextract.ENOTFOUND, err)                                    // no event while waiting
		requireCode(t, docextract.ECONFLICT, b.s.ExtendLease(b.ctx, j, time.Minute)) // the job is gone
		none, err := b.s.LeaseJob(b.ctx, time.Minute)
		require.NoError(t, err)
		require.Nil(t, none) // the job went with the wait

		requireCode(t, docextract.EINVALID, b.s.ApproveTask(b.ctx, task.ID, docextract.Other))
		require.NoError(t, b.s.ApproveTask(b.ctx, task.ID, docextract.Receipt))
		requireCode(t, docextract.ECONFLICT, b.s.ApproveTask(b.ctx, task.ID, docextract.Receipt)) // resolved
		_, err = b.s.RejectTask(b.ctx, task.ID)
		requireCode(t, docextract.ECONFLICT, err)
		got, err = b.s.FindTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.TaskQueued, got.Status)
		require.Equal(t, docextract.Receipt, got.DocType)
		require.True(t, got.ReviewApproved)
		d, err := b.s.FindDocument(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.Receipt, d.DocType)
		require.Equal(t, docextract.StatusQueued, d.Status)
		j, err = b.s.LeaseJob(b.ctx, time.Minute)
		require.NoError(t, err)
		require.NotNil(t, j)
		require.Equal(t, task.ID, j.TaskID)
	})

	t.Run("RejectCompletesWithNoDocuments", func(t *testing.T) {
		b := setup(t, open, 10)
		task := b.upload(t, 2)
		_, err := b.s.LeaseJob(b.ctx, time.Minute)
		require.NoError(t, err)
		_, err = b.s.StartTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.NoError(t, b.s.ReviewTask(b.ctx, task.ID, docextract.BankStatement))
		ev, err := b.s.RejectTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, event.TaskCompleted, ev.Type)
		require.Equal(t, docextract.OutcomeNoMatchingDocuments, ev.Outcome)
		got, err := b.s.FindTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.TaskCompleted, got.Status)
		bal := b.balance(t)
		require.Equal(t, int64(0), bal.Held)
		require.Equal(t, int64(0), bal.Captured)
		_, err = b.s.RejectTask(b.ctx, task.ID)
		requireCode(t, docextract.ECONFLICT, err)
		requireCode(t, docextract.ECONFLICT, b.s.ReviewTask(b.ctx, task.ID, docextract.Receipt)) // finished
		_, err = b.s.RejectTask(b.ctx, "00000000-0000-0000-0000-000000000000")
		requireCode(t, docextract.ENOTFOUND, err)
		// A deleted task waiting for review releases its hold.
		other := b.upload(t, 3)
		require.NoError(t, b.s.ReviewTask(b.ctx, other.ID, docextract.Receipt))
		_, err = b.s.DeleteDocument(b.ctx, other.ID)
		require.NoError(t, err)
		require.Equal(t, int64(0), b.balance(t).Held)
		requireCode(t, docextract.ENOTFOUND, b.s.ApproveTask(b.ctx, other.ID, docextract.Receipt))
		var _ store.Store = b.s
	})
}
