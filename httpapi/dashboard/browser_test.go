package dashboard_test

import (
	"archive/zip"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/store"
)

// chromiumPath finds the browser the browser test drives: $CHROMIUM, or
// Debian's chromium (CI installs the chromium package).
func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// artifactsDir is where the browser test saves its screenshots:
// $DASHBOARD_ARTIFACTS when set (CI keeps them), else testdata/artifacts,
// which git ignores.
func artifactsDir(t *testing.T) string {
	dir := os.Getenv("DASHBOARD_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join("testdata", "artifacts")
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	return dir
}

// TestBrowser drives the dashboard in headless Chromium, one browser for
// the whole flow: sign in, create an endpoint and see its secret once,
// send a test to a local receiver and see it acknowledged, see a failed
// delivery and redeliver it, open a document, export two documents as a
// ZIP, delete one, sign out. Each page is saved as a screenshot.
func TestBrowser(t *testing.T) {
	exe := chromiumPath()
	if exe == "" {
		t.Skip("chromium not found (install Debian's chromium package or set CHROMIUM): the browser test needs it")
	}
	b := setup(t)
	dir := artifactsDir(t)
	base := b.srv.URL + "/dashboard/"

	// The browser's profile is removed after the test with a few tries,
	// not by t.TempDir: Chromium's helper processes may still write to it
	// for a moment after the browser has exited (a loaded CI machine once
	// failed the test on "directory not empty").
	profile, err := os.MkdirTemp("", "docextract-browser-")
	require.NoError(t, err)
	t.Cleanup(func() {
		for range 50 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Logf("browser profile %s left behind", profile)
	})
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.WindowSize(1280, 900), chromedp.UserDataDir(profile))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancelCtx := chromedp.NewContext(actx)
	defer cancelCtx()
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second) // a cap for a loaded CI machine; the flow takes about 20 s
	defer cancel()

	shot := func(name string) chromedp.Action {
		return chromedp.ActionFunc(func(ctx context.Context) error {
			var buf []byte
			if err := chromedp.FullScreenshot(&buf, 100).Do(ctx); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644)
		})
	}
	run := func(step string, actions ...chromedp.Action) {
		t.Helper()
		require.NoError(t, chromedp.Run(ctx, actions...), step)
	}

	// Sign in.
	run("sign in",
		chromedp.Navigate(base),
		chromedp.WaitVisible(`#api_key`, chromedp.ByID),
		shot("01-signin"),
		chromedp.SendKeys(`#api_key`, b.keyA, chromedp.ByID),
		chromedp.Click(`#signin`, chromedp.ByID),
		chromedp.WaitVisible(`#create`, chromedp.ByID),
		shot("02-webhooks-empty"),
	)

	// Create an endpoint: the secret is on the page once.
	var secret, description string
	run("create",
		chromedp.SendKeys(`#url`, b.rc.srv.URL+"/hook", chromedp.ByID),
		chromedp.SendKeys(`#description`, `<script>alert(1)</script> books`, chromedp.ByID),
		chromedp.Click(`#create-submit`, chromedp.ByID),
		chromedp.WaitVisible(`#secret`, chromedp.ByID),
		chromedp.Text(`#secret`, &secret, chromedp.ByID),
		shot("03-secret-shown-once"),
		chromedp.Click(`#continue`, chromedp.ByID),
		chromedp.WaitVisible(`#send-test`, chromedp.ByID),
		chromedp.Text(`#endpoint-description`, &description, chromedp.ByID),
		shot("04-endpoint"),
	)
	require.True(t, strings.HasPrefix(secret, "whsec_"), secret)
	require.Equal(t, `<script>alert(1)</script> books`, description, "shown as text, not run")
	var page string
	run("secret gone", chromedp.OuterHTML(`html`, &page))
	require.NotContains(t, page, secret, "the secret is not shown again")

	// Send test: the delivery page reloads until the receiver acknowledged.
	var status string
	run("send test",
		chromedp.Click(`#send-test`, chromedp.ByID),
		chromedp.WaitVisible(`.status-acknowledged`, chromedp.ByQuery),
		chromedp.Text(`#delivery-status`, &status, chromedp.ByID),
		shot("05-test-acknowledged"),
	)
	require.Equal(t, "acknowledged", status)
	require.Equal(t, 1, b.rc.count(), "the receiver got the test")

	// A failed delivery, redelivered.
	eps, err := b.db.ListWebhookEndpoints(b.ctx, b.teamA.ID)
	require.NoError(t, err)
	require.Len(t, eps, 1)
	b.rc.status.Store(500)
	failed := b.failedDelivery(b.teamA.ID, eps[0].ID)
	b.rc.status.Store(200)
	var notice string
	run("redeliver",
		chromedp.Navigate(base+"deliveries/"+failed.ID),
		chromedp.WaitVisible(`.status-failed`, chromedp.ByQuery),
		shot("06-delivery-failed"),
		chromedp.Click(`#redeliver`, chromedp.ByID),
		chromedp.WaitVisible(`#notice`, chromedp.ByID),
		chromedp.Text(`#notice`, &notice, chromedp.ByID),
		chromedp.WaitVisible(`.status-acknowledged`, chromedp.ByQuery),
		shot("07-redelivered"),
	)
	require.Contains(t, notice, "Redelivery queued")
	ds, err := b.db.ListWebhookDeliveries(b.ctx, eps[0].ID, 0, 10)
	require.NoError(t, err)
	require.Equal(t, store.DeliveryAcknowledged, ds[0].Status)
	require.Equal(t, failed.ID, ds[0].RedeliveryOf)

	// Documents: open one, export two as a ZIP, delete one.
	inv1 := b.invoice(b.teamA.ID, "first.pdf", "INV-1")
	inv2 := b.invoice(b.teamA.ID, "second.pdf", "INV-2")
	downloads := t.TempDir()
	var number string
	run("open a document",
		chromedp.Navigate(base+"documents"),
		chromedp.WaitVisible(`#documents`, chromedp.ByID),
		shot("08-documents"),
		chromedp.Click(`a[href="/dashboard/documents/`+inv1+`"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`#fields`, chromedp.ByID),
		chromedp.Text(`#fields tr:first-child td`, &number, chromedp.ByQuery),
		shot("09-document"),
	)
	require.Equal(t, "INV-1", number)
	run("export two as a ZIP",
		cdpbrowser.SetDownloadBehavior(cdpbrowser.SetDownloadBehaviorBehaviorAllowAndName).WithDownloadPath(downloads),
		chromedp.Navigate(base+"documents"),
		chromedp.WaitVisible(`#documents`, chromedp.ByID),
		chromedp.Click(`input[value="`+inv1+`"]`, chromedp.ByQuery),
		chromedp.Click(`input[value="`+inv2+`"]`, chromedp.ByQuery),
		chromedp.SetValue(`#format`, "csv", chromedp.ByID),
		shot("10-documents-selected"),
		chromedp.Click(`#download-submit`, chromedp.ByID),
	)
	var names []string
	require.Eventually(t, func() bool {
		entries, _ := os.ReadDir(downloads)
		for _, e := range entries {
			if z, err := zip.OpenReader(filepath.Join(downloads, e.Name())); err == nil {
				names = names[:0]
				for _, f := range z.File {
					names = append(names, f.Name)
				}
				z.Close()
				return true
			}
		}
		return false
	}, 30*time.Second, 50*time.Millisecond, "the ZIP was downloaded")
	require.Len(t, names, 2, "one CSV per document: %v", names)
	run("delete one",
		chromedp.Navigate(base+"documents/"+inv2),
		chromedp.WaitVisible(`#delete-document`, chromedp.ByID),
		chromedp.Click(`#delete-document`, chromedp.ByID),
		chromedp.WaitVisible(`#confirm-delete`, chromedp.ByID),
		shot("11-delete-confirm"),
		chromedp.Click(`#confirm-delete`, chromedp.ByID),
		chromedp.WaitVisible(`#notice`, chromedp.ByID),
		chromedp.Text(`#notice`, &notice, chromedp.ByID),
		shot("12-document-deleted"),
	)
	require.Equal(t, "Document deleted.", notice)
	_, err = b.db.FindDocument(b.ctx, inv2)
	require.Error(t, err)

	// Sign out.
	run("sign out",
		chromedp.Click(`#signout`, chromedp.ByID),
		chromedp.WaitVisible(`#api_key`, chromedp.ByID),
	)
	t.Logf("screenshots in %s", dir)
}
