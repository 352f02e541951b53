package search

import (
	"math"
	"slices"
	"time"

	"github.com/yunzi-go/yunzi/rules"
)

// Result is what a search found.
type Result struct {
	Color rules.Color // the player the search was for
	Move  rules.Point // the most visited move, checked against its LCB
	// WinRate is Move's win rate for Color, in [0, 1].
	WinRate float64
	// ScoreLead is the mean final margin for Color, komi included, of the
	// playouts through Move (of all of them when too few went through it).
	ScoreLead float64
	// ScoreStdev is the standard deviation of the final margin over the
	// whole search: of all the playouts' final scores, or with a network
	// KataGo's, from the expected score and its expected square of the
	// root's evaluation and of every leaf below it.
	ScoreStdev float64
	Playouts   int
	Nodes      int
	Elapsed    time.Duration
	// Candidates are the root moves with at least one visit, most visited
	// first.
	Candidates []Candidate
	// PolicyPriors: the search was with a network, and the candidates'
	// Prior is its policy, a probability.
	PolicyPriors bool
	// Ownership holds, for each point of Board.Points(), who owned it at the
	// end of the playouts: +1 always Black, -1 always White.
	Ownership []float64
}

// Candidate is a root move and what the search knows of it.
type Candidate struct {
	Move    rules.Point
	Visits  int
	WinRate float64 // real games only, for the player to move
	LCB     float64
	// Prior is the win rate of the node's prior games; with a network
	// (Result.PolicyPriors), the network's policy for the move.
	Prior float64
	// ScoreLead is the mean final margin for the player to move of this
	// search's playouts through the move (0 if none went through it).
	ScoreLead float64
	// ScoreStdev is the standard deviation of the final margin after the
	// move: of the final scores of its playouts, or with a network,
	// KataGo's, from its leaves' expected scores and expected squares.
	ScoreStdev float64
	PV         []rules.Point
	// PVVisits holds the visits of each move of PV.
	PVVisits []int
	// Ownership, when the budget asks for it (Budget.MovesOwnership),
	// holds per point of Board.Points() who owns it after the move, +1
	// Black, -1 White: the mean over the move's playouts, or with a
	// network over the network's judgements of the positions below it.
	// Nil otherwise.
	Ownership []float64
}

// PV returns the principal variation starting with the chosen move.
func (r *Result) PV() []rules.Point {
	for _, c := range r.Candidates {
		if c.Move == r.Move {
			return c.PV
		}
	}
	return nil
}

// PlayoutsPerSecond returns the search's speed.
func (r *Result) PlayoutsPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Playouts) / r.Elapsed.Seconds()
}

// result gathers the tree's root statistics and the workers' ownership.
func (s *Searcher) result(b *rules.Board) *Result {
	r := &Result{
		Color:    s.color,
		Playouts: int(s.playouts.Load()),
		Nodes:    int(s.nodes.Load()),
		Elapsed:  time.Since(s.started),
		Move:     rules.Pass,
	}
	nodes := s.root.childNodes()
	for i := range nodes {
		k := &nodes[i]
		if k.visits.Load() == 0 {
			continue
		}
		lead, _ := s.scoreLead(i + 1)
		prior := 0.5
		if k.prior.visits > 0 {
			prior = float64(k.prior.wins / k.prior.visits)
		}
		pv, pvVisits := principalVariation(k)
		cd := Candidate{
			Move:       k.move,
			Visits:     int(k.visits.Load()),
			WinRate:    k.realWinRate(),
			LCB:        k.lcb(s.cfg.Choice.LCBDeviations),
			Prior:      prior,
			ScoreLead:  lead,
			ScoreStdev: s.scoreStdev(i + 1),
			PV:         pv,
			PVVisits:   pvVisits,
		}
		if s.budget.MovesOwnership {
			cd.Ownership = s.moveOwnership(i+1, len(b.Points()))
		}
		r.Candidates = append(r.Candidates, cd)
	}
	slices.SortStableFunc(r.Candidates, func(a, b Candidate) int { return b.Visits - a.Visits })
	if best := chooseMove(r.Candidates, s.cfg.Choice.LCBVisitDivisor); best != nil {
		r.Move, r.WinRate = best.Move, best.WinRate
	}

	slot := s.slotOf(r.Move)
	r.Ownership = s.ownership(b, slot)
	r.ScoreLead = s.leadOf(slot)
	r.ScoreStdev = s.scoreStdev(0)
	if s.net != nil {
		r.PolicyPriors = true
		s.puctResult(r)
	}
	return r
}

// slotOf returns the tally slot of the root move m: i+1 for the root's
// child i, 0 (all playouts) if m is not a child.
func (s *Searcher) slotOf(m rules.Point) int {
	nodes := s.root.childNodes()
	for i := range nodes {
		if nodes[i].move == m {
			return i + 1
		}
	}
	return 0
}

// ownership returns, per point, the mean owner at the end of the playouts
// of a tally slot (+1 Black, -1 White): the future the chosen move leads
// to, not that of every move the search tried.
func (s *Searcher) ownership(b *rules.Board, slot int) []float64 {
	own, n := s.sumOwnership(slot, len(b.Points()))
	if n < minSlotPlayouts {
		own, n = s.sumOwnership(0, len(b.Points()))
	}
	for i := range own {
		own[i] /= float64(max(n, 1))
	}
	return own
}

