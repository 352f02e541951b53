package search

import (
	"math"
	"sync/atomic"

	"github.com/yunzi-go/yunzi/rules"
)

// ownerTallies are one worker's counts of the playouts' final positions:
// slots[0] over all of them, slots[i+1] over those through the root's
// child i, so the result can report the score and the ownership that
// follow each move, not the mix of every move tried. Counts are gathered
// in owed first and added to the slots tallyBatch playouts at a time: an
// atomic add per point every playout would cost the search a noticeable
// share of its time.
type ownerTallies struct {
	slots []ownerTally
	// owed are the counts not yet added: owed[0] those of slot 0, owed[1]
	// those of one root child's slot.
	owed [2]owedTally
}

// ownerTally counts playouts, sums their final scores (Black's view,
// komi included) and the scores' squares and, per point index of
// Board.Points(), counts how many more ended with the point Black's than
// White's. Only its worker writes it; the counters are atomic so progress
// reports can read them. The search with a network plays no playouts: it
// counts there, when asked (Budget.MovesOwnership), its leaves'
// ownership in netOwnershipUnit (see countLeaf).
type ownerTally struct {
	playouts atomic.Int32
	score    atomic.Uint64 // float64 bits
	squares  atomic.Uint64 // float64 bits
	net      []atomic.Int32
}

// netOwnershipUnit is the fixed-point unit in which the search with a
// network counts a leaf's ownership, from -1 to 1, in a tally.
const netOwnershipUnit = 256

// owedTally is what a worker has counted for one slot and not yet added
// to its tally.
type owedTally struct {
	slot     int
	playouts int32
	score    float64
	squares  float64
	net      []int32
}

// reset makes the tallies anew for boards of the given number of points
// and a root with the given number of children. The tallies are read while
// the search runs (analysis), so they are made in full now and only
// counted into later. Their counters come from one allocation, and the
// owed counts are a kilobyte at least, for the reason worker.makeScratch
// gives.
func (t *ownerTallies) reset(points, children int) {
	t.slots = make([]ownerTally, children+1)
	net := make([]atomic.Int32, len(t.slots)*points)
	for i := range t.slots {
		t.slots[i].net = net[i*points : (i+1)*points : (i+1)*points]
	}
	for i := range t.owed {
		t.owed[i] = owedTally{net: make([]int32, points, max(points, 1024/4))}
	}
}

// count counts the final board b, whose score is score, for slot 0 and,
// unless rootChild is -1, for that root child's slot. The counts are paid
// every tallyBatch playouts, when another root child's slot comes, and
// when the worker stops (payAll).
func (t *ownerTallies) count(b *rules.Board, score float64, rootChild int) {
	all, through := &t.owed[0], &t.owed[1]
	if rootChild < 0 {
		through = nil
	} else if through.slot != rootChild+1 {
		t.pay(through)
		through.slot = rootChild + 1
	}
	for j, p := range b.Points() {
		// Which colour owns a point is a coin toss to the branch
		// predictor, so the count is arithmetic.
		n := int32(b.Owner(p).Sign())
		all.net[j] += n
		if through != nil {
			through.net[j] += n
		}
	}
	t.owe(all, score)
	if through != nil {
		t.owe(through, score)
	}
}

// owe counts a playout whose final score is score in o, whose points are
// counted already, and pays o once it holds tallyBatch playouts.
func (t *ownerTallies) owe(o *owedTally, score float64) {
	o.playouts++
	o.score += score
	o.squares += score * score
	if o.playouts == tallyBatch {
		t.pay(o)
	}
}

// pay adds the counts o holds to their slot's tally and clears them.
func (t *ownerTallies) pay(o *owedTally) {
	if o.playouts == 0 {
		return
	}
	s := &t.slots[o.slot]
	s.playouts.Add(o.playouts)
	// With a komi of whole or half points, as komis are, the scores are
	// too (and their squares quarter points), and float64 sums them
	// exactly in any order: the total is the one adding them one by one
	// gave.
	s.score.Store(math.Float64bits(math.Float64frombits(s.score.Load()) + o.score))
	s.squares.Store(math.Float64bits(math.Float64frombits(s.squares.Load()) + o.squares))
	for j, n := range o.net {
		if n != 0 {
			s.net[j].Add(n)
			o.net[j] = 0
		}
	}
	o.playouts, o.score, o.squares = 0, 0, 0
}

// payAll adds all the counts owed to the tallies.
func (t *ownerTallies) payAll() {
	for i := range t.owed {
		t.pay(&t.owed[i])
	}
}

// countLeaf counts, in the slot of the root's child rootChild alone, the
// ownership of a leaf of the search with a network: the network's own
// (per point of Board.Points(), +1 Black's) or, for a game that ended
// there (own nil), the final board b's owners.
func (t *ownerTallies) countLeaf(b *rules.Board, own []float32, rootChild int) {
	if rootChild+1 >= len(t.slots) {
		return
	}
	s := &t.slots[rootChild+1]
	if own == nil {
		for j, p := range b.Points() {
			s.net[j].Add(int32(b.Owner(p).Sign()) * netOwnershipUnit)
		}
	} else {
		for j := range s.net[:min(len(own), len(s.net))] {
			s.net[j].Add(int32(math.Round(float64(own[j]) * netOwnershipUnit)))
		}
	}
	s.playouts.Add(1)
}

// countLeafOwnership counts the ownership of the simulation's leaf, the
// position of b, for the root's child the simulation went through (see
// countLeaf); ended is set when two passes ended the game there.
func (w *worker) countLeafOwnership(b *rules.Board, ended bool) {
	var own []float32
	if !ended {
		own = w.pw.out.Ownership
	}
	w.tallies.countLeaf(b, own, w.rootChild)
}
