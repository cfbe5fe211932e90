package pdfium

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/stretchr/testify/require"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/pdf"
	"github.com/docextract/docextract/internal/benchutil"
	"github.com/docextract/docextract/internal/testdocs"
)

var (
	engOnce sync.Once
	eng     *Engine
	engErr  error
)

// engine returns one pool shared by the package's tests: starting PDFium is
// the expensive part.
func engine(t testing.TB) *Engine {
	engOnce.Do(func() { eng, engErr = New(Config{Workers: 2}) })
	require.NoError(t, engErr)
	return eng
}

func makePDF(t testing.TB, pages ...[]string) []byte {
	f := fpdf.New("P", "pt", "A4", "")
	f.SetFont("Helvetica", "", 12)
	for _, lines := range pages {
		f.AddPage()
		for i, l := range lines {
			f.Text(50, 80+float64(i)*20, l)
		}
	}
	var b bytes.Buffer
	require.NoError(t, f.Output(&b))
	return b.Bytes()
}

func TestTextWordsAndPositions(t *testing.T) {
	t.Parallel()
	data := makePDF(t, []string{"Invoice No. INV-2024-001", "Total EUR 1.190,00"}, []string{"Page two"})
	doc, err := engine(t).Open(context.Background(), data, "")
	require.NoError(t, err)
	defer doc.Close()
	require.Equal(t, 2, doc.PageCount())

	p, err := doc.Text(context.Background(), 0)
	require.NoError(t, err)
	require.Equal(t, 1, p.Number)
	require.InDelta(t, 595.28, p.Width, 0.5)
	require.InDelta(t, 841.89, p.Height, 0.5)
	var texts []string
	for _, w := range p.Words {
		texts = append(texts, w.Text)
	}
	require.Equal(t, []string{"Invoice", "No.", "INV-2024-001", "Total", "EUR", "1.190,00"}, texts)
	first := p.Words[0]
	require.InDelta(t, 50, first.X0, 1.5)
	// Baseline at y=80 from the top: the glyph box sits just above it.
	require.Less(t, first.Y0, 80.0)
	require.InDelta(t, 80, first.Y1, 3)
	require.Less(t, p.Words[0].Y1, p.Words[3].Y0, "second line below the first")

	p2, err := doc.Text(context.Background(), 1)
	require.NoError(t, err)
	require.Equal(t, "Page two", p2.Text())
}

func TestAttachments(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	xml := filepath.Join(dir, "factur-x.xml")
	require.NoError(t, os.WriteFile(in, makePDF(t, []string{"hybrid"}), 0o600))
	require.NoError(t, os.WriteFile(xml, []byte("<xml/>"), 0o600))
	out := filepath.Join(dir, "out.pdf")
	require.NoError(t, api.AddAttachmentsFile(in, out, []string{xml}, false, nil))
	data, err := os.ReadFile(out)
	require.NoError(t, err)

	doc, err := engine(t).Open(context.Background(), data, "")
	require.NoError(t, err)
	defer doc.Close()
	atts, err := doc.Attachments(context.Background())
	require.NoError(t, err)
	require.Len(t, atts, 1)
	require.Equal(t, "factur-x.xml", atts[0].Name)
	require.Equal(t, "<xml/>", string(atts[0].Data))
}

func TestRender(t *testing.T) {
	t.Parallel()
	doc, err := engine(t).Open(context.Background(), makePDF(t, []string{"Hello"}), "")
	require.NoError(t, err)
	defer doc.Close()
	img, err := doc.Render(context.Background(), 0, 72)
	require.NoError(t, err)
	require.InDelta(t, 595, img.Bounds().Dx(), 2)
	_, err = doc.Render(context.Background(), 5, 72)
	require.Error(t, err)
}

