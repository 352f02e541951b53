package engine

import (
	"context"
	"errors"

	"github.com/yunzi-go/yunzi/rules"
)

// Player generates moves. It is the seam the tree search replaces: the
// engine asks it for every genmove, reg_genmove and kgs-genmove_cleanup.
type Player interface {
	// GenMove returns a move for c in the game's current position, which
	// must be legal under the game's superko rule, or rules.Pass. c need not
	// be the player to move. It thinks until the context's deadline or
	// within the limits, returns ErrResign to resign, and must not modify g.
	GenMove(ctx context.Context, g *rules.Game, c rules.Color, lim Limits) (rules.Point, error)
}

// Limits bound the thinking for one move besides the context's deadline.
type Limits struct {
	// Playouts caps the search's playouts; 0 is no cap.
	Playouts int
	// FullTime asks to think until the deadline (a fixed time per move),
	// stopping earlier only when the choice can no longer change; without
	// it a clear choice may be played at half the time.
	FullTime bool
}

// ErrResign is what a Player returns to resign the game.
var ErrResign = errors.New("resign")
