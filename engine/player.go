package engine

import (
	"context"
	"errors"
	"time"

	"github.com/yunzi-go/yunzi/analysis"
	"github.com/yunzi-go/yunzi/rules"
)

// Player generates moves. It is the seam the tree search replaces: the
// engine asks it for every genmove, reg_genmove and kgs-genmove_cleanup.
type Player interface {
	// GenMove returns a move for c in the game's current position, which
	// must be legal under the game's superko rule, or rules.Pass. c need not
	// be the player to move. It thinks until the context is done or within
	// the limits, returns ErrResign to resign, and must not modify g.
	GenMove(ctx context.Context, g *rules.Game, c rules.Color, lim Limits) (rules.Point, error)
}

// Analyst is a Player that can also search without choosing a move: for
// the analysis commands and for pondering. SearchPlayer is one.
type Analyst interface {
	// Analyze searches for c in g until ctx is done or the limits are
	// spent, reporting through lim.Progress, and returns what it found. It
	// must not modify g.
	Analyze(ctx context.Context, g *rules.Game, c rules.Color, lim Limits) *analysis.Snapshot
}

// Limits is how long to think about one move, besides the context: the
// engine works it out once, from the clock (TimeTuning.Allocate) or from
// its per-move defaults, and a SearchPlayer hands it to the search as its
// search.Budget, where the search decides when to stop within it.
type Limits struct {
	// Playouts caps the search's playouts; 0 is no cap.
	Playouts int
	// Soft is the time after which a search whose choice is clear stops;
	// Hard the time at which it stops anyway. Both count from the call; 0
	// is no limit (the context's deadline, if any, still applies).
	Soft, Hard time.Duration
	// FullTime asks to think until the deadline (a fixed time per move),
	// stopping earlier only when the choice can no longer change; without
	// it a clear choice may be played at the soft limit or earlier.
	FullTime bool
	// Progress, if set, is called about every ProgressEvery with the search's
	// state so far (live analysis), from another goroutine while the call
	// runs.
	Progress      func(*analysis.Snapshot)
	ProgressEvery time.Duration
}

// ErrResign is what a Player returns to resign the game.
var ErrResign = errors.New("resign")
