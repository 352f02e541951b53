package engine

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// timeCase is a time control to play whole games under.
type timeCase struct {
	name string
	tc   TimeControl
	size int
}

// ownMoves is the length of the simulated games in moves of one player:
// longer than nearly every real game (240 moves in all on 9x9, 400 on
// 19x19).
func ownMoves(size int) int { return max(size*size*5/9, 120) }

var timeCases = []timeCase{
	{"5 min sudden death 9x9", TimeControl{System: Absolute, Main: 5 * time.Minute}, 9},
	{"10 s + 3x1 s byo-yomi 9x9", TimeControl{System: Japanese, Main: 10 * time.Second, Period: time.Second, Periods: 3}, 9},
	{"Canadian 25 stones in 5 min 19x19", TimeControl{System: Canadian, Period: 5 * time.Minute, Stones: 25}, 19},
	{"10 min + Canadian 25 in 5 min 19x19", TimeControl{System: Canadian, Main: 10 * time.Minute, Period: 5 * time.Minute, Stones: 25}, 19},
	{"60 s periods (Chinese byo-yomi) 19x19", TimeControl{System: Japanese, Main: 20 * time.Minute, Period: time.Minute, Periods: 3}, 19},
	{"1 min sudden death 19x19", TimeControl{System: Absolute, Main: time.Minute}, 19},
}

// allocate is the clock's allocation with the default settings, for a
// player whose searches have used their soft limits in full.
func allocate(tc TimeControl, c Clock, size, movesPlayed int, lag time.Duration) (Limits, bool) {
	return DefaultTuning().Time.Allocate(tc, c, size, movesPlayed, lag, 1)
}

// overhead is the time a move takes outside the search in the
// simulations (the controller, the pipes, the pass decision).
const overhead = 50 * time.Millisecond

// thinkers are the ways a search can use an allocation: stop at the soft
// limit (clear), at the hard one (unclear) on every other move or on every
// third. (Unclear on every move, a whole 240-move 9x9 game in 5 min runs
// down to the 20 ms minimum and the reserve near the end.)
var thinkers = map[string]func(a Limits, move int) time.Duration{
	"clear": func(a Limits, _ int) time.Duration { return a.Soft },
	"often unclear": func(a Limits, move int) time.Duration {
		if move%2 == 0 {
			return a.Hard
		}
		return a.Soft
	},
	"mixed": func(a Limits, move int) time.Duration {
		if move%3 == 0 {
			return a.Hard
		}
		return a.Soft
	},
	// Obvious moves (a quarter of the soft limit) lengthen the next soft
	// limits; a fight that follows them then thinks to its hard limits.
	"obvious then unclear": func(a Limits, move int) time.Duration {
		if move%20 < 10 {
			return a.Soft / 4
		}
		return a.Hard
	},
}

// TestAllocateWholeGames plays long games (see ownMoves) on a simulated
// clock under each time control and way of thinking, the player's usage
// of its soft limits followed as the engine follows it: the
// clock never runs out, no byo-yomi period is lost, no move takes more
// than a quarter of the main time, and the time is used sensibly.
func TestAllocateWholeGames(t *testing.T) {
	for _, tcase := range timeCases {
		for name, think := range thinkers {
			t.Run(tcase.name+"/"+name, func(t *testing.T) {
				tc := tcase.tc
				c := Clock{Left: tc.Main}
				if tc.Main == 0 {
					c = tc.freshOvertime()
				}
				var used time.Duration
				var usage timeUsage
				for move := 0; move < ownMoves(tcase.size); move++ {
					a, ok := DefaultTuning().Time.Allocate(tc, c, tcase.size, 2*move, DefaultLag, usage.share())
					require.True(t, ok)
					require.LessOrEqual(t, a.Soft, a.Hard)
					d := think(a, move) + overhead
					if !c.Overtime {
						usage.add(a.Soft, d)
					}
					if tc.Main > 0 {
						assert.LessOrEqual(t, d, tc.Main/4+tc.Period, "move %d", move)
					}
					before := c
					var lost bool
					c, lost = Charge(tc, c, d)
					require.False(t, lost, "move %d took %v with %+v", move, d, before)
					if tc.System == Japanese && c.Overtime {
						require.Equal(t, tc.Periods, c.Stones, "move %d lost a period taking %v with %+v", move, d, before)
					}
					if !before.Overtime {
						used += min(d, before.Left)
					}
					if tc.System == Japanese && before.Overtime {
						// A byo-yomi move may use a good part of its free
						// period.
						assert.GreaterOrEqual(t, a.Soft+overhead, tc.Period/2, "move %d", move)
					}
				}
				if tc.Main > 0 {
					// The game went past the expected length: most of the
					// main time has been used.
					assert.Greater(t, used, tc.Main*6/10, "used %v of %v", used, tc.Main)
				}
			})
		}
	}
}

