package search

import (
	"math"

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

// playoutPolicy plays a simulation's game out from a leaf of the tree and
// counts it: the search's evaluator on a worker's own board, with the
// worker's generator, ladder reader, reply table and scratch space.
type playoutPolicy struct {
	cfg   *Config
	large bool // the board is large: cfg.Large applies
	// scoreWeight is the margin's share of a playout's value on this
	// board (Config.ScoreWeight, or Large's).
	scoreWeight float64

	// rng is the worker's generator; the tree's widening order draws from
	// it too, so that one seed fixes a whole search. It is held by value:
	// two generators allocated one after the other would share a cache
	// line, and every draw would then stall the other worker.
	rng     rules.Rand
	ladder  ladder
	replies replyTable // the last good replies (large boards)
	cands   []rules.Point
}

// newPlayoutPolicy returns a policy with the settings of cfg whose
// generator is seeded with seed. Call useBoard before it plays.
func newPlayoutPolicy(cfg *Config, seed uint64) playoutPolicy {
	return playoutPolicy{cfg: cfg, rng: *rules.NewRand(seed)}
}

// useBoard sets the policy up for boards like b; resize makes its scratch
// space and reply table anew, for a board of another size than before.
func (pol *playoutPolicy) useBoard(b *rules.Board, resize bool) {
	if resize {
		// A kilobyte at least, for the reason worker.makeScratch gives.
		pol.cands = make([]rules.Point, 0, 1024/2)
		pol.replies.reset(b)
	}
	pol.large = pol.cfg.isLarge(b.Size())
	pol.scoreWeight = pol.cfg.ScoreWeight
	if pol.large {
		pol.scoreWeight = pol.cfg.Large.ScoreWeight
	}
	pol.ladder.budget = pol.cfg.Policy.LadderBudget
}

// evaluate plays the leaf's game out on its board, appending the moves to
// its seq, learns the winner's replies (large boards), and returns the
// final position's value and score.
func (pol *playoutPolicy) evaluate(l *leaf) evaluation {
	var score float64
	l.seq, score = pol.playout(l.board, l.toMove, l.beforeLast, l.last, l.komi, l.seq)
	if pol.playsReplies() && score != 0 {
		pol.replies.learn(l.seq, score > 0)
	}
	return evaluation{blackValue: gameValue(score, l.board.Size(), pol.scoreWeight), score: score, final: l.board}
}

// playout plays the policy from b with c to move, after the moves
// beforeLast and last, until two passes, the move limit (three moves a
// point) or the mercy rule, appending the moves to seq. It returns seq
// and the final score from Black's view, komi included.
func (pol *playoutPolicy) playout(b *rules.Board, c rules.Color, beforeLast, last rules.Point, komi float64, seq []played) ([]played, float64) {
	area := len(b.Points())
	maxMoves := 3 * area
	mercy := int(pol.cfg.Policy.MercyMargin * float64(area))
	startDiff := b.Captures(rules.Black) - b.Captures(rules.White)
	passes := 0
	for n := 0; passes < 2 && n < maxMoves; n++ {
		if d := b.Captures(rules.Black) - b.Captures(rules.White) - startDiff; d > mercy || -d > mercy {
			// The side ahead in captures wins; the margin is what the
			// board shows now, at least a point, so that mercy games do
			// not swamp the mean score with the board's whole area.
			score := float64(b.PlayoutScore()) - komi
			if d > 0 {
				return seq, max(score, 1)
			}
			return seq, min(score, -1)
		}
		p := pol.move(b, c, beforeLast, last)
		b.PlayUnchecked(c, p)
		seq = append(seq, played{c, p})
		if p == rules.Pass {
			passes++
		} else {
			passes = 0
		}
		beforeLast, last, c = last, p, c.Opponent()
	}
	return seq, float64(b.PlayoutScore()) - komi
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

// move returns c's next playout move after beforeLast and last.
func (pol *playoutPolicy) move(b *rules.Board, c rules.Color, beforeLast, last rules.Point) rules.Point {
	if last != rules.Pass {
		replies := pol.playsReplies()
		if replies {
			pol.replies.prefetch(c, beforeLast, last)
		}
		if pol.chance(pol.cfg.Policy.TacticsRate) {
			if p := pol.tacticalMove(b, c, last); p != rules.Pass {
				return p
			}
		}
		if replies {
			if p := pol.goodReply(b, c, beforeLast, last); p != rules.Pass {
				return p
			}
		}
		if p := nakadeMove(b, c, last); p != rules.Pass {
			return p
		}
		if pol.chance(pol.cfg.Policy.TwoLibertyRate) {
			if p := pol.twoLibertyMove(b, c, last); p != rules.Pass {
				return p
			}
		}
		if pol.chance(pol.cfg.Policy.ShapeRate) {
			if p := pol.shapeMove(b, c, last); p != rules.Pass {
				return p
			}
		}
	}
	if pol.large {
		if p := pol.fillBoardMove(b); p != rules.Pass {
			return p
		}
	}
	return pol.randomMove(b, c)
}

// chance returns true with probability rate.
func (pol *playoutPolicy) chance(rate float64) bool {
	return float64(pol.rng.Uint64()>>11)/(1<<53) < rate
}

// tacticalMove answers the last move: capture its stone if it stands in
// atari, save own chains it put in atari by extending (when that gains
// liberties) or by capturing a neighbour of theirs.
func (pol *playoutPolicy) tacticalMove(b *rules.Board, c rules.Color, last rules.Point) rules.Point {
	cands := pol.cands[:0]
	if b.At(last) == c.Opponent() && b.Liberties(last) == 1 {
		cands = pol.addIfGood(cands, b, c, b.AnyLiberty(last), false)
	}
	for _, n := range last.Neighbours() {
		if b.At(n) != c || b.Liberties(n) != 1 {
			continue
		}
		if escape := b.AnyLiberty(n); pol.ladder.extensionSaves(b, c, n, escape) {
			cands = pol.addIfGood(cands, b, c, escape, false)
		}
		b.Chain(n, func(s rules.Point) {
			for _, q := range s.Neighbours() {
				if b.At(q) == c.Opponent() && b.Liberties(q) == 1 {
					cands = pol.addIfGood(cands, b, c, b.AnyLiberty(q), false)
				}
			}
		})
	}
	pol.cands = cands
	return pol.pick(cands)
}

// twoLibertyMove answers the last move one step before atari (Fuego's
// low-liberty moves, Pachi's two-liberty checks): it puts the last move's
// chain, left with two liberties, in atari where it cannot run out to
// three, or gives an own chain next to it, left with two liberties, a
// third. Without it the playouts let chains in a capturing race be taken
// at random, and the search misjudges fights between weak groups.
// (Variants tried are in docs/TUNING.md, "Two-liberty answers".)
func (pol *playoutPolicy) twoLibertyMove(b *rules.Board, c rules.Color, last rules.Point) rules.Point {
	pol.cands = pol.twoLibertyAnswers(pol.cands[:0], b, c, last)
	return pol.pick(pol.cands)
}

// twoLibertyAnswers appends to cands the moves twoLibertyMove chooses from.
func (pol *playoutPolicy) twoLibertyAnswers(cands []rules.Point, b *rules.Board, c rules.Color, last rules.Point) []rules.Point {
	if b.At(last) == c.Opponent() {
		if q, r, ok := twoLiberties(b, last); ok {
			cands = pol.addAtari(cands, b, c, q, r)
			cands = pol.addAtari(cands, b, c, r, q)
		}
	}
	for _, n := range last.Neighbours() {
		if b.At(n) != c {
			continue
		}
		if q, r, ok := twoLiberties(b, n); ok {
			cands = pol.addExtension(cands, b, c, q)
			cands = pol.addExtension(cands, b, c, r)
		}
	}
	return cands
}

// addAtari appends q if c playing there puts the enemy chain with the
// liberties q and r in atari, does not put c's own stone in atari, and
// leaves the chain fewer than three liberties when it extends at r.
func (pol *playoutPolicy) addAtari(cands []rules.Point, b *rules.Board, c rules.Color, q, r rules.Point) []rules.Point {
	if !cannotRunOut(b, c.Opponent(), r) {
		return cands
	}
	return pol.addIfGood(cands, b, c, q, true)
}

// addExtension appends the liberty q of an own chain with two liberties if
// extending there gives it at least three.
func (pol *playoutPolicy) addExtension(cands []rules.Point, b *rules.Board, c rules.Color, q rules.Point) []rules.Point {
	if b.LibertiesAfter(c, q, 3) < 3 {
		return cands
	}
	return pol.addIfGood(cands, b, c, q, false)
}

// shapeMove plays a 3x3 shape (see shapes.go) on one of the eight points
// around the last move.
func (pol *playoutPolicy) shapeMove(b *rules.Board, c rules.Color, last rules.Point) rules.Point {
	cands := pol.cands[:0]
	for _, q := range last.Neighbours8() {
		if b.At(q) == rules.Empty && matchesShape(b, q) {
			cands = pol.addIfGood(cands, b, c, q, true)
		}
	}
	pol.cands = cands
	return pol.pick(cands)
}

// playsReplies reports whether the playouts play, and learn, last good
// replies on this board (LargeBoard.LastGoodReply).
func (pol *playoutPolicy) playsReplies() bool { return pol.large && pol.cfg.Large.LastGoodReply }

// goodReply returns c's stored reply to the last two moves, or else to the
// last one, if it is a move the random policy could play (randomPlayable).
func (pol *playoutPolicy) goodReply(b *rules.Board, c rules.Color, beforeLast, last rules.Point) rules.Point {
	pair, single := pol.replies.reply(c, beforeLast, last)
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
func (pol *playoutPolicy) fillBoardMove(b *rules.Board) rules.Point {
	empties := b.Empties()
	if len(empties) == 0 {
		return rules.Pass
	}
	for range pol.cfg.Large.FillBoardTries {
		p := empties[pol.rng.IntN(len(empties))]
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
func (pol *playoutPolicy) addIfGood(cands []rules.Point, b *rules.Board, c rules.Color, p rules.Point, avoidSelfAtari bool) []rules.Point {
	if p == rules.Pass || b.IsEye(c, p) || !b.IsLegal(rules.Move{Color: c, Point: p}) {
		return cands
	}
	if avoidSelfAtari && b.LibertiesAfter(c, p, 2) < 2 {
		return cands
	}
	return append(cands, p)
}

// pick returns one of cands at random, rules.Pass if there is none.
func (pol *playoutPolicy) pick(cands []rules.Point) rules.Point {
	if len(cands) == 0 {
		return rules.Pass
	}
	return cands[pol.rng.IntN(len(cands))]
}

// randomMove draws a uniformly random legal move that does not fill an own
// eye and is not a blunder (see blunder). After a few bad draws it looks
// through every point, and passes if all are bad.
func (pol *playoutPolicy) randomMove(b *rules.Board, c rules.Color) rules.Point {
	for range pol.cfg.Policy.SelfAtariRetries {
		p := b.RandomMove(c, &pol.rng)
		if p == rules.Pass || !blunder(b, c, p) {
			return p
		}
	}
	empties := b.Empties()
	start := pol.rng.IntN(len(empties)) // not empty: a point was drawn above
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
