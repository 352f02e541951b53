package search

import (
	"cmp"
	"context"
	"math"
	"slices"
	"sync/atomic"
	"time"

	"github.com/yunzi-go/yunzi/pattern"
	"github.com/yunzi-go/yunzi/rules"
)

// worker runs simulations on its own board with its own generator; only
// the tree is shared.
type worker struct {
	s     *Searcher
	cfg   *Config
	board *rules.Board
	large bool // the board is large: cfg.Large applies
	// scoreWeight is the margin's share of a simulation's value on this
	// board (Config.ScoreWeight, or Large's).
	scoreWeight float64
	// priorAmaf is how many times over the priors of the root's children
	// count among their AMAF games on this board (LargeBoard.PriorAmaf; 0
	// on small boards).
	priorAmaf float64
	// virtualLoss is the visits a simulation counts at each node on its
	// way down: Config.VirtualLoss with other workers, 1 alone.
	virtualLoss int32

	// rng is held by value: two generators allocated one after the other
	// share a cache line, and every draw would then stall the other worker.
	rng rules.Rand

	path []*node // root first
	// families are the children of path's nodes but the leaf, as selection
	// found them: backup reuses them rather than load each node's children
	// pointer again, from a line that other workers' visits have likely
	// taken away meanwhile.
	families []*family

	seq    []played     // the simulation's moves: the tree's, then the playout's
	hashes []positionAt // positions reached by the tree moves, for superko
	amaf   []firstPlay  // per point, who played it first in the simulation's rest
	cands  []rules.Point
	twoLib []rules.Point // at an expansion, the two-liberty answers to the last move
	moves  []rules.Point
	priors []movePrior
	ladder ladder
	// replies are the playouts' last good replies (large boards).
	replies replyTable

	// chances, at an expansion, are the learned patterns' chances that a
	// strong player picks each of w.moves.
	chances []float64

	// owner tallies the final scores and who owned each point at the end
	// of the playouts: owner[0] over all of them, owner[i+1] over those
	// through the root's child i, so the result can report the score and
	// the ownership that follow each move, not the mix of every move tried.
	owner []ownerTally
	// owed are the counts not yet added to owner: owed[0] those of slot 0,
	// owed[1] those of one root child's slot (see tally).
	owed [2]owedTally

	// batches hold this worker's AMAF results for the children of busy
	// nodes until they are due (see raveLag): each simulation updates
	// dozens of the children of each node on its path, and adding to them
	// at once makes the workers fight over the cache lines of the nodes
	// they all go through. batchSlots counts the children they cover.
	batches    map[*node]*raveBatch
	batchSlots int

	rootChild int // the root's child the simulation took, -1 if none

	// With other workers, a worker counts its simulations in the budget
	// (Searcher.playouts) and in the root's visits claimBlock at a time:
	// every worker adding to the same two counters each simulation made
	// each add wait for the line the other had just written, a quarter of
	// a microsecond on this 2-core machine. claimed is what it has claimed
	// and not yet run, rootVisits what it owes the root, and simulations
	// what it has run in this search.
	claimBlock  int32 // 1 alone, sharedClaimBlock with other workers
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
	return &worker{s: s, cfg: &s.cfg, rng: *rules.NewRand(seed)}
}

