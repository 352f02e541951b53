package search

import "github.com/yunzi-go/yunzi/rules"

// Capturing races. Two chains of opposite colours that touch, each short of
// liberties and neither able to run, live or die by who captures the other
// first. The playouts play such a race at random (they count no
// liberties), so the search believes a race lost that moving first wins,
// or won that the opponent's next move wins; and its losses on 19x19 come
// mostly from such misread races (issue 4's note of session 10). A race
// reading at expansion finds the moves that decide a race still open and
// gives them a prior bonus, so the search reads them first.
//
// The reading is local: each side only fills the other chain's liberties,
// extends its own chain to more liberties, or captures an enemy chain in
// atari that touches its own; the defender may also play elsewhere (a
// pass), which is how a race ends in seki. Anything the budget does not
// settle counts as no capture, so an unread race gets no bonus.

const (
	// raceMaxLiberties is the most liberties a chain may have to be in a
	// race the reader looks at; more take too many moves to read.
	raceMaxLiberties = 4
	// raceEscaped is the number of liberties at which a chain counts as
	// out of the race.
	raceEscaped = 6
	// raceMinStones is the size from which both chains' race is worth a
	// reading; smaller ones are the ordinary tactics of the other priors.
	raceMinStones = 2
	// raceDepth bounds a reading's moves, raceBudget the boards it plays
	// in all (a reading that runs out counts as no capture).
	raceDepth  = 12
	raceBudget = 400
)

// raceReader reads capturing races on scratch boards, one per depth, kept
// between readings so that reading allocates nothing.
type raceReader struct {
	boards scratchBoards
	moves  [][]rules.Point // per depth, the candidate moves
	played int             // boards played in this reading
	unsure bool            // the reading hit raceDepth or raceBudget
}

// play returns a copy of b, the position at depth, with a's move at m
// played: the scratch board of the next depth. It returns nil if the
// move is illegal.
func (r *raceReader) play(b *rules.Board, a rules.Color, m rules.Point, depth int) *rules.Board {
	s := r.boards.copyOf(b, depth+1)
	if !s.IsLegal(rules.Move{Color: a, Point: m}) {
		return nil
	}
	s.PlayUnchecked(a, m)
	return s
}

// spent counts one more board played and reports whether that exceeds
// the reading's budget, which makes the reading unsure.
func (r *raceReader) spent() bool {
	if r.played++; r.played > raceBudget {
		r.unsure = true
	}
	return r.unsure
}

// raceMoves appends to dst the moves of c on b that decide a race: each
// race between a chain of c and an enemy chain next to it (both of at
// least raceMinStones stones and two to raceMaxLiberties liberties) that
// is still open, where c's move captures the enemy chain though the
// opponent moving first would save it, or saves c's chain though the
// opponent moving first would capture it. With local set, only the races
// of a chain at or next to the point last are read; else every race on
// the board.
func (r *raceReader) raceMoves(dst []rules.Point, b *rules.Board, c rules.Color, last rules.Point, local bool) []rules.Point {
	var near [5]rules.Point // a stone of each chain at or next to last
	chains := near[:0]
	if local {
		if last == rules.Pass {
			return dst
		}
		chains = addChain(chains, b, last)
		for _, n := range last.Neighbours() {
			chains = addChain(chains, b, n)
		}
	}
	var pairs [16][2]rules.Point // the races read, own chain first
	read := pairs[:0]
	race := func(own, enemy rules.Point) {
		if !inRace(b, own) || !inRace(b, enemy) {
			return
		}
		for _, pr := range read {
			if b.SameChain(pr[0], own) && b.SameChain(pr[1], enemy) {
				return
			}
		}
		read = append(read, [2]rules.Point{own, enemy})
		dst = r.decidingMoves(dst, b, c, own, enemy)
	}
	if local {
		for _, p := range chains {
			forEachEnemyChain(b, p, func(e rules.Point) {
				if b.At(p) == c {
					race(p, e)
				} else {
					race(e, p)
				}
			})
		}
		return dst
	}
	done := make(map[rules.Point]bool) // the root only: once a search
	for _, p := range b.Points() {
		if b.At(p) != c || done[p] {
			continue
		}
		b.Chain(p, func(s rules.Point) { done[s] = true })
		if inRace(b, p) {
			read = read[:0]
			forEachEnemyChain(b, p, func(e rules.Point) { race(p, e) })
		}
	}
	return dst
}

// decidingMoves appends to dst c's moves in the race between c's chain
// through own and the enemy chain through enemy that decide it (see
// raceMoves).
func (r *raceReader) decidingMoves(dst []rules.Point, b *rules.Board, c rules.Color, own, enemy rules.Point) []rules.Point {
	o := c.Opponent()
	ownLost, sure := r.read(func() bool { return r.captures(b, o, own, enemy, 0) })
	if !sure {
		return dst
	}
	enemySaved, sure := r.read(func() bool { return r.escapes(b, o, enemy, own, 0) })
	if !sure || !ownLost && !enemySaved {
		return dst // c wins the race even moving second, or it is unread
	}
	for _, m := range r.candidates(b, c, enemy, own, 0) {
		s := r.play(b, c, m, 0)
		if s == nil {
			continue
		}
		decides := false
		if enemySaved {
			// c wins by capturing: the enemy cannot escape it.
			escaped, sure := r.read(func() bool { return r.escapes(s, o, enemy, own, 1) })
			decides = s.At(enemy) == rules.Empty || sure && !escaped
		}
		if !decides && ownLost {
			lost, sure := r.read(func() bool { return r.captures(s, o, own, enemy, 1) })
			decides = sure && !lost
		}
		if decides {
			dst = appendNew(dst, m)
		}
	}
	return dst
}

