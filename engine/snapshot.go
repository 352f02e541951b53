package engine

import (
	"github.com/yunzi-go/yunzi/analysis"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// snapshotOf turns a search result on board b into an analysis snapshot:
// the same candidates, and the ownership reordered from the board's point
// order to rows from the top-left.
func snapshotOf(r *search.Result, b *rules.Board) *analysis.Snapshot {
	n := b.Size()
	s := &analysis.Snapshot{
		Color: r.Color, Size: n, Playouts: r.Playouts, WinRate: r.WinRate, ScoreLead: r.ScoreLead,
		Moves: make([]analysis.Move, 0, len(r.Candidates)),
	}
	for _, c := range r.Candidates {
		s.Moves = append(s.Moves, analysis.Move{
			Point: c.Move, Visits: c.Visits, WinRate: c.WinRate, LCB: c.LCB, Prior: c.Prior, ScoreLead: c.ScoreLead, PV: c.PV,
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
