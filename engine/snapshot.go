package engine

import (
	"github.com/yunzi-go/yunzi/analysis"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// snapshotOf turns a search result on board b into an analysis snapshot:
// the same candidates, each with its prior from pr (see priors.of), or,
// from a search with a network, the network's policy for it; and the
// ownership reordered from the board's point order to rows from the
// top-left.
func snapshotOf(r *search.Result, b *rules.Board, pr priors) *analysis.Snapshot {
	n := b.Size()
	s := &analysis.Snapshot{
		Color: r.Color, Size: n, Playouts: r.Playouts, WinRate: r.WinRate, ScoreLead: r.ScoreLead,
		Moves: make([]analysis.Move, 0, len(r.Candidates)),
	}
	dist := pr.of(r.Candidates)
	for i, c := range r.Candidates {
		if r.PolicyPriors {
			dist[i] = c.Prior
		}
		s.Moves = append(s.Moves, analysis.Move{
			Point: c.Move, Visits: c.Visits, WinRate: c.WinRate, LCB: c.LCB, Prior: dist[i], ScoreLead: c.ScoreLead, PV: c.PV,
		})
	}
	if pts := b.Points(); len(r.Ownership) == len(pts) {
		s.Ownership = make([]float64, n*n)
		for i, p := range pts {
			s.Ownership[(n-1-p.Y())*n+p.X()] = r.Ownership[i]
		}
	}
	return s
}

// priors are the learned move patterns' chances, in one position, that a
// strong player picks each move (search.LearnedChances): the knowledge
// the search's priors start from, and the only one of them that is a
// probability.
type priors map[rules.Point]float64

// priorsOf returns the learned chances of c's moves in g's position.
func priorsOf(g *rules.Game, c rules.Color) priors {
	moves, chances := search.LearnedChances(g, c)
	pr := make(priors, len(moves))
	for i, m := range moves {
		pr[m] = chances[i]
	}
	return pr
}

// of returns the candidates' prior distribution: each one's chance over
// the sum of the candidates' chances, so that they add up to 1. A pass,
// which the patterns do not rate, has none, unless no candidate has any:
// then they share alike.
func (pr priors) of(cands []search.Candidate) []float64 {
	dist := make([]float64, len(cands))
	sum := 0.0
	for i, c := range cands {
		dist[i] = pr[c.Move]
		sum += dist[i]
	}
	for i := range dist {
		if sum > 0 {
			dist[i] /= sum
		} else {
			dist[i] = 1 / float64(len(dist))
		}
	}
	return dist
}