// TestAllocateShareOfMainTime checks single moves: not too little (a
// move at 5 min sudden death on 9x9 thinks for seconds), not too much
// (at most a twentieth of the main time in the middle game, where a move
// gets MiddleWeight of the usual share).
func TestAllocateShareOfMainTime(t *testing.T) {
	for _, c := range []struct {
		tc       TimeControl
		size     int
		moves    int
		min, max time.Duration
	}{
		{TimeControl{System: Absolute, Main: 5 * time.Minute}, 9, 20, 4 * time.Second, 16 * time.Second},
		{TimeControl{System: Absolute, Main: 5 * time.Minute}, 9, 0, 2 * time.Second, 6 * time.Second},
		{TimeControl{System: Japanese, Main: 10 * time.Second, Period: time.Second, Periods: 3}, 9, 20, time.Second, 1500 * time.Millisecond},
		{TimeControl{System: Absolute, Main: 30 * time.Minute}, 19, 100, 10 * time.Second, 90 * time.Second},
	} {
		a, ok := allocate(c.tc, Clock{Left: c.tc.Main}, c.size, c.moves, DefaultLag)
		require.True(t, ok)
		assert.GreaterOrEqual(t, a.Soft, c.min, "%+v move %d: %+v", c.tc, c.moves, a)
		assert.LessOrEqual(t, a.Soft, c.max, "%+v move %d: %+v", c.tc, c.moves, a)
		if c.tc.overtime() {
			assert.Greater(t, a.Hard, a.Soft, "%+v move %d: unclear moves get more", c.tc, c.moves)
		} else {
			assert.GreaterOrEqual(t, a.Hard, a.Soft*3/2, "%+v move %d: unclear moves get more", c.tc, c.moves)
		}
	}
}

func TestAllocateOvertime(t *testing.T) {
	jp := TimeControl{System: Japanese, Period: time.Second, Periods: 3}
	a, _ := allocate(jp, Clock{Left: time.Second, Overtime: true, Stones: 3}, 9, 50, DefaultLag)
	assert.Equal(t, Limits{Soft: 480 * time.Millisecond, Hard: 800 * time.Millisecond}, a, "1 s period keeps a fifth")
	minute := TimeControl{System: Japanese, Period: time.Minute, Periods: 5}
	a, _ = allocate(minute, Clock{Left: time.Minute, Overtime: true, Stones: 5}, 19, 50, DefaultLag)
	assert.Equal(t, 59*time.Second, a.Hard, "60 s period keeps the 1 s lag")
	// time_left said 10 s remain in the period: stay inside it.
	a, _ = allocate(minute, Clock{Left: 10 * time.Second, Overtime: true, Stones: 5}, 19, 50, DefaultLag)
	assert.Equal(t, 9*time.Second, a.Hard)
	ca := TimeControl{System: Canadian, Period: 5 * time.Minute, Stones: 25}
	a, _ = allocate(ca, Clock{Left: 5 * time.Minute, Overtime: true, Stones: 25}, 19, 50, DefaultLag)
	assert.Equal(t, (5*time.Minute-time.Second)/25, a.Soft)
	a, _ = allocate(ca, Clock{Left: 3 * time.Second, Overtime: true, Stones: 1}, 19, 50, DefaultLag)
	assert.Equal(t, 2*time.Second, a.Hard, "last stone: all but the lag")
	a, _ = allocate(TimeControl{System: Absolute, Main: time.Minute}, Clock{}, 19, 50, DefaultLag)
	assert.Equal(t, DefaultTuning().Time.OutOfTime, a.Hard, "nothing left: an answer at once, not a search without bound")
	a, _ = allocate(TimeControl{System: Absolute, Main: time.Minute}, Clock{Left: time.Second}, 19, 50, DefaultLag)
	assert.Equal(t, DefaultTuning().Time.MinThink, a.Hard, "little left: the least")
	_, ok := allocate(TimeControl{System: NoTime}, Clock{}, 19, 0, DefaultLag)
	assert.False(t, ok)
}

