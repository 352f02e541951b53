package engine

import (
	"fmt"

	"github.com/yunzi-go/yunzi/rules"
)

// FixedHandicap places n black stones where GTP's fixed_handicap puts them
// and returns them. It fails, changing nothing, with an error wrapping
// rules.ErrBoardNotEmpty or rules.ErrHandicap.
func (e *Engine) FixedHandicap(n int) ([]rules.Point, error) {
	if err := e.checkEmpty(); err != nil {
		return nil, err
	}
	pts, err := rules.FixedHandicap(e.game.Size(), n)
	if err != nil {
		return nil, err
	}
	return pts, e.game.SetHandicap(pts)
}

// PlaceFreeHandicap places n black stones where the engine likes them and
// returns them: the fixed placement as far as it goes, then further points
// spread over the board (every third line and column, then the rest).
func (e *Engine) PlaceFreeHandicap(n int) ([]rules.Point, error) {
	if err := e.checkEmpty(); err != nil {
		return nil, err
	}
	size := e.game.Size()
	if n < 2 || n >= size*size {
		return nil, fmt.Errorf("%d stones: %w", n, rules.ErrHandicap)
	}
	pts, _ := rules.FixedHandicap(size, min(n, rules.MaxFixedHandicap(size)))
	for _, p := range freeOrder(e.game.Board()) {
		if len(pts) == n {
			break
		}
		if !contains(pts, p) {
			pts = append(pts, p)
		}
	}
	return pts, e.game.SetHandicap(pts)
}

// freeOrder lists the points in the order free handicap stones go on them
// beyond the fixed ones: a lattice of every third point first, then the
// rest, both in board order.
func freeOrder(b *rules.Board) []rules.Point {
	var lattice, rest []rules.Point
	for _, p := range b.Points() {
		if p.X()%3 == 2 && p.Y()%3 == 2 {
			lattice = append(lattice, p)
		} else {
			rest = append(rest, p)
		}
	}
	return append(lattice, rest...)
}

// SetFreeHandicap places black handicap stones on the points the controller
// chose (set_free_handicap). It fails, changing nothing, with an error
// wrapping rules.ErrBoardNotEmpty, rules.ErrHandicap (fewer than 2 or not
// fewer than the board's points, or a repeated point) or rules.ErrOffBoard.
func (e *Engine) SetFreeHandicap(pts []rules.Point) error {
	if err := e.checkEmpty(); err != nil {
		return err
	}
	for _, p := range pts {
		if !e.game.Board().Contains(p) {
			return fmt.Errorf("%v: %w", p, rules.ErrOffBoard)
		}
	}
	return e.game.SetHandicap(pts)
}

// checkEmpty refuses handicap once a stone is on the board or a move has
// been played.
func (e *Engine) checkEmpty() error {
	if e.game.MoveNumber() > 0 || e.game.Board().StoneCount(rules.Black)+e.game.Board().StoneCount(rules.White) > 0 {
		return rules.ErrBoardNotEmpty
	}
	return nil
}

func contains(pts []rules.Point, p rules.Point) bool {
	for _, q := range pts {
		if q == p {
			return true
		}
	}
	return false
}
