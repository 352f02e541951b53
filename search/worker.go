package search

import (
	"context"
	"time"

	"github.com/yunzi-go/yunzi/rules"
)

// worker runs simulations on its own board with its own generator; only
// the tree is shared. A simulation goes down the tree (select.go),
// expands the leaf it reaches (expand.go), has the leaf judged by the
// evaluator (the playouts, policy.go), backs the value up (backup.go,
// amafbatch.go) and counts who owned the board at the end (tally.go).
type worker struct {
	s     *Searcher
	cfg   *Config
	board *rules.Board
	large bool // the board is large: cfg.Large applies
	// priorAmaf is how many times over the priors of the root's children
	// count among their AMAF games on this board (LargeBoard.PriorAmaf; 0
	// on small boards).
	priorAmaf float64
	// virtualLoss is the visits a simulation counts at each node on its
	// way down: Config.VirtualLoss with other workers, 1 alone.
	virtualLoss int32

	// policy plays the playouts, and holds the worker's generator;
	// evaluator judges the leaves (the policy).
	policy    playoutPolicy
	evaluator evaluator
	// pw is the worker's state in the search with a network, nil in the
	// classic search.
	pw *puctWorker

	// The simulation in progress: the nodes it went through, root first;
	// the children of each but the leaf, as selection found them (backup
	// reuses them rather than load each node's children again, from a
	// line other workers' visits have likely taken away meanwhile); the
	// positions its tree moves reached, for superko; the root's child it
	// took (-1 if none); and its moves, the tree's then the playout's.
	path         []*node
	pathChildren []*children
	hashes       []positionAt
	rootChild    int
	seq          []played
	leaf         leaf // the evaluator's argument, kept here so that it is not allocated

	scratch expansionScratch // the expansion's lists
	amaf    []firstPlay      // per point, who played it first in the simulation's rest
	batches amafBatches      // AMAF results held back from busy nodes
	tallies ownerTallies     // who owned the board at the end of the playouts

	// With other workers, a worker counts its simulations in the budget
	// (Searcher.playouts) and in the root's visits claimBlock at a time
	// (see sharedClaimBlock). claimed is what it has claimed and not yet
	// run, rootVisits what it owes the root, and simulations what it has
	// run in this search.
	claimBlock  int32
	claimed     int32
	rootVisits  int32
	simulations int64

	// The workers are allocated one after the other; the padding keeps
	// the fields one writes on every simulation off the cache lines of the
	// next one's.
	_ [64]byte
}

// positionAt is a position of the simulation's tree part.
type positionAt struct {
	hash   uint64
	toMove rules.Color
}

func newWorker(s *Searcher, seed uint64) *worker {
	w := &worker{s: s, cfg: &s.cfg, policy: newPlayoutPolicy(&s.cfg, seed)}
	w.evaluator = &w.policy
	return w
}

// useBoard gives the worker a board and scratch space for positions like
// b, unless it has them already.
func (w *worker) useBoard(b *rules.Board) {
	resize := w.board == nil || w.board.Size() != b.Size()
	if resize {
		w.board = b.Clone()
		w.makeScratch(b)
	}
	w.policy.useBoard(b, resize)
	w.large = w.cfg.isLarge(b.Size())
	w.priorAmaf = 0
	if w.large {
		w.priorAmaf = w.cfg.Large.PriorAmaf
	}
}

// reset prepares the worker for a search from the position b whose root
// has the given number of children.
func (w *worker) reset(b *rules.Board, children int) {
	w.useBoard(b)
	w.virtualLoss, w.claimBlock = 1, 1
	if len(w.s.workers) > 1 {
		w.virtualLoss, w.claimBlock = max(w.cfg.VirtualLoss, 1), sharedClaimBlock
	}
	w.claimed, w.rootVisits, w.simulations = 0, 0, 0
	w.tallies.reset(len(b.Points()), children)
	w.batches.reset(w.cfg.AmafLag)
}

// makeScratch makes the slices a simulation writes, for boards like b.
// Each is made at least a kilobyte large: from that size on, Go's
// allocator hands out blocks in whole 64-byte cache lines, so the slices
// of two workers never share a line (small ones would, and every write
// would stall the other worker).
func (w *worker) makeScratch(b *rules.Board) {
	const minBytes = 1024
	n := int(rules.PointAt(b.Size(), b.Size())) + 1
	w.amaf = make([]firstPlay, n, max(n, minBytes/8))
	w.path = make([]*node, 0, minBytes/8)
	w.pathChildren = make([]*children, 0, minBytes/8)
	w.seq = make([]played, 0, max(4*len(b.Points()), minBytes/4))
	w.hashes = make([]positionAt, 0, minBytes/16)
	w.scratch.make(b, minBytes)
}

