package dashboard_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/httpapi"
)

var newKey = regexp.MustCompile(`id="new-key">(dex_[A-Za-z0-9_-]+)<`)

func TestAPIKeys(t *testing.T) {
	b := setup(t)
	br := b.browser()
	br.signIn(b.keyA)
	p := br.get("/dashboard/keys")
	require.Equal(t, http.StatusOK, p.Status)
	require.Contains(t, p.Body, b.keyA[:10]+"…")
	require.NotContains(t, p.Body, b.keyA, "only the prefix")
	require.Contains(t, p.Body, "(this session)")

	// Create: shown once, and it works.
	p = br.post("/dashboard/keys", nil)
	require.Equal(t, http.StatusCreated, p.Status)
	m := newKey.FindStringSubmatch(p.Body)
	require.NotNil(t, m)
	created := m[1]
	k, err := b.api.AuthenticateKey(b.ctx, created)
	require.NoError(t, err)
	require.Equal(t, b.teamA.ID, k.TeamID)
	require.NotContains(t, br.get("/dashboard/keys").Body, created)

	// Another team cannot see or revoke it.
	o := b.browser()
	o.signIn(b.keyB)
	p = o.get("/dashboard/keys")
	require.NotContains(t, p.Body, k.Prefix)
	require.NotContains(t, p.Body, k.ID)
	p = o.post("/dashboard/keys/"+k.ID+"/revoke", nil)
	require.Equal(t, http.StatusNotFound, p.Status)
	_, err = b.api.AuthenticateKey(b.ctx, created)
	require.NoError(t, err, "still valid")

	// CSRF refused.
	br.get("/dashboard/keys")
	p = br.post("/dashboard/keys/"+k.ID+"/revoke", map[string][]string{"csrf": {"forged"}})
	require.Equal(t, http.StatusForbidden, p.Status)

	// Revoke: refused from now on, also a session signed in with it.
	other := b.browser()
	other.signIn(created)
	require.Equal(t, "/dashboard/webhooks", other.get("/dashboard/webhooks").URL)
	br.get("/dashboard/keys")
	p = br.post("/dashboard/keys/"+k.ID+"/revoke", nil)
	require.Contains(t, p.Body, "Key revoked")
	_, err = b.api.AuthenticateKey(b.ctx, created)
	require.Error(t, err)
	require.Equal(t, "/dashboard/signin", other.get("/dashboard/webhooks").URL, "its session ended")

	// Revoking the session's own key signs out.
	id := regexp.MustCompile(`action="/dashboard/keys/([0-9a-f-]{36})/revoke"`).FindStringSubmatch(br.get("/dashboard/keys").Body)[1]
	p = br.post("/dashboard/keys/"+id+"/revoke", nil)
	require.Equal(t, "/dashboard/signin", p.URL)
}

func TestAPIKeysBounded(t *testing.T) {
	b := setup(t)
	br := b.browser()
	br.signIn(b.keyA)
	for range httpapi.MaxAPIKeys - 1 {
		br.get("/dashboard/keys")
		require.Equal(t, http.StatusCreated, br.post("/dashboard/keys", nil).Status)
	}
	br.get("/dashboard/keys")
	p := br.post("/dashboard/keys", nil)
	require.Equal(t, http.StatusBadRequest, p.Status)
	require.True(t, strings.Contains(p.Body, "at most 20 API keys"), p.Body)
}
