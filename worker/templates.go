package worker

import (
	"container/list"
	"context"
	"log/slog"
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
	TemplateVersion(ctx context.Context, teamID string) (int64, error)
	ListTemplates(ctx context.Context, teamID, groupID string) ([]*store.Template, error)
	TemplateGroupID(ctx context.Context, id string) (string, error)
}

// Defaults of StoredTemplates' cache of parsed sets.
const (
	DefaultTemplateCacheTeams = 256
	DefaultTemplateCacheBytes = 64 << 20 // of YAML: 8 teams at store.MaxTemplateBytesPerTeam
)

// StoredTemplates is the TemplateSource of templates uploaded through the
// API. Every call reads the team's template version from the store (one
// small row, no template content): an upload, a replacement or a deletion
// raises it, so the change applies to the next extraction without a
// restart, also on other servers sharing the database. Only when the
// version differs from the one of the team's cached set are the team's
// templates read and parsed again; an extraction with nothing changed
// costs the same whatever the size of the team's templates.
//
// Parsed sets are cached for the most recently used teams, at most
// MaxTeams of them and MaxBytes of their templates' YAML together; the
// least recently used team is dropped first, and a team over MaxBytes
// alone is parsed on each change but not kept. Parsing runs outside the
// cache's lock, so one team's large parse does not hold up another
// team's extraction.
//
// Each template's id is its stored id and its group the stored group's
// id, which template_group_ids filters match. A stored template that no
// longer parses is skipped and logged.
type StoredTemplates struct {
	Store  TemplateLister
	Logger *slog.Logger // nil: slog.Default()
	// MaxTeams bounds the teams whose parsed sets are kept; 0:
	// DefaultTemplateCacheTeams.
	MaxTeams int
	// MaxBytes bounds the YAML bytes of the kept sets together; 0:
	// DefaultTemplateCacheBytes.
	MaxBytes int64

	mu    sync.Mutex
	teams map[string]*list.Element // of *cachedSet, by team id
	lru   list.List                // most recently used first
	bytes int64                    // of the kept sets
}

type cachedSet struct {
	team    string
	version int64
	bytes   int64
	set     *template.Set // nil: the team has no templates
}

// TeamTemplates implements TemplateSource.
func (s *StoredTemplates) TeamTemplates(ctx context.Context, teamID string) (*template.Set, error) {
	// The version first, then the templates: a change in between leaves
	// the newer templates under the older version, which the next call
	// finds stale and reads again (never the reverse).
	v, err := s.Store.TemplateVersion(ctx, teamID)
	if err != nil {
		return nil, err
	}
	if v == 0 { // never had a template
		return nil, nil
	}
	if set, ok := s.cached(teamID, v); ok {
		return set, nil
	}
	rows, err := s.Store.ListTemplates(ctx, teamID, "")
	if err != nil {
		return nil, err
	}
	var set *template.Set
	if len(rows) > 0 {
		set = &template.Set{}
	}
	var size int64
	for _, r := range rows {
		size += int64(len(r.Content))
		t, err := template.Parse(r.GroupID, r.Name, r.Content)
		if err != nil {
			s.logger().Warn("stored template skipped", "template_id", r.ID, "team_id", teamID, "err", err)
			continue
		}
		t.ID = r.ID
		set.Add(t)
	}
	s.keep(&cachedSet{team: teamID, version: v, bytes: size, set: set})
	return set, nil
}

// cached returns the team's kept set when it was read at version v, and
// marks the team most recently used.
func (s *StoredTemplates) cached(teamID string, v int64) (*template.Set, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.teams[teamID]
	if !ok || e.Value.(*cachedSet).version != v {
		return nil, false
	}
	s.lru.MoveToFront(e)
	return e.Value.(*cachedSet).set, true
}

// keep stores c as the team's set, unless a set of a later version was
// kept meanwhile, then drops the least recently used teams while over
// MaxTeams or MaxBytes.
func (s *StoredTemplates) keep(c *cachedSet) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.teams[c.team]; ok {
		if e.Value.(*cachedSet).version > c.version {
			return
		}
		s.drop(e)
	}
	maxTeams, maxBytes := s.MaxTeams, s.MaxBytes
	if maxTeams <= 0 {
		maxTeams = DefaultTemplateCacheTeams
	}
	if maxBytes <= 0 {
		maxBytes = DefaultTemplateCacheBytes
	}
	if c.bytes > maxBytes {
		return
	}
	if s.teams == nil {
		s.teams = map[string]*list.Element{}
	}
	s.teams[c.team] = s.lru.PushFront(c)
	s.bytes += c.bytes
	for len(s.teams) > maxTeams || s.bytes > maxBytes {
		s.drop(s.lru.Back())
	}
}

func (s *StoredTemplates) drop(e *list.Element) {
	c := s.lru.Remove(e).(*cachedSet)
	delete(s.teams, c.team)
	s.bytes -= c.bytes
}

// cachedTeams returns the number of teams whose sets are kept and their
// YAML bytes.
func (s *StoredTemplates) cachedTeams() (int, int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.teams), s.bytes
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
// deleted since). A store error is logged and answers "". It reads the
// group id only, not the template's content, as it is asked for every
// document a filter sees.
func (s *StoredTemplates) GroupOf(ctx context.Context, id string) string {
	g, err := s.Store.TemplateGroupID(ctx, id)
	if err != nil {
		if docextract.ErrorCode(err) != docextract.ENOTFOUND {
			s.logger().Warn("template group lookup", "template_id", id, "err", err)
		}
		return ""
	}
	return g
}
