package search

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// busyNode returns a node with the given visits and three children.
func busyNode(visits int32) (*node, *children) {
	n := &node{}
	ch := newChildren(3)
	n.children.Store(ch)
	n.visits.Store(visits)
	return n, ch
}

func TestYoungNodesGetTheirAmafAtOnce(t *testing.T) {
	var bs amafBatches
	bs.reset(DefaultConfig().AmafLag)
	lag := bs.lag
	n, ch := busyNode(2*lag - 1)
	assert.Nil(t, bs.batchFor(n, ch))
	assert.Empty(t, bs.byNode)
}

func TestAmafBatchIsDueAfterItsShareOfVisits(t *testing.T) {
	var bs amafBatches
	bs.reset(DefaultConfig().AmafLag)
	lag := bs.lag
	n, ch := busyNode(10 * lag)
	b := bs.batchFor(n, ch)
	require.NotNil(t, b)
	assert.Equal(t, int32(10), b.due, "a lag-th of the node's visits")
	assert.Same(t, b, bs.batchFor(n, ch), "one batch per node")

	b.pending[1] = amafResult{visits: 3, value: 2 * valueUnit}
	b.flush()
	assert.Equal(t, int32(3), ch.amaf[1].visits.Load())
	assert.Equal(t, int64(2*valueUnit), ch.amaf[1].value.Load())
	assert.Equal(t, amafResult{}, b.pending[1], "flushed results are not added twice")
	b.flush()
	assert.Equal(t, int32(3), ch.amaf[1].visits.Load())
}

func TestAmafBatchesAreBounded(t *testing.T) {
	var bs amafBatches
	bs.reset(DefaultConfig().AmafLag)
	lag := bs.lag
	first, firstChildren := busyNode(100 * lag)
	bs.batchFor(first, firstChildren).pending[0] = amafResult{visits: 1, value: valueUnit}
	for bs.slots+3 <= maxBatchSlots {
		n, ch := busyNode(100 * lag)
		bs.batchFor(n, ch)
	}
	n, ch := busyNode(100 * lag)
	bs.batchFor(n, ch)
	assert.Len(t, bs.byNode, 1, "past the bound the batches are dropped")
	assert.Equal(t, int32(1), firstChildren.amaf[0].visits.Load(), "and their results added to the tree first")
}
