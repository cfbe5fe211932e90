-- Dashboard sessions are signed cookies; a sign-out records the
-- session's id here until the cookie would have expired, so a copy of the
-- cookie is refused from then on, by every server.
CREATE TABLE revoked_sessions (
    id         TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL
);
CREATE INDEX revoked_sessions_expires ON revoked_sessions (expires_at);
