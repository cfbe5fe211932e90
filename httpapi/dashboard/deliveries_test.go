package dashboard_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/webhook"
)

// TestDeliveriesAcrossEndpoints checks the team-wide delivery history: both
// endpoints' deliveries, newest first, filtered by status and event type,
// paged, and none of another team's.
func TestDeliveriesAcrossEndpoints(t *testing.T) {
	b := setup(t)
	b.rc.status.Store(500)
	br := b.browser()
	br.signIn(b.keyA)
	ep1, _ := br.create(url.Values{"url": {b.rc.srv.URL + "/one"}})
	ep2, _ := br.create(url.Values{"url": {b.rc.srv.URL + "/two"}})
	d1 := b.failedDelivery(b.teamA.ID, ep1)
	d2 := b.failedDelivery(b.teamA.ID, ep2)
	// A pending test delivery (never due: it stays pending).
	pending := &store.WebhookDelivery{TeamID: b.teamA.ID, EndpointID: ep1, EventID: webhook.NewID(), EventType: webhook.EventEndpointTest,
		MaxAttempts: 1, Body: []byte(`{}`), NextAttemptAt: time.Now().Add(time.Hour)}
	require.NoError(t, b.db.CreateWebhookDelivery(context.Background(), pending))

	brB := b.browser()
	brB.signIn(b.keyB)
	epB, _ := brB.create(url.Values{"url": {b.rc.srv.URL + "/b"}})
	dB := b.failedDelivery(b.teamB.ID, epB)

	p := br.get("/dashboard/deliveries")
	require.Equal(t, 200, p.Status)
	i1, i2, ip := strings.Index(p.Body, d1.ID), strings.Index(p.Body, d2.ID), strings.Index(p.Body, pending.ID)
	require.True(t, i1 > 0 && i2 > 0 && ip > 0, "both endpoints' deliveries are listed")
	require.True(t, ip < i2 && i2 < i1, "newest first")
	require.Contains(t, p.Body, b.rc.srv.URL+"/two", "each row names its endpoint")
	require.NotContains(t, p.Body, dB.ID, "another team's delivery is not shown")

	p = br.get("/dashboard/deliveries?status=failed")
	require.Contains(t, p.Body, d1.ID)
	require.Contains(t, p.Body, d2.ID)
	require.NotContains(t, p.Body, pending.ID)
	p = br.get("/dashboard/deliveries?event_type=endpoint.test")
	require.Contains(t, p.Body, pending.ID)
	require.NotContains(t, p.Body, d1.ID)
	p = br.get("/dashboard/deliveries?status=acknowledged")
	require.Contains(t, p.Body, "No deliveries match these filters.")
	p = br.get("/dashboard/deliveries?status=lost")
	require.Equal(t, 400, p.Status)
	require.Contains(t, p.Body, "Invalid filter.")

	// Paging keeps the filter: 51 task.failed deliveries make more than one page.
	for range 2*25 + 1 {
		d := &store.WebhookDelivery{TeamID: b.teamA.ID, EndpointID: ep2, EventID: webhook.NewID(), EventType: webhook.EventTaskFailed,
			MaxAttempts: 1, Body: []byte(`{}`), NextAttemptAt: time.Now().Add(time.Hour)}
		require.NoError(t, b.db.CreateWebhookDelivery(context.Background(), d))
	}
	p = br.get("/dashboard/deliveries?event_type=task.failed")
	require.Contains(t, p.Body, `id="older"`)
	require.Contains(t, p.Body, "event_type=task.failed")
	require.NotContains(t, p.Body, d1.ID, "task.completed deliveries are filtered out")
}
