package search

import (
	"math"
	"slices"

	"github.com/yunzi-go/yunzi/pattern"
	"github.com/yunzi-go/yunzi/rules"
)

// priorFor returns the virtual games a new child for c playing p starts
// with: an even share for every move, bonuses (won games) for captures,
// atari escapes, the playouts' answers to a chain left with two liberties
// and the learned patterns' chance that a strong player picks p, and
// maluses (lost games) for self-atari and for early moves on the first two
// lines with nothing near; on large boards first-line moves with nothing
// near get the malus all game long.
func (w *worker) priorFor(b *rules.Board, c rules.Color, p rules.Point, chance float64, stones int) prior {
	k := &w.cfg.Priors
	pr := prior{visits: float32(k.Even), wins: float32(k.Even / 2)}
	bonus := func(n float64) { pr.visits += float32(n); pr.wins += float32(n) }
	malus := func(n float64) { pr.visits += float32(n) }

	captures := b.CapturesAt(c, p)
	if captures {
		bonus(k.Capture)
	}
	switch saved, tried := w.policy.ladder.escapes(b, c, p); {
	case saved:
		bonus(k.AtariEscape)
	case tried:
		malus(k.LadderEscape)
	}
	if w.laddersNeighbour(b, c, p) {
		bonus(k.LadderCapture)
	}
	if slices.Contains(w.scratch.twoLib, p) {
		bonus(k.TwoLiberties)
	}
	if !captures && b.LibertiesAfter(c, p, 2) < 2 {
		malus(k.SelfAtari)
	}
	bonus(k.Learned * math.Sqrt(chance))
	size := b.Size()
	if size < 9 {
		return pr
	}
	line := edgeLine(p, size)
	if line > 2 || !pattern.NothingNear(b, p, true) {
		return pr
	}
	if stones < size*size/k.EarlyDivisor || w.large && line == 1 {
		malus(k.EdgeEarly)
	}
	return pr
}

// passPrior is the prior of the pass move: a malus unless the opponent has
// just passed, when passing may end the game.
func (w *worker) passPrior(last rules.Point, moves int) prior {
	k := &w.cfg.Priors
	pr := prior{visits: float32(k.Even), wins: float32(k.Even / 2)}
	if last != rules.Pass || moves == 0 {
		pr.visits += float32(k.Pass)
	}
	return pr
}

// laddersNeighbour reports whether c playing p puts an enemy chain next
// to it in atari and catches it in a ladder.
func (w *worker) laddersNeighbour(b *rules.Board, c rules.Color, p rules.Point) bool {
	for _, n := range p.Neighbours() {
		if b.At(n) == c.Opponent() && b.Liberties(n) == 2 && w.policy.ladder.atariCaptures(b, c, p, n) {
			return true
		}
	}
	return false
}

// edgeLine returns the line p stands on, counted from the nearest edge (1 is
// the edge).
func edgeLine(p rules.Point, size int) int {
	x, y := p.X(), p.Y()
	return 1 + min(x, y, size-1-x, size-1-y)
}

// LearnedChances returns the moves the search would give c in g's
// position (legal, and not filling an own eye) with the chance the learned
// move patterns give each of being a strong player's choice, the knowledge
// that the priors (and on 13x13 and up the widening order) start from.
func LearnedChances(g *rules.Game, c rules.Color) ([]rules.Point, []float64) {
	b := g.Board()
	var moves []rules.Point
	for _, p := range b.Empties() {
		if !b.IsEye(c, p) && g.IsLegal(rules.Move{Color: c, Point: p}) {
			moves = append(moves, p)
		}
	}
	last, beforeLast := lastMoves(g)
	return moves, learnedChances(b, c, last, beforeLast, moves, nil)
}
