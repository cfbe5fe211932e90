package layout

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// words lays out text as words of height h starting at (x, y), 0.55h per
// character, single spaces 0.3h; "|" inserts a wide gap (5h).
func words(text string, x, y, h float64) []Word {
	var out []Word
	for _, part := range strings.Split(text, "|") {
		for _, t := range strings.Fields(part) {
			w := float64(len([]rune(t))) * 0.55 * h
			out = append(out, Word{Text: t, X0: x, Y0: y, X1: x + w, Y1: y + h, Conf: 100, Size: h})
			x += w + 0.3*h
		}
		x += 5 * h
	}
	return out
}

func texts(ls []Line) []string {
	var out []string
	for _, l := range ls {
		out = append(out, l.Text())
	}
	return out
}

func TestLinesOrderAndSkew(t *testing.T) {
	t.Parallel()
	var ws []Word
	ws = append(ws, words("Total:|100,00", 300, 200, 10)...)
	ws = append(ws, words("ACME GmbH", 50, 50, 16)...)
	// a slightly skewed line: each word 1 unit lower
	for i, w := range words("Invoice number 12345 issued today", 50, 100, 10) {
		w.Y0 += float64(i)
		w.Y1 += float64(i)
		ws = append(ws, w)
	}
	ws = append(ws, words("Line below", 50, 114, 10)...)
	// mixed font size on one baseline
	big := words("INVOICE", 50, 150, 20)
	small := words("No. 42", 200, 160, 10)
	ws = append(ws, small...)
	ws = append(ws, big...)
	p := &Page{Number: 1, Words: ws}
	require.Equal(t, []string{"ACME GmbH", "Invoice number 12345 issued today", "Line below", "INVOICE No. 42", "Total: 100,00"}, texts(Lines(p)))
}

func TestCellsAndBelow(t *testing.T) {
	t.Parallel()
	ws := words("Invoice No.:|INV-7", 50, 100, 10)
	ws = append(ws, words("Date|Amount", 50, 120, 10)...)
	ws = append(ws, words("1.2.24|99,00", 50, 134, 10)...)
	ls := Lines(&Page{Number: 1, Words: ws})
	cells := ls[0].Cells(0)
	require.Len(t, cells, 2)
	require.Equal(t, "Invoice No.:", cells[0].Text())
	require.Equal(t, "INV-7", cells[1].Text())
	hdr := ls[1].Cells(0)
	j, below := Below(ls, 1, hdr[1].X0, hdr[1].X1, 3)
	require.Equal(t, 2, j)
	require.Equal(t, "99,00", below[0].Text)
	require.Equal(t, "99,00", ls[2].RightOf(hdr[1].X0)[0].Text)
}

func TestBlocksTwoColumns(t *testing.T) {
	t.Parallel()
	var ws []Word
	left := []string{"ACME GmbH", "Hauptstr. 1", "10115 Berlin"}
	right := []string{"Rechnung Nr. 1", "Datum 01.02.2024"}
	for i, s := range left {
		ws = append(ws, words(s, 50, 100+float64(i)*12, 10)...)
	}
	for i, s := range right {
		ws = append(ws, words(s, 400, 100+float64(i)*12, 10)...)
	}
	bs := Blocks(Lines(&Page{Number: 1, Words: ws}))
	require.Len(t, bs, 2)
	require.Equal(t, "ACME GmbH\nHauptstr. 1\n10115 Berlin", bs[0].Text())
	require.Equal(t, "Rechnung Nr. 1\nDatum 01.02.2024", bs[1].Text())
}

func TestColumns(t *testing.T) {
	t.Parallel()
	cols := []Column{{X0: 50, X1: 150}, {X0: 300, X1: 340}, {X0: 400, X1: 450}}
	ws := []Word{{Text: "Widget", X0: 50, X1: 80, Y0: 0, Y1: 10}, {Text: "2", X0: 335, X1: 345, Y0: 0, Y1: 10}, {Text: "9,99", X0: 455, X1: 475, Y0: 0, Y1: 10}, {Text: "x", X0: 220, X1: 225, Y0: 0, Y1: 10}}
	require.Equal(t, []int{0, 1, 2, -1}, Columns(cols, ws, 2))
}

func ExampleLines() {
	p := &Page{Number: 1, Words: []Word{
		{Text: "100,00", X0: 300, Y0: 100, X1: 330, Y1: 110},
		{Text: "Total:", X0: 50, Y0: 101, X1: 80, Y1: 111},
		{Text: "ACME", X0: 50, Y0: 20, X1: 90, Y1: 36},
	}}
	for _, l := range Lines(p) {
		fmt.Println(l.Text(), len(l.Cells(0)))
	}
	// Output:
	// ACME 1
	// Total: 100,00 2
}

func BenchmarkLines(b *testing.B) {
	var ws []Word
	for i := 0; i < 60; i++ {
		ws = append(ws, words("Pos 1 Widget with a long description|2|Stk|9,99|19%|19,98", 40, 50+float64(i)*12, 10)...)
	}
	p := &Page{Number: 1, Words: ws}
	b.ResetTimer()
	for b.Loop() {
		_ = Lines(p)
	}
}
