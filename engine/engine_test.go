package engine

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/sirupsen/logrus"
	logtest "github.com/sirupsen/logrus/hooks/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/rules"
)

var ctx = context.Background()

// playAll plays "b e5", "w c3"... moves, failing the test on an illegal one.
func playAll(t *testing.T, e *Engine, moves ...string) {
	t.Helper()
	for _, s := range moves {
		c, err := rules.ParseColor(s[:1])
		require.NoError(t, err)
		p, err := rules.ParsePoint(s[2:])
		require.NoError(t, err)
		require.NoError(t, e.Play(rules.Move{Color: c, Point: p}), s)
	}
}

func pt(s string) rules.Point {
	p, err := rules.ParsePoint(s)
	if err != nil {
		panic(err)
	}
	return p
}

// TestRandomSelfPlay plays whole games with the random player for both
// colours: every move is legal, the game ends with two passes, and one
// info log line is written per genmove.
func TestRandomSelfPlay(t *testing.T) {
	for _, size := range []int{1, 2, 5, 9} {
		log, hook := logtest.NewNullLogger()
		e := New(Config{Size: size, Seed: uint64(size), Log: log, Player: NewRandomPlayer(uint64(size))})
		c := rules.Black
		n := 0
		for ; !e.Game().Over() && n < 1000; n++ {
			before := e.Game().MoveNumber()
			p, resign, err := e.GenMove(ctx, c, false)
			require.NoError(t, err)
			require.False(t, resign)
			assert.Equal(t, before+1, e.Game().MoveNumber())
			if p != rules.Pass {
				assert.Equal(t, c, e.Game().Board().At(p), "size %d move %d", size, n)
			}
			c = c.Opponent()
		}
		assert.True(t, e.Game().Over(), "size %d: no end after %d moves", size, n)
		infos := 0
		for _, entry := range hook.AllEntries() {
			if entry.Message == "genmove" && entry.Level == logrus.InfoLevel {
				infos++
			}
		}
		assert.Equal(t, n, infos, "one info line per genmove")
		// genmove after two passes still answers.
		_, _, err := e.GenMove(ctx, c, false)
		assert.NoError(t, err)
	}
}

func TestRandomPlayerNeverFillsEyeOrRepeats(t *testing.T) {
	e := New(Config{Size: 5, Seed: 3})
	// Black owns the board but for two eyes: A1 and C1 (single-point eyes).
	playAll(t, e, "b b1", "b d1", "b e1", "b a2", "b b2", "b c2", "b d2", "b e2")
	p, err := NewRandomPlayer(1).GenMove(ctx, e.Game(), rules.Black, Limits{})
	require.NoError(t, err)
	assert.NotContains(t, []rules.Point{pt("a1"), pt("c1")}, p)
	// With everything but eyes filled, the player passes.
	g, err := rules.NewGame(3, rules.DefaultOptions())
	require.NoError(t, err)
	for _, s := range []string{"a2", "b2", "c2", "b1", "b3"} {
		require.NoError(t, g.Play(rules.Move{Color: rules.Black, Point: pt(s)}))
	}
	p, err = NewRandomPlayer(1).GenMove(ctx, g, rules.Black, Limits{})
	require.NoError(t, err)
	assert.Equal(t, rules.Pass, p)
}

func TestRandomPlayerIsSeeded(t *testing.T) {
	g, err := rules.NewGame(19, rules.DefaultOptions())
	require.NoError(t, err)
	a, _ := NewRandomPlayer(7).GenMove(ctx, g, rules.Black, Limits{})
	b, _ := NewRandomPlayer(7).GenMove(ctx, g, rules.Black, Limits{})
	assert.Equal(t, a, b)
}

// koPosition leaves Black having just taken a ko at D3; White's C3 would
// retake. lastBlack ends the setup with a black move so that the position
// before the capture had White to move.
func koPosition(t *testing.T, e *Engine) {
	playAll(t, e, "b b3", "b c2", "b c4", "w c3", "w d2", "w d4", "w e3", "b a1", "b d3")
}

