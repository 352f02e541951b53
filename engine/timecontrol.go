package engine

import (
	"errors"
	"fmt"
	"time"

	"github.com/yunzi-go/yunzi/rules"
)

// TimeSystem is the kind of time control of a game.
type TimeSystem string

// The time systems GTP and KGS can set.
const (
	// NoTime: no limit (also what a game starts with before any setting).
	NoTime TimeSystem = "none"
	// Absolute: main time only; the game is lost when it runs out.
	Absolute TimeSystem = "absolute"
	// Canadian: after main time, Stones stones within each Period.
	Canadian TimeSystem = "canadian"
	// Japanese: after main time, Periods periods of Period each; a move
	// within a period costs nothing (the Chinese rules' byo-yomi).
	Japanese TimeSystem = "byoyomi"
)

// TimeControl is a game's time settings. The real clock and time management
// come with the search; for now the engine keeps them correct.
type TimeControl struct {
	System  TimeSystem
	Main    time.Duration
	Period  time.Duration // Canadian or Japanese byo-yomi period
	Stones  int           // Canadian: stones to play in each period
	Periods int           // Japanese: number of periods
}

// Clock is what one player has left, as time_left last said or as the
// settings start it.
type Clock struct {
	Left     time.Duration // main time left, or time left in the period in overtime
	Overtime bool          // main time is over
	Stones   int           // in overtime: Canadian stones left, or Japanese periods left
}

// MaxTime bounds every time setting; longer ones are refused as absurd.
const MaxTime = 30 * 24 * time.Hour

// maxCount bounds byo-yomi stones and periods.
const maxCount = 10000

// ErrBadTime is returned for a time setting that is negative, absurd or
// inconsistent.
var ErrBadTime = errors.New("invalid time settings")

// SetTimeSettings applies GTP time_settings: byoyomi = 0 means absolute
// time main; byoyomi > 0 with stones = 0 means no time limit; otherwise
// Canadian byo-yomi, stones stones within byoyomi. An identical setting
// repeated mid-game changes nothing (gtp2ogs resends it before every move).
func (e *Engine) SetTimeSettings(main, byoyomi time.Duration, stones int) error {
	tc := TimeControl{System: Canadian, Main: main, Period: byoyomi, Stones: stones}
	switch {
	case byoyomi == 0:
		tc = TimeControl{System: Absolute, Main: main}
	case stones == 0:
		tc = TimeControl{System: NoTime}
	}
	return e.setTime(tc, main, byoyomi, stones)
}

// SetKGSTime applies kgs-time_settings: system "none", "absolute" (main),
// "byoyomi" (main, period, count periods: Japanese) or "canadian" (main,
// period, count stones).
func (e *Engine) SetKGSTime(system string, main, period time.Duration, count int) error {
	var tc TimeControl
	switch TimeSystem(system) {
	case NoTime:
		tc = TimeControl{System: NoTime}
	case Absolute:
		tc = TimeControl{System: Absolute, Main: main}
	case Japanese:
		if period <= 0 || count < 1 {
			return fmt.Errorf("byoyomi needs a period and at least one: %w", ErrBadTime)
		}
		tc = TimeControl{System: Japanese, Main: main, Period: period, Periods: count}
	case Canadian:
		if period <= 0 || count < 1 {
			return fmt.Errorf("canadian needs a period and at least one stone: %w", ErrBadTime)
		}
		tc = TimeControl{System: Canadian, Main: main, Period: period, Stones: count}
	default:
		return fmt.Errorf("unknown time system %q: %w", system, ErrBadTime)
	}
	return e.setTime(tc, main, period, count)
}

func (e *Engine) setTime(tc TimeControl, main, period time.Duration, count int) error {
	if err := checkTimes(main, period, count); err != nil {
		return err
	}
	if tc == e.time {
		return nil
	}
	e.time = tc
	e.resetClocks()
	return nil
}

func checkTimes(main, period time.Duration, count int) error {
	if main < 0 || period < 0 || count < 0 || main > MaxTime || period > MaxTime || count > maxCount {
		return ErrBadTime
	}
	return nil
}

// SetTimeLeft applies time_left: with stones = 0, c is in main time with
// left remaining; with stones > 0, c is in overtime with left for stones
// stones (Canadian) or left in the current period with stones periods
// (Japanese). A negative left counts as 0; "0 0" at the end of main time
// starts a fresh overtime period.
func (e *Engine) SetTimeLeft(c rules.Color, left time.Duration, stones int) error {
	if c != rules.Black && c != rules.White {
		return rules.ErrBadColor
	}
	left = max(left, 0)
	if err := checkTimes(left, 0, stones); err != nil {
		return err
	}
	clock := Clock{Left: left, Overtime: stones > 0, Stones: stones}
	if left == 0 && stones == 0 && e.time.overtime() {
		clock = e.time.freshOvertime()
	}
	*e.clockOf(c) = clock
	return nil
}

// overtime reports whether the settings have byo-yomi.
func (tc TimeControl) overtime() bool { return tc.System == Canadian || tc.System == Japanese }

// freshOvertime is a clock at the start of byo-yomi.
func (tc TimeControl) freshOvertime() Clock {
	if tc.System == Japanese {
		return Clock{Left: tc.Period, Overtime: true, Stones: tc.Periods}
	}
	return Clock{Left: tc.Period, Overtime: true, Stones: tc.Stones}
}

// resetClocks starts both clocks afresh from the settings.
func (e *Engine) resetClocks() {
	start := Clock{Left: e.time.Main}
	if e.time.Main == 0 && e.time.overtime() {
		start = e.time.freshOvertime()
	}
	e.clocks = [2]Clock{start, start}
	e.usage = [2]timeUsage{}
}

// timeUsage adds up a player's soft limits in main time and the time its
// moves took of them, the latest moves weighing most: each move counts
// usageDecay times as much as the next, so that the share follows the
// stage of the game (the endgame's clear moves stop far earlier than the
// middle game's).
type timeUsage struct{ planned, used time.Duration }

// usageDecay is the weight of a move in timeUsage against the next one's:
// about the last five moves count.
const usageDecay = 0.8

// add counts a move planned to take soft that took elapsed; a move that
// took longer, an unclear one, counts as using its plan.
func (u *timeUsage) add(soft, elapsed time.Duration) {
	u.planned = time.Duration(float64(u.planned)*usageDecay) + soft
	u.used = time.Duration(float64(u.used)*usageDecay) + min(elapsed, soft)
}

// share is the share of the plans used, 1 before any move.
func (u timeUsage) share() float64 {
	if u.planned <= 0 {
		return 1
	}
	return float64(u.used) / float64(u.planned)
}

func (e *Engine) clockOf(c rules.Color) *Clock {
	if c == rules.White {
		return &e.clocks[1]
	}
	return &e.clocks[0]
}

// Time returns the time settings.
func (e *Engine) Time() TimeControl { return e.time }

// ClockOf returns what colour c has left.
func (e *Engine) ClockOf(c rules.Color) Clock { return *e.clockOf(c) }
