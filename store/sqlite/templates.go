package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
)

// CreateTemplateGroup implements store.Templates.
func (db *DB) CreateTemplateGroup(ctx context.Context, g *store.TemplateGroup) error {
	if err := store.CheckTemplateName(g.Name); err != nil {
		return err
	}
	if g.ID == "" {
		g.ID = db.NewID()
	}
	if g.CreatedAt.IsZero() {
		g.CreatedAt = db.now().Truncate(1e6)
	}
	if g.UpdatedAt.IsZero() {
		g.UpdatedAt = g.CreatedAt
	}
	return db.writeTx(ctx, func(tx *txn) error {
		var n, same int
		if err := tx.QueryRowContext(ctx, `SELECT count(*), count(*) FILTER (WHERE name = ?) FROM template_groups WHERE team_id = ?`,
			g.Name, g.TeamID).Scan(&n, &same); err != nil {
			return err
		}
		switch {
		case same > 0:
			return docextract.Errorf(docextract.ECONFLICT, "A template group with this name exists.")
		case n >= store.MaxTemplateGroups:
			return docextract.Errorf(docextract.ECONFLICT, "A team has at most %d template groups.", store.MaxTemplateGroups)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO template_groups (id, team_id, name, created_at, updated_at)
			SELECT ?, id, ?, ?, ? FROM teams WHERE id = ?`, g.ID, g.Name, ms(g.CreatedAt), ms(g.UpdatedAt), g.TeamID)
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

func scanTemplateGroup(s scanner) (*store.TemplateGroup, error) {
	var g store.TemplateGroup
	var created, updated sql.NullInt64
	if err := s.Scan(&g.ID, &g.TeamID, &g.Name, &created, &updated); err != nil {
		return nil, err
	}
	g.CreatedAt, g.UpdatedAt = fromMS(created), fromMS(updated)
	return &g, nil
}

// FindTemplateGroup implements store.Templates.
func (db *DB) FindTemplateGroup(ctx context.Context, id string) (*store.TemplateGroup, error) {
	g, err := scanTemplateGroup(db.rd.QueryRowContext(ctx, `SELECT id, team_id, name, created_at, updated_at FROM template_groups WHERE id = ?`, id))
	return g, rowErr(err, "Template group")
}

// ListTemplateGroups implements store.Templates.
func (db *DB) ListTemplateGroups(ctx context.Context, teamID string) ([]*store.TemplateGroup, error) {
	rows, err := db.rd.QueryContext(ctx, `SELECT id, team_id, name, created_at, updated_at FROM template_groups WHERE team_id = ? ORDER BY name, id`, teamID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*store.TemplateGroup
	for rows.Next() {
		g, err := scanTemplateGroup(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// DeleteTemplateGroup implements store.Templates.
func (db *DB) DeleteTemplateGroup(ctx context.Context, teamID, id string) error {
	return db.writeTx(ctx, func(tx *txn) error {
		if err := bumpTemplateVersion(ctx, tx, teamID); err != nil {
			return err
		}
		// The templates first: no reliance on the cascade alone.
		if _, err := tx.ExecContext(ctx, `DELETE FROM templates WHERE group_id = ? AND team_id = ?`, id, teamID); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM template_groups WHERE id = ? AND team_id = ?`, id, teamID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return notFound("Template group")
		}
		return nil
	})
}

// bumpTemplateVersion adds one to the team's template version (see
// store.Templates.TemplateVersion); the caller's transaction undoes it when
// the change fails. A missing team changes nothing: the change that
// follows finds no group or template of it.
func bumpTemplateVersion(ctx context.Context, tx *txn, teamID string) error {
	_, err := tx.ExecContext(ctx, `UPDATE teams SET template_version = template_version + 1 WHERE id = ?`, teamID)
	return err
}

// checkTemplateBytes returns store.TemplateBytesError when the team's
// templates other than id, plus size bytes, exceed
// store.MaxTemplateBytesPerTeam. length() of a BLOB reads no content.
func checkTemplateBytes(ctx context.Context, tx *txn, teamID, id string, size int) error {
	var total int64
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(sum(length(content)), 0) FROM templates WHERE team_id = ? AND id <> ?`,
		teamID, id).Scan(&total); err != nil {
		return err
	}
	if total+int64(size) > store.MaxTemplateBytesPerTeam {
		return store.TemplateBytesError()
	}
	return nil
}

// checkTemplatePlace returns ENOTFOUND unless the team has group groupID,
// and ECONFLICT when another template of the group (not id) has name.
func checkTemplatePlace(ctx context.Context, tx *txn, teamID, groupID, name, id string) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM template_groups WHERE id = ? AND team_id = ?`, groupID, teamID).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return notFound("Template group")
	}
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM templates WHERE group_id = ? AND name = ? AND id <> ?`, groupID, name, id).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return docextract.Errorf(docextract.ECONFLICT, "A template with this name exists in the group.")
	}
	return nil
}

// CreateTemplate implements store.Templates.
func (db *DB) CreateTemplate(ctx context.Context, t *store.Template) error {
	if err := store.CheckTemplate(t); err != nil {
		return err
	}
	if t.ID == "" {
		t.ID = db.NewID()
	}
	if t.CreatedAt.IsZero() {
		t.CreatedAt = db.now().Truncate(1e6)
	}
	if t.UpdatedAt.IsZero() {
		t.UpdatedAt = t.CreatedAt
	}
	return db.writeTx(ctx, func(tx *txn) error {
		if err := bumpTemplateVersion(ctx, tx, t.TeamID); err != nil {
			return err
		}
		if err := checkTemplatePlace(ctx, tx, t.TeamID, t.GroupID, t.Name, t.ID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM templates WHERE team_id = ?`, t.TeamID).Scan(&n); err != nil {
			return err
		}
		if n >= store.MaxTemplates {
			return docextract.Errorf(docextract.ECONFLICT, "A team has at most %d templates.", store.MaxTemplates)
		}
		if err := checkTemplateBytes(ctx, tx, t.TeamID, t.ID, len(t.Content)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO templates (id, team_id, group_id, name, content, issuer, priority, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			t.ID, t.TeamID, t.GroupID, t.Name, t.Content, t.Issuer, t.Priority, ms(t.CreatedAt), ms(t.UpdatedAt))
		return err
	})
}

