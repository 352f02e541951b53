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
	// children is nil until the node is expanded, then the complete slice:
	// one worker builds it and publishes it with a single atomic store.
	children   atomic.Pointer[[]node]
	value      atomic.Int64 // sum of the games' values, in valueUnit per game
	raveValue  atomic.Int64 // the same for the AMAF games
	prior      prior
	visits     atomic.Int32
	raveVisits atomic.Int32
	move       rules.Point
	expanding  atomic.Bool
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

// amafWithPrior returns the node's AMAF win rate and games with its prior
// games counted weight times over among them. The node has AMAF games.
func (n *node) amafWithPrior(weight float64) (rate, games float64) {
	rv := float64(n.raveVisits.Load())
	games = rv + weight*float64(n.prior.visits)
	return (float64(n.raveValue.Load())/valueUnit + weight*float64(n.prior.wins)) / games, games
}

// amafRate is the node's AMAF win rate, 0 without AMAF games.
func (n *node) amafRate() float64 {
	rv := n.raveVisits.Load()
	if rv == 0 {
		return 0
	}
	return float64(n.raveValue.Load()) / valueUnit / float64(rv)
}

// lcb is a lower confidence bound on the real win rate (about two standard
// errors below it), used to avoid a move whose visits are many but whose
// results are poor.
func (n *node) lcb() float64 {
	v := float64(n.visits.Load())
	if v == 0 {
		return 0
	}
	w := n.realWinRate()
	return w - 2*math.Sqrt(max(w*(1-w), 0.01)/v)
}

// kids returns the children, nil if the node is not expanded yet.
func (n *node) kids() []node {
	if p := n.children.Load(); p != nil {
		return *p
	}
	return nil
}

// child returns the child for move m, or nil.
func (n *node) child(m rules.Point) *node {
	kids := n.kids()
	for i := range kids {
		if kids[i].move == m {
			return &kids[i]
		}
	}
	return nil
}

// mostVisited returns the child with the most visits, nil if none.
func (n *node) mostVisited() *node {
	var best *node
	kids := n.kids()
	for i := range kids {
		if best == nil || kids[i].visits.Load() > best.visits.Load() {
			best = &kids[i]
		}
	}
	return best
}

// countNodes returns the number of nodes in the subtree below n, n included.
func (n *node) countNodes() int {
	total := 1
	kids := n.kids()
	for i := range kids {
		total += kids[i].countNodes()
	}
	return total
}
