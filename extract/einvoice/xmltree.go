package einvoice

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Limits applied to every XML document before and while it is read. They are
// far above any real invoice (the corpus maximum is under 1 MB, depth 12) and
// keep hostile input from exhausting memory or the stack.
const (
	// MaxSize is the largest XML document Parse accepts, in bytes.
	MaxSize = 20 << 20
	// MaxDepth is the deepest element nesting Parse accepts.
	MaxDepth = 128
	// MaxElements is the largest number of elements Parse accepts.
	MaxElements = 500_000
)

// node is one element of a parsed document: namespace URI, local name,
// attributes, the concatenated character data directly inside it, and its
// child elements in document order.
type node struct {
	Space, Local string
	Attr         []xml.Attr
	text         strings.Builder
	Children     []*node
}

// parseTree reads data into a tree of nodes, enforcing MaxSize, MaxDepth and
// MaxElements. Custom entities are never expanded (encoding/xml in strict mode
// rejects them), so entity-expansion attacks fail as malformed input.
func parseTree(data []byte) (*node, error) {
	if len(data) > MaxSize {
		return nil, fmt.Errorf("%w: %d bytes (limit %d)", ErrTooLarge, len(data), MaxSize)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // UTF-8 byte order mark
	d := xml.NewDecoder(bytes.NewReader(data))
	d.CharsetReader = charsetReader
	var (
		root  *node
		stack []*node
		count int
	)
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			count++
			if count > MaxElements {
				return nil, fmt.Errorf("%w: more than %d elements", ErrTooLarge, MaxElements)
			}
			if len(stack) >= MaxDepth {
				return nil, fmt.Errorf("%w: nesting deeper than %d", ErrTooDeep, MaxDepth)
			}
			n := &node{Space: t.Name.Space, Local: t.Name.Local, Attr: t.Attr}
			if len(stack) == 0 {
				if root != nil {
					return nil, fmt.Errorf("%w: more than one root element", ErrMalformed)
				}
				root = n
			} else {
				p := stack[len(stack)-1]
				p.Children = append(p.Children, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text.Write(t)
			}
		}
	}
	if root == nil {
		return nil, fmt.Errorf("%w: no root element", ErrMalformed)
	}
	return root, nil
}

// charsetReader accepts the encodings that appear on e-invoices: UTF-8 (any
// spelling) and ISO-8859-1 / Windows-1252 (decoded as Latin-1).
func charsetReader(label string, in io.Reader) (io.Reader, error) {
	switch strings.ToLower(strings.TrimSpace(label)) {
	case "utf-8", "utf8", "us-ascii", "ascii":
		return in, nil
	case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "windows-1252", "cp1252":
		b, err := io.ReadAll(io.LimitReader(in, MaxSize+1))
		if err != nil {
			return nil, err
		}
		var out bytes.Buffer
		out.Grow(len(b))
		for _, c := range b {
			out.WriteRune(rune(c))
		}
		return &out, nil
	}
	return nil, fmt.Errorf("unsupported encoding %q", label)
}

// Text returns the trimmed character data of n, or "" for a nil node.
func (n *node) Text() string {
	if n == nil {
		return ""
	}
	s := strings.TrimSpace(n.text.String())
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return s
}

// AttrValue returns the value of the attribute with local name name.
func (n *node) AttrValue(name string) string {
	if n == nil {
		return ""
	}
	for _, a := range n.Attr {
		if a.Name.Local == name {
			return strings.TrimSpace(a.Value)
		}
	}
	return ""
}

// child returns the first child element with local name name.
func (n *node) child(name string) *node {
	if n == nil {
		return nil
	}
	for _, c := range n.Children {
		if c.Local == name {
			return c
		}
	}
	return nil
}

// Get follows a path of local names, taking the first match at each step.
func (n *node) Get(path ...string) *node {
	for _, p := range path {
		n = n.child(p)
		if n == nil {
			return nil
		}
	}
	return n
}

// All returns every element reached by path; at each step all matching
// children are followed.
func (n *node) All(path ...string) []*node {
	if n == nil {
		return nil
	}
	cur := []*node{n}
	for _, p := range path {
		var next []*node
		for _, c := range cur {
			for _, k := range c.Children {
				if k.Local == p {
					next = append(next, k)
				}
			}
		}
		cur = next
	}
	return cur
}

// Str is shorthand for Get(path...).Text().
func (n *node) Str(path ...string) string { return n.Get(path...).Text() }
