package search

import (
	"slices"

	"github.com/yunzi-go/yunzi/rules"
)

// The playouts' safety checks: the random moves they must not play.

// blunder reports whether c playing the legal point p puts a chain of two
// or more stones in atari, almost always a blunder (and in a seki, the
// losing one), while a single stone in atari may be a throw-in or a
// nakade, and so may a small chain inside one enemy chain (see
// killingSacrifice); or whether it fills the false-looking eye of a seki
// (see sekiFill).
func blunder(b *rules.Board, c rules.Color, p rules.Point) bool {
	return selfAtariOfChain(b, c, p) || sekiFill(b, c, p)
}

// sekiFill reports whether p is a point c's stones surround on every side
// (one that IsEye calls false for its enemy diagonals) whose filling
// leaves the joined chain two liberties that are also the only two of an
// enemy chain. Before the fill c had the point as a third liberty; after
// it the enemy can sacrifice on a shared liberty and, if the space its
// captured stones leave is a killing shape, take its vital point: the
// playouts used to fill such points at their end and so killed sekis (see
// TestPlayoutsLeaveSekiWithFalseLookingEye). Filling a false eye to
// connect, the common case, leaves the chain liberties of its own and is
// not affected.
func sekiFill(b *rules.Board, c rules.Color, p rules.Point) bool {
	if b.EmptyNeighbours(p) > 0 {
		return false
	}
	for _, n := range p.Neighbours() {
		if x := b.At(n); x != c && x != rules.Edge {
			return false
		}
	}
	if b.LibertiesAfter(c, p, 3) != 2 {
		return false
	}
	// The joined chain's two liberties, p aside.
	libs := [2]rules.Point{rules.Pass, rules.Pass}
	for _, n := range p.Neighbours() {
		if b.At(n) != c {
			continue
		}
		b.LibertyPoints(n, func(l rules.Point) {
			if l != p && l != libs[0] {
				if libs[0] == rules.Pass {
					libs[0] = l
				} else {
					libs[1] = l
				}
			}
		})
	}
	for _, e := range libs[0].Neighbours() {
		if b.At(e) != c.Opponent() {
			continue
		}
		if q, r, ok := twoLiberties(b, e); ok && (q == libs[0] && r == libs[1] || q == libs[1] && r == libs[0]) {
			return true
		}
	}
	return false
}

// selfAtariOfChain reports whether c playing p joins an own stone and
// leaves the joined chain with a single liberty, unless the chain is a
// sacrifice that can kill (see killingSacrifice).
func selfAtariOfChain(b *rules.Board, c rules.Color, p rules.Point) bool {
	joins := false
	for _, n := range p.Neighbours() {
		if b.At(n) == c {
			joins = true
			break
		}
	}
	return joins && b.LibertiesAfter(c, p, 2) < 2 && !killingSacrifice(b, c, p)
}

// killingSacrifice reports whether the chain c makes by playing p, left
// in atari, is a sacrifice inside one enemy chain: at most three stones,
// and every stone next to them is of that one chain. Capturing it leaves
// the enemy an eye space of at most three points, which is one eye (a
// three-point one only until someone takes its middle, see nakadeMove),
// so this is how an eye is taken from a group that has no other: the
// approach moves against an enclosed group in the corner, a nakade of two
// stones. Forbidden, the playouts never kill such a group, and the dead
// stones of a finished game are judged alive.
func killingSacrifice(b *rules.Board, c rules.Color, p rules.Point) bool {
	const maxStones = 3
	var held [maxStones + 1]rules.Point // visit stops the growth at one past the limit
	stones := append(held[:0], p)
	enemy := rules.Pass // a stone of the enclosing chain, once seen
	// visit adds q's stone to the sacrifice or checks it against the
	// enclosing chain, and reports whether the sacrifice still qualifies.
	visit := func(q rules.Point) bool {
		switch b.At(q) {
		case c:
			if !slices.Contains(stones, q) {
				stones = append(stones, q)
			}
		case c.Opponent():
			if enemy == rules.Pass {
				enemy = q
			}
			return b.SameChain(q, enemy)
		}
		return len(stones) <= maxStones
	}
	// Grow the chain from p outwards: each stone's neighbours are visited
	// once it is in the list, so its own stones join in turn.
	for i := 0; i < len(stones); i++ {
		for _, q := range stones[i].Neighbours() {
			if !visit(q) {
				return false
			}
		}
	}
	return enemy != rules.Pass
}