// read runs one reading with a fresh budget and reports its answer and
// whether it was read to the end.
func (r *raceReader) read(reading func() bool) (answer, sure bool) {
	r.played, r.unsure = 0, false
	answer = reading()
	return answer, !r.unsure
}

// captures reports whether a, to move on b, captures the chain through
// target (the opponent's) before the opponent captures a's chain through
// own.
func (r *raceReader) captures(b *rules.Board, a rules.Color, target, own rules.Point, depth int) bool {
	if depth >= raceDepth {
		r.unsure = true
		return false
	}
	for _, m := range r.candidates(b, a, target, own, depth) {
		if r.spent() {
			return false
		}
		s := r.play(b, a, m, depth)
		if s == nil {
			continue
		}
		if s.At(target) == rules.Empty || !r.escapes(s, a.Opponent(), target, own, depth+1) {
			return true
		}
	}
	return false
}

// escapes reports whether d, to move on b, keeps its chain through own
// from being captured by the opponent, whose chain in the race is the one
// through target: d captures that chain, gets its own out of the race
// (raceEscaped liberties), or makes a move after which, or a pass after
// which, the opponent cannot capture.
func (r *raceReader) escapes(b *rules.Board, d rules.Color, own, target rules.Point, depth int) bool {
	if b.Liberties(own) >= raceEscaped {
		return true
	}
	if depth >= raceDepth || r.played > raceBudget {
		r.unsure = true
		return true
	}
	a := d.Opponent()
	if !r.captures(b, a, own, target, depth+1) {
		return true // d may pass
	}
	for _, m := range r.candidates(b, d, target, own, depth) {
		if r.spent() {
			return true
		}
		s := r.play(b, d, m, depth)
		if s == nil {
			continue
		}
		if s.At(target) == rules.Empty || s.Liberties(own) >= raceEscaped || !r.captures(s, a, own, target, depth+1) {
			return true
		}
	}
	return false
}

// candidates returns the moves a reading tries for a, whose chain through
// own races the enemy chain through target: captures of enemy chains in
// atari touching own, a's fills of target's liberties, and extensions of
// own to more liberties. Fills and extensions that leave a's stone in
// atari are left out unless they capture. The slice is the depth's own
// and stays valid until the next call at the same depth.
func (r *raceReader) candidates(b *rules.Board, a rules.Color, target, own rules.Point, depth int) []rules.Point {
	for len(r.moves) <= depth {
		r.moves = append(r.moves, make([]rules.Point, 0, 16))
	}
	ms := r.moves[depth][:0]
	forEachEnemyChain(b, own, func(e rules.Point) {
		if b.Liberties(e) == 1 {
			ms = appendNew(ms, b.AnyLiberty(e))
		}
	})
	b.LibertyPoints(target, func(p rules.Point) {
		if b.CapturesAt(a, p) || b.LibertiesAfter(a, p, 2) >= 2 {
			ms = appendNew(ms, p)
		}
	})
	libs := b.Liberties(own)
	b.LibertyPoints(own, func(p rules.Point) {
		if b.LibertiesAfter(a, p, libs+1) > libs {
			ms = appendNew(ms, p)
		}
	})
	r.moves[depth] = ms
	return ms
}

// inRace reports whether the chain through p is one the reader looks at:
// a stone of at least raceMinStones stones with two to raceMaxLiberties
// liberties.
func inRace(b *rules.Board, p rules.Point) bool {
	if c := b.At(p); c != rules.Black && c != rules.White {
		return false
	}
	libs := b.Liberties(p)
	return libs >= 2 && libs <= raceMaxLiberties && b.ChainLen(p) >= raceMinStones
}

// forEachEnemyChain calls f with one stone of each enemy chain touching
// the chain through p.
func forEachEnemyChain(b *rules.Board, p rules.Point, f func(rules.Point)) {
	var found [16]rules.Point
	seen := found[:0]
	o := b.At(p).Opponent()
	b.Chain(p, func(s rules.Point) {
		for _, n := range s.Neighbours() {
			if b.At(n) != o {
				continue
			}
			known := false
			for _, q := range seen {
				if b.SameChain(q, n) {
					known = true
					break
				}
			}
			if !known {
				seen = append(seen, n)
				f(n)
			}
		}
	})
}

// addChain appends p to heads if p is a stone of a chain not in heads yet.
func addChain(heads []rules.Point, b *rules.Board, p rules.Point) []rules.Point {
	if c := b.At(p); c != rules.Black && c != rules.White {
		return heads
	}
	for _, h := range heads {
		if b.SameChain(h, p) {
			return heads
		}
	}
	return append(heads, p)
}

// appendNew appends p to ms unless it is there already.
func appendNew(ms []rules.Point, p rules.Point) []rules.Point {
	if containsPoint(ms, p) {
		return ms
	}
	return append(ms, p)
}

func containsPoint(ms []rules.Point, p rules.Point) bool {
	for _, q := range ms {
		if q == p {
			return true
		}
	}
	return false
}
