package template

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/google/uuid"
	"gopkg.in/yaml.v3"
)

// Errors returned by Parse, Load and Extract; match with errors.Is.
var (
	// ErrInvalid: the template is not valid YAML of the invoice2data
	// format, or one of its regular expressions is not valid RE2.
	ErrInvalid = errors.New("template: invalid template")
	// ErrRequiredFields: the template matched but did not find all its
	// required fields.
	ErrRequiredFields = errors.New("template: required fields not found")
)

// ParseError is why a template cannot be used, with the line of its YAML
// source the problem is on (1-based; 0 when no line applies). It matches
// ErrInvalid with errors.Is, so callers that only ask "is it valid" need
// not know it.
type ParseError struct {
	Line int
	Msg  string
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("template: invalid template: line %d: %s", e.Line, e.Msg)
	}
	return "template: invalid template: " + e.Msg
}

// Is makes a ParseError match ErrInvalid.
func (e *ParseError) Is(target error) bool { return target == ErrInvalid }

// lineError carries the line of the YAML node a parse error is on, from
// the node-level helpers up to Parse.
type lineError struct {
	line int
	err  error
}

func (e *lineError) Error() string { return e.err.Error() }
func (e *lineError) Unwrap() error { return e.err }

// atLine attaches n's line to err unless a deeper node's line is already
// attached.
func atLine(n *yaml.Node, err error) error {
	var le *lineError
	if err == nil || errors.As(err, &le) {
		return err
	}
	return &lineError{line: n.Line, err: err}
}

// invalid returns the ParseError of err found under the key k (at node
// n): the deepest line known, and the message prefixed with the key.
func invalid(n *yaml.Node, prefix string, err error) error {
	line := 0
	if n != nil {
		line = n.Line
	}
	var le *lineError
	if errors.As(err, &le) {
		line = le.line
	}
	msg := err.Error()
	if prefix != "" {
		msg = prefix + ": " + msg
	}
	return &ParseError{Line: line, Msg: msg}
}

var reYAMLLine = regexp.MustCompile(`^yaml: line (\d+): `)

// yamlError turns an error of the YAML decoder ("yaml: line 3: ...") into a
// ParseError with that line.
func yamlError(err error) error {
	msg := err.Error()
	if m := reYAMLLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &ParseError{Line: line, Msg: strings.TrimPrefix(msg, m[0])}
	}
	return &ParseError{Msg: strings.TrimPrefix(msg, "yaml: ")}
}

// DefaultGroup is the group of templates at the top of a Load directory.
const DefaultGroup = "default"

// namespace is the UUID namespace of template ids.
var namespace = uuid.NewSHA1(uuid.NameSpaceURL, []byte("https://github.com/docextract/docextract/extract/template"))

// ID returns the stable template id of a template file: the version 5 UUID
// of "group/name" (name is the file name without directory).
func ID(group, name string) string {
	return uuid.NewSHA1(namespace, []byte(group+"/"+name)).String()
}

// Options are a template's options; zero values are invoice2data's
// defaults, except that DecimalSeparator "" means ".".
type Options struct {
	Currency         string      // default "EUR"
	DecimalSeparator string      // default "."
	DateFormats      []string    // strftime formats, tried before free parsing
	Languages        []string    // two-letter codes; decide day/month order
	Replace          [][2]string // regex, replacement (Python \1 or \g<name> references)
	RemoveWhitespace bool        // remove runs of spaces
	RemoveAccents    bool        // decompose and drop non-ASCII characters
	Lowercase        bool
}

// Template is one invoice2data template.
type Template struct {
	// ID is the stable template id (see ID).
	ID string
	// Group is the template group (the subdirectory the file was in).
	Group string
	// Name is the file name the template was read from.
	Name string
	// Issuer is the seller's name (invoice2data: the first keyword when the
	// template names none).
	Issuer string
	// Priority orders matching: higher first; invoice2data's default is 5.
	Priority int
	Options  Options
	// RequiredFields are the output keys that must be found; invoice2data's
	// default is date, amount, invoice_number and issuer.
	RequiredFields []string

	keywords, exclude []*regexp.Regexp
	replace           []replacement
	fields            []field
	lines             *linesSpec // top-level lines plugin
}

type replacement struct {
	re   *regexp.Regexp
	repl string
}

// field is one entry of "fields".
type field struct {
	name   string
	parser string // "regex", "static", "lines", or "" for an unknown parser
	// regex parser
	regexes []*regexp.Regexp
	typ     string // "", "int", "float", "date"
	group   string // "", "sum", "min", "max", "first", "last", "join"
	legacy  bool
	// static parser
	value string
	// lines parser
	lines *linesSpec
}

