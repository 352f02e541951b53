package sgf

import (
	"bytes"
	"iter"
)

// Trees reads an SGF collection one game tree at a time, as Parse reads
// it, and yields each tree's root, or the error that kept a tree from
// being read. Unlike Parse it holds one tree at a time, so a collection of
// thousands of games takes the memory of one, and a broken tree costs
// little more than itself: after a syntax error, or text between trees,
// reading goes on at the next "(;" after the start of the broken tree that
// starts a line (after white space only), where collections start their
// games. A game whose tree never closes is so found again, but the
// variations of a broken tree that start a line come back as trees of
// their own. Text after the last tree with no "(;" after it is ignored, as
// Parse ignores it.
//
// Input without any game tree yields one *SyntaxError, as Parse returns.
func Trees(data []byte) iter.Seq2[*Node, error] {
	return func(yield func(*Node, error) bool) {
		p := &parser{data: data}
		if bytes.HasPrefix(p.data, []byte("\xef\xbb\xbf")) {
			p.pos = 3 // skip a UTF-8 byte order mark
		}
		found := false
		for {
			p.skipSpace()
			if p.pos == len(p.data) {
				break
			}
			var root *Node
			var err error
			start := p.pos
			switch p.data[p.pos] {
			case '(':
				root, err = p.gameTree()
			case ')':
				err = p.errorf("unbalanced ')'")
			default:
				if !found || !p.resync(p.pos) {
					break
				}
				err = p.errorf("unexpected %q between game trees", p.data[p.pos])
			}
			if root == nil && err == nil {
				break // text after the last tree
			}
			found = true
			if err != nil {
				if !yield(nil, err) || !p.resync(start+1) {
					return
				}
				p.pos = p.nextTree(start + 1)
				continue
			}
			if !yield(root, nil) {
				return
			}
		}
		if !found {
			_, err := (&parser{data: data}).collection()
			yield(nil, err)
		}
	}
}

// resync reports whether a game tree starts a line at or after from.
func (p *parser) resync(from int) bool { return p.nextTree(from) < len(p.data) }

// nextTree returns the offset of the first "(;" at or after from that has
// only white space before it on its line (white space may also separate
// the '(' and the ';'), or len(p.data) if there is none.
func (p *parser) nextTree(from int) int {
	for i := max(from, 0); i < len(p.data); i++ {
		if p.data[i] != '(' || !p.lineStart(i) {
			continue
		}
		j := i + 1
		for j < len(p.data) && isSpace(p.data[j]) {
			j++
		}
		if j < len(p.data) && p.data[j] == ';' {
			return i
		}
	}
	return len(p.data)
}

// lineStart reports whether only white space comes before offset i on its
// line.
func (p *parser) lineStart(i int) bool {
	for i--; i >= 0; i-- {
		switch c := p.data[i]; {
		case c == '\n' || c == '\r':
			return true
		case !isSpace(c):
			return i == 2 && bytes.HasPrefix(p.data, []byte("\xef\xbb\xbf"))
		}
	}
	return true
}
