package match

import (
	"math"
	"testing"
	"time"

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
		if got, err := ParseTime(tt.in); err != nil || got != tt.want {
			t.Errorf("ParseTime(%q) = %+v, %v, want %+v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "0", "x", "5+5", "5+5/0", "-3"} {
		if got, err := ParseTime(bad); err == nil {
			t.Errorf("ParseTime(%q) = %+v, want an error", bad, got)
		}
	}
	if got, err := ParseByoyomi("3x30"); err != nil || got.Periods != 3 || got.Period != 30*time.Second {
		t.Errorf("ParseByoyomi(3x30) = %+v, %v", got, err)
	}
	if got, err := ParseCanadian("5m/25"); err != nil || got.Stones != 25 || got.Period != 5*time.Minute {
		t.Errorf("ParseCanadian(5m/25) = %+v, %v", got, err)
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
		if ok := c.Charge(s.used, 0); ok != s.ok {
			t.Fatalf("step %d: Charge(%v) = %v, want %v", i, s.used, ok, s.ok)
		}
		if !s.ok {
			break
		}
		if l, n := c.TimeLeft(); l != s.left || n != s.periods {
			t.Errorf("step %d: TimeLeft = %v, %d; want %v, %d", i, l, n, s.left, s.periods)
		}
		if got := c.Limit(); got != s.limitNext {
			t.Errorf("step %d: Limit = %v, want %v", i, got, s.limitNext)
		}
	}
}

func TestClockCanadianAndGrace(t *testing.T) {
	c := NewClock(TimeControl{Kind: Canadian, Main: time.Second, Period: 10 * time.Second, Stones: 2})
	if !c.Charge(3*time.Second, 0) { // 1 s main, 2 s of the block
		t.Fatal("first move lost")
	}
	if l, n := c.TimeLeft(); l != 8*time.Second || n != 1 {
		t.Errorf("TimeLeft = %v, %d; want 8s, 1", l, n)
	}
	if !c.Charge(8*time.Second, 0) {
		t.Fatal("second move lost")
	}
	if l, n := c.TimeLeft(); l != 10*time.Second || n != 2 {
		t.Errorf("new block: TimeLeft = %v, %d; want 10s, 2", l, n)
	}
	a := NewClock(TimeControl{Kind: Absolute, Main: time.Second})
	if !a.Charge(1200*time.Millisecond, 500*time.Millisecond) {
		t.Error("a lag within grace lost on time")
	}
	if a.Charge(600*time.Millisecond, 500*time.Millisecond) {
		t.Error("an overrun beyond grace did not lose")
	}
}

func TestWilsonAndElo(t *testing.T) {
	lo, hi := Wilson(5, 10)
	if math.Abs(lo-0.2366) > 1e-3 || math.Abs(hi-0.7634) > 1e-3 {
		t.Errorf("Wilson(5, 10) = %.4f, %.4f; want 0.2366, 0.7634", lo, hi)
	}
	if e := Elo(0.75); math.Abs(e-190.85) > 0.01 {
		t.Errorf("Elo(0.75) = %v, want 190.85", e)
	}
	if !math.IsInf(Elo(1), 1) || Elo(0.5) != 0 || eloText(Elo(0.5)) != "+0" {
		t.Errorf("Elo(1) should be +inf and Elo(0.5) zero, printed +0, not %s", eloText(Elo(0.5)))
	}
}

func TestSPRTDecisions(t *testing.T) {
	s := &SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	if d := s.Decide(s.LLR(10, 0, 10)); d != SPRTContinue {
		t.Errorf("10-10: %v, want continue", d)
	}
	if d := s.Decide(s.LLR(300, 0, 300)); d != SPRTAcceptH0 {
		t.Errorf("300-300: %v, want H0", d)
	}
	if d := s.Decide(s.LLR(400, 0, 200)); d != SPRTAcceptH1 {
		t.Errorf("400-200: %v, want H1", d)
	}
	if _, err := ParseSPRT("10,0"); err == nil {
		t.Error("ParseSPRT accepted elo0 > elo1")
	}
}

func TestSameGameUpToSymmetry(t *testing.T) {
	mv := func(c rules.Color, s string) rules.Move {
		p, err := rules.ParsePoint(s)
		if err != nil {
			t.Fatal(err)
		}
		return rules.Move{Color: c, Point: p}
	}
	a := []rules.Move{mv(rules.Black, "C3"), mv(rules.White, "B2"), mv(rules.Black, "pass")}
	b := []rules.Move{mv(rules.Black, "C3"), mv(rules.White, "D4"), mv(rules.Black, "pass")} // rotated
	c := []rules.Move{mv(rules.Black, "C3"), mv(rules.White, "B3"), mv(rules.Black, "pass")}
	if !sameGame(a, b, 5) || sameGame(a, c, 5) {
		t.Error("sameGame misjudges symmetric games")
	}
	if swapColors("B+R") != "W+R" || swapColors("W+3.5") != "B+3.5" || swapColors("0") != "0" {
		t.Error("swapColors")
	}
}
