package gtp

import (
	"context"
	"io"
	"time"

	"github.com/yunzi-go/yunzi/analysis"
	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
)

// Engine is the game the server plays, composed of the roles GTP needs:
// the game itself (Game), its setup from handicaps and records (Setup),
// the clock (Clock), move generation (Generator), analysis (Analyst),
// scoring (Scorer) and the neural network it may hold (Network). Every
// method that fails must change nothing. Errors are matched with
// errors.Is against the rules package's sentinels
// (rules.ErrBadSize, rules.ErrCannotUndo, rules.ErrBoardNotEmpty,
// rules.ErrHandicap, ...) to pick the GTP error text; the server writes no
// engine error text on the wire.
type Engine interface {
	Game
	Setup
	Clock
	Generator
	Analyst
	Scorer
	Network
}

// Game is the game in progress: the board, its moves, komi and rules.
type Game interface {
	// SetBoardSize starts a new game of size n, keeping komi and time.
	SetBoardSize(n int) error
	// ClearBoard starts a new game of the same size.
	ClearBoard()
	// SetKomi sets the komi, any finite number.
	SetKomi(k float64)
	// Play plays m for either colour (a pass, or the same colour twice).
	Play(m rules.Move) error
	IsLegal(m rules.Move) bool
	Undo() error
	// ShowBoard draws the position; it may span lines, none empty.
	ShowBoard() string
	// Size is the board size; ToMove the player to move.
	Size() int
	ToMove() rules.Color
	// SetRules applies kgs-rules.
	SetRules(name string) error
	// GameOver is told of kgs-game_over.
	GameOver()
}

// Setup puts a position on the board: handicap stones, or a game record.
type Setup interface {
	FixedHandicap(n int) ([]rules.Point, error)
	PlaceFreeHandicap(n int) ([]rules.Point, error)
	SetFreeHandicap(pts []rules.Point) error
	// LoadSGF sets up the game of an SGF record before move moveNumber
	// (the whole game when moveNumber <= 0).
	LoadSGF(data []byte, moveNumber int) error
	WriteSGF(ctx context.Context, w io.Writer) error
}

// Clock is the time control and what each player has left.
type Clock interface {
	// SetTimeSettings applies time_settings as GTP defines it.
	SetTimeSettings(main, byoyomi time.Duration, stones int) error
	// SetKGSTime applies kgs-time_settings: system is none, absolute,
	// byoyomi or canadian.
	SetKGSTime(system string, main, period time.Duration, count int) error
	SetTimeLeft(c rules.Color, left time.Duration, stones int) error
}

// Generator generates moves, and thinks on the opponent's time.
type Generator interface {
	// GenMove generates a move for c and plays it unless resign is true.
	// With cleanup it must not pass while the opponent has dead stones.
	GenMove(ctx context.Context, c rules.Color, cleanup bool) (p rules.Point, resign bool, err error)
	// SuggestMove generates a move for c without playing it.
	SuggestMove(ctx context.Context, c rules.Color) (p rules.Point, resign bool, err error)
	// GenMoveAnalyze is GenMove calling progress about every interval with
	// the search's state (lz-genmove_analyze, live GoGui graphics); progress
	// runs on another goroutine while GenMoveAnalyze runs.
	GenMoveAnalyze(ctx context.Context, c rules.Color, cleanup bool, every time.Duration, progress func(*analysis.Snapshot)) (p rules.Point, resign bool, err error)
	// Ponder thinks on the opponent's time until ctx is done, or returns
	// at once when pondering is off.
	Ponder(ctx context.Context)
	// Pondering reports whether Ponder thinks at all.
	Pondering() bool
}

// Analyst analyses the position without playing.
type Analyst interface {
	// Analyze searches the position for c until ctx is done, calling
	// progress (on another goroutine) about every interval; it returns when
	// ctx is done.
	Analyze(ctx context.Context, c rules.Color, every time.Duration, progress func(*analysis.Snapshot))
	// Estimate returns one analysis of the position for c (nil if the
	// engine cannot analyse), within ctx.
	Estimate(ctx context.Context, c rules.Color) *analysis.Snapshot
	// PatternChances returns c's moves, most likely first, with the chance
	// the learned move patterns give each of being a strong player's choice.
	PatternChances(c rules.Color) []analysis.Chance
}

// Scorer scores a finished game and judges its dead stones.
type Scorer interface {
	FinalScore(ctx context.Context) (rules.Result, error)
	// FinalStatus returns the stones that are "alive", "dead" or "seki".
	FinalStatus(ctx context.Context, status string) ([]rules.Point, error)
}

// Network is the KataGo network the engine may hold, for kata-raw-nn.
type Network interface {
	// HasNetwork reports whether a network is loaded.
	HasNetwork() bool
	// RawNN evaluates the current position for the player to move under
	// symmetry s (0 to 7) and writes the network's outputs to out.
	RawNN(s int, out *nn.Output) error
	// MeanNN writes the mean of RawNN's outputs over every symmetry.
	MeanNN(out *nn.Output) error
}