func TestLagConfigurable(t *testing.T) {
	tc := TimeControl{System: Japanese, Period: 10 * time.Second, Periods: 1}
	c := Clock{Left: 10 * time.Second, Overtime: true, Stones: 1}
	a, _ := allocate(tc, c, 9, 0, 300*time.Millisecond)
	assert.Equal(t, 9700*time.Millisecond, a.Hard)
	a, _ = allocate(tc, c, 9, 0, -1)
	assert.Equal(t, 10*time.Second, a.Hard, "a negative lag keeps no margin")
	a, _ = allocate(tc, c, 9, 0, 0)
	assert.Equal(t, 10*time.Second, a.Hard, "a zero lag keeps no margin")
}

// TestLagOption: Config.Lag unset is DefaultLag; set to zero, no margin
// at all (the command line's --lag 0).
func TestLagOption(t *testing.T) {
	assert.Equal(t, DefaultLag, *New(Config{}).cfg.Lag)
	assert.Equal(t, time.Duration(0), *New(Config{Lag: new(time.Duration(0))}).cfg.Lag)
}

// simClock is a simulated clock: time moves only when a test says so.
type simClock struct {
	mu  sync.Mutex
	now time.Time
}

func (s *simClock) Now() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.now
}

func (s *simClock) advance(d time.Duration) {
	s.mu.Lock()
	s.now = s.now.Add(d)
	s.mu.Unlock()
}

// timedPlayer plays random moves and spends simulated time on each as a
// search would: the soft limit on clear moves, the hard one plus overhead
// on every third (unclear) move.
type timedPlayer struct {
	inner    *RandomPlayer
	clock    *simClock
	overhead time.Duration
	moves    int
	last     Limits
}

func (p *timedPlayer) GenMove(ctx context.Context, g *rules.Game, c rules.Color, lim Limits) (rules.Point, error) {
	p.last = lim
	p.moves++
	d := lim.Soft
	if p.moves%3 == 0 {
		d = lim.Hard + p.overhead
	}
	p.clock.advance(d)
	return p.inner.GenMove(ctx, g, c, lim)
}

// TestEngineClockWholeGames plays whole random games through the engine
// with a simulated clock and no time_left: the engine's own clock, charged
// from the moment each genmove starts, never runs out and never loses a
// period.
func TestEngineClockWholeGames(t *testing.T) {
	for _, tcase := range timeCases {
		t.Run(tcase.name, func(t *testing.T) {
			clk := &simClock{now: time.Unix(0, 0)}
			tp := &timedPlayer{inner: NewRandomPlayer(3), clock: clk, overhead: overhead}
			e := New(Config{Size: tcase.size, Player: tp, Now: clk.Now, Judge: NewPlayoutJudge(50, 1)})
			tc := tcase.tc
			switch tc.System {
			case Japanese:
				require.NoError(t, e.SetKGSTime("byoyomi", tc.Main, tc.Period, tc.Periods))
			default:
				require.NoError(t, e.SetKGSTime(string(tc.System), tc.Main, tc.Period, tc.Stones))
			}
			c := rules.Black
			for n := 0; n < 2*ownMoves(tcase.size) && !e.Game().Over(); n++ {
				start := clk.Now()
				_, _, err := e.GenMove(context.Background(), c, false)
				require.NoError(t, err)
				took := clk.Now().Sub(start)
				require.Greater(t, tp.last.Hard, time.Duration(0))
				clock := e.ClockOf(c)
				if tc.System == Absolute {
					require.Greater(t, clock.Left, time.Duration(0), "move %d took %v", n, took)
				}
				if tc.System == Japanese && clock.Overtime {
					require.Equal(t, tc.Periods, clock.Stones, "move %d took %v", n, took)
				}
				if tc.System == Canadian && clock.Overtime {
					require.Greater(t, clock.Left, time.Duration(0), "move %d took %v", n, took)
				}
				c = c.Opponent()
			}
		})
	}
}

