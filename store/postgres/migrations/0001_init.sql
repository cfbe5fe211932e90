-- Schema of the PostgreSQL store. Times are BIGINT Unix milliseconds (UTC),
-- read from the server process's clock, not the database's, so every
-- process and the conformance suite agree on "now"; 0 means unset.

CREATE TABLE teams (
	id         TEXT PRIMARY KEY,
	name       TEXT NOT NULL,
	created_at BIGINT NOT NULL
);

CREATE TABLE api_keys (
	id         TEXT PRIMARY KEY,
	team_id    TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
	prefix     TEXT NOT NULL,
	hash       BYTEA NOT NULL UNIQUE,
	created_at BIGINT NOT NULL
);
CREATE INDEX api_keys_team_id ON api_keys (team_id);

-- credit_ledger is append-only: the source of truth of every credit movement.
-- (hold_id, action, ref) makes each movement idempotent: a hold is captured
-- once per document and voided once.
CREATE TABLE credit_ledger (
	seq        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	id         TEXT NOT NULL UNIQUE,
	team_id    TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
	hold_id    TEXT NOT NULL,
	action     TEXT NOT NULL CHECK (action IN ('grant', 'hold', 'capture', 'void')),
	ref        TEXT NOT NULL DEFAULT '',
	amount     BIGINT NOT NULL,
	created_at BIGINT NOT NULL,
	UNIQUE (hold_id, action, ref)
);
CREATE INDEX credit_ledger_team_id ON credit_ledger (team_id, seq);

