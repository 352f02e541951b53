package analysis

import "github.com/yunzi-go/yunzi/rules"

// Snapshot is the state of a search, from the side of the player it
// searches for.
type Snapshot struct {
	// Color is the player the search is for.
	Color rules.Color
	// Size is the board size.
	Size int
	// Playouts is the number of simulations so far.
	Playouts int
	// WinRate is the best move's win rate for Color, in [0, 1].
	WinRate float64
	// ScoreLead is the mean final margin for Color, komi included.
	ScoreLead float64
	// Moves are the candidate moves with at least one visit, most visited
	// first.
	Moves []Move
	// Ownership holds Size*Size values in [-1, 1], row by row from the
	// top-left point (A19 on 19x19) to the bottom-right one: +1 means
	// Black owns the point at the end of every playout, -1 White. It is
	// nil when the search has none.
	Ownership []float64
}

// Move is one candidate move.
type Move struct {
	Point   rules.Point
	Visits  int
	WinRate float64 // for the player to move, in [0, 1]
	LCB     float64 // lower confidence bound of WinRate
	Prior   float64 // the move's share of the prior distribution over the candidates; they add up to 1
	// ScoreLead is the mean final margin after the move, for the player to
	// move, komi included.
	ScoreLead float64
	// PV is the principal variation, starting with Point.
	PV []rules.Point
}

// Best returns the most visited move, or nil if there is none.
func (s *Snapshot) Best() *Move {
	if s == nil || len(s.Moves) == 0 {
		return nil
	}
	return &s.Moves[0]
}

// OwnershipAt returns the ownership of the point at column x (0 = A) and
// row y (0 = the bottom row), +1 Black; 0 when there is none.
func (s *Snapshot) OwnershipAt(x, y int) float64 {
	if s == nil || x < 0 || x >= s.Size || y < 0 || y >= s.Size || len(s.Ownership) != s.Size*s.Size {
		return 0
	}
	return s.Ownership[(s.Size-1-y)*s.Size+x]
}

// Chance is a move with the chance the learned move patterns give it of
// being a strong player's choice, in [0, 1].
type Chance struct {
	Point  rules.Point
	Chance float64
}
