package dashboard_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
)

// upload stores a queued upload of team named fileName.
func (b *bundle) upload(teamID, fileName string) *store.Task {
	b.t.Helper()
	task := &store.Task{ID: uuid.NewString(), TeamID: teamID, DocType: docextract.Invoice, FileName: fileName,
		ContentType: "application/pdf", PageCount: 1, FileSize: 10, IngestSource: docextract.SourceUpload}
	require.NoError(b.t, b.db.CreateUpload(b.ctx, &store.Upload{Task: task, Credits: 1, File: strings.NewReader("%PDF-1.7 x")}))
	return task
}

// invoice stores a completed invoice of team with number and total.
func (b *bundle) invoice(teamID, fileName, number string) string {
	b.t.Helper()
	task := b.upload(teamID, fileName)
	_, err := b.db.StartTask(b.ctx, task.ID)
	require.NoError(b.t, err)
	data := &docextract.InvoiceData{DocType: "invoice",
		General: docextract.InvoiceGeneral{InvoiceNumber: docextract.Str(number), SellerName: docextract.Str("<b>Acme</b>"),
			Currency: docextract.Str("EUR"), TotalGrossPrice: docextract.MustAmount("119.00")},
		LineItems: []docextract.LineItem{{ProductName: docextract.Str("Widget"), ProductQuantity: docextract.MustAmount("2")}},
		Taxes:     []docextract.TaxBreakdown{}}
	raw, err := json.Marshal(data)
	require.NoError(b.t, err)
	_, err = b.db.CompleteTask(b.ctx, &store.Completion{TaskID: task.ID, ContentType: "application/pdf", PageCount: 1,
		Documents: []*store.Document{{ID: task.ID, DocType: docextract.Invoice, FileName: fileName, PageStart: 1, PageEnd: 1, Data: raw, Passed: false,
			Validation: json.RawMessage(`{"passed":false,"details":{"calculation_logic":"net + tax = gross","checks":[` +
				`{"name":"gross_total","passed":false,"expected":120.00,"actual":119.00,"message":"<i>off by one</i>"}]}}`),
			CreditsUsed: 1}}})
	require.NoError(b.t, err)
	return task.ID
}

var documentLink = regexp.MustCompile(`href="/dashboard/documents/([0-9a-f-]{36})"`)

