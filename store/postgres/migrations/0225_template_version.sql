-- A per-team counter of template changes: every create, replace or delete
-- of a template or template group adds one in the same transaction. The
-- worker compares it with the number its parsed templates were built from,
-- so an extraction reads the team's template contents only after a change
-- (also one made through another server sharing the database).
ALTER TABLE teams ADD COLUMN template_version BIGINT NOT NULL DEFAULT 0;
