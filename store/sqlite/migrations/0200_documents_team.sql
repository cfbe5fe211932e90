-- A team's documents, newest first, for the dashboard's document list
-- (ListTeamDocuments pages on created_at, then id).
CREATE INDEX documents_team_created ON documents (team_id, created_at, id);
