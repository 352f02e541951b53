package engine

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/analysis"
	"github.com/yunzi-go/yunzi/internal/nntest"
	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// With a network, the snapshots an analysis reports while it runs (what
// lz-analyze and kata-analyze print) give each candidate the network's
// policy as its prior, as the final one does, not the learned patterns'
// chances: within the spread of the policy over the 8 symmetries, of
// which the search evaluates one.
func TestNetworkAnalysisProgressPriorsArePolicy(t *testing.T) {
	e := New(Config{Size: 9, Seed: 1, Threads: 1, Model: nntest.Tiny()})
	for i, p := range []string{"E5", "C4", "E3"} {
		c := rules.Black
		if i%2 == 1 {
			c = rules.White
		}
		require.NoError(t, e.Play(rules.Move{Color: c, Point: pt(p)}))
	}
	lo, hi := map[rules.Point]float64{}, map[rules.Point]float64{}
	var out nn.Output
	for s := range nn.NumSymmetries {
		require.NoError(t, e.RawNN(s, &out))
		for i, prob := range out.Policy {
			p := nn.PointOf(i, 9)
			if s == 0 || float64(prob) < lo[p] {
				lo[p] = float64(prob)
			}
			if s == 0 || float64(prob) > hi[p] {
				hi[p] = float64(prob)
			}
		}
	}

	var (
		mu    sync.Mutex
		snaps []*analysis.Snapshot
	)
	actx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	e.Analyze(actx, rules.White, 5*time.Millisecond, func(s *analysis.Snapshot) {
		mu.Lock()
		defer mu.Unlock()
		snaps = append(snaps, s)
	})
	mu.Lock()
	defer mu.Unlock()
	require.NotEmpty(t, snaps, "progress reports")
	for _, s := range snaps {
		total := 0.0
		for _, m := range s.Moves {
			if m.Point == rules.Pass {
				continue
			}
			assert.GreaterOrEqual(t, m.Prior, lo[m.Point]-1e-4, "%v", m.Point)
			assert.LessOrEqual(t, m.Prior, hi[m.Point]+1e-4, "%v", m.Point)
			total += m.Prior
		}
		assert.LessOrEqual(t, total, 1+1e-6)
	}
}

// snapshotOf takes a network's priors as they are, and otherwise the
// patterns' chances normalised over the candidates.
func TestSnapshotPriors(t *testing.T) {
	b := rules.NewBoard(9)
	cands := []search.Candidate{{Move: pt("E5"), Visits: 3, Prior: 0.3}, {Move: pt("C3"), Visits: 1, Prior: 0.1}}
	pr := priors{pt("E5"): 0.02, pt("C3"): 0.06}
	s := snapshotOf(&search.Result{Candidates: cands, PolicyPriors: true}, b, pr)
	assert.Equal(t, []float64{0.3, 0.1}, []float64{s.Moves[0].Prior, s.Moves[1].Prior}, "the network's")
	s = snapshotOf(&search.Result{Candidates: cands}, b, pr)
	assert.InDelta(t, 0.25, s.Moves[0].Prior, 1e-12, "the patterns', normalised")
	assert.InDelta(t, 0.75, s.Moves[1].Prior, 1e-12)
}
