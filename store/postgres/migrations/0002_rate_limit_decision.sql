-- A rate-limit decision updates the key's row either way and returns
-- whether it allowed the request: a refusal must report the tat as the
-- decision saw it (after waiting for a racing decision's lock), which a
-- separate read of the statement's snapshot would not.
ALTER TABLE rate_limits ADD COLUMN allowed BOOLEAN NOT NULL DEFAULT true;
