package engine

import (
	"testing"

	"github.com/yunzi-go/yunzi/rules"
)

// BenchmarkFinalScoreUncached measures the dead-stone judgement (200 light
// playouts) on a finished random 19x19 game, without the per-position
// cache that makes a repeated final_score nearly free.
func BenchmarkFinalScoreUncached(b *testing.B) {
	e := New(Config{Size: 19, Seed: 1, Player: NewRandomPlayer(1)})
	c := rules.Black
	for !e.Game().Over() {
		if _, _, err := e.GenMove(ctx, c, false); err != nil {
			b.Fatal(err)
		}
		c = c.Opponent()
	}
	b.ResetTimer()
	for range b.N {
		e.statuses = statusCache{}
		if _, err := e.FinalScore(ctx); err != nil {
			b.Fatal(err)
		}
	}
}
