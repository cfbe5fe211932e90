package receipt

import (
	"slices"

	"github.com/docextract/docextract/extract/layout"
	"github.com/shopspring/decimal"
)

// Levels of what a reading of a receipt settles (see Settled).
const (
	// TotalNone: no total read; TotalLabel: a total read from its label
	// alone; TotalChecked: a total the receipt's own figures confirm.
	TotalNone, TotalLabel, TotalChecked = 0, 1, 2
	// DateNone: no valid date read; DateRepaired: a date found only by
	// undoing an OCR slip (see looseDateToks); DateRead: one read whole.
	DateNone, DateRepaired, DateRead = 0, 1, 2
)

// Settled rates one reading of a receipt (an OCR reading, for deciding
// whether a second reading is worth its time and which reading to keep):
// the total's level and the date's. A total is checked when the receipt's
// own figures give the same amount a second way, as tills print them: the
// subtotal plus tax, service charge and rounding (sumChecks), the cash
// handed over less the change, the line items' sum, or the same amount
// printed on another line (a total repeated under "NETT TOTAL", in a tax
// summary's total row, on the card slip). A date is read when the rules
// find a valid one as printed (textparse.FindDates checks day, month and
// year), repaired when only undoing an OCR slip gives one (looseDateToks).
func Settled(pages []layout.Page) (totalLevel, dateLevel int) {
	var lines []line
	for i := range pages {
		for _, l := range layout.Lines(&pages[i]) {
			lines = append(lines, newLine(l))
		}
	}
	if len(lines) == 0 {
		return TotalNone, DateNone
	}
	if d, _ := dateWith(lines, cleanDateToks); d != nil {
		dateLevel = DateRead
	} else if d, _ := dateWith(lines, looseDateToks); d != nil {
		dateLevel = DateRepaired
	}
	v, at, _ := total(lines)
	if v == nil {
		return TotalNone, dateLevel
	}
	if totalChecked(lines, v.Dec(), at) {
		return TotalChecked, dateLevel
	}
	return TotalLabel, dateLevel
}

// totalChecked reports whether the receipt's own figures confirm the
// total v read on line at (see Settled).
func totalChecked(lines []line, v decimal.Decimal, at int) bool {
	if !v.IsPositive() {
		return false
	}
	sums, _ := sumChecks(lines)
	if slices.ContainsFunc(sums, v.Equal) {
		return true
	}
	if p := paidLessChange(lines); p != nil && p.Equal(v) {
		return true
	}
	for i, l := range lines {
		if i == at {
			continue
		}
		for _, a := range l.amts {
			if a.v.Equal(v) {
				return true
			}
		}
	}
	nameEnd := 0
	if _, end, _ := merchant(lines); end > 0 {
		nameEnd = end
	}
	if its := items(lines, nameEnd, at); len(its) > 1 && itemsSum(its).Equal(v) {
		return true
	}
	return false
}

// paidLessChange returns the first cash-labelled amount less the first
// change-labelled amount, when both are printed and the change is the
// smaller.
func paidLessChange(lines []line) *decimal.Decimal {
	var cash, change *decimal.Decimal
	for _, l := range lines {
		if len(l.amts) == 0 {
			continue
		}
		a := l.amts[len(l.amts)-1].v.Abs()
		switch {
		case change == nil && has(l.fold, changeWords...):
			change = &a
		case cash == nil && has(l.fold, cashWords...):
			cash = &a
		}
	}
	if cash == nil || change == nil || !change.LessThan(*cash) {
		return nil
	}
	p := cash.Sub(*change)
	return &p
}

// CheckName names the revision of OCRCheck, for ocr.Tesseract.WithCheck
// (a cache of readings keys on it).
const CheckName = "receipt-settled-3"

// OCRCheck rates an OCR reading of a receipt for ocr.Tesseract.WithCheck:
// its score is the total's level plus the date's (see Settled); it lacks a
// field when no total or no valid date was read, and is weak as well when
// the total is read from its label alone, unconfirmed by the receipt's own
// figures, or the date only found by repairing an OCR slip. A second
// reading is then made and kept only when it scores higher: the evidence of the receipt's own arithmetic decides between the
// readings, not the recogniser's confidence alone.
func OCRCheck(p layout.Page) (score int, lacking, weak bool) {
	t, d := Settled([]layout.Page{p})
	lacking = t == TotalNone || d == DateNone
	return t + d, lacking, lacking || t < TotalChecked || d < DateRead
}
