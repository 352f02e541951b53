package jsonanalysis

import (
	"fmt"
	"math"

	"github.com/yunzi-go/yunzi/engine"
	"github.com/yunzi-go/yunzi/rules"
)

// moveInfo is one candidate move of a response, as KataGo reports it.
type moveInfo struct {
	Move          string   `json:"move"`
	Visits        int      `json:"visits"`
	Winrate       float64  `json:"winrate"`
	ScoreLead     float64  `json:"scoreLead"`
	ScoreMean     float64  `json:"scoreMean"`
	ScoreSelfplay float64  `json:"scoreSelfplay"`
	ScoreStdev    float64  `json:"scoreStdev"`
	Prior         float64  `json:"prior"`
	Utility       float64  `json:"utility"`
	LCB           float64  `json:"lcb"`
	UtilityLCB    float64  `json:"utilityLcb"`
	Order         int      `json:"order"`
	PV            []string `json:"pv"`
	// PVVisits and Ownership are there only when the query asks
	// (includePVVisits, includeMovesOwnership).
	PVVisits  []int     `json:"pvVisits,omitempty"`
	Ownership []float64 `json:"ownership,omitempty"`
}

// rootInfo is what a response says of the position itself.
type rootInfo struct {
	Winrate       float64 `json:"winrate"`
	ScoreLead     float64 `json:"scoreLead"`
	ScoreSelfplay float64 `json:"scoreSelfplay"`
	ScoreStdev    float64 `json:"scoreStdev"`
	Utility       float64 `json:"utility"`
	Visits        int     `json:"visits"`
	ThisHash      string  `json:"thisHash"`
	SymHash       string  `json:"symHash"`
	CurrentPlayer string  `json:"currentPlayer"`
}

// response is one analysis response line.
type response struct {
	ID             string     `json:"id"`
	TurnNumber     int        `json:"turnNumber"`
	IsDuringSearch bool       `json:"isDuringSearch"`
	MoveInfos      []moveInfo `json:"moveInfos"`
	RootInfo       rootInfo   `json:"rootInfo"`
	Ownership      []float64  `json:"ownership,omitempty"`
	Policy         []float64  `json:"policy,omitempty"`
}

// noResults is the final response of a position terminated before its
// search had any result.
type noResults struct {
	ID             string `json:"id"`
	TurnNumber     int    `json:"turnNumber"`
	IsDuringSearch bool   `json:"isDuringSearch"`
	NoResults      bool   `json:"noResults"`
}

