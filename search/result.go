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
	// ScoreLead is the mean final margin of the playouts for Color, komi
	// included.
	ScoreLead float64
	Playouts  int
	Nodes     int
	Elapsed   time.Duration
	// Candidates are the root moves with at least one visit, most visited
	// first.
	Candidates []Candidate
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
	Prior   float64 // the win rate of the node's prior games
	PV      []rules.Point
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
	kids := s.root.kids()
	for i := range kids {
		k := &kids[i]
		if k.visits.Load() == 0 {
			continue
		}
		prior := 0.5
		if k.prior.visits > 0 {
			prior = float64(k.prior.wins / k.prior.visits)
		}
		r.Candidates = append(r.Candidates, Candidate{
			Move:    k.move,
			Visits:  int(k.visits.Load()),
			WinRate: k.realWinRate(),
			LCB:     k.lcb(),
			Prior:   prior,
			PV:      principalVariation(k),
		})
	}
	slices.SortStableFunc(r.Candidates, func(a, b Candidate) int { return b.Visits - a.Visits })
	if best := chooseMove(r.Candidates); best != nil {
		r.Move, r.WinRate = best.Move, best.WinRate
	}

	r.Ownership, r.ScoreLead = s.ownership(b, r.Move), s.scoreLead(r.Playouts)
	return r
}

// ownershipMinPlayouts is the least number of playouts through the chosen
// move for its own ownership to be reported; with fewer, all are used.
const ownershipMinPlayouts = 50

// ownership returns, per point, the mean owner at the end of the playouts
// through the chosen move (+1 Black, -1 White): the future that move leads
// to, not that of every move the search tried.
func (s *Searcher) ownership(b *rules.Board, move rules.Point) []float64 {
	slot := 0
	kids := s.root.kids()
	for i := range kids {
		if kids[i].move == move {
			slot = i + 1
		}
	}
	own, n := s.sumOwnership(slot, len(b.Points()))
	if n < ownershipMinPlayouts {
		own, n = s.sumOwnership(0, len(b.Points()))
	}
	for i := range own {
		own[i] /= float64(max(n, 1))
	}
	return own
}

// sumOwnership adds up the workers' owner tallies of one slot.
func (s *Searcher) sumOwnership(slot, points int) ([]float64, int32) {
	out, n := make([]float64, points), int32(0)
	for _, w := range s.workers {
		if slot >= len(w.owner) {
			continue
		}
		n += w.owner[slot].playouts.Load()
		for i := range w.owner[slot].net {
			out[i] += float64(w.owner[slot].net[i].Load())
		}
	}
	return out, n
}

// scoreLead returns the mean final margin of this search's playouts for
// the player searched for.
func (s *Searcher) scoreLead(playouts int) float64 {
	total := 0.0
	for _, w := range s.workers {
		total += math.Float64frombits(w.scoreSum.Load())
	}
	lead := total / float64(max(playouts, 1))
	if s.color == rules.White {
		lead = -lead
	}
	return lead
}

// chooseMove returns the most visited candidate, unless another with at
// least a tenth of its visits has a better lower confidence bound: visits
// alone can favour a move whose late results turned bad.
func chooseMove(cands []Candidate) *Candidate {
	if len(cands) == 0 {
		return nil
	}
	best := &cands[0]
	for i := range cands[1:] {
		c := &cands[i+1]
		if c.Visits*10 >= cands[0].Visits && c.LCB > best.LCB {
			best = c
		}
	}
	return best
}

// principalVariation follows the most visited children from n.
func principalVariation(n *node) []rules.Point {
	pv := []rules.Point{n.move}
	for n = n.mostVisited(); n != nil && n.visits.Load() >= 2 && len(pv) < 30; n = n.mostVisited() {
		pv = append(pv, n.move)
	}
	return pv
}
