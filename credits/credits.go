package credits

import (
	"context"
	"time"

	"github.com/docextract/docextract"
)

// InsufficientMessage is the API's text (docs/api.md, Errors) for an upload refused for
// lack of credits.
const InsufficientMessage = "Insufficient credits to process new documents. Please review your account balance."

// Action is the kind of a ledger entry.
type Action string

const (
	ActionGrant   Action = "grant"   // adds to granted
	ActionHold    Action = "hold"    // reserves credits for a task
	ActionCapture Action = "capture" // charges a document, from its hold first
	ActionVoid    Action = "void"    // releases what is left of a hold
)

// ForPages returns the credits that pages cost: one per page, at least one.
func ForPages(pages int) int64 {
	if pages < 1 {
		return 1
	}
	return int64(pages)
}

// Balance is a team's credit position.
type Balance struct {
	Granted  int64 `json:"granted"`
	Held     int64 `json:"held"`
	Captured int64 `json:"captured"`
}

// Available returns granted - captured - held.
func (b Balance) Available() int64 { return b.Granted - b.Captured - b.Held }

// Hold is the state of one reservation, usually for one task.
type Hold struct {
	ID        string
	TeamID    string
	Amount    int64 // reserved at creation
	Remaining int64 // still reserved
	Captured  int64 // charged against this hold so far
	Closed    bool  // voided: nothing more may be captured
}

// Entry is one append-only ledger row.
type Entry struct {
	ID        string
	TeamID    string
	HoldID    string // the hold, or the grant's own id for grants
	Action    Action
	Ref       string // e.g. the document a capture charges; "" otherwise
	Amount    int64
	CreatedAt time.Time
}

// Ledger is what a store offers for credits. Every method is idempotent per
// (hold, action, ref) and safe for concurrent use.
type Ledger interface {
	// Grant adds amount to the team's granted credits.
	Grant(ctx context.Context, teamID string, amount int64) error
	// Balance returns the team's position.
	Balance(ctx context.Context, teamID string) (Balance, error)
}

// ErrInsufficient returns the EPAYMENT error of a refused upload.
func ErrInsufficient() error {
	return &docextract.Error{Code: docextract.EPAYMENT, Message: InsufficientMessage}
}

// ApplyGrant returns b after granting amount (> 0).
func ApplyGrant(b Balance, amount int64) (Balance, error) {
	if amount <= 0 {
		return b, docextract.Errorf(docextract.EINVALID, "Grant amount must be positive.")
	}
	b.Granted += amount
	return b, nil
}

// ApplyHold reserves amount for a new hold, or fails with EPAYMENT
// (InsufficientMessage) when less than amount is available.
func ApplyHold(b Balance, id, teamID string, amount int64) (Balance, Hold, error) {
	if amount < 0 {
		return b, Hold{}, docextract.Errorf(docextract.EINVALID, "Hold amount must not be negative.")
	}
	if b.Available() < amount {
		return b, Hold{}, ErrInsufficient()
	}
	b.Held += amount
	return b, Hold{ID: id, TeamID: teamID, Amount: amount, Remaining: amount}, nil
}

// ApplyCapture charges amount against h: first from what h still reserves,
// then from the available balance. It fails with EPAYMENT when the two
// together cannot cover amount, and with ECONFLICT when h is closed.
func ApplyCapture(b Balance, h Hold, amount int64) (Balance, Hold, error) {
	if amount < 0 {
		return b, h, docextract.Errorf(docextract.EINVALID, "Capture amount must not be negative.")
	}
	if h.Closed {
		return b, h, docextract.Errorf(docextract.ECONFLICT, "Hold is closed.")
	}
	fromHold := min(amount, h.Remaining)
	extra := amount - fromHold
	if extra > b.Available() {
		return b, h, &docextract.Error{Code: docextract.EPAYMENT, Message: docextract.FailureMessages[docextract.FailInsufficientCredits]}
	}
	h.Remaining -= fromHold
	h.Captured += amount
	b.Held -= fromHold
	b.Captured += amount
	return b, h, nil
}

// CanCapture reports whether captures totalling amount can be covered by h
// and the available balance.
func CanCapture(b Balance, h Hold, amount int64) bool {
	return !h.Closed && amount <= h.Remaining+b.Available()
}

// ApplyVoid releases what h still reserves and closes it. Voiding a closed
// hold changes nothing.
func ApplyVoid(b Balance, h Hold) (Balance, Hold) {
	if h.Closed {
		return b, h
	}
	b.Held -= h.Remaining
	h.Remaining = 0
	h.Closed = true
	return b, h
}

// Charge is one capture of Settle: Amount credits for Ref (a document id).
type Charge struct {
	Ref    string
	Amount int64
}

// Settle ends hold h: it captures each charge against it (from what h
// still reserves first, then from the available balance), then voids what
// h still reserves. It returns the balance and the hold after, and the
// ledger movements to append in order (one capture per charge, then the
// void; ID and CreatedAt left for the store). When the charges cannot all
// be covered it returns an EPAYMENT error and nothing is to change; a
// closed hold is ECONFLICT. Settle(b, h, nil) only voids, and changes
// nothing when h is closed already.
func Settle(b Balance, h Hold, charges []Charge) (Balance, Hold, []Entry, error) {
	if h.Closed {
		if len(charges) > 0 {
			return b, h, nil, docextract.Errorf(docextract.ECONFLICT, "Hold is closed.")
		}
		return b, h, nil, nil
	}
	entries := make([]Entry, 0, len(charges)+1)
	nb, nh := b, h
	for _, c := range charges {
		var err error
		if nb, nh, err = ApplyCapture(nb, nh, c.Amount); err != nil {
			return b, h, nil, err
		}
		entries = append(entries, Entry{TeamID: h.TeamID, HoldID: h.ID, Action: ActionCapture, Ref: c.Ref, Amount: c.Amount})
	}
	entries = append(entries, Entry{TeamID: h.TeamID, HoldID: h.ID, Action: ActionVoid, Amount: nh.Remaining})
	nb, nh = ApplyVoid(nb, nh)
	return nb, nh, entries, nil
}
