package search

import (
	"math"
	"slices"

	"github.com/yunzi-go/yunzi/rules"
)

// The playout policy, in the style of Pachi's Moggy and Fuego: answer the
// last move's tactics (capture it, save what it put in atari), on large
// boards play a reply that won earlier simulations (replies.go), take the
// vital point of a three-point eye space next to the last move (nakade),
// answer its fights one step before atari (two liberties), play a 3x3
// shape next to it, on large boards play into an empty 3x3 square, and
// otherwise play a random move that does not fill an own eye and does not
// put a chain of several stones in atari (but for a killing sacrifice).

// played is one move of a simulation.
type played struct {
	color rules.Color
	point rules.Point
}

// Policy rates, the probability of trying each heuristic before the random
// move. Below one so the playouts keep some variety. A twoLibRate of 0.8 on
// boards of 13x13 and up won 106 of 200 games of 13x13 self-play at 0.3 s a
// move against 0.5 everywhere: no difference, so one rate serves all sizes.
// A patternRate of 0.9 won 101 of 182 games of that self-play (58 of 100,
// then 43 of 82; 55.5%, Wilson 48.2-62.5%) and 96 of 100 against GNU Go
// level 10 on 9x9 at 1 s a move: not shown better, not kept.
const (
	tacticsRate = 0.9
	twoLibRate  = 0.5
	patternRate = 0.8
)

// playout plays the policy from b with c to move, after the moves
// beforeLast and last, until two passes, the move limit or the mercy rule,
// appending the moves to w.seq. It returns the final score from Black's
// view, komi included.
func (w *worker) playout(b *rules.Board, c rules.Color, beforeLast, last rules.Point, komi float64) float64 {
	area := len(b.Points())
	maxMoves := 3 * area
	mercy := int(w.cfg.Policy.MercyMargin * float64(area))
	startDiff := b.Captures(rules.Black) - b.Captures(rules.White)
	passes := 0
	for n := 0; passes < 2 && n < maxMoves; n++ {
		if d := b.Captures(rules.Black) - b.Captures(rules.White) - startDiff; d > mercy || -d > mercy {
			// The side ahead in captures wins; the margin is what the
			// board shows now, at least a point, so that mercy games do
			// not swamp the mean score with the board's whole area.
			score := float64(b.PlayoutScore()) - komi
			if d > 0 {
				return max(score, 1)
			}
			return min(score, -1)
		}
		p := w.policyMove(b, c, beforeLast, last)
		b.PlayUnchecked(c, p)
		w.seq = append(w.seq, played{c, p})
		if p == rules.Pass {
			passes++
		} else {
			passes = 0
		}
		beforeLast, last, c = last, p, c.Opponent()
	}
	return float64(b.PlayoutScore()) - komi
}

// gameValue returns what a playout's final score (Black's view) is worth to
// Black, in valueUnit: the win (1, or ½ for a draw) blended with the margin
// squashed into (0, 1) on the scale of the board's side, the margin's share
// being weight.
func gameValue(score float64, size int, weight float64) int64 {
	win := 0.5
	switch {
	case score > 0:
		win = 1
	case score < 0:
		win = 0
	}
	margin := 0.5 + 0.5*math.Tanh(score/float64(size))
	return int64(((1-weight)*win + weight*margin) * valueUnit)
}

// policyMove returns c's next playout move after beforeLast and last.
func (w *worker) policyMove(b *rules.Board, c rules.Color, beforeLast, last rules.Point) rules.Point {
	if last != rules.Pass {
		replies := w.playsReplies()
		if replies {
			w.replies.prefetch(c, beforeLast, last)
		}
		if w.chance(tacticsRate) {
			if p := w.tacticalMove(b, c, last); p != rules.Pass {
				return p
			}
		}
		if replies {
			if p := w.goodReply(b, c, beforeLast, last); p != rules.Pass {
				return p
			}
		}
		if p := nakadeMove(b, c, last); p != rules.Pass {
			return p
		}
		if w.chance(twoLibRate) {
			if p := w.twoLibertyMove(b, c, last); p != rules.Pass {
				return p
			}
		}
		if w.chance(patternRate) {
			if p := w.patternMove(b, c, last); p != rules.Pass {
				return p
			}
		}
	}
	if w.large {
		if p := w.fillBoardMove(b); p != rules.Pass {
			return p
		}
	}
	return w.randomMove(b, c)
}

// chance returns true with probability rate.
func (w *worker) chance(rate float64) bool {
	return float64(w.rng.Uint64()>>11)/(1<<53) < rate
}