// ReplaceTemplate implements store.Templates.
func (db *DB) ReplaceTemplate(ctx context.Context, t *store.Template) error {
	if err := store.CheckTemplate(t); err != nil {
		return err
	}
	t.UpdatedAt = db.now().Truncate(1e6)
	return db.writeTx(ctx, func(tx *txn) error {
		var created sql.NullInt64
		if err := tx.QueryRowContext(ctx, `SELECT created_at FROM templates WHERE id = ? AND team_id = ?`, t.ID, t.TeamID).Scan(&created); err != nil {
			return rowErr(err, "Template")
		}
		t.CreatedAt = fromMS(created)
		if err := bumpTemplateVersion(ctx, tx, t.TeamID); err != nil {
			return err
		}
		if err := checkTemplatePlace(ctx, tx, t.TeamID, t.GroupID, t.Name, t.ID); err != nil {
			return err
		}
		if err := checkTemplateBytes(ctx, tx, t.TeamID, t.ID, len(t.Content)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE templates SET group_id = ?, name = ?, content = ?, issuer = ?, priority = ?, updated_at = ? WHERE id = ?`,
			t.GroupID, t.Name, t.Content, t.Issuer, t.Priority, ms(t.UpdatedAt), t.ID)
		return err
	})
}

const templateColumns = `id, team_id, group_id, name, content, issuer, priority, created_at, updated_at`

// templateInfoColumns are templateColumns with an empty content.
const templateInfoColumns = `id, team_id, group_id, name, x'', issuer, priority, created_at, updated_at`

func scanTemplate(s scanner) (*store.Template, error) {
	var t store.Template
	var created, updated sql.NullInt64
	if err := s.Scan(&t.ID, &t.TeamID, &t.GroupID, &t.Name, &t.Content, &t.Issuer, &t.Priority, &created, &updated); err != nil {
		return nil, err
	}
	t.CreatedAt, t.UpdatedAt = fromMS(created), fromMS(updated)
	return &t, nil
}

// FindTemplate implements store.Templates.
func (db *DB) FindTemplate(ctx context.Context, id string) (*store.Template, error) {
	t, err := scanTemplate(db.rd.QueryRowContext(ctx, `SELECT `+templateColumns+` FROM templates WHERE id = ?`, id))
	return t, rowErr(err, "Template")
}

// TemplateGroupID implements store.Templates.
func (db *DB) TemplateGroupID(ctx context.Context, id string) (string, error) {
	var g string
	err := db.rd.QueryRowContext(ctx, `SELECT group_id FROM templates WHERE id = ?`, id).Scan(&g)
	return g, rowErr(err, "Template")
}

// ListTemplates implements store.Templates.
func (db *DB) ListTemplates(ctx context.Context, teamID, groupID string) ([]*store.Template, error) {
	return db.listTemplates(ctx, templateColumns, teamID, groupID)
}

// ListTemplateInfo implements store.Templates.
func (db *DB) ListTemplateInfo(ctx context.Context, teamID, groupID string) ([]*store.Template, error) {
	return db.listTemplates(ctx, templateInfoColumns, teamID, groupID)
}

func (db *DB) listTemplates(ctx context.Context, columns, teamID, groupID string) ([]*store.Template, error) {
	q, args := `SELECT `+columns+` FROM templates WHERE team_id = ? ORDER BY group_id, name`, []any{teamID}
	if groupID != "" {
		q, args = `SELECT `+columns+` FROM templates WHERE team_id = ? AND group_id = ? ORDER BY group_id, name`, []any{teamID, groupID}
	}
	rows, err := db.rd.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*store.Template
	for rows.Next() {
		t, err := scanTemplate(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// DeleteTemplate implements store.Templates.
func (db *DB) DeleteTemplate(ctx context.Context, teamID, id string) error {
	return db.writeTx(ctx, func(tx *txn) error {
		if err := bumpTemplateVersion(ctx, tx, teamID); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM templates WHERE id = ? AND team_id = ?`, id, teamID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return notFound("Template")
		}
		return nil
	})
}

// TemplateVersion implements store.Templates.
func (db *DB) TemplateVersion(ctx context.Context, teamID string) (int64, error) {
	var v int64
	err := db.rd.QueryRowContext(ctx, `SELECT template_version FROM teams WHERE id = ?`, teamID).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return v, err
}
