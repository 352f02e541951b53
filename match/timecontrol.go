package match

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeKind is the kind of a time control.
type TimeKind int

// The time controls the runner enforces.
const (
	NoTime   TimeKind = iota // no limit
	Absolute                 // sudden death: Main for the whole game
	Byoyomi                  // Japanese: Main, then Periods periods of Period each
	Canadian                 // Main, then Stones stones in each Period
)

// TimeControl is a game's time limit for each player.
type TimeControl struct {
	Kind    TimeKind
	Main    time.Duration
	Period  time.Duration // byo-yomi period, or the time for a Canadian block
	Periods int           // byo-yomi periods
	Stones  int           // stones in a Canadian block
}

// String describes the time control: "none", "10m0s absolute",
// "10s + 3x1s byo-yomi", "5m0s + 25 stones in 5m0s canadian".
func (tc TimeControl) String() string {
	switch tc.Kind {
	case Absolute:
		return tc.Main.String() + " absolute"
	case Byoyomi:
		return fmt.Sprintf("%v + %dx%v byo-yomi", tc.Main, tc.Periods, tc.Period)
	case Canadian:
		return fmt.Sprintf("%v + %d stones in %v canadian", tc.Main, tc.Stones, tc.Period)
	}
	return "none"
}

// ParseTime reads gogui-twogtp's -time value, "BASE[+OVERTIME/MOVES]":
// a main time and, optionally, Canadian overtime of OVERTIME for MOVES
// moves. Times take a unit, m or min for minutes, s or sec for seconds;
// without one they are minutes, as in gogui-twogtp.
func ParseTime(s string) (TimeControl, error) {
	base, over, hasOver := strings.Cut(s, "+")
	main, err := parseDuration(base, time.Minute)
	if err != nil {
		return TimeControl{}, err
	}
	if main <= 0 {
		return TimeControl{}, errors.New("main time must be positive")
	}
	if !hasOver {
		return TimeControl{Kind: Absolute, Main: main}, nil
	}
	tc, err := parseCanadian(over, time.Minute)
	tc.Main = main
	return tc, err
}

// ParseCanadian reads a -canadian value, "TIME/STONES" (seconds by default):
// STONES moves to play in each period of TIME once main time is used up.
func ParseCanadian(s string) (TimeControl, error) { return parseCanadian(s, time.Second) }

func parseCanadian(s string, unit time.Duration) (TimeControl, error) {
	t, n, ok := strings.Cut(s, "/")
	if !ok {
		return TimeControl{}, fmt.Errorf("overtime %q: want TIME/STONES", s)
	}
	period, err := parseDuration(t, unit)
	if err != nil {
		return TimeControl{}, err
	}
	stones, err := strconv.Atoi(strings.TrimSpace(n))
	if err != nil || stones <= 0 || period <= 0 {
		return TimeControl{}, fmt.Errorf("overtime %q: want a positive time and number of stones", s)
	}
	return TimeControl{Kind: Canadian, Period: period, Stones: stones}, nil
}

// ParseByoyomi reads a -byoyomi value, "PERIODSxTIME" (seconds by
// default): Japanese byo-yomi of PERIODS periods of TIME each.
func ParseByoyomi(s string) (TimeControl, error) {
	n, t, ok := strings.Cut(strings.ToLower(s), "x")
	if !ok {
		return TimeControl{}, fmt.Errorf("byo-yomi %q: want PERIODSxTIME, as 3x30s", s)
	}
	periods, err := strconv.Atoi(strings.TrimSpace(n))
	if err != nil || periods <= 0 {
		return TimeControl{}, fmt.Errorf("byo-yomi %q: want a positive number of periods", s)
	}
	period, err := parseDuration(t, time.Second)
	if err != nil || period <= 0 {
		return TimeControl{}, fmt.Errorf("byo-yomi %q: want a positive period", s)
	}
	return TimeControl{Kind: Byoyomi, Period: period, Periods: periods}, nil
}

// parseDuration reads a number with an optional unit (m, min, s, sec, ms,
// h); unit is used without one.
func parseDuration(s string, unit time.Duration) (time.Duration, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	units := []struct {
		suffix string
		d      time.Duration
	}{{"min", time.Minute}, {"sec", time.Second}, {"ms", time.Millisecond}, {"m", time.Minute}, {"s", time.Second}, {"h", time.Hour}}
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			s, unit = strings.TrimSpace(strings.TrimSuffix(s, u.suffix)), u.d
			break
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 {
		return 0, fmt.Errorf("bad time %q", s)
	}
	return time.Duration(f * float64(unit)), nil
}
