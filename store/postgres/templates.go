package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/store"
)

// uniqueErr turns a unique violation (a concurrent insert of the same
// name) into ECONFLICT with msg.
func uniqueErr(err error, msg string) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return docextract.Errorf(docextract.ECONFLICT, "%s", msg)
	}
	return err
}

const (
	msgGroupExists    = "A template group with this name exists."
	msgTemplateExists = "A template with this name exists in the group."
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
	err := db.tx(ctx, true, func(tx pgx.Tx) error {
		// The team's row lock orders concurrent creates, so the count holds.
		var one int
		if err := tx.QueryRow(ctx, `SELECT 1 FROM teams WHERE id = $1 FOR UPDATE`, g.TeamID).Scan(&one); err != nil {
			return rowErr(err, "Team")
		}
		var n, same int
		if err := tx.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE name = $1) FROM template_groups WHERE team_id = $2`,
			g.Name, g.TeamID).Scan(&n, &same); err != nil {
			return err
		}
		switch {
		case same > 0:
			return docextract.Errorf(docextract.ECONFLICT, msgGroupExists)
		case n >= store.MaxTemplateGroups:
			return docextract.Errorf(docextract.ECONFLICT, "A team has at most %d template groups.", store.MaxTemplateGroups)
		}
		_, err := tx.Exec(ctx, `INSERT INTO template_groups (id, team_id, name, created_at, updated_at) VALUES ($1, $2, $3, $4, $5)`,
			g.ID, g.TeamID, g.Name, ms(g.CreatedAt), ms(g.UpdatedAt))
		return err
	})
	return uniqueErr(err, msgGroupExists)
}

func scanTemplateGroup(s scanner) (*store.TemplateGroup, error) {
	var g store.TemplateGroup
	var created, updated int64
	if err := s.Scan(&g.ID, &g.TeamID, &g.Name, &created, &updated); err != nil {
		return nil, err
	}
	g.CreatedAt, g.UpdatedAt = fromMS(created), fromMS(updated)
	return &g, nil
}

// FindTemplateGroup implements store.Templates.
func (db *DB) FindTemplateGroup(ctx context.Context, id string) (*store.TemplateGroup, error) {
	g, err := scanTemplateGroup(db.pool.QueryRow(ctx, `SELECT id, team_id, name, created_at, updated_at FROM template_groups WHERE id = $1`, id))
	return g, rowErr(err, "Template group")
}

// ListTemplateGroups implements store.Templates.
func (db *DB) ListTemplateGroups(ctx context.Context, teamID string) ([]*store.TemplateGroup, error) {
	rows, err := db.pool.Query(ctx, `SELECT id, team_id, name, created_at, updated_at FROM template_groups WHERE team_id = $1 ORDER BY name, id`, teamID)
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
	return db.tx(ctx, true, func(tx pgx.Tx) error {
		if err := bumpTemplateVersion(ctx, tx, teamID, "Template group"); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM templates WHERE group_id = $1 AND team_id = $2`, id, teamID); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `DELETE FROM template_groups WHERE id = $1 AND team_id = $2`, id, teamID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return notFound("Template group")
		}
		return nil
	})
}

// bumpTemplateVersion adds one to the team's template version (see
// store.Templates.TemplateVersion); the caller's transaction undoes it when
// the change fails. It is the first statement of every template change, so
// the team's row lock it takes orders concurrent changes of the team (the
// counts and the byte total then hold) and is always taken before any
// template or group row lock (no deadlock between two changes).
// A missing team is ENOTFOUND "<what> not found.", what being the thing
// the change looked for in the team.
func bumpTemplateVersion(ctx context.Context, tx pgx.Tx, teamID, what string) error {
	var one int
	err := tx.QueryRow(ctx, `UPDATE teams SET template_version = template_version + 1 WHERE id = $1 RETURNING 1`, teamID).Scan(&one)
	return rowErr(err, what)
}

// checkTemplateBytes returns store.TemplateBytesError when the team's
// templates other than id, plus size bytes, exceed
// store.MaxTemplateBytesPerTeam. octet_length reads a stored value's size,
// not its content.
func checkTemplateBytes(ctx context.Context, tx pgx.Tx, teamID, id string, size int) error {
	var total int64
	if err := tx.QueryRow(ctx, `SELECT coalesce(sum(octet_length(content)), 0) FROM templates WHERE team_id = $1 AND id <> $2`,
		teamID, id).Scan(&total); err != nil {
		return err
	}
	if total+int64(size) > store.MaxTemplateBytesPerTeam {
		return store.TemplateBytesError()
	}
	return nil
}