func TestEncrypted(t *testing.T) {
	t.Parallel()
	f := fpdf.New("P", "pt", "A4", "")
	f.SetProtection(fpdf.CnProtectPrint, "user-pw", "owner-pw")
	f.SetFont("Helvetica", "", 12)
	f.AddPage()
	f.Text(50, 80, "Secret invoice")
	var b bytes.Buffer
	require.NoError(t, f.Output(&b))

	_, err := engine(t).Open(context.Background(), b.Bytes(), "")
	require.ErrorIs(t, err, pdf.ErrPasswordRequired)
	_, err = engine(t).Open(context.Background(), b.Bytes(), "wrong")
	require.ErrorIs(t, err, pdf.ErrPasswordRequired)

	doc, err := engine(t).Open(context.Background(), b.Bytes(), "user-pw")
	require.NoError(t, err)
	defer doc.Close()
	p, err := doc.Text(context.Background(), 0)
	require.NoError(t, err)
	require.Equal(t, "Secret invoice", p.Text())
}

func TestMalformed(t *testing.T) {
	t.Parallel()
	for _, data := range [][]byte{nil, []byte("%PDF-1.7\nnot really"), []byte("hello")} {
		_, err := engine(t).Open(context.Background(), data, "")
		require.ErrorIs(t, err, pdf.ErrMalformed)
	}
	// A truncated real PDF: PDFium may repair it or refuse it, never panic.
	full := makePDF(t, []string{"Truncated"})
	for _, n := range []int{10, len(full) / 3, len(full) / 2, len(full) - 20} {
		doc, err := engine(t).Open(context.Background(), full[:n], "")
		if err == nil {
			for i := 0; i < doc.PageCount(); i++ {
				_, _ = doc.Text(context.Background(), i)
			}
			doc.Close()
		}
	}
}

func TestDeadline(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := engine(t).Open(ctx, makePDF(t, []string{"x"}), "")
	require.True(t, errors.Is(err, context.Canceled), "got %v", err)

	// A context that ends while the document is open kills the instance:
	// later calls fail fast and the pool slot is released. (Ended by hand
	// once Open has returned: a timer could run out inside Open on a busy
	// machine.)
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	doc, err := engine(t).Open(ctx, makePDF(t, []string{"x"}), "")
	require.NoError(t, err)
	cancel()
	time.Sleep(10 * time.Millisecond)
	_, err = doc.Text(ctx, 0)
	require.Error(t, err)
	require.NoError(t, doc.Close())
	// The pool still serves.
	doc, err = engine(t).Open(context.Background(), makePDF(t, []string{"y"}), "")
	require.NoError(t, err)
	doc.Close()
}

func TestQuadrant(t *testing.T) {
	t.Parallel()
	require.Equal(t, 0, quadrant(0))
	require.Equal(t, 1, quadrant(3.14159/2))
	require.Equal(t, 2, quadrant(3.14159))
	require.Equal(t, 3, quadrant(-3.14159/2))
	require.Equal(t, -1, quadrant(3.14159/4))
}

func TestCorpusText(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "..", "shared", "corpus", "einvoice")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.pdf"))
	if len(files) == 0 {
		t.Skip("shared corpus not found at ../shared/corpus; skipping corpus test")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		doc, err := engine(t).Open(context.Background(), data, "")
		require.NoError(t, err, f)
		var words int
		for i := 0; i < doc.PageCount(); i++ {
			p, err := doc.Text(context.Background(), i)
			require.NoError(t, err, f)
			words += len(p.Words)
			for _, w := range p.Words {
				require.False(t, strings.ContainsAny(w.Text, " \r\n"), "%s: word %q", f, w.Text)
			}
		}
		doc.Close()
		if !strings.Contains(f, "blanko") {
			require.Positive(t, words, f)
		}
	}
}

func BenchmarkTextPage(b *testing.B) {
	lines := make([]string, 40)
	for i := range lines {
		lines[i] = "Position 12 Consulting services March 2024   10,00 h   95,00 EUR   950,00 EUR"
	}
	data := makePDF(b, lines)
	e := engine(b)
	b.ResetTimer()
	m := benchutil.Start()
	for i := 0; i < b.N; i++ {
		doc, err := e.Open(context.Background(), data, "")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := doc.Text(context.Background(), 0); err != nil {
			b.Fatal(err)
		}
		doc.Close()
	}
	m.Report(b, "pages")
}

