package search

import (
	"errors"
	"fmt"

	"github.com/yunzi-go/yunzi/rules"
)

// MoveFilter is one entry of KataGo's avoidMoves or allowMoves: it bans
// moves of Player at the plies of the search before UntilDepth. Ply 0 is
// the root's move, so UntilDepth 1 bans the root's move alone (when Player
// is to move there), and a larger one also Player's moves deeper in the
// tree, at the plies before it. With Allow it bans every move but Moves,
// the pass included unless listed; without, Moves themselves. Moves may
// hold rules.Pass.
type MoveFilter struct {
	Player     rules.Color
	Moves      []rules.Point
	UntilDepth int
	Allow      bool
}

// Restriction is the moves a search may not consider, per player and ply
// (see MoveFilter). The search leaves a banned move out of the children
// it makes, in the classic search and in the search with a network alike,
// so that no visit goes to it. When a restriction bans every legal move
// of a position, the pass stays, the one move always legal: a node is
// never left without a child. A Restriction is read-only once made, and
// one may serve several searches at once. The nil Restriction allows
// everything.
type Restriction struct {
	// until holds, per colour (Black at 0, White at 1) and per point
	// (indexed by rules.Point, the pass at 0), the ply before which the
	// move is banned: 0 for a move never banned.
	until [2][]int32
	// deepest is the largest of until, so that past it nothing is
	// looked up.
	deepest int32
}

// maxUntilDepth bounds MoveFilter.UntilDepth, so that it fits the table.
const maxUntilDepth = 1 << 30

// NewRestriction returns the restriction of the filters on a board of the
// given size. It fails for a player that is neither Black nor White, an
// UntilDepth below 1 or beyond 2^30, a move that is not a point of the
// board nor the pass, and more than one allowing filter (KataGo's
// allowMoves takes one entry).
func NewRestriction(size int, filters ...MoveFilter) (*Restriction, error) {
	if !rules.ValidSize(size) {
		return nil, fmt.Errorf("search: restriction for a board of size %d: sizes run from 1 to %d", size, rules.MaxSize)
	}
	r := &Restriction{}
	points := int(rules.PointAt(size-1, size-1)) + 1
	for i := range r.until {
		r.until[i] = make([]int32, points)
	}
	allows := 0
	for _, f := range filters {
		if f.Player != rules.Black && f.Player != rules.White {
			return nil, fmt.Errorf("search: a move filter's player must be Black or White, not %v", f.Player)
		}
		if f.UntilDepth < 1 || f.UntilDepth > maxUntilDepth {
			return nil, fmt.Errorf("search: a move filter's depth must be from 1 to %d, not %d", maxUntilDepth, f.UntilDepth)
		}
		for _, p := range f.Moves {
			if p != rules.Pass && (p.X() < 0 || p.X() >= size || p.Y() < 0 || p.Y() >= size) {
				return nil, fmt.Errorf("search: move filter: %v is not a point of a %dx%d board", p, size, size)
			}
		}
		if f.Allow {
			if allows++; allows > 1 {
				return nil, errors.New("search: a restriction takes one allowing move filter at most")
			}
		}
	}
	// The allowing filter first, then the banning ones, so that a move
	// one filter allows and another bans is banned.
	for _, f := range filters {
		if !f.Allow {
			continue
		}
		until, depth := r.until[f.Player-rules.Black], int32(f.UntilDepth)
		until[rules.Pass] = depth
		for y := range size {
			for x := range size {
				until[rules.PointAt(x, y)] = depth
			}
		}
		for _, p := range f.Moves {
			until[p] = 0
		}
	}
	for _, f := range filters {
		if f.Allow {
			continue
		}
		until, depth := r.until[f.Player-rules.Black], int32(f.UntilDepth)
		for _, p := range f.Moves {
			until[p] = max(until[p], depth)
		}
	}
	for _, until := range r.until {
		for _, d := range until {
			r.deepest = max(r.deepest, d)
		}
	}
	return r, nil
}

// Allows reports whether c may play p at the given ply of the search (0
// for the root's move). It allocates nothing: expansions call it for
// every move.
func (r *Restriction) Allows(c rules.Color, p rules.Point, ply int) bool {
	if r == nil || ply >= int(r.deepest) || (c != rules.Black && c != rules.White) {
		return true
	}
	until := r.until[c-rules.Black]
	return int(p) >= len(until) || int(p) < 0 || ply >= int(until[p])
}

// passStays reports whether an expansion keeps the pass: when the
// restriction allows it, or when it left no other move (see Restriction).
func (r *Restriction) passStays(c rules.Color, ply, moves int) bool {
	return moves == 0 || r.Allows(c, rules.Pass, ply)
}
