package testdocs

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// GarbledPDF draws lines of text (A4, 12 pt, from the top left) in an
// embedded TrueType font addressed by glyph id (a Type0 font, Identity-H)
// with neither a ToUnicode map in the PDF nor a cmap table in the font: the
// page renders as readable text, but its text layer cannot say which
// characters the glyphs are. Subsetting producers that drop both leave such
// files; a text extractor returns the character codes: with subset false
// the font's own glyph ids ("Invoice" reads ",QYRLFH", digits and spaces as
// control characters), with subset true codes numbered from 1 in order of
// first use as a subsetting producer numbers them (control characters and
// punctuation, letters that spell nothing), with a CIDToGIDMap to the glyphs.
func GarbledPDF(lines []string, subset bool) ([]byte, error) {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		return nil, err
	}
	var buf sfnt.Buffer
	upem := fixed.Int26_6(f.UnitsPerEm())
	widths := map[int]int{}
	cids := map[sfnt.GlyphIndex]int{}
	gids := []sfnt.GlyphIndex{0} // by CID, subset only
	var content strings.Builder
	content.WriteString("BT /F1 12 Tf 14 TL 50 780 Td\n")
	for _, l := range lines {
		content.WriteString("<")
		for _, r := range l {
			g, err := f.GlyphIndex(&buf, r)
			if err != nil {
				return nil, err
			}
			adv, err := f.GlyphAdvance(&buf, g, upem, font.HintingNone)
			if err != nil {
				return nil, err
			}
			cid := int(g)
			if subset {
				if cids[g] == 0 {
					cids[g] = len(gids)
					gids = append(gids, g)
				}
				cid = cids[g]
			}
			widths[cid] = int(adv) * 1000 / int(upem)
			fmt.Fprintf(&content, "%04X", cid)
		}
		content.WriteString("> Tj T*\n")
	}
	content.WriteString("ET\n")
	var w strings.Builder
	w.WriteString("[")
	for cid := range 1 << 16 {
		if adv, ok := widths[cid]; ok {
			fmt.Fprintf(&w, " %d [%d]", cid, adv)
		}
	}
	w.WriteString(" ]")

	ttf := withoutCmap(goregular.TTF)
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(ttf)
	zw.Close()

	cidToGID := "/Identity"
	var cmap []byte
	if subset {
		cidToGID = "9 0 R"
		for _, g := range gids {
			cmap = binary.BigEndian.AppendUint16(cmap, uint16(g))
		}
	}
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
		stream("", []byte(content.String())),
		"<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+GoRegular /Encoding /Identity-H /DescendantFonts [6 0 R] >>",
		"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+GoRegular /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 7 0 R /CIDToGIDMap " + cidToGID + " /DW 600 /W " + w.String() + " >>",
		"<< /Type /FontDescriptor /FontName /ABCDEF+GoRegular /Flags 4 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 8 0 R >>",
		stream(fmt.Sprintf("/Length1 %d /Filter /FlateDecode", len(ttf)), z.Bytes()),
	}
	if subset {
		objs = append(objs, stream("", cmap))
	}
	return RawPDF(objs), nil
}

// stream formats a PDF stream object with extra dictionary entries.
func stream(dict string, data []byte) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

// RawPDF writes a PDF of the given objects, numbered from 1 (the first is
// the catalog), with a cross-reference table: for fixtures no PDF library
// writes (fonts without ToUnicode, images inside form XObjects).
func RawPDF(objs []string) []byte {
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
	return b.Bytes()
}

// withoutCmap returns a copy of a TrueType font whose cmap table is renamed
// (its directory entry's tag), so that no reader finds a character map.
func withoutCmap(ttf []byte) []byte {
	out := append([]byte(nil), ttf...)
	n := int(binary.BigEndian.Uint16(out[4:6]))
	for i := 0; i < n; i++ {
		rec := out[12+16*i:]
		if string(rec[:4]) == "cmap" {
			copy(rec[:4], "zmap")
		}
	}
	return out
}