type linesSpec struct {
	start, end, sep *regexp.Regexp
	line, first     []*regexp.Regexp
	last, skip      []*regexp.Regexp
	hasFirst        bool
	types           map[string]string
	plugin          bool
}

// Set is the templates of a directory, in matching order: priority
// descending, then group and file name.
type Set struct {
	// Templates in matching order.
	Templates []*Template
}

// Load reads every .yml, .yaml and .json template under dir. The first
// directory level below dir names the group; files directly in dir belong to
// DefaultGroup. A template that cannot be parsed fails the whole load, with
// its path in the error.
func Load(dir string) (*Set, error) {
	s := &Set{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		ext := strings.ToLower(filepath.Ext(path))
		if d.IsDir() || (ext != ".yml" && ext != ".yaml" && ext != ".json") {
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		group := DefaultGroup
		if parts := strings.Split(filepath.ToSlash(rel), "/"); len(parts) > 1 {
			group = parts[0]
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		t, err := Parse(group, filepath.Base(path), data)
		if err != nil {
			return fmt.Errorf("%s: %w", rel, err)
		}
		s.Templates = append(s.Templates, t)
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.sort()
	return s, nil
}

// Add adds templates to s and restores the matching order.
func (s *Set) Add(ts ...*Template) {
	s.Templates = append(s.Templates, ts...)
	s.sort()
}

func (s *Set) sort() {
	sort.SliceStable(s.Templates, func(i, j int) bool {
		a, b := s.Templates[i], s.Templates[j]
		if a.Priority != b.Priority {
			return a.Priority > b.Priority
		}
		if a.Group != b.Group {
			return a.Group < b.Group
		}
		return a.Name < b.Name
	})
}

// Match returns the first template, in priority order, whose keywords all
// match text (after the template's options are applied) and whose
// exclude_keywords do not.
func (s *Set) Match(text string) (*Template, bool) {
	for _, t := range s.Templates {
		if t.Matches(text) {
			return t, true
		}
	}
	return nil, false
}

// Matches reports whether t applies to text.
func (t *Template) Matches(text string) bool {
	p := t.Prepare(text)
	for _, k := range t.keywords {
		if !k.MatchString(p) {
			return false
		}
	}
	for _, k := range t.exclude {
		if k.MatchString(p) {
			return false
		}
	}
	return len(t.keywords) > 0
}

// Parse reads one template. group and name identify it (see ID). Parse never
// panics on malformed input; it returns a *ParseError (which matches
// ErrInvalid) naming the line of data the problem is on.
func Parse(group, name string, data []byte) (t *Template, err error) {
	defer func() {
		if r := recover(); r != nil {
			t, err = nil, &ParseError{Msg: fmt.Sprint(r)}
		}
	}()
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, yamlError(err)
	}
	if root.Kind != yaml.DocumentNode || len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		line := 0
		if len(root.Content) > 0 {
			line = root.Content[0].Line
		}
		return nil, &ParseError{Line: line, Msg: "not a mapping"}
	}
	t = &Template{ID: ID(group, name), Group: group, Name: name, Priority: 5,
		Options: Options{Currency: "EUR", DecimalSeparator: "."}}
	m := root.Content[0]
	var fieldsNode, linesNode, fieldsKey, linesKey *yaml.Node
	required := false
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i].Value, m.Content[i+1]
		var err error
		switch k {
		case "issuer":
			t.Issuer, err = scalar(v)
		case "keywords":
			t.keywords, err = regexList(v)
		case "exclude_keywords":
			t.exclude, err = regexList(v)
		case "priority":
			var s string
			if s, err = scalar(v); err == nil {
				if t.Priority, err = strconv.Atoi(s); err != nil {
					err = fmt.Errorf("priority %q is not an integer", s)
				}
			}
		case "fields":
			fieldsNode, fieldsKey = v, m.Content[i]
		case "lines":
			linesNode, linesKey = v, m.Content[i]
		case "options":
			err = t.parseOptions(v)
		case "required_fields":
			required = true
			t.RequiredFields, err = stringList(v)
		}
		if err != nil {
			return nil, invalid(m.Content[i], k, atLine(v, err))
		}
	}
	if len(t.keywords) == 0 {
		return nil, &ParseError{Line: m.Line, Msg: "keywords missing"}
	}
	if t.Issuer == "" {
		// invoice2data: the issuer defaults to the first keyword.
		t.Issuer = t.keywords[0].String()
	}
	if !required {
		t.RequiredFields = []string{"date", "amount", "invoice_number", "issuer"}
	}
	if fieldsNode != nil {
		if fieldsNode.Kind != yaml.MappingNode {
			return nil, &ParseError{Line: fieldsKey.Line, Msg: "fields is not a mapping"}
		}
		for i := 0; i+1 < len(fieldsNode.Content); i += 2 {
			f, err := parseField(fieldsNode.Content[i].Value, fieldsNode.Content[i+1])
			if err != nil {
				return nil, invalid(fieldsNode.Content[i], "field "+fieldsNode.Content[i].Value, err)
			}
			t.fields = append(t.fields, f)
		}
	}
	if linesNode != nil {
		ls, err := parseLines(linesNode)
		if err != nil {
			return nil, invalid(linesKey, "lines", err)
		}
		ls.plugin = true
		t.lines = ls
	}
	return t, nil
}

