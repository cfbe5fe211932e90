package pdfium

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/internal/testdocs"
)

// onePage is a one-page PDF of the given page dictionary entries (MediaBox
// and the rest), content and extra objects (numbered from 5).
func onePage(page, content string, extra ...string) []byte {
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R " + page + " /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	return testdocs.RawPDF(append(objs, extra...))
}

func readText(t *testing.T, data []byte) (string, float64, float64) {
	t.Helper()
	doc, err := engine(t).Open(context.Background(), data, "")
	require.NoError(t, err)
	defer doc.Close()
	p, err := doc.Text(context.Background(), 0)
	require.NoError(t, err)
	for _, w := range p.Words {
		require.True(t, w.X0 >= 0 && w.X1 <= p.Width && w.Y0 >= 0 && w.Y1 <= p.Height, "%q %.1f %.1f %.1f %.1f on %.0fx%.0f", w.Text, w.X0, w.Y0, w.X1, w.Y1, p.Width, p.Height)
	}
	var lines []string
	for _, l := range layout.Lines(&p) {
		lines = append(lines, l.Text())
	}
	return strings.Join(lines, " "), p.Width, p.Height
}

// TestRotatedPages: a portrait page drawn turned in a landscape media box
// with /Rotate 90 or 270 (the viewer shows it upright), turned by its cm
// matrix alone (shown sideways), upside down with /Rotate 180, or cropped
// to a box away from the origin reads in reading order with boxes inside
// the page, which is portrait. First run, before: the words of text
// running up the page came out mirrored ("World Hello", letters of a
// word split and reversed), and for /Rotate 90/270 pages placed outside
// the page's height: PDFium gives a character's angle clockwise, and its
// boxes in the unrotated space while the page's width and height are of
// the rotated page.
func TestRotatedPages(t *testing.T) {
	t.Parallel()
	body := "BT /F1 10 Tf 1 0 0 1 50 800 Tm (Invoice No 4711) Tj 1 0 0 1 50 780 Tm (Total 1.190,00) Tj 1 0 0 1 400 780 Tm (EUR) Tj ET"
	for _, v := range []struct{ name, page, cm string }{
		{"upright", "/MediaBox [0 0 595 842]", "1 0 0 1 0 0"},
		{"rotate90", "/MediaBox [0 0 842 595] /Rotate 90", "0 1 -1 0 842 0"},
		{"rotate270", "/MediaBox [0 0 842 595] /Rotate 270", "0 -1 1 0 0 595"},
		{"rotate180", "/MediaBox [0 0 595 842] /Rotate 180", "-1 0 0 -1 595 842"},
		{"turned by cm", "/MediaBox [0 0 842 595]", "0 1 -1 0 842 0"},
		{"turned the other way", "/MediaBox [0 0 842 595]", "0 -1 1 0 0 595"},
		{"crop box off the origin", "/MediaBox [0 0 700 900] /CropBox [30 20 625 862]", "1 0 0 1 30 20"},
	} {
		text, w, h := readText(t, onePage(v.page, "q "+v.cm+" cm "+body+" Q"))
		require.Equal(t, "Invoice No 4711 Total 1.190,00 EUR", text, v.name)
		require.InDelta(t, 595, w, 1, v.name)
		require.InDelta(t, 842, h, 1, v.name)
	}
}

// TestHiddenTemplateText: a placeholder whited out under the value drawn
// over it, and text outside the crop box, are not read; vertical margin
// text beside the body is dropped; a stamp of large letters drawn over a
// value leaves it. First run, before: "Invoice No 0000
// 4711" and the block below the crop box ("Total 0,00") were read.
func TestHiddenTemplateText(t *testing.T) {
	t.Parallel()
	content := "BT /F1 10 Tf 1 0 0 1 50 800 Tm (Invoice No) Tj 1 0 0 1 120 800 Tm (0000) Tj ET\n" +
		"q 1 g 119 797 30 12 re f Q\n" +
		"BT /F1 10 Tf 1 0 0 1 120 800 Tm (4711) Tj ET\n" +
		"BT /F1 10 Tf 1 0 0 1 50 -40 Tm (Total 0,00) Tj ET\n" +
		"BT /F1 10 Tf 1 0 0 1 700 400 Tm (Right of the page) Tj ET\n" +
		"BT /F1 7 Tf 0 1 -1 0 20 300 Tm (Seite 1 von 2 Druck 01.02.2024) Tj ET\n" +
		"BT /F1 10 Tf 1 0 0 1 50 780 Tm (Total 1.190,00 EUR) Tj ET"
	text, _, _ := readText(t, onePage("/MediaBox [0 -100 800 842] /CropBox [0 0 595 842]", content))
	require.Equal(t, "Invoice No 4711 Total 1.190,00 EUR", text)

	// A stamp in large letters over the total hides nothing.
	stamp := "BT /F1 10 Tf 1 0 0 1 50 780 Tm (Total 1.190,00 EUR) Tj ET\nBT /F1 30 Tf 1 0 0 1 60 772 Tm (PAID) Tj ET"
	text, _, _ = readText(t, onePage("/MediaBox [0 0 595 842]", stamp))
	require.Contains(t, text, "1.190,00")
	require.Contains(t, text, "PAID")
}

