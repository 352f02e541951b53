package rules_test

import (
	"testing"

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
	if err != nil {
		tb.Fatal(err)
	}
	r := rules.NewRand(3)
	b := rules.NewBoard(19)
	for g.MoveNumber() < 60 {
		b.CopyFrom(g.Board())
		m := rules.Move{Color: g.ToMove(), Point: b.RandomMove(g.ToMove(), r)}
		if err := g.Play(m); err != nil {
			tb.Fatalf("Play(%v) = %v", m, err)
		}
	}
	b.CopyFrom(g.Board())
	return g, rules.Move{Color: g.ToMove(), Point: b.RandomMove(g.ToMove(), r)}
}

// BenchmarkPlayUndo is Game.Play (with its superko check) and Game.Undo.
func BenchmarkPlayUndo(b *testing.B) {
	g, m := midGame(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := g.Play(m); err != nil {
			b.Fatal(err)
		}
		if err := g.Undo(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIsLegal is Game.IsLegal on a legal move.
func BenchmarkIsLegal(b *testing.B) {
	g, m := midGame(b)
	b.ReportAllocs()
	for b.Loop() {
		if !g.IsLegal(m) {
			b.Fatalf("IsLegal(%v) = false", m)
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
		if n := testing.AllocsPerRun(100, func() {
			scratch.CopyFrom(empty)
			scratch.Playout(rules.Black, r, playoutLimit(size))
		}); n != 0 {
			t.Errorf("%dx%d CopyFrom+Playout: %v allocations, want 0", size, size, n)
		}
	}
	g, m := midGame(t)
	if n := testing.AllocsPerRun(100, func() {
		if g.Play(m) != nil || g.Undo() != nil {
			t.Fatalf("Play(%v) or Undo failed", m)
		}
	}); n != 0 {
		t.Errorf("Game.Play+Undo: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { g.IsLegal(m) }); n != 0 {
		t.Errorf("Game.IsLegal(legal move): %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { g.Board().IsLegal(m) }); n != 0 {
		t.Errorf("Board.IsLegal: %v allocations, want 0", n)
	}
}
