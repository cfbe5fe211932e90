// Package sqlite implements store.Store on SQLite through modernc.org/sqlite
// (pure Go, no cgo): one database file, zero setup.
//
// Connections: one writer connection whose transactions BEGIN IMMEDIATE, so
// check-then-write sequences (credit holds, job leases) are serialized, and a
// pool of read-only connections; WAL lets readers run beside the writer.
// Pragmas are set in the DSN (_pragma=...), so every pooled connection gets
// them. Times are stored as INTEGER Unix milliseconds, UTC.
//
// Migrations are the files migrations/NNNN_name.sql, embedded, applied in
// name order, each in its own transaction, and recorded in the migrations
// table. Core migrations use 0001..0099; webhooks use 0100 and up. To add
// one, drop a new file in migrations/ — nothing else to register.
package sqlite
