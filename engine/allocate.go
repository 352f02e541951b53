package engine

import "time"

// Time allocation: how long one genmove may think, from the time control,
// the player's clock and the stage of the game. The functions here are
// pure, so tests run whole games on a simulated clock.

// expectedMovesLeft estimates how many more moves the player will make:
// a game lasts about a third of the board's points plus 15 moves a side,
// and never fewer than a sixth of them plus 10 are assumed to remain (a
// game can go on long after the expected end); see TimeTuning.
func (t TimeTuning) expectedMovesLeft(size, movesPlayed int) int {
	area := size * size
	own := movesPlayed / 2
	return max(area/t.GameDivisor+t.GameExtra-own, area/t.LeftDivisor+t.LeftExtra)
}

// phaseWeight is the share of the usual main-time allocation a move gets
// at this stage: less in the opening, where moves are easier, more in the
// middle game, where the fights decide the game, and the usual share in
// the endgame.
func (t TimeTuning) phaseWeight(size, movesPlayed int) float64 {
	switch {
	case movesPlayed < size*size/t.OpeningDivisor:
		return t.OpeningWeight
	case float64(movesPlayed) < t.MiddleShare*float64(size*size):
		return t.MiddleWeight
	}
	return 1
}

// lagFor returns the margin to keep against a stretch of time d: the
// configured lag, but at most a fifth of d (a 1 s period keeps 200 ms),
// and none for a lag of zero or less.
func (t TimeTuning) lagFor(lag, d time.Duration) time.Duration {
	return max(min(lag, d/time.Duration(t.LagDivisor)), 0)
}

// Allocate returns the time to think about the next move: the search
// stops at the limits' Soft when its choice is clear and at Hard in any
// case. Hard never runs the clock out (nor, in Japanese byo-yomi, uses up
// a period) when the lag margin covers the delays outside the search. The
// boolean is false under no time control: then the engine's per-move
// default applies. usage is the share of its soft limits in main time the
// player's searches have used so far in the game (see MinUsage); 1 when
// nothing is known.
func (t TimeTuning) Allocate(tc TimeControl, c Clock, size, movesPlayed int, lag time.Duration, usage float64) (Limits, bool) {
	if tc.System == NoTime || (tc.Main == 0 && !tc.overtime()) {
		return Limits{}, false
	}
	var a Limits
	switch {
	case c.Overtime && tc.System == Japanese:
		// A move inside the period costs nothing: use it, less the lag.
		a.Hard = c.Left - t.lagFor(lag, tc.Period)
		a.Soft = time.Duration(float64(a.Hard) * t.ByoyomiSoft)
	case c.Overtime && tc.System == Canadian:
		stones := time.Duration(max(c.Stones, 1))
		avail := c.Left - t.lagFor(lag, tc.Period)
		a.Soft = avail / stones
		a.Hard = min(time.Duration(float64(a.Soft)*t.CanadianUnclear), avail)
	default:
		a = t.allocateMain(tc, c, size, movesPlayed, lag, usage)
	}
	// The least thought, but in sudden death never more than a tenth of
	// what is left.
	floor := t.MinThink
	if !c.Overtime && !tc.overtime() {
		floor = min(floor, c.Left/10)
	}
	a.Hard = max(a.Hard, floor, t.OutOfTime)
	a.Soft = min(max(a.Soft, floor), a.Hard)
	return a, true
}

// allocateMain spreads the main time left over the moves still expected;
// with byo-yomi to follow, each move may also take what a period gives it,
// since the moves after main time get a period each anyway.
func (t TimeTuning) allocateMain(tc TimeControl, c Clock, size, movesPlayed int, lag time.Duration, usage float64) Limits {
	// The margin is a reserve against the whole main time, not a share of
	// what is left, so it is still there for the last moves; in sudden
	// death it also keeps each of a long game's last moves its own delays.
	reserve := t.lagFor(lag, tc.Main)
	if !tc.overtime() {
		reserve += time.Duration(size*size/t.LateDivisor) * reserve / time.Duration(t.CostDivisor)
	}
	avail := max(c.Left-reserve, 0)
	n := time.Duration(t.expectedMovesLeft(size, movesPlayed))
	planned := time.Duration(float64(avail/n) * t.phaseWeight(size, movesPlayed))
	hard := min(time.Duration(float64(planned)*t.UnclearFactor), avail*time.Duration(t.UnclearMoves)/n, avail/time.Duration(t.MainDivisor))
	// A player whose searches stop early gets longer soft limits, up to
	// what one move may ever take; a search that does not stop early may
	// then think to its soft limit.
	soft := min(time.Duration(float64(planned)/min(max(usage, t.MinUsage), 1)), max(hard, planned, avail/time.Duration(t.MainDivisor)))
	hard = max(hard, soft)
	if !tc.overtime() {
		return Limits{Soft: soft, Hard: hard}
	}
	perMove := tc.Period
	if tc.System == Canadian {
		perMove = tc.Period / time.Duration(max(tc.Stones, 1))
	}
	perMove -= t.lagFor(lag, perMove)
	soft += perMove
	hard += perMove
	// Never run through main time and the first period (or the first
	// stone's share of a Canadian one) in one move.
	limit := c.Left + perMove - t.lagFor(lag, c.Left)
	return Limits{Soft: min(soft, limit), Hard: min(hard, limit)}
}

// Charge returns the clock after a move that took d, and whether the time
// ran out (a loss on time).
func Charge(tc TimeControl, c Clock, d time.Duration) (Clock, bool) {
	if tc.System == NoTime {
		return c, false
	}
	if !c.Overtime {
		if d <= c.Left {
			c.Left -= d
			return c, false
		}
		if !tc.overtime() {
			c.Left = 0
			return c, true
		}
		d -= c.Left
		c = tc.freshOvertime()
	}
	switch tc.System {
	case Japanese:
		// Each period overrun is lost; the move must end inside one.
		for d > c.Left {
			d -= c.Left
			c.Stones--
			if c.Stones <= 0 {
				c.Stones, c.Left = 0, 0
				return c, true
			}
			c.Left = tc.Period
		}
		c.Left = tc.Period // a move inside the period leaves it whole
	case Canadian:
		if d > c.Left {
			c.Left = 0
			return c, true
		}
		c.Left -= d
		if c.Stones--; c.Stones <= 0 {
			c = tc.freshOvertime()
		}
	}
	return c, false
}
