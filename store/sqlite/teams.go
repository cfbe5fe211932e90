package sqlite

import (
	"context"
	"database/sql"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
)

// CreateTeam implements store.Teams.
func (db *DB) CreateTeam(ctx context.Context, name string) (*store.Team, error) {
	if name == "" {
		return nil, docextract.Errorf(docextract.EINVALID, "Team name required.")
	}
	t := &store.Team{ID: db.NewID(), Name: name, InboxToken: store.NewInboxToken(), InboxDocType: docextract.Invoice, Classification: docextract.ClassificationAuto, CreatedAt: db.now().Truncate(1e6)}
	err := db.writeTx(ctx, func(tx *txn) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO teams (id, name, inbox_token, inbox_doc_type, created_at) VALUES (?, ?, ?, ?, ?)`,
			t.ID, t.Name, t.InboxToken, string(t.InboxDocType), ms(t.CreatedAt)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO credit_balances (team_id) VALUES (?)`, t.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// FindTeam implements store.Teams.
func (db *DB) FindTeam(ctx context.Context, id string) (*store.Team, error) {
	return db.findTeam(ctx, `id = ?`, id)
}

// FindTeamByInboxToken implements store.Teams.
func (db *DB) FindTeamByInboxToken(ctx context.Context, token string) (*store.Team, error) {
	if token == "" {
		return nil, notFound("Team")
	}
	return db.findTeam(ctx, `inbox_token = ?`, token)
}

func (db *DB) findTeam(ctx context.Context, where string, arg any) (*store.Team, error) {
	var t store.Team
	var created sql.NullInt64
	var token sql.NullString
	err := db.rd.QueryRowContext(ctx, `SELECT id, name, inbox_token, inbox_doc_type, classification, created_at FROM teams WHERE `+where, arg).
		Scan(&t.ID, &t.Name, &token, &t.InboxDocType, &t.Classification, &created)
	if err != nil {
		return nil, rowErr(err, "Team")
	}
	t.InboxToken = token.String
	t.CreatedAt = fromMS(created)
	return &t, nil
}

// RotateInboxToken implements store.Teams.
func (db *DB) RotateInboxToken(ctx context.Context, teamID string) (string, error) {
	token := store.NewInboxToken()
	err := db.writeTx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE teams SET inbox_token = ? WHERE id = ?`, token, teamID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return notFound("Team")
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return token, nil
}

// SetInboxDocType implements store.Teams.
func (db *DB) SetInboxDocType(ctx context.Context, teamID string, docType docextract.DocType) error {
	if _, ok := docextract.ParseDocType(string(docType)); !ok {
		return docextract.Errorf(docextract.EINVALID, "Invalid document type.")
	}
	return db.writeTx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE teams SET inbox_doc_type = ? WHERE id = ?`, string(docType), teamID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return notFound("Team")
		}
		return nil
	})
}

// CountTeams implements store.Teams.
func (db *DB) CountTeams(ctx context.Context) (int, error) {
	var n int
	err := db.rd.QueryRowContext(ctx, `SELECT count(*) FROM teams`).Scan(&n)
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
	return db.writeTx(ctx, func(tx *txn) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM teams WHERE id = ?`, k.TeamID).Scan(&n); err != nil {
			return err
		} else if n == 0 {
			return notFound("Team")
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO api_keys (id, team_id, prefix, hash, created_at) VALUES (?, ?, ?, ?, ?)`,
			k.ID, k.TeamID, k.Prefix, k.Hash, ms(k.CreatedAt))
		return err
	})
}

// ListAPIKeys implements store.Teams.
func (db *DB) ListAPIKeys(ctx context.Context, teamID string) ([]*store.APIKey, error) {
	rows, err := db.rd.QueryContext(ctx, `SELECT id, team_id, prefix, hash, created_at FROM api_keys WHERE team_id = ? ORDER BY created_at, id`, teamID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*store.APIKey
	for rows.Next() {
		var k store.APIKey
		var created sql.NullInt64
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
	return db.writeTx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM api_keys WHERE id = ? AND team_id = ?`, id, teamID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return notFound("API key")
		}
		return nil
	})
}

// FindAPIKey implements store.Teams.
func (db *DB) FindAPIKey(ctx context.Context, hash []byte) (*store.APIKey, error) {
	var k store.APIKey
	var created sql.NullInt64
	err := db.rd.QueryRowContext(ctx, `SELECT id, team_id, prefix, hash, created_at FROM api_keys WHERE hash = ?`, hash).
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
	return db.writeTx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE teams SET classification = ? WHERE id = ?`, string(c), teamID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return notFound("Team")
		}
		return nil
	})
}
