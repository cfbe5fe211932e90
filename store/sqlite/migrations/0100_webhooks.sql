-- Webhook endpoints, deliveries and attempts (DESIGN.md §8). Times are
-- INTEGER Unix milliseconds (UTC); lists are JSON arrays, headers a JSON object.

CREATE TABLE webhook_endpoints (
	id                 TEXT PRIMARY KEY,
	team_id            TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
	url                TEXT NOT NULL,
	description        TEXT NOT NULL DEFAULT '',
	enabled            INTEGER NOT NULL DEFAULT 1,
	event_types        TEXT NOT NULL DEFAULT '[]',
	ingest_sources     TEXT NOT NULL DEFAULT '[]',
	template_group_ids TEXT NOT NULL DEFAULT '[]',
	headers            TEXT NOT NULL DEFAULT '{}',
	secret             TEXT NOT NULL,
	created_at         INTEGER NOT NULL,
	updated_at         INTEGER NOT NULL
);
CREATE INDEX webhook_endpoints_team_id ON webhook_endpoints (team_id, created_at);

-- A delivery is a durable queue entry: it is due when status = 'pending' and
-- next_attempt_at <= now. Leasing pushes next_attempt_at forward (a
-- visibility timeout), so a delivery whose worker died is due again.
CREATE TABLE webhook_deliveries (
	seq              INTEGER PRIMARY KEY AUTOINCREMENT,
	id               TEXT NOT NULL UNIQUE,
	team_id          TEXT NOT NULL,
	endpoint_id      TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
	event_id         TEXT NOT NULL,
	event_type       TEXT NOT NULL,
	redelivery_of    TEXT NOT NULL DEFAULT '',
	status           TEXT NOT NULL CHECK (status IN ('pending', 'acknowledged', 'failed', 'cancelled')),
	attempt_count    INTEGER NOT NULL DEFAULT 0,
	max_attempts     INTEGER NOT NULL,
	last_status_code INTEGER NOT NULL DEFAULT 0,
	last_error       TEXT NOT NULL DEFAULT '',
	body             BLOB NOT NULL,
	next_attempt_at  INTEGER NOT NULL DEFAULT 0,
	lease_token      TEXT NOT NULL DEFAULT '',
	created_at       INTEGER NOT NULL,
	finished_at      INTEGER NOT NULL DEFAULT 0
);
-- Fan-out is idempotent per event and endpoint; redeliveries are extra rows.
CREATE UNIQUE INDEX webhook_deliveries_fanout ON webhook_deliveries (event_id, endpoint_id) WHERE redelivery_of = '';
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, seq);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

CREATE TABLE webhook_attempts (
	delivery_id   TEXT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
	number        INTEGER NOT NULL,
	started_at    INTEGER NOT NULL,
	status_code   INTEGER NOT NULL DEFAULT 0,
	error         TEXT NOT NULL DEFAULT '',
	duration_ms   INTEGER NOT NULL DEFAULT 0,
	response_body BLOB,
	PRIMARY KEY (delivery_id, number)
);

-- The last task_events.seq turned into deliveries.
CREATE TABLE webhook_fanout_cursor (
	id       INTEGER PRIMARY KEY CHECK (id = 1),
	last_seq INTEGER NOT NULL
);
INSERT INTO webhook_fanout_cursor (id, last_seq) VALUES (1, 0);
