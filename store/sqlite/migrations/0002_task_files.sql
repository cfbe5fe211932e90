-- task_files holds each upload's bytes, in chunks of at most 256 KiB, written
-- in the same transaction as the task that owns them: an accepted upload
-- always has its file, a refused one leaves nothing, and deleting the task
-- removes the file with it (ON DELETE CASCADE).
CREATE TABLE task_files (
	task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
	seq     INTEGER NOT NULL,
	data    BLOB NOT NULL,
	PRIMARY KEY (task_id, seq)
);
