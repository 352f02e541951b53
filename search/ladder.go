package search

import "github.com/yunzi-go/yunzi/rules"

// Ladders. A chain in atari that extends to two liberties can often be put
// back in atari, again and again, until it runs into the edge or the
// attacker's stones: a ladder. Without reading it, the priors and the
// playouts see the extension as a save, and the search spends its games on
// a chain that is already lost (or, for the attacker, misses a capture).

// ladder reads ladders on scratch boards, kept between readings so that
// reading allocates nothing. A reading plays on one board and copies it
// only where it must come back to try a second atari.
type ladder struct {
	boards []*rules.Board
	played int // the ataris the reading has played
	budget int // the ataris a reading may play (Policy.LadderBudget)
}

// caught reports whether the chain through p, which must be in atari, is
// lost even if its owner moves first: extending at its liberty leaves it
// with at most two liberties, and the attacker can keep it in atari until
// it is captured. Capturing an attacker's chain in atari that touches it
// counts as an escape.
func (l *ladder) caught(b *rules.Board, p rules.Point) bool {
	if touchesAtari(b, p, b.At(p).Opponent()) {
		return false // spare the copy
	}
	l.played = 0
	s := l.board(b, 0)
	switch l.extend(s, p) {
	case escaped:
		return false
	case captured:
		return true
	}
	return l.attack(s, p, 1)
}

// atariCaptures reports whether a, playing the empty point p, puts the
// chain through n (the opponent's, with two liberties, one of them p) in
// atari and catches it in a ladder.
func (l *ladder) atariCaptures(b *rules.Board, a rules.Color, p, n rules.Point) bool {
	q, r, ok := twoLiberties(b, n)
	other := q
	if q == p {
		other = r
	}
	if !ok || b.At(n) != a.Opponent() || !l.promising(b, n, p, other) {
		return false
	}
	l.played = 0
	return l.atari(l.board(b, 0), n, p, 1)
}

// board returns the scratch board for the given step, a copy of b.
func (l *ladder) board(b *rules.Board, step int) *rules.Board {
	for len(l.boards) <= step {
		l.boards = append(l.boards, rules.NewBoard(b.Size()))
	}
	s := l.boards[step]
	s.CopyFrom(b)
	return s
}

// outcome is where a chain stands after its owner answers an atari.
type outcome int

const (
	escaped  outcome = iota // three liberties, or it captured an attacker
	captured                // it cannot get out of atari
	running                 // two liberties: the attacker reads on
)

// extend answers the atari on the chain through p on b itself: the owner
// captures a chain in atari touching it if there is one (an escape), or
// else extends at the liberty.
func (l *ladder) extend(b *rules.Board, p rules.Point) outcome {
	d := b.At(p)
	if touchesAtari(b, p, d.Opponent()) {
		return escaped
	}
	escape := b.AnyLiberty(p)
	if !b.IsLegal(rules.Move{Color: d, Point: escape}) {
		return captured
	}
	b.PlayUnchecked(d, escape)
	switch libs := b.Liberties(p); {
	case libs <= 1:
		return captured
	case libs >= 3:
		return escaped
	}
	return running
}

// attack reports whether the attacker, to move, can capture the chain
// through p, which has two liberties, by putting it in atari on one of them
// and reading the ladder on. It may play on b: a board of its own, which
// the caller no longer needs.
func (l *ladder) attack(b *rules.Board, p rules.Point, step int) bool {
	q, r, ok := twoLiberties(b, p)
	if !ok {
		return false
	}
	first, second := l.promising(b, p, q, r), l.promising(b, p, r, q)
	switch {
	case first && second:
		// The first reading needs a copy: b is still wanted for the second.
		return l.atari(l.board(b, step), p, q, step) || l.atari(b, p, r, step)
	case first:
		return l.atari(b, p, q, step)
	case second:
		return l.atari(b, p, r, step)
	}
	return false
}

// twoLiberties returns the liberties of the chain through p if it has
// exactly two.
func twoLiberties(b *rules.Board, p rules.Point) (q, r rules.Point, ok bool) {
	if b.Liberties(p) != 2 {
		return rules.Pass, rules.Pass, false
	}
	b.LibertyPoints(p, func(l rules.Point) {
		if q == rules.Pass {
			q = l
		} else {
			r = l
		}
	})
	return q, r, true
}

// promising reports whether the attacker's atari on q, against the chain
// through p with the liberties q and r, is worth reading: it is legal, and
// the owner's extension on r would not get three liberties even with q
// taken. Most wrong ataris fail this without a board being played.
func (l *ladder) promising(b *rules.Board, p, q, r rules.Point) bool {
	d := b.At(p)
	return cannotRunOut(b, d, r) && b.IsLegal(rules.Move{Color: d.Opponent(), Point: q})
}

// cannotRunOut reports whether a chain of colour d with two liberties, put
// in atari on one of them, stays below three liberties when it extends at
// the other, r. The chain's liberty taken by the atari is still empty and
// counted by LibertiesAfter, so one is taken off.
func cannotRunOut(b *rules.Board, d rules.Color, r rules.Point) bool {
	return b.LibertiesAfter(d, r, 4)-1 < 3
}

// atari plays the attacker's atari on q on b (a board the reading may
// change) and reports whether the ladder that follows captures the chain
// through p.
func (l *ladder) atari(b *rules.Board, p, q rules.Point, step int) bool {
	if l.played++; l.played > l.budget {
		return false
	}
	b.PlayUnchecked(b.At(p).Opponent(), q)
	if b.Liberties(p) != 1 {
		return false
	}
	switch l.extend(b, p) {
	case captured:
		return true
	case running:
		return l.attack(b, p, step+1)
	}
	return false
}

// touchesAtari reports whether a chain of colour a in atari touches the
// chain through p.
func touchesAtari(b *rules.Board, p rules.Point, a rules.Color) bool {
	found := false
	b.Chain(p, func(s rules.Point) {
		for _, q := range s.Neighbours() {
			if !found && b.At(q) == a && b.Liberties(q) == 1 {
				found = true
			}
		}
	})
	return found
}

// escapes reports whether c playing p saves an own chain in atari next to
// it (see extensionSaves). It also reports whether p was such an escape at
// all, so that a failed one can be told from an unrelated move.
func (l *ladder) escapes(b *rules.Board, c rules.Color, p rules.Point) (saved, tried bool) {
	for _, n := range p.Neighbours() {
		if b.At(n) != c || b.Liberties(n) != 1 {
			continue
		}
		if l.extensionSaves(b, c, n, p) {
			return true, true
		}
		tried = true
	}
	return false, tried
}

// extensionSaves reports whether c extending the chain through n, in
// atari, at its liberty p saves it: three liberties or more, or two that
// no ladder takes away.
func (l *ladder) extensionSaves(b *rules.Board, c rules.Color, n, p rules.Point) bool {
	switch libs := b.LibertiesAfter(c, p, 3); {
	case libs >= 3:
		return true
	case libs == 2:
		return !l.caught(b, n)
	}
	return false
}
