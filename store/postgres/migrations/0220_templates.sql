-- Invoice2data templates stored per team, in named groups (the API's
-- /api/v1/template_groups and /api/v1/templates). Deleting a group deletes
-- its templates; deleting a team deletes both.
CREATE TABLE template_groups (
	id         TEXT PRIMARY KEY,
	team_id    TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
	name       TEXT NOT NULL,
	created_at BIGINT NOT NULL,
	updated_at BIGINT NOT NULL,
	UNIQUE (team_id, name)
);

CREATE TABLE templates (
	id         TEXT PRIMARY KEY,
	team_id    TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
	group_id   TEXT NOT NULL REFERENCES template_groups (id) ON DELETE CASCADE,
	name       TEXT NOT NULL,
	content    BYTEA NOT NULL,
	issuer     TEXT NOT NULL DEFAULT '',   -- as parsed at upload, for lists without the content
	priority   INTEGER NOT NULL DEFAULT 0,
	created_at BIGINT NOT NULL,
	updated_at BIGINT NOT NULL,
	UNIQUE (group_id, name)
);
CREATE INDEX templates_team ON templates (team_id, group_id, name);