-- credit_balances and credit_holds are projections of the ledger, updated in
-- the same transaction as each ledger row. Every credit movement of a team
-- first locks its credit_balances row (SELECT ... FOR UPDATE), so
-- check-and-hold is exact across processes.
CREATE TABLE credit_balances (
	team_id  TEXT PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
	granted  BIGINT NOT NULL DEFAULT 0,
	held     BIGINT NOT NULL DEFAULT 0,
	captured BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE credit_holds (
	id        TEXT PRIMARY KEY,
	team_id   TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
	amount    BIGINT NOT NULL,
	remaining BIGINT NOT NULL,
	captured  BIGINT NOT NULL DEFAULT 0,
	closed    BOOLEAN NOT NULL DEFAULT false
);

CREATE TABLE tasks (
	id            TEXT PRIMARY KEY,
	team_id       TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
	doc_type      TEXT NOT NULL,
	status        TEXT NOT NULL,
	outcome       TEXT NOT NULL DEFAULT '',
	error_code    TEXT NOT NULL DEFAULT '',
	ingest_source TEXT NOT NULL DEFAULT 'upload',
	file_name     TEXT NOT NULL,
	content_type  TEXT NOT NULL DEFAULT '',
	page_count    INTEGER NOT NULL DEFAULT 0,
	file_size     BIGINT NOT NULL DEFAULT 0,
	credits_held  BIGINT NOT NULL DEFAULT 0,
	created_at    BIGINT NOT NULL,
	updated_at    BIGINT NOT NULL,
	completed_at  BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX tasks_team_id ON tasks (team_id);

CREATE TABLE documents (
	id           TEXT PRIMARY KEY,
	task_id      TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
	team_id      TEXT NOT NULL,
	position     INTEGER NOT NULL DEFAULT 0,
	doc_type     TEXT NOT NULL,
	status       TEXT NOT NULL,
	file_name    TEXT NOT NULL,
	page_start   INTEGER NOT NULL DEFAULT 0,
	page_end     INTEGER NOT NULL DEFAULT 0,
	template_id  TEXT NOT NULL DEFAULT '',
	source       TEXT NOT NULL DEFAULT '',
	data         BYTEA,
	validation   BYTEA,
	passed       BOOLEAN NOT NULL DEFAULT false,
	confidence   DOUBLE PRECISION NOT NULL DEFAULT 0,
	credits_used BIGINT NOT NULL DEFAULT 0,
	created_at   BIGINT NOT NULL,
	updated_at   BIGINT NOT NULL
);
CREATE INDEX documents_task_id ON documents (task_id, position);

-- task_files holds each upload's bytes in chunks of at most 256 KiB, written
-- in the same transaction as the task that owns them: an accepted upload
-- always has its file, a refused one leaves nothing, and deleting the task
-- removes the file with it.
CREATE TABLE task_files (
	task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
	seq     INTEGER NOT NULL,
	data    BYTEA NOT NULL,
	PRIMARY KEY (task_id, seq)
);

-- jobs is the durable work queue: a job is visible when visible_at <= now;
-- leasing (FOR UPDATE SKIP LOCKED) pushes visible_at into the future, so a
-- job whose process died becomes visible again by itself. The password a
-- client supplied for an encrypted PDF rides on the job and goes with it.
CREATE TABLE jobs (
	id          TEXT PRIMARY KEY,
	task_id     TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
	kind        TEXT NOT NULL DEFAULT 'extract',
	attempts    INTEGER NOT NULL DEFAULT 0,
	lease_token TEXT NOT NULL DEFAULT '',
	visible_at  BIGINT NOT NULL,
	created_at  BIGINT NOT NULL,
	password    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX jobs_visible_at ON jobs (visible_at, created_at);
CREATE INDEX jobs_task_id ON jobs (task_id);

-- task_events records, in the transaction that finishes a task, the one
-- task.completed or task.failed decision of that task (UNIQUE task_id). It
-- outlives the task's deletion: webhook fan-out reads it.
--
-- seq is not a sequence: webhook fan-out reads events past a cursor, so an
-- event must never become visible after one with a higher seq. The finishing
-- transaction takes its seq from task_event_seq as its last statement; the
-- row lock on the counter is held until commit, so events commit in seq
-- order across every process.
CREATE TABLE task_events (
	seq             BIGINT PRIMARY KEY,
	id              TEXT NOT NULL UNIQUE,
	team_id         TEXT NOT NULL,
	task_id         TEXT NOT NULL UNIQUE,
	type            TEXT NOT NULL CHECK (type IN ('task.completed', 'task.failed')),
	outcome         TEXT NOT NULL DEFAULT '',
	error_code      TEXT NOT NULL DEFAULT '',
	ingest_source   TEXT NOT NULL DEFAULT 'upload',
	file_name       TEXT NOT NULL DEFAULT '',
	content_type    TEXT NOT NULL DEFAULT '',
	page_count      INTEGER NOT NULL DEFAULT 0,
	task_created_at BIGINT NOT NULL,
	created_at      BIGINT NOT NULL
);
CREATE INDEX task_events_team_id ON task_events (team_id, seq);

CREATE TABLE task_event_seq (
	id       INTEGER PRIMARY KEY CHECK (id = 1),
	last_seq BIGINT NOT NULL
);
INSERT INTO task_event_seq (id, last_seq) VALUES (1, 0);

-- Webhook endpoints; lists are JSON arrays, headers a JSON object (text, so
-- they come back byte for byte).
CREATE TABLE webhook_endpoints (
	id                 TEXT PRIMARY KEY,
	team_id            TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
	url                TEXT NOT NULL,
	description        TEXT NOT NULL DEFAULT '',
	enabled            BOOLEAN NOT NULL DEFAULT true,
	event_types        TEXT NOT NULL DEFAULT '[]',
	ingest_sources     TEXT NOT NULL DEFAULT '[]',
	template_group_ids TEXT NOT NULL DEFAULT '[]',
	headers            TEXT NOT NULL DEFAULT '{}',
	secret             TEXT NOT NULL,
	created_at         BIGINT NOT NULL,
	updated_at         BIGINT NOT NULL
);
CREATE INDEX webhook_endpoints_team_id ON webhook_endpoints (team_id, created_at);

-- A delivery is a durable queue entry: due when status = 'pending', not
-- leased and next_attempt_at <= now. A lease sets lease_token and pushes
-- next_attempt_at to the lease's expiry, so a delivery whose process died is
-- closed as interrupted and due again.
CREATE TABLE webhook_deliveries (
	seq              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
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
	next_attempt_at  BIGINT NOT NULL DEFAULT 0,
	lease_token      TEXT NOT NULL DEFAULT '',
	created_at       BIGINT NOT NULL,
	finished_at      BIGINT NOT NULL DEFAULT 0
);
-- Fan-out is idempotent per event and endpoint; redeliveries are extra rows.
CREATE UNIQUE INDEX webhook_deliveries_fanout ON webhook_deliveries (event_id, endpoint_id) WHERE redelivery_of = '';
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, endpoint_id)
	WHERE status = 'pending' AND lease_token = '';
CREATE INDEX webhook_deliveries_waiting ON webhook_deliveries (endpoint_id, next_attempt_at)
	WHERE status = 'pending' AND lease_token = '';
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries (next_attempt_at) WHERE lease_token <> '';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, seq);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

-- The exact request body, written once and only read afterwards.
CREATE TABLE webhook_delivery_bodies (
	seq  BIGINT PRIMARY KEY REFERENCES webhook_deliveries (seq) ON DELETE CASCADE,
	body BYTEA NOT NULL
);

-- One row per attempt, stored when the attempt is leased (no status code,
-- no error while in flight).
CREATE TABLE webhook_attempts (
	delivery_seq  BIGINT NOT NULL REFERENCES webhook_deliveries (seq) ON DELETE CASCADE,
	number        INTEGER NOT NULL,
	started_at    BIGINT NOT NULL,
	status_code   INTEGER NOT NULL DEFAULT 0,
	error         TEXT NOT NULL DEFAULT '',
	duration_ms   BIGINT NOT NULL DEFAULT 0,
	response_body BYTEA,
	PRIMARY KEY (delivery_seq, number)
);

-- The last task_events.seq turned into deliveries; locked by FanOut.
CREATE TABLE webhook_fanout_cursor (
	id       INTEGER PRIMARY KEY CHECK (id = 1),
	last_seq BIGINT NOT NULL
);
INSERT INTO webhook_fanout_cursor (id, last_seq) VALUES (1, 0);

-- Server-side signing keys (e.g. the task-results cursor key), made once and
-- shared by every process on this database.
CREATE TABLE signing_keys (
	name       TEXT PRIMARY KEY,
	key        BYTEA NOT NULL,
	created_at BIGINT NOT NULL
);

-- Shared rate limit: the GCRA theoretical arrival time per key (Unix
-- microseconds: an emission interval may be shorter than a millisecond), so a limit
-- holds for the whole fleet. A row whose tat has passed is a full quota and
-- may be deleted at any time.
CREATE TABLE rate_limits (
	key TEXT PRIMARY KEY,
	tat BIGINT NOT NULL
);
CREATE INDEX rate_limits_tat ON rate_limits (tat);