func TestDocuments(t *testing.T) {
	b := setup(t)
	inv1 := b.invoice(b.teamA.ID, `<script>alert("f")</script>.pdf`, "INV-1")
	inv2 := b.invoice(b.teamA.ID, "second.pdf", "INV-2")
	queued := b.upload(b.teamA.ID, "waiting.pdf")
	secret := b.invoice(b.teamB.ID, "team-b-secret.pdf", "SECRET-B")

	br := b.browser()
	br.signIn(b.keyA)
	p := br.get("/dashboard/documents")
	require.Equal(t, http.StatusOK, p.Status)
	links := documentLink.FindAllStringSubmatch(p.Body, -1)
	require.Len(t, links, 3)
	require.Equal(t, queued.ID, links[0][1], "newest first")
	require.NotContains(t, p.Body, "team-b-secret")
	require.NotContains(t, p.Body, secret)
	require.NotContains(t, p.Body, `<script>alert`)
	require.Contains(t, p.Body, `&lt;script&gt;alert(&#34;f&#34;)&lt;/script&gt;.pdf`)
	require.Equal(t, 2, strings.Count(p.Body, `name="ids"`), "only completed documents can be selected")

	p = br.get("/dashboard/documents/" + inv1)
	require.Equal(t, http.StatusOK, p.Status)
	require.Contains(t, p.Body, "<th>InvoiceNumber</th><td>INV-1</td>")
	require.Contains(t, p.Body, "<td>119.00</td>", "amounts as stored")
	require.Contains(t, p.Body, "&lt;b&gt;Acme&lt;/b&gt;")
	require.Contains(t, p.Body, "&lt;i&gt;off by one&lt;/i&gt;")
	require.Contains(t, p.Body, "<td>gross_total</td>")
	require.Contains(t, p.Body, "<td>Widget</td>")
	require.NotContains(t, p.Body, "<script>alert")
	p = br.get("/dashboard/documents/" + queued.ID)
	require.Contains(t, p.Body, "the document is queued")
	require.NotContains(t, p.Body, `id="failure"`)

	// A failed document says why, the file's reason included.
	bomb := b.upload(b.teamA.ID, "bomb.pdf")
	_, err := b.db.StartTask(b.ctx, bomb.ID)
	require.NoError(t, err)
	_, err = b.db.FailTask(b.ctx, bomb.ID, docextract.FailProcessing, "PDF engine memory limit of 256 MiB per document reached.")
	require.NoError(t, err)
	p = br.get("/dashboard/documents/" + bomb.ID)
	require.Contains(t, p.Body, `<p class="error" id="failure">Document processing failed. PDF engine memory limit of 256 MiB per document reached.</p>`)

	// Download two as CSV: one ZIP of one file each.
	br.get("/dashboard/documents")
	resp, err := br.c.PostForm(br.base+"/dashboard/documents/download", url.Values{"csrf": {br.csrf}, "format": {"csv"}, "ids": {inv1, inv2}})
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "application/zip", resp.Header.Get("Content-Type"))
	require.Contains(t, resp.Header.Get("Content-Disposition"), "attachment")
	// One as JSON.
	resp, err = br.c.PostForm(br.base+"/dashboard/documents/download", url.Values{"csrf": {br.csrf}, "format": {"json"}, "ids": {inv1}})
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Contains(t, resp.Header.Get("Content-Type"), "json")

	for _, form := range []url.Values{
		{"format": {"csv"}},                         // nothing selected
		{"format": {"pdf"}, "ids": {inv1}},          // unknown format
		{"format": {"json"}, "ids": {secret}},       // another team's
		{"format": {"json"}, "ids": {queued.ID}},    // no result yet
		{"format": {"json"}, "ids": {"not-a-uuid"}}, // garbage
	} {
		p = br.post("/dashboard/documents/download", form)
		require.Equal(t, http.StatusBadRequest, p.Status, "%v", form)
		require.Contains(t, p.Body, `class="error"`)
		require.NotContains(t, p.Body, "SECRET-B")
	}
	p = br.post("/dashboard/documents/download", url.Values{"format": {"pdf"}, "ids": {inv1}})
	require.Contains(t, p.Body, "Unsupported format: pdf")

	// CSRF: refused, nothing downloaded or deleted.
	p = br.post("/dashboard/documents/download", url.Values{"csrf": {"x"}, "format": {"json"}, "ids": {inv1}})
	require.Equal(t, http.StatusForbidden, p.Status)
	p = br.post("/dashboard/documents/"+inv2+"/delete", url.Values{"csrf": {""}})
	require.Equal(t, http.StatusForbidden, p.Status)

	// Delete after confirmation.
	p = br.get("/dashboard/documents/" + inv2 + "/delete")
	require.Contains(t, p.Body, "Delete for good")
	p = br.post("/dashboard/documents/"+inv2+"/delete", nil)
	require.Contains(t, p.Body, "Document deleted.")
	_, err = b.db.FindDocument(b.ctx, inv2)
	require.Equal(t, docextract.ENOTFOUND, docextract.ErrorCode(err))
	require.Equal(t, http.StatusNotFound, br.get("/dashboard/documents/"+inv2).Status)
	require.Equal(t, http.StatusNotFound, br.get("/dashboard/documents/nope").Status)

	// Team B sees none of it.
	o := b.browser()
	o.signIn(b.keyB)
	p = o.get("/dashboard/documents")
	require.Len(t, documentLink.FindAllStringSubmatch(p.Body, -1), 1)
	require.NotContains(t, p.Body, "second.pdf")
	for _, path := range []string{"/dashboard/documents/" + inv1, "/dashboard/documents/" + inv1 + "/delete"} {
		p = o.get(path)
		require.Equal(t, http.StatusNotFound, p.Status, path)
		require.NotContains(t, p.Body, "INV-1")
	}
	p = o.post("/dashboard/documents/"+inv1+"/delete", nil)
	require.Equal(t, http.StatusNotFound, p.Status)
	p = o.post("/dashboard/documents/download", url.Values{"format": {"json"}, "ids": {inv1}})
	require.Equal(t, http.StatusBadRequest, p.Status)
	require.Contains(t, p.Body, "No accessible documents found")
	_, err = b.db.FindDocument(b.ctx, inv1)
	require.NoError(t, err, "still there")
}

func TestDocumentsPaged(t *testing.T) {
	b := setup(t)
	for range 52 {
		b.upload(b.teamA.ID, "many.pdf")
	}
	br := b.browser()
	br.signIn(b.keyA)
	p := br.get("/dashboard/documents")
	first := documentLink.FindAllStringSubmatch(p.Body, -1)
	require.Len(t, first, 50)
	next := regexp.MustCompile(`after=([0-9]+_[0-9a-f-]{36})`).FindStringSubmatch(p.Body)
	require.NotNil(t, next)
	p = br.get("/dashboard/documents?after=" + next[1])
	rest := documentLink.FindAllStringSubmatch(p.Body, -1)
	require.Len(t, rest, 2)
	require.NotContains(t, p.Body, `id="older"`)
	for _, l := range first {
		require.NotEqual(t, l[1], rest[0][1])
		require.NotEqual(t, l[1], rest[1][1])
	}
	require.Equal(t, http.StatusBadRequest, br.get("/dashboard/documents?after=x").Status)
}
