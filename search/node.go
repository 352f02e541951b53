package search

import (
	"math"
	"sync/atomic"

	"github.com/yunzi-go/yunzi/rules"
)

// node is a move in the tree and the statistics of the games through it,
// counted for the player who made the move. Workers update the counters
// with atomic adds and never lock: a visit is counted on the way down (so
// a game in flight reads as a loss, the "virtual loss" that spreads workers
// over the tree; Config.VirtualLoss of them with several workers) and its
// result on the way back up.
type node struct {
	// children is nil until a worker claims the node's expansion, then
	// building until it publishes the complete children with a single
	// atomic store. Read it with loadChildren.
	children atomic.Pointer[children]
	value    atomic.Int64 // sum of the games' values, in valueUnit per game
	prior    prior
	visits   atomic.Int32
	move     rules.Point
}

// building stands in node.children while a worker makes the children.
// Marking the pointer, where a flag would take a field of its own, keeps a
// node at 32 bytes, two to a cache line.
var building = new(children)

// children are a node's children: their nodes and, in a slice of their
// own, their AMAF statistics, child i's at amaf[i]. A simulation adds AMAF
// results to dozens of children of every node on its path, and with
// several workers each line it writes is one the others must fetch again;
// kept apart from the nodes, four children's AMAF statistics share a
// 64-byte cache line (see docs/TUNING.md, "Tree layout").
type children struct {
	nodes []node
	amaf  []amafStats
	// puct holds the children's statistics in the search with a network,
	// which has no AMAF statistics (see puctStats); nil in the classic one.
	puct []puctStats
	// noPass is set when a Restriction left the pass out: otherwise it is
	// the last child, which the classic selection looks at apart.
	noPass bool
}

// amafStats are a child's AMAF games (all-moves-as-first: the games in
// which its colour played its point first, at its depth or later).
type amafStats struct {
	value  atomic.Int64 // sum of the games' values, in valueUnit per game
	visits atomic.Int32
	// move is the child's move again, in what would be padding, so that
	// the AMAF updates read no node.
	move rules.Point
}

// newChildren returns n children, all zero.
func newChildren(n int) *children {
	return &children{nodes: make([]node, n), amaf: make([]amafStats, n)}
}

// valueUnit is the fixed-point unit of game values: a game's value, from 0
// (a clear loss) to 1 (a clear win), is added as an integer number of
// units so that the counters stay atomic integers.
const valueUnit = 1 << 16

// prior is the virtual games knowledge gave the node when it was created.
type prior struct {
	visits, wins float32
}

// rate is the prior's win rate, 0.5 for no games.
func (p prior) rate() float64 {
	if p.visits == 0 {
		return 0.5
	}
	return float64(p.wins) / float64(p.visits)
}

// winRate returns the node's mean game value (about its win rate, see
// gameValue) for the player who made its move, priors included; 0.5 for a
// node with no games at all.
func (n *node) winRate() float64 {
	v := float64(n.visits.Load()) + float64(n.prior.visits)
	if v == 0 {
		return 0.5
	}
	return (float64(n.value.Load())/valueUnit + float64(n.prior.wins)) / v
}

// realWinRate is the win rate of the real games only, without priors.
func (n *node) realWinRate() float64 {
	v := n.visits.Load()
	if v == 0 {
		return 0.5
	}
	return float64(n.value.Load()) / valueUnit / float64(v)
}

// withPrior returns the AMAF win rate and games with the prior p's games
// counted weight times over among them. There are AMAF games.
func (a *amafStats) withPrior(p prior, weight float64) (rate, games float64) {
	games = float64(a.visits.Load()) + weight*float64(p.visits)
	return (float64(a.value.Load())/valueUnit + weight*float64(p.wins)) / games, games
}

// rate is the AMAF win rate, 0 without AMAF games.
func (a *amafStats) rate() float64 {
	games := a.visits.Load()
	if games == 0 {
		return 0
	}
	return float64(a.value.Load()) / valueUnit / float64(games)
}

// lcb is a lower confidence bound on the real win rate, deviations
// standard errors below it (the variance taken as at least 0.01, so that a
// few games all won or all lost are not certain), used to avoid a move
// whose visits are many but whose results are poor.
func (n *node) lcb(deviations float64) float64 {
	v := float64(n.visits.Load())
	if v == 0 {
		return 0
	}
	w := n.realWinRate()
	return w - deviations*math.Sqrt(max(w*(1-w), 0.01)/v)
}

// loadChildren returns the node's children, nil if it is not expanded yet.
func (n *node) loadChildren() *children {
	if ch := n.children.Load(); ch != building {
		return ch
	}
	return nil
}

// childNodes returns the children's nodes, nil if the node is not
// expanded yet.
func (n *node) childNodes() []node {
	if ch := n.loadChildren(); ch != nil {
		return ch.nodes
	}
	return nil
}

// child returns the child for move m, or nil.
func (n *node) child(m rules.Point) *node {
	nodes := n.childNodes()
	for i := range nodes {
		if nodes[i].move == m {
			return &nodes[i]
		}
	}
	return nil
}

// mostVisited returns the child with the most visits, nil if none.
func (n *node) mostVisited() *node {
	var best *node
	nodes := n.childNodes()
	for i := range nodes {
		if best == nil || nodes[i].visits.Load() > best.visits.Load() {
			best = &nodes[i]
		}
	}
	return best
}

// countNodes returns the number of nodes in the subtree below n, n included.
func (n *node) countNodes() int {
	total := 1
	nodes := n.childNodes()
	for i := range nodes {
		total += nodes[i].countNodes()
	}
	return total
}
