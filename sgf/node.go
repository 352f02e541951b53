package sgf

import (
	"slices"
	"strings"
)

// Node is one node of a game tree: a set of properties and the nodes that
// follow it. The first child continues the main line; any others start
// variations.
type Node struct {
	// Props maps a property identifier ("B", "AB", "C") to its values, in
	// the order the file gives them. Values are decoded: escapes removed,
	// soft line breaks joined.
	Props map[string][]string
	// Children are the nodes that follow this one, the main line first.
	Children []*Node
	// order lists the identifiers in the order they were first set, so a
	// parsed node is printed back as it was read.
	order []string
}

// Property is one property of a node: an identifier and its values.
type Property struct {
	ID     string
	Values []string
}

// NewNode returns a node with the given properties, in that order.
func NewNode(props ...Property) *Node {
	n := &Node{Props: map[string][]string{}}
	for _, p := range props {
		n.Add(p.ID, p.Values...)
	}
	return n
}

// Add appends values to property id, creating it if it is absent.
func (n *Node) Add(id string, values ...string) {
	if n.Props == nil {
		n.Props = map[string][]string{}
	}
	if _, ok := n.Props[id]; !ok {
		n.order = append(n.order, id)
	}
	n.Props[id] = append(n.Props[id], values...)
}

// Set replaces the values of property id.
func (n *Node) Set(id string, values ...string) {
	if _, ok := n.Props[id]; ok {
		n.Props[id] = nil
	}
	n.Add(id, values...)
}

// Get returns the first value of property id and whether the property is
// present.
func (n *Node) Get(id string) (string, bool) {
	v, ok := n.Props[id]
	if !ok || len(v) == 0 {
		return "", ok
	}
	return v[0], true
}

// Value returns the first value of property id, with surrounding white
// space removed, or "" if it is absent.
func (n *Node) Value(id string) string {
	v, _ := n.Get(id)
	return strings.TrimSpace(v)
}

// AddChild appends c to the children of n and returns c.
func (n *Node) AddChild(c *Node) *Node {
	n.Children = append(n.Children, c)
	return c
}

// Properties returns the properties of n in order: first those whose order
// is known (the order they were read or added in), then any others set
// directly in Props, sorted by identifier.
func (n *Node) Properties() []Property {
	props := make([]Property, 0, len(n.Props))
	seen := make(map[string]bool, len(n.Props))
	for _, id := range n.order {
		if v, ok := n.Props[id]; ok && !seen[id] {
			seen[id] = true
			props = append(props, Property{id, v})
		}
	}
	var rest []string
	for id := range n.Props {
		if !seen[id] {
			rest = append(rest, id)
		}
	}
	slices.Sort(rest)
	for _, id := range rest {
		props = append(props, Property{id, n.Props[id]})
	}
	return props
}

// MainLine returns n and the first child of each node after it: the
// sequence of nodes a game record's main line is made of.
func (n *Node) MainLine() []*Node {
	var line []*Node
	for ; n != nil; n = firstChild(n) {
		line = append(line, n)
	}
	return line
}

func firstChild(n *Node) *Node {
	if len(n.Children) == 0 {
		return nil
	}
	return n.Children[0]
}

// String returns the game tree rooted at n in SGF: "(;FF[4]...)".
func (n *Node) String() string {
	var b strings.Builder
	writeTree(&b, n)
	return b.String()
}
