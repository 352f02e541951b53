package engine

import (
	"fmt"
	"math"
	"strings"

	"github.com/yunzi-go/yunzi/rules"
)

// Engine is a game in progress as a GTP session sees it. It is not safe for
// concurrent use: the GTP server calls it from one goroutine.
type Engine struct {
	cfg    Config
	game   *rules.Game
	time   TimeControl
	clocks [2]Clock // Black's and White's, see clockOf
	// usage is, per colour, how much of its main-time soft limits its
	// searches used in this game (see TimeTuning.MinUsage).
	usage [2]timeUsage
	rules string // the rules kgs-rules named; Yunzi always counts Chinese
	// statuses caches the last dead-stone judgement (see Statuses).
	statuses statusCache
	// estimate caches the last analysis for the GoGui commands (Estimate).
	estimate estimateCache
	// net evaluates positions with the network, if there is one (RawNN).
	net network
}

// New returns an engine with an empty board of cfg.Size.
func New(cfg Config) *Engine {
	cfg = cfg.withDefaults()
	e := &Engine{cfg: cfg, rules: "chinese", time: TimeControl{System: NoTime}}
	if err := e.SetBoardSize(cfg.Size); err != nil {
		e.cfg.Size = DefaultSize
		_ = e.SetBoardSize(DefaultSize)
	}
	return e
}

// Game returns the game in progress. Callers must not modify it.
func (e *Engine) Game() *rules.Game { return e.game }

// Size returns the board size.
func (e *Engine) Size() int { return e.game.Size() }

// ToMove returns the player to move.
func (e *Engine) ToMove() rules.Color { return e.game.ToMove() }

// options returns the rule options of a new game with the current komi.
func (e *Engine) options(komi float64) rules.Options {
	o := rules.DefaultOptions()
	o.Komi = komi
	o.Superko = e.cfg.Superko
	return o
}

// SetBoardSize starts a new game on an empty board of size n, keeping komi
// and time settings. It fails with an error wrapping rules.ErrBadSize,
// changing nothing, if n is out of range.
func (e *Engine) SetBoardSize(n int) error {
	komi := *e.cfg.Komi
	if e.game != nil {
		komi = e.game.Komi
	}
	g, err := rules.NewGame(n, e.options(komi))
	if err != nil {
		return err
	}
	e.game = g
	e.resetClocks()
	return nil
}

// ClearBoard starts a new game of the same size, komi and time settings.
func (e *Engine) ClearBoard() { _ = e.SetBoardSize(e.game.Size()) }

// SetKomi sets the komi of the game in progress: any finite number, as
// GTP asks (scoring takes it as it is; a search sees at most
// MaxSearchKomi).
func (e *Engine) SetKomi(k float64) { e.game.Komi = k }

// searchKomi bounds the game's komi by MaxSearchKomi while a search of the
// player runs, and returns the function that restores it. A ridiculous
// komi (GTP accepts any) would otherwise overflow the playouts' summed
// margins; within the bound nothing changes.
func (e *Engine) searchKomi() (restore func()) {
	k := e.game.Komi
	if math.Abs(k) <= MaxSearchKomi {
		return func() {}
	}
	e.game.Komi = math.Copysign(MaxSearchKomi, k)
	return func() { e.game.Komi = k }
}

// ShowBoard draws the position with coordinates, the last move in
// parentheses, the captures and the player to move.
func (e *Engine) ShowBoard() string {
	g := e.game
	last := rules.Pass
	if m, ok := g.LastMove(); ok {
		last = m.Point
	}
	var sb strings.Builder
	sb.WriteString(strings.TrimRight(g.Board().Diagram(last), "\n"))
	b := g.Board()
	fmt.Fprintf(&sb, "\nBlack (X) has captured %s\n", stones(b.Captures(rules.Black)))
	fmt.Fprintf(&sb, "White (O) has captured %s\n", stones(b.Captures(rules.White)))
	fmt.Fprintf(&sb, "Move %d, komi %g, %s to move", g.MoveNumber(), g.Komi, g.ToMove())
	return sb.String()
}

// stones is "1 stone", "0 stones", "2 stones".
func stones(n int) string {
	if n == 1 {
		return "1 stone"
	}
	return fmt.Sprintf("%d stones", n)
}

// SetRules records the rules a KGS game is played under (kgs-rules):
// chinese, japanese, aga or new_zealand. Yunzi counts by area (Chinese)
// whatever they are; under area scoring the others change nothing it plays.
func (e *Engine) SetRules(name string) error {
	switch name {
	case "chinese", "japanese", "aga", "new_zealand":
		e.rules = name
		return nil
	}
	return fmt.Errorf("unknown rules %q", name)
}

// GameOver is told that the game has ended (kgs-game_over). Nothing to do
// yet; pondering will stop here.
func (e *Engine) GameOver() {}
