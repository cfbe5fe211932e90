package credits

import (
	"context"
	"fmt"
	"sync"

	"github.com/docextract/docextract"
)

// Memory is an in-memory ledger: the reference model of the rules, for
// examples, tests and single-process tools. The zero value is ready to use.
type Memory struct {
	mu       sync.Mutex
	balances map[string]Balance
	holds    map[string]Hold
	done     map[string]bool // hold|action|ref already applied
	entries  []Entry
	seq      int
}

func (m *Memory) init() {
	if m.balances == nil {
		m.balances = map[string]Balance{}
		m.holds = map[string]Hold{}
		m.done = map[string]bool{}
	}
}

func (m *Memory) append(teamID, holdID string, a Action, ref string, amount int64) {
	m.seq++
	m.done[holdID+"|"+string(a)+"|"+ref] = true
	m.entries = append(m.entries, Entry{ID: fmt.Sprint(m.seq), TeamID: teamID, HoldID: holdID, Action: a, Ref: ref, Amount: amount})
}

// Grant implements Ledger.
func (m *Memory) Grant(_ context.Context, teamID string, amount int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.init()
	b, err := ApplyGrant(m.balances[teamID], amount)
	if err != nil {
		return err
	}
	m.balances[teamID] = b
	m.append(teamID, fmt.Sprint("grant-", m.seq+1), ActionGrant, "", amount)
	return nil
}

// Balance implements Ledger.
func (m *Memory) Balance(_ context.Context, teamID string) (Balance, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.init()
	return m.balances[teamID], nil
}

// Hold reserves amount under holdID. Repeating a hold changes nothing.
func (m *Memory) Hold(_ context.Context, teamID, holdID string, amount int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.init()
	if m.done[holdID+"|hold|"] {
		return nil
	}
	b, h, err := ApplyHold(m.balances[teamID], holdID, teamID, amount)
	if err != nil {
		return err
	}
	m.balances[teamID], m.holds[holdID] = b, h
	m.append(teamID, holdID, ActionHold, "", amount)
	return nil
}

// Capture charges amount for ref (e.g. a document id) against holdID.
// Repeating a capture for the same ref changes nothing.
func (m *Memory) Capture(_ context.Context, holdID, ref string, amount int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.init()
	h, ok := m.holds[holdID]
	if !ok {
		return docextract.Errorf(docextract.ENOTFOUND, "Hold not found.")
	}
	if m.done[holdID+"|capture|"+ref] {
		return nil
	}
	b, h, err := ApplyCapture(m.balances[h.TeamID], h, amount)
	if err != nil {
		return err
	}
	m.balances[h.TeamID], m.holds[holdID] = b, h
	m.append(h.TeamID, holdID, ActionCapture, ref, amount)
	return nil
}

// Void releases what holdID still reserves. Repeating it changes nothing.
func (m *Memory) Void(_ context.Context, holdID string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.init()
	h, ok := m.holds[holdID]
	if !ok {
		return docextract.Errorf(docextract.ENOTFOUND, "Hold not found.")
	}
	if m.done[holdID+"|void|"] {
		return nil
	}
	released := h.Remaining
	b, h := ApplyVoid(m.balances[h.TeamID], h)
	m.balances[h.TeamID], m.holds[holdID] = b, h
	m.append(h.TeamID, holdID, ActionVoid, "", released)
	return nil
}

// Entries returns a copy of the ledger, oldest first.
func (m *Memory) Entries() []Entry {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]Entry(nil), m.entries...)
}