// TestEngineTrustsTimeLeft: time_left replaces the engine's own clock.
func TestEngineTrustsTimeLeft(t *testing.T) {
	clk := &simClock{now: time.Unix(0, 0)}
	tp := &timedPlayer{inner: NewRandomPlayer(3), clock: clk, overhead: overhead}
	e := New(Config{Size: 9, Player: tp, Now: clk.Now})
	require.NoError(t, e.SetTimeSettings(5*time.Minute, 0, 0))
	require.NoError(t, e.SetTimeLeft(rules.Black, 10*time.Second, 0))
	_, _, err := e.GenMove(context.Background(), rules.Black, false)
	require.NoError(t, err)
	assert.Less(t, tp.last.Hard, 3*time.Second, fmt.Sprint(tp.last))
	assert.Equal(t, 10*time.Second-tp.last.Soft, e.ClockOf(rules.Black).Left)
	assert.Equal(t, 5*time.Minute, e.ClockOf(rules.White).Left)
}

// TestGenMoveAnswersWithNoTimeLeft: a sudden-death clock at zero still
// gets an answer, not a search that waits for a bound that never comes.
func TestGenMoveAnswersWithNoTimeLeft(t *testing.T) {
	e := New(Config{Size: 9, Threads: 1})
	require.NoError(t, e.SetTimeSettings(5*time.Minute, 0, 0))
	require.NoError(t, e.SetTimeLeft(rules.Black, 0, 0))
	done := make(chan error, 1)
	go func() {
		_, _, err := e.GenMove(context.Background(), rules.Black, false)
		done <- err
	}()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(30 * time.Second):
		require.Fail(t, "genmove with no time left did not answer")
	}
}

// gamePhase is the stage of the game after played moves, as phaseWeight
// counts it: 0 the opening, 1 the middle game, 2 the endgame.
func gamePhase(tt TimeTuning, size, played int) int {
	switch area := size * size; {
	case played < area/tt.OpeningDivisor:
		return 0
	case float64(played) < tt.MiddleShare*float64(area):
		return 1
	}
	return 2
}

// obviousEndgame is a search as real games show it: before the endgame
// (MiddleShare of the points played) it stops at 60% of its soft limit,
// and on every third move, unclear, at 80% of the hard one; in the
// endgame most moves are obvious and stop at the search's ObviousAfter
// of the soft limit, one in five at 60% of it.
func obviousEndgame(tt TimeTuning, size int) func(a Limits, move int) time.Duration {
	obvious := search.DefaultStopping().ObviousAfter
	return func(a Limits, move int) time.Duration {
		share := func(d time.Duration, f float64) time.Duration { return time.Duration(float64(d) * f) }
		switch {
		case gamePhase(tt, size, 2*move) == 2:
			if move%5 == 0 {
				return share(a.Soft, 0.6)
			}
			return share(a.Soft, obvious)
		case move%3 == 0:
			return share(a.Hard, 0.8)
		}
		return share(a.Soft, 0.6)
	}
}

// stopsEarly is a search that stops at the given share of its soft limit
// when its choice is clear, and thinks to the same share of the hard
// limit on every third move, which is unclear.
func stopsEarly(share float64) func(a Limits, move int) time.Duration {
	return func(a Limits, move int) time.Duration {
		if move%3 == 0 {
			return time.Duration(float64(a.Hard) * share)
		}
		return time.Duration(float64(a.Soft) * share)
	}
}

// TestAllocateUsesTheClock plays games of usual lengths in sudden death,
// with searches that use their limits in full and with ones that stop
// early (as the search does when its choice is clear): the game ends with
// at most 15% of the main time left, never out of time, and a move of the
// middle game gets more time than one of the opening or the endgame.
func TestAllocateUsesTheClock(t *testing.T) {
	tt := DefaultTuning().Time
	for _, g := range []struct {
		size, ownMoves int
		main           time.Duration
	}{
		{19, 110, 3 * time.Minute}, {19, 125, 3 * time.Minute}, {19, 150, 3 * time.Minute},
		{19, 125, 30 * time.Minute}, {13, 70, 2 * time.Minute}, {13, 80, 2 * time.Minute},
	} {
		thinks := map[string]func(a Limits, move int) time.Duration{
			"searches use 60%":  stopsEarly(0.6),
			"searches use 100%": stopsEarly(1),
			"obvious endgame":   obviousEndgame(tt, g.size),
		}
		for how, think := range thinks {
			name := fmt.Sprintf("%dx%d, %d moves, %v, %s", g.size, g.size, g.ownMoves, g.main, how)
			tc := TimeControl{System: Absolute, Main: g.main}
			c := Clock{Left: tc.Main}
			var usage timeUsage
			var spent [3]time.Duration // opening, middle game, endgame
			var moves [3]int
			for move := range g.ownMoves {
				played := 2 * move
				a, ok := tt.Allocate(tc, c, g.size, played, DefaultLag, usage.share())
				require.True(t, ok)
				d := think(a, move) + overhead
				usage.add(a.Soft, d)
				phase := gamePhase(tt, g.size, played)
				spent[phase] += d
				moves[phase]++
				var lost bool
				c, lost = Charge(tc, c, d)
				require.False(t, lost, "%s: out of time at move %d", name, move)
			}
			assert.LessOrEqual(t, c.Left, tc.Main*15/100, name)
			mean := func(p int) time.Duration { return spent[p] / time.Duration(max(moves[p], 1)) }
			assert.Greater(t, mean(1), mean(0), "%s: middle game over opening", name)
			assert.Greater(t, mean(1), mean(2), "%s: middle game over endgame", name)
		}
	}
}

