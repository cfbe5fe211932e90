-- Core schema of the reference server. Times are INTEGER Unix milliseconds (UTC).
-- Later migrations are numbered: 0002.. for the core, 0100.. for webhooks.

CREATE TABLE teams (
	id         TEXT PRIMARY KEY,
	name       TEXT NOT NULL,
	created_at INTEGER NOT NULL
);

CREATE TABLE api_keys (
	id         TEXT PRIMARY KEY,
	team_id    TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
	prefix     TEXT NOT NULL,
	hash       BLOB NOT NULL UNIQUE,
	created_at INTEGER NOT NULL
);
CREATE INDEX api_keys_team_id ON api_keys (team_id);

-- credit_ledger is append-only: the source of truth of every credit movement.
-- (hold_id, action, ref) makes each movement idempotent: a hold is captured
-- once per document and voided once.
CREATE TABLE credit_ledger (
	seq        INTEGER PRIMARY KEY AUTOINCREMENT,
	id         TEXT NOT NULL UNIQUE,
	team_id    TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
	hold_id    TEXT NOT NULL,
	action     TEXT NOT NULL CHECK (action IN ('grant', 'hold', 'capture', 'void')),
	ref        TEXT NOT NULL DEFAULT '',
	amount     INTEGER NOT NULL,
	created_at INTEGER NOT NULL,
	UNIQUE (hold_id, action, ref)
);
CREATE INDEX credit_ledger_team_id ON credit_ledger (team_id);

-- credit_balances and credit_holds are projections of the ledger, updated in
-- the same transaction as each ledger row.
CREATE TABLE credit_balances (
	team_id  TEXT PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
	granted  INTEGER NOT NULL DEFAULT 0,
	held     INTEGER NOT NULL DEFAULT 0,
	captured INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE credit_holds (
	id        TEXT PRIMARY KEY,
	team_id   TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
	amount    INTEGER NOT NULL,
	remaining INTEGER NOT NULL,
	captured  INTEGER NOT NULL DEFAULT 0,
	closed    INTEGER NOT NULL DEFAULT 0
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
	file_size     INTEGER NOT NULL DEFAULT 0,
	credits_held  INTEGER NOT NULL DEFAULT 0,
	created_at    INTEGER NOT NULL,
	updated_at    INTEGER NOT NULL,
	completed_at  INTEGER
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
	data         BLOB,
	validation   BLOB,
	passed       INTEGER NOT NULL DEFAULT 0,
	confidence   REAL NOT NULL DEFAULT 0,
	credits_used INTEGER NOT NULL DEFAULT 0,
	created_at   INTEGER NOT NULL,
	updated_at   INTEGER NOT NULL
);
CREATE INDEX documents_task_id ON documents (task_id, position);

-- jobs is the durable work queue: a job is visible when visible_at <= now;
-- leasing pushes visible_at into the future (the visibility timeout), so a
-- job whose worker crashed becomes visible again by itself.
CREATE TABLE jobs (
	id          TEXT PRIMARY KEY,
	task_id     TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
	kind        TEXT NOT NULL DEFAULT 'extract',
	attempts    INTEGER NOT NULL DEFAULT 0,
	lease_token TEXT NOT NULL DEFAULT '',
	visible_at  INTEGER NOT NULL,
	created_at  INTEGER NOT NULL
);
CREATE INDEX jobs_visible_at ON jobs (visible_at);
CREATE INDEX jobs_task_id ON jobs (task_id);

-- task_events records, in the transaction that finishes a task, the one
-- task.completed or task.failed decision of that task (UNIQUE task_id).
-- It outlives the task's deletion: webhook fan-out reads it.
CREATE TABLE task_events (
	seq        INTEGER PRIMARY KEY AUTOINCREMENT,
	id         TEXT NOT NULL UNIQUE,
	team_id    TEXT NOT NULL,
	task_id    TEXT NOT NULL UNIQUE,
	type       TEXT NOT NULL CHECK (type IN ('task.completed', 'task.failed')),
	outcome    TEXT NOT NULL DEFAULT '',
	error_code TEXT NOT NULL DEFAULT '',
	-- A snapshot of the task summary (spec 2.4) at the decision.
	ingest_source   TEXT NOT NULL DEFAULT 'upload',
	file_name       TEXT NOT NULL DEFAULT '',
	content_type    TEXT NOT NULL DEFAULT '',
	page_count      INTEGER NOT NULL DEFAULT 0,
	task_created_at INTEGER NOT NULL,
	created_at      INTEGER NOT NULL
);
CREATE INDEX task_events_team_id ON task_events (team_id, seq);