func (t *Template) parseOptions(n *yaml.Node) error {
	if n.Kind != yaml.MappingNode {
		return errors.New("not a mapping")
	}
	o := &t.Options
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i].Value, n.Content[i+1]
		var err error
		switch k {
		case "currency":
			o.Currency, err = scalar(v)
		case "decimal_separator":
			o.DecimalSeparator, err = scalar(v)
			if err == nil && o.DecimalSeparator == "" {
				err = errors.New("empty decimal separator")
			}
		case "date_formats":
			o.DateFormats, err = stringList(v)
		case "languages":
			o.Languages, err = stringList(v)
		case "remove_whitespace":
			o.RemoveWhitespace, err = boolean(v)
		case "remove_accents":
			o.RemoveAccents, err = boolean(v)
		case "lowercase":
			o.Lowercase, err = boolean(v)
		case "replace":
			if v.Kind != yaml.SequenceNode {
				return errors.New("replace is not a list")
			}
			for _, pair := range v.Content {
				ps, err := stringList(pair)
				if err != nil || len(ps) != 2 {
					return errors.New("a replace should be a list of exactly 2 elements")
				}
				re, err := compile(ps[0])
				if err != nil {
					return err
				}
				o.Replace = append(o.Replace, [2]string{ps[0], ps[1]})
				t.replace = append(t.replace, replacement{re, pythonRepl(ps[1])})
			}
		}
		if err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
	}
	return nil
}

func parseField(name string, v *yaml.Node) (field, error) {
	f := field{name: name}
	switch v.Kind {
	case yaml.MappingNode:
		get := map[string]*yaml.Node{}
		for i := 0; i+1 < len(v.Content); i += 2 {
			get[v.Content[i].Value] = v.Content[i+1]
		}
		if p, ok := get["parser"]; ok {
			f.parser, _ = scalar(p)
		}
		switch f.parser {
		case "regex":
			r, ok := get["regex"]
			if !ok {
				return f, errors.New("regex missing")
			}
			var err error
			if f.regexes, err = regexList(r); err != nil {
				return f, err
			}
			if n, ok := get["type"]; ok {
				f.typ, _ = scalar(n)
				if f.typ != "int" && f.typ != "float" && f.typ != "date" {
					return f, atLine(n, fmt.Errorf("unknown type %q", f.typ))
				}
			}
			if n, ok := get["group"]; ok {
				f.group, _ = scalar(n)
			}
		case "static":
			n, ok := get["value"]
			if !ok {
				return f, errors.New("value missing")
			}
			f.value, _ = scalar(n)
		case "lines":
			ls, err := parseLines(v)
			if err != nil {
				return f, err
			}
			f.lines = ls
		}
		return f, nil
	case yaml.ScalarNode, yaml.SequenceNode:
		if strings.HasPrefix(name, "static_") {
			f.parser, f.name = "static", strings.TrimPrefix(name, "static_")
			f.value, _ = scalar(v)
			return f, nil
		}
		f.parser, f.legacy = "regex", true
		var err error
		if f.regexes, err = regexList(v); err != nil {
			return f, err
		}
		switch {
		case strings.HasPrefix(name, "sum_amount") && v.Kind == yaml.SequenceNode:
			f.name, f.typ, f.group = name[4:], "float", "sum"
		case strings.HasPrefix(name, "date") || strings.HasSuffix(name, "date"):
			f.typ = "date"
		case strings.HasPrefix(name, "amount"):
			f.typ = "float"
		}
		return f, nil
	}
	return f, errors.New("unsupported value")
}