// buildResponse turns the analysis a of pos into its response, every
// value from the perspective pos's options name: win rates and their LCB
// as 1 minus White's for Black, score leads and utilities negated,
// ownership +1 for the perspective's owner. The search obeyed avoidMoves
// and allowMoves, so every move it reports is one they allow. policy,
// when not nil, is reported as it is (it is the side to move's).
func buildResponse(pos *position, a *engine.PositionAnalysis, during bool, policy []float64) *response {
	g, s := pos.game, a.Snapshot
	toMove := g.ToMove()
	flip := flips(pos.opts.perspective, toMove)
	wr := func(w float64) float64 {
		if flip {
			return 1 - w
		}
		return w
	}
	sc := func(x float64) float64 {
		if flip {
			return -x
		}
		return x
	}
	sign := 1.0 // of the ownership, which is Black's
	if pos.opts.perspective == PerspectiveWhite || (pos.opts.perspective == PerspectiveSideToMove && toMove == rules.White) {
		sign = -1
	}
	owned := func(own []float64) []float64 {
		out := make([]float64, len(own))
		for i, o := range own {
			out[i] = finite(sign * o)
		}
		return out
	}
	r := &response{ID: pos.id, TurnNumber: pos.turn, IsDuringSearch: during, MoveInfos: []moveInfo{}, Policy: policy}
	for i, m := range s.Moves {
		var d engine.MoveDetails
		if i < len(a.Details) {
			d = a.Details[i]
		}
		pv, pvVisits := m.PV, d.PVVisits
		if len(pv) == 0 {
			pv, pvVisits = []rules.Point{m.Point}, []int{m.Visits}
		}
		if len(pv) > pos.opts.pvLen {
			pv = pv[:pos.opts.pvLen]
		}
		names := make([]string, len(pv))
		for i, p := range pv {
			names[i] = p.String()
		}
		w, lead := finite(wr(m.WinRate)), finite(sc(m.ScoreLead))
		lcb := finite(wr(m.LCB))
		info := moveInfo{
			Move: m.Point.String(), Visits: m.Visits, Winrate: w, ScoreLead: lead, ScoreMean: lead, ScoreSelfplay: lead,
			ScoreStdev: finite(d.ScoreStdev), Prior: finite(m.Prior), Utility: 2*w - 1, LCB: lcb, UtilityLCB: 2*lcb - 1,
			Order: len(r.MoveInfos), PV: names,
		}
		if pos.opts.includePVVisits {
			info.PVVisits = make([]int, len(pv))
			copy(info.PVVisits, pvVisits)
		}
		if pos.opts.includeMovesOwnership && len(d.Ownership) > 0 {
			info.Ownership = owned(d.Ownership)
		}
		r.MoveInfos = append(r.MoveInfos, info)
	}
	w, lead := finite(wr(s.WinRate)), finite(sc(s.ScoreLead))
	r.RootInfo = rootInfo{
		Winrate: w, ScoreLead: lead, ScoreSelfplay: lead, ScoreStdev: finite(a.ScoreStdev), Utility: 2*w - 1, Visits: s.Playouts,
		ThisHash: thisHash(g), SymHash: symHash(g), CurrentPlayer: toMove.Letter(),
	}
	if pos.opts.includeOwnership && len(s.Ownership) > 0 {
		r.Ownership = owned(s.Ownership)
	}
	return r
}

// flips reports whether values for the side to move c are negated (win
// rates taken from 1) for the perspective p.
func flips(p Perspective, c rules.Color) bool {
	switch p {
	case PerspectiveBlack:
		return c == rules.White
	case PerspectiveWhite:
		return c == rules.Black
	}
	return false
}

// finite keeps NaN and infinities, which JSON cannot carry, out of a
// response.
func finite(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	return x
}

// thisHash tells apart the positions that differ in their stones, the
// player to move or the point a simple ko forbids: the board's hash and a
// mix of it with the other two, as 32 hex digits.
func thisHash(g *rules.Game) string {
	b := g.Board()
	ko, koColor := b.Ko()
	h := b.Hash()
	return fmt.Sprintf("%016X%016X", h, mix(h^uint64(g.ToMove())*0x9E3779B97F4A7C15^uint64(ko)<<20^uint64(koColor)<<40))
}

// symHash is like thisHash but the same for positions that are the same
// under a rotation or reflection of the board: the smallest of the eight
// transforms' hashes.
func symHash(g *rules.Game) string {
	b := g.Board()
	n := b.Size()
	ko, _ := b.Ko()
	var best [2]uint64
	for sym := range 8 {
		h := [2]uint64{0x243F6A8885A308D3 ^ uint64(g.ToMove()), 0x13198A2E03707344 ^ uint64(g.ToMove())}
		for y := range n {
			for x := range n {
				tx, ty := transform(sym, x, y, n)
				p := rules.PointAt(tx, ty)
				v := uint64(b.At(p))
				if p == ko {
					v = 3
				}
				h[0] = mix(h[0] ^ v)
				h[1] = mix(h[1] + v*0x9E3779B97F4A7C15)
			}
		}
		if sym == 0 || h[0] < best[0] || (h[0] == best[0] && h[1] < best[1]) {
			best = h
		}
	}
	return fmt.Sprintf("%016X%016X", best[0], best[1])
}

// transform maps (x, y) by one of the board's eight symmetries.
func transform(sym, x, y, n int) (int, int) {
	if sym&1 != 0 {
		x = n - 1 - x
	}
	if sym&2 != 0 {
		y = n - 1 - y
	}
	if sym&4 != 0 {
		x, y = y, x
	}
	return x, y
}

// mix is SplitMix64's finaliser.
func mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}
