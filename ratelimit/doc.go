// Package ratelimit is an in-memory GCRA (generic cell rate algorithm) rate
// limiter keyed by an arbitrary string, such as an API key id, and the parser
// of its "N/DURATION" configuration ("1000/1m", "5/1s").
//
// GCRA keeps one timestamp per key (the theoretical arrival time), so it
// allows a full burst of N requests and then one every DURATION/N: a rolling
// window without per-request bookkeeping. New keeps that timestamp in the
// process; NewShared keeps it in a Shared store (the PostgreSQL store is
// one, one statement per decision), so several processes enforce one limit.
package ratelimit