// leadOf returns the score lead of a tally slot, or of all playouts when
// the slot has too few.
func (s *Searcher) leadOf(slot int) float64 {
	if lead, n := s.scoreLead(slot); n >= minSlotPlayouts {
		return lead
	}
	lead, _ := s.scoreLead(0)
	return lead
}

// sumOwnership adds up the workers' owner tallies of one slot.
func (s *Searcher) sumOwnership(slot, points int) ([]float64, int32) {
	out, n := make([]float64, points), int32(0)
	for _, w := range s.workers {
		if slot >= len(w.tallies.slots) {
			continue
		}
		n += w.tallies.slots[slot].playouts.Load()
		for i := range w.tallies.slots[slot].net {
			out[i] += float64(w.tallies.slots[slot].net[i].Load())
		}
	}
	return out, n
}

// scoreLead returns the mean final margin of the playouts of a tally slot
// for the player searched for, and their number.
func (s *Searcher) scoreLead(slot int) (float64, int32) {
	total, n := 0.0, int32(0)
	for _, w := range s.workers {
		if slot >= len(w.tallies.slots) {
			continue
		}
		n += w.tallies.slots[slot].playouts.Load()
		total += math.Float64frombits(w.tallies.slots[slot].score.Load())
	}
	lead := total / float64(max(n, 1))
	if s.color == rules.White {
		lead = -lead
	}
	return lead, n
}

// chooseMove returns the most visited candidate, unless another with at
// least a 1/divisor share of its visits has a better lower confidence
// bound: visits alone can favour a move whose late results turned bad.
func chooseMove(cands []Candidate, divisor int) *Candidate {
	if len(cands) == 0 {
		return nil
	}
	best := &cands[0]
	for i := range cands[1:] {
		c := &cands[i+1]
		if c.Visits*divisor >= cands[0].Visits && c.LCB > best.LCB {
			best = c
		}
	}
	return best
}

// principalVariation follows the most visited children from n, and
// returns their moves and their visits.
func principalVariation(n *node) ([]rules.Point, []int) {
	pv, visits := []rules.Point{n.move}, []int{int(n.visits.Load())}
	for n = n.mostVisited(); n != nil && n.visits.Load() >= 2 && len(pv) < maxPVLength; n = n.mostVisited() {
		pv, visits = append(pv, n.move), append(visits, int(n.visits.Load()))
	}
	return pv, visits
}

// scoreStdev returns the standard deviation of the final scores of the
// playouts of a tally slot, 0 without playouts.
func (s *Searcher) scoreStdev(slot int) float64 {
	sum, squares, n := 0.0, 0.0, int32(0)
	for _, w := range s.workers {
		if slot >= len(w.tallies.slots) {
			continue
		}
		t := &w.tallies.slots[slot]
		n += t.playouts.Load()
		sum += math.Float64frombits(t.score.Load())
		squares += math.Float64frombits(t.squares.Load())
	}
	return stdev(sum, squares, float64(n))
}

// stdev is the standard deviation of n values whose sum and sum of
// squares are given, 0 for no values.
func stdev(sum, squares, n float64) float64 {
	if n <= 0 {
		return 0
	}
	mean := sum / n
	return math.Sqrt(max(squares/n-mean*mean, 0))
}

// moveOwnership returns the mean owner, per point, of a tally slot alone
// (see Candidate.Ownership): with a network the slot counts its leaves in
// netOwnershipUnit. All zero without playouts.
func (s *Searcher) moveOwnership(slot, points int) []float64 {
	own, n := s.sumOwnership(slot, points)
	unit := 1.0
	if s.net != nil {
		unit = netOwnershipUnit
	}
	for i := range own {
		own[i] /= float64(max(n, 1)) * unit
	}
	return own
}

// scoreStdev returns KataGo's standard deviation of the final margin
// through k, whose statistics st are, in the search with a network: from
// the means of its leaves' expected scores and expected squares. 0
// without visits.
func (st *puctStats) scoreStdev(k *node) float64 {
	return stdev(float64(st.score.Load())/scoreUnit, float64(st.scoreSq.Load())/scoreUnit, float64(k.visits.Load()))
}

// rootScoreStdev returns KataGo's standard deviation of the final margin
// at the root of the search with a network, whose children are ch: the
// root's own evaluation counts as one visit beside theirs.
func (s *Searcher) rootScoreStdev(ch *children) float64 {
	score := s.rootOut.BlackScore
	if s.color == rules.White {
		score = -score // the children's sums are for the root's player
	}
	squares, n := max(s.rootOut.BlackScoreSq, score*score), 1.0
	for i := range ch.nodes {
		n += float64(ch.nodes[i].visits.Load())
		score += float64(ch.puct[i].score.Load()) / scoreUnit
		squares += float64(ch.puct[i].scoreSq.Load()) / scoreUnit
	}
	return stdev(score, squares, n)
}