// TestRepetitionRefusedByDefault: after a pass the simple ko is gone but
// retaking recreates an earlier position, which play refuses.
func TestRepetitionRefusedByDefault(t *testing.T) {
	e := New(Config{Size: 5, Playouts: 300})
	koPosition(t, e)
	playAll(t, e, "w pass")
	before := e.State()
	assert.ErrorIs(t, e.Play(rules.Move{Color: rules.White, Point: pt("c3")}), rules.ErrSuperko)
	assert.Equal(t, before, e.State())
	assert.False(t, e.IsLegal(rules.Move{Color: rules.White, Point: pt("c3")}))
	// genmove never plays it either.
	for i := range 50 {
		p, _, err := New(Config{Size: 5, Seed: uint64(i), Playouts: 300}).SuggestMove(ctx, rules.White)
		require.NoError(t, err)
		_ = p
	}
	for range 50 {
		p, _, err := e.SuggestMove(ctx, rules.White)
		require.NoError(t, err)
		assert.NotEqual(t, pt("c3"), p)
	}
}

// TestRepetitionAllowed: with AllowRepetition a positional-only repetition
// becomes an ordinary move (undoable, in the move list).
func TestRepetitionAllowedPositional(t *testing.T) {
	e := New(Config{Size: 5, AllowRepetition: true})
	koPosition(t, e)
	playAll(t, e, "w pass", "w c3")
	assert.Equal(t, rules.White, e.Game().Board().At(pt("c3")))
	assert.Equal(t, rules.Empty, e.Game().Board().At(pt("d3")))
	assert.Equal(t, rules.Positional, e.Game().Superko, "superko rule restored")
	m, ok := e.Game().LastMove()
	assert.True(t, ok)
	assert.Equal(t, rules.Move{Color: rules.White, Point: pt("c3")}, m)
	require.NoError(t, e.Undo())
	assert.Equal(t, rules.Black, e.Game().Board().At(pt("d3")))
}

// TestRepetitionAllowedSituational: a repetition of the stones and the
// player to move is an ordinary move too.
func TestRepetitionAllowedSituational(t *testing.T) {
	e := New(Config{Size: 5, AllowRepetition: true})
	playAll(t, e, "b b3", "b c2", "b c4", "w c3", "w d2", "w d4", "w e3", "b d3", "w pass", "w c3")
	b := e.Game().Board()
	assert.Equal(t, rules.White, b.At(pt("c3")))
	assert.Equal(t, rules.Empty, b.At(pt("d3")))
	assert.Equal(t, rules.Black, e.Game().ToMove())
	// Black's retake at D3 would repeat a position too: not legal, though
	// play accepts it with AllowRepetition.
	assert.False(t, e.IsLegal(rules.Move{Color: rules.Black, Point: pt("d3")}))
	assert.Len(t, e.Game().Moves(), 10, "the forced move is a move")
	require.NoError(t, e.Undo())
	assert.Equal(t, rules.Black, e.Game().Board().At(pt("d3")), "and can be undone")
	assert.Equal(t, rules.Black, e.Game().ToMove(), "as after White's pass")
}

func TestTimeSettings(t *testing.T) {
	e := New(Config{})
	assert.Equal(t, NoTime, e.Time().System)
	require.NoError(t, e.SetTimeSettings(300*time.Second, 30*time.Second, 5))
	assert.Equal(t, TimeControl{System: Canadian, Main: 300 * time.Second, Period: 30 * time.Second, Stones: 5}, e.Time())
	require.NoError(t, e.SetTimeLeft(rules.Black, 100*time.Second, 0))
	// The same settings again (gtp2ogs before every move) keep the clock.
	require.NoError(t, e.SetTimeSettings(300*time.Second, 30*time.Second, 5))
	assert.Equal(t, Clock{Left: 100 * time.Second}, e.ClockOf(rules.Black))
	// time_left C 0 0 at the end of main time: a fresh period.
	require.NoError(t, e.SetTimeLeft(rules.Black, 0, 0))
	assert.Equal(t, Clock{Left: 30 * time.Second, Overtime: true, Stones: 5}, e.ClockOf(rules.Black))
	require.NoError(t, e.SetTimeLeft(rules.White, -5*time.Second, 3))
	assert.Equal(t, Clock{Left: 0, Overtime: true, Stones: 3}, e.ClockOf(rules.White))

	require.NoError(t, e.SetTimeSettings(600*time.Second, 0, 0))
	assert.Equal(t, TimeControl{System: Absolute, Main: 600 * time.Second}, e.Time())
	assert.Equal(t, Clock{Left: 600 * time.Second}, e.ClockOf(rules.White))
	require.NoError(t, e.SetTimeSettings(0, time.Second, 0))
	assert.Equal(t, NoTime, e.Time().System)

	require.NoError(t, e.SetKGSTime("byoyomi", 0, 60*time.Second, 5))
	assert.Equal(t, Clock{Left: 60 * time.Second, Overtime: true, Stones: 5}, e.ClockOf(rules.Black), "no main time: in byo-yomi at once")
	before := e.State()
	assert.ErrorIs(t, e.SetKGSTime("byoyomi", 0, 60*time.Second, 0), ErrBadTime)
	assert.ErrorIs(t, e.SetKGSTime("fischer", 0, 0, 0), ErrBadTime)
	assert.ErrorIs(t, e.SetTimeSettings(-time.Second, 0, 0), ErrBadTime)
	assert.ErrorIs(t, e.SetTimeSettings(MaxTime+1, 0, 0), ErrBadTime)
	assert.Equal(t, before, e.State())
	// boardsize keeps the settings.
	require.NoError(t, e.SetBoardSize(9))
	assert.Equal(t, before.Time, e.Time())
}

