package gtp

import (
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/yunzi-go/yunzi/analysis"
	"github.com/yunzi-go/yunzi/rules"
)

func point(s string) rules.Point {
	p, err := rules.ParsePoint(s)
	if err != nil {
		panic(err)
	}
	return p
}

func testSnapshot() *analysis.Snapshot {
	own := make([]float64, 4)
	own[0], own[3] = 1, -0.5 // A2 Black's, B1 half White's
	return &analysis.Snapshot{
		Color: rules.White, Size: 2, Playouts: 1000, WinRate: 0.4656, ScoreLead: -1.5,
		Moves: []analysis.Move{
			{Point: point("A1"), Visits: 836, WinRate: 0.4656, LCB: 0.464, Prior: 0.0839, ScoreLead: -1.5, PV: []rules.Point{point("A1"), point("B2")}},
			{Point: point("B2"), Visits: 10, WinRate: 1, LCB: -0.2, Prior: 0.5, ScoreLead: 3},
		},
		Ownership: own,
	}
}

func TestLzInfo(t *testing.T) {
	got := lzInfo(testSnapshot(), analyzeArgs{})
	assert.Equal(t, "info move A1 visits 836 winrate 4656 prior 839 lcb 4640 order 0 pv A1 B2 "+
		"info move B2 visits 10 winrate 10000 prior 5000 lcb 0 order 1 pv B2", got)
	assert.Equal(t, "info move A1 visits 836 winrate 4656 prior 839 lcb 4640 order 0 pv A1 B2",
		lzInfo(testSnapshot(), analyzeArgs{maxMoves: 1}))
}

func TestKataInfo(t *testing.T) {
	got := kataInfo(testSnapshot(), analyzeArgs{maxMoves: 1, ownership: true})
	assert.Equal(t, "info move A1 visits 836 utility -0.0688 winrate 0.4656 scoreMean -1.5 scoreLead -1.5 "+
		"prior 0.0839 lcb 0.464 order 0 pv A1 B2 ownership -1.0 0.0 0.0 0.5", got, "from White's side, A2 first")
	assert.Contains(t, kataInfo(testSnapshot(), analyzeArgs{}), "info move B2 visits 10 utility 1.0 winrate 1.0 scoreMean 3.0 scoreLead 3.0 ",
		"each move has its own score")
	assert.Equal(t, "", kataInfo(&analysis.Snapshot{Size: 9}, analyzeArgs{}))
}

func TestDecimal(t *testing.T) {
	for v, want := range map[float64]string{0: "0.0", 1: "1.0", -1: "-1.0", 0.5: "0.5", -0.0000001: "0.0", 1.0 / 3: "0.333333", 12.25: "12.25"} {
		assert.Equal(t, want, decimal(v), "decimal(%v)", v)
	}
}

func TestParseAnalyzeArgs(t *testing.T) {
	ok := []struct {
		args []string
		want analyzeArgs
	}{
		{nil, analyzeArgs{color: rules.Black, interval: time.Second}},
		{[]string{"W", "50"}, analyzeArgs{color: rules.White, interval: 500 * time.Millisecond}},
		{[]string{"50"}, analyzeArgs{color: rules.Black, interval: 500 * time.Millisecond}},
		{[]string{"b", "50", "ownership", "true"}, analyzeArgs{color: rules.Black, interval: 500 * time.Millisecond, ownership: true}},
		{[]string{"white", "interval", "10", "maxmoves", "3", "minmoves", "1"}, analyzeArgs{color: rules.White, interval: 100 * time.Millisecond, maxMoves: 3}},
		{[]string{"B", "0"}, analyzeArgs{color: rules.Black, interval: time.Second}},
	}
	for _, c := range ok {
		got, err := parseAnalyzeArgs(c.args, rules.Black, false)
		assert.NoError(t, err, "%q", c.args)
		assert.Equal(t, c.want, got, "parseAnalyzeArgs(%q)", c.args)
	}
	for _, bad := range [][]string{{"x"}, {"B", "-5"}, {"B", "50", "ownership"}, {"B", "50", "ownership", "maybe"},
		{"B", "50", "colour", "1"}, {"B", "1.5"}, {"B", "99999999999"}, {"B", "interval", "x"}} {
		_, err := parseAnalyzeArgs(bad, rules.Black, false)
		assert.ErrorIs(t, err, ErrSyntax, "%q", bad)
	}
	_, err := parseAnalyzeArgs([]string{"50"}, rules.Black, true)
	assert.ErrorIs(t, err, ErrSyntax, "genmove forms need a colour")
}

func TestGoguiGfx(t *testing.T) {
	s := testSnapshot()
	assert.Equal(t, "LABEL A1 836 B2 10", labelsGfx(s, func(m analysis.Move) string { return strconv.Itoa(m.Visits) }))
	assert.Equal(t, "VAR w A1 b B2", varGfx(s))
	assert.Equal(t, "BLACK A2", territory(s))
	assert.Equal(t, "B+1.5 (white wins 47%, 1000 playouts)", scoreText(s))
	// Whole points are written as final_score writes them.
	s.ScoreLead = -6.1
	assert.Equal(t, "B+6 (white wins 47%, 1000 playouts)", scoreText(s))
	s.ScoreLead = 0.2
	assert.Equal(t, "0 (white wins 47%, 1000 playouts)", scoreText(s))
	assert.Equal(t, "", varGfx(&analysis.Snapshot{}))
}

func TestIsInterrupt(t *testing.T) {
	assert.True(t, isInterrupt([]byte("# interrupt\n")))
	assert.True(t, isInterrupt([]byte("  #interrupt \r\n")))
	assert.False(t, isInterrupt([]byte("interrupt\n")))
	assert.False(t, isInterrupt([]byte("# other\n")))
}
