package search

import (
	"math"
	"slices"

	"github.com/yunzi-go/yunzi/rules"
)

// priorFor returns the virtual games a new child for c playing p starts
// with: an even share for every move, bonuses (won games) for captures,
// atari escapes, the playouts' answers to a chain left with two liberties,
// shape and closeness to the last move, and maluses (lost games) for
// self-atari and for early moves on the first two lines with nothing near.
// On large boards a third- or fourth-line move with nothing near gets a
// bonus, more in an empty corner: that is where the opening and the
// framework moves are; first-line moves with nothing near get the malus
// all game long. Also on large boards, the move gets a bonus for chance,
// the learned patterns' chance that a strong player picks it.
func (w *worker) priorFor(b *rules.Board, c rules.Color, p, last rules.Point, stones int, chance float64) prior {
	k := &w.cfg.Priors
	pr := prior{visits: float32(k.Even), wins: float32(k.Even / 2)}
	bonus := func(n float64) { pr.visits += float32(n); pr.wins += float32(n) }
	malus := func(n float64) { pr.visits += float32(n) }

	captures := b.CapturesAt(c, p)
	if captures {
		bonus(k.Capture)
	}
	switch saved, tried := w.ladder.escapes(b, c, p); {
	case saved:
		bonus(k.AtariEscape)
	case tried:
		malus(k.LadderEscape)
	}
	if w.laddersNeighbour(b, c, p) {
		bonus(k.LadderCapture)
	}
	if slices.Contains(w.twoLib, p) {
		bonus(k.TwoLiberties)
	}
	if n, ok := w.closeness(p, last); ok {
		bonus(n)
		if matchesPattern(b, p) {
			bonus(k.Pattern)
		}
	}
	if !captures && b.LibertiesAfter(c, p, 2) < 2 {
		malus(k.SelfAtari)
	}
	if w.large {
		bonus(w.cfg.Large.Learned * math.Sqrt(chance))
	}
	size := b.Size()
	if size < 9 {
		return pr
	}
	line := edgeLine(p, size)
	if line > 4 || !nothingNear(b, p) {
		return pr
	}
	lg := &w.cfg.Large
	switch {
	case line <= 2 && stones < size*size/4:
		malus(k.EdgeEarly)
	case w.large && line == 1:
		malus(k.EdgeEarly)
	case w.large && (line == 3 || line == 4):
		bonus(lg.ThirdFourthLine)
		if inEmptyCorner(b, p) {
			bonus(lg.EmptyCorner)
		}
	}
	return pr
}

// closeness returns the bonus for p's closeness to the last move, if it is
// close: on large boards by its distance in w.local (see localDistances),
// on small ones when it is near the last move.
func (w *worker) closeness(p, last rules.Point) (float64, bool) {
	if w.large {
		local := w.cfg.Large.Local
		if d := int(w.local[p]); d > 0 && d <= len(local) {
			return local[d-1], true
		}
		return 0, false
	}
	if last != rules.Pass && near(p, last) {
		return w.cfg.Priors.NearLast, true
	}
	return 0, false
}

// inEmptyCorner reports whether p is the 3-3, 3-4 or 4-4 point of a corner
// with no stone within six lines of either edge.
func inEmptyCorner(b *rules.Board, p rules.Point) bool {
	const corner = 6
	size := b.Size()
	x, y := p.X(), p.Y()
	lineX, lineY := 1+min(x, size-1-x), 1+min(y, size-1-y)
	if lineX < 3 || lineX > 4 || lineY < 3 || lineY > 4 {
		return false
	}
	// The corner's box, in board coordinates.
	x0, y0 := 0, 0
	if x >= size/2 {
		x0 = size - corner
	}
	if y >= size/2 {
		y0 = size - corner
	}
	for cy := y0; cy < y0+corner; cy++ {
		for cx := x0; cx < x0+corner; cx++ {
			if b.At(rules.PointAt(cx, cy)) != rules.Empty {
				return false
			}
		}
	}
	return true
}

// localDistances fills dist with each point's distance to the last move
// in the common fate graph, where a chain counts as one point: 1 for the
// liberties of the last move's chain (and for every stone of a chain next
// to it), 2 for the next points out, and so on up to levels; 0 for the
// rest and for stones. Moves there answer the last move, which is what
// most good moves do. queue is scratch space; the grown one is returned.
func localDistances(b *rules.Board, last rules.Point, dist []uint8, queue []rules.Point, levels int) []rules.Point {
	clear(dist)
	if last == rules.Pass || b.At(last) == rules.Empty {
		return queue
	}
	const reached = 255 // the last move's chain, distance 0
	queue = queue[:0]
	b.Chain(last, func(q rules.Point) { dist[q] = reached; queue = append(queue, q) })
	for d := 1; d <= levels && len(queue) > 0; d++ {
		frontier := len(queue)
		for _, q := range queue[:frontier] {
			for _, n := range q.Neighbours() {
				if !b.Contains(n) || dist[n] != 0 {
					continue
				}
				if b.At(n) == rules.Empty {
					dist[n] = uint8(d)
					queue = append(queue, n)
					continue
				}
				b.Chain(n, func(s rules.Point) { dist[s] = uint8(d); queue = append(queue, s) })
			}
		}
		queue = append(queue[:0], queue[frontier:]...)
	}
	for _, q := range b.Points() {
		if dist[q] == reached || b.At(q) != rules.Empty {
			dist[q] = 0
		}
	}
	return queue
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
		if b.At(n) == c.Opponent() && b.Liberties(n) == 2 && w.ladder.atariCaptures(b, c, p, n) {
			return true
		}
	}
	return false
}

// near reports whether p is within two points of q (Chebyshev distance, and
// not the far corner of the 5x5 square).
func near(p, q rules.Point) bool {
	dx, dy := abs(p.X()-q.X()), abs(p.Y()-q.Y())
	return dx <= 2 && dy <= 2 && dx+dy < 4
}

// edgeLine returns the line p stands on, counted from the nearest edge (1 is
// the edge).
func edgeLine(p rules.Point, size int) int {
	x, y := p.X(), p.Y()
	return 1 + min(x, y, size-1-x, size-1-y)
}

// nothingNear reports whether no stone stands within two points of p.
func nothingNear(b *rules.Board, p rules.Point) bool {
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			x, y := p.X()+dx, p.Y()+dy
			if x < 0 || y < 0 || x >= b.Size() || y >= b.Size() {
				continue
			}
			if c := b.At(rules.PointAt(x, y)); c == rules.Black || c == rules.White {
				return false
			}
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
