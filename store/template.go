package store

import (
	"context"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/docextract/docextract"
)

// TemplateGroup is a team's named group of invoice2data templates. Its ID
// is what webhook endpoints and task results filter on
// (template_group_ids): a document read with one of the group's
// templates belongs to the group.
type TemplateGroup struct {
	ID        string
	TeamID    string
	Name      string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Template is an invoice2data YAML template a team stored. Its ID becomes
// the template_id of the documents it reads; replacing the template keeps
// the id.
type Template struct {
	ID      string
	TeamID  string
	GroupID string
	Name    string
	Content []byte
	// Issuer and Priority are the template's, as parsed at upload (the
	// caller sets them; the store keeps them so lists need no content).
	Issuer    string
	Priority  int
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Limits of stored templates, checked by CheckTemplateName, CheckTemplate
// and (the per-team counts and total) by the store inside its transaction.
// They bound what one team makes the server store, read and parse: the
// worker parses all of a team's templates after each change of them.
const (
	MaxTemplateGroups       = 100       // per team
	MaxTemplates            = 1000      // per team
	MaxTemplateSize         = 256 << 10 // bytes of YAML
	MaxTemplateBytesPerTeam = 8 << 20   // bytes of YAML, all the team's templates together
	MaxTemplateNameBytes    = 200
)

// TemplateBytesError is the ETOOLARGE error of a create or replace that
// would take the team's templates over MaxTemplateBytesPerTeam.
func TemplateBytesError() error {
	return docextract.Errorf(docextract.ETOOLARGE, "A team has at most %d MiB of templates.", MaxTemplateBytesPerTeam>>20)
}

// Templates stores the teams' template groups and templates.
type Templates interface {
	// CreateTemplateGroup stores g (ID, CreatedAt and UpdatedAt are set
	// when empty). ECONFLICT when the team has a group of that name or
	// MaxTemplateGroups groups already; EINVALID for a bad name.
	CreateTemplateGroup(ctx context.Context, g *TemplateGroup) error
	// FindTemplateGroup returns the group of any team, or ENOTFOUND.
	FindTemplateGroup(ctx context.Context, id string) (*TemplateGroup, error)
	// ListTemplateGroups returns the team's groups by name.
	ListTemplateGroups(ctx context.Context, teamID string) ([]*TemplateGroup, error)
	// DeleteTemplateGroup deletes the team's group id with its templates;
	// ENOTFOUND when the team has no such group.
	DeleteTemplateGroup(ctx context.Context, teamID, id string) error
	// CreateTemplate stores t (ID, CreatedAt and UpdatedAt are set when
	// empty) in the team's group t.GroupID. ENOTFOUND when the team has no
	// such group; ECONFLICT when the group has a template of that name or
	// the team has MaxTemplates already; EINVALID for a bad name or size;
	// ETOOLARGE (TemplateBytesError) when the team's templates would total
	// more than MaxTemplateBytesPerTeam.
	CreateTemplate(ctx context.Context, t *Template) error
	// ReplaceTemplate replaces the group, name and content of the team's
	// template t.ID (UpdatedAt is set; CreatedAt is read back). ENOTFOUND
	// when the team has no such template or group; ECONFLICT on a name
	// taken in the group; ETOOLARGE as CreateTemplate (the replaced
	// content no longer counts).
	ReplaceTemplate(ctx context.Context, t *Template) error
	// FindTemplate returns the template of any team, or ENOTFOUND.
	FindTemplate(ctx context.Context, id string) (*Template, error)
	// TemplateGroupID returns the group id of the template id of any
	// team, or ENOTFOUND, without reading its content: filters by
	// template group ask it for every document they see.
	TemplateGroupID(ctx context.Context, id string) (string, error)
	// ListTemplateInfo is ListTemplates without the content (Content
	// empty): what a listing shows, without reading up to the team's 8 MiB.
	ListTemplateInfo(ctx context.Context, teamID, groupID string) ([]*Template, error)
	// ListTemplates returns the team's templates with their content, by
	// group id then name; groupID "" lists every group.
	ListTemplates(ctx context.Context, teamID, groupID string) ([]*Template, error)
	// DeleteTemplate deletes the team's template id; ENOTFOUND when the
	// team has no such template.
	DeleteTemplate(ctx context.Context, teamID, id string) error
	// TemplateVersion returns the team's template version: a number that
	// grows with every successful CreateTemplate, ReplaceTemplate,
	// DeleteTemplate and DeleteTemplateGroup of the team, in the same
	// transaction as the change.
	// It reads no template content, so a reader can check it before each
	// use and list the templates only when it differs from the version it
	// last read them at (reading the version first, then the templates:
	// a change in between only makes the next check read them again). 0
	// for a team that never had a template or does not exist: such a team
	// has no templates.
	TemplateVersion(ctx context.Context, teamID string) (int64, error)
}

// CheckTemplateName returns EINVALID unless name is 1 to
// MaxTemplateNameBytes bytes of UTF-8 without control characters and not
// only spaces. Stores call it for group and template names.
func CheckTemplateName(name string) error {
	if strings.TrimSpace(name) == "" || len(name) > MaxTemplateNameBytes || !utf8.ValidString(name) ||
		strings.ContainsFunc(name, unicode.IsControl) {
		return docextract.Errorf(docextract.EINVALID, "name must be 1 to %d characters without control characters.", MaxTemplateNameBytes)
	}
	return nil
}

// CheckTemplate returns EINVALID for a template whose name or size a store
// refuses (content that is not a valid template is the caller's to refuse:
// the store does not parse it).
func CheckTemplate(t *Template) error {
	if err := CheckTemplateName(t.Name); err != nil {
		return err
	}
	if len(t.Content) == 0 || len(t.Content) > MaxTemplateSize {
		return docextract.Errorf(docextract.EINVALID, "content must be 1 byte to %d KiB.", MaxTemplateSize>>10)
	}
	return nil
}
