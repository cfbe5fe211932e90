-- Server-side signing keys (for example the task-results cursor key), made
-- once and shared by every process on this database.
CREATE TABLE signing_keys (
	name       TEXT PRIMARY KEY,
	key        BLOB NOT NULL,
	created_at INTEGER NOT NULL
);
