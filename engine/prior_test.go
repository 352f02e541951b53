package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// TestAnalysisPriorIsADistribution: the candidates' priors are the learned
// patterns' chances normalised over them, so they add up to 1 and keep
// the patterns' order.
func TestAnalysisPriorIsADistribution(t *testing.T) {
	e := New(Config{Size: 9, Seed: 1, Threads: 1, Playouts: 2000})
	for i, p := range []string{"E5", "C3", "G7"} {
		c := rules.Black
		if i%2 == 1 {
			c = rules.White
		}
		require.NoError(t, e.Play(rules.Move{Color: c, Point: pt(p)}))
	}
	s := e.Estimate(ctx, rules.White)
	require.NotNil(t, s)
	require.Greater(t, len(s.Moves), 5)
	pr := priorsOf(e.Game(), rules.White)
	total := 0.0
	for _, m := range s.Moves {
		assert.GreaterOrEqual(t, m.Prior, 0.0)
		assert.LessOrEqual(t, m.Prior, 1.0)
		total += m.Prior
	}
	assert.InDelta(t, 1, total, 1e-9, "the priors of %d candidates", len(s.Moves))
	for i := range s.Moves {
		for j := range s.Moves {
			if a, b := s.Moves[i], s.Moves[j]; pr[a.Point] > pr[b.Point] {
				assert.Greater(t, a.Prior, b.Prior, "%v before %v as the patterns say", a.Point, b.Point)
			}
		}
	}
}

func TestPriorsOf(t *testing.T) {
	pr := priors{pt("C3"): 0.3, pt("D4"): 0.1}
	cands := []search.Candidate{{Move: pt("C3")}, {Move: pt("D4")}, {Move: rules.Pass}}
	assert.InDeltaSlice(t, []float64{0.75, 0.25, 0}, pr.of(cands), 1e-12)
	assert.Equal(t, []float64{1}, pr.of([]search.Candidate{{Move: rules.Pass}}), "a pass alone has it all")
	assert.Empty(t, pr.of(nil))
}
