package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// busyNode returns a node with the given visits and three children.
func busyNode(visits int32) (*node, *family) {
	n := &node{}
	f := newFamily(3)
	n.children.Store(f)
	n.visits.Store(visits)
	return n, f
}

func TestYoungNodesGetTheirAmafAtOnce(t *testing.T) {
	w := &worker{batches: make(map[*node]*raveBatch)}
	n, f := busyNode(2*raveLag - 1)
	assert.Nil(t, w.batchFor(n, f))
	assert.Empty(t, w.batches)
}

func TestRaveBatchIsDueAfterItsShareOfVisits(t *testing.T) {
	w := &worker{batches: make(map[*node]*raveBatch)}
	n, f := busyNode(10 * raveLag)
	b := w.batchFor(n, f)
	require.NotNil(t, b)
	assert.Equal(t, int32(10), b.due, "a raveLag-th of the node's visits")
	assert.Same(t, b, w.batchFor(n, f), "one batch per node")

	b.pending[1] = raveResult{visits: 3, value: 2 * valueUnit}
	b.flush()
	assert.Equal(t, int32(3), f.amaf[1].visits.Load())
	assert.Equal(t, int64(2*valueUnit), f.amaf[1].value.Load())
	assert.Equal(t, raveResult{}, b.pending[1], "flushed results are not added twice")
	b.flush()
	assert.Equal(t, int32(3), f.amaf[1].visits.Load())
}

func TestRaveBatchesAreBounded(t *testing.T) {
	w := &worker{batches: make(map[*node]*raveBatch)}
	first, firstFamily := busyNode(100 * raveLag)
	w.batchFor(first, firstFamily).pending[0] = raveResult{visits: 1, value: valueUnit}
	for w.batchSlots+3 <= maxBatchSlots {
		n, f := busyNode(100 * raveLag)
		w.batchFor(n, f)
	}
	n, f := busyNode(100 * raveLag)
	w.batchFor(n, f)
	assert.Len(t, w.batches, 1, "past the bound the batches are dropped")
	assert.Equal(t, int32(1), firstFamily.amaf[0].visits.Load(), "and their results added to the tree first")
}

// Every simulation through a root child counts that child's own move in
// its AMAF statistics, so once a search is over and nothing is pending, a
// child has at least as many AMAF games as real ones.
func TestSearchLeavesNoAmafPending(t *testing.T) {
	g := emptyGame(t, 9)
	cfg := DefaultConfig()
	cfg.Threads = 2
	s := New(cfg)
	s.Search(context.Background(), g, rules.Black, Budget{Playouts: 3000})
	for _, w := range s.workers {
		assert.Empty(t, w.batches)
	}
	f := s.root.family()
	require.NotNil(t, f)
	for i := range f.nodes {
		if k := &f.nodes[i]; k.move != rules.Pass {
			assert.GreaterOrEqual(t, f.amaf[i].visits.Load(), k.visits.Load(), "%v", k.move)
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
