package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
)

// CreateTeam implements store.Teams.
func (db *DB) CreateTeam(ctx context.Context, name string) (*store.Team, error) {
	if name == "" {
		return nil, docextract.Errorf(docextract.EINVALID, "Team name required.")
	}
	t := &store.Team{ID: db.NewID(), Name: name, InboxToken: store.NewInboxToken(), InboxDocType: docextract.Invoice, Classification: docextract.ClassificationAuto, CreatedAt: db.now().Truncate(1e6)}
	err := db.tx(ctx, true, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO teams (id, name, inbox_token, inbox_doc_type, created_at) VALUES ($1, $2, $3, $4, $5)`,
			t.ID, t.Name, t.InboxToken, string(t.InboxDocType), ms(t.CreatedAt)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO credit_balances (team_id) VALUES ($1)`, t.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// FindTeam implements store.Teams.
func (db *DB) FindTeam(ctx context.Context, id string) (*store.Team, error) {
	return db.findTeam(ctx, `id = $1`, id)
}

// FindTeamByInboxToken implements store.Teams.
func (db *DB) FindTeamByInboxToken(ctx context.Context, token string) (*store.Team, error) {
	if token == "" {
		return nil, notFound("Team")
	}
	return db.findTeam(ctx, `inbox_token = $1`, token)
}

func (db *DB) findTeam(ctx context.Context, where string, arg any) (*store.Team, error) {
	var t store.Team
	var created int64
	var token *string
	var docType string
	err := db.pool.QueryRow(ctx, `SELECT id, name, inbox_token, inbox_doc_type, classification, created_at FROM teams WHERE `+where, arg).
		Scan(&t.ID, &t.Name, &token, &docType, &t.Classification, &created)
	if err != nil {
		return nil, rowErr(err, "Team")
	}
	if token != nil {
		t.InboxToken = *token
	}
	t.InboxDocType = docextract.DocType(docType)
	t.CreatedAt = fromMS(created)
	return &t, nil
}

// RotateInboxToken implements store.Teams.
func (db *DB) RotateInboxToken(ctx context.Context, teamID string) (string, error) {
	token := store.NewInboxToken()
	tag, err := db.pool.Exec(ctx, `UPDATE teams SET inbox_token = $1 WHERE id = $2`, token, teamID)
	if err != nil {
		return "", err
	}
	if tag.RowsAffected() == 0 {
		return "", notFound("Team")
	}
	return token, nil
}

// SetInboxDocType implements store.Teams.
func (db *DB) SetInboxDocType(ctx context.Context, teamID string, docType docextract.DocType) error {
	if _, ok := docextract.ParseDocType(string(docType)); !ok {
		return docextract.Errorf(docextract.EINVALID, "Invalid document type.")
	}
	tag, err := db.pool.Exec(ctx, `UPDATE teams SET inbox_doc_type = $1 WHERE id = $2`, string(docType), teamID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return notFound("Team")
	}
	return nil
}

// CountTeams implements store.Teams.
func (db *DB) CountTeams(ctx context.Context) (int, error) {
	var n int
	err := db.pool.QueryRow(ctx, `SELECT count(*) FROM teams`).Scan(&n)
	return n, err
}

// CreateAPIKey implements store.Teams.
func (db *DB) CreateAPIKey(ctx context.Context, k *store.APIKey) error {
	if len(k.Hash) == 0 {
		return docextract.Errorf(docextract.EINVALID, "API key hash required.")
	}
	if k.ID == "" {
		k.ID = db.NewID()
	}
	if k.CreatedAt.IsZero() {
		k.CreatedAt = db.now().Truncate(1e6)
	}
	tag, err := db.pool.Exec(ctx, `INSERT INTO api_keys (id, team_id, prefix, hash, created_at)
		SELECT $1, id, $3, $4, $5 FROM teams WHERE id = $2`, k.ID, k.TeamID, k.Prefix, k.Hash, ms(k.CreatedAt))
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return notFound("Team")
	}
	return nil
}

// ListAPIKeys implements store.Teams.
func (db *DB) ListAPIKeys(ctx context.Context, teamID string) ([]*store.APIKey, error) {
	rows, err := db.pool.Query(ctx, `SELECT id, team_id, prefix, hash, created_at FROM api_keys WHERE team_id = $1 ORDER BY created_at, id`, teamID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*store.APIKey
	for rows.Next() {
		var k store.APIKey
		var created int64
		if err := rows.Scan(&k.ID, &k.TeamID, &k.Prefix, &k.Hash, &created); err != nil {
			return nil, err
		}
		k.CreatedAt = fromMS(created)
		out = append(out, &k)
	}
	return out, rows.Err()
}

// DeleteAPIKey implements store.Teams.
func (db *DB) DeleteAPIKey(ctx context.Context, teamID, id string) error {
	tag, err := db.pool.Exec(ctx, `DELETE FROM api_keys WHERE id = $1 AND team_id = $2`, id, teamID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return notFound("API key")
	}
	return nil
}

// FindAPIKey implements store.Teams.
func (db *DB) FindAPIKey(ctx context.Context, hash []byte) (*store.APIKey, error) {
	var k store.APIKey
	var created int64
	err := db.pool.QueryRow(ctx, `SELECT id, team_id, prefix, hash, created_at FROM api_keys WHERE hash = $1`, hash).
		Scan(&k.ID, &k.TeamID, &k.Prefix, &k.Hash, &created)
	if err != nil {
		return nil, rowErr(err, "API key")
	}
	k.CreatedAt = fromMS(created)
	return &k, nil
}

// SetClassification implements store.Teams.
func (db *DB) SetClassification(ctx context.Context, teamID string, c docextract.Classification) error {
	if _, ok := docextract.ParseClassification(string(c)); !ok {
		return docextract.Errorf(docextract.EINVALID, "classification must be auto or review.")
	}
	tag, err := db.pool.Exec(ctx, `UPDATE teams SET classification = $1 WHERE id = $2`, string(c), teamID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return notFound("Team")
	}
	return nil
}
