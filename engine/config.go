package engine

import (
	"io"
	"time"

	"github.com/sirupsen/logrus"
	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// Config holds an Engine's settings. The zero value is usable: New fills in
// the defaults documented on each field.
type Config struct {
	// Size is the board size of a new game; default 19.
	Size int
	// Komi of a new game; nil is rules.DefaultKomi (7.5).
	Komi *float64
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
	// Tuning.Judge.LightPlayouts playouts seeded with Seed.
	Judge Judge
	// Log receives one info line per generated move; default discards.
	Log logrus.FieldLogger
	// Model is a KataGo network (--model), nil for none. RawNN evaluates
	// positions with it, and the default Player is then a NetworkPlayer,
	// which searches and judges dead stones with it.
	Model *nn.Model
	// PlayoutMix is, with a Model, the share of a playout's result in the
	// value of each position the search judges (search.PUCT.PlayoutMix);
	// 0, the default, plays none.
	PlayoutMix float64

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
	// network's delays, at most a fifth of a short period (see
	// TimeTuning.LagDivisor); nil is DefaultLag (1 s); zero or negative
	// keeps no margin.
	Lag *time.Duration

	// Tuning holds the engine's own thresholds; the zero value is
	// DefaultTuning().
	Tuning Tuning
}

// DefaultSize is the board size of a new game unless Config.Size is set.
const DefaultSize = 19

// DefaultPlayouts is the playouts per move when neither Playouts nor
// MoveTime is set and no time control is given.
const DefaultPlayouts = 10000

// DefaultLag is the margin kept on the clock for the controller's and the
// network's delays unless Config.Lag says otherwise.
const DefaultLag = time.Second

// MaxSearchKomi bounds, in points, the komi a search plays its playouts
// with (see Engine.searchKomi). Any komi beyond it decides every game on
// every board by itself, as it does beyond the largest board's area;
// bounding it keeps the playouts' summed margins finite and exact.
const MaxSearchKomi = 1e6

// Tuning holds the engine's own thresholds: how the clock is shared among
// the moves, how dead stones are judged, when to resign. The search's are
// in search.Config. See docs/TUNING.md for what was measured.
type Tuning struct {
	Time   TimeTuning
	Judge  JudgeTuning
	Resign ResignTuning
}

// TimeTuning says how a move's time is worked out from the clock
// (allocate.go) and shared within the move (genmove.go, limits.go).
type TimeTuning struct {
	// MinThink is the least time a move is given when any is left.
	MinThink time.Duration
	// OutOfTime is the time a move is given when the clock shows none left
	// (sudden death run out, or a time_left of 0): the game may be lost on
	// time already, but the engine still answers at once rather than
	// search without a bound.
	OutOfTime time.Duration
	// UnclearFactor is how much longer than planned an unclear move may
	// think in main time (the hard limit over the soft one).
	UnclearFactor float64
	// MainDivisor: one move takes at most 1/MainDivisor of the main time
	// left.
	MainDivisor int
	// UnclearMoves: one move takes at most the time of UnclearMoves
	// expected moves, so that a game of unclear moves does not run the
	// clock down.
	UnclearMoves int
	// OpeningDivisor: the first 1/OpeningDivisor of the board's points, in
	// moves, are the opening, where a move gets OpeningWeight (a fraction)
	// of the usual main-time share.
	OpeningDivisor int
	OpeningWeight  float64
	// MiddleShare: after the opening, the moves until this share of the
	// board's points have been played are the middle game, where games
	// are decided; a move there gets MiddleWeight of the usual share.
	MiddleShare  float64
	MiddleWeight float64
	// MinUsage: in main time, a player whose searches have stopped early,
	// using only a share of the soft limits planned for them lately, gets
	// soft limits that much longer (divided by the share, up to what one
	// move may take at most), so that the saved time is spent and not left
	// on the clock; the share counts as at least MinUsage. Its default is
	// the search's ObviousAfter: an obvious move then still takes about
	// its plan.
	MinUsage float64
	// GameDivisor and GameExtra estimate a game's length in one player's
	// moves: 1/GameDivisor of the board's points plus GameExtra; at least
	// 1/LeftDivisor of the points plus LeftExtra are assumed to remain (a
	// game can go on long after the expected end).
	GameDivisor, GameExtra int
	LeftDivisor, LeftExtra int
	// In sudden death the main time keeps, besides the lag, 1/CostDivisor
	// of it for the delays of each of 1/LateDivisor of the board's points
	// in moves beyond the expected end of the game.
	CostDivisor int
	LateDivisor int
	// LagDivisor: the lag kept against a stretch of time (a period, the
	// main time) is at most 1/LagDivisor of it.
	LagDivisor int
	// ByoyomiSoft is the fraction of a Japanese period after which a
	// clear move stops: the rest is kept for unclear ones.
	ByoyomiSoft float64
	// CanadianUnclear is how much more than its share of the period an
	// unclear move may take in Canadian overtime (a factor).
	CanadianUnclear float64
	// JudgeShare is the most of a move's hard limit (a fraction) that a
	// dead-stone judgement made before the search may take.
	JudgeShare float64
	// DeadlineShare is the fraction of the time left to the move's
	// deadline that the search may use; the rest is for answering.
	DeadlineShare float64
}

// JudgeTuning says how dead stones are judged (status.go, ownership.go).
type JudgeTuning struct {
	// Playouts is the number of playouts of the search's policy in a
	// judgement by a SearchPlayer, half with each side moving first.
	Playouts int
	// LightPlayouts is the number of light playouts of a PlayoutJudge:
	// enough for the shares to be within about ±0.07 (two standard
	// deviations) of the policy's true value.
	LightPlayouts int
	// MinPlayouts is how many playouts a judgement runs even when its
	// context is done, for shares within about ±0.07.
	MinPlayouts int
	// DeadShare: a chain the opponent owns in more than this fraction of
	// the outcomes (averaged over its stones) is dead.
	DeadShare float64
	// SekiNeutral: a liberty a living chain shares with a living enemy
	// chain makes a seki when the two sides' ownership of it differ by at
	// most this much (a fraction of the outcomes).
	SekiNeutral float64
	// UnsettledShare: a chain the opponent owns in more than this fraction
	// of the outcomes and less than 1 - UnsettledShare is still being
	// fought over (a race or a life that the next move decides), whatever
	// status the majority gives it.
	UnsettledShare float64
	// OpenShare: a position of a game not yet ended is open, far from its
	// end, when more than this share of the board's points are empty and
	// owned by neither side (their shares of the outcomes differ by less
	// than OpenNeutral). A finished game leaves a few neutral points; an
	// unfinished one, many (see docs/TUNING.md). In an open position
	// final_score answers the judgement's expected score instead of
	// counting the board, and final_status_list finds no seki: every
	// empty point next to two groups is neutral there.
	OpenShare   float64
	OpenNeutral float64
}

// ResignTuning says when a SearchPlayer resigns: only when the game is
// clearly lost.
type ResignTuning struct {
	// Moves is how many searches in a row must fall below the threshold.
	Moves int
	// MinPlayouts is the least number of playouts a search needs for its
	// win rate to be trusted.
	MinPlayouts int
	// MinVisits is the same with a network, where a search's visits are
	// each judged by the network and far fewer than playouts.
	MinVisits int
	// NetworkScale scales the resign threshold with a network. Its win
	// rate is the network's, which expects an opponent as strong as the
	// players it learned from; against a weaker one a position it gives
	// a few percent is still often won, so it resigns only lower.
	NetworkScale float64
	// NetworkMinLead: with a network, a search counts towards resigning
	// only if its score lead is behind by at least this many points; a
	// close game is played out, as KataGo's resignMinScoreDifference does.
	NetworkMinLead float64
	// Opening is the fraction of the board's points that must have been
	// played before resigning; HandicapFactor times as much in a handicap
	// game, where White starts far behind.
	Opening        float64
	HandicapFactor float64
}

// DefaultTuning returns the thresholds Yunzi plays with.
func DefaultTuning() Tuning {
	return Tuning{
		Time: TimeTuning{
			MinThink:        20 * time.Millisecond,
			OutOfTime:       time.Millisecond,
			UnclearFactor:   2.5,
			MainDivisor:     8,
			UnclearMoves:    2,
			OpeningDivisor:  10,
			OpeningWeight:   0.6,
			MiddleShare:     0.42,
			MiddleWeight:    1.3,
			MinUsage:        0.25,
			GameDivisor:     4,
			GameExtra:       15,
			LeftDivisor:     16,
			LeftExtra:       15,
			CostDivisor:     20,
			LateDivisor:     2,
			LagDivisor:      5,
			ByoyomiSoft:     0.6,
			CanadianUnclear: 1.5,
			JudgeShare:      0.5,
			DeadlineShare:   0.95,
		},
		Judge: JudgeTuning{
			Playouts:       3000,
			LightPlayouts:  200,
			MinPlayouts:    200,
			DeadShare:      0.5,
			SekiNeutral:    0.3,
			UnsettledShare: 0.3,
			OpenNeutral:    0.5,
			OpenShare:      0.1,
		},
		Resign: ResignTuning{
			Moves: 3, MinPlayouts: 1000, MinVisits: 300, NetworkScale: 0.5, NetworkMinLead: 5,
			Opening: 0.25, HandicapFactor: 2,
		},
	}
}

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
	sc.PUCT.PlayoutMix = c.PlayoutMix
	return SearchSettings{Search: sc, ResignThreshold: c.ResignThreshold, Tuning: c.Tuning}
}

// withDefaults returns c with its unset fields filled in.
func (c Config) withDefaults() Config {
	if c.Size == 0 {
		c.Size = DefaultSize
	}
	if c.Komi == nil {
		c.Komi = new(rules.DefaultKomi)
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Lag == nil {
		c.Lag = new(DefaultLag)
	}
	if c.Tuning == (Tuning{}) {
		c.Tuning = DefaultTuning()
	}
	if c.Playouts == 0 && c.MoveTime == 0 {
		c.Playouts = DefaultPlayouts
	}
	if c.Player == nil {
		if c.Model != nil {
			c.Player = NewNetworkPlayer(c.searchSettings(), c.Model)
		} else {
			c.Player = NewSearchPlayer(c.searchSettings())
		}
	}
	if c.Judge == nil {
		if j, ok := c.Player.(Judge); ok {
			c.Judge = j
		} else {
			j := NewPlayoutJudge(c.Tuning.Judge.LightPlayouts, c.Seed)
			j.MinPlayouts = c.Tuning.Judge.MinPlayouts
			c.Judge = j
		}
	}
	if c.Log == nil {
		l := logrus.New()
		l.Out = io.Discard
		c.Log = l
	}
	return c
}
