package sgf

import (
	"io"
	"strings"
)

// WriteTrees writes the game trees rooted at roots as one SGF collection,
// each tree on its own lines. Properties are written in the order
// Node.Properties gives; a property with no values is left out. Parsing the
// output gives back the same trees.
func WriteTrees(w io.Writer, roots []*Node) error {
	var b strings.Builder
	for _, r := range roots {
		writeTree(&b, r)
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeTree writes the game tree rooted at root. It keeps its own stack of
// variations to write, so a deep tree cannot exhaust the goroutine stack.
func writeTree(b *strings.Builder, root *Node) {
	const closeTree = -1
	type item struct {
		n     *Node
		depth int // nesting of the tree n starts; closeTree for a ')'
	}
	stack := []item{{root, 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if it.depth == closeTree {
			b.WriteByte(')')
			continue
		}
		if it.depth > 0 {
			b.WriteByte('\n')
		}
		b.WriteByte('(')
		n := it.n
		for first := true; ; first = false {
			if !first {
				b.WriteByte('\n')
			}
			writeNode(b, n)
			if len(n.Children) != 1 {
				break
			}
			n = n.Children[0]
		}
		stack = append(stack, item{nil, closeTree})
		for i := len(n.Children) - 1; i >= 0; i-- {
			stack = append(stack, item{n.Children[i], it.depth + 1})
		}
	}
}

func writeNode(b *strings.Builder, n *Node) {
	b.WriteByte(';')
	for _, p := range n.Properties() {
		if len(p.Values) == 0 {
			continue
		}
		b.WriteString(p.ID)
		for _, v := range p.Values {
			b.WriteByte('[')
			writeEscaped(b, v)
			b.WriteByte(']')
		}
	}
}

// writeEscaped writes a property value with "\" and "]" escaped.
func writeEscaped(b *strings.Builder, v string) {
	for i := 0; i < len(v); i++ {
		if c := v[i]; c == '\\' || c == ']' {
			b.WriteByte('\\')
		}
		b.WriteByte(v[i])
	}
}
