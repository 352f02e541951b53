package nn

import "github.com/yunzi-go/yunzi/rules"

// The ladder planes (14 to 17) follow KataGo's definitions exactly
// (board.cpp: searchIsLadderCaptured, searchIsLadderCapturedAttackerFirst2Libs;
// nninputs.cpp: iterLadders), since the network was trained on them:
//
//   - a chain with one liberty is laddered if, with the defender to move
//     and any ko treated as won by the defender, every escape fails;
//   - a chain with two liberties is laddered if the attacker, moving first,
//     can fill one of them and then capture it in a ladder; the liberties
//     that work are the "ladder-capturing moves" of plane 17 (counted only
//     for the opponent's chains);
//   - the search is a full minimax over atari sequences: the defender
//     tries the captures that gain liberties and its own liberties, the
//     attacker its target's two liberties, and a position where the
//     defender faces a fresh ko counts as an escape.

// ladderReader runs the searches on copies of a position: one board per
// depth, made as the search first goes that deep and reused afterwards.
type ladderReader struct {
	boards []*rules.Board // boards[d]: the position at depth d
	moves  [][]rules.Point
	first  *rules.Board // the position after the attacker's first move (two-liberty chains)
	limit  int          // the depth at which KataGo's search gives up, calling the ladder a capture

	target             rules.Point
	defender, attacker rules.Color

	// What iterate has found for each point's chain: 0 not yet read, or
	// laddered / notLaddered.
	solved  [gridLen]uint8
	working []rules.Point // the capturing moves of the last two-liberty chain read
}

const (
	laddered = 1 + iota
	notLaddered
)

// board returns the search's board for depth d, making it if needed.
func (l *ladderReader) board(d int) *rules.Board {
	for len(l.boards) <= d {
		l.boards = append(l.boards, nil)
		l.moves = append(l.moves, make([]rules.Point, 0, 8))
	}
	return l.boards[d]
}

// copyTo makes the depth-d board a copy of src.
func (l *ladderReader) copyTo(d int, src *rules.Board) *rules.Board {
	b := l.board(d)
	if b == nil {
		b = src.Clone()
		l.boards[d] = b
		return b
	}
	b.CopyFrom(src)
	return b
}

// iterate runs KataGo's iterLadders on b: every chain with one or two
// liberties is read once, and each stone of a laddered chain is set in
// plane (a slice of Size*Size values in the package's order). If moves is
// not nil, the ladder-capturing moves of opp's laddered two-liberty chains
// are set in it.
func (l *ladderReader) iterate(b *rules.Board, plane, moves []float32, opp rules.Color) {
	size := b.Size()
	for _, p := range b.Points() {
		l.solved[p] = 0
	}
	for i := range size * size {
		p := PointOf(i, size)
		c := b.At(p)
		if c != rules.Black && c != rules.White {
			continue
		}
		libs := b.Liberties(p)
		if libs != 1 && libs != 2 {
			continue
		}
		if l.solved[p] == 0 {
			var ok bool
			if libs == 1 {
				ok = l.captured(b, p, true)
			} else {
				ok = l.capturedAttackerFirst(b, p)
				if ok && moves != nil && c == opp {
					for _, m := range l.working {
						moves[Index(m, size)] = 1
					}
				}
			}
			result := uint8(notLaddered)
			if ok {
				result = laddered
			}
			b.Chain(p, func(s rules.Point) { l.solved[s] = result })
		}
		if l.solved[p] == laddered {
			plane[i] = 1
		}
	}
}

// capturedAttackerFirst reports whether the chain through p, which has two
// liberties, is captured in a ladder if the attacker fills one of them
// first, and leaves in l.working the liberties from which that works.
func (l *ladderReader) capturedAttackerFirst(b *rules.Board, p rules.Point) bool {
	l.working = l.working[:0]
	if b.Liberties(p) != 2 {
		return false
	}
	var libs [2]rules.Point
	n := 0
	b.LibertyPoints(p, func(q rules.Point) {
		if n < 2 {
			libs[n] = q
		}
		n++
	})
	attacker := b.At(p).Opponent()
	for _, m := range libs {
		if !ladderLegal(b, attacker, m) {
			continue
		}
		if l.first == nil {
			l.first = b.Clone()
		} else {
			l.first.CopyFrom(b)
		}
		l.first.PlayUnchecked(attacker, m)
		if l.captured(l.first, p, true) {
			l.working = append(l.working, m)
		}
	}
	return len(l.working) > 0
}

