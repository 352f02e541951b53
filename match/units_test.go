package match

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

func TestParseTime(t *testing.T) {
	tests := []struct {
		in   string
		want TimeControl
	}{
		{"10", TimeControl{Kind: Absolute, Main: 10 * time.Minute}},
		{"30s", TimeControl{Kind: Absolute, Main: 30 * time.Second}},
		{"1min+30sec/10", TimeControl{Kind: Canadian, Main: time.Minute, Period: 30 * time.Second, Stones: 10}},
		{"5+5/25", TimeControl{Kind: Canadian, Main: 5 * time.Minute, Period: 5 * time.Minute, Stones: 25}},
	}
	for _, tt := range tests {
		got, err := ParseTime(tt.in)
		if assert.NoError(t, err, "ParseTime(%q)", tt.in) {
			assert.Equal(t, tt.want, got, "ParseTime(%q)", tt.in)
		}
	}
	for _, bad := range []string{"", "0", "x", "5+5", "5+5/0", "-3"} {
		_, err := ParseTime(bad)
		assert.Error(t, err, "ParseTime(%q)", bad)
	}
	b, err := ParseByoyomi("3x30")
	if assert.NoError(t, err, "ParseByoyomi(3x30)") {
		assert.Equal(t, 3, b.Periods, "ParseByoyomi(3x30): periods")
		assert.Equal(t, 30*time.Second, b.Period, "ParseByoyomi(3x30): period")
	}
	c, err := ParseCanadian("5m/25")
	if assert.NoError(t, err, "ParseCanadian(5m/25)") {
		assert.Equal(t, 25, c.Stones, "ParseCanadian(5m/25): stones")
		assert.Equal(t, 5*time.Minute, c.Period, "ParseCanadian(5m/25): period")
	}
}

func TestClockByoyomi(t *testing.T) {
	c := NewClock(TimeControl{Kind: Byoyomi, Main: 10 * time.Second, Period: time.Second, Periods: 3})
	steps := []struct {
		used      time.Duration
		ok        bool
		left      time.Duration
		periods   int
		limitNext time.Duration
	}{
		{9 * time.Second, true, time.Second, 0, 4 * time.Second},
		{1500 * time.Millisecond, true, time.Second, 3, 3 * time.Second}, // 0.5 s into the first period: kept
		{2500 * time.Millisecond, true, time.Second, 1, time.Second},     // two periods used up
		{900 * time.Millisecond, true, time.Second, 1, time.Second},      // within the last period
		{1100 * time.Millisecond, false, time.Second, 0, 0},              // over the last one
	}
	for i, s := range steps {
		require.Equal(t, s.ok, c.Charge(s.used, 0), "step %d: Charge(%v)", i, s.used)
		if !s.ok {
			break
		}
		l, n := c.TimeLeft()
		assert.Equal(t, s.left, l, "step %d: time left", i)
		assert.Equal(t, s.periods, n, "step %d: periods left", i)
		assert.Equal(t, s.limitNext, c.Limit(), "step %d: Limit", i)
	}
}

func TestClockCanadianAndGrace(t *testing.T) {
	c := NewClock(TimeControl{Kind: Canadian, Main: time.Second, Period: 10 * time.Second, Stones: 2})
	require.True(t, c.Charge(3*time.Second, 0), "first move lost") // 1 s main, 2 s of the block
	l, n := c.TimeLeft()
	assert.Equal(t, 8*time.Second, l, "time left")
	assert.Equal(t, 1, n, "stones left")
	require.True(t, c.Charge(8*time.Second, 0), "second move lost")
	l, n = c.TimeLeft()
	assert.Equal(t, 10*time.Second, l, "new block: time left")
	assert.Equal(t, 2, n, "new block: stones left")
	a := NewClock(TimeControl{Kind: Absolute, Main: time.Second})
	assert.True(t, a.Charge(1200*time.Millisecond, 500*time.Millisecond), "a lag within grace lost on time")
	assert.False(t, a.Charge(600*time.Millisecond, 500*time.Millisecond), "an overrun beyond grace did not lose")
}

func TestWilsonAndElo(t *testing.T) {
	lo, hi := Wilson(5, 10)
	assert.InDelta(t, 0.2366, lo, 1e-3, "Wilson(5, 10): low")
	assert.InDelta(t, 0.7634, hi, 1e-3, "Wilson(5, 10): high")
	assert.InDelta(t, 190.85, Elo(0.75), 0.01, "Elo(0.75)")
	assert.True(t, math.IsInf(Elo(1), 1), "Elo(1) = %v, want +inf", Elo(1))
	assert.Zero(t, Elo(0.5), "Elo(0.5)")
	assert.Equal(t, "+0", eloText(Elo(0.5)), "an even score prints +0, not -0")
}

func TestSPRTDecisions(t *testing.T) {
	s := &SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	assert.Equal(t, SPRTContinue, s.Decide(s.LLR(10, 0, 10)), "10-10")
	assert.Equal(t, SPRTAcceptH0, s.Decide(s.LLR(300, 0, 300)), "300-300")
	assert.Equal(t, SPRTAcceptH1, s.Decide(s.LLR(400, 0, 200)), "400-200")
	_, err := ParseSPRT("10,0")
	assert.Error(t, err, "ParseSPRT accepted elo0 > elo1")
}

func TestSameGameUpToSymmetry(t *testing.T) {
	mv := func(c rules.Color, s string) rules.Move {
		p, err := rules.ParsePoint(s)
		require.NoError(t, err)
		return rules.Move{Color: c, Point: p}
	}
	a := []rules.Move{mv(rules.Black, "C3"), mv(rules.White, "B2"), mv(rules.Black, "pass")}
	b := []rules.Move{mv(rules.Black, "C3"), mv(rules.White, "D4"), mv(rules.Black, "pass")} // rotated
	c := []rules.Move{mv(rules.Black, "C3"), mv(rules.White, "B3"), mv(rules.Black, "pass")}
	assert.True(t, sameGame(a, b, 5), "a game and its rotation")
	assert.False(t, sameGame(a, c, 5), "two different games")
	assert.Equal(t, "W+R", swapColors("B+R"))
	assert.Equal(t, "B+3.5", swapColors("W+3.5"))
	assert.Equal(t, "0", swapColors("0"))
}
