// Package postgres implements store.Store on PostgreSQL (15 or later)
// through github.com/jackc/pgx/v5, so several server processes, on one
// machine or several, share one database with the guarantees of the SQLite
// store.
//
// Concurrency: transactions run at READ COMMITTED and take row locks where
// a decision depends on what they read. Every credit movement of a team
// locks its credit_balances row (check-and-hold stays exact); settling a
// task locks its tasks row first (a task is settled once); jobs and webhook
// deliveries are leased with FOR UPDATE SKIP LOCKED (each lease goes to one
// process, and a lease that expires is taken by another); the webhook
// fan-out cursor is a locked row. Task events take their seq from a locked
// counter as the last statement of their transaction, so they become
// visible in seq order and fan-out, which reads past a cursor, skips none.
//
// Times are BIGINT Unix milliseconds from the process's clock (DB.Now),
// never the database's. Uploaded files are stored in task_files in chunks
// of 256 KiB. Migrations are the embedded files migrations/NNNN_name.sql,
// applied in name order in one transaction under an advisory lock (servers
// starting together migrate once) and recorded in the migrations table.
//
// Transactions that queue work notify the channels ChannelJobs and
// ChannelEvents (named per schema); DB.Listen turns the notifications of
// every process on the schema into wake-ups of this one's workers.
package postgres
