package engine

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/rules"
)

// BenchmarkFinalScoreUncached measures the dead-stone judgement (200 light
// playouts) on a finished random 19x19 game, without the per-position
// cache that makes a repeated final_score nearly free.
func BenchmarkFinalScoreUncached(b *testing.B) {
	e := New(Config{Size: 19, Seed: 1, Player: NewRandomPlayer(1)})
	c := rules.Black
	for !e.Game().Over() {
		_, _, err := e.GenMove(ctx, c, false)
		require.NoError(b, err)
		c = c.Opponent()
	}
	b.ResetTimer()
	for range b.N {
		e.statuses = statusCache{}
		_, err := e.FinalScore(ctx)
		require.NoError(b, err)
	}
}
