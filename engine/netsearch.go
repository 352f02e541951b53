package engine

import (
	"math"
	"sync"
	"sync/atomic"

	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// netSearch adapts a KataGo network to the search (search.Network): each
// worker gets an evaluator of its own, and all share a cache of
// evaluations.
type netSearch struct {
	model *nn.Model
	cache *evalCache
	evals atomic.Int64 // the network's evaluations, the cache's hits aside
}

// newNetSearch returns the search's view of m, with a cache of the given
// number of evaluations.
func newNetSearch(m *nn.Model, cacheSize int) *netSearch {
	return &netSearch{model: m, cache: newEvalCache(cacheSize)}
}

// NewSearchNetwork returns m as the search sees it (search.Network), as a
// player made by NewNetworkPlayer searches with it: an evaluator a worker
// and a cache they share. `yunzi bench` times searches with it.
func NewSearchNetwork(m *nn.Model) search.Network { return newNetSearch(m, evalCacheSize) }

// NewEvaluator implements search.Network.
func (n *netSearch) NewEvaluator(seed uint64) search.LeafEvaluator {
	return &netEvaluator{eval: n.model.NewEvaluator(), cache: n.cache, evals: &n.evals, rng: rules.NewRand(seed)}
}

// netEvaluator evaluates positions for one worker: the network's inputs
// as nn.Featurizer computes them from the game, one of the eight
// symmetries drawn at random from the worker's generator, and the outputs
// turned to the search's view.
type netEvaluator struct {
	eval  nn.Evaluator
	feat  nn.Featurizer
	in    nn.Input
	out   nn.Output
	cache *evalCache
	evals *atomic.Int64
	rng   *rules.Rand
}

// Evaluate implements search.LeafEvaluator. The cache is keyed by the
// network's inputs themselves, a hash of every plane and global value and
// of the legal moves: they are everything the outputs depend on (the
// position, the player to move, ko and superko bans, the last five moves,
// komi), so a position reached by another order of moves shares its
// evaluation exactly when the network would see no difference.
func (e *netEvaluator) Evaluate(g *rules.Game, out *search.NetOutput) {
	if err := e.feat.Fill(g, &e.in); err != nil {
		uniform(g, out)
		return
	}
	key := inputKey(&e.in)
	if e.cache.get(key, out) {
		return
	}
	e.eval.Evaluate(&e.in, e.rng.IntN(nn.NumSymmetries), &e.out)
	e.evals.Add(1)
	toSearch(g.Board(), &e.out, out)
	e.cache.put(key, out)
}

// toSearch turns the network's outputs o for board b into the search's
// view: policy by point, values to Black.
func toSearch(b *rules.Board, o *nn.Output, out *search.NetOutput) {
	size := b.Size()
	out.Policy = resizeZero(out.Policy, int(rules.PointAt(size-1, size-1))+1)
	for i, p := range o.Policy {
		out.Policy[nn.PointOf(i, size)] = p
	}
	out.PassPolicy = o.PolicyPass
	out.BlackWin = float64(o.WhiteLoss) + float64(o.NoResult)/2
	out.BlackScore, out.BlackLead = -float64(o.WhiteScoreSelfplay), -float64(o.WhiteLead)
	out.BlackScoreSq = float64(o.WhiteScoreSelfplaySq)
	out.Ownership = out.Ownership[:0]
	for _, p := range b.Points() {
		out.Ownership = append(out.Ownership, -o.WhiteOwnership[nn.Index(p, size)])
	}
}

// uniform gives out an even judgement of g: every empty point alike, an
// even game, no owner. It stands in for the network where the position
// has no player to move, which a search never reaches.
func uniform(g *rules.Game, out *search.NetOutput) {
	b := g.Board()
	size := b.Size()
	out.Policy = resizeZero(out.Policy, int(rules.PointAt(size-1, size-1))+1)
	for _, p := range b.Empties() {
		out.Policy[p] = 1
	}
	out.PassPolicy, out.BlackWin, out.BlackScore, out.BlackLead, out.BlackScoreSq = 1, 0.5, 0, 0, 0
	out.Ownership = resizeZero(out.Ownership, len(b.Points()))
}

// resizeZero returns s with n zero elements, reusing its array if it can.
func resizeZero(s []float32, n int) []float32 {
	if cap(s) < n {
		return make([]float32, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// inputKey hashes the network's inputs (FNV-1a over their bits).
func inputKey(in *nn.Input) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	mix := func(v uint64) { h = (h ^ v) * prime }
	mix(uint64(in.Size))
	mix(uint64(in.ToMove))
	for _, f := range in.Spatial {
		mix(uint64(math.Float32bits(f)))
	}
	for _, f := range in.Global {
		mix(uint64(math.Float32bits(f)))
	}
	for i, l := range in.Legal {
		if l {
			mix(uint64(i))
		}
	}
	return h
}

// evalCache holds the latest evaluations, at most a fixed number, the
// oldest replaced first; its entries' slices are reused, so that it stops
// allocating once full. It is safe for concurrent use.
type evalCache struct {
	mu      sync.Mutex
	index   map[uint64]int
	entries []cacheEntry
	next    int // the entry to replace next
}

type cacheEntry struct {
	key  uint64
	used bool
	out  search.NetOutput
}

// newEvalCache returns a cache of size evaluations; with size 0 it
// keeps none.
func newEvalCache(size int) *evalCache {
	return &evalCache{index: make(map[uint64]int, size), entries: make([]cacheEntry, size)}
}

// get copies the evaluation of key to out and reports whether there was
// one.
func (c *evalCache) get(key uint64, out *search.NetOutput) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	i, ok := c.index[key]
	if ok {
		out.CopyFrom(&c.entries[i].out)
	}
	return ok
}

// put keeps a copy of out as the evaluation of key.
func (c *evalCache) put(key uint64, out *search.NetOutput) {
	if len(c.entries) == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.index[key]; ok {
		return
	}
	e := &c.entries[c.next]
	if e.used {
		delete(c.index, e.key)
	}
	e.key, e.used = key, true
	e.out.CopyFrom(out)
	c.index[key] = c.next
	c.next = (c.next + 1) % len(c.entries)
}
