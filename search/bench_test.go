package search

import (
	"context"
	"fmt"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// BenchmarkSearch measures whole-search speed (tree, priors, heavy
// playouts) from the empty board, reported as playouts per second.
func BenchmarkSearch(b *testing.B) {
	for _, size := range []int{9, 19} {
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("%dx%d/threads=%d", size, size, threads), func(b *testing.B) {
				g, err := rules.NewGame(size, rules.DefaultOptions())
				require.NoError(b, err)
				cfg := DefaultConfig()
				cfg.Threads = threads
				playouts, elapsed := 0, 0.0
				for b.Loop() {
					r := New(cfg).Search(context.Background(), g, rules.Black, Budget{Playouts: 5000})
					playouts += r.Playouts
					elapsed += r.Elapsed.Seconds()
				}
				b.ReportMetric(float64(playouts)/elapsed, "playouts/s")
			})
		}
	}
}

// TestNodeSize pins the memory a tree node costs, its node and its AMAF
// statistics: the figure MaxNodes is multiplied by.
func TestNodeSize(t *testing.T) {
	assert.LessOrEqual(t, unsafe.Sizeof(node{})+unsafe.Sizeof(amafStats{}), uintptr(48), "bytes a node takes")
	size := unsafe.Sizeof(node{})
	assert.Zero(t, 64%size, "a node takes %d bytes, which must divide a 64-byte cache line", size)
}

// BenchmarkNakadeMove measures the three-point eye test that runs for
// most playout moves, over positions taken along random 9x9 games (many,
// so that the branch predictor cannot learn them), reported per call.
func BenchmarkNakadeMove(b *testing.B) {
	type position struct {
		board  *rules.Board
		toMove rules.Color
		last   rules.Point
	}
	var positions []position
	rng := rules.NewRand(1)
	for len(positions) < 4000 {
		board, c := rules.NewBoard(9), rules.Black
		for range 150 {
			p := board.RandomMove(c, rng)
			require.NoError(b, board.Play(rules.Move{Color: c, Point: p}))
			c = c.Opponent()
			if p != rules.Pass && rng.IntN(8) == 0 {
				positions = append(positions, position{board.Clone(), c, p})
			}
		}
	}
	found := 0
	for b.Loop() {
		for _, p := range positions {
			if nakadeMove(p.board, p.toMove, p.last) != rules.Pass {
				found++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(positions)), "ns/call")
	b.ReportMetric(float64(found)/float64(b.N*len(positions)), "found/call")
}
