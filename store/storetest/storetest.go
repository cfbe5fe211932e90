// Package storetest is the conformance suite of store.Store: every method
// of the interface, webhooks and signing keys included, with the rules the
// rest of the system relies on (atomic uploads, exactly-once completion,
// lease visibility, idempotent fan-out, interrupted attempts...). A storage
// adapter proves itself by running Test from its own tests against a real
// database:
//
//	func TestConformance(t *testing.T) {
//		storetest.Test(t, func(t *testing.T, now func() time.Time) store.Store {
//			return openTestDB(t, now) // empty, migrated, closed when t ends
//		})
//	}
//
// The suite drives time through now: the store must read the current time
// from it (for created and updated times, leases, due times and purges),
// never from the database server's clock. Times the suite sets are whole
// milliseconds, so a store may keep millisecond precision.
package storetest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/webhook/event"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// Open returns a new, empty, migrated store that reads the current time
// from now, closed when t ends.
type Open func(t *testing.T, now func() time.Time) store.Store

type bundle struct {
	ctx   context.Context
	s     store.Store
	team  *store.Team
	clock *clock // nil: the real time
}

// clock is a time the test sets.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// epoch is where test clocks start.
var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// setup opens a store on the real time with a team granted grant credits.
func setup(t *testing.T, open Open, grant int64) *bundle {
	t.Helper()
	return newBundle(t, open(t, time.Now), nil, grant)
}

// setupClock opens a store on a clock the test moves, starting at epoch.
func setupClock(t *testing.T, open Open, grant int64) *bundle {
	t.Helper()
	c := &clock{t: epoch}
	return newBundle(t, open(t, c.now), c, grant)
}

func newBundle(t *testing.T, s store.Store, c *clock, grant int64) *bundle {
	t.Helper()
	ctx := context.Background()
	team, err := s.CreateTeam(ctx, "Acme")
	require.NoError(t, err)
	if grant > 0 {
		require.NoError(t, s.Grant(ctx, team.ID, grant))
	}
	return &bundle{ctx: ctx, s: s, team: team, clock: c}
}

func (b *bundle) upload(t *testing.T, pages int) *store.Task {
	t.Helper()
	task := &store.Task{ID: uuid.NewString(), TeamID: b.team.ID, DocType: docextract.Invoice, FileName: "a.pdf",
		ContentType: "application/pdf", PageCount: pages, FileSize: 100}
	require.NoError(t, b.s.CreateUpload(b.ctx, &store.Upload{Task: task, Credits: credits.ForPages(pages)}))
	return task
}

func (b *bundle) balance(t *testing.T) credits.Balance {
	t.Helper()
	bal, err := b.s.Balance(b.ctx, b.team.ID)
	require.NoError(t, err)
	return bal
}

func doc(id string, start, end int) *store.Document {
	return &store.Document{ID: id, DocType: docextract.Invoice, PageStart: start, PageEnd: end, TemplateID: "tmpl",
		Data: json.RawMessage(`{"docType":"invoice"}`), Validation: json.RawMessage(`{"passed":true}`), Passed: true,
		CreditsUsed: int64(end - start + 1)}
}

func requireCode(t *testing.T, code string, err error) {
	t.Helper()
	require.Error(t, err)
	require.Equal(t, code, docextract.ErrorCode(err), "%v", err)
}

// Test runs the conformance suite; its subtests run in parallel, each on
// a store of its own.
func Test(t *testing.T, open Open) {
	t.Run("Core", func(t *testing.T) { testCore(t, open) })
	t.Run("Webhooks", func(t *testing.T) { testWebhooks(t, open) })
	t.Run("SigningKeys", func(t *testing.T) { testSigningKeys(t, open) })
	t.Run("Templates", func(t *testing.T) { testTemplates(t, open) })
	t.Run("Reprocess", func(t *testing.T) { testReprocess(t, open) })
	t.Run("Review", func(t *testing.T) { testReview(t, open) })
}

