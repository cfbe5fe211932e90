package receipt

import "math"

// Scores: the confidence of a receipt field is the strength of the evidence
// that chose its value, times the OCR's confidence in the words it was read
// from (lineConf). They rank values, they are not calibrated probabilities;
// docs/confidence.md shows how they split right from wrong values on the
// SROIE receipts.
const (
	// merchant: a top line carrying a company form or shop word ("SDN
	// BHD", "GmbH", "RESTAURANT") / only the first plausible top line.
	evNameCompany = 0.85
	evNameTop     = 0.55
	// date: on a line labelled as a date / printed with a time of day /
	// the first date anywhere.
	evDateLabel = 0.95
	evDateTime  = 0.9
	evDateFirst = 0.6
	// total: equal to cash tendered minus change (or to the sum of the
	// line items) / the amount paid when no change was given or when it
	// reappears under a misread label / tendered minus change alone.
	evTotalPaid     = 0.97
	evTotalCash     = 0.85
	evTotalPaidOnly = 0.6
	// line items adding up to the total / not.
	evItemsSum   = 0.9
	evItemsLoose = 0.5
	// the address is the lines under the name (its end is a guess); a
	// currency is printed as a code or RM; time, number, tax and payment
	// come from a label.
	evAddress  = 0.5
	evCurrency = 0.9
	evOther    = 0.8
)

// evTotalLabel scores a total by its label's strength (candidate.prio): a
// word such as "total" (1), a qualified total such as "total amount" or
// "total incl. GST" (2), a final label such as "grand total" or "amount due"
// (3), a rounded total that is the rounding of another (4).
var evTotalLabel = []float64{0.5, 0.75, 0.85, 0.9, 0.92}

// lineConf turns the mean OCR word confidence of a line (0..100; text
// layers and ground-truth lines have 100) into a factor: 1 down to 0.5 for
// a line the recogniser was unsure of.
func lineConf(l line) float64 {
	if l.conf <= 0 {
		return 1
	}
	return math.Max(0.5, math.Min(1, 0.3+0.7*l.conf/100))
}

// pageConf is lineConf over all lines, weighted by their length.
func pageConf(lines []line) float64 {
	var sum, n float64
	for _, l := range lines {
		w := float64(len(l.toks))
		sum += l.conf * w
		n += w
	}
	if n == 0 {
		return 1
	}
	return lineConf(line{conf: sum / n})
}

func roundConf(v float64) float64 { return math.Round(math.Max(0, math.Min(1, v))*100) / 100 }