// tacticalMove answers the last move: capture its stone if it stands in
// atari, save own chains it put in atari by extending (when that gains
// liberties) or by capturing a neighbour of theirs.
func (w *worker) tacticalMove(b *rules.Board, c rules.Color, last rules.Point) rules.Point {
	cands := w.cands[:0]
	if b.At(last) == c.Opponent() && b.Liberties(last) == 1 {
		cands = w.addIfGood(cands, b, c, b.AnyLiberty(last), false)
	}
	for _, n := range last.Neighbours() {
		if b.At(n) != c || b.Liberties(n) != 1 {
			continue
		}
		if escape := b.AnyLiberty(n); w.ladder.extensionSaves(b, c, n, escape) {
			cands = w.addIfGood(cands, b, c, escape, false)
		}
		b.Chain(n, func(s rules.Point) {
			for _, q := range s.Neighbours() {
				if b.At(q) == c.Opponent() && b.Liberties(q) == 1 {
					cands = w.addIfGood(cands, b, c, b.AnyLiberty(q), false)
				}
			}
		})
	}
	w.cands = cands
	return w.pick(cands)
}

// twoLibertyMove answers the last move one step before atari (Fuego's
// low-liberty moves, Pachi's two-liberty checks): it puts the last move's
// chain, left with two liberties, in atari where it cannot run out to
// three, or gives an own chain next to it, left with two liberties, a
// third. Without it the playouts let chains in a capturing race be taken
// at random, and the search misjudges fights between weak groups.
//
// Where extending gains an own chain nothing, atari on a touching enemy
// chain of two liberties as well (the side that ataris first wins a race
// of two against two) did not help: it won 106 of 200 games of 13x13
// self-play at 0.3 s a move (53%, Wilson 46.1-59.8%). Offered beside the
// extensions too, not only in their place, it won 4 of 20. Not kept.
func (w *worker) twoLibertyMove(b *rules.Board, c rules.Color, last rules.Point) rules.Point {
	w.cands = w.twoLibertyAnswers(w.cands[:0], b, c, last)
	return w.pick(w.cands)
}

// twoLibertyAnswers appends to cands the moves twoLibertyMove chooses from.
func (w *worker) twoLibertyAnswers(cands []rules.Point, b *rules.Board, c rules.Color, last rules.Point) []rules.Point {
	if b.At(last) == c.Opponent() {
		if q, r, ok := twoLiberties(b, last); ok {
			cands = w.addAtari(cands, b, c, q, r)
			cands = w.addAtari(cands, b, c, r, q)
		}
	}
	for _, n := range last.Neighbours() {
		if b.At(n) != c {
			continue
		}
		if q, r, ok := twoLiberties(b, n); ok {
			cands = w.addExtension(cands, b, c, q)
			cands = w.addExtension(cands, b, c, r)
		}
	}
	return cands
}

// addAtari appends q if c playing there puts the enemy chain with the
// liberties q and r in atari, does not put c's own stone in atari, and
// leaves the chain fewer than three liberties when it extends at r.
func (w *worker) addAtari(cands []rules.Point, b *rules.Board, c rules.Color, q, r rules.Point) []rules.Point {
	if !cannotRunOut(b, c.Opponent(), r) {
		return cands
	}
	return w.addIfGood(cands, b, c, q, true)
}

// addExtension appends the liberty q of an own chain with two liberties if
// extending there gives it at least three.
func (w *worker) addExtension(cands []rules.Point, b *rules.Board, c rules.Color, q rules.Point) []rules.Point {
	if b.LibertiesAfter(c, q, 3) < 3 {
		return cands
	}
	return w.addIfGood(cands, b, c, q, false)
}

// patternMove plays a 3x3 shape on one of the eight points around the last
// move.
func (w *worker) patternMove(b *rules.Board, c rules.Color, last rules.Point) rules.Point {
	cands := w.cands[:0]
	for _, q := range last.Neighbours8() {
		if b.At(q) == rules.Empty && matchesPattern(b, q) {
			cands = w.addIfGood(cands, b, c, q, true)
		}
	}
	w.cands = cands
	return w.pick(cands)
}

// playsReplies reports whether the playouts play, and learn, last good
// replies on this board (LargeBoard.LastGoodReply).
func (w *worker) playsReplies() bool { return w.large && w.cfg.Large.LastGoodReply }

// goodReply returns c's stored reply to the last two moves, or else to the
// last one, if it is a move the random policy could play (randomPlayable).
func (w *worker) goodReply(b *rules.Board, c rules.Color, beforeLast, last rules.Point) rules.Point {
	pair, single := w.replies.reply(c, beforeLast, last)
	for _, p := range [2]rules.Point{pair, single} {
		if p != rules.Pass && randomPlayable(b, c, p) {
			return p
		}
	}
	return rules.Pass
}

// fillBoardMove tries Large.FillBoardTries random empty points and
// returns the first in an empty 3x3 square. Such a point is always a legal
// move that fills no eye, and the square rules out the first line.
func (w *worker) fillBoardMove(b *rules.Board) rules.Point {
	empties := b.Empties()
	if len(empties) == 0 {
		return rules.Pass
	}
	for range w.cfg.Large.FillBoardTries {
		p := empties[w.rng.IntN(len(empties))]
		if b.EmptyNeighbours(p) == 4 && emptyDiagonals(b, p) {
			return p
		}
	}
	return rules.Pass
}