func parseLines(v *yaml.Node) (*linesSpec, error) {
	if v.Kind != yaml.MappingNode {
		return nil, errors.New("not a mapping")
	}
	ls := &linesSpec{types: map[string]string{}}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, n := v.Content[i].Value, v.Content[i+1]
		var err error
		switch k {
		case "start":
			ls.start, err = one(n)
		case "end":
			ls.end, err = one(n)
		case "line_separator":
			ls.sep, err = one(n)
		case "line":
			ls.line, err = regexList(n)
		case "first_line":
			ls.first, err = regexList(n)
			ls.hasFirst = true
		case "last_line":
			ls.last, err = regexList(n)
		case "skip_line":
			ls.skip, err = regexList(n)
		case "types":
			if n.Kind != yaml.MappingNode {
				return nil, errors.New("types is not a mapping")
			}
			for j := 0; j+1 < len(n.Content); j += 2 {
				typ, _ := scalar(n.Content[j+1])
				if typ != "int" && typ != "float" && typ != "date" {
					return nil, atLine(n.Content[j+1], fmt.Errorf("unknown type %q", typ))
				}
				ls.types[n.Content[j].Value] = typ
			}
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k, err)
		}
	}
	if ls.start == nil || ls.end == nil || len(ls.line) == 0 {
		return nil, errors.New("start, end and line are required")
	}
	if ls.sep == nil {
		ls.sep = regexp.MustCompile(`\n`)
	}
	if !ls.hasFirst && len(ls.last) == 0 {
		ls.first = ls.line
	}
	return ls, nil
}

func one(n *yaml.Node) (*regexp.Regexp, error) {
	s, err := scalar(n)
	if err != nil {
		return nil, err
	}
	re, err := compile(s)
	return re, atLine(n, err)
}

func scalar(n *yaml.Node) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", atLine(n, errors.New("expected a single value"))
	}
	return n.Value, nil
}

func boolean(n *yaml.Node) (bool, error) {
	s, err := scalar(n)
	if err != nil {
		return false, err
	}
	switch strings.ToLower(s) {
	case "true", "yes", "on", "1":
		return true, nil
	case "false", "no", "off", "0", "":
		return false, nil
	}
	return false, fmt.Errorf("%q is not a boolean", s)
}

func stringList(n *yaml.Node) ([]string, error) {
	switch n.Kind {
	case yaml.ScalarNode:
		return []string{n.Value}, nil
	case yaml.SequenceNode:
		out := make([]string, 0, len(n.Content))
		for _, c := range n.Content {
			s, err := scalar(c)
			if err != nil {
				return nil, err
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, errors.New("expected a value or a list")
}

func regexList(n *yaml.Node) ([]*regexp.Regexp, error) {
	items := []*yaml.Node{n}
	switch n.Kind {
	case yaml.ScalarNode:
	case yaml.SequenceNode:
		items = n.Content
	default:
		return nil, atLine(n, errors.New("expected a value or a list"))
	}
	out := make([]*regexp.Regexp, 0, len(items))
	for _, c := range items {
		re, err := one(c)
		if err != nil {
			return nil, err
		}
		out = append(out, re)
	}
	return out, nil
}

// compile translates the Python regular expression constructs RE2 spells
// differently (\Z) and compiles s.
func compile(s string) (*regexp.Regexp, error) {
	if len(s) > 4096 {
		return nil, errors.New("regular expression too long")
	}
	s = strings.ReplaceAll(s, `\Z`, `\z`)
	re, err := regexp.Compile(s)
	if err != nil {
		return nil, fmt.Errorf("regular expression %q is not valid RE2 syntax: %w", s, err)
	}
	return re, nil
}

var rePyRef = regexp.MustCompile(`\\(\d{1,2})|\\g<(\w+)>|\$`)

// pythonRepl turns a Python re.sub replacement into a Go Expand template.
func pythonRepl(s string) string {
	return rePyRef.ReplaceAllStringFunc(s, func(m string) string {
		switch {
		case m == "$":
			return "$$"
		case strings.HasPrefix(m, `\g<`):
			return "${" + m[3:len(m)-1] + "}"
		}
		return "${" + m[1:] + "}"
	})
}

// GroupOf returns the group of the template with the given id, or "" when
// no template of the set has that id.
func (s *Set) GroupOf(id string) string {
	if s == nil {
		return ""
	}
	for _, t := range s.Templates {
		if t.ID == id {
			return t.Group
		}
	}
	return ""
}
