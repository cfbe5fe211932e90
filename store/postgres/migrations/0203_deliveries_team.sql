-- The team's deliveries across its endpoints, newest first (the
-- dashboard's delivery history with status and event filters).
CREATE INDEX webhook_deliveries_team ON webhook_deliveries (team_id, seq);