// emptyDiagonals reports whether the four diagonal neighbours of p are
// empty points of the board.
func emptyDiagonals(b *rules.Board, p rules.Point) bool {
	around := p.Neighbours8()
	for _, q := range around[4:] {
		if b.At(q) != rules.Empty {
			return false
		}
	}
	return true
}

// addIfGood appends p if it is a legal move for c that does not fill c's own
// eye, and, when avoidSelfAtari is set, does not put its chain in atari.
func (w *worker) addIfGood(cands []rules.Point, b *rules.Board, c rules.Color, p rules.Point, avoidSelfAtari bool) []rules.Point {
	if p == rules.Pass || b.IsEye(c, p) || !b.IsLegal(rules.Move{Color: c, Point: p}) {
		return cands
	}
	if avoidSelfAtari && b.LibertiesAfter(c, p, 2) < 2 {
		return cands
	}
	return append(cands, p)
}

func (w *worker) pick(cands []rules.Point) rules.Point {
	if len(cands) == 0 {
		return rules.Pass
	}
	return cands[w.rng.IntN(len(cands))]
}

// randomMove draws a uniformly random legal move that does not fill an own
// eye and is not a blunder (see blunder). After a few bad draws it looks
// through every point, and passes if all are bad.
func (w *worker) randomMove(b *rules.Board, c rules.Color) rules.Point {
	for range w.cfg.Policy.SelfAtariRetries {
		p := b.RandomMove(c, &w.rng)
		if p == rules.Pass || !blunder(b, c, p) {
			return p
		}
	}
	empties := b.Empties()
	start := w.rng.IntN(len(empties)) // not empty: a point was drawn above
	for i := range empties {
		p := empties[(start+i)%len(empties)]
		if randomPlayable(b, c, p) {
			return p
		}
	}
	return rules.Pass
}

// randomPlayable reports whether randomMove may play p for c: a legal
// move that fills no own eye and is not a blunder.
func randomPlayable(b *rules.Board, c rules.Color, p rules.Point) bool {
	return !b.IsEye(c, p) && b.IsLegal(rules.Move{Color: c, Point: p}) && !blunder(b, c, p)
}

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

// nakadeMove returns the vital point of a three-point eye space next to
// the last move, if there is one: an empty region of exactly three points
// enclosed by stones of one colour. Its middle point (the one touching the
// other two) makes two eyes for the owner and kills when the other side
// takes it first, so it is the move for either side.
func nakadeMove(b *rules.Board, c rules.Color, last rules.Point) rules.Point {
	for _, e := range last.Neighbours() {
		if b.At(e) != rules.Empty {
			continue
		}
		if m, ok := threePointMiddle(b, e); ok && b.IsLegal(rules.Move{Color: c, Point: m}) {
			return m
		}
	}
	return rules.Pass
}

// threePointMiddle returns the middle point of the empty region through e
// (the point touching the other two) if the region has exactly three
// points and stones of only one colour around it, the edge aside. In such
// a region each end has one empty neighbour and the middle two, so the
// test reads neighbour counts, not the points around: it runs for most
// playout moves, and most empty points fail it at the first or second
// count.
func threePointMiddle(b *rules.Board, e rules.Point) (middle rules.Point, ok bool) {
	var ends [2]rules.Point
	switch b.EmptyNeighbours(e) {
	case 1: // e can only be an end
		middle = emptyNeighbours(b, e, rules.Pass)[0]
		if b.EmptyNeighbours(middle) != 2 {
			return rules.Pass, false
		}
		ends = [2]rules.Point{e, emptyNeighbours(b, middle, e)[0]}
	case 2: // e can only be the middle
		middle, ends = e, emptyNeighbours(b, e, rules.Pass)
	default:
		return rules.Pass, false
	}
	// Two neighbours of one point never touch each other, so if the ends
	// have no other empty neighbour the three points are the whole region.
	if b.EmptyNeighbours(ends[0]) != 1 || b.EmptyNeighbours(ends[1]) != 1 {
		return rules.Pass, false
	}
	var black, white int
	for _, p := range [3]rules.Point{middle, ends[0], ends[1]} {
		bn, wn := b.StoneNeighbours(p)
		black, white = black+bn, white+wn
	}
	if (black == 0) == (white == 0) { // no stones, or both colours
		return rules.Pass, false
	}
	return middle, true
}

// emptyNeighbours returns the first two empty orthogonal neighbours of p
// other than except (rules.Pass where there are fewer).
func emptyNeighbours(b *rules.Board, p, except rules.Point) [2]rules.Point {
	found, n := [2]rules.Point{rules.Pass, rules.Pass}, 0
	for _, q := range p.Neighbours() {
		if n < 2 && q != except && b.At(q) == rules.Empty {
			found[n] = q
			n++
		}
	}
	return found
}
