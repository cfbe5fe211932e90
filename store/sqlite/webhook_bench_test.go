package sqlite_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/docextract/docextract/internal/benchutil"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/sqlite"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// BenchmarkWebhookLeaseRecord is the store's share of a durable delivery
// without any HTTP: deliveries leased in batches of 32 and their outcomes
// recorded in one transaction per batch. One op is one delivery.
func BenchmarkWebhookLeaseRecord(b *testing.B) {
	for _, batch := range []int{1, 8, 16, 32, 64} {
		b.Run("batch="+strconv.Itoa(batch), func(b *testing.B) {
			ctx := context.Background()
			db, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
			require.NoError(b, err)
			defer db.Close()
			team, err := db.CreateTeam(ctx, "Acme")
			require.NoError(b, err)
			ep := &store.WebhookEndpoint{TeamID: team.ID, URL: "https://hooks.example.com/a", Enabled: true, Secret: "whsec_x"}
			require.NoError(b, db.CreateWebhookEndpoint(ctx, ep))
			body := bytes.Repeat([]byte("x"), 2048)
			ds := make([]*store.WebhookDelivery, b.N)
			for i := range ds {
				ds[i] = &store.WebhookDelivery{TeamID: team.ID, EndpointID: ep.ID, EventID: uuid.NewString(), EventType: "task.completed", MaxAttempts: 8, Body: body}
			}
			require.NoError(b, db.FanOut(ctx, 1, ds))
			b.ResetTimer()
			m := benchutil.Start()
			for done := 0; done < b.N; {
				l, err := db.LeaseWebhookDeliveries(ctx, store.LeaseRequest{Limit: batch, Lease: time.Minute})
				require.NoError(b, err)
				rs := make([]store.AttemptRecord, len(l.Deliveries))
				for i, d := range l.Deliveries {
					rs[i] = store.AttemptRecord{DeliveryID: d.Delivery.ID, LeaseToken: d.Delivery.LeaseToken, Outcome: store.AttemptOutcome{
						Attempt: store.WebhookAttempt{StartedAt: time.Now(), StatusCode: 204, Duration: time.Millisecond}, Status: store.DeliveryAcknowledged}}
				}
				res, err := db.RecordWebhookAttempts(ctx, rs)
				require.NoError(b, err)
				for _, e := range res {
					require.NoError(b, e)
				}
				done += len(rs)
			}
			m.Report(b, "deliveries")
		})
	}
}
