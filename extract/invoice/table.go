package invoice

import (
	"sort"
	"strings"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/textparse"
)

// tableCols returns the columns announced by header line l (and the line
// right below it when it continues the header), sorted left to right.
func (d *doc) tableCols(li int) []layout.Column {
	l := &d.lines[li]
	var cols []layout.Column
	add := func(b *line) {
		for _, m := range textparse.MatchColumns(b.toks) {
			w0, w1 := b.wordOf[m.Start], b.wordOf[m.End-1]
			c := layout.Column{X0: b.Words[w0].X0, X1: b.Words[w1].X1, Key: int(m.Column)}
			merged := false
			for i := range cols {
				if layout.OverlapX(cols[i].X0, cols[i].X1, c.X0, c.X1) > 0 {
					merged = true
					if cols[i].Key == int(textparse.ColOther) || cols[i].Key == int(textparse.ColVATRate) && c.Key == int(textparse.ColUnitPrice) {
						cols[i].Key = c.Key
					}
					if c.X0 < cols[i].X0 {
						cols[i].X0 = c.X0
					}
					if c.X1 > cols[i].X1 {
						cols[i].X1 = c.X1
					}
				}
			}
			if !merged {
				cols = append(cols, c)
			}
		}
	}
	add(l)
	if li+1 < len(d.lines) {
		b := &d.lines[li+1]
		if b.pg == l.pg && b.Y0-l.Y1 < 1.2*l.h && len(d.amounts(b, 0, len(b.words))) == 0 && len(textparse.MatchColumns(b.toks)) > 0 {
			add(b)
		}
	}
	sort.Slice(cols, func(i, j int) bool { return cols[i].X0 < cols[j].X0 })
	// Widen each column to the midpoint of the gap to its neighbours so that
	// right- or left-aligned values land in it.
	for i := range cols {
		if i > 0 {
			mid := (cols[i-1].X1 + cols[i].X0) / 2
			if cols[i].X0 > mid {
				cols[i].X0 = mid
			}
		}
		if i+1 < len(cols) {
			mid := (cols[i].X1 + cols[i+1].X0) / 2
			if cols[i].X1 < mid {
				cols[i].X1 = mid
			}
		}
	}
	if len(cols) > 0 {
		cols[0].X0 -= 5 * l.h
		cols[len(cols)-1].X1 += 5 * l.h
	}
	return cols
}

// lineItems reads the line-item tables: a header row with at least three
// column kinds, then rows anchored by an amount in the amount (or unit
// price) column; lines without one continue the description of the row
// above. A row of totals ends the table.
func (d *doc) lineItems() []docextract.LineItem {
	var items []docextract.LineItem
	for li := 0; li < len(d.lines); li++ {
		if !tableHeader(&d.lines[li]) {
			continue
		}
		cols := d.tableCols(li)
		has := map[textparse.Column]bool{}
		for _, c := range cols {
			has[textparse.Column(c.Key)] = true
		}
		anchor := textparse.ColAmount
		if !has[anchor] {
			anchor = textparse.ColUnitPrice
			if !has[anchor] {
				continue
			}
		}
		hdr := &d.lines[li]
		var cur *docextract.LineItem
		var pending []string
		prevY := hdr.Y1
		j := li + 1
		for ; j < len(d.lines); j++ {
			l := &d.lines[j]
			if l.pg != hdr.pg || l.Y0-prevY > 6*hdr.h {
				break
			}
			if tableHeader(l) {
				break
			}
			if endsTable(l) {
				break
			}
			assign := layout.Columns(cols, l.Words, 3)
			byCol := map[textparse.Column][]int{}
			for k, c := range assign {
				if c >= 0 {
					byCol[textparse.Column(cols[c].Key)] = append(byCol[textparse.Column(cols[c].Key)], k)
				}
			}
			num := func(col textparse.Column) *docextract.Amount {
				ks := byCol[col]
				if len(ks) == 0 {
					return nil
				}
				for _, a := range d.amounts(l, ks[0], ks[len(ks)-1]+1) {
					return docextract.NewAmount(a.v)
				}
				return nil
			}
			text := func(col textparse.Column) string {
				var ws []string
				for _, k := range byCol[col] {
					ws = append(ws, l.words[k])
				}
				return strings.Join(ws, " ")
			}
			prevY = l.Y1
			total := num(anchor)
			if total == nil {
				if s := text(textparse.ColDescription); s != "" && !strings.Contains(s, ":") {
					if cur != nil {
						if len(strings.Fields(*cur.ProductName)) < 12 && !hasDigit(s) {
							n := *cur.ProductName + " " + s
							cur.ProductName = &n
						}
					} else {
						pending = append(pending, s)
					}
				}
				continue
			}
			it := docextract.LineItem{}
			desc := text(textparse.ColDescription)
			if desc == "" && len(pending) > 0 {
				desc = strings.Join(pending, " ")
			} else if desc != "" && len(pending) > 0 && cur == nil {
				desc = strings.Join(pending, " ") + " " + desc
			}
			pending = nil
			if desc == "" {
				continue // a subtotal or discount row without description
			}
			it.ProductName = docextract.Str(desc)
			if anchor == textparse.ColAmount {
				it.ProductTotalPrice = total
				it.ProductUnitPrice = num(textparse.ColUnitPrice)
			} else {
				it.ProductUnitPrice = total
			}
			it.ProductQuantity = num(textparse.ColQuantity)
			if ks := byCol[textparse.ColVATRate]; len(ks) > 0 {
				for _, k := range ks {
					w := strings.TrimSpace(l.words[k])
					if r, ok := textparse.ParsePercent(w); ok {
						it.TaxRate = docextract.NewAmount(r)
						break
					}
					if m, err := textparse.ParseAmountSep(w, d.sep); err == nil && m.Value.LessThanOrEqual(maxRate) && m.Value.Sign() >= 0 {
						it.TaxRate = docextract.NewAmount(m.Value)
						break
					}
				}
			}
			if u := text(textparse.ColUnit); u != "" && !hasDigit(u) {
				it.Unit = docextract.Str(u)
			} else if ks := byCol[textparse.ColQuantity]; len(ks) > 1 {
				if w := l.words[ks[len(ks)-1]]; !hasDigit(w) {
					it.Unit = docextract.Str(w)
				}
			}
			items = append(items, it)
			cur = &items[len(items)-1]
		}
		li = j - 1
	}
	return items
}

// endsTable reports whether l is a totals row that closes the item table.
func endsTable(l *line) bool {
	for _, m := range l.labels {
		if !l.isLabel(m) {
			continue
		}
		switch m.Field {
		case textparse.FieldNet, textparse.FieldGross, textparse.FieldAmountDue, textparse.FieldLineTotal:
			if m.Strength >= 1 || m.Start == 0 {
				return true
			}
		}
	}
	return false
}
