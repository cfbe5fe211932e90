// Package store defines the records of the reference server (teams, API keys,
// tasks, documents, jobs, task events, credit ledger) and the interfaces a
// storage adapter implements. store/sqlite is the embedded adapter;
// store/storetest is the conformance suite every adapter must pass, so a
// PostgreSQL adapter can be added without touching the HTTP layer.
//
// Adapters translate their failures at their edge: a missing row is a
// *docextract.Error with code ENOTFOUND, a refused hold EPAYMENT, a finished
// task ECONFLICT.
package store
