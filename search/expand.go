package search

import (
	"cmp"
	"slices"

	"github.com/yunzi-go/yunzi/pattern"
	"github.com/yunzi-go/yunzi/rules"
)

// expansionScratch holds the lists an expansion fills, kept between
// expansions so that they allocate nothing.
type expansionScratch struct {
	moves   []rules.Point // the children's moves, the pass aside
	priors  []movePrior   // the moves with their priors, in the children's order
	chances []float64     // the learned patterns' chance for each move
	twoLib  []rules.Point // the playouts' two-liberty answers to the last move
}

// make makes the lists for boards like b, each at least minBytes large
// (see worker.makeScratch).
func (x *expansionScratch) make(b *rules.Board, minBytes int) {
	points := len(b.Points())
	x.moves = make([]rules.Point, 0, max(points, minBytes/2))
	x.chances = make([]float64, 0, max(points, minBytes/8))
	x.twoLib = make([]rules.Point, 0, minBytes/2)
}

// movePrior is a move and its prior, while a node's children are made.
type movePrior struct {
	move  rules.Point
	prior prior
}

// expand gives n its children: every legal move of c that does not fill
// an own eye, does not repeat a position (superko, against the game's
// history and the tree path) and that the budget's Restriction allows,
// and the pass, last, unless the restriction bans it. depth is the
// length of the simulation's path to n, the root included (0 for the
// root outside a simulation), so n's children are moves at ply
// max(depth-1, 0). One worker expands a node; the others go on with
// their playouts meanwhile.
func (w *worker) expand(n *node, b *rules.Board, c rules.Color, last, beforeLast rules.Point, depth int) {
	if !n.children.CompareAndSwap(nil, building) {
		return
	}
	x := &w.scratch
	x.moves = x.moves[:0]
	restrict, ply := w.s.budget.Restrict, max(depth-1, 0)
	for _, p := range b.Empties() {
		if !restrict.Allows(c, p, ply) || b.IsEye(c, p) || !b.IsLegal(rules.Move{Color: c, Point: p}) || w.repeats(b.HashAfter(c, p), c.Opponent()) {
			continue
		}
		x.moves = append(x.moves, p)
	}
	stones := len(b.Points()) - len(b.Empties())
	x.twoLib = x.twoLib[:0]
	if last != rules.Pass {
		x.twoLib = w.policy.twoLibertyAnswers(x.twoLib, b, c, last)
	}
	x.priors = x.priors[:0]
	x.chances = learnedChances(b, c, last, beforeLast, x.moves, x.chances[:0])
	for i, p := range x.moves {
		x.priors = append(x.priors, movePrior{p, w.priorFor(b, c, p, x.chances[i], stones)})
	}
	if w.large {
		w.orderForWidening()
	}
	withPass, kids := restrict.passStays(c, ply, len(x.moves)), len(x.moves)
	if withPass {
		kids++
	}
	ch := newChildren(kids)
	ch.noPass = !withPass
	for i, mp := range x.priors {
		ch.nodes[i].move, ch.nodes[i].prior = mp.move, mp.prior
	}
	if withPass {
		pass := &ch.nodes[len(x.moves)]
		pass.move = rules.Pass
		pass.prior = w.passPrior(last, w.s.moveNumber+depth)
	}
	for i := range ch.nodes {
		ch.amaf[i].move = ch.nodes[i].move
	}
	n.children.Store(ch)
	w.s.nodes.Add(int64(len(ch.nodes)))
}

// learnedChances appends to chances, for each of moves, the chance the
// learned move patterns give it of being the move a strong player picks
// for c on b after last and beforeLast.
func learnedChances(b *rules.Board, c rules.Color, last, beforeLast rules.Point, moves []rules.Point, chances []float64) []float64 {
	x := pattern.Context{Board: b, Color: c, Last: last, BeforeLast: beforeLast, Patterns: pattern.Default.Patterns()}
	return pattern.Default.Chances(&x, moves, chances)
}

// orderForWidening sorts the expansion's priors best first, for
// progressive widening. Equal priors are common (every open third-line
// point in the opening), so they are shuffled first: in the board's
// order, widening would favour its lower rows. The worker's generator
// keeps this reproducible.
func (w *worker) orderForWidening() {
	priors, rng := w.scratch.priors, &w.policy.rng
	for i := len(priors) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		priors[i], priors[j] = priors[j], priors[i]
	}
	slices.SortStableFunc(priors, func(x, y movePrior) int { return cmp.Compare(y.prior.rate(), x.prior.rate()) })
}

// repeats reports whether the position (hash, toMove) occurred in the game
// or on the simulation's path so far.
func (w *worker) repeats(hash uint64, toMove rules.Color) bool {
	situational := w.s.game.Superko == rules.Situational
	for _, h := range w.hashes {
		if h.hash == hash && (!situational || h.toMove == toMove) {
			return true
		}
	}
	return w.s.game.Repeats(hash, toMove)
}