var _ = layout.Word{}

// TestDeadlinesNeverPoisonThePool: contexts that expire at every stage of
// a document's life must never leave a closed module in the pool for the
// next document (a cancelled context closes the module it interrupts).
func TestDeadlinesNeverPoisonThePool(t *testing.T) {
	e, err := New(Config{Workers: 2, CacheDir: ""})
	require.NoError(t, err)
	defer e.Close()
	data := makePDF(t, []string{"Deadline test line one", "line two"}, []string{"page two"})
	for i := 0; i < 40; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(i*i)*20*time.Microsecond)
		if doc, err := e.Open(ctx, data, ""); err == nil {
			_, _ = doc.Text(ctx, 0)
			_, _ = doc.Attachments(ctx)
			_, _ = doc.Text(ctx, 1)
			_, _ = doc.Render(ctx, 1, 150)
			doc.Close()
		}
		cancel()
	}
	for i := 0; i < 6; i++ {
		doc, err := e.Open(context.Background(), data, "")
		require.NoError(t, err)
		p, err := doc.Text(context.Background(), 0)
		require.NoError(t, err)
		require.Equal(t, "Deadline test line one line two", p.Text())
		_, err = doc.Render(context.Background(), 1, 72)
		require.NoError(t, err)
		require.NoError(t, doc.Close())
	}
}

// heavyPDF is one page of many thousand overlapping curves: slow to render.
func heavyPDF(t testing.TB, curves int) []byte {
	f := fpdf.New("P", "pt", "A4", "")
	f.SetCompression(true)
	f.AddPage()
	f.SetLineWidth(0.3)
	for i := range curves {
		x, y := float64(i%500), float64((i*7)%800)
		f.Curve(x, y, 595-x, 842-y, y/2, x*1.5, "D")
	}
	var b bytes.Buffer
	require.NoError(t, f.Output(&b))
	return b.Bytes()
}

// TestRenderIsInterrupted: a page that renders for long is cut short when
// its context ends (the runtime interrupts the PDFium call), and the
// instance it ran on never serves another document.
func TestRenderIsInterrupted(t *testing.T) {
	e, err := New(Config{Workers: 1})
	require.NoError(t, err)
	defer e.Close()
	data := heavyPDF(t, 400)

	doc, err := e.Open(context.Background(), data, "")
	require.NoError(t, err)
	start := time.Now()
	_, err = doc.Render(context.Background(), 0, 300)
	require.NoError(t, err)
	full := time.Since(start)
	t.Logf("full render: %v", full)
	require.NoError(t, doc.Close())
	if full < 400*time.Millisecond {
		t.Skipf("this machine renders the heavy page in %v: too fast to tell an interrupted render", full)
	}

	ctx, cancel := context.WithCancel(context.Background())
	doc, err = e.Open(ctx, data, "")
	require.NoError(t, err)
	time.AfterFunc(50*time.Millisecond, cancel)
	start = time.Now()
	_, err = doc.Render(ctx, 0, 300)
	cut := time.Since(start)
	require.ErrorIs(t, err, context.Canceled)
	require.NoError(t, doc.Close())
	require.Less(t, cut, full/2, "the render ran to its end (%v) instead of stopping", full)

	simple := makePDF(t, []string{"After the interrupted render"})
	doc, err = e.Open(context.Background(), simple, "")
	require.NoError(t, err)
	defer doc.Close()
	img, err := doc.Render(context.Background(), 0, 72)
	require.NoError(t, err)
	require.Equal(t, 595, img.Bounds().Dx())
	p, err := doc.Text(context.Background(), 0)
	require.NoError(t, err)
	require.Equal(t, "After the interrupted render", p.Text())
}

