package rules_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// playoutLimit bounds a light playout, as the search would.
func playoutLimit(size int) int { return 3 * size * size }

func benchmarkPlayout(b *testing.B, size int) {
	empty := rules.NewBoard(size)
	scratch := rules.NewBoard(size)
	r := rules.NewRand(1)
	moves := 0
	b.ReportAllocs()
	for b.Loop() {
		scratch.CopyFrom(empty)
		moves += scratch.Playout(rules.Black, r, playoutLimit(size))
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/playout")
}

// BenchmarkPlayout9 is a light playout from the empty 9x9 board.
func BenchmarkPlayout9(b *testing.B) { benchmarkPlayout(b, 9) }

// BenchmarkPlayout19 is a light playout from the empty 19x19 board.
func BenchmarkPlayout19(b *testing.B) { benchmarkPlayout(b, 19) }

// BenchmarkCopyFrom19 copies a 19x19 board 200 random moves into a game
// onto a scratch board, as the search's ladder reader does many times a
// playout.
func BenchmarkCopyFrom19(b *testing.B) {
	src, _ := randomPosition(19, 200, 1)
	scratch := rules.NewBoard(19)
	b.ReportAllocs()
	for b.Loop() {
		scratch.CopyFrom(src)
	}
}

// midGame returns a 19x19 game 60 moves into a random game, and a legal
// move in it.
func midGame(tb testing.TB) (*rules.Game, rules.Move) {
	g, err := rules.NewGame(19, rules.DefaultOptions())
	require.NoError(tb, err, "NewGame(19)")
	r := rules.NewRand(3)
	b := rules.NewBoard(19)
	for g.MoveNumber() < 60 {
		b.CopyFrom(g.Board())
		m := rules.Move{Color: g.ToMove(), Point: b.RandomMove(g.ToMove(), r)}
		require.NoError(tb, g.Play(m), "Play(%v)", m)
	}
	b.CopyFrom(g.Board())
	return g, rules.Move{Color: g.ToMove(), Point: b.RandomMove(g.ToMove(), r)}
}

// The timed loops and the allocation counts below compare first and call
// testify only on a failure: its assertions call b.Helper or t.Helper,
// which would be timed and counted with the code measured.

// BenchmarkPlayUndo is Game.Play (with its superko check) and Game.Undo.
func BenchmarkPlayUndo(b *testing.B) {
	g, m := midGame(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := g.Play(m); err != nil {
			require.Failf(b, "Play failed", "Play(%v) = %v", m, err)
		}
		if err := g.Undo(); err != nil {
			require.Failf(b, "Undo failed", "Undo() = %v", err)
		}
	}
}

// BenchmarkIsLegal is Game.IsLegal on a legal move.
func BenchmarkIsLegal(b *testing.B) {
	g, m := midGame(b)
	b.ReportAllocs()
	for b.Loop() {
		if !g.IsLegal(m) {
			require.Failf(b, "IsLegal failed", "IsLegal(%v) = false", m)
		}
	}
}

// TestHotPathsDoNotAllocate pins the hot paths at zero allocations once the
// boards and the history have been allocated.
func TestHotPathsDoNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes allocations of its own")
	}
	for _, size := range []int{9, 19} {
		empty, scratch := rules.NewBoard(size), rules.NewBoard(size)
		r := rules.NewRand(5)
		n := testing.AllocsPerRun(100, func() {
			scratch.CopyFrom(empty)
			scratch.Playout(rules.Black, r, playoutLimit(size))
		})
		assert.Zero(t, n, "%dx%d CopyFrom+Playout: allocations", size, size)
	}
	g, m := midGame(t)
	n := testing.AllocsPerRun(100, func() {
		if g.Play(m) != nil || g.Undo() != nil {
			require.Failf(t, "Play or Undo failed", "Play(%v) or Undo failed", m)
		}
	})
	assert.Zero(t, n, "Game.Play+Undo: allocations")
	n = testing.AllocsPerRun(100, func() { g.IsLegal(m) })
	assert.Zero(t, n, "Game.IsLegal(legal move): allocations")
	n = testing.AllocsPerRun(100, func() { g.Board().IsLegal(m) })
	assert.Zero(t, n, "Board.IsLegal: allocations")
}
