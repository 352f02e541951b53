package sgf

import (
	"bytes"
	"fmt"
)

// SyntaxError reports where and why data is not valid SGF.
type SyntaxError struct {
	Offset int // byte offset of the problem in the input
	Line   int // line of the problem, from 1
	Msg    string
}

// Error returns the message with its position: "sgf: line 3 (byte 17): ...".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("sgf: line %d (byte %d): %s", e.Line, e.Offset, e.Msg)
}

// Parse reads an SGF collection and returns the root node of each of its
// game trees. A tree's main line is the first child at each node; the other
// children start variations.
//
// White space between the syntax elements is ignored, as is anything after
// the last complete game tree other than a stray ')'. Property identifiers lose any lower-case
// letters, as FF[3] asks ("AddBlack" becomes "AB"); an identifier with no
// upper-case letter is an error. In values, "\]" and "\\" stand for "]"
// and "\", any other escaped character for itself, and a backslash before a
// line break removes both (a soft line break).
//
// Parse returns a *SyntaxError for input that is not a collection: no game
// tree, a tree without nodes, a property without a value, an unterminated
// value or tree.
func Parse(data []byte) ([]*Node, error) {
	p := &parser{data: data}
	return p.collection()
}

type parser struct {
	data []byte
	pos  int
}

// tree is a game tree being read: the node the tree hangs from (nil for a
// root tree) and the last node of its sequence so far.
type tree struct {
	parent, last *Node
}

func (p *parser) collection() ([]*Node, error) {
	if bytes.HasPrefix(p.data, []byte("\xef\xbb\xbf")) {
		p.pos = 3 // skip a UTF-8 byte order mark
	}
	var roots []*Node
	for {
		p.skipSpace()
		if p.pos == len(p.data) || p.data[p.pos] != '(' {
			break
		}
		root, err := p.gameTree()
		if err != nil {
			return nil, err
		}
		roots = append(roots, root)
	}
	if p.pos < len(p.data) && p.data[p.pos] == ')' {
		return nil, p.errorf("unbalanced ')'")
	}
	if len(roots) == 0 {
		if p.pos == len(p.data) {
			return nil, p.errorf("no game tree")
		}
		return nil, p.errorf("expected '(' to start a game tree, found %q", p.data[p.pos])
	}
	return roots, nil
}

// gameTree reads one game tree, variations included, starting at its '('.
// It keeps its own stack rather than recursing, so that deep nesting in
// hostile input cannot exhaust the goroutine stack.
func (p *parser) gameTree() (*Node, error) {
	var root *Node
	var stack []tree
	for {
		p.skipSpace()
		if p.pos == len(p.data) {
			return nil, p.errorf("unexpected end of input: missing ')'")
		}
		switch c := p.data[p.pos]; c {
		case '(':
			var parent *Node
			if len(stack) > 0 {
				parent = stack[len(stack)-1].last
			}
			p.pos++
			p.skipSpace()
			if p.pos == len(p.data) || p.data[p.pos] != ';' {
				return nil, p.errorf("game tree without a node: expected ';'")
			}
			stack = append(stack, tree{parent: parent})
		case ';':
			p.pos++
			n := &Node{Props: map[string][]string{}}
			t := &stack[len(stack)-1]
			switch {
			case t.last != nil:
				t.last.AddChild(n)
			case t.parent != nil:
				t.parent.AddChild(n)
			default:
				root = n
			}
			t.last = n
			if err := p.properties(n); err != nil {
				return nil, err
			}
		case ')':
			p.pos++
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return root, nil
			}
		default:
			return nil, p.errorf("unexpected %q", c)
		}
	}
}

// properties reads the properties of node n, up to the next ';', '(' or
// ')'.
func (p *parser) properties(n *Node) error {
	for {
		p.skipSpace()
		if p.pos == len(p.data) || !isLetter(p.data[p.pos]) {
			return nil
		}
		start := p.pos
		var id []byte
		for p.pos < len(p.data) && isLetter(p.data[p.pos]) {
			if c := p.data[p.pos]; 'A' <= c && c <= 'Z' {
				id = append(id, c)
			}
			p.pos++
		}
		if len(id) == 0 {
			return p.errorAt(start, "property identifier %q has no upper-case letter", p.data[start:p.pos])
		}
		var values []string
		for {
			p.skipSpace()
			if p.pos == len(p.data) || p.data[p.pos] != '[' {
				break
			}
			v, err := p.value()
			if err != nil {
				return err
			}
			values = append(values, v)
		}
		if len(values) == 0 {
			return p.errorf("property %s has no value", id)
		}
		n.Add(string(id), values...)
	}
}

// value reads one bracketed value, starting at its '[', and decodes it.
func (p *parser) value() (string, error) {
	start := p.pos
	p.pos++ // '['
	var v []byte
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		p.pos++
		switch c {
		case ']':
			return string(v), nil
		case '\\':
			if p.pos == len(p.data) {
				return "", p.errorAt(start, "unterminated property value")
			}
			c = p.data[p.pos]
			p.pos++
			if c == '\n' || c == '\r' {
				// A soft line break: drop it, the "\r\n" and "\n\r" pairs too.
				if p.pos < len(p.data) && p.data[p.pos] == '\n'+'\r'-c {
					p.pos++
				}
				continue
			}
			v = append(v, c)
		default:
			v = append(v, c)
		}
	}
	return "", p.errorAt(start, "unterminated property value")
}

func (p *parser) skipSpace() {
	for p.pos < len(p.data) && isSpace(p.data[p.pos]) {
		p.pos++
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func isLetter(c byte) bool { return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' }

func (p *parser) errorf(format string, args ...any) error {
	return p.errorAt(p.pos, format, args...)
}

func (p *parser) errorAt(offset int, format string, args ...any) error {
	line := 1 + bytes.Count(p.data[:offset], []byte("\n"))
	return &SyntaxError{Offset: offset, Line: line, Msg: fmt.Sprintf(format, args...)}
}
