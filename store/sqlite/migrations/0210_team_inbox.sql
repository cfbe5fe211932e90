-- E-mail inbox of each team: mail to <type>+<inbox_token>@<domain> becomes
-- tasks of the team; mail to <inbox_token>@<domain> gets inbox_doc_type.
-- Existing teams get a random token (10 random bytes, 20 hex characters,
-- the format store.NewInboxToken makes).
ALTER TABLE teams ADD COLUMN inbox_token TEXT;
ALTER TABLE teams ADD COLUMN inbox_doc_type TEXT NOT NULL DEFAULT 'invoice';
UPDATE teams SET inbox_token = lower(hex(randomblob(10))) WHERE inbox_token IS NULL;
CREATE UNIQUE INDEX teams_inbox_token ON teams (inbox_token);