// captured is KataGo's searchIsLadderCaptured: whether the chain through p
// is captured in a ladder, the defender moving first or the attacker.
func (l *ladderReader) captured(b *rules.Board, p rules.Point, defenderFirst bool) bool {
	c := b.At(p)
	if c != rules.Black && c != rules.White {
		return false
	}
	if libs := b.Liberties(p); libs > 2 || (defenderFirst && libs > 1) {
		return false
	}
	l.target, l.defender, l.attacker = p, c, c.Opponent()
	l.limit = b.Size()*b.Size()*3/2 + 1
	root := l.copyTo(0, b)
	if defenderFirst {
		// At the root every ko is taken to work for the defender: a pass
		// clears the ko point and nothing else.
		root.PlayUnchecked(c, rules.Pass)
	}
	return l.search(0, defenderFirst)
}

// search answers for the position at depth d whether the target is
// captured, the defender moving if defenderToMove.
func (l *ladderReader) search(d int, defenderToMove bool) bool {
	if d >= l.limit-1 {
		return true // too deep: KataGo calls it a failed escape
	}
	b := l.boards[d]
	libs := b.Liberties(l.target)
	switch {
	case !defenderToMove && libs <= 1:
		return true
	case !defenderToMove && libs >= 3:
		return false
	case defenderToMove && libs >= 2:
		return false
	case defenderToMove && koPoint(b) != rules.Pass:
		// A ladder that hangs on a ko is not a ladder.
		return false
	}

	moves := l.moves[d][:0]
	player := l.attacker
	if defenderToMove {
		player = l.defender
		moves = l.appendCaptures(b, moves)
		moves = appendLiberties(b, l.target, moves)
	} else {
		moves = appendLiberties(b, l.target, moves)
		var done bool
		if moves, done = l.attackerMoves(b, moves); done {
			l.moves[d] = moves
			return true
		}
		if len(moves) == 0 {
			l.moves[d] = moves
			return false
		}
	}
	l.moves[d] = moves

	for _, m := range moves {
		if !ladderLegal(b, player, m) {
			continue // an illegal move fails like a bad one
		}
		child := l.copyTo(d+1, b)
		child.PlayUnchecked(player, m)
		captured := l.search(d+1, !defenderToMove)
		if defenderToMove && !captured {
			return false
		}
		if !defenderToMove && captured {
			return true
		}
	}
	return defenderToMove
}

// attackerMoves trims and orders the attacker's two candidate moves (the
// target's liberties) as KataGo does. It returns done if the attacker wins
// at once: a double ko the defender cannot resolve. An empty list means the
// attacker has lost.
func (l *ladderReader) attackerMoves(b *rules.Board, moves []rules.Point) ([]rules.Point, bool) {
	m0, m1 := moves[0], moves[1]
	libs0, libs1 := b.EmptyNeighbours(m0), b.EmptyNeighbours(m1)
	// Both liberties ko mouths, neither connection gaining the defender a
	// third liberty, and no attacker stone in atari: the defender is dead
	// however many ko threats it has.
	if libs0 == 0 && libs1 == 0 && wouldBeKoCapture(b, m0, l.defender) && wouldBeKoCapture(b, m1, l.defender) &&
		b.LibertiesAfter(l.defender, m0, 3) <= 2 && b.LibertiesAfter(l.defender, m1, 3) <= 2 &&
		!l.canCaptureAround(b) {
		return moves, true
	}
	// Liberties apart: an escape to three empty neighbours cannot be
	// stopped by filling the other liberty.
	if !adjacent(m0, m1) {
		switch {
		case libs0 >= 3 && libs1 >= 3:
			return moves[:0], false
		case libs0 >= 3:
			moves = moves[:1]
		case libs1 >= 3:
			moves[0] = m1
			moves = moves[:1]
		}
	}
	if len(moves) > 1 {
		// Try first the liberty where the defender would get more.
		s0 := libs0*2 + connectionLibertiesX2(b, m0, l.defender)
		s1 := libs1*2 + connectionLibertiesX2(b, m1, l.defender)
		if s1 > s0 {
			moves[0], moves[1] = m1, m0
		}
	}
	return moves, false
}

