package engine

import "time"

// Time allocation: how long one genmove may think, from the time control,
// the player's clock and the stage of the game. The functions here are
// pure, so tests run whole games on a simulated clock.

// Allocation settings.
const (
	// DefaultLag is the safety margin kept for the controller's and the
	// network's delays; short periods get a smaller one (see lagFor).
	DefaultLag = time.Second
	// minThink is the least time a move is given when any is left.
	minThink = 20 * time.Millisecond
)

// expectedMovesLeft estimates how many more moves the player will make:
// a game lasts about a third of the board's points plus 15 moves a side,
// and never fewer than a twelfth of them plus 5 are assumed to remain.
func expectedMovesLeft(size, movesPlayed int) int {
	area := size * size
	own := movesPlayed / 2
	return max(area/3+15-own, area/12+5)
}

// lagFor returns the margin to keep against a stretch of time d: the
// configured lag, but at most a fifth of d.
func lagFor(lag, d time.Duration) time.Duration { return min(lag, d/5) }

// Allocate returns the time to think about the next move, and whether it
// is a limit at all (false under no time control: then the engine's
// per-move default applies).
func Allocate(tc TimeControl, c Clock, size, movesPlayed int, lag time.Duration) (time.Duration, bool) {
	if tc.System == NoTime || (tc.Main == 0 && !tc.overtime()) {
		return 0, false
	}
	var t time.Duration
	switch {
	case c.Overtime && tc.System == Japanese:
		// A move inside the period costs nothing: use it, less the lag.
		t = c.Left - lagFor(lag, c.Left)
	case c.Overtime && tc.System == Canadian:
		stones := max(c.Stones, 1)
		t = (c.Left - lagFor(lag, c.Left)) / time.Duration(stones)
	default:
		// Main time, spread over the moves still expected; with byo-yomi to
		// follow, each move may also take what a period gives it.
		n := time.Duration(expectedMovesLeft(size, movesPlayed))
		t = (c.Left - lagFor(lag, c.Left)) / n
		if tc.System == Japanese || tc.System == Canadian {
			perMove := tc.Period
			if tc.System == Canadian {
				perMove = tc.Period / time.Duration(max(tc.Stones, 1))
			}
			t += perMove - lagFor(lag, perMove)
			// Never run through main time and a whole period in one move.
			t = min(t, c.Left+perMove-lagFor(lag, perMove)*2)
		}
	}
	return max(t, minThink), true
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