func TestBoardsizeKeepsKomi(t *testing.T) {
	e := New(Config{})
	e.SetKomi(0.5)
	require.NoError(t, e.SetBoardSize(13))
	assert.Equal(t, 0.5, e.Game().Komi)
	assert.Error(t, e.SetBoardSize(26))
	assert.Equal(t, 13, e.Game().Size())
	assert.Equal(t, 0.0, New(Config{Komi: new(0.0)}).Game().Komi)
	assert.Equal(t, 1000.0, New(Config{Komi: new(1000.0)}).Game().Komi)
	assert.Equal(t, rules.DefaultKomi, New(Config{}).Game().Komi)
}

func TestPlaceFreeHandicap(t *testing.T) {
	for _, size := range []int{2, 5, 7, 9, 19} {
		for _, n := range []int{2, 3, 9, 10, size*size - 1} {
			if n >= size*size {
				continue
			}
			e := New(Config{Size: size})
			pts, err := e.PlaceFreeHandicap(n)
			require.NoError(t, err, "%d on %dx%d", n, size, size)
			assert.Len(t, pts, n)
			assert.Equal(t, n, e.Game().Board().StoneCount(rules.Black))
			assert.Equal(t, rules.White, e.Game().ToMove())
		}
	}
}

// TestPatternChances: every move the search would give the player, most
// likely first, their chances summing to 1; an own eye and a suicide are
// not offered.
func TestPatternChances(t *testing.T) {
	e := New(Config{Size: 9, Seed: 1, Player: NewRandomPlayer(1)})
	playAll(t, e, "b A2", "w J9", "b B1", "w J8", "b B2", "w J7")
	for _, c := range []rules.Color{rules.Black, rules.White} {
		chances := e.PatternChances(c)
		assert.Len(t, chances, 81-6-1, c)
		total := 0.0
		for i, ch := range chances {
			assert.NotEqual(t, pt("A1"), ch.Point, "%v: Black's eye", c)
			if i > 0 {
				assert.LessOrEqual(t, ch.Chance, chances[i-1].Chance, "%v: most likely first", c)
			}
			total += ch.Chance
		}
		assert.InDelta(t, 1, total, 1e-9, c)
	}
}

// TestRidiculousKomiSearch: under a komi of any size (GTP accepts any), a
// search plays a legal move and reports finite estimates, and the game
// keeps its komi for scoring.
func TestRidiculousKomiSearch(t *testing.T) {
	for _, k := range []float64{1e300, -1.7e308} {
		e := New(Config{Size: 9, Seed: 1, Threads: 1, Playouts: 300})
		e.SetKomi(k)
		_, resign, err := e.GenMove(ctx, rules.Black, false)
		require.NoError(t, err)
		assert.False(t, resign)
		assert.Equal(t, k, e.Game().Komi)
		s := e.Estimate(ctx, rules.White)
		require.NotNil(t, s)
		assert.False(t, math.IsInf(s.ScoreLead, 0) || math.IsNaN(s.ScoreLead), "komi %g: score lead %v", k, s.ScoreLead)
		assert.Equal(t, k, e.Game().Komi)
	}
}