// appendCaptures appends the liberties of the attacker chains in atari
// next to the target: captures that gain the defender liberties.
func (l *ladderReader) appendCaptures(b *rules.Board, moves []rules.Point) []rules.Point {
	b.Chain(l.target, func(s rules.Point) {
		for _, q := range s.Neighbours() {
			if b.At(q) == l.attacker && b.Liberties(q) == 1 {
				moves = appendNew(moves, b.AnyLiberty(q))
			}
		}
	})
	return moves
}

// canCaptureAround reports whether an attacker chain next to the target
// is in atari.
func (l *ladderReader) canCaptureAround(b *rules.Board) bool {
	found := false
	b.Chain(l.target, func(s rules.Point) {
		for _, q := range s.Neighbours() {
			if b.At(q) == l.attacker && b.Liberties(q) == 1 {
				found = true
			}
		}
	})
	return found
}

// appendLiberties appends the liberties of the chain through p not in
// moves already.
func appendLiberties(b *rules.Board, p rules.Point, moves []rules.Point) []rules.Point {
	b.LibertyPoints(p, func(q rules.Point) { moves = appendNew(moves, q) })
	return moves
}

func appendNew(moves []rules.Point, p rules.Point) []rules.Point {
	for _, m := range moves {
		if m == p {
			return moves
		}
	}
	return append(moves, p)
}

// ladderLegal is KataGo's Board::isLegal with suicide forbidden: its ko
// point binds whoever moves, where package rules binds only the player the
// ko was left to. The two differ only on a position from the history whose
// ko was left to the other player.
func ladderLegal(b *rules.Board, c rules.Color, p rules.Point) bool {
	return p != koPoint(b) && b.IsLegal(rules.Move{Color: c, Point: p})
}

// koPoint returns b's simple ko point, or Pass.
func koPoint(b *rules.Board) rules.Point {
	p, _ := b.Ko()
	return p
}

// wouldBeKoCapture is KataGo's Board::wouldBeKoCapture for the player
// attacking defender's stones: p is empty, every neighbour is defender's or
// the edge, and exactly one neighbour, a single stone, is in atari.
func wouldBeKoCapture(b *rules.Board, p rules.Point, defender rules.Color) bool {
	if b.At(p) != rules.Empty {
		return false
	}
	capturable := rules.Pass
	for _, q := range p.Neighbours() {
		c := b.At(q)
		if c != rules.Edge && c != defender {
			return false
		}
		if c == defender && b.Liberties(q) == 1 {
			if capturable != rules.Pass {
				return false
			}
			capturable = q
		}
	}
	return capturable != rules.Pass && b.ChainLen(capturable) == 1
}

// connectionLibertiesX2 is KataGo's countHeuristicConnectionLibertiesX2:
// for each neighbour of p that is a stone of c with two liberties or more,
// twice its liberties less three (a chain touching p twice counts twice).
func connectionLibertiesX2(b *rules.Board, p rules.Point, c rules.Color) int {
	n := 0
	for _, q := range p.Neighbours() {
		if b.At(q) == c {
			if libs := b.Liberties(q); libs > 1 {
				n += libs*2 - 3
			}
		}
	}
	return n
}

// adjacent reports whether p and q are orthogonal neighbours.
func adjacent(p, q rules.Point) bool {
	for _, n := range p.Neighbours() {
		if n == q {
			return true
		}
	}
	return false
}