// A player whose searches used half of their soft limits lately gets
// soft limits twice as long, and may think that long on an unclear move;
// one that used them all, or of whom nothing is known, gets the plan; the
// share counts as at least MinUsage, and no move may take more than a
// MainDivisor-th of what is left.
func TestAllocateFollowsUsage(t *testing.T) {
	tt := DefaultTuning().Time
	tc := TimeControl{System: Absolute, Main: 10 * time.Minute}
	c := Clock{Left: 8 * time.Minute}
	plan, _ := tt.Allocate(tc, c, 19, 120, DefaultLag, 1)
	half, _ := tt.Allocate(tc, c, 19, 120, DefaultLag, 0.5)
	least, _ := tt.Allocate(tc, c, 19, 120, DefaultLag, tt.MinUsage)
	none, _ := tt.Allocate(tc, c, 19, 120, DefaultLag, tt.MinUsage/4)
	assert.InDelta(t, 2*plan.Soft, half.Soft, float64(time.Millisecond))
	assert.GreaterOrEqual(t, half.Hard, max(plan.Hard, half.Soft))
	assert.Greater(t, least.Soft, half.Soft)
	assert.Equal(t, least, none, "the share counts as at least MinUsage")
	assert.LessOrEqual(t, none.Hard, c.Left/time.Duration(tt.MainDivisor))

	var u timeUsage
	assert.InDelta(t, 1, u.share(), 0, "nothing known")
	u.add(2*time.Second, 5*time.Second) // an unclear move counts as its plan
	assert.InDelta(t, 1, u.share(), 1e-9)
	for range 20 {
		u.add(2*time.Second, time.Second/2)
	}
	assert.InDelta(t, 0.25, u.share(), 0.01, "the latest moves count, not the game's first")
}

// The engine counts how much of its soft limits a colour's moves used in
// main time, and gives the next move's soft limit accordingly; a new game
// forgets it.
func TestEngineCountsTimeUsage(t *testing.T) {
	clk := &simClock{now: time.Unix(0, 0)}
	tp := &halfPlayer{inner: NewRandomPlayer(3), clock: clk}
	e := New(Config{Size: 19, Player: tp, Now: clk.Now})
	require.NoError(t, e.SetTimeSettings(10*time.Minute, 0, 0))
	_, _, err := e.GenMove(context.Background(), rules.Black, false)
	require.NoError(t, err)
	first := tp.last
	assert.InDelta(t, 0.5, e.usageOf(rules.Black).share(), 1e-9)
	assert.InDelta(t, 1, e.usageOf(rules.White).share(), 0, "White has not moved")
	playAll(t, e, "w d4")
	_, _, err = e.GenMove(context.Background(), rules.Black, false)
	require.NoError(t, err)
	assert.Greater(t, tp.last.Soft, first.Soft*3/2, "the soft limit grows to use what was saved")
	e.ClearBoard()
	assert.InDelta(t, 1, e.usageOf(rules.Black).share(), 0)
}

// halfPlayer plays random moves, each stopping at half its soft limit on
// the simulated clock.
type halfPlayer struct {
	inner *RandomPlayer
	clock *simClock
	last  Limits
}

func (p *halfPlayer) GenMove(ctx context.Context, g *rules.Game, c rules.Color, lim Limits) (rules.Point, error) {
	p.last = lim
	p.clock.advance(lim.Soft / 2)
	return p.inner.GenMove(ctx, g, c, lim)
}
