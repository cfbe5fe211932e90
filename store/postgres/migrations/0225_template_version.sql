-- A per-team counter of template changes: every create, replace or delete
-- of a template or template group adds one in the same transaction. The
-- worker compares it with the number its parsed templates were built from,
-- so an extraction reads the team's template contents only after a change
-- (also one made through another server sharing the database).
ALTER TABLE teams ADD COLUMN template_version BIGINT NOT NULL DEFAULT 0;
-- Teams that already have templates start at 1, so 0 keeps meaning "never
-- had a template" and a reader may skip listing a team at version 0.
UPDATE teams SET template_version = 1 WHERE id IN (SELECT team_id FROM templates);