// TestGarbledTextLayer: a font with neither ToUnicode nor cmap (what
// subsetting producers leave) yields glyph ids, not text. Its characters
// that stand for nothing readable are counted in Page.Unreadable, so that
// the pipeline can OCR the page. First run (before the count and before
// FPDFText_GetText's dropped characters were handled): the page read
// ",QYRLFH1R ,19 7R WDO(85" followed by three random CJK characters read
// from uninitialised memory (PDFium's GetText leaves out the U+0003 "spaces",
// so the units were fewer than the characters and every box after the first
// dropped one belonged to another character).
func TestGarbledTextLayer(t *testing.T) {
	t.Parallel()
	for _, subset := range []bool{false, true} {
		data, err := testdocs.GarbledPDF([]string{"Invoice No. INV-2024-001", "Total EUR 1.190,00"}, subset)
		require.NoError(t, err)
		doc, err := engine(t).Open(context.Background(), data, "")
		require.NoError(t, err)
		p, err := doc.Text(context.Background(), 0)
		require.NoError(t, err)
		doc.Close()
		text := p.Text()
		t.Logf("subset %v: %q, %d unreadable", subset, text, p.Unreadable)
		require.NotContains(t, text, "Invoice")
		for _, r := range text {
			require.Less(t, r, rune(0x80), "subset %v: %q has a character PDFium did not give", subset, text)
		}
		// 38 characters that are not spaces: the 18 digits and dots (and,
		// in the subset, most letters) come out as control characters.
		require.GreaterOrEqual(t, p.Unreadable, 15, "subset %v", subset)
	}
	// A clean text layer has none.
	doc, err := engine(t).Open(context.Background(), makePDF(t, []string{"Invoice No. INV-2024-001"}), "")
	require.NoError(t, err)
	defer doc.Close()
	p, err := doc.Text(context.Background(), 0)
	require.NoError(t, err)
	require.Zero(t, p.Unreadable)
}

// TestNormalisedCharacters: what real PDFs put in their text layers where
// our readers expect plain letters, digits and spaces. First run, before
// textparse.NormRune was applied here: "Rech\u00adnung" kept its soft
// hyphen, "c\u200bd" was one word, "１２３" and "ＥＵＲ" stayed full-width,
// a private-use icon before a phone number stayed glued to it, and the
// hyphen PDFium finds at a line's end (given as U+0002) was lost
// ("Rech" instead of "Rech-"). Ligatures were already expanded by PDFium.
func TestNormalisedCharacters(t *testing.T) {
	t.Parallel()
	f := fpdf.New("P", "pt", "A4", "")
	f.AddUTF8FontFromBytes("go", "", goregular.TTF)
	f.SetFont("go", "", 12)
	f.AddPage()
	f.Text(50, 80, "e\uFB03cient o\uFB03ce \uFB02ow")
	f.Text(50, 100, "Rech\u00ADnung 1\u00a0234,56 a\u2009b c\u200Bd e\u3000f g\u202Fh")
	f.Text(50, 120, "\uFF11\uFF12\uFF13 \uFF25\uFF35\uFF32 \uE001+49 40 123")
	f.Text(50, 140, "Gesamt-")
	f.Text(50, 160, "betrag")
	var b bytes.Buffer
	require.NoError(t, f.Output(&b))
	doc, err := engine(t).Open(context.Background(), b.Bytes(), "")
	require.NoError(t, err)
	defer doc.Close()
	p, err := doc.Text(context.Background(), 0)
	require.NoError(t, err)
	var texts []string
	for _, w := range p.Words {
		texts = append(texts, w.Text)
	}
	require.Equal(t, []string{
		"efficient", "office", "flow",
		"Rechnung", "1", "234,56", "a", "b", "c", "d", "e", "f", "g", "h",
		"123", "EUR", "+49", "40", "123",
		"Gesamt-", "betrag",
	}, texts)
	require.Equal(t, 1, p.Unreadable, "the private-use icon")
}

