-- Idempotency-Key of uploads: the first upload of a team with a key is
-- recorded with its task in the upload's transaction; a repeat within 24
-- hours is answered with that task. Rows outlive a deleted task (the
-- repeat still gets the first answer) and are purged when expired.
CREATE TABLE idempotency_keys (
    team_id    TEXT NOT NULL,
    key        TEXT NOT NULL,
    task_id    TEXT NOT NULL,
    doc_type   TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (team_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
