-- Batch leasing and honest attempt history (DESIGN.md §8).
--
-- The queue indexes hold the deliveries waiting for an attempt: pending
-- and not leased. A lease takes a delivery out of them (its next_attempt_at
-- becomes the lease's expiry, in the leased index), so leasing and
-- recording touch as few index entries as possible.
--
-- Due order, with endpoint_id so the lease query sees whose deliveries are
-- due first without reading the table.
DROP INDEX webhook_deliveries_due;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, endpoint_id)
	WHERE status = 'pending' AND lease_token = '';
-- By endpoint: when the endpoints due first already have their share of
-- attempts in flight, the lease finds the other endpoints' due deliveries
-- with a seek per endpoint instead of reading past a backlog.
CREATE INDEX webhook_deliveries_waiting ON webhook_deliveries (endpoint_id, next_attempt_at)
	WHERE status = 'pending' AND lease_token = '';
-- The deliveries with an attempt in flight; next_attempt_at is when their
-- lease expires. Closing expired leases reads only this small index.
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries (next_attempt_at) WHERE lease_token <> '';

-- Attempts are keyed by the delivery's seq, not its random id: the
-- attempts of a batch of deliveries then share pages instead of landing on
-- a random page each. Looked up by (delivery_seq, number) only: one B-tree.
CREATE TABLE webhook_attempts_new (
	delivery_seq  INTEGER NOT NULL REFERENCES webhook_deliveries (seq) ON DELETE CASCADE,
	number        INTEGER NOT NULL,
	started_at    INTEGER NOT NULL,
	status_code   INTEGER NOT NULL DEFAULT 0,
	error         TEXT NOT NULL DEFAULT '',
	duration_ms   INTEGER NOT NULL DEFAULT 0,
	response_body BLOB,
	PRIMARY KEY (delivery_seq, number)
) WITHOUT ROWID;
INSERT INTO webhook_attempts_new
	SELECT d.seq, a.number, a.started_at, a.status_code, a.error, a.duration_ms, a.response_body
	FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id;
DROP TABLE webhook_attempts;
ALTER TABLE webhook_attempts_new RENAME TO webhook_attempts;

-- An attempt is now stored when it is leased (no status code, no error
-- while in flight). Attempts in flight under the previous version, which
-- leased for 60 s, get that row now, so an expired lease can be closed as
-- interrupted.
INSERT OR IGNORE INTO webhook_attempts (delivery_seq, number, started_at)
	SELECT seq, attempt_count, next_attempt_at - 60000 FROM webhook_deliveries
	WHERE lease_token <> '' AND attempt_count > 0;

-- Bodies move out of the delivery row: leasing and recording rewrite the
-- row, and a row carrying a body of kilobytes fills a page of its own, so
-- every delivery cost a page write twice. Narrow rows share pages; the
-- body is written once and only read afterwards.
CREATE TABLE webhook_delivery_bodies (
	seq  INTEGER PRIMARY KEY REFERENCES webhook_deliveries (seq) ON DELETE CASCADE,
	body BLOB NOT NULL
);
INSERT INTO webhook_delivery_bodies (seq, body) SELECT seq, body FROM webhook_deliveries;
ALTER TABLE webhook_deliveries DROP COLUMN body;