// checkTemplatePlace locks the team's group groupID (ENOTFOUND when the
// team has none) and returns ECONFLICT when another template of the group
// (not id) has name.
func checkTemplatePlace(ctx context.Context, tx pgx.Tx, teamID, groupID, name, id string) error {
	var one int
	if err := tx.QueryRow(ctx, `SELECT 1 FROM template_groups WHERE id = $1 AND team_id = $2 FOR UPDATE`, groupID, teamID).Scan(&one); err != nil {
		return rowErr(err, "Template group")
	}
	var n int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM templates WHERE group_id = $1 AND name = $2 AND id <> $3`, groupID, name, id).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return docextract.Errorf(docextract.ECONFLICT, msgTemplateExists)
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
	err := db.tx(ctx, true, func(tx pgx.Tx) error {
		if err := bumpTemplateVersion(ctx, tx, t.TeamID, "Template group"); err != nil {
			return err
		}
		if err := checkTemplatePlace(ctx, tx, t.TeamID, t.GroupID, t.Name, t.ID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM templates WHERE team_id = $1`, t.TeamID).Scan(&n); err != nil {
			return err
		}
		if n >= store.MaxTemplates {
			return docextract.Errorf(docextract.ECONFLICT, "A team has at most %d templates.", store.MaxTemplates)
		}
		if err := checkTemplateBytes(ctx, tx, t.TeamID, t.ID, len(t.Content)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO templates (id, team_id, group_id, name, content, issuer, priority, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			t.ID, t.TeamID, t.GroupID, t.Name, t.Content, t.Issuer, t.Priority, ms(t.CreatedAt), ms(t.UpdatedAt))
		return err
	})
	return uniqueErr(err, msgTemplateExists)
}

// ReplaceTemplate implements store.Templates.
func (db *DB) ReplaceTemplate(ctx context.Context, t *store.Template) error {
	if err := store.CheckTemplate(t); err != nil {
		return err
	}
	t.UpdatedAt = db.now().Truncate(1e6)
	err := db.tx(ctx, true, func(tx pgx.Tx) error {
		if err := bumpTemplateVersion(ctx, tx, t.TeamID, "Template"); err != nil {
			return err
		}
		var created int64
		if err := tx.QueryRow(ctx, `SELECT created_at FROM templates WHERE id = $1 AND team_id = $2 FOR UPDATE`, t.ID, t.TeamID).Scan(&created); err != nil {
			return rowErr(err, "Template")
		}
		t.CreatedAt = fromMS(created)
		if err := checkTemplatePlace(ctx, tx, t.TeamID, t.GroupID, t.Name, t.ID); err != nil {
			return err
		}
		if err := checkTemplateBytes(ctx, tx, t.TeamID, t.ID, len(t.Content)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE templates SET group_id = $1, name = $2, content = $3, issuer = $4, priority = $5, updated_at = $6 WHERE id = $7`,
			t.GroupID, t.Name, t.Content, t.Issuer, t.Priority, ms(t.UpdatedAt), t.ID)
		return err
	})
	return uniqueErr(err, msgTemplateExists)
}

const templateColumns = `id, team_id, group_id, name, content, issuer, priority, created_at, updated_at`

// templateInfoColumns are templateColumns with an empty content.
const templateInfoColumns = `id, team_id, group_id, name, ''::bytea, issuer, priority, created_at, updated_at`

func scanTemplate(s scanner) (*store.Template, error) {
	var t store.Template
	var created, updated int64
	if err := s.Scan(&t.ID, &t.TeamID, &t.GroupID, &t.Name, &t.Content, &t.Issuer, &t.Priority, &created, &updated); err != nil {
		return nil, err
	}
	t.CreatedAt, t.UpdatedAt = fromMS(created), fromMS(updated)
	return &t, nil
}

// FindTemplate implements store.Templates.
func (db *DB) FindTemplate(ctx context.Context, id string) (*store.Template, error) {
	t, err := scanTemplate(db.pool.QueryRow(ctx, `SELECT `+templateColumns+` FROM templates WHERE id = $1`, id))
	return t, rowErr(err, "Template")
}

// TemplateGroupID implements store.Templates.
func (db *DB) TemplateGroupID(ctx context.Context, id string) (string, error) {
	var g string
	err := db.pool.QueryRow(ctx, `SELECT group_id FROM templates WHERE id = $1`, id).Scan(&g)
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
	q, args := `SELECT `+columns+` FROM templates WHERE team_id = $1 ORDER BY group_id, name`, []any{teamID}
	if groupID != "" {
		q, args = `SELECT `+columns+` FROM templates WHERE team_id = $1 AND group_id = $2 ORDER BY group_id, name`, []any{teamID, groupID}
	}
	rows, err := db.pool.Query(ctx, q, args...)
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
	return db.tx(ctx, true, func(tx pgx.Tx) error {
		if err := bumpTemplateVersion(ctx, tx, teamID, "Template"); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `DELETE FROM templates WHERE id = $1 AND team_id = $2`, id, teamID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return notFound("Template")
		}
		return nil
	})
}

// TemplateVersion implements store.Templates.
func (db *DB) TemplateVersion(ctx context.Context, teamID string) (int64, error) {
	var v int64
	err := db.pool.QueryRow(ctx, `SELECT template_version FROM teams WHERE id = $1`, teamID).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return v, err
}