// widget is a filled text field: a widget annotation with its value
// drawn in its appearance stream (object ap) at x, y.
func widget(name, value string, x, y float64, ap int) string {
	return fmt.Sprintf("<< /Type /Annot /Subtype /Widget /FT /Tx /T (%s) /V (%s) /F 4 /Rect [%.0f %.0f %.0f %.0f] /DA (/Helv 10 Tf 0 g) /AP << /N %d 0 R >> /P 3 0 R >>", name, value, x, y-3, x+80, y+12, ap)
}

func appearance(value string) string {
	s := "/Tx BMC BT /F1 10 Tf 0 g 1 0 0 1 2 3 Tm (" + value + ") Tj ET EMC"
	return fmt.Sprintf("<< /Type /XObject /Subtype /Form /BBox [0 0 80 15] /Resources << /Font << /F1 5 0 R >> >> /Length %d >>\nstream\n%s\nendstream", len(s), s)
}

// formPDF is a page with labels in its content and n filled text fields
// not flattened (the first two hold the values).
func formPDF(n int) []byte {
	content := "BT /F1 10 Tf 1 0 0 1 50 800 Tm (Invoice No) Tj 1 0 0 1 50 780 Tm (Total) Tj ET"
	var extra, annots, fields []string
	for i := range n {
		v := fmt.Sprintf("v%d", i)
		x, y := 50+float64(i%6)*90, 760-float64(i/6%60)*12
		switch i {
		case 0:
			v, x, y = "4711", 150, 800
		case 1:
			v, x, y = "1.190,00", 150, 780
		}
		ap := 6 + 2*i
		extra = append(extra, appearance(v), widget(fmt.Sprintf("f%d", i), v, x, y, ap))
		annots = append(annots, fmt.Sprintf("%d 0 R", ap+1))
		fields = append(fields, fmt.Sprintf("%d 0 R", ap+1))
	}
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [" + strings.Join(fields, " ") + "] >> >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R /Annots [" + strings.Join(annots, " ") + "] >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	return testdocs.RawPDF(append(objs, extra...))
}

// TestFilledFormFields: the values of a filled form that was not
// flattened, which live only in its widgets' appearance streams, are read
// with the page's text (the page is flattened in PDFium's memory first).
// First run, before: "Invoice No Total", no value. A page with more
// annotations than maxFlattenAnnots (a hostile file) is read without
// them, and quickly; one with maxFlattenAnnots is flattened in bounded
// time.
func TestFilledFormFields(t *testing.T) {
	t.Parallel()
	text, _, _ := readText(t, formPDF(2))
	require.Equal(t, "Invoice No 4711 Total 1.190,00", text)

	start := time.Now()
	text, _, _ = readText(t, formPDF(maxFlattenAnnots+1))
	require.Equal(t, "Invoice No Total", text, "too many annotations: not flattened")
	t.Logf("%d annotations, not flattened: %v", maxFlattenAnnots+1, time.Since(start))

	start = time.Now()
	text, _, _ = readText(t, formPDF(maxFlattenAnnots))
	require.True(t, strings.HasPrefix(text, "Invoice No 4711"), text[:min(len(text), 60)])
	took := time.Since(start)
	t.Logf("%d annotations flattened: %v", maxFlattenAnnots, took)
	require.Less(t, took, 20*time.Second)
}

// TestClippedText: a report writer's field printed whole and clipped to
// its box reads as the box shows it; text inside a clip (a browser's
// page-wide clip) is all read. Before, PDFium's text page gave the
// clipped-away characters too, and the field ran on into the next column
// (in the quirk suite "Schildersbedrijf Jansen (continued text of
// theFACTUUR" as the seller).
func TestClippedText(t *testing.T) {
	t.Parallel()
	content := "q 49 795 62 14 re W n BT /F1 10 Tf 1 0 0 1 50 800 Tm (Schraube M8 mit Ueberlaenge und Zusatztext) Tj ET Q\n" +
		"BT /F1 10 Tf 1 0 0 1 150 800 Tm (2 Stk) Tj 1 0 0 1 250 800 Tm (4,80) Tj ET\n" +
		"q 0 0 595 842 re W n BT /F1 10 Tf 1 0 0 1 50 780 Tm (Total 4,80 EUR) Tj ET Q"
	text, _, _ := readText(t, onePage("/MediaBox [0 0 595 842]", content))
	require.Equal(t, "Schraube M8 2 Stk 4,80 Total 4,80 EUR", text)
}