// TestImageCover: the share of a page that image objects cover, overlaps
// counted once.
func TestImageCover(t *testing.T) {
	t.Parallel()
	var pngData bytes.Buffer
	doc, err := engine(t).Open(context.Background(), makePDF(t, []string{"Scan me"}), "")
	require.NoError(t, err)
	img, err := doc.Render(context.Background(), 0, 36)
	require.NoError(t, err)
	doc.Close()
	require.NoError(t, pngEncode(&pngData, img))

	f := fpdf.New("P", "pt", "A4", "")
	f.SetFont("Helvetica", "", 12)
	opt := fpdf.ImageOptions{ImageType: "PNG"}
	f.RegisterImageOptionsReader("scan", opt, bytes.NewReader(pngData.Bytes()))
	f.AddPage() // the whole page
	f.ImageOptions("scan", 0, 0, 595.28, 841.89, false, opt, 0, "")
	f.Text(50, 30, "Page 1 of 1")
	f.AddPage() // the top half, drawn twice
	f.ImageOptions("scan", 0, 0, 595.28, 421, false, opt, 0, "")
	f.ImageOptions("scan", 0, 0, 595.28, 421, false, opt, 0, "")
	f.AddPage() // text only
	f.Text(50, 80, "No image here")
	var b bytes.Buffer
	require.NoError(t, f.Output(&b))

	doc, err = engine(t).Open(context.Background(), b.Bytes(), "")
	require.NoError(t, err)
	defer doc.Close()
	for i, want := range []float64{1, 0.5, 0} {
		got, err := doc.ImageCover(context.Background(), i)
		require.NoError(t, err)
		require.InDelta(t, want, got, 0.03, "page %d", i+1)
	}
	_, err = doc.ImageCover(context.Background(), 3)
	require.Error(t, err)
}

func pngEncode(w io.Writer, img image.Image) error { return png.Encode(w, img) }

// TestFakeBoldAndAccents: text drawn twice a fraction of a point apart (a
// producer's fake bold), whole strings or glyph by glyph, comes out once:
// PDFium already drops the overlapping duplicates (this test passed on its
// first run; it guards the behaviour). Letters with combining accents, as
// some producers' ToUnicode maps give them ("a" + U+0308), are composed
// ("ä"), so that labels match; first run, before: "Fa\u0308lligkeit".
func TestFakeBoldAndAccents(t *testing.T) {
	t.Parallel()
	f := fpdf.New("P", "pt", "A4", "")
	f.AddUTF8FontFromBytes("go", "", goregular.TTF)
	f.SetFont("go", "", 12)
	f.AddPage()
	f.Text(50, 80, "Total EUR 1.190,00")
	f.Text(50.9, 80.5, "Total EUR 1.190,00")
	f.Text(50, 110, "Invoice")
	f.Text(50.4, 110.2, "Invoice")
	f.Text(100, 110, "No")
	x := 50.0
	for _, c := range "Sum" {
		f.Text(x, 140, string(c))
		f.Text(x+0.3, 140, string(c))
		x += f.GetStringWidth(string(c))
	}
	f.Text(50, 170, "Fa\u0308lligkeit Re\u0301sume\u0301")
	var b bytes.Buffer
	require.NoError(t, f.Output(&b))
	doc, err := engine(t).Open(context.Background(), b.Bytes(), "")
	require.NoError(t, err)
	defer doc.Close()
	p, err := doc.Text(context.Background(), 0)
	require.NoError(t, err)
	require.Equal(t, "Total EUR 1.190,00 Invoice No Sum Fälligkeit Résumé", p.Text())
}

// TestImageCoverInForm: a scan whose page image sits inside a form
// XObject (as some scanners and PDF printers wrap it) counts with the
// form's bounds.
func TestImageCoverInForm(t *testing.T) {
	t.Parallel()
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Fm1 5 0 R >> >> /Contents 4 0 R >>",
		"<< /Length 28 >>\nstream\nq 1 0 0 1 0 0 cm /Fm1 Do Q\n\nendstream",
		"<< /Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /XObject << /Im1 6 0 R >> >> /Length 33 >>\nstream\nq 595 0 0 842 0 0 cm /Im1 Do Q\n\nendstream",
		"<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 4 >>\nstream\n\x00\xff\xff\x00\nendstream",
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	x := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, x)

	doc, err := engine(t).Open(context.Background(), b.Bytes(), "")
	require.NoError(t, err)
	defer doc.Close()
	got, err := doc.ImageCover(context.Background(), 0)
	require.NoError(t, err)
	require.InDelta(t, 1, got, 0.03)
}
