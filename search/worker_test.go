package search

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// searchedEmpty returns a searcher with the given threads that has
// searched the empty board of the given size for Black, and the game.
func searchedEmpty(t *testing.T, size, threads, playouts int) (*Searcher, *rules.Game) {
	g := emptyGame(t, size)
	cfg := DefaultConfig()
	cfg.Threads = threads
	s := New(cfg)
	s.Search(context.Background(), g, rules.Black, Budget{Playouts: playouts})
	return s, g
}

// Every simulation through a root child counts that child's own move in
// its AMAF statistics, so once a search is over and nothing is pending, a
// child has at least as many AMAF games as real ones.
func TestSearchLeavesNoAmafPending(t *testing.T) {
	s, _ := searchedEmpty(t, 9, 2, 3000)
	for _, w := range s.workers {
		assert.Empty(t, w.batches.byNode)
	}
	ch := s.root.loadChildren()
	require.NotNil(t, ch)
	for i := range ch.nodes {
		if k := &ch.nodes[i]; k.move != rules.Pass {
			assert.GreaterOrEqual(t, ch.amaf[i].visits.Load(), k.visits.Load(), "%v", k.move)
		}
	}
}

// A simulation's virtual losses are taken back when its result is counted:
// once the search is over, the root's children hold one visit per
// simulation.
func TestVirtualLossIsTakenBack(t *testing.T) {
	g := emptyGame(t, 9)
	cfg := DefaultConfig()
	cfg.Threads, cfg.VirtualLoss = 2, 8
	r := New(cfg).Search(context.Background(), g, rules.Black, Budget{Playouts: 2000})
	visits := 0
	for _, c := range r.Candidates {
		visits += c.Visits
	}
	assert.Equal(t, r.Playouts, visits)
}

// With two workers the budget and the root's visits are counted in blocks;
// at the end both must come out exact.
func TestClaimedCountsSettleExactly(t *testing.T) {
	g := emptyGame(t, 9)
	cfg := DefaultConfig()
	cfg.Threads = 2
	s := New(cfg)
	r := s.Search(context.Background(), g, rules.Black, Budget{Playouts: 2999})
	assert.LessOrEqual(t, r.Playouts, 2999)
	assert.Equal(t, int32(r.Playouts), s.root.visits.Load(), "the root's visits")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r = s.Search(ctx, g, rules.Black, Budget{})
	assert.Less(t, r.Playouts, 10, "a cancelled search runs next to nothing")
}

func TestClaimsNeverPassTheLimit(t *testing.T) {
	s := New(DefaultConfig())
	s.workers = []*worker{{s: s, claimBlock: 16}, {s: s, claimBlock: 16}}
	a, b := s.workers[0], s.workers[1]
	require.True(t, a.claim(40))
	require.True(t, b.claim(40))
	assert.Equal(t, int32(16), a.claimed)
	require.True(t, a.claim(40))
	assert.Equal(t, int32(8), a.claimed, "what the limit leaves")
	assert.False(t, b.claim(40))
	assert.Equal(t, int64(40), s.playouts.Load())

	// A worker that stops gives back what it did not run.
	s.root = &node{}
	a.claimed, a.rootVisits = 5, 3
	a.settleCounts()
	assert.Equal(t, int64(35), s.playouts.Load())
	assert.Equal(t, int32(3), s.root.visits.Load())
}

// Alone, a worker has no one to steer away from its line: the virtual
// loss does not change its search. (On 13x13 the parent's visits set how
// many children selection looks at, so a loss counted there would show.)
func TestVirtualLossLeavesOneThreadAlone(t *testing.T) {
	g := emptyGame(t, 13)
	cfg := DefaultConfig()
	cfg.Threads, cfg.VirtualLoss = 1, 1
	one := New(cfg).Search(context.Background(), g, rules.Black, Budget{Playouts: 1500})
	cfg.VirtualLoss = 8
	eight := New(cfg).Search(context.Background(), g, rules.Black, Budget{Playouts: 1500})
	assert.Equal(t, one.Candidates, eight.Candidates)
}

// TestSimulationsDoNotAllocate pins a simulation at zero allocations once
// the worker's scratch space is made, when it neither expands a node nor
// starts a new AMAF batch (both allocate by design, within bounds).
func TestSimulationsDoNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes allocations of its own")
	}
	for _, size := range []int{9, 19} {
		s, g := searchedEmpty(t, size, 1, 500)
		s.cfg.MaxNodes, s.cfg.AmafLag = 0, 1<<28
		w := s.workers[0]
		w.reset(g.Board(), len(s.root.childNodes()))
		n := testing.AllocsPerRun(200, w.simulate)
		assert.Zero(t, n, "%dx%d simulation: allocations", size, size)
	}
}

// constantEvaluator judges every leaf a win for Black by score points.
type constantEvaluator struct{ score float64 }

func (e constantEvaluator) evaluate(l *leaf) evaluation {
	return evaluation{blackValue: valueUnit, score: e.score, final: l.board}
}

// The worker asks its evaluator, whatever it is, for the leaves' values:
// with one that says Black always wins, every move Black tries wins and
// every move White tries loses.
func TestWorkersTakeLeafValuesFromTheirEvaluator(t *testing.T) {
	s, g := searchedEmpty(t, 9, 1, 1)
	s.Reset()
	s.workers[0].evaluator = constantEvaluator{score: 3}
	r := s.Search(context.Background(), g, rules.Black, Budget{Playouts: 400})
	require.NotEmpty(t, r.Candidates)
	for _, c := range r.Candidates {
		assert.Equal(t, 1.0, c.WinRate, "%v", c.Move)
		assert.Equal(t, 3.0, c.ScoreLead, "%v", c.Move)
	}
	assert.Equal(t, 3.0, r.ScoreLead)
	replies := 0
	nodes := s.root.childNodes()
	for i := range nodes {
		grandchildren := nodes[i].childNodes()
		for j := range grandchildren {
			if reply := &grandchildren[j]; reply.visits.Load() > 0 {
				replies++
				assert.Zero(t, reply.realWinRate(), "White's %v after %v", reply.move, nodes[i].move)
			}
		}
	}
	assert.Positive(t, replies, "the search went below the root")
}

// A search whose time is up before it starts still runs a simulation, so
// it plays the move its knowledge likes best rather than pass.
func TestSearchOutOfTimeStillChoosesAMove(t *testing.T) {
	g := emptyGame(t, 19)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := New(DefaultConfig()).Search(ctx, g, rules.Black, Budget{Hard: time.Nanosecond})
	assert.GreaterOrEqual(t, r.Playouts, 1)
	assert.NotEqual(t, rules.Pass, r.Move)
}
