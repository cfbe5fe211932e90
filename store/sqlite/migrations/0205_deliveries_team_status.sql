-- "The team's failed deliveries" without reading all its deliveries: the
-- status filter of the dashboard's delivery history walks this index.
CREATE INDEX webhook_deliveries_team_status ON webhook_deliveries (team_id, status, seq);