// testCore covers teams, keys, credits, tasks, documents, files and the job
// queue.
func testCore(t *testing.T, open Open) {
	t.Run("TeamsAndKeys", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 0)
		got, err := b.s.FindTeam(b.ctx, b.team.ID)
		require.NoError(t, err)
		require.Equal(t, "Acme", got.Name)
		n, err := b.s.CountTeams(b.ctx)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		_, err = b.s.FindTeam(b.ctx, uuid.NewString())
		requireCode(t, docextract.ENOTFOUND, err)

		h := sha256.Sum256([]byte("dex_secret"))
		k := &store.APIKey{TeamID: b.team.ID, Prefix: "dex_sec", Hash: h[:]}
		require.NoError(t, b.s.CreateAPIKey(b.ctx, k))
		require.NotEmpty(t, k.ID)
		found, err := b.s.FindAPIKey(b.ctx, h[:])
		require.NoError(t, err)
		require.Equal(t, b.team.ID, found.TeamID)
		other := sha256.Sum256([]byte("other"))
		_, err = b.s.FindAPIKey(b.ctx, other[:])
		requireCode(t, docextract.ENOTFOUND, err)
		requireCode(t, docextract.ENOTFOUND, b.s.CreateAPIKey(b.ctx, &store.APIKey{TeamID: uuid.NewString(), Hash: other[:]}))

		// List and revoke, per team.
		h2 := sha256.Sum256([]byte("dex_second"))
		k2 := &store.APIKey{TeamID: b.team.ID, Prefix: "dex_sec", Hash: h2[:], CreatedAt: k.CreatedAt.Add(time.Second)}
		require.NoError(t, b.s.CreateAPIKey(b.ctx, k2))
		team2, err := b.s.CreateTeam(b.ctx, "Other")
		require.NoError(t, err)
		keys, err := b.s.ListAPIKeys(b.ctx, b.team.ID)
		require.NoError(t, err)
		require.Len(t, keys, 2)
		require.Equal(t, []string{k.ID, k2.ID}, []string{keys[0].ID, keys[1].ID})
		require.Equal(t, "dex_sec", keys[0].Prefix)
		none, err := b.s.ListAPIKeys(b.ctx, team2.ID)
		require.NoError(t, err)
		require.Empty(t, none)
		requireCode(t, docextract.ENOTFOUND, b.s.DeleteAPIKey(b.ctx, team2.ID, k.ID))
		require.NoError(t, b.s.DeleteAPIKey(b.ctx, b.team.ID, k.ID))
		_, err = b.s.FindAPIKey(b.ctx, h[:])
		requireCode(t, docextract.ENOTFOUND, err)
		requireCode(t, docextract.ENOTFOUND, b.s.DeleteAPIKey(b.ctx, b.team.ID, k.ID))
		keys, err = b.s.ListAPIKeys(b.ctx, b.team.ID)
		require.NoError(t, err)
		require.Len(t, keys, 1)
	})

	t.Run("GrantAndBalance", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 10)
		require.NoError(t, b.s.Grant(b.ctx, b.team.ID, 5))
		require.Equal(t, credits.Balance{Granted: 15}, b.balance(t))
		requireCode(t, docextract.EINVALID, b.s.Grant(b.ctx, b.team.ID, 0))
		_, err := b.s.Balance(b.ctx, uuid.NewString())
		requireCode(t, docextract.ENOTFOUND, err)
	})

	t.Run("UploadHoldsAndEnqueues", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 5)
		task := b.upload(t, 3)
		require.Equal(t, credits.Balance{Granted: 5, Held: 3}, b.balance(t))

		got, err := b.s.FindTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.TaskQueued, got.Status)
		require.Equal(t, docextract.SourceUpload, got.IngestSource)
		require.Equal(t, int64(3), got.CreditsHeld)
		d, err := b.s.FindDocument(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, task.ID, d.TaskID)
		require.Equal(t, docextract.StatusQueued, d.Status)
		require.False(t, d.HasResult())

		// Refused when short; nothing recorded.
		refused := &store.Task{ID: uuid.NewString(), TeamID: b.team.ID, DocType: docextract.Invoice, FileName: "b.pdf"}
		err = b.s.CreateUpload(b.ctx, &store.Upload{Task: refused, Credits: 3})
		requireCode(t, docextract.EPAYMENT, err)
		require.Equal(t, credits.InsufficientMessage, docextract.ErrorMessage(err))
		_, err = b.s.FindTask(b.ctx, refused.ID)
		requireCode(t, docextract.ENOTFOUND, err)

		j, err := b.s.LeaseJob(b.ctx, time.Minute)
		require.NoError(t, err)
		require.NotNil(t, j)
		require.Equal(t, task.ID, j.TaskID)
		require.Equal(t, 1, j.Attempts)
	})

	t.Run("CreateUploadsAllOrNothing", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 5)
		other, err := b.s.CreateTeam(b.ctx, "Other")
		require.NoError(t, err)
		require.NoError(t, b.s.Grant(b.ctx, other.ID, 1))
		mk := func(team string, pages int, content string) *store.Upload {
			return &store.Upload{Task: &store.Task{ID: uuid.NewString(), TeamID: team, DocType: docextract.Receipt,
				IngestSource: docextract.SourceEmail, FileName: "a.pdf", ContentType: "application/pdf", PageCount: pages,
				FileSize: int64(len(content))}, Credits: int64(pages), File: strings.NewReader(content)}
		}
		// The holds of one team add up: 3 + 3 > 5 refuses both, and the
		// other team's upload in the same call with them.
		refused := []*store.Upload{mk(b.team.ID, 3, "one"), mk(other.ID, 1, "two"), mk(b.team.ID, 3, "three")}
		requireCode(t, docextract.EPAYMENT, b.s.CreateUploads(b.ctx, refused))
		for _, u := range refused {
			_, err := b.s.FindTask(b.ctx, u.Task.ID)
			requireCode(t, docextract.ENOTFOUND, err)
		}
		require.Equal(t, credits.Balance{Granted: 5}, b.balance(t))

		ok := []*store.Upload{mk(b.team.ID, 3, "one"), mk(other.ID, 1, "two"), mk(b.team.ID, 2, "three")}
		require.NoError(t, b.s.CreateUploads(b.ctx, ok))
		require.Equal(t, credits.Balance{Granted: 5, Held: 5}, b.balance(t))
		for _, u := range ok {
			got, err := b.s.FindTask(b.ctx, u.Task.ID)
			require.NoError(t, err)
			require.Equal(t, docextract.SourceEmail, got.IngestSource)
			require.Equal(t, docextract.TaskQueued, got.Status)
			require.Equal(t, u.Credits, got.CreditsHeld)
			data, err := b.s.ReadFile(b.ctx, u.Task.ID)
			require.NoError(t, err)
			require.Equal(t, u.Task.FileSize, int64(len(data)))
		}
		st, err := b.s.QueueStats(b.ctx)
		require.NoError(t, err)
		require.Equal(t, 3, st.Jobs)
		require.NoError(t, b.s.CreateUploads(b.ctx, nil), "nothing to store is no error")
	})

	t.Run("InboxToken", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 0)
		require.Regexp(t, `^[0-9a-f]{20}$`, b.team.InboxToken)
		require.Equal(t, docextract.Invoice, b.team.InboxDocType)
		other, err := b.s.CreateTeam(b.ctx, "Other")
		require.NoError(t, err)
		require.NotEqual(t, b.team.InboxToken, other.InboxToken)

		got, err := b.s.FindTeamByInboxToken(b.ctx, b.team.InboxToken)
		require.NoError(t, err)
		require.Equal(t, b.team.ID, got.ID)
		require.Equal(t, b.team.InboxToken, got.InboxToken)
		_, err = b.s.FindTeamByInboxToken(b.ctx, "0123456789abcdef0123")
		requireCode(t, docextract.ENOTFOUND, err)
		_, err = b.s.FindTeamByInboxToken(b.ctx, "")
		requireCode(t, docextract.ENOTFOUND, err)

		require.NoError(t, b.s.SetInboxDocType(b.ctx, b.team.ID, docextract.BankStatement))
		got, err = b.s.FindTeam(b.ctx, b.team.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.BankStatement, got.InboxDocType)
		require.Equal(t, b.team.InboxToken, got.InboxToken)
		requireCode(t, docextract.EINVALID, b.s.SetInboxDocType(b.ctx, b.team.ID, "letter"))
		requireCode(t, docextract.ENOTFOUND, b.s.SetInboxDocType(b.ctx, uuid.NewString(), docextract.Receipt))

		// Rotation: the new token finds the team, the old one nothing.
		fresh, err := b.s.RotateInboxToken(b.ctx, b.team.ID)
		require.NoError(t, err)
		require.Regexp(t, `^[0-9a-f]{20}$`, fresh)
		require.NotEqual(t, b.team.InboxToken, fresh)
		got, err = b.s.FindTeamByInboxToken(b.ctx, fresh)
		require.NoError(t, err)
		require.Equal(t, b.team.ID, got.ID)
		require.Equal(t, docextract.BankStatement, got.InboxDocType, "the default type stays")
		_, err = b.s.FindTeamByInboxToken(b.ctx, b.team.InboxToken)
		requireCode(t, docextract.ENOTFOUND, err)
		_, err = b.s.RotateInboxToken(b.ctx, uuid.NewString())
		requireCode(t, docextract.ENOTFOUND, err)
	})

	t.Run("QueueStats", func(t *testing.T) {
		t.Parallel()
		b := setupClock(t, open, 10)
		st, err := b.s.QueueStats(b.ctx)
		require.NoError(t, err)
		require.Equal(t, store.QueueStats{}, st)
		first := b.upload(t, 1)
		b.clock.add(time.Minute)
		b.upload(t, 1)
		st, err = b.s.QueueStats(b.ctx)
		require.NoError(t, err)
		require.Equal(t, 2, st.Jobs)
		require.True(t, st.Oldest.Equal(epoch), "%v", st.Oldest)
		_, err = b.s.FailTask(b.ctx, first.ID, docextract.FailProcessing, "")
		require.NoError(t, err)
		st, err = b.s.QueueStats(b.ctx)
		require.NoError(t, err)
		require.Equal(t, 1, st.Jobs)
		require.True(t, st.Oldest.Equal(epoch.Add(time.Minute)), "%v", st.Oldest)
	})

	t.Run("IdempotencyKey", func(t *testing.T) {
		t.Parallel()
		b := setupClock(t, open, 10)
		up := func(teamID, key string) (*store.Task, error) {
			task := &store.Task{ID: uuid.NewString(), TeamID: teamID, DocType: docextract.Receipt, FileName: "r.jpg",
				ContentType: "image/jpeg", PageCount: 1, FileSize: 3}
			return task, b.s.CreateUpload(b.ctx, &store.Upload{Task: task, Credits: 1, File: strings.NewReader("abc"), IdempotencyKey: key})
		}
		first, err := up(b.team.ID, "order-17")
		require.NoError(t, err)
		id, dt, err := b.s.FindIdempotentUpload(b.ctx, b.team.ID, "order-17", b.clock.now().Add(-store.IdempotencyWindow))
		require.NoError(t, err)
		require.Equal(t, first.ID, id)
		require.Equal(t, docextract.Receipt, dt)

		// The same key again: refused, and nothing stored, nothing held.
		second, err := up(b.team.ID, "order-17")
		requireCode(t, docextract.ECONFLICT, err)
		_, err = b.s.FindTask(b.ctx, second.ID)
		requireCode(t, docextract.ENOTFOUND, err)
		require.Equal(t, credits.Balance{Granted: 10, Held: 1}, b.balance(t))

		// Keys are per team; another key of the same team is free.
		other, err := b.s.CreateTeam(b.ctx, "Other")
		require.NoError(t, err)
		require.NoError(t, b.s.Grant(b.ctx, other.ID, 5))
		_, err = up(other.ID, "order-17")
		require.NoError(t, err)
		_, _, err = b.s.FindIdempotentUpload(b.ctx, b.team.ID, "order-18", epoch)
		requireCode(t, docextract.ENOTFOUND, err)

		// After the window the key is found no more and may be used again;
		// the next keyed upload of any team purges the other team's
		// expired key too.
		b.clock.add(store.IdempotencyWindow + time.Second)
		_, _, err = b.s.FindIdempotentUpload(b.ctx, b.team.ID, "order-17", b.clock.now().Add(-store.IdempotencyWindow))
		requireCode(t, docextract.ENOTFOUND, err)
		third, err := up(b.team.ID, "order-17")
		require.NoError(t, err)
		_, _, err = b.s.FindIdempotentUpload(b.ctx, other.ID, "order-17", time.Time{})
		requireCode(t, docextract.ENOTFOUND, err)
		id, _, err = b.s.FindIdempotentUpload(b.ctx, b.team.ID, "order-17", b.clock.now().Add(-store.IdempotencyWindow))
		require.NoError(t, err)
		require.Equal(t, third.ID, id)

		// The record outlives the task it names.
		_, err = b.s.DeleteDocument(b.ctx, third.ID)
		require.NoError(t, err)
		id, _, err = b.s.FindIdempotentUpload(b.ctx, b.team.ID, "order-17", b.clock.now().Add(-store.IdempotencyWindow))
		require.NoError(t, err)
		require.Equal(t, third.ID, id)
	})

	t.Run("ConcurrentUploadsAcceptExactlyTheBalance", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 100)
		var accepted, refused atomic.Int64
		var wg sync.WaitGroup
		for range 200 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				task := &store.Task{ID: uuid.NewString(), TeamID: b.team.ID, DocType: docextract.Receipt, FileName: "r.jpg", PageCount: 1}
				err := b.s.CreateUpload(b.ctx, &store.Upload{Task: task, Credits: 1})
				switch docextract.ErrorCode(err) {
				case "":
					accepted.Add(1)
				case docextract.EPAYMENT:
					refused.Add(1)
				default:
					t.Errorf("upload: %v", err)
				}
			}()
		}
		wg.Wait()
		require.Equal(t, int64(100), accepted.Load())
		require.Equal(t, int64(100), refused.Load())
		require.Equal(t, credits.Balance{Granted: 100, Held: 100}, b.balance(t))
	})

	t.Run("LeaseJobExceptSkipsBusyTeams", func(t *testing.T) {
		t.Parallel()
		b := setupClock(t, open, 10)
		a1 := b.upload(t, 1)
		b.clock.add(time.Millisecond)
		a2 := b.upload(t, 1)
		b.clock.add(time.Millisecond)
		other, err := b.s.CreateTeam(b.ctx, "other")
		require.NoError(t, err)
		require.NoError(t, b.s.Grant(b.ctx, other.ID, 10))
		o := &store.Task{ID: uuid.NewString(), TeamID: other.ID, DocType: docextract.Invoice, FileName: "o.pdf",
			ContentType: "application/pdf", PageCount: 1, FileSize: 100}
		require.NoError(t, b.s.CreateUpload(b.ctx, &store.Upload{Task: o, Credits: 1}))

		// The busy team's older jobs are passed over for the other team's.
		j, err := b.s.LeaseJobExcept(b.ctx, time.Minute, []string{b.team.ID})
		require.NoError(t, err)
		require.NotNil(t, j)
		require.Equal(t, o.ID, j.TaskID)
		require.Equal(t, 1, j.Attempts)
		none, err := b.s.LeaseJobExcept(b.ctx, time.Minute, []string{b.team.ID, other.ID})
		require.NoError(t, err)
		require.Nil(t, none)
		// Without teams it is LeaseJob: the oldest.
		j, err = b.s.LeaseJobExcept(b.ctx, time.Minute, nil)
		require.NoError(t, err)
		require.Equal(t, a1.ID, j.TaskID)
		j, err = b.s.LeaseJobExcept(b.ctx, time.Minute, []string{other.ID})
		require.NoError(t, err)
		require.Equal(t, a2.ID, j.TaskID)
	})

	t.Run("LeaseVisibility", func(t *testing.T) {
		t.Parallel()
		b := setupClock(t, open, 10)
		task := b.upload(t, 1)
		j, err := b.s.LeaseJob(b.ctx, time.Second)
		require.NoError(t, err)
		require.NotNil(t, j)

		none, err := b.s.LeaseJob(b.ctx, time.Minute)
		require.NoError(t, err)
		require.Nil(t, none, "a leased job is invisible")

		// The lease expires (the worker crashed): the job is leased again,
		// and the old lease can no longer be extended.
		b.clock.add(time.Second)
		again, err := b.s.LeaseJob(b.ctx, time.Minute)
		require.NoError(t, err)
		require.NotNil(t, again)
		require.Equal(t, task.ID, again.TaskID)
		require.Equal(t, 2, again.Attempts)
		requireCode(t, docextract.ECONFLICT, b.s.ExtendLease(b.ctx, j, time.Minute))
		require.NoError(t, b.s.ExtendLease(b.ctx, again, time.Minute))

		// Released: visible at once, the attempt not counted.
		require.NoError(t, b.s.ReleaseJob(b.ctx, again))
		third, err := b.s.LeaseJob(b.ctx, time.Minute)
		require.NoError(t, err)
		require.NotNil(t, third)
		require.Equal(t, 2, third.Attempts)

		require.NoError(t, b.s.DeleteJob(b.ctx, third))
		none, err = b.s.LeaseJob(b.ctx, 0)
		require.NoError(t, err)
		require.Nil(t, none)
	})

	t.Run("CompleteSplitTaskOnce", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 10)
		task := b.upload(t, 5)
		started, err := b.s.StartTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.TaskProcessing, started.Status)
		require.Equal(t, task.PageCount, started.PageCount)
		got, err := b.s.FindTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.TaskProcessing, got.Status)

		second := uuid.NewString()
		first := doc(task.ID, 1, 2)
		first.FieldConfidence = json.RawMessage(`{"InvoiceNumber":0.95,"lineItems":0.5}`)
		c := &store.Completion{TaskID: task.ID, ContentType: "application/pdf", PageCount: 5,
			Documents: []*store.Document{first, doc(second, 3, 4)}}
		ev, err := b.s.CompleteTask(b.ctx, c)
		require.NoError(t, err)
		require.Equal(t, event.TaskCompleted, ev.Type)
		require.Equal(t, docextract.OutcomeExtracted, ev.Outcome)
		require.Equal(t, task.ID, ev.TaskID)
		require.Equal(t, b.team.ID, ev.TeamID)
		require.Equal(t, "a.pdf", ev.FileName)
		require.Equal(t, 5, ev.PageCount)

		// 4 pages captured, the 5th held page released.
		require.Equal(t, credits.Balance{Granted: 10, Captured: 4}, b.balance(t))

		docs, err := b.s.ListDocuments(b.ctx, task.ID)
		require.NoError(t, err)
		require.Len(t, docs, 2)
		require.Equal(t, task.ID, docs[0].ID)
		require.Equal(t, second, docs[1].ID)
		require.Equal(t, 3, docs[1].PageStart)
		require.Equal(t, 2, docs[1].PageCount())
		require.Equal(t, int64(2), docs[1].CreditsUsed)
		require.True(t, docs[0].HasResult())
		require.JSONEq(t, `{"docType":"invoice"}`, string(docs[0].Data))
		// Field confidence is kept as written; a document without has none.
		require.JSONEq(t, `{"InvoiceNumber":0.95,"lineItems":0.5}`, string(docs[0].FieldConfidence))
		require.Nil(t, docs[1].FieldConfidence)
		found, err := b.s.FindDocument(b.ctx, task.ID)
		require.NoError(t, err)
		require.JSONEq(t, `{"InvoiceNumber":0.95,"lineItems":0.5}`, string(found.FieldConfidence))

		got, err = b.s.FindTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.TaskCompleted, got.Status)
		require.False(t, got.CompletedAt.IsZero())

		// A re-run (or reprocessing) changes nothing and records nothing.
		_, err = b.s.CompleteTask(b.ctx, c)
		requireCode(t, docextract.ECONFLICT, err)
		_, err = b.s.FailTask(b.ctx, task.ID, docextract.FailProcessing, "")
		requireCode(t, docextract.ECONFLICT, err)
		_, err = b.s.StartTask(b.ctx, task.ID)
		requireCode(t, docextract.ECONFLICT, err)
		stored, err := b.s.FindTaskEvent(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, ev.ID, stored.ID)
		require.Equal(t, credits.Balance{Granted: 10, Captured: 4}, b.balance(t))

		entries, err := b.s.LedgerEntries(b.ctx, b.team.ID)
		require.NoError(t, err)
		var actions []string
		for _, e := range entries {
			actions = append(actions, fmt.Sprintf("%s:%d", e.Action, e.Amount))
		}
		require.Equal(t, []string{"grant:10", "hold:5", "capture:2", "capture:2", "void:1"}, actions)
		recent, err := b.s.RecentLedgerEntries(b.ctx, b.team.ID, 3)
		require.NoError(t, err)
		require.Equal(t, []credits.Entry{entries[4], entries[3], entries[2]}, recent, "the newest, newest first")
		recent, err = b.s.RecentLedgerEntries(b.ctx, "no-such-team", 3)
		require.NoError(t, err)
		require.Empty(t, recent)

		// The job is gone.
		j, err := b.s.LeaseJob(b.ctx, 0)
		require.NoError(t, err)
		require.Nil(t, j)
	})

	t.Run("CompleteNoMatchingDocuments", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 10)
		task := b.upload(t, 2)
		ev, err := b.s.CompleteTask(b.ctx, &store.Completion{TaskID: task.ID})
		require.NoError(t, err)
		require.Equal(t, docextract.OutcomeNoMatchingDocuments, ev.Outcome)
		d, err := b.s.FindDocument(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.StatusCompleted, d.Status)
		require.False(t, d.HasResult())
		require.Equal(t, credits.Balance{Granted: 10}, b.balance(t))
	})

	t.Run("CompleteFirstDocumentKeepsTaskID", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 10)
		task := b.upload(t, 1)
		_, err := b.s.CompleteTask(b.ctx, &store.Completion{TaskID: task.ID, Documents: []*store.Document{doc(uuid.NewString(), 1, 1)}})
		requireCode(t, docextract.EINVALID, err)
	})

	t.Run("CaptureNotCoveredFailsTask", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 3)
		task := b.upload(t, 2) // holds 2, 1 left available
		ev, err := b.s.CompleteTask(b.ctx, &store.Completion{TaskID: task.ID, Documents: []*store.Document{doc(task.ID, 1, 4)}})
		require.NoError(t, err)
		require.Equal(t, event.TaskFailed, ev.Type)
		require.Equal(t, docextract.FailInsufficientCredits, ev.ErrorCode)
		got, err := b.s.FindTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.TaskFailed, got.Status)
		require.Equal(t, docextract.FailInsufficientCredits, got.ErrorCode)
		require.Equal(t, credits.Balance{Granted: 3}, b.balance(t))

		// Covered by hold plus balance: fine.
		task2 := b.upload(t, 2)
		ev, err = b.s.CompleteTask(b.ctx, &store.Completion{TaskID: task2.ID, Documents: []*store.Document{doc(task2.ID, 1, 3)}})
		require.NoError(t, err)
		require.Equal(t, event.TaskCompleted, ev.Type)
		require.Equal(t, credits.Balance{Granted: 3, Captured: 3}, b.balance(t))
	})

	t.Run("FailVoidsHold", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 10)
		task := b.upload(t, 4)
		ev, err := b.s.FailTask(b.ctx, task.ID, docextract.FailProcessing, "PDF engine memory limit of 256 MiB per document reached.")
		require.NoError(t, err)
		require.Equal(t, event.TaskFailed, ev.Type)
		require.Equal(t, docextract.FailProcessing, ev.ErrorCode)
		require.Equal(t, credits.Balance{Granted: 10}, b.balance(t))
		got, err := b.s.FindTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.FailProcessing, got.ErrorCode)
		require.Equal(t, "PDF engine memory limit of 256 MiB per document reached.", got.ErrorDetail, "the detail is stored with the failure")
		d, err := b.s.FindDocument(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.StatusFailed, d.Status)
		_, err = b.s.FailTask(b.ctx, task.ID, docextract.FailProcessing, "")
		requireCode(t, docextract.ECONFLICT, err)
		_, err = b.s.FailTask(b.ctx, task.ID, "bogus", "")
		requireCode(t, docextract.EINVALID, err)
	})

	t.Run("WaitRecordsNoEvent", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 10)
		task := b.upload(t, 1)
		require.NoError(t, b.s.WaitTask(b.ctx, task.ID, docextract.TaskPasswordRequired))
		got, err := b.s.FindTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.TaskPasswordRequired, got.Status)
		_, err = b.s.FindTaskEvent(b.ctx, task.ID)
		requireCode(t, docextract.ENOTFOUND, err)
		j, err := b.s.LeaseJob(b.ctx, 0)
		require.NoError(t, err)
		require.Nil(t, j)
		require.Equal(t, credits.Balance{Granted: 10, Held: 1}, b.balance(t))
		requireCode(t, docextract.EINVALID, b.s.WaitTask(b.ctx, task.ID, "completed"))

		// A password queues it again; the job carries the password.
		require.NoError(t, b.s.ResumeTask(b.ctx, task.ID, "s3cret"))
		requireCode(t, docextract.ECONFLICT, b.s.ResumeTask(b.ctx, task.ID, "again")) // not waiting any more
		got, err = b.s.FindTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.Equal(t, docextract.TaskQueued, got.Status)
		j, err = b.s.LeaseJob(b.ctx, time.Minute)
		require.NoError(t, err)
		require.NotNil(t, j)
		require.Equal(t, "s3cret", j.Password)
		// A wrong password parks it again, and the job (with the password) goes.
		_, err = b.s.StartTask(b.ctx, task.ID)
		require.NoError(t, err)
		require.NoError(t, b.s.WaitTask(b.ctx, task.ID, docextract.TaskPasswordRequired))
		j, err = b.s.LeaseJob(b.ctx, 0)
		require.NoError(t, err)
		require.Nil(t, j)
		requireCode(t, docextract.ENOTFOUND, b.s.ResumeTask(b.ctx, uuid.NewString(), "x"))
	})

	t.Run("ListTeamDocuments", func(t *testing.T) {
		t.Parallel()
		b := setupClock(t, open, 100)
		var ids []string // newest first, as listed
		for range 3 {
			b.clock.add(time.Second)
			task := b.upload(t, 1)
			ids = append([]string{task.ID}, ids...)
		}
		// A split task: two documents at the same time, ordered by id.
		b.clock.add(time.Second)
		task := b.upload(t, 2)
		second := uuid.NewString()
		_, err := b.s.StartTask(b.ctx, task.ID)
		require.NoError(t, err)
		_, err = b.s.CompleteTask(b.ctx, &store.Completion{TaskID: task.ID, ContentType: "application/pdf", PageCount: 2,
			Documents: []*store.Document{doc(task.ID, 1, 1), doc(second, 2, 2)}})
		require.NoError(t, err)
		pair := []string{task.ID, second}
		if pair[0] < pair[1] {
			pair[0], pair[1] = pair[1], pair[0]
		}
		ids = append(pair, ids...)
		// Another team's document is never listed.
		other, err := b.s.CreateTeam(b.ctx, "Other")
		require.NoError(t, err)
		require.NoError(t, b.s.Grant(b.ctx, other.ID, 10))
		require.NoError(t, b.s.CreateUpload(b.ctx, &store.Upload{Task: &store.Task{ID: uuid.NewString(), TeamID: other.ID,
			DocType: docextract.Invoice, FileName: "b.pdf", ContentType: "application/pdf", PageCount: 1, FileSize: 1}, Credits: 1}))

		var got []string
		var after store.DocumentKey
		for {
			page, err := b.s.ListTeamDocuments(b.ctx, b.team.ID, after, 2)
			require.NoError(t, err)
			for _, d := range page {
				require.Equal(t, b.team.ID, d.TeamID)
				require.Nil(t, d.Data, "data is not loaded")
				got = append(got, d.ID)
			}
			if len(page) < 2 {
				break
			}
			after = page[len(page)-1].Key()
		}
		require.Equal(t, ids, got)
		page, err := b.s.ListTeamDocuments(b.ctx, b.team.ID, store.DocumentKey{}, 10)
		require.NoError(t, err)
		require.True(t, page[0].Passed)
		require.Equal(t, docextract.StatusCompleted, page[0].Status)
		require.Equal(t, docextract.StatusQueued, page[len(page)-1].Status)
	})

	t.Run("DeleteDocuments", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 10)
		task := b.upload(t, 4)
		second := uuid.NewString()
		_, err := b.s.CompleteTask(b.ctx, &store.Completion{TaskID: task.ID, Documents: []*store.Document{doc(task.ID, 1, 2), doc(second, 3, 4)}})
		require.NoError(t, err)

		res, err := b.s.DeleteDocument(b.ctx, task.ID)
		require.NoError(t, err)
		require.False(t, res.TaskDeleted)
		_, err = b.s.FindDocument(b.ctx, task.ID)
		requireCode(t, docextract.ENOTFOUND, err)

		res, err = b.s.DeleteDocument(b.ctx, second)
		require.NoError(t, err)
		require.True(t, res.TaskDeleted)
		require.Equal(t, task.ID, res.TaskID)
		_, err = b.s.FindTask(b.ctx, task.ID)
		requireCode(t, docextract.ENOTFOUND, err)
		_, err = b.s.DeleteDocument(b.ctx, second)
		requireCode(t, docextract.ENOTFOUND, err)
		// Captured credits stay captured.
		require.Equal(t, credits.Balance{Granted: 10, Captured: 4}, b.balance(t))
	})

	t.Run("FileStoredWithUploadAndGoneWithTask", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 10)
		content := make([]byte, 600<<10) // several chunks for a chunking store
		for i := range content {
			content[i] = byte(i * 7)
		}
		task := &store.Task{ID: uuid.NewString(), TeamID: b.team.ID, DocType: docextract.Invoice, FileName: "a.pdf",
			ContentType: "application/pdf", PageCount: 1, FileSize: int64(len(content))}
		require.NoError(t, b.s.CreateUpload(b.ctx, &store.Upload{Task: task, Credits: 1, File: bytes.NewReader(content)}))
		got, err := b.s.ReadFile(b.ctx, task.ID)
		require.NoError(t, err)
		require.True(t, bytes.Equal(content, got), "stored %d bytes of %d", len(got), len(content))

		// A file shorter than the task says is refused, and nothing stays.
		short := &store.Task{ID: uuid.NewString(), TeamID: b.team.ID, DocType: docextract.Invoice, FileName: "b.pdf",
			ContentType: "application/pdf", PageCount: 1, FileSize: 10}
		require.Error(t, b.s.CreateUpload(b.ctx, &store.Upload{Task: short, Credits: 1, File: bytes.NewReader([]byte("%PDF"))}))
		_, err = b.s.FindTask(b.ctx, short.ID)
		requireCode(t, docextract.ENOTFOUND, err)
		_, err = b.s.ReadFile(b.ctx, short.ID)
		requireCode(t, docextract.ENOTFOUND, err)
		// So is a longer one.
		long := &store.Task{ID: uuid.NewString(), TeamID: b.team.ID, DocType: docextract.Invoice, FileName: "c.pdf",
			ContentType: "application/pdf", PageCount: 1, FileSize: 2}
		require.Error(t, b.s.CreateUpload(b.ctx, &store.Upload{Task: long, Credits: 1, File: bytes.NewReader([]byte("%PDF"))}))
		_, err = b.s.FindTask(b.ctx, long.ID)
		requireCode(t, docextract.ENOTFOUND, err)
		require.Equal(t, credits.Balance{Granted: 10, Held: 1}, b.balance(t))

		_, err = b.s.DeleteDocument(b.ctx, task.ID)
		require.NoError(t, err)
		_, err = b.s.ReadFile(b.ctx, task.ID)
		requireCode(t, docextract.ENOTFOUND, err)
	})

	t.Run("DeleteRacingProcessing", func(t *testing.T) {
		t.Parallel()
		b := setup(t, open, 10)
		task := b.upload(t, 3)
		j, err := b.s.LeaseJob(b.ctx, time.Minute)
		require.NoError(t, err)
		_, err = b.s.StartTask(b.ctx, task.ID)
		require.NoError(t, err)

		res, err := b.s.DeleteDocument(b.ctx, task.ID)
		require.NoError(t, err)
		require.True(t, res.TaskDeleted)
		require.Equal(t, credits.Balance{Granted: 10}, b.balance(t), "the hold is released")

		// The worker finishes afterwards: nothing comes back.
		_, err = b.s.CompleteTask(b.ctx, &store.Completion{TaskID: task.ID, Documents: []*store.Document{doc(task.ID, 1, 3)}})
		requireCode(t, docextract.ENOTFOUND, err)
		_, err = b.s.FindDocument(b.ctx, task.ID)
		requireCode(t, docextract.ENOTFOUND, err)
		requireCode(t, docextract.ECONFLICT, b.s.ExtendLease(b.ctx, j, time.Minute))
		require.Equal(t, credits.Balance{Granted: 10}, b.balance(t))
		_, err = b.s.FindTaskEvent(b.ctx, task.ID)
		requireCode(t, docextract.ENOTFOUND, err)
	})
}
