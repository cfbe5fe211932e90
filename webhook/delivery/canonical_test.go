package delivery

import (
	"net/http"
	"testing"

	"github.com/docextract/docextract/webhook"
)

// TestHeaderNamesCanonical: Send assigns these names to the header map
// directly; each must be its own canonical form.
func TestHeaderNamesCanonical(t *testing.T) {
	for _, name := range []string{"Content-Type", "User-Agent", webhook.HeaderEvent, webhook.HeaderEventID,
		webhook.HeaderDeliveryID, webhook.HeaderAttempt, webhook.HeaderTimestamp, webhook.HeaderSignature} {
		if c := http.CanonicalHeaderKey(name); c != name {
			t.Errorf("%q is not canonical (%q)", name, c)
		}
	}
}
