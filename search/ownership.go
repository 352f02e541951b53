package search

import (
	"context"

	"github.com/yunzi-go/yunzi/rules"
)

// Ownership estimates who will own each point of the position b by playing
// the heavy playout policy alone (no tree) from it, playouts times, half of
// them with each colour moving first so the side to move gains nothing in
// a seki. It returns, per point of b.Points(), the mean owner: +1 Black,
// -1 White, and the number of playouts it ran. The policy never fills an
// own eye and never puts a chain of several stones in atari, so it leaves
// sekis standing and captures dead stones: at the end of a game this is a
// dead-stone judgement that exploratory tree moves cannot blur.
//
// When ctx is done it stops early, but not before atLeast playouts: a
// judgement on a move's clock is better rough than missing.
func Ownership(ctx context.Context, cfg Config, b *rules.Board, playouts, atLeast int) (net []float64, ran int) {
	policy := newPlayoutPolicy(&cfg, cfg.Seed^b.Hash())
	policy.useBoard(b, true)
	var tallies ownerTallies
	tallies.reset(len(b.Points()), 0)
	board := b.Clone()
	moves := make([]played, 0, 4*len(b.Points()))
	first := rules.Black
	for ran < max(playouts, 1) {
		if ran >= atLeast && ctx.Err() != nil {
			break
		}
		board.CopyFrom(b)
		var score float64
		moves, score = policy.playout(board, first, rules.Pass, rules.Pass, 0, moves[:0])
		tallies.count(board, score, -1)
		first = first.Opponent()
		ran++
	}
	tallies.payAll()
	t := &tallies.slots[0]
	net = make([]float64, len(t.net))
	for i := range t.net {
		net[i] = float64(t.net[i].Load()) / float64(ran)
	}
	return net, ran
}
