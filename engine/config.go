package engine

import (
	"io"
	"time"

	"github.com/sirupsen/logrus"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// Config holds an Engine's settings. The zero value is usable: New fills in
// the defaults documented on each field.
type Config struct {
	// Size is the board size of a new game; default 19.
	Size int
	// Komi of a new game; default rules.DefaultKomi (7.5). Use NoKomi for
	// a komi of 0 (a zero Komi means "default").
	Komi float64
	// NoKomi makes the default komi 0.
	NoKomi bool
	// Superko is the repetition rule; default positional.
	Superko rules.Superko
	// AllowRepetition makes `play` accept a move that repeats an earlier
	// position (some GUIs send them). The default refuses it as illegal.
	// Generated moves never repeat a position either way.
	AllowRepetition bool
	// Seed seeds the default player and the ownership playouts.
	Seed uint64
	// Player generates moves; default a SearchPlayer with the settings
	// below.
	Player Player
	// Judge estimates ownership for scoring and dead stones; default the
	// Player if it is one (a SearchPlayer is), else a PlayoutJudge with
	// DefaultJudgePlayouts playouts seeded with Seed.
	Judge Judge
	// Log receives one info line per generated move; default discards.
	Log logrus.FieldLogger

	// The settings below are the tree search's; the random player ignores
	// them.

	// Threads is the number of search threads.
	Threads int
	// Playouts is the number of playouts per move.
	Playouts int
	// MoveTime is the time per move when no time control is set.
	MoveTime time.Duration
	// MaxNodes caps the search tree's nodes.
	MaxNodes int
	// ResignThreshold is the win rate under which the search resigns.
	ResignThreshold float64
	// Ponder lets the search think on the opponent's time (see
	// Engine.Ponder); off by default.
	Ponder bool
	// Now is the clock the engine times its moves with; default time.Now.
	// Tests set a simulated one.
	Now func() time.Time
	// Lag is the margin kept on the clock for the controller's and the
	// network's delays; default DefaultLag (1 s), at most a fifth of a short
	// period; negative keeps no margin.
	Lag time.Duration
}

// DefaultSize is the board size of a new game unless Config.Size is set.
const DefaultSize = 19

// DefaultPlayouts is the playouts per move when neither Playouts nor
// MoveTime is set and no time control is given.
const DefaultPlayouts = 10000

// searchSettings returns the tree search's settings from the config.
func (c Config) searchSettings() SearchSettings {
	sc := search.DefaultConfig()
	if c.Threads > 0 {
		sc.Threads = c.Threads
	}
	if c.MaxNodes > 0 {
		sc.MaxNodes = c.MaxNodes
	}
	sc.Seed = c.Seed
	return SearchSettings{Search: sc, ResignThreshold: c.ResignThreshold}
}

// withDefaults returns c with its zero fields filled in.
func (c Config) withDefaults() Config {
	if c.Size == 0 {
		c.Size = DefaultSize
	}
	if c.Komi == 0 && !c.NoKomi {
		c.Komi = rules.DefaultKomi
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Lag == 0 {
		c.Lag = DefaultLag
	}
	if c.Playouts == 0 && c.MoveTime == 0 {
		c.Playouts = DefaultPlayouts
	}
	if c.Player == nil {
		c.Player = NewSearchPlayer(c.searchSettings())
	}
	if c.Judge == nil {
		if j, ok := c.Player.(Judge); ok {
			c.Judge = j
		} else {
			c.Judge = NewPlayoutJudge(DefaultJudgePlayouts, c.Seed)
		}
	}
	if c.Log == nil {
		l := logrus.New()
		l.Out = io.Discard
		c.Log = l
	}
	return c
}
