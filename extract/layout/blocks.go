package layout

import (
	"math"
	"sort"
)

// Block is a stack of cells from consecutive lines that share a left edge
// (or overlap horizontally) with small vertical gaps: an address block, a
// column of the invoice header, a paragraph.
type Block struct {
	Cells          []Cell
	X0, Y0, X1, Y1 float64
}

// Text returns the cells of b, one per line, joined by newlines.
func (b Block) Text() string {
	s := ""
	for i, c := range b.Cells {
		if i > 0 {
			s += "\n"
		}
		s += c.Text()
	}
	return s
}

// Blocks groups the cells of lines (all from one page, in reading order) into
// blocks: a cell joins the block whose last cell ends at most 1.5 line
// heights above it and whose left edges align (within one height) or whose
// extents overlap by half of the narrower one. The result is sorted by top
// then left, so a two-column header yields the left block first.
func Blocks(lines []Line) []Block {
	var bs []*Block
	for _, l := range lines {
		for _, c := range l.Cells(0) {
			h := medianHeight(c.Words)
			var best *Block
			bestGap := math.Inf(1)
			for _, b := range bs {
				last := b.Cells[len(b.Cells)-1]
				gap := c.Y0 - last.Y1
				if gap < -0.3*h || gap > 1.5*h {
					continue
				}
				aligned := math.Abs(c.X0-last.X0) <= h
				ov := OverlapX(c.X0, c.X1, last.X0, last.X1)
				if !aligned && ov < 0.5*math.Min(c.X1-c.X0, last.X1-last.X0) {
					continue
				}
				if gap < bestGap {
					best, bestGap = b, gap
				}
			}
			if best == nil {
				best = &Block{X0: c.X0, Y0: c.Y0, X1: c.X1, Y1: c.Y1}
				bs = append(bs, best)
			}
			best.Cells = append(best.Cells, c)
			best.X0 = math.Min(best.X0, c.X0)
			best.Y0 = math.Min(best.Y0, c.Y0)
			best.X1 = math.Max(best.X1, c.X1)
			best.Y1 = math.Max(best.Y1, c.Y1)
		}
	}
	out := make([]Block, len(bs))
	for i, b := range bs {
		out[i] = *b
	}
	sort.SliceStable(out, func(i, j int) bool {
		if math.Abs(out[i].Y0-out[j].Y0) > 1 {
			return out[i].Y0 < out[j].Y0
		}
		return out[i].X0 < out[j].X0
	})
	return out
}

// Column is the horizontal extent of one table column, from its header.
type Column struct {
	X0, X1 float64
	// Key is a caller-defined tag (for instance the column kind).
	Key int
}

// Columns assigns each word to the index of the column it belongs to, or -1.
// A word belongs to the column it overlaps most; a word overlapping none goes
// to the column whose extent is nearest, provided the distance is under
// maxDist (in the word's heights). Columns must be sorted left to right.
func Columns(cols []Column, words []Word, maxDist float64) []int {
	out := make([]int, len(words))
	for i, w := range words {
		out[i] = -1
		best := 0.0
		for k, c := range cols {
			if ov := OverlapX(w.X0, w.X1, c.X0, c.X1); ov > best {
				best, out[i] = ov, k
			}
		}
		if out[i] >= 0 {
			continue
		}
		bd := maxDist * w.H()
		for k, c := range cols {
			d := math.Max(c.X0-w.X1, w.X0-c.X1)
			if d < bd {
				bd, out[i] = d, k
			}
		}
	}
	return out
}

// AllLines returns the lines of every page in order.
func AllLines(pages []Page) []Line {
	var out []Line
	for i := range pages {
		out = append(out, Lines(&pages[i])...)
	}
	return out
}
