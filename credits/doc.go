// Package credits is the hold / capture / void ledger of docs/api.md, Concepts: the
// rules, as pure functions over a Balance and a Hold, and Memory, an in-memory
// Ledger that applies them. Storage adapters (store/sqlite) apply the same
// functions inside their own transactions, so the arithmetic lives here once.
//
// One credit is one page (an image is one page). An upload holds its page
// count and is refused when the available balance is lower; completion
// captures each document's credits; failure voids the rest of the hold.
// Available = granted - captured - held. Entries are append-only and
// idempotent per (hold, action, ref): repeating a movement changes nothing.
//
// It is not a billing system: there are no prices, invoices or expiry.
package credits