// run simulates until the budget is spent. Each simulation first claims
// its place in the playout budget, so workers never overshoot it. A
// worker runs one simulation at least, even past its deadline, so that a
// search cut short still chooses from the best prior rather than pass.
// The first worker also calls the budget's Progress function.
func (w *worker) run(ctx context.Context) {
	b := &w.s.budget
	limit := int64(b.Playouts)
	reports := b.Progress != nil && w == w.s.workers[0]
	next := time.Now().Add(b.ProgressEvery)
	defer w.batches.flushAll()
	defer w.tallies.payAll()
	defer w.settleCounts()
	for w.simulations == 0 || !w.s.shouldStop(ctx, w) {
		if w.claimed == 0 && !w.claim(limit) {
			return
		}
		w.claimed--
		w.simulations++
		if w.pw != nil {
			w.simulatePUCT()
		} else {
			w.simulate()
		}
		if reports && time.Now().After(next) {
			b.Progress(w.s.result(w.s.game.Board()))
			next = time.Now().Add(b.ProgressEvery)
		}
	}
}

// claim takes the next claimBlock simulations of the budget, or as many
// as the playout limit (0 for none) leaves, and reports whether it got any.
func (w *worker) claim(limit int64) bool {
	n, block := w.s.playouts.Add(int64(w.claimBlock)), w.claimBlock
	if limit > 0 && n > limit {
		over := int32(min(n-limit, int64(block)))
		w.s.playouts.Add(-int64(over))
		block -= over
	}
	w.claimed = block
	return block > 0
}

// settleCounts gives back the simulations the worker claimed and did not
// run, and adds the visits it owes the root.
func (w *worker) settleCounts() {
	w.s.playouts.Add(-int64(w.claimed))
	w.s.root.visits.Add(w.rootVisits)
	w.claimed, w.rootVisits = 0, 0
}

// simulate runs one simulation: down the tree to a leaf, expand it if it
// has been visited enough, have the evaluator judge it, and back the
// result up.
func (w *worker) simulate() {
	s := w.s
	b := w.board
	b.CopyFrom(s.game.Board())
	w.countRootVisit()
	c, last, beforeLast := w.descend(b)
	n := w.path[len(w.path)-1]
	// The leaf's visits count this simulation once, not its virtual loss.
	if n.visits.Load()-(w.virtualLoss-1) >= w.cfg.ExpandAfter && s.nodes.Load() < int64(w.cfg.MaxNodes) {
		w.expand(n, b, c, last, beforeLast, len(w.path))
	}
	treeMoves := len(w.seq)
	w.leaf = leaf{board: b, toMove: c, last: last, beforeLast: beforeLast, komi: s.komi, seq: w.seq}
	e := w.evaluator.evaluate(&w.leaf)
	w.seq = w.leaf.seq
	w.backup(e.blackValue, treeMoves, c)
	w.tallies.count(e.final, e.score, w.rootChild)
}

// countRootVisit counts the simulation among the root's visits, claimBlock
// at a time.
func (w *worker) countRootVisit() {
	if w.rootVisits++; w.rootVisits == w.claimBlock {
		w.s.root.visits.Add(w.rootVisits)
		w.rootVisits = 0
	}
}

// descend plays the tree's moves on b from the root to a leaf, selecting
// a child at each node and counting the virtual loss on it, and records
// the path. It returns the colour to move at the leaf and the last two
// moves before it.
func (w *worker) descend(b *rules.Board) (c rules.Color, last, beforeLast rules.Point) {
	s := w.s
	w.path, w.pathChildren = append(w.path[:0], s.root), w.pathChildren[:0]
	w.seq, w.hashes = w.seq[:0], w.hashes[:0]
	n, c, last, beforeLast := s.root, s.color, s.last, s.beforeLast
	w.rootChild = -1
	for ch := n.loadChildren(); ch != nil; ch = n.loadChildren() {
		i := w.selectChild(n, ch)
		if n == s.root {
			w.rootChild = i
		}
		w.pathChildren = append(w.pathChildren, ch)
		n = &ch.nodes[i]
		n.visits.Add(w.virtualLoss)
		b.PlayUnchecked(c, n.move)
		w.path = append(w.path, n)
		w.seq = append(w.seq, played{c, n.move})
		c = c.Opponent()
		w.hashes = append(w.hashes, positionAt{b.Hash(), c})
		last, beforeLast = n.move, last
	}
	return c, last, beforeLast
}
