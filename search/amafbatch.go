package search

import "github.com/yunzi-go/yunzi/rules"

// amafBatches hold one worker's AMAF results for the children of busy
// nodes until they are due. Each simulation updates dozens of the children
// of each node on its path, and adding to them at once makes the workers
// fight over the cache lines of the nodes they all go through; held back
// until the worker has a lag-th of the node's visits, the results are
// added a batch at a time, and a node's AMAF statistics lag its own by a
// few percent, which selection hardly notices (Config.AmafLag).
type amafBatches struct {
	byNode map[*node]*amafBatch
	slots  int   // the children the batches cover, up to maxBatchSlots
	lag    int32 // Config.AmafLag
}

// amafBatch is a worker's AMAF results not yet added to the children of
// one node.
type amafBatch struct {
	stats   []amafStats  // the node's children's
	pending []amafResult // per child
	sims    int32        // the simulations gathered
	due     int32        // the simulations at which they are added
}

// amafResult is one child's AMAF results in a batch.
type amafResult struct {
	move   rules.Point // the child's, copied: the AMAF statistics' lines are shared
	visits int32
	value  int64
}

// reset drops the batches, whose results must have been added, and sets
// the lag.
func (bs *amafBatches) reset(lag int32) {
	bs.byNode, bs.slots, bs.lag = make(map[*node]*amafBatch), 0, lag
}

// batchFor returns the batch that gathers the AMAF results for ch, the
// children of n, if n is busy enough for one (2*lag visits), and nil
// otherwise: a young node's selection leans on its children's AMAF
// statistics, and its visits are too few for the workers to fight over.
func (bs *amafBatches) batchFor(n *node, ch *children) *amafBatch {
	visits := n.visits.Load()
	if len(ch.amaf) == 0 || visits < 2*bs.lag {
		return nil
	}
	b := bs.byNode[n]
	if b == nil {
		if bs.slots+len(ch.amaf) > maxBatchSlots {
			bs.flushAll()
		}
		b = &amafBatch{stats: ch.amaf, pending: make([]amafResult, len(ch.amaf))}
		for j := range ch.amaf {
			b.pending[j].move = ch.amaf[j].move
		}
		bs.byNode[n], bs.slots = b, bs.slots+len(ch.amaf)
	}
	b.due = visits / bs.lag
	return b
}

// flush adds the batch's results to the children and empties it.
func (b *amafBatch) flush() {
	prefetchAmafForWrite(b.stats)
	for j := range b.pending {
		if r := &b.pending[j]; r.visits > 0 {
			b.stats[j].visits.Add(r.visits)
			b.stats[j].value.Add(r.value)
			r.visits, r.value = 0, 0
		}
	}
	b.sims = 0
}

// flushAll adds every batch's results to the tree and drops the batches.
func (bs *amafBatches) flushAll() {
	for _, b := range bs.byNode {
		b.flush()
	}
	clear(bs.byNode)
	bs.slots = 0
}
