package match

import "time"

// Clock is one player's clock under a time control.
type Clock struct {
	tc         TimeControl
	main       time.Duration // main time left
	overtime   bool          // main time is used up
	periodLeft time.Duration // Canadian: time left in the current block
	periods    int           // byo-yomi: periods left
	stones     int           // Canadian: stones left to play in the block
}

// NewClock returns a clock at the start of a game.
func NewClock(tc TimeControl) *Clock {
	c := &Clock{tc: tc, main: tc.Main, periodLeft: tc.Period, periods: tc.Periods, stones: tc.Stones}
	c.overtime = tc.Main <= 0 && (tc.Kind == Byoyomi || tc.Kind == Canadian)
	return c
}

// Timed reports whether the clock limits anything.
func (c *Clock) Timed() bool { return c.tc.Kind != NoTime }

// Limit returns how long the next move may take before the player loses
// on time (grace not included).
func (c *Clock) Limit() time.Duration {
	switch c.tc.Kind {
	case Absolute:
		return max(c.main, 0)
	case Byoyomi:
		return c.main + time.Duration(c.periods)*c.tc.Period
	case Canadian:
		return c.main + c.periodLeft
	}
	return 0
}

// Charge takes a move's time d off the clock. It returns false when the
// move overran the time control by more than grace: a loss on time.
func (c *Clock) Charge(d, grace time.Duration) bool {
	switch c.tc.Kind {
	case Absolute:
		c.main -= d
		if c.main < -grace {
			return false
		}
		c.main = max(c.main, 0)
	case Byoyomi:
		if d <= c.main {
			c.main -= d
			return true
		}
		over := d - c.main
		c.main, c.overtime = 0, true
		for over > c.tc.Period && c.periods > 1 {
			over -= c.tc.Period
			c.periods--
		}
		if over > c.tc.Period+grace {
			c.periods = 0
			return false
		}
	case Canadian:
		if !c.overtime {
			if d <= c.main {
				c.main -= d
				return true
			}
			d -= c.main
			c.main, c.overtime = 0, true
		}
		c.periodLeft -= d
		if c.periodLeft < -grace {
			return false
		}
		c.periodLeft = max(c.periodLeft, 0)
		c.stones--
		if c.stones <= 0 {
			c.periodLeft, c.stones = c.tc.Period, c.tc.Stones
		}
	}
	return true
}

// TimeLeft returns the arguments of GTP's time_left: the time left and
// 0 in main time; in overtime, the time of the current period and the
// periods left (byo-yomi, as after kgs-time_settings) or the block's time
// left and its stones to play (Canadian).
func (c *Clock) TimeLeft() (time.Duration, int) {
	if !c.overtime {
		return c.main, 0
	}
	if c.tc.Kind == Byoyomi {
		return c.tc.Period, c.periods
	}
	return c.periodLeft, c.stones
}
