package store_test

import (
	"testing"

	"github.com/docextract/docextract/store"
	"github.com/stretchr/testify/require"
)

// A leased delivery gets its endpoint; one whose endpoint is gone is set
// apart, and the order of both is kept.
func TestAttachEndpoints(t *testing.T) {
	a, b := &store.WebhookEndpoint{ID: "a"}, &store.WebhookEndpoint{ID: "b"}
	leased := []store.LeasedDelivery{
		{Delivery: &store.WebhookDelivery{Seq: 1, EndpointID: "b"}},
		{Delivery: &store.WebhookDelivery{Seq: 2, EndpointID: "deleted"}},
		{Delivery: &store.WebhookDelivery{Seq: 3, EndpointID: "a"}},
		{Delivery: &store.WebhookDelivery{Seq: 4, EndpointID: "deleted"}},
	}
	kept, gone := store.AttachEndpoints(leased, []*store.WebhookEndpoint{a, b})
	require.Len(t, kept, 2)
	require.Equal(t, int64(1), kept[0].Delivery.Seq)
	require.Same(t, b, kept[0].Endpoint)
	require.Equal(t, int64(3), kept[1].Delivery.Seq)
	require.Same(t, a, kept[1].Endpoint)
	require.Len(t, gone, 2)
	require.Equal(t, int64(2), gone[0].Delivery.Seq)
	require.Equal(t, int64(4), gone[1].Delivery.Seq)
	require.Nil(t, gone[0].Endpoint)

	kept, gone = store.AttachEndpoints(nil, nil)
	require.Empty(t, kept)
	require.Empty(t, gone)
}
