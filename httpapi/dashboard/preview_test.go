package dashboard_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/httpapi/dashboard"
)

// stubPreviewer draws a 20x10 image of a stored "%PDF-1.7 x" file, and
// fails for anything else.
type stubPreviewer struct{ calls atomic.Int32 }

func (p *stubPreviewer) Preview(_ context.Context, data []byte, _ string, page, maxWidth int) (image.Image, error) {
	p.calls.Add(1)
	if string(data) != "%PDF-1.7 x" || page != 1 || maxWidth <= 0 {
		return nil, errors.New("not the stored file")
	}
	return image.NewGray(image.Rect(0, 0, 20, 10)), nil
}

func TestDocumentPreview(t *testing.T) {
	b := setup(t)
	prev := &stubPreviewer{}
	srv := httptest.NewServer(dashboard.MountHandler(&dashboard.Handler{API: b.api, Previewer: prev}))
	defer srv.Close()
	b.srv = srv
	id := b.invoice(b.teamA.ID, "first.pdf", "INV-1")
	other := b.invoice(b.teamB.ID, "theirs.pdf", "INV-B")

	br := b.browser()
	br.signIn(b.keyA)
	p := br.get("/dashboard/documents/" + id)
	require.Equal(t, http.StatusOK, p.Status)
	require.Contains(t, p.Body, `<img id="preview" src="/dashboard/documents/`+id+`/preview.png"`)

	resp, err := br.c.Get(srv.URL + "/dashboard/documents/" + id + "/preview.png")
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "image/png", resp.Header.Get("Content-Type"))
	var buf bytes.Buffer
	_, err = buf.ReadFrom(resp.Body)
	require.NoError(t, err)
	img, err := png.Decode(&buf)
	require.NoError(t, err)
	require.Equal(t, image.Rect(0, 0, 20, 10), img.Bounds())

	// Another team's document: no preview, and nothing was drawn for it.
	before := prev.calls.Load()
	resp2, err := br.c.Get(srv.URL + "/dashboard/documents/" + other + "/preview.png")
	require.NoError(t, err)
	resp2.Body.Close()
	require.Equal(t, http.StatusNotFound, resp2.StatusCode)
	require.Equal(t, before, prev.calls.Load())

	// Without a session: sent to sign in, nothing drawn.
	resp3, err := http.Get(srv.URL + "/dashboard/documents/" + id + "/preview.png")
	require.NoError(t, err)
	resp3.Body.Close()
	require.NotEqual(t, "image/png", resp3.Header.Get("Content-Type"))
	require.Equal(t, before, prev.calls.Load())
}