// useBoard gives the worker a board and scratch space for positions like
// b, unless it has them already.
func (w *worker) useBoard(b *rules.Board) {
	if w.board == nil || w.board.Size() != b.Size() {
		w.board = b.Clone()
		w.makeScratch(b)
	}
	w.large = b.Size() >= w.cfg.Large.MinSize
	w.scoreWeight, w.priorAmaf = w.cfg.ScoreWeight, 0
	if w.large {
		w.scoreWeight, w.priorAmaf = w.cfg.Large.ScoreWeight, w.cfg.Large.PriorAmaf
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
	// The tallies are read while the search runs (analysis), so they are
	// made in full now and only counted into later. Their counters come
	// from one allocation, for the reason makeScratch gives.
	w.owner = make([]ownerTally, children+1)
	points := len(b.Points())
	net := make([]atomic.Int32, len(w.owner)*points)
	for i := range w.owner {
		w.owner[i].net = net[i*points : (i+1)*points : (i+1)*points]
	}
	for i := range w.owed {
		// A kilobyte at least, for the reason makeScratch gives.
		w.owed[i] = owedTally{net: make([]int32, points, max(points, 1024/4))}
	}
	w.batches, w.batchSlots = make(map[*node]*raveBatch), 0
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
	w.families = make([]*family, 0, minBytes/8)
	w.seq = make([]played, 0, max(4*len(b.Points()), minBytes/4))
	w.hashes = make([]positionAt, 0, minBytes/16)
	w.cands = make([]rules.Point, 0, minBytes/2)
	w.twoLib = make([]rules.Point, 0, minBytes/2)
	w.chances = make([]float64, 0, max(len(b.Points()), minBytes/8))
	w.moves = make([]rules.Point, 0, max(len(b.Points()), minBytes/2))
	w.replies.reset(b)
}

// run simulates until the budget is spent. Each simulation first claims
// its place in the playout budget, so workers never overshoot it.
// The first worker also calls the budget's Progress function.
func (w *worker) run(ctx context.Context) {
	b := &w.s.budget
	limit := int64(b.Playouts)
	reports := b.Progress != nil && w == w.s.workers[0]
	next := time.Now().Add(b.ProgressEvery)
	defer w.flushBatches()
	defer w.payTallies()
	defer w.settleCounts()
	for !w.s.shouldStop(ctx, w) {
		if w.claimed == 0 && !w.claim(limit) {
			return
		}
		w.claimed--
		w.simulations++
		w.simulate()
		if reports && time.Now().After(next) {
			b.Progress(w.s.result(w.s.game.Board()))
			next = time.Now().Add(b.ProgressEvery)
		}
	}
}

// sharedClaimBlock is a worker's claimBlock when other workers search
// beside it.
const sharedClaimBlock = 16

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
// has been visited enough, play out, and back the result up.
func (w *worker) simulate() {
	s := w.s
	b := w.board
	b.CopyFrom(s.game.Board())
	w.path, w.families = append(w.path[:0], s.root), w.families[:0]
	w.seq, w.hashes = w.seq[:0], w.hashes[:0]
	if w.rootVisits++; w.rootVisits == w.claimBlock {
		s.root.visits.Add(w.rootVisits)
		w.rootVisits = 0
	}

	n, c, last, beforeLast := s.root, s.color, s.last, s.beforeLast
	w.rootChild = -1
	for f := n.family(); f != nil; f = n.family() {
		i := w.selectChild(n, f)
		if n == s.root {
			w.rootChild = i
		}
		w.families = append(w.families, f)
		n = &f.nodes[i]
		n.visits.Add(w.virtualLoss)
		b.PlayUnchecked(c, n.move)
		w.path = append(w.path, n)
		w.seq = append(w.seq, played{c, n.move})
		c = c.Opponent()
		w.hashes = append(w.hashes, positionAt{b.Hash(), c})
		last, beforeLast = n.move, last
	}
	// The leaf's visits count this simulation once, not its virtual loss.
	if n.visits.Load()-(w.virtualLoss-1) >= w.cfg.ExpandAfter && s.nodes.Load() < int64(w.cfg.MaxNodes) {
		w.expand(n, b, c, last, beforeLast, len(w.path))
	}
	treeMoves := len(w.seq)
	score := w.playout(b, c, beforeLast, last, s.komi)
	if w.playsReplies() && score != 0 {
		w.replies.learn(w.seq, score > 0)
	}
	w.backup(gameValue(score, b.Size(), w.scoreWeight), treeMoves, c)
	w.tally(b, score, w.rootChild)
}

// ownerTally counts playouts, sums their final scores (Black's view,
// komi included) and, per point index of Board.Points(), counts how many
// more ended with the point Black's than White's. Only its worker writes
// it; the counters are atomic so progress reports can read them.
type ownerTally struct {
	playouts atomic.Int32
	score    atomic.Uint64 // float64 bits
	net      []atomic.Int32
}

// owedTally is what a worker has counted for one slot of its owner tallies
// and not yet added to them.
type owedTally struct {
	slot     int
	playouts int32
	score    float64
	net      []int32
}

// tallyBatch is how many playouts a worker counts for a slot before it
// adds them to the shared tallies: an atomic add per point every playout
// took 2% of a 9x9 search's time.
const tallyBatch = 16

// tally counts the final board b, whose score is score, for slot 0 and,
// unless rootChild is -1, for that root child's slot. The counts are
// gathered in w.owed and added to the tallies every tallyBatch playouts,
// when another root child's slot comes, and when the worker stops
// (payTallies).
func (w *worker) tally(b *rules.Board, score float64, rootChild int) {
	all, through := &w.owed[0], &w.owed[1]
	if rootChild < 0 {
		through = nil
	} else if through.slot != rootChild+1 {
		w.pay(through)
		through.slot = rootChild + 1
	}
	for j, p := range b.Points() {
		// Which colour owns a point is a coin toss to the branch
		// predictor, so the count is arithmetic.
		owner := b.Owner(p)
		n := int32(b2i(owner == rules.Black) - b2i(owner == rules.White))
		all.net[j] += n
		if through != nil {
			through.net[j] += n
		}
	}
	w.owe(all, score)
	if through != nil {
		w.owe(through, score)
	}
}

// owe counts a playout whose final score is score in o, whose points are
// counted already, and pays o once it holds tallyBatch playouts.
func (w *worker) owe(o *owedTally, score float64) {
	o.playouts++
	o.score += score
	if o.playouts == tallyBatch {
		w.pay(o)
	}
}

// b2i returns 1 for true and 0 for false, without a branch.
func b2i(x bool) int {
	if x {
		return 1
	}
	return 0
}

// pay adds the counts o holds to their slot's tally and clears them.
func (w *worker) pay(o *owedTally) {
	if o.playouts == 0 {
		return
	}
	t := &w.owner[o.slot]
	t.playouts.Add(o.playouts)
	// With a komi of whole or half points, as komis are, the scores are
	// too, and float64 sums them exactly in any order: the total is the
	// one adding them one by one gave.
	t.score.Store(math.Float64bits(math.Float64frombits(t.score.Load()) + o.score))
	for j, n := range o.net {
		if n != 0 {
			t.net[j].Add(n)
			o.net[j] = 0
		}
	}
	o.playouts, o.score = 0, 0
}

// payTallies adds all the counts the worker owes to its tallies.
func (w *worker) payTallies() {
	for i := range w.owed {
		w.pay(&w.owed[i])
	}
}

// selectChild returns the index of the child with the best selection value.
// On large boards it looks only at the first children, those with the best
// priors, at the pass, which is the last child, and at the one child beyond
// them that AMAF promotes (see Widening).
func (w *worker) selectChild(n *node, f *family) int {
	kids, amaf := f.nodes, f.amaf
	visits := n.visits.Load()
	logParent := math.Log(float64(visits) + 1)
	moves := len(kids) - 1
	if w.large {
		moves = min(moves, w.cfg.Large.Widening.width(visits))
	}
	priorAmaf := 0.0
	if n == w.s.root {
		priorAmaf = w.priorAmaf
	}
	pass := len(kids) - 1
	best, bestValue := pass, w.ucb(&kids[pass], &amaf[pass], logParent, priorAmaf)
	for i := range kids[:moves] {
		if v := w.ucb(&kids[i], &amaf[i], logParent, priorAmaf); v > bestValue {
			best, bestValue = i, v
		}
	}
	if w.large && moves < pass && float64(visits) >= w.cfg.Large.Widening.PromoteVisits {
		if i := w.promoted(amaf[moves:pass], bestAmaf(amaf[:moves])); i >= 0 {
			if v := w.ucb(&kids[moves+i], &amaf[moves+i], logParent, priorAmaf); v > bestValue {
				best = moves + i
			}
		}
	}
	return best
}

// ucb returns the selection value of child k, whose AMAF statistics are a:
// its win rate blended with its AMAF win rate (weight beta falls as real
// visits grow, MC-RAVE), plus the UCB exploration term, if any. The prior
// counts priorAmaf times over in the AMAF win rate too: on large boards,
// for the root's children (see LargeBoard.PriorAmaf).
func (w *worker) ucb(k *node, a *amafStats, logParent, priorAmaf float64) float64 {
	v := float64(k.visits.Load()) + float64(k.prior.visits)
	q := k.winRate()
	if rv := float64(a.visits.Load()); rv > 0 {
		amaf := a.rate()
		if priorAmaf > 0 {
			amaf, rv = a.withPrior(k.prior, priorAmaf)
		}
		beta := rv / (rv + v + rv*v/w.cfg.RaveEquivalence)
		q = (1-beta)*q + beta*amaf
	}
	if w.cfg.Exploration == 0 {
		// Sparing the square root and division per child is worth 2 to 4%
		// of a 9x9 search's playouts.
		return q
	}
	return q + w.cfg.Exploration*math.Sqrt(logParent/(v+1))
}

// bestAmaf is the best AMAF win rate among the children's stats.
func bestAmaf(stats []amafStats) float64 {
	best := 0.0
	for i := range stats {
		best = max(best, stats[i].rate())
	}
	return best
}

// promoted returns the index in outside (children beyond the widening's
// width) of the one whose AMAF win rate is most surely above rate: whose
// rate less PromoteZ standard errors is highest, -1 if none is above rate.
// The standard error is taken at the largest variance a rate can have (a
// quarter): hundreds of outside children are compared, and the best of
// their AMAF noise must not let any of them in. Most children are far from
// the bound, so it is first tested in squares, without a square root.
func (w *worker) promoted(outside []amafStats, rate float64) int {
	z := w.cfg.Large.Widening.PromoteZ
	found, bestBound := -1, rate
	for i := range outside {
		rv := float64(outside[i].visits.Load())
		if rv == 0 {
			continue
		}
		amaf := outside[i].rate()
		if lead := amaf - rate; lead <= 0 || 4*lead*lead*rv <= z*z {
			continue
		}
		if bound := amaf - z*0.5/math.Sqrt(rv); bound > bestBound {
			found, bestBound = i, bound
		}
	}
	return found
}

// expand gives n its children: every legal move of c that does not fill
// an own eye and does not repeat a position (superko, against the game's
// history and the tree path), and the pass. One worker expands a node;
// the others go on with their playouts meanwhile.
func (w *worker) expand(n *node, b *rules.Board, c rules.Color, last, beforeLast rules.Point, depth int) {
	if !n.children.CompareAndSwap(nil, building) {
		return
	}
	w.moves = w.moves[:0]
	for _, p := range b.Empties() {
		if b.IsEye(c, p) || !b.IsLegal(rules.Move{Color: c, Point: p}) || w.repeats(b.HashAfter(c, p), c.Opponent()) {
			continue
		}
		w.moves = append(w.moves, p)
	}
	stones := len(b.Points()) - len(b.Empties())
	w.twoLib = w.twoLib[:0]
	if last != rules.Pass {
		w.twoLib = w.twoLibertyAnswers(w.twoLib, b, c, last)
	}
	w.priors = w.priors[:0]
	w.chances = learnedChances(b, c, last, beforeLast, w.moves, w.chances[:0])
	for i, p := range w.moves {
		w.priors = append(w.priors, movePrior{p, w.priorFor(b, c, p, w.chances[i], stones)})
	}
	if w.large {
		w.orderForWidening()
	}
	f := newFamily(len(w.moves) + 1)
	for i, mp := range w.priors {
		f.nodes[i].move, f.nodes[i].prior = mp.move, mp.prior
	}
	pass := &f.nodes[len(w.moves)]
	pass.move = rules.Pass
	pass.prior = w.passPrior(last, w.s.moveNumber+depth)
	for i := range f.nodes {
		f.amaf[i].move = f.nodes[i].move
	}
	n.children.Store(f)
	w.s.nodes.Add(int64(len(f.nodes)))
}

// learnedChances appends to chances, for each of moves, the chance the
// learned move patterns give it of being the move a strong player picks
// for c on b after last and beforeLast.
func learnedChances(b *rules.Board, c rules.Color, last, beforeLast rules.Point, moves []rules.Point, chances []float64) []float64 {
	x := pattern.Context{Board: b, Color: c, Last: last, BeforeLast: beforeLast, Patterns: pattern.Default.Patterns()}
	return pattern.Default.Chances(&x, moves, chances)
}

// orderForWidening sorts w.priors best first, for progressive widening.
// Equal priors are common (every open third-line point in the opening), so
// they are shuffled first: in the board's order, widening would favour its
// lower rows. The worker's generator keeps this reproducible.
func (w *worker) orderForWidening() {
	for i := len(w.priors) - 1; i > 0; i-- {
		j := w.rng.IntN(i + 1)
		w.priors[i], w.priors[j] = w.priors[j], w.priors[i]
	}
	slices.SortStableFunc(w.priors, func(x, y movePrior) int { return cmp.Compare(y.prior.rate(), x.prior.rate()) })
}

// repeats reports whether the position (hash, toMove) occurred in the game
// or on the simulation's path so far.
func (w *worker) repeats(hash uint64, toMove rules.Color) bool {
	situational := w.s.game.Superko == rules.Situational
	for _, h := range w.hashes {
		if h.hash == hash && (!situational || h.toMove == toMove) {
			return true
		}
	}
	return w.s.game.Repeats(hash, toMove)
}

// backup adds the game's value to Black to the nodes of the path
// and the AMAF statistics of their children: a child's move counts for its
// colour if that colour played the point first, at the child's depth or
// later in the simulation. leafColor is the colour to move at the leaf.
//
// On large boards a move played soon after the child's depth counts more
// than one played near the end of the playout (Pachi's distance RAVE):
// late moves fill the board in whatever order, while early ones still
// shape the game. The weight runs from 1 (the last move) to
// 1+Large.DistanceRave (the first).
func (w *worker) backup(blackValue int64, treeMoves int, leafColor rules.Color) {
	valueFor := func(c rules.Color) int64 {
		if c == rules.Black {
			return blackValue
		}
		return valueUnit - blackValue
	}
	// The path's nodes are asked for first, to arrive while the
	// playout's first plays are found (see prefetch.go).
	for _, n := range w.path[1:] {
		prefetchNodeForWrite(n)
	}
	clear(w.amaf)
	length := len(w.seq)
	for i := length - 1; i >= treeMoves; i-- {
		if m := w.seq[i]; m.point != rules.Pass {
			w.amaf[m.point] = firstPlay{m.color, int32(i)}
		}
	}
	for i, m := range w.seq[:treeMoves] {
		w.path[i+1].value.Add(valueFor(m.color))
		if w.virtualLoss > 1 { // the one visit stays
			w.path[i+1].visits.Add(1 - w.virtualLoss)
		}
	}
	distance := int32(0)
	if w.large {
		distance = int32(w.cfg.Large.DistanceRave)
	}
	// Level i is the node path[i], whose children are moves of colour c
	// played at w.seq[i].
	c := leafColor
	for i := treeMoves; i >= 0; i-- {
		if i < treeMoves {
			m := w.seq[i]
			c = m.color
			if m.point != rules.Pass {
				w.amaf[m.point] = firstPlay{m.color, int32(i)}
			}
		}
		v := valueFor(c)
		span := int32(length - i)
		var f *family
		if i < len(w.families) {
			f = w.families[i]
		} else if f = w.path[i].family(); f == nil { // the leaf, maybe expanded by now
			continue
		}
		if batch := w.batchFor(w.path[i], f); batch != nil {
			for j := range batch.pending {
				r := &batch.pending[j]
				if weight := w.amafWeight(r.move, c, i, span, distance); weight > 0 {
					r.visits += weight
					r.value += int64(weight) * v
				}
			}
			if batch.sims++; batch.sims >= batch.due {
				batch.flush()
			}
			continue
		}
		prefetchAmafForWrite(f.amaf)
		for j := range f.amaf {
			a := &f.amaf[j]
			if weight := w.amafWeight(a.move, c, i, span, distance); weight > 0 {
				a.visits.Add(weight)
				a.value.Add(int64(weight) * v)
			}
		}
	}
}

// amafWeight is the AMAF weight that move m, a child of the node at depth
// i of the simulation, gets for colour c: 0 unless c played m first at
// depth i or later. span is the number of moves from depth i to the end.
func (w *worker) amafWeight(m rules.Point, c rules.Color, i int, span, distance int32) int32 {
	if m == rules.Pass {
		return 0
	}
	first := w.amaf[m]
	if first.color != c {
		return 0
	}
	if distance == 0 { // small boards skip the division
		return 1
	}
	return raveWeight(distance, first.at-int32(i), span)
}

// movePrior is a move and its prior, while a node's children are made.
type movePrior struct {
	move  rules.Point
	prior prior
}

// raveWeight is the AMAF weight of a move played `after` moves into the
// span moves from a node's children to the end of the simulation:
// 1+distance for the first of them, falling linearly to 1 for the last.
func raveWeight(distance, after, span int32) int32 {
	return 1 + distance*(span-after)/span
}

// firstPlay is the colour that played a point first in the rest of a
// simulation, and the index in the simulation's moves where it did.
type firstPlay struct {
	color rules.Color
	at    int32
}

// raveLag bounds how late a busy node's children get their AMAF results
// from a worker: the worker adds them to the nodes once it holds those of
// a raveLag-th of the node's visits, so a node's AMAF statistics lag its
// own by a few percent, which selection hardly notices (in 9x9 self-play
// at 3000 playouts a move, one thread, this won 102 of 200 games against
// batching the first two levels every 16 simulations). A node visited
// less than twice raveLag times gets them at once: a young node's
// selection leans on them, and its visits are too few for the workers to
// fight over. With two threads on empty 9x9, the search went from 0.80 to
// 0.87 times the playouts of two one-thread searches run at once in
// separate processes; on 19x19 from 0.89 to 0.91.
//
// Batching the real results of a busy node's children as well, each
// worker's selection counting the ones it owes, gained nothing: with two
// threads on empty 9x9 the search ran 1.74 and 1.75 times one thread's
// playouts where the same rounds gave 1.79 and 1.82 without it; batching
// only from 1024 visits on, 1.77 and 1.82 where those rounds gave 1.88
// and 1.74. A likely cause: without each
// other's virtual losses near the root, the workers follow one line
// further down, into nodes too young to batch.
//
// What sharing still costs, from CPU samples (perf, empty 9x9, one thread
// for 10 s against two for 5 s): two workers spent 2.6% more CPU time a
// playout than one, 2.2 points of it in backup, 1.3 microseconds a
// simulation: batch flushes 0.45, direct AMAF adds to young nodes 0.36,
// the path's results 0.29, reloading the path's families 0.2 (since spared:
// see worker.families). The adds and flushes are as many a simulation
// with two workers as with one (54 and 21), so the cost is that of lines
// the other worker has read or written since: handing a line from one
// core to the other takes 235-280 ns on this VM.
//
// Later (perf, empty 9x9, two threads on one tree against two one-thread
// searches on trees of their own, 9 one-second runs each, alternating):
// the tree's code took 30.5 samples a thousand playouts against 24.5, the
// playouts' code the same. Backup took 3.9 of the 6 more: the path's
// results 1.5, batch flushes 1.3, direct AMAF adds 1.1. A raveLag of 8 or
// 4 (fewer, larger flushes; batches from 16 or 8 visits) took 1.5 and 2.5
// samples off the tree's 33.7 with two threads, about 1% of all. In 9x9
// self-play with two threads at 0.3 s a move, 8 won 55 of 100 games
// against 32 (Wilson 45.2-64.4%). Not kept: the gain is too small to see
// in the bench's spread, and 19x19 is unmeasured.
//
// Since then backup asks for all the lines it will add to before adding
// (see prefetch.go), which took most of that away: with two threads
// on empty 9x9, backup took 0.149 samples per sample of the rules
// package, against 0.203 before and 0.136 for two one-thread searches at
// once. Of the tree's code, selection's reads of lines the other worker
// wrote then cost the most: on the 9x9 mid-game position, ucb took 0.111
// against 0.097 for one thread on a tree of the same size. Neither
// asking for selection's lines ahead nor adding the virtual losses once
// the leaf is reached, their lines asked for at once, saved more than it
// cost.
//
// But the cost is in no one place. Against two one-thread searches of the
// same tree size (perf, 6 to 10 alternating runs each), two workers on
// one tree spent 2 to 4% more CPU time a playout, spread over all the
// code, the rules package's included. It was the same with a virtual
// loss of 1 or 128, and with each worker kept to its own half of the
// root's children it fell by about a point: the nodes both workers
// pass through, the root's among them, cost no more than that.
const raveLag = 32

// maxBatchSlots bounds a worker's batches, counted in children: past it,
// they are all added to the tree and dropped.
const maxBatchSlots = 1 << 16

// raveBatch is a worker's AMAF results not yet added to the children of
// one node.
type raveBatch struct {
	stats   []amafStats  // the node's children's
	pending []raveResult // per child
	sims    int32        // the simulations gathered
	due     int32        // the simulations at which they are added
}

// raveResult is one child's AMAF results in a batch.
type raveResult struct {
	move   rules.Point // the child's, copied: the AMAF statistics' lines are shared
	visits int32
	value  int64
}

// flush adds the batch's results to the children and empties it.
func (b *raveBatch) flush() {
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

// batchFor returns the batch that gathers the AMAF results for f, the
// children of n, if n is busy enough for one (see raveLag), and nil
// otherwise.
func (w *worker) batchFor(n *node, f *family) *raveBatch {
	visits := n.visits.Load()
	if len(f.amaf) == 0 || visits < 2*raveLag {
		return nil
	}
	b := w.batches[n]
	if b == nil {
		if w.batchSlots+len(f.amaf) > maxBatchSlots {
			w.flushBatches()
		}
		b = &raveBatch{stats: f.amaf, pending: make([]raveResult, len(f.amaf))}
		for j := range f.amaf {
			b.pending[j].move = f.amaf[j].move
		}
		w.batches[n], w.batchSlots = b, w.batchSlots+len(f.amaf)
	}
	b.due = visits / raveLag
	return b
}

// flushBatches adds every batch's results to the tree and drops the
// batches.
func (w *worker) flushBatches() {
	for _, b := range w.batches {
		b.flush()
	}
	clear(w.batches)
	w.batchSlots = 0
}
