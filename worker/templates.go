package worker

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"sync"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/template"
	"github.com/docextract/docextract/store"
)

// TemplateSource returns the invoice2data templates a team stored, for
// its next extraction; nil (with no error) when it has none.
type TemplateSource interface {
	TeamTemplates(ctx context.Context, teamID string) (*template.Set, error)
}

// TemplateLister is what StoredTemplates needs of the store.
type TemplateLister interface {
	ListTemplates(ctx context.Context, teamID, groupID string) ([]*store.Template, error)
	FindTemplate(ctx context.Context, id string) (*store.Template, error)
}

// StoredTemplates is the TemplateSource of templates uploaded through the
// API: every call reads the team's templates from the store, so an upload,
// a replacement or a deletion applies to the next extraction without a
// restart, also on other servers sharing the database. Parsed sets are
// cached per team until the team's templates change (by id and update
// time). Each template's id is its stored id and its group the stored
// group's id, which template_group_ids filters match. A stored template
// that no longer parses is skipped and logged.
type StoredTemplates struct {
	Store  TemplateLister
	Logger *slog.Logger // nil: slog.Default()

	mu    sync.Mutex
	cache map[string]cachedSet // by team id
}

type cachedSet struct {
	sig string
	set *template.Set
}

// TeamTemplates implements TemplateSource.
func (s *StoredTemplates) TeamTemplates(ctx context.Context, teamID string) (*template.Set, error) {
	rows, err := s.Store.ListTemplates(ctx, teamID, "")
	if err != nil {
		return nil, err
	}
	var sig strings.Builder
	for _, r := range rows {
		sig.WriteString(r.ID)
		sig.WriteByte('@')
		sig.WriteString(strconv.FormatInt(r.UpdatedAt.UnixNano(), 36))
		sig.WriteByte(';')
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(rows) == 0 {
		delete(s.cache, teamID)
		return nil, nil
	}
	if c, ok := s.cache[teamID]; ok && c.sig == sig.String() {
		return c.set, nil
	}
	set := &template.Set{}
	for _, r := range rows {
		t, err := template.Parse(r.GroupID, r.Name, r.Content)
		if err != nil {
			s.logger().Warn("stored template skipped", "template_id", r.ID, "team_id", teamID, "err", err)
			continue
		}
		t.ID = r.ID
		set.Add(t)
	}
	if s.cache == nil {
		s.cache = map[string]cachedSet{}
	}
	s.cache[teamID] = cachedSet{sig: sig.String(), set: set}
	return set, nil
}

func (s *StoredTemplates) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

// GroupOf returns the group id of the stored template id, for
// template_group_ids filters of webhooks and task results; "" when no
// stored template has that id (a built-in or directory template, or one
// deleted since). A store error is logged and answers "".
func (s *StoredTemplates) GroupOf(ctx context.Context, id string) string {
	t, err := s.Store.FindTemplate(ctx, id)
	if err != nil {
		if docextract.ErrorCode(err) != docextract.ENOTFOUND {
			s.logger().Warn("template group lookup", "template_id", id, "err", err)
		}
		return ""
	}
	return t.GroupID
}
